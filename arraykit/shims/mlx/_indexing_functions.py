"""Indexing functions on MLX: ``take``/``take_along_axis`` (their rules are
``_common/indexing.py``'s) with negative indices wrapped (the standard's meaning) and
out-of-bounds indices refused with IndexError at the call (MLX reads memory beyond the
array)."""

from __future__ import annotations

import mlx.core as mx

from .._common import indexing as _i
from . import _primitives as _p
from ._helpers import check_index_bounds


def _gather(x, indices, ax, n):
    check_index_bounds("take", indices, n)
    return mx.take(x, mx.where(indices < 0, indices + n, indices), axis=ax)


def _gather_along(x, indices, ax, n):
    check_index_bounds("take_along_axis", indices, n)
    return mx.take_along_axis(x, mx.where(indices < 0, indices + n, indices), axis=ax)


take = _i.take_function(_p, _gather, __name__)
take_along_axis = _i.take_along_axis_function(_p, _gather_along, __name__)
