"""Statistical functions. Accumulation dtypes follow the standard (``_common.dtypes``):
bool and signed integers in int64, unsigned ones in int64 too (Paddle has no uint64)."""

from __future__ import annotations

import math

import paddle

from .._common import checks as _c
from .._common.dtypes import accumulation_dtype, integer_input_as_float
from . import _dtypes as D
from ._helpers import (
    CARRIER,
    NARROW,
    Tensor,
    cast,
    check_keepdims,
    normalize_axes,
    normalize_axis,
    reduced_shape,
    require_array,
    require_kind,
)

_FLOAT = D.KIND_SETS["floating-point"]
_F32, _F64 = paddle.float32, paddle.float64


def _axes(x, axis, fname):
    return list(normalize_axes(axis, x.ndim, fname))


def _keep(fname, keepdims):
    return check_keepdims(fname, keepdims)


def _reduce(op, x, axes, keepdims):
    if not axes:
        return x.clone()
    return op(x, axis=axes, keepdim=keepdims)


def _acc(x, dtype, fname):
    name = require_kind(x, "numeric", fname)
    given = None if dtype is None else D.dtype_name(dtype, fname)
    if given is not None:  # (Paddle has no bool cumsum/cumprod/prod kernel: RuntimeError)
        D.check_kind(given, "numeric", fname)
    r = accumulation_dtype(name, given, default_uint="int64")
    return name, r


def _accumulate(fname, op, x, axis, dtype, keepdims, reduce):
    """``sum``/``prod``: ``x`` in its accumulation dtype ``r``, reduced by ``op`` in int64
    and cast back where ``r`` is one Paddle lacks the kernels for, else by
    ``reduce(y, axes, keepdims, r)``."""
    _, r = _acc(x, dtype, fname)
    axes = _axes(x, axis, fname)
    keepdims = _keep(fname, keepdims)
    y = cast(x, r)
    if r in NARROW:
        return cast(_reduce(op, cast(y, "int64"), axes, keepdims), r)
    return reduce(y, axes, keepdims, r)


def _sum(y, axes, keepdims, r):
    # paddle.sum accumulates int32 in int64 even with dtype=int32 given: cast back.
    return cast(_reduce(paddle.sum, y, axes, keepdims), r)


def _prod(y, axes, keepdims, r):
    if not axes:
        return y.clone()
    if y.size == 0:
        return paddle.ones(reduced_shape(y.shape, axes, keepdims), dtype=r)
    return cast(paddle.prod(y, axis=axes, keepdim=keepdims), r)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``."""
    if axis is None and dtype is None and keepdims is False and type(x) is Tensor:
        dt = x.dtype
        # Identity tests: hashing or comparing a Paddle dtype costs 0.5-0.9 us.
        if (dt is _F32 or dt is _F64) and x.shape:
            # A real floating tensor (not 0-d) summed whole, as _accumulate would (in its own
            # dtype, every axis: Paddle's reduce_all kernel either way), without its checks:
            # a loop body summing its cost per step pays them (the overhead study's control).
            return paddle.sum(x)
    return _accumulate("sum", paddle.sum, x, axis, dtype, keepdims, _sum)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod``."""
    return _accumulate("prod", paddle.prod, x, axis, dtype, keepdims, _prod)


def _extreme(fname, op, x, axis, keepdims):
    name = require_kind(x, "real numeric", fname)
    axes = _axes(x, axis, fname)
    keepdims = _keep(fname, keepdims)
    if any(x.shape[a] == 0 for a in axes):
        raise _c.no_identity(fname)
    if x.size == 0 and axes:  # empty, but not along a reduced axis: an empty result
        return paddle.zeros(reduced_shape(x.shape, axes, keepdims), dtype=name)
    if name in NARROW or name == "bool":
        return cast(_reduce(op, paddle.cast(x, CARRIER), axes, keepdims), name)
    return _reduce(op, x, axes, keepdims)


def max(x, /, *, axis=None, keepdims=False):
    """Array API ``max`` (NaN propagates)."""
    return _extreme("max", paddle.max, x, axis, keepdims)


def min(x, /, *, axis=None, keepdims=False):
    """Array API ``min`` (NaN propagates)."""
    return _extreme("min", paddle.min, x, axis, keepdims)


def _float_input(x, fname, category="floating-point"):
    name = require_array(x, fname)
    f = integer_input_as_float(category, name, D.DEFAULT_FLOAT)
    if f is not None:
        return paddle.cast(x, f), f
    D.check_kind(name, category, fname)
    return x, name


def _count(x, axes):
    n = 1
    for a in axes:
        n *= x.shape[a]
    return n


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean`` (NaN for an empty reduction, as NumPy)."""
    y, name = _float_input(x, "mean")
    axes = _axes(y, axis, "mean")
    keepdims = _keep("mean", keepdims)
    if not axes:
        return y.clone()
    n = _count(y, axes)
    s = paddle.sum(y, axis=axes, keepdim=keepdims)
    if n == 0:
        return s * paddle.full([], math.nan, dtype=name)
    return s / paddle.full([], n, dtype=name)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``var``: sum((x - mean)^2) / (N - correction)."""
    return _variance("var", x, axis, correction, keepdims)


def _variance(fname, x, axis, correction, keepdims):
    """``var``, its errors naming ``fname`` (``std`` calls it too)."""
    y, name = _float_input(x, fname, "real floating")
    axes = _axes(y, axis, fname)
    keepdims = _keep(fname, keepdims)
    correction = _c.correction_value(fname, correction)
    n = _count(y, axes)
    if not axes:
        m = y
    else:
        m = paddle.sum(y, axis=axes, keepdim=True) / paddle.full([], builtins_max(n, 1),
                                                                  dtype=name)
    d = y - m
    ss = paddle.sum(d * d, axis=axes, keepdim=keepdims) if axes else d * d
    div = n - correction
    if div <= 0 or n == 0:
        return ss * paddle.full([], math.nan, dtype=name)
    return ss / paddle.full([], div, dtype=name)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``std``."""
    return paddle.sqrt(_variance("std", x, axis, correction, keepdims))


builtins_max = __builtins__["max"] if isinstance(__builtins__, dict) else __builtins__.max


def _cumulative(fname, op, x, axis, dtype, include_initial, identity):
    _, r = _acc(x, dtype, fname)
    ax = _c.scan_axis(fname, axis, x.ndim)
    y = cast(x, r)
    if x.ndim == 0:
        y = y.reshape([1])
    work = "int64" if r in NARROW else r
    y = cast(y, work)
    if y.shape[ax] == 0:
        out = y
    elif op == "sum":
        out = paddle.cumsum(y, axis=ax)
    else:
        out = paddle.cumprod(y, dim=ax)
    out = cast(out, work)  # paddle.cumsum accumulates int32 in int64
    if include_initial:
        shape = list(y.shape)
        shape[ax] = 1
        out = paddle.concat([paddle.full(shape, identity, dtype=work), out], axis=ax)
    return cast(out, r)


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_sum``."""
    return _cumulative("cumulative_sum", "sum", x, axis, dtype, include_initial, 0)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_prod``."""
    return _cumulative("cumulative_prod", "prod", x, axis, dtype, include_initial, 1)


del normalize_axis
