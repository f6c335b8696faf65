"""Indexing functions: take, take_along_axis.

Negative indices count from the end, as the standard allows.  Out-of-bounds indices are not
checked (that needs a device-to-host sync per call): MXNet wraps them modulo the axis length
instead of raising.
"""

from __future__ import annotations

from mxnet import np as mnp

from . import _dtypes as D
from ._helpers import normalize_axis, require_array


def _indices(indices, func):
    n = require_array(indices, func)
    if n not in D.KIND_SETS["integral"]:
        raise TypeError(f"{func}: indices must have an integer dtype, got {n}")
    return indices


def take(x, indices, /, *, axis=None):
    """Array API ``take``; ``axis`` is required for arrays of more than one dimension."""
    require_array(x, "take")
    _indices(indices, "take")
    if axis is None:
        if x.ndim > 1:
            raise ValueError("take: axis is required for arrays of more than one dimension")
        axis = 0
    ax = normalize_axis(axis, x.ndim, "take")
    if x.shape[ax] == 0:
        return mnp.take(x, indices, axis=ax)
    return mnp.take(x, indices, axis=ax, mode="wrap")


def take_along_axis(x, indices, /, *, axis=-1):
    """Array API ``take_along_axis``."""
    require_array(x, "take_along_axis")
    _indices(indices, "take_along_axis")
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    if indices.ndim != x.ndim:
        raise ValueError("take_along_axis: x and indices must have the same number of dims")
    idx = indices.astype("int64")
    idx = mnp.where(idx < 0, idx + x.shape[ax], idx)
    return mnp.take_along_axis(x, idx, axis=ax)
