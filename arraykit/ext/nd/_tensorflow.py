"""TensorFlow backend of ``arraykit.ext.nd`` (raw ``tf`` ops; independent of the TF shim).

TF's CPU kernels reject negative indices, so the fast path (eager, CPU: ``tf.gather_nd``,
``tf.tensor_scatter_nd_add/min/max``) is tried first and, when TF refuses the indices, the
shared row algorithm runs with wrapped indices and an explicit bounds flag; an index that is
really out of bounds then raises the pinned IndexError. On GPU (where TF gathers zeros for bad
indices instead of raising) and in graphs (``tf.function``, XLA) the row algorithm always
runs, with the compiled behaviour: gather clips, scatter drops.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import control_flow_util as _cfu

from . import _common

_NATIVE_SCATTER = {
    "add": tf.tensor_scatter_nd_add,
    "min": tf.tensor_scatter_nd_min,
    "max": tf.tensor_scatter_nd_max,
}


def _where(c: Any, a: Any, b: Any) -> Any:
    # tf.where does not convert Python numbers to the other branch's dtype.
    if not tf.is_tensor(a):
        a = tf.constant(a, dtype=b.dtype)
    if not tf.is_tensor(b):
        b = tf.constant(b, dtype=a.dtype)
    return tf.where(c, a, b)


def _scatter_rows(x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
    if drop:  # f == M marks a dropped row: scatter into one spare row, then cut it off
        x2 = tf.concat([x2, tf.zeros((1, x2.shape[1]), x2.dtype)], axis=0)
    rows = x2.shape[0]
    if reduction in _NATIVE_SCATTER:
        out = _NATIVE_SCATTER[reduction](x2, f[:, None], v2)
    elif reduction == "multiply":
        # No tensor_scatter_nd_mul in TF: multiply by the per-row product of the updates.
        out = x2 * tf.math.unsorted_segment_prod(v2, f, rows)
    else:
        out = _common.replace_rows(OPS, x2, f, v2, _max_int, rows)
    return out[:-1] if drop else out


def _max_int(base: Any, f: Any, pos: Any) -> Any:
    return tf.tensor_scatter_nd_max(base, f[:, None], pos)


OPS = _common.Ops(
    reshape=tf.reshape,
    where=_where,
    logical_or=tf.logical_or,
    any=tf.reduce_any,
    clip=lambda a, lo, hi: tf.clip_by_value(a, tf.cast(lo, a.dtype), tf.cast(hi, a.dtype)),
    arange=lambda n: tf.range(n, dtype=tf.int64),
    as_index=lambda a: tf.cast(a, tf.int64),
    take_rows=tf.gather,
    scatter_rows=_scatter_rows,
    broadcast_to=tf.broadcast_to,
    to_numpy=lambda a: a.numpy(),
    as_index32=lambda a: a if a.dtype.name == "int32" else tf.cast(a, tf.int32),
)


def shape(a: Any) -> tuple[int, ...]:
    try:
        dims = tuple(a.shape)  # raises for unknown rank
    except ValueError:
        dims = None
    if dims is None or None in dims:
        raise ValueError(
            f"arraykit.ext.nd needs static shapes; got a TensorFlow tensor of shape {a.shape}"
        )
    return tuple(dims)


def dtype_name(a: Any) -> str:
    return a.dtype.name


def scalar_like(value: Any, like: Any) -> Any:
    return tf.constant(value, dtype=like.dtype)


def full(shape_: Any, value: Any, like: Any) -> Any:
    return tf.fill(tuple(shape_), tf.constant(value, dtype=like.dtype))


reshape = tf.reshape
where = _where


iinfo = np.iinfo


def _eager_cpu(*arrays: Any) -> bool:
    # Graph tensors have no .numpy(); variables count as eager.
    return all(hasattr(a, "numpy") and "CPU" in a.device for a in arrays)


def _eager(*arrays: Any) -> bool:
    return all(hasattr(a, "numpy") for a in arrays)


def _native_index(idx: Any) -> Any:
    # By name: comparing DType objects costs ~3 us, a name lookup ~0.3 us.
    return idx if idx.dtype.name in ("int32", "int64") else tf.cast(idx, tf.int64)


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    if _eager_cpu(x, idx):
        try:
            return tf.gather_nd(x, _native_index(idx), batch_dims=len(plan.batch))
        except tf.errors.InvalidArgumentError:
            pass  # negative (to wrap) or out-of-bounds indices: the row algorithm decides
    # Eager indices (also a constant captured by a tf.function) are checked on the host;
    # graph indices get the compiled rule (clip).
    if _eager(idx) and _common.host_out_of_bounds(idx.numpy(), plan.dims):
        _common.raise_out_of_bounds(fn, idx.numpy(), plan.dims, first_axis=len(plan.batch))
    if not plan.batch and all(plan.dims):
        return _clipped_gather(x, idx, plan)
    out, _ = _common.gather_nd(OPS, x, idx, plan)
    return out


def _clipped_gather(x: Any, idx: Any, plan: _common.GatherPlan) -> Any:
    """The compiled rule (clip) as a TF user writes the gather: each index column wrapped
    and clipped into its axis by itself (``clipped_flat_rows`` of one column), then TF's own
    ``gather_nd`` of the columns, every index valid. The rows-of-a-flat-view form the other
    backends run costs XLA ~15% more: a (256, 256, 3) float32 gather of 65536 pixels under
    ``jit_compile``, one thread, CPU time, 556 -> 481 us (``tf.gather_nd`` of valid indices
    484). Same values, and the same gradient (the clipped element's), as the flat form."""
    wide = tf.int32 if plan.small_index else tf.int64
    cols = [_common.clipped_flat_rows(OPS, (tf.cast(idx[..., k], wide),), (d,),
                                      plan.index_dtype, False)[0]
            for k, d in enumerate(plan.dims)]
    return tf.gather_nd(x, tf.stack(cols, axis=-1))


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, copy: bool
) -> Any:
    native = _NATIVE_SCATTER.get(plan.reduction)
    if native is not None and _eager_cpu(x, idx, updates):
        try:
            if tuple(updates.shape) != plan.updates_shape:
                updates = tf.broadcast_to(updates, plan.updates_shape)
            return native(x, _native_index(idx), updates)
        except tf.errors.InvalidArgumentError:
            pass  # negative (to wrap) or out-of-bounds indices: the row algorithm decides
    if _eager(idx):
        if _common.host_out_of_bounds(idx.numpy(), plan.dims):
            _common.raise_out_of_bounds(fn, idx.numpy(), plan.dims, what=what)
    elif plan.reduction == "add" and x.dtype.is_floating and all(plan.dims):
        return _graph_add(x, idx, updates, plan)
    out, _ = _common.update_nd(OPS, x, idx, updates, plan, drop=True)
    return out


def _graph_add(x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan) -> Any:
    """A floating "add" in a graph: what a TF user writes (flat rows, one
    ``tensor_scatter_nd_add`` into ``x`` itself) plus the compiled drop rule
    (``_common.traced_add``). Under XLA, whose scatter skips an out-of-range row, a dropped
    update goes to row M (``_skipping_add``); TF's CPU kernel would raise there."""
    wide = tf.int32 if plan.small_index else tf.int64
    cols = tuple(tf.cast(idx[..., k], wide) for k in range(len(plan.dims)))
    if _cfu.GraphOrParentsInXlaContext(tf.compat.v1.get_default_graph()):
        return _common.traced_add(OPS, x, cols, updates, plan, -0.0, _skipping_add, skips=True)
    return _common.traced_add(OPS, x, cols, updates, plan, -0.0)


def _skipping_add(rows: Any, f: Any, v: Any) -> Any:
    """``tensor_scatter_nd_add`` of ``v`` into ``rows`` at row numbers ``f``, of which
    ``len(rows)`` (out of range) marks an update XLA skips. Its gradient is zero: TF's own
    would gather row ``len(rows)``, which XLA clamps to the last row."""

    @tf.custom_gradient
    def add(rows: Any, v: Any) -> Any:
        def grad(g: Any) -> tuple[Any, Any]:
            padded = tf.concat([g, tf.zeros((1,) + tuple(g.shape[1:]), g.dtype)], 0)
            return g, tf.gather(padded, f)

        return tf.tensor_scatter_nd_add(rows, f[:, None], v), grad

    return add(rows, v)


def scatter_nd_new(idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str) -> Any:
    """scatter_nd "add" is ``tf.scatter_nd`` itself (it sums duplicates) on eager CPU."""
    if plan.reduction == "add" and _eager_cpu(idx, updates):
        try:
            if tuple(updates.shape) != plan.updates_shape:
                updates = tf.broadcast_to(updates, plan.updates_shape)
            return tf.scatter_nd(_native_index(idx), updates, plan.shape)
        except tf.errors.InvalidArgumentError:
            pass  # negative (to wrap) or out-of-bounds indices: update_nd decides
    return update_nd(full(plan.shape, 0, updates), idx, updates, plan, fn, "indices", False)


# One-op writes for arraykit._read_only (array-api-extra's at() on TF tensors): positions
# known unique, checked on the host there. TF 2.21 CPU, float32: ~25 us per call at 100
# elements, where the general path's ten ops cost ~4 ms.

#: What one element written by tensor_scatter_nd_update costs, in elements of a tf.where over
#: the whole array (TF 2.21 CPU, one thread, 1e6 float32: ~60 ns against ~1.2 ns).
SCATTER_COST = 50


def replace_unique(x: Any, positions: Any, values: Any) -> Any:
    """``x`` with the sub-arrays at the unique, in-bounds host ``positions`` (an ``(m, k)``
    integer array) replaced by ``values`` (``(m,) + x.shape[k:]``, ``x``'s dtype)."""
    # int32 indices: TF's CPU scatter takes ~40% less time with them than with int64.
    narrow = x.shape.num_elements() < 2**31
    return tf.tensor_scatter_nd_update(
        x, tf.constant(positions, tf.int32 if narrow else tf.int64), values)


#: replace_dense costs less than replace_unique where ``written * DENSE_GAIN > size +
#: DENSE_FIXED`` (elements written, elements of x). TF 2.21 CPU, one thread, float32, per
#: element written: scatter ~19 ns, SparseToDense ~3 ns; per element of x: the where and the
#: zeros SparseToDense fills ~1.3 ns, the scatter's copy ~0.4 ns; ~65 us more ops. Crossover
#: measured at ~50% of 1e4 elements, ~14% of 1e5, ~7% of 1e6.
DENSE_GAIN = 17
DENSE_FIXED = 70_000


def replace_dense(x: Any, rows: Any, values: Any, written: Any) -> Any:
    """``x`` with its rows (the sub-arrays ``x.shape[written.ndim:]`` at the flat positions
    over the leading ``written.ndim`` axes) ``rows`` (an ``(m,)`` host integer array) replaced
    by ``values`` (``(m,) + x.shape[written.ndim:]``, ``x``'s dtype), ``written`` (a host
    boolean array of those axes' shape) saying which rows are written. A row not marked in
    ``written`` may appear in ``rows``: its values are discarded, so repeated positions are
    resolved by the caller. Two ops over all of ``x``: ``SparseToDense`` puts the values in
    place over zeros, and a select with ``written`` keeps ``x`` elsewhere; gradients reach
    ``x`` and ``values`` (a discarded value gets zero)."""
    shape = tuple(x.shape)
    k = written.ndim
    inner = 1
    for d in shape[k:]:
        inner *= d
    size = written.size * inner
    index = tf.int32 if size < 2**31 else tf.int64
    elements = rows.astype(index.as_numpy_dtype)
    if inner > 1:
        elements = elements[:, None] * inner + np.arange(inner, dtype=elements.dtype)
    # (m, 1) indices, not (m,): SparseToDense's gradient gathers with gather_nd.
    dense = tf.raw_ops.SparseToDense(
        sparse_indices=tf.constant(elements.reshape(-1, 1)),
        output_shape=tf.constant([size], index), sparse_values=tf.reshape(values, [-1]),
        default_value=tf.constant(False if x.dtype.name == "bool" else 0, x.dtype),
        validate_indices=False)
    if len(shape) != 1:
        dense = tf.reshape(dense, shape)
    if k == 1 or k == len(shape):
        # Select (not SelectV2): a vector condition picks rows; ~20% less time at 1e6.
        return tf.raw_ops.Select(condition=tf.constant(written), x=dense, y=x)
    return tf.where(tf.constant(written.reshape(written.shape + (1,) * (len(shape) - k))),
                    dense, x)


def replace_strided(x: Any, axes: Any, value: Any) -> Any:
    """``x`` with ``x[key] = value`` for a key of ints and slices, one per axis: ``axes``
    holds per axis an in-bounds int or the ``(start, stop, step)`` of ``slice.indices``;
    ``value`` broadcasts to the selection. None beyond 8 axes (TF's strided slices)."""
    if len(axes) > 8:
        return None
    begin, end, strides = [], [], []
    shrink = end_mask = 0
    for axis, a in enumerate(axes):
        if type(a) is int:
            begin.append(a)
            end.append(a + 1)
            strides.append(1)
            shrink |= 1 << axis
        else:
            start, stop, step = a
            begin.append(start)
            # slice.indices gives stop -1 for "through index 0" with a negative step, which
            # a strided slice would read as the last element: the end mask says "to the end".
            end.append(0 if stop < 0 else stop)
            strides.append(step)
            if stop < 0:
                end_mask |= 1 << axis
    if isinstance(x, tf.Variable):
        x = x.value()
    return tf.raw_ops.TensorStridedSliceUpdate(
        input=x, begin=tf.constant(begin, tf.int64), end=tf.constant(end, tf.int64),
        strides=tf.constant(strides, tf.int64), value=value, end_mask=end_mask,
        shrink_axis_mask=shrink)
