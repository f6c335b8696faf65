"""``jax.numpy.linalg`` as the 2025.12 ``linalg`` extension (jax has eig/eigvals already);
``vector_norm``, ``vecdot`` and ``matrix_transpose`` run as one compiled program each (see
``_one_program``)."""

import jax.numpy.linalg as _jnp_linalg

from .._common.reexport import reexport
from ._one_program import (  # noqa: F401 - re-exported, one compiled program each
    matrix_transpose,
    vecdot,
    vector_norm,
)

reexport(_jnp_linalg, globals())
