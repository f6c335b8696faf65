"""``arraykit.ext.nd``: nd gather and scatter with one pinned meaning on every backend.

The Array API standard has ``take`` and ``take_along_axis`` but no nd gather and no scatter,
and frameworks disagree on what these ops mean (negative and out-of-bounds indices,
duplicate indices). These functions take and return each framework's native arrays and mean
the same on NumPy, PyTorch, JAX, TensorFlow, MXNet and array-api-strict (any other
registered namespace works through the same Array API code as array-api-strict); Dask arrays
support ``gather_nd``.

Index layout (TensorFlow's): the LAST axis of ``indices`` holds coordinates. With
``K = indices.shape[-1]`` (1 <= K), each index row ``indices[..., :]`` addresses the
sub-array ``x[i_0, ..., i_{K-1}]`` of shape ``x.shape[K:]``. ``gather_nd``, ``update_nd`` and
``scatter_nd`` also take the K index arrays as a tuple, ``gather_nd(x, (i_0, i_1))``: the same
as their stack on the last axis.

Pinned semantics
----------------
* Negative indices wrap once, Python-style: ``i`` addresses ``i + d`` when ``-d <= i < 0``.
* Eager code (the indices hold concrete values): an index outside ``[-d, d)`` raises
  ``IndexError`` whose message names the function, the bad value, its position in
  ``indices`` and the axis, e.g.
  ``gather_nd: index 7 at indices[3, 1] is out of bounds for axis 1 with size 5``.
  The inputs are left untouched.
* Under compilation, where the indices are traced and have no value when the check would
  run (``jax.jit``/``vmap`` and ``arraykit.ext.jit`` on JAX; ``tf.function`` with or without
  ``jit_compile``; ``torch.compile``), out-of-bounds indices never raise: **gather clips**
  each coordinate into ``[0, d-1]`` after wrapping negatives once, and **scatter drops**
  every update whose index row has an out-of-bounds coordinate. The same on jax, tf and
  torch. (Concrete indices captured by a compiled function still raise, at trace time.)
* Duplicate indices: "add", "multiply", "min" and "max" combine every update (deterministic;
  floating-point sums may round differently per backend, as any reordered sum does).
  "replace": the LAST update in row-major order of ``indices.shape[:-1]`` wins, on every
  backend and device (enforced, not left to the framework).
* dtypes: indices of any integer dtype (int8..int64, uint8..uint64 where the framework has
  them); updates must have the dtype of ``x`` (a Python scalar is converted);
  "add"/"multiply" need numeric, "min"/"max" real values, "replace" accepts any dtype.
* Errors: ``TypeError`` for a non-integer index dtype, an unsupported value dtype or arrays
  from different libraries; ``ValueError`` for shape mismatches and unknown reductions;
  the messages are identical on every backend.
* Differentiable with respect to ``x``/``data`` and ``updates`` on torch, jax, tensorflow and
  mxnet (``autograd.record``). "min"/"max" gradients follow the framework's convention at
  ties; "replace" sends gradient to the winning update only.
* NaN in "min"/"max" is not pinned (frameworks differ); ``update_nd`` never mutates ``x``.

Backends: numpy, torch, jax, tensorflow, mxnet and array-api-strict support every function;
dask supports ``gather_nd`` (the others raise NotImplementedError). Per-framework notes are in
the ``_<framework>.py`` modules; the shared checks, messages and algorithms in ``_common.py``.
"""

from __future__ import annotations

import sys
from typing import Any, TypeVar

from ... import _registry
from ..._dispatch import array_namespace
from .._lookup import own_implementation, own_module, type_lookup, type_name
from . import _common

__all__ = [
    "gather_nd",
    "scatter_nd",
    "segment_max",
    "segment_mean",
    "segment_min",
    "segment_sum",
    "update_nd",
]

_SCALARS = (bool, int, float, complex)
#: For type checkers: the result is an array of the input's own type.
ArrayT = TypeVar("ArrayT")


def _refuse(fn: str, cls: type) -> TypeError:
    return TypeError(f"{fn}: expected an array of a registered library (numpy, torch, jax, "
                     f"tensorflow, mxnet, dask, array_api_strict, ...), not {type_name(cls)}")


def _build(backend: Any, module: Any) -> Any:
    return module.for_backend(backend) if hasattr(module, "for_backend") else module


#: array type -> implementation: ``_<backend>.py`` if the backend has one; anything else with
#: a registered namespace gets the Array API implementation in ``_generic``.
_impl_by_type: dict[type, Any] = {}
_lookup = type_lookup(__name__, "_generic", _refuse, _build, _impl_by_type)


def _impl(fn: str, a: Any, b: Any = None) -> Any:
    """The implementation for ``a`` (and ``b``, which must come from the same library)."""
    impl = _lookup(type(a), fn)
    if b is not None:
        other = _lookup(type(b), fn)
        if other is not impl:
            raise TypeError(
                f"{fn}: all arrays must come from one library; got {type(a).__module__}."
                f"{type(a).__qualname__} and {type(b).__module__}.{type(b).__qualname__}"
            )
    return impl


#: array type -> its backend's ``gather_columns(x, columns, batch_dims)``: the tuple form's
#: whole call where the backend knows it from an earlier call, else None (the path below).
_gather_columns: dict[type, Any] = {}


def gather_nd(x: ArrayT, indices: Any, /, *, batch_dims: int = 0) -> ArrayT:
    """Gather sub-arrays of ``x`` addressed by the index rows in ``indices``.

    With ``B = batch_dims`` and ``K = indices.shape[-1]``: the first ``B`` axes of ``x`` and
    ``indices`` are batch axes (equal sizes, gathered pairwise) and

        result[b..., j...] = x[b..., *wrap(indices[b..., j..., :])]

    of shape ``indices.shape[:-1] + x.shape[B + K:]``. Requires ``1 <= K``,
    ``B + K <= x.ndim`` and ``0 <= B < indices.ndim``. Negative indices wrap; out-of-bounds
    indices raise IndexError (eager) or are clipped (compiled). Empty index sets give an
    empty result. Differentiable in ``x``.

    ``indices`` may also be a tuple of the K index arrays, ``gather_nd(x, (i0, i1))`` (as
    ``x[i0, i1]``): exactly ``gather_nd(x, xp.stack([i0, i1], axis=-1))`` (same values,
    dtypes, errors and messages), without the stacked copy. The arrays must have one shape
    (they are not broadcast: ValueError) and one integer dtype (TypeError).
    """
    if type(indices) is tuple:
        fast = _gather_columns.get(type(x))
        if fast is not None:  # the backend's whole call where it knows it (NumPy)
            out = fast(x, indices, batch_dims)
            if out is not None:
                return out
        impl, indices, idx_shape, idx_dtype = _columns("gather_nd", x, indices, keep=True)
        if fast is None and hasattr(impl, "gather_columns"):
            _gather_columns[type(x)] = impl.gather_columns
    else:
        impl = _impl("gather_nd", x, indices)
        idx_shape, idx_dtype = impl.shape(indices), impl.dtype_name(indices)
    plan = _common.cached(
        _common.gather_plan, "gather_nd", impl.shape(x), idx_shape, idx_dtype, batch_dims
    )
    return impl.gather_nd(x, indices, plan, "gather_nd")


def _columns(
    fn: str, x: Any, columns: tuple[Any, ...], *, keep: bool
) -> tuple[Any, Any, Any, str]:
    """``(impl, indices, stacked shape, dtype name)`` for the tuple form of the indices.

    With ``keep``, ``indices`` stays the tuple for a backend whose ``gather_nd`` computes
    from separate columns (``COLUMNS = True`` in its module); every other call gets the
    stack, so it gives the stacked form's results and errors by construction."""
    impl = _impl(fn, x, columns[0] if columns else None)
    for column in columns[1:]:
        _impl(fn, x, column)
    idx_shape, idx_dtype = _common.cached(
        _common.columns_layout, fn, tuple(tuple(impl.shape(c)) for c in columns),
        tuple(impl.dtype_name(c) for c in columns),
    )
    if not (keep and getattr(impl, "COLUMNS", False)):
        columns = array_namespace(columns[0]).stack(list(columns), axis=-1)
    return impl, columns, idx_shape, idx_dtype


#: array type -> its backend's ``scatter_known(indices, updates, shape, reduction)``: the
#: whole ``scatter_nd`` call where the backend serves it, else None (the path below).
_scatter_known: dict[type, Any] = {}


def update_nd(
    x: ArrayT, indices: Any, updates: Any, /, *, reduction: str = "replace"
) -> ArrayT:
    """A copy of ``x`` with ``updates`` combined into the sub-arrays ``indices`` address.

    ``K = indices.shape[-1]`` (``1 <= K <= x.ndim``); ``updates`` broadcasts to
    ``indices.shape[:-1] + x.shape[K:]`` (a 0-d array or Python scalar updates every
    addressed element) and must have ``x``'s dtype. For every index row ``j`` in row-major
    order: ``out[idx_j] = reduce(out[idx_j], updates[j])`` with ``reduction`` one of
    "replace" (last update wins), "add" (alias "sum"), "multiply", "min", "max"; rows of
    ``x`` no index addresses are copied unchanged. ``x`` is never mutated. Negative indices
    wrap; out-of-bounds raise IndexError (eager) or the update is dropped (compiled).
    Differentiable in ``x`` and ``updates``. ``indices`` may also be a tuple of the K index
    arrays, as in ``gather_nd``: the same as their stack on the last axis.
    """
    if type(indices) is tuple:
        impl, indices, idx_shape, idx_dtype = _columns("update_nd", x, indices, keep=False)
    else:
        impl = _impl("update_nd", x, indices)
        idx_shape, idx_dtype = impl.shape(indices), impl.dtype_name(indices)
    if isinstance(updates, _SCALARS):
        updates = impl.scalar_like(updates, x)
    else:
        _impl("update_nd", x, updates)
    plan = _common.cached(
        _common.scatter_plan, "update_nd", impl.shape(x), idx_shape, idx_dtype,
        impl.shape(updates), impl.dtype_name(updates), impl.dtype_name(x), reduction,
    )
    return impl.update_nd(x, indices, updates, plan, "update_nd", "indices", copy=True)


def scatter_nd(
    indices: Any, updates: ArrayT, /, shape: Any, *, reduction: str = "sum"
) -> ArrayT:
    """A new array of ``shape`` and ``updates``' dtype: ``update_nd(zeros(shape), ...)``.

    Exactly ``update_nd`` applied to an all-zero array, so duplicates sum by default
    ("sum" = "add"); with "min"/"max"/"multiply" the zero base takes part (e.g. "max" of
    negative updates gives 0), which keeps the definition one line long. ``updates`` must be
    an array (0-d allowed) of the library of ``indices``. ``indices`` may also be a tuple of
    the K index arrays, as in ``gather_nd``: the same as their stack on the last axis.
    """
    fast = _scatter_known.get(type(updates))
    if fast is not None:  # the backend's whole call where it knows it (NumPy)
        out = fast(indices, updates, shape, reduction)
        if out is not None:
            return out
    if type(indices) is tuple:
        impl, indices, idx_shape, idx_dtype = _columns("scatter_nd", updates, indices, keep=False)
    else:
        impl = _impl("scatter_nd", updates, indices)
        idx_shape, idx_dtype = impl.shape(indices), impl.dtype_name(indices)
        if fast is None and hasattr(impl, "scatter_known"):
            _scatter_known[type(updates)] = impl.scatter_known
    plan = _common.cached(
        _common.scatter_plan, "scatter_nd", shape, idx_shape, idx_dtype, impl.shape(updates),
        impl.dtype_name(updates), None, reduction,
    )
    native = getattr(impl, "scatter_nd_new", None)
    if native is not None:  # a backend that builds the result in one op (tf.scatter_nd)
        return native(indices, updates, plan, "scatter_nd")
    base = impl.full(plan.shape, 0, updates)
    return impl.update_nd(base, indices, updates, plan, "scatter_nd", "indices", copy=False)


def _segment(fn: str, reduction: str, data: Any, segment_ids: Any, num_segments: Any) -> Any:
    impl = _impl(fn, data, segment_ids)
    data_shape = impl.shape(data)
    _common.check_segments(
        fn, data_shape, impl.shape(segment_ids), impl.dtype_name(segment_ids),
        impl.dtype_name(data), num_segments, reduction,
    )
    num_segments = int(num_segments)
    out_shape = (num_segments,) + tuple(data_shape[1:])
    fill = _common.segment_fill(reduction, impl.dtype_name(data), impl.iinfo)
    base = impl.full(out_shape, fill, data)
    ids = impl.reshape(segment_ids, (data_shape[0], 1))
    plan = _common.cached(
        _common.scatter_plan, fn, out_shape, (data_shape[0], 1), impl.dtype_name(segment_ids),
        data_shape,
        impl.dtype_name(data), None, reduction,
    )
    return impl.update_nd(base, ids, data, plan, fn, "segment_ids", copy=False)


def segment_sum(data: ArrayT, segment_ids: Any, /, num_segments: int) -> ArrayT:
    """``out[s] = sum(data[i] for i with segment_ids[i] == s)``; empty segments are 0.

    ``segment_ids`` is 1-D with ``data.shape[0]`` integer ids in any order (unsorted is fine);
    ids follow the index rule of this module (negative wrap, out of ``[-n, n)`` raise in
    eager code, dropped under compilation). Result shape ``(num_segments,) + data.shape[1:]``.
    Differentiable in ``data``.
    """
    return _segment("segment_sum", "add", data, segment_ids, num_segments)


def segment_max(data: ArrayT, segment_ids: Any, /, num_segments: int) -> ArrayT:
    """Like ``segment_sum`` with max; empty segments get -inf (floats) or the dtype's min."""
    return _segment("segment_max", "max", data, segment_ids, num_segments)


def segment_min(data: ArrayT, segment_ids: Any, /, num_segments: int) -> ArrayT:
    """Like ``segment_sum`` with min; empty segments get +inf (floats) or the dtype's max."""
    return _segment("segment_min", "min", data, segment_ids, num_segments)


def segment_mean(data: ArrayT, segment_ids: Any, /, num_segments: int) -> ArrayT:
    """``segment_sum / count`` for real floating ``data``; empty segments are 0."""
    impl = _impl("segment_mean", data, segment_ids)
    if impl.dtype_name(data) not in _common._REAL_FLOAT:
        raise TypeError(
            f"segment_mean: data must have a real floating-point dtype, not "
            f"{impl.dtype_name(data)}"
        )
    total = _segment("segment_mean", "add", data, segment_ids, num_segments)
    n = impl.shape(data)[0]
    ones = impl.full((n,), 1, data)
    count = _segment("segment_mean", "add", ones, segment_ids, num_segments)
    count = impl.reshape(count, (int(num_segments),) + (1,) * (len(impl.shape(data)) - 1))
    return total / impl.where(count == 0, impl.full((), 1, data), count)


def _preload() -> None:
    """Import the implementation modules of frameworks that are imported already.

    Costs nothing new (the framework is loaded) and lets the first call happen inside
    ``torch.compile``, which cannot trace an import. Frameworks imported after arraykit.ext.nd
    get their module on first use (under torch.compile: after one eager call).
    """
    for backend in list(_registry.BACKENDS):
        if backend.package in sys.modules and own_module(__name__, backend.name) is not None:
            try:
                own_implementation(__name__, backend.name)
            except Exception:  # noqa: BLE001 - a broken framework install fails on use instead
                pass


_preload()
