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
native column shows how loaded the machine was. The "errors" columns time, interleaved with
the other two, the namespace's function without the error translation of
``arraykit/shims/_common/errors.py`` (its ``__wrapped__``): arraykit - that, the translation's
own cost per call, measured in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import timeit
import types
from collections.abc import Callable

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("JAX_ENABLE_X64", "1")

import numpy as np

import arraykit

Call = Callable[[], object]


def _unwrapped(xp: object, names: tuple[str, ...]) -> types.SimpleNamespace:
    """``xp``'s functions ``names`` as they were before ``_common.errors`` wrapped them (their
    ``__wrapped__``), looked up once as ``xp``'s are: timing both gives the cost of the error
    translation alone."""
    def bare(f: object) -> object:
        return f.__wrapped__ if getattr(f, "__arraykit_errors__", False) else f

    return types.SimpleNamespace(**{n: bare(getattr(xp, n)) for n in names})


def _ours(xp, v, m, block=lambda r: r) -> dict[str, Call]:
    return {
        "add": lambda: block(xp.add(v, v)),
        "matmul": lambda: block(xp.matmul(m, m)),
        "sum": lambda: block(xp.sum(v)),
        "concat": lambda: block(xp.concat([v, v])),
        "reshape": lambda: block(xp.reshape(m, (4,))),
    }


def _table(xp, v, m, native: dict[str, Call], block=lambda r: r) -> dict[str, tuple]:
    ours = _ours(xp, v, m, block)
    bare = _ours(_unwrapped(xp, tuple(ours)), v, m, block)
    return {name: (ours[name], bare[name], native[name]) for name in native}


def numpy_calls() -> dict[str, tuple[Call, Call, Call]]:
    v, m = np.ones(3), np.ones((2, 2))
    return _table(arraykit.array_namespace(v), v, m, {
        "add": lambda: np.add(v, v), "matmul": lambda: np.matmul(m, m),
        "sum": lambda: np.sum(v), "concat": lambda: np.concatenate([v, v]),
        "reshape": lambda: np.reshape(m, (4,))})


def torch_calls() -> dict[str, tuple[Call, Call, Call]]:
    import torch

    v, m = torch.ones(3, dtype=torch.float64), torch.ones((2, 2), dtype=torch.float64)
    return _table(arraykit.array_namespace(v), v, m, {
        "add": lambda: torch.add(v, v), "matmul": lambda: torch.matmul(m, m),
        "sum": lambda: torch.sum(v), "concat": lambda: torch.cat([v, v]),
        "reshape": lambda: torch.reshape(m, (4,))})


def jax_calls() -> dict[str, tuple[Call, Call, Call]]:
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    v, m = jnp.ones(3), jnp.ones((2, 2))

    def block(r):
        return r.block_until_ready()

    return _table(arraykit.array_namespace(v), v, m, {
        "add": lambda: block(jnp.add(v, v)), "matmul": lambda: block(jnp.matmul(m, m)),
        "sum": lambda: block(jnp.sum(v)), "concat": lambda: block(jnp.concatenate([v, v])),
        "reshape": lambda: block(jnp.reshape(m, (4,)))}, block)


FRAMEWORKS = {"numpy": numpy_calls, "torch": torch_calls, "jax": jax_calls}


def time_interleaved(calls: tuple[Call, ...], rounds: int, number: int) -> list[list[float]]:
    """Interleaved samples (ns per call) of the callables (A, B, C, A, B, C, ...), after a
    warm-up call each."""
    for c in calls:
        c()
    samples: list[list[float]] = [[] for _ in calls]
    for _ in range(rounds):
        for c, out in zip(calls, samples):
            out.append(timeit.timeit(c, number=number) / number * 1e9)
    return samples


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
          f"{'native ns':>10} {'(iqr)':>7} {'min':>7} {'extra ns':>9} {'extra min':>9} "
          f"{'errors ns':>9} {'errors min':>10}")
    for fw in args.frameworks.split(","):
        try:
            calls = FRAMEWORKS[fw]()
        except ImportError:
            print(f"{fw:10} not installed")
            continue
        for name, triple in calls.items():
            a, u, b = time_interleaved(triple, args.rounds, args.number)
            ma, mu, mb = statistics.median(a), statistics.median(u), statistics.median(b)
            out.setdefault(fw, {})[name] = {
                "arraykit_ns": round(ma), "native_ns": round(mb), "extra_ns": round(ma - mb),
                "arraykit_min_ns": round(min(a)), "native_min_ns": round(min(b)),
                "extra_min_ns": round(min(a) - min(b)),
                "unwrapped_ns": round(mu), "errors_ns": round(ma - mu),
                "errors_min_ns": round(min(a) - min(u))}
            print(f"{fw:10} {name:8} {ma:12.0f} {spread(a):7.0f} {min(a):7.0f} {mb:10.0f} "
                  f"{spread(b):7.0f} {min(b):7.0f} {ma - mb:9.0f} {min(a) - min(b):9.0f} "
                  f"{ma - mu:9.0f} {min(a) - min(u):10.0f}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
