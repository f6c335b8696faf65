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
from .operands import OperandRules
from .primitives import ShimPrimitives
from .utils import normalize_axis


def sorting_functions(p: ShimPrimitives, argsort_along: Callable[..., Any],
                      sort_along: Callable[..., Any], module: str
                      ) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The namespace's ``argsort`` and ``sort`` for the shim whose primitives are ``p``
    (``module``: the functions' ``__module__``)."""
    require_kind = OperandRules(p).require_kind
    cast, zeros, copy, shape_of = p.cast, p.zeros, p.copy, p.shape_of

    def argsort(x, /, *, axis=-1, descending=False, stable=True):
        """Array API ``argsort``: int64 indices of the stable sort (whatever ``stable``)."""
        name = require_kind(x, "boolean or real numeric", "argsort")
        shape = shape_of(x)
        nd = len(shape)
        if nd == 0:
            sort_axis_0d("argsort", axis)
            return zeros((), "int64", x)
        ax = normalize_axis(axis, nd, "argsort")
        if 0 in shape:
            return zeros(tuple(shape), "int64", x)
        if name == "bool":
            x = cast(x, "uint8")
        return argsort_along(x, ax, descending)

    def sort(x, /, *, axis=-1, descending=False, stable=True):
        """Array API ``sort`` (stable, whatever ``stable``)."""
        name = require_kind(x, "boolean or real numeric", "sort")
        shape = shape_of(x)
        nd = len(shape)
        if nd == 0:
            sort_axis_0d("sort", axis)
            return copy(x)
        ax = normalize_axis(axis, nd, "sort")
        if 0 in shape:
            return copy(x)
        if name == "bool":
            return cast(sort_along(cast(x, "uint8"), ax, descending), "bool")
        return sort_along(x, ax, descending)

    for f in (argsort, sort):
        f.__module__ = module
        f.__qualname__ = f.__name__
    return argsort, sort


__all__ = ["sorting_functions"]
