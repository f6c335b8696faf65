"""Utility functions: all, any, diff."""

from __future__ import annotations

from mxnet import np as mnp

from .._common import checks as _c
from ._helpers import empty_reduction, normalize_axes, normalize_axis, require_array


def _truth_reduction(fname, op, empty_value, x, axis, keepdims):
    """``all``/``any``: any dtype, nonzero is true; MXNet gets a bool array and no empty axes."""
    require_array(x, fname)
    keepdims = _c.check_keepdims(fname, keepdims)
    axes = normalize_axes(axis, x.ndim, fname)
    b = x if x.dtype == bool else mnp.not_equal(x, 0)
    if not axes:
        return b if b is not x else x.copy()
    if x.size == 0:
        return empty_reduction(x, axes, keepdims, empty_value, "bool")
    return op(b, axis=axes, keepdims=keepdims)


def all(x, /, *, axis=None, keepdims=False):
    """Array API ``all`` (any dtype; nonzero is true)."""
    return _truth_reduction("all", mnp.all, True, x, axis, keepdims)


def any(x, /, *, axis=None, keepdims=False):
    """Array API ``any`` (any dtype; nonzero is true)."""
    return _truth_reduction("any", mnp.any, False, x, axis, keepdims)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """Array API ``diff`` by slicing (differentiable); bool input uses ``!=``."""
    name = require_array(x, "diff")
    _c.check_diff(x.ndim, n)
    ax = normalize_axis(axis, x.ndim, "diff")
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        from ._manipulation_functions import concat
        x = concat(parts, axis=ax)
    for _ in range(n):
        m = x.shape[ax]
        if m == 0:
            break
        hi = [slice(None)] * x.ndim
        lo = [slice(None)] * x.ndim
        hi[ax] = slice(1, m)
        lo[ax] = slice(0, m - 1)
        a, b = x[tuple(hi)], x[tuple(lo)]
        x = (a != b) if name == "bool" else a - b
    return x
