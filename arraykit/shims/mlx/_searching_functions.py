"""Searching functions on MLX. ``nonzero`` has a data-dependent shape: it evaluates its input
and finds the indices on the host (eagerly; under ``mx.compile`` it raises ValueError). Index
results are int64 (MLX gives uint32)."""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import checks as _c
from .._common.searching import arg_functions
from . import _dtypes as D
from ._helpers import (
    array,
    binary,
    check_broadcast,
    concrete,
    normalize_axes,
    reduced_shape,
    require_array,
    require_kind,
    traced_error,
)

_INDEX = D.DTYPES[D.DEFAULT_INDEX]


def _arg(fname, op, x, axis, keepdims):
    require_kind(x, "real numeric", fname)

    def search(a, ax, kd):
        if a.size == 0:  # along a non-empty axis of a zero-size array: an empty result
            return mx.zeros(reduced_shape(a.shape, (ax,), kd), dtype=_INDEX)
        return op(a, axis=ax, keepdims=kd).astype(_INDEX)

    return _c.arg_search(fname, x, axis, keepdims, search, mx.reshape)


argmax, argmin = arg_functions(_arg, mx.argmax, mx.argmin, __name__)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Array API ``count_nonzero`` (int64)."""
    require_array(x, "count_nonzero")
    axes = normalize_axes(axis, x.ndim, "count_nonzero")
    nz = mx.not_equal(x, mx.zeros((), dtype=x.dtype))
    return mx.sum(nz.astype(_INDEX), axis=list(axes), keepdims=keepdims)


def nonzero(x, /):
    """Array API ``nonzero``: a tuple of int64 index arrays, one per dimension (found on the
    host: the number of results depends on the values)."""
    require_array(x, "nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero: zero-dimensional arrays are not allowed")
    v = concrete(x)
    if v is None:
        raise traced_error("nonzero")
    return tuple(mx.array(i.astype(onp.int64)) for i in onp.nonzero(v))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Array API ``searchsorted`` over a 1-D sorted ``x1`` (int64 result)."""
    _c.check_side(side)
    require_kind(x1, "real numeric", "searchsorted")
    if x1.ndim != 1:
        raise ValueError("searchsorted: x1 must be one-dimensional")
    if sorter is not None:
        _c.check_indices_dtype("searchsorted", require_array(sorter, "searchsorted"))
        x1 = mx.take(x1, sorter)
    # A scalar x2 promotes by the scalar rule (a float with an integer x1 searches in the
    # default float: casting 5.5 to int32 gave searchsorted([1, 5, 9, 12], 5.5) == 1).
    a, b, r = binary(x1, x2, "searchsorted", bcast=False)
    D.check_kind(r, "real numeric", "searchsorted")
    return mx.searchsorted(a, b, side=side).astype(_INDEX)


def where(condition, x1, x2, /):
    """Array API ``where``: ``x1`` where ``condition`` else ``x2`` (arrays or Python
    scalars, the standard's promotion, all three broadcast)."""
    if type(condition) is not array or require_array(condition, "where") != "bool":
        if type(condition) is array:
            raise TypeError(f"where: condition must be a bool array, got "
                            f"{require_array(condition, 'where')}")
        raise _c.not_an_array("where", condition, "an mlx.core.array of bools")
    a, b, _ = binary(x1, x2, "where", bcast=False)
    check_broadcast(check_broadcast(condition.shape, a.shape, "where"), b.shape, "where")
    return mx.where(condition, a, b)
