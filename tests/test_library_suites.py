"""The library-suite runner (conformance/library_suites) on its small fixed subset.

Asserts structure, not pass counts (those move as the shims improve): the plugin really added
the arraykit backend to the suites' parametrisation (tests with its parameter were collected
and ran), every collected test has an outcome, nothing crashed, and the record names versions.
Each run is a subprocess of the runner, as in a real measurement.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from frameworks import require

from conformance.library_suites.categorise import categorise
from conformance.library_suites.plugin import join_key

REPO = Path(__file__).resolve().parents[1]


def run_subset(tmp_path: Path, suite: str, *backends: str) -> dict:
    proc = subprocess.run(
        [sys.executable, "-m", "conformance.library_suites", "--suite", suite,
         "--backend", *backends, "--subset", "ci", "--results-dir", str(tmp_path),
         "--env", "test"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads((tmp_path / "library_suites_test.json").read_text())["runs"]


def check_run(run: dict, backend: str) -> None:
    counts = run["counts"]
    assert run["collected"] > 0, run.get("log_tail")
    assert sum(counts.values()) == run["collected"]
    assert counts["crashed"] == 0 and counts["not_run"] == 0
    assert counts["passed"] + counts["failed"] > 0  # tests ran, not only skipped
    assert run["versions"]["library"] and run["versions"]["framework"]
    assert run["versions"]["arraykit"]
    for failure in run["failures"]:
        assert f"[{backend}" in failure["nodeid"] or f"-{backend}" in failure["nodeid"]
        assert failure["category"] and "<B>" in failure["key"]


@pytest.mark.parametrize("suite", ["xpx", "scipy"])
def test_tensorflow_added_to_suite(tmp_path: Path, suite: str) -> None:
    require("tensorflow")
    require({"xpx": "array_api_extra", "scipy": "scipy"}[suite])
    runs = run_subset(tmp_path, suite, "numpy", "tensorflow")
    for backend in ("numpy", "tensorflow"):
        check_run(runs[f"{suite}/{backend}/ci"], backend)
    # same tests on both: the added backend took the suite's own parametrisation
    assert runs[f"{suite}/tensorflow/ci"]["collected"] == runs[f"{suite}/numpy/ci"]["collected"]
    assert (tmp_path / "library_suites.md").exists()


def test_mxnet_added_to_xpx(tmp_path: Path) -> None:
    require("mxnet")
    require("array_api_extra")
    runs = run_subset(tmp_path, "xpx", "numpy", "mxnet")
    for backend in ("numpy", "mxnet"):
        check_run(runs[f"xpx/{backend}/ci"], backend)
    assert runs["xpx/mxnet/ci"]["collected"] == runs["xpx/numpy/ci"]["collected"]


def test_join_key_replaces_only_the_backend_id() -> None:
    assert join_key("t.py::f[jax-set-1]", "jax") == "t.py::f[<B>-set-1]"
    assert join_key("t.py::f[1-jax.numpy]", "jax.numpy") == "t.py::f[1-<B>]"
    assert join_key("t.py::f[x-tensorflow-None-None0]", "tensorflow") == "t.py::f[x-<B>-None-None0]"
    assert join_key("t.py::f[ajax]", "jax") == "t.py::f[ajax]"


@pytest.mark.parametrize(("record", "category"), [
    ({"outcome": "crashed"}, "crash"),
    ({"outcome": "failed", "exc_type": "TypeError",
      "message": "'EagerTensor' object does not support item assignment"},
     "in-place write into an immutable array"),
    ({"outcome": "failed", "exc_type": "TypeError",
      "message": "Cannot convert 1.1 to EagerTensor of dtype int64"}, "dtype refused"),
    ({"outcome": "failed", "exc_type": "RuntimeWarning", "message": "invalid value"},
     "warning-as-error"),
    ({"outcome": "failed", "exc_type": "AssertionError",
      "message": "\nNot equal to tolerance rtol=1e-07"}, "tolerance/value mismatch"),
])
def test_categorise(record: dict, category: str) -> None:
    assert categorise(record) == category


CRASHING = '''
import os
import pytest

@pytest.mark.parametrize("array_namespace", ["numpy", "other"])
@pytest.mark.parametrize("i", range(4))
def test_one(i, array_namespace):
    if i == 1:
        os.abort()
    assert i != 2
'''


def test_crash_is_recorded_and_the_rest_still_runs(tmp_path: Path, monkeypatch) -> None:
    from conformance.library_suites import SUITES, Suite, runner

    test_file = tmp_path / "test_crashing.py"
    test_file.write_text(CRASHING)
    monkeypatch.setitem(SUITES, "fake", Suite("fake", "numpy", (str(test_file),), ()))
    run = runner.run("fake", "numpy", None, timeout=240, say=lambda m: None)
    outcomes = {f["nodeid"].rpartition("::")[2]: f["outcome"] for f in run["failures"]}
    assert run["collected"] == 4 and run["restarts"] == 1
    assert run["counts"] == dict.fromkeys(runner.OUTCOMES, 0) | {
        "passed": 2, "failed": 1, "crashed": 1}
    assert outcomes == {"test_one[1-numpy]": "crashed", "test_one[2-numpy]": "failed"}
    assert [f["category"] for f in run["failures"] if f["outcome"] == "crashed"] == ["crash"]


HANGING = '''
import time
import pytest

@pytest.mark.parametrize("array_namespace", ["numpy"])
@pytest.mark.parametrize("i", range(3))
def test_one(i, array_namespace):
    if i == 0:
        time.sleep(600)
'''


def test_hung_test_is_killed_and_the_rest_still_runs(tmp_path: Path, monkeypatch) -> None:
    from conformance.library_suites import SUITES, Suite, runner

    test_file = tmp_path / "test_hanging.py"
    test_file.write_text(HANGING)
    monkeypatch.setitem(SUITES, "fake", Suite("fake", "numpy", (str(test_file),), ()))
    run = runner.run("fake", "numpy", None, timeout=240, say=lambda m: None, test_timeout=15)
    assert run["counts"]["passed"] == 2 and run["counts"]["crashed"] == 1
    assert run["failures"][0]["message"].startswith("hung")


def test_sklearn_combinations_gain_the_backend_once(monkeypatch) -> None:
    array_api = require("sklearn.utils._array_api")
    testing = require("sklearn.utils._testing")
    from conformance.library_suites.plugin import _patch_sklearn

    # undone after the test: the patch replaces these module attributes
    for module, names in ((array_api, ("yield_namespaces",
                                       "yield_namespace_device_dtype_combinations")),
                          (testing, ("_array_api_for_tests",))):
        for name in names:
            monkeypatch.setattr(module, name, getattr(module, name))
    monkeypatch.setattr(array_api, "_arraykit_patched", False, raising=False)
    _patch_sklearn(["tensorflow"])
    combinations = list(array_api.yield_namespace_device_dtype_combinations())
    assert [c for c in combinations if c[0] == "tensorflow"] == [("tensorflow", None, None)]
    assert list(array_api.yield_namespaces()).count("tensorflow") == 1
