"""Utility functions on MLX: ``all``, ``any``, ``diff``."""

from __future__ import annotations

import mlx.core as mx

from .._common import checks as _c
from .._common.sizes import capped_diff_order
from ._helpers import array, full, normalize_axes, normalize_axis, reduced_shape, require_array


def _truth(fname, op, x, axis, keepdims):
    require_array(x, fname)
    axes = normalize_axes(axis, x.ndim, fname)
    if x.size == 0:
        # The identity, built directly (MLX's CPU reductions over zero-size input: see
        # _statistical_functions._reduce).
        return full(reduced_shape(x.shape, axes, keepdims), op is mx.all, dtype=mx.bool_)
    return op(x, axis=list(axes), keepdims=keepdims)


def all(x, /, *, axis=None, keepdims=False):
    """Array API ``all`` (any dtype; NaN counts as true)."""
    return _truth("all", mx.all, x, axis, keepdims)


def any(x, /, *, axis=None, keepdims=False):
    """Array API ``any``."""
    return _truth("any", mx.any, x, axis, keepdims)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """Array API ``diff``: the ``n``-th forward difference along ``axis`` (bool: not_equal,
    as NumPy), after concatenating ``prepend``/``append``."""
    from ._manipulation_functions import concat

    require_array(x, "diff")
    _c.check_diff(x.ndim, n)
    ax = normalize_axis(axis, x.ndim, "diff")
    parts = [p for p in (prepend, x, append) if p is not None]
    for p in parts:
        if type(p) is not array:
            raise _c.not_an_array("diff", p, "an mlx.core.array")
    if len(parts) > 1:
        x = concat(parts, axis=ax)
    n = capped_diff_order(n, x, ax)
    for _ in range(n):
        hi = [slice(None)] * x.ndim
        lo = [slice(None)] * x.ndim
        hi[ax] = slice(1, None)
        lo[ax] = slice(None, -1)
        a, b = x[tuple(hi)], x[tuple(lo)]
        x = mx.not_equal(a, b) if x.dtype == mx.bool_ else a - b
    return x
