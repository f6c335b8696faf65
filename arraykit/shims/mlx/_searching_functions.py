"""Searching functions on MLX: the rules are ``_common.searching``'s; MLX's part is the search
itself. ``nonzero`` has a data-dependent shape: it evaluates its input and finds the indices on
the host (eagerly; under ``mx.compile`` it raises ValueError). Index results are int64 (MLX
gives uint32)."""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import searching as _s
from .._common.operands import broadcast_shapes
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import concrete, traced_error

_INDEX = D.DTYPES[D.DEFAULT_INDEX]


def _arg(x, ax, keepdims, largest):
    return (mx.argmax if largest else mx.argmin)(x, axis=ax, keepdims=keepdims).astype(_INDEX)


_argmax_rules, argmin = _s.arg_functions(_p, _arg, __name__)
_REAL_FLOAT = D.REAL_FLOAT_DTYPES


def argmax(x, /, *, axis=None, keepdims=False):
    """Array API ``argmax``: the index (int64) of the first maximum."""
    if type(x) is mx.array and x.dtype in _REAL_FLOAT and x.size \
            and (keepdims is False or keepdims is True):
        # Measured fast path: the rules' graph (MLX's argmax, the int64 cast) for a non-empty
        # real floating array, flattened 1-D or along an int axis in range, without their
        # Python frames (~2-4 us a call); anything else goes to the rules.
        n = x.ndim
        if axis is None:
            if n == 1 and keepdims is False:
                return _arg(x, 0, False, True)
        elif type(axis) is int and -n <= axis < n:
            return _arg(x, axis + n if axis < 0 else axis, keepdims, True)
    return _argmax_rules(x, axis=axis, keepdims=keepdims)


def _count(x, axes, keepdims):
    # A bool array is its own mask (no zero constant, NotEqual and its broadcast).
    nz = x if x.dtype == mx.bool_ else mx.not_equal(x, mx.zeros((), dtype=x.dtype))
    return mx.sum(nz.astype(_INDEX), axis=list(axes), keepdims=keepdims)


_count_nonzero_rules = _s.count_nonzero_function(_p, _count, __name__)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Array API ``count_nonzero`` (int64 counts)."""
    if axis is None and keepdims is False and type(x) is mx.array and x.dtype in D.NAME_OF \
            and x.size:
        # Measured fast path: the rules' graph over every axis of a non-empty array of a
        # standard dtype, without their Python frames; anything else goes to the rules.
        return _count(x, tuple(range(x.ndim)), False)
    return _count_nonzero_rules(x, axis=axis, keepdims=keepdims)


def _find(x):
    v = concrete(x)
    if v is None:
        raise traced_error("nonzero")
    return tuple(mx.array(i.astype(onp.int64)) for i in onp.nonzero(v))


nonzero = _s.nonzero_function(_p, _find, __name__)


def _search(x1, x2, right, sorter):
    if sorter is not None:
        x1 = mx.take(x1, sorter)
    return mx.searchsorted(x1, x2, side="right" if right else "left").astype(_INDEX)


searchsorted = _s.searchsorted_function(_p, _search, __name__)


def _select(condition, x1, x2, name, shape):
    # MLX checks the shapes as it builds the graph (ValueError): the rules' broadcast shape,
    # ~6 us of Python a call, is computed only there, for the error naming where.
    try:
        return mx.where(condition, x1, x2)
    except ValueError:
        broadcast_shapes(condition.shape, x1.shape, x2.shape, fname="where")
        raise


_where_rules = _s.where_function(_p, _select, __name__, select_checks_shapes=True)
_STANDARD = frozenset(D.NAME_OF)
_ARRAY = mx.array
_BOOL = mx.bool_


def where(condition, x1, x2, /):
    """Array API ``where``: ``x1`` where ``condition`` else ``x2``; ``x1``/``x2`` arrays or
    (2025.12) Python scalars, promoted by the standard's rules; all three broadcast."""
    if type(condition) is _ARRAY and type(x1) is _ARRAY and type(x2) is _ARRAY \
            and condition.dtype == _BOOL:
        d = x1.dtype
        if d == x2.dtype and d in _STANDARD:
            # Measured fast path: operands of one standard dtype need no promotion.
            return _select(condition, x1, x2, None, None)
    return _where_rules(condition, x1, x2)
