"""The indexing functions of the full shims (``take``, ``take_along_axis``), written once over
a shim's primitives.

Each factory takes the shim's primitives ``p``, one framework operation that gathers on input
the rules have already checked, and ``module`` (the functions' ``__module__``). The rules, once
for every shim:

* both: ``x`` an array of a standard dtype, ``indices`` an array of an integer dtype
  (TypeError); an index outside ``[-n, n)`` is an IndexError naming the function and the
  index (:func:`check_bounds`, on the values ``p.concrete`` reads; where it reads none, in a
  traced graph or a device's memory, the framework operation raises what it can); negative
  indices count from the end.
* ``take``: ``x`` of at least one dimension and ``indices`` one-dimensional (ValueError, as
  the standard and array-api-strict); ``axis`` optional for 1-D ``x`` only
  (``checks.take_axis``); empty ``indices`` give an empty result of ``x``'s dtype.
* ``take_along_axis``: ``x`` and ``indices`` of one rank (ValueError); ``axis`` normalized;
  the other axes broadcast (ValueError naming the function), so the framework operation sees
  ``x`` and ``indices`` of one shape outside ``axis``; an empty broadcast result is zeros.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import utils as _u
from .checks import check_indices_dtype, check_same_ndim, take_axis
from .operands import OperandRules, known_shape
from .primitives import ShimPrimitives

_Fn = Callable[..., Any]


def out_of_bounds(fname: str, bad: int, n: int) -> IndexError:
    """The IndexError for index ``bad`` outside ``[-n, n)``."""
    return IndexError(f"{fname}: index {int(bad)} is out of bounds for an axis of size {n}")


#: Each native signed integer dtype's unsigned twin (a dtype object: ``view`` of a string
#: parses it, ~1 us a call) and the smallest value a negative entry reads as through it,
#: 2**(bits-1): one ``max`` of the view both finds a negative entry and bounds the others
#: (take's check here, ext.nd's and Paddle's host checks).
UNSIGNED_OF = {np.dtype(f"i{b}"): (np.dtype(f"u{b}"), 2 ** (8 * b - 1)) for b in (1, 2, 4, 8)}


def check_bounds(fname: str, values, n: int | None) -> bool | None:
    """IndexError naming ``fname`` unless every index in ``values`` (a NumPy array of them, or
    None where they cannot be read at the call) lies in ``[-n, n)``; whether any is negative
    (None: not known, nor where the extent ``n`` is, a graph's)."""
    if values is None or n is None:
        return None
    if not values.size:
        return False
    twin = UNSIGNED_OF.get(values.dtype)
    if twin is not None and n <= twin[1] and values.view(twin[0]).max() < n:
        return False  # one reduction: read as unsigned, a negative entry is >= 2**(bits-1)
    lo, hi = values.min(), values.max()
    if lo < -n or hi >= n:
        raise out_of_bounds(fname, lo if lo < -n else hi, n)
    return bool(lo < 0)


def take_function(p: ShimPrimitives, gather: _Fn, module: str) -> _Fn:
    """The namespace's ``take``. ``gather(x, indices, axis, n, negative)``: ``x``'s entries
    at ``indices`` (a non-empty 1-D integer array, negative ones counting from the end) along
    ``axis``, whose extent is ``n``; ``negative``: whether any index is negative (None: the
    values are unknown, and out-of-bounds ones are the framework's to refuse)."""
    require_array = OperandRules(p).require_array
    shape_of, zeros, concrete = p.shape_of, p.zeros, p.concrete

    def take(x, indices, /, *, axis=None):
        """Array API ``take``; ``axis`` may be omitted for 1-D ``x``."""
        name = require_array(x, "take")
        check_indices_dtype("take", require_array(indices, "take"))
        xs = shape_of(x)
        if not len(xs):
            raise ValueError("take: x must have at least one dimension")
        ishape = shape_of(indices)
        if len(ishape) != 1:
            raise ValueError("take: indices must be one-dimensional")
        ax = take_axis(axis, len(xs))
        if ishape[0] == 0:
            shape = known_shape(tuple(xs[:ax]) + (0,) + tuple(xs[ax + 1:]), "take")
            return zeros(shape, name, x)
        n = xs[ax]
        return gather(x, indices, ax, n, check_bounds("take", concrete(indices), n))

    take.__module__ = module
    return take


def take_along_axis_function(p: ShimPrimitives, gather: _Fn, module: str) -> _Fn:
    """The namespace's ``take_along_axis``. ``gather(x, indices, axis, n, negative)``:
    ``x``'s entries at ``indices`` along ``axis`` (extent ``n``), ``x`` and ``indices`` of one
    rank and one shape outside ``axis``, ``indices`` non-empty (negative ones counting from
    the end; ``negative`` as for :func:`take_function`)."""
    require_array = OperandRules(p).require_array
    shape_of, zeros, broadcast_to = p.shape_of, p.zeros, p.broadcast_to
    concrete = p.concrete
    fname = "take_along_axis"

    def take_along_axis(x, indices, /, *, axis=-1):
        """Array API ``take_along_axis``: ``x`` and ``indices`` broadcast on every other
        axis."""
        name = require_array(x, fname)
        check_indices_dtype(fname, require_array(indices, fname))
        xs, is_ = tuple(shape_of(x)), tuple(shape_of(indices))
        negative = None
        nd = len(xs)
        check_same_ndim(fname, nd, len(is_))
        ax = _u.normalize_axis(axis, nd, fname)
        if xs[:ax] + xs[ax + 1:] != is_[:ax] + is_[ax + 1:]:
            try:
                b = _u.broadcast_shapes(xs[:ax] + (1,) + xs[ax + 1:],
                                        is_[:ax] + (1,) + is_[ax + 1:])
            except ValueError:
                raise ValueError(f"{fname}: shapes {xs} and {is_} differ outside axis "
                                 f"{axis}") from None
            xb, ib = b[:ax] + (xs[ax],) + b[ax + 1:], b[:ax] + (is_[ax],) + b[ax + 1:]
            if 0 in ib:
                return zeros(known_shape(ib, fname), name, x)
            negative = check_bounds(fname, concrete(indices), xs[ax])  # before broadcasting
            if xb != xs:
                x = broadcast_to(x, known_shape(xb, fname))
            if ib != is_:
                indices = broadcast_to(indices, known_shape(ib, fname))
        elif 0 in is_:
            return zeros(known_shape(is_, fname), name, x)
        else:
            negative = check_bounds(fname, concrete(indices), xs[ax])
        return gather(x, indices, ax, xs[ax], negative)

    take_along_axis.__module__ = module
    return take_along_axis
