"""Statistical functions on Paddle: the standard's rules written once
(``_common/statistics.py``) over the Paddle primitives (``_primitives.py``: narrow integers
reduced in int64, int32 sums cast back, divisors as tensors). Paddle has no uint64: unsigned
input accumulates in int64."""

from __future__ import annotations

import math

import paddle

from .._common.errors import Guard
from .._common.statistics import CHAINED_SUM_MAX, StatisticalFunctions
from . import _primitives as _p

_rules = StatisticalFunctions(_p)
_Tensor = paddle.Tensor
_F32, _F64 = paddle.float32, paddle.float64
_C_ops = paddle._C_ops

_C_PROD, _C_SUM = _C_ops.prod, _C_ops.sum
_C_SCALE_ = getattr(_C_ops, "scale_")  # noqa: B009 - absent from Paddle 3.3.1's stubs


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod``: integers accumulate in int64 (uint64 for unsigned)."""
    if dtype is None and type(x) is _Tensor and type(keepdims) is bool:
        # Measured fast path (as sum's): a float tensor with no zero extent, whole or along
        # one int axis, is the call the rules make (``_primitives.reduce``: paddle.prod over
        # the normalised axes in x's own dtype), its kernel with paddle.prod's reduce_all
        # (the axes are every axis), without their reads. Anything else: the rules.
        ax = _floating_axis(x, axis)
        if ax is not False:
            n = len(x.shape)
            axes = list(range(n)) if ax is None else [ax[0] + n if ax[0] < 0 else ax[0]]
            return _C_PROD(x, axes, keepdims, len(axes) == n)
    return _rules.prod(x, axis=axis, dtype=dtype, keepdims=keepdims)
var, std = _rules.var, _rules.std
cumulative_prod = _rules.cumulative_prod
_C_CUMSUM = _C_ops.cumsum


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_sum`` (accumulation dtype as ``sum``)."""
    if type(x) is _Tensor and dtype is None and include_initial is False:
        # Measured fast path (~3.5 us a call less): a float32/float64 tensor with at least
        # one axis and no zero extent, along an int axis in range (or None for 1-D), is
        # Paddle's cumsum kernel, the call the rules make for it (``_primitives.scan``, in
        # x's own dtype: no cast), without their reads. Anything else: the rules.
        dt = x.dtype
        if dt is _F32 or dt is _F64:
            shape = x.shape
            n = len(shape)
            if n and 0 not in shape:
                if axis is None:
                    ax = 0 if n == 1 else None
                elif type(axis) is int and -n <= axis < n:
                    ax = axis + n if axis < 0 else axis
                else:
                    ax = None
                if ax is not None:
                    return _C_CUMSUM(x, ax, False, False, False)
    return _rules.cumulative_sum(x, axis=axis, dtype=dtype, include_initial=include_initial)


def _floating_axis(x, axis):
    """Paddle's axis argument for a measured fast path of a reduction (``axis`` None: every
    axis, or an int in range: that axis) over ``x``, exactly a float32/float64 tensor with at
    least one axis and no zero extent, where the rules' reduction is Paddle's kernel on ``x``
    itself (no cast, no identity fill, no error); False for every other call (the rules)."""
    dt = x.dtype
    # Identity tests: hashing or comparing a Paddle dtype costs 0.5-0.9 us.
    if dt is not _F32 and dt is not _F64:
        return False
    shape = x.shape
    if not shape or 0 in shape:
        return False
    if axis is None:
        return None
    if type(axis) is int and -len(shape) <= axis < len(shape):
        if len(shape) > 1 and shape[axis] > CHAINED_SUM_MAX:
            return False  # the rules' sum is blocked there (``_primitives.sum_over``)
        return [axis]
    return False


def _sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``: integers accumulate in int64."""
    if dtype is None and type(x) is _Tensor and type(keepdims) is bool:
        # Measured fast path. A real floating tensor (not 0-d) summed whole or along one axis,
        # as the general path would (in its own dtype: Paddle's reduce kernel either way),
        # without its checks: a loop body summing its cost per step pays them (the overhead
        # study's control).
        ax = _floating_axis(x, axis)
        if ax is not False:
            return _C_ops.sum(x, ax, None, keepdims)
    return _rules.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean``: NaN over a zero-size axis; integers in the default float."""
    if type(x) is _Tensor and type(keepdims) is bool:
        # The fast path of _sum (_floating_axis's test inline: its frame and a second shape
        # read fewer, ~0.25 us). The rules' reduction (``_primitives.reduce``): the sum over
        # a 0-d tensor of the count in x's dtype, as ``paddle.full`` makes it, without its
        # Python layers (``_primitives.filled``).
        dt = x.dtype
        if dt is _F32 or dt is _F64:
            shape = x.shape
            nd = len(shape)
            if nd and 0 not in shape:
                if axis is None:
                    ax, n = None, shape[0] if nd == 1 else math.prod(shape)
                elif type(axis) is int and -nd <= axis < nd \
                        and (nd == 1 or shape[axis] <= CHAINED_SUM_MAX):  # as _floating_axis
                    ax, n = [axis], shape[axis]
                else:
                    return _rules.mean(x, axis=axis, keepdims=keepdims)
                if n <= _EXACT_COUNT:
                    s = _C_SUM(x, ax, None, keepdims)
                    if not n & (n - 1) and x.stop_gradient:
                        # A power-of-two count: s * 2**-k + -0.0 is s / n exactly (both the
                        # correctly rounded quotient, subnormal ones included; -0.0 and NaN
                        # payloads kept: 3,320 float32/float64 sums compared, 3.3.1), by
                        # the scale kernel in place on the fresh sum, no new tensor (~0.25 us
                        # a call). A tensor that records a gradient keeps the division's.
                        return _C_SCALE_(s, 1.0 / n, -0.0, True)
                    # The same division by a Python float: Paddle's Tensor.__truediv__ fills
                    # the count in x's dtype and divides (true division, not a reciprocal:
                    # old vs new byte-identical), in C++, where the 0-d operand from Python
                    # takes Paddle's slow broadcasting kernel and two bindings (mean 11.0 ->
                    # ~6 us a call).
                    return s / float(n)
                return _C_SUM(x, ax, None, keepdims) / _p.filled([], n, dt)
    return _rules.mean(x, axis=axis, keepdims=keepdims)


#: Counts that float32 holds exactly (Tensor.__truediv__ reads a Python float as a C float).
_EXACT_COUNT = 2**24


def _extremum(name, kernel):
    """Array API ``max`` or ``min`` (``name``): NaN propagates; ValueError over a zero-size
    axis. A float tensor whole or along one int axis is Paddle's ``kernel`` (the fast path of
    ``_sum``, the same kernel as the rules')."""
    rule = getattr(_rules, name)

    def extremum(x, /, *, axis=None, keepdims=False):
        if type(x) is _Tensor and type(keepdims) is bool:
            ax = _floating_axis(x, axis)
            if ax is not False:
                return kernel(x, ax, keepdims)
        return rule(x, axis=axis, keepdims=keepdims)

    extremum.__name__ = extremum.__qualname__ = name
    extremum.__doc__ = f"Array API ``{name}``: NaN propagates; ValueError over a zero-size axis."
    return extremum


max = _extremum("max", _C_ops.max)
min = _extremum("min", _C_ops.min)


def _sum_error(exc, args, kwargs):
    _sum(*args, **kwargs)  # the Python path raises the standard error for the call
    raise exc


#: The fast path above from C where the Guard is built (``_common.errors``): one positional
#: float32/float64 tensor of exactly paddle.Tensor with ndim >= 1 (a 0-d sum of -0.0 would
#: be +0.0) and no keywords -> Paddle's sum kernel (``paddle.sum`` only forwards to it), no
#: Python frame: 3.9 -> ~2.7 us a call, a step of the overhead study's control/rollouts
#: loops; every other call is the Python function's. The rank is ``len(x.strides)``
#: (``rank_from="strides"``): Paddle's ``ndim`` is a Python property, and its strides a C
#: getter building a list, ~70 ns a read cheaper than the shape's ``paddle.Size`` (3.3.1, a
#: fresh 64-element tensor: the Guard 2019 -> 1948 ns over the product making it, best of
#: 15x5000); a sparse tensor's strides are empty, so its sum is the Python function's.
sum = _sum
if Guard is not None:
    sum = Guard(paddle._C_ops.sum, _sum, _sum_error, ((_Tensor,),), refuse_pos=0,
                refuse=(_F32, _F64), allow_only=True, min_ndim=1, exact=True,
                rank_from="strides")
    for _attr in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(sum, _attr, getattr(_sum, _attr))
    sum.__name__ = sum.__qualname__ = "sum"
    sum.__wrapped__ = _sum
else:
    _sum.__name__ = _sum.__qualname__ = "sum"
