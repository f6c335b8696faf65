"""One input policy for the ``linalg`` and ``fft`` extensions, on every backend the
environment has (conftest's ``xp``/``backend`` fixture).

The TF and MXNet shims hold ``linalg``/``fft`` to their main namespace's policy (``matmul``'s):
a non-array (list, tuple, Python scalar) is refused with a TypeError naming the function, a
dtype outside the function's category is refused with a TypeError naming it, and an axis out
of range raises an IndexError (``AxisError``, also a ValueError, as NumPy's). The dtype and axis
expectations are the standard's: the dtype one also runs on array-api-strict (NumPy, torch and
JAX compute integer input in floating point, which the standard allows), the axis one on every
backend, each native deviation listed with its reason (a strict xfail).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from arraykit.shims._common import checks

SQ = np.array([[2.0, 1.0], [1.0, 3.0]])  # symmetric positive definite
V3 = np.array([1.0, 2.0, 3.0])
V4 = np.array([1.0, 2.0, 3.0, 4.0])

#: The shims' own policy (the standard leaves non-array input unspecified; NumPy, torch and
#: JAX convert lists).
POLICY = pytest.mark.backends(
    "tensorflow", "mxnet", reason="arraykit's input policy for its own shims (the main "
    "namespace's: native arrays only)")
#: NumPy, torch, JAX and dask compute integer input to floating-only functions in floating
#: point, which the standard allows; array-api-strict refuses it as the shims do.
DTYPE_POLICY = pytest.mark.backends(
    "tensorflow", "mxnet", "array_api_strict", reason="the libraries that refuse a dtype "
    "outside the function's category (the others promote integer input, as the standard "
    "allows)")
SHIM_NAMES = ("tensorflow", "mxnet")


def make(xp, a, dtype=None):
    """A native array of NumPy array ``a``: float32 for floating input (every backend holds
    it; JAX without x64 would narrow float64), else ``dtype`` or ``a``'s dtype."""
    a = np.asarray(a)
    if dtype is None:
        dtype = "float32" if a.dtype.kind == "f" else a.dtype.name
    return xp.asarray(a.astype(dtype).tolist(), dtype=getattr(xp, dtype))


# (module, function, positional array arguments as NumPy arrays, keyword arguments)
LINALG = [
    ("cholesky", [SQ], {}), ("cross", [V3, V3], {}), ("det", [SQ], {}),
    ("diagonal", [SQ], {}), ("eig", [SQ], {}), ("eigh", [SQ], {}), ("eigvals", [SQ], {}),
    ("eigvalsh", [SQ], {}), ("inv", [SQ], {}), ("matmul", [SQ, SQ], {}),
    ("matrix_norm", [SQ], {}), ("matrix_power", [SQ], {}), ("matrix_rank", [SQ], {}),
    ("matrix_transpose", [SQ], {}), ("outer", [V3, V3], {}), ("pinv", [SQ], {}),
    ("qr", [SQ], {}), ("slogdet", [SQ], {}), ("solve", [SQ, SQ], {}), ("svd", [SQ], {}),
    ("svdvals", [SQ], {}), ("tensordot", [SQ, SQ], {}), ("trace", [SQ], {}),
    ("vecdot", [V3, V3], {}), ("vector_norm", [V3], {}),
]
FFT = [
    ("fft", [V4], {}), ("ifft", [V4], {}), ("fftn", [SQ], {}), ("ifftn", [SQ], {}),
    ("rfft", [V4], {}), ("irfft", [V4], {}), ("rfftn", [SQ], {}), ("irfftn", [SQ], {}),
    ("hfft", [V4], {}), ("ihfft", [V4], {}), ("fftshift", [V4], {}), ("ifftshift", [V4], {}),
]
CALLS = [("linalg", *c) for c in LINALG] + [("fft", *c) for c in FFT]

#: Extra positional arguments that are not arrays.
EXTRA = {"matrix_power": (2,)}


def call(xp, module, fname, args, **kw):
    return getattr(getattr(xp, module), fname)(*args, *EXTRA.get(fname, ()), **kw)


def deviates(request, reason):
    """A known deviation of a native library: a strict xfail, so a fix shows up."""
    if reason:
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True))


def names(fname, err) -> bool:
    """The message names the function (``fname:``, ``linalg.fname:`` or ``fft.fname:``)."""
    return re.match(rf"^((linalg|fft)\.)?{fname}: ", str(err)) is not None


def _non_arrays(a):
    return [("list", a.tolist()), ("tuple", tuple(map(tuple, a)) if a.ndim == 2
                                   else tuple(a.tolist())), ("scalar", 2.0)]


#: Known inconsistencies left to the main namespace's rules: (backend, function, kind) -> reason.
NON_ARRAY_DEVIATIONS: dict[tuple[str, str, str], str] = {}


@POLICY
@pytest.mark.parametrize(("module", "fname", "args", "kw"), CALLS,
                         ids=[f"{m}.{f}" for m, f, _, _ in CALLS])
@pytest.mark.parametrize("kind", ["list", "tuple", "scalar"])
def test_non_array_refused(request, xp, backend, module, fname, args, kw, kind):
    """Each array argument in turn given as a list, a tuple or a Python scalar: TypeError
    naming the function, as ``matmul`` and the whole main namespace refuse them."""
    deviates(request, NON_ARRAY_DEVIATIONS.get((backend, fname, kind)))
    for i in range(len(args)):
        arrays = [make(xp, a) for a in args]
        arrays[i] = dict(_non_arrays(args[i]))[kind]
        with pytest.raises(TypeError) as info:
            call(xp, module, fname, arrays, **kw)
        assert names(fname, info.value), (i, str(info.value))


@POLICY
@pytest.mark.parametrize("fname", ["matrix_rank", "pinv"])
@pytest.mark.parametrize("rtol", [[0.5], (0.5,), True])
def test_rtol_non_array_refused(xp, fname, rtol):
    """``rtol`` is a Python float or an array: a list, a tuple or a bool is refused as an
    array argument is (TypeError naming the function)."""
    with pytest.raises(TypeError) as info:
        getattr(xp.linalg, fname)(make(xp, SQ), rtol=rtol)
    assert names(fname, info.value), str(info.value)


@POLICY
@pytest.mark.parametrize("fname", ["fftfreq", "rfftfreq"])
def test_freq_dtype_refused_with_one_message(xp, fname):
    """A dtype that is not real floating: the one message of both shims' dtype checks."""
    with pytest.raises(TypeError) as info:
        getattr(xp.fft, fname)(4, dtype=xp.int32)
    assert str(info.value) == str(checks.dtype_not_allowed(fname, "int32", "real floating"))


# Functions whose input "should have a floating-point data type" (the standard's wording),
# and those taking any numeric dtype; fftshift/ifftshift, diagonal and matrix_transpose take
# any dtype.
FLOATING = {"cholesky", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv", "matrix_norm",
            "matrix_power", "matrix_rank", "pinv", "qr", "slogdet", "solve", "svd", "svdvals",
            "vector_norm", "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn",
            "hfft", "ihfft"}
NUMERIC = {"cross", "matmul", "outer", "tensordot", "trace", "vecdot"}

#: Deviations from the standard's dtype expectation: (backend, function) -> reason.
DTYPE_DEVIATIONS = {
    ("array_api_strict", "matrix_rank"): "array-api-strict 2.6 checks no dtype in matrix_rank",
}


DTYPE_CALLS = [(m, f, a, kw, "int64") for m, f, a, kw in CALLS if f in FLOATING] + \
    [(m, f, a, kw, "bool") for m, f, a, kw in CALLS if f in FLOATING | NUMERIC]


@DTYPE_POLICY
@pytest.mark.parametrize(("module", "fname", "args", "kw", "dtype"), DTYPE_CALLS,
                         ids=[f"{m}.{f}-{d}" for m, f, _, _, d in DTYPE_CALLS])
def test_bad_dtype_refused(request, xp, backend, module, fname, args, kw, dtype):
    """Integer input to a floating-only function, bool input to a numeric one: TypeError
    naming the function."""
    deviates(request, DTYPE_DEVIATIONS.get((backend, fname)))
    arrays = [make(xp, a, dtype) for a in args]
    with pytest.raises(TypeError) as info:
        call(xp, module, fname, arrays, **kw)
    if backend in SHIM_NAMES:
        assert names(fname, info.value), str(info.value)


AXIS_CALLS = [
    ("linalg", "vector_norm", [V3], {"axis": 1}),
    ("linalg", "vector_norm", [V3], {"axis": (0, -2)}),
    ("linalg", "cross", [V3, V3], {"axis": -2}),
    ("fft", "fft", [V4], {"axis": 1}),
    ("fft", "ifft", [V4], {"axis": -2}),
    ("fft", "rfft", [V4], {"axis": 1}),
    ("fft", "irfft", [V4], {"axis": 1}),
    ("fft", "hfft", [V4], {"axis": 1}),
    ("fft", "ihfft", [V4], {"axis": 1}),
    ("fft", "fftn", [SQ], {"axes": (0, 2)}),
    ("fft", "rfftn", [SQ], {"axes": (-3,)}),
    ("fft", "fftshift", [V4], {"axes": 1}),
    ("fft", "ifftshift", [V4], {"axes": (0, 1)}),
]

#: The standard's input dtype for a transform (the others take real floating input).
COMPLEX_IN = {"fft", "ifft", "fftn", "ifftn", "irfft", "irfftn", "hfft"}
_TRANSFORMS = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn", "rfftn")
#: Deviations from the IndexError expectation: (backend, function) -> reason.
AXIS_DEVIATIONS = {
    **{("mxnet", f): "MXNet has no complex dtype: every transform raises TypeError"
       for f in _TRANSFORMS},
    ("dask", "cross"): "array-api-compat's dask linalg has no cross (AttributeError)",
}


@pytest.mark.parametrize(("module", "fname", "args", "kw"), AXIS_CALLS,
                         ids=[f"{m}.{f}-{kw}" for m, f, _, kw in AXIS_CALLS])
def test_axis_out_of_range(request, xp, backend, module, fname, args, kw):
    """An axis out of range: IndexError (NumPy's AxisError, also a ValueError, on the shims)
    naming the function, as the main namespace's reductions raise."""
    deviates(request, AXIS_DEVIATIONS.get((backend, fname)))
    arrays = [make(xp, a, "complex64" if fname in COMPLEX_IN else None) for a in args]
    with pytest.raises(IndexError) as info:
        call(xp, module, fname, arrays, **kw)
    if backend in SHIM_NAMES:
        assert isinstance(info.value, ValueError)
        assert names(fname, info.value), str(info.value)
