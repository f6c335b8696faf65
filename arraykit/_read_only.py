"""What ``arraykit.enable()`` teaches array-api-compat and array-api-extra about read-only arrays.

Libraries written for the standard already know that JAX arrays cannot be written into:
array-api-compat's ``is_writeable_array`` says False for them, and array-api-extra's
``at(x, idx).set(y)`` (and ``apply_where`` built on it) then updates functionally, through
``x.at[idx]``. For any other array type both assume ``x[idx] = y`` works, so a TensorFlow
tensor reaching SciPy or scikit-learn fails on its first in-place write.

While a framework whose arrays are read-only (its registry row says ``writeable=False``) has its
array-object surface enabled, this module:

* makes every copy of array-api-compat (the installed one and those SciPy and scikit-learn
  vendor) answer ``is_writeable_array(x) -> False`` for that framework's arrays, so library code
  takes the path it already has for JAX; and answer ``is_lazy_array`` from the registry row
  (``lazy_by_class``) where the class decides it, instead of probing four ops and a value read
  on every call;
* gives every copy of array-api-extra's ``at`` a functional path for those arrays: the result
  is a new array, equal to what ``x[idx] = op(x[idx], y)`` leaves in a writeable copy (NumPy
  semantics: a duplicate index is written once, by the last update), and ``x`` is unchanged.
  ``copy=False`` still raises ValueError, as it does for JAX.

Copies imported later are patched as they are imported (an import hook that only looks at
those module names), and ``disable()`` restores every patched function by identity. With
``enable()`` off nothing is installed, so nothing costs anything.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from ._dispatch import array_namespace, backend_of_type

#: Module-name suffixes of the functions patched, in every vendored copy.
_COMPAT_HELPERS = "array_api_compat.common._helpers"
_EXTRA_AT = ("array_api_extra._at", "array_api_extra._lib._at")

_lock = threading.RLock()
_read_only_backends: frozenset[str] = frozenset()
#: (module, attribute owner, attribute name, original) for each patch, to restore exactly.
_patched: list[tuple[Any, str, Any]] = []
_is_read_only_cache: dict[type, bool] = {}


def is_read_only_type(cls: type) -> bool:
    """Whether arrays of ``cls`` belong to a framework enabled here whose arrays are read-only."""
    try:
        return _is_read_only_cache[cls]
    except KeyError:
        backend = backend_of_type(cls)
        found = backend is not None and backend.name in _read_only_backends
        _is_read_only_cache[cls] = found
        return found


def _is_target(name: str) -> bool:
    return name.endswith(_COMPAT_HELPERS) or name.endswith(_EXTRA_AT)


# --- the functional update --------------------------------------------------------------


def functional_setitem(x: Any, idx: Any, value: Any, xp: Any = None) -> Any:
    """A new array equal to ``x`` after ``x[idx] = value`` on a writeable copy.

    Works for every index the namespace's ``__getitem__`` accepts (integers, slices,
    ellipsis, None, integer arrays, boolean masks), on any namespace. ``value`` is cast to
    ``x.dtype``, as assignment into an array casts. An index whose values are on the host
    (Python ints and slices, NumPy arrays, eager tensors) is written by the backend's own
    write (``_unique_write``: one op, or two over all of ``x`` where an array value writes
    many rows), a repeated position by its last update, or, for a 0-d value, by ``where``
    with a mask made on the host; anything else (a traced index) by ``general_setitem``.
    """
    xp = array_namespace(x) if xp is None else xp
    idx = masks_as_indices(idx, xp)
    value = _as_value(value, x, xp)
    if value.ndim == 0 and _is_same_shape_mask(idx, x, xp):
        return _where_mask(x, idx, value, xp)
    key = host_key(idx, x)
    if key is not None:
        plan = _unique_plan(x, key, sparse_only=value.ndim == 0)
        if value.ndim == 0 and plan is None:
            mask = _host_mask(key, tuple(x.shape))
            if mask is not None:
                return _where_mask(x, mask, value, xp)
        out = None if plan is None else _unique_write(x, plan, value, xp)
        if out is not None:
            return out
    return general_setitem(x, idx, value, xp)


def dense_mask(x: Any, idx: Any, xp: Any) -> Any:
    """The elements ``idx`` selects, as a boolean array of ``x``'s shape (``idx`` itself
    when it is one, else made on the host), when one ``where`` over all of ``x`` is the
    cheaper write of a 0-d value; else None."""
    if _is_same_shape_mask(idx, x, xp):
        return idx
    key = host_key(idx, x)
    if key is None or _unique_plan(x, key, sparse_only=True) is not None:
        return None
    return _host_mask(key, tuple(x.shape))


def _as_value(value: Any, x: Any, xp: Any) -> Any:
    if not hasattr(value, "shape") or backend_of_type(type(value)) is not backend_of_type(
            type(x)):
        # A Python or NumPy scalar, a NumPy array: cast as NumPy's assignment does.
        value = xp.asarray(value)
    # copy=False: TF's copy (a Snapshot op) has no gradient, and nothing writes into value.
    return xp.astype(value, x.dtype, copy=False)


def general_setitem(x: Any, idx: Any, value: Any, xp: Any) -> Any:
    """``functional_setitem`` for any index, with standard functions only (``idx`` already
    through ``masks_as_indices``, ``value`` already of ``x``'s dtype): the flat positions
    ``idx`` selects are read from an ``arange`` of ``x``'s size, and each element of ``x``
    then finds the last update written to it by a binary search over the positions sorted
    stably (so a repeated position takes its last update, as in NumPy). No scatter: about
    ten ops (4.3 ms per call on TF 2.21 at 100 to 10,000 elements), differentiable in
    ``value``."""
    if _is_same_shape_mask(idx, x, xp) and value.ndim == 0:
        return _where_mask(x, idx, value, xp)
    shape = tuple(x.shape)
    n = 1
    for d in shape:
        n *= d
    everywhere = xp.arange(n, dtype=xp.int64)
    selected = xp.reshape(everywhere, shape)[idx]
    positions = xp.reshape(selected, (-1,))
    m = positions.shape[0]
    if m == 0:
        return x
    value = xp.reshape(xp.broadcast_to(value, tuple(selected.shape)), (-1,))
    order = xp.argsort(positions, stable=True)
    sorted_positions = xp.take(positions, order)
    last = xp.searchsorted(sorted_positions, everywhere, side="right") - 1
    k = xp.clip(last, 0, m - 1)
    written = (last >= 0) & (xp.take(sorted_positions, k) == everywhere)
    out = xp.where(written, xp.take(xp.take(value, order), k), xp.reshape(x, (-1,)))
    return xp.reshape(out, shape)


# --- one-op writes for indices known on the host ----------------------------------------
#
# Most indices library code writes with are known on the host: Python integers and slices,
# NumPy arrays, masks and integer arrays that are eager tensors. NumPy then says which
# elements the index selects (a boolean mask of x's shape, numpy.zeros + one assignment) or,
# for an array value, which positions in which order, and whether any repeats; one op of the
# backend writes. An index NumPy and the namespace's __getitem__ might read differently
# (Python bools, lists, None beside an array) or that NumPy refuses (out of bounds) is left
# to general_setitem, so errors stay those of the general path.


def host_key(idx: Any, x: Any) -> tuple[Any, ...] | None:
    """``idx`` as a tuple that NumPy indexes with the meaning ``x.__getitem__`` gives it
    (Python ints, slices of ints, Ellipsis, None, NumPy integer arrays and a sole boolean
    mask), when every entry has its values on the host and ``x``'s shape is known; else
    None."""
    shape = x.shape
    if None in tuple(shape):
        return None
    entries = idx if type(idx) is tuple else (idx,)
    out: list[Any] = []
    arrays = newaxis = False
    for k in entries:
        t = type(k)
        if t is int or k is Ellipsis:
            out.append(k)
        elif k is None:
            newaxis = True
            out.append(k)
        elif t is slice:
            if not all(v is None or type(v) is int for v in (k.start, k.stop, k.step)) or (
                    k.step == 0):
                return None
            out.append(k)
        elif hasattr(k, "dtype") and hasattr(k, "shape"):
            try:
                a = np.asarray(k)  # an eager tensor's values; a traced one has none
            except Exception:  # noqa: BLE001 - no host values: the general path decides
                return None
            kind = a.dtype.kind
            if kind == "b" and a.ndim > 0 and len(entries) == 1:
                out.append(a)
                arrays = True
            elif kind in "iu" and a.ndim == 0:
                out.append(int(a))
            elif kind in "iu":
                out.append(a)
                arrays = True
            else:
                return None
        else:
            return None
    if arrays and newaxis:
        return None  # NumPy takes it; the namespaces' __getitem__ refuse it
    return tuple(out)


def _host_mask(key: tuple[Any, ...], shape: tuple[int, ...]) -> Any:
    """The elements ``key`` selects, as a NumPy boolean array of ``shape``; None when NumPy
    refuses the index (out of bounds, too many indices, a mask of another shape)."""
    if len(key) == 1 and getattr(key[0], "shape", None) == shape and key[0].dtype == bool:
        return key[0]
    mask = np.zeros(shape, dtype=bool)
    try:
        mask[key] = True
    except (IndexError, ValueError, TypeError):
        return None
    return mask


def _where_mask(x: Any, mask: Any, value: Any, xp: Any) -> Any:
    """``x`` with the elements of ``mask`` (a host array or one of ``x``'s library, of
    ``x``'s shape) replaced by ``value`` (0-d, or of ``x``'s shape): one ``where``. A
    repeated position is written with the same value, so repeats do not matter."""
    if isinstance(mask, np.ndarray):
        if not mask.any():
            return x
        mask = xp.asarray(mask)
    return xp.where(mask, value, x)


def _unique_plan(x: Any, key: tuple[Any, ...], sparse_only: bool = False) -> Any:
    """Where the host ``key`` writes into ``x``, when ``x``'s backend has a one-op write
    (``_writer``), else None. ``("strided", axes, selection, None)`` for ints and slices
    (``axes``: per axis an in-bounds int or the ``(start, stop, step)`` of
    ``slice.indices``); ``("rows", positions, selection, last)`` for integer arrays on the
    leading axes or a sole mask (``positions``: an ``(m, k)`` integer array of unique
    in-bounds rows; ``last``: None when ``x[key]``'s rows are those, in that order, else
    the index in ``x[key]`` of each position's last update, NumPy's winner);
    ``("dense", rows, selection, written)`` (``_dense_plan``) in place of ``"rows"`` for an
    array value where the writer's ``replace_dense`` costs less (``_dense``);
    ``selection`` is ``x[key].shape``. None also for a newaxis, NumPy's other
    advanced-index layouts, and anything NumPy refuses, and with ``sparse_only`` (a 0-d
    value) for rows whose write costs more than a ``where`` over all of ``x``
    (``_sparse``)."""
    if _writer(type(x)) is None or any(k is None for k in key):
        return None
    shape = tuple(x.shape)
    if len(key) == 1 and isinstance(key[0], np.ndarray) and key[0].dtype.kind == "b":
        mask = key[0]
        if tuple(mask.shape) != shape[:mask.ndim]:
            return None
        selected = (int(np.count_nonzero(mask)),) + shape[mask.ndim:]
        if sparse_only and not _sparse(x, selected[0], mask.ndim):
            return None
        if not sparse_only and _dense(x, selected[0], mask.ndim):
            return "dense", np.flatnonzero(mask), selected, mask
        positions = np.argwhere(mask)
        return "rows", positions, selected, None
    n_ellipsis = sum(1 for k in key if k is Ellipsis)
    if n_ellipsis > 1 or len(key) - n_ellipsis > len(shape):
        return None
    full = slice(None)
    if n_ellipsis:
        i = key.index(Ellipsis)
        key = key[:i] + (full,) * (len(shape) - len(key) + 1) + key[i + 1:]
    key = key + (full,) * (len(shape) - len(key))
    if not any(isinstance(k, np.ndarray) for k in key):
        axes: list[Any] = []
        selection = []
        for k, d in zip(key, shape):
            if type(k) is int:
                if not -d <= k < d:
                    return None
                axes.append(k % d)
            else:
                bounds = k.indices(d)
                axes.append(bounds)
                selection.append(len(range(*bounds)))
        return "strided", axes, tuple(selection), None
    n_adv = next((i for i, k in enumerate(key) if type(k) is slice), len(key))
    if n_adv == 0 or not all(type(k) is slice and k == full for k in key[n_adv:]):
        return None  # a slice before or between the arrays: NumPy's other layouts
    try:
        columns = np.broadcast_arrays(*(np.asarray(k) for k in key[:n_adv]))
    except ValueError:
        return None
    dims = shape[:n_adv]
    if sparse_only and not _sparse(x, columns[0].size, n_adv):
        return None
    wrapped = []
    for column, d in zip(columns, dims):
        c = column.astype(np.int64) if column.dtype.kind == "u" else column
        if c.size and (c.min() < -d or c.max() >= d):
            return None
        wrapped.append(np.where(c < 0, c + d, c) if c.size and c.min() < 0 else c)
    selected = tuple(columns[0].shape) + shape[n_adv:]
    if n_adv == 1:
        flat = wrapped[0].reshape(-1)
    else:
        columns_of_flat: tuple[np.ndarray, ...] = tuple(c.reshape(-1) for c in wrapped)
        flat = np.ravel_multi_index(columns_of_flat, dims)  # arrays: an array out
    if not sparse_only and _dense(x, flat.size, n_adv):
        plan = _dense_plan(flat, dims, selected)
        if plan is not None:
            return plan
    positions = np.stack([c.reshape(-1) for c in wrapped], axis=-1)
    last = None
    if flat.size > 1 and not bool((flat[1:] > flat[:-1]).all()):
        order = np.argsort(flat, kind="stable")
        ordered = flat[order]
        tail = np.ones(ordered.size, dtype=bool)
        tail[:-1] = ordered[1:] != ordered[:-1]
        if not tail.all():  # a repeated position: its last update is written
            last = order[tail]
            positions = positions[last]
    return "rows", positions, selected, last


def _dense_plan(flat: Any, dims: tuple[int, ...], selection: tuple[int, ...]) -> Any:
    """``("dense", rows, selection, written)`` for the writer's ``replace_dense``: the
    in-bounds flat positions ``flat`` over axes ``dims`` as ``rows`` (one per update, in
    order) and ``written``, a boolean array of ``dims`` marking the rows written. A repeated
    position keeps its last update, NumPy's winner (NumPy's own assignment names it); the
    rows of the others become a row nothing writes, whose values ``replace_dense`` discards.
    None when every row is written and some repeat (no such row)."""
    written = np.zeros(dims, dtype=bool)
    marks = written.reshape(-1)
    marks[flat] = True
    n_written = int(np.count_nonzero(marks))
    rows = flat
    if n_written < flat.size:
        if n_written == marks.size:
            return None
        # int32 where it holds them: 142,861 positions into 1e6 rows take 0.57 ms, with
        # intp 1.0 ms (twice the memory touched)
        order = np.arange(flat.size, dtype=np.int32 if flat.size < 2**31 else np.intp)
        winner = np.empty(marks.size, dtype=order.dtype)
        winner[flat] = order
        rows = np.where(winner[flat] == order, flat, np.argmin(marks))
    return "dense", rows, selection, written


def _sizes(x: Any, n_rows: int, k: int) -> tuple[int, int]:
    """The elements ``n_rows`` rows of ``x.shape[k:]`` hold, and the elements of ``x``."""
    written = n_rows
    for d in x.shape[k:]:
        written *= d
    size = 1
    for d in x.shape:
        size *= d
    return written, size


def _sparse(x: Any, n_rows: int, k: int) -> bool:
    """Whether writing ``n_rows`` rows (of ``x.shape[k:]``) with the backend's one-op write
    costs at most a ``where`` over all of ``x``: the elements written times the writer's
    ``SCATTER_COST`` (what one scattered element costs, in elements of a ``where``; 1 if
    not given) are at most ``x``'s size."""
    written, size = _sizes(x, n_rows, k)
    return written * getattr(_writer(type(x)), "SCATTER_COST", 1) <= size


def _dense(x: Any, n_rows: int, k: int) -> bool:
    """Whether the writer's ``replace_dense`` (ops over all of ``x``) writes ``n_rows`` rows
    of ``x.shape[k:]`` for less than its ``replace_unique`` (per element written): its
    ``DENSE_GAIN`` and ``DENSE_FIXED`` say where."""
    writer = _writer(type(x))
    if not hasattr(writer, "replace_dense"):
        return False
    written, size = _sizes(x, n_rows, k)
    return written * writer.DENSE_GAIN > size + writer.DENSE_FIXED


def _unique_write(x: Any, plan: Any, value: Any, xp: Any) -> Any:
    """``x`` after ``x[key] = value`` by the backend's own one-op write (``_writer``) of
    ``plan`` (``_unique_plan``), when ``value`` broadcasts to the selection; else None (the
    general path runs and raises what it raises)."""
    writer = _writer(type(x))
    kind, where, selection, last = plan
    try:
        if tuple(np.broadcast_shapes(tuple(value.shape), selection)) != selection:
            return None
    except ValueError:
        return None
    if 0 in selection:
        return x
    if kind == "strided" and hasattr(writer, "replace_strided"):
        out = writer.replace_strided(x, where, value)
        if out is not None:
            return out
    if kind == "strided":
        where = _strided_positions(where)
    shape = tuple(x.shape)
    if tuple(value.shape) != selection:
        value = xp.broadcast_to(value, selection)
    if kind == "dense":
        written = last  # the rows written, a boolean array of the axes indexed
        rows = (where.shape[0],) + shape[written.ndim:]
        if selection != rows:
            value = xp.reshape(value, rows)
        return writer.replace_dense(x, where, value, written)
    rows = (where.shape[0],) + shape[where.shape[1]:]
    if last is not None:  # one gather keeps each repeated position's last update
        value = xp.take(xp.reshape(value, (-1,) + rows[1:]), xp.asarray(last), axis=0)
    elif selection != rows:
        value = xp.reshape(value, rows)
    return writer.replace_unique(x, where, value)


def _strided_positions(axes: list[Any]) -> Any:
    """The ``(m, ndim)`` positions a ``"strided"`` plan selects, in row-major order."""
    ranges = [np.arange(*a) if type(a) is tuple else np.asarray([a]) for a in axes]
    grids = np.meshgrid(*ranges, indexing="ij")
    return np.stack([g.reshape(-1) for g in grids], axis=-1)


_writers: dict[type, Any] = {}


def _writer(cls: type) -> Any:
    """The module writing arrays of ``cls`` in one op, or None: the backend's
    ``arraykit/ext/nd/_<backend>.py`` when it defines ``replace_unique(x, positions,
    values)`` (and, optionally, ``replace_strided(x, axes, value)``; see
    ``ext/nd/_contract.py``)."""
    try:
        return _writers[cls]
    except KeyError:
        pass
    backend = backend_of_type(cls)
    module = None
    if backend is not None:
        from .ext._lookup import own_implementation

        module = own_implementation("arraykit.ext.nd", backend.name)
    found = _writers[cls] = module if hasattr(module, "replace_unique") else None
    return found


def masks_as_indices(idx: Any, xp: Any) -> Any:
    """``idx`` with each boolean array among other entries of a tuple replaced by the integer
    arrays of its ``nonzero()``: NumPy's meaning of a mask beside integers, slices or other
    arrays (``x[0, x[0] < 1.5]``), which JAX takes and the standard leaves out (a mask must be
    the sole index there, as TF's indexing requires). Anything else is returned as it is."""
    if not isinstance(idx, tuple) or len(idx) < 2:
        return idx
    if not any(getattr(k, "dtype", None) == xp.bool and getattr(k, "ndim", 0) >= 1
               for k in idx):
        return idx
    out: list[Any] = []
    for k in idx:
        if getattr(k, "dtype", None) == xp.bool and getattr(k, "ndim", 0) >= 1:
            out.extend(xp.nonzero(k))
        else:
            out.append(k)
    return tuple(out)


def _is_same_shape_mask(idx: Any, x: Any, xp: Any) -> bool:
    return (hasattr(idx, "dtype") and idx.dtype == xp.bool
            and tuple(idx.shape) == tuple(x.shape))


# --- the patches --------------------------------------------------------------------------


_compat_read_only_cache: dict[type, bool] = {}


def _compat_knows_read_only(cls: type) -> bool:
    """Whether array-api-compat itself calls arrays of ``cls`` read-only (JAX's): array-api-extra
    then updates them with the framework's own functional API (``.at``), which stays theirs."""
    try:
        return _compat_read_only_cache[cls]
    except KeyError:
        from array_api_compat.common import _helpers

        helper = _helpers._is_writeable_cls
        original = getattr(helper, "_arraykit_original", helper)
        known = _compat_read_only_cache[cls] = original(cls) is False
        return known


_KINDS = ("bool", "integral", "real floating", "complex floating")


def _kind(dtype: Any, xp: Any) -> int:
    return next(i for i, k in enumerate(_KINDS) if xp.isdtype(dtype, k))


def _check_same_kind(new: Any, x: Any, xp: Any) -> None:
    """An in-place update (``add``, ``divide``, ...) whose result is of a higher kind than
    ``x`` (a float into an integer array) raises, as NumPy's ``x[idx] += 1.1`` does (casting
    rule ``same_kind``): writing it back would truncate silently."""
    if new.dtype != x.dtype and _kind(new.dtype, xp) > _kind(x.dtype, xp):
        raise TypeError(f"at: cannot cast the update's result from {new.dtype} to the "
                        f"array's dtype {x.dtype} (casting rule 'same_kind', as NumPy's "
                        f"in-place operators); cast the array first")


def _whole_array_exact(op: str, x: Any, y: Any, xp: Any) -> bool:
    """Whether ``op(x, y)`` over all of ``x`` gives, on the elements selected, what
    ``op(x[idx], y)`` gives: ``y`` is 0-d and the op is correctly rounded whatever the
    kernel (vectorised or not): add and subtract; multiply and divide of real numbers (a
    complex product's inf/NaN recovery may differ between a kernel's vector and scalar
    code). Not pow (TF 2.21's pow of 7.0 ** 1.5 differs in the last bit between a
    10-element and a 3-element array), nor min/max (NaN)."""
    if op not in ("add", "subtract", "multiply", "divide"):
        return False
    if type(y) in (bool, int, float):
        y_real = True
    elif getattr(y, "ndim", None) != 0 or not is_read_only_type(type(y)):
        return False  # also NumPy scalars and 0-d arrays: x[idx] + y decides what they mean
    else:
        y_real = not xp.isdtype(y.dtype, "complex floating")
    return op in ("add", "subtract") or (
        y_real and not xp.isdtype(x.dtype, "complex floating"))


def _writeable_cls_hook(original: Callable[[type], Any]) -> Callable[[type], Any]:
    def _is_writeable_cls(cls: type) -> Any:
        if is_read_only_type(cls):
            return False
        return original(cls)

    _is_writeable_cls._arraykit_original = original  # type: ignore[attr-defined]
    return _is_writeable_cls


def _lazy_cls_hook(original: Callable[[type], Any]) -> Callable[[type], Any]:
    def _is_lazy_cls(cls: type) -> Any:
        if is_read_only_type(cls):
            backend = backend_of_type(cls)
            if backend is not None and backend.lazy_by_class is not None:
                return backend.lazy_by_class(cls)
        return original(cls)

    _is_lazy_cls._arraykit_original = original  # type: ignore[attr-defined]
    return _is_lazy_cls


def _at_op_hook(original: Callable[..., Any]) -> Callable[..., Any]:
    def _op(self: Any, at_op: Any, in_place_op: Any, out_of_place_op: Any, y: Any, /,
            copy: Any, xp: Any) -> Any:
        x, idx = self._x, self._idx
        # copy=False on a read-only array must raise, and an unset index must be reported:
        # array-api-extra's own code does both.
        if (copy is False or copy not in (True, None) or not is_read_only_type(type(x))
                or _compat_knows_read_only(type(x)) or type(idx).__name__ == "_Undef"):
            return original(self, at_op, in_place_op, out_of_place_op, y, copy=copy, xp=xp)
        xp = array_namespace(x) if xp is None else xp
        idx = masks_as_indices(idx, xp)
        op = getattr(at_op, "value", at_op)
        # min/max have no in-place operator: NumPy writes min(x[idx], y) back, cast.
        arithmetic = op not in ("min", "max")
        if out_of_place_op is not None and _whole_array_exact(op, x, y, xp):
            # A 0-d y updates every selected element alike: the op over all of x (as
            # array-api-extra's own path for JAX masks), then one where with the mask.
            mask = dense_mask(x, idx, xp)
            if mask is not None:
                new = out_of_place_op(x, y)
                _check_same_kind(new, x, xp)
                return _where_mask(x, mask, xp.astype(new, x.dtype, copy=False), xp)
        new = y if in_place_op is None else in_place_op(x[idx], y)
        if in_place_op is not None and arithmetic:
            _check_same_kind(new, x, xp)
        return functional_setitem(x, idx, new, xp)

    _op._arraykit_original = original  # type: ignore[attr-defined]
    return _op


def _patch_module(module: Any) -> None:
    name = module.__name__
    if name.endswith(_COMPAT_HELPERS):
        for attr, hook in (("_is_writeable_cls", _writeable_cls_hook),
                           ("_is_lazy_cls", _lazy_cls_hook)):
            original = getattr(module, attr, None)
            if original is not None and not hasattr(original, "_arraykit_original"):
                setattr(module, attr, hook(original))
                _patched.append((module, attr, original))
    elif name.endswith(_EXTRA_AT):
        at: Any = getattr(module, "at", None)
        original = at.__dict__.get("_op") if isinstance(at, type) else None
        if original is not None and not hasattr(original, "_arraykit_original"):
            at._op = _at_op_hook(original)
            _patched.append((at, "_op", original))


class _PatchingLoader(importlib.abc.Loader):
    """Runs the real loader, then patches the module it made."""

    def __init__(self, loader: Any):
        self._loader = loader

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self._loader.exec_module(module)
        with _lock:
            if _read_only_backends:
                _patch_module(module)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself; for the patched modules' names it wraps the real loader."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if not _is_target(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _PatchingLoader(spec.loader)
        return spec


_finder = _PatchOnImport()


def install(read_only_backends: frozenset[str]) -> None:
    """Patch the libraries for the frameworks named (those enabled whose arrays are read-only);
    an empty set removes every patch."""
    global _read_only_backends  # noqa: PLW0603 - the module's state, set only here, under _lock
    with _lock:
        _read_only_backends = frozenset(read_only_backends)
        _is_read_only_cache.clear()
        if not _read_only_backends:
            _uninstall()
            return
        if _finder not in sys.meta_path:
            sys.meta_path.insert(0, _finder)
        for name, module in list(sys.modules.items()):
            if module is not None and _is_target(name):
                _patch_module(module)


def _uninstall() -> None:
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    for owner, attr, original in reversed(_patched):
        setattr(owner, attr, original)
    _patched.clear()
