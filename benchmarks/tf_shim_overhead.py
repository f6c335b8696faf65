"""Per-call overhead of arraykit's TensorFlow shim over the raw TF op it wraps.

Prints the median time per call (microseconds) on small eager tensors for: the raw public
TF op, the arraykit shim, ``tf.experimental.numpy`` and ``keras.ops`` (when importable), and
the shim's overhead over the raw op (negative: the shim is faster, because it calls the
generated op and skips TF's Python dispatch layer). All variants are interleaved in one
process, round-robin, so machine noise hits them alike. ``gen`` is the generated op the shim
calls on its fast path; ``shim-gen`` is therefore the shim's own Python cost, and
``shim-raw`` what a user saves or pays relative to calling ``tf.*`` directly; ``min s-g``
is the same difference between the best rounds (robust to load from other processes).

    python benchmarks/tf_shim_overhead.py [--sizes 4 1000] [--rounds 15] [--number 2000]
                                          [--clock cpu|wall]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import timeit

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp
from tensorflow.python.ops import gen_math_ops as gen

import arraykit.shims.tensorflow as xp

try:
    os.environ.setdefault("KERAS_BACKEND", "tensorflow")
    import keras

    kops = keras.ops
except Exception:  # noqa: BLE001 - keras is optional; its import fails in many ways
    kops = None


def inputs(n):
    """The operands for size ``n``: vectors x, y of n float32 in [0.5, 1.5) and k x k
    matrices m1, m2 with k = round(sqrt(n)) (at least 2), fixed seed."""
    rng = np.random.default_rng(0)
    x = tf.constant(rng.random(n, dtype=np.float32) + 0.5)
    y = tf.constant(rng.random(n, dtype=np.float32) + 0.5)
    k = max(2, round(n ** 0.5))
    m1 = tf.constant(rng.random((k, k), dtype=np.float32))
    m2 = tf.constant(rng.random((k, k), dtype=np.float32))
    return x, y, m1, m2


def cases(x, y, m1, m2):
    """name -> {variant: zero-arg callable}. ``gen`` is the generated op the shim calls
    (``tf.raw_ops``' Python entry point), ``raw`` the public ``tf.*`` function users call."""
    ax = tf.constant([0], tf.int32)
    c = {
        "add": {"raw": lambda: tf.math.add(x, y), "gen": lambda: gen.add_v2(x, y),
                "shim": lambda: xp.add(x, y),
                "tnp": lambda: tnp.add(x, y)},
        "multiply": {"raw": lambda: tf.math.multiply(x, y), "gen": lambda: gen.mul(x, y),
                     "shim": lambda: xp.multiply(x, y),
                     "tnp": lambda: tnp.multiply(x, y)},
        "less": {"raw": lambda: tf.math.less(x, y), "gen": lambda: gen.less(x, y),
                 "shim": lambda: xp.less(x, y),
                 "tnp": lambda: tnp.less(x, y)},
        "exp": {"raw": lambda: tf.math.exp(x), "gen": lambda: gen.exp(x),
                "shim": lambda: xp.exp(x),
                "tnp": lambda: tnp.exp(x)},
        "sqrt": {"raw": lambda: tf.math.sqrt(x), "gen": lambda: gen.sqrt(x),
                 "shim": lambda: xp.sqrt(x),
                 "tnp": lambda: tnp.sqrt(x)},
        "sum": {"raw": lambda: tf.math.reduce_sum(x), "gen": lambda: gen._sum(x, ax),
                "shim": lambda: xp.sum(x),
                "tnp": lambda: tnp.sum(x)},
        "mean": {"raw": lambda: tf.math.reduce_mean(x), "gen": lambda: gen.mean(x, ax),
                 "shim": lambda: xp.mean(x),
                 "tnp": lambda: tnp.mean(x)},
        "matmul": {"raw": lambda: tf.linalg.matmul(m1, m2),
                   "gen": lambda: gen.batch_mat_mul_v3(m1, m2, Tout=m1.dtype),
                   "shim": lambda: xp.matmul(m1, m2),
                   "tnp": lambda: tnp.matmul(m1, m2)},
    }
    if kops is not None:
        c["add"]["keras"] = lambda: kops.add(x, y)
        c["multiply"]["keras"] = lambda: kops.multiply(x, y)
        c["less"]["keras"] = lambda: kops.less(x, y)
        c["exp"]["keras"] = lambda: kops.exp(x)
        c["sqrt"]["keras"] = lambda: kops.sqrt(x)
        c["sum"]["keras"] = lambda: kops.sum(x)
        c["mean"]["keras"] = lambda: kops.mean(x)
        c["matmul"]["keras"] = lambda: kops.matmul(m1, m2)
    return c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[4, 1000])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--number", type=int, default=2000)
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help="cpu: this process's CPU time (robust when other jobs load the "
                         "machine; TF runs small eager ops inline); wall: perf_counter")
    a = ap.parse_args()
    timer = time.process_time if a.clock == "cpu" else time.perf_counter
    variants = ["raw", "gen", "shim", "tnp"] + (["keras"] if kops is not None else [])
    print(f"TF {tf.__version__}; median us/call ({a.clock} clock) over {a.rounds} rounds x "
          f"{a.number} calls")
    for n in a.sizes:
        x, y, m1, m2 = inputs(n)
        k = m1.shape[0]
        print(f"\nn={n} (matmul {k}x{k})")
        print(f"{'op':10s}" + "".join(f"{v:>9s}" for v in variants)
              + f"{'shim-raw':>10s}{'shim-gen':>10s}{'min s-g':>9s}")
        for name, fs in cases(x, y, m1, m2).items():
            for f in fs.values():  # warm-up
                f()
            times: dict = {v: [] for v in fs}
            for _ in range(a.rounds):
                for v, f in fs.items():
                    t = timeit.timeit(f, number=a.number, timer=timer)
                    times[v].append(t / a.number * 1e6)
            med = {v: statistics.median(t) for v, t in times.items()}
            best = {v: min(t) for v, t in times.items()}
            row = "".join(f"{med.get(v, float('nan')):9.2f}" for v in variants)
            print(f"{name:10s}{row}{med['shim'] - med['raw']:10.2f}"
                  f"{med['shim'] - med['gen']:10.2f}{best['shim'] - best['gen']:9.2f}")


if __name__ == "__main__":
    main()
