"""``scan`` on TensorFlow: a Python loop when executing eagerly, ``tf.while_loop`` in a graph.

Eagerly there is no program to keep small, and a Python loop is the fastest way to run T
steps (each op dispatches as it would in the user's own loop); the inputs are split with one
``tf.unstack`` and the ys joined with one ``tf.stack``, so a ``GradientTape`` records one op
each way for them instead of T slices.

In a graph compiled by XLA (``jit_compile=True``, ``arraykit.ext.jit.jit``, which turns
AutoGraph off) the loop is the one AutoGraph builds for ``for t in tf.range(T)`` (what a TF
user writes): a ``tf.while_loop`` over the step counter and the carry, each step reading
``x[t]`` and writing y to a TensorArray, stacked after the loop; ``maximum_iterations`` is T
(XLA can only differentiate a while loop whose trip count is bounded). TensorArrays need each
y's dtype and shape before the loop: ``f`` is traced once in a scratch graph that nothing runs
(a ``tf.function``'s concrete function, never called); it adds no step to the program, which
is the native loop's (the study's TF control cell; peeling the first step, below, left XLA
five more fusions).

In any other graph (a ``tf.function`` without XLA, the graph ``tf.vectorized_map`` builds and
traces on every eager call) the first step runs before the loop and fixes y's dtypes and
shapes, and x is read from a TensorArray as ``tf.scan`` reads it: no scratch trace of f, which
cost the study's eager TF rollouts cell 334 -> 570 ms a call (vectorized_map retraces its
function each call), and pfor's converted loop ran ~7% faster with TensorArray reads than with
slices. A carry with a Python number in ``init`` peels the first step too: the number takes the
dtype and shape f gives it.
"""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import control_flow_util as _cfu

from .._pytree import flatten, unflatten
from ._scan import check_carry, empty_ys, make_loop, mismatched_y, rebuild, split_output

_eager = make_loop(lambda x, n: tf.unstack(x, num=n, axis=0), tf.stack)


def scan(f, init, xs, kind, leaves, treedef, length):
    """The eager loop, or a ``tf.while_loop`` in a graph (the first step peeled off outside
    XLA)."""
    if tf.executing_eagerly():
        return _eager(f, init, xs, kind, leaves, treedef, length)
    return _graph(f, init, kind, leaves, treedef, length)


def _graph(f, init, kind, leaves, treedef, length):
    if length == 0:
        return init, empty_ys(f, init, kind, leaves, treedef)
    leaves = [tf.convert_to_tensor(leaf) for leaf in leaves]
    if length is None:  # leading dim unknown until run time (xs present, see _scan)
        length = tf.shape(leaves[0])[0]
    init_leaves, init_def = flatten(init)
    if (not _cfu.GraphOrParentsInXlaContext(tf.compat.v1.get_default_graph())  # (TF's test)
            or not all(isinstance(c, tf.Tensor) for c in init_leaves)):
        return _peeled(f, init, kind, leaves, treedef, length)

    # f's carry and y (structure, dtypes, shapes) from a scratch trace nothing runs.
    found = []

    def probe(carry_leaves, x_leaves):
        carry, y = split_output(f(unflatten(init_def, list(carry_leaves)),
                                  rebuild(kind, list(x_leaves), treedef) if leaves else None))
        check_carry(init, carry)
        y_leaves, y_def = flatten(y)
        found.append((y_def, [tf.convert_to_tensor(v) for v in y_leaves]))

    tf.function(probe, autograph=False).get_concrete_function(
        [tf.TensorSpec(c.shape, c.dtype) for c in init_leaves],
        [tf.TensorSpec(leaf.shape[1:], leaf.dtype) for leaf in leaves])
    y_def, y_specs = found[0]
    # T as the native loop has it: read from x at run time (``tf.shape(x)[0]``), sizing the
    # TensorArrays and bounding the counter, with ``maximum_iterations`` a tensor. Python ints
    # there gave XLA the same operations in another entry schedule and buffer assignment: the
    # study's TF control cell compiled read +7.5/+8.6% (3 processes each, after TF's other
    # compiled cells), with this form +0.6/+0.6%. The ys keep their static leading dimension
    # (``_stacked``): ext.nd and the caller's shapes need it.
    steps = tf.shape(leaves[0])[0] if leaves else tf.constant(length)
    bound = tf.constant(length) if isinstance(length, int) else length
    one = tf.constant(1)
    ys_arrays = [tf.TensorArray(v.dtype, size=steps, element_shape=v.shape) for v in y_specs]

    def read(i):
        return [leaf[i] for leaf in leaves]

    def body(i, ys_arrays, carry_leaves):
        x = rebuild(kind, read(i), treedef) if leaves else None
        ys_arrays, carry_leaves = _step(
            f, unflatten(init_def, carry_leaves), x, init, y_def, ys_arrays, i
        )
        return i + one, ys_arrays, carry_leaves

    # The loop's variables in AutoGraph's order for a tf.range loop writing a TensorArray
    # (the counter, the TensorArray, the carry), so XLA's program is the native one.
    _, ys_arrays, carry_leaves = tf.while_loop(
        lambda i, *_: i < steps,
        body,
        (tf.constant(0), ys_arrays, init_leaves),
        maximum_iterations=bound,
    )
    ys = unflatten(y_def, [_stacked(ta, length) for ta in ys_arrays])
    return unflatten(init_def, carry_leaves), ys


def _stacked(ta, length):
    """``ta.stack()`` with its static leading dimension (a TensorArray of a run-time size
    stacks to an unknown one)."""
    ys = ta.stack()
    if isinstance(length, int):
        ys.set_shape((length,) + tuple(ys.shape[1:]))
    return ys


def _step(f, carry, x, init, y_def, ys_arrays, i):
    """One step in the loop: ``ys_arrays`` with f's y written at ``i`` and the new carry's
    leaves as tensors; the carry checked against ``init`` and y against ``y_def`` and the
    arrays' dtypes (a step may not change what the first step fixed)."""
    new_carry, y = split_output(f(carry, x))
    check_carry(init, new_carry)
    new_leaves, _ = flatten(new_carry)
    y_now, d = flatten(y)
    if d != y_def:
        raise mismatched_y(repr(y_def), repr(d))
    y_now = [tf.convert_to_tensor(v) for v in y_now]
    for v, ta in zip(y_now, ys_arrays):
        if v.dtype != ta.dtype:
            raise mismatched_y(f"dtype {ta.dtype.name}", f"dtype {v.dtype.name}")
    written = [ta.write(i, v) for ta, v in zip(ys_arrays, y_now)]
    return written, [tf.convert_to_tensor(c) for c in new_leaves]


def _peeled(f, init, kind, leaves, treedef, length):
    """The first step before the loop (a Python number in ``init``), steps 1..T-1 in it."""
    xs_arrays = [
        tf.TensorArray(
            leaf.dtype, size=length, element_shape=leaf.shape[1:], clear_after_read=False
        ).unstack(leaf)
        for leaf in leaves
    ]

    def x_at(i):
        return rebuild(kind, [ta.read(i) for ta in xs_arrays], treedef) if xs_arrays else None

    # Step 0, outside the loop: it fixes the carry's and y's dtypes and shapes.
    carry, y = split_output(f(init, x_at(0)))
    check_carry(init, carry)
    carry_leaves, carry_def = flatten(carry)
    carry_leaves = [tf.convert_to_tensor(c) for c in carry_leaves]
    y_leaves, y_def = flatten(y)
    y_leaves = [tf.convert_to_tensor(v) for v in y_leaves]
    ys_arrays = [
        tf.TensorArray(v.dtype, size=length, element_shape=v.shape).write(0, v) for v in y_leaves
    ]
    carry = unflatten(carry_def, carry_leaves)  # Python numbers now tensors, for the check

    def body(i, carry_leaves, ys_arrays):
        ys_arrays, carry_leaves = _step(
            f, unflatten(carry_def, carry_leaves), x_at(i), carry, y_def, ys_arrays, i
        )
        return i + 1, carry_leaves, ys_arrays

    _, carry_leaves, ys_arrays = tf.while_loop(
        lambda i, *_: i < length,
        body,
        (tf.constant(1), carry_leaves, ys_arrays),
        maximum_iterations=length - 1,
    )
    ys = unflatten(y_def, [ta.stack() for ta in ys_arrays])
    return unflatten(carry_def, carry_leaves), ys
