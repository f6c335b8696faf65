"""Throughput of ``arraykit.ext.random.uniform``/``normal`` (10**7 float32 values) per backend,
against that framework's own generator. Eager, CPU, best of ``--repeat`` calls after one warm-up.

    .venv/bin/python -m benchmarks.random_throughput [--n 10000000] [--repeat 3] [--clock cpu]
    .venv-mxnet/bin/python -m benchmarks.random_throughput

``--clock wall`` (the default) times the call; ``--clock cpu`` the process's CPU time, all its
threads together (steadier on a loaded machine; a generator that uses several threads shows
its whole work, not its latency).
"""

from __future__ import annotations

import argparse
import importlib
import time


def _sync(name):
    """The registry row's materialise hook: waits for the values (mx.eval, block_until_ready,
    wait_to_read), as ``arraykit demo`` does."""
    from arraykit._registry import BY_NAME

    return BY_NAME[{"strict": "array_api_strict"}.get(name, name)].materialised


def _native(name, n):
    """(make-like-array, sync, {dist: native sampler}) for a backend, or None if absent."""
    try:
        module_name = {"strict": "array_api_strict", "mlx": "mlx.core"}.get(name, name)
        mod = importlib.import_module(module_name)
    except ImportError:
        return None
    if name == "numpy":
        g = mod.random.default_rng(0)
        return (mod.zeros(1, dtype=mod.float32), _sync(name),
                {"uniform": lambda: g.random(n, dtype=mod.float32),
                 "normal": lambda: g.standard_normal(n, dtype=mod.float32)})
    if name == "torch":
        gen = mod.Generator().manual_seed(0)
        return (mod.zeros(1), _sync(name),
                {"uniform": lambda: mod.rand(n, generator=gen),
                 "normal": lambda: mod.randn(n, generator=gen)})
    if name == "jax":
        k = mod.random.key(0)
        return (mod.numpy.zeros(1), _sync(name),
                {"uniform": lambda: mod.random.uniform(k, (n,)),
                 "normal": lambda: mod.random.normal(k, (n,))})
    if name == "tensorflow":
        g = mod.random.Generator.from_seed(0)
        return (mod.zeros(1), _sync(name),
                {"uniform": lambda: g.uniform((n,)), "normal": lambda: g.normal((n,))})
    if name == "mxnet":
        mod.npx.set_np()
        return (mod.np.zeros(1), _sync(name),
                {"uniform": lambda: mod.np.random.uniform(size=(n,)),
                 "normal": lambda: mod.np.random.normal(size=(n,))})
    if name == "mlx":
        return (mod.zeros(1), _sync(name),
                {"uniform": lambda: mod.random.uniform(shape=(n,)),
                 "normal": lambda: mod.random.normal((n,))})
    if name == "paddle":
        return (mod.zeros([1]), _sync(name),
                {"uniform": lambda: mod.rand([n]), "normal": lambda: mod.randn([n])})
    return None


def _ours(like, n):
    """arraykit.ext.random's draws of ``n`` values, from a key made for ``like``'s framework."""
    from arraykit.ext import random as R

    key = R.key(0, like=like)
    return {"uniform": lambda: R.uniform(key, (n,)), "normal": lambda: R.normal(key, (n,))}


def _best(fn, sync, repeat, clock=time.perf_counter):
    sync(fn())  # warm-up (jax compiles here)
    times = []
    for _ in range(repeat):
        t = clock()
        sync(fn())
        times.append(clock() - t)
    return min(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10**7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backends", default="numpy,torch,jax,tensorflow,mxnet,mlx,paddle")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.clock == "wall" else time.process_time

    print("| backend | dist | arraykit.ext.random (ms) | native (ms) | native generator | ratio |")
    print("|---|---|---|---|---|---|")
    for name in args.backends.split(","):
        got = _native(name, args.n)
        if got is None:
            continue
        like, sync, native = got
        ours = _ours(like, args.n)
        label = {"numpy": "Generator(PCG64)", "torch": "torch.rand/randn (mt19937)",
                 "jax": "jax.random (threefry, XLA)", "tensorflow": "tf.random.Generator (philox)",
                 "mxnet": "mx.np.random", "mlx": "mx.random (threefry)",
                 "paddle": "paddle.rand/randn"}[name]
        for dist in ("uniform", "normal"):
            a = _best(ours[dist], sync, args.repeat, clock) * 1e3
            b = _best(native[dist], sync, args.repeat, clock) * 1e3
            print(f"| {name} | {dist} | {a:.0f} | {b:.0f} | {label} | {a / b:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
