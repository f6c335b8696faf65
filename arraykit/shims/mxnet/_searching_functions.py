"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where."""

from __future__ import annotations

import numpy as onp
from mxnet import np as mnp

from .._common import checks as _c
from .._common.scalars import python_scalar
from .._common.searching import arg_functions
from . import _dtypes as D
from ._helpers import (
    binary,
    broadcast_shapes,
    empty_reduction,
    ndarray,
    normalize_axes,
    reduced_shape,
    require_array,
    require_kind,
    scalar_array,
)
from ._helpers import where as _where


def _arg(fname, op, x, axis, keepdims):
    require_kind(x, "real numeric", fname)

    def search(a, ax, kd):
        if a.size == 0:
            # A non-empty axis of a zero-size array: an empty index array (MXNet's kernel
            # fails).
            return empty_reduction(a, (ax,), kd, 0, "int64")
        r = op(a, axis=ax)
        if kd:
            r = r.reshape(a.shape[:ax] + (1,) + a.shape[ax + 1:])
        return r.astype("int64") if r.dtype != onp.int64 else r

    return _c.arg_search(fname, x, axis, keepdims, search, lambda a, shape: a.reshape(shape))


argmax, argmin = arg_functions(_arg, mnp.argmax, mnp.argmin, __name__)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Array API ``count_nonzero``: int64 counts."""
    require_array(x, "count_nonzero")
    keepdims = _c.check_keepdims("count_nonzero", keepdims)
    axes = normalize_axes(axis, x.ndim, "count_nonzero")
    if x.size == 0:
        return mnp.zeros(reduced_shape(x.shape, axes, keepdims), dtype="int64", ctx=x.ctx)
    nz = (x if x.dtype == onp.bool_ else mnp.not_equal(x, 0)).astype("int64")
    if not axes:
        return nz
    return mnp.sum(nz, axis=axes, keepdims=keepdims)


def nonzero(x, /):
    """Array API ``nonzero``: a tuple of int64 index arrays (0-d input raises ValueError)."""
    require_array(x, "nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero: zero-dimensional arrays are not allowed")
    if x.size == 0:
        return tuple(mnp.zeros((0,), dtype="int64", ctx=x.ctx) for _ in range(x.ndim))
    return tuple(i.astype("int64") if i.dtype != onp.int64 else i for i in mnp.nonzero(x))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Array API ``searchsorted``; ``x2`` may be a Python scalar (2025.12)."""
    require_array(x1, "searchsorted")
    if x1.ndim != 1:
        raise ValueError("searchsorted: x1 must be one-dimensional")
    _c.check_side(side)
    if sorter is not None:
        require_array(sorter, "searchsorted")
        x1 = mnp.take(x1, sorter.astype("int64"), axis=0)
    a, b, n = binary(x1, x2, "searchsorted", bcast=False)
    if not isinstance(b, ndarray):
        b = scalar_array(b, a, n)
    if a.size == 0:
        return mnp.zeros(b.shape, dtype="int64", ctx=b.ctx)
    # Comparison counting is exact for every dtype (MXNet's kernel casts to float) and keeps
    # nan ordering consistent with sort (nan last).
    flat = b.reshape(-1)
    lhs = mnp.broadcast_to(a.reshape((1, -1)), (flat.size, a.size))
    rhs = mnp.broadcast_to(flat.reshape((-1, 1)), (flat.size, a.size))
    cnt = _lt(lhs, rhs) if side == "left" else _le(lhs, rhs)
    r = mnp.sum(cnt.astype("int64"), axis=1)
    return r.reshape(b.shape)


def _lt(a, b):
    # a < b with nan sorted last: nan is greater than everything but nan.
    if a.dtype.kind == "f":
        return (a < b) | (~mnp.isnan(a) & mnp.isnan(b))
    return a < b


def _le(a, b):
    # a <= b with nan sorted last: everything is <= nan (nan too; ``==`` misses that).
    if a.dtype.kind == "f":
        return (a <= b) | mnp.isnan(b)
    return a <= b


def where(condition, x1, x2, /):
    """Array API ``where``; ``x1``/``x2`` may be Python scalars; dtypes promote."""
    cn = require_array(condition, "where")
    if cn != "bool":
        condition = condition.astype("bool")
    if not isinstance(x1, ndarray) and not isinstance(x2, ndarray):
        x1, x2 = python_scalar(x1), python_scalar(x2)  # NumPy scalars too (_common.scalars)
        # Two Python scalars: the default dtype of the wider kind, on condition's device.
        kinds = {type(v) for v in (x1, x2)}
        name = D.DEFAULT_FLOAT if float in kinds else D.DEFAULT_INT if int in kinds else "bool"
        x1 = mnp.array(x1, dtype=name, ctx=condition.ctx)
    a, b, n = binary(x1, x2, "where", bcast=False)
    if not isinstance(a, ndarray):
        a = scalar_array(a, b, n)
    if not isinstance(b, ndarray):
        b = scalar_array(b, a, n)
    shape = broadcast_shapes(condition.shape, a.shape, b.shape, fname="where")
    if a.shape != shape:
        a = mnp.broadcast_to(a, shape)
    if b.shape != shape:
        b = mnp.broadcast_to(b, shape)
    if condition.shape != shape:
        condition = mnp.broadcast_to(condition, shape)
    return _where(condition, a, b)
