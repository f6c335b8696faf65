"""The cost of what ``arraykit.enable()`` adds for read-only TF tensors (``arraykit._read_only``).

Prints, for float32 TF vectors of 100, 10,000 and 1,000,000 elements, the time per call of
array-api-extra's ``at(x, idx).set(v)`` (the functional path ``enable()`` gives it) beside
the TF op a TF user would write for the same update, the same ``at`` call on JAX arrays (JAX's
own ``x.at``, waited for with ``block_until_ready``) and the ratio TF/JAX, one row per kind of
index; then ``is_writeable_array`` with ``enable()`` off and on, and one SciPy function end to
end. Both frameworks run on one CPU thread and the figures are CPU time of the process,
the three calls of a row timed in interleaved blocks (the machine is shared; see
/work/shared/notes/measuring.md). Figures, not a test:

    python benchmarks/read_only_writes.py [--repeat 200] [--sizes 100 10000 1000000]
"""

from __future__ import annotations

import argparse
import os
import time
import timeit

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("SCIPY_ARRAY_API", "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1")

import numpy as np


def per_call_us(f, repeat: int) -> float:
    return interleaved_us([f], repeat)[0]


def interleaved_us(fs, repeat: int) -> list[float]:
    """CPU time of the process per call of each of ``fs`` (JAX's worker threads included),
    best of 10 blocks, the blocks of the functions interleaved so that each sees the same
    neighbours: a shared machine's load moves wall time, CPU time much less."""
    for f in fs:
        f()  # warm caches (and jax's compile)
    number = max(1, repeat // 10)
    best = [float("inf")] * len(fs)
    for _ in range(10):
        for i, f in enumerate(fs):
            best[i] = min(best[i], timeit.timeit(f, number=number, timer=time.process_time))
    return [b / number * 1e6 for b in best]


def at_rows(n: int, repeat: int) -> None:
    """Print the table's rows for float32 vectors of ``n`` elements, one per kind of index."""
    import array_api_extra as xpx
    import jax.numpy as jnp
    import tensorflow as tf

    a = np.arange(n, dtype=np.float32)
    x, j = tf.constant(a), jnp.asarray(a)
    rows = np.arange(0, n, 7)
    shuffled = np.random.default_rng(0).permutation(rows)
    dup = np.concatenate([rows, rows[:3]])
    one = tf.ones(len(rows))
    cases = {
        "int": (3, 3, "set", lambda: tf.tensor_scatter_nd_update(x, [[3]], [1.0])),
        "negative int": (-3, -3, "set",
                         lambda: tf.tensor_scatter_nd_update(x, [[n - 3]], [1.0])),
        "slice": (slice(1, n // 2), slice(1, n // 2), "set",
                  lambda: tf.concat([x[:1], tf.ones(n // 2 - 1), x[n // 2:]], 0)),
        "slice, step 3": (slice(None, None, 3), slice(None, None, 3), "set",
                          lambda: tf.tensor_scatter_nd_update(
                              x, tf.range(0, n, 3)[:, None], tf.ones(len(range(0, n, 3))))),
        "mask": (x > n / 2, j > n / 2, "set", lambda: tf.where(x > n / 2, 1.0, x)),
        "int array": (tf.constant(rows), jnp.asarray(rows), "set",
                      lambda: tf.tensor_scatter_nd_update(
                          x, tf.constant(rows[:, None]), one)),
        "int array, unsorted": (tf.constant(shuffled), jnp.asarray(shuffled), "set",
                                lambda: tf.tensor_scatter_nd_update(
                                    x, tf.constant(shuffled[:, None]), one)),
        "int array (NumPy)": (rows, rows, "set",
                              lambda: tf.tensor_scatter_nd_update(
                                  x, tf.constant(rows[:, None]), one)),
        "int array, add": (tf.constant(rows), jnp.asarray(rows), "add",
                           lambda: tf.tensor_scatter_nd_add(x, tf.constant(rows[:, None]), one)),
        "int array, 3 duplicates": (tf.constant(dup), jnp.asarray(dup), "set",
                                    lambda: tf.tensor_scatter_nd_update(
                                        x, tf.constant(dup[:, None]), tf.ones(len(dup)))),
        # An array of values (one per position) rather than a 0-d value:
        "slice, array value": (slice(1, n // 2), slice(1, n // 2), "set",
                               lambda: tf.concat([x[:1], tf.ones(n // 2 - 1), x[n // 2:]], 0)),
        "int array, array value": (tf.constant(rows), jnp.asarray(rows), "set",
                                   lambda: tf.tensor_scatter_nd_update(
                                       x, tf.constant(rows[:, None]), one)),
        "3 duplicates, array value": (tf.constant(dup), jnp.asarray(dup), "set",
                                      lambda: tf.tensor_scatter_nd_update(
                                          x, tf.constant(dup[:, None]), tf.ones(len(dup)))),
    }
    for name, (idx, jidx, op, native) in cases.items():
        if name.endswith("array value"):
            size = len(range(n)[idx]) if isinstance(idx, slice) else len(idx)
            v, jv = tf.ones(size), jnp.ones(size, dtype=jnp.float32)
        else:
            v = jv = 1.0
        t_at, t_native, t_jax = interleaved_us([
            lambda: getattr(xpx.at(x, idx), op)(v),  # noqa: B023 - timed here
            native,
            lambda: getattr(xpx.at(j, jidx), op)(jv).block_until_ready(),  # noqa: B023
        ], repeat)
        print(f"| {n:,} | {name} | {t_at:.0f} | {t_native:.0f} | {t_jax:.0f} | "
              f"{t_at / t_jax:.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 10_000, 1_000_000])
    args = parser.parse_args()

    import array_api_compat
    import array_api_extra as xpx
    import jax
    import jax.numpy as jnp
    import tensorflow as tf

    import arraykit

    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    print(f"tensorflow {tf.__version__}, jax {jax.__version__}, array-api-extra "
          f"{xpx.__version__}; microseconds of CPU time per call (best of 10 interleaved "
          "blocks), one thread\n")
    x0 = tf.constant(np.arange(4.0, dtype=np.float32))
    off = per_call_us(lambda: array_api_compat.is_writeable_array(x0), args.repeat * 10)
    arraykit.enable("tensorflow")
    on = per_call_us(lambda: array_api_compat.is_writeable_array(x0), args.repeat * 10)
    print(f"is_writeable_array(tf tensor): enable() off {off:.2f} us (says False: no "
          f"__array_namespace__), on {on:.2f} us (says False)\n")

    print("| n | index | at(x, idx).set(v) on TF | native TF | at on JAX | TF/JAX |")
    print("|---|---|---|---|---|---|")
    for n in args.sizes:
        at_rows(n, args.repeat)

    import scipy.special

    v = np.random.default_rng(0).standard_normal(100_000).astype(np.float32)
    v[::1000] = np.inf
    t_tf, t_np, t_jax = interleaved_us([
        lambda: scipy.special.logsumexp(tf.constant(v)),
        lambda: scipy.special.logsumexp(v),
        lambda: scipy.special.logsumexp(jnp.asarray(v)).block_until_ready(),
    ], args.repeat // 4)
    print(f"\nscipy.special.logsumexp, 100,000 float32 with infinities (it writes through "
          f"at()): numpy {t_np:.0f} us, TF {t_tf:.0f} us, JAX {t_jax:.0f} us")


if __name__ == "__main__":
    main()
