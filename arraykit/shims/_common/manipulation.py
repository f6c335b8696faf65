"""Axis rules of the manipulation functions that several shims apply the same way; they take
Python values (axes, ranks, shapes), never a framework's objects."""

from __future__ import annotations

import math
import operator

from .checks import check_same_length, require_ndim, shown
from .sizes import check_shape
from .utils import normalize_axes, normalize_axis


def concat_axis(axis, shapes) -> int:
    """``concat``'s axis (an int; None flattens, which the caller does) for arrays of
    ``shapes``; ValueError for 0-d arrays and for shapes that differ off that axis."""
    ndim = len(shapes[0])
    if ndim == 0:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated")
    ax = normalize_axis(axis, ndim, "concat")
    for shape in shapes[1:]:
        if len(shape) != ndim or any(s != t for i, (s, t) in enumerate(zip(shape, shapes[0]))
                                     if i != ax):
            raise ValueError(f"concat: shapes {[tuple(s) for s in shapes]} differ off "
                             f"axis {ax}")
    return ax


def reshape_ints(shape) -> list[int]:
    """``reshape``'s ``shape`` as a list of Python ints (-1 stays); TypeError for anything
    else (MLX's ``int()`` truncated 2.5 to 2)."""
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


def roll_axes(shift, axis, ndim: int) -> tuple[tuple, tuple[int, ...]]:
    """``roll``'s ``(shifts, axes)`` for a given ``axis`` (repeats allowed: their shifts add
    up): a tuple ``shift`` pairs with the axes, any other is applied to each."""
    axes = normalize_axes(axis, ndim, "roll", allow_duplicates=True)
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


def tile_reps(repetitions, shape, itemsize: int, **limits) -> tuple[tuple, tuple]:
    """``tile``'s repetitions and the array's ``shape``, both as tuples of ints padded with
    leading ones to one length; the result's shape checked by ``sizes.check_shape``
    (``itemsize``, the framework's ``limits``): frameworks wrap a product beyond int64 (Paddle
    3.3.1 corrupts its heap on ``tile(x, (2**31, 2**31))``, MLX raises ``std::bad_cast``).
    TypeError for a repetition that is no integer, ValueError for a negative one."""
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
    check_shape("tile", [s * r for s, r in zip(shape, reps)], itemsize, **limits)
    return reps, shape


def squeeze_axes(axis, ndim: int, shape) -> tuple[int, ...]:
    """``squeeze``'s axes; ValueError for one whose length is not 1 (an unknown length, None
    in a TF graph, passes)."""
    axes = normalize_axes(axis, ndim, "squeeze")
    for a in axes:
        if shape[a] is not None and shape[a] != 1:
            raise ValueError(f"squeeze: axis {a} has size {shape[a]}, not 1")
    return axes


def unstack_keys(axis, shape) -> list[tuple]:
    """``unstack``'s slices of an array of ``shape`` along ``axis``, as the index tuples
    ``key`` of ``x[key]``; at least one dimension (ValueError), ``axis`` in range."""
    require_ndim("unstack", len(shape), 1)
    ax = normalize_axis(axis, len(shape), "unstack")
    lead = (slice(None),) * ax
    return [lead + (i,) for i in range(shape[ax])]
