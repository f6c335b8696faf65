"""Manipulation functions over Paddle's layout ops: the standard's rules from
``_common.manipulation``, then Paddle's op (``moving`` carries the dtypes some of them lack
kernels for; ``check_rank`` Paddle's 9 dimensions)."""

from __future__ import annotations

import math

import paddle

from .._common import dtypes as _d
from .._common import manipulation as _manipulation
from .._common.sizes import check_shape, usual_shape
from . import _primitives as _p
from ._helpers import (
    MAX_NDIM,
    MOVED,
    allocating,
    broadcast_shapes,
    check_rank,
    moving,
    normalize_axes,
    normalize_axis,
    require_array,
)

_Tensor = paddle.Tensor
_C_ops = paddle._C_ops
_NAME_BY_ID = _p._NAME_BY_ID
#: Rank -> the identity permutation (a list: compared with permute_dims' axes).
_IDENTITY = [list(range(n)) for n in range(MAX_NDIM + 1)]


def _size(x) -> int:
    """``x.size`` from its shape: Paddle 3.3.1's ``size`` property costs ~7 us (a Python
    ``TensorSize``), its ``ndim`` ~0.3 us, its shape ~0.15 us."""
    return math.prod(x.shape)


#: ``sizes.check_shape``'s limits for ``paddle.broadcast_to``/``expand``, which read the
#: target shape as int32: an extent of 2**33 silently became 0, one of 2**31 fails inside
#: Paddle with RuntimeError (PreconditionNotMet).
EXPAND_LIMITS = {"max_extent": 2**31 - 1, "framework": "Paddle 3.3.1's broadcast_to"}


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays`` (a tuple, 2025.12). Paddle's own (not
    ``_common.manipulation.broadcast_arrays``): its broadcast reads extents as int32
    (:data:`EXPAND_LIMITS`)."""
    names = [require_array(a, "broadcast_arrays") for a in arrays]
    shape = list(broadcast_shapes(*(a.shape for a in arrays), fname="broadcast_arrays"))
    if any(a.shape != shape for a in arrays):
        check_shape("broadcast_arrays", shape, max(_d.ITEMSIZE[n] for n in names),
                    **EXPAND_LIMITS)
    return tuple(a if a.shape == shape else paddle.broadcast_to(a, shape) for a in arrays)


def broadcast_to(x, /, shape):
    """Array API ``broadcast_to``."""
    name = require_array(x, "broadcast_to")
    xs = x.shape
    if (type(shape) is tuple and len(xs) <= len(shape) <= MAX_NDIM
            and usual_shape(shape, _d.ITEMSIZE[name], EXPAND_LIMITS["max_extent"])):
        # The usual call, decided inline as the rules below decide it (check_shape returns
        # such a shape itself; each of x's extents, aligned right, is the target's or 1):
        # ~1.5 us of frames and a generic broadcast_shapes less. Anything else: the rules.
        off = len(shape) - len(xs)
        for i, d in enumerate(xs):
            if d != 1 and d != shape[off + i]:
                break
        else:
            ls = list(shape)
            return x if xs == ls else _C_ops.expand(x, ls)
    shape = list(_manipulation.broadcast_to_shape(x.shape, shape, _d.ITEMSIZE[name],
                                                  **EXPAND_LIMITS))
    check_rank("broadcast_to", len(shape))
    # paddle.broadcast_to's eager path for a non-empty list of ints is this kernel call,
    # after two Python frames and a decorator's tests (~3 us); an empty shape is x itself.
    return x if x.shape == shape else _C_ops.expand(x, shape)


def concat(arrays, /, *, axis=0):
    """Array API ``concat``; ``axis=None`` flattens first."""
    if type(arrays) is list and arrays and type(axis) is int:
        # Measured fast path (as stack's): tensors of one dtype object, none empty, along an
        # int axis in range: Paddle's kernel (paddle.concat only forwards to it) without the
        # rules' reads; the kernel raises for shapes that do not fit (the rules then raise
        # the standard error). Two dtypes, an empty tensor (whose dtype the kernel's test
        # skips), 0-d tensors, a dtype outside the standard's: the rules.
        first = arrays[0]
        if type(first) is _Tensor:
            dt = first.dtype
            n = len(first.shape)
            if id(dt) in _NAME_BY_ID and -n <= axis < n:
                for a in arrays:
                    if type(a) is not _Tensor or a.dtype is not dt or 0 in a.shape:
                        break
                else:
                    try:
                        return _C_ops.concat(arrays, axis)
                    except Exception:  # noqa: BLE001 - the rules raise the standard error
                        pass
    arrays, ax = _manipulation.concat_args(_p, arrays, axis)
    if ax is None:
        return paddle.concat([a.reshape([-1]) for a in arrays])
    return paddle.concat(arrays, axis=ax)


def expand_dims(x, /, axis=0):
    """Array API ``expand_dims`` (an int or, 2025.12, a tuple of ints)."""
    if type(x) is _Tensor and type(axis) is int and id(x.dtype) in _NAME_BY_ID:
        # Measured fast path (one int axis in range): the reshape kernel paddle.reshape
        # calls for a new shape, without the rules' reads. Anything else: the rules.
        shape = list(x.shape)
        n = len(shape)
        if -n - 1 <= axis <= n and n < MAX_NDIM:
            shape.insert(axis if axis >= 0 else axis + n + 1, 1)
            return _C_ops.reshape(x, shape)
    require_array(x, "expand_dims")
    shape = _manipulation.expanded_shape(axis, x.shape)
    check_rank("expand_dims", len(shape))
    return paddle.reshape(x, shape)


def flip(x, /, *, axis=None):
    """Array API ``flip``."""
    name = require_array(x, "flip")
    shape = x.shape
    axes = _IDENTITY[len(shape)] if axis is None else list(normalize_axes(axis, len(shape),
                                                                          "flip"))
    if not axes or 0 in shape:
        return x.clone()
    # paddle.flip's eager and PIR path for a list of axes is this kernel call (one frame less).
    return moving(_C_ops.flip, x, name, axes) if name in MOVED else _C_ops.flip(x, axes)


def moveaxis(x, source, destination, /):
    """Array API ``moveaxis``."""
    require_array(x, "moveaxis")
    return _transpose(x, _manipulation.moveaxis_order(source, destination, x.ndim))


def _transpose(x, perm):
    if list(perm) == list(range(x.ndim)):
        return x.clone()
    return paddle.transpose(x, list(perm))


def permute_dims(x, /, axes):
    """Array API ``permute_dims`` (negative axes allowed, 2025.12)."""
    if type(x) is _Tensor and type(axes) is tuple and id(x.dtype) in _NAME_BY_ID:
        # Measured fast path: a tuple of non-negative ints that permutes x's axes and is not
        # the identity (which the rules copy) is Paddle's transpose kernel (paddle.transpose
        # only forwards to it), without the rules' reads. Anything else: the rules.
        perm = list(axes)
        for a in perm:
            if type(a) is not int:
                break
        else:
            identity = _IDENTITY[len(x.strides)]  # the rank, as matrix_transpose reads it
            if sorted(perm) == identity and perm != identity:
                return _C_ops.transpose(x, perm)
    require_array(x, "permute_dims")
    return _transpose(x, _manipulation.permute_order(axes, x.ndim))


@allocating("repeat")
def repeat(x, repeats, /, *, axis=None):
    """Array API ``repeat``: ``repeats`` a Python int or a 0-d/1-D integer array."""
    name = require_array(x, "repeat")
    if axis is None:
        x = x.reshape([-1])
        axis = 0
    ax = normalize_axis(axis, x.ndim, "repeat")
    if isinstance(repeats, paddle.Tensor):
        counts = _manipulation.host_repeat_counts(_p, repeats, x.shape, ax, _d.ITEMSIZE[name])
        if type(counts) is not int:  # one count per element
            if x.shape[ax] == 0:  # Paddle refuses an empty repeats tensor
                return _empty_along(x, ax, name)
            return moving(paddle.repeat_interleave, x, name, paddle.cast(repeats, "int64"),
                          axis=ax)
        repeats = counts
    else:
        repeats = _manipulation.repeat_count(repeats, x.shape, ax, _d.ITEMSIZE[name])
    if x.shape[ax] == 0 or repeats == 0:
        return _empty_along(x, ax, name)
    if repeats > _INT32_MAX:  # repeat_interleave's count is an int32 attribute
        raise ValueError(f"repeat: {repeats} repeats; Paddle 3.3.1's repeat_interleave "
                         f"takes at most {_INT32_MAX} (an IndexError naming no function)")
    return moving(paddle.repeat_interleave, x, name, repeats, axis=ax)


_INT32_MAX = 2**31 - 1


def _empty_along(x, ax, name):
    """``repeat``'s result with nothing along axis ``ax``."""
    shape = list(x.shape)
    shape[ax] = 0
    return paddle.zeros(shape, dtype=name)


def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape`` (-1 infers one extent)."""
    if copy is None and type(x) is _Tensor and type(shape) is tuple and len(shape) <= MAX_NDIM \
            and id(x.dtype) in _NAME_BY_ID:
        # Measured fast path: a tuple of non-negative ints (no -1, no 0: Paddle's reshape
        # reads 0 as "keep that extent") whose product is x's non-zero size is the reshape
        # kernel paddle.reshape calls for it, without the rules' reads and paddle.reshape's
        # Python layers. Anything else: the rules.
        for s in shape:
            if type(s) is not int or s < 0:
                break
        else:
            xs = x.shape
            size = math.prod(xs)
            if size and math.prod(shape) == size:
                ls = list(shape)
                return x if ls == xs else _C_ops.reshape(x, ls)  # paddle.reshape's x for x
    name = require_array(x, "reshape")
    shape = list(_manipulation.reshape_shape(shape, _size(x), _d.ITEMSIZE[name]))
    check_rank("reshape", len(shape))
    if copy is False:
        raise ValueError("reshape: copy=False cannot be honoured (Paddle gives no view "
                         "guarantee)")
    out = paddle.reshape(x, shape)
    return out.clone() if copy else out


def roll(x, /, shift, *, axis=None):
    """Array API ``roll``."""
    name = require_array(x, "roll")
    shifts, axes = _manipulation.roll_args(shift, axis, x.shape)
    if 0 in x.shape:
        return x.clone()
    if axes is None:
        return moving(paddle.roll, x.reshape([-1]), name, shifts[0]).reshape(x.shape)
    return moving(paddle.roll, x, name, shifts, list(axes))


def squeeze(x, /, axis):
    """Array API ``squeeze``: the axes must have size 1."""
    if type(x) is _Tensor and type(axis) is int and id(x.dtype) in _NAME_BY_ID:
        # Measured fast path (one int axis in range, of extent 1): the reshape kernel
        # paddle.reshape calls for a new shape, without the rules' reads. Anything else
        # (an extent other than 1 included: the rules' error): the rules.
        shape = list(x.shape)
        n = len(shape)
        if -n <= axis < n and shape[axis] == 1:
            del shape[axis]
            return _C_ops.reshape(x, shape)
    require_array(x, "squeeze")
    axes = _manipulation.squeeze_axes(axis, x.ndim, x.shape)
    return paddle.reshape(x, [s for i, s in enumerate(x.shape) if i not in axes])


def stack(arrays, /, *, axis=0):
    """Array API ``stack``."""
    if type(arrays) is list and arrays and type(axis) is int:
        # Measured fast path (a scan's or vmap's ys: a list of tensors of one dtype and
        # shape, stacked along a new axis 0; the rows of a matrix built from tensors, along
        # axis -1 or -2: ~5.6 us less a call): Paddle's kernel (paddle.stack only forwards
        # to it) after one dtype read, without the rules' reads of every tensor's dtype and
        # shape (~0.5 us each). The kernel raises ValueError for two dtypes or two shapes of
        # non-empty tensors (it never promotes): such a call, empty tensors, a dtype outside
        # the standard's, a rank over MAX_NDIM, an axis out of range or anything else it
        # refuses take the rules.
        for a in arrays:
            if type(a) is not _Tensor:
                break
        else:
            first = arrays[0]
            shape = first.shape
            n = len(shape)
            # Not empty: the kernel's dtype test is its read of each tensor's data, which an
            # empty tensor skips (float32 and float64 empties stacked as float32).
            if (id(first.dtype) in _NAME_BY_ID and n < MAX_NDIM and -n - 1 <= axis <= n
                    and 0 not in shape):
                try:
                    return _C_ops.stack(arrays, axis)
                except Exception:  # noqa: BLE001 - the rules raise the standard error
                    pass
    arrays, ax = _manipulation.stack_args(_p, arrays, axis)
    check_rank("stack", arrays[0].ndim + 1)
    return paddle.stack(arrays, axis=ax)


@allocating("tile")
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
    ax = _manipulation.unstack_axis(axis, x.ndim)
    if x.shape[ax] == 0:
        return ()
    return tuple(paddle.unbind(x, ax))
