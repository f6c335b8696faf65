"""Statistical functions on MLX: the standard's rules written once
(``_common/statistics.py``) over the MLX primitives (``_primitives.py``: MLX's narrow-integer
sums cast back, zero-size input never reaching MLX's CPU reductions, whose ``prod`` over one
could loop forever in 0.32.4)."""

from __future__ import annotations

import mlx.core as mx

from .._common.statistics import StatisticalFunctions
from . import _dtypes as D
from . import _primitives as _p

_rules = StatisticalFunctions(_p)
_NAME_OF = D.NAME_OF
_FLOATING = D.FLOATING

prod, max, min, mean = _rules.prod, _rules.max, _rules.min, _rules.mean
var, std = _rules.var, _rules.std
cumulative_sum, cumulative_prod = _rules.cumulative_sum, _rules.cumulative_prod


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``: integers accumulate in int64 (uint64 for unsigned)."""
    if axis is None and dtype is None and keepdims is False and type(x) is mx.array \
            and _NAME_OF.get(x.dtype) in _FLOATING and x.ndim and x.size:
        # Measured fast path. A floating array summed whole (a loop body's cost per step):
        # the graph the general path builds for it (MLX's all-axes Sum), without the checks'
        # Python frames.
        return mx.sum(x)
    return _rules.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)
