"""The opt-in array-object mechanism shared by the shims.

A framework whose native array class lacks parts of the standard's array object (TF's
``tf.Tensor``, MXNet's ``NDArray``) can opt in to having them installed *on its classes*:
``ClassPatcher`` installs a table of attributes on given classes, remembers exactly what each
class's own ``__dict__`` held before (or that it held nothing), and restores that on
``disable()``. Enabling twice is a no-op; a lock serialises enable/disable across threads.

``make_operators(fns)`` builds the standard's operator dunders from a namespace's functions,
so every shim gets the same operator semantics (promotion by the standard's table, Python
scalars on either side, NumPy scalars as the Python scalars they stand for,
``NotImplemented`` for foreign operands). ``numpy_scalar_ufunc`` routes NumPy's side of
``np.float64(0.5) * x`` to the same functions.
"""

from __future__ import annotations

import math
import operator
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from ..._registry import SUPPORTED_API_VERSIONS
from .checks import _NUMPY1, check_int_range
from .dtypes import IINFO
from .scalars import PY_SCALARS, is_numpy_scalar, python_scalar

_MISSING = object()

#: dunder -> namespace function for the binary operators (reflected ones are derived).
BINARY_OPERATORS = {
    "__add__": "add", "__sub__": "subtract", "__mul__": "multiply", "__truediv__": "divide",
    "__floordiv__": "floor_divide", "__mod__": "remainder", "__pow__": "pow",
    "__matmul__": "matmul", "__and__": "bitwise_and", "__or__": "bitwise_or",
    "__xor__": "bitwise_xor", "__lshift__": "bitwise_left_shift",
    "__rshift__": "bitwise_right_shift",
}
#: comparison dunders (no reflected forms: Python swaps them itself).
COMPARISON_OPERATORS = {
    "__eq__": "equal", "__ne__": "not_equal", "__lt__": "less", "__le__": "less_equal",
    "__gt__": "greater", "__ge__": "greater_equal",
}
UNARY_OPERATORS = {
    "__neg__": "negative", "__pos__": "positive", "__abs__": "abs", "__invert__": "bitwise_invert",
}


def make_operators(fns: dict, is_operand: Callable[[object], bool],
                   coerce: Callable[[object, object], object] | None = None) -> dict:
    """Operator dunders from namespace functions ``fns`` (name -> callable).

    ``is_operand(other)`` says whether ``other`` is something the operator handles (an array
    of this framework or a Python scalar); otherwise a NumPy scalar is taken as its Python
    scalar, and anything else makes the dunder return ``NotImplemented`` so that Python can
    try the other operand. ``coerce(self, other)``, if given, converts an
    accepted operand first (e.g. the Python sequences a framework's own code relies on its
    operators accepting).
    """
    out: dict = {}

    def binary(f, name, reflected=False):
        def op(self, other):
            if not is_operand(other):
                # A NumPy scalar is the Python scalar of its kind (``scalars``); only such
                # operands pay for the test.
                other = python_scalar(other)
                if type(other) not in PY_SCALARS or not is_operand(other):
                    return NotImplemented
            elif coerce is not None:
                other = coerce(self, other)
            return f(other, self) if reflected else f(self, other)

        op.__name__ = name
        out[name] = op

    for dunder, fname in BINARY_OPERATORS.items():
        binary(fns[fname], dunder)
        binary(fns[fname], dunder.replace("__", "__r", 1), reflected=True)
    for dunder, fname in COMPARISON_OPERATORS.items():
        binary(fns[fname], dunder)
    for dunder, fname in UNARY_OPERATORS.items():
        f = fns[fname]

        def uop(self, f=f):
            return f(self)

        uop.__name__ = dunder
        out[dunder] = uop
    return out


class ClassPatcher:
    """Install/restore a table ``{class: {attribute: value}}`` on classes, reversibly.

    ``build`` is called on the first ``enable()`` (so that building the table costs nothing
    until someone opts in). ``disable()`` restores every class ``__dict__`` entry exactly:
    originals are put back by identity; attributes the class did not define are deleted.
    Only entries that still hold what ``enable()`` installed are touched: an attribute someone
    else set afterwards (TF's ``experimental_enable_numpy_behavior`` installs ``T``, ``size``,
    ``ndim``...) is theirs and stays.
    """

    def __init__(self, build: Callable[[], dict]):
        self._build = build
        self._lock = threading.RLock()
        self._saved: list = []  # [(cls, name, original-or-_MISSING, installed)] in order
        self._enabled = False

    @property
    def enabled(self) -> bool:
        return self._enabled

    def enable(self) -> None:
        with self._lock:
            if self._enabled:
                return
            table = self._build()
            saved = []
            try:
                for cls, attrs in table.items():
                    for name, value in attrs.items():
                        saved.append((cls, name, cls.__dict__.get(name, _MISSING), value))
                        setattr(cls, name, value)
            except Exception:
                self._restore(saved)
                raise
            self._saved = saved
            self._enabled = True

    def disable(self) -> None:
        with self._lock:
            if not self._enabled:
                return
            self._restore(self._saved)
            self._saved = []
            self._enabled = False

    @staticmethod
    def _restore(saved) -> None:
        for cls, name, orig, installed in reversed(saved):
            # Not ours any more (set by someone else after enable()), or never installed
            # (the setattr that failed during enable()): leave it.
            if cls.__dict__.get(name, _MISSING) is not installed:
                continue
            try:
                if orig is _MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, orig)
            except (AttributeError, TypeError):
                pass


#: NumPy's ufunc name -> the namespace function of the binary operator it stands for.
#: ``np.float64(0.5) * x`` is NumPy's ``np.multiply(np.float64(0.5), x)`` unless ``x``'s class
#: makes NumPy defer (TF's ``__array_priority__``, Paddle's ``__array_ufunc__ = None``).
UFUNC_OPERATORS = {
    **{n: n for n in ("add", "subtract", "multiply", "divide", "floor_divide", "remainder",
                      "matmul", "bitwise_and", "bitwise_or", "bitwise_xor",
                      *COMPARISON_OPERATORS.values())},
    "true_divide": "divide", "power": "pow", "left_shift": "bitwise_left_shift",
    "right_shift": "bitwise_right_shift",
}


def _numpy1_comparison(fns: dict, fname: str, a: object, b: object, x: object) -> object:
    """``np.int64(300) == x`` on NumPy 1.x, whose scalar comparisons turn any exception into
    ``False`` (a DeprecationWarning: "elementwise comparison failed"), so the rule's
    OverflowError for an int out of ``x``'s integer dtype would be a Python bool: the exact
    answer instead (no element can equal it: all False, ``!=`` all True), NumPy 2's; ``x``
    is of an integer dtype there (no NaN), so ``x != x`` is all False."""
    try:
        return fns[fname](a, b)
    except OverflowError:
        return fns["not_equal" if fname == "equal" else "equal"](x, x)


def numpy_scalar_ufunc(fns: dict, is_array: Callable[[object], bool],
                       fallback: Callable[..., object]) -> Callable:
    """An ``__array_ufunc__`` for an array class NumPy does not defer to (MLX's, MXNet's):
    an operator ufunc of one of these arrays and a NumPy or Python scalar (what
    ``np.float64(0.5) * x`` and ``np.float64(1.5) == x`` call) is the namespace function of
    the operator (``fns`` as in :func:`make_operators`), the scalar taken as its Python
    scalar, so the result is the framework's array with the operator's dtype; everything
    else goes to ``fallback(self, ufunc, method, *inputs, **kwargs)`` as before."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        fname = UFUNC_OPERATORS.get(ufunc.__name__)
        if fname is not None and method == "__call__" and not kwargs and len(inputs) == 2:
            # NumPy's scalar comparisons (``np.float64(1.5) == x``) pass the scalar on as a
            # 0-d ndarray.
            operands = [i[()] if type(i) is np.ndarray and i.ndim == 0 else i for i in inputs]
            if all(is_array(i) or type(i) in PY_SCALARS or is_numpy_scalar(i)
                   for i in operands):
                a, b = python_scalar(operands[0]), python_scalar(operands[1])
                if _NUMPY1 and fname in ("equal", "not_equal"):
                    return _numpy1_comparison(fns, fname, a, b, self)
                return fns[fname](a, b)
        return fallback(self, ufunc, method, *inputs, **kwargs)

    return __array_ufunc__


def assigned_scalar(value: Any, name: str | None) -> Any:
    """A value assigned into an array of dtype ``name`` (``x[k] = value``), by NumPy 2's
    rule: a NumPy scalar is the Python scalar of its kind; into an integer dtype, a Python int
    outside its range is an OverflowError, a NaN a ValueError and an infinity an
    OverflowError, as NumPy's (MLX, Paddle and MXNet stored 300 into int8 as 44, -1 into
    uint8 as 255 and NaN as 0). Anything else (arrays, floats with a value) as it is."""
    v = python_scalar(value)
    if name in IINFO:
        t = type(v)
        if t is int:
            check_int_range("__setitem__", v, name)
        elif t is float and not math.isfinite(v):
            if v != v:
                raise ValueError("__setitem__: cannot convert float NaN to integer")
            raise OverflowError("__setitem__: cannot convert float infinity to integer")
    return v


def host_conversions(to_numpy: Callable[[object], object]) -> dict:
    """``__bool__``, ``__int__``, ``__float__``, ``__complex__`` and ``__index__`` that convert
    through the array's NumPy value (``to_numpy(self)``, an ndarray or NumPy scalar), so that
    they accept and refuse what NumPy's arrays do, with NumPy's exception classes:
    ``operator.index`` of a float array is a TypeError (TF's own raised AttributeError), and
    ``bool`` of an empty array or ``int`` of a complex one is NumPy's error, not a guess."""

    def convert(kind):
        def dunder(self):
            return kind(np.asarray(to_numpy(self)))

        return dunder

    out = {}
    for name, kind in (("__bool__", bool), ("__int__", int), ("__float__", float),
                       ("__complex__", complex), ("__index__", operator.index)):
        f = convert(kind)
        f.__name__ = name
        out[name] = f
    return out


def array_namespace_method(namespace: Callable[[], object]) -> Callable:
    """The array object's ``__array_namespace__``, returning ``namespace()`` (the shim
    package, found per call: it is still importing when this is made); ValueError for an
    ``api_version`` the standard has no namespace for."""

    def __array_namespace__(self, /, *, api_version=None):
        if api_version not in (None, *SUPPORTED_API_VERSIONS):
            raise ValueError(f"unsupported array API version {api_version!r}")
        return namespace()

    return __array_namespace__


def operator_functions(ns) -> dict:
    """name -> namespace ``ns``'s function, for every function an operator dunder calls."""
    names = (set(BINARY_OPERATORS.values()) | set(COMPARISON_OPERATORS.values())
             | set(UNARY_OPERATORS.values()))
    return {n: getattr(ns, n) for n in names}


def inplace_operators(fns: dict, is_operand: Callable[[object], bool],
                      write: Callable[[object, object], object]) -> dict:
    """``__iadd__`` and the other in-place dunders for arrays that can be written to: the
    standard's result of the namespace function (from ``fns``, as in :func:`make_operators`),
    refused if it would change the array's dtype (TypeError) or shape (ValueError), then
    written into the array by ``write(self, result)``."""

    def inplace(f, fname):
        def op(self, other):
            if not is_operand(other):
                other = python_scalar(other)  # a NumPy scalar, as in make_operators
                if type(other) not in PY_SCALARS or not is_operand(other):
                    return NotImplemented
            r = f(self, other)
            if r.dtype != self.dtype:
                raise TypeError(f"in-place {fname} would change the dtype from {self.dtype} to "
                                f"{r.dtype}")
            if tuple(r.shape) != tuple(self.shape):
                raise ValueError(f"in-place {fname} would change the shape {self.shape} to "
                                 f"{r.shape}")
            write(self, r)
            return self

        op.__name__ = fname
        return op

    return {dunder.replace("__", "__i", 1): inplace(fns[fname], fname)
            for dunder, fname in BINARY_OPERATORS.items()}
