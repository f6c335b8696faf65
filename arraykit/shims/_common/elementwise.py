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
