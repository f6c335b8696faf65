"""Indexing functions: take, take_along_axis. Negative indices count from the end."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a

from .._common import checks as _c
from .._common import utils as _u
from . import _dtypes as _t
from ._base import ET, OpError, arr, ndim, on_cpu, wrap_errors

__all__ = ["take", "take_along_axis"]


def _wrap_neg(i, size):
    i = tf.cast(i, tf.int64)
    return tf.where(i < 0, i + tf.cast(size, tf.int64), i)


def _check_idx(indices, fname):
    indices = arr(indices, fname)
    if indices.dtype not in _t._INTS:
        _c.check_indices_dtype(fname, _t.dtype_name(indices.dtype))
    return indices


@wrap_errors("take")
def take(x, indices, /, *, axis=None):
    """Array API ``take``; ``axis`` may be omitted for 1-D ``x``."""
    x = arr(x, "take")
    if type(x) is ET and type(indices) is ET and on_cpu(x):
        # TF's CPU gather raises for any index outside [0, n): in-range non-negative int16/32/64
        # indices (the common case) need one GatherV2; negative ones, other dtypes and errors
        # take the general path below (16 float32: 651 -> see benchmarks/results/call_cost.md).
        ax = _c.take_axis(axis, ndim(x))
        try:
            r = _a.gather_v2(x, indices, ax)
            if type(r) is ET:  # else a graph being built around eager x: no check ran
                return r
        except OpError:
            pass
    indices = _check_idx(indices, "take")
    ax = _c.take_axis(axis, ndim(x))
    try:
        return tf.gather(x, _wrap_neg(indices, tf.shape(x)[ax]), axis=ax)
    except OpError as e:
        raise IndexError(f"take: {getattr(e, 'message', e)}") from None


@wrap_errors("take_along_axis")
def take_along_axis(x, indices, /, *, axis=-1):
    """Array API ``take_along_axis``: ``x`` and ``indices`` broadcast on every other axis."""
    x = arr(x, "take_along_axis")
    indices = _check_idx(indices, "take_along_axis")
    n = ndim(x)
    _c.check_same_ndim("take_along_axis", n, ndim(indices))
    ax = _u.normalize_axis(axis, n, "take_along_axis")
    xs, is_ = x.shape.as_list(), indices.shape.as_list()
    bx = list(_u.broadcast_shapes(tuple(xs[:ax] + [1] + xs[ax + 1:]),
                                  tuple(is_[:ax] + [1] + is_[ax + 1:])))
    x = tf.broadcast_to(x, bx[:ax] + [xs[ax]] + bx[ax + 1:])
    indices = tf.broadcast_to(indices, bx[:ax] + [is_[ax]] + bx[ax + 1:])
    perm = list(range(n))
    perm[ax], perm[-1] = perm[-1], perm[ax]
    xt = tf.transpose(x, perm)
    it = _wrap_neg(tf.transpose(indices, perm), xs[ax])
    try:
        return tf.transpose(tf.gather(xt, it, axis=n - 1, batch_dims=n - 1), perm)
    except OpError as e:
        raise IndexError(f"take_along_axis: {getattr(e, 'message', e)}") from None
