"""The standard's ``fft`` extension on MXNet.

MXNet 1.9.1 has no FFT and, decisively, no complex dtype.  Every transform of the standard
either returns a complex array (``fft``, ``ifft``, ``fftn``, ``ifftn``, ``rfft``, ``rfftn``,
``ihfft``) or takes one (``irfft``, ``irfftn``, ``hfft``), so those raise TypeError naming MXNet
and complex64/complex128: an array of another dtype (e.g. real/imag stacked as float) would be
a silent emulation the standard does not describe.  The real-valued helpers work, built on the
shared algorithms of ``arraykit.shims._common.fft``: ``fftfreq``, ``rfftfreq``, ``fftshift``,
``ifftshift``.
"""

from __future__ import annotations

import sys

from . import _dtypes as D
from .._common import fft as _F
from ._creation_functions import LIMITS
from ._helpers import check_device, require_array

__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
           "fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _xp():
    return sys.modules[__package__]


def _no_complex(func, what):
    raise TypeError(
        f"fft.{func}: {what} a complex array (complex64/complex128) and MXNet 1.9.1 has no "
        "complex dtype; arraykit does not emulate complex arrays on MXNet"
    )


def fft(x, /, *, n=None, axis=-1, norm="backward"):
    """Array API ``fft.fft``: unavailable on MXNet (complex output); raises TypeError."""
    _no_complex("fft", "returns")


def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    """Array API ``fft.ifft``: unavailable on MXNet (complex output); raises TypeError."""
    _no_complex("ifft", "returns")


def fftn(x, /, *, s=None, axes=None, norm="backward"):
    """Array API ``fft.fftn``: unavailable on MXNet (complex output); raises TypeError."""
    _no_complex("fftn", "returns")


def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    """Array API ``fft.ifftn``: unavailable on MXNet (complex output); raises TypeError."""
    _no_complex("ifftn", "returns")


def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Array API ``fft.rfft``: unavailable on MXNet (complex output); raises TypeError."""
    _no_complex("rfft", "returns")


def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    """Array API ``fft.rfftn``: unavailable on MXNet (complex output); raises TypeError."""
    _no_complex("rfftn", "returns")


def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Array API ``fft.ihfft``: unavailable on MXNet (complex output); raises TypeError."""
    _no_complex("ihfft", "returns")


def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Array API ``fft.irfft``: unavailable on MXNet (complex input); raises TypeError."""
    _no_complex("irfft", "takes")


def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    """Array API ``fft.irfftn``: unavailable on MXNet (complex input); raises TypeError."""
    _no_complex("irfftn", "takes")


def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Array API ``fft.hfft``: unavailable on MXNet (complex input); raises TypeError."""
    _no_complex("hfft", "takes")


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Array API ``fft.fftfreq`` (default dtype: the default float, float32)."""
    name = D.DEFAULT_FLOAT if dtype is None else D.dtype_name(dtype, "fftfreq")
    D.check_kind(name, "real floating", "fftfreq")
    return _F.fftfreq(_xp(), n, d=d, dtype=D.DTYPES[name], device=check_device(device, "fftfreq"),
                      itemsize=D.DTYPES[name].itemsize, **LIMITS)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Array API ``fft.rfftfreq``."""
    name = D.DEFAULT_FLOAT if dtype is None else D.dtype_name(dtype, "rfftfreq")
    D.check_kind(name, "real floating", "rfftfreq")
    return _F.rfftfreq(_xp(), n, d=d, dtype=D.DTYPES[name],
                       device=check_device(device, "rfftfreq"),
                       itemsize=D.DTYPES[name].itemsize, **LIMITS)


def fftshift(x, /, *, axes=None):
    """Array API ``fft.fftshift``."""
    require_array(x, "fftshift")
    return _F.fftshift(_xp(), x, axes=axes)


def ifftshift(x, /, *, axes=None):
    """Array API ``fft.ifftshift``."""
    require_array(x, "ifftshift")
    return _F.ifftshift(_xp(), x, axes=axes)
