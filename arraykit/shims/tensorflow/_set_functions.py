"""Set functions: isin and the unique_* family (data-dependent shapes: eager or dynamic-shape
graphs); their rules are ``_common/sets.py``'s. TF's unique merges NaNs and does not sort:
both are put right here."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import sets as _s
from . import _dtypes as _t
from . import _primitives as _p
from ._base import wrap_errors

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def _unique(x):
    """(values, inverse (flat), counts) of flattened ``x``."""
    flat = tf.reshape(x, [-1])
    d = x.dtype
    if d in _t._CPLX:
        rd = tf.float32 if d is tf.complex64 else tf.float64
        pairs = tf.stack([_m.real(flat, Tout=rd), _m.imag(flat, Tout=rd)], 1)
        v, idx, cnt = _a.unique_with_counts_v2(pairs, axis=[0], out_idx=tf.int64)
        return _sorted(_m._complex(v[:, 0], v[:, 1], Tout=d), idx, tf.cast(cnt, tf.int64), d)
    if d in (tf.uint16, tf.uint32, tf.uint64, tf.bool):
        wd = tf.int64 if d is not tf.bool else tf.int8
        v, idx, cnt = _a.unique_with_counts(_m.cast(flat, wd), out_idx=tf.int64)
        v = _m.cast(v, d)
    else:
        v, idx, cnt = _a.unique_with_counts(flat, out_idx=tf.int64)
    if d in _t._REAL:
        # TF merges NaNs; the standard wants each NaN counted once on its own.
        nan = _m.is_nan(flat)
        if bool(tf.reduce_any(nan)):
            keep = tf.logical_not(_m.is_nan(v))
            v2 = tf.boolean_mask(v, keep)
            cnt2 = tf.boolean_mask(cnt, keep)
            nn = tf.reduce_sum(tf.cast(nan, tf.int64))
            nk = tf.shape(v2, out_type=tf.int64)[0]
            # Old index -> new index for non-NaN values; NaNs get nk, nk+1, ...
            remap = tf.cumsum(tf.cast(keep, tf.int64)) - 1
            nan_rank = tf.cumsum(tf.cast(nan, tf.int64)) - 1
            idx = tf.where(nan, nk + nan_rank, tf.gather(remap, idx))
            v = tf.concat([v2, tf.fill([nn], tf.constant(float("nan"), d))], 0)
            cnt = tf.concat([cnt2, tf.ones([nn], cnt.dtype)], 0)
    return _sorted(v, idx, tf.cast(cnt, tf.int64), d)


def _sorted(v, idx, cnt, d):
    """Unique values in ascending order, with inverse indices and counts permuted to match."""
    if d in _t._CPLX:
        rd = tf.float32 if d is tf.complex64 else tf.float64
        by_imag = tf.argsort(_m.imag(v, Tout=rd), stable=True)
        by_real = tf.argsort(_m.real(tf.gather(v, by_imag), Tout=rd), stable=True)
        perm = tf.gather(by_imag, by_real)
    else:
        key = _m.cast(v, tf.int8) if d is tf.bool else v
        if d in _t._REAL:
            # NaNs sit at the end already (see above); a stable sort keeps them after +inf.
            key = tf.where(_m.is_nan(v), tf.constant(float("inf"), d), v)
        perm = tf.argsort(key, stable=True)
    new_position = tf.cast(tf.math.invert_permutation(perm), tf.int64)
    return tf.gather(v, perm), tf.gather(new_position, idx), tf.gather(cnt, perm)


def _unique_op(x, name, fname, full):
    v, idx, c = _unique(x)
    if not full:
        return v, None, None, None
    n = tf.size(idx, out_type=tf.int64)
    first = tf.math.unsorted_segment_min(tf.range(n, dtype=tf.int64), idx,
                                         tf.shape(v, out_type=tf.int64)[0])
    return v, first, tf.reshape(idx, tf.shape(x)), c


def _member(a, b, name, invert):
    r = tf.reduce_any(_m.equal(_a.expand_dims(a, -1), tf.reshape(b, [-1])), axis=-1)
    return _m.logical_not(r) if invert else r


_fns = {k: wrap_errors(k)(f) for k, f in
        _s.set_functions(_p, _unique_op, _member, __name__).items()}
unique_all, unique_counts = _fns["unique_all"], _fns["unique_counts"]
unique_inverse, unique_values, isin = _fns["unique_inverse"], _fns["unique_values"], _fns["isin"]
