"""PyTorch: ``torch.func`` (functorch transforms).

torch's own pytrees differ from arraykit's (``None`` is a leaf torch.func refuses), so the
transforms see a flat function of the differentiated leaves and the results are rebuilt in the
caller's structure with arraykit's pytrees (``Selected``).
"""

from __future__ import annotations

from typing import Any

import torch
from torch import func

from .._pytree import flatten, unflatten
from ._common import Selected

DIFFERENTIATES = True


def _flat(f, args, kwargs, sel):
    """f as a function of the differentiated leaves only."""

    def g(*leaves):
        return f(*sel.substitute(args, list(leaves)), **kwargs)

    return g


def value_and_grad(f, argnums, has_aux, args, kwargs):
    """``torch.func.grad_and_value``, returned as (value or (value, aux), grads)."""
    sel = Selected(args, argnums)
    g = _flat(f, args, kwargs, sel)
    grads, value = func.grad_and_value(g, argnums=tuple(range(len(sel.leaves))), has_aux=has_aux)(
        *sel.leaves
    )
    return value, sel.rebuild(list(grads))


def jacobian(f, argnums, args, kwargs):
    """``torch.func.jacrev`` over the flattened inputs and outputs."""
    sel = Selected(args, argnums)
    g = _flat(f, args, kwargs, sel)
    out_def = []

    def flat_out(*leaves):
        leaves_out, treedef = flatten(g(*leaves))
        out_def.append(treedef)
        return tuple(leaves_out)

    jac = func.jacrev(flat_out, argnums=tuple(range(len(sel.leaves))))(*sel.leaves)
    return unflatten(out_def[-1], [sel.rebuild(list(row)) for row in jac])


def vjp(f, primals):
    """``torch.func.vjp`` over the flattened inputs and outputs."""
    sel = Selected(primals, tuple(range(len(primals))))
    g = _flat(f, primals, {}, sel)
    out_def = []

    def flat_out(*leaves):
        leaves_out, treedef = flatten(g(*leaves))
        out_def.append(treedef)
        return tuple(leaves_out)

    out_flat, pull = func.vjp(flat_out, *sel.leaves)

    def vjp_fn(cotangent: Any) -> tuple:
        return sel.rebuild_all(list(pull(tuple(flatten(cotangent)[0]))))

    return unflatten(out_def[-1], list(out_flat)), vjp_fn


def stop_gradient(x: Any) -> Any:
    """``Tensor.detach`` (also cuts torch.func's functional wrappers)."""
    return x.detach()


def is_array(x: Any) -> bool:
    """Whether ``x`` is a torch tensor (functional wrappers included)."""
    return isinstance(x, torch.Tensor)


def is_inexact(x: Any) -> bool:
    """Floating or complex dtype."""
    return x.dtype.is_floating_point or x.dtype.is_complex
