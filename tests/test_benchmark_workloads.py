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
    assert "Timed on: CPU time of the process" in md  # the default clock, said in the header
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


def test_time_ab_assigns_each_side_its_own_blocks() -> None:
    """ABBA rounds with a best block per side: a callable doing twice the work of the other
    measures about +100% whichever side it is on, and the same callable on both sides (the
    A/A check) about 0%."""
    def work() -> int:
        return sum(range(20_000))

    def twice() -> int:
        return work() + work()

    def none(out: object) -> None:
        return None

    from benchmarks.overhead.threads import CLOCKS

    for a, b, expected in ((twice, work, 100.0), (work, twice, -50.0), (work, work, 0.0)):
        got = overhead.time_ab(a, b, none, rounds=5, min_sample_s=0.002, clock=CLOCKS["cpu"])
        assert abs(got["overhead_median_pct"] - expected) < 15, (expected, got)
        assert got["order"] == "ABBA" and len(got["overhead_pct_samples"]) == 5


def test_aa_run_pins_threads_before_imports_and_writes_only_its_output(tmp_path) -> None:
    """``python -m benchmarks --aa`` run as a program: it re-executes itself with one thread
    per framework set before the imports, times the native code on both sides, and writes
    the --output document and its table, not the study's results or overhead.md."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    out = tmp_path / "aa.json"
    env = {k: v for k, v in os.environ.items()
           if k not in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "ARRAYKIT_STUDY_THREADS")}
    root = Path(overhead.__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-m", "benchmarks", "--aa", "--quick", "--frameworks",
                    "numpy", "--workloads", "kalman", "--micro", "", "--rounds", "3",
                    "--cycles", "1", "--results-dir", str(tmp_path / "results"), "--output",
                    str(out)], cwd=root, env=env, check=True, capture_output=True)
    doc = json.loads(out.read_text())
    assert doc["aa"] and doc["clock"] == "cpu" and doc["threads"] == 1
    assert doc["threads_env_before_import"] is True
    (rec,) = doc["results"]
    assert rec["aa"] and rec["status"] == "ok" and rec["workload"] == "kalman"
    assert "A/A check of the method" in out.with_suffix(".md").read_text()
    assert not (tmp_path / "results").exists() or not list((tmp_path / "results").iterdir())


def test_compare_runs_reads_each_runs_eager_cells(tmp_path) -> None:
    """benchmarks/compare_runs.py: per cell each run's median, the median of the runs and
    their spread; a cell counts as within target in every run only if each run says so."""
    import json

    from benchmarks import compare_runs

    def write(d, medians):
        d.mkdir()
        results = [{"workload": w, "framework": fw, "version": "1", "mode": "eager",
                    "status": "ok", "overhead_median_pct": m, "target_pct": 1.0}
                   for (w, fw), m in medians.items()]
        results.append({"workload": "vision", "framework": "jax", "version": "1",
                        "mode": "compiled", "status": "ok", "overhead_median_pct": 50.0})
        (d / "main.json").write_text(json.dumps({"results": results}))

    write(tmp_path / "a", {("vision", "jax"): 0.5, ("control", "torch"): 2.0})
    write(tmp_path / "b", {("vision", "jax"): 1.5, ("control", "torch"): 0.2})
    write(tmp_path / "c", {("vision", "jax"): 0.7, ("control", "torch"): 0.4})
    out = tmp_path / "cmp.md"
    assert compare_runs.main([str(tmp_path / r) for r in "abc"] + ["--markdown", str(out)]) == 0
    text = out.read_text()
    assert "| vision | jax | 1% | +0.50 | +1.50 ✗ | +0.70 | +0.70 | 1.00 |" in text
    assert "| control | torch | 1% | +2.00 ✗ | +0.20 | +0.40 | +0.40 | 1.80 |" in text
    assert "2 eager cells in all 3 runs: 0 within their target in every run, 2 by the median" \
        in text
    assert "+50.00" not in text  # compiled cells are not read


def test_merge_cell_takes_the_median_of_the_process_medians() -> None:
    """--processes: a cell's figure is the median over processes of each process's median,
    its quartiles those of every round, its target checked on that median; a cell that
    failed in any process shows as failed."""
    from benchmarks.overhead.processes import merge, merge_cell

    def rec(samples, **kw):
        s = sorted(samples)
        return dict({"workload": "vision", "framework": "torch", "version": "2", "mode": "eager",
                     "status": "ok", "target_pct": 1.0, "number": 2, "rounds": len(s),
                     "cycles": 3, "order": "ABBA", "arraykit_first_call_s": 0.1,
                     "native_first_call_s": 0.1, "arraykit_median_s": 1.0,
                     "native_median_s": 1.0, "overhead_median_pct": s[len(s) // 2],
                     "overhead_pct_samples": samples}, **kw)

    merged = merge_cell([rec([0.0, 0.2, 0.4]), rec([3.0, 3.2, 3.4]), rec([0.5, 0.6, 0.7])])
    assert merged["overhead_median_pct"] == 0.6 and merged["meets_target"]
    assert merged["process_medians_pct"] == [0.2, 3.2, 0.6]
    assert merged["rounds"] == 9 and merged["rounds_per_process"] == 3
    assert merged["overhead_q1_pct"] < 0.6 < merged["overhead_q3_pct"]
    missed = merge_cell([rec([1.1, 1.2, 1.3]), rec([0.0, 2.0, 4.0])])
    assert missed["overhead_median_pct"] == 1.6 and not missed["meets_target"]
    # A/A: the median of the process medians within +-0.5 and its interval at most 1 point
    # wide decide, however wide the rounds' pooled IQR
    aa = merge_cell([rec([-3.0, 0.1, 3.0], aa=True, target_pct=0.5),
                     rec([-3.0, 0.2, 3.0], aa=True, target_pct=0.5),
                     rec([-3.0, -0.1, 3.0], aa=True, target_pct=0.5)])
    assert aa["meets_target"] and aa["overhead_q3_pct"] - aa["overhead_q1_pct"] > 1
    off = merge_cell([rec([0.6], aa=True, target_pct=0.5), rec([0.7], aa=True, target_pct=0.5)])
    assert not off["meets_target"]
    failed = merge_cell([rec([0.0]), rec([0.0], status="error", error="boom")])
    assert failed["status"] == "error" and failed["processes"] == 2
    docs = [{"results": [rec([0.1]), rec([2.0], workload="kalman")]},
            {"results": [rec([0.3]), rec([4.0], workload="kalman")]}]
    cells = {r["workload"]: r for r in merge(docs)}
    assert cells["vision"]["overhead_median_pct"] == 0.2
    assert cells["kalman"]["process_medians_pct"] == [2.0, 4.0]


def test_targets_are_the_issues_and_the_report_counts_them() -> None:
    """A compiled cell meets its target with the same program as native or a median under
    1%; eager cells under 1% (kalman: its own targets), read by today's rules also from a
    record stored with an older target; the report counts them and names every miss."""
    from benchmarks.overhead.cases import meets_target
    from benchmarks.overhead.report import _target_summary

    def rec(workload, framework, mode, median, q3=None, **kw):
        return dict({"workload": workload, "framework": framework, "version": "1",
                     "mode": mode, "status": "ok", "overhead_median_pct": median,
                     "overhead_q1_pct": median - 1, "overhead_q3_pct": q3 or median + 0.5},
                    **kw)

    same = rec("vision", "jax", "compiled", 4.0, same_program=True, target_pct=0.1)
    under = rec("mechanics", "torch", "compiled", 0.7, same_program=False, target_pct=0.1)
    over = rec("control", "tensorflow", "compiled", 1.2, same_program=False)
    assert meets_target(same) and meets_target(under) and not meets_target(over)
    assert meets_target(rec("kalman", "torch", "eager", 2.5))
    assert not meets_target(rec("kalman", "tensorflow", "eager", 0.5))
    assert not meets_target(rec("vision", "torch", "eager", 1.0))
    rows = [same, under, over, rec("vision", "numpy", "eager", 0.2),
            rec("robotics", "torch", "eager", 0.3, q3=2.3), rec("vision", "torch", "eager", 1.5),
            rec("kalman", "numpy", "eager", 2.0), rec("vision", "mlx", "aa", 3.0, aa=True),
            dict(rec("control", "mlx", "eager", 0.0), status="error")]
    text = "\n".join(_target_summary(rows))
    assert "Eager cells within 1%: **2 of 3**" in text
    assert "upper quartile within 2% on 1 of those 2 (not: robotics torch 1 q3 +2.30%)" in text
    assert "Missed: vision torch 1 +1.50%" in text
    assert "Cells with targets of their own: **1 of 1**" in text
    assert "or within 1%: **2 of 3**. Missed: control tensorflow 1 +1.20% (program differs)" in text


def test_study_in_several_processes(tmp_path) -> None:
    """``python -m benchmarks --processes 2``: the eager cells run in two child processes (one
    framework each), merged into one document whose table shows each process's median; the
    A/A check there times the native code against a second copy of it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    out = tmp_path / "aa.json"
    root = Path(overhead.__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-m", "benchmarks", "--aa", "--quick", "--processes", "2",
                    "--frameworks", "numpy", "--workloads", "kalman,vision", "--modes",
                    "eager", "--micro", "", "--rounds", "3", "--cycles", "1",
                    "--results-dir", str(tmp_path / "results"), "--output", str(out)],
                   cwd=root, env=dict(os.environ), check=True, capture_output=True)
    doc = json.loads(out.read_text())
    assert doc["processes"] == 2 and doc["aa"]
    assert sorted(r["workload"] for r in doc["results"]) == ["kalman", "vision"]
    for rec in doc["results"]:
        assert rec["status"] == "ok" and rec["processes"] == 2, rec
        assert len(rec["process_medians_pct"]) == 2 and rec["rounds"] == 6
    assert "Cells across processes" in out.with_suffix(".md").read_text()


def test_compiled_cells_run_in_the_study_processes_too(tmp_path) -> None:
    """With --processes 2 a compiled cell is timed in both child processes, like an eager one,
    its program check and jit wrapper cost carried into the merged record."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    _framework("jax")
    out = tmp_path / "jit.json"
    root = Path(overhead.__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--processes", "2",
                    "--frameworks", "jax", "--workloads", "mechanics", "--modes", "compiled",
                    "--micro", "", "--rounds", "3", "--cycles", "1", "--no-profile",
                    "--results-dir", str(tmp_path / "results"), "--output", str(out)],
                   cwd=root, env=dict(os.environ), check=True, capture_output=True)
    doc = json.loads(out.read_text())
    (rec,) = doc["results"]
    assert rec["mode"] == "compiled" and rec["status"] == "ok", rec
    assert rec["processes"] == 2 and len(rec["process_medians_pct"]) == 2 and rec["rounds"] == 6
    assert rec["same_program"] is True and rec["wrapper_s"] > 0 and rec["meets_target"]
    assert doc["compiled_rounds"] == doc["rounds"] == 3


def test_a_failed_study_process_is_recorded(monkeypatch) -> None:
    """A child process that fails leaves a "skipped" entry naming the framework and why (the
    report lists it), not only a line on stderr: its cells are missing from the merge."""
    import argparse
    import subprocess

    from benchmarks.overhead import processes

    def failing(*args, **kwargs):
        return subprocess.CompletedProcess(args, 3, stdout="", stderr="boom\nTypeError: x")

    monkeypatch.setattr(processes.subprocess, "run", failing)
    opts = argparse.Namespace(processes=2, workloads=["kalman"], rounds=3, min_sample_s=0.001,
                              cycles=1, clock="cpu", threads=1, malloc="fixed", device="cpu",
                              env="main", quick=True, aa=False, no_profile=True,
                              check_only=False, modes=["eager"], torch_compile=False,
                              cache_dir=None, compiled_steps=None)
    docs = processes.run_children(opts, ["numpy"])
    assert [d["results"] for d in docs] == [[], []]
    assert docs[0]["skipped"] == {"numpy cells": "process 1 failed (3): boom | TypeError: x"}
    assert processes.merge(docs) == []

