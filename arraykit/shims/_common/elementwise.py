"""The standard's element-wise functions as data (2025.12), for the shims that build theirs
from tables: the dtype category each function's input must have (the names of the shims'
``KIND_SETS``: "bool" for the standard's "boolean", "integral" for "integer"), and the
NumPy names of the ops of frameworks that follow NumPy (MLX, MXNet)."""

from __future__ import annotations

from typing import Any


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


def named_ops(module, names: str, categories: dict[str, str], renamed=NUMPY_NAMES,
              **ops: Any) -> dict[str, tuple[str, Any]]:
    """``{name: (category, op)}`` for the space-separated standard ``names``: the category
    from ``categories`` (``UNARY`` or ``BINARY``), the op ``ops[name]`` where given, else
    ``module``'s function of the name, or of ``renamed[name]`` (default: NumPy's name,
    ``NUMPY_NAMES``)."""
    return {name: (categories[name],
                   ops[name] if name in ops else getattr(module, renamed.get(name, name)))
            for name in names.split()}


__all__ = ["BINARY", "NUMPY_NAMES", "UNARY", "named_ops"]


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
