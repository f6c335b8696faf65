"""What NumPy's namespace needs for the standard's exceptions (``_common.errors``).

NumPy already raises the standard's classes (AxisError is an IndexError, LinAlgError a
ValueError); its messages name a ufunc or nothing, so every standard function is wrapped to
prefix the function's name when it raises. NumPy accepts silently what the standard refuses,
and array-api-compat passes it through: lists, ``None`` and other libraries' arrays where an
array is expected (converted by ``np.asarray``), dtype name strings (``astype(x,
'float64')``, ``zeros(3, dtype='float32')``), integer matrices to ``linalg.inv`` and the
other floating-point linalg functions (promoted to float64) and, before NumPy 2, complex input
to ``rfft`` (the imaginary part dropped). Those are refused with TypeError, on the path only
such input takes (``type(x)`` is not ``ndarray``; the cost of the test is measured by
``benchmarks/call_cost.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._common.checks import check_indices_dtype
from .._common.dtypes import IINFO
from .._common.elementwise import BINARY
from .._common.errors import Rules, install
from .._common.fft import FREQ_CHECKS
from .._common.linalg import LinAlgError

_ndarray, _generic = np.ndarray, np.generic


def _is_array(x: Any) -> bool:
    # NumPy scalars (what NumPy's reductions return) count as 0-d arrays, as in the registry.
    return isinstance(x, (_ndarray, _generic))


def _real_input(fname: str):
    def check(args: tuple, kwargs: dict) -> None:
        x = args[0] if args else None
        if type(x) is _ndarray and x.dtype.kind == "c":
            raise TypeError(f"{fname}: x must have a real floating-point dtype, got "
                            f"{x.dtype}; pass x.real if the imaginary part is not needed")
    return check


def _integer_indices(fname: str):
    """np.take reads boolean indices as 0 and 1 (a plausible wrong answer): refused, as the
    standard's ``indices`` have an integer dtype (a float one NumPy refuses itself)."""
    def check(args: tuple, kwargs: dict) -> None:
        i = args[1] if len(args) > 1 else kwargs.get("indices")
        if type(i) is _ndarray and i.dtype.kind == "b":
            check_indices_dtype(fname, "bool")
    return check


def _cross(args: tuple, kwargs: dict) -> None:
    """np.cross also takes vectors of 2 elements; the standard's ``cross``, 3 only."""
    if len(args) == 2 and type(args[0]) is _ndarray and type(args[1]) is _ndarray:
        axis = kwargs.get("axis", -1)
        for x in args:
            if type(axis) is int and -x.ndim <= axis < x.ndim and x.shape[axis] != 3:
                raise ValueError(f"cross: x1 and x2 must have size 3 along axis {axis}, got "
                                 f"shapes {args[0].shape} and {args[1].shape}")


def _outer(args: tuple, kwargs: dict) -> None:
    """np.outer flattens its inputs; the standard's ``outer`` takes 1-D arrays only."""
    for x in args:
        if type(x) is _ndarray and x.ndim != 1:
            shapes = [getattr(a, "shape", ()) for a in args]
            raise ValueError(f"outer: x1 and x2 must be 1-D, got shapes {shapes}")


RULES = Rules(
    # NumPy < 2 (the mxnet environment) raises LinAlgError, not yet a ValueError subclass,
    # for matrices of the wrong shape.
    translations=((np.linalg.LinAlgError, r"must be square|-dimensional array given", ValueError),
                  # A factorisation that fails on the values: the LinAlgError that is also a
                  # ValueError (NumPy 2's own; a subclass of NumPy 1.x's), as every backend.
                  (np.linalg.LinAlgError, None, LinAlgError)),
    array_types=(_ndarray, np.float64, np.float32, np.int64, np.bool_, np.complex128),
    is_array=_is_array,
    expected="a numpy.ndarray",
    refuse_dtype_names=True,
    floating_input=True,
    # NumPy < 2 drops the imaginary part of a complex input with a ComplexWarning.
    extra={"rfft": _real_input("rfft"), "rfftn": _real_input("rfftn"),
           "ihfft": _real_input("ihfft"), "take": _integer_indices("take"),
           "take_along_axis": _integer_indices("take_along_axis"), "cross": _cross,
           "outer": _outer, **FREQ_CHECKS},
    # Bool indices only: the C Guard sends them to the check, the rest is called from C.
    guard_refuse={"take": (1, (np.dtype(bool),)), "take_along_axis": (1, (np.dtype(bool),))},
    # linalg.inv and the other floating-input functions stay in C for these dtypes.
    floating_dtypes=tuple(np.dtype(c) for c in "efdgFDG"),
    # A Python int out of an integer array's dtype: NumPy 2's ufuncs raise OverflowError, its
    # where wraps it (where(c, int8 x, 300) held 44); NumPy 1.x's ufuncs promote by value
    # (add(int8, 300) was int16, the standard's int8 cannot hold it): the shims' rule there.
    # Its isin and searchsorted compare such an int exactly (booleans and indices), as 2's.
    int_ranges={np.dtype(n): (lo, hi) for n, (_, lo, hi) in IINFO.items()},
    int_functions=frozenset({"where"}) if int(np.__version__.split(".")[0]) >= 2
    else frozenset(BINARY).union({"where"}),
)



def install_errors(namespace: dict[str, Any]) -> None:
    """Wrap the standard functions of ``namespace`` (the package's globals) with ``RULES``."""
    install(namespace, RULES)
