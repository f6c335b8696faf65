"""PyTorch backend of ``arraykit.ext.nd``.

Fast path (eager, CPU): when every index is in ``[0, d)`` (checked while the C helper
``_rows.c`` computes the flat row numbers, one pass over the indices; else one NumPy max per
column), the index rows become flat row numbers and the work is one ``index_select`` /
``index_add`` along one axis of ``x`` viewed as rows: several times faster than advanced
indexing with K index tensors (a hand-written ``x[i0, i1]``). Otherwise torch's advanced
indexing and ``index_put(accumulate=True)`` run: they already wrap negative indices and raise
IndexError out of bounds, the pinned meaning; only the error message is rewritten.
Under ``torch.compile`` (``_compiled_gather``/``_compiled_add``) the program is the native
one plus the pinned compiled rule: every column wrapped once and clipped
(``_common.clipped_flat_rows``; ``_clipped_flat_rows`` for a gather), flat rows, one
``index_select`` / ``index_add``; a scatter's dropped rows add the exact identity (-0.0)
instead. Elsewhere (other reductions, batch_dims, non-CPU devices, where an out-of-bounds
index would be a device assert) the shared row algorithm runs with an explicit bounds flag.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from . import _common

_c_rows: Callable[[Any, tuple[int, ...], Any], bool] | None
try:  # the optional C helper (_rows.c): checked flat rows in one pass over the indices
    from ._rows import rows as _c_rows
except ImportError:  # pragma: no cover - where it did not build: _high and _flat_rows below
    _c_rows = None

_REDUCE = {"multiply": "prod", "min": "amin", "max": "amax"}


def _scatter_rows(x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
    if drop:  # f == M marks a dropped row: scatter into one spare row, then cut it off
        x2 = torch.cat([x2, x2.new_zeros((1,) + tuple(x2.shape[1:]))])
    if reduction == "add":
        out = x2.index_add(0, f, v2)
    elif reduction == "replace":
        out = _common.replace_rows(OPS, x2, f, v2, _max_int, x2.shape[0])
    else:
        index = f[:, None].expand(-1, x2.shape[1])
        out = x2.scatter_reduce(0, index, v2, _REDUCE[reduction], include_self=True)
    return out[:-1] if drop else out


def _max_int(base: Any, f: Any, pos: Any) -> Any:
    return base.scatter_reduce(0, f, pos, "amax", include_self=True)


OPS = _common.namespace_ops(
    torch,
    arange=lambda n: torch.arange(n, dtype=torch.int64),
    as_index=lambda a: a.to(torch.int64),
    take_rows=lambda x2, f: x2[f],
    scatter_rows=_scatter_rows,
    to_numpy=lambda a: a.detach().cpu().numpy(),
    clip=torch.clamp,
)


def _teach_dynamo() -> None:
    """Under TorchDynamo, ``_common.cached`` builds the plan afresh instead of reading the
    plan cache: the trace then holds the plan's values as constants, where a read from the
    cache would have TorchDynamo re-check, before every call, the cache's keys and every
    field the trace read from the plan (~170 guards on the vision workload, ~10 us a call).
    The plan is a function of the call's shapes and dtypes, which the trace guards anyway;
    its checks raise while tracing, as they would eagerly. Eager calls are untouched."""
    try:
        from torch._dynamo import substitute_in_graph
    except ImportError:  # pragma: no cover - older torch: the cache is traced
        return

    def cached_when_traced(make: Callable[..., Any], *args: Any) -> Any:
        return make(*args)

    try:
        substitute_in_graph(_common.cached, skip_signature_check=True)(cached_when_traced)
    except (ValueError, TypeError):  # pragma: no cover - registered already (a reload)
        pass


_teach_dynamo()


shape = _common.array_shape


def dtype_name(a: Any) -> str:
    return str(a.dtype)[6:]  # "torch.int64" -> "int64"


def scalar_like(value: Any, like: Any) -> Any:
    return torch.tensor(value, dtype=like.dtype, device=like.device)


def full(shape_: Any, value: Any, like: Any) -> Any:
    return torch.full(tuple(shape_), value, dtype=like.dtype, device=like.device)


reshape = torch.reshape


def where(c: Any, a: Any, b: Any) -> Any:
    return torch.where(c, a, b)


def iinfo(name: str) -> Any:
    return torch.iinfo(getattr(torch, name))


def _columns(idx: Any, plan: Any) -> tuple[Any, ...]:
    # int64/int32 index as-is; narrower ones are cast (uint8 would otherwise mean a mask);
    # uint64 2**64 - 1 must not read as -1 (see index_columns).
    if plan.index_dtype in ("int64", "int32"):
        return idx.unbind(-1)  # one op: the common case (and what Inductor fuses best)
    if plan.index_dtype not in ("uint32", "uint64"):
        return idx.to(torch.int64).unbind(-1)
    return _common.index_columns(OPS, idx.to(torch.int64), plan)


def _cpu(*arrays: Any) -> bool:
    return all(a.device.type == "cpu" for a in arrays)


def _traced_columns(idx: Any, plan: Any) -> tuple[Any, ...]:
    """The index columns under ``torch.compile``, in the dtype the row arithmetic runs in:
    int32 where the plan allows it (``small_index``: the usual int32 indices as they are;
    int8/int16/uint8/uint16 widened, as int8 -1 + 1000 would overflow), else int64."""
    cols = idx if type(idx) is tuple else idx.unbind(-1)
    wide = torch.int32 if plan.small_index else torch.int64
    if cols[0].dtype != wide:
        cols = tuple(c.to(wide) for c in cols)
    return cols


def _compiled_gather(x: Any, idx: Any, plan: _common.GatherPlan) -> Any:
    # What a torch user compiles (flat rows, one index_select), plus the clip.
    f = _clipped_flat_rows(_traced_columns(idx, plan), plan.dims, plan.index_dtype)
    if f.ndim != 1:
        f = f.reshape(-1)
    rows = x.reshape(plan.rows, plan.inner_size).index_select(0, f)
    return rows.reshape(plan.out_shape)


def _clipped_flat_rows(cols: tuple[Any, ...], dims: tuple[int, ...], index_dtype: str) -> Any:
    """``_common.clipped_flat_rows(..., mark=False)[0]``, where a signed column of a
    power-of-two axis is clipped and wrapped as ``max(min(c, d - 1) + d, 0) & (d - 1)`` (the
    same values as the shared ``clip(c, -d, d - 1) & (d - 1)``; no term overflows, as
    ``c + d <= 2d - 1``). Inductor's CPU gather loop runs the row arithmetic as scalar code per
    output row; there GCC turns the shared form's two-sided clip of the vision workload's
    int32 columns into SIMD min/max with register moves on the path to each load, this one
    into a compare-and-move per bound and a zero extension: bilinear_sample (four
    256x256 gathers) +6.6% -> +5.2% over native, the whole vision cell +1.1% -> -0.4%
    (torch 2.13, one thread, 2026-12-06). Other axes and dtypes: the shared rule per column."""
    f = None
    for c, d in zip(cols, dims):
        if d & (d - 1) or index_dtype.startswith("u"):
            t = _common.clipped_flat_rows(OPS, (c,), (d,), index_dtype, False)[0]
        else:
            t = torch.clamp_min(torch.clamp_max(c, d - 1) + d, 0) & (d - 1)
        f = t if f is None else f * d + t
    return f


def _neutral(dtype: Any) -> Any:
    """What a dropped update adds: the exact identity of ``+`` (-0.0 + v is v for every
    float v, -0.0 included; +0.0 would turn a -0.0 target into +0.0)."""
    if dtype.is_complex:
        return complex(-0.0, -0.0)
    return -0.0 if dtype.is_floating_point else 0


def _compiled_add(x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, copy: bool) -> Any:
    # The native program (flat rows, one index_add; scatter_add on one thread: _scatter_add)
    # plus the drop rule (_common.traced_add).
    in_place = not (copy or x.requires_grad)
    scatter: Callable[[Any, Any, Any], Any] | None
    if x.dtype in _SCATTER_ADD_DTYPES and x.device.type == "cpu" and _one_thread():
        scatter = _scatter_add_ if in_place else _scatter_add
    else:
        scatter = _index_add_ if in_place else None
    return _common.traced_add(OPS, x, _traced_columns(idx, plan), updates, plan,
                              _neutral(x.dtype), scatter, flat_rows=_dropped_flat_rows)


#: x dtypes whose sum-scatter Inductor fuses on CPU (int64 and bool take its fallback kernel).
_SCATTER_ADD_DTYPES = (torch.float32, torch.float64)


def _one_thread() -> bool:
    return torch.get_num_threads() == 1


try:  # read once while tracing, as Inductor reads the thread count when it compiles
    _one_thread = torch._dynamo.assume_constant_result(_one_thread)
except AttributeError:  # pragma: no cover - older torch: index_add everywhere
    _one_thread = lambda: False  # noqa: E731


def _scatter_add(rows: Any, f: Any, v2: Any, in_place: bool = False) -> Any:
    """``rows.index_add(0, f, v2)`` as ``scatter_add`` with int64 row numbers: the same sums
    in the same order, where Inductor's ``scatter_add`` reads its indices as they are
    (``wrap_neg=False``) and ``index_add``'s index_put adds a wrap of negative row numbers
    (an int64 add, compare and select per element) that the drop rule's rows, never negative,
    do not need. On one thread only: on several, Inductor runs a sum-scatter as ATen's kernel
    (``config.cpp.fallback_scatter_reduce_sum``), outside the fused loop. The vision voxel
    scatter (65536 rows, three columns; study inputs) ran ~6% faster than the native
    index_add, the whole compiled vision cell ~1.7% (torch 2.13, one thread, 2026-12-06)."""
    f = f.to(torch.int64)
    if rows.ndim == 2:
        f = f[:, None].expand(-1, rows.shape[1])
    return rows.scatter_add_(0, f, v2) if in_place else rows.scatter_add(0, f, v2)


def _scatter_add_(rows: Any, f: Any, v2: Any) -> Any:
    return _scatter_add(rows, f, v2, True)


def _dropped_flat_rows(cols: tuple[Any, ...], dims: tuple[int, ...], index_dtype: str) -> Any:
    """``_common.clipped_flat_rows(..., mark=True)`` in integer ops: a column's drop mark is
    the clip's change (``t - c``, or-ed over the columns, compared once), and a negative
    entry of a non-power-of-two axis wraps by ``t + ((t >> bits) & d)``. Bool masks cost
    Inductor's vectorised CPU loops mask conversions at each step: the vision voxel scatter
    (65536 rows, three columns) ran +13% over the native one with ``!=``/``logical_or``/
    ``where`` per column, +9.5% with these (torch 2.13, one thread). No term overflows:
    ``t - c`` stays within ``(-2**31, 2**31)`` for int32 columns. uint64 indices (read as
    int64, the top half negative) take the shared function."""
    if index_dtype == "uint64":
        return _common.clipped_flat_rows(OPS, cols, dims, index_dtype, True)
    shift = torch.iinfo(cols[0].dtype).bits - 1
    f = changed = None
    for c, d in zip(cols, dims):
        t = torch.clamp(c, -d, d - 1)
        changed = t - c if changed is None else changed | (t - c)
        t = t & (d - 1) if d & (d - 1) == 0 else t + ((t >> shift) & d)
        f = t if f is None else f * d + t
    return f, changed != 0


def _index_add_(rows: Any, f: Any, v2: Any) -> Any:
    return rows.index_add_(0, f, v2)


def _host(idx: Any) -> np.ndarray:
    return idx.detach().cpu().numpy()


_INT32_MAX = 2**31 - 1
_COLUMN_DTYPES = (torch.int32, torch.int64)


def _checked_rows(columns: Any, dims: tuple[int, ...], n: int) -> Any:
    """Flat row numbers (n,) of in-range index rows, checked and computed in one pass by the
    C helper (``_rows.c``) over the tensors' memory: int32 where every row number fits
    (as a torch user's ``iv * w + iu`` of int32 columns), else int64. ``columns`` is the
    tuple form (K tensors) or stacked rows (..., K). None where some entry is outside
    ``[0, d)`` or the helper cannot read the tensors (another dtype or layout, functorch's
    wrappers, no helper): the caller's checked torch path then decides.

    Why in C: a bounds check that reads the indices before the row arithmetic reads them
    again costs a pass over memory the workload has just written, which the caches no longer
    hold at these sizes; on the vision workload (four 256x256 gathers, a 65536-row scatter)
    the checks' NumPy maxima cost ~6% of the call in place against ~0.2% timed alone
    (2026-12-06). One pass reads each index once, as the native ``iv * w + iu`` does."""
    if _c_rows is None:
        return None
    out = torch.empty(n, dtype=torch.int32 if math.prod(dims) <= _INT32_MAX else torch.int64)
    try:
        host = (tuple(c.numpy() for c in columns) if type(columns) is tuple
                else columns.numpy())
        return out if _c_rows(out.numpy(), dims, host) else None
    except (RuntimeError, TypeError):
        return None


def _in_range_rows(idx: Any, dims: tuple[int, ...]) -> Any:
    """Flat row numbers (1-D) of the index rows ``idx`` (..., K) if every entry lies in
    ``[0, d)``; None otherwise (negatives, out of bounds, no rows: the general path).

    The C helper first (``_checked_rows``); else the twin of ``_common.host_in_range`` +
    ``host_flat_rows`` in torch ops: running those NumPy helpers on a view of the tensor was
    measured 25-40 us slower per 10^5 index pairs (torch's kernels use both cores here,
    NumPy's one)."""
    if idx.numel() == 0:
        return None
    if idx.dtype in _COLUMN_DTYPES:
        f = _checked_rows(idx, dims, idx.numel() // len(dims))
        if f is not None:
            return f
    if idx.dtype not in (torch.int64, torch.int32) or math.prod(dims) > _INT32_MAX:
        idx = idx.to(torch.int64)  # narrow types would overflow f; uint8 would mean a mask
    hi = _high(idx)
    if hi >= max(dims):  # a negative entry reads larger than any axis
        return None
    if hi >= min(dims):  # fine only if each column is below its own axis
        col_max = idx.reshape(-1, len(dims)).amax(dim=0).tolist()
        if any(m >= d for m, d in zip(col_max, dims)):
            return None
    return _flat_rows(idx.unbind(-1), dims)


def _columns_in_range_rows(cols: tuple[Any, ...], dims: tuple[int, ...]) -> Any:
    """``_in_range_rows`` for the tuple form: K index tensors of one shape and dtype, one
    ``_high`` each; the flat rows read the contiguous columns (no stack)."""
    if cols[0].numel() == 0:
        return None
    if cols[0].dtype in _COLUMN_DTYPES:
        f = _checked_rows(cols, dims, cols[0].numel())
        if f is not None:
            return f
    if cols[0].dtype not in (torch.int64, torch.int32) or math.prod(dims) > _INT32_MAX:
        cols = tuple(c.to(torch.int64) for c in cols)
    return _high_rows(cols, dims)


def _high_rows(cols: tuple[Any, ...], dims: tuple[int, ...]) -> Any:
    """Flat rows of int32/int64 columns by torch ops after one ``_high`` check per column;
    None where an entry is outside ``[0, d)``."""
    for c, d in zip(cols, dims):
        if _high(c) >= d:
            return None
    return _flat_rows(cols, dims)


#: ``_high`` of recent index tensors by id: (weak reference, the tensor's version counter then,
#: its value). Bilinear sampling passes each of 4 columns to 2 gathers; the version counter
#: (bumped by every in-place write to the tensor or a view of it) keeps a verdict from
#: outliving the values it read.
_HIGHS: dict[int, tuple[Any, int, int]] = {}
_UNSIGNED = {torch.int32: np.uint32, torch.int64: np.uint64}


def _high(c: Any) -> int:
    """The largest entry of the int32/int64 CPU tensor ``c`` (non-empty) read as unsigned: a
    negative entry reads larger than any axis, so ``_high(c) < d`` is the bounds check of an
    axis of ``d``. One NumPy reduction over the tensor's memory (65536 int32: ~4 us, where
    ``aminmax`` and its two ``item`` reads took ~5 us on one thread and ~16 us of CPU on
    two); ``aminmax`` where NumPy cannot read the tensor (functorch's wrappers)."""
    hit = _HIGHS.get(id(c))
    if hit is not None and hit[0]() is c and hit[1] == c._version:
        return hit[2]
    try:
        high = int(c.numpy().view(_UNSIGNED[c.dtype]).max())
    except (RuntimeError, TypeError, KeyError):
        lo, hi = (int(v.item()) for v in torch.aminmax(c))
        high = 1 << 64 if lo < 0 else hi
    if len(_HIGHS) >= 64:
        _HIGHS.clear()
    _HIGHS[id(c)] = (weakref.ref(c), c._version, high)
    return high


def _flat_rows(cols: tuple[Any, ...], dims: tuple[int, ...]) -> Any:
    # f = i_{K-1} + i_{K-2} * d_{K-1} + ...: one add(alpha=) per axis. On strided columns
    # (views of a stack) torch's mul-then-add ran 2x slower (torch 2.13 CPU, 65536x2 int32:
    # 113 -> 56 us; the native flat rows from contiguous columns: 35 us).
    f, stride = cols[-1], 1
    for k in range(len(dims) - 2, -1, -1):
        stride *= dims[k + 1]
        f = torch.add(f, cols[k], alpha=stride)
    return f.reshape(-1)


#: ``gather_nd`` takes the tuple form (K index tensors) as it is (see _columns_in_range_rows).
COLUMNS = True

#: The tuple-form calls the general path has validated and served from flat rows, by
#: ``(x.shape, first column's shape, its dtype, K)``: ``(dims, (rows, inner_size),
#: out_shape)`` (see ``gather_columns``). Bounded; only int32/int64 non-empty columns.
_COLUMN_PLANS: dict[tuple, Any] = {}
_Tensor = torch.Tensor
_is_compiling = torch.compiler.is_compiling


def gather_columns(x: Any, idx: tuple, batch_dims: Any) -> Any:
    """``gather_nd(x, idx)`` of the tuple form where ``_COLUMN_PLANS`` knows the call (the
    front's checks passed for these shapes and dtype before), in one function: the same
    operations as the general path's in-range branch (``_checked_rows``, else ``_high_rows``;
    one ``index_select``) without its per-call bookkeeping (~25 us a call: the
    layout and plan keys, three library lookups, ``device.type`` reads). None: the general
    path, for anything else (other types, devices, a non-contiguous ``x``, under
    ``torch.compile``) and for every index it must wrap or reject."""
    # (TorchDynamo first: a traced lookup in _COLUMN_PLANS would guard on its contents.)
    if _is_compiling() or type(batch_dims) is not int or batch_dims or not idx:
        return None
    c0 = idx[0]
    if type(x) is not _Tensor or type(c0) is not _Tensor:
        return None
    shape, dtype = c0.shape, c0.dtype
    entry = _COLUMN_PLANS.get((x.shape, shape, dtype, len(idx)))
    if entry is None or not x.is_cpu or not x.is_contiguous():
        return None
    dims, rows_shape, out_shape = entry
    for c in idx:
        if type(c) is not _Tensor or c.dtype is not dtype or c.shape != shape or not c.is_cpu:
            return None
    # The C helper inline (one frame less on a path taken per call), _high's checks where it
    # answers no.
    f = _checked_rows(idx, dims, c0.numel())
    if f is None:
        f = _high_rows(idx, dims)
        if f is None:
            return None
    return x.reshape(rows_shape).index_select(0, f).reshape(out_shape)


def _remember_columns(x: Any, idx: tuple, plan: _common.GatherPlan) -> None:
    if len(_COLUMN_PLANS) >= 256:
        _COLUMN_PLANS.clear()
    _COLUMN_PLANS[(x.shape, idx[0].shape, idx[0].dtype, len(idx))] = (
        plan.dims, (plan.rows, plan.inner_size), plan.out_shape)


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    if torch.compiler.is_compiling():
        if not plan.batch and 0 not in plan.dims:
            return _compiled_gather(x, idx, plan)
        if type(idx) is tuple:
            idx = torch.stack(idx, dim=-1)
        return _common.gather_nd(OPS, x, idx, plan)[0]
    if type(idx) is tuple:  # the tuple form: flat rows from the columns, else the stack
        if not plan.batch and x.is_contiguous() and _cpu(x, *idx):
            f = _columns_in_range_rows(idx, plan.dims)
            if f is not None:
                rows = x.reshape(plan.rows, plan.inner_size).index_select(0, f)
                if (type(x) is _Tensor and idx[0].dtype in _COLUMN_DTYPES
                        and math.prod(plan.dims) <= _INT32_MAX):
                    _remember_columns(x, idx, plan)
                return rows.reshape(plan.out_shape)
        idx = torch.stack(idx, dim=-1)
    if not plan.batch and _cpu(x, idx):
        # Rows of x as a view (a non-contiguous x would be copied whole: not worth it).
        f = _in_range_rows(idx, plan.dims) if x.is_contiguous() else None
        if f is not None:
            rows = x.reshape(plan.rows, plan.inner_size).index_select(0, f)
            return rows.reshape(plan.out_shape)
        try:
            return x[_columns(idx, plan)]
        except IndexError:
            _common.raise_out_of_bounds(fn, _host(idx), plan.dims)
    out, bad = _common.gather_nd(OPS, x, idx, plan)
    if bool(bad):
        _common.raise_out_of_bounds(fn, _host(idx), plan.dims, first_axis=len(plan.batch))
    return out


#: torch's uint16/uint32 lack scatter kernels; int64 holds every value of them exactly and
#: wraps like them mod 2^k, so the update runs in int64 and is cast back.
_WIDEN = {torch.uint16, torch.uint32}


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, copy: bool
) -> Any:
    if x.dtype in _WIDEN:
        wide = update_nd(x.to(torch.int64), idx, updates.to(torch.int64), plan, fn, what, False)
        return wide.to(x.dtype)
    if torch.compiler.is_compiling():
        if plan.reduction == "add" and 0 not in plan.dims:
            return _compiled_add(x, idx, updates, plan, copy)
        return _common.update_nd(OPS, x, idx, updates, plan, drop=True)[0]
    if plan.reduction == "add" and _cpu(x, idx, updates):
        f = _in_range_rows(idx, plan.dims) if x.is_contiguous() else None
        if f is not None:
            # Rows as a view (in place writes to x). 1-D when there is no trailing axis: 2-D
            # index_add with an int32 index takes a per-row slow path (~40x slower in torch
            # 2.13 CPU), so that case gets an int64 index.
            v2 = torch.broadcast_to(updates, plan.updates_shape)
            if plan.inner:
                rows, f = x.reshape(plan.rows, plan.inner_size), f.to(torch.int64)
                v2 = v2.reshape(plan.n, plan.inner_size)  # (-1, 0) is ambiguous
            else:
                rows, v2 = x.reshape(plan.rows), v2.reshape(-1)
            if copy or x.requires_grad:
                return rows.index_add(0, f, v2).reshape(plan.shape)
            return rows.index_add_(0, f, v2).reshape(plan.shape)
        if plan.inner_size == 0 and _common.host_out_of_bounds(_host(idx), plan.dims):
            # index_put checks no index where no element is written (empty sub-arrays)
            _common.raise_out_of_bounds(fn, _host(idx), plan.dims, what=what)
        try:
            if copy or x.requires_grad:
                return torch.index_put(x, _columns(idx, plan), updates, accumulate=True)
            return x.index_put_(_columns(idx, plan), updates, accumulate=True)
        except IndexError:
            _common.raise_out_of_bounds(fn, _host(idx), plan.dims, what=what)
    out, bad = _common.update_nd(OPS, x, idx, updates, plan, drop=True)
    if bool(bad):
        _common.raise_out_of_bounds(fn, _host(idx), plan.dims, what=what)
    return out
