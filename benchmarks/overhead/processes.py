"""Eager cells measured in several processes (``--processes``), and their merge.

Within one process the rounds of a cell share its allocator, page-fault and cache state, so
their interquartile range cannot show what changes between processes: two single-process
runs of the same commit (2026-12-06, ``benchmarks/results/partial/repeat-2026-12-06.md``)
gave cell medians 0.72 points apart (median over the 48 eager cells) and up to 5.36, with
IQRs of 1-3 points in each. So the study runs each framework's eager cells in ``processes``
fresh processes, one framework per process, the frameworks taken in turn (numpy, torch, ...,
then numpy again) so that a drift of the machine reaches every framework alike. A cell's
figure is the median over the processes of each process's median; its interquartile range
is that of every round of every process; ``±`` is the half-width of the ~95% interval of the
median of the process medians (1.57 IQR of the process medians / sqrt(processes)).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .cases import meets_target

#: Fields of a cell's record that describe the cell, not one process's timing: taken from
#: the first process's record.
_CELL_FIELDS = ("workload", "framework", "version", "mode", "size", "variant",
                "arraykit_compiler", "native_compiler", "check", "notes", "target_pct", "aa",
                "aa_sides", "wrapper_method")


def child_argv(opts: argparse.Namespace, framework: str, output: Path, profile: bool) -> list[str]:
    """The command-line arguments of one child: ``framework``'s cells, one process."""
    argv = ["--processes", "1", "--modes", ",".join(opts.modes), "--micro", "",
            "--frameworks", framework, "--workloads", ",".join(opts.workloads),
            "--rounds", str(opts.rounds), "--min-sample-s", str(opts.min_sample_s),
            "--cycles", str(opts.cycles), "--clock", opts.clock, "--threads", str(opts.threads),
            "--malloc", opts.malloc,
            "--device", opts.device, "--env", opts.env, "--output", str(output),
            "--results-dir", str(output.parent)]
    if opts.quick:
        argv.append("--quick")
    if opts.aa:
        argv.append("--aa")
    if not profile or opts.no_profile:
        argv.append("--no-profile")
    if opts.check_only:
        argv.append("--check-only")
    argv.append("--torch-compile" if opts.torch_compile else "--no-torch-compile")
    if opts.cache_dir is not None:
        argv += ["--cache-dir", str(opts.cache_dir)]
    if opts.compiled_steps is not None:
        argv += ["--compiled-steps", str(opts.compiled_steps)]
    return argv


def run_children(opts: argparse.Namespace, frameworks: list[str]) -> list[dict]:
    """Run ``opts.processes`` processes per framework (one framework each, in turn) and
    return their results documents, in the order they ran. Progress goes to stderr."""
    docs: list[dict] = []
    total = opts.processes * len(frameworks)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="arraykit-study-") as tmp:
        for rep in range(opts.processes):
            for i, fw in enumerate(frameworks):
                out = Path(tmp) / f"{fw}-{rep}.json"
                # The first process of a framework profiles its missed cells; the rest
                # only time them.
                argv = child_argv(opts, fw, out, profile=rep == 0)
                number = rep * len(frameworks) + i + 1
                sys.stderr.write(f"[process {number}/{total}, {time.perf_counter() - t0:.0f} s] "
                                 f"{fw} cells ({rep + 1} of {opts.processes})\n")
                sys.stderr.flush()
                proc = subprocess.run([sys.executable, "-m", "benchmarks", *argv],
                                      capture_output=True, text=True, check=False,
                                      env=dict(os.environ))
                if proc.returncode != 0 or not out.exists():
                    tail = " | ".join((proc.stderr or proc.stdout).strip().splitlines()[-3:])
                    why = f"process {rep + 1} failed ({proc.returncode}): {tail}"
                    sys.stderr.write(f"  {fw}: {why}\n")
                    # Recorded (the report lists it), not only printed: its cells are missing.
                    docs.append({"results": [], "skipped": {f"{fw} cells": why}})
                    continue
                doc = json.loads(out.read_text())
                doc["process"] = rep
                docs.append(doc)
    return docs


def merge_cell(records: list[dict]) -> dict:
    """One cell's record from its records in several processes (a compiled cell's program
    check: the same program only where every process found it; the jit wrapper's cost the
    median of the processes').

    Records that did not time (error, mismatch, skipped, checked) are not merged: the first
    such record is returned, so a cell that fails anywhere shows as failed."""
    bad = [r for r in records if r.get("status") != "ok"]
    if bad:
        return dict(bad[0], processes=len(records))
    first = records[0]
    rec = {k: first[k] for k in _CELL_FIELDS if k in first}
    medians = [r["overhead_median_pct"] for r in records]
    samples = [s for r in records for s in r["overhead_pct_samples"]]
    q = statistics.quantiles(samples, n=4) if len(samples) > 1 else [samples[0]] * 3
    if len(medians) > 1:
        mq = statistics.quantiles(medians, n=4, method="inclusive")
        ci = 1.57 * (mq[2] - mq[0]) / math.sqrt(len(medians))
    else:
        ci = first.get("overhead_ci_pct", 0.0)
    rec.update(
        status="ok", processes=len(records), estimator=(
            "median over processes of each process's median (a side's time in a round its "
            "best block there)"),
        number=first["number"], rounds=len(samples), rounds_per_process=first["rounds"],
        cycles=first["cycles"], order=first["order"],
        arraykit_first_call_s=first["arraykit_first_call_s"],
        native_first_call_s=first["native_first_call_s"],
        arraykit_median_s=statistics.median(r["arraykit_median_s"] for r in records),
        native_median_s=statistics.median(r["native_median_s"] for r in records),
        overhead_median_pct=statistics.median(medians),
        overhead_q1_pct=q[0], overhead_q3_pct=q[2], overhead_ci_pct=ci,
        process_medians_pct=medians, overhead_pct_samples=samples)
    checks = [r["same_program"] for r in records if "same_program" in r]
    if checks:
        rec["same_program"] = all(checks)
        diff = next((r["program_diff"] for r in records if r.get("program_diff")), None)
        if diff is not None:
            rec["program_diff"] = diff
    wrappers = [r["wrapper_s"] for r in records if "wrapper_s" in r]
    if wrappers:
        rec["wrapper_s"] = statistics.median(wrappers)
    if rec.get("aa"):
        from .runner import AA_IQR_PCT, AA_MEDIAN_PCT

        # Across processes the figure is the median of the process medians, so what says how
        # finely it resolves is its interval (from the spread of those medians), not the
        # IQR of all rounds, which also holds each process's offset.
        rec["meets_target"] = (abs(rec["overhead_median_pct"]) <= AA_MEDIAN_PCT
                               and ci <= AA_IQR_PCT)
    else:
        rec["meets_target"] = meets_target(rec)
    profiled = next((r["profile_arraykit"] for r in records if r.get("profile_arraykit")), None)
    if profiled is not None and not rec["meets_target"]:
        rec["profile_arraykit"] = profiled
    return rec


def merge(docs: list[dict]) -> list[dict]:
    """The cells of the children's documents, each merged over its processes, in the order of
    the first process's results."""
    cells: dict[tuple[str, str, str], list[dict]] = {}
    for doc in docs:
        for r in doc["results"]:
            cells.setdefault((r["workload"], r["framework"], r["mode"]), []).append(r)
    return [merge_cell(records) for records in cells.values()]
