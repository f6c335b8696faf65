"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where."""

from __future__ import annotations

import sys

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import checks as _c
from .._common import utils as _u
from .._common.searching import arg_functions, first_nan_along
from . import _dtypes as _t
from ._base import ET, all_axes, arr, axes_arg, check_dtype, ndim, on_cpu, wrap_errors, zero_like
from ._sorting_functions import _FLOAT_KEYS, float_key

#: ``__package__``, as the str the checkers know it is (they type it ``str | None``).
_PACKAGE = __name__.rpartition(".")[0]

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]

_REALNUM = _t.CATEGORY["real numeric"]


def _arg(fname, op, x, axis, keepdims):
    x = arr(x, fname)
    check_dtype(fname, x, _REALNUM | {tf.bool}, "real numeric")
    n = ndim(x)
    ax = _c.arg_axis(fname, axis, n, x.shape.as_list())
    if n == 0:
        return tf.constant(0, tf.int64)
    if x.dtype is tf.bool or x.dtype in (tf.uint16, tf.uint32):
        x = _m.cast(x, tf.int64 if x.dtype is not tf.bool else tf.int8)
    if ax is None:
        x = tf.reshape(x, [-1])
        r = op(x, 0, output_type=tf.int64)
        if x.dtype in _FLOAT_KEYS and _may_hold_nan(x):
            r = first_nan_along(sys.modules[_PACKAGE], x, r, 0, False)
        return tf.reshape(r, [1] * n) if keepdims else r
    r = op(x, ax, output_type=tf.int64)
    if x.dtype in _FLOAT_KEYS and _may_hold_nan(x):
        r = first_nan_along(sys.modules[_PACKAGE], x, r, ax, False)
    return _a.expand_dims(r, ax) if keepdims else r


def _may_hold_nan(x) -> bool:
    """TF's ArgMax/ArgMin skip NaN: whether ``x`` may hold one (``first_nan_along``): one sum,
    NaN iff x holds a NaN (or two infinities cancel). Eagerly on the CPU, NumPy's sum of the
    tensor's own memory (``_numpy()`` shares it: no TF op); on other devices TF's sum, read;
    inside graphs always (values unknown)."""
    if type(x) is not ET:
        return True
    s = x._numpy().sum() if on_cpu(x) else _m._sum(x, all_axes(x.shape.rank))._numpy()
    return s != s


argmax, argmin = (wrap_errors(f.__name__)(f) for f in
                  arg_functions(_arg, tf.math.argmax, tf.math.argmin, __name__))


@wrap_errors("count_nonzero")
def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Array API ``count_nonzero`` (int64 result)."""
    x = arr(x, "count_nonzero")
    axes = axes_arg(x, tuple(_u.normalize_axes(axis, ndim(x), "count_nonzero")))
    nz = _m.cast(x if x.dtype is tf.bool else _m.not_equal(x, zero_like(x)), tf.int64)
    return _m._sum(nz, axes, keep_dims=keepdims)


@wrap_errors("nonzero")
def nonzero(x, /):
    """Array API ``nonzero``: a tuple of int64 index arrays (data-dependent shape: eager or
    dynamic-shape graphs only). 0-d input raises ValueError."""
    x = arr(x, "nonzero")
    n = ndim(x)
    if n == 0:
        raise ValueError("nonzero: 0-d arrays are not supported")
    idx = _a.where(_m.not_equal(x, tf.zeros((), x.dtype)) if x.dtype is not tf.bool else x)
    return tuple(idx[:, i] for i in range(n))


def _has_nan(x) -> bool:
    """Whether eager ``x`` holds a NaN (True too inside a graph: the general path then)."""
    nan = _m._any(_m.is_nan(x), all_axes(ndim(x)))
    return type(nan) is not ET or bool(nan)


# AutoGraph calls a function carrying ``autograph_info__`` as it is (linalg._skip_autograph):
# this helper decides on Python values only, and AutoGraph's converted copy of it was once
# called with searchsorted's arguments in a long test session.
setattr(_has_nan, "autograph_info__", None)  # noqa: B010 - a name the checkers do not know


@wrap_errors("searchsorted")
def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Array API ``searchsorted``: ``x1`` 1-D (sorted, or sorted by ``sorter``), ``x2`` an
    array or (2025.12) a Python scalar; int64 indices of ``x2``'s shape."""
    _c.check_side(side)
    x1 = arr(x1, "searchsorted")
    if ndim(x1) != 1:
        raise ValueError("searchsorted: x1 must be 1-D")
    x1, x2 = _t.promote_args("searchsorted", x1, x2)
    check_dtype("searchsorted", x1, _REALNUM, "real numeric")
    if sorter is not None:
        x1 = tf.gather(x1, arr(sorter, "searchsorted"))
    if type(x1) is ET and type(x2) is ET and on_cpu(x1) and not (
            x1.dtype in _FLOAT_KEYS and (_has_nan(x1) or _has_nan(x2))):
        # Eager, no NaN: the bound kernel on the values themselves (float comparisons order
        # as float_key's keys do, -0.0 tying +0.0), 4 ops instead of ~25.
        op = _a.lower_bound if side == "left" else _a.upper_bound
        row = axes_arg(x1, (1, -1))
        r = op(_a.reshape(x1, row), _a.reshape(x2, row), out_type=tf.int64)
        return _a.reshape(r, axes_arg(x1, tuple(x2.shape.as_list())))
    if x1.dtype in _FLOAT_KEYS:
        # NaN sorts last (NumPy): search integer keys that order NaN above everything.
        x1, x2 = float_key(x1), float_key(x2)
    shp = tf.shape(x2)
    flat = tf.reshape(x2, [1, -1])
    r = tf.searchsorted(tf.reshape(x1, [1, -1]), flat, side=side, out_type=tf.int64)
    if x2.shape.is_fully_defined():
        return tf.reshape(r, x2.shape)
    return tf.reshape(r, shp)


def where(condition, x1, x2, /):
    """Array API ``where``: ``x1``/``x2`` arrays or (2025.12) Python scalars, promoted by the
    standard's rules; ``condition`` must be bool."""
    condition = arr(condition, "where")
    if condition.dtype is not tf.bool:
        raise TypeError(f"where: condition must be bool, got {_t.dtype_name(condition.dtype)}")
    x1, x2 = _t.promote_args("where", x1, x2)
    if type(condition) is ET and type(x1) is ET and type(x2) is ET:
        # Eagerly SelectV2 checks the shapes itself (NumPy's broadcasting).
        try:
            return _m.select_v2(condition, x1, x2)
        except tf.errors.InvalidArgumentError:
            raise ValueError("where: shapes do not broadcast") from None
    try:
        _u.broadcast_shapes(tuple(condition.shape.as_list()), tuple(x1.shape.as_list()),
                            tuple(x2.shape.as_list()))
    except ValueError:
        raise ValueError("where: shapes do not broadcast") from None
    return _m.select_v2(condition, x1, x2)
