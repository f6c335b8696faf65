"""Searching functions: argmin/argmax, searchsorted."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import (
    SHIMS,
    host,
)

NAN = float("nan")


@SHIMS
@pytest.mark.parametrize("fname", ["argmin", "argmax"])
def test_argminmax_zero_size_along_nonempty_axis(xp, fname):
    func = getattr(xp, fname)
    x = xp.ones((2, 0))
    r = func(x, axis=0)
    assert r.shape == (0,) and r.dtype == xp.int64
    assert host(r).shape == (0,)
    assert func(x, axis=0, keepdims=True).shape == (1, 0)
    with pytest.raises(ValueError, match=fname):
        func(x, axis=1)
    with pytest.raises(ValueError, match=fname):
        func(x)


@SHIMS
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_nan_sorts_last_as_numpy(xp, side):
    s = np.asarray([-np.inf, 1.0, 2.0, np.inf, NAN, NAN])
    v = np.asarray([NAN, 2.0, 5.0, np.inf, -np.inf, 0.0])
    got = xp.searchsorted(xp.asarray(s), xp.asarray(v), side=side)
    np.testing.assert_array_equal(host(got), np.searchsorted(s, v, side=side))


@SHIMS
@pytest.mark.parametrize("fname", ["argmin", "argmax"])
@pytest.mark.parametrize("rows", [[[1, NAN, 3]], [[2, NAN, -np.inf, NAN], [NAN, 1, 0, 5]],
                                  [[np.inf, NAN], [-np.inf, NAN]], [[1, 2], [4, 3]]])
def test_argminmax_nan_is_the_extreme_as_numpy(xp, fname, rows):
    # TF's and Paddle's kernels skipped NaN (argmax([[1, nan, 3]], axis=1) was 2): NumPy's
    # and torch's answer is the first NaN (the standard's note: NaN is the extreme).
    func = getattr(xp, fname)
    dtypes = [d for d in ("float32", "float64") if d in xp.__array_namespace_info__().dtypes()]
    for dtype in dtypes:
        a = np.asarray(rows, dtype)
        for axis in (None, 0, 1, -1):
            for keepdims in (False, True):
                got = host(func(xp.asarray(a), axis=axis, keepdims=keepdims))
                want = getattr(np, fname)(a, axis=axis, keepdims=keepdims)
                assert got.shape == want.shape, (dtype, axis, keepdims)
                assert (got == want).all(), (dtype, axis, keepdims, got, want)
