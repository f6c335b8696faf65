"""MLX: ``mx.value_and_grad`` and ``mx.vjp`` over the flattened differentiated leaves.

MLX's transforms take positional arrays (or trees of them) and give one gradient per
argument; arraykit's arguments are flattened (``_common.Selected``) so that the same array
passed twice gets two gradients and unconnected inputs zero ones, as in JAX. The function's
full output (the auxiliary data of ``has_aux`` included) is kept from the one traced call.
``jacobian`` pulls back one basis cotangent per output element (``mx.vmap`` of ``mx.vjp``).
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx

from ...shims.mlx._helpers import GRAD_TRACING as _GRAD_TRACING
from .._pytree import flatten, unflatten
from ._common import Selected, check_cotangent_structure, check_scalar_output, split_aux

DIFFERENTIATES = True
_INEXACT = (mx.float16, mx.bfloat16, mx.float32, mx.float64, mx.complex64)


def _flat(f, sel, args, kwargs, keep):
    """``f`` as a function of the differentiated leaves only; ``keep[0]`` gets its output."""

    def g(*leaves):
        _GRAD_TRACING[0] += 1  # the shim's rules take their differentiable forms (sin)
        try:
            out = f(*sel.substitute(args, list(leaves)), **kwargs)
        finally:
            _GRAD_TRACING[0] -= 1
        keep[0] = out
        return out

    return g


def value_and_grad(f, argnums, has_aux, args, kwargs):
    """``mx.value_and_grad`` of the scalar value (the first of ``(value, aux)``)."""
    sel = Selected(args, argnums)
    keep: list[Any] = [None]
    g = _flat(f, sel, args, kwargs, keep)

    def scalar(*leaves):
        value, _ = split_aux(g(*leaves), has_aux, "grad")
        check_scalar_output(value, "grad", is_inexact)
        return value

    n = len(sel.leaves)
    if n == 0:
        return f(*args, **kwargs), sel.rebuild([])
    _, grads = mx.value_and_grad(scalar, argnums=list(range(n)))(*sel.leaves)
    if n == 1 and type(grads) is mx.array:
        grads = (grads,)  # MLX gives one argument's gradient bare, not in a tuple
    return keep[0], sel.rebuild(list(grads))


def _out_leaves(out):
    leaves, treedef = flatten(out)
    return leaves, treedef


def jacobian(f, argnums, args, kwargs):
    """Per output leaf, the pull-backs of the basis cotangents, reshaped to ``out.shape +
    in.shape`` per input leaf."""
    sel = Selected(args, argnums)
    keep: list[Any] = [None]
    g = _flat(f, sel, args, kwargs, keep)
    out = f(*args, **kwargs)
    out_leaves, out_def = _out_leaves(out)
    per_output = []
    for k, o in enumerate(out_leaves):

        def one(*leaves, k=k):
            return _out_leaves(g(*leaves))[0][k]

        size = o.size
        basis = mx.eye(size, dtype=o.dtype).reshape((size,) + tuple(o.shape))
        rows = [mx.vjp(one, list(sel.leaves), [basis[i]])[1] for i in range(size)]
        jac = []
        for j, x in enumerate(sel.leaves):
            if size:
                col = mx.stack([r[j] for r in rows])
            else:
                col = mx.zeros((0,) + tuple(x.shape), dtype=x.dtype)
            jac.append(col.reshape(tuple(o.shape) + tuple(x.shape)))
        per_output.append(sel.rebuild(jac))
    return unflatten(out_def, per_output)


def vjp(f, primals):
    """``f(*primals)`` and a function pulling a cotangent (the output's structure) back to
    one cotangent per primal (``mx.vjp`` per call)."""
    argnums = tuple(range(len(primals)))
    sel = Selected(primals, argnums)
    keep: list[Any] = [None]
    g = _flat(f, sel, primals, {}, keep)
    out = f(*primals)
    _, out_def = _out_leaves(out)

    def flat_out(*leaves):
        return _out_leaves(g(*leaves))[0]

    def vjp_fn(cotangent: Any) -> tuple:
        ct_leaves, ct_def = flatten(cotangent)
        check_cotangent_structure(out_def, ct_def)
        _, grads = mx.vjp(flat_out, list(sel.leaves), list(ct_leaves))
        return sel.rebuild_all(list(grads))

    return out, vjp_fn


def stop_gradient(x: Any) -> Any:
    """``mx.stop_gradient``."""
    return mx.stop_gradient(x)


def is_array(x: Any) -> bool:
    return type(x) is mx.array


def is_inexact(x: Any) -> bool:
    return x.dtype in _INEXACT
