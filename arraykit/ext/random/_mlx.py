"""MLX: uint32 words (MLX has uint32 arithmetic) combined by MLX's operators
(``_threefry.OperatorWords``), and Threefry compiled with ``mx.compile``: eagerly its ~120
elementwise ops are ~120 kernel launches (about 35 us each for 20480 words on CPU); compiled
they fuse into one. Integer arithmetic is exact, so the bits are the same compiled or not
(``tests/ext/test_random.py`` compares them with jax.random's).

A key whose values can be read draws on the host (``_host.c``) and the result becomes an MLX
array (a copy): eager MLX runs each op as a kernel, ~2.5 ms for 40960 normals against
``mx.random.normal``'s 1.0 ms. Inside ``mx.compile`` a key that is an input is a tracer,
reading it raises, and the compiled portable code runs."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._common import Portable, host_words
from ._threefry import OperatorWords, threefry2x32


class Impl(Portable):
    WORDS = OperatorWords

    def __init__(self, xp: Any, device_of: Any) -> None:
        super().__init__(xp, device_of)
        self._compiled: dict[bool, Any] = {}  # whether x0 is given -> the compiled function

    def threefry(self, k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
        import mlx.core as mx  # loaded already: an MLX array exists whenever this runs

        given = x0 is not None
        f = self._compiled.get(given)
        if f is None:
            w = self.w
            if given:
                f = mx.compile(lambda a, b, c, d: threefry2x32(w, a, b, c, d))
            else:
                f = mx.compile(lambda a, b, d: threefry2x32(w, a, b, None, d))
            self._compiled[given] = f
        return f(k0, k1, x0, x1) if given else f(k0, k1, x1)

    def host_key(self, key: Any) -> tuple[int, int] | None:
        try:
            return host_words(key.tolist())
        except ValueError:  # a tracer ("Attempting to eval an array during ... compile")
            return None

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        import mlx.core as mx

        return mx.array(a)
