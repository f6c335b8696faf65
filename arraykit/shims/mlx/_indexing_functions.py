"""Indexing functions on MLX: ``take``/``take_along_axis`` (their rules are
``_common/indexing.py``'s, bounds included: MLX reads memory beyond the array) with negative
indices wrapped (the standard's meaning)."""

from __future__ import annotations

import mlx.core as mx

from .._common import indexing as _i
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import refused_in_trace


def _wrapped(indices, n, negative):
    if negative is False:
        return indices
    if indices.dtype in _NARROW_SIGNED:  # indices + n in int8 would overflow (MLX raises)
        indices = indices.astype(mx.int32)
    return mx.where(indices < 0, indices + n, indices)


#: Signed index dtypes too narrow for ``indices + n`` past their range (n = 200 with int8).
_NARROW_SIGNED = frozenset((mx.int8, mx.int16))


def _gather(x, indices, ax, n, negative):
    return mx.take(x, _wrapped(indices, n, negative), axis=ax)


def _gather_along(x, indices, ax, n, negative):
    return mx.take_along_axis(x, _wrapped(indices, n, negative), axis=ax)


_take_rules = _i.take_function(_p, _gather, __name__)
_NAME_OF = D.NAME_OF
_INTEGRAL = frozenset(D.DTYPES[n] for n in D.INTEGRAL)


def take(x, indices, /, *, axis=None):
    """Array API ``take`` (the rules: ``_common.indexing.take_function``). An MLX array of a
    standard dtype, 1 to 64 integer indices (1-D) that all lie in ``[0, n)`` (read as a
    list: ~1 us less than NumPy's reduction on a few values) and an int axis in range (None
    for 1-D ``x``) give ``mx.take``, the rules' graph, without their frames; anything else,
    a negative or out-of-bounds index included, goes to the rules."""
    if (type(x) is mx.array and type(indices) is mx.array and indices.ndim == 1
            and indices.dtype in _INTEGRAL and x.dtype in _NAME_OF
            and 0 < indices.shape[0] <= 64):
        xs = x.shape
        nd = len(xs)
        if axis is None:
            ax = 0 if nd == 1 else None
        else:
            ax = axis % nd if type(axis) is int and -nd <= axis < nd else None
        if ax is not None:
            try:
                v = indices.tolist()
            except ValueError as e:  # under mx.compile/mx.vmap: the rules skip the check
                if not refused_in_trace(e):
                    raise
            else:
                if min(v) >= 0 and max(v) < xs[ax]:
                    return mx.take(x, indices, axis=ax)
    return _take_rules(x, indices, axis=axis)


take_along_axis = _i.take_along_axis_function(_p, _gather_along, __name__)
