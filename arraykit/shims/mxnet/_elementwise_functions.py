"""Element-wise functions: a table (name -> input category, MXNet op) and two factories.

Most of the standard's element-wise functions are one ``mxnet.numpy`` op behind a dtype
check; they are generated from ``_UNARY``/``_BINARY``.  The rest fill MXNet gaps (no
``floor_divide`` between arrays, no ``logical_and/or/xor``, ``conj``, ``imag``, ``logaddexp``,
``nextafter``, bit shifts) or correct MXNet results the standard pins (``sign(nan)`` is nan,
``clip`` with array bounds).  Everything except ``nextafter`` is built from MXNet ops, so
gradients flow under ``mxnet.autograd.record()``.
"""

from __future__ import annotations

from typing import Any

import mxnet as mx
import numpy as onp
from mxnet import np as mnp
from mxnet.base import MXNetError

from .._common import elementwise as _ce
from .._common.clip import clip_function
from .._common.dtypes import integer_input_as_float
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import (
    _GET_DTYPE,
    _byref,
    _c_int,
    binary,
    binary_arrays,
    binary_bcast,
    check_broadcast,
    codes_of,
    dtype_code,
    ndarray,
    require_kind,
    scalar_array,
)
from ._helpers import where as _where

_NAME_OF = D.NAME_OF
_KINDS = D.KIND_SETS


def _check(x, kind: str, fname: str) -> str:
    if type(x) is ndarray or isinstance(x, ndarray):
        n = _NAME_OF.get(x.dtype)
        if n is not None and (n in _KINDS[kind] or (n == "float16" and kind != "bool")):
            return n
    n = require_kind(x, kind, fname)
    return n


# MXNet 1.9.1 is frozen (retired to the Apache Attic), so calling the generated operators behind
# ``mxnet.numpy.X`` directly is safe; it skips two or three Python wrapper layers (~1-2 us),
# which pays for arraykit's dtype checks on the fast path.
from mxnet.ndarray.numpy import _internal as _npi  # noqa: E402


def _fast(op):
    return getattr(_npi, getattr(op, "__name__", ""), None) or op


def _dtype_set(names):
    """MXNet dtype codes of ``names`` (plus float16 wherever float32 is allowed)."""
    return codes_of(set(names) | ({"float16"} if "float32" in names else set()))


def _make_unary(name: str, kind: str, op):
    allowed = _KINDS[kind] | ({"float16"} if kind != "bool" and kind != "integer or boolean"
                              else frozenset())
    allowed_dt = _dtype_set(_KINDS[kind])
    fast = _fast(op)

    def f(x, /):
        # Fast path: one type check, one dtype-code read, MXNet's operator.
        if type(x) is ndarray:
            c = _c_int()
            _GET_DTYPE(x.handle, _byref(c))
            if c.value in allowed_dt:
                return fast(x)
        if isinstance(x, (int, float)):
            # Lenient like NumPy: a Python scalar becomes a 0-d array of its default dtype.
            from ._creation_functions import asarray
            x = asarray(x)
        if isinstance(x, ndarray) and integer_input_as_float(
                kind, _NAME_OF.get(x.dtype), D.DEFAULT_FLOAT):  # exp(int): see _common.dtypes
            return f(x.astype(D.DEFAULT_FLOAT))
        n = _check(x, kind, name)
        if n not in allowed:
            D.check_kind(n, kind, name)
        return op(x)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"Array API ``{name}(x)`` over ``mxnet.numpy.{op.__name__}``; "
                    f"``x`` must have a {kind} dtype.")
    return f


def _cast_array(v: Any, dtype: str) -> Any:
    """``v`` cast to ``dtype`` if it is an array; a Python scalar operand stays as it is."""
    return v.astype(dtype) if isinstance(v, ndarray) else v


def _make_binary(name: str, kind: str, op, bool_op=None):
    """``bool_op``: the op used for bool operands (MXNet's broadcasting ``&``/``|``/``^``
    kernels reject bool; ``multiply``/``add``/``not_equal`` are the same on bools)."""
    allowed = _KINDS[kind] | ({"float16"} if kind not in ("bool", "integer or boolean",
                                                          "integral") else frozenset())
    allowed_dt = _dtype_set(_KINDS[kind])
    fast = _fast(op)
    fast_bool = _fast(bool_op) if bool_op is not None else fast

    def f(x1, x2, /):
        # Fast path: two arrays of one allowed dtype (two dtype-code reads, MXNet's operator).
        if type(x1) is ndarray and type(x2) is ndarray:
            c1 = _c_int()
            c2 = _c_int()
            _GET_DTYPE(x1.handle, _byref(c1))
            _GET_DTYPE(x2.handle, _byref(c2))
            d = c1.value
            if d == c2.value and d in allowed_dt:
                try:
                    return fast_bool(x1, x2) if d == 7 else fast(x1, x2)
                except MXNetError:
                    # Shape inference runs at the call: a failure there is most likely
                    # non-broadcastable shapes (checked only now, to keep this path cheap).
                    check_broadcast(x1.shape, x2.shape, name)
                    raise
        a, b, n = binary(x1, x2, name, bcast=True)
        if n not in allowed:
            r = integer_input_as_float(kind, n, D.DEFAULT_FLOAT)
            if r is not None:  # int / int: see _common.dtypes (a Python int stays as it is)
                return f(_cast_array(a, r), _cast_array(b, r))
            D.check_kind(n, kind, name)
        if n == "bool" and bool_op is not None:
            return bool_op(a, b)
        return op(a, b)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"Array API ``{name}(x1, x2)`` over ``mxnet.numpy.{op.__name__}``; "
                    f"{kind} dtypes, standard promotion, Python scalars allowed.")
    return f


_UNARY = _ce.named_ops(
    mnp, "abs acos acosh asin asinh atan atanh bitwise_invert cos cosh exp expm1 isfinite isinf "
    "isnan log log1p log2 log10 logical_not negative reciprocal sin sinh sqrt tan tanh",
    _ce.UNARY, abs=mnp.absolute, bitwise_invert=mnp.bitwise_not)

_BINARY = _ce.named_ops(
    mnp, "add atan2 bitwise_and bitwise_or bitwise_xor divide equal greater greater_equal hypot "
    "less less_equal logical_and logical_or logical_xor multiply not_equal subtract",
    _ce.BINARY, divide=mnp.true_divide,
    # MXNet has no logical_and/or/xor; on bools they are multiply, add and not_equal.
    logical_and=mnp.multiply, logical_or=mnp.add, logical_xor=mnp.not_equal)

for _name, (_kind, _op) in _UNARY.items():
    globals()[_name] = _make_unary(_name, _kind, _op)
_BOOL_OPS = {"bitwise_and": mnp.multiply, "bitwise_or": mnp.add,
             "bitwise_xor": mnp.not_equal}
for _name, (_kind, _op) in _BINARY.items():
    globals()[_name] = _make_binary(_name, _kind, _op, _BOOL_OPS.get(_name))
del _name, _kind, _op


# --- rounding: integers are returned unchanged (MXNet's float kernels would be wasted) ---

def _make_rounding(name, op):
    def f(x, /):
        n = _check(x, "real numeric", name)
        if n in D.KIND_SETS["integral"]:
            return x
        return op(x)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Array API ``{name}(x)``; integer input is returned as is."
    return f


ceil = _make_rounding("ceil", mnp.ceil)
floor = _make_rounding("floor", mnp.floor)
trunc = _make_rounding("trunc", mnp.trunc)


def round(x, /):
    """Array API ``round``: half to even, integers unchanged.

    MXNet's ``rint`` rounds halves down (3.5 -> 3), so ties are resolved here: ``floor(x +
    0.5)``, minus one where that lands on an odd number exactly half-way; values of magnitude
    >= 2**52 (already integral), infinities and nan pass through; zero keeps ``x``'s sign.
    """
    n = _check(x, "numeric", "round")
    if n in D.KIND_SETS["integral"]:
        return x
    r = mnp.floor(x + 0.5)
    tie = mnp.equal(r - x, 0.5)
    odd = mnp.not_equal(mnp.mod(r, 2.0), 0)
    r = _where(mnp.bitwise_and(tie, odd), r - 1.0, r)
    r = _where(mnp.equal(r, 0), _where(_signbit(x), mnp.negative(mnp.zeros_like(x)),
                                             mnp.zeros_like(x)), r)
    big = mnp.logical_not(mnp.less(mnp.abs(x), 4503599627370496.0))
    return _where(big, x, r)


def sign(x, /):
    """Array API ``sign``; MXNet returns 0 for nan, the standard asks for nan."""
    n = _check(x, "numeric", "sign")
    s = mnp.sign(x)
    if n in D.KIND_SETS["integral"]:
        return s
    return _where(mnp.isnan(x), x, s)


def square(x, /):
    """Array API ``square``; integers use ``x * x`` (MXNet's integer square goes through
    float and loses the low bits above 2**24)."""
    if type(x) is ndarray and dtype_code(x) in _FLOAT_CODES:
        return _npi.square(x)
    n = _check(x, "numeric", "square")
    if n in D.KIND_SETS["integral"]:
        return mnp.multiply(x, x)
    return mnp.square(x)


_FLOAT_CODES = codes_of(("float32", "float64"))


def positive(x, /):
    """Array API ``positive``: a copy (``mxnet.numpy.positive`` is a NumPy host fallback)."""
    _check(x, "numeric", "positive")
    return x.copy()


def signbit(x, /):
    """Array API ``signbit`` (MXNet's is a NumPy host fallback): true for negative numbers and
    -0.0 (detected as ``1 / x == -inf``).  MXNet has no bit-level ops, so the sign bit of a
    nan cannot be read: nan gives False whatever its sign."""
    _check(x, "real floating", "signbit")
    return _signbit(x)


def _signbit(x):
    neg = mnp.less(x, 0)
    zero = mnp.equal(x, 0)
    return mnp.bitwise_or(neg, mnp.bitwise_and(zero, mnp.less(mnp.reciprocal(x), 0)))


def copysign(x1, x2, /):
    """Array API ``copysign``; MXNet's ignores the sign of -0.0, so the sign is read with
    :func:`signbit` (a nan ``x2`` counts as positive)."""
    a, b, n = binary_bcast(x1, x2, "copysign")
    D.check_kind(n, "real floating", "copysign")
    mag = mnp.abs(a)
    return _where(_signbit(b), mnp.negative(mag), mag)


# --- complex-number functions on real input (MXNet has no complex dtypes) ---

def conj(x, /):
    """Array API ``conj``: real input has no imaginary part, so this is the identity."""
    _check(x, "numeric", "conj")
    return x


def real(x, /):
    """Array API ``real``: the identity on real input."""
    _check(x, "numeric", "real")
    return x


def imag(x, /):
    """Array API ``imag``: zeros for real input."""
    _check(x, "numeric", "imag")
    return mnp.zeros_like(x)


# --- arithmetic MXNet lacks or gets wrong ---

def _trunc_div_int(a, b):
    # MXNet's legacy broadcast_div divides integers with C truncation; mxnet.numpy has no
    # integer division at all (``//`` between arrays raises).  Zero-copy views both ways.
    return mx.nd.broadcast_div(a.as_nd_ndarray(), b.as_nd_ndarray()).as_np_ndarray()


def floor_divide(x1, x2, /):
    """Array API ``floor_divide``.

    Integers: exact (truncating division corrected to floor); division by zero gives 0
    (the standard leaves it unspecified; C would trap).  Floats: ``floor(x1 / x2)`` with the
    standard's special cases for infinities and signed zeros, as NumPy computes them.
    """
    a, b, n = binary_bcast(x1, x2, "floor_divide")
    if n in D.KIND_SETS["integral"]:
        zero = b == 0
        safe_b = _where(zero, mnp.ones_like(b), b)
        q = _trunc_div_int(a, safe_b)
        r = a - q * safe_b
        fix = (r != 0) & ((r < 0) != (safe_b < 0))
        q = _where(fix, q - 1, q)
        return _where(zero, mnp.zeros_like(q), q)
    D.check_kind(n, "real numeric", "floor_divide")
    # NumPy's npy_divmod: floor((a - mod(a, b)) / b), rounded; plain floor(a / b) is off by
    # one where a / b rounds up to an integer (e.g. 1 // 0.1 is 9).
    div = (a - mnp.mod(a, b)) / b
    fl = mnp.floor(div)
    fl = _where(div - fl > 0.5, fl + 1, fl)
    plain = a / b
    # b == 0 or non-finite operands: floor(a / b) has the standard's special cases.
    special = (b == 0) | ~mnp.isfinite(a) | ~mnp.isfinite(b)
    res = _where(special, mnp.floor(plain), fl)
    # a zero quotient keeps the sign of a / b
    return _where((res == 0) & ~special, copysign(mnp.zeros_like(res), plain), res)


def remainder(x1, x2, /):
    """Array API ``remainder`` (result has the divisor's sign).

    Integers: division by zero gives 0 (unspecified by the standard).  Floats: MXNet's ``mod``
    plus the standard's special cases it misses (``x % 0`` and ``inf % y`` are nan, a finite
    ``x % inf`` is ``x`` or ``inf`` by sign, zero results carry the divisor's sign).
    """
    a, b, n = binary_bcast(x1, x2, "remainder")
    D.check_kind(n, "real numeric", "remainder")
    r = mnp.mod(a, b)
    if n in D.KIND_SETS["integral"]:
        return r
    nan = mnp.full_like(r, onp.nan)
    binf = mnp.isinf(b) & mnp.isfinite(a)
    same = (a == 0) | ((a > 0) == (b > 0))
    r = _where(binf, _where(same, a + mnp.zeros_like(r), b + mnp.zeros_like(r)), r)
    r = _where((r == 0) & ~binf, copysign(mnp.zeros_like(r), b + mnp.zeros_like(r)), r)
    bad = (b == 0) | mnp.isinf(a) | mnp.isnan(a) | mnp.isnan(b)
    return _where(bad, nan, r)


def pow(x1, x2, /):
    """Array API ``pow``; integer to a negative integer power is unspecified by the standard."""
    a, b, n = binary(x1, x2, "pow", bcast=True)
    D.check_kind(n, "numeric", "pow")
    return mnp.power(a, b)


def maximum(x1, x2, /):
    """Array API ``maximum``; nan propagates."""
    return _extremum(mnp.maximum, x1, x2, "maximum")


def minimum(x1, x2, /):
    """Array API ``minimum``; nan propagates."""
    return _extremum(mnp.minimum, x1, x2, "minimum")


def _extremum(op, x1, x2, fname):
    a, b, n = binary(x1, x2, fname, bcast=True)
    D.check_kind(n, "real numeric", fname)
    r = op(a, b)
    if n in D.KIND_SETS["integral"]:
        return r
    return _propagate_nan(r, a, b)


def _propagate_nan(r, a, b):
    """``r`` with nan wherever ``a`` or ``b`` is nan (MXNet's maximum/minimum drop nan).

    Every operand of ``where`` gets the full broadcast shape: MXNet's ``where`` with mixed
    shapes has crashed the process (segfault) on some inputs.
    """
    if not isinstance(a, ndarray):
        a = scalar_array(a, b, D.NAME_OF[b.dtype])
    if not isinstance(b, ndarray):
        b = scalar_array(b, a, D.NAME_OF[a.dtype])
    nan = mnp.add(mnp.isnan(a), mnp.isnan(b))  # bool add is a broadcasting logical or
    if nan.shape != r.shape:
        nan = mnp.broadcast_to(nan, r.shape)
    return _where(nan, mnp.add(a, b), r)


def logaddexp(x1, x2, /):
    """Array API ``logaddexp``: ``max + log1p(exp(-|x1 - x2|))``, stable and differentiable."""
    a, b, n = binary_bcast(x1, x2, "logaddexp")
    D.check_kind(n, "real floating", "logaddexp")
    m = mnp.maximum(a, b)
    d = mnp.abs(a - b)
    r = m + mnp.log1p(mnp.exp(-d))
    # equal infinities make d nan: the answer is that infinity.
    r = _where(a == b, m + onp.log(2.0), r)
    r = _where(mnp.isinf(m) & (m > 0), m, r)
    nan = mnp.isnan(a) | mnp.isnan(b)
    return _where(nan, a + b, r)


def nextafter(x1, x2, /):
    """Array API ``nextafter``.

    MXNet has no bit-level float ops, so this one goes through NumPy on the host (it has no
    gradient to lose: the result is piecewise constant).
    """
    a, b, n = binary_arrays(x1, x2, "nextafter", bcast=True)
    D.check_kind(n, "real floating", "nextafter")
    r = onp.nextafter(a.asnumpy(), b.asnumpy())
    return mnp.array(r, dtype=n, ctx=a.ctx)


_BITS = {"int8": 8, "uint8": 8, "int32": 32, "int64": 64}


def bitwise_left_shift(x1, x2, /):
    """Array API ``bitwise_left_shift`` (MXNet has none): ``x1 * 2**x2``, wrapping; shifts of
    the bit width or more give 0, as NumPy does."""
    a, b, n = binary_bcast(x1, x2, "bitwise_left_shift")
    D.check_kind(n, "integral", "bitwise_left_shift")
    bits = _BITS[n]
    big = b >= bits
    sb = _where(big, mnp.zeros_like(b), b)
    r = a * _pow2(sb, n)
    return _where(big, mnp.zeros_like(r), r)


def bitwise_right_shift(x1, x2, /):
    """Array API ``bitwise_right_shift`` (MXNet has none): arithmetic shift, i.e. floor
    division by ``2**x2``; shifts of the bit width or more give 0 or -1."""
    a, b, n = binary_bcast(x1, x2, "bitwise_right_shift")
    D.check_kind(n, "integral", "bitwise_right_shift")
    bits = _BITS[n]
    big = b >= bits - (0 if n == "uint8" else 1)
    sb = _where(big, mnp.zeros_like(b), b)
    r = floor_divide(a, _pow2(sb, n))
    fill = _where(a < 0, mnp.full_like(a, -1), mnp.zeros_like(a)) if n != "uint8" \
        else mnp.zeros_like(a)
    if r.shape != fill.shape:
        fill = mnp.broadcast_to(fill, r.shape)
    return _where(big, fill, r)


def _pow2(s, n):
    # 2 ** s exactly in int64 (then wrapped to n): MXNet's integer power is exact.
    two = mnp.full(s.shape, 2, dtype="int64", ctx=s.ctx)
    p = mnp.power(two, s.astype("int64"))
    return p if n == "int64" else p.astype(n)


def _clamp(x, lo, hi, n):
    """MXNet's own clip takes only scalars, as float32 parameters."""
    if n == "float32" and not any(isinstance(v, ndarray) or (v is not None and v != v)
                                  for v in (lo, hi)):
        # MXNet's clip parameters are float32: exact for float32 arrays.
        return mnp.clip(x, lo, hi)
    r = x
    for v, op in ((lo, mnp.maximum), (hi, mnp.minimum)):
        if v is None:
            continue
        b = v if isinstance(v, ndarray) else scalar_array(v, x, n)
        r = op(r, b)
        if n not in _INTS:
            r = _propagate_nan(r, x, b)
    return r


clip = clip_function(_p, _clamp, __name__)  # the rules: _common.clip


_INTS = D.KIND_SETS["integral"]


#: The standard's element-wise names defined here (for ``from ._elementwise_functions import *``).
__all__ = sorted(set(_UNARY) | set(_BINARY) | {  # noqa: PLE0605 - a list computed from tables
    "ceil", "floor", "trunc", "round", "sign", "positive", "signbit", "copysign", "conj", "real",
    "imag", "floor_divide", "remainder", "pow", "maximum", "minimum", "logaddexp", "nextafter",
    "bitwise_left_shift", "bitwise_right_shift", "clip", "square"})
