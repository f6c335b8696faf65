"""Utility functions on Paddle: ``all``, ``any``, ``diff`` (``_common/statistics.py``)."""

from __future__ import annotations

import paddle

from ._statistical_functions import _rules

diff = _rules.diff
_Tensor = paddle.Tensor
_BOOL = paddle.bool


def _truth(name, kernel, rule):
    """``all``/``any`` (``name``): a bool tensor with at least one axis and no zero extent,
    reduced whole (no axis, no keepdims) is Paddle's ``kernel`` over every axis, the call the
    rules make for it (``_primitives.reduce``: the mask of a bool tensor is itself), without
    their reads (~5 us a call). Anything else: the rules."""

    def truth(x, /, *, axis=None, keepdims=False):
        if type(x) is _Tensor and axis is None and keepdims is False and x.dtype is _BOOL:
            shape = x.shape
            if shape and 0 not in shape:
                return kernel(x, list(range(len(shape))), False)
        return rule(x, axis=axis, keepdims=keepdims)

    truth.__name__ = truth.__qualname__ = name
    truth.__doc__ = rule.__doc__
    return truth


all = _truth("all", paddle._C_ops.all, _rules.all)
any = _truth("any", paddle._C_ops.any, _rules.any)
