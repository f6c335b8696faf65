"""``arraykit.ext.random`` over the standard namespace: checks, messages and the samplers,
written once. Per-framework modules subclass ``Portable`` only where a framework differs (word
dtype, key dtype, or, for JAX, ``jax.random`` itself).

Every sampler follows ``jax.random`` with ``jax_threefry_partitionable=True`` (JAX's default
since 0.5) step for step, so the bits are JAX's: ``bits`` is ``y0 ^ y1`` of Threefry over the
64-bit row-major element counter; ``split``/``fold_in`` encrypt the counter ``(0, i)``.
"""

from __future__ import annotations

import importlib
import math
import operator
from typing import Any

import numpy as np

from ._threefry import MASK, Words, threefry2x32


def _load_host() -> Any:
    """The optional C extension (``_host.c``), or None where it is not built: every draw then
    takes the portable path (the same bits)."""
    try:
        return importlib.import_module(f"{__name__.rpartition('.')[0]}._host")
    except ImportError:
        return None


_host = _load_host()

#: Element counts at or beyond 2**32 would need the high counter word: not supported.
MAX_SIZE = 1 << 32

#: Giles (2010), "Approximating the erfinv function", single precision: XLA's ErfInv32, which
#: ``jax.random.normal`` uses. (coefficients for w < 5, for w >= 5), highest degree first.
_ERFINV_LT5 = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
               -0.00125372503, -0.00417768164, 0.246640727, 1.50140941)
_ERFINV_GE5 = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
               -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)

_INT_RANGES = {
    "int8": (-(1 << 7), (1 << 7) - 1), "int16": (-(1 << 15), (1 << 15) - 1),
    "int32": (-(1 << 31), (1 << 31) - 1), "int64": (-(1 << 63), (1 << 63) - 1),
    "uint8": (0, (1 << 8) - 1), "uint16": (0, (1 << 16) - 1), "uint32": (0, MASK),
    "uint64": (0, (1 << 64) - 1),
}
_FLOATS = ("float32", "float64")


# -- argument checks (Python values only: free on the hot path) -------------------------------


def check_shape(fname: str, shape: Any) -> tuple[int, ...]:
    """``shape`` (an int or a sequence of ints) as a tuple; TypeError/ValueError otherwise."""
    if isinstance(shape, bool) or not isinstance(shape, (int, tuple, list)):
        try:
            shape = operator.index(shape)
        except TypeError:
            raise TypeError(
                f"{fname}: shape must be an int or a tuple of ints, got {type(shape).__name__}; "
                "pass e.g. shape=(3, 4)"
            ) from None
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    out = []
    for dim in dims:
        if isinstance(dim, bool) or not hasattr(dim, "__index__"):
            raise TypeError(f"{fname}: shape must hold ints, got {dim!r} in {shape!r}; pass ints")
        d = operator.index(dim)
        if d < 0:
            raise ValueError(f"{fname}: negative dimensions are not allowed, got shape {shape!r}; "
                             "pass sizes >= 0")
        out.append(d)
    if math.prod(out) >= MAX_SIZE:
        raise ValueError(f"{fname}: shape {tuple(out)} has 2**32 or more elements; draw it in "
                         "parts (split the key once per part)")
    return tuple(out)


def dtype_name(xp: Any, fname: str, dtype: Any, allowed: tuple[str, ...], default: str) -> str:
    """The name of ``dtype`` (a dtype of ``xp``, or None for ``default``) among ``allowed``."""
    if dtype is None:
        return default
    for name in allowed:
        candidate = getattr(xp, name, None)
        if candidate is not None and (dtype == candidate or str(dtype) == name):
            return name
    raise TypeError(f"{fname}: dtype must be one of {', '.join(allowed)}, got {dtype!r}; "
                    "draw one of those and convert with astype")


#: The seeds ``key`` takes: 64-bit ints, signed or not (``key`` tests its usual call with it).
SEEDS = range(-(1 << 63), 1 << 64)


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise TypeError(f"key: seed must be an int, got {type(seed).__name__}; pass a Python int")
    seed = operator.index(seed)
    if seed not in SEEDS:
        raise OverflowError(f"key: seed {seed} is outside [-2**63, 2**64); pass a 64-bit seed")
    return seed


def check_uint32(fname: str, what: str, value: Any) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{fname}: {what} must be an int or an integer array, got "
                        f"{type(value).__name__}")
    value = operator.index(value)
    if not 0 <= value <= MASK:
        raise OverflowError(f"{fname}: {what}={value} is outside [0, 2**32); reduce it mod 2**32")
    return value


def check_key(fname: str, shape: tuple[int, ...]) -> None:
    if tuple(shape) != (2,):
        raise ValueError(f"{fname}: a key has shape (2,), got shape {tuple(shape)}; make keys "
                         "with key(seed) and index split(key, n)[i] for one of n keys")


def int_range(fname: str, name: str, minval: Any, maxval: Any) -> tuple[int, int]:
    """Python-int bounds checked against dtype ``name`` (maxval exclusive)."""
    for what, v in (("minval", minval), ("maxval", maxval)):
        if isinstance(v, bool) or not hasattr(v, "__index__"):
            raise TypeError(f"{fname}: {what} must be a Python int, got {type(v).__name__}")
    minval, maxval = operator.index(minval), operator.index(maxval)
    lo, hi = _INT_RANGES[name]
    if minval >= maxval:
        raise ValueError(f"{fname}: minval ({minval}) must be less than maxval ({maxval})")
    if minval < lo or maxval > hi + 1 or maxval - minval > MASK + 1:
        raise ValueError(f"{fname}: [{minval}, {maxval}) does not fit {name} (at most 2**32 "
                         "values); choose a wider dtype or a narrower range")
    return minval, maxval


# -- the portable implementation -------------------------------------------------------------


class Portable:
    """``ext.random`` over namespace ``xp``. Subclasses set ``SIGNED``/``KEY_DTYPE``."""

    SIGNED = False  # words as int32 bit patterns (no uint32 arithmetic)
    KEY_DTYPE = "uint32"  # the dtype keys and ``bits`` are handed out in
    WORDS: type[Words] = Words  # how words are combined (``_threefry``)

    def __init__(self, xp: Any, device_of: Any) -> None:
        self.xp = xp
        self.w = self.WORDS(xp, self.SIGNED)
        self.device_of = device_of
        #: seed -> its key as ``copied_key`` made it, never handed out.
        self._made_keys: dict[int, Any] = {}

    def threefry(self, k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
        """``threefry2x32`` over this backend's words (a backend may compile it)."""
        return threefry2x32(self.w, k0, k1, x0, x1)

    # the host path: eager CPU keys draw in C (_host.c) and hand the result to the framework
    def host_key(self, key: Any) -> tuple[int, int] | None:
        """The key's two words as Python ints where the draw may run on the host: a concrete
        CPU array outside any tracing. None (this default): the portable path. A backend
        module that says yes gives ``from_host`` too."""
        return None

    def from_host(self, a: np.ndarray, key: Any) -> Any:
        """The host array ``a`` (NumPy, owned by the caller) as an array of ``key``'s
        framework and device."""
        raise NotImplementedError

    def host_new_key(self, seed: int, like: Any) -> Any:
        """``key(seed)`` built on the host where ``like`` is an eager CPU array (a backend's
        constructor from a list costs several microseconds per key), else None (this default:
        ``key`` then builds it with the namespace on ``like``'s device)."""
        return None

    def copied_key(self, seed: int, like: Any) -> Any:
        """A copy (``clone()``) of ``key(seed)`` as ``from_host`` makes it for ``like``, made
        once per seed, for a backend's ``host_new_key`` on eager CPU arrays of one device: one
        framework call a key where ``from_host`` of a NumPy pair is several (torch: 10.8
        against 16.2 us as the first call of the rollouts workload; Paddle: 1.3 against 15 us
        alone; 2026-12-07). int64 keys."""
        made = self._made_keys.get(seed)
        if made is None:
            if len(self._made_keys) >= 64:
                self._made_keys.clear()
            made = self._made_keys[seed] = self.from_host(
                np.array(key_words(seed), dtype=np.int64), like)
        return made.clone()

    def host_empty(self, n: int, dtype: np.dtype) -> np.ndarray:
        """A new host buffer of ``n`` items for a kernel to fill (a backend that takes the
        buffer over without a copy may need it aligned: ``aligned``)."""
        return np.empty(n, dtype=dtype)

    def _on_host(self, key: Any, kernel_name: str, n: int, dtype: Any,
                 per_draw: int = 1) -> np.ndarray | None:
        """``_host.<kernel_name>`` of ``n`` draws into a new NumPy array, or None where the
        portable path must run (no C extension, or ``host_key`` says no)."""
        if _host is None:
            return None
        words = self.host_key(key)
        if words is None:
            return None
        out = self.host_empty(n * per_draw, np.dtype(dtype))
        getattr(_host, kernel_name)(words[0], words[1], out)
        return out

    def _host_words(self, a: np.ndarray, key: Any) -> Any:
        return self.from_host(a.view(np.int32) if self.SIGNED else a, key)

    # words <-> keys/bits as users see them
    def to_words(self, a: Any) -> Any:
        return self.xp.astype(a, self.w.dtype) if self.SIGNED else a

    def from_words(self, a: Any) -> Any:
        if not self.SIGNED:
            return a
        xp = self.xp
        out = xp.astype(a, getattr(xp, self.KEY_DTYPE))
        return xp.bitwise_and(out, MASK) if self.KEY_DTYPE == "int64" else out

    def counter(self, n: int, device: Any) -> Any:
        return self.xp.arange(n, dtype=self.w.dtype, device=device)

    def _stream(self, key: Any, shape: tuple[int, ...]) -> tuple[Any, Any]:
        """Threefry of the counter 0..n-1 under ``key`` (words): the pair (y0, y1), flat."""
        n = math.prod(shape)
        host = self._on_host(key, "stream", n, np.uint32, per_draw=2)
        if host is not None:
            return self._host_words(host[:n], key), self._host_words(host[n:], key)
        kw = self.to_words(key)
        return self.threefry(kw[0:1], kw[1:2], None, self.counter(n, self.device_of(key)))

    # keys
    def key(self, seed: int, device: Any) -> Any:
        pair = key_words(seed)
        if self.KEY_DTYPE == "int64":  # the words' uint32 values, as from_words gives them
            return self.xp.asarray(pair, dtype=self.xp.int64, device=device)
        if self.SIGNED:
            pair = [v - (1 << 32) if v > 0x7FFFFFFF else v for v in pair]
        return self.from_words(self.xp.asarray(pair, dtype=self.w.dtype, device=device))

    def split(self, key: Any, shape: tuple[int, ...]) -> Any:
        n = math.prod(shape)
        host = self._on_host(key, "stream", n, np.uint32, per_draw=2)
        if host is not None:  # the pairs assembled on the host, in the key dtype
            out = self.host_empty(2 * n, np.dtype(self.KEY_DTYPE)).reshape(shape + (2,))
            out[..., 0] = host[:n].reshape(shape)
            out[..., 1] = host[n:].reshape(shape)
            return self.from_host(out, key)
        y0, y1 = self._stream(key, shape)
        xp = self.xp
        return self.from_words(xp.reshape(xp.stack([y0, y1], axis=-1), shape + (2,)))

    def fold_in(self, key: Any, data: Any) -> Any:
        kw = self.to_words(key)
        if isinstance(data, int):
            data = self.w.const(data, self.device_of(key))
        else:  # an integer array: its value mod 2**32 (int -> int casts wrap)
            data = self.xp.astype(self.xp.reshape(data, (1,)), self.w.dtype)
        y0, y1 = self.threefry(kw[0:1], kw[1:2], None, data)
        return self.from_words(self.xp.concat([self.xp.reshape(y0, (1,)),
                                               self.xp.reshape(y1, (1,))]))

    # samplers
    def raw_bits(self, key: Any, shape: tuple[int, ...]) -> Any:
        """Flat words ``y0 ^ y1`` (jax's 32-bit ``random_bits``)."""
        host = self._on_host(key, "bits", math.prod(shape), np.uint32)
        if host is not None:
            return self._host_words(host, key)
        y0, y1 = self._stream(key, shape)
        return self.xp.bitwise_xor(y0, y1)

    def bits(self, key: Any, shape: tuple[int, ...]) -> Any:
        n = math.prod(shape)
        host = self._on_host(key, "bits", n, np.uint32)
        if host is not None:  # the words' uint32 values in the key dtype
            if self.KEY_DTYPE != "uint32":
                host, words = self.host_empty(n, np.dtype(self.KEY_DTYPE)), host
                host[...] = words
            return self.from_host(host.reshape(shape), key)
        return self.from_words(self.xp.reshape(self.raw_bits(key, shape), shape))

    def unit(self, key: Any, shape: tuple[int, ...], dtype: str) -> Any:
        """Floats in [0, 1) with the mantissa bits jax's ``uniform`` uses, exactly: jax
        bitcasts ``1.m`` and subtracts 1, which is ``m * 2**-nmant`` (no rounding either way)."""
        xp, w = self.xp, self.w
        host = self._host_unit(key, shape, dtype)
        if host is not None:
            return host
        if dtype == "float32":
            m = w.shr(self.raw_bits(key, shape), 9)  # top 23 bits, exact in float32
            out = xp.multiply(xp.astype(m, xp.float32), 2.0 ** -23)
        else:  # float64: jax's 64-bit bits are (y0 << 32) | y1; the top 52 bits
            y0, y1 = self._stream(key, shape)
            hi = xp.astype(w.as_int64(y0), xp.float64)
            lo = xp.astype(w.shr(y1, 12), xp.float64)
            out = xp.add(xp.multiply(hi, 2.0 ** -32), xp.multiply(lo, 2.0 ** -52))
        return xp.reshape(out, shape)

    def _host_unit(self, key: Any, shape: tuple[int, ...], dtype: str) -> Any:
        """``unit``'s float32 values computed on the host (``_host.unit``: the same exact
        operations in C), or None where the portable path must run (and for float64)."""
        if dtype != "float32":
            return None
        host = self._on_host(key, "unit", math.prod(shape), np.float32)  # in one C pass
        return None if host is None else self.from_host(host.reshape(shape), key)

    def uniform(self, key: Any, shape: tuple[int, ...], dtype: str, minval: Any,
                maxval: Any) -> Any:
        """``max(lo, fma(u, hi - lo, lo))``: XLA contracts jax's ``u * (hi - lo) + lo`` into one
        fused multiply-add, so float32 is computed in float64 (the product is exact there) and
        rounded once more: the same float32 unless a double rounding strikes (about 2**-29
        per element). float64 with a non-default range: within 1 ulp of jax."""
        xp = self.xp
        floats = self.unit(key, shape, dtype)
        if not _is_array(minval) and not _is_array(maxval) and (minval, maxval) == (0.0, 1.0):
            return floats  # u * 1 + 0
        dt, dev = getattr(xp, dtype), self.device_of(key)
        lo = minval if _is_array(minval) else xp.asarray(minval, dtype=dt, device=dev)
        hi = maxval if _is_array(maxval) else xp.asarray(maxval, dtype=dt, device=dev)
        span = xp.subtract(hi, lo)
        if dtype == "float32" and hasattr(xp, "float64"):
            wide = xp.add(xp.multiply(xp.astype(floats, xp.float64), xp.astype(span, xp.float64)),
                          xp.astype(lo, xp.float64))
            return xp.maximum(lo, xp.astype(wide, dt))
        return xp.maximum(lo, xp.add(xp.multiply(floats, span), lo))

    def normal(self, key: Any, shape: tuple[int, ...], dtype: str) -> Any:
        """``sqrt(2) * erfinv(u)``, u uniform in (-1, 1), as ``jax.random.normal``; erfinv is
        XLA's single-precision polynomial (log1p and sqrt are the framework's own: values
        agree to a few ulp across frameworks, not to the bit)."""
        xp = self.xp
        host = self._on_host(key, "normal", math.prod(shape), np.float32)
        if host is not None:  # the same steps in C (float32 is the only dtype normal draws)
            return self.from_host(host.reshape(shape), key)
        u = self.uniform(key, shape, dtype, -0.99999994, 1.0)  # nextafter(-1, 0) in float32
        w = xp.negative(xp.log1p(xp.negative(xp.multiply(u, u))))
        lt = xp.less(w, 5.0)
        w = xp.where(lt, xp.subtract(w, 2.5), xp.subtract(xp.sqrt(w), 3.0))
        dt = getattr(xp, dtype)
        p = None
        for a, b in zip(_ERFINV_LT5, _ERFINV_GE5):
            c = xp.where(lt, xp.asarray(a, dtype=dt), xp.asarray(b, dtype=dt))
            p = c if p is None else xp.add(c, xp.multiply(p, w))
        return xp.multiply(xp.multiply(p, u), math.sqrt(2.0))

    def integers(self, key: Any, shape: tuple[int, ...], minval: int, maxval: int,
                 dtype: str) -> Any:
        """``jax.random.randint(key, shape, minval, maxval, int32)``'s algorithm (two 32-bit
        draws combined modulo the span), in int64 so every framework computes it alike."""
        xp, w = self.xp, self.w
        keys = self.split(key, (2,))
        hi = w.as_int64(self.raw_bits(keys[0, :], shape))
        lo = w.as_int64(self.raw_bits(keys[1, :], shape))
        span = maxval - minval
        if span == MASK + 1:  # jax: span wraps to 0 and x % 0 is x in XLA: lo alone
            offset = lo
        else:
            mult = (((1 << 16) % span) ** 2 & MASK) % span  # jax squares in uint32 (wraps)
            a = xp.remainder(hi, span)
            high = xp.bitwise_and(xp.multiply(a, mult >> 16), 0xFFFF)
            prod = xp.add(xp.multiply(a, mult & 0xFFFF), xp.bitwise_left_shift(high, 16))
            total = xp.bitwise_and(xp.add(prod, xp.remainder(lo, span)), MASK)
            offset = xp.remainder(total, span)
        return xp.astype(xp.reshape(xp.add(offset, minval), shape), getattr(xp, dtype))

    def shuffle_indices(self, key: Any, n: int) -> Any:
        """``jax.random.permutation(key, n)``: ceil(3 ln n / ln(2**32 - 1)) rounds of a stable
        sort by fresh 32-bit keys."""
        xp = self.xp
        x = xp.arange(n, device=self.device_of(key))
        rounds = math.ceil(3 * math.log(max(1, n)) / math.log(MASK))
        for _ in range(rounds):
            keys = self.split(key, (2,))
            key, subkey = keys[0, :], keys[1, :]
            order = xp.argsort(self.w.sortable(self.raw_bits(subkey, (n,))), stable=True)
            x = xp.take(x, order, axis=0)
        return x


#: The alignment of a host buffer handed over without a copy (Eigen's largest: TensorFlow's
#: kernels assume it, and a misaligned tensor aborts the process).
HOST_ALIGN = 64


def aligned_empty(n: int, dtype: np.dtype) -> np.ndarray:
    """A new uninitialised array of ``n`` items whose data start on a ``HOST_ALIGN``-byte
    boundary (NumPy promises 16)."""
    raw = np.empty(n * dtype.itemsize + HOST_ALIGN, dtype=np.uint8)
    start = -raw.ctypes.data % HOST_ALIGN
    return raw[start:start + n * dtype.itemsize].view(dtype)


def aligned(a: np.ndarray) -> np.ndarray:
    """``a`` if its data are ``HOST_ALIGN``-aligned, else an aligned copy (the second half of
    a ``stream`` buffer starts 4n bytes in): for frameworks that take a buffer over."""
    if a.ctypes.data % HOST_ALIGN == 0:
        return a
    out = aligned_empty(a.size, a.dtype).reshape(a.shape)
    out[...] = a
    return out


def key_words(seed: int) -> list[int]:
    """The two uint32 words of ``key(seed)``: ``[seed >> 32, seed & 0xFFFFFFFF]`` (mod 2**32)."""
    return [(seed >> 32) & MASK, seed & MASK]


def host_words(values: list) -> tuple[int, int]:
    """A key's ``tolist()`` as the two uint32 words (int64 keys hold them; wrap as the
    portable path's int32 cast does)."""
    return values[0] & MASK, values[1] & MASK


def _is_array(x: Any) -> bool:
    return not isinstance(x, (int, float, bool))
