"""``jax.numpy.linalg`` as the 2025.12 ``linalg`` extension (jax has eig/eigvals already)."""

import jax.numpy.linalg as _jnp_linalg

from ._reexport import reexport

reexport(_jnp_linalg, globals())
