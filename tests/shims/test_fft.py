"""The fft extension on the shims (TF's against NumPy's below)."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import (
    FLOAT_DTYPES,
    MX_ONLY,
    NORMS,
    NUMPY_2,
    TF_OF,
    TF_ONLY,
    check,
    host,
    rand,
    tf,
)

from arraykit.shims._common import fft as cfft


@MX_ONLY
def test_fft_and_eig_raise_clearly(xp):
    x = xp.ones((4,))
    with pytest.raises(TypeError, match="complex"):
        xp.fft.fft(x)
    with pytest.raises(TypeError, match="MXNet"):
        xp.linalg.eig(xp.eye(2))
    assert host(xp.fft.fftfreq(4)).tolist() == [0.0, 0.25, -0.5, -0.25]
    assert host(xp.fft.fftshift(xp.asarray([0, 1, 2, 3]))).tolist() == [2, 3, 0, 1]



# ---------------------------------------------------------------------------------------------
# TensorFlow's against NumPy's, on native tensors


@TF_ONLY
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_fft_ifft_n_axis(xp, norm, dtype):
    x = rand((3, 5, 6), dtype)
    t = tf.constant(x)
    for n, axis in [(None, -1), (8, 1), (3, 0), (6, -1), (1, 2)]:
        check(xp.fft.fft(t, n=n, axis=axis, norm=norm), np.fft.fft(x, n=n, axis=axis, norm=norm),
              dtype, TF_OF[dtype])
        check(xp.fft.ifft(t, n=n, axis=axis, norm=norm), np.fft.ifft(x, n=n, axis=axis, norm=norm),
              dtype, TF_OF[dtype])


@TF_ONLY
@pytest.mark.parametrize("norm", NORMS)
def test_fftn_ifftn(xp, norm):
    x = rand((3, 4, 5, 2, 3), np.complex128)
    t = tf.constant(x)
    for s, axes in [(None, None), ((4, 7), (2, 0)), ((2,), (1,)), (None, (0, 1, 3, 4)),
                    ((5, 3, 2, 4), (4, 0, 1, 2))]:
        check(xp.fft.fftn(t, s=s, axes=axes, norm=norm), np.fft.fftn(x, s=s, axes=axes, norm=norm),
              np.complex128, tf.complex128)
        check(xp.fft.ifftn(t, s=s, axes=axes, norm=norm),
              np.fft.ifftn(x, s=s, axes=axes, norm=norm), np.complex128, tf.complex128)


@TF_ONLY
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_real_transforms(xp, norm, dtype):
    cdt = {np.float32: np.complex64, np.float64: np.complex128}[dtype]
    x = rand((3, 6, 5), dtype)
    z = rand((3, 6, 5), cdt)
    for n, axis in [(None, -1), (7, 1), (4, 0), (10, -1)]:
        check(xp.fft.rfft(tf.constant(x), n=n, axis=axis, norm=norm),
              np.fft.rfft(x, n=n, axis=axis, norm=norm), dtype, TF_OF[cdt])
        check(xp.fft.irfft(tf.constant(z), n=n, axis=axis, norm=norm),
              np.fft.irfft(z, n=n, axis=axis, norm=norm), dtype, TF_OF[dtype])
        check(xp.fft.hfft(tf.constant(z), n=n, axis=axis, norm=norm),
              np.fft.hfft(z, n=n, axis=axis, norm=norm), dtype, TF_OF[dtype])
        check(xp.fft.ihfft(tf.constant(x), n=n, axis=axis, norm=norm),
              np.fft.ihfft(x, n=n, axis=axis, norm=norm), dtype, TF_OF[cdt])
    for s, axes in [(None, None), ((4, 7), (2, 0)), ((5,), (1,)), ((3, 3, 9), (0, 1, 2))]:
        check(xp.fft.rfftn(tf.constant(x), s=s, axes=axes, norm=norm),
              np.fft.rfftn(x, s=s, axes=axes, norm=norm), dtype, TF_OF[cdt])
        check(xp.fft.irfftn(tf.constant(z), s=s, axes=axes, norm=norm),
              np.fft.irfftn(z, s=s, axes=axes, norm=norm), dtype, TF_OF[dtype])


@TF_ONLY
def test_roundtrips(xp):
    x = rand((4, 9))
    np.testing.assert_allclose(xp.fft.irfft(xp.fft.rfft(tf.constant(x)), n=9).numpy(), x,
                               atol=1e-12)
    z = rand((4, 8), np.complex64)
    back = xp.fft.ifft(xp.fft.fft(tf.constant(z), norm="ortho"), norm="ortho")
    np.testing.assert_allclose(back.numpy(), z, atol=1e-5)


@TF_ONLY
def test_real_input_to_fft_is_upcast(xp):
    x = rand((5,), np.float32)
    res = xp.fft.fft(tf.constant(x))
    assert res.dtype == tf.complex64
    np.testing.assert_allclose(res.numpy(), np.fft.fft(x), rtol=1e-4, atol=1e-4)


@TF_ONLY
@pytest.mark.parametrize("dtype_name", [None, "float32", "float64"])
def test_freqs(xp, dtype_name):
    dtype = None if dtype_name is None else getattr(tf, dtype_name)
    for n in (1, 2, 7, 8):
        for d in (1.0, 0.3):
            f = xp.fft.fftfreq(n, d=d, dtype=dtype)
            assert f.dtype == (dtype or tf.float64)
            np.testing.assert_allclose(f.numpy(), np.fft.fftfreq(n, d=d), rtol=1e-6)
            r = xp.fft.rfftfreq(n, d=d, dtype=dtype)
            assert r.dtype == (dtype or tf.float64)
            np.testing.assert_allclose(r.numpy(), np.fft.rfftfreq(n, d=d), rtol=1e-6)


@TF_ONLY
def test_freq_device(xp):
    f = xp.fft.fftfreq(4, device="CPU:0")
    assert "CPU" in f.device


@TF_ONLY
@pytest.mark.parametrize("axes", [None, 0, (0, 2), [1]])
def test_shifts(xp, axes):
    x = rand((3, 4, 5), np.complex64)
    np.testing.assert_array_equal(xp.fft.fftshift(tf.constant(x), axes=axes).numpy(),
                                  np.fft.fftshift(x, axes=axes))
    np.testing.assert_array_equal(xp.fft.ifftshift(tf.constant(x), axes=axes).numpy(),
                                  np.fft.ifftshift(x, axes=axes))


@TF_ONLY
def test_fft_bad_input(xp):
    with pytest.raises(TypeError, match=r"fft.*int32"):
        xp.fft.fft(tf.ones((4,), tf.int32))
    with pytest.raises(TypeError, match=r"rfft.*complex64"):
        xp.fft.rfft(tf.ones((4,), tf.complex64))
    with pytest.raises(ValueError, match=r"fft.*norm"):
        xp.fft.fft(tf.ones((4,), tf.complex64), norm="bogus")
    with pytest.raises(ValueError, match=r"ifft.*axis"):
        xp.fft.ifft(tf.ones((4,), tf.complex64), axis=3)
    with pytest.raises(ValueError, match="fftn"):
        xp.fft.fftn(tf.ones((4, 4), tf.complex64), s=(2, 3), axes=(0,))
    with pytest.raises(ValueError, match="irfft"):
        xp.fft.irfft(tf.ones((1,), tf.complex64))
    with pytest.raises(ValueError, match="fft"):
        xp.fft.fft(tf.ones((4,), tf.complex64), n=0)
    with pytest.raises(TypeError, match="fftfreq"):
        xp.fft.fftfreq(4, dtype=tf.int32)


@TF_ONLY
def test_fft_inside_tf_function(xp):
    @tf.function
    def f(x):
        return xp.fft.rfftn(x, s=(4, 6), axes=(0, 2), norm="ortho"), xp.fft.fftshift(x, axes=1)

    x = rand((3, 5, 6))
    r, sh = f(tf.constant(x))
    np.testing.assert_allclose(r.numpy(), np.fft.rfftn(x, s=(4, 6), axes=(0, 2), norm="ortho"))
    np.testing.assert_array_equal(sh.numpy(), np.fft.fftshift(x, axes=1))


class _npprim:  # noqa: N801 - stands in for a module of primitives, named like one
    max_nd = 1

    @staticmethod
    def fftnd(x, k, inverse):
        return np.fft.ifft(x) if inverse else np.fft.fft(x)

    complex_of = staticmethod(lambda d: np.result_type(d, np.complex64))
    real_of = staticmethod(lambda d: np.finfo(d).dtype)


@NUMPY_2
def test_common_fft_from_complex_kernel_only():
    x = rand((3, 4, 6))
    z = rand((3, 4, 6), np.complex128)
    np.testing.assert_allclose(cfft.rfftn(np, _npprim, x, s=(5, 7), axes=(0, 2), norm="ortho"),
                               np.fft.rfftn(x, s=(5, 7), axes=(0, 2), norm="ortho"))
    np.testing.assert_allclose(cfft.irfftn(np, _npprim, z, axes=(1, 2), norm="forward"),
                               np.fft.irfftn(z, axes=(1, 2), norm="forward"))
    np.testing.assert_allclose(cfft.hfft(np, _npprim, z, n=9), np.fft.hfft(z, n=9))
    np.testing.assert_allclose(cfft.c2cn(np, _npprim, z, inverse=True), np.fft.ifftn(z))


@pytest.mark.backends("numpy", "torch", "jax", "tensorflow", "mxnet", "mlx", "paddle",
                      "array_api_strict", reason="one rule for fftfreq's n and d: NumPy and "
                      "array-api-strict raised ZeroDivisionError, torch and jax returned values")
def test_fftfreq_of_no_points_or_zero_spacing_is_a_value_error(xp):
    for call in (lambda: xp.fft.fftfreq(0), lambda: xp.fft.rfftfreq(0),
                 lambda: xp.fft.fftfreq(3, d=0.0), lambda: xp.fft.rfftfreq(3, d=0.0)):
        with pytest.raises(ValueError, match="fftfreq"):
            call()
    assert host(xp.fft.fftfreq(4, d=0.5)).tolist() == [0.0, 0.5, -1.0, -0.5]


@pytest.mark.backends(
    "numpy", "torch", "jax", "tensorflow", "mlx", "paddle",
    reason="the transforms of every namespace with a complex dtype (MXNet has none)")
@pytest.mark.parametrize(("fname", "dtype", "shape"), [
    ("fft", "complex64", (0,)), ("ifft", "complex64", (3, 0)), ("rfft", "float32", (0,)),
    ("ihfft", "float32", (0,)), ("fftn", "complex64", (0, 2)), ("rfftn", "float32", (2, 0)),
    ("irfft", "complex64", (1,)), ("hfft", "complex64", (1,)), ("irfftn", "complex64", (2, 1)),
])
def test_a_transform_of_no_points_is_a_value_error_naming_it(xp, fname, dtype, shape):
    # NumPy's "Invalid number of FFT data points (0)": TF and JAX returned an empty array,
    # JAX's rfft failed to lower, MLX's kernel named no function ("[fftn] ..."), Paddle's fftn
    # neither
    with pytest.raises(ValueError, match=rf"^{fname}: "):
        getattr(xp.fft, fname)(xp.asarray(np.zeros(shape, dtype=dtype)))
