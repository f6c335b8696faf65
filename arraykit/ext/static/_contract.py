"""What ``arraykit/ext/static/_<backend>.py`` must define (found by name, see ``ext/_lookup``;
every such module is imported with the package, so it must not import its framework at
module level). A backend without one gets ``_generic``, over its standard namespace.
``tests/test_framework_named_once.py`` checks every module here.

Each function receives arguments ``arraykit.ext.static`` has checked: ``size`` a Python int
>= 0, ``fill`` None (unique_*: the smallest value), a Python scalar or a 0-d array (for
``nonzero`` a tuple of one per axis of ``x``), and returns native arrays.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class StaticBackend(Protocol):
    def unique_values(self, x: Any, size: int, fill: Any) -> Any: ...

    def unique_counts(self, x: Any, size: int, fill: Any) -> tuple[Any, Any]: ...

    def unique_inverse(self, x: Any, size: int, fill: Any) -> tuple[Any, Any]: ...

    def nonzero(self, x: Any, size: int, fill: tuple[Any, ...]) -> tuple[Any, ...]: ...

    def masked_select(self, x: Any, mask: Any, size: int, fill: Any) -> Any: ...
