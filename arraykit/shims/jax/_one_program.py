"""Composite ``jax.numpy`` functions run as one compiled program.

A few ``jax.numpy`` functions are Python compositions of several primitives that jax does
not wrap in ``jax.jit`` itself (``linalg.norm`` is wrapped, ``linalg.vector_norm`` is not), so
eagerly each primitive is a separate dispatch. Measured eagerly on a (1000, 3) float32 array
(jax 0.10.2, CPU): ``vector_norm`` 83 us vs 28 us jitted, ``vecdot`` 304 us vs 28 us,
``matrix_transpose`` 11.5 us vs 5.6 us. The same function under ``jax.jit`` (keyword options
static, as jax's own jitted functions do) gives the same values in one dispatch; inside a
trace (jit, grad, vmap) the inner jit is inlined, so compiled code is unchanged.

Only functions whose result shape and dtype never depend on values are listed here (jit
needs static shapes), and only with keyword options that are hashable.
"""

from __future__ import annotations

from typing import Any

import jax as _jax
import jax.numpy as _jnp


def _axis_key(axis: Any) -> Any:
    # jit's static arguments must be hashable: a list of axes becomes a tuple.
    return tuple(axis) if isinstance(axis, list) else axis


def _default_int() -> Any:
    # jax's default integer follows the x64 switch, part of jit's cache key.
    return _jax.dtypes.canonicalize_dtype(_jnp.int64)


def _searchsorted_default_int(x1: Any, x2: Any, side: str = "left", sorter: Any = None) -> Any:
    return _jnp.searchsorted(x1, x2, side=side, sorter=sorter).astype(_default_int())


_vector_norm = _jax.jit(_jnp.linalg.vector_norm, static_argnames=("axis", "keepdims", "ord"))
#: ``vector_norm(x)`` (the defaults), the same program without static keywords: called from C.
vector_norm_program = _jax.jit(_jnp.linalg.vector_norm)
_vecdot = _jax.jit(_jnp.vecdot, static_argnames=("axis",))
_matrix_transpose = _jax.jit(_jnp.matrix_transpose)
#: Eagerly 36 us vs 23 us jitted (f32[16], jax 0.10.2 CPU; jnp.cumsum 20).
cumulative_sum_program = _jax.jit(_jnp.cumulative_sum,
                                  static_argnames=("axis", "dtype", "include_initial"))
#: jax's searchsorted gives int32; the standard's default index dtype costs a cast, one more
#: eager dispatch (f32[16]: 122 us vs 20 us as one program; jnp.searchsorted alone 26).
searchsorted_program = _jax.jit(_searchsorted_default_int, static_argnames=("side",))


def vector_norm(x: Any, /, *, axis: Any = None, keepdims: bool = False, ord: Any = 2) -> Any:
    """``jax.numpy.linalg.vector_norm``, compiled as one program."""
    return _vector_norm(x, axis=_axis_key(axis), keepdims=keepdims, ord=ord)


def vecdot(x1: Any, x2: Any, /, *, axis: int = -1) -> Any:
    """``jax.numpy.vecdot``, compiled as one program."""
    return _vecdot(x1, x2, axis=axis)


def cumulative_sum(x: Any, /, *, axis: int | None = None, dtype: Any = None,
                   include_initial: bool = False) -> Any:
    """``jax.numpy.cumulative_sum``, compiled as one program."""
    return cumulative_sum_program(x, axis=axis, dtype=dtype, include_initial=include_initial)


def searchsorted(x1: Any, x2: Any, /, *, side: str = "left", sorter: Any = None) -> Any:
    """``jax.numpy.searchsorted`` returning the default index dtype, as the spec asks (jax:
    int32 even in x64 mode), compiled as one program with the cast."""
    return searchsorted_program(x1, x2, side=side, sorter=sorter)


def matrix_transpose(x: Any, /) -> Any:
    """``jax.numpy.matrix_transpose``, compiled as one program."""
    return _matrix_transpose(x)
