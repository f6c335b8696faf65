"""Statistical functions torch gets wrong for the standard."""

from __future__ import annotations

from typing import Any

import array_api_compat.torch as _compat
import torch as _torch

from .._common.statistics import without_degrees_of_freedom
from .._common.utils import variance_over_no_axes

_Tensor = _torch.Tensor


def _nan_without_degrees_of_freedom(r: Any, x: Any, axis: Any, correction: Any) -> Any:
    """``r`` (a ``var``/``std`` result), NaN where ``M - correction <= 0`` as the standard
    says (torch divides by ``max(M - correction, 0)``: inf); asked for a nonzero correction
    only."""
    if correction and type(x) is _Tensor and without_degrees_of_freedom(x.shape, axis,
                                                                        correction):
        return _torch.full_like(r, float("nan"))
    return r


def var(x: Any, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0,
        keepdims: bool = False) -> Any:
    """array-api-compat's ``var``; ``axis=()`` as the standard's formula gives it; NaN where
    ``M - correction <= 0`` (torch: inf)."""
    if axis == () and type(x) is _Tensor and x.is_floating_point():
        return variance_over_no_axes(x, correction)
    return _nan_without_degrees_of_freedom(
        _compat.var(x, axis=axis, correction=correction, keepdims=keepdims), x, axis,
        correction)


def std(x: Any, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0,
        keepdims: bool = False) -> Any:
    """array-api-compat's ``std``; a non-integer ``correction`` (which ``torch.std`` refuses,
    pytorch#61492) takes the square root of ``var``, which accepts it; ``axis=()`` as
    ``var``; NaN where ``M - correction <= 0`` (torch: inf)."""
    if axis == () and type(x) is _Tensor and x.is_floating_point():
        return _torch.sqrt(variance_over_no_axes(x, correction))
    if isinstance(correction, float) and not correction.is_integer():
        return _torch.sqrt(var(x, axis=axis, correction=correction, keepdims=keepdims))
    return _nan_without_degrees_of_freedom(
        _compat.std(x, axis=axis, correction=correction, keepdims=keepdims), x, axis,
        correction)
