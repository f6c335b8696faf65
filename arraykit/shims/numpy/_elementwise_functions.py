"""NumPy's elementwise functions that differ from the standard's special cases, corrected by
the shared rules (``_common.special_values``); measured on NumPy 2.4:

- ``floor_divide`` of floats with an infinite operand: NumPy gives ``inf // 2`` as NaN and
  ``-1 // inf`` as -1.0 (Python's pairing with ``%``); the standard asks ``floor(x1 / x2)``,
  +inf and -0 there. Zero operands NumPy already gets right.
- complex ``expm1``: NaN parts at infinities (``expm1(inf + 0j)`` is inf + NaN j, the
  standard inf + 0j), ``expm1(-0 + 0j)`` is -0 + 0j (the standard +0 + 0j) and
  ``expm1(-inf + yj)`` is -0.9999999999999999 + 0j (the standard -1 + 0j).
- complex ``tanh(+-inf + yj)``: the zero imaginary part has the sign of ``sin(2y)``
  (C99's formula), the standard's table gives ``1 + 0j`` for y > 0 (and by symmetry the sign
  of y otherwise).

Every other complex function of the standard's tables agrees with them on NumPy 2.4 (checked
over every pair of +-0, +-1, +-2.5, +-inf and NaN by tests/shims/test_elementwise_functions.py);
on NumPy 1.23 (the mxnet environment) ``acosh(+0 + NaN j)`` is corrected too.

The cost on the common path: one ``dtype.kind`` read for integer, boolean and (for expm1 and
tanh) real input. Floats in ``floor_divide`` pay one ``vdot`` (a finite dot product of the
two operands means neither holds an infinity; one BLAS call, cheaper than two reductions or
``isinf`` passes: +~2 us on a (3,) float64 call, 1.3 -> 3.3 us, and ~1 us on 1000 elements,
numpy 2.4, min of 25 interleaved runs on a loaded 2-core machine); complex ``expm1`` pays
``vdot(x, x)`` and ``count_nonzero(x)``, complex ``tanh`` ``vdot(x, x)`` (NumPy is right at
``tanh(0j)``). A dot product that overflows, or NaN input, only sends the call down the
(correct) slow path.
"""

from __future__ import annotations

from typing import Any

import array_api_compat.numpy as _compat
import numpy as _np

from .._common.special_values import SpecialValues, log1p_real_part
from .._common.special_values import host_maybe_infinite as maybe_infinite
from .._common.special_values import host_maybe_nonfinite as _maybe_nonfinite

_count_nonzero = _np.count_nonzero
_floor_divide, _expm1, _tanh = _np.floor_divide, _np.expm1, _np.tanh
_log1p = _np.log1p


def _make_complex(re: Any, im: Any) -> Any:
    """A complex array from its parts, without ``re + 1j * im`` (which turns inf into NaN)."""
    re, im = _np.asarray(re), _np.asarray(im)
    out = _np.empty(_np.broadcast_shapes(re.shape, im.shape),
                    dtype=_np.result_type(re.dtype, _np.complex64))
    out.real = re
    out.imag = im
    return out


def _quiet() -> Any:
    # The corrections compute over whole arrays (inf * sin(0) where no row applies): NumPy's
    # floating-point warnings, or errors under np.seterr(all="raise"), would come from
    # elements whose values are then discarded.
    return _np.errstate(all="ignore")


_rules = SpecialValues(_compat, _make_complex,
                       is_real_floating=lambda dt: dt.kind == "f",
                       is_complex=lambda dt: dt.kind == "c",
                       maybe_nonfinite=_maybe_nonfinite, quiet=_quiet)


def floor_divide(x1: Any, x2: Any, /) -> Any:
    """NumPy's ``floor_divide``; for floats with an infinite operand ``floor(x1 / x2)``, the
    standard's special values (``inf // 2`` is +inf, ``-1 // inf`` is -0; NumPy: NaN, -1.0)."""
    return floor_divide_result(x1, x2, _floor_divide(x1, x2))


def floor_divide_result(x1: Any, x2: Any, r: Any, /) -> Any:
    """``r``, NumPy's ``x1 // x2``, with the standard's values where an operand is infinite
    (``floor_divide``, and the ``//`` of ``_array_object``'s opt-in)."""
    if r.dtype.kind != "f":
        return r
    return corrected_floor_divide(x1, x2, r) if maybe_infinite(x1, x2) else r


def corrected_floor_divide(x1: Any, x2: Any, r: Any, /) -> Any:
    """``r`` (a float ``x1 // x2`` of NumPy's) with the standard's values, without the
    infinity test: for a caller that has found an operand that may be infinite."""
    return _rules.floor_divide(x1, x2, r, check=False)


def expm1(x: Any, /) -> Any:
    """NumPy's ``expm1``; complex input at infinities, NaN and -0 gives the standard's values
    (``expm1(inf + 0j)`` is inf + 0j, ``expm1(-0 + 0j)`` is +0 + 0j)."""
    r = _expm1(x)
    if r.dtype.kind == "c":
        x = _np.asarray(x)
        # count_nonzero: a zero element without a temporary (x == 0 costs ~5x more).
        if _maybe_nonfinite(x) or _count_nonzero(x) != x.size:
            return _rules.complex_unary("expm1", x, r, check=False)
    return r


def log1p(x: Any, /) -> Any:
    """NumPy's ``log1p``; for complex input near 0 the real part as ``log1p_real_part`` gives
    it (NumPy's ``log|1 + z|`` loses the digits there: 3e-8 relative in complex128, where
    torch's and the shims' are exact); NumPy's own bits elsewhere."""
    r = _log1p(x)
    if r.dtype.kind == "c":
        out = _np.array(r)  # a copy; NumPy gives a 0-d input a scalar, kept below
        z = _np.asarray(x)
        with _np.errstate(all="ignore"):
            # np.real of a complex array is a view: the real parts written in place
            _np.copyto(_np.real(out), log1p_real_part(_np, _np.real(z), _np.imag(z),
                                                      _np.real(out)))
        return out[()] if isinstance(r, _np.generic) else out
    return r


def _corrected_at_nonfinite(name: str, native: Any, doc: str) -> Any:
    """``native`` with the standard's complex values where NumPy is wrong only at non-finite
    input (its finite special points are right): the test is ``vdot(x, x)``."""

    def f(x, /):
        r = native(x)
        if r.dtype.kind == "c" and _maybe_nonfinite(x):
            return _rules.complex_unary(name, x, r, check=False)
        return r

    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


tanh = _corrected_at_nonfinite("tanh", _tanh, """NumPy's ``tanh``; complex input with an
    infinite real part gives the standard's values (``tanh(inf + yj)`` is 1 + 0j for y > 0;
    NumPy: the zero's sign is that of sin(2y)).""")

if int(_np.__version__.split(".")[0]) < 2:
    # NumPy 1.23 (the mxnet environment's): acosh(+0 + NaN j) is NaN + NaN j, the standard's
    # NaN +- pi/2 j (NumPy 2.4 gives it).
    acosh = _corrected_at_nonfinite("acosh", _np.arccosh, """NumPy's ``arccosh``; complex
    ``acosh(+0 + NaN j)`` is NaN + pi/2 j, as the standard asks (NumPy 1.x: NaN + NaN j).""")
