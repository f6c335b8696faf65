"""MLX's gaps and how arraykit's MLX namespace handles each (issue 14): refusals name MLX, the
function and the dtype; filled gaps give the standard's values; data-dependent shapes work
eagerly and refuse clearly under ``mx.compile``; index bounds are errors, not memory reads."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from frameworks import require

import arraykit

mx = require("mlx.core")
import arraykit.shims.mlx as xp


def test_complex128_is_refused_and_not_listed():
    assert "complex128" not in xp.__array_namespace_info__().dtypes()
    assert set(xp.__array_namespace_info__().dtypes()) == {
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float32", "float64", "complex64"}
    for call in (lambda: xp.asarray([1], dtype=xp.complex128),
                 lambda: xp.zeros(3, dtype=xp.complex128),
                 lambda: xp.add(xp.asarray([1.0], dtype=xp.float64), 1j),
                 lambda: xp.fft.fft(xp.asarray([1.0, 2.0], dtype=xp.float64)),
                 lambda: xp.linalg.eig(xp.eye(2, dtype=xp.float64))):
        with pytest.raises(TypeError, match=r"MLX .*complex128"):
            call()


def test_missing_complex_kernels_are_refused_naming_the_function():
    a = xp.asarray([[2 + 1j, 0], [0, 3]], dtype=xp.complex64)
    for name in ("cholesky", "det", "qr", "slogdet"):
        with pytest.raises(TypeError, match=rf"{name}: MLX .*complex64"):
            getattr(xp.linalg, name)(a)


def test_complex_inv_and_solve_match_numpy():
    a = np.array([[1 + 2j, 0.5], [0.3j, 2 - 1j]], dtype=np.complex64)
    b = np.array([1 - 1j, 2j], dtype=np.complex64)
    np.testing.assert_allclose(np.asarray(xp.linalg.inv(xp.asarray(a))), np.linalg.inv(a),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(xp.linalg.solve(xp.asarray(a), xp.asarray(b))),
                               np.linalg.solve(a, b), rtol=1e-5, atol=1e-6)


def test_defaults_and_promotion_are_the_standards():
    assert xp.asarray([1, 2]).dtype == xp.int64  # MLX alone: int32
    assert xp.asarray(np.array([0.1])).dtype == xp.float64  # MLX alone: float32
    assert xp.argmax(xp.asarray([1.0, 3.0])).dtype == xp.int64  # MLX alone: uint32
    assert xp.sum(xp.asarray([1, 2], dtype=xp.uint8)).dtype == xp.uint64
    with pytest.raises(TypeError):  # MLX alone: bool + int8 is int8
        xp.add(xp.asarray([True]), xp.asarray([1], dtype=xp.int8))
    with pytest.raises(TypeError):  # MLX alone: uint64 + int64 is float32
        xp.add(xp.asarray([1], dtype=xp.uint64), xp.asarray([1], dtype=xp.int64))
    assert xp.asarray([2**64 - 1], dtype=xp.uint64).tolist() == [2**64 - 1]


def test_filled_gaps_give_the_standards_values():
    x = xp.asarray([-0.0, 0.0, -1.5, float("nan")])
    assert xp.signbit(x).tolist() == [True, False, True, False]
    assert math.copysign(1, xp.copysign(xp.asarray([1.0]), xp.asarray([-0.0])).item()) == -1
    assert xp.hypot(xp.asarray([3e30]), xp.asarray([4e30])).item() == pytest.approx(5e30)
    assert math.isnan(xp.sign(xp.asarray([float("nan")])).item())  # MLX: 0
    assert math.copysign(1, xp.sin(xp.asarray([-0.0])).item()) == -1  # MLX: +0
    assert xp.nextafter(xp.asarray([1.0]), xp.asarray([2.0])).item() == np.nextafter(
        np.float32(1), np.float32(2))
    i = xp.asarray([1, -8], dtype=xp.int64)
    assert xp.bitwise_left_shift(i, 64).tolist() == [0, 0]  # MLX: the count modulo 64
    assert xp.bitwise_right_shift(i, 70).tolist() == [0, -1]
    assert xp.matmul(xp.asarray([[1, 2]]), xp.asarray([[3], [4]])).tolist() == [[11]]
    assert math.copysign(1, xp.remainder(xp.asarray([0.0]), -1.0).item()) == -1


def test_data_dependent_shapes_work_eagerly_and_refuse_under_compile():
    x = xp.asarray([3, 0, 3, 1])
    assert [a.tolist() for a in xp.nonzero(x)] == [[0, 2, 3]]
    assert xp.unique_values(x).tolist() == [0, 1, 3]
    assert not arraykit.is_lazy_array(x)
    with pytest.raises(ValueError, match="nonzero: the output shape depends on the values"):
        mx.compile(lambda a: xp.nonzero(a)[0])(x)


def test_out_of_bounds_indices_raise():
    x = xp.asarray([1.0, 2.0, 3.0])
    with pytest.raises(IndexError, match="take"):
        xp.take(x, xp.asarray([3]))
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(x, xp.asarray([-4]), axis=0)
    assert xp.take(x, xp.asarray([-1])).tolist() == [3.0]


def test_empty_reductions_return():
    e = xp.asarray([], dtype=xp.float32)
    assert xp.prod(e).item() == 1 and xp.sum(e).item() == 0
    assert xp.all(e).item() is True and xp.any(e).item() is False
    assert xp.sum(xp.zeros((0, 3)), axis=1).shape == (0,)


def test_array_object_opt_in_round_trip():
    x = mx.array([1.0, 2.0, 3.0])
    assert x.__array_namespace__() is mx  # MLX's own, not a standard namespace
    xp.enable_array_object()
    try:
        assert x.__array_namespace__() is xp
        assert x.device == xp.__array_namespace_info__().default_device()
        assert x[x > 1].tolist() == [2.0, 3.0]  # MLX alone: "not yet supported"
        with pytest.raises(IndexError):
            x[3]  # MLX alone: whatever lies in memory there
        assert (mx.float32 == None) is False  # noqa: E711 - MLX alone raises TypeError
        y = mx.array([1, 2], dtype=mx.int8)
        with pytest.raises(TypeError):
            y + mx.array([True, False])  # the standard's table, not MLX's
    finally:
        xp.disable_array_object()
    assert x.__array_namespace__() is mx and not hasattr(x, "device")


def test_float64_exp_sin_cos_have_float64_precision():
    # MLX 0.32.4 computes these at float32 precision for float64 input (cos(123456.7) off by
    # 8%, sin(1e100) NaN); arraykit's are within a few ulps of NumPy's.
    a = np.array([0.3, -2.5, 123456.7, 1e8 + 0.5, 1e100, -0.0])
    x = xp.asarray(a)
    np.testing.assert_allclose(np.asarray(xp.sin(x)), np.sin(a), rtol=0, atol=4e-16)
    np.testing.assert_allclose(np.asarray(xp.cos(x)), np.cos(a), rtol=0, atol=4e-16)
    assert math.copysign(1, xp.sin(x)[5].item()) == -1
    e = np.array([-740.0, -1.5, 1e-10, 3.3, 709.7])
    np.testing.assert_allclose(np.asarray(xp.exp(xp.asarray(e))), np.exp(e), rtol=4e-16)
    np.testing.assert_allclose(np.asarray(xp.logaddexp(xp.asarray(e), xp.asarray(e[::-1]))),
                               np.logaddexp(e, e[::-1]), rtol=4e-16)
    g = mx.grad(lambda t: mx.sum(xp.sin(t)))(xp.asarray(a[:3]))  # differentiable
    np.testing.assert_allclose(np.asarray(g), np.cos(a[:3]), rtol=0, atol=4e-16)


def _traced_ops(f, x):
    """The operations ``mx.compile`` traces from ``f(x)``, by name, in order."""
    import io
    import re

    seen = []

    def traced(a):
        out = f(a)
        dot = io.StringIO()
        mx.export_to_dot(dot, out)
        seen.append(re.findall(r'label ="([^"]+)"', dot.getvalue()))
        return out

    mx.eval(mx.compile(traced)(x))
    return seen[0]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize(("axis", "keepdims"), [(-1, True), (0, False)])
def test_real_euclidean_norm_is_mlx_own_program(dtype, axis, keepdims):
    # Compiled cells compare arraykit's traced graph with native code's: a real 2-norm is
    # MLX's own Square, Sum, Sqrt (no Abs: |x|**2 is x**2), with NumPy's values.
    a = np.array([[3.0, -4.0, 0.0], [-0.0, 1e-3, 2.5]], dtype=dtype)
    x = mx.array(a)
    got = _traced_ops(lambda v: xp.linalg.vector_norm(v, axis=axis, keepdims=keepdims), x)
    assert got == _traced_ops(lambda v: mx.linalg.norm(v, axis=axis, keepdims=keepdims), x)
    np.testing.assert_allclose(np.array(xp.linalg.vector_norm(x, axis=axis, keepdims=keepdims)),
                               np.linalg.norm(a, axis=axis, keepdims=keepdims), rtol=1e-6)


def _graph_ops(*outs):
    """The operations of the graph that computes ``outs`` (not evaluated), with their counts."""
    import collections
    import io
    import re

    dot = io.StringIO()
    mx.export_to_dot(dot, *outs)
    return collections.Counter(re.findall(r'label ="([A-Za-z]+)', dot.getvalue()))


def test_sin_under_ext_grad_is_differentiated_as_mlx_sin():
    # sin keeps -0.0 (a Select on x, MLX: +0.0); under arraykit.ext.grad the Select is not
    # differentiated (its vjp added AsType x3, Multiply x2, Add x2, LogicalNot, Full and
    # Broadcast to every backward pass): the gradient is MLX's own Cos * cotangent, and the
    # values, gradients and -0.0 are those of the eager rule.
    from arraykit.ext.grad import value_and_grad

    a = np.array([-0.0, 0.0, 1e-40, -2.5, 3.0, 1e30, np.inf, np.nan], dtype=np.float32)
    x = mx.array(a)

    def f(t):
        s = xp.sin(t)
        return xp.sum(s * 2.0), s

    (v, s), g = value_and_grad(f, has_aux=True)(x)
    (v0, s0), g0 = mx.value_and_grad(f)(x)  # MLX's transform: the rule as it is eagerly
    _, native = mx.value_and_grad(lambda t: mx.sum(mx.sin(t) * 2.0))(x)
    assert _graph_ops(g) == _graph_ops(native)  # the gradient's graph is MLX's own
    assert s.tolist()[:2] == [0.0, 0.0] and math.copysign(1, s[0].item()) == -1
    assert np.asarray(s).tobytes() == np.asarray(s0).tobytes() == np.asarray(xp.sin(x)).tobytes()
    np.testing.assert_array_equal(np.asarray(v), np.asarray(v0))
    np.testing.assert_array_equal(np.asarray(g), np.asarray(g0))
    np.testing.assert_array_equal(np.asarray(g)[:5], 2 * np.cos(a[:5]).astype(np.float32))
    # Under arraykit.ext.jit the rule is stop_gradient arithmetic mx.compile fuses (it would
    # not fuse the custom function), with no Select vjp in the backward pass.
    from arraykit.ext.jit import jit

    seen = []

    def traced(t):
        out = value_and_grad(f, has_aux=True)(t)
        seen.append(_graph_ops(out[1]))
        return out

    (_, sj), gj = jit(traced)(x)
    assert seen and "CustomTransforms" not in seen[0] and "LogicalNot" not in seen[0]
    assert np.asarray(sj).tobytes() == np.asarray(s0).tobytes()
    np.testing.assert_array_equal(np.asarray(gj), np.asarray(g0))
    z = mx.array(np.array([1 + 2j, -0.0 - 0.0j, 0.5 - 0.3j], dtype=np.complex64))
    h = lambda t: xp.sum(xp.real(xp.sin(t) * (1 - 1j)))  # noqa: E731
    np.testing.assert_array_equal(np.asarray(value_and_grad(h)(z)[1]),
                                  np.asarray(mx.value_and_grad(h)(z)[1]))


def test_sin_gradient_under_ext_jit_is_mlx_sins_bit_for_bit():
    # ext.grad inside (or around) ext.jit: the gradient of sin is MLX's cotan * cos(x) byte
    # for byte, as eagerly, signed zeros included (the Select's vjp added +0.0 * cotan, so a
    # zero cotangent where cos(x) < 0 gave +0.0 where MLX gives -0.0), and the values are
    # the -0.0 rule's.
    from arraykit.ext.grad import value_and_grad, vjp
    from arraykit.ext.jit import jit

    a = np.array([-0.0, 0.0, 2.0, -2.0, np.pi, 1e-40, -1e30, np.inf, np.nan], dtype=np.float32)
    c = np.array([1.0, -1.0, 0.0, -0.0, 2.5, np.inf, np.nan], dtype=np.float32)
    x = mx.array(np.repeat(a, len(c)))
    ct = mx.array(np.tile(c, len(a)))
    _, (native,) = mx.vjp(mx.sin, [x], [ct])
    rule = np.asarray(mx.where(x, mx.sin(x), x)).tobytes()

    def loss(t):
        return xp.sum(xp.sin(t) * ct)

    def pulled(t):
        y, pull = vjp(xp.sin, t)
        return y, pull(ct)[0]

    for name, (y, g) in {"jit(vjp)": jit(pulled)(x), "eager vjp": pulled(x),
                         "jit(value_and_grad)": jit(value_and_grad(loss))(x),
                         "value_and_grad(jit)": value_and_grad(jit(loss))(x)}.items():
        assert np.asarray(g).tobytes() == np.asarray(native).tobytes(), name
        if "vjp" in name:
            assert np.asarray(y).tobytes() == rule, name


@pytest.mark.parametrize("n", [1, 16, 4095, 4096, 70000])
def test_eager_sin_is_one_fused_kernel_or_mlx_sin_and_one(n):
    # Eagerly sin's -0.0 rule is no extra kernel pass: below 4096 elements one compiled
    # kernel (AsType, Sin, Select), from 4096 MLX's own Sin and one compiled select. The
    # values are the rule's bit for bit (-0.0, +-inf, NaN, subnormals, large arguments).
    special = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-40, -3e-39,
                        8388609.0, -1e30, 3.4e38, np.pi, -np.pi / 2], dtype=np.float32)
    a = np.resize(special, n)
    a[len(special):] = np.random.default_rng(n).standard_normal(max(n - len(special), 0)) * 10
    x = mx.array(a)
    got = xp.sin(x)
    ops = _graph_ops(got)
    want = mx.where(x, mx.sin(x), x)
    assert sum(ops.values()) == (1 if n < 4096 else 2), ops
    assert ops["Sin"] == (0 if n < 4096 else 1), ops
    assert np.asarray(got).tobytes() == np.asarray(want).tobytes()
    assert math.copysign(1, got[0].item()) == -1
    for shape in [(), (0,), (3, 5), (2, 3, 4)]:  # other shapes and ranks through one program
        b = mx.array(np.full(shape, -0.0, np.float32))
        assert np.asarray(xp.sin(b)).tobytes() == np.asarray(b).tobytes()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_eager_sign_is_one_fused_kernel(dtype):
    # sign(nan) is nan (MLX: 0) without extra kernels: IsNaN, Sign and Select are one
    # compiled kernel eagerly, with the rule's values bit for bit; transforms trace the rule.
    a = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, -np.nan, 1e-45, -2.5, 3.0], dtype=dtype)
    x = mx.array(a, dtype=getattr(mx, dtype))
    got = xp.sign(x)
    assert sum(_graph_ops(got).values()) == 1, _graph_ops(got)
    want = mx.where(mx.isnan(x), x, mx.sign(x))
    assert got.dtype == x.dtype and np.asarray(got).tobytes() == np.asarray(want).tobytes()
    np.testing.assert_array_equal(np.asarray(got), np.sign(a))
    g = mx.grad(lambda t: mx.sum(xp.sign(t) * t))(x[6:])  # differentiable as before
    np.testing.assert_array_equal(np.asarray(g), np.sign(a[6:]))
    v = mx.vmap(xp.sign)(mx.reshape(x[:8], (2, 4)))
    assert np.asarray(v).tobytes() == np.asarray(want[:8]).tobytes()


def _same(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.asarray(got).tobytes() == np.asarray(want).tobytes()


def test_argmax_and_count_nonzero_fast_paths_skip_the_rules(monkeypatch):
    # The common case (a non-empty float array; argmax flattened 1-D or along an int axis in
    # range; count_nonzero over every axis) is the rules' graph without their Python frames.
    import arraykit.shims._common.searching as rules

    search = xp._searching_functions
    a = np.array([[1.0, np.nan, -0.0, 3.0], [0.0, 2.0, -np.inf, 2.0]], "float32")
    cases = [(xp.argmax, search._argmax_rules, mx.array(a[0]), {}),
             (xp.count_nonzero, search._count_nonzero_rules, mx.array(a), {}),
             (xp.count_nonzero, search._count_nonzero_rules, mx.array(a > 1), {})]
    for dtype in (mx.float32, mx.float64):
        x = mx.array(a, dtype=dtype)
        cases += [(xp.argmax, search._argmax_rules, x, {"axis": ax, "keepdims": kd})
                  for ax in (0, 1, -1, -2) for kd in (False, True)]
    want = [rules_fn(x, **kw) for _, rules_fn, x, kw in cases]

    def fail(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(rules, "arg_axis", fail)
    monkeypatch.setattr(rules, "normalize_axes", fail)
    for (fn, _, x, kw), w in zip(cases, want):
        _same(fn(x, **kw), w)


def test_sort_and_argsort_fast_paths_skip_the_rules(monkeypatch):
    # An ascending sort of a non-empty float array along an int axis in range is MLX's
    # stable sort (argsort: cast to int64), the rules' graph without their Python frames.
    import arraykit.shims._common.sorting as rules

    sorting = xp._sorting_functions
    a = np.array([[1.0, np.nan, -0.0, 0.0], [0.0, 2.0, -np.inf, 2.0]], "float32")
    cases = []
    for dtype in (mx.float32, mx.float64):
        for x in (mx.array(a, dtype=dtype), mx.array(a[1], dtype=dtype)):
            for ax in range(-x.ndim, x.ndim):
                cases += [(xp.sort, sorting._sort_rules, x, ax),
                          (xp.argsort, sorting._argsort_rules, x, ax)]
    want = [rules_fn(x, axis=ax) for _, rules_fn, x, ax in cases]

    def fail(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(rules, "normalize_axis", fail)
    for (fn, _, x, ax), w in zip(cases, want):
        _same(fn(x, axis=ax), w)


def test_full_of_a_float_fast_path_skips_the_rules(monkeypatch):
    # full(shape, <float>) fills float32 on MLX's default device: the rules' shape check and
    # graph without fill_args and check_device.
    import arraykit.shims._common.creation as rules

    creation = xp._creation_functions
    cases = [((16,), 2.0), ((), -0.0), ((0, 3), math.nan), (3, math.inf), ([2, 2], 1e300),
             ((2,), 1e-320)]
    want = [xp.full(s, v, dtype=xp.float32, device=mx.default_device()) for s, v in cases]

    def fail(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(rules, "fill_args", fail)
    monkeypatch.setattr(creation, "check_device", fail)
    for (s, v), w in zip(cases, want):
        _same(xp.full(s, v), w)
    with pytest.raises(ValueError, match="negative"):  # the shape check still runs
        xp.full((-1,), 2.0)


def test_eye_of_an_int_fast_path_skips_the_rules(monkeypatch):
    # eye(n) with no n_cols, k=0, no device and a standard dtype given as an MLX dtype (or
    # none) is the rules' mx.eye call without eye_args; every other form still checks.
    import arraykit.shims._common.creation as rules

    cases = [(n, dt) for n in (1, 2, 4, 16, 300)
             for dt in (None, mx.float32, mx.float64, mx.int64, mx.uint8, mx.bool_, mx.complex64)]
    want = [xp.eye(n, k=0, dtype=dt, device=mx.default_device()) for n, dt in cases]
    graphs = [_graph_ops(w) for w in want]

    def fail(*args, **kwargs):
        raise AssertionError("the rules ran")

    with monkeypatch.context() as m:
        m.setattr(rules, "eye_args", fail)
        for (n, dt), w, g in zip(cases, want, graphs):
            got = xp.eye(n, dtype=dt)
            assert _graph_ops(got) == g
            _same(got, w)
    for args, kw in (((-1,), {}), ((2.0,), {}), ((2, 2.0), {}), ((2,), {"k": 0.0}),
                     ((2,), {"dtype": mx.float16}), ((2,), {"device": "gpu:3"})):
        with pytest.raises((ValueError, TypeError), match=r"^eye: "):  # the checks still run
            xp.eye(*args, **kw)
    _same(xp.eye(0), mx.zeros((0, 0)))


def test_float32_clip_between_python_floats_is_mx_clip(monkeypatch):
    # A float32 array between two Python floats is mx.clip itself: the rules' graph
    # (Maximum, then Minimum, float32 bounds) and bits, in one call; float64 keeps its
    # float64 bounds (MLX's Python float scalar goes through float32).
    rng = np.random.default_rng(4)
    v = np.concatenate([rng.standard_normal(64), [0.0, -0.0, np.nan, np.inf, -np.inf, 1e-45]])
    bounds = [(0.7, 1.2), (-0.0, 0.0), (math.nan, 1.0), (-math.inf, 1e300), (1e-46, -1.5)]
    calls = []
    native = mx.clip

    def spy(*args, **kwargs):
        calls.append(args)
        return native(*args, **kwargs)

    for lo, hi in bounds:
        x = mx.array(v.astype(np.float32))
        want = mx.minimum(mx.maximum(x, mx.array(lo, dtype=mx.float32)),
                          mx.array(hi, dtype=mx.float32))
        with monkeypatch.context() as m:
            m.setattr(mx, "clip", spy)
            got = xp.clip(x, lo, hi)
        assert _graph_ops(got) == _graph_ops(want)
        _same(got, want)
        x64 = mx.array(v, dtype=mx.float64)
        _same(xp.clip(x64, lo, hi), mx.minimum(mx.maximum(x64, mx.array(lo, dtype=mx.float64)),
                                               mx.array(hi, dtype=mx.float64)))
    assert len(calls) == len(bounds)


def test_var_and_std_fast_path_is_the_rules_graph_inlined(monkeypatch):
    # var/std of a non-empty float array (whole, or along an int axis in range; a float
    # correction below the count) build the rules' graph in one frame: _p.variance's ops
    # with its operands, not a call of it; for corrections 0 and 1 that graph compiled
    # (its elementwise ops fused), with the rules' bits, under mx.grad and mx.vmap too.
    stats = xp._statistical_functions
    a = np.array([[1.0, -0.0, 3.5, 1e30], [0.0, 2.0, -7.0, 2.0], [np.nan, 1, 2, 3]], "float32")
    cases = []
    for dtype in (mx.float32, mx.float64):
        for x in (mx.array(a[:2], dtype=dtype), mx.array(a, dtype=dtype)[:, 1]):
            for ax in (None, *range(-x.ndim, x.ndim)):
                for kw in ({}, {"correction": 1.0, "keepdims": True}, {"correction": 0.5}):
                    cases += [(xp.var, stats._rules.var, x, dict(kw, axis=ax)),
                              (xp.std, stats._rules.std, x, dict(kw, axis=ax))]
    mx.eval(*[x for _, _, x, _ in cases])  # the graphs compared are var's/std's own
    want = [rules_fn(x, **kw) for _, rules_fn, x, kw in cases]
    graphs = [_graph_ops(w) for w in want]
    grads = [mx.grad(lambda z, f=rules_fn, kw=kw: (f(z, **kw) * 1.5).sum())(x)
             for _, rules_fn, x, kw in cases]

    def fail(*args, **kwargs):
        raise AssertionError("a Python layer of the rules ran")

    monkeypatch.setattr(stats._p, "variance", fail)
    for (fn, _, x, kw), w, g, dw in zip(cases, want, graphs, grads):
        first = fn(x, **kw)  # a key's first call: the graph uncompiled (see below)
        _same(first, w)
        got = fn(x, **kw)
        ops = _graph_ops(got)
        if kw.get("correction", 0.0) in (0.0, 1.0):
            assert any(op.startswith("Compiled") for op in ops), ops
            assert sum(ops.values()) < sum(g.values()), (ops, g)
        else:
            assert ops == g
        _same(got, w)
        _same(mx.grad(lambda z, f=fn, kw=kw: (f(z, **kw) * 1.5).sum())(x), dw)
    rng = np.random.default_rng(8)
    for shape in ((16,), (4, 4), (3, 5, 2)):
        for dtype in (np.float32, np.float64):
            v = rng.standard_normal(shape).astype(dtype)
            v.reshape(-1)[0] = -0.0
            x = mx.array(v)
            for fn, rules_fn in ((xp.var, stats._rules.var), (xp.std, stats._rules.std)):
                for ax in (None, 0, -1):
                    _same(fn(x, axis=ax, correction=1.0), rules_fn(x, axis=ax, correction=1.0))
                    _same(mx.vmap(lambda z, f=fn: f(z, axis=None))(x),
                          mx.vmap(lambda z, f=rules_fn: f(z, axis=None))(x))


def test_var_of_many_shapes_compiles_a_bounded_set_of_programs():
    # A compiled variance program is traced per shape: one call of a shape keeps the
    # uncompiled graph, and the programs are capped (one program traced for 500 vector
    # lengths took 457 s; mx.var 25 ms).
    stats = xp._statistical_functions
    stats._VARIANCE_PROGRAMS.programs.clear()
    stats._VARIANCE_PROGRAMS.seen.clear()
    start = time.process_time()
    for n in range(2, 302):
        x = mx.arange(n, dtype=mx.float32)
        v = xp.var(x)
        assert "Compiled" not in " ".join(_graph_ops(v)), n
        _same(v, stats._rules.var(x))
    assert not stats._VARIANCE_PROGRAMS.programs
    for n in range(2, 202):
        xp.std(mx.arange(n, dtype=mx.float32))
    assert len(stats._VARIANCE_PROGRAMS.programs) <= stats._VARIANCE_PROGRAMS.limit
    assert time.process_time() - start < 30


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_real_solve_factors_once_and_is_mlx_solve_bit_for_bit(dtype):
    # The singular-matrix check's getrf (evaluated and read at the call) is the solve's: the
    # result's graph holds no second LUF, and its bits are mx.linalg.solve's (-0.0 included).
    rng = np.random.default_rng(5)
    for shape, bshape in (((4, 4), (4, 2)), ((4, 4), (4,)), ((3, 5, 5), (3, 5, 1))):
        a = rng.standard_normal(shape).astype(dtype)
        a[..., 0, 1] = -0.0
        b = rng.standard_normal(bshape).astype(dtype)
        b[..., 0] = -0.0
        out = xp.linalg.solve(mx.array(a), mx.array(b))
        assert "LUF" not in _graph_ops(out), _graph_ops(out)
        bb = mx.array(b[:, None] if b.ndim == 1 else b)
        native = mx.linalg.solve(mx.array(a), bb, stream=mx.cpu).reshape(out.shape)
        assert out.dtype == native.dtype and out.shape == native.shape
        assert np.asarray(out).tobytes() == np.asarray(native).tobytes()
    with pytest.raises(np.linalg.LinAlgError, match="singular"):
        xp.linalg.solve(xp.asarray([[1.0, 2.0], [2.0, 4.0]], dtype=dtype), xp.ones(2, dtype=dtype))


def test_take_of_in_range_indices_skips_the_rules(monkeypatch):
    # A few indices in [0, n) along an int axis (None for 1-D x) are mx.take of them, the
    # rules' graph without their frames and their NumPy reduction; negative and
    # out-of-bounds indices still take the rules (wrapped; IndexError).
    import arraykit.shims._common.indexing as rules

    x1 = mx.array(np.array([1.0, -0.0, np.nan, 4.0], "float32"))
    x2 = mx.array(np.arange(12, dtype="int64").reshape(3, 4))
    cases = [(x1, mx.array(np.array([3, 0, 0, 2], dt)), {}) for dt in ("int64", "int32", "uint8")]
    cases += [(x2, mx.array(np.array([2, 0], "int64")), {"axis": ax}) for ax in (0, -2)]
    cases += [(x2, mx.array(np.array([3, 1, 1], "int16")), {"axis": ax}) for ax in (1, -1)]
    ours = xp._indexing_functions
    by_rules = rules.take_function(ours._p, ours._gather, ours.__name__)
    want = [by_rules(x, i, **kw) for x, i, kw in cases]
    neg = xp.take(x1, mx.array(np.array([-1, 0], "int64")))
    with pytest.raises(IndexError, match="take: index 4 is out of bounds for an axis of size 4"):
        xp.take(x1, mx.array(np.array([4], "int64")))

    def fail(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(rules, "check_bounds", fail)
    for (x, i, kw), w in zip(cases, want):
        _same(xp.take(x, i, **kw), w)
    assert np.asarray(neg).tolist() == [4.0, 1.0]


def test_solve_of_a_square_float_matrix_skips_the_rules(monkeypatch):
    # A non-empty square float32/float64 matrix with a vector or matrix of its dtype and rows
    # is the rules' graph without their frames; a singular matrix still gets their error.
    import arraykit.shims._common.linalg as rules

    rng = np.random.default_rng(7)
    cases = []
    for dtype in ("float32", "float64"):
        a = mx.array(rng.standard_normal((3, 3)).astype(dtype))
        cases += [(a, mx.array(rng.standard_normal(s).astype(dtype))) for s in ((3,), (3, 2))]
    want = [xp.linalg._fns["solve"](a, b) for a, b in cases]

    def fail(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(rules, "check_matrices", fail)
    for (a, b), w in zip(cases, want):
        _same(xp.linalg.solve(a, b), w)
    monkeypatch.undo()
    with pytest.raises(np.linalg.LinAlgError, match="solve: singular matrix"):
        xp.linalg.solve(xp.asarray([[1.0, 2.0], [2.0, 4.0]]), xp.ones(2))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_eager_isfinite_is_one_fused_kernel(dtype):
    # MLX's isfinite is seven graph nodes, each a kernel pass eagerly; arraykit's is one
    # compiled kernel of the same predicates, mx.isfinite's values bit for bit, and under
    # mx.compile the traced ops are mx.isfinite's own.
    it = np.uint32 if dtype == "float32" else np.uint64
    bits = np.random.default_rng(3).integers(0, np.iinfo(it).max, 5000, dtype=it, endpoint=True)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, 3.4e38], dtype=dtype)
    x = mx.array(np.concatenate([special, bits.view(dtype)]))
    got = xp.isfinite(x)
    assert sum(_graph_ops(got).values()) == 1, _graph_ops(got)
    assert np.asarray(got).tobytes() == np.asarray(mx.isfinite(x)).tobytes()
    for v in (x[::7], mx.reshape(x[:60], (3, 4, 5)).T, x[0], x[:0]):  # views, 0-d, empty
        assert np.asarray(xp.isfinite(v)).tobytes() == np.asarray(mx.isfinite(v)).tobytes()
    assert _traced_ops(xp.isfinite, x) == _traced_ops(mx.isfinite, x)


_INV_LOOP = """
import numpy as np, mlx.core as mx
import arraykit.shims.mlx as xp
rng = np.random.default_rng(1)
ms = [mx.array(np.array(m, np.float32)) for m in ([[1, 2], [2, 4]], [[2, 1], [1, 3]],
                                                  [[np.nan, 0], [0, 0]])]
singular = 0
for i in range(2000):
    try:
        mx.eval(xp.linalg.inv(ms[rng.integers(3)]))
    except np.linalg.LinAlgError:
        singular += 1
print("done", singular)
"""


def _loop_output(code, seconds, what):
    """The words a loop of MLX calls (``code``, run by a fresh Python) printed, or a failure
    naming ``what`` if it hung past ``seconds`` or its process did not exit cleanly."""
    import subprocess
    import sys

    try:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=seconds)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{what} hung ({seconds} s)")
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.split()


def test_inv_of_many_singular_matrices_does_not_hang():
    # MLX 0.32.4's Inverse raises at evaluation on a singular matrix; after a few hundred
    # failed evaluations the next one can wait forever (the old inv, which read that error,
    # hung in 4 of 4 runs of this loop). No evaluation is let fail: the loop ends.
    out = _loop_output(_INV_LOOP, 20, "inv of a singular/regular/NaN sequence")
    assert out[0] == "done" and 500 < int(out[1]) < 800


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_inv_outcomes_are_mlx_inverse_or_the_rules_error(dtype):
    # A matrix MLX's Inverse would fail on (an exact zero pivot of getrf on its transpose, as
    # Inverse::eval_cpu factors it) is LinAlgError, or all NaN where it holds NaN; any other is
    # mx.linalg.inv's bits, NaN, inf and -0.0 included, batched too.
    nan, inf = np.nan, np.inf
    for m in ([[1, 2], [2, 4]], [[0, 0], [0, 0]], [[-0.0, 0], [0, 1]], [[2, 1], [1, 3]]):
        a = mx.array(np.array(m, dtype))
        if np.linalg.matrix_rank(np.array(m)) < 2:
            with pytest.raises(np.linalg.LinAlgError, match=r"^inv: singular matrix$"):
                xp.linalg.inv(a)
            with pytest.raises(np.linalg.LinAlgError, match=r"^inv: singular matrix$"):
                xp.linalg.inv(mx.stack([mx.eye(2, dtype=a.dtype), a]))
        else:
            _same(xp.linalg.inv(a), mx.linalg.inv(a, stream=mx.cpu))
    # getrf of the transpose meets no zero pivot ([[0, 1], [0, nan]]'s own LU would): MLX's
    # output; a NaN matrix with a zero pivot there: all NaN, the others solved.
    for m in ([[nan, 0], [0, 0]], [[0, 1], [0, nan]], [[1, nan], [0, 1]], [[inf, 1], [1, 1]],
              [[-0.0, 1], [1, -0.0]], [[1e30, 1], [1, 1e30]], [[1e-30, 0], [0, 1e-30]]):
        a = mx.array(np.array(m, dtype))
        _same(xp.linalg.inv(a), mx.linalg.inv(a, stream=mx.cpu))
    a = mx.array(np.array([[[nan, 0], [0, 1]], [[0, 0], [nan, 0]], [[2, 1], [1, 3]]], dtype))
    got = np.asarray(xp.linalg.inv(a))
    assert np.isnan(got[:2]).all()
    assert got[2].tobytes() == np.asarray(mx.linalg.inv(a[2], stream=mx.cpu)).tobytes()
    r = mx.array(np.array([[2, 1], [1, 3]], dtype))
    g = mx.grad(lambda z: xp.linalg.inv(z).sum())(r)
    t = mx.swapaxes(mx.linalg.inv(r, stream=mx.cpu), -1, -2)
    _same(g, -(t @ mx.ones_like(r) @ t))


_EIG_NONFINITE = """
import numpy as np, mlx.core as mx
import arraykit.shims.mlx as xp
nan, inf = np.nan, np.inf
a = np.array([[[nan, 1], [1, 1]], [[inf, 1], [1, 1]], [[2, 1], [1, 3]]])
for dt in ("float32", "complex64"):
    x = xp.asarray(a.astype(dt))
    w, v = xp.linalg.eig(x)
    for r in (w, v, xp.linalg.eigvals(x), mx.compile(xp.linalg.eigvals)(x)):
        r = np.asarray(r)
        assert np.isnan(r[:2].real).all() and np.isnan(r[:2].imag).all(), r
        assert np.isfinite(r[2]).all(), r
    ref = mx.linalg.eigvals(x[2], stream=mx.cpu)
    assert np.asarray(xp.linalg.eigvals(x[2])).tobytes() == np.asarray(ref).tobytes()
print("done")
"""


def test_eig_of_nonfinite_matrices_is_nan_and_the_process_lives():
    # MLX 0.32.4's geev on a matrix holding NaN or inf ends the process (LAPACK's xerbla,
    # "On entry to SGEBAL parameter number 3 had an illegal value"): those matrices give NaN
    # eigenvalues and eigenvectors (every backend's rule), eagerly and under mx.compile.
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", _EIG_NONFINITE], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "done", proc.stdout + proc.stderr


_SVD_LOOP = """
import numpy as np, mlx.core as mx, arraykit.shims.mlx as xp
rng = np.random.default_rng(0)
ms = [xp.asarray(np.array(m, "float64")) for m in ([[np.nan, np.nan], [np.nan, np.nan]],
                                                   [[2, 1], [1, 3]])]
f = 0
for i in range(2000):
    try:
        mx.eval(xp.linalg.svdvals(ms[rng.integers(2)]))
    except (np.linalg.LinAlgError, RuntimeError):
        f += 1
print("done", f, flush=True)
"""


def test_svdvals_of_many_nan_matrices_does_not_hang():
    # MLX 0.32.4's SVD fails at evaluation on a NaN matrix ("[SVD::eval_cpu] SVD failed with
    # error code -4"); after some hundreds of failed evaluations the next one can wait forever
    # (the old svdvals hung this loop in 3 of 3 runs). No SVD of non-finite x is built.
    out = _loop_output(_SVD_LOOP, 30, "svdvals of a NaN/regular sequence")
    assert out[0] == "done" and 900 < int(out[1]) < 1100


def test_floor_divide_programs_per_shape_keep_the_rule_values():
    # Float floor_divide runs a shapeless program on an operand key's first call and one
    # compiled for that key from its second (at most 64 keys; later keys stay shapeless):
    # every call, of more keys than that, gives the NumPy namespace's values (the
    # standard's), bit for bit, with signed zeros and infinities.
    np_xp = arraykit.array_namespace(np.ones(1))
    special = np.array([0.0, -0.0, 1.0, -1.0, 2.5, -7.0, 0.1, np.inf, -np.inf, np.nan])
    for n in range(1, 80):
        for dtype in ("float32", "float64"):
            a = np.resize(special, n).astype(dtype)
            b = np.resize(special[::-1], n).astype(dtype)
            with np.errstate(all="ignore"):
                want = np_xp.floor_divide(a, b)
            number = ~np.isnan(want)
            for _ in range(3):
                got = np.asarray(xp.floor_divide(xp.asarray(a), xp.asarray(b)))
                assert got.dtype == want.dtype
                np.testing.assert_array_equal(got, want)
                assert np.array_equal(np.signbit(got[number]), np.signbit(want[number]))
