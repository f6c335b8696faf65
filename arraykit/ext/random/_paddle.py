"""PaddlePaddle 3.3.1 has no usable uint32 on CPU (``paddle.uint32`` tensors cannot be built
from NumPy data and have no kernels), and arraykit's Paddle namespace refuses it, so the words
are int32 bit patterns and keys and ``bits`` are handed out as int64 holding the uint32
values (0 <= v < 2**32), as on torch and MXNet.

The words are combined by Paddle's operators, not the namespace's functions (whose checks
doubled the generator's time), with two Paddle-specific turns, measured on 20480 int32 words:
``^``/``&`` refuse a Python int and a shift by one costs ~220 us (the int becomes a tensor per
call), so constants are 0-d tensors made once (shift 70 us), and a left shift is the
multiplication by ``2**r`` it equals in wrapping int32 arithmetic (18 us), the wrap that the
additions already rely on."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._common import Portable, host_words
from ._threefry import OperatorWords


class PaddleWords(OperatorWords):
    def __init__(self, xp: Any, signed: bool) -> None:
        super().__init__(xp, signed)
        self._constants: dict[int, Any] = {}

    def _constant(self, value: int) -> Any:
        c = self._constants.get(value)
        if c is None:
            c = self._constants[value] = self.xp.asarray(value, dtype=self.dtype)
        return c

    def xor(self, x: Any, y: Any) -> Any:
        return x ^ (self._constant(y) if isinstance(y, int) else y)

    def shr(self, x: Any, r: int) -> Any:
        return (x >> self._constant(r)) & self._constant((1 << (32 - r)) - 1)

    def rotl(self, x: Any, r: int) -> Any:
        return (x * (1 << r)) | self.shr(x, 32 - r)


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"
    WORDS = PaddleWords

    @staticmethod
    def _eager_cpu(x: Any) -> bool:
        import paddle  # loaded already: a Paddle tensor exists whenever this runs

        return (isinstance(x, paddle.Tensor) and paddle.in_dynamic_mode()
                and x.place.is_cpu_place())

    def host_key(self, key: Any) -> tuple[int, int] | None:
        return host_words(key.tolist()) if self._eager_cpu(key) else None

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        # The namespace's constructor (its C init): 4.9 us where paddle.to_tensor costs 12.8.
        from ...shims.paddle._primitives import host_tensor

        return host_tensor(np.asarray(a, order="C"), key.place)

    def host_new_key(self, seed: int, like: Any) -> Any:
        # The namespace's asarray of a list (its checks, then Paddle's list constructor):
        # 67 us alone and ~620 us as the first operation of the study's rollouts call; one
        # to_tensor of a NumPy pair: 15 us alone; a copy of it (copied_key): 1.3 us.
        return self.copied_key(seed, like) if self._eager_cpu(like) else None
