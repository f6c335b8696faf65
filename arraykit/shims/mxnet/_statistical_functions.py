"""Statistical functions on MXNet: the standard's rules written once
(``_common/statistics.py``) over the MXNet primitives (``_primitives.py``: float sums and means
through the legacy operators, NaN-propagating max/min, a cumprod scan, empty results built
directly). MXNet has no uint64: unsigned input accumulates in int64, which holds every uint8
sum exactly."""

from __future__ import annotations

from mxnet import np as mnp

from .._common.statistics import StatisticalFunctions
from . import _primitives as _p

_rules = StatisticalFunctions(_p)
_ndarray = mnp.ndarray
_dtype_code = _p.dtype_code
_FLOAT_CODES = frozenset(c for c, n in _p.CODE_NAMES.items() if n in ("float32", "float64"))

prod, max, min = _rules.prod, _rules.max, _rules.min
var, std = _rules.var, _rules.std
cumulative_sum, cumulative_prod = _rules.cumulative_sum, _rules.cumulative_prod


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum`` (int/bool input accumulates in int64)."""
    if axis is None and dtype is None and type(x) is _ndarray and _dtype_code(x) in _FLOAT_CODES:
        # Measured fast path: a float array summed whole, straight to the legacy operator
        # the general path ends in (``_primitives.legacy``).
        return _p._FLOAT_SUM(x, keepdims=bool(keepdims))
    return _rules.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean`` (the mean of nothing is NaN; integers in float32)."""
    if axis is None and type(x) is _ndarray and _dtype_code(x) in _FLOAT_CODES and x.size:
        return _p._FLOAT_MEAN(x, keepdims=bool(keepdims))  # as ``sum``'s fast path
    return _rules.mean(x, axis=axis, keepdims=keepdims)
