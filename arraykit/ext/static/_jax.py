"""JAX: its own fixed-size ops, which define the semantics the other backends follow:
``jnp.unique_values``/``unique_counts``/``unique_inverse`` and ``jnp.nonzero`` with ``size=``
and ``fill_value=``. ``masked_select`` has no jax op of its own: it is ``_generic``'s, over
``jax.numpy``. jax is imported at the first call (a jax array exists then), so that loading
this module with the package costs nothing.

An empty ``x`` (known when traced: shapes are static) goes to ``_generic``: jax 0.10's
``unique_counts`` then returns counts of shape (0,), not (size,), and ``nonzero`` pads with
0 whatever ``fill_value`` says."""

from __future__ import annotations

import math
from typing import Any

from . import _generic
from ._generic import masked_select

__all__ = ["masked_select", "nonzero", "unique_counts", "unique_inverse", "unique_values"]


def _jnp() -> Any:
    import jax.numpy as jnp

    return jnp


def unique_values(x: Any, size: int, fill: Any) -> Any:
    if math.prod(x.shape) == 0:
        return _generic.unique_values(x, size, fill)
    return _jnp().unique_values(x, size=size, fill_value=fill)


def unique_counts(x: Any, size: int, fill: Any) -> tuple[Any, Any]:
    if math.prod(x.shape) == 0:
        return _generic.unique_counts(x, size, fill)
    values, counts = _jnp().unique_counts(x, size=size, fill_value=fill)
    return values, counts


def unique_inverse(x: Any, size: int, fill: Any) -> tuple[Any, Any]:
    if math.prod(x.shape) == 0:
        return _generic.unique_inverse(x, size, fill)
    values, inverse = _jnp().unique_inverse(x, size=size, fill_value=fill)
    return values, inverse.reshape(x.shape)


def nonzero(x: Any, size: int, fill: tuple[Any, ...]) -> tuple[Any, ...]:
    if math.prod(x.shape) == 0:
        return _generic.nonzero(x, size, fill)
    return _jnp().nonzero(x, size=size, fill_value=fill)
