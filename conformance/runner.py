"""Run data-apis/array-api-tests against the namespace arraykit serves for one backend.

The suite is not on PyPI and is never vendored here: the user clones it (with its ``array-api``
spec submodule) and gives its path with ``--suite`` or ``ARRAY_API_TESTS_PATH``. The runner
builds the suite's ``ARRAY_API_TESTS_MODULE`` so that ``xp = arraykit.array_namespace(a)`` for
a native array ``a`` of the backend: what is tested is exactly what users get.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
XFAILS_DIR = HERE / "xfails"
# Skips are only for tests the suite should not have run at all (e.g. it ignores
# ARRAY_API_TESTS_SKIP_DTYPES for some tests); anything that can run and fails is an xfail.
SKIPS_DIR = HERE / "skips"
RESULTS_DIR = HERE / "results"
API_VERSION = "2025.12"


@dataclasses.dataclass(frozen=True)
class Target:
    """How to test one backend (a row of arraykit's registry): the suite's settings for it."""

    name: str
    distributions: tuple[str, ...]  # versions recorded with the results
    env: tuple[tuple[str, str], ...] = ()
    enable_array_object: str = ""  # statement run first when the array-object opt-in is on
    setup: str = ""  # statement run first in every variant


TARGETS = {
    t.name: t
    for t in [
        # The opt-in gives numpy.ndarray's // and //= floor_divide's special values (a C hook
        # on the type's slots; without it those cases fail).
        Target("numpy", ("numpy",),
               enable_array_object="import arraykit.shims.numpy as s; s.enable_array_object()"),
        # torch's uint16/uint32/uint64 are "shell" dtypes the namespace refuses (as MXNet's
        # missing ones); torch.Tensor lacks __array_namespace__/to_device and promotes 0-d
        # tensors as scalars in its operators (the opt-in gives it both).
        Target("torch", ("torch",),
               env=(("ARRAY_API_TESTS_SKIP_DTYPES", "uint16,uint32,uint64"),),
               enable_array_object="import arraykit.shims.torch as s; s.enable_array_object()"),
        # float64/int64 need jax's x64 mode, as in array-api-compat's own CI. The opt-in gives
        # jax arrays the standard's // and % special values and __dlpack__(max_version=...).
        Target("jax", ("jax", "jaxlib"),
               env=(("JAX_ENABLE_X64", "1"),),
               enable_array_object="import arraykit.shims.jax as s; s.enable_array_object()"),
        Target("array_api_strict", ("array-api-strict",)),
        Target("dask", ("dask",)),
        Target("tensorflow", ("tensorflow", "tensorflow-cpu", "keras"),
               enable_array_object=("import arraykit.shims.tensorflow as s; "
                                    "s.enable_array_object()")),
        Target("mxnet", ("mxnet",),
               env=(("ARRAY_API_TESTS_SKIP_DTYPES",
                     "int16,uint16,uint32,uint64,complex64,complex128"),),
               enable_array_object="import arraykit.shims.mxnet as s; s.enable_array_object()",
               # The suite's own code uses mxnet.numpy arrays directly (indexing, operators
               # without the opt-in): MXNet's NumPy mode, which arraykit leaves to its users.
               setup="from mxnet import npx; npx.set_np()"),
        # MLX has no complex128 (refused by the namespace, left out of dtypes()).
        Target("mlx", ("mlx", "mlx-cpu"),
               env=(("ARRAY_API_TESTS_SKIP_DTYPES", "complex128"),),
               enable_array_object="import arraykit.shims.mlx as s; s.enable_array_object()"),
        # Paddle has no usable uint16 (its bfloat16 storage type), uint32 or uint64 on CPU;
        # paddle.Tensor lacks __array_namespace__ and promotes by Paddle's own table in its
        # operators (the opt-in gives it both).
        Target("paddle", ("paddlepaddle",),
               env=(("ARRAY_API_TESTS_SKIP_DTYPES", "uint16,uint32,uint64"),),
               enable_array_object="import arraykit.shims.paddle as s; s.enable_array_object()"),
    ]
}


class XfailFileError(ValueError):
    """An xfail file line without a reason, or otherwise malformed."""


def read_xfails(path: Path) -> dict[str, str]:
    """Parse ``test id  # reason`` lines; every entry must carry a reason."""
    entries: dict[str, str] = {}
    if not path.exists():
        return entries
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        test_id, sep, reason = line.partition("  # ")
        if not sep or not reason.strip():
            raise XfailFileError(
                f"{path}:{lineno}: every xfail needs a reason: '<test id>  # <reason>', "
                f"got {line!r}"
            )
        if test_id in entries:
            raise XfailFileError(f"{path}:{lineno}: {test_id!r} is listed twice")
        entries[test_id.strip()] = reason.strip()
    return entries


def _crash_message(test: dict) -> str:
    for stage in ("call", "setup", "teardown"):
        crash = (test.get(stage) or {}).get("crash")
        if crash:
            lines = [ln for ln in crash.get("message", "").splitlines() if ln.strip()]
            return (lines[0] if lines else "")[:200]
    return ""


def _git_commit(path: Path) -> str | None:
    try:
        return subprocess.run(
            ["git", "-C", str(path), "rev-parse", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def _version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def find_suite(suite: str | None) -> Path:
    path = suite or os.environ.get("ARRAY_API_TESTS_PATH")
    if not path:
        raise SystemExit(
            "conformance: give the array-api-tests checkout with --suite PATH or "
            "ARRAY_API_TESTS_PATH (clone data-apis/array-api-tests with its array-api "
            "submodule outside this repository; see docs/conformance.md)"
        )
    root = Path(path).expanduser().resolve()
    if not (root / "array_api_tests").is_dir() or not (root / "conftest.py").is_file():
        raise SystemExit(f"conformance: {root} is not an array-api-tests checkout")
    if not any((root / "array-api" / "spec").glob("*")):
        raise SystemExit(
            f"conformance: {root}/array-api is empty: the suite needs its spec submodule "
            "(data-apis/array-api) checked out there"
        )
    return root


def run(
    backend: str,
    suite: str | None,
    *,
    max_examples: int = 100,
    array_object: bool = True,
    pytest_args: list[str] | None = None,
    record: bool = True,
) -> dict:
    """Run the suite for ``backend``; returns (and by default records) the results dict."""
    if backend not in TARGETS:
        raise SystemExit(
            f"conformance: unknown backend {backend!r}; choose from {', '.join(TARGETS)}"
        )
    target = TARGETS[backend]
    root = find_suite(suite)
    xfail_path = XFAILS_DIR / f"{backend}.txt"
    xfails = read_xfails(xfail_path) if array_object else {}
    skips = read_xfails(SKIPS_DIR / f"{backend}.txt")
    namespace_only = not array_object and target.enable_array_object
    variant = f"{backend}-namespace-only" if namespace_only else backend

    statements = ["import arraykit"] + ([target.setup] if target.setup else [])
    if array_object and target.enable_array_object:
        statements.append(target.enable_array_object)
    # A native array made by the registry's constructor for this backend, then dispatch.
    module_name, _, func = _backend_row(backend).constructor.partition(":")
    statements += [f"import {module_name}", f"a = {module_name}.{func}(0)",
                   "xp = arraykit.array_namespace(a)"]
    module_spec = "exec('" + "; ".join(statements) + "')"

    env = dict(os.environ)
    env.update(target.env)
    env["ARRAY_API_TESTS_MODULE"] = module_spec
    env["ARRAY_API_TESTS_VERSION"] = API_VERSION
    env.setdefault("PYTHONUNBUFFERED", "1")
    # The suite runs from its own folder; our plugin must be importable from there.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE.parent), env.get("PYTHONPATH")]))

    RESULTS_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        stripped = Path(tmp) / "xfails.txt"
        stripped.write_text("".join(f"{test_id}\n" for test_id in xfails))
        skips_file = Path(tmp) / "skips.txt"
        skips_file.write_text("".join(f"{test_id}\n" for test_id in skips))
        report = Path(tmp) / "report.json"
        extra = list(pytest_args or [])
        # The whole suite unless the extra arguments name test files or ids themselves.
        paths = [] if any(a.startswith("array_api_tests") for a in extra) else ["array_api_tests"]
        cmd = [
            sys.executable, "-m", "pytest", *paths,
            f"--max-examples={max_examples}",
            f"--xfails-file={stripped}",
            f"--skips-file={skips_file}",
            "--json-report", f"--json-report-file={report}", "--json-report-omit=log",
            "-p", "no:cacheprovider", "-p", "conformance._suite_plugin",
            # Timing limits measure this 2-core machine's load, not conformance.
            "--hypothesis-disable-deadline",
            "-q", "-rfE",
            *extra,
        ]
        print(f"conformance: {variant}: array-api-tests at {root} "
              f"({(_git_commit(root) or 'unknown')[:12]}), {API_VERSION}, "
              f"--max-examples {max_examples}, {len(xfails)} xfails, {len(skips)} skips",
              flush=True)
        print(f"conformance: ARRAY_API_TESTS_MODULE={module_spec}", flush=True)
        start = time.monotonic()
        log_path = RESULTS_DIR / f"{variant}.log"
        with open(log_path, "w") as log:
            proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
            assert proc.stdout is not None
            for line in proc.stdout:  # pytest's own progress, shown live and kept in a log
                sys.stdout.write(line)
                log.write(line)
            proc.wait()
        duration = time.monotonic() - start
        if not report.exists():
            raise SystemExit(f"conformance: pytest wrote no report (exit {proc.returncode}); "
                             f"see {log_path}")
        data = json.loads(report.read_text())

    summary = data.get("summary", {})
    counts = {k: summary.get(k, 0) for k in
              ("passed", "failed", "skipped", "xfailed", "xpassed", "error")}
    counts["collected"] = summary.get("collected", summary.get("total", 0))
    ran = sum(counts[k] for k in ("passed", "failed", "xfailed", "xpassed", "error"))
    failed = {
        t["nodeid"]: _crash_message(t)
        for t in sorted(data.get("tests", []), key=lambda t: t["nodeid"])
        if t["outcome"] in ("failed", "error")
    }
    results = {
        "backend": variant,
        "api_version": API_VERSION,
        "date": datetime.date.today().isoformat(),
        "suite": "data-apis/array-api-tests",
        "suite_commit": _git_commit(root),
        "arraykit_commit": _git_commit(HERE.parent),
        "spec_commit": _git_commit(root / "array-api"),
        "max_examples": max_examples,
        "array_object_opt_in": bool(array_object and target.enable_array_object),
        "counts": counts,
        "pass_rate": round(counts["passed"] / ran, 4) if ran else None,
        "xfail_file": str(xfail_path.relative_to(HERE.parent)) if xfails else None,
        "xfail_entries": len(xfails),
        "skip_entries": len(skips),
        # id -> the first line of its error, to read and to write xfail reasons from.
        "failed_tests": failed,
        "duration_s": round(duration, 1),
        "versions": {
            "python": platform.python_version(),
            "arraykit": _version("arraykit"),
            "array-api-compat": _version("array-api-compat"),
            "hypothesis": _version("hypothesis"),
            "numpy": _version("numpy"),
            **{d: _version(d) for d in target.distributions if _version(d)},
        },
        "pytest_exit_code": proc.returncode,
        "extra_pytest_args": pytest_args or [],
    }
    if record and not pytest_args:
        out = RESULTS_DIR / f"{variant}.json"
        out.write_text(json.dumps(results, indent=2) + "\n")
        print(f"conformance: wrote {out.relative_to(HERE.parent)}")
    print("conformance: {variant}: {passed} passed, {failed} failed, {skipped} skipped, "
          "{xfailed} xfailed, {xpassed} xpassed, {error} errors in {d:.0f} s".format(
              variant=variant, d=duration, **counts))
    return results


def matrix() -> str:
    """The README's support matrix, from the recorded results."""
    rows = [
        "| backend | namespace | passed | failed | skipped | xfailed | pass rate | "
        "max examples | suite commit | date |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for path in sorted(RESULTS_DIR.glob("*.json")):
        r = json.loads(path.read_text())
        if r.get("suite") != "data-apis/array-api-tests":
            continue  # the differential and bad-input results live beside these
        c = r["counts"]
        rows.append(
            f"| {r['backend']} | {_served_by(r['backend'])} | {c['passed']} | {c['failed']} | "
            f"{c['skipped']} | {c['xfailed']} | {100 * (r['pass_rate'] or 0):.1f}% | "
            f"{r['max_examples']} | {(r['suite_commit'] or '?')[:8]} | {r['date']} |"
        )
    return "\n".join(rows)


def _backend_row(name: str):
    from arraykit._registry import BY_NAME

    return BY_NAME[name]


def _served_by(variant: str) -> str:
    return _backend_row(variant.split("-namespace-only", maxsplit=1)[0]).served_by


README = HERE.parent / "README.md"
MATRIX_START, MATRIX_END = "<!-- conformance-matrix:start -->", "<!-- conformance-matrix:end -->"


def write_matrix_to_readme() -> None:
    """Replace the README's support matrix (between its markers) with ``matrix()``."""
    text = README.read_text()
    head, _, rest = text.partition(MATRIX_START)
    _, _, tail = rest.partition(MATRIX_END)
    README.write_text(f"{head}{MATRIX_START}\n{matrix()}\n{MATRIX_END}{tail}")
