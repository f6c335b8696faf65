"""Element-wise functions where ``jax.numpy`` misses the standard's special values.

The rules are ``arraykit.shims._common.special_values``'s (floating ``floor_divide`` with
infinite or zero operands, the divisor's zero sign in ``remainder``, the complex C99 Annex G
tables); this module only binds them to jax. Each corrected function is jax's own kernel
followed by the rule's unconditional ``where`` form (``check=False``), compiled together as
one program (``jax.jit``): eagerly that is still one dispatch and no device-to-host sync
(the eager ``check=True`` test would cost two reductions and a sync per call), and inside a
trace (jit, grad, vmap) the inner jit is inlined, with no Python branch on values. The
complex tables run under ``lax.cond`` on the shared rules' traced test
(``complex_special_flag``), so finite input pays one reduction, not the tables (their
program is still compiled, once per shape: the first complex ``exp`` of a new shape compiled
in about 1.8 s instead of 0.7 s on this loaded 2-core machine). Only the
dtypes a rule is about take the compiled program, chosen by a Python test of ``x.dtype``;
integer, boolean and (for the complex tables) real input goes straight to ``jax.numpy``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax as _jax
import jax.numpy as _jnp
import numpy as _np

from .._common.errors import fast_path, wrap
from .._common.special_values import SpecialValues, complex_special_flag
from ._errors import ARRAY_TYPE, RULES

#: jax's floor_divide also gets zero dividends wrong (``-0.0 // 2`` is +0 there).
_SV = SpecialValues(_jnp, _jax.lax.complex, is_real_floating=lambda dt: dt.kind == "f",
                    is_complex=lambda dt: dt.kind == "c", floor_divide_zeros=True)


_SCALAR_KINDS = {bool: "b", int: "i", float: "f", complex: "c"}


def _kind(x: Any) -> str:
    """The dtype kind of an array, or of a Python scalar's standard dtype."""
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        return dtype.kind
    return _SCALAR_KINDS.get(type(x), "O")


#: jax's dtypes of the standard by kind (NumPy's dtype objects: compared by identity in C).
_DTYPES = tuple(_np.dtype(c) for c in "?bBhHiIlLqQefdFD")


def _unary(name: str, native: Callable[[Any], Any], fixed: Callable[[Any], Any],
           kinds: str, doc: str) -> Callable[[Any], Any]:
    """``fixed`` (compiled) for input of a dtype kind in ``kinds``, ``native`` otherwise. A
    jax array's usual case is called from C (``_common.errors.fast_path``, no Python frame:
    ~1 us of a 11 us eager call): the floating dtypes' where ``fixed`` takes them (``sign``),
    else the dtypes ``native`` takes."""
    compiled = _jax.jit(fixed)

    def f(x: Any, /) -> Any:
        return compiled(x) if _kind(x) in kinds else native(x)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    in_c = "f" in kinds
    dtypes = tuple(d for d in _DTYPES if (d.kind in kinds) == in_c)
    return fast_path(compiled if in_c else native, name, wrap(f, name, RULES), f, RULES,
                     ARRAY_TYPE, 1, exact=True, dtypes=(0, dtypes))


def _binary(name: str, native: Callable[[Any, Any], Any],
            fixed: Callable[[Any, Any], Any], doc: str,
            integer: Callable[[Any, Any], Any] | None = None) -> Callable[[Any, Any], Any]:
    """``fixed`` (compiled) when an operand is real floating, ``integer`` (where given) when
    both are integers, ``native`` otherwise."""
    compiled = _jax.jit(fixed)

    def f(x1: Any, x2: Any, /) -> Any:
        k1, k2 = _kind(x1), _kind(x2)
        if k1 == "f" or k2 == "f":
            return compiled(x1, x2)
        if integer is not None and k1 in "iu" and k2 in "iu":
            return integer(x1, x2)
        return native(x1, x2)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


@_jax.jit
def _int_floor_divide(x1: Any, x2: Any) -> Any:
    """``jnp.floor_divide`` of integers, 0 where ``x2`` is 0 (one program): jax gives XLA's
    quotient floored (``5 // 0`` is -2, ``0 // 0`` -1), NumPy and every other arraykit
    namespace 0 (the shims' rule; the standard leaves it undefined). jax's ``remainder``
    gives 0 there already."""
    q = _jnp.floor_divide(x1, x2)
    return _jnp.where(_jnp.asarray(x2) == 0, _jnp.zeros((), dtype=q.dtype), q)


def _complex_fixed(name: str) -> Callable[[Any], Any]:
    native = getattr(_jnp, name)

    def corrected(x: Any) -> Any:
        return _SV.complex_unary(name, x, native(x), check=False)

    def fixed(x: Any) -> Any:
        # The tables' where()s alone cost up to the kernel again (exp of 1e5 complex128:
        # 4.5 ms of CPU instead of 2.8); lax.cond runs them only when an element is
        # non-finite or a special point (under vmap it selects, still right). The kernel is
        # inside the branches: computed before the cond, XLA split it into more fusions.
        return _jax.lax.cond(complex_special_flag(_jnp, name, x), corrected, native, x)

    return fixed


def _complex_unary(name: str) -> Callable[[Any], Any]:
    return _unary(name, getattr(_jnp, name), _complex_fixed(name), "c",
                  f"``jax.numpy.{name}`` with the standard's special values for complex input "
                  "at infinities, NaN and signed zeros (C99 Annex G; XLA's kernels give NaN "
                  "at most of them).")


acos = _complex_unary("acos")
acosh = _complex_unary("acosh")
asinh = _complex_unary("asinh")


def _atanh_fixed() -> Callable[[Any], Any]:
    tables = _complex_fixed("atanh")

    def fixed(x: Any) -> Any:
        r = tables(x)
        # XLA's complex atanh overflows next to +-1 (1 + 1e-200j gives inf + 0.785j; NumPy
        # 230.6 + 0.785j): 1 - x underflows in its formula. Where a finite input other than
        # +-1 gave an infinite real part, the log form answers (1 - x is exact there: -1e-200j).
        wrong = _jnp.isinf(r.real) & _jnp.isfinite(x) & (x != 1) & (x != -1)
        return _jnp.where(wrong, 0.5 * (_jnp.log(1 + x) - _jnp.log(1 - x)), r)

    return fixed


atanh = _unary("atanh", _jnp.atanh, _atanh_fixed(), "c",
               "``jax.numpy.atanh`` with the standard's special values for complex input (C99 "
               "Annex G), and finite results next to +-1 where XLA's kernel overflows.")
cosh = _complex_unary("cosh")
exp = _complex_unary("exp")
expm1 = _complex_unary("expm1")
log = _complex_unary("log")
log1p = _complex_unary("log1p")
sinh = _complex_unary("sinh")
sqrt = _complex_unary("sqrt")
tanh = _complex_unary("tanh")

_complex_sign = _complex_fixed("sign")


def _sign(x: Any) -> Any:
    if x.dtype.kind == "c":
        return _complex_sign(x)
    # jax keeps the zero's sign (sign(-0.0) is -0.0); the standard asks for +0. XLA folds
    # ``sign(x) + 0`` to ``sign(x)``, hence the where.
    return _jnp.where(x == 0, _jnp.zeros_like(x), _jnp.sign(x))


sign = _unary("sign", _jnp.sign, _sign, "fc",
              "``jax.numpy.sign`` with an unsigned zero for a signed zero input "
              "(``sign(-0.0)`` is +0, ``sign(-0 + 0j)`` is 0 + 0j; jax keeps the sign) and "
              "the standard's complex special values.")


def _floor_divide(x1: Any, x2: Any) -> Any:
    return _SV.floor_divide(x1, x2, _jnp.floor_divide(x1, x2), check=False)


def _remainder(x1: Any, x2: Any) -> Any:
    return _SV.remainder(x1, x2, _jnp.remainder(x1, x2), check=False)


floor_divide = _binary(
    "floor_divide", _jnp.floor_divide, _floor_divide,
    "``jax.numpy.floor_divide`` with the standard's values for floating operands that are "
    "infinite or zero (``inf // 2`` is +inf, ``-1 // inf`` is -0, ``-0.0 // 2`` is -0; jax "
    "gives NaN, -1 and +0), and 0 for an integer division by zero (``_int_floor_divide``).",
    _int_floor_divide)
remainder = _binary(
    "remainder", _jnp.remainder, _remainder,
    "``jax.numpy.remainder`` with a zero result carrying the divisor's sign, as the standard "
    "asks (``0.0 % -1`` is -0; jax keeps the dividend's sign).")

