"""The linalg extension on the shims (TF's against NumPy's below)."""

from __future__ import annotations

import importlib
import math

import frameworks
import numpy as np
import pytest
from frameworks import require, run_fresh
from shim_helpers import (
    ALL_FLOAT,
    MX_ONLY,
    NUMPY_2,
    RNG,
    SERVED,
    SHIMS,
    TF_OF,
    TF_ONLY,
    assert_ran_clean,
    check,
    host,
    rand,
    real_tf,
    run_isolated,
    tf,
    tol,
)

from arraykit._registry import BY_NAME
from arraykit.shims._common import fft as cfft
from arraykit.shims._common import linalg as clinalg


@SHIMS
@pytest.mark.parametrize("ord", [-1, -2, -0.5, -3, -math.inf])
def test_vector_norm_negative_ord_with_zero(xp, ord):  # noqa: A002 - the standard's name
    for data in ([0.0, 2.0], [2.0, 0.0, 1.0], [0.0, math.inf], [1.0, 2.0], [3.0, math.inf]):
        a = np.asarray(data, dtype=np.float32)
        with np.errstate(divide="ignore"):
            ref = np.linalg.norm(a, ord=ord)
        got = host(xp.linalg.vector_norm(xp.asarray(a), ord=ord))
        assert np.allclose(got, ref, rtol=1e-5), (data, got, ref)
    assert math.isnan(float(host(xp.linalg.vector_norm(xp.asarray([0.0, math.nan]), ord=ord))))
    r = xp.linalg.vector_norm(xp.asarray([[0.0, 2.0], [1.0, 4.0]]), ord=ord, axis=1,
                              keepdims=True)
    assert r.shape == (2, 1) and host(r)[0, 0] == 0 and host(r)[1, 0] > 0


@SERVED
@pytest.mark.parametrize(("shape", "axis", "out_shape"),
                         [((0,), None, ()), ((2, 0), 1, (2,)), ((0, 3), 0, (3,))])
def test_vector_norm_over_an_empty_axis(xp, shape, axis, out_shape):
    # NumPy's values on every backend: torch raised RuntimeError for +-inf and negative
    # orders, TF's max/min of nothing gave -inf/+inf, the full shims raised for inf.
    x = xp.zeros(shape, dtype=xp.float32)
    for order, value in ((math.inf, 0.0), (2, 0.0), (1, 0.0), (0, 0.0), (-1, math.inf),
                         (-2, math.inf)):
        r = host(xp.linalg.vector_norm(x, axis=axis, ord=order))
        assert r.shape == out_shape and np.all(r == value), (order, r)
    with pytest.raises(ValueError, match="vector_norm"):  # min() of nothing, as NumPy
        xp.linalg.vector_norm(x, axis=axis, ord=-math.inf)


@SERVED
def test_vector_norm_of_single_elements(xp):
    # 0-d input and axis=(): |x| (array-api-compat's torch raised IndexError for 0-d input and
    # returned x itself, negative entries too, for axis=()).
    r = host(xp.linalg.vector_norm(xp.asarray([[-1.0, 2.0]]), axis=()))
    assert r.shape == (1, 2) and r.tolist() == [[1.0, 2.0]]
    assert float(host(xp.linalg.vector_norm(xp.asarray(-3.0)))) == 3.0
    assert float(host(xp.linalg.vector_norm(xp.asarray(-3.0), ord=math.inf))) == 3.0


@pytest.mark.parametrize("backend_name", ["numpy", "torch", "jax", "tensorflow"])
def test_eigvals_of_non_finite_matrices_give_nan(backend_name):
    require(BY_NAME[backend_name].package)
    proc = run_isolated(f"""
        import numpy as np
        from arraykit._registry import BY_NAME
        b = BY_NAME[{backend_name!r}]
        xp = b.load_namespace()
        rng = np.random.default_rng(0)
        for dt in ("float32", "float64"):
            for bad in (np.nan, np.inf, -np.inf):
                a = rng.standard_normal((3, 8, 8)).astype(dt)
                a[1, 2, 3] = bad
                x = xp.asarray(a)
                w = np.asarray(xp.linalg.eigvals(x))
                res = xp.linalg.eig(x)
                v = np.asarray(res.eigenvectors)
                w2 = np.asarray(res.eigenvalues)
                assert w.shape == (3, 8) and v.shape == (3, 8, 8), (w.shape, v.shape)
                # (jax without x64 has float32 only)
                cdt = "complex64" if np.asarray(x).dtype == "float32" else "complex128"
                assert w.dtype == cdt and v.dtype == cdt and w2.dtype == cdt, (w.dtype, v.dtype)
                assert np.isnan(w[1].real).all() and np.isnan(w[1].imag).all(), w[1]
                assert np.isnan(w2[1]).all() and np.isnan(v[1]).all()
                for k in (0, 2):
                    ref = np.sort_complex(np.linalg.eigvals(a[k].astype("float64")))
                    tol = 1e-3 if cdt == "complex64" else 1e-9
                    assert np.allclose(np.sort_complex(w[k]), ref, atol=tol), (w[k], ref)
                    assert np.allclose(np.sort_complex(w2[k]), ref, atol=tol)
                # a single matrix
                w = np.asarray(xp.linalg.eigvals(xp.asarray(a[1])))
                assert w.shape == (8,) and np.isnan(w).all()
        print("ok")
    """)
    assert_ran_clean(proc)



# ---------------------------------------------------------------------------------------------
# TensorFlow's against NumPy's, on native tensors


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_det_inv_slogdet_batched(xp, dtype):
    a = rand((2, 3, 4, 4), dtype)
    t = tf.constant(a)
    check(xp.linalg.det(t), np.linalg.det(a), dtype, TF_OF[dtype])
    check(xp.linalg.inv(t), np.linalg.inv(a), dtype, TF_OF[dtype])
    res = xp.linalg.slogdet(t)
    assert type(res).__name__ == "SlogdetResult" and res._fields == ("sign", "logabsdet")
    sign, logabs = np.linalg.slogdet(a)
    check(res.sign, sign, dtype, TF_OF[dtype])
    check(res.logabsdet, logabs, dtype, real_tf(dtype))


@TF_ONLY
def test_slogdet_singular_is_zero_and_minus_inf(xp):
    s, la = xp.linalg.slogdet(tf.zeros((2, 3, 3), tf.float64))
    assert np.all(s.numpy() == 0) and np.all(la.numpy() == -np.inf)


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(xp, dtype, upper):
    a = rand((3, 4, 4), dtype)
    spd = a @ np.conj(np.swapaxes(a, -1, -2)) + 4 * np.eye(4, dtype=dtype)
    res = xp.linalg.cholesky(tf.constant(spd), upper=upper)
    expected = np.linalg.cholesky(spd, upper=upper)
    check(res, expected, dtype, TF_OF[dtype])
    r = res.numpy()
    assert np.all((np.triu(r) if upper else np.tril(r)) == r)


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_eigh_eigvalsh(xp, dtype):
    a = rand((2, 5, 5), dtype)
    h = a + np.conj(np.swapaxes(a, -1, -2))
    res = xp.linalg.eigh(tf.constant(h))
    assert res._fields == ("eigenvalues", "eigenvectors")
    w = np.linalg.eigvalsh(h)
    check(res.eigenvalues, w, dtype, real_tf(dtype))
    assert res.eigenvectors.dtype == TF_OF[dtype]
    v = res.eigenvectors.numpy()
    recon = v @ (w[..., :, None] * np.conj(np.swapaxes(v, -1, -2)))
    np.testing.assert_allclose(recon, h, **tol(dtype) | dict(atol=1e-3))
    check(xp.linalg.eigvalsh(tf.constant(h)), w, dtype, real_tf(dtype))


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_eig_eigvals(xp, dtype):
    a = rand((3, 4, 4), dtype)
    res = xp.linalg.eig(tf.constant(a))
    cdt = {np.float32: tf.complex64, np.float64: tf.complex128}.get(dtype, TF_OF[dtype])
    assert res._fields == ("eigenvalues", "eigenvectors")
    assert res.eigenvalues.dtype == cdt and res.eigenvectors.dtype == cdt
    w, v = res.eigenvalues.numpy(), res.eigenvectors.numpy()
    # A v = v diag(w) for every matrix of the batch.
    np.testing.assert_allclose(a @ v, v * w[..., None, :], rtol=1e-3, atol=1e-3)
    ev = xp.linalg.eigvals(tf.constant(a))
    assert ev.dtype == cdt
    np.testing.assert_allclose(np.sort_complex(ev.numpy()), np.sort_complex(np.linalg.eigvals(a)),
                               rtol=1e-3, atol=1e-3)


@TF_ONLY
def test_eig_nonfinite_gives_nan_not_tf_error(xp):
    a = np.eye(3)[None].repeat(2, 0)
    a[1, 0, 0] = np.nan
    w = xp.linalg.eigvals(tf.constant(a)).numpy()
    assert np.all(np.isnan(w[1])) and np.allclose(w[0], 1)
    w2 = xp.linalg.eigh(tf.constant(a)).eigenvalues.numpy()
    assert np.all(np.isnan(w2[1])) and np.allclose(w2[0], 1)


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("shape", [(2, 5, 3), (3, 4)])
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr(xp, dtype, shape, mode):
    a = rand(shape, dtype)
    res = xp.linalg.qr(tf.constant(a), mode=mode)
    assert res._fields == ("Q", "R")
    q_np, r_np = np.linalg.qr(a, mode=mode)
    assert tuple(res.Q.shape) == q_np.shape and tuple(res.R.shape) == r_np.shape
    np.testing.assert_allclose((res.Q @ res.R).numpy(), a, **tol(dtype))
    assert np.all(np.triu(res.R.numpy()) == res.R.numpy())


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("full", [True, False])
def test_svd_svdvals(xp, dtype, full):
    a = rand((2, 5, 3), dtype)
    res = xp.linalg.svd(tf.constant(a), full_matrices=full)
    assert res._fields == ("U", "S", "Vh")
    u, s, vh = np.linalg.svd(a, full_matrices=full)
    assert tuple(res.U.shape) == u.shape and tuple(res.Vh.shape) == vh.shape
    check(res.S, s, dtype, real_tf(dtype))
    k = min(a.shape[-2:])
    recon = (res.U[..., :, :k] * tf.cast(res.S, res.U.dtype)[..., None, :]) @ res.Vh[..., :k, :]
    np.testing.assert_allclose(recon.numpy(), a, **tol(dtype))
    check(xp.linalg.svdvals(tf.constant(a)), s, dtype, real_tf(dtype))


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_solve_shapes_and_values(xp, dtype):
    a = rand((2, 3, 4, 4), dtype) + 4 * np.eye(4, dtype=dtype)
    b1 = rand((4,), dtype)
    check(xp.linalg.solve(tf.constant(a), tf.constant(b1)), np.linalg.solve(a, b1), dtype,
          TF_OF[dtype])
    b2 = rand((3, 4, 2), dtype)  # batch broadcasts against (2, 3)
    res = xp.linalg.solve(tf.constant(a), tf.constant(b2))
    assert tuple(res.shape) == (2, 3, 4, 2)
    check(res, np.linalg.solve(a, b2), dtype, TF_OF[dtype])
    b3 = rand((4, 1), dtype)
    check(xp.linalg.solve(tf.constant(a[0, 0]), tf.constant(b3)), np.linalg.solve(a[0, 0], b3),
          dtype)


@TF_ONLY
def test_solve_promotes(xp):
    a = (rand((3, 3)) + 3 * np.eye(3)).astype(np.float32)
    b = rand((3,))
    res = xp.linalg.solve(tf.constant(a), tf.constant(b))
    assert res.dtype == tf.float64
    np.testing.assert_allclose(res.numpy(), np.linalg.solve(a.astype(np.float64), b), rtol=1e-5)


@TF_ONLY
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
@pytest.mark.parametrize("dtype", ALL_FLOAT)
@pytest.mark.parametrize("keepdims", [False, True])
def test_matrix_norm(xp, ord, dtype, keepdims):  # noqa: A002 - the standard's name
    a = rand((2, 3, 4, 5), dtype)
    res = xp.linalg.matrix_norm(tf.constant(a), ord=ord, keepdims=keepdims)
    expected = np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims)
    check(res, expected, dtype, real_tf(dtype))


@TF_ONLY
@pytest.mark.parametrize("ord", [2, 1, 0, -1, -2, math.inf, -math.inf, 3, 0.5, -1.5])
@pytest.mark.parametrize("axis", [None, -1, (2, 0)])
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_vector_norm(xp, ord, axis, dtype):  # noqa: A002 - the standard's name
    a = rand((3, 4, 5), dtype)
    for keepdims in (False, True):
        res = xp.linalg.vector_norm(tf.constant(a), axis=axis, keepdims=keepdims, ord=ord)
        expected = np.linalg.vector_norm(a, axis=axis, keepdims=keepdims, ord=ord)
        check(res, expected, dtype, real_tf(dtype))


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_matrix_rank_and_pinv(xp, dtype):
    a = rand((2, 5, 3), dtype)
    a[1, :, 2] = a[1, :, 0]  # rank 2
    t = tf.constant(a)
    r = xp.linalg.matrix_rank(t)
    assert r.dtype == tf.int64
    np.testing.assert_array_equal(r.numpy(), [3, 2])
    # rtol as an array broadcasting against the batch
    r2 = xp.linalg.matrix_rank(t, rtol=tf.constant([0.99, 1e-3], dtype=real_tf(dtype)))
    np.testing.assert_array_equal(r2.numpy(), np.linalg.matrix_rank(a, rtol=np.array([0.99, 1e-3])))
    check(xp.linalg.pinv(t), np.linalg.pinv(a), dtype, TF_OF[dtype])
    check(xp.linalg.pinv(t, rtol=0.5), np.linalg.pinv(a, rtol=0.5), dtype)


@TF_ONLY
@pytest.mark.parametrize("n", [0, 1, 2, 5, -1, -4])
def test_matrix_power(xp, n):
    a = rand((2, 3, 3)) + 3 * np.eye(3)
    check(xp.linalg.matrix_power(tf.constant(a), n), np.linalg.matrix_power(a, n), np.float64)


@TF_ONLY
def test_cross_outer_trace_diagonal(xp):
    a = rand((4, 3, 2))
    b = rand((3, 1))
    res = xp.linalg.cross(tf.constant(a), tf.constant(b), axis=-2)
    np.testing.assert_array_equal(res.numpy(), np.cross(a, b, axis=-2))
    ai = RNG.integers(-5, 5, (2, 3)).astype(np.int16)
    bi = RNG.integers(-5, 5, (3,)).astype(np.int32)
    ci = xp.linalg.cross(tf.constant(ai), tf.constant(bi))
    assert ci.dtype == tf.int32
    np.testing.assert_array_equal(ci.numpy(), np.cross(ai, bi))
    o = xp.linalg.outer(tf.constant(rand((3,), np.float32)), tf.constant(rand((4,))))
    assert o.dtype == tf.float64 and tuple(o.shape) == (3, 4)
    m = rand((2, 4, 5))
    for off in (-5, -1, 0, 2, 4, 9):
        np.testing.assert_array_equal(xp.linalg.diagonal(tf.constant(m), offset=off).numpy(),
                                      np.diagonal(m, offset=off, axis1=-2, axis2=-1))
        np.testing.assert_allclose(xp.linalg.trace(tf.constant(m), offset=off).numpy(),
                                   np.trace(m, offset=off, axis1=-2, axis2=-1))
    ti = xp.linalg.trace(tf.constant(np.ones((3, 3), np.uint8)))
    assert ti.dtype == tf.uint64 and int(ti) == 3
    assert xp.linalg.trace(tf.constant(np.ones((3, 3), np.int8))).dtype == tf.int64
    assert xp.linalg.trace(tf.ones((3, 3), tf.float32), dtype=tf.float64).dtype == tf.float64
    assert xp.linalg.diagonal(tf.constant([[True, False], [False, True]])).dtype == tf.bool


@TF_ONLY
def test_reexports_are_main_namespace_functions(xp):
    a, b = tf.constant(rand((2, 3, 4))), tf.constant(rand((4, 5)))
    np.testing.assert_allclose(xp.linalg.matmul(a, b).numpy(), a.numpy() @ b.numpy())
    assert tuple(xp.linalg.matrix_transpose(a).shape) == (2, 4, 3)
    np.testing.assert_allclose(xp.linalg.tensordot(a, b, axes=1).numpy(),
                               np.tensordot(a.numpy(), b.numpy(), axes=1))
    x = tf.constant([1j, 2j, 3j])
    y = tf.constant([1, 2j, 3], dtype=tf.complex128)
    assert complex(xp.linalg.vecdot(x, y).numpy()) == pytest.approx(4 - 10j)


@TF_ONLY
def test_variable_input(xp):
    v = tf.Variable(rand((3, 3)) + 3 * np.eye(3))
    np.testing.assert_allclose(xp.linalg.inv(v).numpy(), np.linalg.inv(v.numpy()))
    np.testing.assert_allclose(xp.linalg.vector_norm(v).numpy(), np.linalg.norm(v.numpy()))
    np.testing.assert_allclose(xp.fft.fft(tf.Variable(rand((4,), np.complex64))).shape, (4,))


@TF_ONLY
@pytest.mark.parametrize("fname", ["cholesky", "det", "inv", "eigh", "eig", "eigvals",
                                   "eigvalsh", "slogdet", "svd", "svdvals", "qr", "pinv",
                                   "matrix_rank", "matrix_norm", "vector_norm"])
def test_integer_input_raises_typeerror_naming_function(xp, fname):
    with pytest.raises(TypeError, match=fname + r".*int32"):
        getattr(xp.linalg, fname)(tf.ones((3, 3), tf.int32))


@TF_ONLY
def test_shape_errors_name_the_function(xp):
    with pytest.raises(ValueError, match=r"inv.*square"):
        xp.linalg.inv(tf.ones((2, 3)))
    with pytest.raises(ValueError, match="det"):
        xp.linalg.det(tf.ones((3,)))
    with pytest.raises(ValueError, match="cross"):
        xp.linalg.cross(tf.ones((2, 4)), tf.ones((2, 4)))
    with pytest.raises(ValueError, match="outer"):
        xp.linalg.outer(tf.ones((2, 2)), tf.ones((2,)))
    with pytest.raises(ValueError, match="solve"):
        xp.linalg.solve(tf.eye(3), tf.ones((4,)))
    with pytest.raises(ValueError, match="solve"):
        xp.linalg.solve(tf.ones((2, 3, 3)), tf.ones((4, 3, 1)))
    with pytest.raises(ValueError, match=r"qr.*mode"):
        xp.linalg.qr(tf.eye(3), mode="r")
    with pytest.raises(ValueError, match="matrix_norm"):
        xp.linalg.matrix_norm(tf.eye(3), ord=3)
    with pytest.raises(TypeError, match="solve"):
        xp.linalg.solve(tf.eye(3, dtype=tf.int32), tf.ones((3,), tf.int32))


@TF_ONLY
def test_singular_inv_and_solve_raise_valueerror_eagerly(xp):
    s = tf.constant([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(ValueError, match="inv: singular"):
        xp.linalg.inv(s)
    with pytest.raises(ValueError, match="solve: singular"):
        xp.linalg.solve(s, tf.ones((2,)))
    with pytest.raises(ValueError, match="singular"):
        xp.linalg.matrix_power(s, -2)


@TF_ONLY
def test_linalg_inside_tf_function(xp):
    @tf.function
    def f(a, b):
        return (xp.linalg.solve(a, b), xp.linalg.inv(a), xp.linalg.matrix_norm(a, ord=2),
                xp.linalg.slogdet(a).logabsdet,
                xp.linalg.eigh(a + tf.linalg.matrix_transpose(a)).eigenvalues)

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
    r = tf.function(xp.linalg.inv, autograph=False)(tf.zeros((2, 2), tf.float64)).numpy()
    assert not np.all(np.isfinite(r)) or np.abs(r).max() > 1e10


def _entry_program(f, *args):
    """The optimised HLO entry computation of ``tf.function(f, jit_compile=True)``, without
    metadata and value names."""
    import re

    text = tf.function(f, jit_compile=True, autograph=False).experimental_get_compiler_ir(
        *args)(stage="optimized_hlo")
    text = re.sub(r"metadata=\{[^}]*\}", "", text).split("ENTRY", 1)[-1]
    return re.sub(r"%[\w.\-]+", "%v", re.sub(r"[\w.]+(?=: )", "p", text))


@TF_ONLY
@pytest.mark.parametrize("shape", [(3, 3), (2, 4, 4)])
def test_tf_inv_under_xla_is_xlas_own_inverse(xp, shape):
    """Under jit_compile, inv is R^-1 Q^H, XLA's own MatrixInverse: the optimised HLO of
    tf.linalg.inv (no identity constant and no product with it), NumPy's values; a singular
    matrix still gives non-finite or huge values there, never a TF error."""
    a = rand(shape) + 3 * np.eye(shape[-1])
    t = tf.constant(a)
    # (a lambda: tf.function cannot bind tf.linalg.inv's own signature)
    assert _entry_program(xp.linalg.inv, t) == _entry_program(
        lambda m: tf.linalg.inv(m), t)  # noqa: PLW0108
    got = tf.function(xp.linalg.inv, jit_compile=True, autograph=False)(t).numpy()
    np.testing.assert_allclose(got, np.linalg.inv(a), rtol=1e-9)
    r = tf.function(xp.linalg.inv, jit_compile=True, autograph=False)(
        tf.zeros((2, 2), tf.float64)).numpy()
    assert not np.all(np.isfinite(r)) or np.abs(r).max() > 1e10


@NUMPY_2
def test_common_linalg_with_numpy_namespace():
    a = rand((2, 4, 3))
    np.testing.assert_allclose(clinalg.diagonal(np, a, offset=-1),
                               np.diagonal(a, offset=-1, axis1=-2, axis2=-1))
    np.testing.assert_allclose(
        clinalg.pinv(np, a, svd=lambda m: np.linalg.svd(m, full_matrices=False),
                     eps=np.finfo(np.float64).eps, real_dtype=np.float64),
        np.linalg.pinv(a))


@TF_ONLY
def test_solve_inside_tf_function_with_unknown_batch(xp):
    f = tf.function(xp.linalg.solve, autograph=False,
                    input_signature=[tf.TensorSpec([None, 3, 3], tf.float64),
                                     tf.TensorSpec([3], tf.float64)])
    a = rand((4, 3, 3)) + 3 * np.eye(3)
    b = rand((3,))
    np.testing.assert_allclose(f(tf.constant(a), tf.constant(b)).numpy(),
                               np.linalg.solve(a, b), rtol=1e-9)
    g = tf.function(xp.linalg.solve, autograph=False,
                    input_signature=[tf.TensorSpec([None, 3, 3], tf.float64),
                                     tf.TensorSpec([None, 1, 3, 2], tf.float64)])
    b2 = rand((5, 1, 3, 2))
    np.testing.assert_allclose(g(tf.constant(a), tf.constant(b2)).numpy(),
                               np.linalg.solve(a, b2), rtol=1e-9)


@NUMPY_2
def test_common_small_helpers_with_numpy():
    a = rand((2, 3, 4))
    np.testing.assert_allclose(cfft.fftfreq(np, 7, d=0.5, dtype=np.float64),
                               np.fft.fftfreq(7, d=0.5))
    np.testing.assert_array_equal(cfft.fftshift(np, a, axes=(0, 2)),
                                  np.fft.fftshift(a, axes=(0, 2)))


@TF_ONLY
def test_namespace_wiring(xp):
    assert len(xp.linalg.__all__) == 25 and len(xp.fft.__all__) == 14
    for name in ("matmul", "matrix_transpose", "tensordot", "vecdot"):
        assert getattr(xp.linalg, name) is getattr(xp, name)
    assert xp.linalg is importlib.import_module("arraykit.shims.tensorflow.linalg")
    assert xp.fft is importlib.import_module("arraykit.shims.tensorflow.fft")
    # AutoGraph calls our functions unconverted (first-trace cost); see _skip_autograph.
    assert hasattr(xp.linalg.solve, "autograph_info__")
    assert hasattr(xp.fft.rfftn, "autograph_info__")


@TF_ONLY
@pytest.mark.parametrize("dtype", ALL_FLOAT)
def test_norms_compile_with_xla(xp, dtype):
    # TF's EuclideanNorm kernel (used eagerly) has no XLA kernel: inside graphs the 2-norms
    # are written as tf.norm writes them, so tf.function(jit_compile=True) accepts them.
    a = tf.constant(rand((3, 4, 5), dtype))

    def norms(x):
        return (xp.linalg.vector_norm(x, axis=-1),
                xp.linalg.vector_norm(x, axis=(0, 2), keepdims=True),
                xp.linalg.vector_norm(x), xp.linalg.matrix_norm(x))

    eager = norms(a)
    for compiled in (tf.function(norms, jit_compile=True), tf.function(norms)):
        for got, want in zip(compiled(a), eager):
            assert got.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5)


# Factorisations that fail on the values (issue 30): NumPy's LinAlgError (a ValueError) on
# every shim, never a factor of NaN or uninitialised memory (TF) or LAPACK's partial factor
# (MLX), never MXNetError; a matrix holding NaN is not singular to inv/solve (NaN, as NumPy).

_NOT_POSITIVE_DEFINITE = {
    "indefinite": [[1.0, 2.0], [2.0, 1.0]],
    "singular": [[1.0, 2.0], [2.0, 4.0]],
    "negative": [[-1.0]],
    "one of a stack": [[[4.0, 0.0], [0.0, 4.0]], [[1.0, 2.0], [2.0, 1.0]]],
    "nan outside the triangle read": [[1.0, np.nan], [2.0, 3.0]],
}


def _linalg_dtypes(xp):
    from shim_helpers import held
    return held(xp, ["float32", "float64"])


@SHIMS
@pytest.mark.parametrize("case", list(_NOT_POSITIVE_DEFINITE))
def test_cholesky_of_a_matrix_not_positive_definite_raises(xp, case):
    m = np.asarray(_NOT_POSITIVE_DEFINITE[case])
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cholesky(m)
    for dtype in _linalg_dtypes(xp):
        with pytest.raises(np.linalg.LinAlgError, match=r"^cholesky: "):
            xp.linalg.cholesky(xp.asarray(m.astype(dtype)))
        with pytest.raises(ValueError, match=r"^cholesky: "):
            xp.linalg.cholesky(xp.asarray(np.swapaxes(m, -1, -2).astype(dtype)), upper=True)


@SHIMS
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_of_a_matrix_holding_nan_is_nan(xp, upper):
    # NumPy: a NaN pivot is no error, the factor holds NaN (no value from uninitialised
    # memory or LAPACK's partial work, as TF's and MLX's kernels left there).
    m = np.asarray([[[np.nan, 1.0], [1.0, 3.0]], [[4.0, 2.0], [2.0, 3.0]]])
    want = np.linalg.cholesky(m)
    if upper:
        want = np.swapaxes(want, -1, -2)
    assert np.isnan(want[0]).any()
    for dtype in _linalg_dtypes(xp):
        got = host(xp.linalg.cholesky(xp.asarray(m.astype(dtype)), upper=upper))
        assert np.isnan(got[0]).all()
        np.testing.assert_allclose(got[1], want[1], rtol=1e-6)


@SHIMS
def test_cholesky_of_positive_definite_and_infinite_matrices_as_numpy(xp):
    for rows in ([[4.0, 2.0], [2.0, 3.0]], [[np.inf, 0.0], [0.0, 1.0]],
                 [[[4.0, 0.0], [0.0, 9.0]], [[2.0, 1.0], [1.0, 2.0]]]):
        m = np.asarray(rows)
        for dtype in _linalg_dtypes(xp):
            got = host(xp.linalg.cholesky(xp.asarray(m.astype(dtype))))
            np.testing.assert_allclose(got, np.linalg.cholesky(m), rtol=1e-6)


@SHIMS
@pytest.mark.parametrize("fname", ["inv", "solve"])
def test_singular_inv_and_solve_raise_linalgerror(xp, fname):
    for dtype in _linalg_dtypes(xp):
        a = xp.asarray(np.asarray([[1.0, 2.0], [2.0, 4.0]], dtype))
        args = (a,) if fname == "inv" else (a, xp.asarray(np.ones(2, dtype)))
        with pytest.raises(np.linalg.LinAlgError, match=rf"^{fname}: singular"):
            getattr(xp.linalg, fname)(*args)


@SHIMS
@pytest.mark.parametrize("fname", ["inv", "solve"])
@pytest.mark.parametrize("m", [[[np.nan, 1.0], [2.0, 3.0]], [[np.nan, np.nan], [np.nan, np.nan]],
                               [[1.0, 2.0], [np.nan, 3.0]]])
def test_inv_and_solve_of_a_matrix_holding_nan_give_nan(xp, fname, m):
    # NumPy (and torch) return NaN there; TF's and Paddle's kernels called it singular,
    # MXNet's returned finite numbers beside the NaN. Here: that matrix's result is all NaN,
    # the other matrices of a stack are solved.
    stack = np.asarray([m, [[1.0, 0.0], [0.0, 2.0]]])
    want = np.linalg.inv(stack[1]) if fname == "inv" else np.linalg.solve(stack[1], np.ones(2))
    for dtype in _linalg_dtypes(xp):
        a = xp.asarray(stack.astype(dtype))
        got = host(xp.linalg.inv(a) if fname == "inv" else
                   xp.linalg.solve(a, xp.asarray(np.ones(2, dtype))))
        assert np.isnan(got[0]).all()
        np.testing.assert_allclose(got[1], want, rtol=1e-6)
        single = host(xp.linalg.inv(a[0]) if fname == "inv" else
                      xp.linalg.solve(a[0], xp.asarray(np.ones(2, dtype))))
        assert np.isnan(single).all()


@MX_ONLY
def test_mxnet_matrix_transpose_fast_path(xp, monkeypatch):
    """MXNet: an array of two dimensions or more, of a dtype other than bool, goes to MXNet's
    swapaxes operator directly (``mnp.swapaxes``, the rules' kernel, is not called: it
    refuses here); bool (through uint8), one dimension (ValueError) and non-arrays
    (TypeError) take the rules' path. Values, dtypes, shapes and the gradient as NumPy's."""
    import mxnet as mx

    def refused(*args, **kwargs):
        raise AssertionError("mnp.swapaxes called on the fast path")

    names = ["float32", "float64", "float16", "uint8", "int8", "int32", "int64"]
    shapes = [(2, 3), (2, 3, 4), (1, 2, 3, 4), (0, 3), (2, 0, 5), (1,) * 6 + (2, 3)]
    arrays = {(s, n): xp.asarray((np.arange(math.prod(s)).reshape(s) % 5).astype(n))
              for s in shapes for n in names + ["bool"]}
    with monkeypatch.context() as m:
        m.setattr(mx.np, "swapaxes", refused)
        got = {k: xp.matrix_transpose(a) for k, a in arrays.items() if k[1] != "bool"}
    got.update({k: xp.matrix_transpose(a) for k, a in arrays.items() if k[1] == "bool"})
    for (s, n), r in got.items():
        want = np.swapaxes((np.arange(math.prod(s)).reshape(s) % 5).astype(n), -1, -2)
        assert r.shape == want.shape and str(r.dtype) == n, (s, n, r.shape, r.dtype)
        np.testing.assert_array_equal(host(r), want)
    for bad in (xp.asarray([1.0, 2.0]), xp.asarray(1.0)):
        with pytest.raises(ValueError, match="matrix_transpose"):
            xp.matrix_transpose(bad)
    with pytest.raises(TypeError, match="matrix_transpose"):
        xp.matrix_transpose(np.ones((2, 2)))
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    x.attach_grad()
    with mx.autograd.record():
        y = xp.sum(xp.matrix_transpose(x) * xp.asarray([[1.0, 2.0], [3.0, 4.0]]))
    y.backward()
    np.testing.assert_array_equal(host(x.grad), [[1.0, 3.0], [2.0, 4.0]])


_SVD_FAMILY = {"svd": lambda ns, a: ns.linalg.svd(a), "svdvals": lambda ns, a: ns.linalg.svdvals(a),
               "pinv": lambda ns, a: ns.linalg.pinv(a),
               "matrix_rank": lambda ns, a: ns.linalg.matrix_rank(a),
               "matrix_norm": lambda ns, a: ns.linalg.matrix_norm(a, ord="nuc")}


@pytest.mark.parametrize("fw", ["numpy", "torch", "mlx", "paddle"])
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
@pytest.mark.parametrize("fname", sorted(_SVD_FAMILY))
def test_svd_family_of_a_nan_matrix_raises_linalgerror(fw, dtype, fname):
    # NumPy's class (and, but for torch's own text, its message): MLX 0.32.4 raised
    # RuntimeError at evaluation (and a run of them hung the process), Paddle 3.3.1 ValueError
    # ("This -4-th argument has an illegal value").
    require(fw)
    ns = importlib.import_module(f"arraykit.shims.{fw}")
    a = ns.asarray(np.array([[np.nan, 1.0], [2.0, 3.0]], dtype))
    with pytest.raises(np.linalg.LinAlgError) as info:
        _SVD_FAMILY[fname](ns, a)
    if fw != "torch":
        assert str(info.value) == f"{fname}: SVD did not converge"
    if fw in ("mlx", "paddle"):  # and a stack with one such matrix
        b = ns.stack([ns.asarray(np.eye(2, dtype=dtype)), a])
        with pytest.raises(np.linalg.LinAlgError, match=f"^{fname}: SVD did not converge$"):
            _SVD_FAMILY[fname](ns, b)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("fname", sorted(_SVD_FAMILY))
def test_mlx_svd_family_of_an_infinite_matrix_raises_and_the_process_lives(dtype, fname):
    # MLX 0.32.4's SVD of complex64 holding inf ended the process (LAPACK's xerbla, "SLASCL
    # parameter number 4"); float32/float64 failed at evaluation (RuntimeError). A subprocess.
    require("mlx")
    code = ("import numpy as np, arraykit.shims.mlx as ns, mlx.core as mx, sys\n"
            f"a = ns.asarray(np.array([[np.inf, 1.0], [2.0, 3.0]], {dtype!r}))\n"
            "try:\n"
            f"    r = {_SVD_SRC[fname]}\n"
            "    mx.eval(*(r if isinstance(r, tuple) else (r,)))\n"
            "except np.linalg.LinAlgError as e:\n"
            "    print(type(e).__name__, e)\n")
    out = _run(code)
    assert out.strip() == f"LinAlgError {fname}: SVD did not converge", out


_SVD_SRC = {"svd": "ns.linalg.svd(a)", "svdvals": "ns.linalg.svdvals(a)",
            "pinv": "ns.linalg.pinv(a)",
            "matrix_rank": "ns.linalg.matrix_rank(a)",
            "matrix_norm": "ns.linalg.matrix_norm(a, ord='nuc')"}


def _run(code):
    return run_fresh(code, timeout=60)


@pytest.mark.backends(*(b for b in frameworks.SERVED if b != "jax"),
                      reason="float64 input (JAX's needs jax_enable_x64, off in the tests)")
def test_float64_det_keeps_float64_precision(xp):
    # MLX 0.32.4's det of float64 matrices from 4x4 up was off by ~3e-8 to 3e-6 relative
    # (float32's precision): every namespace's is NumPy's to float64 rounding, batched too.
    rng = np.random.default_rng(0)
    for n in (4, 8, 20):
        a = rng.standard_normal((3, n, n))
        got = host(xp.linalg.det(xp.asarray(a)))
        assert got.dtype == np.float64
        np.testing.assert_allclose(got, np.linalg.det(a), rtol=1e-12)
    swap = np.eye(5)[[1, 0, 2, 3, 4]]  # one row swap: -1
    assert host(xp.linalg.det(xp.asarray(swap))).tolist() == -1.0
