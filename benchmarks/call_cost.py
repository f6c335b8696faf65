"""Cost per call of standard functions on small arrays: arraykit against the framework's own call.

For each framework, about 60 standard functions (the ones the workloads, SciPy and scikit-learn
call most) on 16-element float32 vectors, (4, 4) matrices, 16 booleans and 16 int64 indices.
Each is timed as ``xp.<fn>(...)`` with ``xp = arraykit.array_namespace(x)`` fetched once (what
library code does), as the framework's own public function (``np.add``, ``torch.add``,
``tf.add``, ``jnp.add``, ``mx.add``, ``paddle.add``...), and where they exist as
array-api-compat's namespace and ``tf.experimental.numpy``.

Method (``/work/shared/notes/measuring.md``): CPU time of the process (``time.process_time``),
every framework pinned to one thread; the columns of one function are interleaved in blocks
(A, B, C, C, B, A, ...) of about ``--block-ms`` each, and a column's figure is its fastest block
(the least disturbed on a shared machine), in microseconds per call; ``--aa`` times the native
calls twice, and their difference shows how finely the method resolves. Lazy frameworks are forced:
JAX results are blocked on in every call. MLX and MXNet results are forced once a block, inside
its time: a block keeps its calls' results and ends with ``mx.eval`` of all of them (MLX) or a
drain of the engine (``mx.nd.waitall``, MXNet, which also drains before a block starts,
untimed: the engine's threads count in the process's CPU time and free arrays asynchronously,
so without the drain a block pays for work left by the one before it). Forcing every call
instead adds a hand-over to the framework's worker thread that costs the same on both sides
but is bimodal on this machine (MLX: 8-14 or ~50 us a call for the same ``mx.add``; MXNet
likewise), so rows read tens of us apart between runs; a function that forces its own result
(a bounds or singularity read) still pays that hand-over in its own column. For MLX the
table also says whether arraykit's graph is native's (``mx.export_to_dot`` of both results,
node ids left out): where it is, the evaluation is the same work and ``extra`` is the Python
that builds the graph. ``extra`` is arraykit minus native; ``vs tnp``/``vs compat`` arraykit
minus those.

    python benchmarks/call_cost.py [--frameworks tensorflow] [--rounds 9] [--only sort,max]
                                   [--json out.json] [--markdown out.md]

Run one framework per process where two of them cannot share one (TF and Paddle). ``--errors``
adds a column for numpy/torch/jax: the namespace's function without the error translation of
``arraykit/shims/_common/errors.py`` (its ``__wrapped__``), i.e. the translation's own cost.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import sys
import time
import timeit
import types
from collections.abc import Callable

for _v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS",
           "NUMEXPR_NUM_THREADS", "NPROC"):  # NPROC: XLA's CPU client pools (overhead/threads.py)
    os.environ.setdefault(_v, "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("JAX_ENABLE_X64", "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import numpy as np  # noqa: E402

import arraykit  # noqa: E402

Call = Callable[[], object]
#: A call on the inputs ``a`` through the namespace ``m``.
Case = Callable[[object, types.SimpleNamespace], object]


def _inputs() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    v = (rng.random(16) + 0.5).astype(np.float32)
    return {
        "v": v, "w": (rng.random(16) + 0.5).astype(np.float32),
        "v1": v[None, :].copy(), "s": np.sort(v),
        "m": (rng.random((4, 4)) + 4 * np.eye(4)).astype(np.float32),
        "b": rng.random(16) < 0.5, "c": rng.random(16) < 0.9,
        "i": rng.integers(0, 16, 16).astype(np.int64),
    }


def _bound(f: Callable, *args: object) -> Call:
    """``f(*args)`` as a call without arguments."""
    return lambda: f(*args)


def _np_binary(fname: str) -> Case:
    return lambda m, a: getattr(m, fname)(a.v, a.w)


def _np_unary(fname: str) -> Case:
    return lambda m, a: getattr(m, fname)(a.v)


def _binary(f: Callable) -> Callable:
    return lambda a: f(a.v, a.w)


def _unary(f: Callable) -> Callable:
    return lambda a: f(a.v)


# -- the standard's calls: ``std(xp, a)`` for arraykit and array-api-compat --------------------
STD: dict[str, Case] = {
    "add": lambda xp, a: xp.add(a.v, a.w),
    "subtract": lambda xp, a: xp.subtract(a.v, a.w),
    "multiply": lambda xp, a: xp.multiply(a.v, a.w),
    "divide": lambda xp, a: xp.divide(a.v, a.w),
    "negative": lambda xp, a: xp.negative(a.v),
    "abs": lambda xp, a: xp.abs(a.v),
    "exp": lambda xp, a: xp.exp(a.v),
    "log": lambda xp, a: xp.log(a.v),
    "sqrt": lambda xp, a: xp.sqrt(a.v),
    "square": lambda xp, a: xp.square(a.v),
    "sin": lambda xp, a: xp.sin(a.v),
    "tanh": lambda xp, a: xp.tanh(a.v),
    "pow": lambda xp, a: xp.pow(a.v, a.w),
    "maximum": lambda xp, a: xp.maximum(a.v, a.w),
    "greater": lambda xp, a: xp.greater(a.v, a.w),
    "equal": lambda xp, a: xp.equal(a.v, a.w),
    "logical_and": lambda xp, a: xp.logical_and(a.b, a.c),
    "isnan": lambda xp, a: xp.isnan(a.v),
    "isfinite": lambda xp, a: xp.isfinite(a.v),
    "sign": lambda xp, a: xp.sign(a.v),
    "floor": lambda xp, a: xp.floor(a.v),
    "round": lambda xp, a: xp.round(a.v),
    "where": lambda xp, a: xp.where(a.b, a.v, a.w),
    "clip": lambda xp, a: xp.clip(a.v, 0.7, 1.2),
    "sum": lambda xp, a: xp.sum(a.v),
    "sum(axis=0)": lambda xp, a: xp.sum(a.m, axis=0),
    "prod": lambda xp, a: xp.prod(a.v),
    "mean": lambda xp, a: xp.mean(a.v),
    "mean(axis=0)": lambda xp, a: xp.mean(a.m, axis=0),
    "max": lambda xp, a: xp.max(a.v),
    "min": lambda xp, a: xp.min(a.v),
    "max(axis=0)": lambda xp, a: xp.max(a.m, axis=0),
    "std": lambda xp, a: xp.std(a.v),
    "var": lambda xp, a: xp.var(a.v),
    "cumulative_sum": lambda xp, a: xp.cumulative_sum(a.v),
    "argmax": lambda xp, a: xp.argmax(a.v),
    "any": lambda xp, a: xp.any(a.b),
    "all": lambda xp, a: xp.all(a.b),
    "count_nonzero": lambda xp, a: xp.count_nonzero(a.b),
    "sort": lambda xp, a: xp.sort(a.v),
    "argsort": lambda xp, a: xp.argsort(a.v),
    "searchsorted": lambda xp, a: xp.searchsorted(a.s, a.w),
    "take": lambda xp, a: xp.take(a.v, a.i),
    "matmul": lambda xp, a: xp.matmul(a.m, a.m),
    "linalg.inv": lambda xp, a: xp.linalg.inv(a.m),
    "linalg.solve": lambda xp, a: xp.linalg.solve(a.m, a.m),
    "vector_norm": lambda xp, a: xp.linalg.vector_norm(a.v),
    "concat": lambda xp, a: xp.concat([a.v, a.w]),
    "stack": lambda xp, a: xp.stack([a.v, a.w]),
    "reshape": lambda xp, a: xp.reshape(a.m, (16,)),
    "expand_dims": lambda xp, a: xp.expand_dims(a.v, axis=0),
    "squeeze": lambda xp, a: xp.squeeze(a.v1, axis=0),
    "permute_dims": lambda xp, a: xp.permute_dims(a.m, (1, 0)),
    "flip": lambda xp, a: xp.flip(a.v),
    "broadcast_to": lambda xp, a: xp.broadcast_to(a.v, (2, 16)),
    "astype": lambda xp, a: xp.astype(a.v, xp.float64),
    "asarray": lambda xp, a: xp.asarray(a.v),
    "zeros": lambda xp, a: xp.zeros((16,)),
    "full": lambda xp, a: xp.full((16,), 2.0),
    "arange": lambda xp, a: xp.arange(16),
    "eye": lambda xp, a: xp.eye(4),
    "zeros_like": lambda xp, a: xp.zeros_like(a.v),
    # Calls SciPy and scikit-learn make beside the workloads' (2026-12-07): a sweep of the
    # namespaces against array-api-compat found some of them 2-25 us slower.
    "cos": lambda xp, a: xp.cos(a.v),
    "floor_divide": lambda xp, a: xp.floor_divide(a.v, a.w),
    "remainder": lambda xp, a: xp.remainder(a.v, a.w),
    "clip(min=)": lambda xp, a: xp.clip(a.v, min=0.0),
    "full_like": lambda xp, a: xp.full_like(a.v, 2.0),
    "linspace": lambda xp, a: xp.linspace(0.0, 1.0, 16),
    "vecdot": lambda xp, a: xp.vecdot(a.v, a.w),
    "finfo": lambda xp, a: xp.finfo(a.v.dtype),
    "can_cast": lambda xp, a: xp.can_cast(xp.float32, xp.float64),
}


# -- NumPy-style modules (numpy, jax.numpy, tf.experimental.numpy) ------------------------------
NPSTYLE: dict[str, Case] = {
    **{n: _np_binary(f) for n, f in (
        ("add", "add"), ("subtract", "subtract"), ("multiply", "multiply"),
        ("divide", "divide"), ("pow", "power"), ("maximum", "maximum"), ("greater", "greater"),
        ("equal", "equal"))},
    **{n: _np_unary(n) for n in (
        "negative", "abs", "exp", "log", "sqrt", "square", "sin", "tanh", "isnan", "isfinite",
        "sign", "floor", "round", "sum", "prod", "mean", "max", "min", "std", "var", "argmax",
        "sort", "argsort", "flip")},
    "logical_and": lambda m, a: m.logical_and(a.b, a.c),
    "where": lambda m, a: m.where(a.b, a.v, a.w),
    "clip": lambda m, a: m.clip(a.v, 0.7, 1.2),
    "sum(axis=0)": lambda m, a: m.sum(a.m, axis=0),
    "mean(axis=0)": lambda m, a: m.mean(a.m, axis=0),
    "max(axis=0)": lambda m, a: m.max(a.m, axis=0),
    "cumulative_sum": lambda m, a: m.cumsum(a.v),
    "any": lambda m, a: m.any(a.b),
    "all": lambda m, a: m.all(a.b),
    "count_nonzero": lambda m, a: m.count_nonzero(a.b),
    "searchsorted": lambda m, a: m.searchsorted(a.s, a.w),
    "take": lambda m, a: m.take(a.v, a.i),
    "matmul": lambda m, a: m.matmul(a.m, a.m),
    "linalg.inv": lambda m, a: m.linalg.inv(a.m),
    "linalg.solve": lambda m, a: m.linalg.solve(a.m, a.m),
    "vector_norm": lambda m, a: m.linalg.norm(a.v),
    "concat": lambda m, a: m.concatenate([a.v, a.w]),
    "stack": lambda m, a: m.stack([a.v, a.w]),
    "reshape": lambda m, a: m.reshape(a.m, (16,)),
    "expand_dims": lambda m, a: m.expand_dims(a.v, axis=0),
    "squeeze": lambda m, a: m.squeeze(a.v1, axis=0),
    "permute_dims": lambda m, a: m.transpose(a.m, (1, 0)),
    "broadcast_to": lambda m, a: m.broadcast_to(a.v, (2, 16)),
    "astype": lambda m, a: m.asarray(a.v, dtype=m.float64),
    "asarray": lambda m, a: m.asarray(a.v),
    "zeros": lambda m, a: m.zeros((16,), dtype=m.float32),
    "full": lambda m, a: m.full((16,), 2.0, dtype=m.float32),
    "arange": lambda m, a: m.arange(16),
    "eye": lambda m, a: m.eye(4, dtype=m.float32),
    "zeros_like": lambda m, a: m.zeros_like(a.v),
    "cos": lambda m, a: m.cos(a.v),
    "floor_divide": lambda m, a: m.floor_divide(a.v, a.w),
    "remainder": lambda m, a: m.remainder(a.v, a.w),
    "clip(min=)": lambda m, a: m.clip(a.v, 0.0, None),
    "full_like": lambda m, a: m.full_like(a.v, 2.0),
    "linspace": lambda m, a: m.linspace(0.0, 1.0, 16),
    "vecdot": lambda m, a: m.vecdot(a.v, a.w),
    "finfo": lambda m, a: m.finfo(a.v.dtype),
    "can_cast": lambda m, a: m.can_cast(m.float32, m.float64),
}


def _with(m: object, table: dict[str, Case], a) -> dict[str, Call]:
    return {n: _bound(f, m, a) for n, f in table.items()}


def _namespace(a) -> dict[str, Call]:
    return _with(arraykit.array_namespace(a.v), STD, a)


def _compat(a) -> dict[str, Call]:
    try:
        import array_api_compat
    except ImportError:
        return {}
    xp = array_api_compat.array_namespace(a.v)
    return _with(xp, {n: f for n, f in STD.items() if hasattr(xp, n.split(".")[0].split("(")[0])
                      or n == "vector_norm"}, a)


def _unwrapped(xp: object) -> object:
    """``xp`` with its functions as they were before ``_common.errors`` wrapped them."""
    def bare(f: object) -> object:
        return f.__wrapped__ if getattr(f, "__arraykit_errors__", False) else f

    ns = types.SimpleNamespace(**{n: bare(getattr(xp, n)) for n in dir(xp)
                                  if not n.startswith("_")})
    ns.linalg = types.SimpleNamespace(**{n: bare(getattr(xp.linalg, n)) for n in dir(xp.linalg)
                                         if not n.startswith("_")})
    return ns


# -- each framework: its inputs and its columns ----------------------------------------------
Columns = dict[str, dict[str, Call]]


def numpy_columns(errors: bool) -> Columns:
    a = types.SimpleNamespace(**_inputs())
    cols = {"native": _with(np, NPSTYLE, a), "arraykit": _namespace(a), "compat": _compat(a)}
    cols["native"]["astype"] = lambda: a.v.astype(np.float64)
    if errors:
        cols["unwrapped"] = _with(_unwrapped(arraykit.array_namespace(a.v)), STD, a)
    return cols


def torch_columns(errors: bool) -> Columns:
    import torch

    torch.set_num_threads(1)
    a = types.SimpleNamespace(**{k: torch.asarray(x) for k, x in _inputs().items()})
    t = torch
    native: dict[str, Case] = {
        **{n: _binary(getattr(t, n)) for n in (
            "add", "subtract", "multiply", "divide", "pow", "maximum", "greater")},
        # torch.equal is whole-tensor equality (one Python bool); the elementwise one is eq.
        "equal": _binary(t.eq),
        **{n: _unary(getattr(t, n)) for n in (
            "negative", "abs", "exp", "log", "sqrt", "square", "sin", "tanh", "isnan",
            "isfinite", "sign", "floor", "round", "sum", "prod", "mean", "argmax", "argsort",
            "count_nonzero")},
        "max": lambda a: t.amax(a.v), "min": lambda a: t.amin(a.v),
        "logical_and": lambda a: t.logical_and(a.b, a.c),
        "where": lambda a: t.where(a.b, a.v, a.w),
        "clip": lambda a: t.clip(a.v, 0.7, 1.2),
        "sum(axis=0)": lambda a: t.sum(a.m, dim=0), "mean(axis=0)": lambda a: t.mean(a.m, dim=0),
        "max(axis=0)": lambda a: t.amax(a.m, dim=0),
        "std": lambda a: t.std(a.v, correction=0), "var": lambda a: t.var(a.v, correction=0),
        "cumulative_sum": lambda a: t.cumsum(a.v, 0),
        "any": lambda a: t.any(a.b), "all": lambda a: t.all(a.b),
        "sort": lambda a: t.sort(a.v).values,
        "searchsorted": lambda a: t.searchsorted(a.s, a.w),
        "take": lambda a: t.index_select(a.v, 0, a.i),
        "matmul": lambda a: t.matmul(a.m, a.m),
        "linalg.inv": lambda a: t.linalg.inv(a.m),
        "linalg.solve": lambda a: t.linalg.solve(a.m, a.m),
        "vector_norm": lambda a: t.linalg.vector_norm(a.v),
        "concat": lambda a: t.cat([a.v, a.w]), "stack": lambda a: t.stack([a.v, a.w]),
        "reshape": lambda a: t.reshape(a.m, (16,)),
        "expand_dims": lambda a: t.unsqueeze(a.v, 0), "squeeze": lambda a: t.squeeze(a.v1, 0),
        "permute_dims": lambda a: t.permute(a.m, (1, 0)), "flip": lambda a: t.flip(a.v, (0,)),
        "broadcast_to": lambda a: t.broadcast_to(a.v, (2, 16)),
        "astype": lambda a: a.v.to(t.float64), "asarray": lambda a: t.asarray(a.v),
        "zeros": lambda a: t.zeros((16,)), "full": lambda a: t.full((16,), 2.0),
        "arange": lambda a: t.arange(16), "eye": lambda a: t.eye(4),
        "zeros_like": lambda a: t.zeros_like(a.v),
        "cos": lambda a: t.cos(a.v), "floor_divide": lambda a: t.floor_divide(a.v, a.w),
        "remainder": lambda a: t.remainder(a.v, a.w),
        "clip(min=)": lambda a: t.clamp(a.v, min=0.0),
        "full_like": lambda a: t.full_like(a.v, 2.0),
        "linspace": lambda a: t.linspace(0.0, 1.0, 16),
        "vecdot": lambda a: t.linalg.vecdot(a.v, a.w), "finfo": lambda a: t.finfo(a.v.dtype),
        "can_cast": lambda a: t.can_cast(t.float32, t.float64),
    }
    cols = {"native": {n: _bound(f, a) for n, f in native.items()},
            "arraykit": _namespace(a), "compat": _compat(a)}
    if errors:
        cols["unwrapped"] = _with(_unwrapped(arraykit.array_namespace(a.v)), STD, a)
    return cols


def jax_columns(errors: bool) -> Columns:
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    a = types.SimpleNamespace(**{k: jnp.asarray(x) for k, x in _inputs().items()})

    def wait(r: object) -> object:
        # Arrays (and tuples of them) only: jax.block_until_ready probes every other result
        # for the method, and arraykit's finfo forwards unknown attributes to jax's own
        # finfo (~0.5 us of the timing's, none of a user's call).
        if isinstance(r, (tuple, list)):  # namedtuples too (eigh, unique_*)
            for x in r:
                wait(x)
        elif isinstance(r, jax.Array):
            r.block_until_ready()
        return r

    def blocked(col: dict[str, Call]) -> dict[str, Call]:
        return {n: _bound(lambda c: wait(c()), c) for n, c in col.items()}

    cols = {"native": blocked(_with(jnp, NPSTYLE, a)), "arraykit": blocked(_namespace(a))}
    cols["native"]["astype"] = blocked({"": lambda: a.v.astype(jnp.float64)})[""]
    if errors:
        cols["unwrapped"] = blocked(_with(_unwrapped(arraykit.array_namespace(a.v)), STD, a))
    return cols


def tensorflow_columns(errors: bool) -> Columns:
    import tensorflow as tf
    import tensorflow.experimental.numpy as tnp

    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    a = types.SimpleNamespace(**{k: tf.constant(x) for k, x in _inputs().items()})
    native: dict[str, Case] = {
        **{n: _binary(f) for n, f in (
            ("add", tf.add), ("subtract", tf.subtract), ("multiply", tf.multiply),
            ("divide", tf.divide), ("pow", tf.pow), ("maximum", tf.maximum),
            ("greater", tf.greater), ("equal", tf.equal))},
        **{n: _unary(f) for n, f in (
            ("negative", tf.negative), ("abs", tf.abs), ("exp", tf.exp), ("log", tf.math.log),
            ("sqrt", tf.sqrt), ("square", tf.square), ("sin", tf.sin), ("tanh", tf.tanh),
            ("isnan", tf.math.is_nan), ("isfinite", tf.math.is_finite), ("sign", tf.sign),
            ("floor", tf.floor), ("round", tf.round), ("sum", tf.reduce_sum),
            ("prod", tf.reduce_prod), ("mean", tf.reduce_mean), ("max", tf.reduce_max),
            ("min", tf.reduce_min), ("std", tf.math.reduce_std),
            ("var", tf.math.reduce_variance), ("cumulative_sum", tf.cumsum),
            ("argmax", tf.argmax), ("sort", tf.sort), ("argsort", tf.argsort),
            ("asarray", tf.convert_to_tensor), ("zeros_like", tf.zeros_like))},
        "logical_and": lambda a: tf.logical_and(a.b, a.c),
        "where": lambda a: tf.where(a.b, a.v, a.w),
        "clip": lambda a: tf.clip_by_value(a.v, 0.7, 1.2),
        "sum(axis=0)": lambda a: tf.reduce_sum(a.m, axis=0),
        "mean(axis=0)": lambda a: tf.reduce_mean(a.m, axis=0),
        "max(axis=0)": lambda a: tf.reduce_max(a.m, axis=0),
        "any": lambda a: tf.reduce_any(a.b), "all": lambda a: tf.reduce_all(a.b),
        "count_nonzero": lambda a: tf.math.count_nonzero(a.b),
        "searchsorted": lambda a: tf.searchsorted(a.s, a.w),
        "take": lambda a: tf.gather(a.v, a.i),
        "matmul": lambda a: tf.matmul(a.m, a.m),
        "linalg.inv": lambda a: tf.linalg.inv(a.m),
        "linalg.solve": lambda a: tf.linalg.solve(a.m, a.m),
        "vector_norm": lambda a: tf.norm(a.v),
        "concat": lambda a: tf.concat([a.v, a.w], 0), "stack": lambda a: tf.stack([a.v, a.w]),
        "reshape": lambda a: tf.reshape(a.m, (16,)),
        "expand_dims": lambda a: tf.expand_dims(a.v, 0), "squeeze": lambda a: tf.squeeze(a.v1, 0),
        "permute_dims": lambda a: tf.transpose(a.m, (1, 0)),
        "flip": lambda a: tf.reverse(a.v, [0]),
        "broadcast_to": lambda a: tf.broadcast_to(a.v, (2, 16)),
        "astype": lambda a: tf.cast(a.v, tf.float64),
        "zeros": lambda a: tf.zeros((16,)), "full": lambda a: tf.fill((16,), 2.0),
        "arange": lambda a: tf.range(16), "eye": lambda a: tf.eye(4),
        # The rows SciPy's and scikit-learn's calls added (2026-12-07); TF has no finfo or
        # can_cast of its own (tnp's columns time those).
        "cos": lambda a: tf.cos(a.v), "floor_divide": lambda a: tf.math.floordiv(a.v, a.w),
        "remainder": lambda a: tf.math.floormod(a.v, a.w),
        "clip(min=)": lambda a: tf.maximum(a.v, 0.0),
        "full_like": lambda a: tf.fill(tf.shape(a.v), 2.0),
        "linspace": lambda a: tf.linspace(0.0, 1.0, 16),
        "vecdot": lambda a: tf.tensordot(a.v, a.w, 1),
    }
    # tf.experimental.numpy has no linalg module.
    tnp_table = {n: f for n, f in NPSTYLE.items() if not n.startswith("linalg")}
    tnp_table["vector_norm"] = lambda m, a: m.sqrt(m.sum(m.square(a.v)))
    return {"native": {n: _bound(f, a) for n, f in native.items()},
            "arraykit": _namespace(a), "tnp": _with(tnp, tnp_table, a)}


def mlx_columns(errors: bool) -> Columns:
    import mlx.core as mx

    a = types.SimpleNamespace(**{k: mx.array(x) for k, x in _inputs().items()})
    cpu = mx.cpu

    native: dict[str, Case] = {
        **{n: _binary(getattr(mx, f)) for n, f in (
            ("add", "add"), ("subtract", "subtract"), ("multiply", "multiply"),
            ("divide", "divide"), ("pow", "power"), ("maximum", "maximum"),
            ("greater", "greater"), ("equal", "equal"))},
        **{n: _unary(getattr(mx, n)) for n in (
            "negative", "abs", "exp", "log", "sqrt", "square", "sin", "tanh", "isnan",
            "isfinite", "sign", "floor", "round", "sum", "prod", "mean", "max", "min", "std",
            "var", "argmax", "sort", "argsort", "zeros_like")},
        "logical_and": lambda a: mx.logical_and(a.b, a.c),
        "where": lambda a: mx.where(a.b, a.v, a.w), "clip": lambda a: mx.clip(a.v, 0.7, 1.2),
        "sum(axis=0)": lambda a: mx.sum(a.m, axis=0),
        "mean(axis=0)": lambda a: mx.mean(a.m, axis=0),
        "max(axis=0)": lambda a: mx.max(a.m, axis=0),
        "cumulative_sum": lambda a: mx.cumsum(a.v), "any": lambda a: mx.any(a.b),
        "all": lambda a: mx.all(a.b), "count_nonzero": lambda a: mx.sum(a.b),
        "take": lambda a: mx.take(a.v, a.i), "matmul": lambda a: mx.matmul(a.m, a.m),
        "linalg.inv": lambda a: mx.linalg.inv(a.m, stream=cpu),
        "linalg.solve": lambda a: mx.linalg.solve(a.m, a.m, stream=cpu),
        "vector_norm": lambda a: mx.linalg.norm(a.v),
        "concat": lambda a: mx.concatenate([a.v, a.w]), "stack": lambda a: mx.stack([a.v, a.w]),
        "reshape": lambda a: mx.reshape(a.m, (16,)),
        "expand_dims": lambda a: mx.expand_dims(a.v, 0), "squeeze": lambda a: mx.squeeze(a.v1, 0),
        "permute_dims": lambda a: mx.transpose(a.m, (1, 0)), "flip": lambda a: a.v[::-1],
        "broadcast_to": lambda a: mx.broadcast_to(a.v, (2, 16)),
        "astype": lambda a: a.v.astype(mx.float32), "asarray": lambda a: mx.array(a.v),
        "zeros": lambda a: mx.zeros((16,)), "full": lambda a: mx.full((16,), 2.0),
        "arange": lambda a: mx.arange(16), "eye": lambda a: mx.eye(4),
        "cos": lambda a: mx.cos(a.v), "floor_divide": lambda a: mx.floor_divide(a.v, a.w),
        "remainder": lambda a: mx.remainder(a.v, a.w),
        "clip(min=)": lambda a: mx.maximum(a.v, 0.0),
        "full_like": lambda a: mx.full(a.v.shape, 2.0, dtype=a.v.dtype),
        "linspace": lambda a: mx.linspace(0.0, 1.0, 16), "finfo": lambda a: mx.finfo(a.v.dtype),
        "vecdot": lambda a: mx.inner(a.v, a.w),
    }
    ours = dict(STD, astype=lambda xp, a: xp.astype(a.v, xp.float32))
    return {"native": {n: _bound(f, a) for n, f in native.items()},
            "arraykit": _with(arraykit.array_namespace(a.v), ours, a)}


def paddle_columns(errors: bool) -> Columns:
    import paddle

    paddle.set_device("cpu")
    a = types.SimpleNamespace(**{k: paddle.to_tensor(x) for k, x in _inputs().items()})
    p = paddle
    native: dict[str, Case] = {
        **{n: _binary(getattr(p, f)) for n, f in (
            ("add", "add"), ("subtract", "subtract"), ("multiply", "multiply"),
            ("divide", "divide"), ("pow", "pow"), ("maximum", "maximum"),
            ("greater", "greater_than"), ("equal", "equal"))},
        **{n: _unary(getattr(p, n)) for n in (
            "abs", "exp", "log", "sqrt", "square", "sin", "tanh", "isnan", "isfinite",
            "sign", "floor", "round", "sum", "prod", "mean", "max", "min", "argmax", "sort",
            "argsort", "zeros_like")},
        "negative": lambda a: p.neg(a.v),
        "logical_and": lambda a: p.logical_and(a.b, a.c),
        "where": lambda a: p.where(a.b, a.v, a.w), "clip": lambda a: p.clip(a.v, 0.7, 1.2),
        "sum(axis=0)": lambda a: p.sum(a.m, axis=0),
        "mean(axis=0)": lambda a: p.mean(a.m, axis=0),
        "max(axis=0)": lambda a: p.max(a.m, axis=0),
        "std": lambda a: p.std(a.v, unbiased=False), "var": lambda a: p.var(a.v, unbiased=False),
        "cumulative_sum": lambda a: p.cumsum(a.v), "any": lambda a: p.any(a.b),
        "all": lambda a: p.all(a.b), "count_nonzero": lambda a: p.count_nonzero(a.b),
        "searchsorted": lambda a: p.searchsorted(a.s, a.w),
        "take": lambda a: p.index_select(a.v, a.i), "matmul": lambda a: p.matmul(a.m, a.m),
        "linalg.inv": lambda a: p.linalg.inv(a.m),
        "linalg.solve": lambda a: p.linalg.solve(a.m, a.m),
        "vector_norm": lambda a: p.linalg.vector_norm(a.v),
        "concat": lambda a: p.concat([a.v, a.w]), "stack": lambda a: p.stack([a.v, a.w]),
        "reshape": lambda a: p.reshape(a.m, (16,)),
        "expand_dims": lambda a: p.unsqueeze(a.v, 0), "squeeze": lambda a: p.squeeze(a.v1, 0),
        "permute_dims": lambda a: p.transpose(a.m, (1, 0)), "flip": lambda a: p.flip(a.v, 0),
        "broadcast_to": lambda a: p.broadcast_to(a.v, (2, 16)),
        "astype": lambda a: p.cast(a.v, "float64"), "asarray": lambda a: p.to_tensor(a.v),
        "zeros": lambda a: p.zeros((16,)), "full": lambda a: p.full((16,), 2.0),
        "arange": lambda a: p.arange(16), "eye": lambda a: p.eye(4),
        "cos": lambda a: p.cos(a.v), "floor_divide": lambda a: p.floor_divide(a.v, a.w),
        "remainder": lambda a: p.remainder(a.v, a.w),
        "clip(min=)": lambda a: p.clip(a.v, min=0.0),
        "full_like": lambda a: p.full_like(a.v, 2.0),
        "linspace": lambda a: p.linspace(0.0, 1.0, 16), "finfo": lambda a: p.finfo(a.v.dtype),
        "vecdot": lambda a: p.inner(a.v, a.w),
    }
    return {"native": {n: _bound(f, a) for n, f in native.items()},
            "arraykit": _namespace(a)}


def mxnet_columns(errors: bool) -> Columns:
    import mxnet as mx

    npx = mx.np
    a = types.SimpleNamespace(**{k: npx.array(x, dtype=x.dtype) for k, x in _inputs().items()})
    table = {n: f for n, f in NPSTYLE.items() if n not in ("count_nonzero",)}
    return {"native": _with(npx, table, a), "arraykit": _namespace(a)}


FRAMEWORKS: dict[str, tuple[str, Callable[[bool], Columns]]] = {
    "numpy": ("numpy", numpy_columns), "torch": ("torch", torch_columns),
    "jax": ("jax", jax_columns), "tensorflow": ("tensorflow", tensorflow_columns),
    "mlx": ("mlx.core", mlx_columns), "paddle": ("paddle", paddle_columns),
    "mxnet": ("mxnet", mxnet_columns),
}


#: The key of an MLX row's graph comparison in the results (1.0: arraykit's graph is native's).
SAME_GRAPH = "same_graph"


class Force:
    """How a lazy or asynchronous framework's block is made to pay for its own work:
    ``before`` (untimed) leaves no earlier work pending; ``results`` (timed) completes the
    block's results, all at once."""

    def __init__(self, before: Call | None, results: Callable[[list], object]):
        self.before, self.results = before, results


def _force(fw: str) -> Force | None:
    """None where a call's result is complete when it returns (or blocked on in the call)."""
    if fw == "mxnet":
        import mxnet as mx

        return Force(mx.nd.waitall, lambda outs: mx.nd.waitall())
    if fw == "mlx":
        import mlx.core as mx

        return Force(None, mx.eval)
    return None


def _block(call: Call, number: int, force: Force | None) -> float:
    """CPU seconds of ``number`` calls; with ``force``, their results forced in the time."""
    if force is None:
        return timeit.Timer(call, timer=time.process_time).timeit(number)
    if force.before is not None:
        force.before()
    t0 = time.process_time()
    outs = [call() for _ in range(number)]
    force.results(outs)
    t = time.process_time() - t0
    del outs  # freed outside the time, on both sides alike
    return t


def mx_array() -> type:
    import mlx.core as mx

    return mx.array


def same_mlx_graph(a: object, b: object) -> bool:
    """Whether two MLX results have the same graph (``overhead.timing.mlx_dot``), dtype and
    shape."""
    from benchmarks.overhead.timing import mlx_dot

    return (mlx_dot(a) == mlx_dot(b) and getattr(a, "dtype", None) == getattr(b, "dtype", None)
            and getattr(a, "shape", None) == getattr(b, "shape", None))


def _number(call: Call, block_ms: float, force: Force | None = None) -> int:
    """Calls per block so that a block takes about ``block_ms`` of CPU time."""
    n = 1
    while True:
        t = _block(call, n, force)
        if t >= 0.2 * block_ms / 1e3 or n >= 1 << 20:
            return max(1, int(n * block_ms / 1e3 / max(t, 1e-9)))
        n *= 4


def time_interleaved(calls: list[Call], rounds: int, block_ms: float,
                     force: Force | None = None) -> list[float]:
    """Fastest block (us per call, CPU time) of each of ``calls``, the blocks interleaved
    A, B, C, C, B, A, ... over ``rounds`` rounds; ``force`` (see ``_force``) ends each block."""
    number = min(_number(c, block_ms, force) for c in calls)
    best = [float("inf")] * len(calls)
    order = list(range(len(calls)))
    for r in range(rounds):
        for k in (order if r % 2 == 0 else order[::-1]):
            t = _block(calls[k], number, force)
            best[k] = min(best[k], t / number * 1e6)
    return best


def _version(module: str) -> str:
    if module == "arraykit":
        return importlib.metadata.version("arraykit")
    return getattr(sys.modules.get(module), "__version__", "?")


def run(fw: str, rounds: int, block_ms: float, only: set[str] | None, errors: bool,
        aa: bool = False, out=print) -> dict[str, dict[str, float]]:
    module, build = FRAMEWORKS[fw]
    cols = build(errors)
    force = _force(fw)
    if aa:  # the native calls timed twice: their difference is the method's noise floor
        cols["aa"] = dict(cols["native"])
    names = list(cols)
    extra = [n for n in names if n not in ("native", "arraykit")]
    head = f"{'function':15} {'native':>8} {'arraykit':>9} {'extra':>8}" + "".join(
        f" {n:>9} {'ak-' + n[:6]:>9}" for n in extra)
    out(f"# {fw} {_version(module)}; arraykit {_version('arraykit')}; us per call, best of "
        f"{rounds} blocks, CPU time, one thread")
    out(head)
    res: dict[str, dict[str, float]] = {}
    for fname in STD:
        if only and fname not in only:
            continue
        have = []
        for n in names:
            if fname in cols[n]:
                try:
                    result = cols[n][fname]()
                    if force is not None:
                        force.results([result])
                    have.append(n)
                except Exception as e:  # noqa: BLE001 - a benchmark cell, reported, not raised
                    out(f"# {fname} {n} failed: {type(e).__name__}: {str(e)[:70]!r}")
        if "native" not in have or "arraykit" not in have:
            continue
        best = dict(zip(have, time_interleaved([cols[n][fname] for n in have], rounds,
                                               block_ms, force)))
        res[fname] = best
        line = f"{fname:15} {best['native']:8.2f} {best['arraykit']:9.2f} " \
               f"{best['arraykit'] - best['native']:8.2f}"
        for n in extra:
            line += (f" {best[n]:9.2f} {best['arraykit'] - best[n]:9.2f}" if n in best
                     else f" {'-':>9} {'-':>9}")
        if fw == "mlx":  # built afresh: an evaluated result's graph is the array itself
            native_out, ours_out = cols["native"][fname](), cols["arraykit"][fname]()
            if isinstance(native_out, mx_array()) and isinstance(ours_out, mx_array()):
                best[SAME_GRAPH] = float(same_mlx_graph(native_out, ours_out))
                line += "  same graph" if best[SAME_GRAPH] else "  graph differs"
            else:  # no array (finfo): no graph to compare
                line += "  no graph"
        out(line, flush=True) if out is print else out(line)
    return res


def markdown(fw: str, res: dict[str, dict[str, float]], rounds: int) -> str:
    module, _ = FRAMEWORKS[fw]
    cols = sorted({c for r in res.values() for c in r} - {"native", "arraykit", SAME_GRAPH})
    graphs = any(SAME_GRAPH in r for r in res.values())
    lines = [f"### {fw} {_version(module)}",
             "",
             f"Measured {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, arraykit "
             f"{_version('arraykit')}, Python {platform.python_version()}, best of {rounds} "
             "interleaved blocks, CPU time, one thread; us per call.",
             "",
             "| function | native | arraykit | extra | " + " | ".join(
                 f"{c} | arraykit - {c}" for c in cols) + (" | graph" if graphs else "") + " |",
             "|---" * (4 + 2 * len(cols) + graphs) + "|"]
    for fname, r in res.items():
        row = f"| {fname} | {r['native']:.2f} | {r['arraykit']:.2f} | " \
              f"{r['arraykit'] - r['native']:+.2f} |"
        for c in cols:
            row += (f" {r[c]:.2f} | {r['arraykit'] - r[c]:+.2f} |" if c in r else " - | - |")
        if graphs:
            row += (" - |" if SAME_GRAPH not in r else
                    " same |" if r[SAME_GRAPH] else " differs |")
        lines.append(row)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/call_cost.py")
    p.add_argument("--frameworks", default="numpy,torch,jax",
                   help=f"comma-separated, of {', '.join(FRAMEWORKS)}")
    p.add_argument("--rounds", type=int, default=9, help="interleaved blocks per column")
    p.add_argument("--block-ms", type=float, default=10.0, help="CPU ms per block")
    p.add_argument("--only", default=None, help="comma-separated function names")
    p.add_argument("--errors", action="store_true",
                   help="also time numpy/torch/jax functions without the error translation")
    p.add_argument("--aa", action="store_true",
                   help="also time the native calls a second time (A/A: the noise floor)")
    p.add_argument("--json", default=None, help="also write the figures here")
    p.add_argument("--markdown", default=None, help="also write a markdown table here")
    args = p.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    out: dict[str, dict[str, dict[str, float]]] = {}
    md = []
    for fw in args.frameworks.split(","):
        try:
            out[fw] = run(fw, args.rounds, args.block_ms, only, args.errors, args.aa)
        except ImportError as e:
            print(f"# {fw}: not installed ({e})")
            continue
        md.append(markdown(fw, out[fw], args.rounds))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(md))
    return 0


if __name__ == "__main__":
    sys.exit(main())
