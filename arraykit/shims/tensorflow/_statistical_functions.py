"""Statistical functions. ``sum``/``prod``/``cumulative_*`` widen integer inputs to the
default integer dtype (int64, or uint64 for unsigned) as the standard asks. Hot path: an
``EagerTensor`` reduced over all axes with no options -> the generated op with a cached axis
constant."""

from __future__ import annotations

import builtins

import tensorflow as tf
from tensorflow.python.ops import gen_math_ops as _m

from .._common import checks as _c
from .._common import utils as _u
from .._common.dtypes import accumulation_dtype
from . import _dtypes as _t
from ._base import ET, OpError, all_axes, arr, axes_arg, check_dtype, ndim, on_cpu, translate

__all__ = ["cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum",
           "var"]

_NUM = _t.CATEGORY["numeric"]
_REALNUM = _t.CATEGORY["real numeric"]
_FLOAT = _t.CATEGORY["floating-point"]
_REALF = _t.CATEGORY["real floating"]
_E = lambda ds: frozenset(d.as_datatype_enum for d in ds)  # noqa: E731
_SUM_FAST = _E(_FLOAT | {tf.int64, tf.uint64})
_MEAN_FAST = _E(_FLOAT)


def _acc_dtype(d, dtype, fname):
    """The dtype ``sum``/``prod``/``cumulative_*`` compute in
    (``_common.dtypes.accumulation_dtype``)."""
    if dtype is not None:
        return _t.dtype_arg(dtype, fname)
    return _t.DTYPES[accumulation_dtype(_t.dtype_name(d), None)]


def _axes(x, axis, fname) -> tuple:
    n = ndim(x)
    if axis is None:
        return tuple(range(n))
    return tuple(_u.normalize_axes(axis, n, fname))


def _reduce(op, x, axis, keepdims, fname):
    try:
        return op(x, axes_arg(x, _axes(x, axis, fname)), keep_dims=keepdims)
    except OpError as e:
        raise translate(fname, e, x) from None


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``."""
    if type(x) is ET and axis is None and dtype is None and not keepdims \
            and x._datatype_enum() in _SUM_FAST:
        return _m._sum(x, all_axes(x._rank()), keep_dims=False)
    return _accumulate(_m._sum, x, axis, dtype, keepdims, "sum")


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod``."""
    return _accumulate(_m.prod, x, axis, dtype, keepdims, "prod")


def _accumulate(op, x, axis, dtype, keepdims, fname):
    """``sum``/``prod``: ``op`` over ``axis`` in the accumulation dtype (``_acc_dtype``)."""
    x = arr(x, fname)
    check_dtype(fname, x, _NUM | {tf.bool}, "numeric")
    d = _acc_dtype(x.dtype, dtype, fname)
    if x.dtype is not d:
        x = _m.cast(x, d)
    return _reduce(op, x, axis, keepdims, fname)


def _minmax(op, x, axis, keepdims, fname):
    x = arr(x, fname)
    check_dtype(fname, x, _REALNUM, "real numeric")
    if x.shape.num_elements() == 0:
        # Only a zero-length reduced axis has no identity; max over axis -1 of a (0, 2)
        # array is an empty (0,) result, as in NumPy.
        shape = x.shape.as_list()
        if any(shape[a] == 0 for a in _axes(x, axis, fname)):
            raise _c.no_identity(fname)
    d = x.dtype
    if d is tf.uint16 or d is tf.uint32:
        return _m.cast(_reduce(op, _m.cast(x, tf.int64), axis, keepdims, fname), d)
    if d in _REALF:
        # NaN must propagate. TF 2.21's CPU kernels do (NaN, +-inf, -0.0 mixes, every axis of
        # 1-3-d float32/float64 up to 2**20 elements: 0 mismatches with NumPy in 7,984
        # cases), so a result computed eagerly on a CPU is final; XLA's Max/Min drop NaN
        # (tf.function(jit_compile=True)) and a graph may be compiled (an eager x captured
        # into one too), GPU kernels may differ: there the correction stays.
        r = _reduce(op, x, axis, keepdims, fname)
        if type(r) is ET and on_cpu(r):
            return r
        anynan = _reduce(_m._any, _m.is_nan(x), axis, keepdims, fname)
        return _m.select_v2(anynan, tf.constant(float("nan"), d), r)
    return _reduce(op, x, axis, keepdims, fname)


def max(x, /, *, axis=None, keepdims=False):
    """Array API ``max`` (NaN propagates)."""
    return _minmax(_m._max, x, axis, keepdims, "max")


def min(x, /, *, axis=None, keepdims=False):
    """Array API ``min`` (NaN propagates)."""
    return _minmax(_m._min, x, axis, keepdims, "min")


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean`` (floating-point input)."""
    if type(x) is ET and axis is None and not keepdims and x._datatype_enum() in _MEAN_FAST:
        return _m.mean(x, all_axes(x._rank()), keep_dims=False)
    x = arr(x, "mean")
    check_dtype("mean", x, _FLOAT, "floating-point")
    return _reduce(_m.mean, x, axis, keepdims, "mean")


def _var(x, axis, correction, keepdims, fname):
    x = arr(x, fname)
    check_dtype(fname, x, _REALF, "real floating")
    axes = _axes(x, axis, fname)
    shp = x.shape.as_list()
    a = axes_arg(x, axes)
    # (x - m)**2 in one op: SquaredDifference computes (x - m) * (x - m), as Square does.
    s = _m._sum(_m.squared_difference(x, _m.mean(x, a, keep_dims=True)), a, keep_dims=keepdims)
    if all(shp[i] is not None for i in axes):
        n = 1
        for i in axes:
            n *= shp[i]
        # Divisor max(N - correction, 0) in Python: one op fewer than three on tensors.
        return _m.real_div(s, builtins.max(float(n) - float(correction), 0.0))
    n = tf.cast(tf.reduce_prod(tf.gather(tf.shape(x), list(axes))), x.dtype)
    return _m.real_div(s, _m.maximum(_m.sub(n, tf.constant(float(correction), x.dtype)),
                                      tf.constant(0.0, x.dtype)))


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``var`` with ``correction`` (Bessel: 1)."""
    try:
        return _var(x, axis, correction, keepdims, "var")
    except OpError as e:
        raise translate("var", e) from None


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``std`` with ``correction`` (Bessel: 1)."""
    try:
        return _m.sqrt(_var(x, axis, correction, keepdims, "std"))
    except OpError as e:
        raise translate("std", e) from None


def _cumulative(op, x, axis, dtype, include_initial, fname, initial):
    x = arr(x, fname)
    check_dtype(fname, x, _NUM | {tf.bool}, "numeric")
    n = ndim(x)
    ax = _c.scan_axis(fname, axis, n)
    if n == 0:
        x = tf.reshape(x, [1])
    d = _acc_dtype(x.dtype, dtype, fname)
    if x.dtype is not d:
        x = _m.cast(x, d)
    try:
        r = op(x, ax)  # the generated op: tf.cumsum's dispatch costs more than a small scan
        if include_initial:
            shp = tf.concat([tf.shape(x)[:ax], [1], tf.shape(x)[ax + 1:]], 0)
            r = tf.concat([tf.fill(shp, tf.constant(initial, d)), r], ax)
        return r
    except OpError as e:
        raise translate(fname, e, x) from None


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_sum``."""
    return _cumulative(_m.cumsum, x, axis, dtype, include_initial, "cumulative_sum", 0)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_prod``."""
    return _cumulative(_m.cumprod, x, axis, dtype, include_initial, "cumulative_prod", 1)
