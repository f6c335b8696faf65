"""torch's elementwise functions that differ from the standard's special cases, corrected by
the shared rules (``_common.special_values``); measured on torch 2.13 CPU, float32/float64
and complex64/complex128, over every pair of +-0, +-1, +-2.5, 0.3, -7, 1e300, -1e-300,
+-inf and NaN:

- ``floor_divide`` of floats with an infinite operand: ``inf // 2`` is NaN and ``-1 // inf``
  -1.0 (Python's pairing with ``%``); the standard asks ``floor(x1 / x2)``, +inf and -0.
  Zero operands torch already gets right.
- ``remainder`` of floats: a zero result has the dividend's sign (``0.0 % -1`` is +0), the
  standard the divisor's.
- complex ``acos(+-0 + 0j)`` is pi/2 + 0j (the standard pi/2 - 0j); complex ``expm1`` has
  NaN parts at infinities (``expm1(inf + 0j)`` is inf + NaN j) and ``expm1(-0 + 0j)`` is
  -0 + 0j; complex ``log1p`` gives NaN + NaN j wherever a part is infinite (the standard
  +inf + i atan2(...)); complex ``tanh(+-inf + yj)`` has the zero imaginary part's sign of
  ``sin(2y)`` (the standard: that of y).

Every other complex function of the standard's tables agrees with them on torch 2.13.

The binary functions array-api-compat wraps for the standard's promotion (``add``,
``multiply``, ``less``...: its ``_two_arg``) change nothing when neither operand is a 0-d
tensor or a Python scalar: ``unpromoted_fast_path`` calls torch's function itself there
(``add`` of two (3,) tensors on this 2-core machine: array-api-compat's 6.3 us, torch.add's
3.4 us, the namespace's now 4.7 us with its error translation).

The cost on the common path: one dtype attribute read for integer, boolean and (for the
complex corrections) real input; for floats in ``floor_divide`` one ``sum`` per array
operand (a finite sum: no infinity, no correction), in ``remainder`` one ``copysign``; for
complex ``acos``/``expm1`` one ``sum`` and one ``x == 0``, for ``log1p``/``tanh`` one ``sum``
(torch is right at their finite special points).
"""

from __future__ import annotations

import cmath
from typing import Any

import array_api_compat.torch as _compat
import torch as _torch

from .._common.special_values import SpecialValues
from ._errors import fast_path

_Tensor = _torch.Tensor
_clamp = _torch.clamp


#: Integer dtypes by their range (``minimum``/``maximum`` of one and a Python int).
_INT_RANGE = {d: (_torch.iinfo(d).min, _torch.iinfo(d).max) for d in (
    _torch.int8, _torch.int16, _torch.int32, _torch.int64, _torch.uint8)}
#: ``minimum``/``maximum`` of an integer tensor and a Python int in its range, as torch's
#: ``clamp`` with one bound: the same values and dtype as array-api-compat's
#: ``torch.minimum(x, tensor(s))`` (integers have no NaN or signed zero), without its
#: promotion code and the 0-d tensor (f32-indices-sized int32 (256, 256) on torch 2.13 CPU:
#: ~20 -> ~7 us a call; the vision workload's ``minimum(iu0 + 1, w - 1)``).
_CLAMP_BOUND = {"minimum": "max", "maximum": "min"}


def unpromoted_fast_path(fname: str) -> Any:
    """array-api-compat's binary ``fname``; its torch function itself for two plain tensors of
    rank >= 1 (array-api-compat's ``_fix_promotion`` only changes 0-d tensors and Python
    scalars, and its scalar conversions only scalars), called from C (``_errors.fast_path``)
    with the Python function below as its general path (which ``fast_path`` gives the
    shims' rules for Python ints and NumPy scalars: ``_errors.RULES``)."""
    compat_f = getattr(_compat, fname)
    native = compat_f.__wrapped__  # the torch function (functools.wraps in _two_arg)
    bound = _CLAMP_BOUND.get(fname)
    upper = bound == "max"

    def f(x1: Any, x2: Any, /, **kwargs: Any) -> Any:
        if type(x1) is _Tensor and not kwargs and x1.ndim:
            if type(x2) is _Tensor and x2.ndim:
                return native(x1, x2)
            if bound is not None and type(x2) is int:
                limits = _INT_RANGE.get(x1.dtype)
                if limits is not None and limits[0] <= x2 <= limits[1]:
                    return _clamp(x1, None, x2) if upper else _clamp(x1, x2)
        return compat_f(x1, x2, **kwargs)

    f.__name__ = f.__qualname__ = fname
    f.__doc__ = f"array-api-compat's ``{fname}``; torch's own for two tensors of rank >= 1."
    return fast_path(native, fname, f, compat_f, 2, min_ndim=1)


def _maybe_nonfinite(x: Any) -> bool:
    """Whether ``x`` may hold an infinity or NaN: its sum is not finite (one reduction; a
    finite tensor whose sum overflows only takes the correct, slower path)."""
    return not cmath.isfinite(x.sum().item())


_rules = SpecialValues(_compat, _torch.complex,
                       is_real_floating=lambda dt: dt.is_floating_point,
                       is_complex=lambda dt: dt.is_complex,
                       maybe_nonfinite=_maybe_nonfinite)

#: array-api-compat re-exports torch's functions at import; type checkers cannot see them.
_compat_functions: Any = _compat

def _zero_divisors_as_numpy(f: Any) -> Any:
    """``f`` (``floor_divide`` or ``remainder``), an integer division by zero giving 0 where
    torch raises RuntimeError('ZeroDivisionError') for the whole call: the standard leaves the
    value undefined, and NumPy and every other arraykit namespace give 0 (the shims' rule,
    ``_common.elementwise``). On torch's error path only: the divisor's zeros replaced by 1,
    those results by 0."""

    def g(x1: Any, x2: Any, /) -> Any:
        try:
            return f(x1, x2)
        except RuntimeError as exc:
            if str(exc) != "ZeroDivisionError":
                raise
        zero = _torch.eq(_torch.as_tensor(x2), 0)
        r = f(x1, _torch.where(zero, 1, x2) if type(x2) is _Tensor else 1)
        return _torch.where(zero, _torch.zeros((), dtype=r.dtype), r)

    g.__name__ = g.__qualname__ = f.__name__
    g.__doc__ = f.__doc__
    return g


def _floating_pair(general: Any, same_floats: Any) -> Any:
    """``same_floats(x1, x2)`` for two tensors of one real floating dtype and rank >= 1 (the
    standard's rule written out as torch calls: no promotion, no Python scalar, no integer
    division by zero to catch), ``general`` for every other call and wherever torch raises
    (which then raises the standard's exception). The layers it skips (the zero-divisor
    catch, the rules' binding, the operand conversion, array-api-compat's ``copysign``)
    cost ~1-1.5 us a call (f32[16])."""

    def f(x1: Any, x2: Any, /) -> Any:
        if type(x1) is _Tensor and type(x2) is _Tensor:
            d = x1.dtype
            if d is x2.dtype and d.is_floating_point and x1.ndim and x2.ndim:
                try:
                    return same_floats(x1, x2)
                except RuntimeError:
                    pass
        return general(x1, x2)

    f.__name__ = f.__qualname__ = general.__name__
    f.__doc__ = general.__doc__
    return f


def _floor_divide_floats(x1: Any, x2: Any) -> Any:
    # The rules' test, then their correction where it says an operand may be infinite.
    r = _torch.floor_divide(x1, x2)
    if _maybe_nonfinite(x1) or _maybe_nonfinite(x2):
        return _rules.floor_divide(x1, x2, r, check=False)
    return r


def _remainder_floats(x1: Any, x2: Any) -> Any:
    # correct_remainder's one op written here: every result with the divisor's sign. Its call
    # (the operand conversion, a frame) cost +0.13 us a call over this (f32[16], call_cost).
    return _torch.copysign(_torch.remainder(x1, x2), x2)


floor_divide = _floating_pair(_zero_divisors_as_numpy(
    _rules.wrap_binary("floor_divide", unpromoted_fast_path("floor_divide"))),
    _floor_divide_floats)
remainder = _floating_pair(_zero_divisors_as_numpy(
    _rules.wrap_binary("remainder", unpromoted_fast_path("remainder"))), _remainder_floats)
acos = _rules.wrap_unary("acos", _compat_functions.acos)
expm1 = _rules.wrap_unary("expm1", _compat_functions.expm1)
log1p = _rules.wrap_unary("log1p", _compat_functions.log1p, points=())
tanh = _rules.wrap_unary("tanh", _compat_functions.tanh, points=())
