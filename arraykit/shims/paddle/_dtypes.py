"""PaddlePaddle's dtypes mapped onto the standard's dtype names, and the dtype checks.

Paddle 3.3.1 arrays report ``paddle.dtype`` objects (``paddle.float32``, a ``DataType``
enum member), which are the namespace's dtype objects; one dict lookup maps them to the
standard's names. On CPU Paddle computes in bool, int8, int16, int32, int64, uint8, float32,
float64, complex64 and complex128. ``paddle.uint16`` is Paddle's bfloat16 storage type
(NumPy uint16 arrays become bfloat16 tensors) and uint32/uint64 tensors cannot be built
(``to_tensor`` raises "Not supported numpy dtype"): the three are defined as names so that code
mentioning them imports, absent from ``dtypes()``, and every request raises TypeError naming
Paddle, the function and the dtype (never emulated with another dtype).
"""

from __future__ import annotations

import logging
import os
import sys
import warnings

from .._common import dtypes as _rules
from .._common import operands as _operands


def _import_paddle():
    """Import Paddle (this module is the package's first import), quietly and safely.

    Its import warns that ccache is missing (a UserWarning about compiling C++ extensions,
    which arraykit never does): quieted here only. And Paddle 3.3.1's ``libpaddle`` crashes
    the process (SIGSEGV in its static initialisers) when loaded after TensorFlow 2.21, whose
    libraries export the same third-party symbols: when arraykit is the one importing Paddle
    (``arraykit.enable()``, a namespace asked for by name) and TensorFlow is loaded, Paddle's
    libraries are loaded with ``RTLD_DEEPBIND``, so they bind to their own symbols first; the
    interpreter's dlopen flags are restored right after. A program that imports Paddle
    itself after TensorFlow must do the same (or import Paddle first).

    Paddle's import also configures the root logger (a stderr handler, level INFO: other
    libraries' INFO records then print in Paddle's format); when arraykit is the importer,
    the root logger is left as it was.
    """
    if "paddle" in sys.modules:
        return sys.modules["paddle"]
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    flags = sys.getdlopenflags()
    deepbind = "tensorflow" in sys.modules and hasattr(os, "RTLD_DEEPBIND")
    if deepbind:
        sys.setdlopenflags(flags | os.RTLD_DEEPBIND)
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="No ccache found", category=UserWarning)
            import paddle
    finally:
        if deepbind:
            sys.setdlopenflags(flags)
        root.handlers[:] = handlers
        root.setLevel(level)
    return paddle


paddle = _import_paddle()

#: Standard dtypes Paddle 3.3.1 computes in on CPU, in the standard's order.
SUPPORTED = ("bool", "int8", "int16", "int32", "int64", "uint8", "float32", "float64",
             "complex64", "complex128")
#: Standard dtypes Paddle cannot hold (see the module docstring).
UNSUPPORTED = ("uint16", "uint32", "uint64")

#: standard name -> dtype object (Paddle's; uint16/32/64 are Paddle's objects of that name,
#: which no tensor the namespace makes ever has).
DTYPES = {n: getattr(paddle, n) for n in _rules.ALL}
#: dtype object -> name, for the dtypes the namespace computes in.
NAME_OF = {DTYPES[n]: n for n in SUPPORTED}
#: ``id(dtype object)`` -> name, for the same: the hot paths' lookup. Hashing a Paddle dtype
#: (a pybind11 enum) costs ~0.5 us, an id ~30 ns; tensors report these very objects, and
#: any other object (no entry) takes the ``NAME_OF`` path. The objects live as long as
#: ``DTYPES``, so no other object can have their ids.
NAME_BY_ID = {id(DTYPES[n]): n for n in SUPPORTED}
#: dtype object -> name for every standard dtype, uint16/32/64 included (pure queries:
#: ``isdtype``, ``can_cast``). Paddle's uint16 is its own object, not bfloat16's.
STANDARD_NAME_OF = {DTYPES[n]: n for n in _rules.ALL}
#: Paddle names of its other dtypes, for messages.
OTHER_NAMES = {getattr(paddle, n): n for n in ("float16", "bfloat16", "uint16", "uint32",
                                                "uint64")}

#: Defaults. Float: float32, Paddle's own default (``paddle.to_tensor(1.5)`` is float32, so
#: native code and namespace code agree); the standard lets a library choose. Complex:
#: complex64, the complex of the default float. Integer and index: int64.
DEFAULT_FLOAT = "float32"
DEFAULT_COMPLEX = "complex64"
DEFAULT_INT = "int64"
DEFAULT_INDEX = "int64"

KIND_SETS = {k: frozenset(n for n in v if n in SUPPORTED) for k, v in _rules.KINDS.items()}
_INTEGRAL = KIND_SETS["integral"]
_SUPPORTED = frozenset(SUPPORTED)

#: Paddle's spelling of the dtypes for the string arguments some of its ops take.
PADDLE_NAME = {n: n for n in SUPPORTED}


#: The standard's dtype rules over what Paddle computes in (``_common.operands``), the
#: reading of a dtype argument included.
DTYPE_RULES = _operands.DtypeRules(f"Paddle {paddle.__version__}", SUPPORTED, DEFAULT_FLOAT,
                                   DEFAULT_COMPLEX, dtypes=DTYPES, native_type=paddle.dtype)
#: The TypeError for any request of a dtype Paddle cannot compute in (one wording for every
#: shim).
unsupported_error = DTYPE_RULES.refuse_dtype
#: The standard name of a ``dtype=`` argument; TypeError for what Paddle lacks.
dtype_name = DTYPE_RULES.dtype_name
check_kind = DTYPE_RULES.check_kind
promote = DTYPE_RULES.promote
scalar_dtype = DTYPE_RULES.scalar_dtype


def is_int(name: str) -> bool:
    return name in _INTEGRAL
