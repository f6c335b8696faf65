"""How the runner talks to each framework: conversion to and from NumPy inputs, placement on
the chosen device, synchronisation, compilation."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

FRAMEWORKS = ("numpy", "torch", "jax", "tensorflow", "mxnet", "mlx", "paddle", "cupy")
#: Where the study places arrays (``--device``): the standard's ``asarray(..., device=)``.
DEVICES = ("cpu", "cuda")
#: Frameworks the study runs on the CPU only (cupy, on a GPU only, is NumPy's GPU twin).
CPU_ONLY = ("numpy", "tensorflow", "mxnet", "mlx", "paddle")


@dataclass
class Framework:
    """How the runner talks to one framework: conversion, synchronisation, compilation."""

    name: str
    module: Any
    version: str
    asarray: Callable[[np.ndarray], Any]
    to_numpy: Callable[[Any], np.ndarray]
    sync: Callable[[Any], None]
    compiler: str | None = None  # name of the framework's function compiler, if any
    compile: Callable[[Callable], Callable] | None = None
    differentiates: bool = True
    native: Any = None  # benchmarks.native.<name>_
    device: str = "cpu"  # where its arrays are (--device)


def _leaves(out: Any) -> list:
    return list(out) if isinstance(out, (tuple, list)) else [out]


#: Where compiled programs are cached between runs (set by ``main``; absent: no cache).
_CACHE: dict[str, Path] = {}


def enable_compile_caches(cache_dir: Path) -> None:
    """Persistent compile caches for jax and TF's XLA (torch's Inductor caches by default).

    Must run before TensorFlow is imported: TF reads ``TF_XLA_FLAGS`` once."""
    _CACHE["dir"] = cache_dir
    cache_dir.mkdir(parents=True, exist_ok=True)
    if "tensorflow" not in sys.modules:
        flags = os.environ.get("TF_XLA_FLAGS", "")
        if "persistent_cache_directory" not in flags:
            os.environ["TF_XLA_FLAGS"] = (
                f"{flags} --tf_xla_persistent_cache_directory={cache_dir / 'tf'}").strip()


def installed(name: str) -> bool:
    """Whether framework ``name`` is installed here, by arraykit's registry row (found with
    code, not a bare folder of its name; nothing is imported)."""
    from arraykit import _registry

    row = next((b for b in _registry.BACKENDS if b.name == name), None)
    return row is not None and row.installed()


class UnavailableError(Exception):
    """A framework installed here that cannot run on the chosen device (the message says why)."""


def load_framework(name: str, device: str = "cpu",
                   skipped: dict[str, str] | None = None) -> Framework | None:
    """The Framework for ``name`` with its arrays on ``device`` ("cpu" or "cuda"), or None if
    it is not installed here or cannot use that device; then the reason is printed and, with
    ``skipped``, recorded there by name."""
    if device not in DEVICES:
        raise ValueError(f"unknown device {device!r}; choose from {DEVICES}")
    try:
        fw = _load(name, device)
    except ImportError:
        return None
    except UnavailableError as e:
        print(f"skipped {name} on {device}: {e}", file=sys.stderr)
        if skipped is not None:
            skipped[name] = str(e)
        return None
    fw.device = device
    fw.native = importlib.import_module(f"benchmarks.native.{name}_")
    return fw


def _load(name: str, device: str) -> Framework:
    cuda = device == "cuda"
    if name in CPU_ONLY and cuda:
        raise UnavailableError(f"the study runs {name} on the CPU only (--device cuda: "
                          f"{', '.join(f for f in FRAMEWORKS if f not in CPU_ONLY)})")
    if name == "numpy":
        return Framework("numpy", np, np.__version__, np.asarray, np.asarray,
                         lambda out: None, differentiates=False)
    if name == "torch":
        import torch

        if cuda and not torch.cuda.is_available():
            raise UnavailableError(f"torch {torch.__version__} sees no CUDA device")
        # The standard's placement: asarray(..., device=); the CPU needs no synchronisation.
        dev = torch.device(device)
        sync = (lambda out: torch.cuda.synchronize()) if cuda else (lambda out: None)
        return Framework("torch", torch, torch.__version__,
                         lambda a: torch.asarray(a, device=dev),
                         lambda x: x.detach().cpu().numpy(), sync,
                         compiler="torch.compile", compile=torch.compile)
    if name == "jax":
        import jax
        import jax.numpy as jnp

        try:
            dev = jax.devices("gpu" if cuda else "cpu")[0]
        except RuntimeError as e:
            raise UnavailableError(f"jax {jax.__version__} has no {device} backend ({e})") from None
        if dev != jax.devices()[0]:
            # Arrays the workloads create (jnp.arange...) go where the inputs are.
            jax.config.update("jax_default_device", dev)
        if "dir" in _CACHE:
            # Persistent XLA cache (--cache-dir): a rerun loads programs from disk, and
            # the "first call" column then shows loading, not compiling.
            jax.config.update("jax_compilation_cache_dir", str(_CACHE["dir"] / "jax"))
        return Framework("jax", jax, jax.__version__, lambda a: jnp.asarray(a, device=dev),
                         np.asarray, jax.block_until_ready, compiler="jax.jit",
                         compile=jax.jit)
    if name == "cupy":
        import cupy

        if not cuda:
            raise UnavailableError("cupy arrays live on a GPU: run with --device cuda")
        try:
            count = cupy.cuda.runtime.getDeviceCount()
        except cupy.cuda.runtime.CUDARuntimeError as e:
            raise UnavailableError(f"cupy {cupy.__version__} finds no CUDA device ({e})") from None
        if not count:
            raise UnavailableError(f"cupy {cupy.__version__} finds no CUDA device")
        import array_api_compat.cupy as cxp

        dev = cupy.cuda.Device(0)

        def cupy_sync(out: Any) -> None:
            cupy.cuda.get_current_stream().synchronize()

        # No function compiler, no autodiff: the NumPy code's GPU twin.
        return Framework("cupy", cupy, cupy.__version__, lambda a: cxp.asarray(a, device=dev),
                         cupy.asnumpy, cupy_sync, differentiates=False)
    if name == "tensorflow":
        import tensorflow as tf

        return Framework("tensorflow", tf, tf.__version__, tf.constant,
                         lambda x: x.numpy(), lambda out: None,
                         compiler="tf.function(jit_compile=True)",
                         compile=lambda f: tf.function(f, jit_compile=True))
    if name == "mxnet":
        import mxnet
        from mxnet import np as mnp
        from mxnet import npx

        npx.set_np()

        def mx_sync(out: Any) -> None:
            # MXNet's engine is asynchronous: wait for every result of the call.
            for leaf in _leaves(out):
                leaf.wait_to_read()

        # No function compiler: MXNet compiles Gluon HybridBlocks, not functions.
        return Framework("mxnet", mxnet, mxnet.__version__, mnp.array,
                         lambda x: x.asnumpy(), mx_sync)
    if name == "mlx":
        import mlx.core as mx

        def mlx_array(a: np.ndarray) -> Any:
            # mx.array alone turns float64 into float32: keep the input's dtype.
            return mx.array(a, dtype=getattr(mx, "bool_" if a.dtype == bool else a.dtype.name))

        def mlx_sync(out: Any) -> None:
            # MLX is lazy: evaluate every result of the call.
            mx.eval(*_leaves(out))

        return Framework("mlx", mx, mx.__version__, mlx_array, np.asarray, mlx_sync,
                         compiler="mx.compile", compile=mx.compile)
    if name == "paddle":
        # arraykit's namespace imports Paddle safely after TensorFlow (a plain import of
        # Paddle 3.3.1 after TF 2.21 segfaults; arraykit/shims/paddle/_dtypes.py).
        importlib.import_module("arraykit.shims.paddle")
        import paddle

        # Eager only: paddle.jit.to_static cannot trace code that calls arraykit's
        # namespace (arraykit.ext.jit runs it eagerly, with a warning).
        return Framework("paddle", paddle, paddle.__version__, paddle.to_tensor,
                         lambda x: x.numpy(), lambda out: None)
    raise ValueError(f"unknown framework {name!r}; choose from {FRAMEWORKS}")
