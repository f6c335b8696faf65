"""Elementwise functions on Paddle: two tables (name -> input category and Paddle op) and the
per-dtype fallbacks, built by the factory written once (``_common.elementwise``: dtype
categories, Python scalars, promotion, errors; its fast path: a tensor of a dtype the op
takes as it is -> the dtype's identity, a set lookup and the op).

This module holds only Paddle's part: the ops, the fallbacks for the dtypes whose kernels
Paddle lacks or gets wrong (each says why; the narrow integers int8, int16 and uint8 compute
in int32 and are cast back, ``_helpers.NARROW``), and ``clip``'s clamp.
"""

from __future__ import annotations

import math as _math

import numpy as onp
import paddle

from .._common import elementwise as _ce
from .._common.clip import clip_function
from .._common.errors import Guard
from .._common.special_values import (
    COMPLEX_RULES,
    SpecialValues,
    host_floor_divide,
    log1p_real_part,
    on_host_first,
)
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import CPU_ONLY as _CPU_ONLY
from ._helpers import (
    NARROW,
    Tensor,
    eq,
    full0,
    host_tensor,
    is_zero,
    narrow,
    ne,
    nonzero_mask,
    widen,
)

#: The package's namespace, for the special values' and complex powers' rules.
_XP = _ce.LazyNamespace(__name__.rpartition(".")[0], D.DTYPES)

_NAME_OF = D.NAME_OF
_LN2 = _math.log(2.0)
_BITS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8}
_INTS = ("int8", "int16", "int32", "int64", "uint8")
_FLOATS = ("float32", "float64")
_COMPLEXES = ("complex64", "complex128")


def _per(names, fn):
    """A fallback table entry: the same function for every dtype of ``names``."""
    return dict.fromkeys(names, fn)


# ------------------------------------------------------------------ ops Paddle lacks or errs on

def _identity(x):
    # A copy: Paddle's tensors can be written in place.
    return x.clone()


def _all_false(x):
    return paddle.zeros(x.shape, dtype="bool")


def _all_true(x):
    return paddle.ones(x.shape, dtype="bool")


def _zeros(x):
    return paddle.zeros_like(x)


def _square(x):
    # x * x: for a dynamic-graph tensor the multiply kernel itself, without
    # paddle.multiply's Python layer (~1 us a call, 3.3.1).
    return _C_OPS.multiply(x, x) if type(x) is Tensor else paddle.multiply(x, x)


def _complex_round(x):
    return paddle.complex(paddle.round(paddle.real(x)), paddle.round(paddle.imag(x)))


def _complex_log_base(ln_base):
    """``log(x) / ln_base`` for complex ``x``, each part divided by the real ``ln_base``:
    Paddle's complex division by ``ln_base + 0j`` gives NaN imaginary parts where the real
    part is infinite (``log10(0j)`` would be -inf + nan j; NumPy's is -inf + 0j)."""

    def f(x):
        lg = _XP.log(x)  # the namespace's log, with the standard's special values
        re, im = paddle.real(lg), paddle.imag(lg)
        c = full0(ln_base, D.NAME_OF[re.dtype])
        return paddle.complex(re / c, im / c)

    return f


def _logaddexp(x1, x2):
    mx = paddle.maximum(x1, x2)
    r = mx + paddle.log1p(paddle.exp(-paddle.abs(x1 - x2)))
    # Equal operands (both +inf or both -inf, where x1 - x2 is nan): x + log 2.
    return paddle.where(eq(x1, x2), x1 + full0(_LN2, D.NAME_OF[x1.dtype]), r)


def _hypot(x1, x2):
    return paddle.abs(paddle.complex(x1, x2))  # std::abs: no overflow, inf beats nan


def _integer_division(op, floor: bool):
    """``op(x1, x2)`` (``floor_divide`` with ``floor``, or ``remainder``) for integers, 0 where
    ``x2`` is 0: Paddle raises on integer division by zero; the standard leaves the value
    undefined and NumPy gives 0: one behaviour, NumPy's, so code that masks out the zero
    divisors afterwards works. Where ``x2`` is -1, ``x1 // -1`` is ``-(x1 // 1)`` (INT_MIN
    wraps to itself, as NumPy's) and ``x1 % -1`` is ``x1 % 1`` (0), never Paddle's kernel:
    it traps on INT_MIN // -1 and % -1 for int32/int64 (SIGFPE: the process ends). One host
    read a call, as before: all divisors positive (the usual call) is Paddle's kernel."""

    def f(x1, x2):
        if bool(paddle.all(paddle.greater_than(x2, paddle.zeros([], dtype=x2.dtype)))):
            return op(x1, x2)
        z = is_zero(x2)
        bad = paddle.logical_or(z, eq(x2, paddle.full([], -1, dtype=x2.dtype))) \
            if x2.dtype in _SIGNED else z
        r = op(x1, paddle.where(bad, paddle.ones_like(x2), x2))
        if floor and x2.dtype in _SIGNED:  # x1 // 1 is x1 there: its negation
            r = paddle.where(bad, -r, r)
        return paddle.where(z, paddle.zeros_like(r), r)

    return f


_SIGNED = frozenset((paddle.int8, paddle.int16, paddle.int32, paddle.int64))


def _float_floor_divide_ops(x1, x2):
    # floor(x1 / x2) gets the standard's special values (inf // finite, finite // inf,
    # signed zeros) where Paddle's kernel, computed from fmod, does not; the remainder
    # based correction keeps the result exact where x1 / x2 rounds up to an integer.
    q = paddle.floor(x1 / x2)
    r = paddle.remainder(x1, x2)
    fin = paddle.isfinite(x1) & paddle.isfinite(x2) & nonzero_mask(x2)
    exact = paddle.round((x1 - r) / x2)
    # At a zero quotient floor(x1 / x2) has the standard's sign (-0.0 // -3 is +0).
    return paddle.where(fin & paddle.isfinite(exact) & nonzero_mask(exact), exact, q)


def _float_remainder_ops(x1, x2):
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


def _untraced_on_cpu(a, b) -> bool:
    """Both operands dynamic-graph tensors on the CPU that record no gradient."""
    return (type(a) is Tensor and type(b) is Tensor and a.stop_gradient and b.stop_gradient
            and (_CPU_ONLY or (a.place.is_cpu_place() and b.place.is_cpu_place())))


def _host_like(h, a):
    """NumPy result ``h`` as a tensor on ``a``'s place (one copy; NumPy's float32 and
    float64 results keep ``a``'s dtype)."""
    return host_tensor(onp.asarray(h), a.place)


# Tensors on the CPU that record no gradient: NumPy's floor_divide/remainder of their values
# (the standard's values, as the ops' rules; one read of each, one copy back: f32[16]
# floor_divide 104 -> ~19 us, remainder 200 -> ~17; Paddle's own 2.9 with its special
# values unmended); elsewhere Paddle's ops, whose gradients Paddle knows.
_float_floor_divide = on_host_first(host_floor_divide, _float_floor_divide_ops,
                                    on_host=_untraced_on_cpu, read=Tensor.numpy,
                                    write=_host_like)
_float_remainder = on_host_first(onp.remainder, _float_remainder_ops,
                                 on_host=_untraced_on_cpu, read=Tensor.numpy, write=_host_like)


def _int_pow(x1, x2):
    # Paddle 3.3.1's integer pow goes through floating point (2 ** -1 was 1): the exact rule.
    return _ce.integer_power(_XP, x1, x2)


def _complex_pow(x1, x2):
    # An integer exponent (a Python number or a 0-d tensor) by multiplication, NumPy's values
    # (_common.elementwise.complex_int_power; exp/log gave (3j) ** 2 = -9 + 1.1e-15j).
    if x2.ndim == 0:
        n = _ce.integer_exponent(x2.item())
        if n is not None:
            return _ce.complex_int_power(_XP, x1, n, paddle.complex)
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


def _cexp(z):
    """Complex exp as exp(a) (cos b + i sin b): Paddle's kernel gives NaN + 0j for a NaN
    real part and a nonzero imaginary one (the standard: NaN + NaN j), and its complex128
    results are off by ~1e-7 relative (complex64 accuracy, measured); the infinities and
    signed zeros are the shared correction's (``_common.special_values``)."""
    a, b = paddle.real(z), paddle.imag(z)
    ea = paddle.exp(a)
    return paddle.complex(ea * paddle.cos(b), ea * paddle.sin(b))


def _complex_expm1(x):
    # expm1(a) cos b - 2 sin^2(b/2) + i exp(a) sin b: accurate near 0.
    a, b = paddle.real(x), paddle.imag(x)
    s = paddle.sin(b * 0.5)
    re = paddle.expm1(a) * paddle.cos(b) - 2.0 * s * s
    return paddle.complex(re, paddle.exp(a) * paddle.sin(b))


def _complex_log1p(x):
    # (log1p_real_part over log|1 + z|) + i atan2(im z, 1 + re z), with im z as it is: z + 1
    # would turn an imaginary -0 into +0 and the branch cut's -pi into +pi. The real part was
    # log|1 + z| alone, which lost the digits of a z near 0 (3e-8 relative in complex128).
    a, b = paddle.real(x), paddle.imag(x)
    ap1 = a + 1.0
    direct = paddle.log(paddle.abs(paddle.complex(ap1, b)))
    return paddle.complex(log1p_real_part(_XP, a, b, direct), paddle.atan2(b, ap1))


def _flip_sign(x):
    # A tensor multiply: Paddle's neg, and ``x * -1.0`` (its scale op, x * s + 0), give +0
    # for +0 where the standard's negative is -0.
    # The -1 as paddle.full makes it, without its Python layers (_primitives.filled).
    return paddle.multiply(x, _p.filled([], -1.0, x.dtype))


def _complex_negative(x):
    # Part by part: a complex multiply by -1 would mix a NaN part into the other.
    return paddle.complex(_flip_sign(paddle.real(x)), _flip_sign(paddle.imag(x)))


# ------------------------------------------------------------------------------- the tables

_REAL = _INTS + _FLOATS

#: The dtypes a function computes with a fallback rather than its op: {dtype name: fallback}.
_SPECIAL = {
    **{name: _per(_INTS, _identity) for name in ("ceil", "floor", "trunc")},
    "round": {**_per(_INTS, _identity), **_per(_COMPLEXES, _complex_round)},
    "conj": _per(_REAL, _identity),
    "real": _per(_REAL, _identity),
    "imag": _per(_REAL, _zeros),
    "sign": _per(_COMPLEXES, paddle.sgn),  # x / |x|, 0 at 0 (Paddle's sign: nan + 0j at inf)
    "isnan": _per(_INTS, _all_false),
    "isinf": _per(_INTS, _all_false),
    "isfinite": _per(_INTS, _all_true),
    "log2": _per(_COMPLEXES, _complex_log_base(_LN2)),
    "log10": _per(_COMPLEXES, _complex_log_base(_math.log(10.0))),
    "exp": _per(_COMPLEXES, _cexp),
    "expm1": _per(_COMPLEXES, _complex_expm1),
    "log1p": _per(_COMPLEXES, _complex_log1p),
    "negative": {**_per(_FLOATS, _flip_sign), **_per(_COMPLEXES, _complex_negative)},
    "floor_divide": _per(_FLOATS, _float_floor_divide),
    "remainder": _per(_FLOATS, _float_remainder),
    # Integers: negative exponents are undefined in the standard; Paddle's integer pow goes
    # through floating point, so compute by squaring to stay exact for large values.
    "pow": {**_per(_INTS, _int_pow), **_per(_COMPLEXES, _complex_pow)},
}

_UNARY = _ce.named_ops(
    paddle, _ce.UNARY_ACCEPTED, {}, bitwise_invert=paddle.bitwise_not,
    negative=paddle.neg, positive=_identity, square=_square)  # paddle.negative is -x

_BINARY = _ce.named_ops(
    paddle, _ce.BINARY, {}, bitwise_left_shift=_shift(_left_shift, True),
    bitwise_right_shift=_shift(_right_shift, False), equal=eq,
    floor_divide=_integer_division(paddle.floor_divide, True), greater=paddle.greater_than,
    hypot=_hypot, less=paddle.less_than, logaddexp=_logaddexp, not_equal=ne,
    remainder=_integer_division(paddle.remainder, False))

#: The functions whose narrow integer input needs no int32 detour; the others compute int8,
#: int16 and uint8 in int32 and cast back (comparisons: a bool result, no cast).
_NARROW_OK = frozenset((
    "bitwise_invert ceil conj floor isfinite isinf isnan positive real round trunc "
    "bitwise_and bitwise_or bitwise_xor equal greater greater_equal less less_equal "
    "not_equal").split())
_COMPARE = {"equal", "not_equal", "greater", "greater_equal", "less", "less_equal"}


def _widened_unary(fn, name):
    return lambda x: narrow(fn(widen(x, name)), name)


def _widened_binary(fn, name, compare):
    if compare:
        return lambda a, b: fn(widen(a, name), widen(b, name))
    return lambda a, b: narrow(fn(widen(a, name), widen(b, name)), name)


def _add_narrow_detours():
    for name, (_, op) in [*_UNARY.items(), *_BINARY.items()]:
        if name not in _NARROW_OK:
            special = _SPECIAL.setdefault(name, {})
            for n in NARROW:
                special[n] = (_widened_unary(special.get(n, op), n) if name in _UNARY else
                              _widened_binary(special.get(n, op), n, name in _COMPARE))


_add_narrow_detours()


def _dtype_id(x):
    """A Paddle dtype's identity: hashing one costs ~0.5 us (``_dtypes``)."""
    return id(x.dtype)


_C_OPS = paddle._C_ops
#: Paddle functions whose dynamic-graph path is ``_C_ops.<op>(x, y)`` after a Python frame
#: (and a decorator's) of their own; the generated one-line forwarders
#: (``def _sin(*args, **kwargs): return _C_ops.sin(*args, **kwargs)``) are found below.
_OWN_KERNEL = {paddle.add: _C_OPS.add, paddle.subtract: _C_OPS.subtract,
               paddle.divide: _C_OPS.divide, paddle.less_than: _C_OPS.less_than,
               paddle.less_equal: _C_OPS.less_equal, paddle.greater_equal: _C_OPS.greater_equal}


def _kernel(op):
    """The op the fast path calls: Paddle's ``_C_ops`` function itself where ``op`` only
    forwards to it (one or two Python frames less a call: sin 2.6 -> ~1.5 us), else ``op``."""
    native = _OWN_KERNEL.get(op)
    if native is not None:
        return native
    code = getattr(op, "__code__", None)
    if code is not None and len(code.co_names) == 2 and code.co_names[0] == "_C_ops" \
            and code.co_varnames == ("args", "kwargs") and code.co_argcount == 0 \
            and op.__globals__.get("_C_ops") is _C_OPS:
        return getattr(_C_OPS, code.co_names[1], op)
    return op


#: int32/int64 dtype identity -> the dtype's (lowest, highest) value.
_INT_RANGE = {id(paddle.int32): (-(2 ** 31), 2 ** 31 - 1),
              id(paddle.int64): (-(2 ** 63), 2 ** 63 - 1)}


def _int_bound(upper: bool):
    """``minimum`` (``upper``) or ``maximum`` of an int32/int64 tensor and a Python int in its
    dtype's range as Paddle's clip kernel with the int as one bound (exact for every int of
    the dtype, the tensor's dtype: the standard's rule for an array and a Python int), one op
    where the rules' 0-d operand takes Paddle 3.3.1's slow broadcasting kernel (65536 int32:
    108 us, the clip 12 us); None (the rules) for anything else, out-of-range ints included
    (the rules' OverflowError)."""

    def rule(x1, x2):
        if type(x1) is Tensor:
            x, s = x1, x2
        elif type(x2) is Tensor:
            x, s = x2, x1
        else:
            return None
        if type(s) is not int:
            return None
        r = _INT_RANGE.get(id(x.dtype))
        if r is None or not r[0] <= s <= r[1]:
            return None
        return _C_OPS.clip(x, r[0], s) if upper else _C_OPS.clip(x, s, r[1])

    return rule


#: The rules: ``_common.elementwise``. Paddle raises ValueError for shapes that do not
#: broadcast (the factory's error names the function); the standard's complex special
#: values (C99 Annex G) where Paddle's kernels miss them: one eager check per complex call.
_FUNCTIONS = _ce.ElementwiseFunctions(
    _p, __name__, fast_type=Tensor, dtype_key=_dtype_id, fast_op=_kernel,
    dtype_keys={n: id(D.DTYPES[n]) for n in D.SUPPORTED}, op_errors=(ValueError,),
    special_values=SpecialValues(_XP, paddle.complex), corrected=COMPLEX_RULES,
    guard_dtypes={n: D.DTYPES[n] for n in D.SUPPORTED}).functions(
    _UNARY, _BINARY, special=_SPECIAL,
    before_rules={"minimum": _int_bound(True), "maximum": _int_bound(False)})
globals().update(_FUNCTIONS)

_rules_negative = _FUNCTIONS["negative"]
_C_MULTIPLY = _C_OPS.multiply
_C_SCALE = _C_OPS.scale
_NEG_F32, _NEG_F64 = paddle.float32, paddle.float64


def negative(x, /):
    # A float32/float64 tensor is the rules' _flip_sign (the multiply kernel by a -1 of its
    # dtype, paddle.multiply only forwarding to it) without the rules' frame and reads
    # (~5.5 us a call over paddle.neg, 3.3.1); anything else the rules. Without a gradient
    # to record, the scale kernel's x * -1 + -0.0 in one op: the multiply's bits (signed
    # zeros, NaN signs and payloads: 3.3.1, old vs new), where paddle.neg's bias +0.0 turns
    # -0.0 into +0.0; a tensor that records keeps the multiply and its gradient.
    if type(x) is Tensor:
        d = x.dtype
        if d is _NEG_F32 or d is _NEG_F64:
            if x.stop_gradient:
                return _C_SCALE(x, -1.0, -0.0, True)
            return _C_MULTIPLY(x, _p.filled([], -1.0, d))
    return _rules_negative(x)


negative.__doc__ = _rules_negative.__doc__
#: The Python path (as a Guard's ``__wrapped__``): what the fast paths are checked against.
setattr(negative, "__wrapped__",  # noqa: B010 - a name the checkers do not know
        getattr(_rules_negative, "__wrapped__", _rules_negative))


_rules_equal = _FUNCTIONS["equal"]
_C_LE, _C_GE = _C_OPS.less_equal, _C_OPS.greater_equal
_C_AND_ = getattr(_C_OPS, "bitwise_and_")  # noqa: B009 - absent from Paddle 3.3.1's stubs


def _float_equal(x1, x2, /):
    """``_helpers.eq`` of two float32/float64 tensors of one dtype object (exact: Paddle's
    equal kernel is approximate), without its dtype read and test; the two fresh bool
    results and-ed in place (bitwise_and_ on bools: the logical and, no new tensor, ~0.3 us
    under logical_and, 3.3.1)."""
    return _C_AND_(_C_LE(x1, x2), _C_GE(x1, x2))


def _reraise(exc, args, kwargs):  # not called: fallback sends exceptions to the rules
    raise exc


if Guard is not None:
    #: The float case of the rules' Guard (``_FUNCTIONS``, every dtype: its fast op, ``eq``,
    #: reads the dtype again and branches on it) from a Guard of its own that has read it:
    #: two float32/float64 tensors of one dtype object, no keywords -> the three kernels
    #: (~0.35 us a call less, 3.3.1); an exception of theirs (shapes that do not broadcast)
    #: and every other call -> the rules' Guard, which raises the standard error.
    equal = Guard(_float_equal, _rules_equal, _reraise, ((Tensor,), (Tensor,)), refuse_pos=0,
                  refuse=(_NEG_F32, _NEG_F64), allow_only=True, same_dtype=True, exact=True,
                  fallback=True)
    for _attr in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(equal, _attr, getattr(_rules_equal, _attr))
    equal.__wrapped__ = getattr(_rules_equal, "__wrapped__", _rules_equal)


#: Paddle's own clip kernel (``x < lo ? lo : x > hi ? hi : x``, NaN in ``x`` kept: NumPy's
#: ``clip`` for ``lo <= hi``, ties kept as ``x``, so ``-0.0`` stays ``-0.0`` as in NumPy), one
#: op where the rules' clamp is four (``maximum``, ``minimum``, ``isnan``, ``where``) over 0-d
#: bounds, whose broadcasting kernels Paddle 3.3.1 runs slowly: 65536 float32, 17 us against
#: 310 us. Dtype name -> the bounds that bind nothing (the kernel takes both).
_C_CLIP = paddle._C_ops.clip
_CLIP_KERNEL = {"float32": (-_math.inf, _math.inf), "float64": (-_math.inf, _math.inf),
                "int32": (-(2 ** 31), 2 ** 31 - 1), "int64": (-(2 ** 63), 2 ** 63 - 1)}
_CLIP_FLOAT_IDS = frozenset((id(paddle.float32), id(paddle.float64)))
_EXACT_INT = 2 ** 53  # ints a double holds exactly: the kernel's bound rounds once, as full0


def _kernel_bound(b, none, floating):
    """A scalar bound as Paddle's clip kernel takes it, or None where the kernel would differ
    from the rules' clamp (a NaN bound, which propagates there; an int a double does not
    hold exactly beside a floating ``x``)."""
    if b is None:
        return none
    if floating:
        if type(b) is int:
            return float(b) if -_EXACT_INT <= b <= _EXACT_INT else None
        return b if b == b else None
    return b


def _clamp(x, lo, hi, name):
    none = _CLIP_KERNEL.get(name)
    if none is not None and not isinstance(lo, Tensor) and not isinstance(hi, Tensor):
        floating = name in ("float32", "float64")
        a, b = _kernel_bound(lo, none[0], floating), _kernel_bound(hi, none[1], floating)
        if a is not None and b is not None and a <= b:  # crossed bounds: hi wins, below
            return _C_CLIP(x, a, b)
    out = x
    for given, op in ((lo, "maximum"), (hi, "minimum")):  # this module's (exact, broadcasting)
        if given is not None:
            b = given if isinstance(given, Tensor) else full0(given, name, x.place)
            out = narrow(_FUNCTIONS[op](widen(out, name), widen(b, name)), name)
    if name in ("float32", "float64"):
        # NaN in x stays NaN (Paddle's maximum/minimum return the other operand)
        nan = paddle.isnan(x)
        out = paddle.where(nan, paddle.broadcast_to(x, out.shape), out) if \
            tuple(out.shape) != tuple(x.shape) else paddle.where(nan, x, out)
    return out


_rules_clip = clip_function(_p, _clamp, __name__)  # the rules: _common.clip


def clip(x, /, min=None, max=None):
    # The usual call, a floating tensor between two Python floats (neither NaN, not
    # crossed), is the kernel's without the rules' reads, which give it nothing else.
    if type(x) is Tensor and type(min) is float and type(max) is float and min <= max \
            and id(x.dtype) in _CLIP_FLOAT_IDS:
        return _C_CLIP(x, min, max)
    return _rules_clip(x, min, max)


clip.__doc__ = _rules_clip.__doc__
