"""Indexing functions: take, take_along_axis (eager bounds errors: Paddle's gather kernels
read out of bounds silently or abort)."""

from __future__ import annotations

from typing import cast as typed

import paddle

from .._common import indexing as _i
from . import _primitives as _p
from ._helpers import moving


def _wrapped(indices, n, negative):
    """int64 indices with negatives wrapped (the bounds: ``_common.indexing``)."""
    idx = paddle.cast(indices, "int64")
    if negative is not False:
        idx = paddle.where(idx < 0, idx + n, idx)
    return idx


def _name(x) -> str:
    return typed(str, _p.name_of(x))  # x passed the rules' array check: a standard dtype


def _gather(x, indices, ax, n, negative):
    return moving(paddle.gather, x, _name(x), _wrapped(indices, n, negative), axis=ax)


def _gather_along(x, indices, ax, n, negative):
    return moving(paddle.take_along_axis, x, _name(x), _wrapped(indices, n, negative),
                  axis=ax, broadcast=False)


take = _i.take_function(_p, _gather, __name__)
take_along_axis = _i.take_along_axis_function(_p, _gather_along, __name__)
