"""Indexing functions on MLX: ``take``/``take_along_axis`` (their rules are
``_common/indexing.py``'s, bounds included: MLX reads memory beyond the array) with negative
indices wrapped (the standard's meaning)."""

from __future__ import annotations

import mlx.core as mx

from .._common import indexing as _i
from . import _primitives as _p


def _wrapped(indices, n, negative):
    return indices if negative is False else mx.where(indices < 0, indices + n, indices)


def _gather(x, indices, ax, n, negative):
    return mx.take(x, _wrapped(indices, n, negative), axis=ax)


def _gather_along(x, indices, ax, n, negative):
    return mx.take_along_axis(x, _wrapped(indices, n, negative), axis=ax)


take = _i.take_function(_p, _gather, __name__)
take_along_axis = _i.take_along_axis_function(_p, _gather_along, __name__)
