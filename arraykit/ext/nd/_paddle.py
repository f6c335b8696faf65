"""Paddle backend of ``arraykit.ext.nd``: the Array API implementation of ``_generic`` over
arraykit's Paddle namespace (integer-array ``take`` for gather, the sort-based
``_common.sorted_scatter_rows`` for every reduction), which is differentiable through
Paddle's autograd (gather, where, cumsum). Bounds are checked eagerly (IndexError); host
copies of the indices go through ``Tensor.numpy``."""

from __future__ import annotations

from typing import Any

from ._generic import Generic


class PaddleNd(Generic):
    def _host(self, a: Any) -> Any:
        return a.numpy()

    def dtype_name(self, a: Any) -> str:
        return str(a.dtype).rsplit(".", 1)[-1]


_by_namespace: dict[int, PaddleNd] = {}


def for_backend(backend: Any) -> PaddleNd:
    xp = backend.load_namespace()
    impl = _by_namespace.get(id(xp))
    if impl is None:
        impl = _by_namespace[id(xp)] = PaddleNd(xp)
    return impl
