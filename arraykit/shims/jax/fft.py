"""``jax.numpy.fft`` as the 2025.12 ``fft`` extension."""

import jax.numpy.fft as _jnp_fft

from .._common.reexport import reexport

reexport(_jnp_fft, globals())
