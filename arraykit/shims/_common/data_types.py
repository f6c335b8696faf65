"""The data type functions' rules (``finfo``, ``iinfo``, ``result_type``), written once over a
full shim's primitives module ``p`` (``_common/primitives.py``): reading an argument that is
an array or a dtype, the info objects, ``result_type``'s argument loop."""

from __future__ import annotations

from typing import Any

from . import checks as _c
from . import utils as _u
from .dtypes import result_type_names
from .primitives import ShimPrimitives

_PY_SCALARS = (bool, int, float, complex)

#: A complex dtype's finfo figures (and the dtype it reports) are its real component's.
_REAL_OF = {"complex64": "float32", "complex128": "float64"}


def arg_name(p: ShimPrimitives, a: Any, fname: str) -> str:
    """The standard name of the dtype of array ``a``, or of dtype ``a`` (``p.dtype_arg``).
    None is no dtype here (TF's ``dtype_arg`` passed it through, MLX's read it as NumPy's
    default float64)."""
    if isinstance(a, p.ARRAY_TYPE):
        n = p.name_of(a)
        if n is None:
            raise p.unsupported(a, fname)
        return n
    if a is None:
        raise TypeError(f"{fname}: None is not a data type")
    return p.dtype_arg(a, fname)


def finfo(p: ShimPrimitives, type: Any, /) -> Any:
    """Array API ``finfo`` of a dtype or an array's dtype; complex dtypes give their real
    component's figures and dtype."""
    name = arg_name(p, type, "finfo")
    real = _REAL_OF.get(name, name)
    if real not in p.DTYPES:  # a dtype beyond the standard (MXNet's float16)
        raise _c.dtype_not_allowed("finfo", name, "floating-point")
    return _u.finfo_for(name, p.DTYPES[real])


def iinfo(p: ShimPrimitives, type: Any, /) -> Any:
    """Array API ``iinfo`` of a dtype or an array's dtype."""
    name = arg_name(p, type, "iinfo")
    if name not in p.DTYPES:  # a dtype beyond the standard (MXNet's float16)
        raise _c.dtype_not_allowed("iinfo", name, "integer")
    return _u.iinfo_for(name, p.DTYPES[name])


def result_type(p: ShimPrimitives, arrays_and_dtypes: tuple) -> Any:
    """Array API ``result_type`` over arrays, dtypes and (2024.12+) Python scalars (NumPy's
    float64 and complex128 scalars are ``float``/``complex`` and count as Python scalars, as
    in the binary functions): :func:`.dtypes.result_type_names` on the arguments' names, read
    as :func:`arg_name` reads them (its loop inlined: this is on SciPy's hot path)."""
    fname = "result_type"
    array_type, name_of = p.ARRAY_TYPE, p.name_of
    names, scalars = [], []
    for a in arrays_and_dtypes:
        if isinstance(a, array_type):
            n = name_of(a)
            if n is None:
                raise p.unsupported(a, fname)
            names.append(n)
        elif isinstance(a, _PY_SCALARS):
            scalars.append(a)
        else:
            names.append(arg_name(p, a, fname))
    rules = p.DTYPE_RULES
    promote = rules.promote
    return p.DTYPES[result_type_names(names, scalars, lambda a, b: promote(a, b, fname),
                                      rules.result_type_scalar)]
