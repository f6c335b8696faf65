"""Framework-agnostic helpers every shim needs: axis normalisation, ``broadcast_shapes``,
``finfo``/``iinfo`` result objects and ``isdtype`` on dtype *names*.

Nothing here imports a framework; a shim passes names (see ``dtypes``) or plain Python values.
"""

from __future__ import annotations

import math
import operator
import reprlib
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import dtypes as _d


class AxisError(ValueError, IndexError):
    """An out-of-range axis. Both a ValueError and an IndexError (like NumPy's AxisError), so
    code written against either convention catches it."""


def doc_table(text: str) -> dict[str, str]:
    """``name: text`` lines (a module's table of one-line docstrings) as a dict."""
    table: dict[str, str] = {}
    for line in text.strip().splitlines():
        name, doc = line.split(": ", 1)
        table[name] = doc
    return table


def normalize_axis(axis, ndim: int, fname: str) -> int:
    """``axis`` as a non-negative int for an array of ``ndim`` dimensions (AxisError if out
    of range, TypeError if not an integer). The one axis rule of the TF and MXNet shims."""
    a = axis
    if type(a) is not int:
        # bool is refused as NumPy and array-api-strict refuse it; NumPy integers pass.
        try:
            if isinstance(a, bool):
                raise TypeError
            a = operator.index(a)
        except TypeError:
            raise TypeError(f"{fname}: axis must be an integer, got {reprlib.repr(axis)}") from None
    if not -ndim <= a < ndim:
        raise AxisError(f"{fname}: axis {axis} is out of bounds for array of dimension {ndim}")
    return a + ndim if a < 0 else a


def normalize_axes(axis, ndim: int, fname: str, allow_duplicates: bool = False) -> tuple:
    """``axis`` (None, int or tuple of ints) as a tuple of non-negative ints; None -> all."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        out: list[int] = []
        for a in axis:
            if type(a) is int and -ndim <= a < ndim:
                out.append(a + ndim if a < 0 else a)
            else:
                # the slow path: a conversion or the error
                out.append(normalize_axis(a, ndim, fname))
        if not allow_duplicates and len(set(out)) != len(out):
            raise ValueError(f"{fname}: repeated axis in {reprlib.repr(axis)}")
        return tuple(out)
    return (normalize_axis(axis, ndim, fname),)


def tensordot_axes(axes, ndim1: int, ndim2: int, fname: str = "tensordot") -> tuple:
    """``tensordot``'s ``axes`` as two lists of non-negative axes (of ``x1``, of ``x2``): an
    int N contracts the last N axes of ``x1`` with the first N of ``x2``; else a pair of
    sequences (or ints) of axes. TypeError for anything else, ValueError for bad sizes."""
    if isinstance(axes, int):
        if not 0 <= axes <= min(ndim1, ndim2):
            raise ValueError(f"{fname}: axes={axes} must lie in [0, {min(ndim1, ndim2)}]")
        return list(range(ndim1 - axes, ndim1)), list(range(axes))
    if not isinstance(axes, (tuple, list)) or len(axes) != 2:
        raise TypeError(f"{fname}: axes must be an int or a pair of sequences of axes, "
                        f"got {reprlib.repr(axes)}")
    a1, a2 = [list(a) if isinstance(a, (list, tuple)) else [a] for a in axes]
    if len(a1) != len(a2):
        raise ValueError(f"{fname}: the axes sequences differ in length: {a1} and {a2}")
    return ([normalize_axis(a, ndim1, fname) for a in a1],
            [normalize_axis(a, ndim2, fname) for a in a2])


class TensordotPlan(NamedTuple):
    """``tensordot`` as one matrix product: ``x1`` transposed by ``perm1`` and reshaped to
    ``(m, k)``, ``x2`` by ``perm2`` to ``(k, p)``; the product reshaped to ``out_shape``."""

    perm1: list
    perm2: list
    m: int
    k: int
    p: int
    out_shape: list


def tensordot_plan(axes, shape1, shape2, fname: str = "tensordot") -> TensordotPlan:
    """The ``TensordotPlan`` of ``tensordot(x1, x2, axes=axes)`` for inputs of static shapes
    ``shape1``, ``shape2`` (``tensordot_axes``; ValueError when contracted sizes differ)."""
    ax1, ax2 = tensordot_axes(axes, len(shape1), len(shape2), fname)
    for i, j in zip(ax1, ax2):
        if shape1[i] != shape2[j]:
            raise ValueError(f"{fname}: axis {i} of x1 ({shape1[i]}) and axis {j} of x2 "
                             f"({shape2[j]}) differ in size")
    free1 = [i for i in range(len(shape1)) if i not in ax1]
    free2 = [j for j in range(len(shape2)) if j not in ax2]
    return TensordotPlan(free1 + ax1, ax2 + free2, math.prod(shape1[i] for i in free1),
                         math.prod(shape1[i] for i in ax1), math.prod(shape2[j] for j in free2),
                         [shape1[i] for i in free1] + [shape2[j] for j in free2])


def expand_dims_axes(axis, ndim: int) -> tuple:
    """``expand_dims``'s ``axis`` (an int or, since 2025.12, a tuple of ints) for an input of
    ``ndim`` dimensions: the positions of the new axes in the result, non-negative and sorted.
    Each must lie in ``[-N, N)`` with N the result's rank (AxisError, an IndexError, if not);
    a repeated position raises ValueError."""
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    return tuple(sorted(normalize_axes(axes, ndim + len(axes), "expand_dims")))


#: NumPy's maximum number of dimensions: ``asarray`` of nested sequences deeper than this is
#: refused with ValueError, as ``np.asarray`` refuses it (a recursive walk would otherwise end
#: in RecursionError).
MAX_NDIM = 64


def variance_over_no_axes(x, correction):
    """``var(x, axis=())`` with array operators: every element is a sample of one, so the sum
    of squared deviations is 0 (NaN at NaN or an infinity) over ``max(1 - correction, 0)``
    degrees of freedom: NaN once ``correction >= 1``, as NumPy gives (torch gives 0)."""
    d = x - x
    return d * d / max(1.0 - float(correction), 0.0)


def too_deep(fname: str) -> ValueError:
    """The error for nested sequences deeper than ``MAX_NDIM`` levels."""
    return ValueError(f"{fname}: nested sequences deeper than {MAX_NDIM} levels (NumPy's "
                      "maximum number of dimensions); pass flat data and reshape it")


def _extent(n) -> int:
    """An extent of ``broadcast_shapes`` that is no Python int: its index, or TypeError (a
    comparison with a list nested 5000 deep recursed in TF's ``nest.flatten``)."""
    try:
        return operator.index(n)
    except (TypeError, AttributeError):  # TF's Tensor.__index__: AttributeError for floats
        raise TypeError(f"broadcast_shapes: extents must be integers, got "
                        f"{reprlib.repr(n)}") from None


def broadcast_shapes(*shapes) -> tuple:
    """The standard's ``broadcast_shapes``: the broadcast shape of the given shapes (tuples of
    ints, ``None`` for unknown dimensions); ValueError when they do not broadcast."""
    if not shapes:
        return ()
    ndim = max(len(s) for s in shapes)
    out: list = [1] * ndim
    for s in shapes:
        off = ndim - len(s)
        for i, given in enumerate(s):
            n = given if type(given) is int or given is None else _extent(given)
            j = off + i
            m = out[j]
            if n is None or m is None:
                # Unknown size: it broadcasts with 1 to unknown and otherwise to the known one.
                if n == 1 or m == 1:
                    out[j] = None
                else:
                    out[j] = m if n is None else n
            elif m == 1:
                out[j] = n
            elif n != 1 and n != m:
                raise ValueError(
                    f"broadcast_shapes: shapes {reprlib.repr(shapes)} are not broadcastable")
    return tuple(out)


@dataclass(frozen=True)
class finfo_object:
    """Result of ``finfo`` (the standard's fields)."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: Any


@dataclass(frozen=True)
class iinfo_object:
    """Result of ``iinfo`` (the standard's fields)."""

    bits: int
    max: int
    min: int
    dtype: Any


def info_kind_error(fname: str, name: str) -> ValueError:
    """``finfo``/``iinfo`` (``fname``) of a data type outside its kind: the one ValueError
    every namespace gives (torch's ``finfo(int32)`` was a TypeError about a missing
    attribute, NumPy's ``iinfo(float32)`` an "invalid integer data type 'O'")."""
    kind = "a floating-point" if fname == "finfo" else "an integer"
    return ValueError(f"{fname}: {name} is not {kind} data type")


def finfo_for(name: str, dtype) -> finfo_object:
    """``finfo`` of the dtype called ``name``; ``dtype`` is the framework's object for it."""
    try:
        bits, eps, mx, mn, tiny = _d.FINFO[name]
    except KeyError:
        raise info_kind_error("finfo", name) from None
    return finfo_object(bits, eps, mx, mn, tiny, dtype)


def iinfo_for(name: str, dtype) -> iinfo_object:
    """``iinfo`` of the dtype called ``name``; ``dtype`` is the framework's object for it."""
    try:
        bits, mn, mx = _d.IINFO[name]
    except KeyError:
        raise info_kind_error("iinfo", name) from None
    return iinfo_object(bits, mx, mn, dtype)


def can_cast_names(from_: str, to: str) -> bool:
    """The standard's ``can_cast`` on names: promotion of the two gives ``to``."""
    return from_ == to or _d.promote(from_, to) == to


def dtype_namer(as_dtype, array_types: tuple, dtype_types: tuple):
    """``name_of(x)`` for :func:`standard_can_cast`: the standard name of the dtype ``x`` or
    of the array ``x``'s dtype, None for anything else. ``as_dtype`` normalises a dtype-like
    (``numpy.dtype``), ``array_types`` are the framework's arrays, ``dtype_types`` what may be
    a dtype (a dtype object or a scalar type)."""
    from .dtypes import ALL  # lazily: utils is imported by dtypes' users first

    names = {as_dtype(n): n for n in ALL}

    def name_of(x):
        if isinstance(x, array_types):
            x = x.dtype
        elif not isinstance(x, dtype_types):
            return None
        try:
            return names.get(as_dtype(x))
        except TypeError:
            return None

    return name_of


def standard_can_cast(name_of, native):
    """A namespace's ``can_cast`` held to the standard's table, for a namespace whose own
    answers go beyond it (NumPy, JAX: ``bool -> int8``, ``int8 -> float32``; torch also
    downcasts: ``int64 -> int8``). Code using ``can_cast`` as a safety check would otherwise
    truncate silently.

    ``name_of(x)``: the standard name of the dtype ``x`` or of the array ``x``'s dtype, or None
    for anything else (an extension dtype such as float16, a non-dtype). Two standard dtypes
    get :func:`can_cast_names`; anything else is ``native(from_, to)``, answer or error.
    """

    answers: dict = {}  # (from_, to) -> the answer, for two dtypes of one class

    def can_cast(from_, to, /):
        try:
            return answers[from_, to]
        except (KeyError, TypeError):  # a new pair, or an array (NumPy's: unhashable)
            pass
        f = name_of(from_)
        t = name_of(to)
        if f is None or t is None:
            try:
                return native(from_, to)
            except AttributeError:  # compat reads from_.dtype of anything that is no dtype
                raise TypeError(f"can_cast: from_ must be a dtype or an array and to a dtype, "
                                f"got {reprlib.repr(from_)} and {reprlib.repr(to)}") from None
        r = can_cast_names(f, t)
        if type(from_) is type(to):  # two dtype objects (an array is never a dtype's class)
            answers[from_, to] = r
        return r

    can_cast.__doc__ = ("Array API ``can_cast``: True iff promoting ``from_`` (a dtype or an "
                        "array) with ``to`` gives ``to`` in the standard's table.")
    return can_cast


class Devices(tuple):
    """What ``devices()`` returns: a tuple, as the 2025.12 standard says, that code written
    for the earlier revisions, where it was a list, can still extend with a list: SciPy's test
    suite does ``devices() + [None]``. A list on either side of ``+`` gives a list (what that
    code expects); everything else is plain tuple behaviour."""

    __slots__ = ()

    def __add__(self, other):
        if isinstance(other, list):
            return list(self) + other
        return tuple.__add__(self, other)

    def __radd__(self, other):
        if isinstance(other, list):
            return other + list(self)
        return NotImplemented
