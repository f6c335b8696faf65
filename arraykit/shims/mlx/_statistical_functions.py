"""Statistical functions on MLX, with the standard's accumulation dtypes (MLX's ``sum`` of
int32 stays int32 and of uint8 stays uint8; the standard asks for the default integer dtypes:
int64 and uint64) and its empty-input rules (``max``/``min`` of nothing raise ValueError
naming the function, MLX's own message names none)."""

from __future__ import annotations

import math

import mlx.core as mx

from .._common import checks as _c
from .._common.dtypes import accumulation_dtype, integer_input_as_float
from . import _dtypes as D
from ._helpers import array, cast, full, normalize_axes, reduced_shape, require_kind

_NAME_OF = D.NAME_OF


def _axes(fname, x, axis):
    return list(normalize_axes(axis, x.ndim, fname))


def _extreme(fname, op, x, axis, keepdims):
    require_kind(x, "real numeric", fname)
    axes = _axes(fname, x, axis)
    if x.size == 0 and ((not axes and x.ndim == 0) or any(x.shape[a] == 0 for a in axes)):
        raise _c.no_identity(fname)
    if not axes:
        return x
    if x.size == 0:  # an empty result (the reduced axes are not empty): see _reduce
        return mx.zeros(reduced_shape(x.shape, axes, keepdims), dtype=x.dtype)
    return op(x, axis=axes, keepdims=keepdims)


def max(x, /, *, axis=None, keepdims=False):
    """Array API ``max``; NaN propagates; ValueError over a zero-size axis."""
    return _extreme("max", mx.max, x, axis, keepdims)


def min(x, /, *, axis=None, keepdims=False):
    """Array API ``min``; NaN propagates; ValueError over a zero-size axis."""
    return _extreme("min", mx.min, x, axis, keepdims)


def _acc(fname, x, dtype):
    n = require_kind(x, "numeric", fname)
    given = None if dtype is None else D.dtype_name(dtype, fname)
    if given is not None:
        D.check_kind(given, "numeric", fname)
    r = accumulation_dtype(n, given)
    if n in D.COMPLEX and r not in D.COMPLEX:
        raise TypeError(f"{fname}: dtype {r} would drop the imaginary part of {n} input")
    return cast(x, r)


def _reduce(op, identity, x, axes, keepdims):
    if not axes:
        return mx.array(x)
    if x.size == 0:
        # Built directly: MLX 0.32.4's prod over a zero-size input can loop forever in its CPU
        # kernel (seen in the conformance run: nd_loop in ProdReduce, never returning).
        return full(reduced_shape(x.shape, axes, keepdims), identity, dtype=x.dtype)
    # MLX sums and multiplies 8/16-bit integers into 32 bits: cast back to the standard's.
    return op(x, axis=axes, keepdims=keepdims).astype(x.dtype)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``: integers accumulate in int64 (uint64 for unsigned)."""
    if axis is None and dtype is None and keepdims is False and type(x) is array \
            and _NAME_OF.get(x.dtype) in D.FLOATING and x.ndim and x.size:
        # A floating array summed whole (a loop body's cost per step): the graph _reduce
        # builds for it (MLX's all-axes Sum; astype to its own dtype adds no node), without
        # the checks' Python frames.
        return mx.sum(x)
    x = _acc("sum", x, dtype)
    return _reduce(mx.sum, 0, x, _axes("sum", x, axis), keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod``: integers accumulate in int64 (uint64 for unsigned)."""
    x = _acc("prod", x, dtype)
    return _reduce(mx.prod, 1, x, _axes("prod", x, axis), keepdims)


def _floating(fname, x):
    n = require_kind(x, "numeric", fname)
    r = integer_input_as_float("real floating", n, D.DEFAULT_FLOAT)
    if r is not None:
        return cast(x, r)
    D.check_kind(n, "floating-point", fname)
    return x


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean`` (NaN over a zero-size axis; integers in the default float)."""
    x = _floating("mean", x)
    axes = _axes("mean", x, axis)
    if not axes:
        return mx.array(x)
    count = math.prod(x.shape[a] for a in axes)
    if count == 0 or x.size == 0:  # NaN, or an empty result: see _reduce
        nan = complex(math.nan, math.nan) if x.dtype == mx.complex64 else math.nan
        return full(reduced_shape(x.shape, axes, keepdims), nan, dtype=x.dtype)
    return mx.mean(x, axis=axes, keepdims=keepdims)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``var``: ``sum(|x - mean|**2) / (N - correction)``; NaN where ``N -
    correction`` is not positive."""
    return _variance("var", x, axis, correction, keepdims)


def _variance(fname, x, axis, correction, keepdims):
    """``var``, its errors naming ``fname`` (``std`` calls it too)."""
    x = _floating(fname, x)
    D.check_kind(_NAME_OF[x.dtype], "real floating", fname)
    axes = _axes(fname, x, axis)
    correction = _c.correction_value(fname, correction)
    count = math.prod(x.shape[a] for a in axes)
    shape = reduced_shape(x.shape, axes, keepdims)
    if count - correction <= 0 or x.size == 0:  # NaN, or an empty result: see _reduce
        return full(shape, math.nan, dtype=x.dtype)
    if not axes:
        return (x - x) * 0  # zeros, NaN where x is NaN (or infinite)
    m = mx.mean(x, axis=axes, keepdims=True)
    d = x - m
    return mx.sum(d * d, axis=axes, keepdims=keepdims) / (count - correction)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``std``: ``sqrt(var)``."""
    return mx.sqrt(_variance("std", x, axis, correction, keepdims))


def _cumulative(fname, op, identity, x, axis, dtype, include_initial):
    x = _acc(fname, x, dtype)
    ax = _c.scan_axis(fname, axis, x.ndim)
    if x.ndim == 0:
        x = x.reshape(1)
    r = x if x.shape[ax] == 0 else op(x, axis=ax).astype(x.dtype)
    if include_initial:
        shape = list(x.shape)
        shape[ax] = 1
        r = mx.concatenate([full(shape, identity, dtype=x.dtype), r], axis=ax)
    return r


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_sum`` (accumulation dtype as ``sum``)."""
    return _cumulative("cumulative_sum", mx.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_prod`` (accumulation dtype as ``prod``)."""
    return _cumulative("cumulative_prod", mx.cumprod, 1, x, axis, dtype, include_initial)
