"""MXNet backend of ``arraykit.ext.nd`` (``mxnet.numpy`` arrays; raw mxnet ops, not the shim).

* Bounds: every call checks a host copy of the indices first (synchronous and exact; mxnet's
  own checks are asynchronous, garbled for some index dtypes, and absent in the scatter
  kernel, which would write outside the buffer).
* No negative index (the common case): the host copy gives flat row numbers, and the work
  is one row ``take`` (gather) or one row scatter-add over ``x`` viewed as rows; mxnet's
  transpose into its coordinates-first layout alone costs more than that.
* Otherwise, coordinates: mxnet puts them on the FIRST index axis (hence a transpose), and
  its gradient kernel does not wrap negative indices, so they are wrapped here.
* gather: ``npx.gather_nd`` (negative indices).
* "add": ``_backward_gather_nd`` (the kernel of gather_nd's gradient, which sums duplicates),
  wrapped in an ``autograd.Function`` whose gradient is a gather while autograd records;
  MXNet 1.9 has no differentiable scatter-add of its own.
* "multiply"/"min"/"max"/"replace": MXNet has no such scatters; the sort-based
  ``_common.sorted_scatter_rows`` runs on mxnet.numpy (differentiable through take/where).
* No compiled mode: hybridized blocks see Symbols, which arraykit does not dispatch.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import mxnet as mx
import numpy as np
from mxnet import np as mnp
from mxnet import npx
from mxnet.ndarray import _internal as _nd_internal

from ..._dispatch import array_namespace
from ...shims.mxnet import _primitives as _p
from . import _common

_c_rows: Any
try:  # the optional C helper (_rows.c): checked flat rows in one pass over the indices
    from ._rows import rows as _c_rows
except ImportError:  # pragma: no cover - where it did not build: the NumPy checks below
    _c_rows = None


def _paused(func: Any) -> Any:
    # Integer bookkeeping (sort order, run bounds) needs no gradient, and mnp.searchsorted is
    # a NumPy fallback that mxnet refuses while autograd records.
    def call(*args: Any, **kwargs: Any) -> Any:
        with mx.autograd.pause():
            return func(*args, **kwargs)

    return call


def _stable_argsort(a: Any) -> Any:
    # mnp.argsort promises no stability; unique int64 keys (value * n + position) make any
    # sort stable. Values are row numbers <= M, so M * n must fit in int64 (it does).
    n = a.shape[0]
    return mnp.argsort(a.astype("int64") * n + mnp.arange(n, dtype="int64"))


# The few standard names sorted_scatter_rows uses, on mxnet.numpy.
_XP = SimpleNamespace(
    arange=lambda n, dtype=None: mnp.arange(n, dtype=dtype),
    argsort=_paused(lambda a, stable=True: _stable_argsort(a)),
    take=lambda a, i, axis=None: mnp.take(a, i, axis=axis),
    concat=lambda arrays, axis=0: mnp.concatenate(arrays, axis=axis),
    zeros=lambda n, dtype=None: mnp.zeros(n, dtype=dtype),
    bool="bool",
    where=mnp.where,
    searchsorted=_paused(mnp.searchsorted),
    clip=mnp.clip,
    add=mnp.add,
    multiply=mnp.multiply,
    minimum=mnp.minimum,
    maximum=mnp.maximum,
)


class _ScatterAdd(mx.autograd.Function):
    """Sum updates into a zero array of ``shape`` at ``coords`` (K, ...), coordinates first
    and non-negative (``_backward_gather_nd`` does not wrap). Gradient: gather them back."""

    def __init__(self, coords: Any, shape: tuple[int, ...]) -> None:
        super().__init__()
        self.coords = coords
        self.shape = shape

    def forward(self, v: Any) -> Any:
        return _nd_internal._backward_gather_nd(
            v.as_nd_ndarray(), self.coords.as_nd_ndarray(), shape=self.shape
        ).as_np_ndarray()

    def backward(self, dy: Any) -> Any:
        return npx.gather_nd(dy.as_np_ndarray(), self.coords).as_nd_ndarray()


def _scatter_rows(x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
    # Only eager callers reach here, after the bounds check: no row is dropped.
    if reduction == "add":
        if v2.shape[0] == 0:
            return x2.copy()
        return x2 + _ScatterAdd(f.reshape(1, -1), tuple(x2.shape))(v2)
    return _common.sorted_scatter_rows(_XP, x2, f, v2, reduction)


def _where(c: Any, a: Any, b: Any) -> Any:
    # mnp.where is ~50x slower than arithmetic (5 ms for 2e5 elements); for integer operands
    # (index bookkeeping) b + (a - b) * c is exact and cheap. Values keep mnp.where (inf, nan).
    ints = all(not hasattr(v, "dtype") or np.dtype(v.dtype).kind in "iu" for v in (a, b))
    if ints and hasattr(c, "astype"):
        if not hasattr(b, "dtype"):
            b = mnp.full(c.shape, b, dtype=a.dtype)
        return b + (a - b) * c.astype(b.dtype)
    return mnp.where(c, a, b)


OPS = _common.namespace_ops(
    mnp,
    arange=lambda n: mnp.arange(n, dtype="int64"),
    as_index=lambda a: a.astype("int64"),
    take_rows=lambda x2, f: mnp.take(x2, f, axis=0),
    scatter_rows=_scatter_rows,
    to_numpy=lambda a: a.asnumpy(),
    where=_where,
    # mxnet.numpy has no logical_or and no | on bool arrays.
    logical_or=lambda a, b: (a.astype("int8") + b.astype("int8")) > 0,
)


shape = _common.array_shape


dtype_name = _common.cached_dtype_name(lambda d: np.dtype(d).name)


scalar_like, full = _common.like_constructors(mnp.array, mnp.full)
reshape = mnp.reshape
where = mnp.where
iinfo = np.iinfo


#: ``gather_nd`` takes the tuple form (K index arrays) as it is: in the common case (every
#: entry in ``[0, d)``) the flat rows come from the columns' host copies, without the stacked
#: copy (vision, a 256x256 int32 pair: the stack was ~0.2 ms of a ~0.5 ms call, MXNet
#: 1.9.1); any other call stacks them and takes the stacked form's path.
COLUMNS = True


def _column_rows(idx: tuple[Any, ...], plan: _common.GatherPlan, like: Any) -> Any:
    """Flat row numbers (on ``like``'s device) of the tuple form's columns when every entry
    lies in ``[0, d)`` of its axis (host copies, one NumPy max each), else None."""
    if plan.batch or not plan.n:
        return None
    host = tuple(_p.host_read(c) for c in idx)  # in place where it can (read in this call)
    f = _checked_rows(host, plan.dims, like)
    if f is not None:
        return f
    if not _common.host_in_range(host, plan.dims):
        return None
    return _flat_rows(host, plan.dims, like)


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    if type(idx) is tuple:
        f = _column_rows(idx, plan, x)
        if f is not None:
            return _take_rows(x, f, plan)
        idx = array_namespace(idx[0]).stack(list(idx), axis=-1)  # as the front stacks
    elif not plan.batch and plan.n:
        f = _checked_rows(_p.host_read(idx), plan.dims, x)
        if f is not None:
            return _take_rows(x, f, plan)
    # A host copy of the indices (~60 us for 2e5) buys a synchronous, exact bounds check.
    # gather_nd's own check is asynchronous and its errors come back garbled for some index
    # dtypes (a UnicodeDecodeError for int8), so it is not relied on.
    host, negative = _checked(fn, idx, plan.dims, first_axis=len(plan.batch))
    if plan.batch:
        out, _ = _common.gather_nd(OPS, x, idx, plan)
        return out
    if plan.n == 0:
        return mnp.zeros(plan.out_shape, dtype=x.dtype)
    if not negative:
        f = _flat_rows(host, plan.dims, x)
        return _take_rows(x, f, plan)
    out = npx.gather_nd(x, _coords(idx, plan.dims, negative))
    return out.reshape(plan.out_shape) if idx.ndim == 1 else out


def _take_rows(x: Any, f: Any, plan: _common.GatherPlan) -> Any:
    """Rows ``f`` of ``x`` seen as (rows, inner) rows, in the gather's shape."""
    return _reshaped(mnp.take(_reshaped(x, (plan.rows, plan.inner_size)), f, axis=0),
                     plan.out_shape)


def _reshaped(a: Any, shape: tuple[int, ...]) -> Any:
    # MXNet's reshape view where every extent is positive (no copy: ~0.1 ms a reshape of a
    # 65536x3 float32 array, two a vision gather); the reshape operator, a copy, otherwise.
    if all(d > 0 for d in shape):
        return _p.reshape_view(a, shape)
    return a.reshape(shape)


def _checked(fn: str, idx: Any, dims: tuple[int, ...], first_axis: int = 0,
             what: str = "indices") -> tuple[np.ndarray, bool]:
    """Raise the pinned IndexError for bad indices; return the host copy of the indices and
    whether any index is negative.

    A host copy (~50 us for 2e5 indices) and one NumPy reduction in the common in-range case
    (``host_in_range``; two more otherwise) are the cheapest exact check: mxnet's own
    reductions take over 1 ms, its kernels' checks are asynchronous (and absent from the
    scatter kernel)."""
    host = _p.host_read(idx)  # in place where it can (read in this call only)
    if host.size == 0 or _common.host_in_range(host, dims):
        return host, False
    lo, hi = float(host.min()), float(host.max())
    if _common.host_out_of_bounds(host, dims, lo, hi):
        _common.raise_out_of_bounds(fn, host, dims, first_axis=first_axis, what=what)
    return host, lo < 0


def _checked_rows(host: Any, dims: tuple[int, ...], like: Any) -> Any:
    """Flat row numbers (1-D int32, a new array on ``like``'s CPU context) of host index
    columns (the tuple form) or stacked rows ``host`` (int32 or int64) when every entry lies
    in ``[0, d)``: checked and computed by the C helper (``_rows.c``) in one pass, straight
    into the new array's memory, where ``host_in_range`` and ``host_flat_rows`` read the
    indices twice and the rows once more. None where it cannot answer so (an entry out of
    range, another dtype or layout, more rows than int32 holds, another context, no helper):
    the checked path then decides."""
    first = host[0] if type(host) is tuple else host
    if _c_rows is None or (first.dtype != _INT32 and first.dtype != _INT64):
        return None
    n = first.size if type(host) is tuple else first.size // len(dims)
    made = _p.host_allocated((n,), _INT32, like.ctx) if n else None
    if made is None or not _c_rows(made[1], dims, host):
        return None
    return made[0]


def _flat_rows(host: Any, dims: tuple[int, ...], like: Any) -> Any:
    """Flat row numbers (1-D, on ``like``'s device) of in-range index rows, computed from the
    host copy the bounds check made anyway (or from the tuple form's host columns). With
    them gather is one ``take`` of rows and scatter-add one row scatter: mxnet's transpose
    of the indices into its coordinates-first layout alone costs more (~0.6 ms for 65536
    index pairs) than computing and uploading these (~0.1 ms), and ``take`` is twice as fast
    as ``gather_nd``."""
    first = host[0] if type(host) is tuple else host
    small = _common.small_index(first.dtype.name, dims)
    if small and first.dtype == _INT32:
        # int32 indices, every row number fits: computed in int32 straight into the new
        # array's memory (no int64 pass, cast and upload: ~40 us against ~240 for 65536
        # pairs; MXNet 1.9.1, NumPy 1.23).
        shape = first.shape if type(host) is tuple else first.shape[:-1]
        made = _p.host_allocated((math.prod(shape),), _INT32, like.ctx)
        if made is not None:
            _common.host_flat_rows(host, dims, out=made[1].reshape(shape))
            return made[0]
    f = _common.host_flat_rows(host, dims).reshape(-1)
    dtype = "int32" if small else "int64"
    return mnp.array(f.astype(dtype, copy=False), dtype=dtype, ctx=like.ctx)


_INT32 = np.dtype(np.int32)
_INT64 = np.dtype(np.int64)


def _coords(idx: Any, dims: tuple[int, ...], negative: bool) -> Any:
    """mxnet's index layout (coordinates first, at least one axis after), all non-negative:
    gather_nd's forward wraps negatives, but its gradient kernel (also our scatter-add) does
    not, and scatters to the wrong place or outside the buffer. Indices are in bounds."""
    if idx.dtype != np.int64 and idx.dtype != np.int32:
        idx = idx.astype("int64")
    coords = idx.reshape(-1, 1) if idx.ndim == 1 else mnp.moveaxis(idx, -1, 0)
    if negative:
        d = mnp.array(dims, dtype=coords.dtype).reshape((-1,) + (1,) * (coords.ndim - 1))
        coords = coords + d * (coords < 0).astype(coords.dtype)
    return coords


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, copy: bool
) -> Any:
    if plan.reduction == "add" and plan.n:
        f = _checked_rows(_p.host_read(idx), plan.dims, updates)
        if f is not None:
            return x + _scatter_rows_add(f, updates, plan)
    host, negative = _checked(fn, idx, plan.dims, what=what)
    if plan.reduction == "add" and plan.n:
        return x + _scatter_add(idx, host, negative, updates, plan)
    out, _ = _common.update_nd(OPS, x, idx, updates, plan, drop=False)
    return out


def _scatter_add(
    idx: Any, host: np.ndarray, negative: bool, updates: Any, plan: _common.ScatterPlan
) -> Any:
    if not negative:
        return _scatter_rows_add(_flat_rows(host, plan.dims, updates), updates, plan)
    if tuple(updates.shape) != plan.updates_shape:
        updates = mnp.broadcast_to(updates, plan.updates_shape)
    coords, shape = _coords(idx, plan.dims, negative), plan.shape
    if idx.ndim == 1:  # one index row: give mxnet its index axis
        updates = updates.reshape((1,) + tuple(updates.shape))
    return _summed(coords, shape, updates, plan)


def _scatter_rows_add(f: Any, updates: Any, plan: _common.ScatterPlan) -> Any:
    """The add-scatter of ``updates`` at flat rows ``f`` (valid row numbers) into zeros of
    the plan's shape: (1, n) coordinates into (M, I) rows."""
    if tuple(updates.shape) != plan.updates_shape:
        updates = mnp.broadcast_to(updates, plan.updates_shape)
    coords = _reshaped(f, (1, plan.n))
    updates = _reshaped(updates, (plan.n, plan.inner_size))
    return _summed(coords, (plan.rows, plan.inner_size), updates, plan)


def _summed(coords: Any, shape: tuple[int, ...], updates: Any,
            plan: _common.ScatterPlan) -> Any:
    if not mx.autograd.is_recording():  # no gradient wanted: skip the Function machinery
        out = _ScatterAdd.forward(SimpleNamespace(coords=coords, shape=shape), updates)
    else:
        out = _ScatterAdd(coords, shape)(updates)
    return _reshaped(out, plan.shape)


def scatter_nd_new(idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str) -> Any:
    """scatter_nd without materialising and adding the zero base for "add"."""
    if plan.reduction == "add" and plan.n:
        f = _checked_rows(_p.host_read(idx), plan.dims, updates)
        if f is not None:
            return _scatter_rows_add(f, updates, plan)
    host, negative = _checked(fn, idx, plan.dims)
    if plan.reduction == "add" and plan.n:
        return _scatter_add(idx, host, negative, updates, plan)
    out, _ = _common.update_nd(OPS, full(plan.shape, 0, updates), idx, updates, plan, False)
    return out
