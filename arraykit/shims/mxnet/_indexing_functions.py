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

from .._common import checks as _c
from ._helpers import normalize_axis, require_array
from ._helpers import where as _where


def _indices(indices, fname):
    _c.check_indices_dtype(fname, require_array(indices, fname))
    return indices


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
        bad = lo if lo < -n else hi
        raise IndexError(f"{fname}: index {bad} is out of bounds for an axis of size {n}")


def take(x, indices, /, *, axis=None):
    """Array API ``take``; ``axis`` is required for arrays of more than one dimension."""
    require_array(x, "take")
    _indices(indices, "take")
    ax = _c.take_axis(axis, x.ndim)
    _check_bounds(indices, x.shape[ax], "take")
    if x.shape[ax] == 0:
        return mnp.take(x, indices, axis=ax)
    return mnp.take(x, indices, axis=ax, mode="wrap")


def take_along_axis(x, indices, /, *, axis=-1):
    """Array API ``take_along_axis``."""
    require_array(x, "take_along_axis")
    _indices(indices, "take_along_axis")
    _c.check_same_ndim("take_along_axis", x.ndim, indices.ndim)
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    _check_bounds(indices, x.shape[ax], "take_along_axis")
    idx = indices.astype("int64")
    idx = _where(idx < 0, idx + x.shape[ax], idx)
    # ``mxnet.numpy.take_along_axis`` is a NumPy host fallback (no autograd, no int8), so
    # gather from the flattened array with linear indices built on the device.
    shape = list(x.shape)
    bshape = []
    for d, (s, i) in enumerate(zip(x.shape, idx.shape)):
        if d == ax:
            bshape.append(i)
        elif s == i or i == 1 or s == 1:
            bshape.append(max(s, i) if s != 1 else i)
        else:
            raise ValueError(f"take_along_axis: shapes {x.shape} and {indices.shape} differ "
                             f"outside axis {axis}")
    if any(shape[d] == 1 and bshape[d] != 1 for d in range(x.ndim) if d != ax):
        shape = [bshape[d] if d != ax else shape[d] for d in range(x.ndim)]
        x = mnp.broadcast_to(x, tuple(shape))
    bshape = tuple(bshape)
    if 0 in bshape:
        return mnp.zeros(bshape, dtype=x.dtype, ctx=x.ctx)
    idx = mnp.broadcast_to(idx, bshape)
    lin = None
    stride = 1
    for d in range(x.ndim - 1, -1, -1):
        if d == ax:
            coord = idx
        else:
            view = [1] * x.ndim
            view[d] = bshape[d]
            coord = mnp.arange(bshape[d], dtype="int64", ctx=x.ctx).reshape(tuple(view))
        term = coord * stride if stride != 1 else coord
        lin = term if lin is None else lin + term
        stride *= shape[d]
    lin = mnp.broadcast_to(lin, bshape)
    return mnp.take(x.reshape(-1), lin.reshape(-1), axis=0).reshape(bshape)
