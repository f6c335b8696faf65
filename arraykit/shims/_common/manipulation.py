"""Axis rules of the manipulation functions that several shims apply the same way; they take
Python values (axes, ranks, shapes), never a framework's objects."""

from __future__ import annotations

import math

from .checks import check_same_length, require_ndim
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
