"""PyTorch: ``torch.autograd.grad`` for eager ``value_and_grad``, ``torch.func`` otherwise.

``value_and_grad`` (and ``grad``) in ordinary eager code record the function with autograd and
call ``torch.autograd.grad``, exactly what a PyTorch user writes: torch.func's functional
wrappers cost every op a trip through the functorch interpreter (+90% on the 100-step
pendulum rollout of the overhead study, 1024 pendulums). Inside a torch.func transform, under
torch.compile, and for ``jacobian``/``vjp``, the functorch transforms are used.

Higher order: the gradient is itself differentiable (``create_graph=True``) when this call
runs inside another ``arraykit.ext.grad`` transform, or when grad mode is on and a
differentiated input already requires grad (torch's own autograd can then differentiate the
result). Otherwise the gradient is a plain tensor, as from ``torch.autograd.grad``; tensors
that ``f`` closes over are constants then (the JAX convention): pass them as arguments to
differentiate through them.

torch's own pytrees differ from arraykit's (``None`` is a leaf torch.func refuses), so the
transforms see a flat function of the differentiated leaves and the results are rebuilt in the
caller's structure with arraykit's pytrees (``Selected``).
"""

from __future__ import annotations

import threading
from typing import Any

import torch
from torch import func

from .._pytree import flatten, tree_map, unflatten
from ._common import Selected, check_scalar_output, split_aux

DIFFERENTIATES = True

#: Whether a torch.func transform is running (its dispatch key is on), without creating the
#: functorch state that ``peek_interpreter_stack`` makes on first use.
_transforms_active = torch._C._are_functorch_transforms_active


def _flat(f, args, kwargs, sel):
    """f as a function of the differentiated leaves only."""

    def g(*leaves):
        return f(*sel.substitute(args, list(leaves)), **kwargs)

    return g


#: How many arraykit value_and_grad calls are running on this thread (autograd path): an
#: inner one must build a differentiable gradient for the outer one.
_nesting = threading.local()


def _detach(x: Any) -> Any:
    return x.detach() if isinstance(x, torch.Tensor) else x


def _autograd_value_and_grad(f, has_aux, args, kwargs, sel):
    """value_and_grad by recording ``f`` with autograd (see the module docstring)."""
    depth = getattr(_nesting, "depth", 0)
    create_graph = torch.is_grad_enabled() and (
        depth > 0 or any(leaf.requires_grad for leaf in sel.leaves)
    )
    # Fresh graph inputs: a view keeps an input that requires grad connected to the outer
    # graph; a detached copy does not. Either way only the path through the argument is
    # differentiated (not uses of the same tensor that f closes over), as in torch.func.
    inputs = [
        leaf.view_as(leaf) if create_graph and leaf.requires_grad
        else leaf.detach().requires_grad_()
        for leaf in sel.leaves
    ]
    _nesting.depth = depth + 1
    try:
        with torch.enable_grad():
            out = f(*sel.substitute(args, inputs), **kwargs)
            value, aux = split_aux(out, has_aux, "value_and_grad")
            if value.requires_grad:
                grads = torch.autograd.grad(
                    value, inputs, create_graph=create_graph, allow_unused=True,
                    materialize_grads=True,
                )
            else:  # f does not depend on any differentiated input
                grads = [torch.zeros_like(x) for x in inputs]
    finally:
        _nesting.depth = depth
    if not create_graph:
        value, aux = value.detach(), tree_map(_detach, aux)
    return ((value, aux) if has_aux else value), sel.rebuild(list(grads))


_Tensor = torch.Tensor
_is_grad_enabled = torch.is_grad_enabled
_set_grad_enabled = torch._C._set_grad_enabled
_is_compiling = torch.compiler.is_compiling
_autograd_grad = torch.autograd.grad


def plain_value_and_grad(f, i, has_aux, args, kwargs, fname):
    """``value_and_grad`` of the usual eager call, the general path's result in fewer steps:
    ``args[i]`` a floating ``torch.Tensor`` (not a subclass) that records no gradient, grad
    mode on, no torch.func transform, TorchDynamo or enclosing arraykit gradient. The general
    path then makes the same graph input (``detach().requires_grad_()``), gradient (not
    differentiable: ``create_graph`` is False) and checks; here without its argument
    flattening, its ``enable_grad`` block (grad mode is on; it is left on, as that block
    leaves it) and ``materialize_grads``' Python. None for every other call."""
    x = args[i]
    if (type(x) is not _Tensor or x.requires_grad or not _is_grad_enabled()
            or getattr(_nesting, "depth", 0) or _is_compiling() or _transforms_active()):
        return None
    dtype = x.dtype
    if not (dtype.is_floating_point or dtype.is_complex):
        return None  # the general path's TypeError
    x = x.detach().requires_grad_()
    _nesting.depth = 1
    try:
        out = f(*args[:i], x, *args[i + 1:], **kwargs)
        value, aux = split_aux(out, has_aux, fname)
        check_scalar_output(value, fname, is_inexact)
        grad = None
        if value.requires_grad:
            (grad,) = _autograd_grad(value, x, allow_unused=True)
        if grad is None:  # f does not depend on x
            grad = torch.zeros_like(x)
    finally:
        _nesting.depth = 0
        if not _is_grad_enabled():  # f switched grad mode off: the general path's block
            _set_grad_enabled(True)  # restores it
    value = value.detach()
    if has_aux:
        return (value, tree_map(_detach, aux)), grad
    return value, grad


def value_and_grad(f, argnums, has_aux, args, kwargs):
    """(value or (value, aux), grads): autograd in eager code, else ``torch.func``."""
    sel = Selected(args, argnums)
    # The dispatch key test, not ``peek_interpreter_stack()``: that creates the thread's
    # functorch state, which autograd then copies and frees at every node of every backward
    # of the process (~1.6M instructions, +1.7%, per control-workload gradient).
    if not torch.compiler.is_compiling() and not _transforms_active():
        return _autograd_value_and_grad(f, has_aux, args, kwargs, sel)
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
