"""Sorting functions. Stable in both directions; NaNs sort last (ascending) / first
(descending), matching NumPy. Complex input raises TypeError (the spec does not require it)."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_math_ops as _m

from .._common import utils as _u
from . import _dtypes as _t
from ._base import arr, ndim, wrap_errors

__all__ = ["argsort", "sort"]


def _key(x):
    """A sort key of a dtype TF's stable argsort handles, same order as ``x``."""
    d = x.dtype
    if d in _t._CPLX:
        raise TypeError(f"sort/argsort: complex dtype {_t.dtype_name(d)} is not supported")
    if d is tf.bool:
        return _m.cast(x, tf.int8)
    return x


def _argsort(x, axis, descending, stable):
    n = ndim(x)
    if n == 0:
        return tf.constant(0, tf.int64)
    ax = _u.normalize_axis(axis, n, "argsort")
    k = _key(x)
    if descending:
        # Stable descending = reverse of the stable ascending sort of the reversed array.
        kr = tf.reverse(k, [ax])
        i = tf.argsort(kr, axis=ax, direction="ASCENDING", stable=True)
        size = tf.cast(tf.shape(k)[ax], i.dtype)
        return tf.cast(tf.reverse(size - 1 - i, [ax]), tf.int64)
    return tf.cast(tf.argsort(k, axis=ax, direction="ASCENDING", stable=True), tf.int64)


@wrap_errors("argsort")
def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``argsort`` (int64 indices)."""
    return _argsort(arr(x, "argsort"), axis, descending, stable)


@wrap_errors("sort")
def sort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``sort``."""
    x = arr(x, "sort")
    if ndim(x) == 0:
        return x
    i = _argsort(x, axis, descending, stable)
    ax = _u.normalize_axis(axis, ndim(x), "sort")
    return _take_along(x, i, ax)


def _take_along(x, i, ax):
    perm = list(range(ndim(x)))
    perm[ax], perm[-1] = perm[-1], perm[ax]
    xt = tf.transpose(x, perm)
    it = tf.transpose(i, perm)
    r = tf.gather(xt, it, axis=-1, batch_dims=ndim(x) - 1)
    return tf.transpose(r, perm)
