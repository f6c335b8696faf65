"""``arraykit.ext.grad``: one JAX-style differentiation API over each framework's own autodiff.

    from arraykit.ext.grad import grad

    def loss(w, x):
        xp = arraykit.array_namespace(w)
        return xp.sum(xp.tanh(x @ w) ** 2)

    grad(loss)(w, x)          # w, x: jax, torch, tensorflow or mxnet arrays, in and out

================  ==============================  =========================================
framework         machinery                       notes
================  ==============================  =========================================
jax               jax.value_and_grad/jacrev/vjp   any order; inside jit/vmap
torch             torch.autograd.grad (eager      any order; inside torch.compile
                  value_and_grad), else
                  torch.func (functorch)
tensorflow        tf.GradientTape                 any order; eager and inside tf.function
mxnet             autograd.record + backward      first order only
numpy, array-api- none                            ``NoAutodiffError`` naming the backends
strict, dask                                      that differentiate; stop_gradient = identity
================  ==============================  =========================================

The framework is chosen per call from the arguments: the first array leaf among the
differentiated arguments (then among all arguments). ``grad(f)`` itself is framework-free and
may be called with arrays of any framework. ``f`` may call ``arraykit.array_namespace`` on
its arguments: the traced values (jax tracers, TF tensors under a tape or in a graph, torch's
functional tensors) are ordinary arrays of their framework.

Conventions, identical on every backend:

- ``argnums`` is an int (the gradient has that argument's structure) or a tuple of ints (a
  tuple of such gradients). Negative numbers count from the end.
- Arguments may be arrays or nested tuples/lists/dicts of arrays (pytrees); ``None`` is an
  empty subtree. Differentiated leaves must be floating-point arrays of the chosen framework
  (Python numbers are not differentiated); other arguments pass through untouched.
- ``f`` must return a 0-d floating array for ``grad``/``value_and_grad``; with
  ``has_aux=True`` it returns ``(value, aux)`` and aux is handed back undifferentiated.
- Inputs that do not influence the output get zero gradients.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from .._pytree import (
    as_tuple,
    check_argnums_type,
    first_array,
    flatten,
    impl_for_type,
    normalize_argnums,
)
from ._common import (
    DIFFERENTIABLE_BACKENDS,
    NoAutodiffError,
    Selected,
    check_cotangent_structure,
    check_inputs,
    check_scalar_output,
    split_aux,
)

__all__ = [
    "DIFFERENTIABLE_BACKENDS",
    "NoAutodiffError",
    "grad",
    "jacobian",
    "stop_gradient",
    "value_and_grad",
    "vjp",
]

_PACKAGE = __name__
#: For type checkers: stop_gradient returns an array of its input's own type.
ArrayT = TypeVar("ArrayT")


def _select(fname: str, argnums: Any, args: tuple, kwargs: dict) -> tuple[Any, Any]:
    """(implementation module, normalised argnums) for one call; checks the inputs."""
    n = normalize_argnums(argnums, len(args), fname)
    x = first_array(*[args[i] for i in as_tuple(n)])
    if x is None:
        x = first_array(args, kwargs)
    if x is None:
        raise TypeError(
            f"{fname}: none of the arguments is an array, so there is no framework to "
            f"differentiate with; pass {', '.join(DIFFERENTIABLE_BACKENDS)} arrays"
        )
    impl = impl_for_type(_PACKAGE, type(x))
    if not impl.DIFFERENTIATES:
        impl.value_and_grad(None, n, False, args, kwargs, fname)  # raises NoAutodiffError
    check_inputs(Selected(args, n).leaves, fname, impl, type(x))
    plain = getattr(impl, "plain_value_and_grad", None)
    if plain is not None:
        _PLAIN[type(x)] = plain
    return impl, n


#: array type -> its backend's ``plain_value_and_grad`` (``_contract``), once a call with such
#: an array went through ``_select``: the usual call (one array argument, an int ``argnums``)
#: then starts there. In a workload the general path's Python is not the few microseconds
#: it costs in a loop, its code and data being cold after each step's kernels: the native
#: control rollout's gradient through it read +0.9..+1.3% over torch.autograd.grad, through
#: the plain path +0.1..+0.4% (in place, 2 x 400 interleaved calls); the study's torch
#: control cell +2.43 -> +0.45% (medians of three runs each, 2026-12-06,
#: ``benchmarks/results/partial/grad-plain-path-2026-12-06.md``).
_PLAIN: dict[type, Callable[..., Any]] = {}


def _plain_call(argnums: Any) -> int | None:
    """The argument index the plain path serves (a non-negative int ``argnums``), else None."""
    return argnums if type(argnums) is int and argnums >= 0 else None


def _checked(f: Callable[..., Any], has_aux: bool, fname: str, impl: Any) -> Callable[..., Any]:
    """``f`` with its result checked the same way on every backend (a 0-d float value, and a
    (value, aux) pair with has_aux) before the framework's own checks."""

    def checked(*args: Any, **kwargs: Any) -> Any:
        out = f(*args, **kwargs)
        value, _ = split_aux(out, has_aux, fname)
        check_scalar_output(value, fname, impl.is_inexact)
        return out

    return checked


def value_and_grad(
    f: Callable[..., Any], argnums: int | tuple[int, ...] = 0, has_aux: bool = False
) -> Callable[..., Any]:
    """Return a function computing ``f``'s value and its gradient with respect to ``argnums``.

    The returned function gives ``(value, grads)``, or ``((value, aux), grads)`` when
    ``has_aux`` is true (``f`` then returns ``(value, aux)``). ``grads`` has the structure of
    ``args[argnums]`` (a tuple of those when ``argnums`` is a tuple). See the module docstring
    for the backends and conventions.
    """
    check_argnums_type(argnums, "value_and_grad")
    i = _plain_call(argnums)

    @functools.wraps(f)
    def value_and_grad_f(*args: Any, **kwargs: Any) -> Any:
        if i is not None and i < len(args):
            plain = _PLAIN.get(type(args[i]))
            if plain is not None:
                out = plain(f, i, has_aux, args, kwargs, "value_and_grad")
                if out is not None:
                    return out
        impl, n = _select("value_and_grad", argnums, args, kwargs)
        checked = _checked(f, has_aux, "value_and_grad", impl)
        return impl.value_and_grad(checked, n, has_aux, args, kwargs)

    return value_and_grad_f


def grad(
    f: Callable[..., Any], argnums: int | tuple[int, ...] = 0, has_aux: bool = False
) -> Callable[..., Any]:
    """Return a function computing the gradient of scalar-valued ``f`` w.r.t. ``argnums``.

    The gradient has the structure of ``args[argnums]`` (a tuple of those when ``argnums`` is
    a tuple); with ``has_aux=True`` the function returns ``(grads, aux)``. Works on jax, torch,
    tensorflow and mxnet arrays (mxnet: first order only); raises ``NoAutodiffError`` for
    numpy, array-api-strict and dask arrays. Composes with itself (jax, torch, tensorflow) and
    with ``arraykit.ext.jit.jit``.
    """
    check_argnums_type(argnums, "grad")
    i = _plain_call(argnums)

    @functools.wraps(f)
    def grad_f(*args: Any, **kwargs: Any) -> Any:
        if i is not None and i < len(args):
            plain = _PLAIN.get(type(args[i]))
            if plain is not None:
                out = plain(f, i, has_aux, args, kwargs, "grad")
                if out is not None:
                    value, grads = out
                    return (grads, value[1]) if has_aux else grads
        impl, n = _select("grad", argnums, args, kwargs)
        checked = _checked(f, has_aux, "grad", impl)
        value, grads = impl.value_and_grad(checked, n, has_aux, args, kwargs)
        return (grads, value[1]) if has_aux else grads

    return grad_f


def jacobian(f: Callable[..., Any], argnums: int | tuple[int, ...] = 0) -> Callable[..., Any]:
    """Return a function computing the Jacobian of ``f`` (reverse mode) w.r.t. ``argnums``.

    For an output leaf of shape ``S`` and an input leaf of shape ``T`` the block has shape
    ``S + T``. The result has ``f``'s output structure, each output leaf replaced by the input
    structure (a tuple of them when ``argnums`` is a tuple), as ``jax.jacrev``. Backends: jax
    (jacrev), torch (torch.func.jacrev), tensorflow (tape.jacobian), mxnet (one backward pass
    per output element: fine for small outputs).
    """
    check_argnums_type(argnums, "jacobian")

    @functools.wraps(f)
    def jacobian_f(*args: Any, **kwargs: Any) -> Any:
        impl, n = _select("jacobian", argnums, args, kwargs)
        return impl.jacobian(f, n, args, kwargs)

    return jacobian_f


def vjp(f: Callable[..., Any], *primals: Any) -> tuple[Any, Callable[[Any], tuple]]:
    """Evaluate ``f(*primals)`` and return ``(out, vjp_fn)``.

    ``vjp_fn(cotangent)``, with ``cotangent`` shaped like ``out`` (same pytree structure),
    returns a tuple with one cotangent per primal, as ``jax.vjp``. Every primal leaf must be
    a floating array of one framework; ``vjp_fn`` may be called several times.
    """
    if not primals:
        raise TypeError("vjp: needs at least one primal argument")
    impl, _ = _select("vjp", tuple(range(len(primals))), primals, {})
    out, pull = impl.vjp(f, primals)
    out_def = flatten(out)[1]

    def vjp_fn(cotangent: Any) -> tuple:
        check_cotangent_structure(out_def, flatten(cotangent)[1])
        return pull(cotangent)

    return out, vjp_fn


def stop_gradient(x: ArrayT) -> ArrayT:
    """``x``'s value with no gradient flowing back through it.

    jax: ``lax.stop_gradient``; torch: ``detach``; tensorflow: ``tf.stop_gradient``; mxnet:
    ``detach``; frameworks without autodiff: ``x`` itself. Pytrees are mapped leaf
    by leaf.
    """
    from .._pytree import tree_map

    if isinstance(x, (tuple, list, dict)):
        return tree_map(stop_gradient, x)
    return impl_for_type(_PACKAGE, type(x)).stop_gradient(x)
