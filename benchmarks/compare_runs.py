"""The overhead study's eager cells across several runs, each run a separate process.

Within one run the rounds of a cell share the process's allocator and page-fault state, so
its interquartile range cannot show what moves between processes: two runs of 47bff80 on
2026-12-06 gave medians 0.72 points apart (median over cells) and up to 5.36
(``benchmarks/results/partial/repeat-2026-12-06.md``). This prints, per cell, each run's
median, the median over the runs and their spread, and how many cells are within their
target in every run::

    python -m benchmarks --results-dir /tmp/run1   # then /tmp/run2, ... (separate processes)
    python benchmarks/compare_runs.py /tmp/run1 /tmp/run2 [/tmp/run3 ...] [--markdown F]

A run directory holds the ``main.json``/``mxnet.json`` (or other ``<env>.json``) the study
writes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path


def load_run(path: Path) -> dict[tuple[str, str], dict]:
    """(workload, framework label) -> the eager cell's record, from every ``<env>.json``
    (quick runs' ``*.quick.json`` left out) in ``path``."""
    cells: dict[tuple[str, str], dict] = {}
    for f in sorted(path.glob("*.json")):
        if f.name.endswith(".quick.json"):
            continue
        doc = json.loads(f.read_text())
        for r in doc.get("results", []):
            if r.get("mode") != "eager" or r.get("status") != "ok":
                continue
            label = r["framework"] + (f" {r['version']}" if r["framework"] == "numpy" else "")
            cells[(r["workload"], label)] = r
    return cells


def compare(runs: list[dict[tuple[str, str], dict]]) -> tuple[list[str], dict]:
    """Markdown lines of the per-cell table and a summary dict."""
    keys = [k for k in runs[0] if all(k in r for r in runs[1:])]
    lines = ["| workload | framework | target | " + " | ".join(
        f"run {i + 1}" for i in range(len(runs))) + " | median of runs | spread |",
        "|---|---|---|" + "---|" * len(runs) + "---|---|"]
    in_all = in_median = 0
    spreads = []
    for k in keys:
        medians = [r[k]["overhead_median_pct"] for r in runs]
        target = runs[0][k].get("target_pct", 1.0)
        mid = statistics.median(medians)
        spread = max(medians) - min(medians)
        spreads.append(spread)
        in_all += all(m <= target for m in medians)
        in_median += mid <= target
        cells = " | ".join(f"{m:+.2f}{' ✗' if m > target else ''}" for m in medians)
        lines.append(f"| {k[0]} | {k[1]} | {target:g}% | {cells} | {mid:+.2f}"
                     f"{' ✗' if mid > target else ''} | {spread:.2f} |")
    summary = {"cells": len(keys), "runs": len(runs), "within_target_in_every_run": in_all,
               "within_target_median_of_runs": in_median,
               "spread_median": statistics.median(spreads) if spreads else 0.0,
               "spread_max": max(spreads) if spreads else 0.0}
    return lines, summary


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", type=Path, help="results directories, one per run")
    p.add_argument("--markdown", type=Path, help="also write the table there")
    opts = p.parse_args(argv)
    if len(opts.runs) < 2:
        p.error("give at least two runs")
    runs = [load_run(d) for d in opts.runs]
    for d, r in zip(opts.runs, runs):
        if not r:
            p.error(f"{d}: no eager results (main.json / mxnet.json) there")
    lines, s = compare(runs)
    text = "\n".join(lines) + (
        f"\n\n{s['cells']} eager cells in all {s['runs']} runs: {s['within_target_in_every_run']}"
        f" within their target in every run, {s['within_target_median_of_runs']} by the median"
        f" of the runs; spread of a cell's medians between runs: median "
        f"{s['spread_median']:.2f}, max {s['spread_max']:.2f} points\n")
    sys.stdout.write(text)
    if opts.markdown:
        opts.markdown.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
