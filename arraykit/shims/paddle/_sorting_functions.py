"""Sorting functions: Paddle's stable sort (NaN last ascending, first descending, as NumPy's
``flip(sort(x))``)."""

from __future__ import annotations

import paddle

from .._common.checks import sort_axis_0d
from ._helpers import CARRIER, normalize_axis, require_kind

#: Dtypes Paddle's sort kernels lack, sorted in the carrier dtype (bool as NumPy, torch, jax,
#: TF and MXNet sort it: False first).
_CARRIED = ("bool", "int8", "int16", "uint8")


def _prepare(x, axis, fname):
    name = require_kind(x, "boolean or real numeric", fname)
    if x.ndim == 0:
        sort_axis_0d(fname, axis)
        return name, x.reshape([1]), 0
    return name, x, normalize_axis(axis, x.ndim, fname)


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``argsort`` (int64 indices; always stable)."""
    name, y, ax = _prepare(x, axis, "argsort")
    if y.shape[ax] == 0 or y.size == 0:
        return paddle.zeros(x.shape, dtype="int64")
    if name in _CARRIED:
        y = paddle.cast(y, CARRIER)
    r = paddle.argsort(y, axis=ax, descending=descending, stable=True)
    return r.reshape(x.shape)


def sort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``sort``."""
    name, y, ax = _prepare(x, axis, "sort")
    if y.size == 0:
        return x.clone()
    if name in _CARRIED:
        r = paddle.cast(paddle.sort(paddle.cast(y, CARRIER), axis=ax, descending=descending,
                                    stable=True), name)
    else:
        r = paddle.sort(y, axis=ax, descending=descending, stable=True)
    return r.reshape(x.shape)
