"""Overhead of ``arraykit.ext.nd`` over the hand-written native op, per framework.

For each framework present: ``gather_nd`` and a scatter-add (``scatter_nd`` with the default
"sum", i.e. duplicates summed) with 10^5 random (in-bounds, duplicated) index pairs into a
1000 x 1000 float32 array, against what a user of that framework would write by hand:

    numpy       x[i0, i1]                    np.add.at(np.zeros(s), (i0, i1), v)
    torch       x[i0, i1]                    torch.zeros(s).index_put_((i0, i1), v, accumulate=True)
    jax         jax.jit(lambda: x[i0, i1])   jax.jit(lambda: zeros(s).at[i0, i1].add(v))
                (also: arraykit's functions inside jax.jit, against the same)
    tensorflow  tf.gather_nd(x, idx)         tf.scatter_nd(idx, v, s)
    mxnet       npx.gather_nd(x, idx.T)      _backward_gather_nd(v, idx.T, s) (the summing
                                             scatter kernel mxnet has; internal API)

numpy/torch/jax get their index columns i0, i1 prepared in advance (free); mxnet's native
side transposes the same (n, 2) indices inside the timed call, as a user holding them would.
Each sample times ``--number`` calls (results forced: block_until_ready / wait_to_read); A and
B alternate (A, B, B, A, ...) for ``--rounds`` rounds. Prints median time per call, the
interquartile range, the overhead as the median of the per-round ratios B/A - 1 (robust
against drifting machine load), and the ratio of the best rounds (min/min, the least disturbed
samples on a shared machine).

    python benchmarks/nd_overhead.py [--rounds 31] [--number 5] [--n 100000] [--only numpy,torch]
                                     [--threads 1]
    .venv-mxnet/bin/python benchmarks/nd_overhead.py          # the mxnet figures
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np

from arraykit.ext import nd

SHAPE = (1000, 1000)


def data(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    idx = np.stack([rng.integers(0, SHAPE[0], n), rng.integers(0, SHAPE[1], n)], axis=-1)
    x = rng.standard_normal(SHAPE).astype(np.float32)
    v = rng.standard_normal(n).astype(np.float32)
    return x, idx.astype(np.int64), v


def cases_numpy(x, idx, v):
    i0, i1 = idx[:, 0].copy(), idx[:, 1].copy()

    def native_scatter():
        out = np.zeros(SHAPE, np.float32)
        np.add.at(out, (i0, i1), v)
        return out

    return [
        ("gather_nd", lambda: x[i0, i1], lambda: nd.gather_nd(x, idx)),
        ("scatter add", native_scatter, lambda: nd.scatter_nd(idx, v, SHAPE)),
    ]


def cases_torch(x, idx, v):
    import torch

    x, idx, v = torch.asarray(x), torch.asarray(idx), torch.asarray(v)
    i0, i1 = idx[:, 0].contiguous(), idx[:, 1].contiguous()
    return [
        ("gather_nd", lambda: x[i0, i1], lambda: nd.gather_nd(x, idx)),
        ("scatter add",
         lambda: torch.zeros(SHAPE).index_put_((i0, i1), v, accumulate=True),
         lambda: nd.scatter_nd(idx, v, SHAPE)),
    ]


def cases_jax(x, idx, v):
    import jax
    import jax.numpy as jnp

    x, idx, v = jnp.asarray(x), jnp.asarray(idx), jnp.asarray(v)
    i0, i1 = idx[:, 0], idx[:, 1]
    gather = jax.jit(lambda x, i0, i1: x[i0, i1])
    scatter = jax.jit(lambda i0, i1, v: jnp.zeros(SHAPE, v.dtype).at[i0, i1].add(v))
    # Inside a jitted function (no eager bounds check: the compiled rule applies).
    nd_gather = jax.jit(nd.gather_nd)
    nd_scatter = jax.jit(lambda idx, v: nd.scatter_nd(idx, v, SHAPE))
    return [
        ("gather_nd", lambda: gather(x, i0, i1).block_until_ready(),
         lambda: nd.gather_nd(x, idx).block_until_ready()),
        ("scatter add", lambda: scatter(i0, i1, v).block_until_ready(),
         lambda: nd.scatter_nd(idx, v, SHAPE).block_until_ready()),
        ("gather (jit)", lambda: gather(x, i0, i1).block_until_ready(),
         lambda: nd_gather(x, idx).block_until_ready()),
        ("scatter (jit)", lambda: scatter(i0, i1, v).block_until_ready(),
         lambda: nd_scatter(idx, v).block_until_ready()),
    ]


def cases_tensorflow(x, idx, v):
    import tensorflow as tf

    x, idx, v = tf.constant(x), tf.constant(idx), tf.constant(v)
    return [
        ("gather_nd", lambda: tf.gather_nd(x, idx), lambda: nd.gather_nd(x, idx)),
        ("scatter add", lambda: tf.scatter_nd(idx, v, SHAPE),
         lambda: nd.scatter_nd(idx, v, SHAPE)),
    ]


def cases_mxnet(x, idx, v):
    from mxnet import np as mnp
    from mxnet import npx
    from mxnet.ndarray import _internal

    npx.set_np()
    x, idx, v = mnp.array(x, dtype=x.dtype), mnp.array(idx, dtype=idx.dtype), mnp.array(v)
    v_nd = v.as_nd_ndarray()

    def run(f):
        return lambda: f().wait_to_read()

    # The native side transposes here: mxnet wants the coordinates first, and both sides get
    # the same (n, 2) indices (the only layout arraykit's API takes).
    return [
        ("gather_nd", run(lambda: npx.gather_nd(x, idx.T)), run(lambda: nd.gather_nd(x, idx))),
        ("scatter add",
         run(lambda: _internal._backward_gather_nd(v_nd, idx.T.as_nd_ndarray(), shape=SHAPE)),
         run(lambda: nd.scatter_nd(idx, v, SHAPE))),
    ]


FRAMEWORKS = {
    "numpy": cases_numpy,
    "torch": cases_torch,
    "jax": cases_jax,
    "tensorflow": cases_tensorflow,
    "mxnet": cases_mxnet,
}


def timed(f, number: int) -> float:
    t0 = time.perf_counter()
    for _ in range(number):
        f()
    return (time.perf_counter() - t0) / number


def compare(native, ours, rounds: int, number: int) -> dict:
    for _ in range(3):  # warm-up: compilation, caches, allocator
        native(), ours()
    a, b, ratios = [], [], []
    for r in range(rounds):
        # Alternate which side goes first so neither always meets a warmer cache.
        if r % 2:
            tb = timed(ours, number)
            ta = timed(native, number)
        else:
            ta = timed(native, number)
            tb = timed(ours, number)
        a.append(ta)
        b.append(tb)
        ratios.append(tb / ta)
    q = lambda s: statistics.quantiles(s, n=4)  # noqa: E731
    return {
        "native_us": statistics.median(a) * 1e6,
        "native_iqr_us": (q(a)[2] - q(a)[0]) * 1e6,
        "ours_us": statistics.median(b) * 1e6,
        "ours_iqr_us": (q(b)[2] - q(b)[0]) * 1e6,
        "overhead_pct": (statistics.median(ratios) - 1) * 100,
        "overhead_iqr_pct": (q(ratios)[2] - q(ratios)[0]) * 100,
        # Best-of-rounds: on a shared machine the minimum is the least disturbed sample.
        "overhead_min_pct": (min(b) / min(a) - 1) * 100,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=31)
    p.add_argument("--number", type=int, default=5)
    p.add_argument("--n", type=int, default=100_000)
    p.add_argument("--only", default="", help="comma-separated frameworks")
    p.add_argument("--threads", type=int, default=0,
                   help="limit torch/TF intra-op threads (0: framework default); on a busy "
                        "machine 1 gives far steadier figures for both sides alike")
    args = p.parse_args(argv)
    if args.threads:
        for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[var] = str(args.threads)
        try:
            import torch

            torch.set_num_threads(args.threads)
        except ImportError:
            pass
        try:
            import tensorflow as tf

            tf.config.threading.set_intra_op_parallelism_threads(args.threads)
        except ImportError:
            pass
    wanted = [f for f in args.only.split(",") if f] or list(FRAMEWORKS)
    x, idx, v = data(args.n)
    print(f"{args.n} indices into {SHAPE} float32; {args.rounds} rounds x {args.number} calls")
    print(f"{'framework':<11} {'op':<12} {'native us':>10} {'(IQR)':>8} {'arraykit us':>12} "
          f"{'(IQR)':>8} {'overhead':>9} {'(IQR)':>8} {'min/min':>8}")
    for name in wanted:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - absent (or, for mxnet, unimportable) framework
            print(f"{name:<11} (not available in this environment)")
            continue
        for op, native, ours in FRAMEWORKS[name](x, idx, v):
            r = compare(native, ours, args.rounds, args.number)
            print(f"{name:<11} {op:<12} {r['native_us']:>10.1f} {r['native_iqr_us']:>8.1f} "
                  f"{r['ours_us']:>12.1f} {r['ours_iqr_us']:>8.1f} "
                  f"{r['overhead_pct']:>8.1f}% {r['overhead_iqr_pct']:>7.1f}% "
                  f"{r['overhead_min_pct']:>7.1f}%")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
