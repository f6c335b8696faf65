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

from .. import standard_names
from .._common import fft as _cf
from . import _dtypes
from ._creation_functions import LIMITS
from ._helpers import check_device, require_array

#: Every function of the standard's fft extension is defined below.
__all__ = list(standard_names("fft"))


def _xp():
    return sys.modules[__package__]


def _no_complex(fname, x, what):
    """The TypeError of a transform, after the array check every function makes first."""
    require_array(x, fname)
    raise TypeError(
        f"{fname}: {what} a complex array (complex64/complex128) and MXNet 1.9.1 has no "
        "complex dtype; arraykit does not emulate complex arrays on MXNet"
    )


def _unavailable(fname: str, what: str):
    """The standard's transform ``fname``, raising the TypeError of ``_no_complex``."""
    kind = "output" if what == "returns" else "input"
    return _cf.define_transform(
        fname, lambda x, size, where, norm: _no_complex(fname, x, what),
        f"Array API ``fft.{fname}``: unavailable on MXNet (complex {kind}); raises TypeError.",
        __name__)


# Transforms that return a complex array, then those that take one.
fft = _unavailable("fft", "returns")
ifft = _unavailable("ifft", "returns")
fftn = _unavailable("fftn", "returns")
ifftn = _unavailable("ifftn", "returns")
rfft = _unavailable("rfft", "returns")
rfftn = _unavailable("rfftn", "returns")
ihfft = _unavailable("ihfft", "returns")
irfft = _unavailable("irfft", "takes")
irfftn = _unavailable("irfftn", "takes")
hfft = _unavailable("hfft", "takes")


def _freq_dtype(fname: str, dtype):
    """The dtype of ``fftfreq``/``rfftfreq``: default float, or a real floating ``dtype``."""
    name = _dtypes.DEFAULT_FLOAT if dtype is None else _dtypes.dtype_name(dtype, fname)
    _dtypes.check_kind(name, "real floating", fname)
    return _dtypes.DTYPES[name]


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Array API ``fft.fftfreq`` (default dtype: the default float, float32)."""
    dtype = _freq_dtype("fftfreq", dtype)
    return _cf.fftfreq(_xp(), n, d=d, dtype=dtype, device=check_device(device, "fftfreq"),
                       itemsize=dtype.itemsize, **LIMITS)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Array API ``fft.rfftfreq``."""
    dtype = _freq_dtype("rfftfreq", dtype)
    return _cf.rfftfreq(_xp(), n, d=d, dtype=dtype, device=check_device(device, "rfftfreq"),
                        itemsize=dtype.itemsize, **LIMITS)


fftshift, ifftshift = _cf.define_shifts(_xp, require_array, __name__)
