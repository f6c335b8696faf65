"""The standard's element-wise functions (2025.12), written once for the full shims: the
dtype category each function's input must have (the names of the shims' ``KIND_SETS``:
"bool" for the standard's "boolean", "integral" for "integer"), the NumPy names of the ops of
frameworks that follow NumPy (MLX, MXNet), what each function computes (its docstring), and
:class:`ElementwiseFunctions`, the factory that builds a shim's functions from its framework
ops over its primitives (``_common/primitives.py``).

The rules (one place for all four shims):

* Input of the function's category, else a TypeError naming the function and the dtype
  (``checks.dtype_not_allowed``); an integer array given to a floating function (``exp``,
  ``divide``, ``atan2``...) computes in the default floating dtype
  (``dtypes.integer_input_as_float``), as NumPy, torch and JAX do.
* Unary functions take an array of the framework's (no Python scalar); binary ones two
  arrays, or an array and a Python (or NumPy) scalar, promoted by the standard's rules
  (``operands.OperandRules.binary``); shapes that do not broadcast are a ValueError naming
  the function.
* A dtype the framework's op gets wrong or lacks is computed by the shim's fallback for it
  (``special``), with the reason on the fallback.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import checks as _c
from .dtypes import integer_input_as_float
from .operands import OperandRules, check_broadcast
from .primitives import ShimPrimitives
from .utils import doc_table


def _by_category(table: str) -> dict[str, str]:
    """``category: name name ...`` lines as ``{name: category}``."""
    out = {}
    for line in table.strip().splitlines():
        category, names = line.split(": ")
        out.update(dict.fromkeys(names.split(), category))
    return out


#: The functions of one array: name -> input dtype category.
UNARY = _by_category("""
numeric: abs conj isfinite isinf isnan negative positive real round sign square
floating-point: acos acosh asin asinh atan atanh cos cosh exp expm1 log log1p log2 log10
floating-point: reciprocal sin sinh sqrt tan tanh
real numeric: ceil floor trunc
real floating: signbit
complex floating: imag
integer or boolean: bitwise_invert
bool: logical_not
""")

#: The input category each unary function of the full shims accepts: the standard's, except
#: that ``imag`` of real input gives zeros, as NumPy's does (the standard asks for complex).
UNARY_ACCEPTED = {**UNARY, "imag": "numeric"}

#: The functions of two arrays (or an array and a Python scalar): name -> input dtype category.
BINARY = _by_category("""
numeric: add multiply pow subtract
floating-point: divide
real numeric: floor_divide greater greater_equal less less_equal maximum minimum remainder
real floating: atan2 copysign hypot logaddexp nextafter
integer or boolean: bitwise_and bitwise_or bitwise_xor
integral: bitwise_left_shift bitwise_right_shift
bool: logical_and logical_or logical_xor
any: equal not_equal
""")

#: NumPy's name of a standard function where the two differ.
NUMPY_NAMES = {"acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
               "atan": "arctan", "atanh": "arctanh", "atan2": "arctan2",
               "bitwise_invert": "invert", "bitwise_left_shift": "left_shift",
               "bitwise_right_shift": "right_shift", "pow": "power"}


def named_ops(module, categories: dict[str, str], renamed=NUMPY_NAMES,
              **ops: Any) -> dict[str, tuple[str, Any]]:
    """``{name: (category, op)}`` for every function of ``categories`` (``UNARY_ACCEPTED``
    or ``BINARY``): its category, and the op ``ops[name]`` where given, else ``module``'s
    function of the name, or of ``renamed[name]`` (default: NumPy's name,
    ``NUMPY_NAMES``)."""
    return {name: (category,
                   ops[name] if name in ops else getattr(module, renamed.get(name, name)))
            for name, category in categories.items()}


#: What each function computes (the first sentence of its docstring).
DOCS = doc_table("""
abs: absolute value (|z| for complex, real result).
acos: inverse cosine.
acosh: inverse hyperbolic cosine.
asin: inverse sine.
asinh: inverse hyperbolic sine.
atan: inverse tangent.
atanh: inverse hyperbolic tangent.
bitwise_invert: bitwise NOT (logical NOT for bool).
ceil: round towards +inf.
conj: complex conjugate.
cos: cosine.
cosh: hyperbolic cosine.
exp: e**x.
expm1: e**x - 1, accurate near 0.
floor: round towards -inf.
imag: imaginary part.
isfinite: True where finite.
isinf: True where infinite.
isnan: True where NaN.
log: natural logarithm.
log1p: log(1 + x), accurate near 0.
log2: base-2 logarithm.
log10: base-10 logarithm.
logical_not: logical NOT.
negative: -x (wraps for integers).
positive: +x.
real: real part.
reciprocal: 1 / x.
round: round half to even (componentwise for complex).
sign: sign (x / |x| for complex).
signbit: True where the sign bit is set.
sin: sine.
sinh: hyperbolic sine.
square: x * x.
sqrt: square root.
tan: tangent.
tanh: hyperbolic tangent.
trunc: round towards zero.
add: x1 + x2 (wraps for integers).
atan2: inverse tangent of x1 / x2, by quadrant.
bitwise_and: bitwise AND.
bitwise_left_shift: x1 << x2; shifts >= the bit width give 0.
bitwise_or: bitwise OR.
bitwise_right_shift: x1 >> x2 (arithmetic); shifts >= the bit width saturate.
bitwise_xor: bitwise XOR.
copysign: |x1| with the sign of x2.
divide: true division.
equal: x1 == x2.
floor_divide: floor(x1 / x2); integer division by zero gives 0.
greater: x1 > x2.
greater_equal: x1 >= x2.
hypot: sqrt(x1**2 + x2**2) without overflow.
less: x1 < x2.
less_equal: x1 <= x2.
logaddexp: log(exp(x1) + exp(x2)).
logical_and: logical AND.
logical_or: logical OR.
logical_xor: logical XOR.
maximum: elementwise maximum (NaN propagates).
minimum: elementwise minimum (NaN propagates).
multiply: x1 * x2 (wraps for integers).
nextafter: next representable value after x1 towards x2.
not_equal: x1 != x2.
pow: x1 ** x2; integer x1 ** negative gives 0 unless |x1| == 1.
remainder: x1 - floor_divide(x1, x2) * x2 (sign of x2); integer % 0 gives 0.
subtract: x1 - x2 (wraps for integers).
""")

_Fn = Callable[..., Any]
_INT_FLOAT = (int, float)


class LazyNamespace:
    """A shim package's namespace, for the rules its section modules run over it at call
    time (``special_values``, :func:`complex_int_power`): its dtypes at once, every other
    name from the package (``sys.modules``: a section module is imported as part of it, so
    the package exists before any of its functions is called)."""

    def __init__(self, package: str, dtypes: Mapping[str, Any]):
        self.__dict__.update(dtypes)
        self._package = package

    def __getattr__(self, name: str) -> Any:
        return getattr(sys.modules[self._package], name)


class ElementwiseFunctions:
    """The factory of one full shim's element-wise functions, over its primitives module
    ``p``: :meth:`unary` and :meth:`binary` build the standard function ``name`` from a
    framework op (``op(x)``, ``op(x1, x2)``: arrays of one dtype the op computes, the result
    the standard's), with the rules of this module's docstring; :meth:`functions` builds a
    table of them.

    The fast path (the hottest calls in arraykit): an array of class ``fast_type`` whose
    ``dtype_key`` is a key the op takes as it is (for two arrays: the same key) -> one type
    test, one key read, one set lookup and the op. Everything else (other array classes,
    Python scalars, mixed dtypes, dtypes of a fallback, refused input) takes the rules.

    The shim's part:

    * ``fast_type``: the class of the framework's common arrays (``type(x) is fast_type``).
    * ``dtype_key(x)``: a hashable key of the dtype of an array of ``fast_type``, the
      framework's cheapest read (a C-level getter where it has one); ``dtype_keys``: standard
      name -> that key, for every dtype the framework holds.
    * ``op_errors``: the classes of the framework's own errors; one raised by an op becomes
      ``translate(fname, e, *operands)`` (default: for two arrays, the ValueError of shapes
      that do not broadcast, else ``e`` itself).
    * ``operands(x1, x2, fname)``: a binary function's operands and the name of their dtype
      by the shim's own code, the standard's rules (default ``OperandRules.binary`` with
      ``bcast=True``; TF's ``promote_args`` caches scalar constants, a measured fast path).
    * ``array(x)``: an array as the ops take it, after the checks (TF: a Variable's value).
    * ``fast_op(op)``: the op the fast path calls (MXNet: the generated operator behind
      ``mxnet.numpy``'s, which takes no Python scalar).
    * ``special_values``: the shim's ``special_values.SpecialValues``, which corrects the
      complex results of the functions named in ``corrected`` (keys of ``COMPLEX_RULES``:
      where the framework's kernels miss the standard's values at infinities, NaN and signed
      zeros); complex input of those takes the rules' path, real input the fast path.
    * ``guard_dtypes``: standard name -> the framework's dtype object, for a framework whose
      arrays report one object per dtype (Paddle's, compared by identity). With it, where the
      C ``Guard`` is built (``errors.Guard``), the fast path runs in C: the exact class of
      each array, one dtype read per array compared by identity (two arrays: one object), the
      op called without a Python frame; every other call (keywords included) is the Python
      function's, which also raises an op's error (the Guard calls it again for the call).
    """

    def __init__(self, p: ShimPrimitives, module: str, *, fast_type: type, dtype_key: _Fn,
                 dtype_keys: Mapping[str, Any], op_errors: tuple[type[BaseException], ...] = (),
                 translate: _Fn | None = None, operands: _Fn | None = None,
                 array: _Fn | None = None, fast_op: _Fn | None = None,
                 special_values: Any = None, corrected: Iterable[str] = (),
                 guard_dtypes: Mapping[str, Any] | None = None):
        rules = OperandRules(p)
        self._p, self._module = p, module
        self._fast_type, self._dtype_key, self._dtype_keys = fast_type, dtype_key, dtype_keys
        self._op_errors = op_errors
        self._require_array = rules.require_array
        self._array = array
        self._fast_op = fast_op or (lambda op: op)
        self._special_values, self._corrected = special_values, frozenset(corrected)
        self._guard_dtypes = guard_dtypes
        array_type, shape_of = p.ARRAY_TYPE, p.shape_of

        def failed(fname: str, e: BaseException, args: tuple) -> BaseException:
            if translate is not None:
                return translate(fname, e, *args)
            if len(args) == 2 and isinstance(args[0], array_type) \
                    and isinstance(args[1], array_type):
                check_broadcast(shape_of(args[0]), shape_of(args[1]), fname)
            return e

        self._failed = failed
        self._operands, self._binary_rule = operands, rules.binary

    def _fast(self, kinds, special) -> frozenset:
        keys = self._dtype_keys
        return frozenset(keys[n] for n in kinds - special.keys() if n in keys)

    def _correct(self, name: str, native: _Fn) -> _Fn:
        complex_unary = self._special_values.complex_unary

        def corrected(x):
            return complex_unary(name, x, native(x))

        return corrected

    def _named(self, f: _Fn, name: str, doc: str) -> _Fn:
        f.__name__ = f.__qualname__ = name
        f.__module__ = self._module
        f.__doc__ = doc
        return f

    def _guarded(self, f: _Fn, fop: _Fn, kinds, special, arity: int) -> _Fn:
        """``f`` (named), or the C ``Guard`` of its fast path (``guard_dtypes``): ``fop``
        for ``arity`` arrays of exactly ``fast_type`` whose dtype (one object) is one of the
        fast path's; ``f`` for every other call, and again for a call whose op raised (so
        that ``f`` raises what it raises)."""
        from .errors import Guard  # the C extension, or None where it is not built

        objects = self._guard_dtypes
        if objects is None or Guard is None:
            return f
        allowed = tuple(objects[n] for n in sorted(kinds - special.keys()) if n in objects)
        if not allowed:
            return f

        def on_error(exc: BaseException, args: tuple, kwargs: dict) -> Any:
            f(*args, **kwargs)  # the Python path raises the standard error for the call
            raise exc  # (unless the op's error does not repeat: then the op's own)

        guard = Guard(fop, f, on_error, ((self._fast_type,),) * arity, refuse_pos=0,
                       refuse=allowed, allow_only=True, same_dtype=arity == 2, exact=True)
        for attr in ("__name__", "__qualname__", "__module__", "__doc__"):
            setattr(guard, attr, getattr(f, attr))
        guard.__wrapped__ = f
        return guard

    def unary(self, name: str, op: _Fn, *, category: str | None = None,
              special: Mapping[str, _Fn] | None = None) -> _Fn:
        """The standard's ``name(x, /)`` over ``op``; ``category``: the input category
        (default the standard's, ``UNARY``); ``special``: dtype name -> the fallback that
        computes that dtype in place of ``op``."""
        p = self._p
        category = category or UNARY[name]
        kinds = p.DTYPE_RULES.kind_sets[category]
        special = dict(special or {})
        if name in self._corrected:
            for c in kinds & p.DTYPE_RULES.kind_sets["complex floating"]:
                special[c] = self._correct(name, special.get(c, op))
        fast = self._fast(kinds, special)
        fop = self._fast_op(op)
        fast_type, dtype_key, op_errors, failed = (self._fast_type, self._dtype_key,
                                                   self._op_errors, self._failed)
        require_array, array, cast = self._require_array, self._array, p.cast
        default_float = p.DEFAULT_FLOAT

        def f(x, /):
            if type(x) is fast_type and dtype_key(x) in fast:
                try:
                    return fop(x)
                except op_errors as e:
                    raise failed(name, e, (x,)) from None
            # The rules (in this frame: a call less on every other input).
            n = require_array(x, name)
            if n not in kinds:
                r = integer_input_as_float(category, n, default_float)
                if r is None:  # exp(int_array): see _common.dtypes
                    raise _c.dtype_not_allowed(name, n, category)
                x, n = cast(x, r), r
            if array is not None:
                x = array(x)
            try:
                return op(x) if n not in special else special[n](x)
            except op_errors as e:
                raise failed(name, e, (x,)) from None

        return self._guarded(
            self._named(f, name, f"Array API ``{name}(x, /)``: {DOCS[name]} Input: "
                                 f"{category} dtypes."), fop, kinds, special, 1)

    def binary(self, name: str, op: _Fn, *, category: str | None = None,
               special: Mapping[str, _Fn] | None = None,
               by_scalar: _Fn | None = None, before_rules: _Fn | None = None) -> _Fn:
        """The standard's ``name(x1, x2, /)`` over ``op``; ``category`` and ``special`` as
        :meth:`unary`'s. ``by_scalar(a, b, s)``: a cheaper rule where ``x2`` is a Python int
        or float ``s`` beside a real floating array (``a``, ``b``: the operands), None where
        the general path applies. ``before_rules(x1, x2)``: the shim's cheaper path for a
        call the fast paths did not take (Paddle: an integer tensor and a Python int), tried
        before the rules: its result, or None where the rules apply."""
        p = self._p
        category = category or BINARY[name]
        kinds = p.DTYPE_RULES.kind_sets[category]
        real_floating = p.DTYPE_RULES.kind_sets["real floating"]
        special = dict(special or {})
        fast = self._fast(kinds, special)
        fop = self._fast_op(op)
        fast_type, dtype_key, op_errors, failed = (self._fast_type, self._dtype_key,
                                                   self._op_errors, self._failed)
        operands, binary_rule = self._operands, self._binary_rule
        cast, array_type, keys = p.cast, p.ARRAY_TYPE, self._dtype_keys
        default_float = p.DEFAULT_FLOAT

        # An array of a real floating dtype and a Python int or float (``x * 2.0``): the
        # array's dtype by the standard's rule, the scalar as ``scalar_operand`` makes it,
        # without the rules' general path (a shim with operands of its own has its own).
        scalar_names = {keys[n]: n for n in (kinds & real_floating) - special.keys()
                        if n in keys} if operands is None and by_scalar is None else {}
        scalar_operand = p.scalar_operand

        def f(x1, x2, /):
            if type(x1) is fast_type:
                t = type(x2)
                if t is fast_type:
                    k = dtype_key(x1)
                    if k in fast and k == dtype_key(x2):
                        try:
                            return fop(x1, x2)
                        except op_errors as e:
                            raise failed(name, e, (x1, x2)) from None
                elif (t is float or t is int) and scalar_names:
                    n = scalar_names.get(dtype_key(x1))
                    if n is not None:
                        try:
                            return op(x1, scalar_operand(x2, n, x1, name))
                        except op_errors as e:
                            raise failed(name, e, (x1, x2)) from None
            elif type(x2) is fast_type and scalar_names:
                t = type(x1)
                if t is float or t is int:
                    n = scalar_names.get(dtype_key(x2))
                    if n is not None:
                        try:
                            return op(scalar_operand(x1, n, x2, name), x2)
                        except op_errors as e:
                            raise failed(name, e, (x1, x2)) from None
            if before_rules is not None:
                r = before_rules(x1, x2)
                if r is not None:
                    return r
            # The rules (in this frame: a call less on every other input).
            s = x2 if by_scalar is not None and type(x2) in _INT_FLOAT else None
            if operands is None:
                a, b, n = binary_rule(x1, x2, name, bcast=True)
            else:
                a, b, n = operands(x1, x2, name)
            if n not in kinds:
                r = integer_input_as_float(category, n, default_float)
                if r is None:  # int / int: see _common.dtypes
                    raise _c.dtype_not_allowed(name, n, category)
                # A Python scalar operand (where the framework's scalar ops are exact for it)
                # stays as it is.
                a = cast(a, r) if isinstance(a, array_type) else a
                b = cast(b, r) if isinstance(b, array_type) else b
                n = r
            try:
                if s is not None and by_scalar is not None and n in real_floating:
                    r = by_scalar(a, b, s)
                    if r is not None:
                        return r
                return op(a, b) if n not in special else special[n](a, b)
            except op_errors as e:
                raise failed(name, e, (a, b)) from None

        return self._guarded(
            self._named(f, name, f"Array API ``{name}(x1, x2, /)``: {DOCS[name]} Inputs: "
                                 f"{category} dtypes (arrays or Python scalars), promoted "
                                 "by the standard's table."), fop, kinds, special, 2)

    def functions(self, unary: Mapping[str, tuple[str, _Fn]],
                  binary: Mapping[str, tuple[str, _Fn]], *,
                  special: Mapping[str, Mapping[str, _Fn]] | None = None,
                  by_scalar: Mapping[str, _Fn] | None = None,
                  before_rules: Mapping[str, _Fn] | None = None) -> dict[str, _Fn]:
        """The functions of tables ``{name: (category, op)}`` (``named_ops``' rows);
        ``special``: name -> its fallbacks by dtype; ``by_scalar``, ``before_rules``: name ->
        its rule (:meth:`binary`)."""
        special = special or {}
        by_scalar = by_scalar or {}
        before_rules = before_rules or {}
        out = {name: self.unary(name, op, category=category, special=special.get(name))
               for name, (category, op) in unary.items()}
        out.update({name: self.binary(name, op, category=category, special=special.get(name),
                                      by_scalar=by_scalar.get(name),
                                      before_rules=before_rules.get(name))
                    for name, (category, op) in binary.items()})
        return out


__all__ = ["BINARY", "DOCS", "NUMPY_NAMES", "UNARY", "UNARY_ACCEPTED", "ElementwiseFunctions",
           "LazyNamespace", "named_ops"]


# ---------------------------------------------------------------------------------------------
# Complex powers with an integer exponent, NumPy's way


#: NumPy's complex power (``npy_cpow``) takes an integer exponent of magnitude below this by
#: repeated multiplication, exactly; others (and non-integers) through ``exp(b * log(a))``.
INT_POWER_LIMIT = 100


def integer_exponent(b: Any) -> int | None:
    """The exponent ``b`` (a Python or NumPy number) as the int NumPy's complex power takes by
    multiplication: an integer value, no imaginary part, magnitude below
    ``INT_POWER_LIMIT``; None otherwise (the general path)."""
    try:
        c = complex(b)
    except (TypeError, ValueError):
        return None
    if c.imag != 0 or not c.real.is_integer() or abs(c.real) >= INT_POWER_LIMIT:
        return None
    return int(c.real)


def complex_int_power(xp: Any, a: Any, n: int, make_complex: Any) -> Any:
    """``a ** n`` for a complex array ``a`` and an int ``n`` (``integer_exponent``), with
    NumPy's values bit for bit where they are finite (non-finite products follow the
    framework's complex multiply, e.g. TF's C99 Annex G recovery of infinities): ``npy_cpow``'s
    products (``n`` 1, 2, 3 unrolled, else
    square-and-multiply from 1), ``1 / r`` by NumPy's complex division (Smith's) for
    ``n < 0``, ``a ** 0 == 1`` (NaN too), and a zero base giving +0 (``n > 0``) or NaN + NaN j
    (``n < 0``). TF and Paddle computed ``exp(n log a)``: ``(3j) ** 2`` was -9 + 1.1e-15j
    (NumPy -9 + 0j). Uses ``xp.ones_like``, ``xp.multiply``, ``xp.real``, ``xp.imag``,
    ``xp.abs``, ``xp.where``, ``xp.equal``, ``xp.zeros_like``, ``xp.full_like``;
    ``make_complex(re, im)`` builds a complex array from real parts without arithmetic."""
    if n == 0:
        return xp.ones_like(a)
    if n == 1:
        r = a
    elif n == 2:
        r = xp.multiply(a, a)
    elif n == 3:
        r = xp.multiply(a, xp.multiply(a, a))
    else:
        m, mask, p, r = abs(n), 1, a, xp.ones_like(a)
        while True:
            if m & mask:
                r = xp.multiply(r, p)
            mask <<= 1
            if m < mask:
                break
            p = xp.multiply(p, p)
        if n < 0:
            r = _reciprocal(xp, r, make_complex)
    zero = xp.equal(a, xp.zeros_like(a))
    fill = 0.0 if n > 0 else complex(float("nan"), float("nan"))
    return xp.where(zero, xp.full_like(a, fill), r)


def integer_power(xp: Any, x1: Any, x2: Any) -> Any:
    """``x1 ** x2`` for two integer arrays of one dtype, exactly (products wrap as NumPy's), by
    repeated squaring: frameworks whose integer power goes through floating point lose the
    low bits (MXNet 1.9.1: ``5 ** 13`` was 1220703104, Paddle 3.3.1 ``2 ** -1`` was 1). A
    negative exponent gives the integer part of the exact result, as every namespace: 1 for
    a base of 1, +-1 for -1 (by the exponent's parity), 0 otherwise. ``xp``: a namespace with
    the standard's functions (a shim's, or NumPy itself on host arrays); one host read per
    squaring step (``log2`` of the largest exponent steps)."""
    x1, x2 = xp.broadcast_arrays(x1, x2)
    neg = xp.less(x2, 0)
    any_neg = bool(xp.any(neg))
    # Only the parity of a negative exponent matters for bases 1 and -1 (floor mod: 0 or 1).
    e = xp.where(neg, xp.remainder(x2, 2), x2) if any_neg else x2
    result = xp.ones_like(x1)
    base = x1
    while bool(xp.any(xp.greater(e, 0))):
        result = xp.where(xp.equal(xp.remainder(e, 2), 1), xp.multiply(result, base), result)
        e = xp.floor_divide(e, 2)
        base = xp.multiply(base, base)
    if any_neg:
        unit = xp.logical_or(xp.equal(x1, 1), xp.equal(x1, -1))
        result = xp.where(xp.logical_and(neg, xp.logical_not(unit)), xp.zeros_like(result),
                          result)
    return result


def _reciprocal(xp: Any, z: Any, make_complex: Any) -> Any:
    """``1 / z`` as NumPy's complex division computes it (Smith's method, ``cdiv``)."""
    zr, zi = xp.real(z), xp.imag(z)
    big_re = xp.abs(zr) >= xp.abs(zi)
    # |re| >= |im|: rat = im / re, scl = 1 / (re + im * rat), (1 + 0 * rat) * scl, -rat * scl.
    # otherwise:   rat = re / im, scl = 1 / (im + re * rat), (rat + 0) * scl, (0 * rat - 1) * scl.
    rat = xp.where(big_re, zi / zr, zr / zi)
    scl = 1.0 / xp.where(big_re, zr + zi * rat, zi + zr * rat)
    re = xp.where(big_re, (1.0 + 0.0 * rat) * scl, (rat + 0.0) * scl)
    im = xp.where(big_re, (0.0 - rat) * scl, (0.0 * rat - 1.0) * scl)
    return make_complex(re, im)
