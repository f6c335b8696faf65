"""The MXNet operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``)."""

from __future__ import annotations

from ctypes import byref as _byref
from ctypes import c_int as _c_int

import numpy as onp
from mxnet import np as mnp
from mxnet.base import _LIB

from .._common.sizes import check_shape
from . import _dtypes as D
from ._dtypes import DEFAULT_FLOAT, DTYPE_RULES, SUPPORTED  # noqa: F401

FRAMEWORK = "MXNet 1.9.1"
ARRAY_TYPE = mnp.ndarray
ARRAY_NOUN = "an mxnet.numpy.ndarray"
DEFAULT_COMPLEX = None  # MXNet has no complex dtype

# ``x.dtype`` costs ~0.7 us (ctypes call, error check, dict lookup, property); reading MXNet's
# dtype code directly costs ~0.3 us, which keeps the per-call overhead under 1 us. A fresh
# c_int per call keeps it thread-safe (ctypes releases the GIL during the call).
_GET_DTYPE = _LIB.MXNDArrayGetDType

#: MXNet's dtype codes (mshadow type flags) -> standard names (float16 passes through).
CODE_NAMES = {0: "float32", 1: "float64", 2: "float16", 3: "uint8", 4: "int32", 5: "int8",
              6: "int64", 7: "bool"}


def dtype_code(x) -> int:
    """MXNet's dtype code of array ``x`` (see :data:`CODE_NAMES`)."""
    c = _c_int()
    _GET_DTYPE(x.handle, _byref(c))
    return c.value


def name_of(x) -> str | None:
    c = _c_int()
    _GET_DTYPE(x.handle, _byref(c))
    return CODE_NAMES.get(c.value)


def unsupported(x, fname: str) -> TypeError:
    return D.unsupported_error(str(x.dtype), fname)


def dtype_arg(dtype, fname: str) -> str:
    return D.dtype_name(dtype, fname)


def cast(x, name: str):
    return x if name_of(x) == name else x.astype(name)


def scalar_array(value, name: str, like, fname: str = ""):
    """Through host memory: exact (MXNet's scalar parameters are parsed from strings and lose
    the last bits of some float64 values)."""
    return mnp.array(value, dtype=name, ctx=like.ctx)


# MXNet's scalar ops carry the scalar as a C double: exact for every int up to 2**53.
_EXACT = 2 ** 53
_INTEGRAL = D.KIND_SETS["integral"]


def scalar_operand(value, name: str, like, fname: str = ""):
    """The Python scalar itself where MXNet's scalar op keeps it exactly (MXNet's scalar ops
    keep the array's dtype), else a 0-d array."""
    if name == "bool" or (name in _INTEGRAL and not -_EXACT <= value <= _EXACT):
        return scalar_array(value, name, like)
    if name in _INTEGRAL:
        return int(value)
    value = float(value)
    if name == "float64" and value == value and abs(value) != float("inf") and not (
            value.is_integer() and abs(value) <= _EXACT):
        # MXNet passes scalars to kernels as strings and parses them inexactly (about one
        # float64 in eight is off by an ulp); a 0-d array operand is exact.
        return scalar_array(value, name, like)
    if value != 0 and abs(value) < 1e-300:
        return scalar_array(value, name, like)  # MXNet's parser rejects subnormals
    return value


def broadcast_to(x, shape):
    return mnp.broadcast_to(x, tuple(shape))


def reshape(x, shape):
    return x.reshape(tuple(shape))


def zeros(shape, name: str, like):
    return mnp.zeros(tuple(shape), dtype=name, ctx=like.ctx)


def copy(x):
    return x.copy()


def device_arg(device, fname: str):
    from ._helpers import check_device

    return check_device(device, fname)


def from_host(a, name: str, device=None):
    return mnp.array(onp.ascontiguousarray(a, dtype=name), dtype=name,
                     ctx=device_arg(device, "from_host"))


def to_host(x):
    return x.asnumpy()


#: MXNet 1.9.1 (built without large-tensor support) passes extents as C ints, wrapping past
#: 2**31 - 1 (``eye(2**32 + 3, 2)`` had shape (3, 2)), and refuses, or segfaults on, arrays of
#: 2**31 - 1 elements or more.
LIMITS = {"max_extent": 2 ** 31 - 1, "max_size": 2 ** 31 - 2, "framework": "MXNet"}


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``) and MXNet's limits (:data:`LIMITS`)."""
    return check_shape(fname, shape, onp.dtype(name).itemsize, **LIMITS)
