"""TensorFlow: ``tf.GradientTape``. Works eagerly and inside ``tf.function`` (graph tensors).

Each differentiated leaf is re-created with ``tf.identity`` before ``f`` runs, so that the same
tensor passed in two places gets two separate gradients (the tape identifies tensors by
object), as in JAX and torch.func. Unconnected inputs get zero gradients, as in JAX.
"""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from .._pytree import flatten, unflatten
from ._common import Selected, check_cotangent_structure, check_scalar_output, split_aux

DIFFERENTIATES = True
_ZERO = tf.UnconnectedGradients.ZERO


def _record(f, argnums, args, kwargs, persistent=False):
    sel = Selected(args, argnums)
    leaves = [tf.identity(x) for x in sel.leaves]
    tape = tf.GradientTape(persistent=persistent, watch_accessed_variables=False)
    with tape:
        for x in leaves:
            tape.watch(x)
        out = f(*sel.substitute(args, leaves), **kwargs)
    return tape, sel, leaves, out


def value_and_grad(f, argnums, has_aux, args, kwargs):
    """Run ``f`` under a tape, then ``tape.gradient`` of its scalar value."""
    tape, sel, leaves, out = _record(f, argnums, args, kwargs)
    value, _ = split_aux(out, has_aux, "grad")
    check_scalar_output(value, "grad", is_inexact)
    grads = tape.gradient(value, leaves, unconnected_gradients=_ZERO)
    return out, sel.rebuild(grads)


def jacobian(f, argnums, args, kwargs):
    """``tape.jacobian`` per output leaf (vectorised with pfor, a while loop if pfor fails)."""
    tape, sel, leaves, out = _record(f, argnums, args, kwargs, persistent=True)
    out_leaves, out_def = flatten(out)
    per_output = []
    for o in out_leaves:
        try:
            jac = tape.jacobian(o, leaves, unconnected_gradients=_ZERO)
        except (ValueError, NotImplementedError, tf.errors.InvalidArgumentError):
            # pfor has no rule for some ops (e.g. MatrixDeterminant's gradient); the loop has.
            jac = tape.jacobian(
                o, leaves, unconnected_gradients=_ZERO, experimental_use_pfor=False
            )
        per_output.append(sel.rebuild(jac))
    del tape
    return unflatten(out_def, per_output)


def vjp(f, primals):
    """Record ``f(*primals)`` on a persistent tape; the returned function pulls cotangents
    back through it (any number of times)."""
    argnums = tuple(range(len(primals)))
    tape, sel, leaves, out = _record(f, argnums, primals, {}, persistent=True)
    out_leaves, out_def = flatten(out)

    def vjp_fn(cotangent: Any) -> tuple:
        ct_leaves, ct_def = flatten(cotangent)
        check_cotangent_structure(out_def, ct_def)
        grads = tape.gradient(
            out_leaves, leaves, output_gradients=ct_leaves, unconnected_gradients=_ZERO
        )
        return sel.rebuild_all(grads)

    return out, vjp_fn


def stop_gradient(x: Any) -> Any:
    """``tf.stop_gradient``."""
    return tf.stop_gradient(x)


def is_array(x: Any) -> bool:
    """Whether ``x`` is a TF tensor (eager or graph) or variable."""
    return isinstance(x, (tf.Tensor, tf.Variable))


def is_inexact(x: Any) -> bool:
    """Floating or complex dtype."""
    return x.dtype.is_floating or x.dtype.is_complex
