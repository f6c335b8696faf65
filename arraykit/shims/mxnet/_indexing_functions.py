"""Indexing functions: take, take_along_axis; their rules (bounds included) are
``_common/indexing.py``'s.

Negative indices count from the end, as the standard allows. Out-of-bounds indices raise
IndexError at the call where ``_primitives.concrete`` reads them (CPU memory, at most
``HOST_CHECK_MAX`` elements); otherwise (GPU or large indices) they are not checked, since that
needs a device-to-host sync per call: ``take`` wraps them modulo the axis length and
``take_along_axis`` fails asynchronously (``MXNetError`` at the next sync).
"""

from __future__ import annotations

from mxnet import np as mnp

from .._common import indexing as _i
from . import _primitives as _p
from ._helpers import where as _where


def _empty_axis(fname, indices):
    """IndexError for indices into an axis of extent 0 (every index is out of range), read
    here where the bounds check did not read them (over ``HOST_CHECK_MAX`` or on a GPU):
    MXNet's take wraps modulo the extent, and killed the process (SIGFPE) on 5000 uint8
    indices (MXNet 1.9.1)."""
    _i.check_bounds(fname, indices.asnumpy(), 0)  # raises: no index is in [0, 0)
    raise AssertionError("unreachable")  # pragma: no cover


def _gather(x, indices, ax, n, negative):
    if n == 0:
        _empty_axis("take", indices)
    return _TAKE([x, indices], str(ax), "wrap")  # mnp.take(x, indices, axis=ax, mode="wrap")


#: ``mnp.take``'s operator and parameters (logged), invoked directly (~15 us a call less).
_TAKE = _p.operator_n("_npi_take", "axis", "mode")


take = _i.take_function(_p, _gather, __name__)


def _gather_along(x, indices, ax, n, negative):
    # ``mxnet.numpy.take_along_axis`` is a NumPy host fallback (no autograd, no int8), so
    # gather from the flattened array with linear indices built on the device.
    if n == 0:
        _empty_axis("take_along_axis", indices)
    idx = indices.astype("int64")
    if negative is not False:
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
