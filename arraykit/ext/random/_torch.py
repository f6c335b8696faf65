"""PyTorch: torch 2.13 has ``torch.uint32`` but no add, shifts or arange for it on CPU
("add_stub not implemented for 'UInt32'"), and arraykit's torch namespace refuses that
"shell" dtype (c450a1b), so the words are int32 bit patterns and keys and ``bits`` are handed
out as int64 holding the uint32 values (0 <= v < 2**32), as on MXNet."""

from __future__ import annotations

from ._common import Portable


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"
