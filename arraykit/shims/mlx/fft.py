"""The standard's ``fft`` extension (2025.12) over ``mlx.core.fft``.

MLX's transforms have no ``norm=`` and work in complex64 only; the shared plumbing of
``arraykit.shims._common.fft`` (padding/truncation to ``n``/``s``, moving axes, normalisation
modes, ``hfft``/``ihfft``) is bound here to MLX's kernels (``fftn``/``ifftn`` over the last
axes, ``rfft``/``irfft``). float32 and complex64 input give complex64 (float32 for the real
outputs); float64 input would need complex128, which MLX lacks: TypeError naming MLX, the
function and the dtype (never a silent complex64).
"""

from __future__ import annotations

import sys

import mlx.core as mx

from .. import standard_names
from .._common import checks as _c
from .._common import fft as _cf
from . import _dtypes as D
from ._helpers import require_array

__all__ = list(standard_names("fft"))

_FFT = mx.fft


class _prim:
    """MLX's FFT kernels in the form ``_common.fft`` expects."""

    max_nd = 3
    #: MLX's extents are int32: a longer ``n`` or ``s`` is refused naming the transform (the
    #: padding's ``zeros`` named itself).
    size_limits = D.SHAPE_LIMITS

    @staticmethod
    def fftnd(x, k, inverse):
        axes = list(range(-k, 0))
        return (_FFT.ifftn if inverse else _FFT.fftn)(x, axes=axes, stream=mx.cpu)

    @staticmethod
    def rfft(x, n):
        return _FFT.rfft(x, n=n, axis=-1, stream=mx.cpu)

    @staticmethod
    def irfft(x, n):
        return _FFT.irfft(x, n=n, axis=-1, stream=mx.cpu)

    @staticmethod
    def complex_of(d):
        return mx.complex64

    @staticmethod
    def real_of(d):
        return mx.float32


def _xp():
    return sys.modules[__package__]


def _input(fname, x, want):
    """``x`` as the transform's input ``want`` ("complex": complex64, from float32 too;
    "real": float32), else TypeError (float64 needs complex128, which MLX lacks)."""
    n = require_array(x, fname)
    D.check_kind(n, "floating-point" if want == "complex" else "real floating", fname)
    if n == "float64":
        raise TypeError(f"{fname}: the transform of float64 input is complex128, and {D.MLX} "
                        "has no complex128 (its FFTs are complex64 only); cast x to float32")
    if x.ndim == 0:
        raise ValueError(f"{fname}: expected an array with at least one dimension")
    return x if want == "real" or n == "complex64" else x.astype(mx.complex64)


def _run(fname, kernel, want, x, **kw):
    return kernel(_xp(), _prim, _input(fname, x, want), fname=fname, **kw)


(fft, ifft, fftn, ifftn, rfft, irfft, rfftn, irfftn, hfft,
 ihfft) = _cf.define_transforms(_run, __name__)


def _freq_dtype(fname, dtype):
    if dtype is None:
        return D.DEFAULT_FLOAT
    name = D.dtype_name(dtype, fname)
    if name not in D.REAL_FLOAT:
        raise _c.dtype_not_allowed(fname, name, "real floating")
    return name


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """DFT sample frequencies, shape ``(n,)``; default dtype float32."""
    name = _freq_dtype("fftfreq", dtype)
    return _cf.fftfreq(_xp(), n, d=d, dtype=D.DTYPES[name], device=device,
                       itemsize=D.NUMPY[name].itemsize)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Sample frequencies for ``rfft``, shape ``(n//2 + 1,)``."""
    name = _freq_dtype("rfftfreq", dtype)
    return _cf.rfftfreq(_xp(), n, d=d, dtype=D.DTYPES[name], device=device,
                        itemsize=D.NUMPY[name].itemsize)


fftshift, ifftshift = _cf.define_shifts(_xp, require_array, __name__)
