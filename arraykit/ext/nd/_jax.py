"""JAX backend of ``arraykit.ext.nd``.

Every op is one jitted kernel with the compiled behaviour built in (gather clips via
``mode="clip"``, scatter drops via ``mode="drop"``; JAX wraps negative indices once itself).
Eager calls (concrete indices) check the indices first and raise; traced indices (jit, vmap)
get the kernel's behaviour, so the compiled behaviour is the eager one minus the error.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ...shims.jax._errors import ARRAY_TYPE, extremes
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


OPS = _common.namespace_ops(
    jnp,
    arange=lambda n: jnp.arange(n, dtype=_index_dtype()),
    as_index=lambda a: a.astype(_index_dtype()),
    take_rows=lambda x2, f: jnp.take(x2, f, axis=0, mode="clip"),
    scatter_rows=_scatter_rows,
)

# Every kernel takes ``traced``: whether the indices were traced, i.e. not checked on the host
# (``_checked``), so that they may hold out-of-bounds values.


@partial(jax.jit, static_argnums=(2, 3))
def _gather_kernel(x: Any, idx: Any, plan: _common.GatherPlan, traced: bool) -> Any:
    if plan.batch:
        if type(idx) is tuple:
            idx = jnp.stack(idx, axis=-1)
        return _common.gather_nd(OPS, x, idx, plan)[0]
    # Without batch axes JAX's own indexing is the pinned compiled rule already: it wraps
    # negative indices once and mode="clip" clamps the rest.
    return x.at[_columns(idx, plan, traced)].get(mode="clip")


def _columns(idx: Any, plan: Any, traced: bool) -> tuple[Any, ...]:
    first = idx[0] if type(idx) is tuple else idx
    if first.dtype.itemsize < 4 or first.dtype.kind != "i":
        # JAX wraps a negative index by adding the axis size in the index's own dtype, which
        # overflows for narrow ones (int8 -1 + 1000); unsigned ones are widened alike.
        wide = _index_dtype()
        idx = tuple(c.astype(wide) for c in idx) if type(idx) is tuple else first.astype(wide)
    # jnp indexing narrows int64 indices to int32 when the shape fits: out-of-bounds ones
    # must be clamped first (checked ones are in range: nothing to do, no op added).
    return _common.index_columns(OPS, idx, plan, narrow=traced)


#: Reductions for which JAX's own ``.at[]`` is the pinned meaning: it wraps negative indices
#: once, mode="drop" drops the rest, and duplicates combine (multiply has no gradient for
#: duplicates and replace keeps an unspecified one: those take the shared row algorithm).
_AT = {"add": "add", "min": "min", "max": "max"}


def _update(x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, traced: bool) -> Any:
    method = _AT.get(plan.reduction)
    if method is None:
        return _common.update_nd(OPS, x, idx, updates, plan, drop=True)[0]
    return getattr(x.at[_columns(idx, plan, traced)], method)(updates, mode="drop")


@partial(jax.jit, static_argnums=(3, 4))
def _update_kernel(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, traced: bool
) -> Any:
    return _update(x, idx, updates, plan, traced)


@partial(jax.jit, static_argnums=(2, 3))
def _scatter_kernel(idx: Any, updates: Any, plan: _common.ScatterPlan, traced: bool) -> Any:
    # The zero base is made inside the program, where XLA fuses it with the scatter.
    return _update(jnp.zeros(plan.shape, updates.dtype), idx, updates, plan, traced)


shape = _common.array_shape


dtype_name = _common.cached_dtype_name()


scalar_like, full = _common.like_constructors(jnp.asarray, jnp.full)
reshape = jnp.reshape
where = jnp.where
iinfo = np.iinfo


def _column_in_range(c: Any, d: int) -> bool:
    """Whether every entry of index column ``c`` lies in ``[0, d)`` (False: no verdict, the
    full check decides). One host reduction per column, cached: the tuple form's columns are
    often reused (bilinear sampling passes each of 4 columns to 2 gathers)."""
    if c.dtype.kind not in "iu":
        return False
    if 0 in c.shape:
        return True
    lo, hi = extremes(c)
    return lo >= 0 and hi < d


def _checked(run: Any, fn: str, idx: Any, dims: tuple[int, ...], first_axis: int = 0,
             what: str = "indices") -> Any:
    """``run(traced)``, the call's kernel. Traced indices (jit, vmap; x or updates may be
    traced while the indices are concrete, as under ``jax.grad`` without jit) get the
    compiled rule. Concrete ones are checked on the host, after the kernel is dispatched
    (the read overlaps it, where it would drain JAX's queue in front of it: see
    ``scatter_known``): bad indices raise and the kernel's result is dropped. The read is
    zero-copy on CPU, where two NumPy reductions (~13 us for 2e5 indices) beat an extra
    output of the XLA program plus its transfer."""
    columns = idx if type(idx) is tuple else (idx,)  # the tuple form: no stack on the host
    if any(isinstance(c, jax.core.Tracer) for c in columns):
        return run(True)
    out = run(False)
    if type(idx) is tuple and all(_column_in_range(c, d) for c, d in zip(idx, dims)):
        return out
    host: Any = tuple(np.asarray(c) for c in idx) if type(idx) is tuple else np.asarray(idx)
    if _common.host_out_of_bounds(host, dims):
        _common.raise_out_of_bounds(fn, host, dims, first_axis=first_axis, what=what)
    return out


#: ``gather_nd`` takes the tuple form (K index arrays) as it is: ``x.at[i0, i1]`` in the
#: kernel, as a hand-written JAX gather (a stack costs one more dispatch eagerly).
COLUMNS = True

#: Eager tuple-form gathers the general path served, by ``(x's shape, the first column's
#: shape and dtype, K)``: their plan, which the front validated (``gather_columns``).
_COLUMN_PLANS: dict[tuple, _common.GatherPlan] = {}
#: ``scatter_nd`` calls of stacked eager indices and updates by ``(shape, indices' shape and
#: dtype, updates' shape and dtype, reduction)`` as passed: their plan, made by
#: ``scatter_plan`` as the front makes it (``scatter_known``).
_SCATTER_PLANS: dict[tuple, _common.ScatterPlan] = {}


def _remember(plans: dict[tuple, Any], key: tuple, plan: Any) -> None:
    if len(plans) >= 256:
        plans.clear()
    plans[key] = plan


def gather_columns(x: Any, idx: tuple, batch_dims: Any) -> Any:
    """``gather_nd(x, idx)`` of eager columns where ``_COLUMN_PLANS`` knows the call, in one
    function: the general path's in-range branch (each column's cached host bounds, the
    unchecked kernel) without its per-call bookkeeping (~5 us a call: the layout and plan
    keys, the library lookups). None: the general path, for anything else (tracers, other
    shapes or dtypes) and for every index it must wrap or reject."""
    if type(batch_dims) is not int or batch_dims or not idx:
        return None
    c0 = idx[0]
    if type(x) is not ARRAY_TYPE or type(c0) is not ARRAY_TYPE:
        return None
    aval = c0.aval
    plan = _COLUMN_PLANS.get((x.aval.shape, aval.shape, aval.dtype, len(idx)))
    if plan is None:
        return None
    for c in idx:
        if type(c) is not ARRAY_TYPE or c.aval.dtype != aval.dtype or c.aval.shape != aval.shape:
            return None
    # Dispatched before the host reads of the columns, as in scatter_known (an out-of-range
    # column's result is dropped: the general path wraps or raises).
    out = _gather_kernel(x, idx, plan, False)
    for c, d in zip(idx, plan.dims):
        if not _column_in_range(c, d):
            return None
    return out


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    out = _checked(lambda traced: _gather_kernel(x, idx, plan, traced), fn, idx, plan.dims,
                   len(plan.batch))
    if (type(idx) is tuple and not plan.batch and type(x) is ARRAY_TYPE
            and all(type(c) is ARRAY_TYPE for c in idx)):  # concrete columns, checked
        _remember(_COLUMN_PLANS, (x.aval.shape, idx[0].aval.shape, idx[0].aval.dtype,
                                  len(idx)), plan)
    return out


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, copy: bool
) -> Any:
    return _checked(lambda traced: _update_kernel(x, idx, updates, plan, traced), fn, idx,
                    plan.dims, what=what)


def scatter_known(idx: Any, updates: Any, shape: Any, reduction: Any) -> Any:
    """``scatter_nd(idx, updates, shape, reduction=reduction)`` of stacked eager indices whose
    entries are all in ``[0, d)``, in one function: the front's plan (made once per key by
    ``scatter_plan``, which raises for invalid arguments before anything is stored),
    ``host_in_range`` of the indices (one ``max`` read as unsigned) and the unchecked kernel
    (~4 us of Python less a call than the general path). None for anything else: the
    general path wraps negative indices, raises for bad ones and says what it makes of other
    arguments."""
    if (type(idx) is not ARRAY_TYPE or type(updates) is not ARRAY_TYPE
            or type(shape) is not tuple or type(reduction) is not str):
        return None
    ia, ua = idx.aval, updates.aval
    key = (shape, ia.shape, ia.dtype, ua.shape, ua.dtype, reduction)
    try:
        plan = _SCATTER_PLANS.get(key)
    except TypeError:  # an unhashable size in shape: the general path says what it makes of it
        return None
    if plan is None:
        try:
            plan = _common.cached(
                _common.scatter_plan, "scatter_nd", shape, _common.array_shape(idx),
                dtype_name(idx), _common.array_shape(updates), dtype_name(updates), None,
                reduction)
        except (TypeError, ValueError):  # the general path raises it
            return None
        _remember(_SCATTER_PLANS, key, plan)
    # The kernel is dispatched before the host read of the indices waits for them: the read
    # then overlaps the scatter where it used to drain JAX's queue in front of it (vision
    # workload in place, 2026-12-07: +0.76% -> -0.22% over native). Out-of-range indices
    # cannot harm the kernel (mode="drop"); its result is dropped and the general path
    # wraps or raises.
    out = _scatter_kernel(idx, updates, plan, False)
    if not _common.host_in_range(np.asarray(idx), plan.dims):
        return None
    return out


def scatter_nd_new(idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str) -> Any:
    return _checked(lambda traced: _scatter_kernel(idx, updates, plan, traced), fn, idx,
                    plan.dims)
