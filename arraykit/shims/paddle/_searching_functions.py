"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where."""

from __future__ import annotations

import math
import sys

import paddle

from .._common import checks as _c
from .._common.searching import arg_functions, first_nan_along
from . import _dtypes as D
from ._helpers import (
    CARRIER,
    NARROW,
    Tensor,
    binary,
    broadcast_shapes,
    cast,
    check_keepdims,
    moving,
    nonzero_mask,
    normalize_axes,
    require_array,
    require_kind,
)

#: ``__package__``, as the str the checkers know it is (they type it ``str | None``).
_PACKAGE = __name__.rpartition(".")[0]


def _arg(fname, op, x, axis, keepdims):
    name = require_kind(x, "real numeric", fname)
    keepdims = check_keepdims(fname, keepdims)
    if name in NARROW:
        x = paddle.cast(x, CARRIER)

    def search(a, ax, kd):
        r = op(a, axis=ax, keepdim=kd)
        # NaN counts as the extreme (NumPy, the standard's note); Paddle's kernels skip it.
        # One sum, read: NaN iff x may hold a NaN (_common.searching.first_nan_along).
        if name in _FLOATING and a.size and math.isnan(paddle.sum(a).item()):
            r = first_nan_along(sys.modules[_PACKAGE], a, r, ax, kd)
        return r

    return _c.arg_search(fname, x, axis, keepdims, search,
                         lambda a, shape: a.reshape(list(shape)))


_FLOATING = frozenset({"float32", "float64", "float16", "bfloat16"})


argmax, argmin = arg_functions(_arg, paddle.argmax, paddle.argmin, __name__)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Array API ``count_nonzero`` (int64)."""
    require_array(x, "count_nonzero")
    axes = list(normalize_axes(axis, x.ndim, "count_nonzero"))
    keepdims = check_keepdims("count_nonzero", keepdims)
    nz = paddle.cast(nonzero_mask(x), "int64")
    if not axes:
        return nz if x.ndim else nz.reshape([])
    return paddle.sum(nz, axis=axes, keepdim=keepdims)


def nonzero(x, /):
    """Array API ``nonzero``: a tuple of int64 index arrays (0-d input: ValueError)."""
    require_array(x, "nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero: x must have at least one dimension")
    mask = nonzero_mask(x)
    if x.size == 0:
        return tuple(paddle.zeros([0], dtype="int64") for _ in range(x.ndim))
    idx = paddle.nonzero(mask)  # (count, ndim)
    return tuple(idx[:, i] for i in range(x.ndim))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Array API ``searchsorted``: ``x1`` 1-D; ``x2`` an array or (2025.12) a Python
    scalar; int64 indices of ``x2``'s shape."""
    _c.check_side(side)
    require_array(x1, "searchsorted")
    if x1.ndim != 1:
        raise ValueError("searchsorted: x1 must be 1-D")
    a, b, name = binary(x1, x2, "searchsorted", bcast=False)
    D.check_kind(name, "real numeric", "searchsorted")
    if sorter is not None:
        _c.check_indices_dtype("searchsorted", require_array(sorter, "searchsorted"))
        a = moving(paddle.gather, a, name, cast(sorter, "int64"))
    if name in NARROW:
        a, b = paddle.cast(a, CARRIER), paddle.cast(b, CARRIER)
    shape = b.shape
    if a.shape[0] == 0:
        return paddle.zeros(shape, dtype="int64")
    v = b.reshape([-1])
    if name in D.KIND_SETS["real floating"] and not bool(
            paddle.all(paddle.isfinite(a)) & paddle.all(paddle.isfinite(v))):
        return _searchsorted_nonfinite(a, v, side).reshape(shape)
    r = paddle.searchsorted(a, v, right=side == "right")
    return r.reshape(shape)


def _searchsorted_nonfinite(a, v, side):
    """``searchsorted`` in NumPy's order (-inf, finite, inf, NaN; ``a`` sorted so) when
    either argument holds a non-finite value: Paddle 3.3.1 puts every infinite or NaN value
    at the end (``searchsorted([-inf, 1, 2, inf], -inf)`` was 4) and its ``<`` comparisons
    misplace finite values around NaNs in ``a``. Only the finite part of ``a`` goes to
    Paddle's search; the non-finite values' positions come from the counts of ``a``'s -inf,
    +inf and NaN runs."""
    n = a.shape[0]
    counts = paddle.stack([paddle.sum(paddle.cast(m, "int64")) for m in (
        a == -_INF, a == _INF, paddle.isnan(a))]).tolist()
    n_neg, n_pos, n_nan = counts
    lo, hi, k = n_neg, n - n_nan - n_pos, n - n_nan  # finite part a[lo:hi]; a[:k] not NaN
    left = side == "left"
    finite = paddle.isfinite(v)
    if hi > lo:
        safe = paddle.where(finite, v, paddle.zeros_like(v))
        r = paddle.searchsorted(a[lo:hi], safe, right=not left) + lo
    else:
        r = paddle.full(v.shape, lo, dtype="int64")

    def fill(mask, pos):
        return paddle.where(mask, paddle.full_like(r, pos), r)

    r = fill(v == -_INF, 0 if left else lo)
    r = fill(v == _INF, hi if left else k)
    return fill(paddle.isnan(v), k if left else n)


_INF = float("inf")


def where(condition, x1, x2, /):
    """Array API ``where``: ``x1``/``x2`` arrays or (2024.12) Python scalars, promoted."""
    if not isinstance(condition, Tensor):
        raise _c.not_an_array("where", condition, "a paddle.Tensor condition")
    if require_array(condition, "where") != "bool":
        raise TypeError("where: condition must be a bool array")
    a, b, name = binary(x1, x2, "where", bcast=True)
    shape = broadcast_shapes(condition.shape, a.shape, b.shape, fname="where")
    if name in NARROW:
        a, b = paddle.cast(a, CARRIER), paddle.cast(b, CARRIER)
    elif name in ("complex64", "complex128"):
        c = paddle.broadcast_to(condition, shape)
        return paddle.complex(paddle.where(c, paddle.real(a), paddle.real(b)),
                              paddle.where(c, paddle.imag(a), paddle.imag(b)))
    r = paddle.where(condition, a, b)
    if list(r.shape) != list(shape):
        r = paddle.broadcast_to(r, shape)
    return paddle.cast(r, name) if name in NARROW else r
