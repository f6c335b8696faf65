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

import numpy as onp

from .._common import dtypes as _rules
from .._common import operands as _operands

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

_INTEGRAL = KIND_SETS["integral"]


#: The standard's dtype rules over what MXNet holds (``_common.operands``), the reading of a
#: dtype argument included. float16 is no standard dtype, but native float16 arrays pass the
#: floating checks and promote within floats, as NumPy (refusing them would reject native
#: arrays in functions that need no rule), and ``dtype=float16`` names it.
DTYPE_RULES = _operands.DtypeRules("MXNet 1.9.1", SUPPORTED, DEFAULT_FLOAT, None, dtypes=DTYPES,
                                   native_type=onp.dtype, extra_floating=frozenset(("float16",)),
                                   extra={onp.dtype("float16"): "float16"})
#: The TypeError for any request of a dtype MXNet cannot hold (one wording for every shim).
unsupported_error = DTYPE_RULES.refuse_dtype
#: The standard name of a ``dtype=`` argument; TypeError for what MXNet cannot hold.
dtype_name = DTYPE_RULES.dtype_name
check_kind = DTYPE_RULES.check_kind
promote = DTYPE_RULES.promote
scalar_dtype = DTYPE_RULES.scalar_dtype


def is_int(name: str) -> bool:
    return name in _INTEGRAL
