"""Manipulation functions on MLX: axes checked by ``_common.utils`` (AxisError, ValueError for
repeats) before MLX sees them, shapes and dtypes by the standard's rules (``concat`` and
``stack`` promote, MLX would too but by its own table)."""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import checks as _c
from .._common import manipulation as _manipulation
from .._common import utils as _u
from .._common.sizes import check_shape
from . import _dtypes as D
from ._helpers import array, cast, check_broadcast, normalize_axes, normalize_axis, require_array


def _promoted(fname, arrays):
    arrays = list(arrays)
    if not arrays:
        raise ValueError(f"{fname}: need at least one array")
    names = [require_array(a, fname) for a in arrays]
    r = names[0]
    for n in names[1:]:
        r = D.promote(r, n, fname)
    return [cast(a, r) for a in arrays]


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays``: a tuple (2025.12)."""
    for a in arrays:
        require_array(a, "broadcast_arrays")
    try:
        shape = _u.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        raise ValueError(f"broadcast_arrays: shapes {tuple(a.shape for a in arrays)} are not "
                         "broadcastable") from None
    return tuple(a if a.shape == shape else mx.broadcast_to(a, shape) for a in arrays)


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``; ValueError when ``x`` does not broadcast to ``shape``."""
    require_array(x, "broadcast_to")
    shape = check_shape("broadcast_to", shape, 1, **D.SHAPE_LIMITS)
    if check_broadcast(x.shape, shape, "broadcast_to") != shape:
        raise ValueError(f"broadcast_to: cannot broadcast shape {x.shape} to {shape}")
    return mx.broadcast_to(x, shape)


def concat(arrays, /, *, axis=0):
    """Array API ``concat`` (``axis=None`` flattens first)."""
    arrays = _promoted("concat", arrays)
    if axis is None:
        return mx.concatenate([a.reshape(-1) for a in arrays])
    ax = _manipulation.concat_axis(axis, [a.shape for a in arrays])
    return mx.concatenate(arrays, axis=ax)


def stack(arrays, /, *, axis=0):
    """Array API ``stack`` of arrays of one shape along a new axis."""
    arrays = _promoted("stack", arrays)
    if any(a.shape != arrays[0].shape for a in arrays):
        raise ValueError("stack: all arrays must have the same shape")
    ax = normalize_axis(axis, arrays[0].ndim + 1, "stack")
    return mx.stack(arrays, axis=ax)


def expand_dims(x, /, axis=0):
    """Array API ``expand_dims``: an int or (2025.12) a tuple of ints."""
    require_array(x, "expand_dims")
    return mx.expand_dims(x, list(_u.expand_dims_axes(axis, x.ndim)))


def flip(x, /, *, axis=None):
    """Array API ``flip`` over ``axis`` (default all)."""
    require_array(x, "flip")
    axes = normalize_axes(axis, x.ndim, "flip")
    if not axes or x.size == 0:
        return x
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
    require_array(x, "permute_dims")
    ax = normalize_axes(tuple(axes), x.ndim, "permute_dims")
    if len(ax) != x.ndim:
        raise ValueError(f"permute_dims: axes {tuple(axes)} do not permute {x.ndim} dims")
    return mx.transpose(x, list(ax))


def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``: ``repeats`` an int or a 1-D integer array (one count per element
    along ``axis``; such counts are read on the host, the output size depends on them)."""
    require_array(x, "repeat")
    if axis is None:
        x = x.reshape(-1)
        ax = 0
    else:
        ax = normalize_axis(axis, x.ndim, "repeat")
    if type(repeats) is array:
        _c.check_indices_dtype("repeat", require_array(repeats, "repeat"))
        if repeats.ndim > 1:
            raise ValueError("repeat: repeats must be an int or a 1-D array")
        r = onp.asarray(repeats).astype(onp.int64)
        if (r < 0).any():
            _c.check_repeats(-1)
        if r.size == 1:
            return mx.repeat(x, int(r.reshape(-1)[0]), axis=ax)
        if r.size != x.shape[ax]:
            raise ValueError(f"repeat: {r.size} repeats for an axis of length {x.shape[ax]}")
        idx = onp.repeat(onp.arange(x.shape[ax]), r)
        return mx.take(x, mx.array(idx.astype(onp.int64)), axis=ax)
    if type(repeats) is bool or not isinstance(repeats, int):
        raise TypeError(f"repeat: repeats must be an int or an integer array, got "
                        f"{_c.shown(repeats)}")
    _c.check_repeats(repeats)
    return mx.repeat(x, repeats, axis=ax)


def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape`` (one -1 allowed); MLX reshapes without copying, so
    ``copy=True`` copies explicitly."""
    require_array(x, "reshape")
    shape = tuple(_manipulation.reshape_ints(shape))
    if not _manipulation.reshape_fits(shape, x.size):
        raise ValueError(f"reshape: cannot reshape an array of size {x.size} into {shape}")
    r = mx.reshape(x, shape)
    return mx.array(r) if copy else r


def roll(x, /, shift, *, axis=None):
    """Array API ``roll``."""
    require_array(x, "roll")
    if axis is None:
        if not isinstance(shift, int):
            raise TypeError("roll: shift must be an int when axis is None")
        if not x.size:
            return x
        (s,) = _manipulation.roll_shifts((shift,), (0,), (x.size,))
        return mx.roll(x.reshape(-1), s).reshape(x.shape)
    shifts, axes = _manipulation.roll_axes(
        tuple(shift) if isinstance(shift, list) else shift, axis, x.ndim)
    if x.size == 0:
        return x
    return mx.roll(x, _manipulation.roll_shifts(shifts, axes, x.shape), axes)


def squeeze(x, /, axis):
    """Array API ``squeeze``: every axis given must have length one."""
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
