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

from .._common.errors import Rules, install

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


RULES = Rules(
    # NumPy < 2 (the mxnet environment) raises LinAlgError, not yet a ValueError subclass,
    # for matrices of the wrong shape.
    translations=((np.linalg.LinAlgError, r"must be square|-dimensional array given", ValueError),),
    array_types=(_ndarray, np.float64, np.float32, np.int64, np.bool_, np.complex128),
    is_array=_is_array,
    expected="a numpy.ndarray",
    refuse_dtype_names=True,
    floating_input=True,
    # NumPy < 2 drops the imaginary part of a complex input with a ComplexWarning.
    extra={"rfft": _real_input("rfft"), "rfftn": _real_input("rfftn"),
           "ihfft": _real_input("ihfft")},
)



def install_errors(namespace: dict[str, Any]) -> None:
    """Wrap the standard functions of ``namespace`` (the package's globals) with ``RULES``."""
    install(namespace, RULES)
