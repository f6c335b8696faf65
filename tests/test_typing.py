"""Static types (issue 16): the typed namespace, and mypy and pyright over arraykit/ and user code.

- ``arraykit/_typing/_namespace.py`` is generated from the standard's stubs; it is checked here
  against ``conformance/differential/spec.py`` (the project's own 2025.12 table) and against
  the namespaces arraykit serves, so that no function exists without a typed entry.
- mypy and pyright run once each over ``arraykit/`` and ``tests/typing/``: the example of user
  code must give no error, each deliberate mistake in the errors file must be reported on its
  line by both, and ``arraykit/`` must give no error beyond ``tests/typing/baseline.txt``.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from frameworks import require

import arraykit
from arraykit._typing import generate
from conformance.differential.spec import SPEC_ROWS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "typing"
USER_CODE = EXAMPLES / "example_user_code.py"
USER_ERRORS = EXAMPLES / "example_user_errors.py"
BASELINE = EXAMPLES / "baseline.txt"
NAMESPACE = ROOT / "arraykit" / "_typing" / "_namespace.py"
PROTOCOL_OF = {"": "ArrayNamespace", "linalg": "LinalgNamespace", "fft": "FFTNamespace"}


def _protocol_methods() -> dict[str, dict[str, ast.FunctionDef]]:
    tree = ast.parse(NAMESPACE.read_text())
    return {
        node.name: {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}
        for node in tree.body if isinstance(node, ast.ClassDef)
    }


def test_every_spec_function_has_a_typed_entry_with_its_parameters():
    methods = _protocol_methods()
    missing, different = [], []
    for namespace, name, positional, keyword_only, _, _ in SPEC_ROWS:
        fn = methods[PROTOCOL_OF[namespace]].get(name)
        if fn is None:
            missing.append(f"{namespace or 'xp'}.{name}")
            continue
        args = fn.args
        typed_positional = tuple(a.arg for a in (args.posonlyargs + args.args)[1:])
        if args.vararg is not None:
            typed_positional += (f"*{args.vararg.arg}",)
        typed_keyword = tuple(a.arg for a in args.kwonlyargs)
        if (typed_positional, typed_keyword) != (positional, keyword_only):
            different.append(f"{namespace or 'xp'}.{name}: {typed_positional} "
                             f"{typed_keyword} vs spec {positional} {keyword_only}")
    assert not missing, f"no typed entry (regenerate _namespace.py): {missing}"
    assert not different, different


def test_typed_names_count_the_standard():
    """174 functions of the standard (135 main, 25 linalg, 14 fft), all typed."""
    methods = _protocol_methods()
    spec = Counter(namespace for namespace, *_ in SPEC_ROWS)
    typed = {ns: len(methods[cls]) for ns, cls in PROTOCOL_OF.items()}
    typed[""] -= 1  # __array_namespace_info__ is a method of the Protocol, not a spec row
    assert typed == {"": 135, "linalg": 25, "fft": 14} == {ns: spec[ns] for ns in PROTOCOL_OF}
    assert set(methods["Info"]) == {
        "capabilities", "default_device", "default_dtypes", "devices", "dtypes"}


#: What arraykit's own namespaces export beyond the standard (no Protocol entry by design).
ARRAYKIT_EXTRAS = {"Device", "array_object_enabled", "disable_array_object",
                   "enable_array_object", "to_device"}


def _exported(module, package: str) -> set[str]:
    """``__all__``, else the public functions ``module`` defines itself (under ``package``)."""
    if hasattr(module, "__all__"):
        return set(module.__all__)
    return {name for name in dir(module) if not name.startswith("_")
            and callable(getattr(module, name))
            and getattr(getattr(module, name), "__module__", "").startswith(package)}


@pytest.mark.parametrize("framework", ["tensorflow", "mxnet"])
def test_arraykit_namespaces_have_no_untyped_function(framework):
    """Every function arraykit's own namespaces export is typed (or a listed arraykit extra)."""
    require(framework)
    shim = importlib.import_module(f"arraykit.shims.{framework}")
    methods = _protocol_methods()
    typed = set(methods["ArrayNamespace"]) | _attributes()
    untyped = sorted(_exported(shim, shim.__name__) - typed - ARRAYKIT_EXTRAS)
    for sub in ("linalg", "fft"):
        module = getattr(shim, sub)
        untyped += [f"{sub}.{n}" for n in sorted(
            _exported(module, module.__name__) - set(methods[PROTOCOL_OF[sub]]))]
    assert not untyped, f"exported without a typed entry: {untyped}"


def _attributes() -> set[str]:
    tree = ast.parse(NAMESPACE.read_text())
    return {node.target.id for cls in tree.body
            if isinstance(cls, ast.ClassDef) and cls.name == "ArrayNamespace"
            for node in cls.body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}


def _served_namespaces():
    import numpy as np
    yield "numpy", arraykit.array_namespace(np.zeros(1))
    for name, make in (("array_api_strict", "asarray"), ("torch", "tensor"),
                       ("jax.numpy", "asarray"), ("tensorflow", "constant"),
                       ("mxnet.numpy", "array")):
        if importlib.util.find_spec(name.split(".")[0]) is not None:
            module = importlib.import_module(name)
            yield name, arraykit.array_namespace(getattr(module, make)([1.0]))


def test_served_namespaces_have_what_the_protocol_promises():
    """Every function, data type and constant of the Protocol exists at run time, on every
    namespace arraykit serves here: the types promise nothing a backend lacks."""
    methods = _protocol_methods()
    missing = []
    for label, xp in _served_namespaces():
        for name in sorted(set(methods["ArrayNamespace"]) | _attributes()):
            if not hasattr(xp, name):
                missing.append(f"{label}: {name}")
        for sub in ("linalg", "fft"):
            missing += [f"{label}: {sub}.{name}" for name in sorted(methods[PROTOCOL_OF[sub]])
                        if not hasattr(getattr(xp, sub), name)]
        info = xp.__array_namespace_info__()
        missing += [f"{label}: info.{name}" for name in methods["Info"] if not hasattr(info, name)]
    assert not missing, missing


@pytest.mark.skipif(generate.default_stubs() is None,
                    reason="the standard's stubs are not here (set ARRAY_API_TESTS_PATH or "
                    "ARRAY_API_STUBS): the spec.py checks above still run")
def test_generated_module_matches_the_stubs():
    assert generate.generate(generate.default_stubs()) == NAMESPACE.read_text(), (
        "regenerate: python -m arraykit._typing.generate")


def test_py_typed_ships():
    assert (ROOT / "arraykit" / "py.typed").exists()
    assert "py.typed" in (ROOT / "pyproject.toml").read_text()


def test_example_user_code_runs():
    require("torch")
    spec = importlib.util.spec_from_file_location("example_user_code", USER_CODE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.run()


# -- the type checkers --------------------------------------------------------------------------

def _checker(module: str, script: str) -> list[str]:
    if importlib.util.find_spec(module) is not None:
        return [sys.executable, "-m", module]
    found = shutil.which(script)
    if found:
        return [found]
    if importlib.util.find_spec("mxnet") is not None:
        pytest.skip(f"{module} is installed in the main environment only (requirements/main.txt)")
    pytest.fail(f"{module} is not installed: requirements/main.txt lists it; rebuild .venv")


TARGETS = ["arraykit", "tests/typing"]


@cache
def _mypy() -> tuple[tuple[str, int, str, str], ...]:
    """(path, line, rule, message) of every mypy error."""
    command = _checker("mypy", "mypy") + [
        "--python-executable", sys.executable, "--output", "json", "--no-color-output",
        "--cache-dir", os.path.join(tempfile.gettempdir(), "arraykit-mypy-cache"), *TARGETS]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
    errors = []
    for line in run.stdout.splitlines():
        if not line.startswith("{"):
            continue
        item = json.loads(line)
        if item["severity"] == "error":
            errors.append((item["file"], item["line"], item["code"] or "misc", item["message"]))
    assert run.returncode in (0, 1), run.stdout[-2000:] + run.stderr[-2000:]
    return tuple(errors)


@cache
def _pyright() -> tuple[tuple[str, int, str, str], ...]:
    command = _checker("pyright", "pyright") + [
        "--outputjson", "--pythonpath", sys.executable, *TARGETS]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert run.returncode in (0, 1), run.stdout[-2000:] + run.stderr[-2000:]
    report = json.loads(run.stdout)
    return tuple(
        (os.path.relpath(d["file"], ROOT), d["range"]["start"]["line"] + 1,
         d.get("rule", "error"), d["message"].splitlines()[0])
        for d in report["generalDiagnostics"] if d["severity"] == "error")


CHECKERS = {"mypy": _mypy, "pyright": _pyright}


def _marked_lines(path: Path) -> dict[int, str]:
    return {i: m.group(1) for i, text in enumerate(path.read_text().splitlines(), 1)
            if (m := re.search(r"# error: (.+)$", text))}


@pytest.mark.parametrize("checker", CHECKERS)
def test_user_code_has_no_false_error(checker):
    errors = [e for e in CHECKERS[checker]() if e[0] == str(USER_CODE.relative_to(ROOT))]
    assert not errors, errors


@pytest.mark.parametrize("checker", CHECKERS)
def test_each_deliberate_error_is_reported(checker):
    expected = _marked_lines(USER_ERRORS)
    assert set(expected.values()) == {"misspelt function", "wrong keyword", "wrong arity"}
    found = {line for path, line, *_ in CHECKERS[checker]()
             if path == str(USER_ERRORS.relative_to(ROOT))}
    assert found == set(expected), (
        f"missed: {[expected[i] for i in set(expected) - found]}; "
        f"unexpected on lines {sorted(found - set(expected))}")


def _counts(checker: str) -> Counter:
    return Counter((checker, path, rule) for path, _, rule, _ in CHECKERS[checker]()
                   if path.startswith("arraykit" + os.sep))


def _read_baseline() -> Counter:
    counts: Counter = Counter()
    for line in BASELINE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            checker, path, rule, count = line.split()
            counts[checker, path, rule] = int(count)
    return counts


def write_baseline() -> None:
    """``python -c 'import tests.test_typing as t; t.write_baseline()'`` after fixing errors."""
    counts = _counts("mypy") + _counts("pyright")
    lines = ["# Type errors arraykit/ still has, per checker, file and rule (tests/test_typing.py",
             "# fails on any more). Mostly framework objects the checkers cannot see through",
             ("# (mxnet is absent from the main environment; TF is untyped). "
              "Lower it, never raise it."),
             ("# The shims/mlx and shims/paddle entries (2026-12-02) are those shims' own "
              "errors,"),
             "# added with them (issue 14): a debt to pay off, not a level to keep.",
             *(f"{c} {p} {r} {n}" for (c, p, r), n in sorted(counts.items()))]
    BASELINE.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("checker", CHECKERS)
def test_arraykit_gains_no_type_error(checker):
    baseline = _read_baseline()
    new = {key: n - baseline[key] for key, n in _counts(checker).items() if n > baseline[key]}
    details = [f"{path}:{line}: {message} [{rule}]" for path, line, rule, message
               in CHECKERS[checker]() if (checker, path, rule) in new]
    assert not new, "new type errors in arraykit/:\n" + "\n".join(details)


def test_public_api_is_clean():
    """arraykit's own entry points (dispatch, helpers, registry, typing) have no error at all."""
    public = {os.path.join("arraykit", f) for f in (
        "__init__.py", "_dispatch.py", "_helpers.py", "_registry.py", "typing.py", "cli.py")}
    public |= {str(p.relative_to(ROOT)) for p in (ROOT / "arraykit" / "_typing").glob("*.py")}
    errors = [e for checker in CHECKERS for e in CHECKERS[checker]() if e[0] in public]
    assert not errors, errors
