"""The searching functions of the full shims (``argmax``, ``argmin``, ``count_nonzero``,
``nonzero``, ``searchsorted``, ``where``), written once over a shim's primitives.

Each factory takes the shim's primitives ``p``, one framework operation that does the search
on input the rules have already checked, and ``module`` (the functions' ``__module__``). The
rules, once for every shim:

* ``argmax``/``argmin``: real numeric input (bool and complex are TypeErrors, as in
  array-api-strict); ``keepdims`` a bool (``checks.check_keepdims``); the axis rule of
  ``checks.arg_axis`` (a 0-d input takes None, 0 or -1; an empty search is a ValueError); a
  zero-size input along a non-empty axis gives an empty int64 result. NaN is the extreme (the
  first NaN's index, as NumPy): ``first_nan_along`` for frameworks whose search skips NaN.
* ``count_nonzero``: any dtype; ``keepdims`` a bool; ``axis`` by ``utils.normalize_axes``
  (repeats are a ValueError); zero-size input counts 0.
* ``nonzero``: 0-d input is a ValueError; zero-size input gives ``ndim`` empty int64 arrays.
* ``searchsorted``: ``side`` 'left' or 'right' (ValueError); ``x1`` a 1-D array of a real
  numeric dtype; ``sorter`` None or an integer array; ``x2`` an array or a Python scalar
  (2025.12), promoted with ``x1`` by the standard's rules (a float with an integer ``x1``
  searches in the default float: ``searchsorted([1, 5, 9, 12], 5.5)`` is 2); an empty ``x1``
  gives zeros of ``x2``'s shape (and an empty ``x2`` an empty result).
* ``where``: ``condition`` a bool array; ``x1``/``x2`` arrays or Python scalars (not both
  scalars), promoted by the standard's rules; the three shapes broadcast (ValueError naming
  ``where``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .checks import arg_axis, check_indices_dtype, check_keepdims, check_side, not_an_array
from .operands import OperandRules, broadcast_shapes, known_shape, reduced_shape
from .primitives import ShimPrimitives
from .utils import normalize_axes

_Fn = Callable[..., Any]


def _named(module: str, *functions: _Fn) -> None:
    for f in functions:
        f.__module__ = module
        f.__qualname__ = f.__name__


def arg_functions(p: ShimPrimitives, search: _Fn, module: str) -> tuple[_Fn, _Fn]:
    """The namespace's ``argmax`` and ``argmin``. ``search(x, axis, keepdims, largest)``: the
    int64 index of the first maximum (``largest``) or minimum of ``x`` along ``axis``, for a
    non-empty ``x`` of at least one dimension and a real numeric dtype."""
    require_kind = OperandRules(p).require_kind
    reshape, zeros, shape_of = p.reshape, p.zeros, p.shape_of

    def arg(fname, largest, x, axis, keepdims):
        require_kind(x, "real numeric", fname)
        if type(keepdims) is not bool:
            keepdims = check_keepdims(fname, keepdims)
        shape = shape_of(x)
        nd = len(shape)
        ax = arg_axis(fname, axis, nd, shape)
        if ax is None:  # the flattened array
            if nd == 0:
                return zeros((), "int64", x)
            r = search(x if nd == 1 else reshape(x, (-1,)), 0, False, largest)
            return reshape(r, (1,) * nd) if keepdims else r
        if 0 in shape:  # along a non-empty axis of a zero-size array: an empty result
            return zeros(reduced_shape(shape, (ax,), keepdims), "int64", x)
        return search(x, ax, keepdims, largest)

    def argmax(x, /, *, axis=None, keepdims=False):
        """Array API ``argmax``: the index (int64) of the first maximum."""
        return arg("argmax", True, x, axis, keepdims)

    def argmin(x, /, *, axis=None, keepdims=False):
        """Array API ``argmin``: the index (int64) of the first minimum."""
        return arg("argmin", False, x, axis, keepdims)

    _named(module, argmax, argmin)
    return argmax, argmin


def count_nonzero_function(p: ShimPrimitives, count: _Fn, module: str) -> _Fn:
    """The namespace's ``count_nonzero``. ``count(x, axes, keepdims)``: the int64 number of
    nonzero elements (NaN counts) of non-empty ``x`` over ``axes`` (a tuple of non-negative
    axes, possibly empty: then ``x != 0`` as int64)."""
    require_array = OperandRules(p).require_array
    zeros, shape_of = p.zeros, p.shape_of

    def count_nonzero(x, /, *, axis=None, keepdims=False):
        """Array API ``count_nonzero`` (int64 counts)."""
        require_array(x, "count_nonzero")
        if type(keepdims) is not bool:
            keepdims = check_keepdims("count_nonzero", keepdims)
        shape = shape_of(x)
        axes = normalize_axes(axis, len(shape), "count_nonzero")
        if 0 in shape:
            return zeros(reduced_shape(shape, axes, keepdims), "int64", x)
        return count(x, axes, keepdims)

    _named(module, count_nonzero)
    return count_nonzero


def nonzero_function(p: ShimPrimitives, find: _Fn, module: str) -> _Fn:
    """The namespace's ``nonzero``. ``find(x)``: the tuple of int64 index arrays of non-empty
    ``x`` of at least one dimension (data-dependent shapes: a lazy framework evaluates)."""
    require_array = OperandRules(p).require_array
    zeros, shape_of = p.zeros, p.shape_of

    def nonzero(x, /):
        """Array API ``nonzero``: a tuple of int64 index arrays, one per dimension (0-d input
        raises ValueError)."""
        require_array(x, "nonzero")
        shape = shape_of(x)
        nd = len(shape)
        if nd == 0:
            raise ValueError("nonzero: zero-dimensional arrays are not allowed")
        if 0 in shape:
            return tuple(zeros((0,), "int64", x) for _ in range(nd))
        return find(x)

    _named(module, nonzero)
    return nonzero


def searchsorted_function(p: ShimPrimitives, search: _Fn, module: str, *,
                          operands: _Fn | None = None) -> _Fn:
    """The namespace's ``searchsorted``. ``search(x1, x2, right, sorter)``: int64 indices of
    ``x2``'s shape; ``x1`` and ``x2`` non-empty, ``x1`` 1-D, ``x2`` an array of the same real
    numeric dtype; ``right``: ``side == "right"``; ``sorter`` None or an integer array
    (``x1[sorter]`` is sorted). ``operands``: see :func:`where_function`."""
    rules = OperandRules(p)
    require_array, require_kind = rules.require_array, rules.require_kind
    binary_arrays = rules.binary_arrays
    check_kind, zeros, name_of, shape_of = (p.DTYPE_RULES.check_kind, p.zeros, p.name_of,
                                            p.shape_of)

    def searchsorted(x1, x2, /, *, side="left", sorter=None):
        """Array API ``searchsorted``: ``x1`` 1-D (sorted, or sorted by ``sorter``), ``x2`` an
        array or (2025.12) a Python scalar; int64 indices of ``x2``'s shape."""
        if side != "left" and side != "right":
            check_side(side)
        require_kind(x1, "real numeric", "searchsorted")
        shape = shape_of(x1)
        if len(shape) != 1:
            raise ValueError("searchsorted: x1 must be one-dimensional")
        if sorter is not None:
            check_indices_dtype("searchsorted", require_array(sorter, "searchsorted"))
        if operands is None:
            a, b, name = binary_arrays(x1, x2, "searchsorted", bcast=False)
        else:
            a, b = operands("searchsorted", x1, x2)
            name = name_of(a)
        check_kind(name, "real numeric", "searchsorted")
        b_shape = shape_of(b)
        if shape[0] == 0 or 0 in b_shape:
            # (An extent unknown while TF traces, None, is not handled: tf.zeros raises.)
            return zeros(known_shape(b_shape, "searchsorted"), "int64", b)
        return search(a, b, side == "right", sorter)

    _named(module, searchsorted)
    return searchsorted


def where_function(p: ShimPrimitives, select: _Fn, module: str, *,
                   operands: _Fn | None = None, select_checks_shapes: bool = False) -> _Fn:
    """The namespace's ``where``. ``select(condition, x1, x2, name, shape)``: ``x1`` where
    ``condition`` else ``x2`` (arrays of dtype ``name``), broadcast to ``shape``, the three
    shapes' broadcast shape. ``select_checks_shapes``: ``select`` is given ``shape=None`` and
    raises the ValueError naming ``where`` itself (TF: its SelectV2 checks the shapes
    eagerly, a measured fast path). ``operands(fname, x1, x2)``: both operands as arrays of
    their promoted dtype by the shim's own code in place of ``OperandRules.binary_arrays``
    (the same rules; TF's ``promote_args`` caches scalar constants, a measured fast path);
    ``select`` is then given ``name=None``."""
    binary_arrays = OperandRules(p).binary_arrays
    array_type, name_of, noun, shape_of = p.ARRAY_TYPE, p.name_of, p.ARRAY_NOUN, p.shape_of

    def where(condition, x1, x2, /):
        """Array API ``where``: ``x1`` where ``condition`` else ``x2``; ``x1``/``x2`` arrays or
        (2025.12) Python scalars, promoted by the standard's rules; all three broadcast."""
        if not isinstance(condition, array_type):
            raise not_an_array("where", condition, f"{noun} of bools")
        c = name_of(condition)
        if c != "bool":
            raise TypeError(f"where: condition must be a bool array, got "
                            f"{c or condition.dtype}")
        if operands is None:
            a, b, name = binary_arrays(x1, x2, "where", bcast=False)
        else:
            a, b = operands("where", x1, x2)
            name = None
        if select_checks_shapes:
            return select(condition, a, b, name, None)
        return select(condition, a, b, name, broadcast_shapes(
            shape_of(condition), shape_of(a), shape_of(b), fname="where"))

    _named(module, where)
    return where


def first_nan_along(xp, x, found, axis: int, keepdims: bool):
    """``argmax``/``argmin``'s NaN rule (NumPy's, the standard's note: NaN is the extreme), for
    a framework whose search skips NaN (TF, Paddle): ``found``, the framework's index along
    ``axis`` of floating ``x``, replaced by the index of the first NaN wherever the lane holds
    one. The shims take this path only where ``x`` holds a NaN (one sum, read eagerly: NaN iff
    an element is NaN, or two infinities cancel, which this path also answers right), or where
    values are unknown (inside ``tf.function``). Uses the shim's ``xp.isnan``, ``xp.any``,
    ``xp.argmax`` (of an integer mask: the first True), ``xp.astype``, ``xp.where``."""
    nan = xp.isnan(x)
    first = xp.argmax(xp.astype(nan, xp.int8), axis=axis, keepdims=keepdims)
    return xp.where(xp.any(nan, axis=axis, keepdims=keepdims), first, found)


__all__ = ["arg_functions", "count_nonzero_function", "first_nan_along", "nonzero_function",
           "searchsorted_function", "where_function"]
