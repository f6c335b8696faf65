"""Manipulation functions on MLX: the standard's rules from ``_common.manipulation`` (axes,
shapes, promotion by the standard's table, never MLX's own), then MLX's op."""

from __future__ import annotations

import math

import mlx.core as mx
import numpy as onp

from .._common import manipulation as _manipulation
from .._common.sizes import check_shape
from .._common.utils import expand_dims_axes
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import array, normalize_axes, normalize_axis, require_array

#: The standard's dtypes as MLX's (the manipulation fast paths' dtype test).
_STANDARD = frozenset(D.NAME_OF)


def _one_dtype(arrays) -> bool:
    """Whether ``arrays`` (a list or tuple) are mx.arrays of one standard dtype, at least one
    (the fast paths of ``concat`` and ``stack``: no promotion, no argument error)."""
    if not arrays or type(arrays[0]) is not array:
        return False
    d = arrays[0].dtype
    if d not in _STANDARD:
        return False
    for a in arrays:  # noqa: SIM110 - a loop: all() of a generator cost ~1-2 us a call here
        if type(a) is not array or a.dtype != d:
            return False
    return True


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays``: a tuple (2025.12)."""
    return _manipulation.broadcast_arrays(_p, arrays)


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``; ValueError when ``x`` does not broadcast to ``shape``."""
    require_array(x, "broadcast_to")
    # Item size 1: MLX broadcasts without allocating; its extents are int32 (SHAPE_LIMITS).
    target = check_shape("broadcast_to", shape, 1, **D.SHAPE_LIMITS)
    try:
        # MLX refuses what the standard refuses (a shape x does not broadcast to exactly),
        # as it builds the graph: the rules' broadcast shape only for the error's message.
        return mx.broadcast_to(x, target)
    except ValueError:
        _manipulation.broadcast_to_shape(x.shape, target, 1, **D.SHAPE_LIMITS)
        raise


def concat(arrays, /, *, axis=0):
    """Array API ``concat`` (``axis=None`` flattens first)."""
    if (type(arrays) is list or type(arrays) is tuple) and _one_dtype(arrays) \
            and type(axis) is int and -arrays[0].ndim <= axis < arrays[0].ndim:
        # Measured fast path, as stack's: MLX checks ranks and extents itself (ValueError),
        # and the rules then raise the standard's error.
        try:
            return mx.concatenate(arrays, axis=axis)
        except ValueError:
            pass
    arrays, ax = _manipulation.concat_args(_p, arrays, axis)
    if ax is None:
        return mx.concatenate([a.reshape(-1) for a in arrays])
    return mx.concatenate(arrays, axis=ax)


def stack(arrays, /, *, axis=0):
    """Array API ``stack`` of arrays of one shape along a new axis."""
    if (type(arrays) is list or type(arrays) is tuple) and _one_dtype(arrays) \
            and type(axis) is int and -arrays[0].ndim - 1 <= axis <= arrays[0].ndim:
        # Measured fast path: MLX checks the shapes itself (ValueError), and the rules then
        # raise the standard's error.
        try:
            return mx.stack(arrays, axis=axis)
        except ValueError:
            pass
    arrays, ax = _manipulation.stack_args(_p, arrays, axis)
    return mx.stack(arrays, axis=ax)


def expand_dims(x, /, axis=0):
    """Array API ``expand_dims``: an int or (2025.12) a tuple of ints."""
    if type(x) is array and type(axis) is int and x.dtype in _STANDARD \
            and -x.ndim - 1 <= axis <= x.ndim:
        return mx.expand_dims(x, axis)  # measured fast path: one new axis, in range
    require_array(x, "expand_dims")
    return mx.expand_dims(x, list(expand_dims_axes(axis, x.ndim)))


#: ``x[...]`` keys reversing every axis, by rank (``flip``'s fast path).
_REVERSED = [(slice(None, None, -1),) * n for n in range(33)]


def flip(x, /, *, axis=None):
    """Array API ``flip`` over ``axis`` (default all)."""
    if axis is None and type(x) is array and x.dtype in _STANDARD and x.size \
            and 0 < x.ndim < 33:
        return x[_REVERSED[x.ndim]]  # measured fast path: the rules' index, every axis
    require_array(x, "flip")
    axes = normalize_axes(axis, x.ndim, "flip")
    if not axes or x.size == 0:
        return x
    # A reversed slice: MLX has no flip op.
    index = [slice(None)] * x.ndim
    for a in axes:
        index[a] = slice(None, None, -1)
    return x[tuple(index)]


def moveaxis(x, source, destination, /):
    """Array API ``moveaxis`` (ints or tuples of ints)."""
    require_array(x, "moveaxis")
    return mx.transpose(x, _manipulation.moveaxis_order(source, destination, x.ndim))


def permute_dims(x, /, axes):
    """Array API ``permute_dims``: ``axes`` must be a permutation of the dimensions."""
    if type(x) is array and type(axes) is tuple and x.dtype in _STANDARD:
        n = len(axes)
        if n == x.ndim:
            # measured fast path: non-negative ints naming every axis once, the rules' order
            seen = 0
            for a in axes:
                if type(a) is not int or not 0 <= a < n or seen >> a & 1:
                    break
                seen |= 1 << a
            else:
                return mx.transpose(x, list(axes))
    require_array(x, "permute_dims")
    return mx.transpose(x, list(_manipulation.permute_order(axes, x.ndim)))


def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``: ``repeats`` an int or a 0-d/1-D integer array (one count per
    element along ``axis``; such counts are read on the host, the output size depends on
    them)."""
    name = require_array(x, "repeat")
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    ax = normalize_axis(axis, x.ndim, "repeat")
    itemsize = D.NUMPY[name].itemsize
    if isinstance(repeats, array):
        r = _manipulation.host_repeat_counts(_p, repeats, x.shape, ax, itemsize,
                                             **D.SHAPE_LIMITS)
        if type(r) is not int:  # one count per element: a gather
            idx = onp.repeat(onp.arange(x.shape[ax]), r)
            return mx.take(x, mx.array(idx.astype(onp.int64)), axis=ax)
    else:
        r = _manipulation.repeat_count(repeats, x.shape, ax, itemsize, **D.SHAPE_LIMITS)
    return mx.repeat(x, r, axis=ax)


def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape`` (one -1 allowed); MLX reshapes without copying, so
    ``copy=True`` copies explicitly."""
    if copy is None and type(x) is array and type(shape) is tuple and x.dtype in _STANDARD:
        # Measured fast path: the rules' common call (ints, no -1, a non-empty array).
        size = x.size
        if size:
            for s in shape:
                if type(s) is not int or s < 0:
                    break
            else:
                if math.prod(shape) == size:
                    return mx.reshape(x, shape)
    name = require_array(x, "reshape")
    shape = _manipulation.reshape_shape(shape, x.size, D.NUMPY[name].itemsize,
                                        **D.SHAPE_LIMITS)
    r = mx.reshape(x, shape)
    return mx.array(r) if copy else r


def roll(x, /, shift, *, axis=None):
    """Array API ``roll``."""
    require_array(x, "roll")
    shifts, axes = _manipulation.roll_args(shift, axis, x.shape)
    if x.size == 0:
        return x
    if axes is None:
        return mx.roll(x.reshape(-1), shifts[0]).reshape(x.shape)
    return mx.roll(x, shifts, axes)


def squeeze(x, /, axis):
    """Array API ``squeeze``: every axis given must have length one."""
    if type(x) is array and type(axis) is int and x.dtype in _STANDARD \
            and -x.ndim <= axis < x.ndim and x.shape[axis] == 1:
        return mx.squeeze(x, axis)  # measured fast path: one axis of length 1
    require_array(x, "squeeze")
    axes = _manipulation.squeeze_axes(axis, x.ndim, x.shape)
    return mx.squeeze(x, list(axes)) if axes else x


def tile(x, repetitions, /):
    """Array API ``tile``."""
    name = require_array(x, "tile")
    reps, shape = _manipulation.tile_reps(repetitions, x.shape, D.NUMPY[name].itemsize,
                                          **D.SHAPE_LIMITS)
    if 0 in reps or x.size == 0:
        return mx.zeros(tuple(s * r for s, r in zip(shape, reps)), dtype=x.dtype)
    return mx.tile(x, list(reps))


def unstack(x, /, *, axis=0):
    """Array API ``unstack``: a tuple of the slices along ``axis``."""
    require_array(x, "unstack")
    return tuple(x[key] for key in _manipulation.unstack_keys(axis, x.shape))
