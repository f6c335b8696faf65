"""``scan`` on MLX: the Python loop (MLX has no loop primitive; inside ``mx.compile`` the loop
unrolls into the traced graph, as with any Python loop)."""

from __future__ import annotations

from typing import Any


def unstack(x: Any, n: int) -> Any:
    return [x[i] for i in range(n)]
