"""``sort`` and ``argsort`` of the full shims, written once over a shim's primitives.

The rules: input of a real numeric dtype or bool (bool sorts as NumPy, torch, JAX, TF and
MXNet sort it, False first: through uint8, and back); a 0-d input sorts as one element, so its
axis is 0 or -1 (AxisError for another, TypeError for a non-integer); a zero-size input gives
an empty result of its shape; indices are int64. What is left to a shim is one framework
operation each, called with a non-empty array of at least one dimension, a real numeric dtype
and a normalized axis: ``argsort_along(x, axis, descending)`` (int64 indices of the stable
sort) and ``sort_along(x, axis, descending)``. Both orders are stable, and NaN sorts as the
largest value (last ascending, first descending), as in NumPy, torch, JAX and
array-api-strict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .checks import sort_axis_0d
from .operands import OperandRules, known_shape
from .primitives import ShimPrimitives
from .utils import normalize_axis


def sorting_functions(p: ShimPrimitives, argsort_along: Callable[..., Any],
                      sort_along: Callable[..., Any], module: str
                      ) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The namespace's ``argsort`` and ``sort`` for the shim whose primitives are ``p``
    (``module``: the functions' ``__module__``)."""
    require_kind = OperandRules(p).require_kind
    cast, zeros, copy, shape_of = p.cast, p.zeros, p.copy, p.shape_of

    def checked(x, axis, fname: str) -> tuple[str, int | None]:
        """The dtype name of a sort's input and the axis to sort along; None for a 0-d or
        empty input, whose result needs no sort."""
        name = require_kind(x, "boolean or real numeric", fname)
        shape = shape_of(x)
        if len(shape) == 0:
            sort_axis_0d(fname, axis)
            return name, None
        ax = normalize_axis(axis, len(shape), fname)
        return name, None if 0 in shape else ax

    def argsort(x, /, *, axis=-1, descending=False, stable=True):
        """Array API ``argsort``: int64 indices of the stable sort (whatever ``stable``)."""
        name, ax = checked(x, axis, "argsort")
        if ax is None:
            # (An extent unknown while TF traces, None, is not handled: tf.zeros raises.)
            return zeros(known_shape(shape_of(x), "argsort"), "int64", x)
        if name == "bool":
            x = cast(x, "uint8")
        return argsort_along(x, ax, descending)

    def sort(x, /, *, axis=-1, descending=False, stable=True):
        """Array API ``sort`` (stable, whatever ``stable``)."""
        name, ax = checked(x, axis, "sort")
        if ax is None:
            return copy(x)
        if name == "bool":
            return cast(sort_along(cast(x, "uint8"), ax, descending), "bool")
        return sort_along(x, ax, descending)

    for f in (argsort, sort):
        f.__module__ = module
        f.__qualname__ = f.__name__
    return argsort, sort


__all__ = ["sorting_functions"]
