"""Creation functions.

Host data (Python scalars, nested sequences, NumPy arrays, buffers) get their dtype from the
standard's rules (``_common.dtypes``) on the host, and Paddle is then given it explicitly:
``paddle.to_tensor([1, 2])`` would agree (int64) but ``to_tensor`` of a NumPy uint16 array
makes a bfloat16 tensor, and float64 NumPy data would stay float64 where the standard's
Python-float rule gives the default float.
"""

from __future__ import annotations

import numpy as onp
import paddle
from paddle.base.framework import _current_expected_place

from .._common import checks as _c
from .._common import creation as _creation
from .._common import scalars as _sc
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import (
    Tensor,
    allocating,
    cast,
    check_device,
    check_rank,
    full0,
    narrow,
    require_array,
    same_place,
    to_place,
    widen,
)

_NAME_OF = D.NAME_OF
_NAME_BY_ID = D.NAME_BY_ID
_Tensor = paddle.Tensor
_C_FULL = paddle._C_ops.full
_F32, _F64 = paddle.float32, paddle.float64
_C_EYE = paddle._C_ops.eye
_SUPPORTED = frozenset(D.SUPPORTED)


def _infer_name(value, fname: str) -> str:
    """Dtype name for a Python scalar with no ``dtype=``."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return D.DEFAULT_INT
    if isinstance(value, float):
        return D.DEFAULT_FLOAT
    if isinstance(value, complex):
        return D.DEFAULT_COMPLEX
    raise TypeError(f"{fname}: cannot infer a dtype for {type(value).__name__}")


def _tensor_numpy(x):
    require_array(x, "asarray")
    return x.numpy()


#: NumPy kind -> the namespace's dtype for Python data of that kind.
_HOST_DEFAULT = {"b": "bool", "i": D.DEFAULT_INT, "f": D.DEFAULT_FLOAT, "c": D.DEFAULT_COMPLEX}


def _host_name(host, obj) -> str:
    """The standard's dtype for host data ``obj`` read as NumPy array ``host``."""
    seq = isinstance(obj, (list, tuple))
    kind = host.dtype.kind
    if seq and _sc.keeps_numpy_dtype(host.dtype.name, obj, _HOST_DEFAULT.get(kind)):
        seq = False  # NumPy scalars in the data: NumPy's dtype (``_common.scalars``)
    if kind == "b":
        return "bool"
    if kind in "iu":
        if seq:
            if host.dtype == onp.uint64:
                raise OverflowError("asarray: Python int out of range for int64")
            return D.DEFAULT_INT
        name = host.dtype.name
    elif kind == "f":
        name = D.DEFAULT_FLOAT if seq else host.dtype.name
    elif kind == "c":
        name = D.DEFAULT_COMPLEX if seq else host.dtype.name
    else:
        raise TypeError(f"asarray: cannot make an array from {type(obj).__name__}")
    if name not in _SUPPORTED:
        raise D.unsupported_error(name, "asarray")
    return name


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Array API ``asarray`` (Paddle's ``to_tensor`` always copies).

    Tensors are returned as they are when no dtype/device change and no copy is asked for.
    Host data are always copied into Paddle memory (``copy=False`` raises ValueError), except
    DLPack producers, which are shared when they can be.
    """
    name = None if dtype is None else D.dtype_name(dtype, "asarray")
    place = check_device(device, "asarray")
    if isinstance(obj, Tensor):
        src = require_array(obj, "asarray")
        change = (name is not None and name != src) or (
            place is not None and place != obj.place)
        if change and copy is False:
            raise ValueError("asarray: copy=False but a dtype or device change needs a copy")
        out = obj
        if name is not None and name != src:
            out = paddle.cast(out, name)
            copy = False
        if place is not None and place != obj.place:
            out = to_place(out, place)
            copy = False
        return out.clone() if copy else out
    if name is None and type(obj) in (bool, int, float, complex):
        if copy is False:
            raise ValueError("asarray: copy=False is impossible for a Python scalar")
        name = _infer_name(obj, "asarray")
        if name == "int64":
            _c.check_int_range("asarray", obj, name)
        return full0(obj, name, place)
    if copy is False:
        if hasattr(obj, "__dlpack__") and not isinstance(obj, onp.ndarray):
            out = paddle.from_dlpack(obj)
            if name is not None and name != require_array(out, "asarray"):
                raise ValueError("asarray: copy=False but a dtype change needs a copy")
            return out
        raise ValueError("asarray: copy=False is impossible for host data; Paddle copies it")
    if hasattr(obj, "__dlpack__") and not isinstance(obj, onp.ndarray) and not hasattr(
            obj, "__array__"):
        host = onp.from_dlpack(obj)
    else:
        host = _creation.host_data(obj, Tensor, _tensor_numpy)
    if name is None:
        name = _host_name(host, obj)
    elif name in D.KIND_SETS["integral"] and (
            host.dtype.kind in "iu" or (host.dtype.kind == "f" and type(obj) in (list, tuple))):
        _c.check_host_ints("asarray", host, name)
    elif host.dtype.kind == "c" and name not in D.KIND_SETS["complex floating"]:
        raise TypeError(f"asarray: complex data cannot become {name}")
    check_rank("asarray", host.ndim)
    if host.dtype.name != name:
        host = host.astype(name)
    return paddle.to_tensor(host, dtype=name, place=place)


def checked_shape(fname, shape, name):
    """``shape`` as a list of ints (``_primitives.checked_shape``)."""
    return list(_p.checked_shape(fname, shape, name))


def _name(dtype, default, fname):
    return default if dtype is None else D.dtype_name(dtype, fname)


def _on(x, place):
    return x if place is None else to_place(x, place)


@allocating("zeros")
def zeros(shape, *, dtype=None, device=None):
    """Array API ``zeros``; default dtype float32 (see ``__array_namespace_info__``)."""
    name = _name(dtype, D.DEFAULT_FLOAT, "zeros")
    return _on(paddle.zeros(checked_shape("zeros", shape, name), dtype=name),
               check_device(device, "zeros"))


@allocating("ones")
def ones(shape, *, dtype=None, device=None):
    """Array API ``ones``."""
    name = _name(dtype, D.DEFAULT_FLOAT, "ones")
    return _on(paddle.ones(checked_shape("ones", shape, name), dtype=name),
               check_device(device, "ones"))


@allocating("empty")
def empty(shape, *, dtype=None, device=None):
    """Array API ``empty`` (zero-filled: Paddle's ``empty`` memory is uninitialised, which the
    standard allows, but zeros cost the same and are reproducible)."""
    name = _name(dtype, D.DEFAULT_FLOAT, "empty")
    return _on(paddle.zeros(checked_shape("empty", shape, name), dtype=name),
               check_device(device, "empty"))


def _full(shape, value, name, place):
    if isinstance(value, complex) or name in ("complex64", "complex128"):
        # From its two parts: the broadcast-and-add this replaces turned -0.0 into +0.0.
        v = complex(value)
        part = "float64" if name == "complex128" else "float32"
        out = paddle.complex(paddle.full(shape, v.real, dtype=part),
                             paddle.full(shape, v.imag, dtype=part))
    # Real dtypes: the kernel call of ``paddle.full(shape, value, dtype=name)`` on the
    # expected place (``_filled``), without its ~5 us of Python layers (16 float32: +1.3 us
    # over paddle.full -> under it).
    elif name in D.KIND_SETS["integral"]:
        out = _filled(shape, value, name)
    else:  # a Python int as a float: Paddle's full fails (SystemError) on ints past int64
        out = _filled(shape, float(value) if type(value) is int else value, name)
    return _on(out, place)


@allocating("full")
def full(shape, fill_value, *, dtype=None, device=None):
    """Array API ``full``: ``_common.creation.fill_args``'s dtype and value (the dtype of
    ``fill_value``'s kind by default; a NumPy scalar's or 0-d array's own dtype)."""
    value, name = _creation.fill_args(_p, fill_value, dtype, "full")
    return _full(checked_shape("full", shape, name), value, name, check_device(device, "full"))


def _filled(shape, value, name):
    """``paddle.zeros``/``paddle.ones(shape, dtype=name)`` as their kernel call
    (``_primitives.filled``)."""
    return _p.filled(shape, value, D.DTYPES[name])


def _like(x, dtype, device, fname):
    name, place = _creation.like_args(_p, x, dtype, device, fname)
    return list(x.shape), name, place


def zeros_like(x, /, *, dtype=None, device=None):
    """Array API ``zeros_like``."""
    if type(x) is _Tensor and dtype is None and device is None:
        # Measured fast path (a loop body's zeros_like of a fresh tensor: ~2.8 -> ~0.6 us
        # over Paddle's): the kernel the general path calls (``_filled``), with x's own
        # dtype object and place, after one dtype read; a dtype outside the standard's takes
        # the general path (its TypeError).
        dt = x.dtype
        if id(dt) in _NAME_BY_ID:
            return _C_FULL(list(x.shape), 0, dt, x.place)
    shape, name, place = _like(x, dtype, device, "zeros_like")
    return _on(_filled(shape, 0, name), place)


def ones_like(x, /, *, dtype=None, device=None):
    """Array API ``ones_like``."""
    if type(x) is _Tensor and dtype is None and device is None:  # as zeros_like's
        dt = x.dtype
        if id(dt) in _NAME_BY_ID:
            return _C_FULL(list(x.shape), 1, dt, x.place)
    shape, name, place = _like(x, dtype, device, "ones_like")
    return _on(_filled(shape, 1, name), place)


def empty_like(x, /, *, dtype=None, device=None):
    """Array API ``empty_like`` (zero-filled, see :func:`empty`)."""
    shape, name, place = _like(x, dtype, device, "empty_like")
    return _on(_filled(shape, 0, name), place)


def full_like(x, /, fill_value, *, dtype=None, device=None):
    """Array API ``full_like``: ``x``'s dtype unless ``dtype`` is given
    (``_common.creation.fill_args``)."""
    if type(x) is _Tensor and type(fill_value) is float and dtype is None and device is None:
        # A Python float into x's float32/float64 (fill_args passes it as it is): the kernel
        # the general path calls, as zeros_like's fast path (~1.5 us a call).
        dt = x.dtype
        if dt is _F32 or dt is _F64:
            return _C_FULL(list(x.shape), fill_value, dt, x.place)
    shape, name, place = _like(x, dtype, device, "full_like")
    value, name = _creation.fill_args(_p, fill_value, None, "full_like", like=name)
    return _full(shape, value, name, place)


#: ``arange``'s fast path: the largest n whose 0..n-1 the dtype holds exactly.
_ARANGE_EXACT = {"int32": 2**31 - 1, "int64": 2**63 - 1, "float32": 2**24, "float64": 2**53}


@allocating("arange")
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    """Array API ``arange``: ``_common.creation.arange_args``'s ``n`` values
    ``first + i * delta`` (int64 for an integer dtype, float64 then cast otherwise)."""
    first, delta, n, name, place = _creation.arange_args(_p, start, stop, step, dtype, device)
    if first == 0 and delta == 1 and n <= _ARANGE_EXACT.get(name, -1):
        # 0, 1, ..., n - 1: Paddle's own arange in the dtype, one op (the general path below
        # is two to four: an int64 or float64 arange, the step, the start, a cast), exact
        # while every value is an integer of the dtype (a -0.0 start gives +0.0 either way).
        return _on(paddle.arange(n, dtype=name), place)
    if type(first) is int:
        idx = paddle.arange(n, dtype="int64")
        out = idx * delta + first if (delta != 1 or first != 0) else idx
        return _on(cast(out, name), place)
    idx = paddle.arange(n, dtype="float64")
    out = idx * delta + first
    return _on(cast(out, name), place)


#: The dtypes of Paddle 3.3.1's CPU ``eye`` kernel (bool, int8, int16 and uint8 have none).
_EYE_KERNEL = frozenset({"int32", "int64", "float32", "float64", "complex64", "complex128"})


@allocating("eye")
def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    """Array API ``eye``."""
    name, shape, k, place, inside = _creation.eye_args(_p, n_rows, n_cols, k, dtype, device)
    shape = list(shape)
    if k == 0 and name in _EYE_KERNEL:
        # Paddle's own eye kernel (NumPy's values for these dtypes, empty shapes included):
        # one op, where the general path below is seven (~180 us a 4x4 call in 3.3.1, most
        # of it its broadcasting subtraction), e.g. a filter's identity once a call; the
        # kernel call of paddle.eye (on the expected place) without its Python layers.
        return _on(_C_EYE(shape[0], shape[1], D.DTYPES[name], _current_expected_place()),
                   place)
    if not inside:  # no diagonal inside (and k may exceed int64)
        return _on(paddle.zeros(shape, dtype=name), place)
    r = paddle.arange(shape[0], dtype="int64").reshape([-1, 1])
    c = paddle.arange(shape[1], dtype="int64").reshape([1, -1])
    return _on(paddle.cast(paddle.equal(c - r, full0(k, "int64")), name), place)


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    """Array API ``linspace``: ``_common.creation.linspace`` (NumPy's values, computed on the
    host)."""
    return _creation.linspace(_p, start, stop, num, dtype=dtype, device=device,
                              endpoint=endpoint)


#: The dtypes (ids of Paddle's dtype objects) of Paddle 3.3.1's CPU ``meshgrid`` kernel.
_MESHGRID_KERNEL = frozenset(id(D.DTYPES[n]) for n in (
    "int32", "int64", "float32", "float64", "complex64", "complex128"))
_C_ops = paddle._C_ops


@allocating("meshgrid")
def meshgrid(*arrays, indexing="xy"):
    """Array API ``meshgrid`` (a tuple, 2025.12); all inputs 1-D of one dtype."""
    _creation.check_meshgrid(_p, indexing, arrays)
    if not arrays:
        return ()
    check_rank("meshgrid", len(arrays))
    if id(arrays[0].dtype) in _MESHGRID_KERNEL:  # one dtype (checked above)
        # Paddle's meshgrid kernel: new tensors, NumPy's values (empty arrays too), one op;
        # the general path below broadcasts and copies each array once more.
        if indexing == "ij" or len(arrays) < 2:
            return tuple(_C_ops.meshgrid(list(arrays)))
        out = _C_ops.meshgrid([arrays[1], arrays[0], *arrays[2:]])
        return (out[1], out[0], *out[2:])
    shape = [a.shape[0] for a in arrays]
    if indexing == "xy" and len(arrays) > 1:
        shape[0], shape[1] = shape[1], shape[0]
    out = []
    for i, a in enumerate(arrays):
        j = i
        if indexing == "xy" and len(arrays) > 1 and i < 2:
            j = 1 - i
        view = [1] * len(arrays)
        view[j] = a.shape[0]
        out.append(paddle.broadcast_to(a.reshape(view), shape).clone())
    return tuple(out)


def _tri(x, k, lower, fname):
    k = _creation.tri_k(_p, x, k, fname)
    name = require_array(x, fname)
    n, m = x.shape[-2:]
    r = paddle.arange(n, dtype="int64").reshape([-1, 1])
    c = paddle.arange(m, dtype="int64").reshape([1, -1])
    mask = (c - r <= k) if lower else (c - r >= k)
    return paddle.where(mask, x, paddle.zeros_like(x)) if name not in ("int8", "uint8", "int16") \
        else narrow(paddle.where(mask, widen(x, name), paddle.zeros([1], dtype="int32")), name)


def tril(x, /, *, k=0):
    """Array API ``tril``."""
    return _tri(x, k, True, "tril")


def triu(x, /, *, k=0):
    """Array API ``triu``."""
    return _tri(x, k, False, "triu")


def from_dlpack(x, /, *, device=None, copy=None):
    """Array API ``from_dlpack`` (Paddle's, which shares memory)."""
    own, place = _creation.dlpack_source(_p, x, device)
    if own:
        out = x
    else:
        try:
            out = paddle.from_dlpack(x)
        except (RuntimeError, TypeError, ValueError) as e:
            if copy is False:
                raise _creation.copy_refused(
                    "from_dlpack", f"Paddle cannot share {type(x).__name__} ({e})") from e
            out = paddle.to_tensor(onp.from_dlpack(x))
    require_array(out, "from_dlpack")
    if copy:
        out = out.clone()
    return same_place(out, place)
