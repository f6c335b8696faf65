"""Small-input cost per call through ``arraykit.array_namespace(x)`` against the native call.

For NumPy, torch and JAX, five calls on small inputs ((3,) vectors, (2, 2) matrices): add,
matmul, sum, concat, reshape. Each is timed as ``xp.<fn>(...)`` with ``xp`` fetched once
(what library code does) and as the framework's own function (``np.add``, ``torch.add``,
``jnp.add``...), in the same process, interleaved (A, B, A, B, ...) so that load on the machine
hits both alike. JAX results are blocked on in both columns. Prints the median ns per call,
the spread (interquartile range), the fastest block (the least disturbed by other processes
on a shared machine) and the differences arraykit - native of medians and of minima.

    python benchmarks/call_cost.py [--rounds 15] [--number 5000] [--json out.json]

Compare two versions of arraykit by the "extra" column (run both on the same machine): the
native column shows how loaded the machine was.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import timeit
from collections.abc import Callable

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("JAX_ENABLE_X64", "1")

import numpy as np

import arraykit

Call = Callable[[], object]


def numpy_calls() -> dict[str, tuple[Call, Call]]:
    v, m = np.ones(3), np.ones((2, 2))
    xp = arraykit.array_namespace(v)
    return {
        "add": (lambda: xp.add(v, v), lambda: np.add(v, v)),
        "matmul": (lambda: xp.matmul(m, m), lambda: np.matmul(m, m)),
        "sum": (lambda: xp.sum(v), lambda: np.sum(v)),
        "concat": (lambda: xp.concat([v, v]), lambda: np.concatenate([v, v])),
        "reshape": (lambda: xp.reshape(m, (4,)), lambda: np.reshape(m, (4,))),
    }


def torch_calls() -> dict[str, tuple[Call, Call]]:
    import torch

    v, m = torch.ones(3, dtype=torch.float64), torch.ones((2, 2), dtype=torch.float64)
    xp = arraykit.array_namespace(v)
    return {
        "add": (lambda: xp.add(v, v), lambda: torch.add(v, v)),
        "matmul": (lambda: xp.matmul(m, m), lambda: torch.matmul(m, m)),
        "sum": (lambda: xp.sum(v), lambda: torch.sum(v)),
        "concat": (lambda: xp.concat([v, v]), lambda: torch.cat([v, v])),
        "reshape": (lambda: xp.reshape(m, (4,)), lambda: torch.reshape(m, (4,))),
    }


def jax_calls() -> dict[str, tuple[Call, Call]]:
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    v, m = jnp.ones(3), jnp.ones((2, 2))
    xp = arraykit.array_namespace(v)
    return {
        "add": (lambda: xp.add(v, v).block_until_ready(),
                lambda: jnp.add(v, v).block_until_ready()),
        "matmul": (lambda: xp.matmul(m, m).block_until_ready(),
                   lambda: jnp.matmul(m, m).block_until_ready()),
        "sum": (lambda: xp.sum(v).block_until_ready(),
                lambda: jnp.sum(v).block_until_ready()),
        "concat": (lambda: xp.concat([v, v]).block_until_ready(),
                   lambda: jnp.concatenate([v, v]).block_until_ready()),
        "reshape": (lambda: xp.reshape(m, (4,)).block_until_ready(),
                    lambda: jnp.reshape(m, (4,)).block_until_ready()),
    }


FRAMEWORKS = {"numpy": numpy_calls, "torch": torch_calls, "jax": jax_calls}


def time_pair(ours: Call, native: Call, rounds: int, number: int) -> tuple[list, list]:
    """Interleaved samples (ns per call) of both callables, after a warm-up call each."""
    ours(), native()
    a: list[float] = []
    b: list[float] = []
    for _ in range(rounds):
        a.append(timeit.timeit(ours, number=number) / number * 1e9)
        b.append(timeit.timeit(native, number=number) / number * 1e9)
    return a, b


def spread(samples: list[float]) -> float:
    q = statistics.quantiles(samples, n=4)
    return q[2] - q[0]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/call_cost.py")
    p.add_argument("--rounds", type=int, default=31)
    p.add_argument("--number", type=int, default=2000, help="calls per timed block")
    p.add_argument("--frameworks", default=",".join(FRAMEWORKS))
    p.add_argument("--json", default=None, help="also write the medians here")
    args = p.parse_args(argv)

    out: dict[str, dict[str, dict[str, float]]] = {}
    print(f"{'framework':10} {'call':8} {'arraykit ns':>12} {'(iqr)':>7} {'min':>7} "
          f"{'native ns':>10} {'(iqr)':>7} {'min':>7} {'extra ns':>9} {'extra min':>9}")
    for fw in args.frameworks.split(","):
        try:
            calls = FRAMEWORKS[fw]()
        except ImportError:
            print(f"{fw:10} not installed")
            continue
        for name, (ours, native) in calls.items():
            a, b = time_pair(ours, native, args.rounds, args.number)
            ma, mb = statistics.median(a), statistics.median(b)
            out.setdefault(fw, {})[name] = {
                "arraykit_ns": round(ma), "native_ns": round(mb), "extra_ns": round(ma - mb),
                "arraykit_min_ns": round(min(a)), "native_min_ns": round(min(b)),
                "extra_min_ns": round(min(a) - min(b))}
            print(f"{fw:10} {name:8} {ma:12.0f} {spread(a):7.0f} {min(a):7.0f} {mb:10.0f} "
                  f"{spread(b):7.0f} {min(b):7.0f} {ma - mb:9.0f} {min(a) - min(b):9.0f}",
                  flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
