"""The standard's ``fft`` extension over ``paddle.fft`` (NumPy's conventions: pad/truncate
to ``n``/``s``, the three norms). Arguments are resolved by ``_common.fft`` (one rule, one
message on every backend); Paddle runs the transforms. Real input to the complex transforms
is cast to the complex dtype of its precision; integer input to any transform computes in
the default float first."""

from __future__ import annotations

import sys

import paddle

from .. import standard_names
from .._common import fft as _cf
from .._common.dtypes import integer_input_as_float
from . import _dtypes as D
from ._helpers import check_device, normalize_axis, require_array

#: Every function of the standard's fft extension is defined below.
__all__ = list(standard_names("fft"))

_COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}
#: Paddle 3.3.1's transforms take ``n`` and ``s`` as int32 attributes (past them an
#: IndexError, "exceeds int32 range", naming no function).
_SIZE_LIMITS = {"max_extent": 2**31 - 1, "framework": "Paddle 3.3.1's fft"}
_REAL_OF = {"complex64": "float32", "complex128": "float64"}


def _xp():
    return sys.modules[__package__]


def _input(fname, x, want):
    """``x`` in a dtype the transform takes: ``want`` "complex" or "real"."""
    name = require_array(x, fname)
    f = integer_input_as_float("real floating", name, D.DEFAULT_FLOAT)
    if f is not None:
        x, name = paddle.cast(x, f), f
    if want == "complex":
        if name in _COMPLEX_OF:
            return paddle.cast(x, _COMPLEX_OF[name])
        D.check_kind(name, "complex floating", fname)
        return x
    D.check_kind(name, "real floating", fname)
    return x


def _one(fname, op, want):
    def run(x, n, axis, norm):
        x = _input(fname, x, want)
        _cf.check_norm(fname, norm)
        if x.ndim == 0:
            raise ValueError(f"{fname}: x must have at least one dimension")
        ax = normalize_axis(axis, x.ndim, fname)
        if n is not None:
            n = _cf.check_n_along(fname, x, ax, n, _SIZE_LIMITS)
        else:
            _cf.default_points(fname, x, ax, half=fname in ("irfft", "hfft"))
        return op(x, n=n, axis=ax, norm=norm)

    return _cf.define_transform(fname, run, f"Array API ``fft.{fname}`` over paddle.fft.",
                                __name__)


def _many(fname, op, want, last_half=False):
    def run(x, s, axes, norm):
        x = _input(fname, x, want)
        _cf.check_norm(fname, norm)
        s, axes = _cf.normalize_s_axes(fname, x, s, axes, last_half=last_half,
                                       limits=_SIZE_LIMITS)
        if not axes:
            return x.clone()
        return op(x, s=s, axes=axes, norm=norm)

    return _cf.define_transform(fname, run, f"Array API ``fft.{fname}`` over paddle.fft.",
                                __name__)


fft = _one("fft", paddle.fft.fft, "complex")
ifft = _one("ifft", paddle.fft.ifft, "complex")
rfft = _one("rfft", paddle.fft.rfft, "real")
irfft = _one("irfft", paddle.fft.irfft, "complex")
hfft = _one("hfft", paddle.fft.hfft, "complex")
ihfft = _one("ihfft", paddle.fft.ihfft, "real")
fftn = _many("fftn", paddle.fft.fftn, "complex")
ifftn = _many("ifftn", paddle.fft.ifftn, "complex")
rfftn = _many("rfftn", paddle.fft.rfftn, "real")
irfftn = _many("irfftn", paddle.fft.irfftn, "complex", last_half=True)


def _freq_dtype(dtype, fname):
    name = D.DEFAULT_FLOAT if dtype is None else D.dtype_name(dtype, fname)
    D.check_kind(name, "real floating", fname)
    return D.DTYPES[name], name


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Array API ``fft.fftfreq``."""
    dt, name = _freq_dtype(dtype, "fftfreq")
    check_device(device, "fftfreq")
    return _cf.fftfreq(_xp(), n, d=d, dtype=dt, device=device, itemsize=int(name[-2:]) // 8)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Array API ``fft.rfftfreq``."""
    dt, name = _freq_dtype(dtype, "rfftfreq")
    check_device(device, "rfftfreq")
    return _cf.rfftfreq(_xp(), n, d=d, dtype=dt, device=device, itemsize=int(name[-2:]) // 8)


fftshift, ifftshift = _cf.define_shifts(_xp, require_array, __name__)
