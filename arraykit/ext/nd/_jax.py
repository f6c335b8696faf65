"""JAX backend of ``arraykit.ext.nd``.

Every op is one jitted kernel over the shared row algorithm that returns the result and an
"any index out of bounds" flag, with the compiled behaviour built in (gather clips, scatter
drops via ``mode="drop"``). Eager calls check the flag and raise; traced calls (jit, grad,
vmap: the arguments are Tracers) return the result as is, so the compiled behaviour is the
eager one minus the error.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from . import _common


def _index_dtype() -> Any:
    return jnp.int64 if jax.config.jax_enable_x64 else jnp.int32


def _scatter_rows(x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
    # Row M (one past the end) is out of bounds, and mode="drop" drops it natively.
    at = x2.at[f]
    if reduction == "add":
        return at.add(v2, mode="drop")
    if reduction == "multiply":
        # .at[].multiply has no gradient for duplicate indices (JAX: "only implemented if
        # unique_indices=True"); the sort-based rows scatter is differentiable, and drops
        # row M by construction (it only fills rows 0..M-1).
        return _common.sorted_scatter_rows(jnp, x2, f, v2, reduction)
    if reduction == "min":
        return at.min(v2, mode="drop")
    if reduction == "max":
        return at.max(v2, mode="drop")
    return _common.replace_rows(OPS, x2, f, v2, _max_int, x2.shape[0])


def _max_int(base: Any, f: Any, pos: Any) -> Any:
    return base.at[f].max(pos, mode="drop")


OPS = _common.Ops(
    reshape=jnp.reshape,
    where=jnp.where,
    logical_or=jnp.logical_or,
    any=jnp.any,
    clip=jnp.clip,
    arange=lambda n: jnp.arange(n, dtype=_index_dtype()),
    as_index=lambda a: a.astype(_index_dtype()),
    take_rows=lambda x2, f: jnp.take(x2, f, axis=0, mode="clip"),
    scatter_rows=_scatter_rows,
    broadcast_to=jnp.broadcast_to,
    to_numpy=np.asarray,
)


@partial(jax.jit, static_argnums=(2,))
def _gather_kernel(x: Any, idx: Any, plan: _common.GatherPlan) -> Any:
    if plan.batch:
        return _common.gather_nd(OPS, x, idx, plan)
    # Without batch axes JAX's own indexing is the pinned compiled rule already: it wraps
    # negative indices once and mode="clip" clamps the rest.
    bad, cols = _flag_and_columns(idx, plan.dims)
    return x.at[cols].get(mode="clip"), bad


def _flag_and_columns(idx: Any, dims: tuple[int, ...]) -> tuple[Any, tuple[Any, ...]]:
    """One fused pass for the out-of-bounds flag, and the index columns for JAX indexing."""
    d = jnp.asarray(dims, dtype=idx.dtype if idx.dtype.kind == "i" else jnp.int32)
    idx = idx.astype(d.dtype)
    bad = jnp.any((idx < -d) | (idx >= d))
    return bad, tuple(idx[..., k] for k in range(len(dims)))


#: Reductions for which JAX's own ``.at[]`` is the pinned meaning: it wraps negative indices
#: once, mode="drop" drops the rest, and duplicates combine (multiply has no gradient for
#: duplicates and replace keeps an unspecified one: those take the shared row algorithm).
_AT = {"add": "add", "min": "min", "max": "max"}


def _update(x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan) -> Any:
    method = _AT.get(plan.reduction)
    if method is None:
        return _common.update_nd(OPS, x, idx, updates, plan, drop=True)
    bad, cols = _flag_and_columns(idx, plan.dims)
    return getattr(x.at[cols], method)(updates, mode="drop"), bad


@partial(jax.jit, static_argnums=(3,))
def _update_kernel(x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan) -> Any:
    return _update(x, idx, updates, plan)


@partial(jax.jit, static_argnums=(2,))
def _scatter_kernel(idx: Any, updates: Any, plan: _common.ScatterPlan) -> Any:
    # The zero base is made inside the program, where XLA fuses it with the scatter.
    return _update(jnp.zeros(plan.shape, updates.dtype), idx, updates, plan)


def shape(a: Any) -> tuple[int, ...]:
    return tuple(a.shape)


def dtype_name(a: Any) -> str:
    return a.dtype.name


def scalar_like(value: Any, like: Any) -> Any:
    return jnp.asarray(value, dtype=like.dtype)


def full(shape_: Any, value: Any, like: Any) -> Any:
    return jnp.full(tuple(shape_), value, dtype=like.dtype)


reshape = jnp.reshape
where = jnp.where


def iinfo(name: str) -> Any:
    return np.iinfo(name)


def _raises(idx: Any, bad: Any, dims: tuple[int, ...]) -> bool:
    """Eager means: the indices are concrete. Then bad indices raise, also while x or the
    updates are traced (``jax.grad`` without jit); traced indices get the compiled rule."""
    if isinstance(idx, jax.core.Tracer):
        return False
    if isinstance(bad, jax.core.Tracer):
        return _common.host_out_of_bounds(np.asarray(idx), dims)
    return bool(np.asarray(bad))  # ~10x cheaper than bool(bad)


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    out, bad = _gather_kernel(x, idx, plan)
    if _raises(idx, bad, plan.dims):
        _common.raise_out_of_bounds(fn, np.asarray(idx), plan.dims, first_axis=len(plan.batch))
    return out


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, copy: bool
) -> Any:
    out, bad = _update_kernel(x, idx, updates, plan)
    if _raises(idx, bad, plan.dims):
        _common.raise_out_of_bounds(fn, np.asarray(idx), plan.dims, what=what)
    return out


def scatter_nd_new(idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str) -> Any:
    out, bad = _scatter_kernel(idx, updates, plan)
    if _raises(idx, bad, plan.dims):
        _common.raise_out_of_bounds(fn, np.asarray(idx), plan.dims)
    return out
