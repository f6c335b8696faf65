"""``jax.numpy`` topped up to the Array API standard 2025.12.

JAX ships a 2024.12 namespace (jax 0.10). This module is ``jax.numpy`` with the 2025.12
differences added, each a thin wrapper that returns native ``jax.Array`` values and works on
tracers (jit, grad, vmap):

- ``broadcast_arrays`` and ``meshgrid`` return tuples (lists before 2025.12);
- ``permute_dims`` accepts negative axes;
- ``__array_namespace_info__().devices()`` returns a tuple;
- ``linalg`` and ``fft`` are this package's modules (2025.12 adds ``linalg.eig``/``eigvals``,
  which jax has already).

Everything else is ``jax.numpy``'s own object, unchanged.
"""

from __future__ import annotations

import operator
from typing import Any

import jax.numpy as _jnp

from . import fft, linalg
from ._reexport import reexport

__array_api_version__ = "2025.12"


def broadcast_arrays(*arrays: Any) -> tuple[Any, ...]:
    """``jax.numpy.broadcast_arrays``, returning a tuple as 2025.12 requires."""
    return tuple(_jnp.broadcast_arrays(*arrays))


def meshgrid(*arrays: Any, indexing: str = "xy") -> tuple[Any, ...]:
    """``jax.numpy.meshgrid``, returning a tuple as 2025.12 requires."""
    return tuple(_jnp.meshgrid(*arrays, indexing=indexing))


def permute_dims(x: Any, /, axes: tuple[int, ...]) -> Any:
    """``jax.numpy.permute_dims`` with negative axes normalised (new in 2025.12)."""
    ndim = _jnp.ndim(x)
    normalised = []
    for axis in axes:
        axis = operator.index(axis)
        if not -ndim <= axis < ndim:
            raise ValueError(
                f"permute_dims: axis {axis} is out of range for an array of {ndim} dimensions"
            )
        normalised.append(axis % ndim if ndim else axis)
    return _jnp.permute_dims(x, tuple(normalised))


class _Info:
    """2025.12 inspection namespace: jax's own, with ``devices()`` as a tuple."""

    def __init__(self, info: Any) -> None:
        self._info = info

    def capabilities(self) -> dict[str, Any]:
        return self._info.capabilities()

    def default_device(self) -> Any:
        return self._info.default_device()

    def default_dtypes(self, *, device: Any = None) -> dict[str, Any]:
        return self._info.default_dtypes(device=device)

    def dtypes(self, *, device: Any = None, kind: Any = None) -> dict[str, Any]:
        return self._info.dtypes(device=device, kind=kind)

    def devices(self) -> tuple[Any, ...]:
        # jax 0.10 lists None (meaning "the default device") among the devices; the spec
        # asks for the device objects an array can be placed on.
        return tuple(d for d in self._info.devices() if d is not None)


def __array_namespace_info__() -> _Info:
    return _Info(_jnp.__array_namespace_info__())


reexport(_jnp, globals())
