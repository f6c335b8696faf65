"""float64 ``exp``, ``sin`` and ``cos`` at float64 precision, from MLX ops.

MLX 0.32.4's CPU kernels compute ``exp``, ``sin`` and ``cos`` of float64 arrays at float32
precision (measured: relative errors of 4.5e-8 for exp, 1e-4 for sin and 8e-2 for cos at
123456.7, where NumPy's are below 1e-16; ``sin(1e100)`` is NaN), a silent wrong number. The
other float64 functions (log, sqrt, tanh, sinh, cosh, expm1, log1p, atan...) are exact to
float64 rounding. These replacements use only float64 multiply/add/round and a bit view,
so ``mx.grad`` and ``mx.compile`` see through them:

- ``exp``: ``2**k * exp(r)``, ``r = x - k ln2`` with a two-part ln2 (Cody-Waite), ``exp(r)``
  by its Taylor polynomial to degree 14 on ``|r| <= ln2/2`` (truncation below 1e-18), the
  power of two built from its exponent bits in two halves (subnormal results included).
- ``sin``/``cos``: ``x = n pi/2 + r`` with a five-part pi/2 of 26 bits each (every ``n * part``
  exact for ``|n| < 2**27``), the Taylor polynomials of sin and cos to degree 19/18 on
  ``|r| <= pi/4``, the quadrant from ``n mod 4``. Beyond ``|x| >= 2**26`` that reduction
  loses accuracy: eager calls with such elements compute them on the host with NumPy
  (Payne-Hanek reduction); under ``mx.compile`` the in-graph value is kept.
"""

from __future__ import annotations

import math

import mlx.core as mx
import numpy as onp

from ._helpers import concrete

_F64 = mx.float64

# ln2 split: the high part has 32 trailing zero bits, so k * _LN2_HI is exact for |k| < 2**20.
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_INV_LN2 = 1.0 / math.log(2)
_EXP_MAX = 709.782712893384
_EXP_MIN = -745.1332191019412
_EXP_TAYLOR = tuple(1.0 / math.factorial(i) for i in range(15))


def _scale2(p, k):
    """``p * 2.0 ** k`` for integer-valued float64 ``k`` in ``[-1076, 1024]``: two normal
    powers of two (each built from exponent bits) applied in turn, so that results near the
    overflow and subnormal limits come out right."""
    k1 = mx.floor(k / 2)
    k2 = k - k1

    def bits(e):
        # stop_gradient: k is piecewise constant, and MLX has no vjp through a view.
        e = mx.stop_gradient(e)
        return mx.left_shift((e + 1023).astype(mx.int64), mx.array(52, dtype=mx.int64)).view(_F64)

    return (p * bits(k1)) * bits(k2)


def exp(x):
    """float64 ``exp`` at float64 precision (see the module docstring)."""
    xc = mx.clip(x, _EXP_MIN - 1, _EXP_MAX + 1)
    k = mx.round(xc * _INV_LN2)
    r = (xc - k * _LN2_HI) - k * _LN2_LO
    p = mx.full(r.shape, _EXP_TAYLOR[-1], dtype=_F64)
    for c in reversed(_EXP_TAYLOR[:-1]):
        p = p * r + c
    out = _scale2(p, k)
    out = mx.where(x > _EXP_MAX, mx.array(math.inf, dtype=_F64), out)
    out = mx.where(x < _EXP_MIN, mx.array(0.0, dtype=_F64), out)
    return mx.where(mx.isnan(x), x, out)


def _pio2_parts():
    """pi/2 as five float64s of at most 26 significant bits each, summing to pi/2 within
    about 2**-130 (from the exact binary expansion, computed with Python ints)."""
    # pi/2 to 160 bits: floor(pi/2 * 2**160), from a 60-digit decimal of pi.
    pi = "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899"
    digits = int(pi.replace(".", ""))
    scale = 10 ** (len(pi) - 2)
    value = digits * 2**160 // (2 * scale)  # pi/2 * 2**160
    parts = []
    shift = 160
    top = value.bit_length()
    for _ in range(5):
        take = top - 26
        hi = value >> take << take if take > 0 else value
        parts.append(math.ldexp(hi, -shift))
        value -= hi
        top = value.bit_length()
    return tuple(parts)


_PIO2 = _pio2_parts()
_TWO_OVER_PI = 2 / math.pi
_SIN_TAYLOR = tuple((-1) ** i / math.factorial(2 * i + 1) for i in range(10))
_COS_TAYLOR = tuple((-1) ** i / math.factorial(2 * i) for i in range(10))
#: Beyond this the five-part reduction is no longer exact (n would exceed 2**27).
_REDUCE_MAX = float(2**26)


def _poly(r2, coeffs):
    p = mx.full(r2.shape, coeffs[-1], dtype=_F64)
    for c in reversed(coeffs[:-1]):
        p = p * r2 + c
    return p


def _reduced(x):
    """``(r, q)``: ``x = n pi/2 + r`` with ``|r| <= pi/4`` and ``q = n mod 4`` (int64)."""
    xc = mx.where(mx.abs(x) < _REDUCE_MAX, x, mx.zeros_like(x))  # large/inf/nan: see callers
    n = mx.round(xc * _TWO_OVER_PI)
    r = xc
    for part in _PIO2:
        r = r - n * part
    q = mx.remainder(n.astype(mx.int64), mx.array(4, dtype=mx.int64))
    return r, q


def _sin_cos(x, want_sin):
    r, q = _reduced(x)
    r2 = r * r
    s = r * _poly(r2, _SIN_TAYLOR)
    c = _poly(r2, _COS_TAYLOR)
    if not want_sin:
        q = mx.remainder(q + 1, mx.array(4, dtype=mx.int64))  # cos(x) = sin(x + pi/2)
    out = mx.where(q == 0, s, mx.where(q == 1, c, mx.where(q == 2, -s, -c)))
    out = mx.where(mx.isfinite(x), out, mx.array(math.nan, dtype=_F64))
    if want_sin:
        out = mx.where(x == 0, x, out)  # the zero's sign
    return _large_on_host(x, out, onp.sin if want_sin else onp.cos)


def _large_on_host(x, out, f):
    """``out`` with its elements of ``|x| >= 2**26`` computed by NumPy, when the values can be
    read (eager calls); unchanged while MLX traces."""
    big = mx.logical_and(mx.abs(x) >= _REDUCE_MAX, mx.isfinite(x))
    flag = concrete(mx.any(big))
    if flag is None or not bool(flag):
        return out
    host = mx.array(f(onp.asarray(x)), dtype=_F64)
    return mx.where(big, host, out)


def sin(x):
    """float64 ``sin`` at float64 precision (see the module docstring)."""
    return _sin_cos(x, True)


def cos(x):
    """float64 ``cos`` at float64 precision (see the module docstring)."""
    return _sin_cos(x, False)


def logaddexp(a, b):
    """float64 ``logaddexp`` with this module's ``exp`` (MLX's uses its float32-precision
    one): ``max + log1p(exp(-|a - b|))``; equal operands (infinities included) give
    ``a + log(2)``."""
    m = mx.maximum(a, b)
    d = -mx.abs(a - b)
    r = m + mx.log1p(exp(mx.where(mx.isnan(d), mx.zeros_like(d), d)))
    r = mx.where(a == b, a + math.log(2), r)
    return mx.where(mx.isnan(a) | mx.isnan(b), mx.array(math.nan, dtype=_F64), r)
