"""NumPy backend of ``arraykit.ext.nd``.

Fast path: when every index is in ``[0, d)`` (one reduction over the indices; with the
optional C helper ``_rows.c``, one pass that checks and computes the rows together), the
index rows become flat row numbers and the work is one ``np.take`` / ``ufunc.at`` along one
axis of ``x`` viewed as rows, several times faster than advanced indexing with K index
arrays (what a hand-written ``x[i0, i1]`` does). Otherwise NumPy's own advanced indexing and
``ufunc.at`` run: they already wrap negative indices and raise IndexError for out-of-bounds
ones, which is the pinned meaning; only the error message is rewritten (built from the
indices on the error path).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from . import _common

_c_rows: Callable[[Any, tuple[int, ...], Any], bool] | None
try:  # the optional C helper (_rows.c): checked flat rows in one pass over the indices
    from ._rows import rows as _c_rows
except ImportError:  # pragma: no cover - where it did not build: the NumPy passes below
    _c_rows = None

_AT = {"add": np.add.at, "multiply": np.multiply.at, "min": np.minimum.at, "max": np.maximum.at}


def _scatter_rows(x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
    # With drop, f == M marks a dropped row: scatter into one spare row, then cut it off.
    x2 = np.concatenate([x2, np.zeros((1,) + x2.shape[1:], x2.dtype)]) if drop else x2.copy()
    if reduction == "replace":
        out = _common.replace_rows(OPS, x2, f, v2, _max_int, x2.shape[0])
    else:
        _AT[reduction](x2, f, v2)
        out = x2
    return out[:-1] if drop else out


def _checked_rows(idx: Any, dims: tuple[int, ...]) -> Any:
    """The flat rows of ``_common.host_flat_rows`` (intp) where every entry of ``idx`` (the
    tuple form's columns or stacked rows (..., K)) lies in ``[0, d)``, computed by the C
    helper in one pass with the range check (the NumPy path reads the indices twice: a
    ``max`` per check, then the row arithmetic); None where it cannot say so (an entry out
    of ``[0, d)``, no indices, a layout or dtype it does not read, or no C helper): the
    caller's NumPy checks then decide, as without the helper."""
    if _c_rows is None:
        return None
    f = np.empty(idx[0].shape if type(idx) is tuple else idx.shape[:-1], np.intp)
    return f if _c_rows(f, dims, idx) else None


def _in_range_rows(idx: Any, dims: tuple[int, ...]) -> Any:
    """The flat rows of ``idx`` where every entry lies in ``[0, d)``: ``_checked_rows``' one
    pass, else NumPy's check (``_common.host_in_range``) and row arithmetic; None where some
    entry does not (the caller's advanced indexing then wraps it or raises)."""
    f = _checked_rows(idx, dims)
    if f is None and _common.host_in_range(idx, dims):
        f = _common.host_flat_rows(idx, dims)
    return f


def _max_int(base: Any, f: Any, pos: Any) -> Any:
    np.maximum.at(base, f, pos)
    return base


OPS = _common.namespace_ops(
    np,
    arange=lambda n: np.arange(n, dtype=np.int64),
    as_index=lambda a: a.astype(np.int64, copy=False),
    take_rows=lambda x2, f: x2[f],
    scatter_rows=_scatter_rows,
)


def shape(a: Any) -> tuple[int, ...]:
    return a.shape


dtype_name = _common.cached_dtype_name()


def scalar_like(value: Any, like: Any) -> Any:
    return np.asarray(value, dtype=like.dtype)


def full(shape_: Any, value: Any, like: Any) -> Any:
    if type(value) is int and value == 0:  # scatter_nd's base: calloc'd pages, as np.zeros
        return np.zeros(shape_, dtype=like.dtype)
    return np.full(shape_, value, dtype=like.dtype)


reshape = np.reshape
where = np.where


iinfo = np.iinfo


def _columns(idx: Any, plan: Any) -> tuple[Any, ...]:
    # Not NumPy's own cast: it reads uint64 2**64 - 1 as -1 (see index_columns).
    return _common.index_columns(OPS, idx, plan)


#: ``gather_nd`` takes the tuple form (K index arrays) as it is: its flat rows read the
#: contiguous columns (vision benchmark, 65536x2 int32: ~50 us less than stack + strided read).
COLUMNS = True


#: The first column's bounds are left to ``np.take`` of the flat rows when the others are in
#: range and ``|i_0| * prod(dims[1:])`` cannot overflow intp: i_0 of at most 32 bits, the
#: other axes below 2**30 rows.
_FREE_FIRST_ROWS = 2**30


def _take_first_column_free(x: Any, idx: tuple, plan: _common.GatherPlan) -> Any:
    """The tuple form's gather with the first column unchecked, or None (the caller's checked
    path). With columns 1.. in ``[0, d_k)``, the flat row ``f = i_0 * P + r`` (``P`` the rows
    of the other axes, ``0 <= r < P``) is in ``[0, rows)`` exactly when ``i_0`` is in
    ``[0, d_0)``, in ``[-rows, 0)`` exactly when ``i_0`` is in ``[-d_0, 0)``, where
    ``np.take`` wraps it to ``f + rows``: row ``i_0 + d_0``, gather_nd's wrap; anything else
    raises IndexError there (None: the checked path raises gather_nd's error). One column
    reduction fewer per gather (vision's bilinear lookups: 4 of 8). Columns of a dtype with
    an unsigned twin are checked by ``_take_known`` (one ``max`` each), the others by
    ``_common.host_in_range`` (``min`` and ``max``)."""
    first = idx[0]
    if (first.dtype.itemsize > 4 or not first.size
            or math.prod(plan.dims[1:]) >= _FREE_FIRST_ROWS):
        return None
    entry: Any = _column_entry(x, idx, plan) if type(x) is np.ndarray else False
    if entry:
        return _take_known(x, idx, entry)
    if not (len(idx) == 1 or _common.host_in_range(idx[1:], plan.dims[1:])):
        return None
    f = _common.host_flat_rows(idx, plan.dims)
    try:
        out = np.take(x.reshape(plan.rows, plan.inner_size), f, axis=0)
    except IndexError:
        return None
    return out.reshape(plan.out_shape)


#: The tuple form's unchecked-first-column gather (``_take_first_column_free``) by
#: ``(x.shape, column shape, column dtype, K)``: ``((d_k, the unsigned dtype column k is read
#: as) for k >= 1, x's rows view shape, the result's shape or None where the take gives it)``,
#: or False where one ``max`` per column gives no verdict (the general checks then). Filled by
#: ``gather_nd`` once per key after the front validated the call, so a key here names a call
#: the front accepts; ``gather_columns`` serves the later calls of a key it holds.
_COLUMN_PLANS: dict[tuple, Any] = {}
_umax = np.maximum.reduce


def _column_entry(x: Any, idx: tuple, plan: _common.GatherPlan) -> Any:
    """``_COLUMN_PLANS``' entry for a validated call of ``_take_first_column_free``'s kind
    (an ndarray ``x``, non-empty columns of at most 32 bits, no batch axes), made and stored
    on the key's first call only."""
    key = (x.shape, idx[0].shape, idx[0].dtype, len(idx))
    entry = _COLUMN_PLANS.get(key)
    if entry is not None:
        return entry
    twin = _common.UNSIGNED_OF.get(key[2])
    if twin is None and key[2].kind == "u" and key[2].isnative:
        twin = (key[2], math.inf)  # unsigned: the max itself
    entry = False
    if twin is not None and all(d <= twin[1] for d in plan.dims[1:]):
        inner = plan.inner
        entry = (
            tuple((d, twin[0]) for d in plan.dims[1:]),
            (plan.rows,) + ((plan.inner_size,) if inner else ()),
            plan.out_shape if len(inner) > 1 else None,
            plan.dims,
        )
    if len(_COLUMN_PLANS) >= 256:
        _COLUMN_PLANS.clear()
    _COLUMN_PLANS[key] = entry
    return entry


def _take_known(x: Any, idx: tuple, entry: tuple) -> Any:
    """The gather of an entry of ``_COLUMN_PLANS``: per column after the first one ``max``
    read as unsigned (below ``d_k`` exactly when the column is in ``[0, d_k)``, as
    ``_common.host_column_in_range``), the flat rows in place and one ``take``, whose own
    bounds check covers the first column (see ``_take_first_column_free``). None for a column
    out of ``[0, d_k)`` or a first column out of ``[-d_0, d_0)``: the caller's checked path
    wraps the one and raises gather_nd's error for the other. With the C helper, columns all
    in ``[0, d_k)`` (the first included) take ``_checked_rows``' one pass instead."""
    checks, rows_shape, out_shape, dims = entry
    f = _checked_rows(idx, dims)
    if f is not None:
        out = x.reshape(rows_shape).take(f, axis=0)
        return out if out_shape is None else out.reshape(out_shape)
    for c, (d, twin) in zip(idx[1:], checks):
        if not _umax(c.view(twin), None) < d:  # a negative entry reads as >= d
            return None
    f = idx[0].astype(np.intp)
    for c, (d, _) in zip(idx[1:], checks):
        f *= d
        f += c
    try:
        out = x.reshape(rows_shape).take(f, axis=0)
    except IndexError:
        return None
    return out if out_shape is None else out.reshape(out_shape)


def gather_columns(x: Any, idx: tuple, batch_dims: Any) -> Any:
    """``gather_nd(x, idx)`` of the tuple form where ``_COLUMN_PLANS`` knows the call, in one
    function (``_take_known`` after the types, shapes and dtype of the columns): None for
    anything else and for every index it must wrap or reject (the general path: the front's
    checks, ``gather_nd``). The vision benchmark's bilinear lookups: ~20 us of Python less per
    256x256 gather than the general path."""
    if type(batch_dims) is not int or batch_dims or not idx:
        return None
    c0 = idx[0]
    if type(c0) is not np.ndarray or type(x) is not np.ndarray:
        return None
    entry = _COLUMN_PLANS.get((x.shape, c0.shape, c0.dtype, len(idx)))
    if not entry or not x.flags.c_contiguous:
        return None
    shape, dtype = c0.shape, c0.dtype
    for c in idx[1:]:
        if type(c) is not np.ndarray or c.dtype is not dtype or c.shape != shape:
            return None
    return _take_known(x, idx, entry)


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    if type(idx) is tuple:  # the tuple form: flat rows from the columns, else the stack
        if not plan.batch and x.flags.c_contiguous:
            out = _take_first_column_free(x, idx, plan)
            if out is not None:
                return out
        idx = np.stack(idx, axis=-1)
    if plan.batch:
        out, bad = _common.gather_nd(OPS, x, idx, plan)
        if bad:
            _common.raise_out_of_bounds(fn, idx, plan.dims, first_axis=len(plan.batch))
        return out
    # Rows of x as a view (a non-contiguous x would be copied whole: not worth it).
    if x.flags.c_contiguous and (f := _in_range_rows(idx, plan.dims)) is not None:
        return np.take(x.reshape(plan.rows, plan.inner_size), f, axis=0).reshape(plan.out_shape)
    try:
        return x[_columns(idx, plan)]
    except IndexError:
        _common.raise_out_of_bounds(fn, idx, plan.dims)


def _at_rows(out: Any, f: Any, updates: Any, plan: _common.ScatterPlan) -> Any:
    """``plan.reduction`` of ``updates`` into the rows ``f`` (flat, in range) of the
    C-contiguous ``out``: the rows view writes through to ``out``; updates are laid out as
    (index rows, I)."""
    if plan.inner:
        rows = out.reshape(plan.rows, plan.inner_size)
        updates = np.broadcast_to(updates, plan.updates_shape)
        updates = updates.reshape(f.shape + (plan.inner_size,))
    else:
        rows = out.reshape(plan.rows)
    _AT[plan.reduction](rows, f, updates)
    return out


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, copy: bool
) -> Any:
    if plan.reduction == "replace":
        # NumPy leaves the order of repeated assignments unspecified ("x[i] = v"), so the
        # shared last-wins rule runs instead, after an explicit bounds check.
        if _common.host_out_of_bounds(idx, plan.dims):
            _common.raise_out_of_bounds(fn, idx, plan.dims, what=what)
        out, _ = _common.update_nd(OPS, x, idx, updates, plan, drop=False)
        return out
    out = x.copy() if copy else x
    if out.flags.c_contiguous and (f := _in_range_rows(idx, plan.dims)) is not None:
        return _at_rows(out, f, updates, plan)
    if plan.inner_size == 0 and _common.host_out_of_bounds(idx, plan.dims):
        # ufunc.at has no element to write into empty sub-arrays: NumPy 1.23 checks no index
        _common.raise_out_of_bounds(fn, idx, plan.dims, what=what)
    try:
        _AT[plan.reduction](out, _columns(idx, plan), updates)
    except IndexError:
        _common.raise_out_of_bounds(fn, idx, plan.dims, what=what)
    return out


#: ``scatter_nd`` calls of stacked ndarray indices and ndarray updates by ``(shape,
#: indices.shape, indices.dtype, updates.shape, updates.dtype, reduction)`` as passed:
#: ``(plan, the unsigned dtype the indices are read as, min(plan.dims))``, or False where
#: ``scatter_known`` cannot serve the call (the general path). An entry is made only after
#: ``scatter_plan`` validated those arguments (which raises for invalid ones before anything
#: is stored: the general path then raises the same).
_SCATTER_PLANS: dict[tuple, Any] = {}


def _scatter_entry(key: tuple, idx: Any, updates: Any) -> Any:
    try:
        plan = _common.cached(_common.scatter_plan, "scatter_nd", key[0], idx.shape,
                              dtype_name(idx), updates.shape, dtype_name(updates), None, key[5])
    except (TypeError, ValueError):  # the general path raises it
        return None
    twin = _common.UNSIGNED_OF.get(idx.dtype)
    entry: Any = False
    if (plan.reduction != "replace" and twin is not None and idx.size
            and max(plan.dims) <= twin[1]):
        entry = (plan, twin[0], min(plan.dims))
    if len(_SCATTER_PLANS) >= 256:
        _SCATTER_PLANS.clear()
    _SCATTER_PLANS[key] = entry
    return entry


def scatter_known(idx: Any, updates: Any, shape: Any, reduction: Any) -> Any:
    """``scatter_nd(idx, updates, shape, reduction=reduction)`` of non-empty stacked signed
    indices whose entries are in ``[0, d)``, in one function (no front, no ``update_nd``):
    one ``max`` of the indices read as unsigned (below ``min(dims)`` exactly when every entry
    is in ``[0, min(dims))``; else one per column, below its ``d``), the flat rows, the zero
    base and one ``ufunc.at``: the work ``update_nd``'s in-range path does. None for anything
    else (other types, "replace", a negative or out-of-range index: the general path wraps
    or raises). The vision benchmark's voxel grid: ~10 us of Python less a call."""
    if (type(idx) is not np.ndarray or type(updates) is not np.ndarray
            or type(shape) is not tuple or type(reduction) is not str):
        return None
    key = (shape, idx.shape, idx.dtype, updates.shape, updates.dtype, reduction)
    try:
        entry = _SCATTER_PLANS.get(key)
    except TypeError:  # an unhashable size in shape: the general path says what it makes of it
        return None
    if entry is None:
        entry = _scatter_entry(key, idx, updates)
    if not entry:
        return None
    plan, twin, low = entry
    f = _checked_rows(idx, plan.dims)
    if f is not None:
        return _at_rows(np.zeros(plan.shape, updates.dtype), f, updates, plan)
    u = idx.view(twin)  # a negative entry reads as >= 2**(bits-1) >= every d
    if not _umax(u, None) < low:
        dims = plan.dims
        if not all(_umax(u[..., k], None) < dims[k] for k in range(len(dims))):
            return None
    out = np.zeros(plan.shape, updates.dtype)
    return _at_rows(out, _common.host_flat_rows(idx, plan.dims), updates, plan)
