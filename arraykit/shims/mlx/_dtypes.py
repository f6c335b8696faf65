"""MLX's dtypes under the standard's names, and the dtype rules every function of the shim uses.

MLX 0.32.4 arrays report ``mlx.core.Dtype`` objects (``x.dtype == mx.float32``); they hash and
compare by value but are not interned (``x.dtype is mx.float32`` is False), so every lookup here
is a dict lookup, never an identity test.

MLX holds every standard dtype except ``complex128``. ``float64`` exists on the CPU only (MLX's
GPU kernels refuse it), which is the only device of the CPU build. ``complex128`` is defined as
a name (NumPy's dtype object, so that code mentioning it imports) but every request for it
raises TypeError naming MLX, the function and the dtype; it is never emulated with complex64.
MLX's ``float16``/``bfloat16`` are not standard dtypes: they pass through functions that need no
dtype rule and are refused by the rest (no promotion is defined for them).
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as onp

from .._common import dtypes as _rules
from .._common import operands as _operands

#: The MLX version these rules were measured on (messages name it).
MLX = f"MLX {mx.__version__}"
#: ``sizes.check_shape``'s limits for MLX: extents are int32 (``mx.zeros((2**31,))`` raises an
#: OverflowError naming no function; a shape computed past int64 raises ``std::bad_cast``).
SHAPE_LIMITS: dict[str, Any] = {"max_extent": 2**31 - 1, "framework": MLX}

#: Standard dtypes MLX can hold, in the standard's order.
SUPPORTED = tuple(n for n in _rules.ALL if n != "complex128")
#: Standard dtypes MLX cannot hold.
UNSUPPORTED = tuple(n for n in _rules.ALL if n not in SUPPORTED)

_MX_NAMES = {"bool": "bool_"}
#: standard name -> dtype object: MLX's where it has one, NumPy's for complex128 (a name only).
DTYPES: dict[str, Any] = {n: getattr(mx, _MX_NAMES.get(n, n)) for n in SUPPORTED}
DTYPES["complex128"] = onp.dtype("complex128")
#: MLX dtype -> standard name (only what MLX holds).
NAME_OF: dict[Any, str] = {DTYPES[n]: n for n in SUPPORTED}
#: standard name -> NumPy dtype (host conversions).
NUMPY: dict[str, onp.dtype] = {n: onp.dtype(n) for n in _rules.ALL}
#: NumPy dtype -> standard name, for NumPy inputs (``asarray(np_array)``) and dtype-likes.
NUMPY_NAME: dict[onp.dtype, str] = {v: k for k, v in NUMPY.items()}

#: Defaults: float32 (MLX's own default, and the only float its GPU kernels take), complex64
#: (its only complex dtype); int64 for integers and indices, as the standard asks of 64-bit
#: platforms (MLX alone gives int32 for ``mx.array([1, 2])`` and uint32 from ``argmax``).
DEFAULT_FLOAT = "float32"
DEFAULT_COMPLEX = "complex64"
DEFAULT_INT = "int64"
DEFAULT_INDEX = "int64"
DEFAULTS = {"real floating": DEFAULT_FLOAT, "complex floating": DEFAULT_COMPLEX,
            "integral": DEFAULT_INT, "indexing": DEFAULT_INDEX}

#: kind -> the names MLX holds, and as sets for the checks.
KINDS = {k: tuple(n for n in v if n in SUPPORTED) for k, v in _rules.KINDS.items()}
KIND_SETS = {k: frozenset(v) for k, v in KINDS.items()}
INTEGRAL = KIND_SETS["integral"]
REAL_FLOAT = KIND_SETS["real floating"]
#: The real floating dtype objects, for the fast paths' membership tests.
REAL_FLOAT_DTYPES = frozenset(DTYPES[n] for n in REAL_FLOAT)
COMPLEX = KIND_SETS["complex floating"]
FLOATING = KIND_SETS["floating-point"]

#: The standard's dtype rules over what MLX holds (``_common.operands``), the reading of a
#: dtype argument included (``complex`` names complex128, refused like ``complex128``). MLX's
#: own promotion differs (bool + int8 is int8, uint64 + int64 is float32, float64 + complex64
#: is complex64) and is never used.
DTYPE_RULES = _operands.DtypeRules(MLX, SUPPORTED, DEFAULT_FLOAT, DEFAULT_COMPLEX,
                                   dtypes=DTYPES, native_type=mx.Dtype)
#: The TypeError for any request of a dtype MLX cannot hold (one wording for every shim).
unsupported_error = DTYPE_RULES.refuse_dtype
#: The standard name of a ``dtype=`` argument; TypeError for what MLX cannot hold and for
#: anything that is no dtype.
dtype_name = DTYPE_RULES.dtype_name
check_kind = DTYPE_RULES.check_kind
promote = DTYPE_RULES.promote
scalar_dtype = DTYPE_RULES.scalar_dtype
