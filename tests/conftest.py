"""One backend fixture for every test, built from arraykit's registry (after array-api-extra's
``tests/conftest.py``).

A test that takes ``xp`` (the namespace arraykit serves) or ``backend`` (the registry name)
runs once per registered backend whose framework is installed in this environment: numpy,
torch, jax, dask, array_api_strict and tensorflow in the main environment, numpy and mxnet in
the mxnet one. Per-backend expectations are marks, on a test, a class or a module, each with a
reason (a mark without one is refused at collection):

- ``@pytest.mark.backends("tensorflow", "mxnet", reason=...)``: the test is about these
  backends only (a shim's own behaviour, not the standard's); the others are not collected.
- ``@pytest.mark.skip_backend("jax", reason=...)``: the backend cannot run the test at all.
- ``@pytest.mark.xfail_backend("mxnet", reason=..., strict=True, raises=None)``: a known
  failure; strict by default, so the test fails once the backend is fixed and the mark must go.
"""

import os

import pytest

# Keep TensorFlow's start-up chatter out of test output.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# SciPy reads this once, at its import: it must be set before any test imports scipy
# (conformance/drop_in.py runs SciPy functions on TF and MXNet arrays).
os.environ.setdefault("SCIPY_ARRAY_API", "1")

from frameworks import AVAILABLE, NOT_INSTALLED  # the registry's backends installed here

from arraykit._registry import BY_NAME

_MARKS = {
    "backends": "backends(*names, reason): run the test on these registered backends only",
    "skip_backend": "skip_backend(name, reason): skip the test on this backend",
    "xfail_backend": "xfail_backend(name, reason, strict=True, raises=None): a known failure "
                     "on this backend",
}


def pytest_configure(config):
    for text in _MARKS.values():
        config.addinivalue_line("markers", text)


def _check_mark(mark, nodeid):
    """Refuse a malformed backend mark: unknown backend, missing reason, unknown keyword."""
    allowed = {"reason", "strict", "raises"} if mark.name == "xfail_backend" else {"reason"}
    where = f"{nodeid}: @pytest.mark.{mark.name}{mark.args}"
    if not mark.args or (mark.name != "backends" and len(mark.args) != 1):
        what = "backend names" if mark.name == "backends" else "one backend name"
        raise TypeError(f"{where}: give {what}")
    unknown = [a for a in mark.args if a not in BY_NAME]
    if unknown:
        raise ValueError(f"{where}: {unknown} not in arraykit's registry {sorted(BY_NAME)}")
    if set(mark.kwargs) - allowed:
        raise TypeError(f"{where}: unexpected keyword(s) {sorted(set(mark.kwargs) - allowed)}")
    if not str(mark.kwargs.get("reason", "")).strip():
        raise TypeError(f"{where}: a reason is required (reason='why this backend differs')")


def backend_params(definition, nodeid=""):
    """``pytest.param`` per backend for a test definition, its backend marks applied."""
    marks = {name: list(definition.iter_markers(name)) for name in _MARKS}
    for mark in (m for ms in marks.values() for m in ms):
        _check_mark(mark, nodeid)
    wanted = list(BY_NAME)
    for mark in marks["backends"]:  # several marks (module and test): their intersection
        wanted = [n for n in wanted if n in mark.args]
    names = [n for n in wanted if n in AVAILABLE]
    if wanted and not names:  # one skip that says why, not pytest's "empty parameter set"
        reason = NOT_INSTALLED.format(wanted[0]) if len(wanted) == 1 else (
            f"none of {', '.join(wanted)} is installed in this environment")
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="not-installed")]
    params = []
    for name in names:
        applied = [pytest.mark.skip(reason=f"{name}: {m.kwargs['reason']}")
                   for m in marks["skip_backend"] if m.args[0] == name]
        applied += [pytest.mark.xfail(reason=f"{name}: {m.kwargs['reason']}",
                                      strict=m.kwargs.get("strict", True),
                                      raises=m.kwargs.get("raises"))
                    for m in marks["xfail_backend"] if m.args[0] == name]
        params.append(pytest.param(name, marks=applied, id=name))
    return params


def _uses_this_backend_fixture(metafunc):
    """Whether the test reaches ``backend`` below (not a module's own ``backend`` fixture or a
    ``parametrize("backend", ...)`` of its own)."""
    if "backend" not in metafunc.fixturenames:
        return False
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else names
        if "backend" in names:
            return False
    defs = metafunc._arg2fixturedefs.get("backend", ())
    return bool(defs) and getattr(defs[-1].func, "__module__", None) == __name__


def pytest_generate_tests(metafunc):
    if _uses_this_backend_fixture(metafunc):
        params = backend_params(metafunc.definition, metafunc.definition.nodeid)
        metafunc.parametrize("backend", params, indirect=True)


def pytest_collection_modifyitems(items):
    # Marks on tests that do not take the fixture are checked too (they would do nothing).
    for item in items:
        for name in _MARKS:
            for mark in item.iter_markers(name):
                try:
                    _check_mark(mark, item.nodeid)
                except (TypeError, ValueError) as e:
                    raise pytest.UsageError(str(e)) from None


@pytest.fixture
def backend(request):
    """The registry name of the backend under test (parametrised by pytest_generate_tests:
    installed here). Imported through the row (its importer: paddle after TensorFlow); an
    import that fails is a failure, not a skip."""
    BY_NAME[request.param].import_package()
    return request.param


@pytest.fixture
def xp(backend):
    """The namespace arraykit serves for ``backend``'s arrays."""
    return BY_NAME[backend].load_namespace()


# -- skips: a table by reason at the end of the run; a reason not in the allow-list fails it --

ALLOWLIST = os.path.join(os.path.dirname(__file__), "skip_allowlist.txt")
_skips = []  # (reason, nodeid) of every skipped test or module


def _allowed_reasons():
    """The allow-list's patterns (one regular expression a line, matched against the whole
    reason; ``#`` lines say why)."""
    import re

    with open(ALLOWLIST, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f]
    return [re.compile(line) for line in lines if line.strip() and not line.startswith("#")]


def _skip_reason(report):
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    return reason.removeprefix("Skipped: ")


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        _skips.append((_skip_reason(report), report.nodeid))


def pytest_collectreport(report):
    if report.skipped:
        _skips.append((_skip_reason(report), report.nodeid))


def _unlisted():
    patterns = _allowed_reasons()
    return sorted({reason for reason, _ in _skips
                   if not any(p.fullmatch(reason) for p in patterns)})


def pytest_sessionfinish(session, exitstatus):
    if _skips and _unlisted() and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter):
    if not _skips:
        return
    from collections import Counter

    counts = Counter(reason for reason, _ in _skips)
    unlisted = set(_unlisted())
    write = terminalreporter.write_line
    terminalreporter.section("skips by reason")
    for reason, n in counts.most_common():
        write(f"{n:6d}  {'NOT ALLOWED  ' if reason in unlisted else ''}{reason}")
    if unlisted:
        terminalreporter.section("skips not in tests/skip_allowlist.txt: the run fails",
                                 red=True)
        for reason in sorted(unlisted):
            first = next(nodeid for r, nodeid in _skips if r == reason)
            write(f"{reason}  (e.g. {first})")
