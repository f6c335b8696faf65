"""``jax.numpy.linalg`` as the 2025.12 ``linalg`` extension (jax has eig/eigvals already);
``vector_norm``, ``vecdot`` and ``matrix_transpose`` run as one compiled program each (see
``_one_program``)."""

import jax.numpy.linalg as _jnp_linalg

from ._one_program import matrix_transpose, vecdot, vector_norm  # noqa: F401
from .._common.reexport import reexport

reexport(_jnp_linalg, globals())
