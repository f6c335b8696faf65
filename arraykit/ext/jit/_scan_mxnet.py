"""``scan`` on MXNet: the Python loop, in MXNet's NumPy mode."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...shims.mxnet._helpers import np_mode


def unstack(x: Any, n: int) -> Any:
    # MXNet 1.9 takes 58 us for x[i, ...] and 3.5 us for x[i] on a (100, 1024) array (its
    # ellipsis path copies through a general slicing routine); x[i] means the same.
    return [x[i] for i in range(n)]


def wrap_loop(run: Callable[..., Any]) -> Callable[..., Any]:
    # The loop and f run in MXNet's NumPy mode (0-d carries, x[i] without a leading axis of
    # 1), left as the caller had it afterwards, as jit's calls do.
    return np_mode(run)
