"""Array API backend of ``arraykit.ext.nd``: any standard namespace (array-api-strict, and any
registered library without a module of its own here).

Uses only standard functions: integer-array indexing for gather and the sort-based
``_common.sorted_scatter_rows`` for every reduction (the standard has no scatter). Bounds are
checked eagerly with ``xp.any`` (these namespaces are eager).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _common


class Generic:
    """The extension's backend interface, bound to one namespace ``xp``."""

    def __init__(self, xp: Any) -> None:
        self.xp = xp
        self.ops = _common.namespace_ops(
            xp,
            arange=lambda n: xp.arange(n, dtype=xp.int64),
            as_index=lambda a: xp.astype(a, xp.int64),
            take_rows=lambda x2, f: xp.take(x2, f, axis=0),
            scatter_rows=self._scatter_rows,
        )

    def _scatter_rows(self, x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
        # Only eager callers reach here, after the bounds check: no row is dropped.
        return _common.sorted_scatter_rows(self.xp, x2, f, v2, reduction)

    def shape(self, a: Any) -> tuple[int, ...]:
        return tuple(a.shape)

    def dtype_name(self, a: Any) -> str:
        return str(a.dtype).rsplit(".", 1)[-1]

    def scalar_like(self, value: Any, like: Any) -> Any:
        return self.xp.asarray(value, dtype=like.dtype)

    def full(self, shape: Any, value: Any, like: Any) -> Any:
        return self.xp.full(tuple(shape), value, dtype=like.dtype)

    def reshape(self, a: Any, shape: Any) -> Any:
        return self.xp.reshape(a, tuple(shape))

    def where(self, c: Any, a: Any, b: Any) -> Any:
        return self.xp.where(c, a, b)

    def iinfo(self, name: str) -> Any:
        return np.iinfo(name)

    def _host(self, a: Any) -> Any:
        return np.asarray(a)

    def _extremes(self, a: Any) -> tuple[int, int]:
        return int(self.xp.min(a)), int(self.xp.max(a))

    def gather_nd(self, x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
        if _common.eager_in_range(idx, plan, self._extremes):
            f = _common.in_range_flat_rows(self.ops, idx, plan)
            return _common.take_flat_rows(self.ops, x, f, plan)
        out, bad = _common.gather_nd(self.ops, x, idx, plan)
        if bool(bad):
            _common.raise_out_of_bounds(
                fn, self._host(idx), plan.dims, first_axis=len(plan.batch)
            )
        return out

    def update_nd(
        self, x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str,
        copy: bool,
    ) -> Any:
        if _common.eager_in_range(idx, plan, self._extremes):
            f = _common.in_range_flat_rows(self.ops, idx, plan)
            return _common.scatter_flat_rows(self.ops, x, f, updates, plan, drop=False)
        n, k = plan.n, len(plan.dims)
        idx2 = self.ops.reshape(self.ops.as_index(idx), (n, k))
        _, bad = _common.flat_rows(self.ops, idx2, plan.dims, "drop", plan.index_dtype)
        if bool(self.ops.any(bad)):
            _common.raise_out_of_bounds(fn, self._host(idx), plan.dims, what=what)
        out, _ = _common.update_nd(self.ops, x, idx, updates, plan, drop=False)
        return out


_by_namespace: dict[int, Generic] = {}


def for_backend(backend: Any) -> Generic:
    xp = backend.load_namespace()
    impl = _by_namespace.get(id(xp))
    if impl is None:
        impl = _by_namespace[id(xp)] = Generic(xp)
    return impl
