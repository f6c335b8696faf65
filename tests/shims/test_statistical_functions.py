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
    assert_ran_clean,
    host,
    run_isolated,
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
    # MXNet's where kernel takes at most 5 dimensions (the shim runs it flat); at least one of
    # x1 and x2 must be an array (the standard: two scalars are refused on every shim).
    six = (1,) * 6 + (2,)
    assert xp.where(xp.ones(six, dtype=xp.bool), xp.ones(six), 0.0).shape == six
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



#: The start of a fresh process that counts MXNet operators in ``ops`` (its C entry point
#: wrapped before arraykit binds it).
_COUNTING_MXNET_OPERATORS = """
        from mxnet import base
        ops = []
        invoke = base._LIB.MXImperativeInvokeEx
        def counted(*args):
            ops.append(1)
            return invoke(*args)
        base._LIB.MXImperativeInvokeEx = counted
"""


@MX_ONLY
def test_mxnet_float_sum_and_mean_are_one_operator(xp):
    """MXNet's float sum/mean: the legacy operator invoked on the ``mxnet.numpy`` array, one
    MXNet operator per call; a full reduction's (1,) made () by MXNet's reshape view (the
    ``reshape`` operator and the ``as_nd_ndarray`` round trip cost ~70 us a call: a sum a step
    of the control and rollouts workloads). Counted in a fresh process whose MXNet C calls
    are wrapped before arraykit binds them; values, shapes and the gradient (the reshape view
    is recorded) checked there too."""
    proc = run_isolated(_COUNTING_MXNET_OPERATORS + """
        from mxnet import autograd
        import numpy as np
        import arraykit.shims.mxnet as xp
        a = np.array([[np.inf, 1.0, 2.0], [3.0, 4.0, 5.0]], dtype=np.float32)
        x = xp.asarray(a)
        for f in ("sum", "mean"):
            for kw in ({}, {"keepdims": True}, {"axis": 1}, {"axis": (0, 1)},
                       {"axis": -1, "keepdims": True}):
                want = getattr(np, f)(a, **kw)
                del ops[:]
                got = getattr(xp, f)(x, **kw)
                assert len(ops) == 1, (f, kw, len(ops))
                assert got.shape == want.shape, (f, kw, got.shape)
                np.testing.assert_array_equal(got.asnumpy(), want)
        w = xp.asarray([1.0, 2.0, 3.0])
        w.attach_grad()
        with autograd.record():
            y = xp.sum(w * w)
        y.backward()
        assert y.shape == () and float(y) == 14.0
        np.testing.assert_array_equal(w.grad.asnumpy(), [2.0, 4.0, 6.0])
    """)
    assert_ran_clean(proc)

@MX_ONLY
def test_mxnet_max_min_maximum_minimum_propagate_nan_in_one_operator(xp):
    """MXNet 1.9.1's CPU max/min/maximum/minimum propagate NaN as the standard does, so the
    shim adds no isnan/any/where ops to them (three more MXNet operators, ~200 us a call,
    before): one operator a call, NaN where NumPy has it. Counted in a fresh process."""
    proc = run_isolated(_COUNTING_MXNET_OPERATORS + """
        import numpy as np
        import arraykit.shims.mxnet as xp
        assert not xp._primitives.NAN_DROPPING_KERNELS
        for dt in ("float16", "float32", "float64"):
            a = np.array([[np.nan, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, np.nan]], dtype=dt)
            b = np.array([1.0, np.nan, 0.0], dtype=dt)
            x, y = xp.asarray(a), xp.asarray(b)
            for f in ("max", "min"):
                for kw in ({}, {"axis": 0}, {"axis": 1, "keepdims": True}):
                    del ops[:]
                    got = getattr(xp, f)(x, **kw)
                    assert len(ops) == 1, (f, kw, len(ops))
                    np.testing.assert_array_equal(got.asnumpy(), getattr(np, f)(a, **kw))
            for f in ("maximum", "minimum"):
                del ops[:]
                got = getattr(xp, f)(x, y)
                assert len(ops) == 1, (f, len(ops))
                np.testing.assert_array_equal(got.asnumpy(), getattr(np, f)(a, b))
    """)
    assert_ran_clean(proc)

# Where the four full shims disagreed before their statistical functions were written once
# (shims/_common/statistics.py): NumPy's answer, or the standard's, on every one.

def _default(xp, kind):
    d = xp.__array_namespace_info__().default_dtypes()[kind]
    return next(n for n in ("int64", "float32", "float64") if getattr(xp, n) == d)


@SHIMS
@pytest.mark.parametrize("fname", ["sum", "prod", "cumulative_sum", "cumulative_prod"])
def test_bool_input_accumulates_in_the_default_integer(xp, fname):
    """As NumPy's ``sum(bool_array)`` (MLX and Paddle refused bool input)."""
    a = np.array([True, False, True, True])
    got = getattr(xp, fname)(xp.asarray(a))
    want = getattr(np, {"cumulative_sum": "cumsum", "cumulative_prod": "cumprod"}.get(
        fname, fname))(a)
    assert str(host(got).dtype) == _default(xp, "integral")
    np.testing.assert_array_equal(host(got), want)


@SHIMS
@pytest.mark.parametrize("fname", ["max", "min"])
def test_max_min_refuse_bool(xp, fname):
    """The standard's real numeric input (MXNet reduced bool arrays)."""
    with pytest.raises(TypeError, match=fname):
        getattr(xp, fname)(xp.asarray(np.array([True, False])))


@SHIMS
@pytest.mark.parametrize("fname", ["mean", "var", "std"])
def test_integer_input_computes_in_the_default_float(xp, fname):
    """As NumPy (``_common.dtypes.integer_input_as_float``; TF and MXNet refused integers,
    MLX and Paddle took them)."""
    a = np.array([[1, 2, 4], [3, 5, 9]], dtype=np.int32)
    got = getattr(xp, fname)(xp.asarray(a), axis=1)
    assert str(host(got).dtype) == _default(xp, "real floating")
    np.testing.assert_allclose(host(got), getattr(np, fname)(a, axis=1), rtol=1e-6)


@SHIMS
@pytest.mark.parametrize("fname", ["var", "std"])
def test_no_degrees_of_freedom_is_nan(xp, fname):
    """The standard: NaN where ``N - correction <= 0`` (TF divided by 0: inf)."""
    x = xp.asarray(np.array([[1.0, 2.0, 4.0]], dtype=np.float32))
    for kwargs in ({"correction": 3}, {"correction": 5.5}, {"axis": 1, "correction": 3}):
        assert np.isnan(host(getattr(xp, fname)(x, **kwargs))).all(), kwargs
    got = host(getattr(xp, fname)(x, axis=1, correction=2))
    assert np.isfinite(got).all()


@pytest.mark.backends("tensorflow", "mlx", "paddle", reason="complex input (MXNet 1.9.1 has "
                      "no complex dtype)")
@pytest.mark.parametrize("fname", ["sum", "prod", "cumulative_sum"])
def test_real_dtype_for_complex_input_is_refused(xp, fname):
    """A real ``dtype=`` would drop the imaginary part: a plausible wrong number (TF and Paddle
    cast and dropped it, MLX refused)."""
    x = xp.asarray(np.array([1 + 2j, 3 - 1j], dtype=np.complex64))
    with pytest.raises(TypeError, match=fname):
        getattr(xp, fname)(x, dtype=xp.float32)


@SHIMS
def test_diff_prepend_promotes_and_checks_its_shape(xp):
    """``prepend``/``append`` promote with ``x`` as ``concat`` does (Paddle refused another
    dtype); extents off the axis that differ are a ValueError naming ``diff``."""
    x = xp.asarray(np.array([[1, 4, 9]], dtype=np.int32))
    got = xp.diff(x, prepend=xp.asarray(np.array([[0]], dtype=np.int64)))
    assert str(host(got).dtype) == "int64"
    np.testing.assert_array_equal(host(got), [[1, 3, 5]])
    with pytest.raises(ValueError, match="diff"):
        xp.diff(x, append=xp.asarray(np.zeros((2, 1), dtype=np.int32)))


@SHIMS
@pytest.mark.parametrize("fname", ["sum", "max", "mean", "std", "all"])
def test_keepdims_must_be_a_bool(xp, fname):
    """``checks.check_keepdims`` on every shim (TF and MLX took any truthy value), with or
    without an axis (MXNet's float sum/mean fast paths took ``bool(keepdims)``)."""
    x = xp.asarray(np.ones((2, 3), dtype=np.float32))
    for axis in (0, None):
        with pytest.raises(TypeError, match=fname):
            getattr(xp, fname)(x, axis=axis, keepdims=[1])
    assert getattr(xp, fname)(x, axis=0, keepdims=np.True_).shape == (1, 3)


@pytest.mark.backends(
    "numpy", "torch", "jax", "array_api_strict", "tensorflow", "mxnet", "mlx", "paddle",
    reason="the namespaces arraykit serves or tops up (dask is array-api-compat's as it is)")
@pytest.mark.parametrize(("shape", "axis", "correction"), [
    ((3,), None, 3), ((3,), None, 4), ((2, 3), 1, 3), ((2, 3), (0, 1), 6.5), ((2, 3), 0, 2),
])
def test_var_and_std_without_degrees_of_freedom_are_nan(xp, shape, axis, correction):
    # the standard: "If M - correction is less than or equal to 0, the variance must be NaN";
    # NumPy's, torch's and array-api-strict's namespaces gave inf (they divide by
    # max(M - c, 0))
    x = xp.asarray(np.arange(1.0, 1.0 + np.prod(shape), dtype=np.float32).reshape(shape))
    for f in (xp.var, xp.std):
        r = f(x, axis=axis, correction=correction)
        assert np.isnan(host(r)).all(), (f, host(r))
        assert r.dtype == x.dtype  # NumPy 1.x: r * nan (a Python float) promoted to float64
    ok = xp.var(x, axis=axis, correction=0)
    assert not np.isnan(host(ok)).any()


@SERVED
def test_mean_of_integers_is_in_the_default_float(xp):
    # the shims' rule (NumPy's, JAX's, TF's, MLX's, Paddle's and MXNet's namespaces compute
    # it; torch's refused it: "could not infer output dtype")
    default = xp.asarray(1.0).dtype
    for dtype in ("int32", "uint8"):
        r = xp.mean(xp.asarray(np.array([[1, 2], [4, 4]], dtype=dtype)), axis=0)
        assert r.dtype == default
        np.testing.assert_allclose(host(r), [2.5, 3.0])


def _relative_error(r, exact):
    return float(np.max(np.abs(host(r).astype(np.float64) - exact)) / abs(exact))


@SERVED
def test_float32_sums_of_many_elements_keep_their_precision(xp):
    # MLX 0.32.4's CPU sums and Paddle 3.3.1's along an axis add in one sequential chain:
    # 2**24 + 64 ones summed to 16777216 (every later 1.0 rounds away), the mean of
    # 10**6 x 0.1 was 0.10096 (1e-2), the sums below 2.4e-3 off; NumPy's pairwise sum
    # (along the contiguous axis) is within 1e-7 of the exact value, the others within ~3e-6.
    many = xp.ones((1, 2**24 + 64), dtype=xp.float32)
    assert float(host(xp.sum(many))) == 2**24 + 64
    assert host(xp.sum(many, axis=1)).tolist() == [2**24 + 64]
    assert float(host(xp.mean(many))) == 1.0
    tenth = float(np.float32(0.1))
    x = xp.asarray(np.full((4, 250_001), 0.1, dtype=np.float32))  # not whole blocks: a tail
    assert _relative_error(xp.sum(x, axis=1), 250_001 * tenth) < 1e-5
    assert _relative_error(xp.sum(x), 4 * 250_001 * tenth) < 1e-5
    assert _relative_error(xp.mean(x, axis=-1), tenth) < 1e-5
    # (0.1**2 rounds in float32 first: torch's norm is 1.0e-5 off; MLX's chain was 1.2e-3.)
    assert _relative_error(xp.linalg.vector_norm(x, axis=1), math.sqrt(250_001) * tenth) < 1e-4
    # torch's vecdot was array-api-compat's batched (1, n) @ (n, 1) matmul: 8.5e-4 off here
    # (torch.linalg.vecdot 2.6e-8, NumPy's own 1.4e-5).
    assert _relative_error(xp.vecdot(x, x), 250_001 * tenth * tenth) < 1e-4
    # The variance of a constant is 0 exactly only where the mean is; a few ulps of it here.
    assert float(host(xp.std(xp.reshape(x, (-1,))))) < 1e-6
    assert float(host(xp.var(x, axis=1, correction=1)).max()) < 1e-12


@pytest.mark.backends("tensorflow", "mlx", "paddle", reason="the full shims' sums, blocked "
                      "where their frameworks' run in one chain (TF's and Paddle's down "
                      "leading axes, MLX's every one); NumPy's own sum down a strided axis is "
                      "one chain too (2.4e-3 off here, the constant column's var ~13)")
def test_blocked_sums_down_a_strided_axis(xp):
    tenth = float(np.float32(0.1))
    x = xp.asarray(np.full((250_001, 4), 0.1, dtype=np.float32))
    assert _relative_error(xp.sum(x, axis=0), 250_001 * tenth) < 1e-5
    assert _relative_error(xp.mean(x, axis=(0,), keepdims=True), tenth) < 1e-5
    assert _relative_error(xp.vecdot(x, x, axis=0), 250_001 * tenth * tenth) < 1e-5
    y = xp.asarray(np.full((3, 250_001, 2), 1000.1, dtype=np.float32))
    # A constant column: NumPy's var here is ~13 (its mean 3.6e-3 off); blocked, ~0.
    assert float(host(xp.var(y, axis=1)).max()) < 1e-3


@SERVED
def test_float32_variance_of_data_far_from_zero(xp):
    # MLX 0.32.4's sums add in one chain: the mean of 1200 float32 values 1e6 + N(0, 1) was
    # off by ~1.3, and the two-pass variance by that error squared (2.76 for 0.957). Every
    # namespace's var and std within 10x NumPy's own float32 error (or 1e-5), over every
    # element and along each axis.
    rng = np.random.default_rng(0)
    for shape in ((100,), (1200,), (200, 6)):
        x = (1e6 + rng.standard_normal(shape)).astype("float32")
        ref = x.astype(np.float64)
        a = xp.asarray(x)
        for axis in (None, *range(len(shape))):
            for f, want, own in ((xp.var, np.var(ref, axis=axis), np.var(x, axis=axis)),
                                 (xp.std, np.std(ref, axis=axis, ddof=1),
                                  np.std(x, axis=axis, ddof=1))):
                kw = {"correction": 1} if f is xp.std else {}
                got = host(f(a, axis=axis, **kw)).astype(np.float64)
                err = np.max(np.abs(got - want) / want)
                bound = max(10 * np.max(np.abs(own - want) / want), 1e-5)
                assert err <= bound, (f.__name__, shape, axis, err, bound)
