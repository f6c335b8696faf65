"""Indexing functions: take, take_along_axis (eager bounds errors: Paddle's gather kernels
read out of bounds silently or abort)."""

from __future__ import annotations

import paddle

from .._common import checks as _c
from ._helpers import Tensor, moving, normalize_axis, require_array


def _indices(indices, fname):
    if not isinstance(indices, Tensor):
        raise _c.not_an_array(fname, indices, "a paddle.Tensor of indices")
    _c.check_indices_dtype(fname, require_array(indices, fname))


def _wrapped(indices, n, fname):
    """int64 indices with negatives wrapped; IndexError for any out of ``[-n, n)``."""
    idx = paddle.cast(indices, "int64")
    if idx.size:
        lo, hi = int(paddle.min(idx)), int(paddle.max(idx))
        if lo < -n or hi >= n:
            bad = lo if lo < -n else hi
            raise IndexError(f"{fname}: index {bad} is out of bounds for axis with size {n}")
        if lo < 0:
            idx = paddle.where(idx < 0, idx + n, idx)
    return idx


def take(x, indices, /, *, axis=None):
    """Array API ``take``; ``axis`` is required for arrays of more than one dimension."""
    name = require_array(x, "take")
    _indices(indices, "take")
    if x.ndim == 0:
        raise ValueError("take: x must have at least one dimension")
    ax = _c.take_axis(axis, x.ndim)
    idx = _wrapped(indices, x.shape[ax], "take")
    if indices.ndim != 1:
        raise ValueError("take: indices must be one-dimensional")
    if idx.shape[0] == 0:
        shape = list(x.shape)
        shape[ax] = 0
        return paddle.zeros(shape, dtype=name)
    return moving(paddle.gather, x, name, idx, axis=ax)


def take_along_axis(x, indices, /, *, axis=-1):
    """Array API ``take_along_axis`` (indices broadcast against ``x`` outside ``axis``)."""
    name = require_array(x, "take_along_axis")
    _indices(indices, "take_along_axis")
    _c.check_same_ndim("take_along_axis", x.ndim, indices.ndim)
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    idx = _wrapped(indices, x.shape[ax], "take_along_axis")
    shape = []
    for d, (s, i) in enumerate(zip(x.shape, idx.shape)):
        if d == ax:
            continue
        if s != i and s != 1 and i != 1:
            raise ValueError(f"take_along_axis: shapes {tuple(x.shape)} and "
                             f"{tuple(indices.shape)} differ outside axis {axis}")
    xs = [max(s, i) if d != ax else s for d, (s, i) in enumerate(zip(x.shape, idx.shape))]
    ishape = [max(s, i) if d != ax else i for d, (s, i) in enumerate(zip(x.shape, idx.shape))]
    if list(x.shape) != xs:
        x = paddle.broadcast_to(x, xs)
    if list(idx.shape) != ishape:
        idx = paddle.broadcast_to(idx, ishape)
    if 0 in ishape or 0 in xs:
        return paddle.zeros(ishape, dtype=name)
    del shape
    return moving(paddle.take_along_axis, x, name, idx, axis=ax, broadcast=False)
