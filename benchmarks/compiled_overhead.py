"""Compiled overhead: an arraykit function compiled with ``arraykit.ext.jit.jit`` vs the same
function written natively and compiled natively, per framework, once warm.

    .venv/bin/python benchmarks/compiled_overhead.py [--rounds 21] [--number 30] [--only jax]
    .venv-mxnet/bin/python benchmarks/compiled_overhead.py      # the mxnet rows
    .venv/bin/python benchmarks/compiled_overhead.py --only mlx --only jax --wrapper-only

Per framework, two workloads:

- "mlp": ``sum(tanh(x @ w1) @ w2) + mean(exp(-x*x))`` on float32, x 256x512, w1 512x512,
  w2 512x64 (about a millisecond: where the 0.1% target is meaningful);
- "tiny": the same on 4x8 inputs (a few microseconds: shows the fixed per-call cost of the
  arraykit wrapper, which the 0.1% target cannot cover).

The arraykit version calls ``arraykit.array_namespace`` and standard functions; the native one
uses jax.numpy / torch / tf / mxnet.numpy / mlx.core and ``jax.jit`` /
``torch.compile(fullgraph=True)`` / ``tf.function(jit_compile=True)`` / a hybridized gluon
block / ``mx.compile``. Both are warmed up, then timed
interleaved (A, B, B, A, A, B, ... blocks of ``--number`` calls, each block synchronised at
its end), so drift hits both alike. Prints the median per-call time of each, the spread
(interquartile range) and the overhead of arraykit: the median of the per-round ratios.
On a busy machine that end-to-end ratio is dominated by noise, so two robust figures follow:
whether arraykit's compiled program is the native one (jax, tensorflow: the optimised HLO
compared; mlx: the graph ``mx.compile`` traces), and arraykit's own per-call cost (jit wrapper
vs the compiled object it holds, best of many short blocks; mlx: vs ``mx.compile`` of the same
function, as jit's MLX programs take flattened leaves) as a share of the native 'mlp' call.
``--wrapper-only`` times that per-call cost on 'tiny' alone (no end-to-end rounds).
MXNet: the arraykit function cannot hybridize (Symbols are not arrays), so its "compiled"
call runs eagerly (jit warns once), and the row says so: that row compares arraykit eager with
native hybridized, not two compiled programs.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

import arraykit
from arraykit._registry import BY_NAME
from arraykit.ext.jit import compilation, jit

SHAPES = {"mlp": (256, 512, 64), "tiny": (4, 8, 2)}


def ak_fn(x, w1, w2):
    """The arraykit (framework-agnostic) function."""
    xp = arraykit.array_namespace(x)
    h = xp.tanh(xp.matmul(x, w1))
    return xp.sum(xp.matmul(h, w2)) + xp.mean(xp.exp(-x * x))


def inputs(shape, seed=0):
    n, d, k = shape
    rng = np.random.default_rng(seed)
    return [
        rng.standard_normal((n, d)).astype(np.float32),
        (rng.standard_normal((d, d)) / d**0.5).astype(np.float32),
        (rng.standard_normal((d, k)) / d**0.5).astype(np.float32),
    ]


# --- per framework: (make arrays, native compiled function, synchronise) --------------------


def setup_jax():
    import jax
    import jax.numpy as jnp

    @jax.jit
    def native(x, w1, w2):
        return jnp.sum(jnp.tanh(x @ w1) @ w2) + jnp.mean(jnp.exp(-x * x))

    return jnp.asarray, native, BY_NAME["jax"].materialised


def setup_torch():
    import torch

    def f(x, w1, w2):
        return torch.sum(torch.tanh(x @ w1) @ w2) + torch.mean(torch.exp(-x * x))

    native = torch.compile(f, fullgraph=True)
    return torch.asarray, native, BY_NAME["torch"].materialised


def setup_tensorflow():
    import tensorflow as tf

    @tf.function(jit_compile=True, autograph=False)  # as arraykit's jit: no AutoGraph
    def native(x, w1, w2):
        return tf.reduce_sum(tf.tanh(x @ w1) @ w2) + tf.reduce_mean(tf.exp(-x * x))

    return tf.constant, native, BY_NAME["tensorflow"].materialised


def setup_mxnet():
    from mxnet import gluon, npx
    from mxnet import np as mnp

    npx.set_np()

    class Native(gluon.HybridBlock):
        def hybrid_forward(self, F, x, w1, w2):  # noqa: N803
            return F.np.sum(F.np.matmul(F.np.tanh(F.np.matmul(x, w1)), w2)) + F.np.mean(
                F.np.exp(-x * x)
            )

    native = Native()
    native.hybridize()
    return (lambda a: mnp.array(a, dtype=a.dtype)), native, BY_NAME["mxnet"].materialised


def setup_mlx():
    import mlx.core as mx

    def f(x, w1, w2):
        return mx.sum(mx.tanh(x @ w1) @ w2) + mx.mean(mx.exp(-x * x))

    return mx.array, mx.compile(f), BY_NAME["mlx"].materialised


SETUPS = {
    "jax": setup_jax,
    "torch": setup_torch,
    "tensorflow": setup_tensorflow,
    "mxnet": setup_mxnet,
    "mlx": setup_mlx,
}


def _native_mlx(x, w1, w2):
    """``setup_mlx``'s native function, before ``mx.compile`` (for the graph comparison)."""
    import mlx.core as mx

    return mx.sum(mx.tanh(x @ w1) @ w2) + mx.mean(mx.exp(-x * x))


def _block(fn, args, number, sync):
    t0 = time.perf_counter()
    for _ in range(number):
        y = fn(*args)
    sync(y)
    return (time.perf_counter() - t0) / number


def measure(framework, workload, rounds, number):
    make, native, sync = SETUPS[framework]()
    args = [make(a) for a in inputs(SHAPES[workload])]
    ours = jit(ak_fn)
    a = np.asarray(_to_np(ours(*args)))
    b = np.asarray(_to_np(native(*args)))
    np.testing.assert_allclose(a, b, rtol=2e-4, atol=2e-4 * abs(float(b)))  # same function
    # blocks of about 50 ms (at most --number calls): slow calls need fewer per block
    number = max(1, min(number, round(0.05 / _block(native, args, 1, sync))))
    for _ in range(3):  # warm: compiled, caches filled, allocator settled
        _block(ours, args, number, sync)
        _block(native, args, number, sync)
    t_ours, t_native, ratios = [], [], []
    for r in range(rounds):
        if r % 2:  # alternate the order: A B, then B A
            tn = _block(native, args, number, sync)
            to = _block(ours, args, number, sync)
        else:
            to = _block(ours, args, number, sync)
            tn = _block(native, args, number, sync)
        t_ours.append(to)
        t_native.append(tn)
        ratios.append(to / tn - 1)
    inner = _inner(framework, ours, args)
    return {
        "same_program": same_program(framework, inner, native, args),
        "wrapper": wrapper_cost(ours, inner, args, sync, rounds * 10),
        "ours": t_ours,
        "native": t_native,
        "ratios": ratios,
        "how": compilation(ours),
    }


def _inner(framework, ours, args):
    """The compiled object ``ours`` calls for ``args`` (mlx: ``mx.compile`` of the same
    function: jit's MLX programs take the flattened array leaves; mxnet, where the function
    does not hybridize: the function in NumPy mode, as jit runs it)."""
    if framework == "mlx":
        import mlx.core as mx

        return mx.compile(ours._f)
    inner = ours._entries[type(args[0])].compiled
    if framework == "mxnet" and inner is ours._f:
        # Not hybridized, so jit runs the function eagerly, in MXNet's NumPy mode once.
        from arraykit.shims.mxnet._helpers import np_mode

        inner = np_mode(inner)
    return inner


def wrapper_cost(ours, inner, args, sync, blocks):
    """arraykit's own per-call cost, isolated: the jit wrapper vs the compiled object it holds
    (the same compiled program), best of ``blocks`` blocks of ~1 ms each, which interference
    can only inflate."""
    for _ in range(3):
        sync(ours(*args))
        sync(inner(*args))
    number = max(1, min(500, round(0.001 / max(_block(inner, args, 1, sync), 1e-7))))
    best_ours, best_inner = float("inf"), float("inf")
    for _ in range(blocks):
        best_inner = min(best_inner, _block(inner, args, number, sync))
        best_ours = min(best_ours, _block(ours, args, number, sync))
    return best_ours - best_inner


def _entry_hlo(text):
    # The optimised HLO's entry computation, without metadata (source lines, op names).
    text = re.sub(r"metadata=\{[^}]*\}", "", text)
    text = re.sub(r"[\w.]+(?=: )", "p", text.split("ENTRY", 1)[-1])  # parameter names
    # HLO names may hold hyphens (%get-tuple-element.3): the whole name is the instruction's.
    return re.sub(r"%[\w.-]+", "%v", text)


def entry_hlos(framework, inner, native, args):
    """(arraykit's, native's) optimised HLO entry computations (``_entry_hlo``) for jax and
    tensorflow; None where the framework offers no cheap way to get them."""
    try:
        if framework == "jax":
            a = inner.lower(*args).compile().as_text()
            b = native.lower(*args).compile().as_text()
        elif framework == "tensorflow":
            a = inner.experimental_get_compiler_ir(*args)(stage="optimized_hlo")
            b = native.experimental_get_compiler_ir(*args)(stage="optimized_hlo")
        else:
            return None
    except Exception:  # noqa: BLE001  (introspection APIs move between versions)
        return None
    return _entry_hlo(a), _entry_hlo(b)


def same_program(framework, inner, native, args):
    """Whether arraykit's compiled program is the native one (optimised HLO, entry
    computation compared; mlx: the graph mx.compile traces); None where the framework offers
    no cheap way to tell."""
    if framework == "mlx":
        from benchmarks.overhead.timing import _mlx_graph

        a, b = _mlx_graph(ak_fn, args), _mlx_graph(_native_mlx, args)
        return None if a is None or b is None else a == b
    texts = entry_hlos(framework, inner, native, args)
    return None if texts is None else texts[0] == texts[1]


def _to_np(y):
    return y.asnumpy() if hasattr(y, "asnumpy") else np.asarray(y)


def _iqr(xs):
    q = statistics.quantiles(xs, n=4)
    return q[2] - q[0]


def _installed(frameworks):
    """The frameworks importable here; a line for each of the others."""
    for fw in frameworks:
        try:
            __import__(fw)
        except ImportError:
            print(f"{fw:<11} (not installed in this environment)")
            continue
        yield fw


def wrapper_only(frameworks, blocks):
    """Print the jit wrapper's per-call cost on 'tiny' per framework (``--wrapper-only``)."""
    for fw in _installed(frameworks):
        make, native, sync = SETUPS[fw]()
        args = [make(a) for a in inputs(SHAPES["tiny"])]
        ours = jit(ak_fn)
        sync(ours(*args))
        inner = _inner(fw, ours, args)
        cost = wrapper_cost(ours, inner, args, sync, blocks)
        same = same_program(fw, inner, native, args)
        print(f"{fw:<11} jit wrapper per call on 'tiny': {cost * 1e6:7.2f} us "
              f"(best of {blocks} blocks); same program: "
              f"{ {True: 'yes', False: 'NO', None: 'n/a'}[same]}; ran as {compilation(ours)}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--number", type=int, default=30, help="calls per timed block")
    parser.add_argument("--only", action="append", help="framework(s) to run")
    parser.add_argument("--wrapper-only", action="store_true",
                        help="only the jit wrapper's per-call cost on 'tiny' (and whether the "
                             "program is the native one)")
    args = parser.parse_args(argv)
    frameworks = args.only or list(SETUPS)
    if args.wrapper_only:
        return wrapper_only(frameworks, args.rounds * 10)
    print(
        f"{'framework':<11} {'workload':<6} {'arraykit jit':>13} {'native':>13} "
        f"{'overhead':>10} {'IQR':>9} {'same program':>12}  arraykit ran as"
    )
    summary = []
    for fw in _installed(frameworks):
        found = {}
        for workload in SHAPES:
            res = found[workload] = measure(fw, workload, args.rounds, args.number)
            mo = statistics.median(res["ours"])
            mn = statistics.median(res["native"])
            ov = statistics.median(res["ratios"])
            print(
                f"{fw:<11} {workload:<6} {mo * 1e6:>10.1f} us {mn * 1e6:>10.1f} us "
                f"{ov * 100:>9.3f}% {_iqr(res['ratios']) * 100:>8.3f}% "
                f"{ {True: 'yes', False: 'NO', None: 'n/a'}[res['same_program']]:>12}  {res['how']}"
            )
        wrapper = found["tiny"]["wrapper"]
        share = wrapper / statistics.median(found["mlp"]["native"])
        summary.append(
            f"{fw:<11} arraykit per-call cost {wrapper * 1e9:6.0f} ns "
            f"= {share * 100:.4f}% of the native 'mlp' call"
        )
    print("overhead: median over rounds of (arraykit / native - 1), end to end; IQR: its spread.")
    print("\n".join(summary))
    print(
        "per-call cost: jit wrapper vs the compiled object it holds, on 'tiny', best of "
        f"{args.rounds * 10} blocks. Target: < 0.1% of the 'mlp' call."
    )


if __name__ == "__main__":
    main()
