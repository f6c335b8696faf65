"""NumPy scalars (``np.float64(0.5)``, ``np.int32(3)``, ``np.bool_(True)``), which library
code such as SciPy and scikit-learn passes wherever the standard takes a Python scalar.

The one rule of the full shims (TF, MLX, Paddle, MXNet), in functions and in the operators
``arraykit.enable()`` installs:

- Where an argument takes a Python scalar (a binary function's operand, an operator's other
  operand, ``where``'s values, ``clip``'s bounds, ``searchsorted``'s ``x2``, a fill value), a
  NumPy scalar is the Python scalar of its kind (bool, int, float, complex): weak, so
  ``float32_array * np.float64(0.5)`` is float32 and ``int_array * np.float64(0.5)`` computes
  in the default float, exactly as with ``0.5``. This is torch's reading (arraykit's torch
  namespace gives float32 for ``float32 * np.float64`` and int32 for ``int32 * np.int64``);
  NumPy 2 and ``jax.numpy`` read a NumPy scalar as a 0-d array of its dtype (NumPy gives
  float64 for ``float32 * np.float64``; JAX's operators give float32 only because its default
  precision is 32 bits, and arraykit's JAX functions refuse NumPy scalars other than
  ``np.float64``); array-api-strict refuses them. The weak reading is the one that never
  changes an array's dtype behind the caller's back, and the one these shims already gave a
  ``np.float64`` in most functions (it subclasses ``float``).
- Creation functions with ``dtype=None`` take the dtype NumPy gives: ``asarray`` of a NumPy
  scalar, or of nested sequences holding one, and ``full(shape, np.float32(1.5))`` keep its
  dtype (NumPy, torch and JAX agree on ``asarray([np.int32(0)])``: int32).

The conversion runs only on the path such input takes: every caller first tests its fast
types (``type(x) in (bool, int, float, complex)``, its own array class).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .dtypes import IINFO, promote

PY_SCALARS = (bool, int, float, complex)

#: NumPy's scalar kinds, in test order, and the Python type each stands for.
_KINDS = ((np.bool_, bool), (np.integer, int), (np.floating, float),
          (np.complexfloating, complex))


def python_scalar(x: Any) -> Any:
    """The Python scalar a NumPy scalar stands for (``np.bool_`` -> bool, integers -> int,
    floating -> float, complex -> complex); anything else (arrays, Python scalars, strings,
    ``np.datetime64``) unchanged."""
    if isinstance(x, np.generic):
        for numpy_kind, python_kind in _KINDS:
            if isinstance(x, numpy_kind):
                return python_kind(x)
    return x


def is_numpy_scalar(x) -> bool:
    """Whether ``x`` is a NumPy scalar that stands for a Python scalar (bool or number)."""
    return isinstance(x, (np.bool_, np.number))


def asarray_data(obj, dtype):
    """``asarray``'s data ``obj`` given a ``dtype``: a NumPy scalar is the Python scalar of its
    kind, so that its conversion has the Python scalar's errors (NumPy casts
    ``np.int64(300)`` into int8 as 44, with a warning, and a NaN into an int as whatever its
    C cast gives; 300 is NumPy 2's OverflowError, a NaN its ValueError); anything else, and
    any data without a dtype (which keeps NumPy's dtype), unchanged."""
    if dtype is not None and is_numpy_scalar(obj):
        return python_scalar(obj)
    return obj


def numpy_scalar_dtype(x) -> str | None:
    """The dtype name of NumPy scalar ``x`` (``"float32"``), None for anything else: what a
    creation function with ``dtype=None`` gives it."""
    return x.dtype.name if isinstance(x, (np.bool_, np.number)) else None


def fill_value_and_dtype(value, dtype, dtypes):
    """``full``'s ``(fill_value, dtype)``: a NumPy scalar becomes its Python scalar and, with
    ``dtype=None``, gives its own dtype (``dtypes[name]``: the shim's dtype object of a name),
    as NumPy's ``full`` does; anything else unchanged."""
    if type(value) in PY_SCALARS or not is_numpy_scalar(value):
        return value, dtype
    if dtype is None:
        dtype = dtypes.get(value.dtype.name)
        if dtype is None:
            raise TypeError(f"full: a NumPy {value.dtype.name} fill_value has no dtype of this "
                            "namespace; pass dtype=")
    return python_scalar(value), dtype


def numpy_floating_dtype(*values) -> str | None:
    """The dtype name NumPy's ``linspace`` takes from the floating NumPy scalars among
    ``values`` (``np.float32`` endpoints give float32; several promote by the standard's
    table), None where there is none (Python scalars and NumPy integers: the default)."""
    name = None
    for v in values:
        if isinstance(v, np.inexact):
            n = v.dtype.name
            name = n if name is None else (promote(name, n) or name)
    return name


#: The dtypes NumPy gives Python data (bools, ints, big ints, floats, complex numbers).
_PYTHON_DATA = frozenset(("bool", "int64", "uint64", "float64", "complex128"))


def keeps_numpy_dtype(name: str, obj, default: str | None) -> bool:
    """Whether ``asarray`` of host data ``obj`` (no ``dtype``), which NumPy converted to dtype
    ``name``, keeps it rather than taking the namespace's default ``default`` of its kind:
    it does when ``obj`` holds NumPy scalars (NumPy's, torch's and JAX's answer). A dtype
    NumPy never gives Python data (int32, float32) says so at no cost; the data are searched
    only where NumPy's dtype for Python data is not the namespace's default (float64 data on
    a namespace whose default float is float32)."""
    if name == default:
        return False
    if name not in _PYTHON_DATA:
        return True
    return holds_numpy_scalar(obj)


def holds_numpy_scalar(obj, depth: int = 0) -> bool:
    """Whether nested lists/tuples ``obj`` (``asarray``'s data) hold a NumPy scalar or a NumPy
    array, so that ``asarray`` takes NumPy's dtype for them (``[np.int32(0), np.int32(-2)]``
    is int32, ``[np.array([True])]`` bool). Stops at 64 levels (the caller's own depth rule
    then refuses the data)."""
    if isinstance(obj, (np.bool_, np.number, np.ndarray)):
        return True
    if depth < 64 and isinstance(obj, (list, tuple)):
        return any(holds_numpy_scalar(o, depth + 1) for o in obj)
    return False


# --- clip --------------------------------------------------------------------------------
# The standard leaves a bound of another dtype kind than ``x`` unspecified (and requires the
# result to have ``x``'s dtype), and the references disagree: NumPy truncates the bound
# (``clip(int_array, 1.5)`` lets 1 through), torch and JAX promote the result to float, and
# array-api-strict refuses. The shims refuse as array-api-strict does (TypeError): a refusal
# cannot be a wrong number, while the other two readings give a value or a dtype that differs
# from the caller's other backends. The shims had drifted (TF rounded a float bound inward,
# MLX and Paddle refused it, MXNet cast array bounds whatever their kind).


#: The float dtypes narrower than a Python float: the largest finite value of each.
_NARROW_FLOAT_MAX = {"float32": float(np.finfo(np.float32).max),
                     "float16": float(np.finfo(np.float16).max)}


def rounded_to(value: float, name: str) -> float:
    """A Python float ``value`` as float dtype ``name`` rounds it where it lies past that
    dtype's range (+-inf, or its largest value within half an ulp), so that a framework that
    refuses such a float (torch's "value cannot be converted to type float without
    overflow", MXNet's "Out of range value for a_max") gets the value NumPy's cast gives;
    any other value, and any other dtype, unchanged."""
    top = _NARROW_FLOAT_MAX.get(name)
    if top is None or -top <= value <= top or value != value:
        return value
    with np.errstate(over="ignore"):
        return float(np.asarray(value, dtype=name))


def clip_scalar_bound(bound, x_name: str, integral: bool, which: str):
    """A ``clip`` bound that is no array, as a Python scalar (NumPy scalars converted), for an
    array of dtype ``x_name`` (``integral``: an integer dtype). TypeError for a bool, a complex,
    anything else that is no real number, and a float with an integer ``x``. An int beyond an
    integer dtype's range on the side where it cannot bind (a ``min`` below it, a ``max``
    above) saturates to the range; on the side where it binds every element the result is
    beyond the dtype: NumPy's OverflowError (saturating gave the dtype's extreme, a
    plausible wrong number)."""
    b = python_scalar(bound)
    t = type(b)
    if t is not int and t is not float:
        raise TypeError(f"clip: {which} must be an array, an int or a float, got "
                        f"{type(bound).__name__}")
    if integral and t is float:
        raise TypeError(f"clip: {which} is a float and x is of integer dtype {x_name}; pass an "
                        "int bound, or cast x to a floating dtype first")
    if not integral:
        return rounded_to(b, x_name)  # past a narrow float dtype: its rounding (+-inf)
    _, lo, hi = IINFO[x_name]
    if b < lo:
        if which == "max":
            raise OverflowError(f"clip: max {b} is below the range of {x_name}")
        return lo
    if b > hi:
        if which == "min":
            raise OverflowError(f"clip: min {b} is above the range of {x_name}")
        return hi
    return b


def int_clip_bounds(min, max, x_name: str):
    """``clip``'s Python int bounds for an array of integer dtype ``x_name`` by
    ``clip_scalar_bound``'s rule, for the namespaces that call the framework's ``clip``
    (NumPy's, array-api-strict's); any other bound as it is."""
    if type(min) is int:
        min = clip_scalar_bound(min, x_name, True, "min")
    if type(max) is int:
        max = clip_scalar_bound(max, x_name, True, "max")
    return min, max


def delegated_clip_bounds(min, max, x_name: str):
    """``clip``'s bounds for the namespaces that call their framework's ``clip`` (NumPy's,
    torch's, JAX's) on an array of dtype ``x_name``: a NumPy scalar is the Python scalar of
    its kind (NumPy cast ``max=np.int64(-300)`` into int8 as -44, JAX promoted x to the
    bound's dtype, torch refused a bound that cannot bind), and for an integer dtype a Python
    int goes by ``clip_scalar_bound``'s rule (JAX wrapped ``max=-300`` into int8 as -44). Any
    other bound (an array, a float) as it is: the framework's reading."""
    if is_numpy_scalar(min):
        min = python_scalar(min)
    if is_numpy_scalar(max):
        max = python_scalar(max)
    if x_name in IINFO:
        return int_clip_bounds(min, max, x_name)
    return min, max


def check_clip_array_bound(b_name: str, x_name: str, which: str) -> None:
    """TypeError unless an array bound of dtype ``b_name`` promotes to ``x``'s dtype
    ``x_name`` by the standard's table (so it is of ``x``'s kind and no wider: casting it to
    ``x``'s dtype, as the shims then do, changes no value; array-api-strict would let an int64
    bound wrap around in an int8 array)."""
    if promote(b_name, x_name) != x_name:
        raise TypeError(f"clip: {which} dtype {b_name} does not suit x dtype {x_name} (a bound "
                        "array must be of x's kind and no wider)")


__all__ = ["PY_SCALARS", "asarray_data", "check_clip_array_bound", "clip_scalar_bound",
           "delegated_clip_bounds", "fill_value_and_dtype", "holds_numpy_scalar",
           "int_clip_bounds", "is_numpy_scalar", "keeps_numpy_dtype", "numpy_floating_dtype",
           "numpy_scalar_dtype", "python_scalar", "rounded_to"]
