"""PyTorch: torch 2.13 has ``torch.uint32`` but no add, shifts or arange for it on CPU
("add_stub not implemented for 'UInt32'"), and arraykit's torch namespace refuses that
"shell" dtype (c450a1b), so the words are int32 bit patterns and keys and ``bits`` are handed
out as int64 holding the uint32 values (0 <= v < 2**32), as on MXNet. The words are combined
by torch's operators (``_threefry.OperatorWords``).

Eager CPU tensors draw on the host (``_host.c``, shared memory via ``torch.from_numpy``): the
portable generator's ~115 kernel launches cost 1.6 ms for 40960 normals, ``torch.randn``
0.2 ms. Under ``torch.compile`` (TorchDynamo traces into this), in ``torch.func`` transforms
that wrap the key, on other devices and for tracer tensors the portable code runs."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._common import Portable, host_words, key_words
from ._threefry import OperatorWords


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"
    WORDS = OperatorWords  # torch's int32 operators wrap and keep int32 with Python ints

    def __init__(self, xp: Any, device_of: Any) -> None:
        super().__init__(xp, device_of)
        import torch  # loaded already: a torch tensor exists whenever this runs
        from torch._C._functorch import is_functorch_wrapped_tensor
        from torch.jit._trace import is_tracing

        self._torch = torch
        self._wrapped = is_functorch_wrapped_tensor
        self._tracing = is_tracing

    def _eager_cpu(self, x: Any) -> bool:
        torch = self._torch  # (is_cpu: 0.2 us, device.type: 0.4-1.4 us)
        return (type(x) is torch.Tensor and x.is_cpu and not torch.compiler.is_compiling()
                and not self._tracing() and not self._wrapped(x))

    def host_key(self, key: Any) -> tuple[int, int] | None:
        return host_words(key.tolist()) if self._eager_cpu(key) else None

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        return self._torch.from_numpy(a)

    def host_new_key(self, seed: int, like: Any) -> Any:
        # torch.tensor([a, b], dtype=torch.int64) 4.2 us, this 1.6 us
        if self._eager_cpu(like):
            return self._torch.from_numpy(np.array(key_words(seed), dtype=np.int64))
        return None
