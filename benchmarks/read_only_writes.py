"""The cost of what ``arraykit.enable()`` adds for read-only TF tensors (``arraykit._read_only``).

Prints, for float32 TF tensors of a few sizes, the time per call of array-api-extra's
``at(x, idx).set(v)`` (the functional path ``enable()`` gives it) beside the TF op a TF user
would write for the same update, and the same ``at`` call on JAX arrays (JAX's own ``x.at``);
then ``is_writeable_array`` with ``enable()`` off and on, and one SciPy function end to end.
Figures, not a test:

    python benchmarks/read_only_writes.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import os
import timeit

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("SCIPY_ARRAY_API", "1")

import numpy as np


def per_call_us(f, repeat: int) -> float:
    f()  # warm caches (and jax's compile)
    number = max(1, repeat // 10)
    return min(timeit.repeat(f, number=number, repeat=10)) / number * 1e6


def at_rows(n: int, repeat: int) -> None:
    """Print the table's rows for float32 vectors of ``n`` elements, one per kind of index."""
    import array_api_extra as xpx
    import jax.numpy as jnp
    import tensorflow as tf

    a = np.arange(n, dtype=np.float32)
    x, j = tf.constant(a), jnp.asarray(a)
    rows = np.arange(0, n, 7)
    cases = {
        "int": (3, 3, lambda: tf.tensor_scatter_nd_update(x, [[3]], [1.0])),
        "slice": (slice(1, n // 2), slice(1, n // 2),
                  lambda: tf.concat([x[:1], tf.ones(n // 2 - 1), x[n // 2:]], 0)),
        "mask": (x > n / 2, j > n / 2, lambda: tf.where(x > n / 2, 1.0, x)),
        "int array": (tf.constant(rows), jnp.asarray(rows),
                      lambda: tf.tensor_scatter_nd_update(
                          x, tf.constant(rows[:, None]), tf.ones(len(rows)))),
    }
    for name, (idx, jidx, native) in cases.items():
        t_at = per_call_us(lambda: xpx.at(x, idx).set(1.0), repeat)  # noqa: B023 - timed here
        t_native = per_call_us(native, repeat)
        t_jax = per_call_us(lambda: xpx.at(j, jidx).set(1.0), repeat)  # noqa: B023 - timed here
        print(f"| {n:,} | {name} | {t_at:.0f} | {t_native:.0f} | {t_jax:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()

    import array_api_compat
    import array_api_extra as xpx
    import jax.numpy as jnp
    import tensorflow as tf

    import arraykit

    print(f"tensorflow {tf.__version__}, array-api-extra {xpx.__version__}; "
          "microseconds per call (best of 10 blocks)\n")
    x0 = tf.constant(np.arange(4.0, dtype=np.float32))
    off = per_call_us(lambda: array_api_compat.is_writeable_array(x0), args.repeat * 10)
    arraykit.enable("tensorflow")
    on = per_call_us(lambda: array_api_compat.is_writeable_array(x0), args.repeat * 10)
    print(f"is_writeable_array(tf tensor): enable() off {off:.2f} us (says False: no "
          f"__array_namespace__), on {on:.2f} us (says False)\n")

    print("| n | index | at(x, idx).set(v) on TF | native TF | at on JAX |")
    print("|---|---|---|---|---|")
    for n in (100, 10_000, 1_000_000):
        at_rows(n, args.repeat)

    import scipy.special

    v = np.random.default_rng(0).standard_normal(100_000).astype(np.float32)
    v[::1000] = np.inf
    t_tf = per_call_us(lambda: scipy.special.logsumexp(tf.constant(v)), args.repeat // 4)
    t_np = per_call_us(lambda: scipy.special.logsumexp(v), args.repeat // 4)
    t_jax = per_call_us(lambda: scipy.special.logsumexp(jnp.asarray(v)), args.repeat // 4)
    print(f"\nscipy.special.logsumexp, 100,000 float32 with infinities (it writes through "
          f"at()): numpy {t_np:.0f} us, TF {t_tf:.0f} us, JAX {t_jax:.0f} us")


if __name__ == "__main__":
    main()
