"""Threefry-2x32 (20 rounds), ``jax.random``'s default generator, written once over the
standard namespace.

The words are uint32 where the framework has uint32 arithmetic (NumPy, TensorFlow, JAX,
array-api-strict), else int32 holding the same bit patterns (torch 2.13 has no uint32 add or
shifts; MXNet has no uint32 at all): two's complement addition, xor and left shifts give the
bits uint32 gives, and right shifts are masked to be logical. One algorithm, one flag.

``OperatorWords`` combines the words with the arrays' own Python operators (``+``, ``^``,
``<<``, ``>>``, ``&``, ``|``) instead of the namespace's functions: the same kernels without
the namespace's per-call checks, which on small eager arrays cost as much as the kernel (MLX
0.32.4, 20480 words: ``bitwise_left_shift`` 151 vs 36 us; torch 2.13: Threefry 3.1 -> 2.5
ms). Only for frameworks whose integer operators are the standard's (same-dtype results, a
Python int taking the array's dtype, two's-complement wrap); a backend module may refine it.
"""

from __future__ import annotations

from typing import Any

MASK = 0xFFFFFFFF
#: Threefry-2x32's rotation distances, alternating per block of four rounds.
ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
#: The key-schedule parity constant of Threefry (Salmon et al., SC'11).
PARITY = 0x1BD11BDA


class Words:
    """uint32 arithmetic over namespace ``xp``: in uint32, or in int32 bit patterns (signed)."""

    def __init__(self, xp: Any, signed: bool) -> None:
        self.xp = xp
        self.signed = signed
        self.dtype = xp.int32 if signed else xp.uint32

    def add(self, x: Any, y: Any) -> Any:
        return self.xp.add(x, y)

    def xor(self, x: Any, y: Any) -> Any:
        return self.xp.bitwise_xor(x, y)

    def const(self, value: int, device: Any = None) -> Any:
        """A shape-(1,) word holding ``value`` (0 <= value < 2**32)."""
        if self.signed and value > 0x7FFFFFFF:
            value -= 1 << 32
        return self.xp.asarray([value], dtype=self.dtype, device=device)

    def shr(self, x: Any, r: int) -> Any:
        """Logical right shift by ``r`` (0 < r < 32)."""
        y = self.xp.bitwise_right_shift(x, r)
        return self.xp.bitwise_and(y, (1 << (32 - r)) - 1) if self.signed else y

    def rotl(self, x: Any, r: int) -> Any:
        xp = self.xp
        return xp.bitwise_or(xp.bitwise_left_shift(x, r), self.shr(x, 32 - r))

    def sortable(self, x: Any) -> Any:
        """Words whose order (as the dtype orders them) is the uint32 order of ``x``."""
        if not self.signed:
            return x
        return self.xp.bitwise_xor(x, -(1 << 31))  # flip the sign bit

    def as_int64(self, x: Any) -> Any:
        """The uint32 values of ``x`` as int64 (0 <= v < 2**32)."""
        xp = self.xp
        y = xp.astype(x, xp.int64)
        return xp.bitwise_and(y, MASK) if self.signed else y


class OperatorWords(Words):
    """``Words`` by the arrays' own operators (see the module docstring)."""

    def add(self, x: Any, y: Any) -> Any:
        return x + y

    def xor(self, x: Any, y: Any) -> Any:
        return x ^ y

    def shr(self, x: Any, r: int) -> Any:
        return (x >> r) & ((1 << (32 - r)) - 1) if self.signed else x >> r

    def rotl(self, x: Any, r: int) -> Any:
        return (x << r) | self.shr(x, 32 - r)


def threefry2x32(w: Words, k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """Threefry-2x32 of the counter words ``(x0, x1)`` under key ``(k0, k1)`` (broadcasting),
    as ``jax._src.prng.threefry_2x32`` computes it: the same bits. ``x0=None``: all zero."""
    add, xor = w.add, w.xor
    ks = (k0, k1, xor(xor(k0, k1), PARITY))
    x0 = ks[0] if x0 is None else add(x0, ks[0])
    x1 = add(x1, ks[1])
    for block in range(5):
        for r in ROTATIONS[block % 2]:
            x0 = add(x0, x1)
            x1 = xor(x0, w.rotl(x1, r))
        x0 = add(x0, ks[(block + 1) % 3])
        x1 = add(x1, add(ks[(block + 2) % 3], block + 1))
    return x0, x1
