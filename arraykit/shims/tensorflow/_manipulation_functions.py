"""Manipulation functions (2025.12: tuple results, ``broadcast_shapes``, tuple ``axis`` in
``expand_dims``, negative axes in ``permute_dims``)."""

from __future__ import annotations

import builtins

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import manipulation as _manipulation
from .._common import operands as _operands
from .._common import utils as _u
from .._common.utils import broadcast_shapes
from . import _primitives as _p
from ._base import ET, OpError, arr, axes_arg, ndim, translate, wrap_errors

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims",
           "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack",
           "tile", "unstack"]


@wrap_errors("broadcast_arrays")
def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays``: a tuple of arrays broadcast to one shape. TF's own
    (not ``_common.manipulation.broadcast_arrays``): Variables are read, and a graph's
    unknown extents broadcast by TF's dynamic shapes."""
    arrays = [arr(a, "broadcast_arrays") for a in arrays]
    shape = _operands.broadcast_shapes(*(a.shape.as_list() for a in arrays),
                                       fname="broadcast_arrays")
    if None in shape:
        dyn = tf.shape(arrays[0])
        for a in arrays[1:]:
            dyn = tf.broadcast_dynamic_shape(dyn, tf.shape(a))
        return tuple(tf.broadcast_to(a, dyn) for a in arrays)
    return tuple(a if tuple(a.shape) == shape else tf.broadcast_to(a, shape) for a in arrays)


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``; ValueError if ``x`` does not broadcast to ``shape``."""
    x = arr(x, "broadcast_to")
    shape = _manipulation.broadcast_to_shape(x.shape.as_list(), shape, x.dtype.size)
    # Generated ops with cached shape/axes constants (axes_arg) here and below: TF's public
    # functions and a Python list per call cost more than the op on a small tensor.
    try:
        return _a.broadcast_to(x, axes_arg(x, shape))
    except OpError as e:  # TF broadcasts by copying: an allocation it refused
        raise translate("broadcast_to", e, x, shape) from None


_NO_CONCAT_KERNEL = frozenset((tf.uint16.as_datatype_enum, tf.uint32.as_datatype_enum))


def concat(arrays, /, *, axis=0):
    """Array API ``concat``; ``axis=None`` flattens first. Dtypes promote."""
    if type(axis) is int and len(arrays) > 1 and type(arrays[0]) is ET:
        # Eager arrays of one dtype: ConcatV2 checks ranks, shapes and the axis (negative
        # too) itself; anything it refuses goes to the general path, which names the mistake.
        e = arrays[0]._datatype_enum()
        n = arrays[0]._rank()
        if e not in _NO_CONCAT_KERNEL and -n <= axis < n and builtins.all(
                type(a) is ET and a._datatype_enum() == e for a in arrays):
            try:
                return _a.concat_v2(arrays, axis)
            except tf.errors.InvalidArgumentError:
                pass
    return _concat(arrays, axis)


@wrap_errors("concat")
def _concat(arrays, axis):
    arrays, ax = _manipulation.concat_args(_p, arrays, axis)
    if ax is None:
        return tf.concat([tf.reshape(a, [-1]) for a in arrays], 0)
    if arrays[0].dtype is tf.uint16 or arrays[0].dtype is tf.uint32:
        # No ConcatV2 kernels for these on some builds: via int64.
        d = arrays[0].dtype
        return _m.cast(tf.concat([_m.cast(a, tf.int64) for a in arrays], ax), d)
    return _a.concat_v2(arrays, ax) if len(arrays) > 1 else tf.concat(arrays, ax)


def expand_dims(x, /, axis):
    """Array API ``expand_dims``: ``axis`` an int or (2025.12) a tuple of ints, positions in
    the result (``_common.manipulation.expanded_shape``)."""
    x = arr(x, "expand_dims")
    n = ndim(x)
    if type(axis) is int and -n - 1 <= axis <= n:
        return _a.expand_dims(x, axis)  # one generated op for the common call
    shape = x.shape.as_list()
    if None not in shape:
        return tf.reshape(x, _manipulation.expanded_shape(axis, shape))
    return tf.reshape(x, tf.stack(_manipulation.expanded_shape(axis, tf.unstack(tf.shape(x)))))


def flip(x, /, *, axis=None):
    """Array API ``flip``."""
    x = arr(x, "flip")
    axes = _u.normalize_axes(axis, ndim(x), "flip")
    if not axes:
        return x
    return _a.reverse_v2(x, axes_arg(x, tuple(axes)))


def moveaxis(x, source, destination, /):
    """Array API ``moveaxis``."""
    x = arr(x, "moveaxis")
    order = _manipulation.moveaxis_order(source, destination, ndim(x))
    return _a.transpose(x, axes_arg(x, tuple(order)))


def permute_dims(x, /, axes):
    """Array API ``permute_dims`` (negative axes allowed, 2025.12)."""
    x = arr(x, "permute_dims")
    return _a.transpose(x, axes_arg(x, _manipulation.permute_order(axes, ndim(x))))


#: tf.repeat's result extent wraps modulo 2**32 (TF 2.21: repeat([1., 2.], 2**32 + 1) has 2
#: elements, a count of 2**40 gives none): a larger one is refused.
_REPEAT_LIMITS = {"max_extent": 2**31 - 1, "framework": _p.FRAMEWORK + "'s repeat"}


@wrap_errors("repeat")
def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``: ``repeats`` an int or a 1-D integer array."""
    x = arr(x, "repeat")
    if axis is None:
        x = tf.reshape(x, [-1])
        axis = 0
    ax = _u.normalize_axis(axis, ndim(x), "repeat")
    d = x.dtype
    shp = x.shape.as_list()
    if type(repeats) is ET and None not in shp:
        # Eager counts are read on the host, as on every shim (``host_repeat_counts``): TF's
        # repeat took negative counts (repeat([1., 2., 3.], [1, -1, 2]) had 3 elements) and
        # a sum past its memory (2**41) gave an empty result.
        counts = _manipulation.host_repeat_counts(_p, repeats, shp, ax, d.size, **_REPEAT_LIMITS)
        repeats = counts if type(counts) is int else _m.cast(repeats, tf.int64)
    elif isinstance(repeats, (tf.Tensor, tf.Variable)):
        # A graph's counts stay on the device: no host read.
        rank = repeats.shape.rank
        _manipulation.check_repeat_counts(
            _p.name_of(repeats) or str(repeats.dtype), rank,
            repeats.shape[0] if rank == 1 else None, shp[ax])
        repeats = tf.cast(repeats, tf.int64)
    else:
        repeats = _manipulation.repeat_count(repeats, shp, ax, d.size, **_REPEAT_LIMITS)
    if x.shape.num_elements() == 0:
        # tf.repeat mis-shapes empty inputs with per-element repeats: build the result.
        total = tf.reduce_sum(tf.broadcast_to(tf.cast(repeats, tf.int64), [shp[ax]]))
        out = [tf.constant(s_, tf.int64) for s_ in shp]
        out[ax] = total
        return tf.zeros(tf.stack(out), d)
    if d is tf.uint16 or d is tf.uint32:
        return _m.cast(tf.repeat(_m.cast(x, tf.int64), repeats, axis=ax), d)
    return tf.repeat(x, repeats, axis=ax)


@wrap_errors("reshape")
def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape`` (one -1 allowed). Tensors are immutable: ``copy`` only controls
    whether a new handle is made."""
    x = arr(x, "reshape")
    shape = _manipulation.reshape_shape(shape, x.shape.num_elements(), x.dtype.size)
    r = _a.reshape(x, axes_arg(x, shape))
    return tf.identity(r) if copy else r


@wrap_errors("roll")
def roll(x, /, shift, *, axis=None):
    """Array API ``roll``; ``axis=None`` rolls the flattened array."""
    x = arr(x, "roll")
    shifts, axes = _manipulation.roll_args(shift, axis, x.shape.as_list())
    if axes is None:
        return tf.reshape(_roll(tf.reshape(x, [-1]), shifts, [0]), tf.shape(x))
    return _roll(x, shifts, list(axes))


def _roll(x, shifts, axes):
    d = x.dtype
    if d is tf.uint16 or d is tf.uint32 or d is tf.uint64 or d is tf.int16 or d is tf.int8:
        return _m.cast(tf.roll(_m.cast(x, tf.int64), shifts, axes), d)
    return tf.roll(x, shifts, axes)


def squeeze(x, /, axis):
    """Array API ``squeeze``: ValueError if a named axis is not of size 1."""
    x = arr(x, "squeeze")
    axes = _manipulation.squeeze_axes(axis, ndim(x), x.shape)
    if not axes:
        return x
    return _a.squeeze(x, list(axes))


@wrap_errors("stack")
def stack(arrays, /, *, axis=0):
    """Array API ``stack``. Dtypes promote; shapes must match."""
    arrays, ax = _manipulation.stack_args(_p, arrays, axis)
    return _a.pack(arrays, axis=ax)


@wrap_errors("tile")
def tile(x, repetitions, /):
    """Array API ``tile``."""
    x = arr(x, "tile")
    d = x.dtype
    n = ndim(x)
    reps, shape = _manipulation.tile_reps(repetitions, x.shape.as_list(), d.size)
    if len(reps) > n:  # tf.tile takes one repetition per dimension
        x = tf.reshape(x, list(shape) if None not in shape else
                       tf.concat([tf.ones([len(reps) - n], tf.int32), tf.shape(x)], 0))
    reps = list(reps)
    if d is tf.uint16 or d is tf.uint32:
        return _m.cast(tf.tile(_m.cast(x, tf.int64), reps), d)
    return tf.tile(x, reps)


def unstack(x, /, *, axis=0):
    """Array API ``unstack``: a tuple of arrays."""
    x = arr(x, "unstack")
    ax = _manipulation.unstack_axis(axis, ndim(x))
    return tuple(tf.unstack(x, axis=ax))
