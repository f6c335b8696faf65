"""The TF shim's ``linalg`` and ``fft`` extensions against NumPy's, on native tensors."""

from __future__ import annotations

import math

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

from arraykit.shims._common import fft as cfft  # noqa: E402
from arraykit.shims._common import linalg as clinalg  # noqa: E402
from arraykit.shims.tensorflow import fft as F  # noqa: E402
from arraykit.shims.tensorflow import linalg as L  # noqa: E402

RNG = np.random.default_rng(1234)
FLOAT_DTYPES = [np.float32, np.float64]
ALL_FLOAT = FLOAT_DTYPES + [np.complex64, np.complex128]
NORMS = ["backward", "ortho", "forward"]
TF_OF = {np.float32: tf.float32, np.float64: tf.float64, np.complex64: tf.complex64,
         np.complex128: tf.complex128}


def rand(shape, dtype=np.float64):
    a = RNG.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * RNG.standard_normal(shape)
    return a.astype(dtype)


def tol(dtype):
    return dict(rtol=2e-4, atol=2e-4) if dtype in (np.float32, np.complex64) else \
        dict(rtol=1e-9, atol=1e-9)


def check(res, expected, dtype, tf_dtype=None):
    assert isinstance(res, tf.Tensor)
    if tf_dtype is not None:
        assert res.dtype == tf_dtype, (res.dtype, tf_dtype)
    np.testing.assert_allclose(res.numpy(), expected, **tol(dtype))


def real_tf(dtype):
    return {np.complex64: tf.float32, np.complex128: tf.float64}.get(dtype, TF_OF[dtype])


# ---------------------------------------------------------------------------------------------
# linalg: values against numpy.linalg


@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_det_inv_slogdet_batched(dtype):
    a = rand((2, 3, 4, 4), dtype)
    t = tf.constant(a)
    check(L.det(t), np.linalg.det(a), dtype, TF_OF[dtype])
    check(L.inv(t), np.linalg.inv(a), dtype, TF_OF[dtype])
    res = L.slogdet(t)
    assert type(res).__name__ == "SlogdetResult" and res._fields == ("sign", "logabsdet")
    sign, logabs = np.linalg.slogdet(a)
    check(res.sign, sign, dtype, TF_OF[dtype])
    check(res.logabsdet, logabs, dtype, real_tf(dtype))


def test_slogdet_singular_is_zero_and_minus_inf():
    s, la = L.slogdet(tf.zeros((2, 3, 3), tf.float64))
    assert np.all(s.numpy() == 0) and np.all(la.numpy() == -np.inf)


@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, upper):
    a = rand((3, 4, 4), dtype)
    spd = a @ np.conj(np.swapaxes(a, -1, -2)) + 4 * np.eye(4, dtype=dtype)
    res = L.cholesky(tf.constant(spd), upper=upper)
    expected = np.linalg.cholesky(spd, upper=upper)
    check(res, expected, dtype, TF_OF[dtype])
    r = res.numpy()
    assert np.all((np.triu(r) if upper else np.tril(r)) == r)


@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_eigh_eigvalsh(dtype):
    a = rand((2, 5, 5), dtype)
    h = a + np.conj(np.swapaxes(a, -1, -2))
    res = L.eigh(tf.constant(h))
    assert res._fields == ("eigenvalues", "eigenvectors")
    w = np.linalg.eigvalsh(h)
    check(res.eigenvalues, w, dtype, real_tf(dtype))
    assert res.eigenvectors.dtype == TF_OF[dtype]
    v = res.eigenvectors.numpy()
    recon = v @ (w[..., :, None] * np.conj(np.swapaxes(v, -1, -2)))
    np.testing.assert_allclose(recon, h, **tol(dtype) | dict(atol=1e-3))
    check(L.eigvalsh(tf.constant(h)), w, dtype, real_tf(dtype))


@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_eig_eigvals(dtype):
    a = rand((3, 4, 4), dtype)
    res = L.eig(tf.constant(a))
    cdt = {np.float32: tf.complex64, np.float64: tf.complex128}.get(dtype, TF_OF[dtype])
    assert res._fields == ("eigenvalues", "eigenvectors")
    assert res.eigenvalues.dtype == cdt and res.eigenvectors.dtype == cdt
    w, v = res.eigenvalues.numpy(), res.eigenvectors.numpy()
    # A v = v diag(w) for every matrix of the batch.
    np.testing.assert_allclose(a @ v, v * w[..., None, :], rtol=1e-3, atol=1e-3)
    ev = L.eigvals(tf.constant(a))
    assert ev.dtype == cdt
    np.testing.assert_allclose(np.sort_complex(ev.numpy()), np.sort_complex(np.linalg.eigvals(a)),
                               rtol=1e-3, atol=1e-3)


def test_eig_nonfinite_gives_nan_not_tf_error():
    a = np.eye(3)[None].repeat(2, 0)
    a[1, 0, 0] = np.nan
    w = L.eigvals(tf.constant(a)).numpy()
    assert np.all(np.isnan(w[1])) and np.allclose(w[0], 1)
    w2 = L.eigh(tf.constant(a)).eigenvalues.numpy()
    assert np.all(np.isnan(w2[1])) and np.allclose(w2[0], 1)


@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("shape", [(2, 5, 3), (3, 4)])
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr(dtype, shape, mode):
    a = rand(shape, dtype)
    res = L.qr(tf.constant(a), mode=mode)
    assert res._fields == ("Q", "R")
    q_np, r_np = np.linalg.qr(a, mode=mode)
    assert tuple(res.Q.shape) == q_np.shape and tuple(res.R.shape) == r_np.shape
    np.testing.assert_allclose((res.Q @ res.R).numpy(), a, **tol(dtype))
    assert np.all(np.triu(res.R.numpy()) == res.R.numpy())


@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("full", [True, False])
def test_svd_svdvals(dtype, full):
    a = rand((2, 5, 3), dtype)
    res = L.svd(tf.constant(a), full_matrices=full)
    assert res._fields == ("U", "S", "Vh")
    u, s, vh = np.linalg.svd(a, full_matrices=full)
    assert tuple(res.U.shape) == u.shape and tuple(res.Vh.shape) == vh.shape
    check(res.S, s, dtype, real_tf(dtype))
    k = min(a.shape[-2:])
    recon = (res.U[..., :, :k] * tf.cast(res.S, res.U.dtype)[..., None, :]) @ res.Vh[..., :k, :]
    np.testing.assert_allclose(recon.numpy(), a, **tol(dtype))
    check(L.svdvals(tf.constant(a)), s, dtype, real_tf(dtype))


@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_solve_shapes_and_values(dtype):
    a = rand((2, 3, 4, 4), dtype) + 4 * np.eye(4, dtype=dtype)
    b1 = rand((4,), dtype)
    check(L.solve(tf.constant(a), tf.constant(b1)), np.linalg.solve(a, b1), dtype, TF_OF[dtype])
    b2 = rand((3, 4, 2), dtype)  # batch broadcasts against (2, 3)
    res = L.solve(tf.constant(a), tf.constant(b2))
    assert tuple(res.shape) == (2, 3, 4, 2)
    check(res, np.linalg.solve(a, b2), dtype, TF_OF[dtype])
    b3 = rand((4, 1), dtype)
    check(L.solve(tf.constant(a[0, 0]), tf.constant(b3)), np.linalg.solve(a[0, 0], b3), dtype)


def test_solve_promotes():
    a = (rand((3, 3)) + 3 * np.eye(3)).astype(np.float32)
    b = rand((3,))
    res = L.solve(tf.constant(a), tf.constant(b))
    assert res.dtype == tf.float64
    np.testing.assert_allclose(res.numpy(), np.linalg.solve(a.astype(np.float64), b), rtol=1e-5)


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("keepdims", [False, True])
def test_matrix_norm(ord, dtype, keepdims):
    a = rand((2, 3, 4, 5), dtype)
    res = L.matrix_norm(tf.constant(a), ord=ord, keepdims=keepdims)
    expected = np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims)
    check(res, expected, dtype, real_tf(dtype))


@pytest.mark.parametrize("ord", [2, 1, 0, -1, -2, math.inf, -math.inf, 3, 0.5, -1.5])
@pytest.mark.parametrize("axis", [None, -1, (2, 0)])
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_vector_norm(ord, axis, dtype):
    a = rand((3, 4, 5), dtype)
    for keepdims in (False, True):
        res = L.vector_norm(tf.constant(a), axis=axis, keepdims=keepdims, ord=ord)
        expected = np.linalg.vector_norm(a, axis=axis, keepdims=keepdims, ord=ord)
        check(res, expected, dtype, real_tf(dtype))


@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_matrix_rank_and_pinv(dtype):
    a = rand((2, 5, 3), dtype)
    a[1, :, 2] = a[1, :, 0]  # rank 2
    t = tf.constant(a)
    r = L.matrix_rank(t)
    assert r.dtype == tf.int64
    np.testing.assert_array_equal(r.numpy(), [3, 2])
    # rtol as an array broadcasting against the batch
    r2 = L.matrix_rank(t, rtol=tf.constant([0.99, 1e-3], dtype=real_tf(dtype)))
    np.testing.assert_array_equal(r2.numpy(), np.linalg.matrix_rank(a, rtol=np.array([0.99, 1e-3])))
    check(L.pinv(t), np.linalg.pinv(a), dtype, TF_OF[dtype])
    check(L.pinv(t, rtol=0.5), np.linalg.pinv(a, rtol=0.5), dtype)


@pytest.mark.parametrize("n", [0, 1, 2, 5, -1, -4])
def test_matrix_power(n):
    a = rand((2, 3, 3)) + 3 * np.eye(3)
    check(L.matrix_power(tf.constant(a), n), np.linalg.matrix_power(a, n), np.float64)


def test_cross_outer_trace_diagonal():
    a = rand((4, 3, 2))
    b = rand((3, 1))
    res = L.cross(tf.constant(a), tf.constant(b), axis=-2)
    np.testing.assert_array_equal(res.numpy(), np.cross(a, b, axis=-2))
    ai = RNG.integers(-5, 5, (2, 3)).astype(np.int16)
    bi = RNG.integers(-5, 5, (3,)).astype(np.int32)
    ci = L.cross(tf.constant(ai), tf.constant(bi))
    assert ci.dtype == tf.int32
    np.testing.assert_array_equal(ci.numpy(), np.cross(ai, bi))
    o = L.outer(tf.constant(rand((3,), np.float32)), tf.constant(rand((4,))))
    assert o.dtype == tf.float64 and tuple(o.shape) == (3, 4)
    m = rand((2, 4, 5))
    for off in (-5, -1, 0, 2, 4, 9):
        np.testing.assert_array_equal(L.diagonal(tf.constant(m), offset=off).numpy(),
                                      np.diagonal(m, offset=off, axis1=-2, axis2=-1))
        np.testing.assert_allclose(L.trace(tf.constant(m), offset=off).numpy(),
                                   np.trace(m, offset=off, axis1=-2, axis2=-1))
    ti = L.trace(tf.constant(np.ones((3, 3), np.uint8)))
    assert ti.dtype == tf.uint64 and int(ti) == 3
    assert L.trace(tf.constant(np.ones((3, 3), np.int8))).dtype == tf.int64
    assert L.trace(tf.ones((3, 3), tf.float32), dtype=tf.float64).dtype == tf.float64
    assert L.diagonal(tf.constant([[True, False], [False, True]])).dtype == tf.bool


def test_reexports_are_main_namespace_functions():
    a, b = tf.constant(rand((2, 3, 4))), tf.constant(rand((4, 5)))
    np.testing.assert_allclose(L.matmul(a, b).numpy(), a.numpy() @ b.numpy())
    assert tuple(L.matrix_transpose(a).shape) == (2, 4, 3)
    np.testing.assert_allclose(L.tensordot(a, b, axes=1).numpy(),
                               np.tensordot(a.numpy(), b.numpy(), axes=1))
    x = tf.constant([1j, 2j, 3j])
    y = tf.constant([1, 2j, 3], dtype=tf.complex128)
    assert complex(L.vecdot(x, y).numpy()) == pytest.approx(4 - 10j)


def test_variable_input():
    v = tf.Variable(rand((3, 3)) + 3 * np.eye(3))
    np.testing.assert_allclose(L.inv(v).numpy(), np.linalg.inv(v.numpy()))
    np.testing.assert_allclose(L.vector_norm(v).numpy(), np.linalg.norm(v.numpy()))
    np.testing.assert_allclose(F.fft(tf.Variable(rand((4,), np.complex64))).shape, (4,))


# ---------------------------------------------------------------------------------------------
# linalg: bad input


@pytest.mark.parametrize("fname", ["cholesky", "det", "inv", "eigh", "eig", "eigvals",
                                   "eigvalsh", "slogdet", "svd", "svdvals", "qr", "pinv",
                                   "matrix_rank", "matrix_norm", "vector_norm"])
def test_integer_input_raises_typeerror_naming_function(fname):
    with pytest.raises(TypeError, match=fname + r".*int32"):
        getattr(L, fname)(tf.ones((3, 3), tf.int32))


def test_shape_errors_name_the_function():
    with pytest.raises(ValueError, match="inv.*square"):
        L.inv(tf.ones((2, 3)))
    with pytest.raises(ValueError, match="det"):
        L.det(tf.ones((3,)))
    with pytest.raises(ValueError, match="cross"):
        L.cross(tf.ones((2, 4)), tf.ones((2, 4)))
    with pytest.raises(ValueError, match="outer"):
        L.outer(tf.ones((2, 2)), tf.ones((2,)))
    with pytest.raises(ValueError, match="solve"):
        L.solve(tf.eye(3), tf.ones((4,)))
    with pytest.raises(ValueError, match="solve"):
        L.solve(tf.ones((2, 3, 3)), tf.ones((4, 3, 1)))
    with pytest.raises(ValueError, match="qr.*mode"):
        L.qr(tf.eye(3), mode="r")
    with pytest.raises(ValueError, match="matrix_norm"):
        L.matrix_norm(tf.eye(3), ord=3)
    with pytest.raises(TypeError, match="solve"):
        L.solve(tf.eye(3, dtype=tf.int32), tf.ones((3,), tf.int32))


def test_singular_inv_and_solve_raise_valueerror_eagerly():
    s = tf.constant([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(ValueError, match="inv: singular"):
        L.inv(s)
    with pytest.raises(ValueError, match="solve: singular"):
        L.solve(s, tf.ones((2,)))
    with pytest.raises(ValueError, match="singular"):
        L.matrix_power(s, -2)


def test_linalg_inside_tf_function():
    @tf.function
    def f(a, b):
        return (L.solve(a, b), L.inv(a), L.matrix_norm(a, ord=2), L.slogdet(a).logabsdet,
                L.eigh(a + tf.linalg.matrix_transpose(a)).eigenvalues)

    a = rand((2, 3, 3)) + 3 * np.eye(3)
    b = rand((3,))
    x, ai, n2, ld, w = f(tf.constant(a), tf.constant(b))
    np.testing.assert_allclose(x.numpy(), np.linalg.solve(a, b), rtol=1e-9)
    np.testing.assert_allclose(ai.numpy(), np.linalg.inv(a), rtol=1e-9)
    np.testing.assert_allclose(n2.numpy(), np.linalg.matrix_norm(a, ord=2), rtol=1e-9)
    np.testing.assert_allclose(ld.numpy(), np.linalg.slogdet(a)[1], rtol=1e-9)
    np.testing.assert_allclose(w.numpy(), np.linalg.eigvalsh(a + np.swapaxes(a, -1, -2)),
                               rtol=1e-9)
    # singular inside a graph: no TF runtime error, non-finite or huge values instead
    r = tf.function(L.inv, autograph=False)(tf.zeros((2, 2), tf.float64)).numpy()
    assert not np.all(np.isfinite(r)) or np.abs(r).max() > 1e10


# ---------------------------------------------------------------------------------------------
# fft: values against numpy.fft


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_fft_ifft_n_axis(norm, dtype):
    x = rand((3, 5, 6), dtype)
    t = tf.constant(x)
    for n, axis in [(None, -1), (8, 1), (3, 0), (6, -1), (1, 2)]:
        check(F.fft(t, n=n, axis=axis, norm=norm), np.fft.fft(x, n=n, axis=axis, norm=norm),
              dtype, TF_OF[dtype])
        check(F.ifft(t, n=n, axis=axis, norm=norm), np.fft.ifft(x, n=n, axis=axis, norm=norm),
              dtype, TF_OF[dtype])


@pytest.mark.parametrize("norm", NORMS)
def test_fftn_ifftn(norm):
    x = rand((3, 4, 5, 2, 3), np.complex128)
    t = tf.constant(x)
    for s, axes in [(None, None), ((4, 7), (2, 0)), ((2,), (1,)), (None, (0, 1, 3, 4)),
                    ((5, 3, 2, 4), (4, 0, 1, 2))]:
        check(F.fftn(t, s=s, axes=axes, norm=norm), np.fft.fftn(x, s=s, axes=axes, norm=norm),
              np.complex128, tf.complex128)
        check(F.ifftn(t, s=s, axes=axes, norm=norm),
              np.fft.ifftn(x, s=s, axes=axes, norm=norm), np.complex128, tf.complex128)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_real_transforms(norm, dtype):
    cdt = {np.float32: np.complex64, np.float64: np.complex128}[dtype]
    x = rand((3, 6, 5), dtype)
    z = rand((3, 6, 5), cdt)
    for n, axis in [(None, -1), (7, 1), (4, 0), (10, -1)]:
        check(F.rfft(tf.constant(x), n=n, axis=axis, norm=norm),
              np.fft.rfft(x, n=n, axis=axis, norm=norm), dtype, TF_OF[cdt])
        check(F.irfft(tf.constant(z), n=n, axis=axis, norm=norm),
              np.fft.irfft(z, n=n, axis=axis, norm=norm), dtype, TF_OF[dtype])
        check(F.hfft(tf.constant(z), n=n, axis=axis, norm=norm),
              np.fft.hfft(z, n=n, axis=axis, norm=norm), dtype, TF_OF[dtype])
        check(F.ihfft(tf.constant(x), n=n, axis=axis, norm=norm),
              np.fft.ihfft(x, n=n, axis=axis, norm=norm), dtype, TF_OF[cdt])
    for s, axes in [(None, None), ((4, 7), (2, 0)), ((5,), (1,)), ((3, 3, 9), (0, 1, 2))]:
        check(F.rfftn(tf.constant(x), s=s, axes=axes, norm=norm),
              np.fft.rfftn(x, s=s, axes=axes, norm=norm), dtype, TF_OF[cdt])
        check(F.irfftn(tf.constant(z), s=s, axes=axes, norm=norm),
              np.fft.irfftn(z, s=s, axes=axes, norm=norm), dtype, TF_OF[dtype])


def test_roundtrips():
    x = rand((4, 9))
    np.testing.assert_allclose(F.irfft(F.rfft(tf.constant(x)), n=9).numpy(), x, atol=1e-12)
    z = rand((4, 8), np.complex64)
    np.testing.assert_allclose(F.ifft(F.fft(tf.constant(z), norm="ortho"), norm="ortho").numpy(),
                               z, atol=1e-5)


def test_real_input_to_fft_is_upcast():
    x = rand((5,), np.float32)
    res = F.fft(tf.constant(x))
    assert res.dtype == tf.complex64
    np.testing.assert_allclose(res.numpy(), np.fft.fft(x), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", [None, tf.float32, tf.float64])
def test_freqs(dtype):
    for n in (1, 2, 7, 8):
        for d in (1.0, 0.3):
            f = F.fftfreq(n, d=d, dtype=dtype)
            assert f.dtype == (dtype or tf.float64)
            np.testing.assert_allclose(f.numpy(), np.fft.fftfreq(n, d=d), rtol=1e-6)
            r = F.rfftfreq(n, d=d, dtype=dtype)
            assert r.dtype == (dtype or tf.float64)
            np.testing.assert_allclose(r.numpy(), np.fft.rfftfreq(n, d=d), rtol=1e-6)


def test_freq_device():
    f = F.fftfreq(4, device="CPU:0")
    assert "CPU" in f.device


@pytest.mark.parametrize("axes", [None, 0, (0, 2), [1]])
def test_shifts(axes):
    x = rand((3, 4, 5), np.complex64)
    np.testing.assert_array_equal(F.fftshift(tf.constant(x), axes=axes).numpy(),
                                  np.fft.fftshift(x, axes=axes))
    np.testing.assert_array_equal(F.ifftshift(tf.constant(x), axes=axes).numpy(),
                                  np.fft.ifftshift(x, axes=axes))


def test_fft_bad_input():
    with pytest.raises(TypeError, match="fft.*int32"):
        F.fft(tf.ones((4,), tf.int32))
    with pytest.raises(TypeError, match="rfft.*complex64"):
        F.rfft(tf.ones((4,), tf.complex64))
    with pytest.raises(ValueError, match="fft.*norm"):
        F.fft(tf.ones((4,), tf.complex64), norm="bogus")
    with pytest.raises(ValueError, match="ifft.*axis"):
        F.ifft(tf.ones((4,), tf.complex64), axis=3)
    with pytest.raises(ValueError, match="fftn"):
        F.fftn(tf.ones((4, 4), tf.complex64), s=(2, 3), axes=(0,))
    with pytest.raises(ValueError, match="irfft"):
        F.irfft(tf.ones((1,), tf.complex64))
    with pytest.raises(ValueError, match="fft"):
        F.fft(tf.ones((4,), tf.complex64), n=0)
    with pytest.raises(TypeError, match="fftfreq"):
        F.fftfreq(4, dtype=tf.int32)


def test_fft_inside_tf_function():
    @tf.function
    def f(x):
        return F.rfftn(x, s=(4, 6), axes=(0, 2), norm="ortho"), F.fftshift(x, axes=1)

    x = rand((3, 5, 6))
    r, sh = f(tf.constant(x))
    np.testing.assert_allclose(r.numpy(), np.fft.rfftn(x, s=(4, 6), axes=(0, 2), norm="ortho"))
    np.testing.assert_array_equal(sh.numpy(), np.fft.fftshift(x, axes=1))


# ---------------------------------------------------------------------------------------------
# the shared algorithms with NumPy as the namespace (what the MXNet shim builds on)


class _npprim:
    max_nd = 1

    @staticmethod
    def fftnd(x, k, inverse):
        return np.fft.ifft(x) if inverse else np.fft.fft(x)

    complex_of = staticmethod(lambda d: np.result_type(d, np.complex64))
    real_of = staticmethod(lambda d: np.finfo(d).dtype)


def test_common_fft_from_complex_kernel_only():
    x = rand((3, 4, 6))
    z = rand((3, 4, 6), np.complex128)
    np.testing.assert_allclose(cfft.rfftn(np, _npprim, x, s=(5, 7), axes=(0, 2), norm="ortho"),
                               np.fft.rfftn(x, s=(5, 7), axes=(0, 2), norm="ortho"))
    np.testing.assert_allclose(cfft.irfftn(np, _npprim, z, axes=(1, 2), norm="forward"),
                               np.fft.irfftn(z, axes=(1, 2), norm="forward"))
    np.testing.assert_allclose(cfft.hfft(np, _npprim, z, n=9), np.fft.hfft(z, n=9))
    np.testing.assert_allclose(cfft.c2cn(np, _npprim, z, inverse=True), np.fft.ifftn(z))


def test_common_linalg_with_numpy_namespace():
    a = rand((2, 4, 3))
    np.testing.assert_allclose(clinalg.diagonal(np, a, offset=-1),
                               np.diagonal(a, offset=-1, axis1=-2, axis2=-1))
    np.testing.assert_allclose(
        clinalg.pinv(np, a, svd=lambda m: np.linalg.svd(m, full_matrices=False),
                     eps=np.finfo(np.float64).eps, real_dtype=np.float64),
        np.linalg.pinv(a))
    b = rand((3, 3)) + 3 * np.eye(3)
    sl = pytest.importorskip("scipy.linalg")

    lu, piv = sl.lu_factor(b)
    parity = np.asarray((-1.0) ** np.sum(piv != np.arange(3)))
    s, la = clinalg.slogdet_from_lu(np, lu, parity, real_dtype=np.float64)
    np.testing.assert_allclose([s, la], np.linalg.slogdet(b))


def test_solve_inside_tf_function_with_unknown_batch():
    f = tf.function(L.solve, autograph=False, input_signature=[tf.TensorSpec([None, 3, 3], tf.float64),
                                              tf.TensorSpec([3], tf.float64)])
    a = rand((4, 3, 3)) + 3 * np.eye(3)
    b = rand((3,))
    np.testing.assert_allclose(f(tf.constant(a), tf.constant(b)).numpy(),
                               np.linalg.solve(a, b), rtol=1e-9)
    g = tf.function(L.solve, autograph=False, input_signature=[tf.TensorSpec([None, 3, 3], tf.float64),
                                              tf.TensorSpec([None, 1, 3, 2], tf.float64)])
    b2 = rand((5, 1, 3, 2))
    np.testing.assert_allclose(g(tf.constant(a), tf.constant(b2)).numpy(),
                               np.linalg.solve(a, b2), rtol=1e-9)


def test_common_small_helpers_with_numpy():
    a = rand((2, 3, 4))
    np.testing.assert_allclose(clinalg.trace(np, a, offset=1),
                               np.trace(a, offset=1, axis1=-2, axis2=-1))
    b = rand((3, 3))
    np.testing.assert_allclose(np.sort_complex(clinalg.eigvals_from_eig(np.linalg.eig, b)),
                               np.sort_complex(np.linalg.eigvals(b)))
    np.testing.assert_allclose(clinalg.svdvals_from_svd(np.linalg.svd, a),
                               np.linalg.svd(a, compute_uv=False))
    np.testing.assert_allclose(cfft.fftfreq(np, 7, d=0.5, dtype=np.float64),
                               np.fft.fftfreq(7, d=0.5))
    np.testing.assert_array_equal(cfft.fftshift(np, a, axes=(0, 2)),
                                  np.fft.fftshift(a, axes=(0, 2)))


def test_namespace_wiring():
    import arraykit.shims.tensorflow as xp  # noqa: PLC0415

    assert len(L.__all__) == 25 and len(F.__all__) == 14
    for name in ("matmul", "matrix_transpose", "tensordot", "vecdot"):
        assert getattr(xp.linalg, name) is getattr(xp, name)
    assert xp.linalg is L and xp.fft is F
    # AutoGraph calls our functions unconverted (first-trace cost); see _skip_autograph.
    assert hasattr(L.solve, "autograph_info__") and hasattr(F.rfftn, "autograph_info__")


@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_norms_compile_with_xla(dtype):
    # TF's EuclideanNorm kernel (used eagerly) has no XLA kernel: inside graphs the 2-norms
    # are written as tf.norm writes them, so tf.function(jit_compile=True) accepts them.
    a = tf.constant(rand((3, 4, 5), dtype))

    def norms(x):
        return (L.vector_norm(x, axis=-1), L.vector_norm(x, axis=(0, 2), keepdims=True),
                L.vector_norm(x), L.matrix_norm(x))

    eager = norms(a)
    for compiled in (tf.function(norms, jit_compile=True), tf.function(norms)):
        for got, want in zip(compiled(a), eager):
            assert got.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5)
