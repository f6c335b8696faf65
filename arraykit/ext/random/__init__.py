"""``arraykit.ext.random``: reproducible random numbers, the same on every framework.

Functional and explicit like ``jax.random``: no global state; a key is a native array (a
``uint32`` pair; ``int64`` holding the pair's values on MXNet, which has no uint32), so it
passes through ``jit``, ``vmap`` and ``scan`` as data::

    from arraykit.ext import random

    k = random.key(0, like=x)                 # on x's framework and device
    k, sub = random.split(k)                  # split(k, n) -> n keys, shape (n, 2)
    noise = random.normal(sub, (3, 4))        # float32, native array

The generator is Threefry-2x32, ``jax.random``'s default, written once over the standard
namespace; on JAX it is ``jax.random`` itself. What is the same where:

===========================================  ==============================================
``key``, ``split``, ``fold_in``, ``bits``,   the same bits on every backend, equal to
``uniform``, ``integers``, ``bernoulli``,    ``jax.random``'s (``jax_threefry_partitionable``
``permutation``, ``choice`` (no ``p``)       layout, JAX's default; pinned on for JAX calls)
``normal``                                   the same algorithm as ``jax.random.normal``
                                             (sqrt(2) erfinv(u), XLA's erfinv polynomial);
                                             log1p and sqrt are each framework's own, so
                                             values agree to a few ulp, not to the bit
``choice`` with ``p``                        as exact as each framework's cumsum/log
===========================================  ==============================================

``uniform`` is exact because its floats are ``(bits >> 9) * 2**-23`` (float32; float64 uses
52 bits of the 64-bit stream), which is what jax's bitcast-and-subtract computes, with no
rounding on either side. Defaults follow ``jax.random`` without x64: float32, int32.
``key(seed)`` is ``[seed >> 32, seed & 0xFFFFFFFF]`` (seed in [-2**63, 2**64)); it equals
``jax.random.PRNGKey(seed)`` for seeds in [0, 2**32).

Works eagerly and inside ``arraykit.ext.jit.jit`` (and each framework's own compiler) on jax,
tensorflow and torch. The portable generator costs ~115 elementwise passes per 32-bit word.
Eager CPU keys of NumPy, torch, TensorFlow, MXNet, MLX and Paddle draw on the host instead:
Threefry (and, for float32 ``uniform`` and ``normal``, the whole sampler) runs in C
(``_host.c``, an optional extension; AVX2 kernels where the CPU has AVX2) over a NumPy buffer
that becomes the framework's array, the same bits as the portable code's. Keys inside a trace
(``torch.compile``, ``tf.function``, ``mx.compile``, a hybridized MXNet block,
``paddle.jit.to_static``, functorch transforms), on other devices, or without the extension
take the portable path.
``benchmarks/random_throughput.py`` measures both against each framework's own generator.
"""

from __future__ import annotations

import math
from typing import Any

from ..._dispatch import backend_of_type
from .._lookup import import_own_modules, type_lookup, type_name
from . import _common

__all__ = [
    "bernoulli",
    "bits",
    "choice",
    "fold_in",
    "integers",
    "key",
    "normal",
    "permutation",
    "split",
    "uniform",
]

# Every backend's ``_<name>.py`` here (found by name) is loaded now: _impl finds it then.
import_own_modules(__name__)

def _refuse(fname: str, cls: type) -> TypeError:
    return TypeError(f"{fname}: expected a key (an array made by key(seed, like=...)) of a "
                     f"registered library, got {type_name(cls)}; make one with key(seed)")


def _build(backend: Any, module: Any) -> _common.Portable:
    from ... import device

    return getattr(module, "Impl", _common.Portable)(backend.load_namespace(), device)


#: array type -> implementation: the backend's ``Impl`` (``_<backend>.py``), else Portable.
_lookup = type_lookup(__name__, None, _refuse, _build)


def _impl(fname: str, x: Any) -> _common.Portable:
    return _lookup(type(x), fname)


#: array type -> its backend's ``host_new_key``, where it has one: the first thing ``key`` tries
#: for a ``like`` of that type (a workload that makes its key in every call pays the front's
#: checks and lookups there, with cold caches: torch rollouts, 2026-12-07).
_new_keys: dict[type, Any] = {}


def _key_impl(fname: str, key: Any) -> _common.Portable:
    impl = _impl(fname, key)
    _common.check_key(fname, tuple(key.shape))
    return impl


def key(seed: int, *, like: Any = None) -> Any:
    """A key for ``seed`` (an int in [-2**63, 2**64)): a shape-(2,) native array of ``like``'s
    framework (an array, on its device, or a namespace such as
    ``arraykit.array_namespace(x)``); NumPy when ``like`` is None."""
    new_key = _new_keys.get(type(like))
    if new_key is not None and type(seed) is int and seed in _common.SEEDS:
        made = new_key(seed, like)  # the usual call, past check_seed and the lookups
        if made is not None:
            return made
        # Its backend makes no key on the host here (another device, a trace): asked once.
        return _key_on_device(_impl("key", like), seed, like)
    seed = _common.check_seed(seed)
    if like is None:
        import numpy

        like = numpy.empty(0)
    elif backend_of_type(type(like)) is None and hasattr(like, "asarray"):
        like = like.asarray([0])  # a namespace: any of its arrays finds the implementation
    impl = _impl("key", like)
    if type(impl).host_new_key is not _common.Portable.host_new_key:
        _new_keys[type(like)] = impl.host_new_key
    on_host = impl.host_new_key(seed, like)
    if on_host is not None:
        return on_host
    return _key_on_device(impl, seed, like)


def _key_on_device(impl: _common.Portable, seed: int, like: Any) -> Any:
    """``key(seed)`` made by the namespace on ``like``'s device."""
    device = impl.device_of(like) if backend_of_type(type(like)) is not None else None
    return impl.key(seed, device)


def split(key: Any, num: int | tuple[int, ...] = 2) -> Any:
    """``num`` new keys from ``key``, shape ``(num, 2)`` (or ``num + (2,)`` for a shape)."""
    impl = _key_impl("split", key)
    return impl.split(key, _common.check_shape("split", num))


def fold_in(key: Any, data: Any) -> Any:
    """A new key from ``key`` and ``data`` (an int in [0, 2**32), or a 0-d integer array taken
    mod 2**32: usable with a traced loop counter)."""
    impl = _key_impl("fold_in", key)
    if isinstance(data, int) or not hasattr(data, "shape"):
        data = _common.check_uint32("fold_in", "data", data)
    return impl.fold_in(key, data)


def bits(key: Any, shape: int | tuple[int, ...] = (), dtype: Any = None) -> Any:
    """Uniform random 32-bit words of ``shape`` (uint32; int64 on MXNet), ``jax.random.bits``'."""
    impl = _key_impl("bits", key)
    _common.dtype_name(impl.xp, "bits", dtype, (impl.KEY_DTYPE,), impl.KEY_DTYPE)
    return impl.bits(key, _common.check_shape("bits", shape))


def uniform(key: Any, shape: int | tuple[int, ...] = (), dtype: Any = None,
            minval: Any = 0.0, maxval: Any = 1.0) -> Any:
    """Floats in ``[minval, maxval)`` of ``shape`` and ``dtype`` (float32 by default, or
    float64); ``minval``/``maxval`` are numbers or arrays that broadcast to ``shape``."""
    impl = _key_impl("uniform", key)
    name = _common.dtype_name(impl.xp, "uniform", dtype, _common._FLOATS, "float32")
    return impl.uniform(key, _common.check_shape("uniform", shape), name, minval, maxval)


def normal(key: Any, shape: int | tuple[int, ...] = (), dtype: Any = None) -> Any:
    """Standard normal float32 samples of ``shape`` (``jax.random.normal``'s algorithm)."""
    impl = _key_impl("normal", key)
    name = _common.dtype_name(impl.xp, "normal", dtype, ("float32",), "float32")
    return impl.normal(key, _common.check_shape("normal", shape), name)


def integers(key: Any, shape: int | tuple[int, ...], minval: int, maxval: int,
             dtype: Any = None) -> Any:
    """Integers uniform in ``[minval, maxval)`` (Python ints, at most 2**32 values) of
    ``dtype`` (int32 by default): ``jax.random.randint``'s values for the same key."""
    impl = _key_impl("integers", key)
    name = _common.dtype_name(impl.xp, "integers", dtype, tuple(_common._INT_RANGES), "int32")
    minval, maxval = _common.int_range("integers", name, minval, maxval)
    return impl.integers(key, _common.check_shape("integers", shape), minval, maxval, name)


def bernoulli(key: Any, p: Any = 0.5, shape: int | tuple[int, ...] | None = None) -> Any:
    """Booleans, True with probability ``p`` (a number, or a float array broadcasting to
    ``shape``; ``shape`` defaults to ``p``'s): ``uniform(key, shape, p's dtype) < p``."""
    impl = _key_impl("bernoulli", key)
    xp = impl.xp
    if isinstance(p, (int, float)) and not isinstance(p, bool):
        name = "float32"
        shape = () if shape is None else shape
    else:
        name = _common.dtype_name(xp, "bernoulli", p.dtype, _common._FLOATS, "float32")
        shape = tuple(p.shape) if shape is None else shape
    u = impl.uniform(key, _common.check_shape("bernoulli", shape), name, 0.0, 1.0)
    return xp.less(u, p)


def permutation(key: Any, x: Any, axis: int = 0) -> Any:
    """A random permutation of ``range(x)`` (an int) or of ``x`` along ``axis`` (an array):
    ``jax.random.permutation``'s order."""
    impl = _key_impl("permutation", key)
    if isinstance(x, int):
        if x < 0:
            raise ValueError(f"permutation: x must be >= 0, got {x}")
        return impl.shuffle_indices(key, x)
    axis = _axis("permutation", axis, len(x.shape))
    order = impl.shuffle_indices(key, x.shape[axis])
    return impl.xp.take(x, order, axis=axis)


def choice(key: Any, a: Any, shape: int | tuple[int, ...] = (), replace: bool = True,
           p: Any = None, axis: int = 0) -> Any:
    """Draws from ``range(a)`` (an int) or from ``a`` along ``axis``, ``jax.random.choice``'s
    way: with replacement ``integers``; without, a ``permutation`` prefix; with ``p``,
    inverse-CDF sampling (with replacement) or Gumbel top-k (without)."""
    impl = _key_impl("choice", key)
    xp = impl.xp
    shape = _common.check_shape("choice", shape)
    if isinstance(a, int):
        n, arr = a, None
    else:
        axis = _axis("choice", axis, len(a.shape))
        n, arr = a.shape[axis], a
    n_draws = math.prod(shape)
    if n <= 0 and n_draws:
        raise ValueError(f"choice: a must be positive (or a non-empty axis), got {n}")
    if not replace and n_draws > n:
        raise ValueError(f"choice: cannot take {n_draws} samples from {n} without replacement; "
                         "pass replace=True or a smaller shape")
    if p is None:
        if replace:
            ind = xp.reshape(impl.integers(key, (n_draws,), 0, n, "int32"), (n_draws,))
        else:
            ind = impl.shuffle_indices(key, n)[:n_draws]
    else:
        if tuple(p.shape) != (n,):
            raise ValueError(f"choice: p must have shape ({n},), got {tuple(p.shape)}")
        name = _common.dtype_name(xp, "choice", p.dtype, _common._FLOATS, "float32")
        if replace:
            cdf = xp.cumulative_sum(p)
            r = xp.multiply(cdf[-1:], xp.subtract(1.0, impl.unit(key, (n_draws,), name)))
            ind = xp.searchsorted(cdf, r)
        else:  # Gumbel top-k
            tiny = float(xp.finfo(p.dtype).smallest_normal)
            u = impl.uniform(key, (n,), name, tiny, 1.0)
            g = xp.add(xp.negative(xp.log(xp.negative(xp.log(u)))), xp.log(p))
            ind = xp.argsort(g, descending=True, stable=True)[:n_draws]
    if arr is None:
        return xp.reshape(ind, shape)
    out = xp.take(arr, ind, axis=axis)
    return xp.reshape(out, tuple(arr.shape[:axis]) + shape + tuple(arr.shape[axis + 1:]))


def _axis(fname: str, axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise IndexError(f"{fname}: axis {axis} is out of bounds for an array of {ndim} "
                         f"dimension{'s' if ndim != 1 else ''}")
    return axis % ndim
