"""Manipulation functions over Paddle's layout ops (``moving`` carries the dtypes some of
them lack kernels for)."""

from __future__ import annotations

import operator

import paddle

from .._common import checks as _c
from .._common import dtypes as _d
from .._common import manipulation as _manipulation
from .._common import utils as _u
from .._common.sizes import check_shape
from . import _dtypes as D
from ._helpers import (
    Tensor,
    broadcast_shapes,
    check_rank,
    moving,
    normalize_axes,
    normalize_axis,
    require_array,
)

#: ``sizes.check_shape``'s limits for ``paddle.broadcast_to``/``expand``, which read the
#: target shape as int32: an extent of 2**33 silently became 0, one of 2**31 fails inside
#: Paddle with RuntimeError (PreconditionNotMet).
EXPAND_LIMITS = {"max_extent": 2**31 - 1, "framework": "Paddle 3.3.1's broadcast_to"}


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays`` (a tuple, 2025.12)."""
    names = [require_array(a, "broadcast_arrays") for a in arrays]
    shape = list(broadcast_shapes(*(a.shape for a in arrays), fname="broadcast_arrays"))
    if any(a.shape != shape for a in arrays):
        check_shape("broadcast_arrays", shape, max(_d.ITEMSIZE[n] for n in names),
                    **EXPAND_LIMITS)
    return tuple(a if a.shape == shape else paddle.broadcast_to(a, shape) for a in arrays)


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``."""
    name = require_array(x, "broadcast_to")
    if isinstance(shape, Tensor):  # its __index__ asserts (AssertionError) unless 0-d
        raise TypeError("broadcast_to: shape must be a tuple of ints, got a paddle.Tensor")
    shape = list(check_shape("broadcast_to", shape, _d.ITEMSIZE[name], **EXPAND_LIMITS))
    check_rank("broadcast_to", len(shape))
    if broadcast_shapes(x.shape, shape, fname="broadcast_to") != tuple(shape) or \
            len(shape) < x.ndim:
        raise ValueError(f"broadcast_to: cannot broadcast {tuple(x.shape)} to {tuple(shape)}")
    return x if list(x.shape) == shape else paddle.broadcast_to(x, shape)


def _promote_all(arrays, fname):
    names = [require_array(a, fname) for a in arrays]
    if not arrays:
        raise ValueError(f"{fname}: at least one array is required")
    r = names[0]
    for n in names[1:]:
        if n != r:  # the common case, one dtype, without a call per array
            r = D.promote(r, n, fname)
    return [a if n == r else paddle.cast(a, r) for a, n in zip(arrays, names)], r


def concat(arrays, /, *, axis=0):
    """Array API ``concat``; ``axis=None`` flattens first."""
    arrays, _ = _promote_all(list(arrays), "concat")
    if axis is None:
        return paddle.concat([a.reshape([-1]) for a in arrays])
    ax = _manipulation.concat_axis(axis, [a.shape for a in arrays])
    return paddle.concat(arrays, axis=ax)


def expand_dims(x, /, axis=0):
    """Array API ``expand_dims`` (an int or, 2025.12, a tuple of ints)."""
    require_array(x, "expand_dims")
    axes = _u.expand_dims_axes(axis, x.ndim)
    check_rank("expand_dims", x.ndim + len(axes))
    shape = list(x.shape)
    for a in axes:
        shape.insert(a, 1)
    return paddle.reshape(x, shape)


def flip(x, /, *, axis=None):
    """Array API ``flip``."""
    name = require_array(x, "flip")
    axes = list(normalize_axes(axis, x.ndim, "flip"))
    if not axes or x.size == 0:
        return x.clone()
    return moving(paddle.flip, x, name, axes)


def moveaxis(x, source, destination, /):
    """Array API ``moveaxis``."""
    require_array(x, "moveaxis")
    src = normalize_axes(source, x.ndim, "moveaxis")
    dst = normalize_axes(destination, x.ndim, "moveaxis")
    if len(src) != len(dst):
        raise ValueError("moveaxis: source and destination must have the same length")
    order = [i for i in range(x.ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return _transpose(x, order)


def _transpose(x, perm):
    if list(perm) == list(range(x.ndim)):
        return x.clone()
    return paddle.transpose(x, list(perm))


def permute_dims(x, /, axes):
    """Array API ``permute_dims`` (negative axes allowed, 2025.12)."""
    require_array(x, "permute_dims")
    perm = normalize_axes(tuple(axes), x.ndim, "permute_dims")
    if len(perm) != x.ndim:
        raise ValueError("permute_dims: axes must name every dimension once")
    return _transpose(x, perm)


def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``: ``repeats`` a Python int or a 1-D integer array."""
    name = require_array(x, "repeat")
    if axis is None:
        x = x.reshape([-1])
        ax = 0
    else:
        ax = normalize_axis(axis, x.ndim, "repeat")
    if isinstance(repeats, Tensor):
        rname = require_array(repeats, "repeat")
        _c.check_indices_dtype("repeat", rname)
        if repeats.ndim > 1:
            raise ValueError("repeat: repeats must be 0-d or 1-D")
        if repeats.size and bool(paddle.any(repeats < 0)):
            raise ValueError("repeat: repeats must be non-negative")
        if repeats.ndim == 1 and repeats.shape[0] not in (1, x.shape[ax]):
            raise ValueError("repeat: repeats must have one entry per element along the axis")
        reps = paddle.cast(repeats, "int64")
        if x.shape[ax] == 0:  # Paddle refuses an empty repeats tensor
            return _empty_along(x, ax, name)
        if reps.ndim == 0 or reps.shape[0] == 1:
            repeats = int(reps.reshape([-1])[0])
        else:
            return moving(paddle.repeat_interleave, x, name, reps, axis=ax)
    repeats = operator.index(repeats)
    _c.check_repeats(repeats)
    if x.shape[ax] == 0 or repeats == 0:
        return _empty_along(x, ax, name)
    return moving(paddle.repeat_interleave, x, name, repeats, axis=ax)


def _empty_along(x, ax, name):
    """``repeat``'s result with nothing along axis ``ax``."""
    shape = list(x.shape)
    shape[ax] = 0
    return paddle.zeros(shape, dtype=name)


def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape`` (-1 infers one extent)."""
    require_array(x, "reshape")
    shape = _manipulation.reshape_ints(shape)
    check_rank("reshape", len(shape))
    if not _manipulation.reshape_fits(shape, x.size):
        raise ValueError(f"reshape: cannot reshape {tuple(x.shape)} to {tuple(shape)}")
    if copy is False:
        raise ValueError("reshape: copy=False cannot be honoured (Paddle gives no view "
                         "guarantee)")
    out = paddle.reshape(x, shape)
    return out.clone() if copy else out


def roll(x, /, shift, *, axis=None):
    """Array API ``roll``."""
    name = require_array(x, "roll")
    if axis is None:
        if isinstance(shift, tuple):
            raise ValueError("roll: a tuple shift needs a tuple axis")
        flat = x.reshape([-1])
        if flat.shape[0] == 0:
            return x.clone()
        (s,) = _manipulation.roll_shifts((shift,), (0,), flat.shape)
        return moving(paddle.roll, flat, name, s).reshape(x.shape)
    shifts, axes = _manipulation.roll_axes(shift, axis, x.ndim)
    if x.size == 0:
        return x.clone()
    return moving(paddle.roll, x, name, _manipulation.roll_shifts(shifts, axes, x.shape),
                  list(axes))


def squeeze(x, /, axis):
    """Array API ``squeeze``: the axes must have size 1."""
    require_array(x, "squeeze")
    axes = _manipulation.squeeze_axes(axis, x.ndim, x.shape)
    return paddle.reshape(x, [s for i, s in enumerate(x.shape) if i not in axes])


def stack(arrays, /, *, axis=0):
    """Array API ``stack``."""
    arrays, _ = _promote_all(list(arrays), "stack")
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays[1:]):
        raise ValueError("stack: all arrays must have the same shape")
    ax = normalize_axis(axis, len(shape) + 1, "stack")
    check_rank("stack", len(shape) + 1)
    return paddle.stack(arrays, axis=ax)


def tile(x, repetitions, /):
    """Array API ``tile``."""
    name = require_array(x, "tile")
    reps, shape = _manipulation.tile_reps(repetitions, x.shape, _d.ITEMSIZE[name])
    check_rank("tile", len(reps))
    if 0 in reps or 0 in shape:
        return paddle.zeros([s * r for s, r in zip(shape, reps)], dtype=name)
    return moving(paddle.tile, x.reshape(shape), name, list(reps))


def unstack(x, /, *, axis=0):
    """Array API ``unstack`` (a tuple)."""
    require_array(x, "unstack")
    ax = normalize_axis(axis, x.ndim, "unstack")
    if x.shape[ax] == 0:
        return ()
    return tuple(paddle.unbind(x, ax))
