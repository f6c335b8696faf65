"""Statistical functions on MLX: the standard's rules written once
(``_common/statistics.py``) over the MLX primitives (``_primitives.py``: MLX's narrow-integer
sums cast back, zero-size input never reaching MLX's CPU reductions, whose ``prod`` over one
could loop forever in 0.32.4)."""

from __future__ import annotations

import mlx.core as mx

from .._common.statistics import StatisticalFunctions
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import KeyedPrograms

_rules = StatisticalFunctions(_p)

cumulative_prod = _rules.cumulative_prod

#: The dtypes whose reductions take MLX's op as it is (no cast, no kind error): floating for
#: sum/prod/mean (integers accumulate in int64 by the rules), real floating for max/min.
_FLOATING = frozenset(D.DTYPES[n] for n in D.FLOATING)
_REAL_FLOAT = D.REAL_FLOAT_DTYPES


def _plain(x, axis, keepdims, dtypes) -> bool:
    """Whether a reduction of ``x`` is MLX's op on ``x`` as it is, the graph the rules build
    for it: a non-empty array of ``dtypes`` with at least one dimension, ``axis`` None or
    an int in range, ``keepdims`` a bool. Measured fast path (a loop body's cost per step):
    the rules' Python frames skipped, ~5-10 us a call on MLX 0.32.4 (CPU time)."""
    if type(x) is not mx.array or x.dtype not in dtypes or not x.size or not x.ndim \
            or (keepdims is not False and keepdims is not True):
        return False
    return axis is None or (type(axis) is int and -x.ndim <= axis < x.ndim)


def _reduced(x, axis):
    """The axes (non-negative, sorted) a ``_plain`` reduction of ``x`` runs over, and how
    many elements each result reduces."""
    if axis is None:
        return list(range(x.ndim)), x.size
    a = axis + x.ndim if axis < 0 else axis
    return [a], x.shape[a]


def _variance_program(x, axes: tuple, keepdims: bool, count: int, correction: float,
                      root: bool):
    """The rules' ``var`` graph (``_p.variance``'s ops; ``root``: then ``sqrt``, ``std``) as
    one ``mx.compile``d function of ``x``, one per argument set, shape and dtype (``count``,
    the elements over ``axes``, follows from the shape). Eagerly the Subtract, Multiply,
    Divide (and Sqrt) fuse: 16 float32 with eval, CPU time, best of 9 blocks, var 40.0 ->
    25.4 us, std 46.1 -> 26.7 (mx.var 36.1, mx.std 38.3). Bit for bit the graph's values
    (8,000 calls: 5 shapes, every axis, keepdims, corrections 0 and 1, float32/float64, +-0,
    NaN, +-inf, 1e30, 3e38, subnormals), under mx.grad, mx.vjp, mx.vmap and mx.compile too
    (256 cases).

    None (the uncompiled graph) on a key's first call and once the programs are many
    (``_helpers.KeyedPrograms``)."""
    return _VARIANCE_PROGRAMS.get((x.shape, x.dtype, axes, keepdims, correction, root),
                                  _compiled_variance, list(axes), keepdims, count, correction,
                                  root)


def _compiled_variance(axes: list, keepdims: bool, count: int, correction: float, root: bool):
    def variance(x):
        return _variance_ops(x, axes, keepdims, count, correction, root)

    return mx.compile(variance)


def _variance_ops(x, axes: list, keepdims: bool, count: int, correction: float, root: bool):
    """The rules' ``var`` graph (``_p.variance``'s ops and operands, inlined), then ``sqrt``
    for ``std`` (``root``): what ``_plain_variance`` builds, compiled or not."""
    if count > _p.CHAINED_SUM_MAX:  # MLX's own sums lose precision past it
        v = _p.blocked_variance(x, sorted(axes), keepdims, count, correction)
    else:
        v = _p.chained_variance(x, axes, keepdims, count, correction)
    return mx.sqrt(v) if root else v


_VARIANCE_PROGRAMS = KeyedPrograms()


def _plain_variance(x, axis, correction, keepdims, root=False):
    """The rules' graph for ``var`` (``_p.variance``, inlined: the same ops and operands;
    ``root``: ``std``'s, then ``sqrt``) where ``_plain`` holds for real floating ``x`` and
    ``correction`` is a float below the count (the default 0.0 among them); None otherwise
    (the rules decide). Measured fast path, as the reductions'; inlined, ~1.5 us less a call
    than through ``_plain`` and ``_p.variance``; corrections 0 and 1 (the usual ones, a
    bounded set of programs) as ``_variance_program`` from a key's second call."""
    if type(x) is not mx.array or type(correction) is not float or x.dtype not in _REAL_FLOAT \
            or (keepdims is not False and keepdims is not True):
        return None
    n = x.ndim
    if not n:
        return None
    if axis is None:
        count = x.size
        axes = list(range(n))
    elif type(axis) is int and -n <= axis < n:
        a = axis + n if axis < 0 else axis
        count = x.shape[a]
        if not count or not x.size:
            return None
        axes = [a]
    else:
        return None
    if not count or count - correction <= 0:
        return None
    if correction == 0.0 or correction == 1.0:
        program = _variance_program(x, tuple(axes), keepdims, count, correction, root)
        if program is not None:
            return program(x)
    return _variance_ops(x, axes, keepdims, count, correction, root)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``var``: ``sum(|x - mean|**2) / (N - correction)``; NaN where
    ``N - correction`` is not positive."""
    v = _plain_variance(x, axis, correction, keepdims)
    if v is None:
        return _rules.var(x, axis=axis, correction=correction, keepdims=keepdims)
    return v


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``std``: ``sqrt(var)``."""
    v = _plain_variance(x, axis, correction, keepdims, root=True)
    if v is None:
        return _rules.std(x, axis=axis, correction=correction, keepdims=keepdims)
    return v


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``: integers accumulate in int64 (uint64 for unsigned)."""
    if dtype is None and _plain(x, axis, keepdims, _FLOATING):
        if x.size > _p.CHAINED_SUM_MAX:  # MLX's own sum loses precision past it
            axes, count = _reduced(x, axis)
            if count > _p.CHAINED_SUM_MAX:
                return _p.blocked_sum(x, axes, keepdims)
        return mx.sum(x, axis=axis, keepdims=keepdims)
    return _rules.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod``: integers accumulate in int64 (uint64 for unsigned)."""
    if dtype is None and _plain(x, axis, keepdims, _FLOATING):
        return mx.prod(x, axis=axis, keepdims=keepdims)
    return _rules.prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean``: NaN over a zero-size axis; integers in the default float."""
    if _plain(x, axis, keepdims, _FLOATING):
        if x.size > _p.CHAINED_SUM_MAX:  # as sum's
            axes, count = _reduced(x, axis)
            if count > _p.CHAINED_SUM_MAX:
                return _p.blocked_sum(x, axes, keepdims) / count
        return mx.mean(x, axis=axis, keepdims=keepdims)
    return _rules.mean(x, axis=axis, keepdims=keepdims)


def max(x, /, *, axis=None, keepdims=False):
    """Array API ``max``: NaN propagates; ValueError over a zero-size axis."""
    if _plain(x, axis, keepdims, _REAL_FLOAT):
        return mx.max(x, axis=axis, keepdims=keepdims)
    return _rules.max(x, axis=axis, keepdims=keepdims)


def min(x, /, *, axis=None, keepdims=False):
    """Array API ``min``: NaN propagates; ValueError over a zero-size axis."""
    if _plain(x, axis, keepdims, _REAL_FLOAT):
        return mx.min(x, axis=axis, keepdims=keepdims)
    return _rules.min(x, axis=axis, keepdims=keepdims)


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_sum`` (accumulation dtype as ``sum``)."""
    if dtype is None and include_initial is False and type(x) is mx.array \
            and x.dtype in _FLOATING and x.size:
        # Measured fast path (as the reductions'): MLX's scan, the rules' graph.
        n = x.ndim
        if (axis is None and n == 1) or (type(axis) is int and -n <= axis < n):
            return mx.cumsum(x, axis=0 if axis is None else axis)
    return _rules.cumulative_sum(x, axis=axis, dtype=dtype, include_initial=include_initial)
