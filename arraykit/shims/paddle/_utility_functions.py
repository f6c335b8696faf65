"""Utility functions: all, any, diff."""

from __future__ import annotations

import builtins

import paddle

from .._common import checks as _c
from .._common.sizes import capped_diff_order
from ._helpers import (
    CARRIER,
    NARROW,
    binary,
    check_keepdims,
    ne,
    nonzero_mask,
    normalize_axes,
    normalize_axis,
    require_array,
)


def _truth(x):
    return nonzero_mask(x)


def _logical(fname, op, x, axis, keepdims):
    require_array(x, fname)
    axes = list(normalize_axes(axis, x.ndim, fname))
    keepdims = check_keepdims(fname, keepdims)
    t = _truth(x)
    if not axes:
        return t.clone() if t is x else t
    if x.size == 0:
        shape = [1 if i in axes else s for i, s in enumerate(x.shape)] if keepdims else \
            [s for i, s in enumerate(x.shape) if i not in axes]
        return paddle.full(shape, op is paddle.all, dtype="bool")
    return op(t, axis=axes, keepdim=keepdims)


def all(x, /, *, axis=None, keepdims=False):
    """Array API ``all``."""
    return _logical("all", paddle.all, x, axis, keepdims)


def any(x, /, *, axis=None, keepdims=False):
    """Array API ``any``."""
    return _logical("any", paddle.any, x, axis, keepdims)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """Array API ``diff`` (bool: ``!=`` of neighbours, as NumPy)."""
    name = require_array(x, "diff")
    _c.check_diff(x.ndim, n)
    ax = normalize_axis(axis, x.ndim, "diff")
    n = capped_diff_order(n, x, ax, prepend, append)
    parts = []
    for extra in (prepend, append):
        if extra is None:
            parts.append(None)
            continue
        a, _, r = binary(extra, x, "diff", bcast=False)
        if r != name:
            raise TypeError("diff: prepend/append must have x's dtype")
        if a.ndim != x.ndim or builtins.any(s != t for i, (s, t) in enumerate(zip(a.shape, x.shape))
                                   if i != ax):
            raise ValueError("diff: prepend/append must match x's shape except on the axis")
        parts.append(a)
    y = paddle.concat([p for p in (parts[0], x, parts[1]) if p is not None], axis=ax)
    work = CARRIER if name in NARROW else name
    y = paddle.cast(y, work) if work != name else y
    for _ in range(n):
        if y.shape[ax] == 0:
            break
        m = y.shape[ax]
        hi = paddle.slice(y, [ax], [1], [m])
        lo = paddle.slice(y, [ax], [0], [m - 1])
        y = ne(hi, lo) if name == "bool" else hi - lo
    return paddle.cast(y, name) if work != name else y
