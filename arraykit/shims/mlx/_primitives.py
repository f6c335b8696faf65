"""The MLX operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``)."""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common.sizes import check_shape
from .._common.statistics import CHAINED_SUM_MAX, reduced_count
from .._common.statistics import blocked_sum as _blocked
from . import _dtypes as D
from ._dtypes import DEFAULT_COMPLEX, DEFAULT_FLOAT, DTYPE_RULES, MLX, SUPPORTED  # noqa: F401

FRAMEWORK = MLX
ARRAY_TYPE = mx.array
ARRAY_NOUN = "an mlx.core.array"
DTYPES = D.DTYPES
_NAME_OF = D.NAME_OF
_DTYPES = D.DTYPES


def name_of(x) -> str | None:
    return _NAME_OF.get(x.dtype)


def unsupported(x, fname: str) -> TypeError:
    return TypeError(f"{fname}: {x.dtype} is not a data type of the array API standard "
                     "(cast to float32 first)")


# The reading itself, not a wrapper of it: one call less on every dtype= argument.
dtype_arg = D.dtype_name


def cast(x, name: str):
    d = _DTYPES[name]
    return x if x.dtype == d else x.astype(d)


def scalar_array(value, name: str, like=None, fname: str = ""):
    """MLX's own conversion refuses ints beyond int64 (``std::bad_cast`` for uint64 values),
    so those go through NumPy."""
    if type(value) is int and not -(2 ** 63) <= value < 2 ** 63:
        return mx.array(onp.asarray(value, dtype=D.NUMPY[name]))
    return mx.array(value, dtype=_DTYPES[name])


#: MLX's weak-scalar rules would decide dtypes and values: a scalar is always a 0-d array.
scalar_operand = scalar_array


def broadcast_to(x, shape):
    return mx.broadcast_to(x, shape)


def reshape(x, shape):
    return mx.reshape(x, tuple(shape))


def zeros(shape, name: str, like=None):
    """MLX arrays live in unified memory: no device to follow."""
    return mx.zeros(tuple(shape), dtype=_DTYPES[name])


def shape_of(x):
    return x.shape


def copy(x):
    """``x`` itself, as the shim's functions returned it before the rulebook."""
    return x


def device_arg(device, fname: str):
    return _h.check_device(device, fname)


def device_of(x):
    """MLX arrays have no device of their own (unified memory): the default device."""
    return mx.default_device()


def from_host(a, name: str, device=None):
    """MLX arrays live in unified memory: ``device`` needs no copy. MLX refuses negative
    strides ("Cannot convert DLPack arrays with negative strides") and turns float64 into
    float32 unless told."""
    if not a.flags.c_contiguous:
        a = onp.ascontiguousarray(a)
    return mx.array(a, dtype=_DTYPES[name])


def to_host(x):
    return onp.asarray(x)


def concrete(x):
    return _h.concrete(x)


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``) within MLX's int32 extents (MLX 0.32.4's ``zeros``
    raises an OverflowError naming no function past them, its ``eye`` a TypeError)."""
    return check_shape(fname, shape, D.NUMPY[name].itemsize, **D.SHAPE_LIMITS)


# --- the statistical and utility functions' work (``_common/statistics.py``) ----------------

def full(shape, value, name: str, like=None):
    """``mx.full`` keeping the dtype: MLX 0.32.4's gives int32 for ``full(s, 1, dtype=bool)``
    and float32 for ``full(s, nan, dtype=complex64)``. Unified memory: no device to follow."""
    d = _DTYPES[name]
    r = mx.full(shape, value, dtype=d)
    return r if r.dtype == d else r.astype(d)


def concat(arrays, axis: int):
    return mx.concatenate(arrays, axis=axis)


def sqrt(x):
    return mx.sqrt(x)


_REDUCE = {"sum": mx.sum, "prod": mx.prod, "max": mx.max, "min": mx.min, "mean": mx.mean,
           "all": mx.all, "any": mx.any}


_FLOAT_KINDS = frozenset(_DTYPES[n] for n in D.FLOATING)


def _sum_axis(x, a: int):
    return mx.sum(x, axis=a, keepdims=True)


def blocked_sum(x, axes: list, keepdims: bool):
    """The sum of floating ``x`` over ``axes`` (non-negative, sorted): MLX's own sum up to
    ``CHAINED_SUM_MAX`` elements a result, past it ``_common.statistics.blocked_sum`` (MLX
    0.32.4's CPU sums add in one chain; the blocks' are also faster past ~1e5 elements, MLX
    reducing their rows vectorised: 1e6 float32 395 vs 673 us, CPU time)."""
    if (reduced_count(x.shape, axes) or 0) <= CHAINED_SUM_MAX:  # (MLX knows every extent)
        return mx.sum(x, axis=axes, keepdims=keepdims)
    return _blocked(_sum_axis, mx.reshape, x, axes, keepdims)


def blocked_variance(x, axes: list, keepdims: bool, count: int, correction: float):
    """``variance``'s graph with ``blocked_sum``'s sums, for ``count > CHAINED_SUM_MAX``
    elements a result over ``axes`` (non-negative, sorted)."""
    d = x - _blocked(_sum_axis, mx.reshape, x, axes, True) / count
    return _blocked(_sum_axis, mx.reshape, d * d, axes, keepdims) / (count - correction)


def reduce(fname: str, x, axes: tuple, keepdims: bool):
    if fname == "all" or fname == "any":
        return _REDUCE[fname](x, axis=list(axes), keepdims=keepdims)
    if not axes:
        return x  # MLX arrays are not written in place
    if (fname == "sum" or fname == "mean") and x.dtype in _FLOAT_KINDS:
        count = reduced_count(x.shape, axes) or 0  # (MLX knows every extent)
        if count > CHAINED_SUM_MAX:  # MLX's own sum loses precision past it
            r = blocked_sum(x, sorted(axes), keepdims)
            return r / count if fname == "mean" else r
    r = _REDUCE[fname](x, axis=list(axes), keepdims=keepdims)
    # MLX sums and multiplies 8/16-bit integers into 32 bits: cast back to the standard's
    # (astype to its own dtype adds no graph node).
    return r.astype(x.dtype) if fname == "sum" or fname == "prod" else r


def scan(fname: str, x, axis: int):
    op = mx.cumsum if fname == "cumulative_sum" else mx.cumprod
    return op(x, axis=axis).astype(x.dtype)  # narrow integers: as ``reduce``


_INF = float("inf")


def chained_variance(x, axes: list, keepdims: bool, count: int, correction: float):
    """``variance``'s graph for ``count <= CHAINED_SUM_MAX`` elements a result over ``axes``:
    the deviations from a refined mean, ``m + mean(x - m)`` (``m = mean(x)``, kept where it
    is not finite). MLX 0.32.4's sum adds in one chain, so the mean of float32 data far from
    zero is off by many ulps and the plain two-pass variance by that error squared (1200
    values 1e6 + N(0, 1): 2.76 for 0.957, relative 1.6, NumPy's 7e-4); the deviations' mean
    is small and exact enough to remove it (this: ~1e-3; 100 values: 3e-2 -> 2e-3)."""
    m = mx.mean(x, axis=axes, keepdims=True)
    # |m| < inf: isfinite(m) as two nodes, where MLX's isfinite is seven (each node costs at
    # every call of a compiled program, and eagerly its own kernel).
    m = m + mx.where(mx.abs(m) < _INF, mx.mean(x - m, axis=axes, keepdims=True), 0)
    d = x - m
    return mx.sum(d * d, axis=axes, keepdims=keepdims) / (count - correction)


def variance(x, axes: tuple, correction: float, keepdims: bool):
    count = 1
    for a in axes:
        count *= x.shape[a]
    ax = sorted(axes)
    if count > CHAINED_SUM_MAX:
        return blocked_variance(x, ax, keepdims, count, correction)
    return chained_variance(x, ax, keepdims, count, correction)


def difference(x, axis: int):
    hi = [slice(None)] * x.ndim
    lo = [slice(None)] * x.ndim
    hi[axis] = slice(1, None)
    lo[axis] = slice(None, -1)
    a, b = x[tuple(hi)], x[tuple(lo)]
    return mx.not_equal(a, b) if x.dtype == mx.bool_ else a - b


# ``_helpers`` builds its operand helpers from this module, so it is bound last (an import
# inside each function cost ~1 us per call of the creation functions).
from . import _helpers as _h  # noqa: E402
