"""Sorting functions: the rules are ``_common.sorting``'s; TF's part is the stable sort along
one axis (NaN largest, as in NumPy, torch, JAX and array-api-strict), by TopKV2 where it is
exact (a measured fast path: ``_top_k``) and else by TF's stable argsort of an integer key."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_bitwise_ops as _bw
from tensorflow.python.ops import gen_math_ops as _m
from tensorflow.python.ops import gen_nn_ops as _nn

from .._common.sorting import sorting_functions
from . import _dtypes as _t
from . import _primitives as _p
from ._base import ET, all_axes, axes_arg, ndim, on_cpu, wrap_errors

__all__ = ["argsort", "sort"]


#: float dtype -> (same-width int dtype, its min, its max) for ``float_key``.
_FLOAT_KEYS = {tf.float32: (tf.int32, -(2**31), 2**31 - 1),
               tf.float64: (tf.int64, -(2**63), 2**63 - 1)}


#: The bits of +inf as the int of ``_FLOAT_KEYS``' width (a NaN's magnitude bits are above).
_INF_BITS = {tf.int32: 0x7F800000, tf.int64: 0x7FF0000000000000}


def float_key(x, nan_first=False):
    """Integers ordered as the floats ``x`` are, with NaNs largest (``nan_first``: smallest).

    TF sorts and searches with comparisons that NaN breaks (``sort([3, nan, 1, 2])`` gave
    ``[1, 3, nan, 2]``). The IEEE bits of a float, with the magnitude bits flipped for
    negatives, order as the float; adding 1 to the negatives' keys makes -0.0 tie with +0.0
    (as in NumPy's stable sort), and any NaN (either sign, any payload) becomes the int
    extreme. Seven elementwise ops, no reduction (10 float64: key ~0.16 ms beside TF's argsort
    ~0.45 ms, eager, TF 2.21, a loaded 2-core CPU).
    """
    it, lo, hi = _FLOAT_KEYS[x.dtype]
    bits = _a.bitcast(x, it)
    neg = _bw.right_shift(bits, tf.constant(it.size * 8 - 1, it))  # -1 for negatives, else 0
    k = _m.sub(_bw.bitwise_xor(bits, _bw.bitwise_and(neg, tf.constant(hi, it))), neg)
    if type(x) is ET:
        nan = _m.is_nan(x)
    else:
        # In a graph, NaN read from the bits too (magnitude bits above +inf's): x has one
        # use, so XLA fuses the key, and x's producer, into the search's reduction, as
        # native argmax's (two uses of x made it materialise x first: one fusion more).
        nan = _m.greater(_bw.bitwise_and(bits, tf.constant(hi, it)),
                         tf.constant(_INF_BITS[it], it))
    return _m.select_v2(nan, tf.constant(lo if nan_first else hi, it), k)


def _key(x):
    """A sort key of a dtype TF's stable argsort handles, same order as ``x``, NaN largest."""
    return float_key(x) if x.dtype in _FLOAT_KEYS else x


def _argsort_key(x, ax, descending):
    """The stable argsort of ``x`` along ``ax`` (int64), by TF's stable argsort of ``_key``."""
    k = _key(x)
    if descending:
        # Stable descending = reverse of the stable ascending sort of the reversed array.
        kr = tf.reverse(k, [ax])
        i = tf.argsort(kr, axis=ax, direction="ASCENDING", stable=True)
        size = tf.cast(tf.shape(k)[ax], i.dtype)
        return tf.cast(tf.reverse(size - 1 - i, [ax]), tf.int64)
    return tf.cast(tf.argsort(k, axis=ax, direction="ASCENDING", stable=True), tf.int64)


_TOPK_INTS = frozenset(_t._INTS)


def _top_k(x, ax, descending, values):
    """The stable sort of eager CPU ``x`` along ``ax`` in one TopKV2 (k = the whole axis):
    its values (``values``) or its int64 indices; None where this path does not apply.

    TopKV2 puts the lower index first among equal values, so it is a stable descending sort,
    and ascending is its sort of the order-reversed values (``-x`` for floats, ``~x`` for
    integers: both exact). The same order as ``float_key``'s (-0.0 ties +0.0) for input
    without NaN, in 3-5 ops instead of ~20 (16 float32, TF 2.21: 1,459 -> see
    benchmarks/results/call_cost.md). NaN breaks TopKV2's comparisons, so floats with a NaN
    (one is_nan and one any, read back) take the key path (bool comes as uint8).
    """
    d = x.dtype
    if d in _FLOAT_KEYS:
        n = ndim(x)
        nan = _m._any(_m.is_nan(x), all_axes(n))
        if type(nan) is not ET or bool(nan):  # NaN, or a graph being built around eager x
            return None
        flip = _m.neg
    elif d in _TOPK_INTS:
        n = ndim(x)
        flip = _bw.invert
    else:
        return None
    perm = None
    if ax != n - 1:
        p = list(range(n))
        p[ax], p[-1] = p[-1], p[ax]
        perm = axes_arg(x, tuple(p))
        x = _a.transpose(x, perm)
    k = x.shape[-1]
    if descending:
        v, i = _nn.top_kv2(x, k, sorted=True, index_type=tf.int64)
    else:
        v, i = _nn.top_kv2(flip(x), k, sorted=True, index_type=tf.int64)
        if values:
            v = flip(v)
    if type(v) is not ET:
        return None  # a graph (XLA's TopK is not known stable); the unused op is pruned
    r = v if values else i
    return r if perm is None else _a.transpose(r, perm)


# Python decisions only: AutoGraph calls it as it is
setattr(_top_k, "autograph_info__", None)  # noqa: B010 - a name the checkers do not know


def _argsort_along(x, ax, descending):
    if type(x) is ET and on_cpu(x):
        r = _top_k(x, ax, descending, False)
        if r is not None:
            return r
    return _argsort_key(x, ax, descending)


def _sort_along(x, ax, descending):
    if type(x) is ET and on_cpu(x):
        r = _top_k(x, ax, descending, True)
        if r is not None:
            return r
    return _take_along(x, _argsort_key(x, ax, descending), ax)


argsort, sort = (wrap_errors(f.__name__)(f) for f in
                 sorting_functions(_p, _argsort_along, _sort_along, __name__))


def _take_along(x, i, ax):
    perm = list(range(ndim(x)))
    perm[ax], perm[-1] = perm[-1], perm[ax]
    xt = tf.transpose(x, perm)
    it = tf.transpose(i, perm)
    r = tf.gather(xt, it, axis=-1, batch_dims=ndim(x) - 1)
    return tf.transpose(r, perm)
