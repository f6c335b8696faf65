"""Statistical functions: result dtypes, empty reductions."""

from __future__ import annotations

import math

import numpy as np
import pytest
from shim_helpers import (
    MX_ONLY,
    SERVED,
    SHIMS,
    TF_ONLY,
    host,
    tf,
)


@TF_ONLY
def test_sum_dtype_rules(xp):
    assert xp.sum(xp.ones(3, dtype=xp.int8)).dtype is tf.int64
    assert xp.sum(xp.ones(3, dtype=xp.uint8)).dtype is tf.uint64
    assert xp.sum(xp.ones(3, dtype=xp.float32)).dtype is tf.float32
    assert xp.sum(xp.ones(3, dtype=xp.int8), dtype=xp.int8).dtype is tf.int8


@MX_ONLY
def test_zero_size_reductions_and_round(xp):
    x = xp.zeros((3, 0), dtype=xp.int64)
    assert host(xp.sum(x, axis=1)).tolist() == [0, 0, 0]
    assert host(xp.prod(x, axis=1)).tolist() == [1, 1, 1]
    assert host(xp.all(x, axis=1)).tolist() == [True] * 3
    assert host(xp.linalg.trace(xp.zeros((2, 0, 0), dtype=xp.int64))).tolist() == [0, 0]
    assert math.isnan(host(xp.mean(xp.zeros((0,)))))
    assert host(xp.repeat(xp.zeros((1, 0), dtype=xp.bool), 2, axis=0)).shape == (2, 0)
    assert host(xp.where(xp.zeros((0, 3), dtype=xp.bool), xp.ones((1, 3)), 0.0)).shape == (0, 3)
    assert xp.where(xp.ones((1,) * 6 + (2,), dtype=xp.bool), 1.0, 0.0).shape == (1,) * 6 + (2,)
    r = xp.round(xp.asarray([0.5, 1.5, 2.5, 3.5, -2.5], dtype=xp.float64))
    assert host(r).tolist() == [0.0, 2.0, 2.0, 4.0, -2.0]
    assert bool(host(xp.signbit(xp.asarray(-0.0))))
    f = xp.asarray([7.20575940379279e16], dtype=xp.float64)
    assert host(xp.add(xp.zeros_like(f), 7.20575940379279e16))[0] == 7.20575940379279e16


@SHIMS
@pytest.mark.parametrize("fname", ["min", "max"])
def test_min_max_over_a_nonempty_axis_of_an_empty_array(xp, fname):
    a = np.zeros((0, 2), dtype=np.float32)
    for axis in (-1, 1, (1,)):
        r = getattr(xp, fname)(xp.asarray(a), axis=axis)
        want = getattr(np, fname)(a, axis=axis)
        assert r.shape == want.shape
        r = getattr(xp, fname)(xp.asarray(a), axis=axis, keepdims=True)
        assert r.shape == getattr(np, fname)(a, axis=axis, keepdims=True).shape
    for axis in (0, None, (0, 1)):
        with pytest.raises(ValueError, match=fname):
            getattr(xp, fname)(xp.asarray(a), axis=axis)


@pytest.mark.backends("torch", reason="torch.std refuses a non-integer correction "
                      "(pytorch#61492); the torch shim takes sqrt(var) there")
@pytest.mark.parametrize("correction", [0.5, 1.5, 1.0])
def test_std_with_a_float_correction_torch(xp, correction):
    a = np.arange(12.0).reshape(3, 4) ** 1.5
    for axis in (None, 0, (0, 1)):
        got = xp.std(xp.asarray(a), axis=axis, correction=correction)
        np.testing.assert_allclose(host(got), np.std(a, axis=axis, ddof=correction),
                                   rtol=1e-12)
    got = xp.std(xp.asarray(a), axis=1, correction=correction, keepdims=True)
    assert tuple(got.shape) == (3, 1)


@SERVED
@pytest.mark.parametrize("name", ["var", "std"])
def test_var_std_over_no_axes(xp, name):
    # axis=(): each element is a sample of one; correction >= 1 leaves no degrees of
    # freedom, so NaN, as NumPy (torch through array-api-compat gave 0).
    x = xp.asarray([[1.0, -2.0]])
    f = getattr(xp, name)
    assert host(f(x, axis=(), correction=0)).tolist() == [[0.0, 0.0]]
    assert np.isnan(host(f(x, axis=(), correction=1))).all()
    assert host(f(x, axis=(), correction=1)).shape == (1, 2)


@SERVED
def test_sum_and_mean_of_infinities(xp):
    # mxnet.numpy's sum and mean gave NaN for any infinity (sum([inf, 1.]), sum([inf, inf])).
    inf = math.inf
    a = np.array([[inf, 1.0], [inf, inf], [-inf, 1.0], [inf, -inf]], dtype=np.float32)
    x = xp.asarray(a)
    with np.errstate(invalid="ignore"):
        for f in ("sum", "mean"):
            np.testing.assert_array_equal(host(getattr(xp, f)(x, axis=1)), getattr(np, f)(a, 1))
            got = host(getattr(xp, f)(x[:2, :]))
            assert got.shape == () and got == inf, (f, got)
            assert host(getattr(xp, f)(x[:2, :], keepdims=True)).shape == (1, 1)
