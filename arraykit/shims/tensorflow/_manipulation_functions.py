"""Manipulation functions (2025.12: tuple results, ``broadcast_shapes``, tuple ``axis`` in
``expand_dims``, negative axes in ``permute_dims``)."""

from __future__ import annotations

import builtins

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import checks as _c
from .._common import manipulation as _manipulation
from .._common import utils as _u
from .._common.sizes import check_shape
from .._common.utils import broadcast_shapes
from . import _dtypes as _t
from ._base import ET, arr, axes_arg, ndim, wrap_errors

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims",
           "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack",
           "tile", "unstack"]


def _same_dtype(arrays, fname):
    """Promote a sequence of arrays to their common dtype (the standard's table)."""
    arrays = [arr(a, fname) for a in arrays]
    if not arrays:
        raise ValueError(f"{fname}: at least one array is required")
    d = arrays[0].dtype
    for a in arrays[1:]:
        d = _t.promote_dtypes(fname, d, a.dtype)
    return [a if a.dtype is d else _m.cast(a, d) for a in arrays]


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays``: a tuple of arrays broadcast to one shape."""
    arrays = [arr(a, "broadcast_arrays") for a in arrays]
    shapes = [tuple(a.shape.as_list()) for a in arrays]
    try:
        shape = broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(f"broadcast_arrays: shapes {tuple(shapes)} are not broadcastable"
                         ) from None
    if None in shape:
        dyn = tf.shape(arrays[0])
        for a in arrays[1:]:
            dyn = tf.broadcast_dynamic_shape(dyn, tf.shape(a))
        return tuple(tf.broadcast_to(a, dyn) for a in arrays)
    return tuple(a if tuple(a.shape) == shape else tf.broadcast_to(a, shape) for a in arrays)


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``; ValueError if ``x`` does not broadcast to ``shape``."""
    x = arr(x, "broadcast_to")
    shape = check_shape("broadcast_to", shape, x.dtype.size)
    try:
        if broadcast_shapes(tuple(x.shape.as_list()), shape) != shape:
            raise ValueError
    except ValueError:
        raise ValueError(f"broadcast_to: cannot broadcast {tuple(x.shape)} to {shape}") from None
    # Generated ops with cached shape/axes constants (axes_arg) here and below: TF's public
    # functions and a Python list per call cost more than the op on a small tensor.
    return _a.broadcast_to(x, axes_arg(x, shape))


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
    arrays = _same_dtype(arrays, "concat")
    if axis is None:
        return tf.concat([tf.reshape(a, [-1]) for a in arrays], 0)
    n = ndim(arrays[0])
    if builtins.any(ndim(a) != n for a in arrays):
        raise ValueError("concat: arrays must have the same number of dimensions")
    ax = _u.normalize_axis(axis, n, "concat")
    shapes = [a.shape.as_list() for a in arrays]
    for s in shapes[1:]:
        for i in range(n):
            if i != ax and s[i] is not None and shapes[0][i] is not None and s[i] != shapes[0][i]:
                raise ValueError(f"concat: shapes {shapes} differ off the concat axis")
    if arrays[0].dtype is tf.uint16 or arrays[0].dtype is tf.uint32:
        # No ConcatV2 kernels for these on some builds: via int64.
        d = arrays[0].dtype
        return _m.cast(tf.concat([_m.cast(a, tf.int64) for a in arrays], ax), d)
    return _a.concat_v2(arrays, ax) if len(arrays) > 1 else tf.concat(arrays, ax)


def expand_dims(x, /, axis):
    """Array API ``expand_dims``: ``axis`` an int or (2025.12) a tuple of ints, each in
    ``[-N-1, N]`` (N: the output's rank... for a tuple, the output rank)."""
    x = arr(x, "expand_dims")
    n = ndim(x)
    if isinstance(axis, tuple):
        out_n = n + len(axis)
        axes = _u.expand_dims_axes(axis, n)
        shape = x.shape.as_list()
        dyn = None if None not in shape else tf.unstack(tf.shape(x))
        src = iter(dyn if dyn is not None else shape)
        new = [1 if i in axes else next(src) for i in range(out_n)]
        return tf.reshape(x, new if dyn is None else tf.stack(new))
    try:
        a = _u.normalize_axis(axis, n + 1, "expand_dims")
    except ValueError:
        raise IndexError(f"expand_dims: axis {axis} out of range") from None
    return _a.expand_dims(x, a)


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
    n = ndim(x)
    src = _u.normalize_axes(source if isinstance(source, tuple) else (source,), n, "moveaxis")
    dst = _u.normalize_axes(destination if isinstance(destination, tuple) else (destination,),
                            n, "moveaxis")
    _c.check_same_length(src, dst)
    order = [i for i in range(n) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return _a.transpose(x, axes_arg(x, tuple(order)))


def permute_dims(x, /, axes):
    """Array API ``permute_dims`` (negative axes allowed, 2025.12)."""
    x = arr(x, "permute_dims")
    n = ndim(x)
    ax = _u.normalize_axes(tuple(axes), n, "permute_dims")
    if len(ax) != n:
        raise ValueError(f"permute_dims: axes {axes} is not a permutation of {n} dimensions")
    return _a.transpose(x, axes_arg(x, tuple(ax)))


@wrap_errors("repeat")
def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``: ``repeats`` an int or a 1-D integer array."""
    x = arr(x, "repeat")
    if axis is None:
        x = tf.reshape(x, [-1])
        axis = 0
    ax = _u.normalize_axis(axis, ndim(x), "repeat")
    if isinstance(repeats, (tf.Tensor, tf.Variable)):
        if repeats.dtype not in _t._INTS:
            raise TypeError("repeat: repeats must have an integer dtype")
        repeats = tf.cast(repeats, tf.int64)
        if repeats.shape.rank == 1 and repeats.shape[0] not in (None, 1, x.shape[ax]):
            raise ValueError("repeat: repeats does not match the axis size")
    else:
        _c.check_repeats(repeats)
    d = x.dtype
    shp = x.shape.as_list()
    if not isinstance(repeats, tf.Tensor) and shp[ax] is not None:
        # tf.repeat wraps a huge count (2**62 repeats gave an empty result).
        out = [s or 0 for s in shp]
        out[ax] = shp[ax] * repeats
        check_shape("repeat", out, d.size)
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
    shape = tuple(int(s) for s in shape)
    check_shape("reshape", [s for s in shape if s != -1], x.dtype.size)
    if shape.count(-1) > 1:
        raise ValueError("reshape: at least one dimension may be -1")
    total = x.shape.num_elements()
    if total is not None:
        known = 1
        for s in shape:
            if s != -1:
                known *= s
        if (-1 not in shape and known != total) or (-1 in shape and (known == 0 or total % known)):
            raise ValueError(f"reshape: cannot reshape {tuple(x.shape)} to {shape}")
    r = _a.reshape(x, axes_arg(x, shape))
    return tf.identity(r) if copy else r


@wrap_errors("roll")
def roll(x, /, shift, *, axis=None):
    """Array API ``roll``; ``axis=None`` rolls the flattened array."""
    x = arr(x, "roll")
    if axis is None:
        shp = tf.shape(x)
        flat = tf.reshape(x, [-1])
        s = sum(shift) if isinstance(shift, tuple) else shift
        return tf.reshape(_roll(flat, [s], [0]), shp)
    n = ndim(x)
    axes = axis if isinstance(axis, tuple) else (axis,)
    shifts = shift if isinstance(shift, tuple) else (shift,) * len(axes)
    if len(shifts) != len(axes):
        raise ValueError("roll: shift and axis differ in length")
    axes = [_u.normalize_axis(a, n, "roll") for a in axes]
    return _roll(x, list(shifts), axes)


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
    arrays = _same_dtype(arrays, "stack")
    n = ndim(arrays[0])
    ax = _u.normalize_axis(axis, n + 1, "stack")
    s0 = tuple(arrays[0].shape.as_list())
    for a in arrays[1:]:
        if tuple(a.shape.as_list()) != s0:
            raise ValueError("stack: arrays must have the same shape")
    return _a.pack(arrays, axis=ax)


@wrap_errors("tile")
def tile(x, repetitions, /):
    """Array API ``tile``."""
    x = arr(x, "tile")
    reps = list(repetitions)
    n = ndim(x)
    if len(reps) > n:
        x = tf.reshape(x, [1] * (len(reps) - n) + x.shape.as_list())
    elif len(reps) < n:
        reps = [1] * (n - len(reps)) + reps
    d = x.dtype
    if x.shape.is_fully_defined():
        # tf.tile wraps huge products into negative sizes.
        check_shape("tile", [s * r for s, r in zip(x.shape.as_list(), reps)], d.size)
    if d is tf.uint16 or d is tf.uint32:
        return _m.cast(tf.tile(_m.cast(x, tf.int64), reps), d)
    return tf.tile(x, reps)


def unstack(x, /, *, axis=0):
    """Array API ``unstack``: a tuple of arrays."""
    x = arr(x, "unstack")
    _c.require_ndim("unstack", ndim(x), 1)
    ax = _u.normalize_axis(axis, ndim(x), "unstack")
    return tuple(tf.unstack(x, axis=ax))
