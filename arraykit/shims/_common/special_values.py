"""The standard's special values that framework kernels get wrong, written once over ``xp``.

Each correction takes the framework's own result and changes it only at the elements where
the standard (2025.12, ``elementwise_functions``) states a value the framework does not give:

- floating ``floor_divide`` (and ``//``) with an infinite (or, for some frameworks, zero)
  operand is ``floor(x1 / x2)``: ``inf // 2`` is +inf, ``-1 // inf`` is -0, where NumPy gives
  NaN and Python's -1.0;
- floating ``remainder``: every result, zeros included, has the divisor's sign
  (``0.0 % -1`` is -0);
- complex ``acos acosh asinh atanh cosh exp expm1 log log1p sign sinh sqrt tanh`` at
  infinities, NaN and signed zeros: the standard's tables (C99 Annex G), kept below as data.

Written over an Array API namespace ``xp`` (array-api-compat's namespace for NumPy, torch or
JAX; only ``real imag isnan isinf isfinite signbit abs equal where floor divide copysign cos
sin any all asarray``) and bound once per framework as :class:`SpecialValues`. Each method has
two modes:

- ``check=True`` (eager): a cheap test first, so only special inputs pay for the correction.
  A call whose dtype has nothing to correct pays one dtype test; a floating ``floor_divide``
  pays one ``maybe_nonfinite`` per array operand (default ``not all(isfinite(x))``; a
  framework may give a cheaper one); a complex unary call pays ``maybe_nonfinite(x)`` and
  ``any(equal(x, p))`` for the few finite special points the framework gets wrong. A framework
  module may also write its own test for its fast path and call the correction with
  ``check=False`` (NumPy's tests both ``floor_divide`` operands with one ``vdot``).
- ``check=False``: the correction unconditionally, written with ``where`` only and no Python
  branch on values, so it can run under ``jax.jit`` (the dtype test is static there).
"""

from __future__ import annotations

import cmath
import contextlib
import math
from collections.abc import Callable
from typing import Any

import numpy as np

_inf = math.inf
_nan = math.nan
_pi = math.pi


# --- complex unary tables -----------------------------------------------------------------
#
# One row per bullet of the standard's "For complex floating-point operands" list:
# (condition on a = real(x), condition on b = imag(x), real part, imaginary part). The first
# matching row wins (``sqrt``'s "a is any value and b is +infinity" comes before "a is NaN").
# A part is a float or a function (xp, a, b) -> array (the ``cis(b)`` results); ``Free(v)``
# where the standard leaves the sign unspecified: a framework part of magnitude |v| is kept,
# so a result the standard allows is never changed.
#
# The standard states the rows for b >= 0 (and a >= 0 for the odd/even functions) and the
# rest by symmetry: f(conj(z)) = conj(f(z)) for every function here, f(-z) = -f(z) for
# asinh, atanh, sinh, tanh, f(-z) = f(z) for cosh (C99 7.3 and Annex G). So the input is
# folded into that region first (b -> |b|, and a -> |a| with b negated for odd/even), the rows
# are matched there, and the result is unfolded. After the fold "+0"/"0" and "+inf"/"inf"
# coincide for b (and for a when folded); the rows keep the standard's words anyway.

class Free(float):
    """A part whose sign the standard leaves unspecified (the framework's sign is kept)."""


def _inf_cis_re(xp, a, b):
    return _inf * xp.cos(b)


def _inf_cis_im(xp, a, b):
    return _inf * xp.sin(b)


def _zero_cis_re(xp, a, b):
    return 0.0 * xp.cos(b)


def _zero_cis_im(xp, a, b):
    return 0.0 * xp.sin(b)


def _inf_cis_minus_one_re(xp, a, b):
    return _inf * xp.cos(b) - 1.0


def _zero_cis_minus_one_re(xp, a, b):
    return 0.0 * xp.cos(b) - 1.0


#: The rows of ``log`` for an infinite or NaN part that are ``log1p``'s and ``acosh``'s too:
#: adding 1 moves no infinity or NaN (log1p), and acosh(z) = log(z + sqrt(z - 1)sqrt(z + 1))
#: grows as log(2z) there; the standard's three tables agree.
_LOG_INFINITE_ROWS = (
    ("-inf", "posfinite", _inf, _pi),
    ("+inf", "posfinite", _inf, 0.0),
    ("-inf", "+inf", _inf, 3 * _pi / 4),
    ("+inf", "+inf", _inf, _pi / 4),
    ("inf", "nan", _inf, _nan),
    ("nan", "finite", _nan, _nan),
    ("nan", "+inf", _inf, _nan),
    ("nan", "nan", _nan, _nan),
)


def _minus_one(part):
    """A part of ``exp``'s table as ``expm1``'s: 1 less (a free zero becomes the standard's
    -1, a free infinity stays free)."""
    if part is _zero_cis_re:
        return _zero_cis_minus_one_re
    if part is _inf_cis_re:
        return _inf_cis_minus_one_re
    return Free(part) if isinstance(part, Free) and math.isinf(part) else part - 1.0


_EXP_ROWS = (
    ("0", "+0", 1.0, 0.0),
    ("finite", "+inf", _nan, _nan),
    ("finite", "nan", _nan, _nan),
    ("+inf", "+0", _inf, 0.0),
    ("-inf", "finite", _zero_cis_re, _zero_cis_im),
    ("+inf", "nzfinite", _inf_cis_re, _inf_cis_im),
    ("-inf", "+inf", Free(0.0), Free(0.0)),
    ("+inf", "+inf", Free(_inf), _nan),
    ("-inf", "nan", Free(0.0), Free(0.0)),
    ("+inf", "nan", Free(_inf), _nan),
    ("nan", "+0", _nan, 0.0),
    ("nan", "nonzero", _nan, _nan),
    ("nan", "nan", _nan, _nan),
)
#: expm1(z) = exp(z) - 1: the standard's table is exp's with 1 less in the real part.
_EXPM1_ROWS = tuple((a, b, _minus_one(re), im) for a, b, re, im in _EXP_ROWS)


#: name -> (fold, rows, finite special points). fold: "conj" (b >= 0), "odd"/"even" (and
#: a >= 0), None (no symmetry used). The finite points are the complex values, besides
#: non-finite ones, at which a row applies: the eager test looks for them with ``equal``.
#: Comparisons are ``xp.equal``, never the arrays' ``==``: Paddle 3.3.1's ``==`` has a
#: tolerance (float64 ``1e-150 == 0`` is True), which made ``log`` of a tiny complex128 -inf.
COMPLEX_RULES: dict[str, tuple[str | None, tuple, tuple[complex, ...]]] = {
    "acos": ("conj", (
        ("0", "+0", _pi / 2, -0.0),
        ("0", "nan", _pi / 2, _nan),
        ("finite", "+inf", _pi / 2, -_inf),
        ("nzfinite", "nan", _nan, _nan),
        ("-inf", "posfinite", _pi, -_inf),
        ("+inf", "posfinite", 0.0, -_inf),
        ("-inf", "+inf", 3 * _pi / 4, -_inf),
        ("+inf", "+inf", _pi / 4, -_inf),
        ("inf", "nan", _nan, Free(_inf)),
        ("nan", "finite", _nan, _nan),
        ("nan", "+inf", _nan, -_inf),
        ("nan", "nan", _nan, _nan),
    ), (0,)),
    "acosh": ("conj", (
        ("0", "+0", 0.0, _pi / 2),
        ("finite", "+inf", _inf, _pi / 2),
        ("nzfinite", "nan", _nan, _nan),
        ("+0", "nan", _nan, Free(_pi / 2)),
    ) + _LOG_INFINITE_ROWS, (0,)),
    "asinh": ("odd", (
        ("+0", "+0", 0.0, 0.0),
        ("posfinite", "+inf", _inf, _pi / 2),
        ("finite", "nan", _nan, _nan),
        ("+inf", "posfinite", _inf, 0.0),
        ("+inf", "+inf", _inf, _pi / 4),
        ("nan", "+0", _nan, 0.0),
        ("nan", "nzfinite", _nan, _nan),
        ("nan", "+inf", Free(_inf), _nan),
        ("nan", "nan", _nan, _nan),
    ), (0,)),
    "atanh": ("odd", (
        ("+0", "+0", 0.0, 0.0),
        ("+0", "nan", 0.0, _nan),
        ("1", "+0", _inf, 0.0),
        ("posfinite", "+inf", 0.0, _pi / 2),
        ("nzfinite", "nan", _nan, _nan),
        ("+inf", "posfinite", 0.0, _pi / 2),
        ("+inf", "+inf", 0.0, _pi / 2),
        ("+inf", "nan", 0.0, _nan),
        ("nan", "finite", _nan, _nan),
        ("nan", "+inf", Free(0.0), _pi / 2),
        ("nan", "nan", _nan, _nan),
    ), (0, 1, -1)),
    "cosh": ("even", (
        ("+0", "+0", 1.0, 0.0),
        ("+0", "+inf", _nan, Free(0.0)),
        ("+0", "nan", _nan, Free(0.0)),
        ("nzfinite", "+inf", _nan, _nan),
        ("nzfinite", "nan", _nan, _nan),
        ("+inf", "+0", _inf, 0.0),
        ("+inf", "nzfinite", _inf_cis_re, _inf_cis_im),
        ("+inf", "+inf", Free(_inf), _nan),
        ("+inf", "nan", _inf, _nan),
        ("nan", "0", _nan, Free(0.0)),
        ("nan", "nzfinite", _nan, _nan),
        ("nan", "nan", _nan, _nan),
    ), (0,)),
    "exp": ("conj", _EXP_ROWS, (0,)),
    "expm1": ("conj", _EXPM1_ROWS, (0,)),
    "log": ("conj", (
        ("-0", "+0", -_inf, _pi),
        ("+0", "+0", -_inf, 0.0),
        ("finite", "+inf", _inf, _pi / 2),
        ("finite", "nan", _nan, _nan),
    ) + _LOG_INFINITE_ROWS, (0,)),
    "log1p": ("conj", (
        ("-1", "+0", -_inf, 0.0),
        ("finite", "+inf", _inf, _pi / 2),
        ("finite", "nan", _nan, _nan),
    ) + _LOG_INFINITE_ROWS, (-1,)),
    "sign": (None, (
        ("0", "0", 0.0, 0.0),
        ("nan", "any", _nan, _nan),
        ("any", "nan", _nan, _nan),
        # An infinite part: the standard leaves it to complex division, x / |x| with
        # |x| = inf, whose textbook formula gives NaN + NaN j (array-api-compat's NumPy and
        # torch, array-api-strict, MLX); JAX gives NaN + 0j, Paddle 0j. One answer: NaN.
        ("inf", "any", _nan, _nan),
        ("any", "inf", _nan, _nan),
    ), (0,)),
    "sinh": ("odd", (
        ("+0", "+0", 0.0, 0.0),
        ("+0", "+inf", Free(0.0), _nan),
        ("+0", "nan", Free(0.0), _nan),
        ("posfinite", "+inf", _nan, _nan),
        ("posfinite", "nan", _nan, _nan),
        ("+inf", "+0", _inf, 0.0),
        ("+inf", "posfinite", _inf_cis_re, _inf_cis_im),
        ("+inf", "+inf", Free(_inf), _nan),
        ("+inf", "nan", Free(_inf), _nan),
        ("nan", "+0", _nan, 0.0),
        ("nan", "nzfinite", _nan, _nan),
        ("nan", "nan", _nan, _nan),
    ), (0,)),
    "sqrt": ("conj", (
        ("0", "+0", 0.0, 0.0),
        ("any", "+inf", _inf, _inf),
        ("finite", "nan", _nan, _nan),
        ("-inf", "posfinite", 0.0, _inf),
        ("+inf", "posfinite", _inf, 0.0),
        ("-inf", "nan", _nan, Free(_inf)),
        ("+inf", "nan", _inf, _nan),
        ("nan", "any", _nan, _nan),
    ), (0,)),
    "tanh": ("odd", (
        ("+0", "+0", 0.0, 0.0),
        ("nzfinite", "+inf", _nan, _nan),
        ("+0", "+inf", 0.0, _nan),
        ("nzfinite", "nan", _nan, _nan),
        ("+0", "nan", 0.0, _nan),
        ("+inf", "posfinite", 1.0, 0.0),
        ("+inf", "+inf", 1.0, Free(0.0)),
        ("+inf", "nan", 1.0, Free(0.0)),
        ("nan", "+0", _nan, 0.0),
        ("nan", "nonzero", _nan, _nan),
        ("nan", "nan", _nan, _nan),
    ), (0,)),
}


def _predicate(xp, v, name: str, cache: dict):
    """The boolean array for one condition word of the tables on the real array ``v``
    (memoised in ``cache`` per component: rows share their words)."""
    if name in cache:
        return cache[name]
    if name == "finite":
        p = xp.isfinite(v)
    elif name == "nan":
        p = xp.isnan(v)
    elif name == "inf":
        p = xp.isinf(v)
    elif name == "+inf":
        p = xp.equal(v, _inf)
    elif name == "-inf":
        p = xp.equal(v, -_inf)
    elif name == "0":
        p = xp.equal(v, 0.0)
    elif name == "+0":
        p = _predicate(xp, v, "0", cache) & ~xp.signbit(v)
    elif name == "-0":
        p = _predicate(xp, v, "0", cache) & xp.signbit(v)
    elif name == "nonzero":  # "not equal to 0": infinities and NaN included
        p = ~_predicate(xp, v, "0", cache)  # type: ignore[operator]  # "0" is never None
    elif name == "nzfinite":
        p = _predicate(xp, v, "finite", cache) & ~_predicate(xp, v, "0", cache)
    elif name == "posfinite":
        p = _predicate(xp, v, "finite", cache) & (v > 0)
    elif name == "1":
        p = xp.equal(v, 1.0)
    elif name == "-1":
        p = xp.equal(v, -1.0)
    elif name == "any":
        p = None
    else:  # a typo in the tables
        raise ValueError(f"special_values: unknown condition {name!r}")
    cache[name] = p
    return p


def correct_complex_unary(xp, make_complex: Callable[[Any, Any], Any], name: str,
                          x: Any, r: Any) -> Any:
    """``r`` (the framework's ``name(x)`` for complex ``x``) with the standard's special
    values where ``COMPLEX_RULES[name]`` has a row for the element; unconditional (``where``
    only, no Python branch on values: usable under ``jax.jit``).

    ``make_complex(re, im)`` builds a complex array from two real ones without arithmetic
    (``re + 1j * im`` turns an infinite ``im`` into NaN + inf j); each framework has its own.
    """
    fold, rows, _ = COMPLEX_RULES[name]
    a, b = xp.real(x), xp.imag(x)
    neg_a = neg_b = None  # the signs folded away (set below where fold asks)
    if fold in ("odd", "even"):
        neg_a = xp.signbit(a)
        a = xp.abs(a)
        b = xp.where(neg_a, -b, b)
    if fold is not None:
        neg_b = xp.signbit(b)
        b = xp.abs(b)
    ca: dict = {}
    cb: dict = {}
    re, im = xp.zeros_like(a), xp.zeros_like(b)
    matched = free_re = free_im = None
    # Reversed, so that an earlier row's where() is applied last and wins.
    for cond_a, cond_b, part_re, part_im in reversed(rows):
        pa, pb = _predicate(xp, a, cond_a, ca), _predicate(xp, b, cond_b, cb)
        m = pa if pb is None else pb if pa is None else pa & pb
        # float(): a Free is a float subclass, which NumPy promotes as float64, not as a
        # Python scalar.
        re = xp.where(m, part_re(xp, a, b) if callable(part_re) else float(part_re), re)
        im = xp.where(m, part_im(xp, a, b) if callable(part_im) else float(part_im), im)
        matched = m if matched is None else matched | m
        free_re = _mark(xp, m, isinstance(part_re, Free), free_re)
        free_im = _mark(xp, m, isinstance(part_im, Free), free_im)
    if fold is not None:
        im = xp.where(neg_b, -im, im)
    if fold == "odd":
        re = xp.where(neg_a, -re, re)
        im = xp.where(neg_a, -im, im)
    # A free sign keeps the framework's where its part has the standard's magnitude.
    if free_re is not None:
        r_re = xp.real(r)
        re = xp.where(free_re & xp.equal(xp.abs(r_re), xp.abs(re)), r_re, re)
    if free_im is not None:
        r_im = xp.imag(r)
        im = xp.where(free_im & xp.equal(xp.abs(r_im), xp.abs(im)), r_im, im)
    return xp.where(matched, make_complex(re, im), r)


def _mark(xp, m: Any, free: bool, marks: Any) -> Any:
    """The rows' free-sign marks so far, with this row's (mask ``m``) laid over them; None
    while no row seen is free."""
    if marks is None:
        return m if free else None
    return xp.where(m, free, marks)


def complex_has_special(xp, name: str, x: Any, points: tuple[complex, ...] | None = None,
                        maybe_nonfinite: Callable[[Any], bool] | None = None) -> bool:
    """Whether complex ``x`` may have an element where ``COMPLEX_RULES[name]`` applies: a
    non-finite element or one of ``points`` (default: all the function's finite special
    points; a framework right at some passes fewer). The eager test: ``maybe_nonfinite(x)``
    (default ``not all(isfinite(x))``) may answer True for finite input, never False for
    non-finite input."""
    if maybe_nonfinite(x) if maybe_nonfinite else not bool(xp.all(xp.isfinite(x))):
        return True
    return any(bool(xp.any(xp.equal(x, p))) for p in
               (COMPLEX_RULES[name][2] if points is None else points))


def complex_special_flag(xp, name: str, x: Any) -> Any:
    """``complex_has_special``'s test as a 0-d boolean array, with no ``bool()``: the traced
    form, e.g. the predicate of ``jax.lax.cond`` under ``jax.jit``, so that the correction
    runs only when an element may need it (its ``where``s evaluate every row's parts,
    ``cos``/``sin`` included, for every element)."""
    special = ~xp.isfinite(x)
    for p in COMPLEX_RULES[name][2]:
        special = special | xp.equal(x, p)
    return xp.any(special)  # one reduction: one pass over x


# --- real binary rules --------------------------------------------------------------------

def _operand(xp, x: Any, like: Any) -> Any:
    """``x`` as an array (a Python scalar operand becomes one of ``like``'s dtype)."""
    return x if hasattr(x, "dtype") else xp.asarray(x, dtype=like.dtype)


def correct_floor_divide(xp, x1: Any, x2: Any, r: Any, *, zeros: bool = False) -> Any:
    """``r`` (the framework's floating ``floor_divide(x1, x2)``) with ``floor(x1 / x2)``
    where an operand is infinite, and also where one is a zero if ``zeros``; unconditional.

    ``floor(x1 / x2)`` is exact there and is each of the standard's special values: +-inf
    for an infinite dividend, +-0 for an infinite divisor (``-1 // inf`` is -0, not
    Python's -1.0), NaN for two infinities or two zeros, the quotient's signed zero for a
    zero dividend and +-inf for a zero divisor.
    """
    a1, a2 = _operand(xp, x1, r), _operand(xp, x2, r)
    special = xp.isinf(a1) | xp.isinf(a2)
    if zeros:
        special = special | xp.equal(a1, 0.0) | xp.equal(a2, 0.0)
    return xp.where(special, xp.floor(xp.divide(a1, a2)), r)




_ndarray, _vdot, _isfinite = np.ndarray, np.vdot, cmath.isfinite  # (isfinite: complex too)


def host_maybe_nonfinite(x: Any) -> bool:
    """Whether the NumPy array ``x`` may hold an infinity or NaN: ``vdot(x, x)`` is not
    finite (any such element makes it so; an overflow only answers True for finite input)."""
    return not _isfinite(_vdot(x, x))


def _host_operand_maybe_inf(x: Any) -> bool:
    if type(x) is float:
        return not _isfinite(x)
    return type(x) is not int and type(x) is not bool and host_maybe_nonfinite(x)


def host_maybe_infinite(x1: Any, x2: Any) -> bool:
    """Whether an operand of a float ``floor_divide`` (NumPy arrays or Python numbers) may
    hold an infinity (or NaN): one ``vdot`` of two arrays of one shape, else one per array."""
    if type(x1) is _ndarray and type(x2) is _ndarray and x1.shape == x2.shape:
        return not _isfinite(_vdot(x1, x2))  # both operands in one call
    return _host_operand_maybe_inf(x1) or _host_operand_maybe_inf(x2)


def host_floor_divide(a: Any, b: Any) -> Any:
    """The standard's floating ``floor_divide`` of two NumPy arrays: NumPy's (npy_divmod: the
    exact floor of the quotient) with :func:`correct_floor_divide`'s values where an operand
    may be infinite (:func:`host_maybe_infinite`, the NumPy namespace's test; ~2 us less
    than the correction's five ops on 16 elements)."""
    r = np.floor_divide(a, b)
    return correct_floor_divide(np, a, b, r) if host_maybe_infinite(a, b) else r


def on_host_first(host_op: Callable[[Any, Any], Any], rule: Callable[[Any, Any], Any], *,
                  on_host: Callable[[Any, Any], bool], read: Callable[[Any], Any],
                  write: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``rule(a, b)`` (a framework's floating ``floor_divide`` or ``remainder`` with the
    standard's special values: ~10-25 framework ops), or where ``on_host(a, b)`` says both
    operands lie in host memory and no gradient is recorded, ``host_op`` (:func:`host_floor_divide`,
    ``np.remainder``: the standard's values themselves) over their values read by ``read``
    and one copy back, ``write(result, a)`` (an array of ``a``'s kind, place and dtype). A
    call of a few microseconds where the rules cost a framework op each (MXNet 1.9.1 float32
    ``remainder`` 1.70 ms -> 26 us, TF 2.21 122 -> ~8, Paddle 3.3.1 200 -> ~15; CPU time,
    16 elements)."""

    def f(a, b):
        if on_host(a, b):
            try:
                with np.errstate(all="ignore"):  # x % 0 is NaN by the rule: no warning
                    return write(host_op(read(a), read(b)), a)
            except ValueError:  # shapes that do not broadcast: the framework's own error
                pass
        return rule(a, b)

    return f


def _any_zero(xp, x: Any) -> bool:
    if hasattr(x, "dtype"):
        return bool(xp.any(xp.equal(x, 0)))
    return x == 0


def log1p_real_part(xp, a: Any, b: Any, direct: Any) -> Any:
    """The real part of ``log1p(a + bj)`` accurate over the whole plane: ``0.5 * log1p(t)``,
    ``t = a(a + 2) + b^2 = |1 + z|^2 - 1``, where ``|t| < 1/2`` (``|1 + z|`` near 1, where
    ``log|1 + z|`` loses the digits of a z near 0: 3e-8 relative in complex128, NumPy's and
    Paddle's), the caller's ``log|1 + z|`` (``direct``) elsewhere, which is accurate there
    (near -1, where the first form cancels: 8e-9 relative, TF's; and for non-finite or huge
    parts, where ``t`` is not finite and the test fails). ``xp``: any namespace with the
    standard's functions (NumPy itself, a shim's)."""
    t = a * (a + 2.0) + b * b
    return xp.where(xp.abs(t) < 0.5, 0.5 * xp.log1p(t), direct)


def correct_remainder(xp, x1: Any, x2: Any, r: Any) -> Any:
    """``r`` (the framework's floating ``remainder(x1, x2)``) with every result carrying the
    divisor's sign, as the standard asks: nonzero results already do, so this fixes the
    zeros (``0.0 % -1`` is -0, ``-0.0 % 1`` is +0); unconditional."""
    return xp.copysign(r, _operand(xp, x2, r))


# --- binding ------------------------------------------------------------------------------

class SpecialValues:
    """The corrections bound to one framework's namespace ``xp``.

    Parameters
    ----------
    xp
        the framework's Array API namespace (array-api-compat's).
    make_complex
        ``(re, im) -> complex array`` without arithmetic (``torch.complex``,
        ``jax.lax.complex``, NumPy's ``out.real = re; out.imag = im``).
    is_real_floating, is_complex
        dtype tests, the one cost every call pays: give the framework's cheapest (NumPy:
        ``dtype.kind == "f"``); default ``dtype in (xp.float32, xp.float64)`` and the
        complex pair.
    maybe_nonfinite
        ``x -> bool``, the eager test for infinities and NaN of an array (real or complex):
        may say True for finite input (that only costs the correction), never False for
        non-finite input. Default ``not all(isfinite(x))``; NumPy's cheaper test is whether
        ``sum(x)`` is finite (one reduction, no temporary array).
    floor_divide_zeros
        whether the framework's ``floor_divide`` also gets zero operands wrong (JAX gives
        ``-0.0 // 2`` as +0): then those take ``floor(x1 / x2)`` too.
    quiet
        ``() -> context manager`` around each correction, for frameworks that warn about
        floating-point exceptions (NumPy's ``errstate(all="ignore")``): a correction
        computes over whole arrays, values where no rule applies (``inf * sin(0)``) are
        discarded, and their warnings would mislead.
    """

    def __init__(self, xp, make_complex: Callable[[Any, Any], Any], *,
                 is_real_floating: Callable[[Any], bool] | None = None,
                 is_complex: Callable[[Any], bool] | None = None,
                 maybe_nonfinite: Callable[[Any], bool] | None = None,
                 floor_divide_zeros: bool = False,
                 quiet: Callable[[], Any] = contextlib.nullcontext) -> None:
        self.xp = xp
        self.quiet = quiet
        self.make_complex = make_complex
        reals = tuple(getattr(xp, n) for n in ("float32", "float64", "float16", "bfloat16")
                      if hasattr(xp, n))
        complexes = (xp.complex64, xp.complex128)
        self.is_real_floating = is_real_floating or (lambda dt: dt in reals)
        self.is_complex = is_complex or (lambda dt: dt in complexes)
        self.maybe_nonfinite = maybe_nonfinite or (
            lambda x: not bool(xp.all(xp.isfinite(x))))
        self.floor_divide_zeros = floor_divide_zeros

    def _maybe_inf(self, x: Any) -> bool:
        """Whether the operand ``x`` (an array or a Python scalar) may hold an infinity."""
        if hasattr(x, "dtype"):
            return self.maybe_nonfinite(x)
        return isinstance(x, float) and math.isinf(x)

    def floor_divide(self, x1: Any, x2: Any, r: Any, /, *, check: bool = True) -> Any:
        """The framework's ``floor_divide`` result ``r`` with the standard's values for
        infinite (and, with ``floor_divide_zeros``, zero) operands."""
        if not self.is_real_floating(r.dtype):
            return r
        xp = self.xp
        if check and not (self._maybe_inf(x1) or self._maybe_inf(x2) or (
                self.floor_divide_zeros and (_any_zero(xp, x1) or _any_zero(xp, x2)))):
            return r
        with self.quiet():
            return correct_floor_divide(xp, x1, x2, r, zeros=self.floor_divide_zeros)

    def remainder(self, x1: Any, x2: Any, r: Any, /, *, check: bool = True) -> Any:
        """The framework's ``remainder`` result ``r`` with zeros carrying the divisor's sign
        (``check`` is accepted for symmetry: one ``copysign`` costs no more than a test)."""
        if not self.is_real_floating(r.dtype):
            return r
        with self.quiet():
            return correct_remainder(self.xp, x1, x2, r)

    def complex_unary(self, name: str, x: Any, r: Any, /, *, check: bool = True,
                      points: tuple[complex, ...] | None = None) -> Any:
        """The framework's ``name(x)`` result ``r`` with the standard's complex special values
        (``name`` a key of ``COMPLEX_RULES``); real and integer results are returned as
        they are. ``points``: the finite special points the eager test looks for (default
        all of the function's; give fewer where the framework is right at the others)."""
        if not self.is_complex(r.dtype):
            return r
        if check and not complex_has_special(self.xp, name, x, points, self.maybe_nonfinite):
            return r
        with self.quiet():
            return correct_complex_unary(self.xp, self.make_complex, name, x, r)

    def wrap_unary(self, name: str, native: Callable[[Any], Any],
                   points: tuple[complex, ...] | None = None) -> Callable[[Any], Any]:
        """``native`` (the framework's ``name``) followed by the eager correction (``points``
        as for :meth:`complex_unary`), named and documented as a namespace function."""
        correct = self.complex_unary

        def f(x, /):
            return correct(name, x, native(x), points=points)

        f.__name__ = f.__qualname__ = name
        f.__doc__ = (f"The framework's ``{name}``, with the standard's special values for "
                     "complex input at infinities, NaN and signed zeros (C99 Annex G).")
        return f

    def wrap_binary(self, name: str, native: Callable[[Any, Any], Any]) -> Callable:
        """``native`` (the framework's ``floor_divide`` or ``remainder``) followed by the eager
        correction, named and documented as a namespace function."""
        correct = getattr(self, name)

        def f(x1, x2, /):
            return correct(x1, x2, native(x1, x2))

        f.__name__ = f.__qualname__ = name
        f.__doc__ = (f"The framework's ``{name}``, with the standard's special values for "
                     "floating operands (see arraykit.shims._common.special_values).")
        return f


__all__ = ["COMPLEX_RULES", "Free", "SpecialValues", "complex_has_special",
           "correct_complex_unary", "correct_floor_divide", "correct_remainder",
           "host_floor_divide", "host_maybe_infinite", "host_maybe_nonfinite",
           "log1p_real_part", "on_host_first"]
