"""array-api-strict, with the standard's exception classes where it raises others.

array-api-strict is the reference implementation, and arraykit serves it as it is, except
that a non-array or a dtype name string where it expects its own objects raises
``AttributeError`` from inside (``'str' object has no attribute 'dtype'``) rather than
TypeError: ``_errors`` translates those, and names the function in every message; and
``diff`` caps its order at the axis length (array-api-strict's loops ``n`` times), and
``clip`` takes an int bound beyond an integer dtype by the shims' rule (it wrapped), and
``var``/``std`` are NaN where ``M - correction <= 0`` (it gave inf). Every other
name is array-api-strict's own object, wrapped by ``_common.errors`` (the original is
``f.__wrapped__``). ``linalg`` and ``fft`` are modules of this package holding the wrapped
functions of array-api-strict's, fetched on first use, so that array-api-strict's flags
(``set_array_api_strict_flags(enabled_extensions=...)``) still switch them off.
"""

from __future__ import annotations

import types
from typing import Any

import array_api_strict as _strict

from .._common.errors import wrapped_module
from .._common.reexport import NAMESPACE_DUNDERS, reexport
from .._common.scalars import int_clip_bounds
from .._common.sizes import capped_diff_order
from .._common.statistics import without_degrees_of_freedom
from ._errors import RULES as _RULES
from ._errors import install_errors

reexport(_strict, globals(), NAMESPACE_DUNDERS)


def diff(x: Any, /, *, axis: int = -1, n: int = 1, prepend: Any = None,
         append: Any = None) -> Any:
    """array-api-strict's ``diff`` with ``n`` capped at the axis length (it runs NumPy's,
    which loops ``n`` times although the result is empty from there on: ``n=2**32`` did not
    return)."""
    n = capped_diff_order(n, x, axis, prepend, append)
    ends = {k: v for k, v in (("prepend", prepend), ("append", append)) if v is not None}
    return _strict.diff(x, axis=axis, n=n, **ends)


def clip(x: Any, /, min: Any = None, max: Any = None) -> Any:
    """array-api-strict's ``clip``, a Python int bound beyond ``x``'s integer dtype by the
    shims' rule (``_common.scalars.int_clip_bounds``: saturated where it cannot bind,
    NumPy's OverflowError where it binds; array-api-strict wrapped it: ``clip(int32 ones,
    2**40)`` was ``[0, 0]``)."""
    if type(min) is int or type(max) is int:
        np_dtype = getattr(getattr(x, "dtype", None), "_np_dtype", None)
        if np_dtype is not None and np_dtype.kind in "iu":
            min, max = int_clip_bounds(min, max, np_dtype.name)
    return _strict.clip(x, min=min, max=max)


def _nan_without_degrees_of_freedom(f: Any) -> Any:
    """array-api-strict's ``var``/``std`` ``f``, NaN where ``M - correction <= 0`` as the
    standard says (it runs NumPy's, which divides by ``max(M - correction, 0)``: inf)."""

    def g(x: Any, /, *, axis: Any = None, correction: Any = 0.0, keepdims: bool = False) -> Any:
        r = f(x, axis=axis, correction=correction, keepdims=keepdims)
        if correction and without_degrees_of_freedom(x.shape, axis, correction):
            return r * float("nan")
        return r

    g.__name__ = g.__qualname__ = f.__name__
    g.__doc__ = f.__doc__
    return g


var = _nan_without_degrees_of_freedom(_strict.var)
std = _nan_without_degrees_of_freedom(_strict.std)

install_errors(globals())

_extensions: dict[tuple[str, int], types.ModuleType] = {}


def __getattr__(name: str) -> Any:
    if name in ("linalg", "fft"):
        module = getattr(_strict, name)  # AttributeError when its flags disable the extension
        key = (name, id(module))
        if key not in _extensions:
            _extensions[key] = wrapped_module(module, f"{__name__}.{name}", name, _RULES)
        return _extensions[key]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
