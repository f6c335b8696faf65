"""The overhead study's workloads: arraykit's version equals the native one on every framework
installed here (small sizes), and the runner's --quick mode writes its files.

Tolerance: that of ``benchmarks.overhead.compare`` (float32; 1e-4 x max|native| + 1e-4 x
|native| per element; voxel counts: at most 0.1% of points in another cell).
"""

from __future__ import annotations

import json

import pytest

from benchmarks import overhead

SIZE = overhead.SIZES["quick"]
_loaded: dict = {}


#: The tests taking ``backend`` (conftest's fixture) run on the study's frameworks installed here.
pytestmark = pytest.mark.backends(*overhead.FRAMEWORKS, reason="the overhead study's frameworks")


def _framework(name: str) -> overhead.Framework:
    if name not in _loaded:
        _loaded[name] = overhead.load_framework(name)
    if _loaded[name] is None:
        pytest.skip(f"{name} is not installed in this environment")
    return _loaded[name]


def _check(fw: overhead.Framework, workload: str, mode: str) -> None:
    args = tuple(fw.asarray(a) for a in overhead.make_inputs(workload, SIZE))
    case = overhead.build_case(fw, workload, mode, args)
    nat_out = case.native()
    ak_out = case.arraykit()  # an error inside arraykit fails the test
    ok, detail = overhead.compare(workload, ak_out, nat_out, fw.to_numpy)
    assert ok, f"{workload} on {fw.name} ({mode}, {case.variant}): {detail}"


@pytest.mark.parametrize("workload", overhead.WORKLOADS)
def test_arraykit_equals_native_eager(backend: str, workload: str) -> None:
    _check(_framework(backend), workload, "eager")


# Compiled: jax.jit and TF's XLA compile these in a second or two each (the control rollout
# is a scan, a compiled loop, on both); torch.compile takes tens of seconds (the runner
# covers it).
@pytest.mark.parametrize("workload", overhead.WORKLOADS)
def test_arraykit_equals_native_jax_jit(workload: str) -> None:
    _check(_framework("jax"), workload, "compiled")


@pytest.mark.parametrize("workload", ["mechanics", "robotics", "control"])
def test_arraykit_equals_native_tf_xla(workload: str) -> None:
    _check(_framework("tensorflow"), workload, "compiled")


def test_make_inputs_full_sizes_are_the_issue_sizes() -> None:
    full = overhead.SIZES["full"]
    assert full["rotations"] == 100_000 and full["image"] == 256 and full["steps"] == 100


def test_quick_run_writes_results_table(tmp_path) -> None:
    """The smoke test: ``python -m benchmarks --quick`` on NumPy (present in both
    environments), with the dispatch microbenchmark; checks the files and the table."""
    rc = overhead.main(["--quick", "--frameworks", "numpy", "--rounds", "3",
                        "--min-sample-s", "0.002", "--micro", "dispatch",
                        "--results-dir", str(tmp_path), "--env", "smoke", "--cache-dir", ""])
    assert rc == 0
    doc = json.loads((tmp_path / "smoke.quick.json").read_text())
    assert {r["workload"] for r in doc["results"]} == set(overhead.WORKLOADS)
    assert all(r["status"] == "ok" for r in doc["results"]), doc["results"]
    assert doc["micro"]["dispatch"] and "arraykit_ns" in doc["micro"]["dispatch"][0]
    md = (tmp_path / "overhead.quick.md").read_text()
    assert "| mechanics (1000 rotations) | numpy" in md
    assert "array_namespace vs array-api-compat" in md


def test_rollouts_native_is_timed_on_its_own_generator_and_checked_on_arraykit_numbers() -> None:
    """The rollouts workload (ext.random + vmap): the native side is checked with arraykit's
    random numbers given to it, and timed drawing its own; on jax those are the same numbers
    (arraykit's generator is jax.random there), so the timed callable agrees too."""
    fw = _framework("jax")
    args = tuple(fw.asarray(a) for a in overhead.make_inputs("rollouts", SIZE))
    case = overhead.build_case(fw, "rollouts", "eager", args)
    assert case.native_timed is not None and case.native_timed is not case.native
    ok, detail = overhead.compare("rollouts", case.arraykit(), case.native_timed(), fw.to_numpy)
    assert ok, detail


def test_rollouts_tf_compiled_runs_as_a_graph_and_says_so() -> None:
    """XLA cannot compile the while loop pfor makes of the rollout loop: arraykit's jit warns
    and runs a TF graph, and the native side is a tf.function graph too."""
    fw = _framework("tensorflow")
    args = tuple(fw.asarray(a) for a in overhead.make_inputs("rollouts", SIZE))
    case = overhead.build_case(fw, "rollouts", "compiled", args)
    with pytest.warns(RuntimeWarning, match="XLA cannot compile"):
        ak_out = case.arraykit()
    from arraykit.ext.jit import compilation

    assert compilation(case.jitted) == "tf-graph"
    ok, detail = overhead.compare("rollouts", ak_out, case.native(), fw.to_numpy)
    assert ok, detail
