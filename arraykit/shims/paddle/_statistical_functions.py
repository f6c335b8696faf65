"""Statistical functions on Paddle: the standard's rules written once
(``_common/statistics.py``) over the Paddle primitives (``_primitives.py``: narrow integers
reduced in int64, int32 sums cast back, divisors as tensors). Paddle has no uint64: unsigned
input accumulates in int64."""

from __future__ import annotations

import paddle

from .._common.errors import Guard
from .._common.statistics import StatisticalFunctions
from . import _primitives as _p

_rules = StatisticalFunctions(_p)
_Tensor = paddle.Tensor
_F32, _F64 = paddle.float32, paddle.float64

prod, max, min, mean = _rules.prod, _rules.max, _rules.min, _rules.mean
var, std = _rules.var, _rules.std
cumulative_sum, cumulative_prod = _rules.cumulative_sum, _rules.cumulative_prod


def _sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``: integers accumulate in int64."""
    if axis is None and dtype is None and keepdims is False and type(x) is _Tensor:
        dt = x.dtype
        # Identity tests: hashing or comparing a Paddle dtype costs 0.5-0.9 us.
        if (dt is _F32 or dt is _F64) and x.shape:
            # Measured fast path. A real floating tensor (not 0-d) summed whole, as the
            # general path would (in its own dtype, every axis: Paddle's reduce_all kernel
            # either way), without its checks: a loop body summing its cost per step pays
            # them (the overhead study's control).
            return paddle.sum(x)
    return _rules.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def _sum_error(exc, args, kwargs):
    _sum(*args, **kwargs)  # the Python path raises the standard error for the call
    raise exc


#: The fast path above from C where the Guard is built (``_common.errors``): one positional
#: float32/float64 tensor of exactly paddle.Tensor with ndim >= 1 (a 0-d sum of -0.0 would
#: be +0.0) and no keywords -> Paddle's sum kernel (``paddle.sum`` only forwards to it), no
#: Python frame: 3.9 -> ~2.7 us a call, a step of the overhead study's control/rollouts
#: loops; every other call is the Python function's.
sum = _sum
if Guard is not None:
    sum = Guard(paddle._C_ops.sum, _sum, _sum_error, ((_Tensor,),), refuse_pos=0,
                refuse=(_F32, _F64), allow_only=True, min_ndim=1, exact=True)
    for _attr in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(sum, _attr, getattr(_sum, _attr))
    sum.__name__ = sum.__qualname__ = "sum"
    sum.__wrapped__ = _sum
else:
    _sum.__name__ = _sum.__qualname__ = "sum"
