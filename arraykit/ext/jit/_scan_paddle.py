"""``scan`` on Paddle: the Python loop, with Paddle's one-call unstack and a first-step carry
check that skips Paddle's costly getters (3.3.1: ``dtype`` ~1,650 instructions a read,
``shape`` ~1,450, a ``paddle.Size`` built each time)."""

from __future__ import annotations

from typing import Any

from paddle import Tensor, _C_ops

from ._scan import check_carry as _check_carry


def unstack(x: Any, n: int) -> Any:
    # One op (and one in the backward pass) instead of n slices: the unbind kernel, which
    # Tensor.unbind calls after a shape read and two Python frames.
    return _C_ops.unbind(x, 0)


def check_carry(init: Any, carry: Any) -> None:
    """``_scan.check_carry``, where a carry of Paddle tensors (one, or a flat tuple) keeping
    init's dtype objects and shapes passes with one dtype read per tensor and one
    ``is_same_shape`` call per pair, not two reads of each; anything else is its check."""
    if type(init) is Tensor:
        if type(carry) is Tensor and init.dtype is carry.dtype and init.is_same_shape(carry):
            return
    elif type(init) is tuple and type(carry) is tuple and len(init) == len(carry):
        for a, b in zip(init, carry):
            if type(a) is not Tensor or type(b) is not Tensor or a.dtype is not b.dtype \
                    or not a.is_same_shape(b):
                break
        else:
            return
    _check_carry(init, carry)
