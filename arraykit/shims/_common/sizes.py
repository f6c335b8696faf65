"""The size rule every shim applies before asking its framework for memory.

Frameworks wrap or crash on sizes they cannot describe: TF's ``range`` reads a Python int as
int32 (``linspace(0, 1, 2**32 + 5)`` had 5 elements), MXNet 1.9.1 passes extents as C ints
(``eye(2**32 + 3, 2)`` had shape (3, 2)) and segfaults past 2**31 elements, XLA aborts the
process ("overflow in static extent product") once the byte count overflows int64. The rule is
NumPy's, checked on Python ints only (free on normal input):

- an extent is a non-negative integer: TypeError if not an integer, ValueError if negative
  ("negative dimensions are not allowed");
- an extent beyond int64 (or beyond the framework's index type): ValueError, as NumPy's
  "Maximum allowed dimension exceeded";
- the byte count (product of the non-zero extents times the item size) beyond int64:
  ValueError, as NumPy's "array is too big";
- an element count the framework cannot hold although int64 can (MXNet: 2**31 - 1):
  MemoryError, the class NumPy raises when an allocation of that size fails.
"""

from __future__ import annotations

import operator

from .checks import shown

#: NumPy's and XLA's limit on extents and on byte counts.
INT64_MAX = 2 ** 63 - 1


def _usual(shape: object, itemsize: int, max_extent: int = INT64_MAX,
           max_size: int = INT64_MAX) -> bool:
    """Whether ``shape`` is the usual call's: a tuple of non-negative Python ints within every
    limit. Read without ``operator.index``'s raised TypeError for a tuple (an exception per
    call cost jax's reshape ~5 us, more than the check itself): every extent and the element
    count are at most the byte count here (``itemsize >= 1``)."""
    if type(shape) is not tuple or itemsize < 1:
        return False
    nbytes = itemsize
    for s in shape:
        if type(s) is not int or s < 0:
            return False
        if s:
            nbytes *= s
    return nbytes <= max_extent and nbytes <= max_size and nbytes <= INT64_MAX


#: Whether ``check_shape(fname, shape, itemsize)`` (no limits of a framework's own) returns
#: ``shape`` itself: a caller may skip its frame then (jax's broadcast_to).
usual_shape = _usual


def check_shape(fname: str, shape, itemsize: int, *, max_extent: int = INT64_MAX,
                max_size: int = INT64_MAX, framework: str = "") -> tuple:
    """``shape`` (an int or a sequence of ints) as a tuple of Python ints, or the error the
    module docstring lists, naming ``fname``. ``itemsize`` is the element's byte size;
    ``max_extent``/``max_size`` are the framework's own limits (named by ``framework``)."""
    if _usual(shape, itemsize, max_extent, max_size):
        return shape
    # A framework's own __index__ may raise otherwise: TF's AttributeError for a float tensor,
    # Paddle's AssertionError for a tensor of more than one element.
    try:
        shape = (operator.index(shape),)
    except (TypeError, AttributeError, AssertionError):
        try:
            shape = tuple(operator.index(s) for s in shape)
        except (TypeError, AttributeError, AssertionError):
            raise TypeError(f"{fname}: shape must be an int or a tuple of ints, got "
                            f"{shown(shape)}") from None
    nbytes = itemsize
    size = 1
    for s in shape:
        if s < 0:
            raise ValueError(f"{fname}: negative dimensions are not allowed (shape {shape})")
        if s > max_extent:
            where = f"{framework} allows" if framework else "the maximum allowed is"
            raise ValueError(f"{fname}: maximum allowed dimension exceeded: {s} in shape "
                             f"{shape}; {where} {max_extent}")
        if s:
            nbytes *= s
        size *= s
    if nbytes > INT64_MAX:
        raise ValueError(f"{fname}: array is too big: shape {shape} with {itemsize}-byte "
                         f"elements needs {nbytes} bytes, more than the maximum {INT64_MAX}")
    if size > max_size:
        raise MemoryError(f"{fname}: shape {shape} has {size} elements; {framework} arrays "
                          f"hold at most {max_size}")
    return shape


def check_count(fname: str, n, itemsize: int, **limits) -> int:
    """A 1-D length (``linspace``'s ``num``, ``arange``'s element count, ``fftfreq``'s ``n``)
    checked by ``check_shape``."""
    return check_shape(fname, (n,), itemsize, **limits)[0]


def diff_order(n, length: int) -> int:
    """``diff``'s order capped at the axis length: the result is empty from there on, so
    differencing further (one pass per order on every framework) changes nothing."""
    return n if type(n) is not int or n <= length else length


def capped_diff_order(n, x, axis, prepend=None, append=None):
    """``diff_order`` before the concatenation: the axis length of ``x`` plus that of
    ``prepend``/``append`` (a 0-d one counts 1, as NumPy broadcasts it). ``n`` unchanged when
    the length is unknown (a dynamic shape) or ``axis`` is out of range (the framework says)."""
    if type(n) is not int or n <= 1:
        return n
    try:
        ax = operator.index(axis)
        length = x.shape[ax]
        for p in (prepend, append):
            if p is not None:
                length += p.shape[ax] if getattr(p, "ndim", 0) else 1
        return diff_order(n, operator.index(length))
    except (TypeError, IndexError):
        return n
