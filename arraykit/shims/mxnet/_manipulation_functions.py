"""Manipulation functions; shapes are checked here so that errors raise at the call."""

from __future__ import annotations

from mxnet import np as mnp

from .._common import checks as _c
from .._common import manipulation as _manipulation
from .._common.utils import expand_dims_axes
from . import _dtypes as D
from ._creation_functions import checked_shape
from ._helpers import (
    bool_safe,
    broadcast_shapes,
    ndarray,
    normalize_axes,
    normalize_axis,
    require_array,
)

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims",
           "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack",
           "tile", "unstack"]


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays``: a tuple (2025.12)."""
    for a in arrays:
        require_array(a, "broadcast_arrays")
    shape = broadcast_shapes(*(a.shape for a in arrays), fname="broadcast_arrays")
    return tuple(a if a.shape == shape else mnp.broadcast_to(a, shape) for a in arrays)


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``; incompatible shapes raise ValueError at the call."""
    name = require_array(x, "broadcast_to")
    shape = checked_shape("broadcast_to", shape, name)
    try:
        ok = broadcast_shapes(x.shape, shape) == shape
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"broadcast_to: cannot broadcast {x.shape} to {shape}")
    return x if x.shape == shape else mnp.broadcast_to(x, shape)


def _common_dtype(arrays, fname):
    names = [require_array(a, fname) for a in arrays]
    r = names[0]
    for n in names[1:]:
        r = D.promote(r, n, fname)
    return [a if n == r else a.astype(r) for a, n in zip(arrays, names)], r


def concat(arrays, /, *, axis=0):
    """Array API ``concat`` (promotes dtypes; ``axis=None`` flattens first)."""
    arrays = list(arrays)
    if not arrays:
        raise ValueError("concat: need at least one array")
    arrays, _ = _common_dtype(arrays, "concat")
    if axis is None:
        return mnp.concatenate([a.reshape(-1) for a in arrays], axis=0)
    ndim = arrays[0].ndim
    if ndim == 0:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated")
    ax = normalize_axis(axis, ndim, "concat")
    for a in arrays:
        if a.ndim != ndim or any(s != t for i, (s, t) in enumerate(zip(a.shape, arrays[0].shape))
                                 if i != ax):
            raise ValueError("concat: shapes differ outside the concatenation axis")
    if len(arrays) == 1:
        return arrays[0].copy()
    return mnp.concatenate(arrays, axis=ax)


def expand_dims(x, /, axis=0):
    """Array API ``expand_dims``; ``axis`` may be a tuple (2025.12)."""
    require_array(x, "expand_dims")
    norm = expand_dims_axes(axis, x.ndim)
    it = iter(x.shape)
    shape = tuple(1 if i in norm else next(it) for i in range(x.ndim + len(norm)))
    return x.reshape(shape)


def flip(x, /, *, axis=None):
    """Array API ``flip``."""
    require_array(x, "flip")
    axes = normalize_axes(axis, x.ndim, "flip")
    if not axes:
        return x.copy()
    return bool_safe(mnp.flip, x, axis=axes)


def moveaxis(x, source, destination, /):
    """Array API ``moveaxis``."""
    require_array(x, "moveaxis")
    order = _manipulation.moveaxis_order(source, destination, x.ndim)
    return bool_safe(mnp.transpose, x, axes=tuple(order))


def permute_dims(x, /, axes):
    """Array API ``permute_dims``; negative axes allowed."""
    require_array(x, "permute_dims")
    ax = normalize_axes(tuple(axes), x.ndim, "permute_dims")
    if len(ax) != x.ndim:
        raise ValueError("permute_dims: axes must be a permutation of the dimensions")
    return bool_safe(mnp.transpose, x, axes=ax)


def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``; array ``repeats`` are read on the host (the output shape depends on
    them) and applied as a gather, so gradients still flow to ``x``."""
    name = require_array(x, "repeat")
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    ax = normalize_axis(axis, x.ndim, "repeat")
    if isinstance(repeats, int):
        _c.check_repeats(repeats)
        checked_shape("repeat", x.shape[:ax] + (x.shape[ax] * repeats,) + x.shape[ax + 1:],
                      name)
        if x.size == 0 or repeats == 0:
            # MXNet's repeat of zero-size input fails asynchronously (at the next sync), and
            # repeats=0 drops the other dimensions ((3, 1) -> (0,)).
            shape = list(x.shape)
            shape[ax] *= repeats
            return mnp.zeros(tuple(shape), dtype=x.dtype, ctx=x.ctx)
        return mnp.repeat(x, repeats, axis=ax)
    r = repeats.asnumpy() if isinstance(repeats, ndarray) else __import__("numpy").asarray(repeats)
    import numpy as onp
    if r.ndim == 0:
        return repeat(x, int(r), axis=ax)
    if r.shape[0] not in (1, x.shape[ax]):
        raise ValueError("repeat: repeats must broadcast to the axis length")
    _c.check_repeats(r.min(initial=0))
    r = onp.broadcast_to(r, (x.shape[ax],))
    idx = onp.repeat(onp.arange(x.shape[ax]), r)
    return mnp.take(x, mnp.array(idx, dtype="int64", ctx=x.ctx), axis=ax)


def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape``; bad shapes raise ValueError at the call."""
    name = require_array(x, "reshape")
    shape = (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)
    checked_shape("reshape", [s for s in shape if s != -1], name)
    known = 1
    unknown = 0
    for s in shape:
        if s == -1:
            unknown += 1
        elif s < 0:
            raise ValueError(f"reshape: invalid dimension {s}")
        else:
            known *= s
    bad = unknown > 1 or (unknown == 0 and known != x.size) or \
        (unknown == 1 and (known == 0 or x.size % known))
    if bad and not (unknown == 1 and known == 0 and x.size == 0):
        raise ValueError(f"reshape: cannot reshape {x.shape} into {shape}")
    out = x.reshape(shape)
    return out.copy() if copy else out


def roll(x, /, shift, *, axis=None):
    """Array API ``roll``."""
    require_array(x, "roll")
    if axis is None:
        if isinstance(shift, (tuple, list)):
            shift = sum(shift)
        (s,) = _manipulation.roll_shifts((shift,), (0,), (x.size,))
        return bool_safe(mnp.roll, x.reshape(-1), s).reshape(x.shape)
    # A repeated axis is allowed: its shifts add up.
    shifts, axes = _manipulation.roll_axes(
        tuple(shift) if isinstance(shift, list) else shift, axis, x.ndim)
    return bool_safe(mnp.roll, x, tuple(_manipulation.roll_shifts(shifts, axes, x.shape)),
                     axis=axes)


def squeeze(x, /, axis):
    """Array API ``squeeze``; squeezing a dimension that is not 1 raises ValueError."""
    require_array(x, "squeeze")
    axes = _manipulation.squeeze_axes(axis, x.ndim, x.shape)
    return x.reshape(tuple(s for i, s in enumerate(x.shape) if i not in axes))


def stack(arrays, /, *, axis=0):
    """Array API ``stack`` (promotes dtypes)."""
    arrays = list(arrays)
    if not arrays:
        raise ValueError("stack: need at least one array")
    arrays, _ = _common_dtype(arrays, "stack")
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays):
        raise ValueError("stack: all arrays must have the same shape")
    ax = normalize_axis(axis, len(shape) + 1, "stack")
    return mnp.stack(arrays, axis=ax)


def tile(x, repetitions, /):
    """Array API ``tile``."""
    name = require_array(x, "tile")
    reps = tuple(int(r) for r in repetitions)
    if any(r < 0 for r in reps):
        raise ValueError("tile: repetitions must be non-negative")
    shp = (1,) * (len(reps) - x.ndim) + x.shape
    reps_ = (1,) * (len(shp) - len(reps)) + reps
    checked_shape("tile", [s * r for s, r in zip(shp, reps_)], name)
    return mnp.tile(x, reps)


def unstack(x, /, *, axis=0):
    """Array API ``unstack``: a tuple of views along ``axis``."""
    require_array(x, "unstack")
    return tuple(x[key] for key in _manipulation.unstack_keys(axis, x.shape))
