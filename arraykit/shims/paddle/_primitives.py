"""The Paddle operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``)."""

from __future__ import annotations

import numpy as onp
from paddle.base.framework import _current_expected_place

from .._common import checks as _c
from .._common.sizes import check_shape
from .._common.statistics import CHAINED_SUM_MAX, reduced_count
from .._common.statistics import blocked_sum as _blocked
from . import _dtypes as D
from ._dtypes import DEFAULT_COMPLEX, DEFAULT_FLOAT, DTYPE_RULES, SUPPORTED, paddle  # noqa: F401

FRAMEWORK = f"Paddle {paddle.__version__}"
ARRAY_TYPE = paddle.Tensor
ARRAY_NOUN = "a paddle.Tensor"
DTYPES = D.DTYPES
_NAME_OF = D.NAME_OF
_NAME_BY_ID = D.NAME_BY_ID


_C_FULL = paddle._C_ops.full


def filled(shape: list, value, dtype):
    """``paddle.full(shape, value, dtype)`` (``dtype`` a Paddle dtype object): its kernel call
    on the expected place without its Python layers (~5 us: a device guard, dtype
    conversions). No checks: for the fast paths whose arguments are already known good."""
    return _C_FULL(shape, value, dtype, _current_expected_place())


def name_of(x) -> str | None:
    """By the dtype's identity first: hashing a Paddle dtype costs ~0.5 us (``_dtypes``)."""
    d = x.dtype
    return _NAME_BY_ID.get(id(d)) or _NAME_OF.get(d)


def unsupported(x, fname: str) -> TypeError:
    return D.unsupported_error(D.OTHER_NAMES.get(x.dtype, str(x.dtype)), fname)


# The reading itself, not a wrapper of it: one call less on every dtype= argument.
dtype_arg = D.dtype_name


def cast(x, name: str):
    return x if name_of(x) == name else paddle.cast(x, name)


def scalar_array(value, name: str, like=None, fname: str = "full"):
    return full0(value, name, None if like is None else like.place, fname)


def full0(value, name: str, place=None, fname: str = "full"):
    """A 0-d tensor holding Python scalar ``value`` as dtype ``name``, exactly (a Python int
    beyond a float's range: OverflowError naming ``fname``, as NumPy)."""
    if isinstance(value, complex) or name in ("complex64", "complex128"):
        value = _float_of(value, name, fname, complex)
        return paddle.to_tensor(onp.asarray(value, dtype=name), place=place)
    try:
        out = paddle.full([], value, dtype=name)
    except SystemError:
        # Paddle 3.3.1 reads a Python int as int64 whatever the dtype ("<built-in function
        # full> returned a result with an exception set"); integer dtypes range-check their
        # ints first (``D.scalar_dtype``), so this is a floating one: the int's float.
        out = paddle.full([], _float_of(value, name, fname), dtype=name)
    return out if place is None or is_cpu(place) else out.to(place)


def _float_of(value, name: str, fname: str, kind: type[float] | type[complex] = float):
    try:
        return kind(value)
    except OverflowError:
        raise OverflowError(f"{fname}: Python int {_c.shown(value)} is out of range for "
                            f"{name}") from None


def is_cpu(place) -> bool:
    return isinstance(place, paddle.CPUPlace) or (
        hasattr(place, "is_cpu_place") and place.is_cpu_place())


#: Paddle's scalar ops decide dtypes by their own rules: a scalar is always a 0-d tensor.
scalar_operand = scalar_array


def broadcast_to(x, shape):
    return paddle.broadcast_to(x, list(shape))


def reshape(x, shape):
    return x.reshape(list(shape))


def zeros(shape, name: str, like):
    return _h.to_place(paddle.zeros(list(shape), dtype=name), like.place)


def shape_of(x):
    return x.shape  # a new list per read: read it once


def copy(x):
    return x.clone()


def device_arg(device, fname: str):
    return _h.check_device(device, fname)


def device_of(x):
    return x.place


#: paddle.Tensor's own constructor: Paddle 3.3.1 replaces ``Tensor.__init__`` by a Python
#: function that parses its arguments first (~4 us a call); ``paddle.original_init`` is the
#: one it replaced (absent elsewhere: the public constructor).
_TENSOR_INIT = getattr(paddle, "original_init", paddle.Tensor.__init__)


def host_tensor(h, place):
    """NumPy array ``h`` as a new tensor of its dtype on ``place`` (one copy; f32[16]: 4.9 us
    where ``paddle.Tensor(h, place)`` costs 8.9 and ``paddle.to_tensor(h)`` 12.8, 3.3.1)."""
    t = paddle.Tensor.__new__(paddle.Tensor)
    _TENSOR_INIT(t, h, place)
    return t


def from_host(a, name: str, device=None):
    return host_tensor(onp.asarray(a, dtype=name, order="C"),
                       _current_expected_place() if device is None else device)


def to_host(x):
    return x.numpy()


def concrete(x):
    """Paddle's eager tensors: their values (the gather kernels read out of bounds silently
    or abort, so the bounds are always checked)."""
    return x.numpy()


_ITEMSIZE = {n: onp.dtype(n).itemsize for n in SUPPORTED}


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``: Paddle stores extents as int64) and Paddle's 9
    dimensions."""
    if isinstance(shape, paddle.Tensor):
        # Paddle's Tensor.__index__ raises AssertionError for non-scalar tensors.
        if shape.ndim != 0 or name_of(shape) not in D.KIND_SETS["integral"]:
            raise TypeError(f"{fname}: shape must be an int or a tuple of ints, got a "
                            f"paddle.Tensor of shape {tuple(shape.shape)}")
        shape = int(shape)
    out = check_shape(fname, shape, _ITEMSIZE.get(name) or onp.dtype(name).itemsize)
    _h.check_rank(fname, len(out))
    return out


# --- the statistical and utility functions' work (``_common/statistics.py``) ----------------
#: Integer dtypes Paddle 3.3.1 has no reduction/scan kernels for: they compute in int64 (sums
#: of any length stay exact) and come back in their own dtype (``_helpers.NARROW``).
_NARROW = frozenset(("int8", "int16", "uint8"))
_REDUCE = {"sum": paddle.sum, "prod": paddle.prod, "max": paddle.max, "min": paddle.min,
           "all": paddle.all, "any": paddle.any}


def full(shape, value, name: str, like):
    return _h.to_place(paddle.full(list(shape), value, dtype=name), like.place)


def concat(arrays, axis: int):
    return paddle.concat(arrays, axis=axis)


def sqrt(x):
    return paddle.sqrt(x)


_FLOATING = frozenset(D.DTYPES[n] for n in D.KIND_SETS["floating-point"])


def _sum_axis(x, a: int):
    return paddle._C_ops.sum(x, [a], None, True)


def _blocked_if_chained(x, dims: list, keepdims: bool, count: int):
    """``_common.statistics.blocked_sum`` of ``x`` over ``dims`` (non-negative), ``count``
    elements a result, where Paddle's own sum would add them in one chain: along some axes
    but not all of a floating ``x``, past ``CHAINED_SUM_MAX`` (Paddle 3.3.1's CPU sum along
    an axis: ``sum(ones((1, 2**24 + 64)), axis=1)`` is 2**24, 1e-2 off for 1e6 x 0.1; over
    every axis it is within ~4e-6); None elsewhere. (The count first: a Paddle dtype's hash
    costs ~0.5 us.)"""
    if count > CHAINED_SUM_MAX and len(dims) < len(x.shape) and x.dtype in _FLOATING:
        return _blocked(_sum_axis, paddle.reshape, x, sorted(dims), keepdims)
    return None


def sum_over(x, dims: list, keepdims: bool, count: int):
    """``paddle.sum`` of floating ``x`` over ``dims``, blocked where it would be chained."""
    r = _blocked_if_chained(x, dims, keepdims, count)
    return paddle.sum(x, axis=dims, keepdim=keepdims) if r is None else r


def reduce(fname: str, x, axes: tuple, keepdims: bool):
    if fname == "all" or fname == "any":
        t = _h.nonzero_mask(x)
        if not axes:
            return t.clone() if t is x else t
        return _REDUCE[fname](t, axis=list(axes), keepdim=keepdims)
    if not axes:
        return x.clone()  # Paddle reads axis=[] as every axis
    if fname == "mean":
        # The sum over a 0-d tensor of the count: Paddle's scalar operands compute in its own
        # dtype rules (a small int count converts exactly: no need of full0's care).
        count = _count(x, axes)
        return sum_over(x, list(axes), keepdims, count) / paddle.full([], count, dtype=x.dtype)
    if fname == "sum":
        r = _blocked_if_chained(x, list(axes), keepdims, _count(x, axes))
        if r is not None:
            return r
    name = name_of(x)
    if name in _NARROW:
        r = _REDUCE[fname](paddle.cast(x, "int64"), axis=list(axes), keepdim=keepdims)
        return paddle.cast(r, name)
    r = _REDUCE[fname](x, axis=list(axes), keepdim=keepdims)
    # paddle.sum/prod accumulate int32 in int64, even asked for int32
    return paddle.cast(r, name) if name == "int32" and fname != "max" and fname != "min" else r


def _count(x, axes: tuple) -> int:
    return reduced_count(x.shape, axes) or 0  # (a Paddle tensor's extents are known)


def scan(fname: str, x, axis: int):
    name = name_of(x)
    y = paddle.cast(x, "int64") if name in _NARROW else x
    y = paddle.cumsum(y, axis=axis) if fname == "cumulative_sum" else paddle.cumprod(y, dim=axis)
    # paddle.cumsum accumulates int32 in int64. (name: None only for a dtype the rules refused.)
    return y if name is None else cast(y, name)


def variance(x, axes: tuple, correction: float, keepdims: bool):
    """Divisors as 0-d tensors of ``x``'s dtype (see ``reduce``'s mean)."""
    dtype = x.dtype
    count = _count(x, axes)
    dims = list(axes)
    d = x - sum_over(x, dims, True, count) / paddle.full([], count, dtype=dtype)
    return sum_over(d * d, dims, keepdims, count) / paddle.full(
        [], count - correction, dtype=dtype)


def difference(x, axis: int):
    name = name_of(x)
    y = paddle.cast(x, _h.CARRIER) if name in _NARROW else x
    m = y.shape[axis]
    hi = paddle.slice(y, [axis], [1], [m])
    lo = paddle.slice(y, [axis], [0], [m - 1])
    if name == "bool":
        return _h.ne(hi, lo)
    return paddle.cast(hi - lo, name) if name in _NARROW else hi - lo


# ``_helpers`` builds its operand helpers from this module, so it is bound last (an import
# inside each function cost ~1 us per call of the creation functions).
from . import _helpers as _h  # noqa: E402
