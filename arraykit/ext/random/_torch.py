"""PyTorch: torch 2.13 has ``torch.uint32`` but no add, shifts or arange for it on CPU
("add_stub not implemented for 'UInt32'"), and arraykit's torch namespace refuses that
"shell" dtype (c450a1b), so the words are int32 bit patterns and keys and ``bits`` are handed
out as int64 holding the uint32 values (0 <= v < 2**32), as on MXNet. The words are combined
by torch's operators (``_threefry.OperatorWords``)."""

from __future__ import annotations

from ._common import Portable
from ._threefry import OperatorWords


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"
    WORDS = OperatorWords  # torch's int32 operators wrap and keep int32 with Python ints
