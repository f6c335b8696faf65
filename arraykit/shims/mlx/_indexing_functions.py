"""Indexing functions on MLX: ``take``/``take_along_axis`` with negative indices wrapped (the
standard's meaning) and out-of-bounds indices refused with IndexError at the call (MLX reads
memory beyond the array)."""

from __future__ import annotations

import mlx.core as mx

from .._common import checks as _c
from ._helpers import array, check_index_bounds, normalize_axis, require_array


def _wrapped(indices, n):
    return mx.where(indices < 0, indices + n, indices)


def take(x, indices, /, *, axis=None):
    """Array API ``take`` of integer ``indices`` along ``axis`` (optional for 1-D ``x``)."""
    require_array(x, "take")
    if type(indices) is not array:
        raise _c.not_an_array("take", indices, "an mlx.core.array of indices")
    _c.check_indices_dtype("take", require_array(indices, "take"))
    if indices.ndim != 1:
        raise ValueError("take: indices must be one-dimensional")
    ax = _c.take_axis(axis, x.ndim) if x.ndim else normalize_axis(axis or 0, 0, "take")
    n = x.shape[ax]
    check_index_bounds("take", indices, n)
    return mx.take(x, _wrapped(indices, n), axis=ax)


def take_along_axis(x, indices, /, *, axis=-1):
    """Array API ``take_along_axis``: ``indices`` of ``x``'s rank, broadcast with ``x`` on the
    other axes."""
    require_array(x, "take_along_axis")
    _c.check_indices_dtype("take_along_axis", require_array(indices, "take_along_axis"))
    _c.check_same_ndim("take_along_axis", x.ndim, indices.ndim)
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    n = x.shape[ax]
    check_index_bounds("take_along_axis", indices, n)
    return mx.take_along_axis(x, _wrapped(indices, n), axis=ax)
