"""TensorFlow: the portable generator over uint32 words, and eager CPU keys on the host path
(``_host.c``).

Eagerly the portable generator is ~115 TF ops per draw, each a pass over memory: 10**7
float32 uniforms took 14-22x ``tf.random.Generator``'s time. One XLA program
(``tf.function(jit_compile=True)``) fuses them, but XLA compiles once per shape (seconds for
10**7 words), which an eager caller drawing new shapes pays again and again. The host path
has no compilation: Threefry in C into a 64-byte-aligned NumPy buffer that TensorFlow takes
over without a copy (DLPack; Eigen's kernels need the alignment, ``_common.aligned``).

An ``EagerTensor`` key on a CPU while TF executes eagerly draws on the host. Inside a
``tf.function`` (``arraykit.ext.jit``'s compiler) the key is a symbolic tensor, or an eager
one captured from outside while TF builds a graph: the portable code runs and becomes part
of the graph, as before."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._common import Portable, aligned, aligned_empty, host_words


class Impl(Portable):
    def __init__(self, xp: Any, device_of: Any) -> None:
        super().__init__(xp, device_of)
        import tensorflow as tf  # loaded already: a TF tensor exists whenever this runs
        from tensorflow.experimental.dlpack import (  # pyright: ignore[reportMissingImports]
            from_dlpack,  # (TF's lazy module, which its stubs do not list)
        )

        self._eager = type(tf.constant(0))  # EagerTensor, which TF does not export
        self._executing_eagerly = tf.executing_eagerly
        self._from_dlpack = from_dlpack

    def host_key(self, key: Any) -> tuple[int, int] | None:
        if (type(key) is not self._eager or not self._executing_eagerly()
                or not key.device.endswith(":CPU:0")):
            return None
        return host_words(key.numpy().tolist())

    def host_empty(self, n: int, dtype: np.dtype) -> np.ndarray:
        return aligned_empty(n, dtype)

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        return self._from_dlpack(aligned(a).__dlpack__())
