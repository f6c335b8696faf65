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


def _no_complex128(fname, n):
    if n == "float64":
        raise TypeError(f"{fname}: the transform of float64 input is complex128, and {D.MLX} "
                        "has no complex128 (its FFTs are complex64 only); cast x to float32")


def _complex_in(fname, x):
    n = require_array(x, fname)
    D.check_kind(n, "floating-point", fname)
    _no_complex128(fname, n)
    if x.ndim == 0:
        raise ValueError(f"{fname}: expected an array with at least one dimension")
    return x if n == "complex64" else x.astype(mx.complex64)


def _real_in(fname, x):
    n = require_array(x, fname)
    D.check_kind(n, "real floating", fname)
    _no_complex128(fname, n)
    if x.ndim == 0:
        raise ValueError(f"{fname}: expected an array with at least one dimension")
    return x


def _transform(fname: str, kernel, to_input, doc: str, **fixed):
    size, where = ("n", "axis") if _cf.ONE_AXIS[fname] else ("s", "axes")

    def run(x, size_value, where_value, norm):
        x = to_input(fname, x)
        return kernel(_xp(), _prim, x, norm=norm, fname=fname,
                      **{size: size_value, where: where_value}, **fixed)

    return _cf.define_transform(fname, run, doc, __name__)


fft = _transform("fft", _cf.c2c, _complex_in, "One-dimensional DFT along ``axis``.",
                 inverse=False)
ifft = _transform("ifft", _cf.c2c, _complex_in,
                  "One-dimensional inverse DFT along ``axis``.", inverse=True)
fftn = _transform("fftn", _cf.c2cn, _complex_in,
                  "N-dimensional DFT over ``axes`` (default all) with sizes ``s``.",
                  inverse=False)
ifftn = _transform("ifftn", _cf.c2cn, _complex_in,
                   "N-dimensional inverse DFT over ``axes`` (default all) with sizes ``s``.",
                   inverse=True)
rfft = _transform("rfft", _cf.rfft, _real_in,
                  "DFT of real input along ``axis``: ``n//2 + 1`` non-negative frequencies.")
irfft = _transform("irfft", _cf.irfft, _complex_in,
                   "Inverse of ``rfft``: real output of length ``n`` along ``axis``.")
rfftn = _transform("rfftn", _cf.rfftn, _real_in, "N-dimensional DFT of real input.")
irfftn = _transform("irfftn", _cf.irfftn, _complex_in, "Inverse of ``rfftn``.")
hfft = _transform("hfft", _cf.hfft, _complex_in,
                  "DFT of a Hermitian-symmetric signal given by its first half: real output.")
ihfft = _transform("ihfft", _cf.ihfft, _real_in,
                   "Inverse of ``hfft`` for real input: ``n//2 + 1`` complex entries.")


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


def _checked(x, fname):
    require_array(x, fname)
    return x


fftshift, ifftshift = _cf.define_shifts(_xp, _checked, __name__)
