"""Paddle backend of ``arraykit.ext.nd``: the Array API implementation of ``_generic`` bound
to arraykit's Paddle namespace (integer-array ``take`` for gather, the sort-based
``_common.sorted_scatter_rows`` for every reduction), differentiable through Paddle's
autograd (gather, where, cumsum). Bounds are checked eagerly (IndexError); host copies of
the indices go through ``Tensor.numpy``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import arraykit.shims.paddle as _xp
from arraykit.shims.paddle._dtypes import paddle

from . import _common
from ._generic import Generic

_c_rows: Callable[[Any, tuple[int, ...], Any], bool] | None
try:  # the optional C helper (_rows.c): checked flat rows in one pass over the indices
    from ._rows import rows as _c_rows
except ImportError:  # pragma: no cover - a build without the extension
    _c_rows = None

#: Paddle 3.3.1's ``index_add`` has CPU kernels for these dtypes only.
_INDEX_ADD = frozenset({"float32", "float64", "int32", "int64", "float16"})
#: ... and ``gather_nd`` / ``scatter_nd_add`` for these (none for float16 or bfloat16;
#: scatter_nd_add none for bool, complex, int8 or int16).
_GATHER_ND = frozenset({"bool", "uint8", "int8", "int16", "int32", "int64", "float32",
                        "float64", "complex64", "complex128"})
_SCATTER_ND_ADD = frozenset({"uint8", "int32", "int64", "float32", "float64"})
#: Sums into in-range rows: one ``index_put(accumulate=True)`` of flat row numbers, which adds
#: the updates in their order as ``scatter_nd_add`` does (the same bits, values and
#: gradients, checked on 1,000 updates of magnitudes 1e-8 to 1e8 into 7 rows) and is 16x
#: faster on the vision benchmark's voxel grid (65536 updates into 40**3 cells: 0.13 ms
#: against 2.1 ms: Paddle 3.3.1's CPU scatter_nd_add calls MKL's vsAdd once per index row).
_INDEX_PUT_ADD = frozenset({"int32", "int64", "float32", "float64"})


def _native_index(idx: Any) -> Any:
    """Indices in a dtype Paddle's nd kernels take (int32, int64); called on in-range ones."""
    return idx if dtype_name(idx) in ("int32", "int64") else idx.astype("int64")


class _PaddleNd(Generic):
    def _host(self, a: Any) -> Any:
        return a.numpy()

    def _extremes(self, a: Any) -> tuple[int, int]:
        if a.place.is_cpu_place():  # NumPy reduces a host view: 68 us for 65536x2 indices
            host = _host_view(a)  # against 267 us for Paddle's min and max
            return int(host.min()), int(host.max())
        return int(a.min()), int(a.max())

    # In-range eager indices go to Paddle's own nd kernels, one op each (vision benchmark,
    # 256x256: gather_nd 0.25 ms against 0.4 ms for flat rows and a take; a 65536-point
    # scatter_nd_add into 40**3 cells 2.4 ms against 15 ms for index_add on flat rows).
    def _in_range(self, idx: Any, plan: Any) -> bool:
        """``_common.eager_in_range`` (same answers); on the CPU ``_common.host_in_range``
        of a host view: one NumPy ``max`` read as unsigned in the common case (65536x3
        int32: ~20 us less than a min and a max)."""
        if getattr(plan, "batch", ()) or not plan.n or not idx.place.is_cpu_place():
            return _common.eager_in_range(idx, plan, self._extremes)
        return _common.host_in_range(_host_view(idx), plan.dims)

    def gather_nd(self, x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
        if dtype_name(x) in _GATHER_ND and self._in_range(idx, plan):
            return paddle.gather_nd(x, _native_index(idx))
        return super().gather_nd(x, idx, plan, fn)

    def update_nd(
        self, x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str,
        copy: bool,
    ) -> Any:
        if plan.reduction == "add" and dtype_name(x) in _INDEX_PUT_ADD:
            f = _checked_rows(idx, plan.dims)
            if f is not None:  # every row in range: one accumulating index_put of rows
                if tuple(updates.shape) != plan.updates_shape:  # (a copy where it is one)
                    updates = paddle.broadcast_to(updates, plan.updates_shape)
                inner = list(plan.inner)
                out = _C_INDEX_PUT(x.reshape([plan.rows, *inner]), [f],
                                   updates.reshape([plan.n, *inner]), True)
                return out.reshape(list(plan.shape))
        if (plan.reduction == "add" and dtype_name(x) in _SCATTER_ND_ADD
                and self._in_range(idx, plan)):
            if tuple(updates.shape) != plan.updates_shape:  # (a copy where it is one)
                updates = paddle.broadcast_to(updates, plan.updates_shape)
            return paddle.scatter_nd_add(x, _native_index(idx), updates)
        return super().update_nd(x, idx, updates, plan, fn, what, copy)

    def _scatter_rows(self, x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
        # Sums: one index_add (duplicates add; differentiable), measured several times
        # faster than the sort-based rows scatter the other reductions keep. Only eager
        # callers reach here, after the bounds check: no row is dropped.
        if reduction == "add" and dtype_name(x2) in _INDEX_ADD:
            return paddle.index_add(x2, f, 0, v2)
        return super()._scatter_rows(x2, f, v2, reduction, drop)


_IMPL = _PaddleNd(_xp)
#: The namespace (its functions are assembled at import: Any to the type checkers).
_NAMESPACE: Any = _xp


shape = _common.array_shape


def dtype_name(a: Any) -> str:
    return str(a.dtype).rsplit(".", 1)[-1]


def scalar_like(value: Any, like: Any) -> Any:
    return _IMPL.scalar_like(value, like)


def full(shape_: Any, value: Any, like: Any) -> Any:
    return _IMPL.full(shape_, value, like)


def reshape(a: Any, shape_: Any) -> Any:
    return _IMPL.reshape(a, shape_)


def where(c: Any, a: Any, b: Any) -> Any:
    return _IMPL.where(c, a, b)


def iinfo(name: str) -> Any:
    return _IMPL.iinfo(name)


def _host_view(a: Any) -> Any:
    """A CPU tensor's values as a NumPy array: a view through DLPack where the tensor is
    contiguous (5 us for 65536 int32 against 22 us for ``Tensor.numpy``'s copy)."""
    if a.is_contiguous():
        try:
            return np.from_dlpack(a)
        except (TypeError, RuntimeError, BufferError):  # a dtype or layout DLPack refuses
            pass
    return a.numpy()


def _below(a: Any, d: int) -> bool:
    """Whether every entry of the integer tensor ``a`` (not empty) lies in ``[0, d)``."""
    if a.place.is_cpu_place():
        return _common.host_column_in_range(_host_view(a), d)
    return int(a.min()) >= 0 and int(a.max()) < d


_CPU = paddle.CPUPlace()
_EMPTY, _C_GATHER, _C_RESHAPE = paddle._C_ops.empty, paddle._C_ops.gather, paddle._C_ops.reshape
_C_INDEX_PUT = paddle._C_ops.index_put
_INT64_DTYPE = paddle.int64


def _checked_rows(cols: Any, dims: tuple[int, ...]) -> Any:
    """The flat row numbers (1-D int64, on the CPU) of the tuple form's CPU columns (or of
    one CPU tensor of stacked rows (..., K)) where every entry lies in ``[0, d)`` of its
    axis, computed by the C helper in one pass with the range check from host views.
    ``_below`` of every column followed by Paddle's row arithmetic reads each column twice:
    on the vision benchmark's 256x256 lookups that is 0.5 MB more read per gather. The rows
    are written into a tensor of Paddle's allocator through its host view: a fresh NumPy
    buffer of that size is a new mapping a call (~130 page faults). None where the helper
    cannot say so (an entry out of range, a layout or dtype it does not read, no helper, a
    tensor off the CPU): the caller's checks then decide, as without it."""
    if _c_rows is None:
        return None
    if type(cols) is not tuple:  # stacked rows
        if not cols.place.is_cpu_place():
            return None
        host = _host_view(cols)
        n = host.size // len(dims)
    else:
        hosts = []
        for c in cols:
            if not c.place.is_cpu_place():
                return None
            hosts.append(_host_view(c))
        host, n = tuple(hosts), hosts[0].size
    f = _EMPTY([n], _INT64_DTYPE, _CPU)
    return f if _c_rows(np.from_dlpack(f), dims, host) else None


#: Index dtypes (by identity) whose flat row numbers are computed as they are (a narrower
#: one could overflow ``i * stride``); int32 only while every row number fits it.
_INT32, _INT64 = id(paddle.int32), id(paddle.int64)
_INT32_ROWS = 2**31 - 1

#: ``gather_nd`` takes the tuple form (K index tensors) as it is: flat row numbers from the
#: columns and one ``paddle.gather`` of x's rows. Paddle 3.3.1's ``stack`` of two 65536
#: int32 columns alone takes 0.40 ms and its ``gather_nd`` 0.43 ms; the flat rows 0.03 ms
#: and the gather 0.31 ms (vision, 256x256x3 image).
COLUMNS = True


def _columns_in_range_rows(cols: tuple[Any, ...], plan: _common.GatherPlan) -> Any:
    """Flat row numbers (1-D) of the tuple form's columns if every entry lies in ``[0, d)``
    of its axis; None otherwise (negatives, out of bounds, no rows, a batch gather: the
    stacked form's path, with its errors)."""
    if plan.batch or not plan.n:
        return None
    f = _checked_rows(cols, plan.dims)
    if f is not None:
        return f
    for c, d in zip(cols, plan.dims):
        if not _below(c, d):
            return None
    i = id(cols[0].dtype)
    if not (i == _INT64 or (i == _INT32 and plan.rows <= _INT32_ROWS)):
        cols = tuple(c.astype("int64") for c in cols)
    f, stride = cols[-1], 1
    for k in range(len(plan.dims) - 2, -1, -1):
        stride *= plan.dims[k + 1]
        f = cols[k] * stride + f  # exact: every value and product in range
    return f.reshape([-1])


#: ``gather_columns``' entries: (x's shape, the first column's shape, its dtype's id, K) ->
#: (the K axis sizes, x's rows shape, the result's shape), stored by ``gather_nd`` after the
#: front validated such a call and its flat rows served it.
_COLUMN_PLANS: dict[tuple, tuple] = {}
_TENSOR = paddle.Tensor


def gather_columns(x: Any, idx: tuple, batch_dims: Any) -> Any:
    """``gather_nd(x, idx)`` of the tuple form where ``_COLUMN_PLANS`` knows the call, in one
    function: the same range checks (``_below`` of every column) and flat rows as
    ``gather_nd``'s, without the front's per-call validation, which an earlier call of the
    same shapes and dtype passed. None: the general path, for anything else and for every
    index it must wrap or reject."""
    if type(batch_dims) is not int or batch_dims or not idx:
        return None
    c0 = idx[0]
    if type(c0) is not _TENSOR or type(x) is not _TENSOR:
        return None
    dtype, shape = c0.dtype, c0.shape
    entry = _COLUMN_PLANS.get((tuple(x.shape), tuple(shape), id(dtype), len(idx)))
    if entry is None:
        return None
    dims, rows_shape, out_shape = entry
    for c in idx[1:]:
        if type(c) is not _TENSOR or c.dtype is not dtype or c.shape != shape:
            return None
    f = _checked_rows(idx, dims)
    if f is not None:  # the kernels paddle.gather and Tensor.reshape call, without their layers
        return _C_RESHAPE(_C_GATHER(_C_RESHAPE(x, rows_shape), f, 0), out_shape)
    for c, d in zip(idx, dims):
        if not _below(c, d):
            return None
    f, stride = idx[-1], 1
    for k in range(len(dims) - 2, -1, -1):
        stride *= dims[k + 1]
        f = idx[k] * stride + f  # exact: every value and product in range
    return paddle.gather(x.reshape(rows_shape), f.reshape([-1])).reshape(out_shape)


def _remember_columns(x: Any, idx: tuple, plan: _common.GatherPlan) -> None:
    """Store ``gather_columns``' entry for a call the flat rows of int32/int64 columns served
    without a cast (int32 only while every row number fits it, as ``_columns_in_range_rows``)."""
    i = id(idx[0].dtype)
    if not (i == _INT64 or (i == _INT32 and plan.rows <= _INT32_ROWS)):
        return
    if len(_COLUMN_PLANS) >= 256:
        _COLUMN_PLANS.clear()
    _COLUMN_PLANS[(tuple(x.shape), tuple(idx[0].shape), i, len(idx))] = (
        plan.dims, [plan.rows, plan.inner_size], list(plan.out_shape))


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    if type(idx) is tuple:
        f = _columns_in_range_rows(idx, plan)
        if f is not None:
            rows = paddle.gather(x.reshape([plan.rows, plan.inner_size]), f)
            if type(x) is _TENSOR and all(type(c) is _TENSOR for c in idx):
                _remember_columns(x, idx, plan)
            return rows.reshape(list(plan.out_shape))
        idx = _NAMESPACE.stack(list(idx), axis=-1)  # the stacked form's path, errors
    return _IMPL.gather_nd(x, idx, plan, fn)


def update_nd(x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str,
              *, copy: bool) -> Any:
    return _IMPL.update_nd(x, idx, updates, plan, fn, what, copy=copy)
