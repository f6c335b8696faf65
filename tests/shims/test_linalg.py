"""The linalg extension on the shims (TF's against NumPy's below)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from shim_helpers import (
    MX_ONLY,
    assert_ran_clean,
    host,
    run_isolated,
)

from arraykit._registry import BY_NAME


@MX_ONLY
@pytest.mark.parametrize("ord", [-1, -2, -0.5, -3, -math.inf])
def test_vector_norm_negative_ord_with_zero(xp, ord):
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


@pytest.mark.parametrize("backend_name", ["numpy", "torch", "jax", "tensorflow"])
def test_eigvals_of_non_finite_matrices_give_nan(backend_name):
    pytest.importorskip(BY_NAME[backend_name].package)
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
