"""PaddlePaddle 3.3.1 has no usable uint32 on CPU (``paddle.uint32`` tensors cannot be built
from NumPy data and have no kernels), and arraykit's Paddle namespace refuses it, so the words
are int32 bit patterns and keys and ``bits`` are handed out as int64 holding the uint32
values (0 <= v < 2**32), as on torch and MXNet."""

from __future__ import annotations

from ._common import Portable


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"
