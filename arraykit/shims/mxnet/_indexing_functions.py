"""Indexing functions: take, take_along_axis.

Negative indices count from the end, as the standard allows.  Out-of-bounds indices raise
IndexError at the call when checking is cheap: the indices live in CPU memory and have at most
:data:`HOST_CHECK_MAX` elements (the copy to NumPy waits only for the op that produced them,
about 10 us).  Otherwise (GPU or large indices) they are not checked, since that needs a
device-to-host sync per call: ``take`` wraps them modulo the axis length and
``take_along_axis`` fails asynchronously (``MXNetError`` at the next sync).
"""

from __future__ import annotations

from mxnet import np as mnp

from .._common import indexing as _i
from . import _primitives as _p
from ._helpers import where as _where

#: Index arrays of at most this many elements (in CPU memory) are bounds-checked on the host.
HOST_CHECK_MAX = 4096


def _check_bounds(indices, n, fname):
    """IndexError naming ``fname`` for an index outside ``[-n, n)``, when that is cheap."""
    size = indices.size
    if size == 0 or size > HOST_CHECK_MAX or indices.ctx.device_type != "cpu":
        return
    h = indices.asnumpy()
    lo = int(h.min())
    hi = int(h.max())
    if lo < -n or hi >= n:
        raise _i.out_of_bounds(fname, lo if lo < -n else hi, n)


def _gather(x, indices, ax, n):
    _check_bounds(indices, n, "take")
    if n == 0:
        return mnp.take(x, indices, axis=ax)
    return mnp.take(x, indices, axis=ax, mode="wrap")


take = _i.take_function(_p, _gather, __name__)


def _gather_along(x, indices, ax, n):
    # ``mxnet.numpy.take_along_axis`` is a NumPy host fallback (no autograd, no int8), so
    # gather from the flattened array with linear indices built on the device.
    _check_bounds(indices, n, "take_along_axis")
    idx = indices.astype("int64")
    idx = _where(idx < 0, idx + n, idx)
    shape = idx.shape
    lin = None
    stride = 1
    for d in range(x.ndim - 1, -1, -1):
        if d == ax:
            coord = idx
        else:
            view = [1] * x.ndim
            view[d] = shape[d]
            coord = mnp.arange(shape[d], dtype="int64", ctx=x.ctx).reshape(tuple(view))
        term = coord * stride if stride != 1 else coord
        lin = term if lin is None else lin + term
        stride *= x.shape[d]
    lin = mnp.broadcast_to(lin, shape)
    return mnp.take(x.reshape(-1), lin.reshape(-1), axis=0).reshape(shape)


take_along_axis = _i.take_along_axis_function(_p, _gather_along, __name__)
