"""Indexing functions: take, take_along_axis; their rules (bounds included) are
``_common/indexing.py``'s. TF's gather raises for an index outside ``[0, n)``: negative
indices are wrapped first."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a

from .._common import checks as _c
from .._common import indexing as _i
from . import _primitives as _p
from ._base import ET, OpError, on_cpu, wrap_errors

__all__ = ["take", "take_along_axis"]


def _wrap_neg(i, size):
    i = tf.cast(i, tf.int64)
    return tf.where(i < 0, i + tf.cast(size, tf.int64), i)


#: The index dtypes TF's GatherV2 takes; others (uint8, int8, ...) are cast first.
_GATHER_INDEX = (tf.int16, tf.int32, tf.int64)


def _gather_index(i, n, negative):
    """Indices TF's gather takes: negative ones wrapped (unless ``negative`` is False, no
    negative index: read by the bounds check), other dtypes cast to int64."""
    if negative is False:
        return i if i.dtype in _GATHER_INDEX else tf.cast(i, tf.int64)
    return _wrap_neg(i, n)


def _gather(x, indices, ax, n, negative):
    try:
        return tf.gather(x, _gather_index(indices, n, negative), axis=ax)
    except OpError as e:  # a graph's indices (no bounds read): TF's own message
        raise IndexError(f"take: {getattr(e, 'message', e)}") from None


_take = _i.take_function(_p, _gather, __name__)


@wrap_errors("take")
def take(x, indices, /, *, axis=None):
    """Array API ``take``; ``axis`` may be omitted for 1-D ``x``."""
    if type(x) is ET and type(indices) is ET and indices.shape.rank == 1 and on_cpu(x):
        # Measured fast path: TF's CPU gather raises for any index outside [0, n), so
        # in-range non-negative int16/32/64 indices (the common case) need one GatherV2;
        # negative ones, other dtypes and errors take the rules (16 float32: 651 -> see
        # benchmarks/results/call_cost.md).
        ax = _c.take_axis(axis, x.shape.rank)
        try:
            r = _a.gather_v2(x, indices, ax)
            if type(r) is ET:  # else a graph being built around eager x: no check ran
                return r
        except OpError:
            pass
    return _take(x, indices, axis=axis)


def _gather_along(x, indices, ax, n, negative):
    nd = x.shape.rank
    perm = list(range(nd))
    perm[ax], perm[-1] = perm[-1], perm[ax]
    xt = tf.transpose(x, perm)
    it = _gather_index(tf.transpose(indices, perm), n, negative)
    try:
        return tf.transpose(tf.gather(xt, it, axis=nd - 1, batch_dims=nd - 1), perm)
    except OpError as e:
        raise IndexError(f"take_along_axis: {getattr(e, 'message', e)}") from None


take_along_axis = wrap_errors("take_along_axis")(
    _i.take_along_axis_function(_p, _gather_along, __name__))
