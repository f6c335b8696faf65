"""``scan`` on torch: the Python loop, with torch's one-call unstack."""

from __future__ import annotations

from typing import Any

import torch


def unstack(x: Any, n: int) -> Any:
    # One op, and one op in the backward pass, instead of n slices: torch's backward of
    # ``x[i]`` writes a full zero tensor per step.
    return x.unbind(0)


def cacheable() -> bool:
    # Not cached while TorchDynamo traces: it would guard on the cache's contents and compile
    # the whole function once more on the next call. The first eager call (or any call
    # outside torch.compile) fills it.
    return not torch.compiler.is_compiling()
