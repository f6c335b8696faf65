"""TensorFlow: ``tf.function(jit_compile=True)`` (XLA).

A new shape or dtype of a tensor argument, or a new value of a Python argument, traces again
(tf.function's rule; ``experimental_get_tracing_count`` counts). Some TF ops have no XLA kernel
on CPU (e.g. ``MatrixDeterminant``): then the first call for that signature fails to compile and
arraykit falls back, with a warning, to ``tf.function`` without XLA (a TF graph), and
``compilation(fn)`` reports "tf-graph".

AutoGraph is off: Python control flow is not rewritten into graph control flow, so array code
behaves as under ``jax.jit`` (no Python branching on array values; use ``xp.where``).
"""

from __future__ import annotations

import tensorflow as tf

from ._common import warn_eager

COMPILES = True


def _is_xla_failure(e: Exception) -> bool:
    text = str(e)
    return "XLA" in text and ("unsupported operations" in text or "compile" in text)


def compile(fn, record, example):  # noqa: A001
    """``tf.function(fn, jit_compile=True)`` with a graph-mode fallback for XLA gaps."""

    def traced(*args, **kwargs):
        record.traces += 1
        return fn(*args, **kwargs)

    state = {"fn": tf.function(traced, jit_compile=True, autograph=False), "kind": "xla"}

    def run(*args, **kwargs):
        try:
            out = state["fn"](*args, **kwargs)
        except (tf.errors.InvalidArgumentError, tf.errors.UnimplementedError) as e:
            if state["kind"] != "xla" or not _is_xla_failure(e):
                raise
            warn_eager(
                fn,
                f"XLA cannot compile this function on this device ({str(e).splitlines()[0][:200]})",
                "running it as a TensorFlow graph without XLA instead",
            )
            state["fn"] = tf.function(traced, jit_compile=False, autograph=False)
            state["kind"] = "tf-graph"
            run.compiled = state["fn"]
            out = state["fn"](*args, **kwargs)
        record.last = state["kind"]
        return out

    run.compiled = state["fn"]  # the framework's compiled object (benchmarks, introspection)
    return run


def vmap(g, leaves, axes, size):
    """``tf.vectorized_map`` of the flat function over its mapped axes moved to the front,
    outputs batched along axis 0 (see ``ext/_vmap``). For an op ``pfor`` has no rule for, TF
    itself runs that op in a ``tf.while_loop`` (``fallback_to_while_loop``, its default, with
    its own warning): the values are the same."""
    front = [x if a == 0 else tf.experimental.numpy.moveaxis(x, a, 0) for x, a in zip(leaves, axes)]
    # tf.identity: an output that does not depend on the batch (a captured eager tensor) must
    # still be a tensor of pfor's graph.
    return tf.vectorized_map(lambda elems: tuple(map(tf.identity, g(*elems))), tuple(front))
