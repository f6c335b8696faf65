"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where. The rules
are ``_common.searching``'s; MXNet's part is the search itself."""

from __future__ import annotations

import numpy as onp
from mxnet import np as mnp

from .._common import searching as _s
from . import _primitives as _p
from ._helpers import _WHERE, mode_free, np_mode
from ._helpers import where as _where


def _arg(x, ax, keepdims, largest):
    # mnp.argmax(x, axis=ax)'s operator and parameters, invoked directly (~15 us a call less).
    r = (_ARGMAX if largest else _ARGMIN)(x, str(ax), "False")
    if keepdims:
        r = r.reshape(x.shape[:ax] + (1,) + x.shape[ax + 1:])
    return r.astype("int64") if r.dtype != onp.int64 else r


_ARGMAX = _p.operator_with("_npi_argmax", "axis", "keepdims")
_ARGMIN = _p.operator_with("_npi_argmin", "axis", "keepdims")
argmax, argmin = _s.arg_functions(_p, _arg, __name__)


def _count(x, axes, keepdims):
    nz = (x if x.dtype == onp.bool_ else mnp.not_equal(x, 0)).astype("int64")
    if not axes:
        return nz
    return mnp.sum(nz, axis=axes, keepdims=keepdims)


count_nonzero = _s.count_nonzero_function(_p, _count, __name__)


def _find(x):
    return tuple(i.astype("int64") if i.dtype != onp.int64 else i for i in mnp.nonzero(x))


nonzero = _s.nonzero_function(_p, _find, __name__)


def _search(x1, x2, right, sorter):
    """By counting comparisons: exact for every dtype (MXNet's kernel casts to float) and NaN
    last, as in ``sort``. Without ``sorter``, for arrays in CPU memory: NumPy's searchsorted
    of the host copies, the same answers (NaN last too), one copy back (the comparison
    counting is ~8 MXNet operators over an ``x2.size`` by ``x1.size`` matrix: ~640 us a
    16-by-16 call against ~85 us for MXNet's own float kernel; this way ~50 us)."""
    ctx = x2.ctx
    if sorter is None and _p.on_host(x2) and x1.ctx == ctx:
        r = onp.searchsorted(_p.host_read(x1), _p.host_read(x2),
                            side="right" if right else "left")
        return _p.host_array(onp.asarray(r, dtype="int64"), ctx)
    if sorter is not None:
        x1 = mnp.take(x1, sorter.astype("int64"), axis=0)
    flat = x2.reshape(-1)
    lhs = mnp.broadcast_to(x1.reshape((1, -1)), (flat.size, x1.size))
    rhs = mnp.broadcast_to(flat.reshape((-1, 1)), (flat.size, x1.size))
    cnt = _le(lhs, rhs) if right else _lt(lhs, rhs)
    r = mnp.sum(cnt.astype("int64"), axis=1)
    return r.reshape(x2.shape)


def _lt(a, b):
    # a < b with nan sorted last: nan is greater than everything but nan.
    if a.dtype.kind == "f":
        return (a < b) | (~mnp.isnan(a) & mnp.isnan(b))
    return a < b


def _le(a, b):
    # a <= b with nan sorted last: everything is <= nan (nan too; ``==`` misses that).
    if a.dtype.kind == "f":
        return (a <= b) | mnp.isnan(b)
    return a <= b


searchsorted = _s.searchsorted_function(_p, _search, __name__)


def _select(condition, x1, x2, name, shape):
    return _where(condition, x1, x2)  # broadcasts what differs (MXNet's kernel cannot)


_where_rules = np_mode(_s.where_function(_p, _select, __name__))
_ndarray = mnp.ndarray
_code, _filled_shape = _p.dtype_code, _p.filled_shape
_BOOL, _CODES = _p.BOOL_CODE, _p.CODE_NAMES


@mode_free
def where(condition, x1, x2, /):
    """Array API ``where``: ``x1`` where ``condition`` else ``x2``; ``x1``/``x2`` arrays or
    (2025.12) Python scalars, promoted by the standard's rules; all three broadcast."""
    if type(condition) is _ndarray and type(x1) is _ndarray and type(x2) is _ndarray:
        c = _code(x1)
        if c in _CODES and _code(x2) == c and _code(condition) == _BOOL:
            s = _filled_shape(condition)
            if (s is not None and len(s) <= _p.BROADCAST_MAX_NDIM
                    and s == _filled_shape(x1) == _filled_shape(x2)):
                # Measured fast path: a bool condition and two arrays of one dtype and of its
                # shape (an axis, no zero extent: no NumPy mode needed) are where the rules
                # end in MXNet's where operator (``_helpers.where``).
                return _WHERE([condition, x1, x2])
    return _where_rules(condition, x1, x2)
