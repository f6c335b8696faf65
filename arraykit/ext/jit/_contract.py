"""What ``arraykit/ext/jit/_<backend>.py`` and ``_scan_<backend>.py`` must define (found by name,
see ``ext/_lookup``). A backend without a ``_<backend>.py`` runs eagerly through ``_eager``;
one without ``_scan_<backend>.py`` scans with the plain Python loop.
``tests/test_framework_named_once.py`` checks every module here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ._common import Record


@runtime_checkable
class JitBackend(Protocol):
    #: Whether ``jit`` compiles this framework's arrays in general (``is_compiled("<name>")``).
    COMPILES: bool

    def compile(self, fn: Callable[..., Any], record: Record, example: Any) -> Callable[..., Any]:
        """A callable running ``fn`` through the framework's compiler that sets ``record.last``
        (a ``_common.KINDS`` key) on every call; if it cannot compile, it warns once with
        ``_common.warn_eager`` and runs ``fn``."""
        ...

# Optional: ``NOTE``, a short limit ``arraykit info`` reports; ``vmap(g, leaves, axes, size)``,
# the framework's own vectorising map of the flat function ``g`` (mapped leaves, each mapped
# along its entry of ``axes``, in; a tuple of output leaves, batched along axis 0, out), which
# ``arraykit.ext.jit.vmap`` uses instead of its loop (see ``ext/_vmap``).


@runtime_checkable
class OwnScan(Protocol):
    """A ``_scan_<backend>.py`` with the framework's own loop (jax, tensorflow)."""

    def scan(
        self, f: Callable[..., Any], init: Any, xs: Any, kind: int, leaves: Any, treedef: Any,
        length: int,
    ) -> tuple[Any, Any]: ...


@runtime_checkable
class ScanHooks(Protocol):
    """A ``_scan_<backend>.py`` without ``scan``: hooks for the Python loop, each optional
    (``unstack`` is the one every such module has; ``wrap_loop(run)`` and ``cacheable()`` are
    looked up with getattr)."""

    def unstack(self, x: Any, n: int) -> Any:
        """The ``n`` steps of ``x`` along axis 0, in one call."""
        ...
