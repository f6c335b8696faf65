"""The backends a differential run compares, and the conversions to and from NumPy.

Arrays are built with each registry row's ``make_array`` (native arrays in) and results come
back to NumPy through the framework's own exporter (native arrays out), so the harness sees
exactly what a user of ``arraykit.array_namespace`` sees.
"""

from __future__ import annotations

import importlib
import os
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np

import arraykit
from arraykit._registry import BY_NAME

from .spec import CATEGORIES

#: Compared in the main environment; the first one is the reference.
MAIN_BACKENDS = ("array_api_strict", "numpy", "torch", "jax", "paddle", "tensorflow", "mlx")
#: Compared in the mxnet environment (numpy 1.23 is the reference there).
MXNET_BACKENDS = ("numpy", "mxnet")

#: Dtypes MXNet 1.9 cannot hold (framework-semantics notes; checked by the bad-input table).
MXNET_MISSING_DTYPES = frozenset(
    {"int16", "uint16", "uint32", "uint64", "complex64", "complex128"}
)
#: torch 2.13's "shell" dtypes, which arraykit's torch namespace refuses with a TypeError
#: (arraykit/shims/torch/_dtypes.py says why); the bad-input table checks the refusal.
TORCH_SHELL_DTYPES = frozenset({"uint16", "uint32", "uint64"})
#: MLX 0.32.4 has no complex128 (arraykit's mlx namespace refuses it with a TypeError).
MLX_MISSING_DTYPES = frozenset({"complex128"})
#: Paddle 3.3.1 has no usable uint16 (its bfloat16 storage type), uint32 or uint64 on CPU
#: (arraykit's paddle namespace refuses them with a TypeError).
PADDLE_MISSING_DTYPES = frozenset({"uint16", "uint32", "uint64"})


@dataclass
class Backend:
    """One framework under test: how to build its arrays and read its results."""

    name: str
    xp: Any

    def make(self, a: np.ndarray) -> Any:
        """NumPy array -> native array of the same dtype and shape."""
        if self.name == "jax":
            # The registry's jnp.asarray compiles a conversion per (shape, dtype) (~50 ms on
            # this machine); device_put makes the same native jax.Array without compiling.
            import jax

            return jax.device_put(a)
        return BY_NAME[self.name].make_array(a)

    def supports(self, dtype: str) -> bool:
        """Whether this backend can hold ``dtype`` at all (MXNet lacks some; arraykit's torch
        namespace refuses torch's shell dtypes, which have no kernels)."""
        if self.name == "mxnet":
            return dtype not in MXNET_MISSING_DTYPES
        if self.name == "mlx":
            return dtype not in MLX_MISSING_DTYPES
        if self.name == "paddle":
            return dtype not in PADDLE_MISSING_DTYPES
        return not (self.name == "torch" and dtype in TORCH_SHELL_DTYPES)

    def to_numpy(self, x: Any) -> np.ndarray:
        """Native array -> NumPy copy (no arraykit code in between)."""
        name = self.name
        if name == "torch":
            return x.detach().cpu().resolve_conj().resolve_neg().numpy()
        if name == "tensorflow":
            return np.asarray(x.numpy())
        if name == "mxnet":
            return x.asnumpy()
        if name == "paddle":
            return x.numpy()
        if name == "array_api_strict":
            return np.asarray(x._array)  # the wrapped NumPy array; strict has no __array__
        return np.asarray(x)

    def is_array(self, x: Any) -> bool:
        return BY_NAME[self.name].is_array(x)

    def dtype_name(self, dt: Any) -> str | None:
        """A dtype object of this namespace -> its standard name (None: not one of them)."""
        for name in CATEGORIES["any"]:
            ours = getattr(self.xp, name, None)
            if ours is not None and dt == ours:
                return name
        return None


def _prepare_environment() -> None:
    # Quiet TensorFlow, and make JAX hold float64/int64 as the other backends do; both must
    # happen before the frameworks are imported.
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("JAX_ENABLE_X64", "1")
    warnings.filterwarnings("ignore")


def load_backends(names: tuple[str, ...] | None = None) -> list[Backend]:
    """The backends available in this environment, reference first.

    In the mxnet environment (mxnet importable) that is numpy + mxnet; otherwise the main set.
    ``names`` restricts the set (the reference is always kept).
    """
    _prepare_environment()
    try:
        import mxnet  # noqa: F401 - only probes for the mxnet environment

        wanted = MXNET_BACKENDS
    except ImportError:
        wanted = MAIN_BACKENDS
    if names:
        wanted = tuple(n for n in wanted if n == wanted[0] or n in names)
    out = []
    for name in wanted:
        if name == "jax":
            import jax

            jax.config.update("jax_enable_x64", True)
        if name == "paddle":
            try:
                # arraykit's import of Paddle survives a TensorFlow loaded before it
                # (arraykit/shims/paddle/_dtypes.py); a plain ``import paddle`` would not.
                importlib.import_module("arraykit.shims.paddle")
            except ImportError:
                continue
        try:
            xp = arraykit.array_namespace(BY_NAME[name].make_array(np.zeros(1)))
        except ImportError:
            continue  # framework not installed here: nothing to compare
        out.append(Backend(name, xp))
    return out
