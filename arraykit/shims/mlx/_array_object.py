"""The array-object surface of the standard on ``mlx.core.array``, as an explicit opt-in.

MLX's arrays have ``mT``, ``__dlpack__`` and an ``__array_namespace__`` that returns
``mlx.core`` (not a standard namespace: no ``__array_api_version__``, no ``nonzero``,
``unique_*``, ``copysign``...). They lack ``device``/``to_device``; their operators follow MLX's
promotion (bool + int8 is int8, uint64 + int64 is float32); indexing has no boolean masks ("not
yet supported") and reads out-of-bounds integer indices from memory beyond the array (a
silent wrong number). :func:`enable_array_object` installs the attributes below on
``mlx.core.array``, remembering what was there (``_common.array_object.ClassPatcher``);
:func:`disable_array_object` puts the originals back. Nothing is installed at import time.

In-place operators (``x += y``) compute the standard's result, refuse a change of dtype or
shape, and write it into ``x`` (``x[...] = r``, MLX's own in-place assignment).
"""

from __future__ import annotations

import operator
import sys

import mlx.core as mx
import numpy as onp

from .._common import array_object as _ao
from . import _dtypes as D
from ._helpers import check_device, check_index_bounds, concrete, device_of, traced_error

_TARGETS = (mx.array,)
_dtype_eq = mx.Dtype.__eq__
_dtype_ne = mx.Dtype.__ne__


def _eq(self, other):
    # MLX's (nanobind's) Dtype.__eq__ raises TypeError for None ("incompatible function
    # arguments"); Python's convention, and code that compares dtypes with None, want False.
    return False if other is None else _dtype_eq(self, other)


def _ne(self, other):
    return True if other is None else _dtype_ne(self, other)
_orig_getitem = mx.array.__getitem__
_orig_setitem = mx.array.__setitem__


def _ns():
    return sys.modules[__package__]


def _to_device(self, device, /, *, stream=None):
    check_device(device, "to_device")
    return self  # unified memory: no copy (see _helpers)


def _is_mask(k) -> bool:
    return type(k) is mx.array and k.dtype == mx.bool_


def _mask_positions(mask):
    """The index arrays of a boolean mask's True entries (found on the host)."""
    v = concrete(mask)
    if v is None:
        raise traced_error("__getitem__ with a boolean mask")
    return tuple(mx.array(i.astype(onp.int64)) for i in onp.nonzero(v))


def _int_bound(v):
    return operator.index(v.item()) if type(v) is mx.array else v


def _int_slice(k):
    """A slice with 0-d array bounds (``x[:n]`` with ``n = xp.sum(mask)``) as int bounds
    (MLX refuses arrays there)."""
    if type(k.start) is mx.array or type(k.stop) is mx.array or type(k.step) is mx.array:
        return slice(_int_bound(k.start), _int_bound(k.stop), _int_bound(k.step))
    return k


def _expand_key(self, key):
    """``key`` with boolean masks replaced by their index arrays (MLX has no masks) and
    integer indices checked against the axis sizes (IndexError, as NumPy)."""
    parts = key if type(key) is tuple else (key,)
    if any(isinstance(k, onp.ndarray) for k in parts):
        # NumPy index arrays and masks (library code mixes its own with the user's arrays):
        # MLX refuses them ("Cannot index mlx array using the given type").
        parts = tuple(mx.array(onp.ascontiguousarray(k)) if isinstance(k, onp.ndarray) else k
                      for k in parts)
        key = parts if type(key) is tuple else parts[0]
    if any(type(k) is slice for k in parts):
        parts = tuple(_int_slice(k) if type(k) is slice else k for k in parts)
        key = parts if type(key) is tuple else parts[0]
    if not any(_is_mask(k) or type(k) is int or (type(k) is mx.array) for k in parts):
        return key
    out = []
    # Each part's first axis of self, for the bounds checks (after an Ellipsis, counted from
    # the end).
    consumed = sum(k.ndim if _is_mask(k) else 0 if k is None or k is Ellipsis else 1
                   for k in parts)
    axis = 0
    for k in parts:
        if k is Ellipsis:
            axis += self.ndim - consumed
            out.append(k)
        elif k is None:
            out.append(k)
        elif _is_mask(k):
            if k.ndim == 0:
                # A 0-d mask adds an axis of length 1 (True) or 0 (False), as in NumPy.
                out.append(None)
                if not bool(k.item()):
                    return _Empty
                continue
            dims = tuple(self.shape[axis:axis + k.ndim])
            if k.size == 0 and len(dims) == k.ndim and all(
                    ks in (s, 0) for ks, s in zip(k.shape, dims)):
                # A zero-size mask along axes of the same or zero length selects nothing (the
                # suite's and MXNet shim's reading): empty index arrays.
                out.extend(mx.zeros((0,), dtype=mx.int64) for _ in range(k.ndim))
                axis += k.ndim
                continue
            if tuple(k.shape) != dims:
                raise IndexError(f"boolean index of shape {tuple(k.shape)} does not match "
                                 f"the indexed axes {tuple(self.shape[axis:axis + k.ndim])}")
            out.extend(_mask_positions(k))
            axis += k.ndim
        elif type(k) is int:
            n = self.shape[axis] if axis < self.ndim else 0
            if not -n <= k < n:
                raise IndexError(f"index {k} is out of bounds for axis {axis} with size {n}")
            out.append(k)
            axis += 1
        elif type(k) is mx.array:
            if axis < self.ndim:
                check_index_bounds("__getitem__", k, self.shape[axis])
            out.append(k)
            axis += 1
        else:
            out.append(k)
            axis += 1
    return tuple(out)


_Empty = object()


def _getitem(self, key):
    k = _expand_key(self, key)
    if k is _Empty:
        return mx.zeros((0,) + tuple(self.shape), dtype=self.dtype)
    if type(k) is tuple and any(type(i) is mx.array and i.size == 0 for i in k):
        # MLX cannot gather with empty index arrays from every layout; the result is empty.
        return _ns().asarray(onp.asarray(self)[tuple(
            onp.asarray(i) if type(i) is mx.array else i for i in k)])
    return _orig_getitem(self, k)


def _setitem(self, key, value):
    k = _expand_key(self, key)
    if k is _Empty:
        return
    if type(value) is mx.array:
        if value.dtype != self.dtype:
            value = value.astype(self.dtype)
    else:  # a number by NumPy 2's rule (MLX stored 300 into int8 as 44, NaN as 0)
        value = _ao.assigned_scalar(value, D.NAME_OF.get(self.dtype))
    if isinstance(value, (bool, int, float, complex)):
        value = mx.array(value, dtype=self.dtype)
    if type(k) is tuple and any(type(i) is mx.array and i.size == 0 for i in k):
        return
    _orig_setitem(self, k, value)


def _is_operand(other) -> bool:
    return type(other) is mx.array or type(other) in (bool, int, float, complex)


def _host_ufunc(self, ufunc, method, *inputs, **kwargs):
    """What NumPy did with an MLX array before ``__array_ufunc__`` was installed: the
    ufunc on the arrays' host values (a NumPy result)."""
    inputs = tuple(onp.asarray(i) if type(i) is mx.array else i for i in inputs)
    return getattr(ufunc, method)(*inputs, **kwargs)


def _write_all(self, value):
    _orig_setitem(self, ..., value)


def _index(self):
    return operator.index(onp.asarray(self).item() if self.ndim == 0 and self.dtype in (
        mx.int8, mx.int16, mx.int32, mx.int64, mx.uint8, mx.uint16, mx.uint32, mx.uint64)
        else onp.asarray(self))


#: MLX-specific part of the surface (the operators come from ``_common.make_operators``).
MLX_ATTRIBUTES = {
    "__array_namespace__": _ao.array_namespace_method(_ns),
    "device": property(device_of, doc="MLX's default device (arrays have none of their own)."),
    "to_device": _to_device,
    **_ao.host_conversions(onp.asarray),
    "__index__": _index,
    "__getitem__": _getitem,
    "__setitem__": _setitem,
}


def _build_table():
    fns = _ao.operator_functions(_ns())
    table = {**_ao.make_operators(fns, _is_operand),
             **_ao.inplace_operators(fns, _is_operand, _write_all), **MLX_ATTRIBUTES,
             # ``np.float64(0.5) * x``: NumPy's scalar goes first and would convert ``x``.
             "__array_ufunc__": _ao.numpy_scalar_ufunc(
                 fns, lambda o: type(o) is mx.array, _host_ufunc)}
    out = dict.fromkeys(_TARGETS, table)
    out[mx.Dtype] = {"__eq__": _eq, "__ne__": _ne, "__hash__": mx.Dtype.__hash__}
    return out


_patcher = _ao.ClassPatcher(_build_table)


def enable_array_object():
    """Install the standard's array-object attributes on ``mlx.core.array`` (idempotent):
    ``__array_namespace__`` returns this namespace, operators follow the standard's promotion,
    indexing takes boolean masks and refuses out-of-bounds integers. Undo it with
    :func:`disable_array_object`."""
    _patcher.enable()


def disable_array_object():
    """Restore every attribute :func:`enable_array_object` replaced (or remove added ones)."""
    _patcher.disable()


def array_object_enabled():
    """Whether :func:`enable_array_object` is in effect."""
    return _patcher.enabled
