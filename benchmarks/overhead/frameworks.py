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

FRAMEWORKS = ("numpy", "torch", "jax", "tensorflow", "mxnet")


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


def load_framework(name: str) -> Framework | None:
    """The Framework for ``name``, or None if it is not installed here."""
    try:
        if name == "numpy":
            fw = Framework("numpy", np, np.__version__, np.asarray, np.asarray,
                           lambda out: None, differentiates=False)
        elif name == "torch":
            import torch

            fw = Framework("torch", torch, torch.__version__, torch.asarray,
                           lambda x: x.detach().cpu().numpy(), lambda out: None,
                           compiler="torch.compile", compile=torch.compile)
        elif name == "jax":
            import jax
            import jax.numpy as jnp

            if "dir" in _CACHE:
                # Persistent XLA cache (--cache-dir): a rerun loads programs from disk, and
                # the "first call" column then shows loading, not compiling.
                jax.config.update("jax_compilation_cache_dir", str(_CACHE["dir"] / "jax"))
            fw = Framework("jax", jax, jax.__version__, jnp.asarray, np.asarray,
                           jax.block_until_ready, compiler="jax.jit", compile=jax.jit)
        elif name == "tensorflow":
            import tensorflow as tf

            fw = Framework("tensorflow", tf, tf.__version__, tf.constant,
                           lambda x: x.numpy(), lambda out: None,
                           compiler="tf.function(jit_compile=True)",
                           compile=lambda f: tf.function(f, jit_compile=True))
        elif name == "mxnet":
            import mxnet
            from mxnet import np as mnp
            from mxnet import npx

            npx.set_np()

            def mx_sync(out: Any) -> None:
                # MXNet's engine is asynchronous: wait for every result of the call.
                for leaf in _leaves(out):
                    leaf.wait_to_read()

            # No function compiler: MXNet compiles Gluon HybridBlocks, not functions.
            fw = Framework("mxnet", mxnet, mxnet.__version__, mnp.array,
                           lambda x: x.asnumpy(), mx_sync)
        else:
            raise ValueError(f"unknown framework {name!r}; choose from {FRAMEWORKS}")
    except ImportError:
        return None
    fw.native = importlib.import_module(f"benchmarks.native.{name}_")
    return fw

