"""Utility functions: all, any, diff."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_math_ops as _m

from .._common import checks as _c
from .._common import utils as _u
from .._common.sizes import diff_order
from . import _dtypes as _t
from ._base import arr, axes_arg, ndim, wrap_errors, zero_like

__all__ = ["all", "any", "diff"]


def _truthy(x):
    return x if x.dtype is tf.bool else _m.not_equal(x, zero_like(x))


@wrap_errors("all")
def all(x, /, *, axis=None, keepdims=False):
    """Array API ``all``."""
    x = arr(x, "all")
    axes = axes_arg(x, tuple(_u.normalize_axes(axis, ndim(x), "all")))
    return _m._all(_truthy(x), axes, keep_dims=keepdims)


@wrap_errors("any")
def any(x, /, *, axis=None, keepdims=False):
    """Array API ``any``."""
    x = arr(x, "any")
    axes = axes_arg(x, tuple(_u.normalize_axes(axis, ndim(x), "any")))
    return _m._any(_truthy(x), axes, keep_dims=keepdims)


@wrap_errors("diff")
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """Array API ``diff``: ``n``-th forward difference along ``axis`` (bool: ``!=``)."""
    x = arr(x, "diff")
    nd = ndim(x)
    _c.check_diff(nd, n)
    ax = _u.normalize_axis(axis, nd, "diff")
    parts = []
    if prepend is not None:
        parts.append(arr(prepend, "diff"))
    parts.append(x)
    if append is not None:
        parts.append(arr(append, "diff"))
    if len(parts) > 1:
        d = parts[0].dtype
        for p in parts[1:]:
            d = _t.promote_dtypes("diff", d, p.dtype)
        x = tf.concat([p if p.dtype is d else _m.cast(p, d) for p in parts], ax)
    if x.shape[ax] is not None:
        n = diff_order(n, x.shape[ax])
    for _ in range(n):
        m = tf.maximum(tf.shape(x)[ax] - 1, 0)  # n >= length: empty along the axis
        lo = tf.gather(x, tf.range(0, m), axis=ax)
        hi = tf.gather(x, tf.range(1, m + 1), axis=ax)
        x = _m.not_equal(hi, lo) if x.dtype is tf.bool else _m.sub(hi, lo)
    return x
