"""Sorting on MLX: its sort and argsort are stable (measured on 0.32.4: equal to NumPy's
stable argsort on 5000 values with many ties); descending order is the stable sort of the
reversed input, reversed, so ties keep their order as the standard asks."""

from __future__ import annotations

import mlx.core as mx

from .._common.checks import sort_axis_0d
from . import _dtypes as D
from ._helpers import normalize_axis, require_kind

_INDEX = D.DTYPES[D.DEFAULT_INDEX]


def _flip(x, ax):
    index = [slice(None)] * x.ndim
    index[ax] = slice(None, None, -1)
    return x[tuple(index)]


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``argsort`` (int64), stable."""
    if require_kind(x, "boolean or real numeric", "argsort") == "bool":
        x = x.astype(mx.uint8)  # bool as NumPy, torch, jax, TF and MXNet sort it: False first
    if x.ndim == 0:
        sort_axis_0d("argsort", axis)
        return mx.zeros((), dtype=_INDEX)
    ax = normalize_axis(axis, x.ndim, "argsort")
    if x.shape[ax] == 0:
        return mx.zeros(x.shape, dtype=_INDEX)
    if not descending:
        return mx.argsort(x, axis=ax).astype(_INDEX)
    n = x.shape[ax]
    i = _flip(mx.argsort(_flip(x, ax), axis=ax), ax).astype(_INDEX)
    return (n - 1) - i


def sort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``sort``, stable."""
    if require_kind(x, "boolean or real numeric", "sort") == "bool":
        return sort(x.astype(mx.uint8), axis=axis, descending=descending).astype(mx.bool_)
    if x.ndim == 0:
        sort_axis_0d("sort", axis)
        return x
    ax = normalize_axis(axis, x.ndim, "sort")
    if x.shape[ax] == 0:
        return x
    r = mx.sort(x, axis=ax)
    return _flip(r, ax) if descending else r
