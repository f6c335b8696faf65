"""``scan`` on JAX: ``jax.lax.scan``, eagerly and under ``jax.jit`` alike (one traced body,
a compiled loop; differentiable by ``jax.grad`` and therefore ``arraykit.ext.grad``).

arraykit's pytrees are JAX's for what ``scan`` accepts (tuples, lists, dicts in sorted key
order, named tuples, ``None`` as an empty subtree), so the arguments go to jax unchanged.
``f`` is wrapped to check the carry the arraykit way (the error names ``scan`` and both
structures); the wrapper is cached per ``f`` so that jax's own cache of traced bodies, keyed
by the function object, still hits when the same ``f`` is scanned again eagerly.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import jax

from ._scan import check_carry, split_output

_checked: weakref.WeakKeyDictionary[Callable, Callable] = weakref.WeakKeyDictionary()


def _checked_body(f: Callable[..., Any]) -> Callable[..., Any]:
    try:
        body = _checked.get(f)
    except TypeError:  # not weakly referenceable: wrap afresh
        body = None
    if body is not None:
        return body

    def body(carry, x):
        new_carry, y = split_output(f(carry, x))
        check_carry(carry, new_carry)  # runs at trace time only
        return new_carry, y

    try:
        _checked[f] = body
    except TypeError:
        pass
    return body


def scan(f, init, xs, kind, leaves, treedef, length):
    """``jax.lax.scan`` of ``f`` with arraykit's carry check."""
    return jax.lax.scan(_checked_body(f), init, xs, length=length)
