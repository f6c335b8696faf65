"""MXNet 1.9: no uint32 (nor uint16/uint64) dtype at all. The words are int32 bit patterns
(int32 addition wraps, shifts work); keys and ``bits`` are handed out as int64 holding the
uint32 values (0 <= v < 2**32), so they print as ``jax.random`` keys do."""

from __future__ import annotations

from ._common import Portable


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"

    def __init__(self, xp, device_of):
        # An MXNet array's device is its context (arraykit.device needs the shim's attribute).
        super().__init__(xp, lambda x: x.ctx)
