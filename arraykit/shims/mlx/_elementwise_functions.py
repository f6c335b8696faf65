"""Element-wise functions on MLX: two tables (name -> input category and MLX op) and the
per-dtype fallbacks, built by the factory written once (``_common.elementwise``: dtype
categories, Python scalars, promotion, errors; its fast path: an ``mx.array`` of a dtype the
op takes as it is -> the dtype, a set lookup and the op).

This module holds only MLX's part: the fallbacks fill MLX 0.32.4's gaps (no ``copysign``,
``hypot``, ``nextafter``, ``signbit``) or correct results the standard pins: ``sign(nan)``
is nan (MLX: 0), shifts by at least the bit width give 0 or -1 (MLX takes the count modulo
the width), floating ``floor_divide``/``remainder``, float64 ``exp``/``sin``/``cos``/
``logaddexp`` at float64 precision (``_float64``), and complex functions at infinities, NaN
and signed zeros (``_common.special_values``). Everything except ``nextafter`` (computed on
the host with NumPy) is built from MLX ops, so ``mx.grad`` and ``mx.compile`` see through it.
"""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import elementwise as _ce
from .._common.clip import clip_function
from .._common.special_values import COMPLEX_RULES, SpecialValues
from . import _dtypes as D
from . import _float64
from . import _primitives as _p
from ._helpers import COMPILING as _COMPILING
from ._helpers import GRAD_TRACING as _GRAD_TRACING
from ._helpers import KeyedPrograms, array, const, from_numpy, to_numpy
from ._helpers import concrete as _concrete

_NAME_OF = D.NAME_OF
_INTEGRAL = D.INTEGRAL
_COMPLEX = D.COMPLEX
_REAL_FLOAT = D.REAL_FLOAT
_REAL = tuple(D.REAL_FLOAT)


def _per(names, fn):
    """A fallback table entry: the same function for every dtype of ``names``."""
    return dict.fromkeys(names, fn)


def _ident(x):
    return x


# --- the standard's special values (complex functions, floating // and %) -----------------

#: The package's namespace, for the special values' and complex powers' rules.
_XP = _ce.LazyNamespace(__name__.rpartition(".")[0], D.DTYPES)


def _make_complex(re, im):
    """A complex64 array of parts ``re``, ``im`` without arithmetic (``im * 1j`` would turn
    an infinite or NaN imaginary part into a NaN real part): the parts interleaved as float32
    and viewed as complex64."""
    re, im = mx.broadcast_arrays(re.astype(mx.float32), im.astype(mx.float32))
    return mx.stack([re, im], axis=-1).view(mx.complex64).squeeze(-1)


_SV = SpecialValues(_XP, _make_complex,
                    is_real_floating=lambda dt: dt in (mx.float32, mx.float64),
                    is_complex=lambda dt: dt == mx.complex64)


# --- fallbacks: MLX 0.32.4's gaps, and results the standard pins that MLX gets wrong ------

def _complex_expm1(x):
    """``exp(x) - 1`` for complex64 (MLX's ``expm1`` refuses complex): the real part as
    ``expm1(a) * cos(b) - 2 * sin(b/2)**2``, exact near 0 where ``exp(x) - 1`` cancels."""
    a = mx.real(x)
    b = mx.imag(x)
    h = mx.sin(b / 2)
    re = mx.expm1(a) * mx.cos(b) - 2 * h * h
    im = mx.exp(a) * mx.sin(b)
    return _make_complex(re, im)


def _sin_rule(x):
    # MLX's float32 sin(-0.0) is +0.0 (0.32.4); the standard keeps the zero's sign. No MLX op
    # gives sin with -0.0 kept (a sum or difference with +0.0 rounds to +0.0), and none
    # corrects it in one node (only x's sign bit tells -0.0 from +0.0 where sin gives +0.0,
    # and no binary op of sin(x) and x keeps sin's other values), so the rule is two more
    # ops on every input: x itself where it is zero (x as the condition: False at +-0, True
    # at NaN; one AsType and one Select, where x == 0 traced Broadcast, Equal and Select).
    # Measured (1024 float32, CPU time, best of 11 interleaved blocks, eager / value_and_grad /
    # vmap over (32, 64)): mx.sin alone 27/68/45 us, this 33/103/56, where(x == 0, x, sin(x))
    # 35/115/68. Not taken: that rule through mx.compile(shapeless=True), 4 us less eagerly
    # but 14 more under value_and_grad and 5 more under vmap (a compiled function costs more
    # where it is traced).
    return mx.where(x, mx.sin(x), x)


#: The rule with sin's own derivative (``cotan * cos(x)``, MLX's float32 Sin vjp). Under a
#: gradient transform the rule's Select and AsType add eleven nodes a call to the step
#: (AsType x4, Multiply x2, Add x2, Select, LogicalNot, Full: the Select's vjp for each
#: branch and the condition); here the backward pass is native's and the forward adds
#: StopGradient and CustomTransforms. The custom function's call costs more to build (1024
#: float32 under mx.value_and_grad, forward + backward: 11.3 vs 6.6 us a call, mx.sin 3.1),
#: so it is taken only while arraykit.ext.grad traces outside ext.jit
#: (``_helpers.GRAD_TRACING``); eagerly outside a transform the rule's three nodes are the
#: cheaper form, and under mx.compile they fuse (the custom function does not: control
#: compiled, best of 40: 23.9 ms with the rule, 24.4 with it, native 22.7). The cheapest
#: exact form measured (value_and_grad of 20 steps y + 0.05 * sin(y), 1024 float32, CPU
#: time, best of 11 interleaved blocks, per sin, 2026-12-06): mx.sin 44.5 us, this 61.4,
#: _sin_graded's form 65.7, the rule (Select vjp) 75.2, a custom function of sin(x) and
#: stop_gradient(x) with an identity vjp 63.5. Its forward cannot be the fused kernel: a
#: compiled function runs as Python when an input is a tracer, as every array is here.
_sin_traced = mx.custom_function(_sin_rule)


@_sin_traced.vjp
def _sin_vjp(x, cotan, out):
    return cotan * mx.cos(x)


#: The rule eagerly, as one or two kernels where it was three (AsType, Sin, Select): fused
#: whole below ``_FUSED_SIN_SIZE`` elements, and above it MLX's own (vectorised) Sin and the
#: AsType+Select fused (the compiled kernel's scalar sin is slower there). Bit for bit the
#: rule's values (every float32 bit pattern of 16M drawn, the special values, sizes 16 to
#: 2M). CPU time, best of 25 blocks, eval included, us: 16 elements mx.sin 20.0, rule 32.4,
#: fused 21.9; 1024: 26.6 / 33.0 / 29.3; 8192: 163.9 / 181.3 / 176.1, Sin + fused select
#: 159.9; 100000: 1958 / 2110 / 2065, Sin + fused select 1988. Under a transform (vmap, grad,
#: mx.compile) a compiled function runs as the Python function: the rule's graph.
_sin_fused = mx.compile(_sin_rule, shapeless=True)
_zero_kept = mx.compile(lambda x, s: mx.where(x, s, x), shapeless=True)
_FUSED_SIN_SIZE = 4096


def _sin_graded(x):
    """The rule with sin's own derivative as ops mx.compile fuses, for ext.grad inside an
    ext.jit trace: the rule's value (stop_gradient) minus ``stop_gradient(s) - s`` (+0.0 for
    every finite s, and x - +0.0 is x, -0.0 included; NaN stays the rule's NaN), whose
    gradient is the cotangent through two Negatives into Sin's vjp: MLX's ``cotan * cos(x)``
    bit for bit. The Select's own vjp (AsType x4, Multiply x2, Add x2, LogicalNot, Full)
    gave +0.0 where MLX's gives -0.0 (a zero cotangent where cos(x) < 0)."""
    s = mx.sin(x)
    return mx.stop_gradient(mx.where(x, s, x)) - (mx.stop_gradient(s) - s)


def _sin(x):
    g = _GRAD_TRACING[0]
    if g and x.dtype == mx.float32:
        # float32 only: MLX's complex Sin vjp is not cotan * cos(x) (complex64 keeps MLX's
        # own derivative through the Select); float64 is _float64.sin.
        if g > 0:
            return _sin_traced(x)
        if g != _COMPILING:  # ext.grad inside an ext.jit trace (COMPILING + its count)
            return _sin_graded(x)
    if x.size < _FUSED_SIN_SIZE:
        return _sin_fused(x)
    return _zero_kept(x, mx.sin(x))


def _int_pow(a, b):
    """Integer powers with a negative exponent: what NumPy's integer arithmetic gives where it
    is exact (1 for a base of 1, +-1 for -1, 0 otherwise; MLX: 0)."""
    r = mx.power(a, b)
    one = mx.ones((), dtype=r.dtype)
    odd = mx.remainder(b, mx.array(2, dtype=b.dtype)) != 0
    neg_base = mx.where(odd, -one, one)
    special = mx.where(a == 1, one, mx.where(a == -1, neg_base, mx.zeros((), dtype=r.dtype)))
    return mx.where(b < 0, special, r)


def _complex_pow(a, b):
    """An integer exponent (a Python number or a 0-d array) by multiplication, NumPy's values
    (``_common.elementwise.complex_int_power``; MLX's power is exp/log); otherwise MLX's,
    with ``x ** 0`` 1 for every x, NaN included (MLX: 0j ** 0j is nan+nanj)."""
    v = _concrete(b) if b.ndim == 0 else None
    k = None if v is None else _ce.integer_exponent(v.item())
    if k is not None:
        return _ce.complex_int_power(_XP, a, k, _make_complex)
    r = mx.power(a, b)
    return mx.where(b == 0, mx.ones((), dtype=r.dtype), r)


def _sign_rule(x):
    # nan stays nan (MLX gives 0).
    return mx.where(mx.isnan(x), x, mx.sign(x))


#: The rule as one compiled kernel (IsNaN, Sign and Select fused; a transform runs the Python
#: function): bit for bit its values (3M random float32 and float64 bit patterns each, +-0,
#: +-inf, NaN, subnormals). CPU time with eval, best of 15 blocks: 16 float32 mx.sign 17.3 us,
#: the rule 30.4, this 26.1; 100000 float32 37.8 / 169.8 / 49.5 us.
_sign = mx.compile(_sign_rule, shapeless=True)


def _isfinite_rule(x):
    return mx.isfinite(x)


#: MLX's isfinite as one compiled kernel: its graph is seven nodes (IsInf as two Equals and a
#: LogicalOr, IsNaN's NotEqual, another LogicalOr, LogicalNot, two Broadcasts), each its own
#: kernel pass eagerly; compiled, the same predicates fused (a transform runs mx.isfinite).
_isfinite = mx.compile(_isfinite_rule, shapeless=True)


def _complex_sign(x):
    # MLX gives sign(-0-0j) as -0-0j; the standard's is 0 + 0j.
    s = mx.where(x == 0, mx.zeros((), dtype=x.dtype), mx.sign(x))
    return mx.where(mx.isnan(mx.real(x)) | mx.isnan(mx.imag(x)),
                    _make_complex(mx.array(mx.nan), mx.array(mx.nan)), s)


_BITS_INT = {mx.float32: mx.int32, mx.float64: mx.int64}


def _signbit(x):
    """MLX has no signbit: the sign bit, read through an integer view, so -0.0 and negative
    NaN count."""
    # stop_gradient: the sign bit has no derivative, and MLX has no vjp through a view.
    return mx.stop_gradient(x).view(_BITS_INT[x.dtype]) < 0


def _copysign(a, b):
    """MLX has none: ``|a|`` with the sign bit of ``b``."""
    m = mx.abs(a)
    return mx.where(_signbit(mx.broadcast_to(b, mx.broadcast_shapes(a.shape, b.shape))), -m, m)


def _hypot(a, b):
    """MLX has none: ``max * sqrt(1 + (min/max)**2)``, which neither overflows nor underflows
    where the result does not; +inf wherever an operand is infinite, NaN included."""
    a = mx.abs(a)
    b = mx.abs(b)
    big = mx.maximum(a, b)
    small = mx.minimum(a, b)
    safe = mx.where(big == 0, mx.ones_like(big), big)
    q = small / safe
    r = mx.where(big == 0, mx.zeros_like(big), big * mx.sqrt(1 + q * q))
    return mx.where(mx.isinf(a) | mx.isinf(b), mx.full(r.shape, mx.inf, dtype=r.dtype), r)


def _nextafter(a, b):
    """MLX has none: NumPy's computes it on the host (not differentiable, not traceable by
    ``mx.compile``)."""
    return from_numpy(onp.nextafter(to_numpy(a), to_numpy(b)), _NAME_OF[a.dtype])


_INF = float("inf")


def _float_floor_divide(a, b):
    """The standard's values at infinities and zeros (MLX's kernel computes
    ``floor(x1 / x2)`` only for finite ones), and NumPy's divmod from the (exact)
    remainder: MLX's floor(x1 / x2) rounds up across an integer (1.0 // 0.1 is 10.0, NumPy's
    and the exact answer 9.0). Where an operand is infinite or the divisor zero,
    ``floor(x1 / x2)`` is each of the standard's values (``correct_floor_divide``); a zero
    result has the quotient's sign (the quotient times 0: it is finite there)."""
    m = mx.remainder(a, b)
    div = (a - m) / b
    fl = mx.floor(div)
    r = mx.where(div - fl > 0.5, fl + 1, fl)
    # a / b twice: one quotient node feeding both branches split the fused kernel in two
    # (a node shared across fused regions runs as a kernel of its own; f32[16]: ~27 vs ~18 us).
    r = mx.where(r == 0, (a / b) * 0, r)
    # The remainder is finite exactly where that is the standard's value: not for an infinite
    # or NaN operand or a zero divisor (NaN), nor for a divisor of infinity and a dividend of
    # the other sign (+-inf); a finite one with an infinite divisor gives 0 and the
    # quotient's signed zero above.
    return mx.where(mx.abs(m) < _INF, r, mx.floor(a / b))


def _unsigned_remainder(a, b):
    # MLX gives x % 0 as x; NumPy (and every other arraykit backend that does not raise) as 0:
    # x % 1 is 0.
    return mx.remainder(a, mx.where(b == 0, mx.ones((), dtype=b.dtype), b))


def _signed_remainder(a, b):
    # As _unsigned_remainder, and x % -1 by x % 1 (0): MLX's kernel traps on INT_MIN % -1
    # for int32/int64 (SIGFPE: the process ends).
    return mx.remainder(a, mx.where((b == 0) | (b == -1), mx.ones((), dtype=b.dtype), b))


def _signed_floor_divide(a, b):
    # x // -1 as -(x // 1), which wraps INT_MIN to itself as NumPy's does: MLX's kernel traps
    # on INT_MIN // -1 for int32/int64 (SIGFPE: the process ends). x // 0 is MLX's 0.
    minus_one = b == -1
    q = mx.floor_divide(a, mx.where(minus_one, mx.ones((), dtype=b.dtype), b))
    return mx.where(minus_one, -q, q)


def _fused(rule, shaped: bool = False):
    """``rule`` of two operands compiled shapeless: eagerly one fused kernel (as _sin's rule),
    under a transform the Python function's graph. An empty operand takes the Python
    function: the program broadcast an empty operand against a non-empty one to the other's
    shape (int32 remainder of (0,) by (1,) was (1,), of (0,) by (2, 1) (2, 1)).

    ``shaped``: from an operand key's second call (shapes and dtypes), a program compiled for
    that key, where a long rule's shapeless program costs ~1 us a node a call (floor_divide's
    16 nodes, f32[16]: 16.3 -> 4.7 us, MLX's own 2.9); ``_helpers.KeyedPrograms``, as the
    variance programs (later keys keep the shapeless program)."""
    compiled = mx.compile(rule, shapeless=True)
    if not shaped:

        def f(a, b):
            return compiled(a, b) if a.size and b.size else rule(a, b)

        return f
    programs = KeyedPrograms()

    def g(a, b):
        if not (a.size and b.size):
            return rule(a, b)
        program = programs.get((a.shape, b.shape, a.dtype, b.dtype), _keyed, rule)
        return compiled(a, b) if program is None else program(a, b)

    return g


def _keyed(rule):
    # A function of its own per key: MLX keeps a compiled function's traces in one list it
    # searches at every call.
    def keyed(a, b):
        return rule(a, b)

    return mx.compile(keyed)


# (the guard's where and compare with the division, fused)
_unsigned_remainder = _fused(_unsigned_remainder)
_signed_remainder = _fused(_signed_remainder)
_signed_floor_divide = _fused(_signed_floor_divide)
_SIGNED_NAMES = ("int8", "int16", "int32", "int64")


def _float_remainder(a, b):
    # A zero result carries the divisor's sign (MLX gives 0 % -1 as +0); MLX's nonzero results
    # already do, and a NaN result is no zero.
    r = mx.remainder(a, b)
    z = mx.abs(r)
    return mx.where(r == 0, mx.where(b < 0, -z, z), r)


#: The floating rules as one compiled program each, as the integer ones above: eagerly one
#: dispatch where they were ~8 kernels, and floor_divide's test for infinite operands (two
#: reductions read on the host, ~300 us a call) replaced by its unconditional where form
#: (f32[16], CPU time: floor_divide 304 -> 41-63 us, remainder 58 -> 8-11; MLX's own 3-4).
#: A shapeless program still costs about 1 us a node a call (MLX 0.32.4 infers each node's
#: shape again at every call), so the rules are written for few nodes: floor_divide 16 where
#: it was ~40 (68 -> 18-19 us in one process, MLX's own 3-6; from an operand key's second
#: call a program of its own, 4.7-7), remainder 7 where it was 13 (11.5 -> 6.0, MLX's 6.4).
#: The same bits as the earlier forms
#: (every pair of 22 special and ordinary values, 400,000 random bit patterns and 1.6M
#: ordinary pairs, float32 and float64, broadcast and 0-d, plain and compiled); under a
#: transform the Python function's graph.
_float_floor_divide = _fused(_float_floor_divide, shaped=True)
_float_remainder = _fused(_float_remainder)


_BITS = {mx.int8: 8, mx.int16: 16, mx.int32: 32, mx.int64: 64,
         mx.uint8: 8, mx.uint16: 16, mx.uint32: 32, mx.uint64: 64}
_SIGNED = (mx.int8, mx.int16, mx.int32, mx.int64)


def _shift(op, fill_negative):
    """MLX (the C shift) takes the count modulo the width; the standard's value is x1 shifted
    by that many bits: 0, or -1 for a right shift of a negative number."""

    def f(a, b):
        r = op(a, b)
        wide = b >= _BITS[a.dtype]
        if a.dtype in _SIGNED:
            fill = mx.where(a < 0, mx.array(-1 if fill_negative else 0, dtype=a.dtype),
                            mx.array(0, dtype=a.dtype))
        else:
            fill = mx.array(0, dtype=a.dtype)
        return mx.where(wide, fill, r)

    return f


def _trunc(x):
    return mx.where(x < 0, mx.ceil(x), mx.floor(x))


def _imag(x):
    return mx.zeros_like(x)


#: The dtypes a function computes with a fallback rather than its op: {dtype name: fallback}.
_SPECIAL = {
    # MLX's float64 exp, sin, cos, logaddexp run at float32 precision: _float64's.
    "exp": {"float64": _float64.exp},
    "sin": {"float64": _float64.sin},
    "cos": {"float64": _float64.cos},
    "logaddexp": {"float64": _float64.logaddexp},
    "expm1": {"complex64": _complex_expm1},
    "pow": {**_per(_SIGNED_NAMES, _int_pow), "complex64": _complex_pow},
    "sign": {**_per(_REAL, _sign), "complex64": _complex_sign},
    "isfinite": _per(_REAL, _isfinite),
    # Integer input is returned as it is; the parts of real input are itself and zeros.
    **{name: _per(_INTEGRAL, _ident) for name in ("ceil", "floor", "trunc", "round")},
    "conj": _per(_INTEGRAL | _REAL_FLOAT, _ident),
    "real": _per(_INTEGRAL | _REAL_FLOAT, _ident),
    "imag": _per(_INTEGRAL | _REAL_FLOAT, _imag),
    "floor_divide": {**_per(_SIGNED_NAMES, _signed_floor_divide),
                     **_per(_REAL, _float_floor_divide)},
    "remainder": {**_per(_INTEGRAL, _unsigned_remainder), **_per(_SIGNED_NAMES, _signed_remainder),
                  **_per(_REAL, _float_remainder)},
}

_UNARY = _ce.named_ops(
    mx, _ce.UNARY_ACCEPTED, bitwise_invert=mx.bitwise_invert, positive=_ident, sin=_sin,
    signbit=_signbit, trunc=_trunc)

_BINARY = _ce.named_ops(
    mx, _ce.BINARY, bitwise_left_shift=_shift(mx.left_shift, False),
    bitwise_right_shift=_shift(mx.right_shift, True), copysign=_copysign, hypot=_hypot,
    logical_xor=mx.not_equal, nextafter=_nextafter)

#: The rules: ``_common.elementwise``. Fast path: an ``mx.array`` whose dtype (read by the
#: property's C getter) the op takes as it is. MLX checks shapes as it builds the graph: its
#: ValueError becomes the standard's naming the function.
_FUNCTIONS = _ce.ElementwiseFunctions(
    _p, __name__, fast_type=array, dtype_key=array.dtype.fget,  # type: ignore[attr-defined]
    dtype_keys={n: D.DTYPES[n] for n in D.SUPPORTED}, op_errors=(ValueError,),
    special_values=_SV, corrected=set(COMPLEX_RULES) - {"sign"}).functions(
    _UNARY, _BINARY, special=_SPECIAL)
globals().update(_FUNCTIONS)


def _clamp(x, lo, hi, name):
    for b, op in ((lo, mx.maximum), (hi, mx.minimum)):
        if b is not None:
            # const: MLX's own conversion raises std::bad_cast for a Python int beyond int64
            x = op(x, b if type(b) is array else const(b, name))
    return x


_clip_rules = clip_function(_p, _clamp, __name__)  # the rules: _common.clip
_CLIP_PLAIN = {D.DTYPES[n]: D.DTYPES[n] for n in D.REAL_FLOAT}


def clip(x, /, min=None, max=None):
    """Array API ``clip``: ``x`` clamped to [``min``, ``max``]; the bounds are arrays or
    Python scalars of ``x``'s kind; the result has ``x``'s dtype."""
    if type(x) is array and type(min) is float and type(max) is float:
        # Measured fast path: a real floating array between two Python floats is the rules'
        # graph (_clamp: maximum, then minimum, each bound a 0-d array of x's dtype) without
        # their Python frames.
        dt = _CLIP_PLAIN.get(x.dtype)
        if dt is mx.float32:
            # mx.clip itself: the same graph (Maximum, then Minimum, each bound a float32
            # scalar, a Python float rounded to float32 as MLX's weak scalar is) built in
            # one C++ call, ~0.7 us less. Bit for bit: 1,521 bound pairs (+-0, NaN, +-inf,
            # 1e300, subnormals, float32's max and beyond, random) x 20,011 float32 values.
            # Not float64: MLX rounds a Python float scalar through float32 there.
            return mx.clip(x, min, max)
        if dt is not None:
            return mx.minimum(mx.maximum(x, mx.array(min, dtype=dt)), mx.array(max, dtype=dt))
    elif type(x) is array and max is None and type(min) is float:
        # One float bound (SciPy's clip(x, min=0.0)): the rules' maximum with the bound as a
        # 0-d array of x's dtype, without their frames.
        dt = _CLIP_PLAIN.get(x.dtype)
        if dt is not None:
            return mx.maximum(x, mx.array(min, dtype=dt))
    return _clip_rules(x, min, max)
