"""``scan`` on TensorFlow: a Python loop when executing eagerly, ``tf.while_loop`` in a graph.

Eagerly there is no program to keep small, and a Python loop is the fastest way to run T
steps (each op dispatches as it would in the user's own loop); the inputs are split with one
``tf.unstack`` and the ys joined with one ``tf.stack``, so a ``GradientTape`` records one op
each way for them instead of T slices.

In a graph (``tf.function``, including ``jit_compile=True`` and ``arraykit.ext.jit.jit``,
which turns AutoGraph off) the loop is a ``tf.while_loop``, as ``tf.scan`` builds it: the
inputs are read from TensorArrays, the ys written to TensorArrays and stacked after the loop.
TensorArrays need each y's dtype and shape before the loop, so the first step is peeled off:
it runs once before the loop (real work, not a throwaway trace) and the loop runs steps
1..T-1. ``maximum_iterations`` is set to T-1: XLA can only differentiate a while loop whose
trip count is bounded, and gradients must flow through ``scan`` under XLA too.
"""

from __future__ import annotations

import tensorflow as tf

from .._pytree import flatten, unflatten
from ._scan import check_carry, empty_ys, make_loop, mismatched_y, rebuild, split_output

_eager = make_loop(lambda x, n: tf.unstack(x, num=n, axis=0), tf.stack)


def scan(f, init, xs, kind, leaves, treedef, length):
    """The eager loop, or a peeled step plus a ``tf.while_loop`` in a graph."""
    if tf.executing_eagerly():
        return _eager(f, init, xs, kind, leaves, treedef, length)
    return _graph(f, init, kind, leaves, treedef, length)


def _graph(f, init, kind, leaves, treedef, length):
    if length == 0:
        return init, empty_ys(f, init, kind, leaves, treedef)
    leaves = [tf.convert_to_tensor(leaf) for leaf in leaves]
    if length is None:  # leading dim unknown until run time (xs present, see _scan)
        length = tf.shape(leaves[0])[0]
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
        new_carry, y = split_output(f(unflatten(carry_def, carry_leaves), x_at(i)))
        check_carry(carry, new_carry)
        new_leaves, _ = flatten(new_carry)
        y_now, d = flatten(y)
        if d != y_def:
            raise mismatched_y(repr(y_def), repr(d))
        y_now = [tf.convert_to_tensor(v) for v in y_now]
        for v, ta in zip(y_now, ys_arrays):
            if v.dtype != ta.dtype:
                raise mismatched_y(f"dtype {ta.dtype.name}", f"dtype {v.dtype.name}")
        return (
            i + 1,
            [tf.convert_to_tensor(c) for c in new_leaves],
            [ta.write(i, v) for ta, v in zip(ys_arrays, y_now)],
        )

    _, carry_leaves, ys_arrays = tf.while_loop(
        lambda i, *_: i < length,
        body,
        (tf.constant(1), carry_leaves, ys_arrays),
        maximum_iterations=length - 1,
    )
    ys = unflatten(y_def, [ta.stack() for ta in ys_arrays])
    return unflatten(carry_def, carry_leaves), ys
