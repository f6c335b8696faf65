"""``argmax`` and ``argmin`` of the full shims, defined once around each shim's search."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def arg_functions(arg: Callable[..., Any], native_argmax: Any, native_argmin: Any,
                  module: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The namespace's ``argmax`` and ``argmin``: ``arg(fname, op, x, axis, keepdims)`` is
    the shim's (its dtype checks and one-axis search, around ``checks.arg_search``), ``op``
    the framework's ``native_argmax``/``native_argmin``; ``module`` names the shim's module
    (the functions' ``__module__``)."""

    def argmax(x, /, *, axis=None, keepdims=False):
        """Array API ``argmax``: the index (int64) of the first maximum."""
        return arg("argmax", native_argmax, x, axis, keepdims)

    def argmin(x, /, *, axis=None, keepdims=False):
        """Array API ``argmin``: the index (int64) of the first minimum."""
        return arg("argmin", native_argmin, x, axis, keepdims)

    for f in (argmax, argmin):
        f.__module__ = module
        f.__qualname__ = f.__name__
    return argmax, argmin


def first_nan_along(xp, x, found, axis: int, keepdims: bool):
    """``argmax``/``argmin``'s NaN rule (NumPy's, the standard's note: NaN is the extreme), for
    a framework whose search skips NaN (TF, Paddle): ``found``, the framework's index along
    ``axis`` of floating ``x``, replaced by the index of the first NaN wherever the lane holds
    one. The shims take this path only where ``x`` holds a NaN (one sum, read eagerly: NaN iff
    an element is NaN, or two infinities cancel, which this path also answers right), or where
    values are unknown (inside ``tf.function``). Uses the shim's ``xp.isnan``, ``xp.any``,
    ``xp.argmax`` (of an integer mask: the first True), ``xp.astype``, ``xp.where``."""
    nan = xp.isnan(x)
    first = xp.argmax(xp.astype(nan, xp.int8), axis=axis, keepdims=keepdims)
    return xp.where(xp.any(nan, axis=axis, keepdims=keepdims), first, found)


__all__ = ["arg_functions", "first_nan_along"]
