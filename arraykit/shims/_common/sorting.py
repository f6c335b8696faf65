"""``sort`` and ``argsort`` of the full shims, written once over a shim's primitives.

The rules: input of a real numeric dtype or bool (bool sorts as NumPy, torch, JAX, TF and
MXNet sort it, False first: through uint8, and back); a 0-d input sorts as one element, so its
axis is 0 or -1 (AxisError for another, TypeError for a non-integer); a zero-size input gives
an empty result of its shape; indices are int64. What is left to a shim is one framework
operation each, called with a non-empty array of at least one dimension, a real numeric dtype
and a normalized axis: ``argsort_along(x, axis, descending)`` (int64 indices of the stable
sort) and ``sort_along(x, axis, descending)``, ``descending`` a bool. Both orders are stable,
and NaN sorts as the largest value (last ascending, first descending), as in NumPy, torch, JAX
and array-api-strict. ``descending`` and ``stable`` are read by :func:`flag`: a bool, NumPy's
bool or an integer (``1`` is True), anything else a TypeError (``"False"`` is no flag: the
shims read it by truthiness and sorted descending).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from .checks import shown, sort_axis_0d
from .operands import OperandRules, known_shape
from .primitives import ShimPrimitives
from .utils import normalize_axis


def flag(value, name: str, fname: str) -> bool:
    """A bool argument (``descending``, ``stable``): True/False, NumPy's bool, an integer (by
    ``operator.index``, as NumPy reads a 0-d integer array too); TypeError naming ``fname``
    for anything else (a string, None, a float)."""
    if value is False or value is True:
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    try:
        return bool(operator.index(value))
    except TypeError:
        raise TypeError(f"{fname}: {name} must be a bool, got {shown(value)}") from None


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
        if descending is not False:
            descending = flag(descending, "descending", "argsort")
        if stable is not True:
            flag(stable, "stable", "argsort")
        name, ax = checked(x, axis, "argsort")
        if ax is None:
            # (An extent unknown while TF traces, None, is not handled: tf.zeros raises.)
            return zeros(known_shape(shape_of(x), "argsort"), "int64", x)
        if name == "bool":
            x = cast(x, "uint8")
        return argsort_along(x, ax, descending)

    def sort(x, /, *, axis=-1, descending=False, stable=True):
        """Array API ``sort`` (stable, whatever ``stable``)."""
        if descending is not False:
            descending = flag(descending, "descending", "sort")
        if stable is not True:
            flag(stable, "stable", "sort")
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
