"""Command line of the study: ``python -m benchmarks`` (or ``python -m benchmarks.overhead``)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .frameworks import DEVICES, FRAMEWORKS, enable_compile_caches, installed
from .inputs import WORKLOADS
from .processes import merge, run_children
from .report import render_markdown, write_report
from .runner import env_name, run
from .threads import CLOCKS, pin_environment
from .timing import CYCLES, SLOW_BLOCK_S

RESULTS_DIR = Path(__file__).resolve().parents[1] / "results"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options of ``python -m benchmarks``."""
    p = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="arraykit vs native: the overhead study.")
    p.add_argument("--quick", action="store_true",
                   help="small sizes, few rounds (smoke test); writes <env>.quick.json")
    p.add_argument("--frameworks", type=lambda s: s.split(","), default=list(FRAMEWORKS),
                   help=f"comma-separated subset of {','.join(FRAMEWORKS)} (those installed "
                        "run)")
    p.add_argument("--workloads", type=lambda s: s.split(","), default=list(WORKLOADS),
                   help=f"comma-separated subset of {','.join(WORKLOADS)}")
    p.add_argument("--modes", type=lambda s: s.split(","), default=["eager", "compiled"],
                   help="eager,compiled")
    p.add_argument("--micro", type=lambda s: [m for m in s.split(",") if m],
                   default=["dispatch", "tf_ops", "mxnet_ops"],
                   help="microbenchmarks: dispatch,tf_ops,mxnet_ops ('' for none)")
    p.add_argument("--processes", type=int, default=None,
                   help="fresh processes per framework for the cells (default 5, 1 with "
                        "--quick): a cell's figure is the median of the processes' medians, "
                        "as a process's allocator and cache state moves a whole run "
                        "(processes.py); 1 runs everything in this process")
    p.add_argument("--rounds", type=int, default=None,
                   help="interleaved rounds per cell and process (each: blocks A-B-B-A or "
                        "B-A-A-B; default 7 with several processes, 21 with one)")
    p.add_argument("--min-sample-s", type=float, default=None,
                   help="seconds per timed block (calls per block are chosen to fill it; "
                        "default 5 ms, 1 ms with --quick: short blocks, some of which no "
                        "other process interrupts)")
    p.add_argument("--cycles", type=int, default=CYCLES,
                   help=f"A-B-B-A cycles per round (default {CYCLES}; one where a block lasts "
                        f"over {SLOW_BLOCK_S * 1e3:.0f} ms): a side's time in a round is its "
                        "best block there")
    p.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                   help="cpu: CPU time of the process (default; robust to other work on the "
                        "machine, with --threads 1); wall: wall-clock time")
    p.add_argument("--threads", type=int, default=1,
                   help="threads per framework (default 1: BLAS, OpenMP, torch, TF, XLA; set "
                        "before the frameworks load, the program re-executes itself once); "
                        "0: the frameworks' defaults")
    p.add_argument("--malloc", choices=("fixed", "default"), default="fixed",
                   help="fixed (default): glibc's mmap and trim thresholds fixed at 1 GiB "
                        "(set before start, the program re-executing itself), so a call's "
                        "page faults do not depend on what the process freed before "
                        "(threads.MALLOC_ENVIRONMENT); default: glibc's own dynamic thresholds")
    p.add_argument("--aa", action="store_true",
                   help="A/A check of the method: the native code timed on both sides; a "
                        "median within +-0.5%% and an IQR under 1 point show it resolves 1%%. "
                        "Writes --output (default <results-dir>/partial/aa-<env>.json), never "
                        "the study's results")
    p.add_argument("--output", type=Path, default=None,
                   help="write the results document here (and its table beside it, .md), "
                        "not <results-dir>/<env>.json, and leave overhead.md alone: for a "
                        "partial run")
    p.add_argument("--torch-compile", dest="torch_compile", action="store_true", default=None,
                   help="include torch.compile (default: on, off with --quick)")
    p.add_argument("--no-torch-compile", dest="torch_compile", action="store_false")
    p.add_argument("--no-profile", action="store_true", help="skip cProfile of missed targets")
    p.add_argument("--check-only", action="store_true", help="check results, time nothing")
    p.add_argument("--device", choices=DEVICES, default="cpu",
                   help="where torch, jax and cupy arrays live (the standard's device=); "
                        "cuda skips numpy, tensorflow and mxnet, and frameworks without a "
                        "CUDA device, with a message; results go to <env>-cuda.json")
    p.add_argument("--env", default=env_name(), help="name of this environment's results file")
    p.add_argument("--results-dir", type=Path, default=RESULTS_DIR)
    p.add_argument("--cache-dir", type=Path, default=None,
                   help="persistent jax/TF compile cache (default: none, so the first-call "
                        "column shows real compile times)")
    p.add_argument("--compiled-steps", type=int, default=None,
                   help="rollout steps of the compiled control cells (default: the "
                        "size's); the table shows the size used"),
    p.add_argument("--note", default="",
                   help="a remark on the conditions of the run, kept in the JSON and table")
    p.add_argument("--report-only", action="store_true",
                   help="rebuild overhead.md/.png from the results files; run nothing")
    o = p.parse_args(argv)
    for name, chosen, allowed in (("--frameworks", o.frameworks, FRAMEWORKS),
                                  ("--workloads", o.workloads, WORKLOADS),
                                  ("--modes", o.modes, ("eager", "compiled"))):
        bad = [c for c in chosen if c not in allowed]
        if bad:
            p.error(f"{name}: unknown {bad}; choose from {','.join(allowed)}")
    if o.processes is None:
        o.processes = 1 if o.quick or o.check_only else 5
    if o.processes < 1:
        p.error("--processes: at least 1")
    if o.rounds is None:
        o.rounds = 5 if o.quick else 7 if o.processes > 1 else 21
    if o.min_sample_s is None:
        o.min_sample_s = 0.001 if o.quick else 0.005
    if o.aa and o.output is None:
        o.output = o.results_dir / "partial" / f"aa-{o.env}.json"
    if o.torch_compile is None:
        o.torch_compile = not o.quick
    return o


def run_study(opts: argparse.Namespace, path: Path) -> dict:
    """The results document: with ``--processes`` over 1 every cell, eager and compiled, runs
    in child processes (``processes.py``), each framework's cells in a fresh process in turn,
    and the microbenchmarks here. A compiled program's speed moves from process to process
    as an eager cell's does (a TF control program read +5 to +9% in 4 of 7 processes and
    within 0.7% in the others, same code), so one process's median cannot stand for it."""
    if opts.processes <= 1:
        return run(opts, path)
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    names = [n for n in opts.frameworks if installed(n)]
    children = run_children(opts, names)
    rest = argparse.Namespace(**vars(opts))
    rest.modes = []
    doc = run(rest, path, prior_results=merge(children))
    for child in children:
        doc["skipped"].update(child.get("skipped", {}))
    doc["modes"] = opts.modes
    doc["rounds"] = doc["compiled_rounds"] = opts.rounds
    doc["started"] = started  # when the first child started, not this process's own run
    return doc


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks``: run, write ``<env>.json``, rebuild the table and chart."""
    opts = parse_args(argv)
    if argv is None and not opts.report_only:  # run as a program: threads set before imports
        pin_environment(opts.threads, sys.argv[1:], opts.malloc)
    opts.results_dir.mkdir(parents=True, exist_ok=True)
    if opts.cache_dir is not None and str(opts.cache_dir) not in ("", "."):
        enable_compile_caches(opts.cache_dir)
    if opts.output is not None and not opts.report_only:
        opts.output.parent.mkdir(parents=True, exist_ok=True)
        doc = run_study(opts, opts.output)
        opts.output.write_text(json.dumps(doc, indent=1) + "\n")
        md = opts.output.with_suffix(".md")
        md.write_text(render_markdown([doc]) + "\n")
        print(f"wrote {opts.output}\nwrote {md}")
        return 0
    if not opts.report_only:
        suffix = ".quick.json" if opts.quick else ".json"
        tag = "" if opts.device == "cpu" else f"-{opts.device}"
        path = opts.results_dir / f"{opts.env}{tag}{suffix}"
        doc = run_study(opts, path)
        path.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"wrote {path}")
        bad = [r for r in doc["results"] if r["status"] in ("mismatch", "error")]
        for r in bad:
            print(f"  {r['status']}: {r['workload']} {r['framework']} {r['mode']}: "
                  f"{r.get('error') or r.get('check')}")
    written = write_report(opts.results_dir, quick=opts.quick)
    for p in written:
        print(f"wrote {p}")
    return 0

