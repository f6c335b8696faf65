"""Per-call overhead of the MXNet shim over the raw ``mxnet.numpy`` op.

Run in the mxnet environment::

    .venv-mxnet/bin/python benchmarks/mxnet_shim_overhead.py [--repeat 2000] [--rounds 15]

For each op (add, multiply, exp, sum, mean, matmul on small float32 arrays) the raw
``mxnet.numpy`` call and the shim call are timed *interleaved* in one process: each round
times a block of raw calls, then a block of shim calls, so drift (frequency scaling, the MXNet
engine's queue) hits both equally.  Every block ends with ``wait_to_read()`` on its last result
so the asynchronous engine's work is counted.  Prints median per-call times and the overhead.

The default clock is the process's CPU time (``time.process_time``, all threads, including
MXNet's engine workers): on a shared, loaded machine it is far less noisy than wall time, and
the shim's overhead is CPU work in the calling thread either way.  ``--clock wall`` uses
``time.perf_counter``.

``--outside-np-mode`` times the calls with MXNet's NumPy mode off (the shim switches it on
around each of its calls and restores it); by default the mode is on, as in code that uses
``mxnet.numpy`` arrays directly.
"""

from __future__ import annotations

import argparse
import statistics
import time

from mxnet import np as mnp
from mxnet import npx

import arraykit.shims.mxnet as xp

npx.set_np()


_CLOCK = time.process_time


def _block(fn, args, n):
    t0 = _CLOCK()
    for _ in range(n):
        r = fn(*args)
    r.wait_to_read()
    return (_CLOCK() - t0) / n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=2000, help="calls per timed block")
    ap.add_argument("--rounds", type=int, default=15, help="interleaved rounds per op")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="cpu: time.process_time (default); wall: time.perf_counter")
    ap.add_argument("--outside-np-mode", action="store_true",
                    help="time with MXNet's NumPy mode off (npx.reset_np())")
    ns = ap.parse_args()
    if ns.outside_np_mode:
        npx.reset_np()
    global _CLOCK  # noqa: PLW0603 - chosen once, from --clock, before any timing
    _CLOCK = time.process_time if ns.clock == "cpu" else time.perf_counter
    print(f"clock: {ns.clock}; {ns.rounds} interleaved rounds of {ns.repeat} calls per op; "
          f"NumPy mode {'off' if ns.outside_np_mode else 'on'}")

    a = mnp.ones((8, 8), dtype="float32")
    b = mnp.ones((8, 8), dtype="float32")
    cases = [
        ("add", mnp.add, xp.add, (a, b)),
        ("multiply", mnp.multiply, xp.multiply, (a, b)),
        ("exp", mnp.exp, xp.exp, (a,)),
        ("sum", mnp.sum, xp.sum, (a,)),
        ("mean", mnp.mean, xp.mean, (a,)),
        ("matmul", mnp.matmul, xp.matmul, (a, b)),
    ]
    print(f"{'op':<10}{'raw mxnet.numpy (us)':>22}{'arraykit shim (us)':>20}{'overhead (us)':>16}")
    worst = 0.0
    for name, raw, shim, args in cases:
        for _ in range(2):  # warm-up both paths
            _block(raw, args, 100)
            _block(shim, args, 100)
        raws, shims, diffs = [], [], []
        for _ in range(ns.rounds):
            r = _block(raw, args, ns.repeat)
            s = _block(shim, args, ns.repeat)
            raws.append(r)
            shims.append(s)
            diffs.append(s - r)
        r, s, d = (statistics.median(v) * 1e6 for v in (raws, shims, diffs))
        worst = max(worst, d)
        print(f"{name:<10}{r:>22.2f}{s:>20.2f}{d:>16.2f}")
    print(f"largest median overhead: {worst:.2f} us per call (target: < 1 us)")


if __name__ == "__main__":
    main()
