"""Element-wise functions: a table (name -> input category, MLX op) and two factories.

Most of the standard's element-wise functions are one ``mlx.core`` op behind a dtype check and
the standard's promotion (``_helpers.binary``). The rest fill MLX 0.32.4's gaps (no
``copysign``, ``hypot``, ``nextafter``, ``signbit``) or correct results the standard pins:
``sign(nan)`` is nan (MLX: 0), shifts by at least the bit width give 0 or -1 (MLX takes the
count modulo the width), floating ``floor_divide``/``remainder`` and complex functions at
infinities, NaN and signed zeros (``_common.special_values``). Everything except
``nextafter`` (computed on the host with NumPy) is built from MLX ops, so ``mx.grad`` and
``mx.compile`` see through it.
"""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import elementwise as _ce
from .._common.clip import clip_function
from .._common.dtypes import integer_input_as_float
from .._common.special_values import COMPLEX_RULES, SpecialValues
from . import _dtypes as D
from . import _float64
from . import _primitives as _p
from ._helpers import array, binary, cast, const, from_numpy, require_array, require_kind, to_numpy
from ._helpers import concrete as _concrete

_NAME_OF = D.NAME_OF


_KINDS = D.KIND_SETS
_INTEGRAL = D.INTEGRAL
_COMPLEX = D.COMPLEX
_REAL_FLOAT = D.REAL_FLOAT


def _floating_input(x, kind: str, fname: str):
    """``x`` (an array outside ``kind``) as it enters a floating function: an integer array
    in the default float (``_common.dtypes.integer_input_as_float``); else the TypeError."""
    n = require_array(x, fname)
    r = integer_input_as_float(kind, n, D.DEFAULT_FLOAT)
    if r is not None:
        return cast(x, r)
    D.check_kind(n, kind, fname)
    return x


def _make_unary(name: str, kind: str, op):
    allowed = _KINDS[kind]

    def f(x, /):
        if type(x) is array and _NAME_OF.get(x.dtype) in allowed:
            return op(x)
        return op(_floating_input(x, kind, name))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Array API ``{name}(x)`` over ``mlx.core``; ``x`` must have a {kind} dtype."
    return f


def _make_binary(name: str, kind: str, op):
    allowed = _KINDS[kind]

    def f(x1, x2, /):
        a, b, n = binary(x1, x2, name, bcast=True)
        if n not in allowed:
            r = integer_input_as_float(kind, n, D.DEFAULT_FLOAT)
            if r is None:
                D.check_kind(n, kind, name)
            a, b = cast(a, r), cast(b, r)
        return op(a, b)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"Array API ``{name}(x1, x2)`` over ``mlx.core``; {kind} dtypes, the "
                 "standard's promotion, Python scalars allowed.")
    return f


_UNARY = _ce.named_ops(
    mx, "abs acos acosh asin asinh atan atanh bitwise_invert cos cosh exp expm1 isfinite isinf "
    "isnan log log1p log2 log10 logical_not negative positive reciprocal sin sinh sqrt square "
    "tan tanh",
    # MLX's expm1 refuses complex input (expm1 below computes it).
    {**_ce.UNARY, "expm1": "real floating"},
    bitwise_invert=mx.bitwise_invert, positive=lambda x: x,
    # MLX's float32 sin(-0.0) is +0.0 (0.32.4); the standard keeps the zero's sign.
    sin=lambda x: mx.where(x == 0, x, mx.sin(x)))

_BINARY = _ce.named_ops(
    mx, "add atan2 bitwise_and bitwise_or bitwise_xor divide equal greater greater_equal less "
    "less_equal logical_and logical_or logical_xor maximum minimum multiply not_equal subtract",
    _ce.BINARY, logical_xor=mx.not_equal)

for _name, (_kind, _op) in _UNARY.items():
    globals()[_name] = _make_unary(_name, _kind, _op)
for _name, (_kind, _op) in _BINARY.items():
    globals()[_name] = _make_binary(_name, _kind, _op)
del _name, _kind, _op


# --- the standard's special values (complex functions, floating // and %) -----------------

def _namespace():
    import arraykit.shims.mlx as xp  # the package: its functions take the special path only

    return xp


class _LazyNamespace:
    """The shim's own namespace, imported on first use (this module is part of it); its dtype
    names are known already."""

    locals().update(D.DTYPES)

    def __getattr__(self, name):
        return getattr(_namespace(), name)


def _make_complex(re, im):
    """A complex64 array of parts ``re``, ``im`` without arithmetic (``im * 1j`` would turn
    an infinite or NaN imaginary part into a NaN real part): the parts interleaved as float32
    and viewed as complex64."""
    re, im = mx.broadcast_arrays(re.astype(mx.float32), im.astype(mx.float32))
    return mx.stack([re, im], axis=-1).view(mx.complex64).squeeze(-1)


_SV = SpecialValues(_LazyNamespace(), _make_complex,
                    is_real_floating=lambda dt: dt in (mx.float32, mx.float64),
                    is_complex=lambda dt: dt == mx.complex64)

for _name in COMPLEX_RULES:
    if _name in globals() and _name != "sign":
        globals()[_name] = _SV.wrap_unary(_name, globals()[_name])
        globals()[_name].__module__ = __name__
del _name


def _complex_expm1(x):
    """``exp(x) - 1`` for complex64 (MLX's ``expm1`` refuses complex): the real part as
    ``expm1(a) * cos(b) - 2 * sin(b/2)**2``, exact near 0 where ``exp(x) - 1`` cancels."""
    a = mx.real(x)
    b = mx.imag(x)
    h = mx.sin(b / 2)
    re = mx.expm1(a) * mx.cos(b) - 2 * h * h
    im = mx.exp(a) * mx.sin(b)
    return _make_complex(re, im)


_real_expm1 = expm1  # noqa: F821 - made by the table above


def expm1(x, /):
    """Array API ``expm1``; complex64 input computed from real ops (MLX has no complex
    ``expm1``), with the standard's special values (``_common.special_values``)."""
    if type(x) is array and x.dtype == mx.complex64:
        return _SV.complex_unary("expm1", x, _complex_expm1(x))
    return _real_expm1(x)


_F64 = mx.float64


def _float64_exact(name, f, f64):
    """``f`` with float64 input taken by ``_float64``'s ``f64``: MLX computes float64 exp,
    sin and cos at float32 precision."""

    def g(x, /):
        if type(x) is array and x.dtype == _F64:
            return f64(x)
        return f(x)

    g.__name__ = g.__qualname__ = name
    g.__doc__ = f.__doc__ + " float64 at float64 precision (``_float64``)."
    return g


exp = _float64_exact("exp", exp, _float64.exp)  # noqa: F821 - made by the table above
sin = _float64_exact("sin", sin, _float64.sin)  # noqa: F821
cos = _float64_exact("cos", cos, _float64.cos)  # noqa: F821


def pow(x1, x2, /):
    """Array API ``pow``; integer powers with a negative exponent are what NumPy's integer
    arithmetic gives where it is exact (1 for a base of 1, +-1 for -1, 0 otherwise; MLX: 0)."""
    a, b, n = binary(x1, x2, "pow", bcast=True)
    D.check_kind(n, "numeric", "pow")
    r = mx.power(a, b)
    if n in _INTEGRAL and n.startswith("int"):
        one = mx.ones((), dtype=r.dtype)
        odd = mx.remainder(b, mx.array(2, dtype=b.dtype)) != 0
        neg_base = mx.where(odd, -one, one)
        special = mx.where(a == 1, one, mx.where(a == -1, neg_base, mx.zeros((), dtype=r.dtype)))
        r = mx.where(b < 0, special, r)
    elif n in _COMPLEX:
        # An integer exponent (a Python number or a 0-d array) by multiplication, NumPy's
        # values (_common.elementwise.complex_int_power; MLX's power is exp/log).
        v = _concrete(b) if b.ndim == 0 else None
        k = None if v is None else _ce.integer_exponent(v.item())
        if k is not None:
            return _ce.complex_int_power(_LazyNamespace(), a, k, _make_complex)
        # x ** 0 is 1 for every x, NaN included (MLX: 0j ** 0j is nan+nanj).
        r = mx.where(b == 0, mx.ones((), dtype=r.dtype), r)
    return r


def _real_floating_pair(x1, x2, fname):
    """``binary``'s operands and dtype name for a real floating function: integers in the
    default float (``_common.dtypes.integer_input_as_float``), other non-floats TypeError."""
    a, b, n = binary(x1, x2, fname, bcast=True)
    if n not in _REAL_FLOAT:
        if n not in _INTEGRAL:
            D.check_kind(n, "real floating", fname)
        a, b, n = cast(a, D.DEFAULT_FLOAT), cast(b, D.DEFAULT_FLOAT), D.DEFAULT_FLOAT
    return a, b, n


def logaddexp(x1, x2, /):
    """Array API ``logaddexp``; float64 with ``_float64.logaddexp`` (MLX's uses its
    float32-precision exp)."""
    a, b, n = _real_floating_pair(x1, x2, "logaddexp")
    return _float64.logaddexp(a, b) if n == "float64" else mx.logaddexp(a, b)


def _rounding(name, op):
    def f(x, /):
        n = require_kind(x, "real numeric", name)
        return x if n in _INTEGRAL else op(x)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Array API ``{name}(x)``; integer input is returned as it is."
    return f


ceil = _rounding("ceil", mx.ceil)
floor = _rounding("floor", mx.floor)
trunc = _rounding("trunc", lambda x: mx.where(x < 0, mx.ceil(x), mx.floor(x)))


def round(x, /):
    """Array API ``round``: half to even (MLX's own), integers unchanged."""
    n = require_kind(x, "numeric", "round")
    return x if n in _INTEGRAL else mx.round(x)


def sign(x, /):
    """Array API ``sign``: -1, 0, +1 (``x/|x|`` for complex, 0 at 0); nan stays nan (MLX
    gives 0)."""
    n = require_kind(x, "numeric", "sign")
    s = mx.sign(x)
    if n in _REAL_FLOAT:
        return mx.where(mx.isnan(x), x, s)
    if n in _COMPLEX:
        # MLX gives sign(-0-0j) as -0-0j; the standard's is 0 + 0j.
        s = mx.where(x == 0, mx.zeros((), dtype=x.dtype), s)
        return mx.where(mx.isnan(mx.real(x)) | mx.isnan(mx.imag(x)),
                        _make_complex(mx.array(mx.nan), mx.array(mx.nan)), s)
    return s


def conj(x, /):
    """Array API ``conj``; real input is returned as it is."""
    n = require_kind(x, "numeric", "conj")
    return mx.conj(x) if n in _COMPLEX else x


def real(x, /):
    """Array API ``real``: the real part of complex input; real input as it is."""
    n = require_kind(x, "numeric", "real")
    return mx.real(x) if n in _COMPLEX else x


def imag(x, /):
    """Array API ``imag``: the imaginary part of complex input; zeros for real input."""
    n = require_kind(x, "numeric", "imag")
    return mx.imag(x) if n in _COMPLEX else mx.zeros_like(x)


_BITS_INT = {"float32": mx.int32, "float64": mx.int64}


def signbit(x, /):
    """Array API ``signbit`` (MLX has none): the sign bit, read through an integer view, so
    -0.0 and negative NaN count."""
    n = require_kind(x, "real floating", "signbit")
    # stop_gradient: the sign bit has no derivative, and MLX has no vjp through a view.
    return mx.stop_gradient(x).view(_BITS_INT[n]) < 0


def copysign(x1, x2, /):
    """Array API ``copysign`` (MLX has none): ``|x1|`` with the sign bit of ``x2``."""
    a, b, _ = _real_floating_pair(x1, x2, "copysign")
    m = mx.abs(a)
    return mx.where(signbit(mx.broadcast_to(b, mx.broadcast_shapes(a.shape, b.shape))), -m, m)


def hypot(x1, x2, /):
    """Array API ``hypot`` (MLX has none): ``max * sqrt(1 + (min/max)**2)``, which neither
    overflows nor underflows where the result does not; +inf wherever an operand is
    infinite, NaN included."""
    a, b, _ = _real_floating_pair(x1, x2, "hypot")
    a = mx.abs(a)
    b = mx.abs(b)
    big = mx.maximum(a, b)
    small = mx.minimum(a, b)
    safe = mx.where(big == 0, mx.ones_like(big), big)
    q = small / safe
    r = mx.where(big == 0, mx.zeros_like(big), big * mx.sqrt(1 + q * q))
    return mx.where(mx.isinf(a) | mx.isinf(b), mx.full(r.shape, mx.inf, dtype=r.dtype), r)


def nextafter(x1, x2, /):
    """Array API ``nextafter``: MLX has none, so NumPy's computes it on the host (not
    differentiable, not traceable by ``mx.compile``)."""
    a, b, n = binary(x1, x2, "nextafter", bcast=True)
    D.check_kind(n, "real floating", "nextafter")
    return from_numpy(onp.nextafter(to_numpy(a), to_numpy(b)), n)


def floor_divide(x1, x2, /):
    """Array API ``floor_divide``; floating operands get the standard's values at infinities
    and zeros (MLX's kernel computes ``floor(x1 / x2)`` only for finite ones)."""
    a, b, n = binary(x1, x2, "floor_divide", bcast=True)
    D.check_kind(n, "real numeric", "floor_divide")
    if n not in _REAL_FLOAT:
        return mx.floor_divide(a, b)
    # MLX computes floor(x1 / x2), which rounds up across an integer (1.0 // 0.1 is 10.0,
    # NumPy's and the exact answer 9.0): NumPy's divmod from the (exact) remainder instead.
    m = mx.remainder(a, b)
    div = (a - m) / b
    fl = mx.floor(div)
    r = mx.where(div - fl > 0.5, fl + 1, fl)
    r = mx.where(r == 0, mx.where(signbit(a / b), -mx.abs(r), mx.abs(r)), r)
    r = mx.where(b == 0, a / b, r)
    return _SV.floor_divide(a, b, r)


def remainder(x1, x2, /):
    """Array API ``remainder``: the divisor's sign, zeros included (MLX gives ``0 % -1`` as
    +0)."""
    a, b, n = binary(x1, x2, "remainder", bcast=True)
    D.check_kind(n, "real numeric", "remainder")
    r = mx.remainder(a, b)
    if n in _INTEGRAL:
        # MLX gives x % 0 as x; NumPy (and every other arraykit backend that does not raise)
        # as 0.
        return mx.where(b == 0, mx.zeros((), dtype=r.dtype), r)
    if n in _REAL_FLOAT:
        m = mx.abs(r)
        r = mx.where(mx.isnan(r), r, mx.where(signbit(mx.broadcast_to(
            b, mx.broadcast_shapes(a.shape, b.shape))), -m, m))
    return r


_BITS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64,
         "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}


def _shift(name, op, fill_negative):
    def f(x1, x2, /):
        a, b, n = binary(x1, x2, name, bcast=True)
        D.check_kind(n, "integral", name)
        r = op(a, b)
        # MLX (the C shift) takes the count modulo the width; the standard's value is x1
        # shifted by that many bits: 0, or -1 for a right shift of a negative number.
        wide = b >= _BITS[n]
        if n.startswith("int"):
            fill = mx.where(a < 0, mx.array(-1 if fill_negative else 0, dtype=a.dtype),
                            mx.array(0, dtype=a.dtype))
        else:
            fill = mx.array(0, dtype=a.dtype)
        return mx.where(wide, fill, r)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"Array API ``{name}``; a shift by at least the bit width gives "
                 "0 (or -1 for a right shift of a negative value).")
    return f


bitwise_left_shift = _shift("bitwise_left_shift", mx.left_shift, False)
bitwise_right_shift = _shift("bitwise_right_shift", mx.right_shift, True)


def _clamp(x, lo, hi, name):
    for b, op in ((lo, mx.maximum), (hi, mx.minimum)):
        if b is not None:
            # const: MLX's own conversion raises std::bad_cast for a Python int beyond int64
            x = op(x, b if type(b) is array else const(b, name))
    return x


clip = clip_function(_p, _clamp, __name__)  # the rules: _common.clip
