"""Elementwise functions on MXNet: two tables (name -> input category and MXNet op) and the
per-dtype fallbacks, built by the factory written once (``_common.elementwise``: dtype
categories, Python scalars, promotion, errors; its fast path: an array of a dtype the op takes
as it is -> the dtype code, a set lookup and MXNet's generated operator).

This module holds only MXNet's part: the ops, and the fallbacks for what MXNet lacks (no
``floor_divide`` between arrays, no ``logical_and/or/xor``, ``conj``, ``imag``,
``logaddexp``, ``nextafter``, bit shifts, no complex dtypes) or gets wrong (``sign(nan)``,
``round``'s ties, NaN in ``maximum``/``minimum`` where a GPU kernel may run, the standard's
special values of ``//`` and ``%``), each with its reason, and ``clip``'s clamp. Everything
except ``nextafter`` is built from MXNet ops, so gradients flow under ``mxnet.autograd.record()``.
"""

from __future__ import annotations

from ctypes import byref as _byref
from ctypes import c_int as _c_int

import mxnet as mx
import numpy as onp
from mxnet import autograd as _autograd  # pyright: ignore[reportAttributeAccessIssue]
from mxnet import np as mnp
from mxnet.base import MXNetError

# MXNet 1.9.1 is frozen (retired to the Apache Attic), so invoking the operators behind
# ``mxnet.numpy.X`` directly (their names: the generated ``_npi`` wrappers') is safe; it skips
# the Python wrapper layers (~15 us a call), which pays for arraykit's dtype checks on the fast
# path.
from mxnet.ndarray.numpy import _internal as _npi

from .._common import elementwise as _ce
from .._common.clip import clip_function
from .._common.special_values import host_floor_divide, on_host_first
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import (
    _WHERE,
    CODE_NAMES,
    broadcast_shapes,
    dtype_code,
    mode_free,
    ndarray,
    np_mode,
    scalar_array,
)
from ._helpers import where as _where

_NAME_OF = D.NAME_OF
_INTS = D.KIND_SETS["integral"]
#: The package's namespace, for the exact integer power's rule.
_XP = _ce.LazyNamespace(__name__.rpartition(".")[0], D.DTYPES)
_FLOATS = ("float16", "float32", "float64")


def _per(names, fn):
    """A fallback table entry: the same function for every dtype of ``names``."""
    return dict.fromkeys(names, fn)


def _npi_name(op) -> str | None:
    """The name of the MXNet operator behind ``mxnet.numpy``'s ``op`` (``_npi_sin``), where
    ``_npi`` generates a wrapper of it, else None."""
    if not getattr(op, "__module__", "").startswith("mxnet") or \
            getattr(_npi, op.__name__, None) is None:
        return None
    return "_npi_" + op.__name__


def _fast(op):
    """The operator behind ``mxnet.numpy``'s unary ``op``, invoked directly
    (``_primitives.operator``: the generated wrapper's Python costs ~15 us of a ~30 us call on
    16 elements), else ``op``; a binary op made by :func:`_wide`: its version for two
    arrays."""
    fast = getattr(op, "fast", None)
    if fast is not None:
        return fast
    name = _npi_name(op)
    return op if name is None else _p.operator(name)  # None: this module's


_MAX_NDIM = _p.BROADCAST_MAX_NDIM
_ndim, _broadcast_pair = _p.ndim, _p.broadcast_pair
_GET_SHAPE = _p._GET_SHAPE
# Where MXNet writes the shape's address, which is never read: one for every thread.
_SHAPE_DATA = _byref(_p._INT_P())


def _wide(op):
    """Binary ``op`` with operands of more than five dimensions and different shapes broadcast
    to one shape first (``_primitives.BROADCAST_MAX_NDIM``: MXNet's kernels refuse some, at
    the next sync); ``.fast``: the same over ``_fast(op)`` for two arrays (the fast path)."""

    def arrays(a, b):
        # The two ranks read inline (a call less each: ~0.3 us of the ~1 us this costs): the
        # kernel's error comes at the next sync and poisons ``waitall``, so only a read before
        # the op avoids it, and MXNet's C API has no read of a dtype and a rank in one call.
        n = _c_int()
        ref = _byref(n)
        _GET_SHAPE(a.handle, ref, _SHAPE_DATA)
        na = n.value
        _GET_SHAPE(b.handle, ref, _SHAPE_DATA)
        if na > _MAX_NDIM or n.value > _MAX_NDIM:
            a, b = _broadcast_pair(a, b)
        return fop(a, b)

    def f(a, b):
        if type(b) is float and sop is not None and type(a) is ndarray:
            return sop(a, str(b))  # what ``op(a, b)`` invokes, without its wrappers
        if type(b) is ndarray and type(a) is ndarray and (
                _ndim(a) > _MAX_NDIM or _ndim(b) > _MAX_NDIM):
            a, b = _broadcast_pair(a, b)
        return op(a, b)

    name = _npi_name(op)
    fop = op if name is None else _p.operator2(name)
    sop = _p.operator_with(name + "_scalar", "scalar") if name in _SCALAR_OPS else None
    f.fast = arrays  # type: ignore[attr-defined]
    return f


#: The operators whose ``mxnet.numpy`` function, given an array and a Python float, invokes
#: ``<name>_scalar`` with that float as its one parameter (``_ufunc_helper``'s
#: ``lfn_scalar(x, float(s))``, MXNet 1.9.1), which :func:`_wide` then invokes directly.
_SCALAR_OPS = frozenset("_npi_" + n for n in (
    "add", "subtract", "multiply", "true_divide", "mod", "power", "maximum", "minimum",
    "arctan2", "hypot", "equal", "not_equal", "greater", "less", "greater_equal",
    "less_equal"))


def _arrays(fn, *, bcast=False):
    """``fn`` over two arrays: a Python scalar operand (the factory leaves one where MXNet's
    scalar ops are exact) as a 0-d array; ``bcast``: both broadcast to one shape (MXNet's
    ``where`` with mixed shapes has crashed the process)."""

    def g(a, b):
        if not isinstance(a, ndarray):
            a = scalar_array(a, b, _NAME_OF[b.dtype])
        elif not isinstance(b, ndarray):
            b = scalar_array(b, a, _NAME_OF[a.dtype])
        if bcast and a.shape != b.shape:
            shape = broadcast_shapes(a.shape, b.shape)
            a = a if a.shape == shape else _p.broadcast_to(a, shape)
            b = b if b.shape == shape else _p.broadcast_to(b, shape)
        return fn(a, b)

    return g


def _ident(x):
    return x


#: The magnitude from which every value of a float dtype is an integer (round passes it).
_INTEGRAL_FROM = {"float16": 1024.0, "float32": 8388608.0, "float64": 4503599627370496.0}


def _untraced_on_host(x) -> bool:
    """``x`` in CPU memory while autograd does not record (the host paths' condition)."""
    return not _autograd.is_recording() and _p.on_host(x)


def _host_unary(host_op, rule):
    """``rule(x)`` (MXNet operators), or for an array in CPU memory while autograd does not
    record, ``host_op`` (a NumPy function that warns of nothing on these dtypes) on its
    memory read in place (``_primitives.host_read``) and one copy back."""

    def f(x):
        if _untraced_on_host(x):
            return _p.host_array(host_op(_p.host_read(x)), x.ctx)
        return rule(x)

    f.__doc__ = rule.__doc__
    return f


def _round_ops(x):
    """Half to even: MXNet's ``rint`` rounds halves down (3.5 -> 3), so ties are resolved
    here: ``floor(x + 0.5)``, minus one where that lands on an odd number exactly half-way;
    values already integral by their magnitude (``_INTEGRAL_FROM``), infinities and nan pass
    through; zero keeps ``x``'s sign. An array in CPU memory, while autograd does not
    record, is NumPy's ``round`` of its memory read in place (``_primitives.host_read``),
    one copy back: the same values (half to even, signed zeros), ~10 us a 16-element call
    where these ten operators cost ~1 ms (MXNet 1.9.1, CPU time)."""
    r = mnp.floor(x + 0.5)
    tie = mnp.equal(r - x, 0.5)
    odd = mnp.not_equal(mnp.mod(r, 2.0), 0)
    r = _where(mnp.bitwise_and(tie, odd), r - 1.0, r)
    r = _where(mnp.equal(r, 0), _where(_signbit(x), mnp.negative(mnp.zeros_like(x)),
                                       mnp.zeros_like(x)), r)
    big = mnp.logical_not(mnp.less(mnp.abs(x), _INTEGRAL_FROM[_NAME_OF[x.dtype]]))
    return _where(big, x, r)


def _sign_ops(x):
    """MXNet returns 0 for nan, the standard asks for nan. In CPU memory, autograd not
    recording (``_sign``): NumPy's sign, the same bytes as the three operators below (NaN
    passed through with its sign, -0.0 -> 0.0; float16/32/64, compared), and less than
    MXNet's one sign operator called through its wrapper."""
    if _ndim(x) <= _MAX_NDIM:
        # The three operators of the general line below, invoked directly (their wrappers
        # and the helper's shape reads cost ~45 us a call); one shape, at most five axes:
        # MXNet's where kernel takes them as they are.
        return _WHERE([_ISNAN(x), x, _SIGN(x)])
    return _where(mnp.isnan(x), x, mnp.sign(x))


_ISNAN, _SIGN = _p.operator("_npi_isnan"), _p.operator("_npi_sign")
_round, _sign = _host_unary(onp.round, _round_ops), _host_unary(onp.sign, _sign_ops)


def _int_square(x):
    # MXNet's integer square goes through float and loses the low bits above 2**24.
    return mnp.multiply(x, x)


def _positive(x):
    # A copy (``mxnet.numpy.positive`` is a NumPy host fallback).
    return x.copy()


def _signbit(x):
    """MXNet's signbit is a NumPy host fallback: true for negative numbers and -0.0 (detected
    as ``1 / x == -inf``). MXNet has no bit-level ops, so the sign bit of a nan cannot be
    read: nan gives False whatever its sign."""
    neg = mnp.less(x, 0)
    zero = mnp.equal(x, 0)
    return mnp.bitwise_or(neg, mnp.bitwise_and(zero, mnp.less(mnp.reciprocal(x), 0)))


def _copysign(a, b):
    # MXNet's ignores the sign of -0.0, so the sign is read with _signbit (a nan b counts as
    # positive).
    mag = mnp.abs(a)
    return _where(_signbit(b), mnp.negative(mag), mag)


def _trunc_div_int(a, b):
    # MXNet's legacy broadcast_div divides integers with C truncation; mxnet.numpy has no
    # integer division at all (``//`` between arrays raises).  Zero-copy views both ways.
    return mx.nd.broadcast_div(a.as_nd_ndarray(), b.as_nd_ndarray()).as_np_ndarray()


def _int_floor_divide(a, b):
    """Exact (truncating division corrected to floor); division by zero gives 0 (the standard
    leaves it unspecified; C would trap), and ``x // -1`` is ``-(x // 1)`` (INT_MIN wraps to
    itself, as NumPy's): MXNet's kernel traps on INT_MIN // -1 for int32/int64 (SIGFPE, at
    evaluation: the process ends)."""
    zero = b == 0
    minus_one = (b == -1) if b.dtype.kind == "i" else None
    safe_b = _where(zero if minus_one is None else zero | minus_one, mnp.ones_like(b), b)
    q = _trunc_div_int(a, safe_b)
    r = a - q * safe_b
    fix = (r != 0) & ((r < 0) != (safe_b < 0))
    q = _where(fix, q - 1, q)
    if minus_one is not None:
        q = _where(minus_one, mnp.negative(q), q)
    return _where(zero, mnp.zeros_like(q), q)


def _int_remainder_ops(a, b):
    """``a - (a // b) * b`` by the exact floor division (0 where ``b`` is 0, NumPy's): MXNet's
    integer ``mod`` computes in double, which holds int64 values only up to 2**53
    (``(2**62 + 3) % 7`` was 4, not 0)."""
    r = a - _int_floor_divide(a, b) * b
    return _where(b == 0, mnp.zeros_like(r), r)


def _int_abs_ops(x):
    # MXNet's int64 abs computes in double: abs(2**62 + 3) was 2**62.
    return _where(x < 0, mnp.negative(x), x)


def _float_floor_divide(a, b):
    """``floor(x1 / x2)`` with the standard's special cases for infinities and signed zeros,
    as NumPy computes them: NumPy's npy_divmod, floor((a - mod(a, b)) / b), rounded; plain
    floor(a / b) is off by one where a / b rounds up to an integer (e.g. 1 // 0.1 is 9)."""
    div = (a - mnp.mod(a, b)) / b
    fl = mnp.floor(div)
    fl = _where(div - fl > 0.5, fl + 1, fl)
    plain = a / b
    # b == 0 or non-finite operands: floor(a / b) has the standard's special cases.
    special = (b == 0) | ~mnp.isfinite(a) | ~mnp.isfinite(b)
    res = _where(special, mnp.floor(plain), fl)
    # a zero quotient keeps the sign of a / b
    return _where((res == 0) & ~special, _copysign(mnp.zeros_like(res), plain), res)


def _untraced_both_on_host(a, b) -> bool:
    return _untraced_on_host(a) and _p.on_host(b)


def _host_pow(a, b):
    return _ce.integer_power(onp, a, b)


def _int_pow_ops(a, b):
    return _ce.integer_power(_XP, a, b)


def _on_host_first(host_op, rule):
    """``rule`` (a float function of two arrays of one shape and dtype, many operators), or
    for two arrays in CPU memory while autograd does not record, ``host_op`` on their memory
    read in place and one copy back (as ``_sign``; ``_common.special_values.on_host_first``):
    the rule's values (every pair of +-0, +-1, +-2.5, 0.1, 1e30, 1e-30, subnormals, +-inf
    and NaN, float16/32/64: compared), remainder f32[16] 1.70 ms -> ~0.05 (MXNet's own mod
    31 us; MXNet 1.9.1, CPU time)."""
    return on_host_first(host_op, rule, on_host=_untraced_both_on_host, read=_p.host_read,
                         write=_host_like)


def _host_like(h, a):
    return _p.host_array(h, a.ctx)


def _float_remainder(a, b):
    """MXNet's ``mod`` plus the standard's special cases it misses (``x % 0`` and ``inf % y``
    are nan, a finite ``x % inf`` is ``x`` or ``inf`` by sign, zero results carry the
    divisor's sign)."""
    r = mnp.mod(a, b)
    nan = mnp.full_like(r, onp.nan)
    binf = mnp.isinf(b) & mnp.isfinite(a)
    same = (a == 0) | ((a > 0) == (b > 0))
    r = _where(binf, _where(same, a + mnp.zeros_like(r), b + mnp.zeros_like(r)), r)
    r = _where(r == 0, _copysign(mnp.zeros_like(r), b + mnp.zeros_like(r)), r)
    bad = (b == 0) | mnp.isinf(a) | mnp.isnan(a) | mnp.isnan(b)
    return _where(bad, nan, r)


def _nan_propagating(op):
    """``op``'s result with nan wherever an operand is (for kernels that may drop nan)."""

    def f(a, b):
        return _propagate_nan(op(a, b), a, b)

    return f


def _propagate_nan(r, a, b):
    """``r`` with nan wherever ``a`` or ``b`` is nan (MXNet's maximum/minimum drop nan).

    Every operand of ``where`` gets the full broadcast shape: MXNet's ``where`` with mixed
    shapes has crashed the process (segfault) on some inputs.
    """
    if not isinstance(a, ndarray):
        a = scalar_array(a, b, D.NAME_OF[b.dtype])
    if not isinstance(b, ndarray):
        b = scalar_array(b, a, D.NAME_OF[a.dtype])
    a, b = _broadcast_pair(a, b)
    nan = mnp.add(mnp.isnan(a), mnp.isnan(b))  # bool add is a broadcasting logical or
    if nan.shape != r.shape:
        nan = _p.broadcast_to(nan, r.shape)
    return _where(nan, mnp.add(a, b), r)


def _logaddexp(a, b):
    """``max + log1p(exp(-|x1 - x2|))``, stable and differentiable (MXNet has none)."""
    m = mnp.maximum(a, b)
    d = mnp.abs(a - b)
    r = m + mnp.log1p(mnp.exp(-d))
    # equal infinities make d nan: the answer is that infinity.
    r = _where(a == b, m + onp.log(2.0), r)
    r = _where(mnp.isinf(m) & (m > 0), m, r)
    nan = mnp.isnan(a) | mnp.isnan(b)
    return _where(nan, a + b, r)


def _nextafter(a, b):
    """MXNet has no bit-level float ops, so this one goes through NumPy on the host (it has
    no gradient to lose: the result is piecewise constant)."""
    r = onp.nextafter(a.asnumpy(), b.asnumpy())
    return mnp.array(r, dtype=_NAME_OF[a.dtype], ctx=a.ctx)


_BITS = {"int8": 8, "uint8": 8, "int32": 32, "int64": 64}


def _left_shift(a, b):
    """MXNet has none: ``x1 * 2**x2``, wrapping; shifts of the bit width or more give 0, as
    NumPy does."""
    n = _NAME_OF[a.dtype]
    big = b >= _BITS[n]
    sb = _where(big, mnp.zeros_like(b), b)
    r = a * _pow2(sb, n)
    return _where(big, mnp.zeros_like(r), r)


def _right_shift(a, b):
    """MXNet has none: arithmetic shift, i.e. floor division by ``2**x2``; shifts of the bit
    width or more give 0 or -1."""
    n = _NAME_OF[a.dtype]
    big = b >= _BITS[n] - (0 if n == "uint8" else 1)
    sb = _where(big, mnp.zeros_like(b), b)
    r = _int_floor_divide(a, _pow2(sb, n))
    fill = _where(a < 0, mnp.full_like(a, -1), mnp.zeros_like(a)) if n != "uint8" \
        else mnp.zeros_like(a)
    if r.shape != fill.shape:
        fill = _p.broadcast_to(fill, r.shape)
    return _where(big, fill, r)


def _pow2(s, n):
    # 2 ** s exactly in int64 (then wrapped to n): MXNet's integer power is exact.
    two = mnp.full(s.shape, 2, dtype="int64", ctx=s.ctx)
    p = mnp.power(two, s.astype("int64"))
    return p if n == "int64" else p.astype(n)


#: The dtypes a function computes with a fallback rather than its op: {dtype name: fallback}.
_SPECIAL = {
    # Integer input is returned as it is (MXNet's float kernels would be wasted).
    **{name: _per(_INTS, _ident) for name in ("ceil", "floor", "trunc", "round")},
    "sign": _per(_FLOATS, _sign),
    "square": _per(_INTS, _int_square),
    "floor_divide": _per(_FLOATS, _arrays(_on_host_first(host_floor_divide,
                                                         _float_floor_divide), bcast=True)),
    "remainder": {**_per(_FLOATS, _arrays(_on_host_first(onp.remainder, _float_remainder),
                                          bcast=True)),
                  "int64": _arrays(_on_host_first(onp.remainder, _int_remainder_ops),
                                   bcast=True)},
    # MXNet's integer power computes in floating point (5 ** 13 was 1220703104) and its int64
    # abs in double: exact rules (NumPy's on host memory).
    "pow": _per(_INTS, _arrays(_on_host_first(_host_pow, _int_pow_ops), bcast=True)),
    "abs": {"int64": _host_unary(onp.abs, _int_abs_ops)},
    # maximum/minimum: NaN put back only where a kernel may drop it (_p.NAN_DROPPING_KERNELS)
    **({"maximum": _per(_FLOATS, _nan_propagating(mnp.maximum)),
        "minimum": _per(_FLOATS, _nan_propagating(mnp.minimum))}
       if _p.NAN_DROPPING_KERNELS else {}),
    # MXNet's broadcasting &, |, ^ kernels reject bool: multiply, add and not_equal are the
    # same on bools.
    "bitwise_and": {"bool": mnp.multiply},
    "bitwise_or": {"bool": mnp.add},
    "bitwise_xor": {"bool": mnp.not_equal},
}

# MXNet has no complex dtypes: conj and real are the identity, imag zeros.
_UNARY = _ce.named_ops(
    mnp, _ce.UNARY_ACCEPTED, abs=mnp.absolute, bitwise_invert=mnp.bitwise_not,
    conj=_ident, imag=mnp.zeros_like, positive=_positive, real=_ident, round=_round,
    signbit=_signbit)

_BINARY = _ce.named_ops(
    mnp, _ce.BINARY, bitwise_left_shift=_arrays(_left_shift, bcast=True),
    bitwise_right_shift=_arrays(_right_shift, bcast=True),
    copysign=_arrays(_copysign, bcast=True), divide=mnp.true_divide,
    floor_divide=_arrays(_int_floor_divide, bcast=True), remainder=_arrays(mnp.mod, bcast=True),
    logaddexp=_arrays(_logaddexp, bcast=True), nextafter=_arrays(_nextafter),
    # MXNet has no logical_and/or/xor; on bools they are multiply, add and not_equal.
    logical_and=mnp.multiply, logical_or=mnp.add, logical_xor=mnp.not_equal)
_BINARY = {name: (category, _wide(op)) for name, (category, op) in _BINARY.items()}
for _name in _ce.BINARY:
    if _name in _SPECIAL:
        _SPECIAL[_name] = {n: _wide(fn) for n, fn in _SPECIAL[_name].items()}

#: The rules: ``_common.elementwise``. Fast path: an ``mxnet.numpy.ndarray`` whose dtype code
#: (one ctypes read) the op takes as it is -> MXNet's generated operator. Shape inference
#: runs at the call: an MXNetError there (or the ValueError of a fallback's broadcast) for
#: shapes that do not broadcast becomes the factory's ValueError naming the function.
_FUNCTIONS = _ce.ElementwiseFunctions(
    _p, __name__, fast_type=ndarray, dtype_key=dtype_code,
    dtype_keys={n: c for c, n in CODE_NAMES.items()}, op_errors=(MXNetError, ValueError),
    fast_op=_fast).functions(_UNARY, _BINARY, special=_SPECIAL)


def _mode_free(name: str, f):
    """Unary ``f`` (the factory's) whose fast path, an array with an axis and no zero extent
    of a dtype the operator takes as it is, invokes the operator outside MXNet's NumPy mode
    (``_helpers.mode_free``); every other call, and one whose operator raised, is ``f`` in
    the mode. ``f`` itself where its op is a fallback of this module's."""
    category, op = _UNARY[name]
    if _npi_name(op) is None:
        return f
    special = _SPECIAL.get(name, {})
    kinds = _p.DTYPE_RULES.kind_sets[category]
    fast = frozenset(c for c, n in CODE_NAMES.items() if n in kinds and n not in special)
    fop, in_mode = _fast(op), np_mode(f)

    def g(x, /):
        if type(x) is ndarray and _filled_code(x) in fast:
            try:
                return fop(x)
            except (MXNetError, ValueError):
                pass
        return in_mode(x)

    for attr in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(g, attr, getattr(f, attr))
    return mode_free(g)


_filled_code = _p.filled_code
_FUNCTIONS.update({name: _mode_free(name, _FUNCTIONS[name]) for name in _UNARY})
globals().update(_FUNCTIONS)


def _clamp(x, lo, hi, n):
    """MXNet's own clip takes only scalars, as float32 parameters."""
    if n == "float32" and not any(isinstance(v, ndarray) or (v is not None and v != v)
                                  for v in (lo, hi)):
        # MXNet's clip parameters are float32: exact for float32 arrays.
        return mnp.clip(x, lo, hi)
    r = x
    for v, op in ((lo, _wide_maximum), (hi, _wide_minimum)):
        if v is None:
            continue
        b = v if isinstance(v, ndarray) else scalar_array(v, x, n)
        r = op(r, b)
        if n not in _INTS and _p.NAN_DROPPING_KERNELS:
            r = _propagate_nan(r, x, b)
    return r


_wide_maximum, _wide_minimum = _wide(mnp.maximum), _wide(mnp.minimum)
_clip = clip_function(_p, _clamp, __name__)  # the rules: _common.clip
#: ``mnp.clip(x, lo, hi)``'s operator and parameters (``str`` of the bounds, as its wrapper).
_CLIP = _p.operator_with("clip", "a_min", "a_max")
_FLOAT32_CODE = 0
#: float32's largest finite value: a bound past it (or NaN) takes the rules' path, which
#: rounds it to the dtype (MXNet's operator refuses it: "Out of range value for a_max").
_F32_MAX = 3.4028234663852886e38
#: The ints float32 holds exactly, which the operator's float32 parameter keeps.
_F32_INT = 2**24


#: The operator's parameter for a missing bound (``mnp.clip``'s own: -inf and inf).
_NO_BOUND = {"min": "-inf", "max": "inf"}


def _float32_bound(v, which: str):
    """A bound the operator takes as it is: None (its infinity), a float of float32's range,
    an int float32 holds exactly; else None (the rules)."""
    t = type(v)
    if v is None:
        return _NO_BOUND[which]
    if (t is float and -_F32_MAX <= v <= _F32_MAX) or (t is int and -_F32_INT <= v <= _F32_INT):
        return str(v)
    return None


def clip(x, /, min=None, max=None):
    """Array API ``clip``: ``x`` clamped to [``min``, ``max``]; the bounds are arrays or Python
    scalars of ``x``'s kind; the result has ``x``'s dtype."""
    if type(x) is ndarray and (min is not None or max is not None) \
            and dtype_code(x) == _FLOAT32_CODE:
        # Measured fast path: float32 with Python number bounds (or one of them) is where the
        # rules (``_clamp``) end in ``mnp.clip``; its operator invoked directly (one bound:
        # 38 -> ~21 us, f32[16], 1.9.1).
        lo, hi = _float32_bound(min, "min"), _float32_bound(max, "max")
        if lo is not None and hi is not None:
            return _CLIP(x, lo, hi)
    return _clip(x, min, max)

#: The standard's element-wise names defined here (for ``from ._elementwise_functions import *``).
__all__ = [*_FUNCTIONS, "clip"]  # noqa: PLE0604 - a list computed from tables
