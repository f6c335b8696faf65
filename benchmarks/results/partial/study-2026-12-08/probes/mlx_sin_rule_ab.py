"""One-process A/B of an MLX cell with and without the shim's sin(-0.0) rule.

``python mlx_sin_rule_ab.py [mechanics|control] [rounds]``: the workload through arraykit as
it is (``ak``), with the namespace's ``sin`` replaced by plain ``mx.sin`` (``ak_plainsin``,
wrong at -0.0: a measurement only) and native MLX (``nat``), interleaved; a side's time in a
round is its best of three blocks of three calls (CPU time, eval included). Prints each
side's median and the median of its per-round ratio to native. Run with the study's thread
environment (``benchmarks/overhead/threads.py``) for figures comparable to the study's.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

import mlx.core as mx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

import arraykit
from benchmarks.native import mlx_ as native
from benchmarks.overhead.inputs import SIZES, make_inputs
from benchmarks.workloads import control, mechanics


def main() -> None:
    workload = sys.argv[1] if len(sys.argv) > 1 else "mechanics"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 21
    args = tuple(mx.array(a) for a in make_inputs(workload, SIZES["full"]))
    xp = arraykit.array_namespace(args[0])
    rule_sin = xp.sin
    if workload == "control":
        ak, nat = control.cost_and_grad, native.control_grad
    else:
        ak, nat = mechanics.workload, native.mechanics

    def run_ak():
        mx.eval(ak(*args))

    def run_plain():
        xp.sin = mx.sin
        try:
            mx.eval(ak(*args))
        finally:
            xp.sin = rule_sin

    sides = {"nat": lambda: mx.eval(nat(*args)), "ak": run_ak, "ak_plainsin": run_plain}
    for f in sides.values():
        f()
        f()
    times: dict[str, list[float]] = {k: [] for k in sides}
    gc.disable()
    for r in range(rounds):
        for k in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
            best = float("inf")
            for _ in range(3):
                t0 = time.process_time()
                for _ in range(3):
                    sides[k]()
                best = min(best, (time.process_time() - t0) / 3)
            times[k].append(best * 1e6)
        gc.collect()
    base = np.array(times["nat"])
    for k, t in times.items():
        a = np.array(t)
        print(f"{k:12s} {np.median(a):9.1f} us  {100 * np.median(a / base - 1):+6.2f}%")


if __name__ == "__main__":
    main()
