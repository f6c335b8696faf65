"""Statistical functions: the standard's rules written once (``_common/statistics.py``) over
the TF primitives (``_primitives.py``); TF runtime errors become the standard's exceptions
naming the function (``_base.wrap_errors``). Hot path: an ``EagerTensor`` summed or averaged
over all axes with no options -> the generated op with a cached axis constant."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_math_ops as _m

from .._common.statistics import StatisticalFunctions
from . import _dtypes as _t
from . import _primitives as _p
from ._base import ET, OpError, all_axes, translate, wrap_errors

__all__ = ["cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum",
           "var"]

_rules = StatisticalFunctions(_p)
_E = lambda ds: frozenset(d.as_datatype_enum for d in ds)  # noqa: E731
_SUM_FAST = _E(_t.CATEGORY["floating-point"] | {tf.int64, tf.uint64})
_MEAN_FAST = _E(_t.CATEGORY["floating-point"])


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``: integers accumulate in int64 (uint64 for unsigned)."""
    if type(x) is ET and axis is None and dtype is None and not keepdims \
            and x._datatype_enum() in _SUM_FAST:
        # Measured fast path: the op the general path ends in, without its checks (the
        # dtype is its own accumulation dtype).
        return _m._sum(x, all_axes(x._rank()), keep_dims=False)
    try:  # inline, as the hot functions do (``_base.wrap_errors``)
        return _rules.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)
    except OpError as e:
        raise translate("sum", e, x) from None


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean``: NaN over a zero-size axis; integers in the default float."""
    if type(x) is ET and axis is None and not keepdims and x._datatype_enum() in _MEAN_FAST:
        return _m.mean(x, all_axes(x._rank()), keep_dims=False)  # as ``sum``'s fast path
    try:
        return _rules.mean(x, axis=axis, keepdims=keepdims)
    except OpError as e:
        raise translate("mean", e, x) from None


prod = wrap_errors("prod")(_rules.prod)
max = wrap_errors("max")(_rules.max)
min = wrap_errors("min")(_rules.min)
var = wrap_errors("var")(_rules.var)
std = wrap_errors("std")(_rules.std)
cumulative_sum = wrap_errors("cumulative_sum")(_rules.cumulative_sum)
cumulative_prod = wrap_errors("cumulative_prod")(_rules.cumulative_prod)
