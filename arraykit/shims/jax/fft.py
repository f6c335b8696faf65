"""``jax.numpy.fft`` as the 2025.12 ``fft`` extension, with sizes checked first: XLA aborts
the process on a transform length whose byte count overflows int64 (``fft(x, n=2**62)``)."""

from typing import Any

import jax.numpy as _jnp
import jax.numpy.fft as _jnp_fft

from .._common.fft import default_points
from .._common.reexport import reexport
from .._common.sizes import check_count, check_shape

# Results are at most complex128: 16 bytes an element bounds every transform's output.
_ITEM = 16


def _out_shape(fname: str, x: Any, sizes: Any, axes: Any) -> None:
    shape = list(_jnp.shape(x))
    nd = len(shape)
    for n, a in zip(sizes, axes):
        if type(n) is int and type(a) is int and -nd <= a < nd:
            shape[a] = n
    check_shape(fname, shape, _ITEM)


def _one_axis(fname: str) -> Any:
    f = getattr(_jnp_fft, fname)

    half = fname in ("irfft", "hfft")

    def g(x: Any, /, *, n: int | None = None, axis: int = -1, norm: str = "backward") -> Any:
        if n is not None:
            _out_shape(fname, x, (n,), (axis,))
        elif type(axis) is int and -_jnp.ndim(x) <= axis < _jnp.ndim(x):
            default_points(fname, x, axis, half)  # jax: an empty result, or no lowering
        return f(x, n=n, axis=axis, norm=norm)

    g.__name__ = g.__qualname__ = fname
    g.__doc__ = f"``jax.numpy.fft.{fname}``; NumPy's errors for too large ``n``."
    return g


def _n_axes(fname: str) -> Any:
    f = getattr(_jnp_fft, fname)

    half = fname == "irfftn"

    def g(x: Any, /, *, s: Any = None, axes: Any = None, norm: str = "backward") -> Any:
        if s is not None:
            s = tuple(s)
            ax = tuple(range(-len(s), 0)) if axes is None else tuple(axes)
            _out_shape(fname, x, s, ax)
        else:
            nd = _jnp.ndim(x)
            ax = tuple(range(nd)) if axes is None else tuple(axes)
            for i, a in enumerate(ax):
                if type(a) is int and -nd <= a < nd:  # (jax raises for the others)
                    default_points(fname, x, a, half and i == len(ax) - 1)
        return f(x, s=s, axes=axes, norm=norm)

    g.__name__ = g.__qualname__ = fname
    g.__doc__ = f"``jax.numpy.fft.{fname}``; NumPy's errors for too large ``s``."
    return g


fft, ifft, rfft, irfft, hfft, ihfft = map(_one_axis, ("fft", "ifft", "rfft", "irfft", "hfft",
                                                       "ihfft"))
fftn, ifftn, rfftn, irfftn = map(_n_axes, ("fftn", "ifftn", "rfftn", "irfftn"))


def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.fft.fftfreq``; NumPy's errors for too large ``n`` (the shims' for ``n`` < 1
    and ``d=0``: ``_errors.RULES``' ``FREQ_CHECKS``)."""
    check_count("fftfreq", n, 8 if dtype is None else _jnp.dtype(dtype).itemsize)
    return _jnp_fft.fftfreq(n, d=d, dtype=dtype, device=device)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.fft.rfftfreq``; NumPy's errors for too large ``n`` (the shims' for ``n`` < 1
    and ``d=0``: ``_errors.RULES``' ``FREQ_CHECKS``)."""
    if type(n) is int:
        check_count("rfftfreq", n // 2 + 1, 8 if dtype is None else _jnp.dtype(dtype).itemsize)
    return _jnp_fft.rfftfreq(n, d=d, dtype=dtype, device=device)


reexport(_jnp_fft, globals())
