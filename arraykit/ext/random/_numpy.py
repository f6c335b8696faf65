"""NumPy: the portable generator over uint32 words, and every draw on the host path
(``_host.c``): a NumPy key is always a concrete CPU array, and the result is the NumPy
array the C loop filled."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._common import Portable, host_words, key_words


class Impl(Portable):
    def host_key(self, key: Any) -> tuple[int, int] | None:
        return host_words(key.tolist()) if type(key) is np.ndarray else None

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        return a

    def host_new_key(self, seed: int, like: Any) -> Any:
        return np.array(key_words(seed), dtype=np.uint32) if type(like) is np.ndarray else None
