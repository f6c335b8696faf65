"""MLX: uint32 words (MLX has uint32 arithmetic) combined by MLX's operators
(``_threefry.OperatorWords``), and Threefry compiled with ``mx.compile``: eagerly its ~120
elementwise ops are ~120 kernel launches (about 35 us each for 20480 words on CPU); compiled
they fuse into one. Integer arithmetic is exact, so the bits are the same compiled or not
(``tests/ext/test_random.py`` compares them with jax.random's)."""

from __future__ import annotations

from typing import Any

from ._common import Portable
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
