"""Opt-in array object for numpy: ``//`` and ``//=`` with the standard's special values.

``numpy.ndarray`` has the whole array-object surface natively; only its ``//`` differs from
the standard: ``inf // 2`` is NaN and ``-1 // inf`` is -1.0 (Python's pairing with ``%``, which
the standard's notes allow but array-api-tests does not), where ``xp.floor_divide`` gives
``floor(x1 / x2)``, +inf and -0. ndarray is a C type whose operators cannot be set from Python,
so ``enable_array_object()`` hooks its ``//`` and ``//=`` slots through the C extension
``arraykit._floordiv_hook``: NumPy computes as always and the hook corrects float results
that an infinite operand touched, as ``xp.floor_divide`` does (integer, bool and timedelta
results and anything NumPy defers to another operand are NumPy's own).
``disable_array_object()`` restores NumPy's own slots exactly.

What it costs: one Python call on each ndarray ``//`` (~0.2 us) and, for floats, the
``floor_divide`` infinity test (one ``vdot``). What it does not reach: ``ndarray.__floordiv__``
called by name (the type's slot wrapper keeps NumPy's function), NumPy scalars
(``np.float64(inf) // 2``, NumPy's scalar arithmetic) and ndarray subclasses defined before
the opt-in (their slots were copied from ndarray's when they were made). Where the C
extension is not built, ``enable_array_object()`` warns once and changes nothing.
"""

from __future__ import annotations

import importlib
import threading
import warnings
from typing import Any

import numpy as _np

from ._elementwise_functions import corrected_floor_divide, floor_divide_result, maybe_infinite

_ndarray = _np.ndarray
#: NumPy's own // and //= (the type's slot wrappers keep its C functions after the hook).
_native_floor_divide = _ndarray.__floordiv__
_native_inplace_floor_divide = _ndarray.__ifloordiv__
#: Operand types the correction reads (other operands: NumPy's own //=).
_OPERANDS = (_ndarray, _np.generic, int, float, bool)

_lock = threading.Lock()
_state = {"enabled": False}


def _floor_divide_hook(x1: Any, x2: Any, r: Any) -> Any:
    """``x1 // x2`` from NumPy's result ``r`` (ndarray's // slot calls this)."""
    if type(r) is not _ndarray and not isinstance(r, _np.floating):
        return r  # not a float result, or another library's (an __array_ufunc__ override)
    if not (isinstance(x1, _OPERANDS) and isinstance(x2, _OPERANDS)):
        x1, x2 = _np.asarray(x1), _np.asarray(x2)  # what NumPy made of them (lists, ...)
    out = floor_divide_result(x1, x2, r)
    # NumPy gives a scalar for 0-d operands; the correction's where() a 0-d array.
    return out[()] if out is not r and type(r) is not _ndarray else out


def _inplace_floor_divide_hook(x1: Any, x2: Any) -> Any:
    """``x1 //= x2`` (ndarray's //= slot calls this; ``x1`` is the ndarray)."""
    if x1.dtype.kind != "f" or not isinstance(x2, _OPERANDS) or not maybe_infinite(x1, x2):
        return _native_inplace_floor_divide(x1, x2)  # no correction: NumPy's //= itself
    out = corrected_floor_divide(x1, x2, _native_floor_divide(x1, x2))  # tested just above
    # NumPy's //= casts its result to x1's dtype under "same_kind" and refuses shapes x1
    # cannot hold (ValueError), as copyto does.
    _np.copyto(x1, out, casting="same_kind")
    return x1


def _hook_floor_divide() -> Any:
    try:
        return importlib.import_module("arraykit._floordiv_hook").hook_floor_divide
    except ImportError:
        return None


def enable_array_object() -> None:
    """Make ``//`` and ``//=`` on numpy arrays follow the standard's special values (see the
    module docstring). Idempotent; undone by ``disable_array_object()``."""
    with _lock:
        if _state["enabled"]:
            return
        hook = _hook_floor_divide()
        if hook is None:
            warnings.warn("arraykit: numpy's // keeps NumPy's special values (inf // 2 is "
                          "NaN): the C extension arraykit._floordiv_hook is not built "
                          "(pip install -e . builds it)", RuntimeWarning, stacklevel=2)
            return
        hook(_ndarray, _floor_divide_hook, _inplace_floor_divide_hook)
        _state["enabled"] = True


def disable_array_object() -> None:
    """Restore NumPy's own ``//`` and ``//=`` exactly."""
    with _lock:
        if _state["enabled"]:
            _hook_floor_divide()(_ndarray, None, None)
            _state["enabled"] = False


def array_object_enabled() -> bool:
    """Whether ``enable_array_object()`` is in effect."""
    return _state["enabled"]
