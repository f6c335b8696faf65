"""The standard's ``fft`` extension (2025.12) for native ``tf.Tensor``.

``tf.signal`` transforms only the innermost 1-3 axes, has no ``norm=`` and no Hermitian
transforms; the shared plumbing in ``arraykit.shims._common.fft`` (padding/truncation to
``n``/``s``, moving axes, normalisation modes, ``hfft``/``ihfft``) is bound here to TF's
kernels (``tf.signal.fft``/``fft2d``/``fft3d``, ``rfft``/``irfft`` and inverses).

Dtypes: ``fft``/``ifft``/``fftn``/``ifftn``/``irfft``/``irfftn``/``hfft`` take complex input
and, as NumPy and PyTorch do, also real floating input (converted to the complex dtype of the
same precision); ``rfft``/``rfftn``/``ihfft`` take real floating input only. Other dtypes raise
``TypeError`` naming the function (``_base.check_dtype``), non-arrays too (``_base.arr``, the
main namespace's policy). Output dtypes follow the standard (float32 <-> complex64,
float64 <-> complex128). Sizes must be static (known when tracing a ``tf.function``).
"""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_spectral_ops as _gs

from .. import standard_names
from .._common import checks as _c
from .._common import fft as _cf
from . import _dtypes as _t
from ._base import OpError, arr, check_dtype, translate, wrap_errors
from .linalg import _skip_autograph, _xp

#: Every function of the standard's fft extension is defined below.
__all__ = list(standard_names("fft"))

_REAL = frozenset([tf.float32, tf.float64])
_COMPLEX = frozenset([tf.complex64, tf.complex128])
_FLOATING = _REAL | _COMPLEX
_TO_COMPLEX = {tf.float32: tf.complex64, tf.float64: tf.complex128}
_TO_REAL = {tf.complex64: tf.float32, tf.complex128: tf.float64}

# The generated ops: tf.signal's Python wrappers add ~4 us a call and nothing we need.
_FWD = {1: _gs.fft, 2: _gs.fft2d, 3: _gs.fft3d}
_INV = {1: _gs.ifft, 2: _gs.ifft2d, 3: _gs.ifft3d}


class _prim:
    """TF's FFT kernels in the form ``_common.fft`` expects."""

    max_nd = 3

    @staticmethod
    def fftnd(x, k, inverse):
        return (_INV if inverse else _FWD)[k](x)

    @staticmethod
    def rfft(x, n):
        return tf.signal.rfft(x, fft_length=[n])

    @staticmethod
    def irfft(x, n):
        return tf.signal.irfft(x, fft_length=[n])

    @staticmethod
    def complex_of(d):
        return _TO_COMPLEX[d]

    @staticmethod
    def real_of(d):
        return _TO_REAL[d]


def _complex_in(fname: str, x):
    """``x`` as a complex tensor: complex as-is, real floating cast to the complex dtype of
    its precision, anything else TypeError naming ``fname``."""
    x = arr(x, fname)
    d = x.dtype
    if d in _COMPLEX:
        return x
    check_dtype(fname, x, _FLOATING, "floating-point")
    return tf.cast(x, _TO_COMPLEX[d])


def _real_in(fname: str, x):
    x = arr(x, fname)
    check_dtype(fname, x, _REAL, "real floating")
    return x


def _ranked(fname: str, x):
    if x.shape.rank is None:
        raise ValueError(f"{fname}: arrays of unknown rank are not supported")
    if x.shape.rank == 0:
        raise ValueError(f"{fname}: expected an array with at least one dimension")
    return x


def _call(fname, f, x, **kw):
    try:
        return f(_xp, _prim, x, fname=fname, **kw)
    except OpError as e:
        raise translate(fname, e, x) from None


def _plain(x, n, axis, norm) -> bool:
    """True for the common call: last axis, full length, default norm -> one TF kernel."""
    if norm != "backward" or x.dtype not in _COMPLEX:
        return False
    r = x.shape.rank
    if not r or (axis != -1 and axis != r - 1):
        return False
    m = x.shape[-1]
    return bool(m) and (n is None or n == m)  # an empty axis: the rule's ValueError


_INPUT = {"complex": _complex_in, "real": _real_in}


def _run(fname: str, kernel, want: str, x, **kw):
    """A transform of ``_common.fft`` (``kernel``) on ``x`` converted to its input ``want``."""
    x = _ranked(fname, _INPUT[want](fname, x))
    return _call(fname, kernel, x, **kw)


# fft and ifft below take the one-kernel path first, then these.
(_any_fft, _any_ifft, fftn, ifftn, rfft, irfft, rfftn, irfftn, hfft,
 ihfft) = _cf.define_transforms(_run, __name__)


def fft(x, /, *, n=None, axis=-1, norm="backward"):
    """One-dimensional DFT along ``axis``; the axis is zero-padded/truncated to ``n``."""
    if isinstance(x, tf.Tensor) and _plain(x, n, axis, norm):
        return _gs.fft(x)
    return _any_fft(x, n=n, axis=axis, norm=norm)


def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    """One-dimensional inverse DFT along ``axis`` (``norm='backward'`` divides by ``n``)."""
    if isinstance(x, tf.Tensor) and _plain(x, n, axis, norm):
        return _gs.ifft(x)
    return _any_ifft(x, n=n, axis=axis, norm=norm)


def _freq_dtype(fname, dtype):
    if dtype is None:
        return _t.DEFAULT_FLOAT
    dtype = _t.dtype_arg(dtype, fname)
    if dtype not in _REAL:
        raise _c.dtype_not_allowed(fname, _t.dtype_name(dtype), "real floating")
    return dtype


@wrap_errors("fftfreq")
def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """DFT sample frequencies ``[0, 1, ..., -(n//2), ..., -1] / (d*n)``, shape ``(n,)``;
    default dtype: the default real floating dtype."""
    dtype = _freq_dtype("fftfreq", dtype)
    return _cf.fftfreq(_xp, n, d=d, dtype=dtype, device=device, itemsize=dtype.size)


@wrap_errors("rfftfreq")
def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Sample frequencies for ``rfft``: ``[0, 1, ..., n//2] / (d*n)``, shape ``(n//2 + 1,)``."""
    dtype = _freq_dtype("rfftfreq", dtype)
    return _cf.rfftfreq(_xp, n, d=d, dtype=dtype, device=device, itemsize=dtype.size)


def fftshift(x, /, *, axes=None):
    """Move the zero-frequency term to the centre: roll each of ``axes`` (default all) by
    ``size//2``. Any dtype."""
    return _cf.fftshift(_xp, arr(x, "fftshift"), axes=axes)


def ifftshift(x, /, *, axes=None):
    """Inverse of ``fftshift`` (differs from it for odd sizes)."""
    return _cf.ifftshift(_xp, arr(x, "ifftshift"), axes=axes)


_skip_autograph(globals(), __all__)
