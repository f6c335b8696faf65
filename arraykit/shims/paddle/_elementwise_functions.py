"""Elementwise functions, built from two tables (name -> input category and Paddle op) and
two factories, as array-api-strict does.

Hot path: tensors of one dtype with a Paddle kernel -> a type check, a dict lookup, the op.
Python scalars, mixed dtypes and the narrow integers (int8, int16, uint8: arithmetic in int32,
cast back; see ``_helpers.NARROW``) take the slow path.
"""

from __future__ import annotations

import math as _math
import sys

import numpy as onp
import paddle

from .._common import checks as _c
from .._common import elementwise as _ce
from .._common.clip import clip_function
from .._common.dtypes import integer_input_as_float
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import (
    NARROW,
    Tensor,
    binary,
    cast,
    eq,
    full0,
    is_zero,
    narrow,
    ne,
    nonzero_mask,
    require_array,
    widen,
)

#: ``__package__``, as the str the checkers know it is (they type it ``str | None``).
_PACKAGE = __name__.rpartition(".")[0]

_NAME_OF = D.NAME_OF
_NAME_BY_ID = D.NAME_BY_ID
_KINDS = D.KIND_SETS
_LN2 = _math.log(2.0)
_BITS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8}
_REAL_OF = {"complex64": "float32", "complex128": "float64"}


def _unary(fname: str, category: str, op, *, narrow_ok: bool = False, bool_as=None):
    """A standard unary function over Paddle op ``op``: the input must be of ``category``
    (integer input to a floating-point function computes in the default float, see
    ``_common.dtypes.integer_input_as_float``); narrow integers run in int32 unless
    ``narrow_ok``; ``bool_as``: the function's result for bool input, where bool is allowed
    but Paddle has no kernel."""
    kinds = _KINDS[category]

    def f(x, /):
        name = _NAME_BY_ID.get(id(x.dtype)) if isinstance(x, Tensor) else None
        if name in kinds and (narrow_ok or name not in NARROW):
            if name == "bool" and bool_as is not None:
                return bool_as(x)
            return op(x)
        name = require_array(x, fname)
        as_float = integer_input_as_float(category, name, D.DEFAULT_FLOAT)
        if as_float is not None:
            return op(cast(x, as_float))
        if name not in kinds:
            raise _c.dtype_not_allowed(fname, name, category)
        if name == "bool" and bool_as is not None:
            return bool_as(x)
        return narrow(op(widen(x, name)), name)

    f.__name__ = f.__qualname__ = fname
    f.__doc__ = f"Array API ``{fname}`` (input: {category}) over ``paddle``."
    return f


def _binary(fname: str, category: str, op, *, narrow_ok: bool = False, compare=False):
    """A standard binary function over Paddle op ``op`` (broadcasting, promotion and Python
    scalars by :func:`_helpers.binary`); ``compare``: the result is bool, so narrow integers
    need no cast back."""
    kinds = _KINDS[category]

    def f(x1, x2, /):
        if type(x1) is Tensor and type(x2) is Tensor and x1.dtype is x2.dtype \
                and x1.shape == x2.shape:
            name = _NAME_BY_ID.get(id(x1.dtype))
            if name in kinds and (narrow_ok or name not in NARROW):
                return op(x1, x2)
        a, b, name = binary(x1, x2, fname, bcast=True)
        as_float = integer_input_as_float(category, name, D.DEFAULT_FLOAT)
        if as_float is not None:
            return op(cast(a, as_float), cast(b, as_float))
        if name not in kinds:
            raise _c.dtype_not_allowed(fname, name, category)
        if narrow_ok or name not in NARROW:
            return op(a, b)
        r = op(widen(a, name), widen(b, name))
        return r if compare else narrow(r, name)

    f.__name__ = f.__qualname__ = fname
    f.__doc__ = f"Array API ``{fname}`` (inputs: {category}) over ``paddle``."
    return f


# ------------------------------------------------------------------ ops Paddle lacks or errs on

def _real_part(x):
    return paddle.real(x) if x.dtype in (paddle.complex64, paddle.complex128) else x


def _imag_part(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        return paddle.imag(x)
    return paddle.zeros_like(x)


def _conj(x):
    return paddle.conj(x) if x.dtype in (paddle.complex64, paddle.complex128) else x.clone()


def _sign(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        # x / |x|, 0 at 0 (Paddle's sign gives nan + 0j at infinities; sgn is right).
        return paddle.sgn(x)
    return paddle.sign(x)


def _round(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        return paddle.complex(paddle.round(paddle.real(x)), paddle.round(paddle.imag(x)))
    if x.dtype in (paddle.float32, paddle.float64):
        return paddle.round(x)  # half to even, as the standard asks (measured)
    return x.clone()


def _identity(x):
    return x.clone()


def _int_is(value):
    def f(x):
        return paddle.full(x.shape, value, dtype="bool")

    return f


def _isnan(x):
    if x.dtype in (paddle.float32, paddle.float64, paddle.complex64, paddle.complex128):
        return paddle.isnan(x)
    return paddle.zeros(x.shape, dtype="bool")


def _isinf(x):
    if x.dtype in (paddle.float32, paddle.float64, paddle.complex64, paddle.complex128):
        return paddle.isinf(x)
    return paddle.zeros(x.shape, dtype="bool")


def _isfinite(x):
    if x.dtype in (paddle.float32, paddle.float64, paddle.complex64, paddle.complex128):
        return paddle.isfinite(x)
    return paddle.ones(x.shape, dtype="bool")


def _square(x):
    return paddle.multiply(x, x)


def _complex_log_base(x, ln_base):
    """``log(x) / ln_base`` for complex ``x``, each part divided by the real ``ln_base``:
    Paddle's complex division by ``ln_base + 0j`` gives NaN imaginary parts where the real
    part is infinite (``log10(0j)`` would be -inf + nan j; NumPy's is -inf + 0j)."""
    # The namespace's log, with the standard's special values (assembled after this module).
    lg = sys.modules[__name__.rpartition(".")[0]].log(x)
    re, im = paddle.real(lg), paddle.imag(lg)
    c = full0(ln_base, D.NAME_OF[re.dtype])
    return paddle.complex(re / c, im / c)


def _log2(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        return _complex_log_base(x, _LN2)
    return paddle.log2(x)


def _log10(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        return _complex_log_base(x, _math.log(10.0))
    return paddle.log10(x)


def _logaddexp(x1, x2):
    mx = paddle.maximum(x1, x2)
    r = mx + paddle.log1p(paddle.exp(-paddle.abs(x1 - x2)))
    # Equal operands (both +inf or both -inf, where x1 - x2 is nan): x + log 2.
    return paddle.where(eq(x1, x2), x1 + full0(_LN2, D.NAME_OF[x1.dtype]), r)


def _hypot(x1, x2):
    return paddle.abs(paddle.complex(x1, x2))  # std::abs: no overflow, inf beats nan


def _integer_division(op, x1, x2):
    """``op(x1, x2)`` (``floor_divide`` or ``remainder``) for integers, 0 where ``x2`` is 0:
    Paddle raises on integer division by zero; the standard leaves the value undefined and
    NumPy gives 0: one behaviour, NumPy's, so code that masks out the zero divisors
    afterwards works."""
    if not bool(paddle.all(nonzero_mask(x2))):
        z = is_zero(x2)
        safe = paddle.where(z, paddle.ones_like(x2), x2)
        return paddle.where(z, paddle.zeros_like(x1), op(x1, safe))
    return op(x1, x2)


def _floor_divide(x1, x2):
    if x1.dtype in (paddle.float32, paddle.float64):
        return _float_floor_divide(x1, x2)
    return _integer_division(paddle.floor_divide, x1, x2)


def _float_floor_divide(x1, x2):
    # floor(x1 / x2) gets the standard's special values (inf // finite, finite // inf,
    # signed zeros) where Paddle's kernel, computed from fmod, does not; the remainder
    # based correction keeps the result exact where x1 / x2 rounds up to an integer.
    q = paddle.floor(x1 / x2)
    r = paddle.remainder(x1, x2)
    fin = paddle.isfinite(x1) & paddle.isfinite(x2) & nonzero_mask(x2)
    exact = paddle.round((x1 - r) / x2)
    # At a zero quotient floor(x1 / x2) has the standard's sign (-0.0 // -3 is +0).
    return paddle.where(fin & paddle.isfinite(exact) & nonzero_mask(exact), exact, q)


def _remainder(x1, x2):
    if x1.dtype in (paddle.float32, paddle.float64):
        r = paddle.remainder(x1, x2)
        bad = paddle.isnan(r) & paddle.isfinite(x1) & paddle.isfinite(x2) & nonzero_mask(x2)
        if bool(paddle.any(bad)):
            # Paddle's kernel multiplies by 1 / x2, which overflows for |x2| below about
            # 1 / max (0 % 2.2e-308 was NaN): those elements are computed exactly by NumPy.
            exact = onp.remainder(x1.numpy(), x2.numpy())
            r = paddle.where(bad, paddle.to_tensor(exact, place=r.place), r)
        # The standard: x % inf is x for finite x of the divisor's sign, else inf/nan rules;
        # zeros carry the divisor's sign.
        inf2 = paddle.isinf(x2) & paddle.isfinite(x1)
        same = is_zero(x1) | paddle.equal(x1 < 0, x2 < 0)
        r = paddle.where(inf2, paddle.where(same, x1, x2), r)
        r = paddle.where(paddle.isinf(x1) | is_zero(x2), paddle.full_like(r, _math.nan), r)
        return paddle.where(is_zero(r), paddle.copysign(paddle.zeros_like(r), x2), r)
    return _integer_division(paddle.remainder, x1, x2)


def _divide(x1, x2):
    return paddle.divide(x1, x2)


def _pow(x1, x2):
    if x1.dtype in (paddle.complex64, paddle.complex128):
        return _complex_pow(x1, x2)
    if x1.dtype in (paddle.float32, paddle.float64):
        return paddle.pow(x1, x2)
    # Integers: negative exponents are undefined in the standard; Paddle's integer pow
    # goes through floating point, so compute by squaring to stay exact for large values.
    return _int_pow(x1, x2)


def _int_pow(x1, x2):
    """Integer power by squaring; a negative exponent gives the integer part of the exact
    result, as the other shims: 1 for a base of 1, +-1 for -1 (by the exponent's parity), 0
    otherwise (Paddle 3.3.1 gave 1 for 2 ** -1 and for (-1) ** -3)."""
    x1, x2 = paddle.broadcast_tensors([x1, x2])
    shape = list(x1.shape)  # Paddle's where/floor_divide give 0-d integer operands shape [1]
    neg = x2 < 0
    any_neg = bool(paddle.any(neg))
    # Only the parity of a negative exponent matters for bases 1 and -1 (floor mod: 0 or 1).
    e = paddle.where(neg, x2 % 2, x2) if any_neg else x2
    result = paddle.ones_like(x1)
    base = x1
    while bool(paddle.any(e > 0)):
        odd = (e % 2) == 1
        result = paddle.where(odd, result * base, result)
        e = e // 2
        base = base * base
    if any_neg:
        unit = (x1 == 1) | (x1 == -1)
        result = paddle.where(neg & ~unit, paddle.zeros_like(result), result)
    return paddle.reshape(result, shape)


def _complex_pow(x1, x2):
    # An integer exponent (a Python number or a 0-d tensor) by multiplication, NumPy's values
    # (_common.elementwise.complex_int_power; exp/log gave (3j) ** 2 = -9 + 1.1e-15j).
    if x2.ndim == 0:
        n = _ce.integer_exponent(x2.item())
        if n is not None:
            return _ce.complex_int_power(sys.modules[_PACKAGE], x1, n, paddle.complex)
    # exp(x2 * log(x1)), with x ** 0 = 1 (also 0 ** 0) as the standard asks.
    r = _cexp(x2 * paddle.log(x1))  # Paddle's complex128 exp is off by ~1e-7 (measured)
    zero_exp = is_zero(x2)
    r = paddle.where(zero_exp, paddle.ones_like(r), r)
    zero_base = is_zero(x1) & (paddle.real(x2) > 0) & is_zero(paddle.imag(x2))
    return paddle.where(zero_base, paddle.zeros_like(r), r)


def _shift(op, left: bool, name_of=_NAME_OF):
    def f(x1, x2):
        name = name_of[x1.dtype]
        bits = _BITS[name]
        if bool(paddle.any(x2 < 0)):
            raise ValueError("bitwise shift: negative shift counts are not allowed")
        big = x2 >= bits
        r = op(x1, paddle.where(big, paddle.zeros_like(x2), x2))
        if left:
            return paddle.where(big, paddle.zeros_like(r), r)
        if name == "uint8":
            return paddle.where(big, paddle.zeros_like(r), r)
        fill = paddle.where(x1 < 0, paddle.full_like(x1, -1), paddle.zeros_like(x1))
        return paddle.where(big, fill, r)

    return f


def _left_shift(x1, x2):
    return paddle.bitwise_left_shift(x1, x2, is_arithmetic=True)


def _right_shift(x1, x2):
    return paddle.bitwise_right_shift(x1, x2, is_arithmetic=True)


def _signbit(x):
    return paddle.signbit(x)


def _copysign(x1, x2):
    # Paddle's copysign reads the sign bit (so -nan and -0.0 count as negative).
    return paddle.copysign(x1, x2)


def _nextafter(x1, x2):
    return paddle.nextafter(x1, x2)


def _bool_logical_not(x):
    return paddle.logical_not(x)


def _bitwise_invert(x):
    return paddle.bitwise_not(x)


def _cexp(z):
    """Complex exp as exp(a) (cos b + i sin b): Paddle's kernel gives NaN + 0j for a NaN
    real part and a nonzero imaginary one (the standard: NaN + NaN j), and its complex128
    results are off by ~1e-7 relative (complex64 accuracy, measured); the infinities and
    signed zeros are the shared correction's (``_common.special_values``)."""
    a, b = paddle.real(z), paddle.imag(z)
    ea = paddle.exp(a)
    return paddle.complex(ea * paddle.cos(b), ea * paddle.sin(b))


def _exp(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        return _cexp(x)
    return paddle.exp(x)


def _expm1(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        # expm1(a) cos b - 2 sin^2(b/2) + i exp(a) sin b: accurate near 0.
        a, b = paddle.real(x), paddle.imag(x)
        s = paddle.sin(b * 0.5)
        re = paddle.expm1(a) * paddle.cos(b) - 2.0 * s * s
        return paddle.complex(re, paddle.exp(a) * paddle.sin(b))
    return paddle.expm1(x)


def _log1p(x):
    if x.dtype in (paddle.complex64, paddle.complex128):
        # log|1 + z| + i atan2(im z, 1 + re z), with im z as it is: z + 1 would turn an
        # imaginary -0 into +0 and the branch cut's -pi into +pi.
        a, b = paddle.real(x), paddle.imag(x)
        w = paddle.complex(a + 1.0, b)
        return paddle.complex(paddle.log(paddle.abs(w)), paddle.atan2(b, a + 1.0))
    return paddle.log1p(x)


def _flip_sign(x):
    # A tensor multiply: Paddle's neg, and ``x * -1.0`` (its scale op, x * s + 0), give +0
    # for +0 where the standard's negative is -0.
    return paddle.multiply(x, paddle.full([], -1.0, dtype=x.dtype))


def _negative(x):
    if x.dtype in (paddle.float32, paddle.float64):
        return _flip_sign(x)
    if x.dtype in (paddle.complex64, paddle.complex128):
        # Part by part: a complex multiply by -1 would mix a NaN part into the other.
        return paddle.complex(_flip_sign(paddle.real(x)), _flip_sign(paddle.imag(x)))
    return paddle.neg(x)


def _reciprocal(x):
    return paddle.reciprocal(x)


# ------------------------------------------------------------------------------- the tables

def _float_only(op):
    """A rounding function: ``op`` for floats, a copy of integer input (already integral)."""
    return lambda x: op(x) if x.dtype in (paddle.float32, paddle.float64) else x.clone()


_UNARY = _ce.named_ops(
    paddle, "abs acos acosh asin asinh atan atanh bitwise_invert ceil conj cos cosh exp expm1 "
    "floor imag isfinite isinf isnan log log1p log2 log10 logical_not negative positive real "
    "reciprocal round sign signbit sin sinh sqrt square tan tanh trunc",
    _ce.UNARY, {}, bitwise_invert=_bitwise_invert, ceil=_float_only(paddle.ceil), conj=_conj,
    exp=_exp, expm1=_expm1, floor=_float_only(paddle.floor), isfinite=_isfinite,
    isinf=_isinf, isnan=_isnan, log1p=_log1p, log2=_log2, log10=_log10,
    logical_not=_bool_logical_not, negative=_negative, positive=_identity,
    real=lambda x: paddle.real(x) if x.dtype in (
        paddle.complex64, paddle.complex128) else x.clone(),
    reciprocal=_reciprocal, round=_round, sign=_sign, signbit=_signbit, square=_square,
    trunc=_float_only(paddle.trunc))

_BINARY = _ce.named_ops(
    paddle, "add atan2 bitwise_and bitwise_left_shift bitwise_or bitwise_right_shift "
    "bitwise_xor copysign divide equal floor_divide greater greater_equal hypot less "
    "less_equal logaddexp logical_and logical_or logical_xor maximum minimum multiply "
    "nextafter not_equal pow remainder subtract",
    _ce.BINARY, {}, bitwise_left_shift=_shift(_left_shift, True),
    bitwise_right_shift=_shift(_right_shift, False), copysign=_copysign, divide=_divide,
    equal=eq, floor_divide=_floor_divide, greater=paddle.greater_than, hypot=_hypot,
    less=paddle.less_than, logaddexp=_logaddexp, nextafter=_nextafter, not_equal=ne,
    pow=_pow, remainder=_remainder)

#: The functions whose narrow integer input needs no int32 detour (``_unary``/``_binary``).
_NARROW_OK = frozenset((
    "bitwise_invert ceil conj floor isfinite isinf isnan positive real round trunc "
    "bitwise_and bitwise_or bitwise_xor equal greater greater_equal less less_equal "
    "not_equal").split())
_COMPARE = {"equal", "not_equal", "greater", "greater_equal", "less", "less_equal"}

for _name, (_cat, _op) in _UNARY.items():
    globals()[_name] = _unary(_name, _cat, _op, narrow_ok=_name in _NARROW_OK)
for _name, (_cat, _op) in _BINARY.items():
    globals()[_name] = _binary(_name, _cat, _op, compare=_name in _COMPARE,
                               narrow_ok=_name in _NARROW_OK)
del _name, _cat, _op


def _clamp(x, lo, hi, name):
    out = x
    for given, op in ((lo, "maximum"), (hi, "minimum")):  # this module's (exact, broadcasting)
        if given is not None:
            b = given if isinstance(given, Tensor) else full0(given, name, x.place)
            out = narrow(globals()[op](widen(out, name), widen(b, name)), name)
    if name in ("float32", "float64"):
        # NaN in x stays NaN (Paddle's maximum/minimum return the other operand)
        nan = paddle.isnan(x)
        out = paddle.where(nan, paddle.broadcast_to(x, out.shape), out) if \
            tuple(out.shape) != tuple(x.shape) else paddle.where(nan, x, out)
    return out


clip = clip_function(_p, _clamp, __name__)  # the rules: _common.clip
