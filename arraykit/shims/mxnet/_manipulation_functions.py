"""Manipulation functions over MXNet: the standard's rules from ``_common.manipulation``
(checked here, so that errors raise at the call: MXNet's own raise at the next sync), then
MXNet's op."""

from __future__ import annotations

import numpy as onp
from mxnet import np as mnp

from .._common import manipulation as _manipulation
from .._common.sizes import usual_shape as _usual
from . import _primitives as _p
from ._creation_functions import LIMITS
from ._helpers import (
    bool_safe,
    broadcast_shapes,
    mode_free,
    ndarray,
    normalize_axes,
    normalize_axis,
    np_mode,
    require_array,
)

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims",
           "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack",
           "tile", "unstack"]


def _itemsize(name):
    return onp.dtype(name).itemsize


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays``: a tuple (2025.12)."""
    return _manipulation.broadcast_arrays(_p, arrays)


#: Element sizes by MXNet dtype code; the codes of MXNet's layout kernels (not bool).
_ITEMSIZES = {c: onp.dtype(n).itemsize for c, n in _p.CODE_NAMES.items()}
_LAYOUT_CODES = frozenset(_ITEMSIZES) - {_p.BOOL_CODE}
_MAX_EXTENT, _MAX_SIZE = LIMITS["max_extent"], LIMITS["max_size"]


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``; incompatible shapes raise ValueError at the call."""
    if type(x) is ndarray and type(shape) is tuple and len(shape) <= _p.BROADCAST_MAX_NDIM:
        itemsize = _ITEMSIZES.get(_p.dtype_code(x))
        if itemsize is not None and _usual(shape, itemsize, _MAX_EXTENT, _MAX_SIZE):
            # Measured fast path: a tuple of ints within the limits is the shape the rules
            # return (``sizes.check_shape``); one that ``x``'s shape broadcasts to, as
            # ``broadcast_shapes`` decides it, goes to the operator ``_p.broadcast_to`` invokes.
            xs = x.shape
            if xs == shape:
                return x
            k = len(shape) - len(xs)
            if k >= 0:
                for i, d in enumerate(xs):
                    if d != 1 and d != shape[k + i]:
                        break
                else:
                    return _p._BROADCAST_TO(x, str(shape))
    name = require_array(x, "broadcast_to")
    shape = _manipulation.broadcast_to_shape(x.shape, shape, _itemsize(name), **LIMITS)
    return x if x.shape == shape else _p.broadcast_to(x, shape)


def _one_dtype(arrays) -> bool:
    """Whether ``arrays`` is a list or tuple of two or more ``mxnet.numpy`` arrays of one
    MXNet dtype: what the rules' ``promoted`` returns as it is."""
    if (type(arrays) is not list and type(arrays) is not tuple) or len(arrays) < 2:
        return False
    code = None
    for a in arrays:
        if type(a) is not ndarray:
            return False
        c = _p.dtype_code(a)
        if code is None:
            code = c
        elif c != code:
            return False
    return code in _ITEMSIZES


@mode_free
def concat(arrays, /, *, axis=0):
    """Array API ``concat`` (promotes dtypes; ``axis=None`` flattens first)."""
    if type(axis) is int and _one_dtype(arrays):
        first = _p.filled_shape(arrays[0])
        n = 0 if first is None else len(first)
        if first is not None and -n <= axis < n:
            ax = axis % n
            for a in arrays[1:]:
                s = _p.filled_shape(a)
                if s is None or len(s) != n or any(s[i] != first[i] for i in range(n)
                                                   if i != ax):
                    break
            else:
                # Measured fast path: arrays of one dtype whose extents agree off an int
                # axis in range are where the rules (``concat_args``) end in the operator
                # (an axis and no zero extent each: no NumPy mode needed).
                return _CONCAT(arrays, str(ax))
    return _concat(arrays, axis)


@np_mode
def _concat(arrays, axis):
    arrays, ax = _manipulation.concat_args(_p, arrays, axis)
    if ax is None:
        return mnp.concatenate([a.reshape(-1) for a in arrays], axis=0)
    if len(arrays) == 1:
        return arrays[0].copy()  # a new array, as for several (MXNet's arrays are writable)
    return _CONCAT(arrays, str(ax))


@mode_free
def expand_dims(x, /, axis=0):
    """Array API ``expand_dims``; ``axis`` may be a tuple (2025.12)."""
    if type(x) is ndarray and type(axis) is int:
        shape = _p.filled_shape(x)
        if shape is not None and -len(shape) - 1 <= axis <= len(shape):
            # Measured fast path (call_cost expand_dims +4 -> under native): one int axis in
            # range and x with an axis and no zero extent, so no NumPy mode.
            a = axis if axis >= 0 else axis + len(shape) + 1
            return _RESHAPE(x, str(shape[:a] + (1,) + shape[a:]), "C")
    return _expand_dims(x, axis)


@np_mode
def _expand_dims(x, axis):
    require_array(x, "expand_dims")
    return _RESHAPE(x, str(tuple(_manipulation.expanded_shape(axis, x.shape))), "C")


def flip(x, /, *, axis=None):
    """Array API ``flip``."""
    require_array(x, "flip")
    axes = normalize_axes(axis, x.ndim, "flip")
    if not axes:
        return x.copy()
    return bool_safe(_FLIP, x, str(axes))


def moveaxis(x, source, destination, /):
    """Array API ``moveaxis``."""
    require_array(x, "moveaxis")
    order = _manipulation.moveaxis_order(source, destination, x.ndim)
    return bool_safe(mnp.transpose, x, axes=tuple(order))


@mode_free
def permute_dims(x, /, axes):
    """Array API ``permute_dims``; negative axes allowed."""
    if type(x) is ndarray and type(axes) is tuple and _p.dtype_code(x) in _LAYOUT_CODES:
        n = _p.filled_ndim(x)
        if n and len(axes) == n and all(type(a) is int for a in axes) and sorted(axes) == list(
                range(n)):
            # Measured fast path: a permutation of x's axes as non-negative ints is the order
            # the rules return (``permute_order``); not bool (``bool_safe``); an axis and no
            # zero extent (no NumPy mode needed).
            return _TRANSPOSE(x, str(axes))
    return _permute_dims(x, axes)


@np_mode
def _permute_dims(x, axes):
    require_array(x, "permute_dims")
    order = _manipulation.permute_order(axes, x.ndim)
    return bool_safe(_TRANSPOSE, x, str(order))


def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``; array ``repeats`` are read on the host (the output shape depends on
    them) and applied as a gather, so gradients still flow to ``x``."""
    name = require_array(x, "repeat")
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    ax = normalize_axis(axis, x.ndim, "repeat")
    if isinstance(repeats, ndarray):
        repeats = _manipulation.host_repeat_counts(_p, repeats, x.shape, ax, _itemsize(name),
                                                   **LIMITS)
        if type(repeats) is not int:  # one count per element: a gather
            idx = onp.repeat(onp.arange(x.shape[ax]), repeats)
            return mnp.take(x, mnp.array(idx, dtype="int64", ctx=x.ctx), axis=ax)
    else:
        repeats = _manipulation.repeat_count(repeats, x.shape, ax, _itemsize(name), **LIMITS)
    if x.size == 0 or repeats == 0:
        # MXNet's repeat of zero-size input fails asynchronously (at the next sync), and
        # repeats=0 drops the other dimensions ((3, 1) -> (0,)).
        shape = list(x.shape)
        shape[ax] *= repeats
        return mnp.zeros(tuple(shape), dtype=x.dtype, ctx=x.ctx)
    return mnp.repeat(x, repeats, axis=ax)


def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape``; bad shapes raise ValueError at the call."""
    name = require_array(x, "reshape")
    shape = _manipulation.reshape_shape(shape, x.size, _itemsize(name), **LIMITS)
    out = _RESHAPE(x, str(tuple(shape)), "C")
    return out.copy() if copy else out


def roll(x, /, shift, *, axis=None):
    """Array API ``roll``."""
    require_array(x, "roll")
    shifts, axes = _manipulation.roll_args(shift, axis, x.shape)
    if axes is None:
        return bool_safe(mnp.roll, x.reshape(-1), shifts[0]).reshape(x.shape)
    return bool_safe(mnp.roll, x, tuple(shifts), axis=axes)


@mode_free
def squeeze(x, /, axis):
    """Array API ``squeeze``; squeezing a dimension that is not 1 raises ValueError."""
    if type(x) is ndarray and type(axis) is int:
        shape = _p.filled_shape(x)
        if shape is not None and len(shape) > 1 and -len(shape) <= axis < len(shape) \
                and shape[axis] == 1:
            # Measured fast path (call_cost squeeze +1.6 -> under native): one int axis of
            # length 1, the result keeps an axis and x has no zero extent, so no NumPy mode.
            a = axis % len(shape)
            return _RESHAPE(x, str(shape[:a] + shape[a + 1:]), "C")
    return _squeeze(x, axis)


@np_mode
def _squeeze(x, axis):
    require_array(x, "squeeze")
    shape = x.shape
    axes = _manipulation.squeeze_axes(axis, len(shape), shape)
    return _RESHAPE(x, str(tuple(s for i, s in enumerate(shape) if i not in axes)), "C")


@mode_free
def stack(arrays, /, *, axis=0):
    """Array API ``stack`` (promotes dtypes)."""
    layout = _p.common_layout(arrays) if type(axis) is int else None
    if layout is not None and layout[0] in _ITEMSIZES:
        shape = layout[1]
        n = len(shape) + 1
        if -n <= axis < n and ((shape and min(shape) > 0) or _p.np_shape_on()):
            # Measured fast path: arrays of one dtype and one shape, an int axis in range:
            # where the rules (``stack_args``) end in the operator. An axis and no zero
            # extent each need no NumPy mode; 0-d or zero-size arrays run here in it (the
            # caller's: scan's loop), their shapes read as they are.
            return _STACK(arrays, str(axis % n))
        return _stack(arrays, axis, True)
    return _stack(arrays, axis)


@np_mode
def _stack(arrays, axis, same=False):
    if same:
        # In the NumPy mode 0-d and zero-size shapes read as they are: the fast path's test
        # for them too (stack_args reads each shape through two Python properties).
        layout = _p.common_layout(arrays)
        if layout is not None:
            n = len(layout[1]) + 1
            if -n <= axis < n:
                return _STACK(arrays, str(axis % n))
    arrays, ax = _manipulation.stack_args(_p, arrays, axis)
    return _STACK(arrays, str(ax))


#: ``mnp.stack``'s operator, invoked directly (its wrappers cost ~15 us a call; robotics makes
#: six a step); likewise ``mnp.concatenate``'s and ``x.reshape(shape)``'s (``_np_reshape``,
#: a copy, with the parameters its wrapper passes).
_STACK = _p.operator_n("_npi_stack", "axis")
_CONCAT = _p.operator_n("_npi_concatenate", "axis")
_RESHAPE = _p.operator_with("_np_reshape", "newshape", "order")
#: ``mnp.flip(x, axis=axes)``'s and ``mnp.transpose(x, axes=order)``'s operators (bool
#: through ``bool_safe``).
_FLIP = _p.operator_with("_npi_flip", "axis")
_TRANSPOSE = _p.operator_with("_np_transpose", "axes")


def tile(x, repetitions, /):
    """Array API ``tile``."""
    name = require_array(x, "tile")
    reps, _ = _manipulation.tile_reps(repetitions, x.shape, _itemsize(name), **LIMITS)
    return mnp.tile(x, reps)


def unstack(x, /, *, axis=0):
    """Array API ``unstack``: a tuple of views along ``axis``."""
    require_array(x, "unstack")
    keys = _manipulation.unstack_keys(axis, x.shape)
    if keys and len(keys[0]) == 1:
        # Along the first axis x[i] (MXNDArrayAt: a view, ~4 us), which is x[(i,)]: MXNet
        # 1.9.1 takes ~180 us for the tuple key (its general basic-indexing routine, the same
        # view in the end). vmap unstacks its mapped arguments so, once a call.
        return tuple(x[key[0]] for key in keys)
    return tuple(x[key] for key in keys)
