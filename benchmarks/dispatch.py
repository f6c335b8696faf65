"""Dispatch overhead: ``arraykit.array_namespace`` vs ``array_api_compat.array_namespace``.

Both are timed in the same process, interleaved (A, B, A, B, ...), after a warm-up call, for
the cases library code meets: one array, several arrays, arrays mixed with Python scalars.
Prints the median time per call and the spread (interquartile range) in nanoseconds.

    python benchmarks/dispatch.py [--rounds 21] [--number 20000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import timeit

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import array_api_compat
import numpy as np

import arraykit


def cases() -> list[tuple[str, tuple, bool]]:
    """(label, arguments, whether array-api-compat supports them)."""
    x = np.ones(4)
    found = [
        ("numpy, 1 array", (x,), True),
        ("numpy, 3 arrays", (x, x, x), True),
        ("numpy, array + 2 scalars", (x, 1.0, 2), True),
        ("numpy scalar (np.float64)", (np.float64(1.0),), True),
    ]
    for name, make, compat_ok in [
        ("torch", lambda: __import__("torch").ones(4), True),
        ("jax", lambda: __import__("jax.numpy").numpy.ones(4), True),
        ("dask", lambda: __import__("dask.array").array.ones(4), True),
        ("array_api_strict", lambda: __import__("array_api_strict").ones(4), True),
        ("tensorflow", lambda: __import__("tensorflow").ones(4), False),
    ]:
        try:
            a = make()
            arraykit.array_namespace(a)
        except Exception:  # noqa: BLE001 - a probe: framework absent or its namespace not built
            continue
        found.append((f"{name}, 1 array", (a,), compat_ok))
    return found


def time_interleaved(funcs: dict, args: tuple, rounds: int, number: int) -> dict:
    samples: dict[str, list[float]] = {name: [] for name in funcs}
    for f in funcs.values():
        f(*args)  # warm-up: fills the caches both libraries keep
    for _ in range(rounds):
        for name, f in funcs.items():
            t = timeit.timeit(lambda: f(*args), number=number)  # noqa: B023 - timed here
            samples[name].append(t / number * 1e9)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--number", type=int, default=20000)
    args = parser.parse_args(argv)

    # The timing loop's own cost (a lambda calling an empty function) is in both columns;
    # it is printed, not subtracted.
    baseline = time_interleaved({"empty": lambda *a: None}, (), args.rounds, args.number)
    loop_cost = statistics.median(baseline["empty"])
    print(f"arraykit {arraykit.__version__}, array-api-compat {array_api_compat.__version__}, "
          f"Python {sys.version.split()[0]}; median of {args.rounds} rounds x {args.number} "
          f"calls, ns per call (the timing loop alone costs {loop_cost:.0f} ns)")
    header = f"{'case':28} {'arraykit':>10} {'(IQR)':>8} {'compat':>10} {'(IQR)':>8} {'ratio':>7}"
    print(header)
    print("-" * len(header))
    for label, cargs, compat_ok in cases():
        funcs = {"arraykit": arraykit.array_namespace}
        if compat_ok:
            funcs["compat"] = array_api_compat.array_namespace
        samples = time_interleaved(funcs, cargs, args.rounds, args.number)
        cells = []
        for name in ("arraykit", "compat"):
            if name in samples:
                q = statistics.quantiles(samples[name], n=4)
                cells.append((statistics.median(samples[name]), q[2] - q[0]))
            else:
                cells.append(None)
        ak, cp = cells
        row = f"{label:28} {ak[0]:10.0f} {ak[1]:8.0f} "
        if cp is None:
            row += f"{'unsupported':>10} {'':>8} {'':>7}"
        else:
            row += f"{cp[0]:10.0f} {cp[1]:8.0f} {cp[0] / ak[0]:6.1f}x"
        print(row, flush=True)
    print("ratio = compat time / arraykit time (above 1: arraykit is faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
