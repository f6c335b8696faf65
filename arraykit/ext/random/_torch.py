"""PyTorch: torch 2.13 has ``torch.uint32`` but no add, shifts or arange for it on CPU
("add_stub not implemented for 'UInt32'"), so the words are int32 bit patterns; keys and
``bits`` are handed out as ``torch.uint32`` (int32 <-> uint32 casts keep the bits)."""

from __future__ import annotations

from ._common import Portable


class Impl(Portable):
    SIGNED = True
