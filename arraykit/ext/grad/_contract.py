"""What ``arraykit/ext/grad/_<backend>.py`` must define (found by name, see ``ext/_lookup``).

A backend without such a module gets ``_eager``, which refuses to differentiate
(``DIFFERENTIATES = False``). ``tests/test_framework_named_once.py`` checks every module here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GradBackend(Protocol):
    #: Whether the framework differentiates (False only in ``_eager``).
    DIFFERENTIATES: bool

    def value_and_grad(
        self, f: Callable[..., Any], argnums: int | tuple[int, ...], has_aux: bool,
        args: tuple, kwargs: dict,
    ) -> Any:
        """(value, gradients) or ((value, aux), gradients) of ``f(*args, **kwargs)``."""
        ...

    def jacobian(
        self, f: Callable[..., Any], argnums: int | tuple[int, ...], args: tuple, kwargs: dict
    ) -> Any: ...

    def vjp(self, f: Callable[..., Any], primals: tuple) -> tuple[Any, Callable[[Any], tuple]]: ...

    def stop_gradient(self, x: Any) -> Any: ...

    def is_array(self, x: Any) -> bool:
        """Whether ``x`` is an array of this framework (a subclass counts)."""
        ...

    def is_inexact(self, x: Any) -> bool:
        """Whether ``x`` has a floating-point (real or complex) dtype."""
        ...

# Optional: ``NOTE``, a short limit ``arraykit info`` reports ("first order only"); and
# ``plain_value_and_grad(f, i, has_aux, args, kwargs, fname)``: ``value_and_grad``'s result
# for the usual call (``args[i]`` the one differentiated array, ``i`` a non-negative int),
# exactly the general path's, or None to leave the call to the general path. The package
# calls it first for array types it has seen; it checks what the general path checks.
