"""PyTorch: torch 2.13 has ``torch.uint32`` but no add, shifts or arange for it on CPU
("add_stub not implemented for 'UInt32'"), and arraykit's torch namespace refuses that
"shell" dtype (c450a1b), so the words are int32 bit patterns and keys and ``bits`` are handed
out as int64 holding the uint32 values (0 <= v < 2**32), as on MXNet. The words are combined
by torch's operators (``_threefry.OperatorWords``).

Eager CPU tensors draw on the host (``_host.c``, shared memory via ``torch.from_numpy``): the
portable generator's ~115 kernel launches cost 1.6 ms for 40960 normals, ``torch.randn``
0.2 ms. Under ``torch.compile`` a CPU key draws through one custom operator
(``arraykit::host_draw``) that runs the same host kernel when the compiled program runs: the
traced portable generator is ~115 elementwise ops per word whose shared operands Inductor
re-expands while lowering them (a 64-value ``bits`` took ~60 s to compile, the rollouts
workload over 8 minutes); the operator compiles at once and gives the eager draws' bits.
Eagerly in ``torch.func`` transforms that wrap the key, on other devices, without the C
extension and for ``torch.jit`` tracing the portable code runs."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._common import Portable, _host, host_words
from ._threefry import OperatorWords

#: The host kernels the custom operator runs, by name: (words per draw, NumPy dtype they
#: fill). uint32 words are handed out as int32 bit patterns, as ``_host_words`` does.
_KERNELS = {"stream": (2, np.uint32), "bits": (1, np.uint32), "unit": (1, np.float32),
            "normal": (1, np.float32)}


def _host_draw(key: Any, kernel: str, n: int) -> Any:
    """``_host.<kernel>`` of ``n`` draws under the CPU ``key`` (a concrete tensor: this runs
    eagerly, also when a compiled program calls it), as a new CPU tensor."""
    import torch

    per_draw, dtype = _KERNELS[kernel]
    w0, w1 = host_words(key.tolist())
    out = np.empty(n * per_draw, dtype=dtype)
    getattr(_host, kernel)(w0, w1, out)
    return torch.from_numpy(out.view(np.int32) if dtype is np.uint32 else out)


def _fake_draw(key: Any, kernel: str, n: int) -> Any:
    import torch

    per_draw, dtype = _KERNELS[kernel]
    return key.new_empty((n * per_draw,),
                         dtype=torch.int32 if dtype is np.uint32 else torch.float32)


def _draw_per_key(info: Any, in_dims: Any, key: Any, kernel: str, n: int) -> Any:
    """The operator under ``torch.func.vmap``: one draw per key of a batch of keys (what the
    portable path computes from each key's words), batched along axis 0."""
    import torch

    if in_dims[0] is None:
        return _op(key, kernel, n), None
    keys = key.movedim(in_dims[0], 0)
    return torch.stack([_op(keys[i], kernel, n) for i in range(keys.shape[0])]), 0


_op: Any = None
#: The ``torch.library.Library`` that defines the operator (kept: dropping it undefines it).
_library: Any = None


def _custom_op() -> Any:
    """``torch.ops.arraykit.host_draw.default``, defined once, when the first torch key is made
    or used (eagerly: TorchDynamo cannot trace the registration). Defined with
    ``torch.library.Library`` and its CPU kernel the Python function: a call costs 3.7 us of
    dispatch over ``_host_draw`` where ``torch.library.custom_op``'s wrapper cost 10.5 (64
    normals, CPU time), one call per draw in a compiled program (the rollouts workload's
    0.27 ms compiled call draws once)."""
    global _op, _library  # noqa: PLW0603
    if _op is None:
        import torch

        try:  # defined already (this module loaded again): reuse it
            _op = torch.ops.arraykit.host_draw.default
            return _op
        except (AttributeError, RuntimeError):
            pass
        lib = torch.library.Library("arraykit", "DEF")
        lib.define("host_draw(Tensor key, str kernel, SymInt n) -> Tensor")
        lib.impl("host_draw", _host_draw, "CPU")
        torch.library.register_fake("arraykit::host_draw", _fake_draw, lib=lib)
        torch.library.register_vmap("arraykit::host_draw", _draw_per_key, lib=lib)
        _library = lib
        _op = torch.ops.arraykit.host_draw.default
    return _op


class Impl(Portable):
    SIGNED = True
    KEY_DTYPE = "int64"
    WORDS = OperatorWords  # torch's int32 operators wrap and keep int32 with Python ints

    def __init__(self, xp: Any, device_of: Any) -> None:
        super().__init__(xp, device_of)
        import torch  # loaded already: a torch tensor exists whenever this runs
        from torch._C._functorch import is_functorch_wrapped_tensor

        self._torch = torch
        self._wrapped = is_functorch_wrapped_tensor
        # torch.jit.is_tracing without its Python frame (whose is_scripting test is False in
        # Python code): read after is_compiling, so TorchDynamo never traces it.
        self._tracing = torch._C._is_tracing
        self._draw: Any = None if _host is None else _custom_op()

    def _eager_cpu(self, x: Any) -> bool:
        torch = self._torch  # (is_cpu: 0.2 us, device.type: 0.4-1.4 us)
        return (type(x) is torch.Tensor and x.is_cpu and not torch.compiler.is_compiling()
                and not self._tracing() and not self._wrapped(x))

    def host_key(self, key: Any) -> tuple[int, int] | None:
        return host_words(key.tolist()) if self._eager_cpu(key) else None

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        return self._torch.from_numpy(a)

    def _compiled_cpu(self, key: Any) -> bool:
        """Whether ``key`` is a CPU tensor TorchDynamo is tracing: its draws go through
        ``_custom_op`` (a batch of keys under ``torch.func.vmap`` too: ``_draw_per_key``)."""
        return self._draw is not None and self._torch.compiler.is_compiling() and key.is_cpu

    def _stream(self, key: Any, shape: tuple[int, ...]) -> tuple[Any, Any]:
        if self._compiled_cpu(key):
            n = math.prod(shape)
            y = self._draw(key, "stream", n)
            return y[:n], y[n:]
        return super()._stream(key, shape)

    def raw_bits(self, key: Any, shape: tuple[int, ...]) -> Any:
        if self._compiled_cpu(key):
            return self._draw(key, "bits", math.prod(shape))
        return super().raw_bits(key, shape)

    def _host_unit(self, key: Any, shape: tuple[int, ...], dtype: str) -> Any:
        if dtype == "float32" and self._compiled_cpu(key):
            return self._draw(key, "unit", math.prod(shape)).reshape(shape)
        return super()._host_unit(key, shape, dtype)

    def normal(self, key: Any, shape: tuple[int, ...], dtype: str) -> Any:
        if self._compiled_cpu(key):  # float32, the only dtype normal draws
            return self._draw(key, "normal", math.prod(shape)).reshape(shape)
        return super().normal(key, shape, dtype)

    def host_new_key(self, seed: int, like: Any) -> Any:
        # A copy of the key made once (copied_key): as the rollouts call's first call 10.8 us,
        # from_numpy of a NumPy pair 16.2, torch.tensor of the words 29.7.
        return self.copied_key(seed, like) if self._eager_cpu(like) else None
