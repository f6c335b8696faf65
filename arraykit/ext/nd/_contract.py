"""What ``arraykit/ext/nd/_<backend>.py`` must define (found by name, see ``ext/_lookup``):
either these functions at module level, or ``for_backend(row)`` returning an object with them
(``_generic``, the Array API fallback every other backend gets).
``tests/test_framework_named_once.py`` checks every module here.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ._common import GatherPlan, ScatterPlan


@runtime_checkable
class NdBackend(Protocol):
    def shape(self, a: Any) -> tuple[int, ...]: ...

    def dtype_name(self, a: Any) -> str: ...

    def scalar_like(self, value: Any, like: Any) -> Any: ...

    def full(self, shape: Any, value: Any, like: Any) -> Any: ...

    def reshape(self, a: Any, shape: Any) -> Any: ...

    def where(self, c: Any, a: Any, b: Any) -> Any: ...

    def iinfo(self, name: str) -> Any: ...

    def gather_nd(self, x: Any, idx: Any, plan: GatherPlan, fn: str) -> Any: ...

    def update_nd(
        self, x: Any, idx: Any, updates: Any, plan: ScatterPlan, fn: str, what: str, *, copy: bool
    ) -> Any: ...

# Optional: ``scatter_nd_new(idx, updates, plan, fn)`` (a backend that builds scatter_nd's
# result in one op), ``NOTE`` (a short limit ``arraykit info`` reports), ``COLUMNS = True``
# (its ``gather_nd`` takes the tuple form, K index arrays, as ``idx``; others get the stack).
# Optional, for ``arraykit._read_only`` (array-api-extra's ``at()`` on read-only arrays):
# ``replace_unique(x, positions, values)`` (one op writing ``values``, of shape
# ``(m,) + x.shape[k:]``, at the unique in-bounds host positions ``(m, k)``),
# ``replace_strided(x, axes, value)`` (one op for ``x[ints and slices] = value``; None when
# it cannot) and ``SCATTER_COST`` (what one scattered element costs, in elements of a
# ``where`` over the whole array); ``replace_dense(x, rows, values, written)`` (the same
# write as ops over the whole array, for many rows, with repeated rows resolved by the
# caller: a row not marked in the host boolean ``written`` is discarded) with ``DENSE_GAIN``
# and ``DENSE_FIXED`` (it is chosen where ``written * DENSE_GAIN > size + DENSE_FIXED``).
