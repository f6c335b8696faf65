"""MXNet (1.9, mxnet.numpy arrays): ``autograd.record`` and ``backward``.

Differentiated leaves are copied before ``attach_grad`` so the caller's arrays are never given
gradient buffers. First-order only: MXNet 1.9 cannot differentiate a backward pass in general,
so calling ``grad`` & co. while autograd is already recording raises NotImplementedError.
``f`` and the backward passes run in MXNet's NumPy mode, left as the caller had it afterwards.
"""

from __future__ import annotations

from typing import Any

import mxnet as mx
import numpy as onp
from mxnet import autograd

from ...shims.mxnet._helpers import np_mode
from .._pytree import flatten, unflatten
from ._common import Selected, check_cotangent_structure, check_scalar_output, split_aux

DIFFERENTIATES = True
#: The limit ``arraykit info`` reports.
NOTE = "first order only"


def _record(f, argnums, args, kwargs, fname):
    if autograd.is_recording():
        raise NotImplementedError(
            f"{fname}: nested differentiation (e.g. grad of grad) is not supported on mxnet; "
            "use jax, torch or tensorflow for higher-order derivatives"
        )
    sel = Selected(args, argnums)
    leaves = []
    for x in sel.leaves:
        c = x.copy()
        c.attach_grad()
        leaves.append(c)
    with autograd.record():
        out = f(*sel.substitute(args, leaves), **kwargs)
    return sel, leaves, out


def _pull(out_leaves, heads, leaves):
    for x in leaves:
        x.grad[:] = 0  # variables the heads do not reach keep their old buffer otherwise
    autograd.backward(out_leaves, head_grads=heads, retain_graph=True)
    return [x.grad.copy() for x in leaves]


@np_mode
def value_and_grad(f, argnums, has_aux, args, kwargs):
    """Record ``f``, then ``backward`` from its scalar value."""
    sel, leaves, out = _record(f, argnums, args, kwargs, "grad")
    value, _ = split_aux(out, has_aux, "grad")
    check_scalar_output(value, "grad", is_inexact)
    value.backward()
    return out, sel.rebuild([x.grad for x in leaves])


@np_mode
def jacobian(f, argnums, args, kwargs):
    """One backward pass per output element (MXNet has no vectorised jacobian)."""
    sel, leaves, out = _record(f, argnums, args, kwargs, "jacobian")
    out_leaves, out_def = flatten(out)
    per_output = []
    for o in out_leaves:
        rows = []
        n = int(onp.prod(o.shape))
        for k in range(n):
            head = mx.np.zeros((n,), dtype=o.dtype)
            head[k] = 1
            rows.append(_pull([o], [head.reshape(o.shape)], leaves))
        jac = []
        for j, x in enumerate(leaves):
            stacked = (mx.np.stack([r[j] for r in rows]) if rows
                       else mx.np.zeros((0,) + x.shape, dtype=x.dtype))
            jac.append(stacked.reshape(tuple(o.shape) + tuple(x.shape)))
        per_output.append(sel.rebuild(jac))
    return unflatten(out_def, per_output)


@np_mode
def vjp(f, primals):
    """Record ``f(*primals)``; the returned function runs ``backward`` with the cotangent as
    head gradient (the graph is retained, so it may be called repeatedly)."""
    sel, leaves, out = _record(f, tuple(range(len(primals))), primals, {}, "vjp")
    out_leaves, out_def = flatten(out)

    def vjp_fn(cotangent: Any) -> tuple:
        ct_leaves, ct_def = flatten(cotangent)
        check_cotangent_structure(out_def, ct_def)
        return sel.rebuild_all(_pull(out_leaves, ct_leaves, leaves))

    return out, np_mode(vjp_fn)


def stop_gradient(x: Any) -> Any:
    """``ndarray.detach``: the value, cut from the autograd graph."""
    return x.detach()


def is_array(x: Any) -> bool:
    """Whether ``x`` is an ``mxnet.numpy`` array."""
    return isinstance(x, mx.np.ndarray)


def is_inexact(x: Any) -> bool:
    """Floating dtype (MXNet has no complex arrays)."""
    return onp.issubdtype(x.dtype, onp.floating)
