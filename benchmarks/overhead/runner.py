"""The run: every selected cell checked, then timed, into one results document."""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
import traceback
from pathlib import Path

from .cases import (
    ATOL,
    RTOL,
    VOXEL_MOVED,
    build_case,
    compare,
    meets_target,
    native_copy,
    target_pct,
)
from .frameworks import Framework, load_framework
from .inputs import SIZES, describe_size, make_inputs
from .micro import micro_dispatch, micro_mxnet_ops, micro_tf_ops
from .threads import CLOCKS, environment_pinned, malloc_fixed, pin_runtime
from .timing import CYCLES, SLOW_BLOCK_S, profile_top, program_check, time_ab

#: Recorded in each results document: the native code runs arraykit's own algorithms.
NATIVE_BASELINE = "same algorithm as arraykit"

#: Interleaved rounds per cell at most, per workload: an eager rollouts call takes 0.5-1.5 s
#: on jax and TF (both sides retrace their vmap every call), so 21 rounds would add ~75 s to
#: the study for those two cells alone; 9 keep the workload's cells near a minute.
ROUNDS_CAP = {"rollouts": 9}

#: What an A/A run (``--aa``: native code on both sides) must show for the method to resolve
#: 1%: a median within +-0.5% and an interquartile range under 1 point (in several processes:
#: the median of the process medians within +-0.5% and its interval's half-width at most 1).
AA_MEDIAN_PCT = 0.5
AA_IQR_PCT = 1.0

#: Cells not run, with the reason recorded in their place (status "skipped").
#: (torch rollouts compiled was one until 3af8bed: Inductor took minutes lowering the traced
#: Threefry of ext.random; the draws are one custom operator now, compiled in ~10 s.)
SKIPPED_CELLS: dict[tuple[str, str, str], str] = {}
#: The small-array filter measures eager code, a call of a few microseconds per operation;
#: compiled, its 200-step Python loop unrolls into one program of ~3,000 operations: jax.jit
#: took 146 s (native) and 245 s (arraykit) to compile it on the 2-core CPU under a load of
#: 12 (2026-12-05), so the compiled cells would add minutes per framework for no per-call
#: figure. (At the --quick size, 10 steps, the tests still check jax.jit's result.)
SKIPPED_CELLS.update({
    ("kalman", fw, "compiled"): (
        "not run: compiled, the filter's 200-step Python loop unrolls into one program of "
        "~3,000 operations (jax.jit compiled it in 146 s natively, 245 s through arraykit, "
        "on the 2-core CPU); the workload measures eager per-call cost")
    for fw in ("torch", "jax", "tensorflow", "mlx", "cupy")})


class Progress:
    """A one-line progress bar on stderr (a line per step when stderr is not a terminal)."""

    def __init__(self, total: int, width: int = 28) -> None:
        self.total, self.done, self.width = max(total, 1), 0, width
        self.tty = sys.stderr.isatty()
        self.t0 = time.perf_counter()

    def step(self, label: str) -> None:
        filled = int(self.width * self.done / self.total)
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.perf_counter() - self.t0
        text = f"[{bar}] {self.done}/{self.total} {elapsed:5.0f}s {label}"
        if self.tty:
            sys.stderr.write("\r" + text[:110].ljust(110))
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()
        self.done += 1

    def close(self) -> None:
        self.done = self.total
        self.step("done")
        if self.tty:
            sys.stderr.write("\n")


# --- the run ---------------------------------------------------------------------------------

def env_name() -> str:
    """This environment's results-file name: "main" for .venv, "mxnet" for .venv-mxnet."""
    base = Path(sys.prefix).name
    if base == ".venv":
        return "main"
    return base.removeprefix(".venv-") or base


def _arraykit_error(exc: BaseException) -> bool:
    """Whether ``exc`` was raised inside arraykit (a shim or extension gap, not a bug in the
    benchmark code)."""
    tb = traceback.extract_tb(exc.__traceback__)
    return any("/arraykit/" in f.filename for f in tb[-3:])


def run_case(fw: Framework, workload: str, mode: str, size: dict, opts: argparse.Namespace,
             progress: Progress | None = None) -> dict:
    """Check and time one cell; returns its JSON record (status ok/mismatch/error)."""
    if workload == "control" and mode == "compiled" and opts.compiled_steps:
        size = dict(size, steps=opts.compiled_steps)
    rec: dict = {"workload": workload, "framework": fw.name, "version": fw.version,
                 "mode": mode, "size": describe_size(workload, size)}
    args = tuple(fw.asarray(a) for a in make_inputs(workload, size))
    try:
        case = build_case(fw, workload, mode, args, full_vision=True)
        t0 = time.perf_counter()
        try:
            ak_out = case.arraykit()
        except Exception as e:
            if workload != "vision" or "arraykit/ext/nd" not in "".join(
                    traceback.format_exception(e)):
                raise
            # arraykit.ext.nd not available for this framework yet: the standard-only part.
            rec["notes"] = [f"resampling and voxels left out: arraykit.ext.nd failed "
                            f"({type(e).__name__}: {str(e).splitlines()[0][:120]})"]
            case = build_case(fw, workload, mode, args, full_vision=False)
            t0 = time.perf_counter()
            ak_out = case.arraykit()
        fw.sync(ak_out)
        rec["arraykit_first_call_s"] = time.perf_counter() - t0
        native_timed = case.native_timed or case.native
        t0 = time.perf_counter()
        nat_out = native_timed()
        fw.sync(nat_out)
        rec["native_first_call_s"] = time.perf_counter() - t0
        if case.native_timed is not None:
            nat_out = case.native()  # the check: on arraykit's random numbers
    except Exception as e:  # noqa: BLE001  (any failure of a cell is recorded, the run goes on)
        rec.update(status="error", error=f"{type(e).__name__}: {str(e).splitlines()[0][:300]}"
                   if str(e) else type(e).__name__,
                   error_in_arraykit=_arraykit_error(e))
        return rec
    rec.update(variant=case.variant, arraykit_compiler=case.arraykit_compiler,
               native_compiler=case.native_compiler)
    if case.jitted is not None:
        from arraykit.ext.jit import compilation

        rec["arraykit_compilation"] = compilation(case.jitted)
    ok, detail = compare(workload, ak_out, nat_out, fw.to_numpy)
    rec["check"] = detail
    if not ok:
        rec["status"] = "mismatch"
        return rec
    if opts.check_only:
        rec["status"] = "checked"
        return rec
    if progress is not None:
        progress.step(f"timing {workload} {fw.name} {mode}")
    rounds = min(opts.rounds, ROUNDS_CAP.get(workload, opts.rounds))
    clock = CLOCKS[getattr(opts, "clock", "wall")]
    cycles = getattr(opts, "cycles", CYCLES)
    if getattr(opts, "aa", False):
        # The A/A check: the native code on both sides, so any overhead measured is the
        # method's error; side B a second copy of it (its module loaded again, its own
        # inputs), so that the two sides differ in where their code and data live, as
        # arraykit's and the native code do.
        twin = native_copy(fw, workload, mode, size, full_vision=case.variant != "reproject only")
        rec.update(time_ab(native_timed, twin, fw.sync, rounds,
                           opts.min_sample_s, clock, cycles))
        rec["aa_sides"] = "native code against a second copy of its module and inputs"
        rec.update(rounds=rounds, aa=True, target_pct=AA_MEDIAN_PCT, status="ok")
        rec["meets_target"] = (abs(rec["overhead_median_pct"]) <= AA_MEDIAN_PCT
                               and rec["overhead_q3_pct"] - rec["overhead_q1_pct"] < AA_IQR_PCT)
        return rec
    rec.update(time_ab(case.arraykit, native_timed, fw.sync, rounds, opts.min_sample_s, clock,
                       cycles))
    rec["rounds"] = rounds
    rec["target_pct"] = target_pct(workload, mode, fw.name)
    rec["meets_target"] = meets_target(rec)
    rec["status"] = "ok"
    if not rec["meets_target"] and not opts.no_profile:
        calls = max(3, min(rec["number"], 20))
        rec["profile_arraykit"] = profile_top(case.arraykit, fw.sync, calls)
    if mode == "compiled":  # after timing and profiling: the torch check resets dynamo
        rec.update(program_check(fw, case, args, opts.rounds))
        rec["meets_target"] = meets_target(rec)
    return rec


def _loadavg() -> list[float] | None:
    try:
        return list(os.getloadavg())
    except OSError:
        return None


def run(opts: argparse.Namespace, path: Path | None = None,
        prior_results: list[dict] | None = None) -> dict:
    """Run the study for the frameworks installed here; returns the results document.

    With ``path``, the document is also written there after every cell, so an interrupted
    run leaves what it measured. ``prior_results`` (the eager cells measured in separate
    processes, ``processes.py``) open the document's results."""
    size = SIZES["quick" if opts.quick else "full"]
    device = getattr(opts, "device", "cpu")
    skipped: dict[str, str] = {}
    frameworks = [fw for fw in (load_framework(n, device, skipped) for n in opts.frameworks)
                  if fw is not None]
    threads = getattr(opts, "threads", 0)
    unpinned = [m for fw in frameworks for m in pin_runtime(fw.name, fw.module, threads)]
    cells = []
    for fw in frameworks:
        for workload in opts.workloads:
            for mode in opts.modes:
                if mode == "compiled" and fw.compile is None:
                    continue
                if mode == "compiled" and fw.name == "torch" and not opts.torch_compile:
                    continue
                cells.append((fw, workload, mode))
    micro = [m for m in opts.micro
             if (m == "dispatch")
             or (m == "tf_ops" and any(f.name == "tensorflow" for f in frameworks))
             or (m == "mxnet_ops" and any(f.name == "mxnet" for f in frameworks))]
    doc: dict = {
        "env": opts.env, "quick": opts.quick, "started": time.strftime("%Y-%m-%d %H:%M:%S UTC",
                                                                       time.gmtime()),
        "python": sys.version.split()[0], "platform": platform.platform(),
        "cpus": os.cpu_count(), "loadavg_start": _loadavg(),
        "versions": {fw.name: fw.version for fw in frameworks},
        "rounds": opts.rounds, "min_sample_s": opts.min_sample_s,
        "clock": getattr(opts, "clock", "wall"), "order": "ABBA", "threads": threads,
        "cycles": getattr(opts, "cycles", CYCLES), "slow_block_s": SLOW_BLOCK_S,
        "threads_env_before_import": environment_pinned(threads) if threads else None,
        "malloc": "fixed" if malloc_fixed() else "default",
        "threads_not_pinned": unpinned, "aa": getattr(opts, "aa", False),
        "tolerance": {"rtol": RTOL, "atol_times_max": ATOL, "voxel_points_moved": VOXEL_MOVED},
        "note": opts.note, "device": device, "skipped": skipped,
        # What the native side runs (see benchmarks/native/__init__.py); absent in results
        # measured before the native side ran arraykit's algorithms (their vision and
        # eager-control baselines were slower).
        "native_baseline": NATIVE_BASELINE, "results": list(prior_results or ()), "micro": {},
        "processes": getattr(opts, "processes", 1),
    }
    per_cell = 1 if opts.check_only else 2  # checking, then timing
    progress = Progress(per_cell * len(cells) + len(micro))

    def save() -> None:
        if path is not None:
            path.write_text(json.dumps(doc, indent=1) + "\n")

    def do_cell(fw: Framework, workload: str, mode: str) -> None:
        progress.step(f"checking {workload} {fw.name} {mode}")
        reason = SKIPPED_CELLS.get((workload, fw.name, mode))
        if reason is not None:
            rec = {"workload": workload, "framework": fw.name, "version": fw.version,
                   "mode": mode, "size": describe_size(workload, size), "status": "skipped",
                   "error": reason}
            if not opts.check_only:
                progress.done += 1
            doc["results"].append(rec)
            save()
            return
        rec = run_case(fw, workload, mode, size, opts, progress)
        if rec["status"] in ("error", "mismatch") and not opts.check_only:
            progress.done += 1  # the timing step that will not happen
        doc["results"].append(rec)
        save()

    # The compiled rollout gradients run last: torch.compile unrolls the 100-step scan
    # (a Python loop there) and is the slowest compile; an interrupted run keeps the rest.
    slow = [c for c in cells if c[1] == "control" and c[2] == "compiled"]
    for cell in cells:
        if cell not in slow:
            do_cell(*cell)
    for m in micro:
        progress.step(f"micro {m}")
        try:
            doc["micro"][m] = {"dispatch": micro_dispatch, "tf_ops": micro_tf_ops,
                               "mxnet_ops": micro_mxnet_ops}[m](opts.quick)
        except Exception as e:  # noqa: BLE001  (a missing optional piece: record it, keep the rest)
            doc["micro"][m] = {"error": f"{type(e).__name__}: {e}"}
        save()
    for cell in slow:
        do_cell(*cell)
    progress.close()
    doc["loadavg_end"] = _loadavg()
    doc["finished"] = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    return doc

