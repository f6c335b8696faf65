"""PaddlePaddle (3.3, dynamic graph): ``paddle.grad`` over a recording of ``f``.

Differentiated leaves are fresh tensors (``detach`` + ``stop_gradient=False``), so the caller's
tensors are never marked as needing gradients and only the path through the argument is
differentiated (tensors ``f`` closes over are constants, the JAX convention). Higher order:
when this call runs inside another ``arraykit.ext.grad`` transform, or a differentiated input
already takes part in a graph (``stop_gradient=False``), the gradient is built with
``create_graph=True`` and is itself differentiable; otherwise it is a plain tensor.
"""

from __future__ import annotations

import threading
from typing import Any

import paddle

from .._pytree import flatten, tree_map, unflatten
from ._common import Selected, check_cotangent_structure, check_scalar_output, split_aux

DIFFERENTIATES = True

_INEXACT = (paddle.float32, paddle.float64, paddle.complex64, paddle.complex128,
            paddle.float16, paddle.bfloat16)

#: How many arraykit transforms are running on this thread: an inner one must build a
#: differentiable gradient for the outer one.
_nesting = threading.local()


def _detach(x: Any) -> Any:
    return x.detach() if isinstance(x, paddle.Tensor) else x


def _inputs(sel: Selected, create_graph: bool) -> list:
    out = []
    for leaf in sel.leaves:
        if create_graph and not leaf.stop_gradient:
            # Keep the outer graph's connection: a differentiable identity of the leaf.
            t = leaf * 1
        else:
            t = leaf.detach()
            t.stop_gradient = False
        out.append(t)
    return out


def _grads(outputs, inputs, heads, create_graph: bool) -> list:
    live = [o for o in outputs if not o.stop_gradient]
    if not live:
        return [paddle.zeros_like(x) for x in inputs]
    live_heads = None if heads is None else [h for o, h in zip(outputs, heads)
                                             if not o.stop_gradient]
    gs = paddle.grad(live, inputs, grad_outputs=live_heads, retain_graph=True,
                     create_graph=create_graph, allow_unused=True)
    return [paddle.zeros_like(x) if g is None else g for g, x in zip(gs, inputs)]


def _record(f, argnums, args, kwargs):
    depth = getattr(_nesting, "depth", 0)
    sel = Selected(args, argnums)
    create_graph = depth > 0 or any(not leaf.stop_gradient for leaf in sel.leaves)
    inputs = _inputs(sel, create_graph)
    _nesting.depth = depth + 1
    try:
        with paddle.set_grad_enabled(True):
            out = f(*sel.substitute(args, inputs), **kwargs)
    finally:
        _nesting.depth = depth
    return sel, inputs, out, create_graph


_Tensor = paddle.Tensor
_is_grad_enabled = paddle.is_grad_enabled


def plain_value_and_grad(f, i, has_aux, args, kwargs, fname):
    """``value_and_grad`` of the usual call, the general path's result in fewer steps:
    ``args[i]`` a floating ``paddle.Tensor`` outside any graph (``stop_gradient``), grad mode
    on and no enclosing arraykit transform. The general path then makes the same graph input
    and gradient (not differentiable) and the same checks; here without its argument
    flattening and its ``set_grad_enabled`` block (grad mode is on; it is left on, as that
    block leaves it). None for every other call."""
    x = args[i]
    if (type(x) is not _Tensor or not x.stop_gradient or not _is_grad_enabled()
            or getattr(_nesting, "depth", 0) or x.dtype not in _INEXACT):
        return None
    x = x.detach()
    x.stop_gradient = False
    _nesting.depth = 1
    try:
        out = f(*args[:i], x, *args[i + 1:], **kwargs)
    finally:
        _nesting.depth = 0
        if not _is_grad_enabled():  # f switched grad mode off: the general path's block
            paddle.set_grad_enabled(True)  # restores it
    value, aux = split_aux(out, has_aux, fname)
    check_scalar_output(value, fname, is_inexact)
    (grad,) = _grads([value], [x], None, False)
    value = value.detach()
    if has_aux:
        return (value, tree_map(_detach, aux)), grad
    return value, grad


def value_and_grad(f, argnums, has_aux, args, kwargs):
    """(value or (value, aux), grads) from one recording and one ``paddle.grad``."""
    sel, inputs, out, create_graph = _record(f, argnums, args, kwargs)
    value, aux = split_aux(out, has_aux, "grad")
    check_scalar_output(value, "grad", is_inexact)
    grads = _grads([value], inputs, None, create_graph)
    if not create_graph:
        value, aux = value.detach(), tree_map(_detach, aux)
    return ((value, aux) if has_aux else value), sel.rebuild(grads)


def jacobian(f, argnums, args, kwargs):
    """One ``paddle.grad`` per output element (reverse mode, rows stacked)."""
    sel, inputs, out, create_graph = _record(f, argnums, args, kwargs)
    out_leaves, out_def = flatten(out)
    per_output = []
    for o in out_leaves:
        n = 1
        for s in o.shape:
            n *= s
        rows = []
        for k in range(n):
            head = paddle.zeros([n], dtype=o.dtype)
            head[k] = 1
            rows.append(_grads([o], inputs, [head.reshape(o.shape)], create_graph))
        jac = []
        for j, x in enumerate(inputs):
            if rows:
                stacked = paddle.stack([r[j] for r in rows])
            else:
                stacked = paddle.zeros([0, *x.shape], dtype=x.dtype)
            jac.append(stacked.reshape([*o.shape, *x.shape]))
        per_output.append(sel.rebuild(jac))
    return unflatten(out_def, per_output)


def vjp(f, primals):
    """Record ``f(*primals)``; the returned function pulls a cotangent back (the graph is
    retained, so it may be called repeatedly)."""
    sel, inputs, out, create_graph = _record(f, tuple(range(len(primals))), primals, {})
    out_leaves, out_def = flatten(out)

    def vjp_fn(cotangent: Any) -> tuple:
        ct_leaves, ct_def = flatten(cotangent)
        check_cotangent_structure(out_def, ct_def)
        return sel.rebuild_all(_grads(out_leaves, inputs, ct_leaves, create_graph))

    return (out if create_graph else tree_map(_detach, out)), vjp_fn


def stop_gradient(x: Any) -> Any:
    """``Tensor.detach``: the value, cut from the graph."""
    return x.detach()


def is_array(x: Any) -> bool:
    """Whether ``x`` is a ``paddle.Tensor``."""
    return isinstance(x, paddle.Tensor)


def is_inexact(x: Any) -> bool:
    """Floating or complex dtype."""
    return x.dtype in _INEXACT
