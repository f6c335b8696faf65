"""pytest plugin: add arraykit backends to SciPy's, scikit-learn's and array-api-extra's own
backend parametrisation, keep one backend, and write a per-test progress file.

Loaded with ``-p conformance.library_suites.plugin`` from outside the libraries' trees. Options:

- ``--arraykit-backend NAME`` (repeatable): a name from ``arraykit.BACKENDS`` to add where the
  suite does not test it itself. Its tests get ``xp = arraykit.array_namespace(native)`` after
  ``arraykit.enable(NAME)`` (for the frameworks that need the array-object surface).
- ``--arraykit-only NAME``: deselect every test whose backend parameter is not NAME (canonical
  names: numpy, jax, torch, array_api_strict, tensorflow, mxnet...); tests with no backend
  parameter are deselected too.
- ``--arraykit-progress PATH``: JSON lines, flushed per test (``collected``, ``start``,
  ``result``, ``finish``), so that the runner can name the test that killed the process.
- ``--arraykit-exclude PATH``: node ids (one a line) to deselect, for reruns after a crash.

Marks. A suite's skip/xfail marks name its own backends. An added backend inherits the marks of
the backend it is most like (JAX for a read-only framework such as TensorFlow, NumPy for a
writeable one such as MXNet) only when the mark's reason is about immutability (see
``IMMUTABILITY``): those tests exercise in-place writes the framework cannot do, and the
library's answer for JAX is the one meant for every read-only array. Any other mark of that
backend is about that framework's own gaps and is not inherited: the test runs. SciPy's
``np_only`` marks (the library has no code for non-NumPy arrays there) apply to every added
backend; ``cpu_only`` and ``eager_only`` do not (arraykit's arrays here are CPU and eager).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

#: A mark reason about immutability: the only marks an added backend inherits.
IMMUTABILITY = re.compile(
    r"immutab|read[- ]?only|writ(e)?able|in[- ]?place|item assignment|setitem|\.at\b|mutat",
    re.I,
)

#: Library packages whose frames count as "library code" for the raise site.
LIBRARIES = ("array_api_extra", "scipy", "sklearn")


class ArraykitParam:
    """The value an added backend takes in a suite's backend parameter.

    Quacks like the parameters the suites use: array-api-extra's ``Backend`` (``name``,
    ``value``, ``modname``, ``like``) and SciPy's module (``__name__``).
    """

    def __init__(self, name: str) -> None:
        self.backend = name
        self.__name__ = name
        self.name = name.upper()
        self.value = self.modname = name

    def like(self, *others: Any) -> bool:
        return any(other is self for other in others)

    def __repr__(self) -> str:
        return f"arraykit:{self.backend}"


_ADDED: dict[str, ArraykitParam] = {}


def _added(names: list[str], native: set[str]) -> list[ArraykitParam]:
    return [_ADDED.setdefault(n, ArraykitParam(n)) for n in names if n not in native]


def _registry_row(name: str) -> Any:
    import arraykit

    for row in arraykit.BACKENDS:
        if row.name == name:
            return row
    raise pytest.UsageError(f"--arraykit-backend: {name!r} is not in arraykit.BACKENDS")


def _native_empty(name: str) -> Any:
    """``arraykit.enable(name)`` where the framework needs it, then an empty native array."""
    import numpy as np

    import arraykit
    from arraykit._array_object import ARRAY_OBJECT_SHIMS

    if name in ARRAY_OBJECT_SHIMS:
        arraykit.enable(name)
    if name == "jax":
        import jax

        jax.config.update("jax_enable_x64", True)
    module, _, fn = _registry_row(name).constructor.partition(":")
    return getattr(importlib.import_module(module), fn)(np.zeros(0))


def arraykit_xp(name: str) -> Any:
    """The namespace an added backend's tests receive: what users get."""
    import arraykit

    return arraykit.array_namespace(_native_empty(name))


def like(name: str) -> str:
    """The suites' backend an added one is most like: JAX if its arrays are read-only."""
    return "jax" if _registry_row(name).writeable is False else "numpy"


def inherits(reason: str | None) -> bool:
    return bool(reason) and IMMUTABILITY.search(reason) is not None


def canonical(value: Any) -> str | None:
    """Canonical backend name of a suite's backend parameter value."""
    if isinstance(value, ArraykitParam):
        return value.backend
    if isinstance(value, str):  # scikit-learn: the namespace's import name
        return {"jax.numpy": "jax"}.get(value, value)
    modname = getattr(value, "value", None)  # array-api-extra's Backend enum
    if isinstance(modname, str) and hasattr(value, "like"):
        base, _, tag = modname.partition(":")
        base = {"jax.numpy": "jax", "dask.array": "dask"}.get(base, base)
        return f"{base}_{tag}" if tag else base
    name = getattr(value, "__name__", None)  # SciPy: the module
    if isinstance(name, str):
        return {"jax.numpy": "jax", "dask.array": "dask"}.get(name, name)
    return None


BACKEND_ARGS = ("library", "xp", "array_namespace")


def backend_of(item: pytest.Item) -> tuple[str | None, str | None]:
    """(canonical backend, the backend's id in the node id) of a collected test."""
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None, None
    for arg in BACKEND_ARGS:
        if arg in callspec.params:
            value = callspec.params[arg]
            name = canonical(value)
            if isinstance(value, (ArraykitParam, str)):
                ident = value.backend if isinstance(value, ArraykitParam) else value
            else:
                ident = _param_id(value)
            return name, ident
    return None, None


def _param_id(value: Any) -> str:
    if hasattr(value, "like"):  # array-api-extra Backend: its pytest_param id
        return value.pytest_param().id
    return value.__name__  # SciPy module: the id is the module name


def join_key(nodeid: str, ident: str | None) -> str:
    """The node id with the backend's id replaced by ``<B>``: the join key across backends."""
    if not ident:
        return nodeid
    head, sep, params = nodeid.partition("[")
    pattern = r"(^|-)" + re.escape(ident) + r"(?=-|\]$)"
    return head + sep + re.sub(pattern, r"\1<B>", params, count=1)


# --- patching the suites ------------------------------------------------------------------


def _patch_xpx(conftest: Any, names: list[str]) -> None:
    backend_enum = conftest.Backend
    added = _added(names, {canonical(b) for b in backend_enum})
    if not added:
        return
    orig_library = conftest.library._get_wrapped_function()
    orig_xp = conftest.xp._get_wrapped_function()
    params = [b.pytest_param() for b in backend_enum] + [
        pytest.param(p, id=p.backend) for p in added]
    like_enum = {"jax": backend_enum.JAX, "numpy": backend_enum.NUMPY}

    @pytest.fixture(params=params, name="library")
    def library(request: pytest.FixtureRequest) -> Any:
        elem = request.param
        if not isinstance(elem, ArraykitParam):
            return orig_library(request)
        model = like_enum[like(elem.backend)]
        for marker_name, act in (("skip_xp_backend", pytest.skip),
                                 ("xfail_xp_backend", None)):
            for marker in request.node.iter_markers(marker_name):
                reason = marker.kwargs.get("reason")
                if marker.args and marker.args[0] == model and inherits(reason):
                    reason = f"{elem.backend} (as {model}): {reason}"
                    if act is None:
                        conftest.xfail(request, reason=reason,
                                       **({"strict": marker.kwargs["strict"]}
                                          if "strict" in marker.kwargs else {}))
                    else:
                        act(reason=reason)
        return elem

    @pytest.fixture(name="xp")
    def xp(library: Any, request: pytest.FixtureRequest) -> Any:
        if isinstance(library, ArraykitParam):
            yield arraykit_xp(library.backend)
        else:
            yield from orig_xp(library, request)

    conftest.library, conftest.xp = library, xp
    orig_infinity = getattr(conftest, "infinity", None)
    if orig_infinity is not None:
        orig_inf = orig_infinity._get_wrapped_function()

        # "The positive infinity value for the given backend" (what nan_to_num puts for
        # inf): the suite's fixture gives torch float32's largest value and every other
        # backend float64's; an added backend's default floating dtype's, read from it
        # (MLX, Paddle and MXNet default to float32, as torch).
        @pytest.fixture(name="infinity")
        def infinity(library: Any) -> float:
            if not isinstance(library, ArraykitParam):
                return orig_inf(library)
            ns = arraykit_xp(library.backend)
            default = ns.__array_namespace_info__().default_dtypes()["real floating"]
            return float(ns.finfo(default).max)

        conftest.infinity = infinity


def _scipy_marks(request: pytest.FixtureRequest, name: str) -> None:
    model = "jax.numpy" if like(name) == "jax" else "numpy"
    for kind in ("skip", "xfail"):
        for marker in request.node.iter_markers(f"{kind}_xp_backends"):
            reason = marker.kwargs.get("reason")
            if marker.kwargs.get("np_only", False):
                reason = reason or "do not run with non-NumPy backends"
            elif marker.args and marker.args[0] == model and inherits(reason):
                reason = f"{name} (as {model}): {reason}"
            else:
                continue
            getattr(pytest, kind)(reason=reason)


def _patch_scipy(conftest: Any, names: list[str]) -> None:
    original = list(conftest.xp_available_backends)
    added = _added(names, {canonical(p.values[0]) for p in original})
    if not added:
        return
    orig_xp = conftest.xp._get_wrapped_function()
    params = original + [
        pytest.param(p, id=p.backend, marks=pytest.mark.array_api_backends) for p in added]

    @pytest.fixture(params=params, name="xp")
    def xp(request: pytest.FixtureRequest) -> Any:
        if not isinstance(request.param, ArraykitParam):
            yield from orig_xp(request)
            return
        _scipy_marks(request, request.param.backend)
        namespace = arraykit_xp(request.param.backend)
        with conftest.default_xp(namespace):
            yield namespace

    conftest.xp = xp


def _patch_sklearn(names: list[str]) -> None:
    array_api = importlib.import_module("sklearn.utils._array_api")
    testing = importlib.import_module("sklearn.utils._testing")
    if getattr(array_api, "_arraykit_patched", False):
        return
    native = set(array_api.yield_namespaces())
    added = [n for n in names if n not in native]
    if not added:
        return
    orig_namespaces = array_api.yield_namespaces
    orig_combinations = array_api.yield_namespace_device_dtype_combinations
    orig_for_tests = testing._array_api_for_tests

    def yield_namespaces(include_numpy_namespaces: bool = True) -> Any:
        yield from orig_namespaces(include_numpy_namespaces)
        yield from added

    def yield_namespace_device_dtype_combinations(include_numpy_namespaces: bool = True) -> Any:
        # The original reads the (patched) yield_namespaces and gives a namespace it has no
        # devices/dtypes for (name, None, None): the added ones come out of it already.
        seen = set()
        for combination in orig_combinations(include_numpy_namespaces):
            seen.add(combination[0])
            yield combination
        for name in added:
            if name not in seen:
                yield name, None, None

    def _array_api_for_tests(array_namespace: str, device_name: Any = None,
                             dtype_name: Any = None) -> Any:
        if array_namespace not in added:
            return orig_for_tests(array_namespace, device_name, dtype_name)
        return arraykit_xp(array_namespace), None

    array_api.yield_namespaces = yield_namespaces
    array_api.yield_namespace_device_dtype_combinations = yield_namespace_device_dtype_combinations
    testing._array_api_for_tests = _array_api_for_tests
    checks = sys.modules.get("sklearn.utils.estimator_checks")
    if checks is not None:
        checks._array_api_for_tests = _array_api_for_tests
    array_api._arraykit_patched = True


# --- hooks ------------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("arraykit", "arraykit library-suite runs")
    group.addoption("--arraykit-backend", action="append", default=[],
                    help="arraykit backend to add to the suites' parametrisation")
    group.addoption("--arraykit-only", default=None,
                    help="keep only the tests of this backend")
    group.addoption("--arraykit-progress", default=None, help="JSON-lines progress file")
    group.addoption("--arraykit-exclude", default=None, help="file of node ids to deselect")


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: Any,
                                  args: list[str]) -> None:
    # dict.fromkeys: pytest parses the early options more than once into this list
    names = list(dict.fromkeys(early_config.known_args_namespace.arraykit_backend))
    if names and any("sklearn" in str(a) for a in args):
        _patch_sklearn(names)


@pytest.hookimpl(tryfirst=True)
def pytest_plugin_registered(plugin: Any, manager: Any) -> None:
    path = str(getattr(plugin, "__file__", "") or "").replace(os.sep, "/")
    if not path.endswith("conftest.py"):
        return
    names = _config_names(manager)
    if not names:
        return
    if path.endswith("array_api_extra/tests/main/conftest.py"):
        _patch_xpx(plugin, names)
    elif path.endswith("scipy/conftest.py"):
        _patch_scipy(plugin, names)


def _config_names(manager: Any) -> list[str]:
    # The config is not among the hook's arguments; it is registered as a plugin itself.
    config = manager.get_plugin("pytestconfig")
    namespace = getattr(config, "known_args_namespace", None)
    return list(dict.fromkeys(getattr(namespace, "arraykit_backend", None) or []))


class Progress:
    """Writes the progress file, one flushed JSON line per event."""

    def __init__(self, path: str) -> None:
        # held open for the whole session; the interpreter closes it at exit
        self.file = Path(path).open("a", encoding="utf-8")  # noqa: SIM115 - session-long
        self.outcomes: dict[str, dict[str, Any]] = {}
        self.keys: dict[str, str] = {}  # node id -> join key

    def write(self, **event: Any) -> None:
        self.file.write(json.dumps(event, default=str) + "\n")
        self.file.flush()


_PROGRESS: list[Progress] = []


def pytest_configure(config: pytest.Config) -> None:
    # The suites register these in their own (unshipped) pytest configuration.
    for marker in ("skip_xp_backend", "xfail_xp_backend", "thread_unsafe"):
        config.addinivalue_line("markers", f"{marker}: array-api-extra test marker")
    path = config.getoption("--arraykit-progress")
    if path:
        _PROGRESS.append(Progress(path))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    only = config.getoption("--arraykit-only")
    exclude_path = config.getoption("--arraykit-exclude")
    exclude = set(Path(exclude_path).read_text().splitlines()) if exclude_path else set()
    keep, drop = [], []
    for item in items:
        name, ident = backend_of(item)
        if _PROGRESS:
            _PROGRESS[0].keys[item.nodeid] = join_key(item.nodeid, ident)
        if (only and name != only) or item.nodeid in exclude:
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    if _PROGRESS:
        progress = _PROGRESS[0]
        progress.write(event="collected", nodeids=[i.nodeid for i in items],
                       keys={i.nodeid: progress.keys[i.nodeid] for i in items})


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed and _PROGRESS:
        _PROGRESS[0].write(event="collect_error", nodeid=report.nodeid,
                           message=str(report.longrepr)[-2000:])


def pytest_runtest_logstart(nodeid: str, location: Any) -> None:
    if _PROGRESS:
        _PROGRESS[0].write(event="start", nodeid=nodeid)
        _PROGRESS[0].outcomes[nodeid] = {"outcome": "passed"}


def _frame_site(tb: Any) -> tuple[str, str]:
    """(innermost raise site, innermost library frame outside tests), as ``file:line``."""
    frames = traceback.extract_tb(tb)
    if not frames:
        return "", ""
    raise_site = _short(frames[-1].filename, frames[-1].lineno)
    library = ""
    for frame in reversed(frames):
        f = frame.filename.replace(os.sep, "/")
        parts = f.split("/site-packages/")[-1].split("/")
        if parts[0] in LIBRARIES and "tests" not in parts and "_testing" not in parts[-1]:
            library = _short(frame.filename, frame.lineno)
            break
    return raise_site, library


def _short(filename: str, lineno: int | None) -> str:
    f = filename.replace(os.sep, "/")
    if "/site-packages/" in f:
        f = f.split("/site-packages/")[-1]
    elif "/arraykit/" in f:
        f = "arraykit/" + f.split("/arraykit/", 1)[-1]
    return f"{f}:{lineno}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    report = yield
    if _PROGRESS and call.excinfo is not None and report.outcome == "failed":
        exc = call.excinfo.value
        raise_site, library = _frame_site(call.excinfo.tb)
        cls = type(exc)
        record = _PROGRESS[0].outcomes.setdefault(item.nodeid, {})
        record.update(
            exc_type=f"{cls.__module__}.{cls.__qualname__}".removeprefix("builtins."),
            message=str(exc)[:400], raise_site=raise_site, library_site=library,
            when=call.when)
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not _PROGRESS:
        return
    record = _PROGRESS[0].outcomes.setdefault(report.nodeid, {"outcome": "passed"})
    if hasattr(report, "wasxfail"):
        outcome = "xpassed" if report.passed else "xfailed"
    elif report.failed:
        outcome = "failed" if report.when == "call" else "error"
    elif report.skipped:
        outcome = "skipped"
    else:
        return
    if record["outcome"] in ("passed", "xpassed") or outcome == "error":
        record["outcome"] = outcome
        if outcome == "skipped" and report.longrepr:
            record["message"] = str(report.longrepr[-1])[:200] if isinstance(
                report.longrepr, tuple) else str(report.longrepr)[:200]


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    if not _PROGRESS:
        return
    record = _PROGRESS[0].outcomes.pop(nodeid, {"outcome": "passed"})
    key = _PROGRESS[0].keys.get(nodeid, nodeid)
    _PROGRESS[0].write(event="result", nodeid=nodeid, key=key, **record)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _PROGRESS:
        _PROGRESS[0].write(event="finish", exitstatus=int(exitstatus))
        _PROGRESS.pop().file.close()
