"""JAX: arraykit's API is JAX's, so each function is the jax transform itself."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

DIFFERENTIATES = True


def value_and_grad(f, argnums, has_aux, args, kwargs):
    """``jax.value_and_grad``: returns (value or (value, aux), grads)."""
    return jax.value_and_grad(f, argnums=argnums, has_aux=has_aux)(*args, **kwargs)


def jacobian(f, argnums, args, kwargs):
    """``jax.jacrev`` (reverse mode; each output leaf gets out.shape + in.shape)."""
    return jax.jacrev(f, argnums=argnums)(*args, **kwargs)


def vjp(f, primals):
    """``jax.vjp``: (f(*primals), a function from a cotangent to one cotangent per primal)."""
    return jax.vjp(f, *primals)


def stop_gradient(x: Any) -> Any:
    """``jax.lax.stop_gradient``."""
    return jax.lax.stop_gradient(x)


def is_array(x: Any) -> bool:
    """Concrete arrays and tracers alike."""
    return isinstance(x, (jax.Array, jax.core.Tracer))


def is_inexact(x: Any) -> bool:
    """Real or complex floating dtype."""
    return jnp.issubdtype(x.dtype, jnp.inexact)
