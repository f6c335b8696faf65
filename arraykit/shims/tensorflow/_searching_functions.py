"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where. The rules
are ``_common.searching``'s; TF's part is the search itself."""

from __future__ import annotations

import numpy as _np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import searching as _s
from .._common import utils as _u
from . import _dtypes as _t
from . import _primitives as _p
from ._base import ET, all_axes, axes_arg, ndim, on_cpu, scalar_const, wrap_errors, zero_like
from ._sorting_functions import _FLOAT_KEYS, float_key

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]

#: Integer dtypes TF's ArgMax/ArgMin have no kernel for.
_WIDEN = (tf.uint16, tf.uint32)


#: ``EagerTensor``'s dtype argument for an int64 result (the DataType enum).
_INT64 = tf.int64.as_datatype_enum


def _arg(x, ax, keepdims, largest):
    if type(x) is ET:
        dev = x.backing_device
        if "CPU" in dev:
            a = x._numpy()  # the tensor's own memory: no copy, no TF op
            if ax == a.ndim - 1:
                # Along the last axis (a flattened search included), NumPy's search of that
                # memory: the standard's rule itself (the first NaN is the extreme, -0.0
                # ties +0.0, the first of equal extremes) for every real numeric dtype, and
                # faster than TF's ArgMax from 16 elements to 10**6 (TF's kernel skips NaN,
                # so its search needed a NaN check first). Other axes: NumPy would copy.
                r = a.argmax(ax, keepdims=keepdims) if largest else \
                    a.argmin(ax, keepdims=keepdims)
                return ET(r, dev, _INT64)
    if x.dtype in _WIDEN:
        x = _m.cast(x, tf.int64)
    elif x.dtype in _FLOAT_KEYS and _may_hold_nan(x):
        # NaN is the extreme: the search runs on the floats' ordered integer keys, where
        # every NaN is the largest key (argmax) or the smallest (argmin) and -0.0 ties +0.0,
        # so it finds the first NaN where a lane holds one. One search (XLA fuses the key
        # into it), where the search and first_nan_along's were two passes and two more.
        x = float_key(x, nan_first=not largest)
    dim = scalar_const(ax, tf.int32) if type(x) is ET else ax
    r = (_m.arg_max if largest else _m.arg_min)(x, dim, output_type=tf.int64)
    return _a.expand_dims(r, dim) if keepdims else r


def _may_hold_nan(x) -> bool:
    """TF's ArgMax/ArgMin skip NaN: whether ``x`` may hold one (``float_key``). Eagerly on
    the CPU, NumPy's isnan of the tensor's own memory (``_numpy()`` shares it: no TF op; a
    sum would warn where +inf and -inf cancel); on other devices TF's sum, read (NaN iff x
    holds a NaN or two infinities cancel); inside graphs always (values unknown)."""
    if type(x) is not ET:
        return True
    if on_cpu(x):
        return bool(_np.isnan(x._numpy()).any())
    s = _m._sum(x, all_axes(x.shape.rank))._numpy()
    return s != s


argmax, argmin = (wrap_errors(f.__name__)(f) for f in _s.arg_functions(_p, _arg, __name__))


def _count(x, axes, keepdims):
    nz = _m.cast(x if x.dtype is tf.bool else _m.not_equal(x, zero_like(x)), tf.int64)
    return _m._sum(nz, axes_arg(x, axes), keep_dims=keepdims)


count_nonzero = wrap_errors("count_nonzero")(_s.count_nonzero_function(_p, _count, __name__))


def _find(x):
    """Data-dependent shape: eager or dynamic-shape graphs only."""
    idx = _a.where(_m.not_equal(x, zero_like(x)) if x.dtype is not tf.bool else x)
    return tuple(idx[:, i] for i in range(ndim(x)))


nonzero = wrap_errors("nonzero")(_s.nonzero_function(_p, _find, __name__))


#: The operands of searchsorted and where by the standard's rules through TF's own
#: ``promote_args``: a measured fast path (a Python scalar's constant is cached; TF converts
#: one in ~5 us).
_operands = _t.promote_args


def _has_nan(x) -> bool:
    """Whether eager ``x`` holds a NaN (True too inside a graph: the general path then)."""
    nan = _m._any(_m.is_nan(x), all_axes(ndim(x)))
    return type(nan) is not ET or bool(nan)


# AutoGraph calls a function carrying ``autograph_info__`` as it is (linalg._skip_autograph):
# this helper decides on Python values only, and AutoGraph's converted copy of it was once
# called with searchsorted's arguments in a long test session.
setattr(_has_nan, "autograph_info__", None)  # noqa: B010 - a name the checkers do not know


def _search(x1, x2, right, sorter):
    if sorter is not None:
        x1 = tf.gather(x1, sorter)
    if type(x1) is ET and type(x2) is ET and on_cpu(x1) and not (
            x1.dtype in _FLOAT_KEYS and (_has_nan(x1) or _has_nan(x2))):
        # Eager, no NaN: the bound kernel on the values themselves (float comparisons order
        # as float_key's keys do, -0.0 tying +0.0), 4 ops instead of ~25.
        op = _a.upper_bound if right else _a.lower_bound
        row = axes_arg(x1, (1, -1))
        r = op(_a.reshape(x1, row), _a.reshape(x2, row), out_type=tf.int64)
        return _a.reshape(r, axes_arg(x1, tuple(x2.shape.as_list())))
    if x1.dtype in _FLOAT_KEYS:
        # NaN sorts last (NumPy): search integer keys that order NaN above everything.
        x1, x2 = float_key(x1), float_key(x2)
    shp = tf.shape(x2)
    flat = tf.reshape(x2, [1, -1])
    r = tf.searchsorted(tf.reshape(x1, [1, -1]), flat, side="right" if right else "left",
                        out_type=tf.int64)
    if x2.shape.is_fully_defined():
        return tf.reshape(r, x2.shape)
    return tf.reshape(r, shp)


searchsorted = wrap_errors("searchsorted")(
    _s.searchsorted_function(_p, _search, __name__, operands=_operands))


def _select(condition, x1, x2, name, shape):
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


where = _s.where_function(_p, _select, __name__, operands=_operands, select_checks_shapes=True)
