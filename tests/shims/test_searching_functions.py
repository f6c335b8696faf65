"""Searching functions: argmin/argmax, searchsorted."""

from __future__ import annotations

import numpy as np
import pytest
from frameworks import require
from shim_helpers import (
    MX_ONLY,
    SHIMS,
    arr,
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


@SHIMS
@pytest.mark.parametrize("fname", ["argmin", "argmax"])
def test_argminmax_refuse_bool_as_the_standard(xp, fname):
    # Real numeric input only (array-api-strict): TF searched bool, MLX, Paddle and MXNet
    # refused it.
    with pytest.raises(TypeError, match=fname):
        getattr(xp, fname)(arr(xp, [True, False], "bool"))


@SHIMS
@pytest.mark.parametrize("fname", ["argmax", "count_nonzero"])
def test_keepdims_must_be_a_bool(xp, fname):
    # A list as keepdims: TF, MLX and MXNet's argmax took it as true; count_nonzero raised
    # TF's or MLX's own TypeError naming no function (Paddle refused it, naming it).
    x = arr(xp, [[1.0, 0.0], [2.0, 3.0]], "float32")
    with pytest.raises(TypeError, match=fname):
        getattr(xp, fname)(x, axis=0, keepdims=[1])
    assert getattr(xp, fname)(x, axis=0, keepdims=np.bool_(True)).shape == (1, 2)


@SHIMS
def test_where_condition_and_scalars_as_the_standard(xp):
    # MXNet cast a non-bool condition to bool and took two Python scalars (the other shims and
    # array-api-strict refuse both).
    c = arr(xp, [True, False], "bool")
    x = arr(xp, [1, 2], "int32")
    with pytest.raises(TypeError, match="where"):
        xp.where(x, x, x)
    with pytest.raises(TypeError, match="where"):
        xp.where(c, 1, 2.5)
    np.testing.assert_array_equal(host(xp.where(c, x, 7)), np.asarray([1, 7], "int32"))


@SHIMS
def test_searchsorted_argument_kinds(xp):
    # A float sorter: TF raised ValueError, MXNet used it; a bool x1: MXNet searched it.
    x1 = arr(xp, [3, 1, 2], "int32")
    with pytest.raises(TypeError, match="searchsorted"):
        xp.searchsorted(x1, x1, sorter=arr(xp, [1.0, 2.0, 0.0], "float32"))
    with pytest.raises(TypeError, match="searchsorted"):
        xp.searchsorted(arr(xp, [False, True], "bool"), arr(xp, [True], "bool"))
    r = xp.searchsorted(x1, arr(xp, [2, 4], "int32"), sorter=arr(xp, [1, 2, 0], "int64"))
    np.testing.assert_array_equal(host(r), np.asarray([1, 3]))
    r = xp.searchsorted(x1, arr(xp, np.zeros((2, 0)), "int32"))
    assert r.shape == (2, 0) and host(r).shape == (2, 0)


@MX_ONLY  # TF (BroadcastTo, Maximum, FloorDiv) and Paddle (9-D) fail too: not fixed yet
def test_where_and_clip_broadcast_six_dimensions(xp):
    """Shapes MXNet 1.9.1's broadcasting kernels refused (see test_broadcast_to_six_...)."""
    a = np.arange(30, dtype=np.float32).reshape(1, 2, 1, 3, 1, 5)
    b = np.arange(12, dtype=np.float32).reshape(2, 1, 2, 1, 3, 1) * 3
    got = xp.where(xp.asarray(a > 7), xp.asarray(a), xp.asarray(b))
    np.testing.assert_array_equal(host(got), np.where(a > 7, a, b))
    full = np.broadcast_to(a, (2, 2, 2, 3, 3, 5)).copy()
    got = xp.clip(xp.asarray(full), xp.asarray(b), xp.asarray(b + 10))
    np.testing.assert_array_equal(host(got), np.clip(full, b, b + 10))


@pytest.mark.parametrize("jit_compile", [False, True])
def test_tf_argminmax_in_graphs_is_one_search_with_the_nan_rule(jit_compile):
    # Inside tf.function (values unknown) the NaN rule is the search itself: one ArgMax or
    # ArgMin of the floats' ordered integer keys (NaN the largest or smallest key, -0.0 tied
    # with +0.0), not the search plus an IsNan/Any/ArgMax pass and a select (XLA ran those
    # as three more fusions). NumPy's answers, NaN rows, infinities and signed-zero ties.
    tf = require("tensorflow")
    import arraykit

    rows = np.array([[2, NAN, -np.inf, NAN], [NAN, 1, 0, 5], [np.inf, 0.0, -0.0, -np.inf],
                     [-0.0, 0.0, 0.0, -0.0], [0.0, -0.0, 1, 1]])
    for dtype in ("float32", "float64"):
        x = tf.constant(rows.astype(dtype))
        xp = arraykit.array_namespace(x)
        for fname in ("argmax", "argmin"):
            search = getattr(xp, fname)
            for axis in (None, 0, 1):
                f = tf.function(lambda t, s=search, a=axis: s(t, axis=a), jit_compile=jit_compile)
                want = getattr(np, fname)(rows.astype(dtype), axis=axis)
                np.testing.assert_array_equal(f(x).numpy(), want)
                ops = [op.type for op in f.get_concrete_function(x).graph.get_operations()]
                assert ops.count("ArgMax") + ops.count("ArgMin") == 1, ops


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_tf_argmax_under_xla_fuses_as_native_argmax(dtype):
    """Under XLA the search of the floats' keys is one fusion with the producer of its input,
    as native argmax's (mechanics: the stacked pivots; the key read NaN with IsNan(x), and
    x's two uses made XLA materialise it first). Every NaN bit pattern (either sign, any
    payload) is still the extreme, in graphs and under XLA."""
    import re

    tf = require("tensorflow")
    import arraykit

    def programs(f, *args):
        text = tf.function(f, jit_compile=True).experimental_get_compiler_ir(*args)(
            stage="optimized_hlo")
        return len(re.findall(r" fusion\(", text.split("ENTRY", 1)[1]))

    cols = [tf.constant(np.linspace(-1, 1, 64, dtype=dtype) * k) for k in (1, 2, 3)]
    xp = arraykit.array_namespace(cols[0])

    def ours(a, b, c):
        return xp.argmax(xp.stack([a + b + c, a, b, c], axis=-1), axis=-1)

    def native(a, b, c):
        return tf.argmax(tf.stack([a + b + c, a, b, c], axis=-1), axis=-1)

    assert programs(ours, *cols) == programs(native, *cols)
    ut = np.uint32 if dtype == "float32" else np.uint64
    sign = ut(1) << ut(8 * np.dtype(ut).itemsize - 1)
    inf = np.array(np.inf, dtype).view(ut)
    nans = [inf + ut(1), inf + ut(12345), (inf + ut(1)) | sign,
            np.array(np.nan, dtype).view(ut) | sign]
    nans = [np.array(b, ut).view(dtype) for b in nans]
    for n in nans:
        assert np.isnan(n)
        rows = np.array([[1, np.inf, n, -0.0, n], [-np.inf, n, 3, n, np.inf],
                         [0.0, -0.0, -1, -0.0, 0.0]], dtype)
        for jit in (False, True):
            for search, want in ((xp.argmax, np.argmax), (xp.argmin, np.argmin)):
                f = tf.function(lambda t, s=search: s(t, axis=1), jit_compile=jit)
                np.testing.assert_array_equal(f(tf.constant(rows)).numpy(), want(rows, axis=1))
