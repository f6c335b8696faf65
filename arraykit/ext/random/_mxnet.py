"""MXNet 1.9: no uint32 (nor uint16/uint64) dtype at all. The words are int32 bit patterns
(int32 addition wraps, shifts work); keys and ``bits`` are handed out as int64 holding the
uint32 values (0 <= v < 2**32), so they print as ``jax.random`` keys do.

Eager MXNet pays tens of microseconds per op and a pass over memory for each of the portable
generator's ~115 ops: 10**7 float32 values took 260-870x ``mx.np.random``'s time. Keys that
are ``mx.np.ndarray`` on the CPU therefore draw on the host (``_host.c``): Threefry in C into
an aligned NumPy buffer that MXNet takes over without a copy (``mx.nd.from_numpy``, DLPack).
A hybridized block (``arraykit.ext.jit``) passes Symbols, which are not ndarrays and never
reach this path."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._common import Portable, aligned, aligned_empty, host_words, key_words


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"

    def __init__(self, xp: Any, device_of: Any) -> None:
        # An MXNet array's device is its context (arraykit.device needs the shim's attribute).
        super().__init__(xp, lambda x: x.ctx)
        # loaded already: an MXNet array exists whenever this runs (the main env has no mxnet)
        import mxnet as mx  # pyright: ignore[reportMissingImports]

        self._ndarray = mx.np.ndarray
        self._cpu = mx.cpu()
        self._from_numpy = mx.nd.from_numpy

    def host_key(self, key: Any) -> tuple[int, int] | None:
        if type(key) is not self._ndarray or key.ctx != self._cpu:
            return None
        return host_words(key.asnumpy().tolist())

    def host_empty(self, n: int, dtype: np.dtype) -> np.ndarray:
        return aligned_empty(n, dtype)

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        # zero_copy marks ``a`` read-only and keeps it alive as long as the ndarray lives
        return self._from_numpy(aligned(a), zero_copy=True, array_cls=self._ndarray)

    def host_new_key(self, seed: int, like: Any) -> Any:
        # The namespace's asarray of a list costs MXNet's list constructor and its checks.
        if type(like) is not self._ndarray or like.ctx != self._cpu:
            return None
        words = aligned_empty(2, np.dtype(np.int64))
        words[:] = key_words(seed)
        return self.from_host(words, like)
