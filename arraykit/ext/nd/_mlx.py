"""MLX backend of ``arraykit.ext.nd``: the shared algorithms of ``_common`` over MLX ops.

Scatter reductions are MLX's own ``x.at[rows].add/multiply/minimum/maximum`` (duplicates
accumulate, differentiable); "replace" takes ``_common.replace_rows``' deterministic rule (the
last update wins) through a max-scatter. Bounds are checked eagerly: one reduction over the
indices, read on the host, then IndexError naming the first bad index (MLX itself would read
memory beyond the array). Under ``mx.compile``/``mx.vmap`` values cannot be read: gathers
clamp and scatters drop out-of-bounds rows, the compiled meaning TF under XLA and JAX have.
There the program is the native one (flat rows, one ``take`` / ``.at[].add``) plus that rule:
every column wrapped once and clipped (``_common.clipped_flat_rows``); a dropped update adds
the exact identity (-0.0) into its clipped row (``_common.traced_add``).
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as np

from ...shims.mlx import _dtypes as _D
from ...shims.mlx._helpers import concrete, concrete_all
from . import _common

NOTE = "bounds are checked eagerly; under mx.compile gathers clamp and scatters drop"


def _at(x2, f, v2, reduction):
    at = x2.at[f]
    return {"add": at.add, "multiply": at.multiply, "min": at.minimum,
            "max": at.maximum}[reduction](v2)


def _max_int(base, f, pos):
    return base.at[f].maximum(pos)


def _scatter_rows(x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
    # With drop, f == M marks a dropped row: scatter into one spare row, then cut it off.
    if drop:
        x2 = mx.concatenate([x2, mx.zeros((1,) + tuple(x2.shape[1:]), dtype=x2.dtype)])
    if reduction == "replace":
        out = _common.replace_rows(OPS, x2, f, v2, _max_int, x2.shape[0])
    else:
        out = _at(x2, f, v2, reduction)
    return out[:-1] if drop else out


OPS = _common.namespace_ops(
    mx,
    arange=lambda n: mx.arange(n, dtype=mx.int64),
    as_index=lambda a: a.astype(mx.int64),
    take_rows=lambda x2, f: mx.take(x2, f, axis=0),
    scatter_rows=_scatter_rows,
    reshape=lambda a, s: mx.reshape(a, tuple(s)),
    broadcast_to=lambda a, s: mx.broadcast_to(a, tuple(s)),
)


shape = _common.array_shape


def dtype_name(a: Any) -> str:
    return _D.NAME_OF.get(a.dtype) or str(a.dtype).rsplit(".", 1)[-1]


scalar_like, full = _common.like_constructors(mx.array, mx.full)


def reshape(a: Any, shape: Any) -> Any:
    return mx.reshape(a, tuple(shape))


def where(c: Any, a: Any, b: Any) -> Any:
    return mx.where(c, a, b)


iinfo = np.iinfo


def _any_bad(bad: Any) -> bool:
    """Whether the out-of-bounds mask holds a True; False while tracing (values unknown)."""
    v = concrete(mx.any(bad))
    return bool(v) if v is not None else False


#: ``gather_nd`` takes the tuple form (K index arrays) as it is: flat row numbers from the
#: columns and one ``mx.take`` of x's rows, without the stacked copy (vision, 256x256 int32
#: pair: the stack, its int64 cast and its column slices were ~0.1 ms of a ~0.35 ms call).
COLUMNS = True

#: Flat row numbers in int32 where every row number fits (``_common.small_index``), as given.
_ROW_DTYPE = {True: mx.int32, False: mx.int64}


def _host(idx: Any) -> Any:
    """NumPy views of eager indices (one array, or the tuple form's columns as a tuple,
    evaluated together), or None while ``mx.compile``/``mx.vmap`` trace (values unknown)."""
    if type(idx) is tuple:
        return concrete_all(idx)
    return concrete(idx)


#: ``_in_range_rows``' answer while ``mx.compile``/``mx.vmap`` trace (values unknown).
_TRACED = object()


def _in_range_rows(idx: Any, plan: Any) -> Any:
    """Flat row numbers (n,) of eager indices (..., K) or of the tuple form's columns when
    every entry lies in ``[0, d)`` of its axis: one host read of all of them and one NumPy
    max per column (read as unsigned: ``_common.host_in_range``), then
    ``(i_0 * d_1 + i_1) * d_2 + ...`` in MLX, no wrap, mask or clip. ``_TRACED`` under a
    trace; None otherwise (a negative or bad entry, no rows, a batch gather): the general
    path."""
    if getattr(plan, "batch", ()) or not plan.n:
        return None
    host = _host(idx)
    if host is None:
        return _TRACED
    if not _common.host_in_range(host, plan.dims):
        return None
    cols = idx if type(idx) is tuple else [idx[..., k] for k in range(len(plan.dims))]
    dtype = _ROW_DTYPE[plan.small_index]
    f = None
    for col, d in zip(cols, plan.dims):
        c = col if col.dtype == dtype else col.astype(dtype)
        f = c if f is None else f * d + c
    return mx.reshape(f, (plan.n,))


def _traced_columns(idx: Any, plan: Any) -> tuple[Any, ...]:
    """Under a trace: the index columns in the dtype the row arithmetic runs in (int32 where
    every row number fits, ``_common.small_index``)."""
    cols = idx if type(idx) is tuple else [idx[..., k] for k in range(len(plan.dims))]
    dtype = _ROW_DTYPE[plan.small_index]
    return tuple(c if c.dtype == dtype else c.astype(dtype) for c in cols)


def _traced_rows(idx: Any, plan: Any) -> Any:
    """Under a trace: flat row numbers (n,) of the columns, each wrapped once and clipped
    (``_common.clipped_flat_rows``)."""
    f, _ = _common.clipped_flat_rows(
        OPS, _traced_columns(idx, plan), plan.dims, plan.index_dtype, False)
    return f if f.ndim == 1 else mx.reshape(f, (plan.n,))


def _neutral(dtype: Any) -> Any:
    """What a dropped update adds (``_common.traced_add``): -0.0 for floats, built as -zeros,
    not as a constant: mx.compile (0.32.4) writes a -0.0 constant into a fused kernel as
    +0.0."""
    if mx.issubdtype(dtype, mx.inexact):
        return -mx.zeros((), dtype=dtype)
    return mx.zeros((), dtype=dtype)


#: The tuple-form calls the general path has validated and served from flat rows, by
#: ``(x.shape, first column's shape, its dtype, K)``: their plan (see ``gather_columns``).
#: Bounded.
_COLUMN_PLANS: dict[tuple, Any] = {}
_ARRAY = mx.array


def gather_columns(x: Any, idx: tuple, batch_dims: Any) -> Any:
    """``gather_nd(x, idx)`` of the tuple form where ``_COLUMN_PLANS`` knows the call (the
    front's checks passed for these shapes and dtype before): its in-range branch (one host
    read and one max per column, flat rows, one ``take``) without the front's per-call
    bookkeeping (layout and plan keys, library lookups). None: the general path, for
    anything else (other types, shapes or dtypes, under a trace) and for every index it
    must wrap or reject."""
    if type(batch_dims) is not int or batch_dims or not idx:
        return None
    c0 = idx[0]
    if type(x) is not _ARRAY or type(c0) is not _ARRAY:
        return None
    shape, dtype = c0.shape, c0.dtype
    plan = _COLUMN_PLANS.get((x.shape, shape, dtype, len(idx)))
    if plan is None:
        return None
    for c in idx[1:]:
        if type(c) is not _ARRAY or c.dtype != dtype or c.shape != shape:
            return None
    f = _in_range_rows(idx, plan)
    if f is None or f is _TRACED:
        return None
    return _common.take_flat_rows(OPS, x, f, plan)


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    f = _in_range_rows(idx, plan)
    if f is _TRACED:
        if 0 not in plan.dims:  # every row number valid once clipped (no empty axis)
            return _common.take_flat_rows(OPS, x, _traced_rows(idx, plan), plan)
        f = None
    if f is not None:
        if type(idx) is tuple and type(x) is _ARRAY:
            if len(_COLUMN_PLANS) >= 256:
                _COLUMN_PLANS.clear()
            _COLUMN_PLANS[(x.shape, idx[0].shape, idx[0].dtype, len(idx))] = plan
        return _common.take_flat_rows(OPS, x, f, plan)
    if type(idx) is tuple:
        idx = mx.stack(list(idx), axis=-1)  # the stacked form's path: its clip and errors
    out, bad = _common.gather_nd(OPS, x, idx, plan)
    if _any_bad(bad):
        _common.raise_out_of_bounds(fn, np.asarray(idx), plan.dims, first_axis=len(plan.batch))
    return out


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, *,
    copy: bool,
) -> Any:
    f = _in_range_rows(idx, plan)
    if f is _TRACED:
        if plan.reduction == "add" and 0 not in plan.dims:
            return _common.traced_add(OPS, x, _traced_columns(idx, plan), updates, plan,
                                      _neutral(x.dtype))
        f = None
    if f is not None:
        return _common.scatter_flat_rows(OPS, x, f, updates, plan, drop=False)
    n, k = plan.n, len(plan.dims)
    idx2 = OPS.reshape(OPS.as_index(idx), (n, k))
    _, bad = _common.flat_rows(OPS, idx2, plan.dims, "drop", plan.index_dtype)
    if _any_bad(bad):
        _common.raise_out_of_bounds(fn, np.asarray(idx), plan.dims, what=what)
    out, _ = _common.update_nd(OPS, x, idx, updates, plan, drop=True)
    return out
