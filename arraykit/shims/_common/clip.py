"""``clip`` of the full shims, written once over a shim's primitives.

The rules (``scalars`` says why): ``x`` of a real numeric dtype; a bound is None, an array or
a Python (or NumPy) int or float. An array bound must promote to ``x``'s dtype by the
standard's table (of ``x``'s kind and no wider: TypeError otherwise) and broadcast with
``x``'s shape (ValueError); a scalar bound is refused if it is a bool, a complex or a float
with an integer ``x`` (TypeError), and an int beyond an integer dtype's range saturates to it.
The result has ``x``'s dtype and the broadcast shape; without bounds it is a copy of ``x``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .checks import check_clip_bound_shape
from .operands import OperandRules
from .primitives import ShimPrimitives
from .scalars import check_clip_array_bound, clip_scalar_bound


def clip_function(p: ShimPrimitives, clamp: Callable[..., Any], module: str
                  ) -> Callable[..., Any]:
    """The namespace's ``clip``. ``clamp(x, lo, hi, name)``: ``x`` (of dtype ``name``) clamped
    from below by ``lo`` and from above by ``hi``, each None (not both), a Python int or float
    that dtype ``name`` holds exactly (ints in range), or an array of dtype ``name`` that
    broadcasts with ``x``; NaN in ``x`` or in a bound propagates."""
    rules = OperandRules(p)
    require_array, require_kind = rules.require_array, rules.require_kind
    cast, copy, array_type, shape_of = p.cast, p.copy, p.ARRAY_TYPE, p.shape_of
    integral_names = p.DTYPE_RULES.kind_sets["integral"]

    def bound(b, which: str, name: str, x_shape):
        if isinstance(b, array_type):
            bname = require_array(b, "clip")
            if bname != name:
                check_clip_array_bound(bname, name, which)
                b = cast(b, name)
            shape = shape_of(b)
            if shape != x_shape:
                check_clip_bound_shape(which, shape, x_shape)
            return b
        return clip_scalar_bound(b, name, name in integral_names, which)

    def clip(x, /, min=None, max=None):
        """Array API ``clip``: ``x`` clamped to [``min``, ``max``]; the bounds are arrays or
        Python scalars of ``x``'s kind; the result has ``x``'s dtype."""
        name = require_kind(x, "real numeric", "clip")
        if min is None and max is None:
            return copy(x)
        shape = shape_of(x)
        return clamp(x, None if min is None else bound(min, "min", name, shape),
                     None if max is None else bound(max, "max", name, shape), name)

    clip.__module__ = module
    clip.__qualname__ = "clip"
    return clip


__all__ = ["clip_function"]
