"""Axis rules of the manipulation functions that several shims apply the same way; they take
Python values (axes, ranks, shapes), never a framework's objects."""

from __future__ import annotations

from .checks import check_same_length
from .utils import normalize_axes


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
