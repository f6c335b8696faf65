"""What every backend of ``arraykit.ext.nd`` shares: argument checks, error messages, and the
framework-agnostic algorithms.

Nothing here imports a framework. The algorithms take ``ops``, a small per-backend object
(see ``Ops`` below) whose functions have the same meaning on every framework; a backend module
builds one from its own primitives and adds native fast paths where the framework has them.

The algorithms reduce every problem to *rows*: ``x`` of shape ``(d_0, ..., d_{K-1}, *inner)``
is viewed as ``x2`` of shape ``(M, I)`` with ``M = d_0 * ... * d_{K-1}`` and ``I`` the size of
the trailing ``inner`` axes; each index tuple becomes one flat row number ``f`` (row-major).
gather is then "take rows", and every reduction is "scatter rows into rows", which each
framework has in some form. The flat view is what lets one code path serve five libraries.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...shims._common.indexing import UNSIGNED_OF

#: Reductions accepted by ``update_nd``/``scatter_nd``; "sum" is an alias of "add" (the issue's
#: ``scatter_nd`` default spells it "sum", TF/JAX users say "add").
REDUCTIONS = ("replace", "add", "multiply", "min", "max")
_ALIASES = {"sum": "add", "prod": "multiply", "mul": "multiply", "set": "replace"}

_INT = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}
_REAL_FLOAT = {"float16", "bfloat16", "float32", "float64"}
_COMPLEX = {"complex64", "complex128"}
#: Which value dtypes each reduction accepts. "replace" accepts every dtype; add/multiply the
#: numeric ones (the standard's ``add``/``multiply``); min/max the real ones (the standard's
#: ``minimum``/``maximum`` are real-only).
_REDUCTION_DTYPES = {
    "replace": _INT | _REAL_FLOAT | _COMPLEX | {"bool"},
    "add": _INT | _REAL_FLOAT | _COMPLEX,
    "multiply": _INT | _REAL_FLOAT | _COMPLEX,
    "min": _INT | _REAL_FLOAT,
    "max": _INT | _REAL_FLOAT,
}


# --------------------------------------------------------------------------------------------
# Argument checks. They see Python facts only (shape tuples, dtype names), so they are the same
# code, and raise the same messages, on every backend.
# --------------------------------------------------------------------------------------------


def normalize_reduction(fn: str, reduction: Any) -> str:
    """The canonical reduction name, or ValueError naming ``fn`` and the accepted names."""
    name = _ALIASES.get(reduction, reduction) if isinstance(reduction, str) else reduction
    if name not in REDUCTIONS:
        raise ValueError(
            f"{fn}: reduction={reduction!r} is not one of {REDUCTIONS} (or the alias 'sum')"
        )
    return name


def check_index_dtype(fn: str, name: str, what: str = "indices") -> None:
    if name not in _INT:
        raise TypeError(
            f"{fn}: {what} must have an integer dtype (int8..int64, uint8..uint64), not {name}"
        )


def check_value_dtype(fn: str, name: str, reduction: str, what: str = "updates") -> None:
    if name not in _REDUCTION_DTYPES[reduction]:
        raise TypeError(
            f"{fn}: reduction={reduction!r} does not support {what} of dtype {name}"
        )


def _shape(s: Any) -> tuple[int, ...]:
    return tuple(int(d) for d in s)


def columns_layout(
    fn: str, shapes: tuple[tuple[int, ...], ...], dtypes: tuple[str, ...]
) -> tuple[tuple[int, ...], str]:
    """The shape and dtype name of the stacked indices (..., K) that the tuple form
    ``(i_0, ..., i_{K-1})`` stands for: K index arrays of one shape and one integer dtype
    (they are not broadcast, as ``xp.stack`` would not). TypeError/ValueError name ``fn``."""
    if not shapes:
        raise ValueError(f"{fn}: indices given as a tuple must hold at least one index array")
    for name in dtypes:
        check_index_dtype(fn, name)
    if len(set(dtypes)) > 1:
        raise TypeError(
            f"{fn}: the index arrays of a tuple must have one dtype; got {', '.join(dtypes)} "
            "(cast them first: xp.astype)"
        )
    shapes = tuple(_shape(s) for s in shapes)
    if len(set(shapes)) > 1:
        raise ValueError(
            f"{fn}: the index arrays of a tuple must have one shape (they are not broadcast); "
            f"got shapes {', '.join(str(s) for s in shapes)}"
        )
    return shapes[0] + (len(shapes),), dtypes[0]


class _RowsPlan:
    """What a gather's and a scatter's plan both derive from their fields."""

    index_shape: tuple[int, ...]
    inner: tuple[int, ...]

    @property
    def n(self) -> int:
        return math.prod(self.index_shape)

    @property
    def inner_size(self) -> int:
        return math.prod(self.inner)


@dataclass(frozen=True)
class GatherPlan(_RowsPlan):
    """Shapes of one gather, all Python ints."""

    batch: tuple[int, ...]  # x.shape[:batch_dims] == indices.shape[:batch_dims]
    dims: tuple[int, ...]  # x.shape[batch_dims:batch_dims+K], the indexed axes
    inner: tuple[int, ...]  # x.shape[batch_dims+K:], carried along
    index_shape: tuple[int, ...]  # indices.shape[:-1]
    out_shape: tuple[int, ...]
    small_index: bool = False  # see ``small_index``
    index_dtype: str = "int64"  # the name of indices' dtype (see ``index_columns``)

    @property
    def rows(self) -> int:
        return math.prod(self.batch) * math.prod(self.dims)


def gather_plan(
    fn: str, x_shape: Any, idx_shape: Any, idx_dtype: str, batch_dims: Any
) -> GatherPlan:
    """Validate ``gather_nd`` arguments; TypeError/ValueError with ``fn`` in the message."""
    check_index_dtype(fn, idx_dtype)
    x_shape, idx_shape = _shape(x_shape), _shape(idx_shape)
    if isinstance(batch_dims, bool) or not isinstance(batch_dims, int):
        raise TypeError(f"{fn}: batch_dims must be an int, not {type(batch_dims).__name__}")
    if len(idx_shape) < 1:
        raise ValueError(f"{fn}: indices must have at least one axis (the coordinate axis)")
    if not 0 <= batch_dims < len(idx_shape):
        raise ValueError(
            f"{fn}: batch_dims={batch_dims} must satisfy 0 <= batch_dims < indices.ndim "
            f"({len(idx_shape)})"
        )
    k = idx_shape[-1]
    if k < 1:
        raise ValueError(f"{fn}: indices.shape[-1] must be >= 1 (it is {k})")
    if batch_dims + k > len(x_shape):
        raise ValueError(
            f"{fn}: indices.shape[-1] ({k}) + batch_dims ({batch_dims}) exceeds x.ndim "
            f"({len(x_shape)}); x.shape={x_shape}"
        )
    if x_shape[:batch_dims] != idx_shape[:batch_dims]:
        raise ValueError(
            f"{fn}: the first batch_dims={batch_dims} axes of x {x_shape} and indices "
            f"{idx_shape} must be equal"
        )
    inner = x_shape[batch_dims + k:]
    dims = x_shape[batch_dims:batch_dims + k]
    return GatherPlan(
        batch=x_shape[:batch_dims],
        dims=dims,
        inner=inner,
        index_shape=idx_shape[:-1],
        out_shape=idx_shape[:-1] + inner,
        # batch_dims adds int64 batch offsets (ops.arange) to the row numbers: int64 then.
        small_index=not batch_dims and small_index(idx_dtype, dims),
        index_dtype=idx_dtype,
    )


@dataclass(frozen=True)
class ScatterPlan(_RowsPlan):
    dims: tuple[int, ...]  # shape[:K]
    inner: tuple[int, ...]  # shape[K:]
    index_shape: tuple[int, ...]  # indices.shape[:-1]
    updates_shape: tuple[int, ...]  # index_shape + inner: what updates broadcast to
    reduction: str
    small_index: bool = False  # see ``small_index``
    index_dtype: str = "int64"  # the name of indices' dtype (see ``index_columns``)

    @property
    def rows(self) -> int:
        return math.prod(self.dims)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.dims + self.inner


def scatter_plan(
    fn: str,
    shape: Any,
    idx_shape: Any,
    idx_dtype: str,
    upd_shape: Any,
    upd_dtype: str,
    x_dtype: str | None,
    reduction: Any,
) -> ScatterPlan:
    """Validate ``update_nd``/``scatter_nd`` arguments (``x_dtype`` None: scatter_nd)."""
    reduction = normalize_reduction(fn, reduction)
    check_index_dtype(fn, idx_dtype)
    shape, idx_shape, upd_shape = _shape(shape), _shape(idx_shape), _shape(upd_shape)
    if any(d < 0 for d in shape):
        raise ValueError(f"{fn}: shape {shape} has a negative size")
    if x_dtype is not None and upd_dtype != x_dtype:
        raise TypeError(
            f"{fn}: updates must have the dtype of x ({x_dtype}), not {upd_dtype}; "
            "cast them first (xp.astype)"
        )
    check_value_dtype(fn, upd_dtype, reduction)
    if len(idx_shape) < 1:
        raise ValueError(f"{fn}: indices must have at least one axis (the coordinate axis)")
    k = idx_shape[-1]
    if not 1 <= k <= len(shape):
        raise ValueError(
            f"{fn}: indices.shape[-1] ({k}) must be between 1 and the number of axes of the "
            f"target ({len(shape)}); target shape {shape}"
        )
    want = idx_shape[:-1] + shape[k:]
    if not _broadcastable(upd_shape, want):
        raise ValueError(
            f"{fn}: updates of shape {upd_shape} do not broadcast to indices.shape[:-1] + "
            f"shape[indices.shape[-1]:] = {want}"
        )
    return ScatterPlan(
        shape[:k], shape[k:], idx_shape[:-1], want, reduction, small_index(idx_dtype, shape[:k]),
        idx_dtype,
    )


#: Index dtypes whose every value int32 holds.
_INT32_HOLDS = {"int8", "int16", "int32", "uint8", "uint16"}


def small_index(idx_dtype: str, dims: tuple[int, ...]) -> bool:
    """Whether the row arithmetic may run in int32 (``Ops.as_index32``): the indices fit in
    int32 and so does every row number, including the dropped-row marker ``M`` and the
    wrapped ``i + d`` of a negative index. int32 is what the caller holds in the common case
    (and JAX's default); casting to int64 first costs a pass over the indices, and XLA on CPU
    runs int64 index arithmetic markedly slower (TF gather under jit_compile: ~40%)."""
    return idx_dtype in _INT32_HOLDS and math.prod(dims) + 1 <= 2**31 - 1


#: Validated plans by their arguments: a repeated call (the usual case in a loop) skips the
#: checks. Only successes are stored; bounded so varying shapes cannot grow it forever.
_plans: dict[tuple, Any] = {}
_MAX_PLANS = 4096


def cached(make: Callable[..., Any], *args: Any) -> Any:
    """``make(*args)``, memoised on the arguments (and their types: True is not 1)."""
    key = (make,) + args + tuple(type(a) for a in args)
    try:
        return _plans[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable argument (a list as shape): just compute
        return make(*args)
    plan = make(*args)
    if len(_plans) >= _MAX_PLANS:
        _plans.clear()
    _plans[key] = plan
    return plan


def _broadcastable(src: tuple[int, ...], dst: tuple[int, ...]) -> bool:
    if len(src) > len(dst):
        return False
    return all(s in (1, d) for s, d in zip(src[::-1], dst[::-1]))


def check_segments(
    fn: str, data_shape: Any, ids_shape: Any, ids_dtype: str, data_dtype: str, num: Any,
    reduction: str,
) -> None:
    check_index_dtype(fn, ids_dtype, "segment_ids")
    if isinstance(num, bool) or not isinstance(num, (int, np.integer)) or num < 0:
        raise TypeError(f"{fn}: num_segments must be a non-negative int, not {num!r}")
    data_shape, ids_shape = _shape(data_shape), _shape(ids_shape)
    if len(ids_shape) != 1 or not data_shape or data_shape[0] != ids_shape[0]:
        raise ValueError(
            f"{fn}: segment_ids must be 1-D with one id per row of data; got segment_ids "
            f"{ids_shape} for data {data_shape}"
        )
    check_value_dtype(fn, data_dtype, reduction, "data")


# --------------------------------------------------------------------------------------------
# Out-of-bounds errors: built from a host (NumPy) copy of the indices, on the error path only.
# --------------------------------------------------------------------------------------------


def raise_out_of_bounds(
    fn: str, idx: Any, dims: tuple[int, ...], *, first_axis: int = 0, what: str = "indices"
) -> None:
    """Raise IndexError naming the first (row-major) bad index in ``idx`` (..., K).

    ``dims`` are the sizes of the K indexed axes, which are axes ``first_axis`` ... of the
    indexed array (``first_axis`` is ``batch_dims`` for gather_nd). Valid: -d <= i < d.
    """
    idx = np.stack(idx, axis=-1) if type(idx) is tuple else np.asarray(idx)
    lo, hi = -np.asarray(dims, dtype=object), np.asarray(dims, dtype=object)
    flat = idx.reshape(-1, len(dims))
    for r, row in enumerate(flat.tolist()):
        for k, v in enumerate(row):
            if not lo[k] <= v < hi[k]:
                where = np.unravel_index(r, idx.shape[:-1]) if idx.ndim > 1 else ()
                pos = ", ".join(str(int(p)) for p in where) + (", " if where else "") + str(k)
                raise IndexError(
                    f"{fn}: index {v} at {what}[{pos}] is out of bounds for axis "
                    f"{first_axis + k} with size {dims[k]}"
                )
    # Reached only if a backend flagged indices that are in fact valid: a bug in arraykit.
    raise AssertionError(f"{fn}: out-of-bounds flag raised but no bad index found")


def host_out_of_bounds(
    idx: Any, dims: tuple[int, ...], lo: float | None = None, hi: float | None = None
) -> bool:
    """Whether a host (NumPy) copy of indices (..., K) holds an entry outside [-d, d).

    ``lo``/``hi``: ``idx.min()``/``idx.max()`` if the caller has them already. ``idx`` may
    also be the tuple form, K host columns of one shape (no stacked copy is made).
    """
    if type(idx) is tuple:
        return any(host_out_of_bounds(np.asarray(c)[..., None], (d,)) for c, d in zip(idx, dims))
    idx = np.asarray(idx)
    if idx.size == 0:
        return False
    # Fast common case first: one reduction over everything, when nothing is negative.
    if lo is None or hi is None:
        if _unsigned_max(idx, dims) < min(dims):
            return False
        lo, hi = float(idx.min()), float(idx.max())
    if lo >= -min(dims) and hi < min(dims):
        return False
    flat = idx.reshape(-1, len(dims))
    d = np.asarray(dims, dtype=np.float64)
    # float64 comparisons: exact for every int64 index a real array can have, and safe for
    # uint64 (no wrap-around in a signed cast).
    return bool(
        np.any(flat.min(axis=0).astype(np.float64) < -d)
        or np.any(flat.max(axis=0).astype(np.float64) >= d)
    )


def host_in_range(idx: Any, dims: tuple[int, ...]) -> bool:
    """Whether every entry of a host (NumPy) copy of indices (..., K) lies in ``[0, d)``.

    Negative entries (valid or not) answer False: the caller then takes its general path,
    which wraps them or raises. Two whole-array reductions in the common case; per-column
    maxima only when the axes differ in size and the largest index needs them. ``idx`` may
    also be the tuple form, K host columns of one shape: one reduction per column then.
    """
    if type(idx) is tuple:
        return all(host_column_in_range(c, d) for c, d in zip(idx, dims))
    if idx.size == 0:
        return False
    if _unsigned_max(idx, dims) < min(dims):
        return True
    if idx.min() < 0:
        return False
    return bool(np.all(idx.reshape(-1, len(dims)).max(axis=0) < np.asarray(dims)))


def host_column_in_range(column: Any, d: int) -> bool:
    """``host_in_range`` of one host (NumPy) column of indices into an axis of ``d``: one
    ``max`` read as unsigned decides in the common case (no reshape, no per-column pass)."""
    if column.size == 0:
        return False
    twin = UNSIGNED_OF.get(column.dtype)
    if twin is None:
        if column.dtype.kind == "u":  # unsigned: its max decides
            return bool(column.max() < d)
        # signed in the other byte order ('>i4'): no native twin to view it through
        return bool(column.min() >= 0 and column.max() < d)
    if d > twin[1]:  # int8 into an axis of 300: -1 would read as 255
        return bool(column.min() >= 0 and column.max() < d)
    return bool(column.view(twin[0]).max() < d)  # a negative entry reads as >= d


def _unsigned_max(idx: Any, dims: tuple[int, ...]) -> Any:
    """``max`` of integer indices read as unsigned: one reduction that is below ``min(dims)``
    exactly when every entry is in ``[0, min(dims))``, because a negative entry reads as
    ``2**bits - |i| >= 2**(bits-1)``. That needs ``min(dims) <= 2**(bits-1)`` (int8 indices
    into an axis of 300: -1 reads as 255); otherwise this answers ``inf`` (no verdict)."""
    twin = UNSIGNED_OF.get(idx.dtype)
    if twin is not None:
        if min(dims) > twin[1]:
            return math.inf
        idx = idx.view(twin[0])
    elif idx.dtype.kind != "u":  # signed in the other byte order ('>i4'): no verdict
        return math.inf
    return idx.max()


def host_flat_rows(idx: Any, dims: tuple[int, ...], out: Any = None) -> Any:
    """Row-major flat row numbers (intp) of host (NumPy) index rows (..., K) known to lie in
    ``[0, d)`` (``host_in_range``): ``f = (i_0 * d_1 + i_1) * d_2 + ...``. A flat take or
    ``ufunc.at`` on one axis with these is several times faster in NumPy than the equivalent
    advanced indexing with K index arrays (one contiguous index instead of K strided ones).
    ``idx`` may also be the tuple form, K host columns of one shape and dtype: contiguous
    columns are read faster than the strided ones of a stack. With ``out`` (of the index
    shape, in a dtype that holds every row number: int32 where ``small_index`` says so, for
    int32 indices) the rows are computed there, the first product straight into it (MXNet:
    into a new array's memory, no intp pass, cast or upload)."""
    cols = idx if type(idx) is tuple else [idx[..., k] for k in range(len(dims))]
    if out is not None:
        if len(dims) == 1:
            out[...] = cols[0]
            return out
        f = np.multiply(cols[0], dims[1], out=out)
        f += cols[1]
        first = 2
    else:
        if cols[0].dtype.kind == "u" and cols[0].dtype.itemsize >= np.dtype(np.intp).itemsize:
            cols = [c.astype(np.intp) for c in cols]  # uint64 + int64 would give float64
        f = cols[0].astype(np.intp)
        first = 1
    for k in range(first, len(dims)):
        f *= dims[k]
        f += cols[k]
    return f


# --------------------------------------------------------------------------------------------
# The shared algorithms, over a backend's ``Ops``.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ops:
    """The primitives the shared algorithms need, with one meaning on every framework.

    All take and return the backend's native arrays. ``index_dtype`` is the integer dtype the
    algorithms compute flat row numbers in (int64 where the framework allows it).
    """

    reshape: Callable[[Any, tuple[int, ...]], Any]
    where: Callable[[Any, Any, Any], Any]
    logical_or: Callable[[Any, Any], Any]
    any: Callable[[Any], Any]  # -> 0-d bool array
    clip: Callable[[Any, int, int], Any]
    arange: Callable[[int], Any]  # int array 0..n-1 in index_dtype
    as_index: Callable[[Any], Any]  # cast an integer array to index_dtype
    take_rows: Callable[[Any, Any], Any]  # (x2 (M, I), f (n,)) -> (n, I)
    # (x2 (M, I), f (n,), v2 (n, I), reduction, drop) -> (M, I); rows f == M are dropped when
    # drop is True (the caller guarantees 0 <= f <= M); every f is valid when drop is False.
    scatter_rows: Callable[[Any, Any, Any, str, bool], Any]
    broadcast_to: Callable[[Any, tuple[int, ...]], Any]
    to_numpy: Callable[[Any], np.ndarray]
    # Cast an integer array to int32, for plans with ``small_index`` (None: always as_index).
    # Only for backends whose take_rows/scatter_rows accept int32 row numbers.
    as_index32: Callable[[Any], Any] | None = None


#: The Ops primitives a namespace usually has under the same name and meaning.
_SAME_NAMED = ("reshape", "where", "logical_or", "any", "clip", "broadcast_to")


def namespace_ops(
    xp: Any, *, arange: Callable[[int], Any], as_index: Callable[[Any], Any],
    take_rows: Callable[[Any, Any], Any], scatter_rows: Callable[[Any, Any, Any, str, bool], Any],
    to_numpy: Callable[[Any], np.ndarray] = np.asarray, **own: Any,
) -> Ops:
    """A backend's ``Ops``: ``xp.reshape``, ``xp.where``, ... for the primitives of
    ``_SAME_NAMED`` the backend does not give in ``own``, and the rest as given. Built once
    at import: the fields are the namespace's functions themselves, no wrapper per call."""
    same = {name: getattr(xp, name) for name in _SAME_NAMED if name not in own}
    return Ops(arange=arange, as_index=as_index, take_rows=take_rows,
               scatter_rows=scatter_rows, to_numpy=to_numpy, **same, **own)


def like_constructors(
    asarray: Callable[..., Any], full: Callable[..., Any],
) -> tuple[Callable[[Any, Any], Any], Callable[[Any, Any, Any], Any]]:
    """A backend's ``scalar_like`` and ``full`` (``NdBackend``) from its namespace's
    ``asarray(value, dtype=)`` and ``full(shape, value, dtype=)``, which wants a tuple."""

    def scalar_like(value: Any, like: Any) -> Any:
        return asarray(value, dtype=like.dtype)

    def full_like(shape: Any, value: Any, like: Any) -> Any:
        return full(tuple(shape), value, dtype=like.dtype)

    return scalar_like, full_like


def array_shape(a: Any) -> tuple[int, ...]:
    """``a.shape`` as a plain tuple: a backend's ``shape`` (``NdBackend``)."""
    return tuple(a.shape)


def _as_index(ops: Ops, idx: Any, plan: Any) -> Any:
    if plan.small_index and ops.as_index32 is not None:
        return ops.as_index32(idx)
    return ops.as_index(idx)


def index_columns(ops: Ops, idx: Any, plan: Any, narrow: bool = False) -> tuple[Any, ...]:
    """The K index columns of ``idx`` (..., K), or of the tuple form (K arrays), for a
    framework's own indexing, which wraps
    negative indices once, with every entry's bounds verdict kept through the casts.

    Two casts corrupt: unsigned to signed wraps the top half to negatives (uint64 2**64 - 1
    would read as -1, a valid index; uint32 alike into JAX's int32), so uint32/uint64 indices
    are cast here (``ops.as_index``) and entries that come out negative become ``d``, out of
    bounds as they were. With ``narrow`` (traced indices given to JAX, whose indexing narrows
    int64 indices to int32 when the array's shape fits: 2**32 + 1 reads as 1), entries of the
    dtypes beyond int32 are also clamped into ``[-d-1, d]``: valid ones are unchanged and bad
    ones stay bad on the same side, so clip and drop act as on the original values. Costs
    nothing for the other dtypes (no op added).
    """
    name = plan.index_dtype
    unsigned = name in ("uint32", "uint64")
    if type(idx) is tuple:  # the tuple form: the columns themselves
        cols = [ops.as_index(c) for c in idx] if unsigned else list(idx)
    else:
        if unsigned:
            idx = ops.as_index(idx)
        cols = [idx[..., k] for k in range(len(plan.dims))]
    narrow = narrow and name in ("int64", "uint32", "uint64")
    if unsigned or narrow:
        # Column by column: XLA on CPU runs a clip of the whole (n, K) array before the
        # slices as a loop of its own (jax 0.10: 1e5-row gather 408 -> 843 us); per column
        # it fuses into the gather (403 us).
        for k, d in enumerate(plan.dims):
            if unsigned:
                cols[k] = ops.where(cols[k] < 0, d, cols[k])
            if narrow:
                cols[k] = ops.clip(cols[k], -d - 1, d)
    return tuple(cols)


def flat_rows(
    ops: Ops, idx: Any, dims: tuple[int, ...], mode: str, index_dtype: str
) -> tuple[Any, Any]:
    """Flat row numbers of the index rows ``idx`` (..., K) and the out-of-bounds mask, both
    of shape ``idx.shape[:-1]``.

    The columns are sliced from ``idx`` as given, not from an (n, K) reshape of it: XLA on
    CPU compiles column slices of a reshaped stack into a markedly slower gather (TF
    jit_compile: +25% for the vision benchmark's bilinear lookups).

    Negative entries wrap once (``i + d``); what remains outside ``[0, d)`` is out of bounds.
    ``index_dtype`` names the dtype ``idx`` had before the cast to the index dtype: when it is
    unsigned, a negative entry is a huge value the cast wrapped around (uint64 2**64 - 1 reads
    as -1), and it becomes ``d`` (out of bounds) instead of wrapping, at no extra cost.
    mode "clip": bad entries are clipped into range (gather under compilation);
    mode "drop": rows with a bad entry get row number ``M`` (one past the end), which the
    scatter drops. Returns ``(f, bad)``; ``bad`` is a bool array.
    """
    f = None
    bad = None
    unsigned = index_dtype.startswith("u")
    for k, d in enumerate(dims):
        c = idx[..., k]
        c = ops.where(c < 0, d if unsigned else c + d, c)
        b = ops.logical_or(c < 0, c >= d)
        bad = b if bad is None else ops.logical_or(bad, b)
        if mode == "clip":
            c = ops.clip(c, 0, max(d - 1, 0))
        f = c if f is None else f * d + c
    if mode == "drop":
        f = ops.where(bad, math.prod(dims), f)
    return f, bad


def clipped_flat_rows(
    ops: Ops, cols: tuple[Any, ...], dims: tuple[int, ...], index_dtype: str, mark: bool
) -> tuple[Any, Any]:
    """``flat_rows`` for a compiled program that needs no "any index bad" flag: the flat row
    numbers of the K index columns ``cols`` (each of the index shape), every column wrapped
    once and clipped into ``[0, d)``, so each row number is valid; with ``mark``, also the
    mask of the index rows that held an out-of-bounds entry (the rows a scatter drops), else
    None. Returns ``(f, bad)``.

    The same rule as ``flat_rows`` (gather: ``f`` is its clipped result; scatter: ``bad`` is
    its drop mask) in fewer operations, each of which a compiled gather or scatter runs per
    index (Inductor's CPU gather loop runs them as scalar code: they cost what the gather
    costs): a signed column is clipped into ``[-d, d)`` first (an entry it changes is a bad
    one: one ``!=``), then wrapped (``t & (d - 1)`` when ``d`` is a power of two: two's
    complement wraps ``[-d, 0)`` to ``[0, d)`` in one op); every row number is valid, so
    no row-M marker (and no spare row) is needed. ``cols`` are in the dtype the arithmetic
    runs in; the row numbers cannot overflow it (they stay below ``prod(dims)``). Every
    ``d`` must be positive (an empty axis has no row to clip into: ``flat_rows`` serves
    it). ``index_dtype`` names the indices' dtype before any cast: uint64 read as int64
    turns its top half negative, and those become ``d`` (out of bounds high) instead of
    wrapping; other unsigned dtypes are never negative.
    """
    f = bad = None
    signed = not index_dtype.startswith("u")
    for col, d in zip(cols, dims):
        c = ops.where(col < 0, d, col) if index_dtype == "uint64" else col
        t = ops.clip(c, -d if signed else 0, d - 1)
        if mark:
            b = t != c
            bad = b if bad is None else ops.logical_or(bad, b)
        if signed:
            t = t & (d - 1) if d & (d - 1) == 0 else ops.where(t < 0, t + d, t)
        f = t if f is None else f * d + t
    return f, bad


def traced_add(
    ops: Ops, x: Any, cols: tuple[Any, ...], updates: Any, plan: ScatterPlan, neutral: Any,
    scatter: Callable[[Any, Any, Any], Any] | None = None, skips: bool = False,
    flat_rows: Callable[..., tuple[Any, Any]] | None = None,
) -> Any:
    """An add-scatter in a compiled program (torch.compile, mx.compile, TF graphs): what a
    user of the framework writes (flat row numbers, one add-scatter into x's rows: 1-D rows
    where there is no trailing axis) plus the compiled drop rule, where an update whose index
    row holds an out-of-bounds entry adds ``neutral`` to the row its clipped index names
    (``clipped_flat_rows``): no spare row to add and cut off again. ``neutral`` is the exact
    identity of ``+`` in x's dtype (-0.0 for floats: ``v + -0.0`` is ``v`` for every ``v``,
    -0.0 included, where +0.0 would turn a -0.0 target into +0.0), as the backend's ``where``
    takes it. ``cols`` are the K index columns in the dtype the row arithmetic runs in; every
    axis of ``plan.dims`` must be non-empty. ``scatter(rows, f, v)`` adds ``v`` into ``rows``
    (default ``ops.scatter_rows(rows, f, v, "add", False)``). With ``skips``, ``scatter``
    itself skips a row number out of range (XLA's scatter): a dropped update gets row number
    ``M`` and keeps its value, which saves the pass that recomputes the mask for the values
    (TF vision, jit_compile: ~3% of the step). ``flat_rows(cols, dims, index_dtype)``: a
    backend's own ``clipped_flat_rows(..., mark=True)`` (the same ``(f, bad)``)."""
    if flat_rows is None:
        f, bad = clipped_flat_rows(ops, cols, plan.dims, plan.index_dtype, True)
    else:
        f, bad = flat_rows(cols, plan.dims, plan.index_dtype)
    if skips:
        f = ops.where(bad, plan.rows, f)
    if f.ndim != 1:
        f, bad = ops.reshape(f, (plan.n,)), ops.reshape(bad, (plan.n,))
    v2 = updates
    if tuple(v2.shape) != plan.updates_shape:
        v2 = ops.broadcast_to(v2, plan.updates_shape)
    if plan.inner:
        rows = ops.reshape(x, (plan.rows, plan.inner_size))
        v2, bad = ops.reshape(v2, (plan.n, plan.inner_size)), bad[:, None]
    else:
        rows = ops.reshape(x, (plan.rows,)) if x.ndim != 1 else x
        if v2.ndim != 1:
            v2 = ops.reshape(v2, (plan.n,))
    if not skips:
        v2 = ops.where(bad, neutral, v2)
    out = scatter(rows, f, v2) if scatter else ops.scatter_rows(rows, f, v2, "add", False)
    return out if tuple(out.shape) == plan.shape else ops.reshape(out, plan.shape)


def gather_nd(ops: Ops, x: Any, idx: Any, plan: GatherPlan) -> tuple[Any, Any]:
    """The shared gather: ``(result, any_out_of_bounds)``; bad indices are clipped.

    Eager callers raise when the flag is set; compiled callers return the clipped result.
    """
    n = plan.n
    f, bad = flat_rows(ops, _as_index(ops, idx, plan), plan.dims, "clip", plan.index_dtype)
    f = ops.reshape(f, (n,))
    if plan.batch:
        # indices.shape[:batch_dims] == x.shape[:batch_dims]: index row r belongs to batch
        # element r // (n / n_batch), whose rows in x2 start at that times prod(dims).
        # (Built by broadcasting, not floor division, which mxnet.numpy lacks.)
        nb = math.prod(plan.batch)
        per_batch = n // nb if nb else 0
        batch_of_row = ops.reshape(
            ops.broadcast_to(ops.reshape(ops.arange(nb), (nb, 1)), (nb, per_batch)), (n,)
        )
        f = batch_of_row * math.prod(plan.dims) + f
    return take_flat_rows(ops, x, f, plan), ops.any(bad)


def take_flat_rows(ops: Ops, x: Any, f: Any, plan: GatherPlan) -> Any:
    """The gather's result from its flat row numbers ``f`` (n,), all valid."""
    x2 = ops.reshape(x, (plan.rows, plan.inner_size))
    return ops.reshape(ops.take_rows(x2, f), plan.out_shape)


def eager_in_range(
    idx: Any, plan: Any, extremes: Callable[[Any], tuple[int, int] | None]
) -> bool:
    """Whether every entry of eager index rows ``idx`` (..., K) lies in ``[0, d)``: the fast
    path of the backends without a host view of the indices (Paddle, MLX, any standard
    namespace), where the general path's per-column wrap, mask and clip cost five passes a
    column; with it a 256x256 Paddle 3.3.1 gather is a min/max read (0.1 ms) and one kernel.

    ``extremes(a)`` gives ``(min, max)`` of an integer array as Python ints (one host read),
    or None where values cannot be read (under a tracer): False then. Per-column maxima are
    read only when the axes differ in size and the largest index needs them. Batch gathers
    and empty index sets answer False (the general path serves them).
    """
    if getattr(plan, "batch", ()) or not plan.n:
        return False
    found = extremes(idx)
    if found is None or found[0] < 0 or found[1] >= max(plan.dims):
        return False
    if found[1] < min(plan.dims):
        return True
    for k, d in enumerate(plan.dims):
        column = extremes(idx[..., k])
        if column is None or column[1] >= d:
            return False
    return True


def in_range_flat_rows(ops: Ops, idx: Any, plan: Any) -> Any:
    """Flat row numbers (n,) of index rows known to lie in ``[0, d)`` (``eager_in_range``):
    ``(i_0 * d_1 + i_1) * d_2 + ...``, with no wrap, mask or clip."""
    idx = _as_index(ops, idx, plan)
    f = idx[..., 0]
    for k in range(1, len(plan.dims)):
        f = f * plan.dims[k] + idx[..., k]
    return ops.reshape(f, (plan.n,))


def update_nd(
    ops: Ops, x: Any, idx: Any, updates: Any, plan: ScatterPlan, drop: bool
) -> tuple[Any, Any]:
    """The shared functional update: ``(result, any_out_of_bounds)``.

    With ``drop`` the rows holding a bad index are ignored (compiled behaviour); without it
    the caller must have raised already for bad indices (or accepts garbage).
    """
    f, bad = flat_rows(ops, _as_index(ops, idx, plan), plan.dims, "drop", plan.index_dtype)
    return scatter_flat_rows(ops, x, ops.reshape(f, (plan.n,)), updates, plan, drop), ops.any(bad)


def scatter_flat_rows(
    ops: Ops, x: Any, f: Any, updates: Any, plan: ScatterPlan, drop: bool
) -> Any:
    """The update's result from its flat row numbers ``f`` (n,) (``M`` marks a dropped row
    when ``drop``). Rows of no element (or no rows) take no write: ``x`` as it is (a
    framework's scatter into them raised on torch and TF and killed the process on MLX 0.32.4
    with a floating point exception)."""
    if plan.inner_size == 0 or plan.rows == 0:
        return x
    v2 = ops.reshape(ops.broadcast_to(updates, plan.updates_shape), (plan.n, plan.inner_size))
    x2 = ops.reshape(x, (plan.rows, plan.inner_size))
    out = ops.scatter_rows(x2, f, v2, plan.reduction, drop)
    return ops.reshape(out, plan.shape)


def replace_rows(
    ops: Ops, x2: Any, f: Any, v2: Any, scatter_max_int: Callable[[Any, Any, Any], Any],
    rows: int,
) -> Any:
    """"replace" with a deterministic rule on any framework: the LAST update wins.

    "Last" is row-major order of ``indices.shape[:-1]``. Native set-scatters leave duplicates
    unspecified (JAX, MXNet, TF/torch on GPU), so each target row takes the maximum update
    position written to it (a max-scatter, deterministic everywhere) and then reads that
    update. Gradients flow to the winning updates and to the untouched rows of x.
    ``scatter_max_int(base, f, pos)`` scatters int positions with "max" (dropping f == rows).
    """
    n = v2.shape[0]
    if n == 0:  # nothing to write (and no update row to read)
        return x2
    pos = ops.arange(n)
    base = ops.arange(rows) * 0 - 1  # -1s in the index dtype: no update written yet
    winner = scatter_max_int(base, f, pos)
    touched = winner >= 0
    picked = ops.take_rows(v2, ops.clip(winner, 0, max(n - 1, 0)))
    return ops.where(ops.reshape(touched, (rows, 1)), picked, x2)


def sorted_scatter_rows(
    xp: Any, x2: Any, f: Any, v2: Any, reduction: str
) -> Any:
    """Scatter rows with any reduction using only Array API functions (no scatter needed).

    For namespaces without a scatter (array-api-strict) and for reductions a framework lacks.
    Loop-free in the data: sort the updates by target row (stably, so "replace" keeps the
    last one), reduce each run of equal targets with a segmented inclusive scan that takes
    ceil(log2 n) vectorised steps, then every target row reads the end of its run, found with
    ``searchsorted``. Work O(n log n + M log n). Rows f == M (one past the end) are dropped:
    no target row reads them.
    """
    n = f.shape[0]
    m = x2.shape[0]
    if n == 0:
        return x2
    op = _COMBINE[reduction](xp)
    # The standard's argsort is stable (stable=True is its default, asked for explicitly).
    order = xp.argsort(f, stable=True)
    fs = xp.take(f, order)
    vs = xp.take(v2, order, axis=0)
    if reduction != "replace":
        step = 1
        while step < n:
            prev = xp.concat([vs[:step, ...], vs[:-step, ...]], axis=0)
            same = xp.concat(
                [xp.zeros(step, dtype=xp.bool), fs[step:] == fs[:-step]], axis=0
            )
            vs = xp.where(same[:, None], op(prev, vs), vs)
            step *= 2
    rows = xp.arange(m, dtype=f.dtype)
    hi = xp.searchsorted(fs, rows, side="right")
    lo = xp.searchsorted(fs, rows, side="left")
    touched = hi > lo
    last = xp.take(vs, xp.clip(hi - 1, 0, n - 1), axis=0)
    new = last if reduction == "replace" else op(x2, last)
    return xp.where(touched[:, None], new, x2)


_COMBINE = {
    "replace": lambda xp: (lambda a, b: b),
    "add": lambda xp: xp.add,
    "multiply": lambda xp: xp.multiply,
    "min": lambda xp: xp.minimum,
    "max": lambda xp: xp.maximum,
}

def segment_fill(reduction: str, dtype_name: str, iinfo: Callable[[str], Any]) -> Any:
    """The value of a segment no id points at: 0 for sums; for min/max the dtype's extreme
    (+-inf for floats, as jax.ops.segment_max does; TF uses the finite lowest float)."""
    if reduction == "add":
        return 0
    if dtype_name in _INT:
        info = iinfo(dtype_name)
        return info.max if reduction == "min" else info.min
    return math.inf if reduction == "min" else -math.inf


def cached_dtype_name(to_name: Callable[[Any], str] = lambda d: d.name) -> Callable[[Any], str]:
    """``dtype_name(a)`` for a backend module: ``a.dtype``'s name, cached per dtype object
    (NumPy, for one, builds ``dtype.name`` anew on every access, ~3 us)."""
    names: dict[Any, str] = {}

    def dtype_name(a: Any) -> str:
        d = a.dtype
        try:
            return names[d]
        except KeyError:
            name = names[d] = to_name(d)
            return name

    return dtype_name
