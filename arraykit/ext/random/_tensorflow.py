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
one captured from outside while TF builds a graph: the portable code runs. Its ~115 Threefry
ops (and ``normal``'s ~40 more) as graph ops are one pass over memory each on TF's executor;
that cost hid behind inter-op threads until the study ran on one thread (CPU time). So in a
graph Threefry, and ``normal`` whole, are each one ``tf.function(jit_compile=True)`` program
called from the graph (a ``PartitionedCall``; inlined where the caller is XLA already; pfor
vectorises it under ``vmap``), compiled once per shape, as the graph itself is traced once per
shape. Same bits (integer arithmetic is exact in XLA); ``normal``'s log1p and sqrt are XLA's,
as under ``arraykit.ext.jit``'s default XLA path. TF 2.21, 40960 normals, one thread, CPU
time per call: graph ops 1.72 ms, Threefry fused 1.13 ms, ``normal`` fused 0.63 ms
(``tf.random.stateless_normal``, Philox, 0.59 ms with its seed an argument).

A key whose value the graph fixes (a constant of the graph, as ``key(seed)`` builds it there,
or an eager key captured from outside: ``tf.get_static_value`` knows it) draws a constant:
the host path runs while the graph is traced and the draw is a ``Const`` of the graph (up to
``FOLD_BYTES``, Grappler's own limit for folding). That is what Grappler does to TF's own
``tf.random.stateless_normal`` with a constant seed and shape (the native rollouts' noise costs
nothing per call), and the values are the eager draw's, bit for bit."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._common import Portable, aligned, aligned_empty, host_words
from ._threefry import Words, threefry2x32

#: The largest draw (bytes) that a key fixed by the graph folds into a constant: Grappler's
#: limit for a folded constant (``kMaxConstantSize``, 10 MiB); larger draws run the program.
FOLD_BYTES = 10 * 1024 * 1024


class RawWords(Words):
    """Threefry's uint32 words by TF's own ops. The namespace's shifts follow the standard
    for any shift amount (>= 32 gives 0: ``GreaterEqual``, ``ZerosLike`` and two ``SelectV2``
    around each shift op); Threefry's amounts are Python ints in (0, 32), where TF's shift is
    already exact. A 40960-normal draw in a graph: 503 ops (92 ``SelectV2``) -> 257."""

    def __init__(self, xp: Any, signed: bool) -> None:
        super().__init__(xp, signed)
        import tensorflow as tf

        self._add = tf.math.add
        self._xor = tf.bitwise.bitwise_xor
        self._or = tf.bitwise.bitwise_or
        self._shl = tf.bitwise.left_shift
        self._shr = tf.bitwise.right_shift

    def add(self, x: Any, y: Any) -> Any:
        return self._add(x, y)

    def xor(self, x: Any, y: Any) -> Any:
        return self._xor(x, y)

    def shr(self, x: Any, r: int) -> Any:
        return self._shr(x, r)

    def rotl(self, x: Any, r: int) -> Any:
        return self._or(self._shl(x, r), self._shr(x, 32 - r))


class Impl(Portable):
    WORDS = RawWords

    def __init__(self, xp: Any, device_of: Any) -> None:
        super().__init__(xp, device_of)
        import tensorflow as tf  # loaded already: a TF tensor exists whenever this runs
        from tensorflow.experimental.dlpack import (  # pyright: ignore[reportMissingImports]
            from_dlpack,  # (TF's lazy module, which its stubs do not list)
        )

        with tf.init_scope():  # eager even where the first draw comes while a graph is built
            self._eager = type(tf.constant(0))  # EagerTensor, which TF does not export
        self._executing_eagerly = tf.executing_eagerly
        self._from_dlpack = from_dlpack
        self._static_value = tf.get_static_value
        self._graph_constant = tf.constant
        # One XLA program each, called from the graph being built (see the module docstring).
        # Threefry's shapes are relaxed (one trace for every length; XLA compiles per shape).
        w = self.w
        self._xla_threefry = tf.function(lambda k0, k1, x0, x1: threefry2x32(w, k0, k1, x0, x1),
                                         jit_compile=True, autograph=False, reduce_retracing=True)
        self._xla_normal = tf.function(lambda key, shape, dtype: Portable.normal(
            self, key, shape, dtype), jit_compile=True, autograph=False)

    def threefry(self, k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
        if self._executing_eagerly():
            return threefry2x32(self.w, k0, k1, x0, x1)
        return self._xla_threefry(k0, k1, x0, x1)

    def normal(self, key: Any, shape: tuple[int, ...], dtype: str) -> Any:
        if self._executing_eagerly():
            return super().normal(key, shape, dtype)
        host = self._on_host(key, "normal", math.prod(shape), np.float32)
        if host is not None:  # a key the graph fixes: the draw is a constant
            return self.from_host(host.reshape(shape), key)
        return self._xla_normal(key, shape, dtype)

    def _on_host(self, key: Any, kernel_name: str, n: int, dtype: Any,
                 per_draw: int = 1) -> np.ndarray | None:
        # A draw folded into a graph is a constant of it: up to Grappler's limit.
        if (not self._executing_eagerly()
                and n * per_draw * np.dtype(dtype).itemsize > FOLD_BYTES):
            return None
        return super()._on_host(key, kernel_name, n, dtype, per_draw)

    def host_key(self, key: Any) -> tuple[int, int] | None:
        """An eager CPU key; or, while a graph is built, a key whose value the graph fixes
        (``key(seed)`` built in it, an eager key captured from outside): its draw runs now,
        on the host, and becomes a constant of the graph (the module docstring)."""
        if self._executing_eagerly():
            if type(key) is not self._eager or not key.device.endswith(":CPU:0"):
                return None
            return host_words(key.numpy().tolist())
        value = self._static_value(key)
        if value is None or value.shape != (2,):
            return None
        return host_words(value.tolist())

    def host_empty(self, n: int, dtype: np.dtype) -> np.ndarray:
        return aligned_empty(n, dtype)

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        if not self._executing_eagerly():  # a draw folded while a graph is built
            return self._graph_constant(a)
        return self._from_dlpack(aligned(a).__dlpack__())
