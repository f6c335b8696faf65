"""Indexing functions: take, take_along_axis (eager bounds errors: Paddle's gather kernels
read out of bounds silently or abort)."""

from __future__ import annotations

from typing import cast as typed

import numpy as onp
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


_take = _i.take_function(_p, _gather, __name__)
_Tensor = paddle.Tensor
_C_GATHER = paddle._C_ops.gather
#: By identity: x dtypes Paddle's gather kernel moves as they are (``moving`` detours the
#: others).
_GATHER_X = frozenset(id(getattr(paddle, n)) for n in ("int32", "int64", "float32", "float64"))
#: The host copies' dtypes of the index dtypes the gather kernel takes, each with its unsigned
#: twin (``_common.indexing.UNSIGNED_OF``).
_GATHER_I = {onp.dtype(n): _i.UNSIGNED_OF[onp.dtype(n)] for n in ("int32", "int64")}


def take(x, indices, /, *, axis=None):
    """Array API ``take``; ``axis`` may be omitted for 1-D ``x``."""
    if type(x) is _Tensor and type(indices) is _Tensor and id(x.dtype) in _GATHER_X:
        # Measured fast path (~15 us a call less): a non-empty 1-D int32/int64 index whose
        # host copy lies in [0, n) (the rules' bounds check reads it too; negatives and
        # out-of-range indices take the rules: their wrap, their IndexError) is Paddle's
        # gather kernel (paddle.gather forwards to it) on x itself, without the rules' reads,
        # the int64 cast and the wrap. The index's dtype, rank and size are its host copy's
        # (NumPy's C attributes: ~0.35 us under Paddle's dtype and shape getters, 3.3.1); the
        # rules read that copy for any other index too.
        xs = x.shape
        nd = len(xs)
        if nd:
            if axis is None:
                ax = 0 if nd == 1 else None
            elif type(axis) is int and -nd <= axis < nd:
                ax = axis + nd if axis < 0 else axis
            else:
                ax = None
            if ax is not None:
                host = indices.numpy()
                twin = _GATHER_I.get(host.dtype)
                if twin is not None and host.ndim == 1 and host.size and xs[ax] <= twin[1]:
                    # one max read as unsigned: a negative entry reads as >= 2**(bits-1) >=
                    # n; the max as the element at argmax (a C method: ~0.7 us under the
                    # maximum ufunc's reduce on 16 int64, whose machinery is most of its cost)
                    u = host.view(twin[0])
                    if u[u.argmax()] < xs[ax]:
                        return _C_GATHER(x, indices, ax)
    return _take(x, indices, axis=axis)
take_along_axis = _i.take_along_axis_function(_p, _gather_along, __name__)
