"""Instructions per call of the study's eager cells, arraykit against native code (cachegrind).

The overhead study times CPU seconds, which move with everything the machine does: a cell's
figure is good to about ±0.6 points (``docs/performance.md``). This counts what the layer
executes instead: each cell runs under ``valgrind --tool=cachegrind`` in three processes that
build the same inputs and warm both sides up alike (``WARMUP`` calls each), then make no
call, ``--calls`` calls of the arraykit side, or as many of the native side. A side's
instructions per call are its process's total less the no-call process's, over ``--calls``.
Counts do not move with the machine's load. With ``PYTHONHASHSEED`` fixed, NumPy's repeat to a
few hundred instructions a call; frameworks with threads and caches of their own do not
(``--aa`` counts the native side twice: 0.2-0.3% apart on torch and Paddle, ~2% on JAX,
2026-12-06), and a difference below that is no finding.

What a count leaves out is as important as what it shows: it is work, not time. Cache and
TLB misses, branch mispredictions, memory placement and the core's frequency do not enter it
(``--cache-sim`` adds cachegrind's model of the first-level data and last-level caches, which
is a model of this machine's caches, not a measurement), and valgrind presents a CPU without
AVX-512, so torch's kernels and ``ext.random``'s host kernel run their AVX2 builds. Where
arraykit's count is at or below native's and its time is above, the difference lies outside
the instructions the layer executes.

    python benchmarks/instructions.py [--frameworks torch,paddle] [--workloads vision]
                                      [--cells torch:vision,...] [--calls 10] [--aa]
                                      [--cache-sim] [--last-level 2097152,16,64]
                                      [--branch-sim] [--json F] [--markdown F]

Each process takes minutes (importing a framework under valgrind is ~50x slower); ``--jobs``
processes run at once.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: Calls of each side before the counted ones, in every process (first calls compile, fill
#: caches of plans and kernels, and grow the heap).
WARMUP = 3
#: The eager cells the study runs in the main environment (mxnet's own env has numpy and mxnet).
WORKLOADS = ("mechanics", "vision", "robotics", "control", "rollouts", "kalman")


def child(framework: str, workload: str, side: str, calls: int) -> None:
    """Build one cell as the study does, warm both sides up, make ``calls`` calls of
    ``side`` ("arraykit", "native" or "none")."""
    from benchmarks.overhead.cases import build_case
    from benchmarks.overhead.frameworks import load_framework
    from benchmarks.overhead.inputs import SIZES, make_inputs

    fw = load_framework(framework)
    if fw is None:
        raise SystemExit(f"{framework} is not installed here")
    args = tuple(fw.asarray(a) for a in make_inputs(workload, SIZES["full"]))
    case = build_case(fw, workload, "eager", args)
    sides = {"arraykit": case.arraykit, "native": case.native_timed or case.native}
    for _ in range(WARMUP):
        for fn in sides.values():
            fw.sync(fn())
    if side != "none":
        # "native-again": the native side in a process of its own, counted as the arraykit
        # column of an A/A row (--aa): how far two counts of the same code lie apart.
        fn = sides["native" if side == "native-again" else side]
        for _ in range(calls):
            fw.sync(fn())


def _summary(path: Path) -> dict[str, int]:
    """The totals of a cachegrind output file, by event name (Ir, D1mr, ...)."""
    events: list[str] = []
    for line in path.read_text().splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("summary:"):
            return dict(zip(events, map(int, line.split()[1:])))
    raise ValueError(f"no summary in {path}")


def _environment() -> dict[str, str]:
    from benchmarks.overhead.threads import thread_environment

    env = dict(os.environ)
    env.update(thread_environment(1))
    # The study's fixed allocator (docs/performance.md) and one hash seed, so that every
    # process of a cell executes the same instructions up to its calls.
    env.update(MALLOC_MMAP_THRESHOLD_="1073741824", MALLOC_TRIM_THRESHOLD_="1073741824",
               PYTHONHASHSEED="0", PYTHONPATH=os.pathsep.join(
                   p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p))
    return env


def count(framework: str, workload: str, side: str, calls: int, cache_sim: bool,
          tmp: Path, last_level: str = "", branch_sim: bool = False) -> dict[str, int]:
    """Cachegrind's totals for one process of one cell (``last_level``: cachegrind's
    ``--LL=size,associativity,line`` for the cache it models last, e.g. this machine's L2)."""
    out = tmp / f"{framework}-{workload}-{side}.cg"
    sim = ["--cache-sim=yes", *([f"--LL={last_level}"] if last_level else [])] \
        if cache_sim or last_level else ["--cache-sim=no"]
    cmd = ["valgrind", "--tool=cachegrind", *sim, *(["--branch-sim=yes"] if branch_sim else []),
           f"--cachegrind-out-file={out}", sys.executable, str(Path(__file__).resolve()),
           "--child", framework, workload, side, str(calls)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=_environment(), check=False)
    if proc.returncode != 0 or not out.exists():
        tail = "\n".join(proc.stderr.splitlines()[-15:])
        raise RuntimeError(f"{framework} {workload} {side}: exit {proc.returncode}\n{tail}")
    return _summary(out)


def per_call(framework: str, workload: str, calls: int, totals: dict, aa: bool = False) -> dict:
    """Per-call counts of one cell: each side's process less the no-call one, over calls
    (``aa``: the arraykit column is a second count of the native side)."""
    a = "native-again" if aa else "arraykit"
    return {"framework": framework, "workload": workload, "calls": calls, "aa": aa,
            **{col: {e: (totals[s][e] - totals["none"][e]) / calls for e in totals[s]}
               for col, s in (("arraykit", a), ("native", "native"))}}


def _timed(results_dir: Path) -> dict[tuple[str, str, str], float]:
    """The study's eager CPU medians by (framework, version, workload), where recorded."""
    from benchmarks.overhead.report import load_results

    timed = {}
    for doc in load_results(results_dir):
        if doc.get("device", "cpu") != "cpu":
            continue
        for rec in doc.get("results", []):
            if rec.get("mode") == "eager" and "overhead_median_pct" in rec:
                timed[rec["framework"], rec["version"], rec["workload"]] = (
                    rec["overhead_median_pct"])
    return timed


def _misses(rec: dict) -> str:
    d1 = {s: rec[s].get("D1mr", 0) + rec[s].get("D1mw", 0) for s in ("arraykit", "native")}
    ll = {s: rec[s].get("DLmr", 0) + rec[s].get("DLmw", 0) for s in ("arraykit", "native")}
    return (f" {d1['arraykit'] / 1e3:,.1f} / {d1['native'] / 1e3:,.1f} |"
            f" {ll['arraykit'] / 1e3:,.2f} / {ll['native'] / 1e3:,.2f} |")


def markdown(records: list[dict], meta: dict, timed: dict) -> str:
    cache = any("D1mr" in r["arraykit"] for r in records)
    lines = [
        "# Instructions per call: arraykit against native code",
        "",
        "`benchmarks/instructions.py`: each eager cell of the study under valgrind's cachegrind,"
        " in three processes that build the same inputs and warm both sides up alike; a side's"
        " instructions per call are its process's total less the no-call process's, over the"
        " calls. Counts of work, not time: cache misses, branch prediction, memory"
        " placement and frequency are not in them, and valgrind offers no AVX-512 (torch's and"
        " `ext.random`'s host kernels run their AVX2 builds). `timed` is the study's eager"
        " median (`overhead.md`) for comparison.",
        "",
        f"- {meta['date']}, {meta['valgrind']}, Python {meta['python']}, {meta['calls']} calls"
        f" a side; {meta['versions']}",
        "",
    ]
    head = "| workload | framework | native instr/call | arraykit instr/call | difference | timed |"
    rule = "|---|---|---|---|---|---|"
    if cache:
        ll = f"LL ({meta['last_level']})" if meta.get("last_level") else "LL"
        head += f" D1 misses/call, thousands (arraykit / native) | {ll} misses/call, thousands |"
        rule += "---|---|"
    branches = any("Bcm" in r["arraykit"] for r in records)
    if branches:
        head += " mispredicted branches/call, thousands (arraykit / native) |"
        rule += "---|"
    lines += [head, rule]
    for r in records:
        a, n = r["arraykit"]["Ir"], r["native"]["Ir"]
        t = None if r.get("aa") else timed.get(
            (r["framework"], meta["version_of"].get(r["framework"]), r["workload"]))
        name = f"{r['framework']} (A/A: native twice)" if r.get("aa") else r["framework"]
        row = (f"| {r['workload']} | {name} | {n / 1e6:,.3f} M | {a / 1e6:,.3f} M |"
               f" {a - n:+,.0f} ({(a / n - 1) * 100:+.2f}%) |"
               f" {'' if t is None else f'{t:+.2f}%'} |")
        if cache:
            row += _misses(r)
        if branches:
            a_b, n_b = (r[s].get("Bcm", 0) + r[s].get("Bim", 0) for s in ("arraykit", "native"))
            row += f" {a_b / 1e3:,.1f} / {n_b / 1e3:,.1f} |"
        lines.append(row)
    return "\n".join(lines) + "\n"


def _versions(frameworks: list[str]) -> dict[str, str]:
    """Installed versions, as the study records them, read in a child process (importing
    every framework here would be slow and TF and Paddle do not share one process well)."""
    code = ("import importlib.metadata as m, json, sys\n"
            "names = {'torch': 'torch', 'jax': 'jax', 'tensorflow': 'tensorflow', 'numpy': 'numpy',"
            " 'mlx': 'mlx', 'paddle': 'paddlepaddle', 'mxnet': 'mxnet'}\n"
            "out = {}\n"
            "for fw in sys.argv[1:]:\n"
            "    for dist in (names.get(fw, fw), fw + '-cpu'):\n"
            "        try: out[fw] = m.version(dist); break\n"
            "        except m.PackageNotFoundError: pass\n"
            "print(json.dumps(out))")
    proc = subprocess.run([sys.executable, "-c", code, *frameworks], capture_output=True,
                          text=True, check=True)
    return json.loads(proc.stdout)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frameworks", default="numpy,torch,jax,tensorflow,mlx,paddle")
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--cells", default="",
                    help="framework:workload pairs (torch:vision,paddle:rollouts), instead of "
                         "--frameworks x --workloads")
    ap.add_argument("--calls", type=int, default=10)
    ap.add_argument("--cache-sim", action="store_true")
    ap.add_argument("--last-level", default="", metavar="SIZE,ASSOC,LINE",
                    help="the last-level cache cachegrind models (implies --cache-sim): "
                         "2097152,16,64 models a 2 MiB L2 instead of the host's L3")
    ap.add_argument("--branch-sim", action="store_true",
                    help="add cachegrind's model of branch mispredictions")
    ap.add_argument("--aa", action="store_true",
                    help="count the native side twice (the method's own error)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--results-dir", type=Path, default=ROOT / "benchmarks" / "results")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--markdown", type=Path)
    ap.add_argument("--child", nargs=4, metavar=("FRAMEWORK", "WORKLOAD", "SIDE", "CALLS"),
                    help=argparse.SUPPRESS)
    opts = ap.parse_args(argv)
    if opts.child:
        fw, wl, side, calls = opts.child
        child(fw, wl, side, int(calls))
        return
    if opts.cells:
        cells = [tuple(c.split(":")) for c in opts.cells.split(",") if c]
    else:
        cells = [(f, w) for w in opts.workloads.split(",") for f in opts.frameworks.split(",")]
    try:
        valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True,
                                  check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)") from None
    sides = ("none", "native-again" if opts.aa else "arraykit", "native")
    jobs = [(fw, wl, side) for fw, wl in cells for side in sides]
    totals: dict[tuple[str, str], dict] = {}
    failed: set[tuple[str, str]] = set()
    with tempfile.TemporaryDirectory(prefix="arraykit-instr-") as tmp:
        def run(job: tuple[str, str, str]) -> None:
            fw, wl, side = job
            try:
                totals.setdefault((fw, wl), {})[side] = count(
                    fw, wl, side, opts.calls, opts.cache_sim, Path(tmp), opts.last_level,
                    opts.branch_sim)
            except RuntimeError as exc:
                failed.add((fw, wl))
                sys.stderr.write(f"  failed: {exc}\n")
                return
            sys.stderr.write(f"[{datetime.datetime.now():%H:%M:%S}] {fw} {wl} {side}: "
                             f"{totals[fw, wl][side]['Ir']:,} instructions\n")

        with ThreadPoolExecutor(opts.jobs) as pool:
            list(pool.map(run, jobs))
    records = [per_call(fw, wl, opts.calls, totals[fw, wl], opts.aa) for fw, wl in cells
               if (fw, wl) not in failed]
    meta = {"date": f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
            "valgrind": valgrind, "python": sys.version.split()[0], "calls": opts.calls,
            "last_level": opts.last_level,
            "version_of": _versions(sorted({fw for fw, _ in cells}))}
    meta["versions"] = ", ".join(f"{k} {v}" for k, v in meta["version_of"].items())
    text = markdown(records, meta, _timed(opts.results_dir))
    print(text)
    if opts.json:
        opts.json.write_text(json.dumps({"meta": meta, "cells": records}, indent=1) + "\n")
    if opts.markdown:
        opts.markdown.write_text(text)


if __name__ == "__main__":
    main()
