"""The array-object surface of the standard on ``mxnet.numpy.ndarray``, as an explicit opt-in.

MXNet's arrays lack ``__array_namespace__``, ``device``, ``to_device``, ``mT``, ``__dlpack__``
and ``__index__``; their operators follow MXNet's promotion (int8 + uint8 is int32, ``//``
between arrays raises).  :func:`enable_array_object` installs the attributes below on
``mxnet.numpy.ndarray`` (operators then go through this namespace's functions, with the
standard's promotion), remembering what was there; :func:`disable_array_object` puts the
originals back.  Nothing is installed at import time.
"""

from __future__ import annotations

import math
import operator
import sys
import types
import warnings
from typing import Any

import numpy as _onp
from mxnet import np as mnp

from .._common import array_object as _ao
from .._common.utils import broadcast_shapes as _broadcast_shapes
from . import _primitives as _p
from ._dtypes import MXNET_MODULES
from ._helpers import check_device, np_mode

_TARGETS = (mnp.ndarray,)


def _ns():
    return sys.modules[__package__]


def to_device(self, device, /, *, stream=None):
    """``x.to_device(device)``, and ``arraykit.to_device`` (the registry's row) where the
    array-object surface is not installed."""
    ctx = check_device(device, "to_device")
    return self if ctx == self.ctx else self.as_in_ctx(ctx)


def _dlpack(self, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    if self.dtype == bool:
        # MXNet exports bool with a DLPack type code NumPy < 1.25 cannot import, and
        # np.from_dlpack then failed with SystemError (an exception inside MXNet's deleter).
        raise BufferError("__dlpack__: MXNet 1.9.1 bool arrays cannot be exported through "
                          "DLPack; use numpy.asarray(x) (a host copy) or x.astype(uint8)")
    if copy:
        return self.copy().to_dlpack_for_read()
    return self.to_dlpack_for_read()


def _dlpack_device(self, /):
    # DLPack device codes: 1 = CPU, 2 = CUDA.
    return (1, 0) if self.ctx.device_type == "cpu" else (2, self.ctx.device_id)


def _array(self, dtype=None, copy=None):
    """A NumPy array of ``x`` (a host copy: MXNet memory is never shared), so that
    ``numpy.asarray(x)`` is numeric, not an object array of 0-d MXNet arrays."""
    if copy is False:
        raise ValueError("__array__: copy=False is impossible, converting an MXNet array "
                         "to NumPy copies it to the host")
    a = self.asnumpy()
    return a if dtype is None else a.astype(dtype, copy=False)


_orig_getitem = mnp.ndarray.__getitem__
_mx_setitem = mnp.ndarray.__setitem__


def _calls_deprecated(key) -> bool:
    """Whether MXNet's indexing with ``key`` calls deprecated APIs (``np.bool``, its own
    ``as_in_context``): a mask, an index array or a bool, alone or in a tuple. Their
    DeprecationWarnings, errors under warnings-as-errors, are silenced around those calls
    (see ``_dtypes.MXNET_MODULES``); plain int/slice keys pay two isinstance checks."""
    if isinstance(key, (bool, mnp.ndarray)):
        return True
    return isinstance(key, tuple) and any(isinstance(k, (bool, mnp.ndarray)) for k in key)


def _index_arrays(key: Any, fname: str) -> Any:
    """``key`` with its integer index arrays broadcast to their common shape where one has
    more than ``_primitives.BROADCAST_MAX_NDIM`` dimensions and their shapes differ: MXNet
    broadcasts them with its kernels, which refuse some such shapes ("Too many reduction
    axes", at the next sync). Only keys with index arrays come here."""
    if type(key) is not tuple:
        return key
    arrays = [k for k in key if isinstance(k, mnp.ndarray) and k.dtype != bool]
    shapes = [k.shape for k in arrays]
    if len(set(shapes)) < 2 or max(map(len, shapes)) <= _p.BROADCAST_MAX_NDIM:
        return key
    try:
        shape = _broadcast_shapes(*shapes)
    except ValueError:
        raise IndexError(f"{fname}: index arrays of shapes {', '.join(map(str, shapes))} "
                         "do not broadcast together; give them broadcastable shapes") from None
    return tuple(_p.broadcast_to(k, shape) if isinstance(k, mnp.ndarray) and k.dtype != bool
                 and k.shape != shape else k for k in key)


def _orig_setitem(self, key, value):
    """MXNet's ``__setitem__``, quietly (see ``_calls_deprecated``; and MXNet's RuntimeWarning
    "You are attempting to copy an array to itself" for ``x[...] = x``, which NumPy allows
    silently and warnings-as-errors test suites turn into failures)."""
    if _calls_deprecated(key) or value is self:
        key = _index_arrays(key, "setitem")
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", category=DeprecationWarning, module=MXNET_MODULES)
            warnings.filterwarnings("ignore", message="You are attempting to copy an array to "
                                    "itself", category=RuntimeWarning)
            return _mx_setitem(self, key, value)
    return _mx_setitem(self, key, value)


def _int_bound(v):
    return operator.index(v.item()) if isinstance(v, mnp.ndarray) else v


def _native_key(key, ctx) -> Any:
    """Index parts MXNet misreads, as library code writes them: slices with 0-d array bounds
    (``x[:n]`` with ``n = xp.sum(mask)``; MXNet's slice operator refuses arrays there) get
    int bounds, and NumPy index arrays (scikit-learn's ``x[numpy_mask] = v``; MXNet reads a
    NumPy bool mask as the integers 0/1) become MXNet arrays on ``x``'s device."""
    if type(key) is slice:
        if any(isinstance(v, mnp.ndarray) for v in (key.start, key.stop, key.step)):
            return slice(_int_bound(key.start), _int_bound(key.stop), _int_bound(key.step))
        return key
    if isinstance(key, _onp.ndarray):
        return mnp.array(key, dtype=key.dtype, ctx=ctx)
    if type(key) is tuple and any(type(k) is slice or isinstance(k, _onp.ndarray) for k in key):
        return tuple(_native_key(k, ctx) for k in key)
    return key


#: MXNet 1.9.1's slice operator takes at most this many dimensions ("ndim=6 too large").
_SLICE_MAX_NDIM = 5


def _basic_parts(key) -> list | None:
    """``key``'s parts as a list, or None unless every part is an int, a slice, None or a
    single Ellipsis (basic indexing)."""
    parts = list(key) if type(key) is tuple else [key]
    if sum(1 for k in parts if k is Ellipsis) > 1:
        return None
    ok = all(type(k) in (int, slice) or k is None or k is Ellipsis for k in parts)
    return parts if ok else None


def _index_axis_by_axis(x, parts: list):
    """Basic indexing of an array of more than ``_SLICE_MAX_NDIM`` dimensions: each indexed
    axis is sliced on a 3-d reshape (rows before it, it, rows after it), which MXNet's slice
    operator takes, and the result reshaped back."""
    n_real = sum(1 for k in parts if k is not None and k is not Ellipsis)
    if n_real > x.ndim:
        raise IndexError(f"getitem: too many indices for an array of {x.ndim} dimensions")
    fill = [slice(None)] * (x.ndim - n_real)
    if Ellipsis in parts:
        i = parts.index(Ellipsis)
        parts = parts[:i] + fill + parts[i + 1:]
    else:
        parts = parts + fill
    out, axis = x, 0
    for k in parts:
        if k is None:
            out = mnp.expand_dims(out, axis)
            axis += 1
            continue
        shape = out.shape
        if type(k) is int and not -shape[axis] <= k < shape[axis]:
            raise IndexError(f"getitem: index {k} is out of bounds for axis {axis} with size "
                             f"{shape[axis]}")
        if k != slice(None):
            rows = (math.prod(shape[:axis]), shape[axis], math.prod(shape[axis + 1:]))
            v = _orig_getitem(out.reshape(rows), (slice(None), k, slice(None)))
            kept = () if type(k) is int else (v.shape[1],)
            out = v.reshape(shape[:axis] + kept + shape[axis + 1:])
        if type(k) is not int:
            axis += 1
    return out


def _getitem(self, key):
    key = _native_key(key, self.ctx)
    if self.ndim > _SLICE_MAX_NDIM:
        parts = _basic_parts(key)
        if parts is not None:
            return _index_axis_by_axis(self, parts)
    if self.ndim == 0 and (key is Ellipsis or key is None or (
            isinstance(key, tuple) and all(k is Ellipsis or k is None for k in key))):
        key = key if isinstance(key, tuple) else (key,)
        nones = sum(1 for k in key if k is None)
        r = _orig_getitem(self, ())
        return r.reshape((1,) * nones) if nones else r
    if isinstance(key, mnp.ndarray) and key.dtype == bool and key.ndim == 0:
        # A 0-d mask adds an axis of length 1 (True) or 0 (False); MXNet fails on it.
        if bool(key.item()):
            return self.reshape((1,) + self.shape)
        return mnp.zeros((0,) + self.shape, dtype=self.dtype, ctx=self.ctx)
    if (isinstance(key, mnp.ndarray) and key.dtype == bool and key.size == 0
            and 0 < key.ndim <= self.ndim
            and all(k in (s, 0) for k, s in zip(key.shape, self.shape))):
        return mnp.zeros((0,) + self.shape[key.ndim:], dtype=self.dtype, ctx=self.ctx)
    if _calls_deprecated(key):
        arrays_key = _index_arrays(key, "getitem")
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", category=DeprecationWarning, module=MXNET_MODULES)
            return _orig_getitem(self, arrays_key)
    return _orig_getitem(self, key)


def _nonnegative_index_arrays(x: Any, key: Any) -> Any:
    """``key`` with its integer index arrays read on the host, refused out of bounds
    (IndexError, as NumPy) and wrapped into ``[0, n)``: MXNet 1.9.1's advanced-index assignment
    writes nothing for a negative index and corrupts the heap (``x[mnp.array([-1])] = 5`` on a
    (4,) array aborted the process). Only keys with index arrays take this path (an
    assignment through them costs ~900 us on MXNet; the read, a few)."""
    parts = list(key) if type(key) is tuple else [key]
    if not any(isinstance(k, mnp.ndarray) and k.dtype.kind in "iu" for k in parts):
        return key
    shape = x.shape
    used = sum(k.ndim if isinstance(k, mnp.ndarray) and k.dtype == bool else 1
               for k in parts if k is not None and k is not Ellipsis)
    axis, out = 0, []
    for k in parts:
        if k is None or (isinstance(k, mnp.ndarray) and k.dtype == bool):
            axis += 0 if k is None else k.ndim
            out.append(k)
        elif k is Ellipsis:
            axis += len(shape) - used
            out.append(k)
        elif isinstance(k, mnp.ndarray) and k.dtype.kind in "iu" and axis < len(shape):
            out.append(_wrapped_index(k, shape[axis], axis))
            axis += 1
        else:
            out.append(k)
            axis += 1
    return tuple(out) if type(key) is tuple else out[0]


def _wrapped_index(k, n: int, axis: int):
    host = k.asnumpy()
    if host.size == 0:
        return k
    bad = host[(host < -n) | (host >= n)]
    if bad.size:
        raise IndexError(f"setitem: index {int(bad[0])} is out of bounds for axis {axis} with "
                         f"size {n}")
    if host.min() >= 0:
        return k
    return mnp.array(_onp.where(host < 0, host + n, host), dtype=k.dtype, ctx=k.ctx)


def _setitem(self, key, value):
    key = _nonnegative_index_arrays(self, _native_key(key, self.ctx))
    ndim = self.ndim
    if ndim == 0 and (key is Ellipsis or (isinstance(key, tuple) and key
                                         and all(k is Ellipsis for k in key))):
        key = ()
    if isinstance(key, mnp.ndarray) and key.dtype == bool and key.size == 0:
        return None
    if not isinstance(value, mnp.ndarray):
        # a number by NumPy 2's rule (MXNet stored 300 into int8 as 44, NaN as 0)
        value = _ao.assigned_scalar(value, self.dtype.name)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and (
            self.dtype == "float64" or self.dtype == "int64"):
        # MXNet passes scalar values as strings it parses inexactly; a 0-d array is exact.
        value = mnp.array(value, dtype=self.dtype, ctx=self.ctx)
    if isinstance(value, mnp.ndarray) and value.dtype != self.dtype and self.dtype != bool:
        # Assignment casts to the array's dtype, as in NumPy; MXNet refuses ("Type
        # inconsistent"), e.g. array-api-extra's at(int_array).add(float).
        value = value.astype(self.dtype)
    if (ndim > _p.BROADCAST_MAX_NDIM and isinstance(value, mnp.ndarray)
            and getattr(value, "ndim", 0)):  # getattr: mnp is unknown to the main env's checkers
        value = _value_broadcast(self, key, value)
    if self.dtype == bool and isinstance(value, mnp.ndarray):
        # MXNet's slice-assign kernel rejects bool: assign through uint8 (exact).
        tmp = self.astype("uint8")
        _orig_setitem(tmp, key, value.astype("uint8"))
        _orig_setitem(self, (), tmp.astype("bool"))
        return None
    return _orig_setitem(self, key, value)


def _value_broadcast(x, key, value):
    """``value`` broadcast to the shape of ``x[key]`` (``x`` of more than
    ``_primitives.BROADCAST_MAX_NDIM`` dimensions) where the two differ and broadcast: MXNet
    broadcasts it with its kernels, which refuse some such shapes (see ``_index_arrays``);
    others are left to MXNet's own error."""
    target = tuple(x.shape) if type(key) is tuple and not key else tuple(_getitem(x, key).shape)
    if tuple(value.shape) == target:
        return value
    try:
        ok = _broadcast_shapes(tuple(value.shape), target) == target
    except ValueError:
        ok = False
    return _p.broadcast_to(value, target) if ok else value


def _write_all(self, value):
    _setitem(self, (), value)


def _is_operand(other) -> bool:
    # Complex scalars are left to Python (NotImplemented -> TypeError): MXNet has no complex.
    return isinstance(other, (mnp.ndarray, bool, int, float))


_orig_array_ufunc = mnp.ndarray.__array_ufunc__


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    """NumPy ufuncs with a NumPy operand first (``numpy_array + mxnet_array``, as library code
    mixes its own NumPy counters with the user's arrays): MXNet's own ``__array_ufunc__`` refuses
    them ("type ndarray not supported"), so NumPy operands move to the MXNet array's device."""
    if any(isinstance(i, (_onp.ndarray, _onp.generic)) for i in inputs):
        inputs = tuple(
            mnp.array(i, dtype=i.dtype, ctx=self.ctx) if isinstance(i, (_onp.ndarray, _onp.generic))
            else i for i in inputs)
    return _orig_array_ufunc(self, ufunc, method, *inputs, **kwargs)


#: MXNet-specific part of the surface (the operators come from ``_common.make_operators``).
MXNET_ATTRIBUTES = {
    "__array_namespace__": _ao.array_namespace_method(_ns),
    "device": property(lambda self: self.ctx, doc="The array's MXNet Context."),
    "to_device": to_device,
    "mT": property(lambda self: _ns().matrix_transpose(self),
                   doc="Transpose of the last two axes."),
    "__dlpack__": _dlpack,
    "__array__": _array,
    "__dlpack_device__": _dlpack_device,
    # bool/int/float/complex/index through NumPy: its semantics and exception classes.
    **_ao.host_conversions(mnp.ndarray.asnumpy),
    "__getitem__": _getitem,
    "__setitem__": _setitem,
}


def _build_table():
    """``{mxnet.numpy.ndarray: attributes}`` for the shared ``ClassPatcher`` (built on the first
    enable, so importing the shim costs nothing)."""
    fns = _ao.operator_functions(_ns())
    table = {**_ao.make_operators(fns, _is_operand),
             **_ao.inplace_operators(fns, _is_operand, _write_all), **MXNET_ATTRIBUTES,
             # ``np.float64(0.5) * x``: an operator of a NumPy scalar and an MXNet array is
             # the namespace's (MXNet's own ufunc would give the 0-d array's float64).
             "__array_ufunc__": _ao.numpy_scalar_ufunc(
                 fns, lambda o: isinstance(o, mnp.ndarray), _array_ufunc)}
    # Indexing and in-place operators run MXNet ops here: in MXNet's NumPy mode, left as the
    # caller had it (the namespace's functions do the same).
    table = {k: np_mode(v) if isinstance(v, types.FunctionType) else v for k, v in table.items()}
    return dict.fromkeys(_TARGETS, table)


_patcher = _ao.ClassPatcher(_build_table)


def enable_array_object():
    """Install the standard's array-object attributes on ``mxnet.numpy.ndarray`` (idempotent).

    Operators then follow the standard (promotion table, ``//`` between arrays, in-place
    operators that may not change dtype).  :func:`disable_array_object` undoes it exactly.
    Uses the shared mechanism of ``arraykit.shims._common.array_object``.
    """
    _patcher.enable()


def disable_array_object():
    """Restore every attribute :func:`enable_array_object` replaced (or remove added ones)."""
    _patcher.disable()


def array_object_enabled():
    """Whether :func:`enable_array_object` is in effect."""
    return _patcher.enabled
