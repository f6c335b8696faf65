"""Utility functions on MLX: ``all``, ``any``, ``diff`` (``_common/statistics.py``)."""

from __future__ import annotations

import mlx.core as mx

from . import _dtypes as D
from ._statistical_functions import _plain, _rules

diff = _rules.diff
_STANDARD = frozenset(D.NAME_OF)


def _plain_axes(x, axis, keepdims):
    """The axes (a list) the rules reduce a non-empty standard-dtype ``x`` of at least one
    dimension over, for ``axis`` None or an int in range and a bool ``keepdims``; None
    otherwise (the rules decide). Measured fast path, as the reductions'."""
    if not _plain(x, axis, keepdims, _STANDARD):
        return None
    if axis is None:
        return list(range(x.ndim))
    return [axis + x.ndim if axis < 0 else axis]


def all(x, /, *, axis=None, keepdims=False):
    """Array API ``all`` (any dtype; nonzero, NaN included, is true)."""
    axes = _plain_axes(x, axis, keepdims)
    if axes is None:
        return _rules.all(x, axis=axis, keepdims=keepdims)
    return mx.all(x, axis=axes, keepdims=keepdims)


def any(x, /, *, axis=None, keepdims=False):
    """Array API ``any`` (any dtype; nonzero, NaN included, is true)."""
    axes = _plain_axes(x, axis, keepdims)
    if axes is None:
        return _rules.any(x, axis=axis, keepdims=keepdims)
    return mx.any(x, axis=axes, keepdims=keepdims)
