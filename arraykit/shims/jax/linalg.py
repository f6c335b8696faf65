"""``jax.numpy.linalg`` as the 2025.12 ``linalg`` extension (jax has eig/eigvals already);
``vector_norm``, ``vecdot`` and ``matrix_transpose`` run as one compiled program each (see
``_one_program``)."""

import jax.numpy.linalg as _jnp_linalg

from .._common.errors import fast_path, wrap
from .._common.reexport import reexport
from . import _one_program
from ._errors import ARRAY_TYPE, RULES
from ._one_program import (  # noqa: F401 - re-exported, one compiled program each
    matrix_transpose,
    vecdot,
)

#: ``vector_norm(x)`` of an eager floating array (the usual call) goes to its program from C,
#: without the Python function's frame and jit's static keywords (~1-2 us of a 13 us call).
vector_norm = fast_path(_one_program.vector_norm_program, "vector_norm",
                        wrap(_one_program.vector_norm, "vector_norm", RULES, "linalg"),
                        _one_program.vector_norm, RULES, ARRAY_TYPE, 1, exact=True,
                        dtypes=(0, RULES.floating_dtypes))

reexport(_jnp_linalg, globals())
