"""SciPy and scikit-learn calls on NumPy, JAX and TensorFlow arrays, after ``arraykit.enable()``.

Ten array-API-enabled library calls (SciPy with ``SCIPY_ARRAY_API=1``, scikit-learn with
``array_api_dispatch=True``) on arrays of 1e4-1e5 float32 elements, each timed on a NumPy
array, a JAX array (the libraries' own JAX support) and a TF tensor (arraykit's namespace,
found through array-api-compat once ``arraykit.enable()`` is on). What a SciPy or scikit-learn
user pays for TF against JAX, the other immutable array the libraries know. Figures, not a test:

    python benchmarks/drop_in_calls.py [--rounds 7] [--block-ms 60] [--only zscore,skew]
                                       [--markdown benchmarks/results/drop_in_calls.md]

Method (``/work/shared/notes/measuring.md``): every framework pinned to one thread; CPU time
of the process (``time.process_time``; ``--wall`` for wall-clock time), which a loaded shared
machine disturbs far less than wall time; for each call the three frameworks are interleaved in
blocks of about ``--block-ms`` each, in a rotating order (ABC, CBA, BCA, ...), for ``--rounds``
rounds; the figure is the median over rounds of the time per call, in milliseconds. JAX
results are blocked on (``block_until_ready``) inside the timed block; TF's eager CPU ops are
synchronous. Each call's result is checked against NumPy's first (and a TF call must give a
TF tensor back).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

for _v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS",
           "NUMEXPR_NUM_THREADS"):
    os.environ.setdefault(_v, "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")
# SciPy reads this once, at import: it must be set before anything imports scipy.
os.environ["SCIPY_ARRAY_API"] = "1"

import numpy as np  # noqa: E402

FRAMEWORKS = ("numpy", "jax", "tensorflow")


def _data() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    X = rng.standard_normal((1000, 50)).astype(np.float32)
    p = rng.random((1000, 50)).astype(np.float32) + 0.01
    return {
        "v": rng.standard_normal(100_000).astype(np.float32),     # 1e5
        "w": rng.standard_normal(100_000).astype(np.float32),     # 1e5
        "X": X,                                                    # (1000, 50): 5e4
        "p": p / p.sum(axis=0),                                    # columns sum to 1
        "K": X[:200],                                              # (200, 50) -> (200, 200)
    }


def _sk(path: str) -> Any:
    module, _, name = path.rpartition(".")
    return getattr(__import__(module, fromlist=[name]), name)


def _pca(x: Any) -> Any:
    return _sk("sklearn.decomposition.PCA")(n_components=5, svd_solver="full").fit_transform(x)


#: (name shown, input names, call on those inputs). ``a`` maps a name to this framework's array.
CALLS: list[tuple[str, str, Callable[[dict[str, Any]], Any]]] = [
    ("scipy.special.logsumexp(v)", "v (1e5)",
     lambda a: _sk("scipy.special.logsumexp")(a["v"])),
    ("scipy.special.softmax(X, axis=1)", "X (1000, 50)",
     lambda a: _sk("scipy.special.softmax")(a["X"], axis=1)),
    ("scipy.stats.zscore(X)", "X (1000, 50)",
     lambda a: _sk("scipy.stats.zscore")(a["X"], axis=0)),
    ("scipy.stats.skew(X)", "X (1000, 50)",
     lambda a: _sk("scipy.stats.skew")(a["X"], axis=0)),
    ("scipy.stats.moment(X, order=3)", "X (1000, 50)",
     lambda a: _sk("scipy.stats.moment")(a["X"], order=3, axis=0)),
    ("scipy.stats.entropy(p)", "p (1000, 50)",
     lambda a: _sk("scipy.stats.entropy")(a["p"], axis=0)),
    ("scipy.cluster.vq.whiten(X)", "X (1000, 50)",
     lambda a: _sk("scipy.cluster.vq.whiten")(a["X"])),
    ("scipy.fft.rfft(v)", "v (1e5)",
     lambda a: _sk("scipy.fft.rfft")(a["v"])),
    ("sklearn PCA(5, svd_solver='full').fit_transform(X)", "X (1000, 50)",
     lambda a: _pca(a["X"])),
    ("sklearn.metrics.mean_squared_error(v, w)", "v, w (1e5)",
     lambda a: _sk("sklearn.metrics.mean_squared_error")(a["v"], a["w"])),
    ("sklearn.metrics.pairwise.polynomial_kernel(K)", "K (200, 50)",
     lambda a: _sk("sklearn.metrics.pairwise.polynomial_kernel")(a["K"])),
]


def _setup() -> dict[str, tuple[Callable[[np.ndarray], Any], Callable[[Any], Any]]]:
    """framework -> (make an array from an ndarray, force and convert a result to NumPy)."""
    import jax
    import jax.numpy as jnp
    import tensorflow as tf

    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)

    def to_np(r: Any) -> np.ndarray:
        return np.asarray(r.numpy() if hasattr(r, "numpy") and not isinstance(r, np.ndarray)
                          else r)

    return {
        "numpy": (np.asarray, np.asarray),
        "jax": (jnp.asarray, lambda r: np.asarray(jax.block_until_ready(r))),
        "tensorflow": (tf.constant, to_np),
    }


def _forcer(framework: str) -> Callable[[Any], Any]:
    if framework == "jax":
        import jax

        return jax.block_until_ready
    return lambda r: r


def time_call(call: Callable[[dict[str, Any]], Any], inputs: dict[str, dict[str, Any]],
              rounds: int, block_s: float, clock: Callable[[], float] = time.process_time,
              ) -> dict[str, float]:
    """Median over ``rounds`` interleaved blocks of the seconds per call, per framework."""
    loops = {}
    for fw in FRAMEWORKS:  # warm (JAX compiles, caches fill) and size a block
        force, a = _forcer(fw), inputs[fw]
        force(call(a))
        t0, n = clock(), 0
        while clock() - t0 < block_s / 2 or n < 2:
            force(call(a))
            n += 1
        loops[fw] = max(1, round(n * block_s / max(clock() - t0, 1e-6)))
    per_call: dict[str, list[float]] = {fw: [] for fw in FRAMEWORKS}
    for r in range(rounds):
        order = FRAMEWORKS[r % 3:] + FRAMEWORKS[:r % 3]
        for fw in (order if r % 2 == 0 else order[::-1]):
            force, a, n = _forcer(fw), inputs[fw], loops[fw]
            t0 = clock()
            for _ in range(n):
                force(call(a))
            per_call[fw].append((clock() - t0) / n)
    return {fw: statistics.median(ts) for fw, ts in per_call.items()}


def _versions() -> str:
    import jax
    import scipy
    import sklearn
    import tensorflow as tf

    import arraykit

    return (f"Python {platform.python_version()}, numpy {np.__version__}, jax {jax.__version__}, "
            f"tensorflow {tf.__version__}, scipy {scipy.__version__}, "
            f"scikit-learn {sklearn.__version__}, arraykit {getattr(arraykit, '__version__', '?')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--block-ms", type=float, default=60.0)
    parser.add_argument("--wall", action="store_true", help="wall-clock time, not CPU time")
    parser.add_argument("--only", default="", help="comma-separated substrings of call names")
    parser.add_argument("--markdown", default="", help="also write the table to this file")
    args = parser.parse_args()

    import sklearn

    import arraykit

    makers = _setup()
    arraykit.enable()
    sklearn.set_config(array_api_dispatch=True)

    data = _data()
    inputs = {fw: {k: mk(v) for k, v in data.items()} for fw, (mk, _) in makers.items()}
    wanted = [s for s in args.only.split(",") if s]
    header = ["| call | input (float32) | NumPy ms | JAX ms | TF ms | TF/JAX |",
              "|---|---|---|---|---|---|"]
    print("\n".join(header), flush=True)
    rows = []
    for name, shape, call in CALLS:
        if wanted and not any(w in name for w in wanted):
            continue
        expected = makers["numpy"][1](call(inputs["numpy"]))
        for fw in ("jax", "tensorflow"):
            got = makers[fw][1](call(inputs[fw]))
            if got.shape != expected.shape or not np.allclose(
                    got, expected, rtol=2e-3, atol=2e-4 * max(1.0, float(np.abs(expected).max()))):
                raise AssertionError(f"{name} on {fw} differs from NumPy's")
            if fw == "tensorflow" and np.ndim(expected) > 0 and type(call(inputs[fw])).__module__ \
                    .split(".")[0] != "tensorflow":
                raise AssertionError(f"{name} on TF returned a {type(call(inputs[fw]))}")
        t = time_call(call, inputs, args.rounds, args.block_ms / 1e3,
                      time.perf_counter if args.wall else time.process_time)
        row = (f"| `{name}` | {shape} | {t['numpy'] * 1e3:.3g} | {t['jax'] * 1e3:.3g} | "
               f"{t['tensorflow'] * 1e3:.3g} | {t['tensorflow'] / t['jax']:.2f} |")
        rows.append(row)
        print(row, flush=True)

    if args.markdown:
        command = "python benchmarks/drop_in_calls.py " + " ".join(sys.argv[1:])
        with open(args.markdown, "w") as f:
            f.write(
                "# SciPy and scikit-learn calls on NumPy, JAX and TF after `arraykit.enable()`\n\n"
                f"Measured {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC on "
                f"{platform.machine()} ({os.cpu_count()} cores, shared with other work), "
                f"every framework on one thread; {'wall' if args.wall else 'CPU'} time of the "
                f"process, median over {args.rounds} interleaved rounds of ~{args.block_ms:.0f} "
                "ms blocks, milliseconds per call.\n\n"
                f"Command: `{command.strip()}`\n\n{_versions()}\n\n"
                + "\n".join(header + rows) + "\n")


if __name__ == "__main__":
    main()
