"""Frameworks without automatic differentiation (numpy, array-api-strict, dask, cupy, and
backends registered at run time): every derivative raises ``NoAutodiffError``."""

from __future__ import annotations

from typing import Any

from ..._dispatch import backend_of_type
from ._common import no_autodiff

#: This module only raises: the public layer checks it before touching the arguments.
DIFFERENTIATES = False


def _name(args: Any) -> str:
    from .._pytree import first_array

    x = first_array(args)
    backend = backend_of_type(type(x)) if x is not None else None
    return backend.name if backend is not None else "these"


def value_and_grad(f, argnums, has_aux, args, kwargs, fname="grad"):
    """Raises NoAutodiffError naming the backends that differentiate."""
    raise no_autodiff(fname, _name(args))


def jacobian(f, argnums, args, kwargs):
    """Raises NoAutodiffError."""
    raise no_autodiff("jacobian", _name(args))


def vjp(f, primals):
    """Raises NoAutodiffError."""
    raise no_autodiff("vjp", _name(primals))


def stop_gradient(x: Any) -> Any:
    """Without autodiff there is no gradient to stop: ``x`` itself."""
    return x


def is_array(x: Any) -> bool:
    """Whether ``x`` is an array of a registered backend."""
    return backend_of_type(type(x)) is not None


def is_inexact(x: Any) -> bool:
    """Never consulted (nothing is differentiated here)."""
    return True
