"""The manipulation functions' rules, written once for the full shims (TensorFlow, MXNet, MLX,
Paddle): each takes Python values (axes, ranks, shapes, dtype names) and returns what the
framework's op needs; the ones that take the arrays themselves (``promoted``, ``concat_args``,
``stack_args``) run over the shim's primitives module ``p`` (``primitives.ShimPrimitives``).
A shim's function is then the rule and its framework op; a shim does more only for a
framework defect, with the reason beside it.

A shape may hold ``None`` for an extent that is not known (a TF graph): the rules pass it,
and the framework checks it when it runs."""

from __future__ import annotations

import math
import operator

import numpy as np

from . import dtypes as _d
from . import operands as _operands
from .checks import check_same_length, not_an_array, require_ndim, shown
from .sizes import check_shape
from .utils import broadcast_shapes, expand_dims_axes, normalize_axes, normalize_axis


def promoted(p, arrays, fname: str) -> list:
    """``arrays`` (a sequence of ``p``'s arrays) cast to the dtype they promote to by the
    standard's table (``p.DTYPE_RULES``): TypeError for an argument that is not an array of a
    standard dtype, ValueError for no arrays at all."""
    arrays = list(arrays)
    if not arrays:
        raise ValueError(f"{fname}: at least one array is required")
    array_type, name_of = p.ARRAY_TYPE, p.name_of
    names = [name_of(a) if isinstance(a, array_type) else None for a in arrays]
    r = names[0]
    if r is not None and names.count(r) == len(names):  # one dtype: the common call
        return arrays
    for a, n in zip(arrays, names):
        if n is None:
            _dtype_name(p, a, fname)  # raises
    for n in names:
        if n != r:
            r = p.DTYPE_RULES.promote(r, n, fname)
    return [p.cast(a, r) for a in arrays]


def _dtype_name(p, x, fname: str) -> str:
    """The dtype name of ``x``; TypeError unless it is one of ``p``'s arrays of a standard
    dtype (``operands.OperandRules.require_array``'s rule)."""
    if not isinstance(x, p.ARRAY_TYPE):
        raise not_an_array(fname, x, p.ARRAY_NOUN)
    n = p.name_of(x)
    if n is None:
        raise p.unsupported(x, fname)
    return n


def broadcast_arrays(p, arrays) -> tuple:
    """``broadcast_arrays`` over ``p``: each one of ``p``'s arrays (TypeError), their shapes
    broadcastable (ValueError naming the function), each broadcast by ``p.broadcast_to``
    unless it has the result's shape."""
    for a in arrays:
        _dtype_name(p, a, "broadcast_arrays")
    shape = _operands.broadcast_shapes(*(a.shape for a in arrays), fname="broadcast_arrays")
    return tuple(a if tuple(a.shape) == shape else p.broadcast_to(a, shape) for a in arrays)


def concat_args(p, arrays, axis) -> tuple[list, int | None]:
    """``concat``'s arrays, promoted (``promoted``), and its axis by ``concat_axis``; None for
    ``axis=None``, which flattens them first (the framework's op)."""
    arrays = promoted(p, arrays, "concat")
    if axis is None:
        return arrays, None
    return arrays, concat_axis(axis, [a.shape for a in arrays])


def concat_axis(axis, shapes) -> int:
    """``concat``'s axis (an int; None flattens, which the caller does) for arrays of
    ``shapes``; ValueError for 0-d arrays, for ranks that differ and for extents that differ
    off that axis."""
    ndim = len(shapes[0])
    if ndim == 0:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated")
    ax = normalize_axis(axis, ndim, "concat")
    first = shapes[0]
    for shape in shapes[1:]:
        if len(shape) != ndim or any(
                s != t and s is not None and t is not None
                for i, (s, t) in enumerate(zip(shape, first)) if i != ax):
            raise ValueError(f"concat: shapes {[tuple(s) for s in shapes]} differ off "
                             f"axis {ax}")
    return ax


def stack_args(p, arrays, axis) -> tuple[list, int]:
    """``stack``'s arrays, promoted (``promoted``), and the position of the new axis;
    ValueError unless all have one shape."""
    arrays = promoted(p, arrays, "stack")
    shape = arrays[0].shape
    for a in arrays[1:]:
        if a.shape != shape:
            raise ValueError(f"stack: all arrays must have the same shape, got "
                             f"{[tuple(b.shape) for b in arrays]}")
    return arrays, normalize_axis(axis, len(shape) + 1, "stack")


def expanded_shape(axis, shape) -> list:
    """``expand_dims``'s result shape for input ``shape`` (``utils.expand_dims_axes``: an
    AxisError for a position out of range, ValueError for a repeated one)."""
    axes = expand_dims_axes(axis, len(shape))
    it = iter(shape)
    return [1 if i in axes else next(it) for i in range(len(shape) + len(axes))]


def permute_order(axes, ndim: int) -> tuple[int, ...]:
    """``permute_dims``'s ``axes`` as non-negative ints; ValueError unless they name every
    one of ``ndim`` dimensions once."""
    order = normalize_axes(tuple(axes), ndim, "permute_dims")
    if len(order) != ndim:
        raise ValueError(f"permute_dims: axes {tuple(axes)} are not a permutation of "
                         f"{ndim} dimensions")
    return order


def moveaxis_order(source, destination, ndim: int) -> list[int]:
    """The ``permute_dims`` order that ``moveaxis(x, source, destination)`` is, for an
    ``ndim``-dimensional ``x`` (axes as ``normalize_axes`` takes them)."""
    src = normalize_axes(source, ndim, "moveaxis")
    dst = normalize_axes(destination, ndim, "moveaxis")
    check_same_length(src, dst)
    order = [a for a in range(ndim) if a not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return order


def reshape_ints(shape) -> list[int]:
    """``reshape``'s ``shape`` as a list of Python ints (-1 stays; an int is a 1-D shape, as
    NumPy takes it); TypeError for anything else (MLX's ``int()`` truncated 2.5 to 2, TF's and
    MXNet's too)."""
    try:
        return [operator.index(shape)]
    except TypeError:
        pass
    try:
        return [operator.index(s) for s in shape]
    except TypeError:
        raise TypeError(f"reshape: shape must be a tuple of ints, got {shown(shape)}") from None


def reshape_fits(shape, size: int) -> bool:
    """Whether ``shape`` (a sequence of ints, at most one -1 to infer; ValueError for any
    other) can hold ``size`` elements."""
    if shape.count(-1) > 1 or any(s < -1 for s in shape):
        raise ValueError(f"reshape: invalid shape {tuple(shape)}")
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape:
        return known != 0 and size % known == 0
    return known == size


def reshape_shape(shape, size: int | None, itemsize: int, **limits) -> tuple[int, ...]:
    """``reshape``'s target ``shape`` for an array of ``size`` elements (None: unknown, a TF
    graph) as a tuple of ints: ``reshape_ints``, ``reshape_fits`` (ValueError when it cannot
    hold them), and where the array is empty or of unknown size, the extents by
    ``sizes.check_shape`` (``itemsize``, the framework's ``limits``): a shape that fits a
    non-empty array has no extent beyond its size."""
    if type(shape) is tuple and size:  # the common call: ints, no -1, a non-empty array
        for s in shape:
            if type(s) is not int or s < 0:
                break
        else:
            if math.prod(shape) == size:
                return shape
    shape = reshape_ints(shape)
    if size is None or size == 0:
        if shape.count(-1) <= 1:
            check_shape("reshape", [s for s in shape if s != -1], itemsize, **limits)
        if size is None:
            reshape_fits(shape, 1)  # only the -1 rule
            return tuple(shape)
    if not reshape_fits(shape, size):
        raise ValueError(f"reshape: cannot reshape an array of size {size} into shape "
                         f"{tuple(shape)}")
    return tuple(shape)


def roll_axes(shift, axis, ndim: int) -> tuple[tuple, tuple[int, ...]]:
    """``roll``'s ``(shifts, axes)`` for a given ``axis`` (repeats allowed: their shifts add
    up): a tuple (or list) ``shift`` pairs with the axes, any other is applied to each."""
    axes = normalize_axes(axis, ndim, "roll", allow_duplicates=True)
    if isinstance(shift, list):
        shift = tuple(shift)
    shifts = shift if isinstance(shift, tuple) else (shift,) * len(axes)
    if len(shifts) != len(axes):
        raise ValueError("roll: shift and axis must have the same length")
    return shifts, axes


def roll_shifts(shifts, axes, shape) -> list[int]:
    """``roll``'s ``shifts`` (paired with ``axes`` as ``roll_axes`` pairs them) as Python ints
    reduced modulo their axis length, which rolls the same: frameworks take int32 (MLX 0.32
    aborts the process on a larger shift, ``terminate called``) or int64 shifts. TypeError for
    a shift that is no integer; an axis of unknown length (None, a TF graph) keeps its shift."""
    out = []
    for given, a in zip(shifts, axes):
        try:
            s = operator.index(given)
        except TypeError:
            raise TypeError(f"roll: shift must be an int or a tuple of ints, got "
                            f"{shown(given)}") from None
        n = shape[a]
        out.append(s if n is None else s % n if n else 0)
    return out


def roll_args(shift, axis, shape) -> tuple[list[int], tuple[int, ...] | None]:
    """``roll``'s shifts (``roll_shifts``) and axes for an array of ``shape``, one shift per
    axis in increasing order (a repeated axis rolls by the sum of its shifts). ``axis=None``
    rolls the flattened array: one shift and None for the axes; a tuple ``shift`` there rolls
    by its sum, as NumPy's ``roll`` does."""
    if axis is not None:
        shifts, axes = roll_axes(shift, axis, len(shape))
        if len(set(axes)) != len(axes) or list(axes) != sorted(axes):
            # One shift per axis, in order (MXNet 1.9.1 refuses repeated or unsorted axes).
            total = dict.fromkeys(sorted(axes), 0)
            for s, a in zip(roll_shifts(shifts, axes, (None,) * len(shape)), axes):
                total[a] += s
            shifts, axes = tuple(total.values()), tuple(total)
        return roll_shifts(shifts, axes, shape), axes
    size = None if None in shape else math.prod(shape)
    if isinstance(shift, (tuple, list)):
        shift = sum(roll_shifts(shift, (0,) * len(shift), (None,)))
    return roll_shifts((shift,), (0,), (size,)), None


def tile_reps(repetitions, shape, itemsize: int, **limits) -> tuple[tuple, tuple]:
    """``tile``'s repetitions and the array's ``shape``, both as tuples of ints padded with
    leading ones to one length; the result's shape checked by ``sizes.check_shape``
    (``itemsize``, the framework's ``limits``; not for a shape with an unknown extent): frameworks
    wrap a product beyond int64 (Paddle 3.3.1 corrupts its heap on ``tile(x, (2**31, 2**31))``,
    MLX raises ``std::bad_cast``, TF makes a negative size). TypeError for a repetition that is
    no integer, ValueError for a negative one."""
    try:
        reps = tuple(operator.index(r) for r in repetitions)
    except TypeError:
        raise TypeError(f"tile: repetitions must be a tuple of ints, got "
                        f"{shown(repetitions)}") from None
    if any(r < 0 for r in reps):
        raise ValueError(f"tile: repetitions must be non-negative, got {reps}")
    nd = max(len(reps), len(shape))
    reps = (1,) * (nd - len(reps)) + reps
    shape = (1,) * (nd - len(shape)) + tuple(shape)
    if None not in shape:
        check_shape("tile", [s * r for s, r in zip(shape, reps)], itemsize, **limits)
    return reps, shape


def repeat_count(repeats, shape, axis: int, itemsize: int, **limits) -> int:
    """``repeat``'s ``repeats`` given as a Python int (or a NumPy integer) for an array of
    ``shape`` repeated along ``axis``: TypeError for anything else (a float was truncated by
    MXNet), ValueError for a negative count; the result's shape checked by
    ``sizes.check_shape`` (frameworks wrap a huge count: TF's ``repeat`` of 2**62 was empty)."""
    try:
        r = operator.index(repeats)
    except TypeError:
        raise TypeError(f"repeat: repeats must be an int or an integer array, got "
                        f"{shown(repeats)}") from None
    check_counts(r)
    if r > 1 and None not in shape:
        out = list(shape)
        out[axis] *= r
        check_shape("repeat", out, itemsize, **limits)
    return r


#: Sizes (bytes, elements, extents) within every framework's limits (``sizes.check_shape``'s
#: smallest: MXNet's 2**31 - 2 elements).
_SMALL = 2**31 - 2


def host_repeat_counts(p, repeats, shape, axis: int, itemsize: int, **limits):
    """``repeat``'s ``repeats`` given as an array of the shim's (primitives ``p``), read on the
    host (the result's shape depends on the counts): :func:`check_repeat_counts`, then a
    Python int for one count (:func:`repeat_count`'s rules) or a 1-D int64 NumPy array of one
    count per element along ``axis``, none negative (ValueError) and the result's shape
    checked by ``sizes.check_shape`` (an index array of their sum is built from them: a sum
    past the framework's limits was a MemoryError on MLX and MXNet). ``shape``'s extent along
    ``axis`` is known (no graph)."""
    rshape = tuple(p.shape_of(repeats))
    check_repeat_counts(p.name_of(repeats) or str(repeats.dtype), len(rshape),
                        rshape[0] if rshape else 1, shape[axis])
    r = p.to_host(repeats).astype(np.int64, copy=False).reshape(-1)
    if r.size == 1:
        return repeat_count(int(r[0]), shape, axis, itemsize, **limits)
    if r.size:
        if r.size <= 256:  # Python's min and sum of a short list cost less than two reductions
            counts = r.tolist()
            check_counts(min(counts))
            total = sum(counts)
        else:
            check_counts(r.min())
            total = r.sum(dtype=np.float64)  # no wrap; exact below 2**53 (non-negative terms)
            total = int(total) if total < 2.0 ** 53 else sum(r.tolist())
        out = list(shape)
        out[axis] = total
        if total > _SMALL or math.prod(out) * itemsize > _SMALL:  # (below: within every limit)
            check_shape("repeat", out, itemsize, **limits)
    return r


def check_counts(smallest) -> None:
    """``repeat``'s counts, given their ``smallest``: ValueError for a negative one."""
    if smallest < 0:
        raise ValueError("repeat: repeats must be non-negative")


def check_repeat_counts(name: str, ndim: int, length, axis_length) -> None:
    """``repeat``'s ``repeats`` given as an array of dtype ``name``, ``ndim`` dimensions and
    ``length`` entries (its first extent) for an axis of ``axis_length``: an integer dtype
    (TypeError), 0-d or 1-D with one count or one per element (ValueError). Its values are
    the framework's to read (``check_counts``)."""
    if name not in _d.INTEGRAL:
        raise TypeError(f"repeat: repeats must have an integer dtype, got {name}")
    if ndim > 1:
        raise ValueError(f"repeat: repeats must be an int or a 0-d or 1-D array, got "
                         f"{ndim} dimensions")
    if ndim == 1 and length not in (1, axis_length) and None not in (length, axis_length):
        raise ValueError(f"repeat: {length} repeats for an axis of length {axis_length}")


def squeeze_axes(axis, ndim: int, shape) -> tuple[int, ...]:
    """``squeeze``'s axes; ValueError for one whose length is not 1 (an unknown length, None
    in a TF graph, passes)."""
    axes = normalize_axes(axis, ndim, "squeeze")
    for a in axes:
        if shape[a] is not None and shape[a] != 1:
            raise ValueError(f"squeeze: axis {a} has size {shape[a]}, not 1")
    return axes


def unstack_axis(axis, ndim: int) -> int:
    """``unstack``'s axis: the array has at least one dimension (ValueError), ``axis`` in
    range."""
    require_ndim("unstack", ndim, 1)
    return normalize_axis(axis, ndim, "unstack")


def unstack_keys(axis, shape) -> list[tuple]:
    """``unstack``'s slices of an array of ``shape`` along ``axis`` (``unstack_axis``), as the
    index tuples ``key`` of ``x[key]``."""
    ax = unstack_axis(axis, len(shape))
    lead = (slice(None),) * ax
    return [lead + (i,) for i in range(shape[ax])]


def broadcast_to_shape(x_shape, shape, itemsize: int, **limits) -> tuple[int, ...]:
    """``broadcast_to``'s ``shape`` as a tuple of ints, checked by ``sizes.check_shape``
    (``itemsize``, the framework's ``limits``); ValueError unless an array of ``x_shape``
    broadcasts to it."""
    shape = check_shape("broadcast_to", shape, itemsize, **limits)
    x_shape = tuple(x_shape)
    try:
        ok = broadcast_shapes(x_shape, shape) == shape
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"broadcast_to: cannot broadcast shape {x_shape} to {shape}")
    return shape

