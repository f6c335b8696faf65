"""Statistical functions.

Accumulation dtypes follow the standard: with ``dtype=None`` integer and bool input sum into
int64 (the default integer dtype).  Unsigned input also sums into int64 because MXNet has no
uint64 (the standard's default unsigned type); int64 holds every uint8 sum exactly.  Empty
``max``/``min`` raise ValueError at the call (MXNet would fail asynchronously).
"""

from __future__ import annotations

import numpy as onp
from mxnet import np as mnp

from .._common import checks as _c
from .._common.dtypes import accumulation_dtype
from .._common.utils import variance_over_no_axes
from . import _dtypes as D
from ._helpers import (
    codes_of,
    dtype_code,
    empty_reduction,
    ndarray,
    normalize_axes,
    require_array,
    require_kind,
)
from ._helpers import where as _where

_INTEGRAL = D.KIND_SETS["integral"]

_FLOAT_CODES = codes_of(("float32", "float64"))


def _acc_name(n, dtype, fname):
    """The accumulation dtype (``_common.dtypes.accumulation_dtype``; no uint64: int64)."""
    return accumulation_dtype(n, None if dtype is None else D.dtype_name(dtype, fname),
                              D.DEFAULT_INT, "int64")


def _legacy(name):
    """The legacy ``mx.nd`` reduction ``name`` over a float ``mxnet.numpy`` array: mxnet.numpy's
    ``sum``/``mean`` of an array holding an infinity are NaN (``sum([inf, 1.])``, even
    ``sum([inf, inf])``; MXNet 1.9.1), the legacy operators' are right, with the same
    accumulation (equal relative errors, 2.7e-8 on 10**6 float32, measured) and speed.
    Views both ways; autograd records through them. A full reduction comes back (1,):
    reshaped to the standard's ()."""
    def reduce(x, axis=None, keepdims=False):
        r = getattr(x.as_nd_ndarray(), name)(axis=axis, keepdims=keepdims).as_np_ndarray()
        if not keepdims and (axis is None or x.ndim == (len(axis) if isinstance(
                axis, tuple) else 1)):
            return r.reshape(())
        return r

    return reduce


_float_sum = _legacy("sum")
_float_mean = _legacy("mean")


def _reduce(op, x, axis, keepdims, fname, dtype_name=None):
    keepdims = _c.check_keepdims(fname, keepdims)
    axes = normalize_axes(axis, x.ndim, fname)
    if dtype_name is not None and dtype_name != D.NAME_OF.get(x.dtype):
        x = x.astype(dtype_name)
    if not axes:
        return x if dtype_name is None else x.copy() if x is not None else x
    if x.ndim == 0:
        return op(x)
    return op(x, axis=axes if len(axes) > 1 else axes[0], keepdims=keepdims)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum`` (int/bool input accumulates in int64)."""
    if axis is None and dtype is None and type(x) is ndarray and dtype_code(x) in _FLOAT_CODES:
        return _float_sum(x, keepdims=bool(keepdims))
    n = require_array(x, "sum")
    D.check_kind(n, "numeric", "sum") if n != "bool" else None
    keepdims = _c.check_keepdims("sum", keepdims)
    name = _acc_name(n, dtype, "sum")
    if x.size == 0:
        return empty_reduction(x, normalize_axes(axis, x.ndim, "sum"), keepdims, 0, name)
    return _reduce(_float_sum if name in ("float32", "float64") else mnp.sum, x, axis,
                   keepdims, "sum", name)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod`` (int/bool input accumulates in int64)."""
    n = require_array(x, "prod")
    D.check_kind(n, "numeric", "prod") if n != "bool" else None
    name = _acc_name(n, dtype, "prod")
    axes = normalize_axes(axis, x.ndim, "prod")
    if x.size == 0:
        # MXNet's empty product is 0 (the standard's is 1) and some zero-size reductions
        # return corrupt arrays.
        return empty_reduction(x, axes, keepdims, 1, name)
    return _reduce(mnp.prod, x, axis, keepdims, "prod", name)


def _minmax(op, x, axis, keepdims, fname):
    n = require_array(x, fname)
    keepdims = _c.check_keepdims(fname, keepdims)
    D.check_kind(n, "real numeric", fname) if n != "bool" else None
    axes = normalize_axes(axis, x.ndim, fname)
    if any(x.shape[a] == 0 for a in axes):
        raise _c.no_identity(fname)
    if not axes:
        return x
    if x.size == 0:
        return empty_reduction(x, axes, keepdims, 0, n)
    r = op(x, axis=axes if len(axes) > 1 else axes[0], keepdims=keepdims)
    if n in D.KIND_SETS["real floating"]:
        # MXNet's max/min skip nan; the standard propagates it.
        nan = mnp.any(mnp.isnan(x), axis=axes if len(axes) > 1 else axes[0], keepdims=keepdims)
        r = _where(nan, mnp.full_like(r, onp.nan), r)
    return r


def max(x, /, *, axis=None, keepdims=False):
    """Array API ``max`` (nan propagates)."""
    return _minmax(mnp.max, x, axis, keepdims, "max")


def min(x, /, *, axis=None, keepdims=False):
    """Array API ``min`` (nan propagates)."""
    return _minmax(mnp.min, x, axis, keepdims, "min")


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean`` (floating input; the mean of nothing is nan)."""
    if axis is None and type(x) is ndarray and dtype_code(x) in _FLOAT_CODES and x.size:
        return _float_mean(x, keepdims=bool(keepdims))
    n = require_kind(x, "real floating", "mean")
    keepdims = _c.check_keepdims("mean", keepdims)
    axes = normalize_axes(axis, x.ndim, "mean")
    if not axes:
        return x
    if x.size == 0:
        # MXNet's mean of nothing is 0; the standard's is nan.
        return empty_reduction(x, axes, keepdims, onp.nan, n)
    return _float_mean(x, axis=axes, keepdims=bool(keepdims))


def _moment(op, x, axis, correction, keepdims, fname):
    n = require_kind(x, "real floating", fname)
    keepdims = _c.check_keepdims(fname, keepdims)
    axes = normalize_axes(axis, x.ndim, fname)
    if not axes:
        v = variance_over_no_axes(x, correction)
        return mnp.sqrt(v) if op == "std" else v
    cnt = 1
    for a in axes:
        cnt *= x.shape[a]
    if x.size == 0:
        return empty_reduction(x, axes, keepdims, onp.nan, n)
    m = mnp.mean(x, axis=axes, keepdims=True)
    d = x - m
    ss = mnp.sum(d * d, axis=axes, keepdims=keepdims)
    denom = cnt - correction
    v = ss / denom if denom > 0 else ss * onp.nan
    return mnp.sqrt(v) if op == "std" else v


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``var`` (two-pass, differentiable)."""
    return _moment("var", x, axis, correction, keepdims, "var")


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``std`` (two-pass, differentiable)."""
    return _moment("std", x, axis, correction, keepdims, "std")




def _with_initial(r, x, axis, value):
    shape = list(r.shape)
    shape[axis] = 1
    init = mnp.full(tuple(shape), value, dtype=r.dtype, ctx=r.ctx)
    return mnp.concatenate([init, r], axis=axis)


def _scan_input(x, axis, dtype, fname):
    """``cumulative_*``'s input as at least 1-d in its accumulation dtype, and its axis."""
    n = require_array(x, fname)
    ax = _c.scan_axis(fname, axis, x.ndim)
    x = x.reshape(1) if x.ndim == 0 else x
    name = _acc_name(n, dtype, fname)
    return (x if name == n else x.astype(name)), ax


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_sum``."""
    x, ax = _scan_input(x, axis, dtype, "cumulative_sum")
    r = mnp.cumsum(x, axis=ax) if x.size else x
    return _with_initial(r, x, ax, 0) if include_initial else r


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_prod`` (MXNet has no cumprod).

    A Hillis-Steele scan: ``log2(n)`` multiplications of shifted copies, exact for integers
    and differentiable (no division, so zeros are fine).
    """
    x, ax = _scan_input(x, axis, dtype, "cumulative_prod")
    size = x.shape[ax]
    r = x
    shift = 1
    while shift < size:
        pad_shape = list(r.shape)
        pad_shape[ax] = shift
        ones = mnp.ones(tuple(pad_shape), dtype=r.dtype, ctx=r.ctx)
        head = [slice(None)] * r.ndim
        head[ax] = slice(0, size - shift)
        r = r * mnp.concatenate([ones, r[tuple(head)]], axis=ax)
        shift *= 2
    return _with_initial(r, x, ax, 1) if include_initial else r
