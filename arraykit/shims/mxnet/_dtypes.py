"""MXNet's dtypes mapped onto the standard's dtype names, and the checks every function uses.

MXNet 1.9.1 arrays use NumPy dtype objects (``x.dtype == numpy.dtype('float32')``), so the
namespace's dtype objects *are* NumPy dtype objects: no translation is needed on the way out,
and one dict lookup (dtype object -> standard name) serves every check on the way in.

MXNet can hold bool, int8, int32, int64, uint8, float32 and float64 (and float16, which the
standard does not know).  int16, uint16, uint32, uint64, complex64 and complex128 are defined
as names (so code that mentions them imports) but every request for them raises TypeError
naming MXNet, the function and the dtype: they are never emulated with another dtype.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as onp

from .._common import checks as _c
from .._common import dtypes as _rules

#: MXNet 1.9.1 calls APIs deprecated by NumPy 1.20 and by itself: its import reads
#: ``np.bool``, NumPy's removed financial functions and distutils' Version classes (eleven
#: DeprecationWarnings); its indexing with a mask, an index array or a Python bool reads
#: ``np.bool`` and calls its own ``as_in_context``. Under warnings-as-errors (SciPy's and
#: scikit-learn's suites) these fail the caller, so around those calls arraykit ignores
#: DeprecationWarnings attributed to MXNet's own modules (filter: this module regex).
MXNET_MODULES = r"mxnet(\.|$)"

# This module is the package's first import: import MXNet here, quietly (see above).
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", category=DeprecationWarning, module=MXNET_MODULES)
    import mxnet  # noqa: F401

#: Standard dtypes MXNet 1.9.1 can hold, in the standard's order.
SUPPORTED = ("bool", "int8", "int32", "int64", "uint8", "float32", "float64")
#: Standard dtypes MXNet 1.9.1 cannot hold.
UNSUPPORTED = tuple(n for n in _rules.ALL if n not in SUPPORTED)

#: standard name -> dtype object (NumPy's, which is what MXNet arrays report).
DTYPES = {n: onp.dtype(n) for n in _rules.ALL}
#: dtype object -> name, only for dtypes MXNet holds (float16 passes through by name so that
#: native float16 arrays are not rejected by functions that need no dtype rule).
NAME_OF = {onp.dtype(n): n for n in SUPPORTED}
NAME_OF[onp.dtype("float16")] = "float16"

#: Defaults.  Float: float32, MXNet's own default (native ``mxnet.numpy`` code and shim code
#: then agree, and MXNet's GPU kernels are float32-first); the standard lets a library choose.
#: Integer and index: int64, as the standard requires on 64-bit platforms.
DEFAULT_FLOAT = "float32"
DEFAULT_INT = "int64"
DEFAULT_INDEX = "int64"

#: kind -> names restricted to what MXNet holds.
KINDS = {k: tuple(n for n in v if n in SUPPORTED) for k, v in _rules.KINDS.items()}
KIND_SETS = {k: frozenset(v) for k, v in KINDS.items()}

_REAL_FLOAT = frozenset(("float32", "float64", "float16"))
_INTEGRAL = KIND_SETS["integral"]


def unsupported_error(name: str, fname: str) -> TypeError:
    """The TypeError raised for any request of a dtype MXNet cannot hold."""
    return _c.unsupported_dtype(
        fname, name, f"MXNet 1.9.1 has no {name} dtype (it holds only {', '.join(SUPPORTED)})")


def dtype_name(dtype, fname: str) -> str:
    """The standard name of a requested ``dtype``; TypeError for what MXNet cannot hold."""
    name = _c.known_dtype_name(dtype, NAME_OF, fname)
    if name is not None:
        return name
    name = _c.numpy_dtype(dtype, fname).name
    if name in NAME_OF.values():
        return name
    if name in UNSUPPORTED or "complex" in name or name in ("int16", "uint16", "uint32", "uint64"):
        raise unsupported_error(name, fname)
    raise TypeError(f"{fname}: {name} is not a data type of the array API standard")


def check_kind(name: str, kind: str, fname: str) -> None:
    """TypeError unless dtype ``name`` belongs to the spec's input category ``kind``."""
    if name not in KIND_SETS[kind] and not (name == "float16" and kind in (
            "real floating", "floating-point", "numeric", "real numeric", "any")):
        raise _c.dtype_not_allowed(fname, name, kind)


def promote(a: str, b: str, fname: str) -> str:
    """The promoted dtype of two dtype names (the standard's table plus integer with floating
    -> the floating dtype, ``_common.dtypes.ARRAY_PROMOTION_TABLE``), restricted to MXNet's
    dtypes."""
    if a == b:
        return a
    r = _rules.ARRAY_PROMOTION_TABLE.get((a, b))
    if r is None:
        if "float16" in (a, b):
            # Not a standard dtype: follow NumPy within floats, and the table's rule (the
            # floating dtype) with integers.
            other = b if a == "float16" else a
            if other in _REAL_FLOAT:
                return other
            if other in _INTEGRAL:
                return "float16"
        raise TypeError(f"{fname}: the standard defines no promotion for {a} and {b}")
    if r not in NAME_OF.values():
        raise TypeError(
            f"{fname}: {a} and {b} promote to {r} under the standard, and MXNet 1.9.1 has no "
            f"{r}; cast one operand explicitly"
        )
    return r


def scalar_ok(value, name: str, fname: str) -> None:
    """TypeError unless Python scalar ``value`` may combine with an array of dtype ``name``
    as it is: the spec's rule (``_common.dtypes.scalar_operand_dtype``; callers apply the
    float-with-integer rule first) plus MXNet's allowances below. A Python int outside an
    integer dtype's range raises OverflowError."""
    kind: type[Any]
    if isinstance(value, (bool, onp.bool_)):
        if name == "bool" or name in _INTEGRAL or name in _REAL_FLOAT:
            # The spec allows bool scalars with bool arrays; NumPy also lets them mix with
            # numbers as 0/1, which is harmless and common.
            return
        kind = bool
    elif isinstance(value, int):
        if name in _INTEGRAL:
            _c.check_int_range(fname, value, name)
            return
        if name in _REAL_FLOAT:
            return
        kind = int
    elif isinstance(value, float):
        if name in _REAL_FLOAT:  # the common case first; refusals take the shared rule
            return
        kind = float
    elif isinstance(value, complex):
        raise unsupported_error("complex128", fname)
    else:
        raise TypeError(f"{fname}: expected an array or a Python scalar, "
                        f"got {type(value).__name__}")
    _rules.scalar_operand_dtype(kind(value), name, None, None, fname)


def is_int(name: str) -> bool:
    return name in _INTEGRAL
