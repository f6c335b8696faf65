"""Paddle shim fast paths (issue 28): the kernel calls that skip the rules' reads give the
rules' values, dtypes, shapes and errors, and they are taken."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from frameworks import require

_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "float32", "float64",
          "complex64", "complex128")


def _same(got, want):
    if isinstance(want, Exception):
        assert isinstance(got, Exception) and type(got) is type(want) and str(got) == str(want)
        return
    assert not isinstance(got, Exception), got
    assert got.dtype == want.dtype and tuple(got.shape) == tuple(want.shape)
    assert got.place == want.place and got.stop_gradient == want.stop_gradient
    g, w = got.numpy(), want.numpy()
    np.testing.assert_array_equal(g, w)
    if g.dtype.kind == "f":
        np.testing.assert_array_equal(np.signbit(g), np.signbit(w))


def _call(f, *a, **k):
    try:
        return f(*a, **k)
    except Exception as e:  # noqa: BLE001 - compared with the rules' error
        return e


def test_paddle_stack_along_any_axis_is_the_kernel_with_the_rules_results(monkeypatch):
    """``stack`` of a list of tensors along any int axis (not only 0: a matrix built from
    rows, along -1 and -2) is Paddle's kernel without the rules' reads, with the rules'
    results (a tuple takes the rules) for every dtype, 0-d/empty shapes, every axis in and
    out of range, two dtypes (promoted by the rules), two shapes, a rank at MAX_NDIM; and
    the rules are not called for the common case (they were on 8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _manipulation_functions as m

    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0]])
    for name in _NAMES:
        for shape in [(), (3,), (2, 3), (0,), (2, 0)]:
            with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                a = xp.asarray(np.resize(vals, shape).astype(name))
            b = xp.asarray(np.ones(shape, dtype=name))
            for axis in range(-len(shape) - 2, len(shape) + 2):
                _same(_call(xp.stack, [a, b], axis=axis), _call(xp.stack, (a, b), axis=axis))
    a32 = xp.asarray([1.0, -0.0], dtype=xp.float32)
    for other in (xp.asarray([1.0, 2.0], dtype=xp.float64), xp.asarray([1, 2], dtype=xp.int32),
                  xp.asarray([1.0, 2.0, 3.0]), np.ones(2, "float32")):
        for axis in (0, -1, 1, -2, 2, True):
            _same(_call(xp.stack, [a32, other], axis=axis),
                  _call(xp.stack, (a32, other), axis=axis))
    big = xp.zeros((1,) * 8)
    for axis in (-1, 0, 8, -9):
        _same(_call(xp.stack, [big, big], axis=axis), _call(xp.stack, (big, big), axis=axis))
    g = a32.clone()
    g.stop_gradient = False
    (grad,) = paddle.grad([xp.stack([g, g * 2], axis=-1).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [3.0, 3.0])

    def refuse(*a, **k):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(m._manipulation, "stack_args", refuse)
    x = xp.asarray(np.arange(6.0).reshape(2, 3))
    for axis in (-1, -2, -3, 0, 1, 2):
        np.testing.assert_array_equal(xp.stack([x, x], axis=axis).numpy(),
                                      np.stack([x.numpy()] * 2, axis=axis))


@pytest.mark.parametrize("fname", ["zeros_like", "ones_like"])
def test_paddle_zeros_ones_like_kernel_path_is_the_rules(fname, monkeypatch):
    """``zeros_like``/``ones_like`` of an exact tensor with no dtype/device is the full
    kernel on x's place with x's dtype object, without the rules' reads: the rules' results
    (device= given takes the rules) for every dtype, 0-d and empty shapes, a tensor that
    needs grad, a parameter; their errors for float16/bfloat16 and non-tensors; and the rules
    are not called for the common case (they were on 8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _creation_functions as c

    f = getattr(xp, fname)
    for name in _NAMES:
        for shape in [(), (0,), (2, 3), (1, 0, 2)]:
            x = xp.asarray(np.full(shape, -0.0).astype(name))
            _same(_call(f, x), _call(f, x, device=x.place))
    g = xp.asarray([1.0, 2.0])
    g.stop_gradient = False
    _same(f(g), f(g, device=g.place))
    p = paddle.create_parameter([2], "float32")
    _same(f(p), f(p, device=p.place))
    for bad in (paddle.to_tensor([1.0], dtype="float16"),
                paddle.to_tensor([1.0], dtype="bfloat16"), [1.0], np.zeros(2)):
        got = _call(f, bad)
        assert isinstance(got, TypeError) and got.args[0].startswith(f"{fname}: ")

    def refuse(*a, **k):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(c, "_like", refuse)
    for name in _NAMES:
        x = xp.asarray(np.zeros((2, 3), dtype=name))
        got = f(x)
        assert got.dtype == x.dtype and tuple(got.shape) == (2, 3)
        np.testing.assert_array_equal(got.numpy(), np.full((2, 3), fname == "ones_like", name))


def test_paddle_concat_of_one_dtype_is_the_kernel_with_the_rules_results(monkeypatch):
    """``concat`` of a list of non-empty tensors of one dtype along an int axis in range is
    Paddle's kernel without the rules' reads, with the rules' results (a tuple takes the
    rules) for every dtype, 0-d/empty shapes, every axis in and out of range and None, two
    dtypes (promoted), an empty tensor of another dtype, shapes or ranks that do not fit,
    a NumPy array; and the rules are not called for the common case (they were on
    8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _manipulation_functions as m

    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0]])
    for name in _NAMES:
        for shape in [(), (3,), (2, 3), (0,), (2, 0), (1, 3)]:
            with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                a = xp.asarray(np.resize(vals, shape).astype(name))
            b = xp.asarray(np.ones(shape, dtype=name))
            c = xp.asarray(np.ones((2, 3), dtype=name))
            for axis in [*range(-len(shape) - 1, len(shape) + 1), None]:
                for other in (b, c):
                    _same(_call(xp.concat, [a, other], axis=axis),
                          _call(xp.concat, (a, other), axis=axis))
    a32 = xp.asarray([1.0, -0.0], dtype=xp.float32)
    for pair in ((a32, xp.asarray([1.0, 2.0], dtype=xp.float64)),
                 (a32, xp.asarray([1, 2], dtype=xp.int32)),
                 (a32, xp.zeros((0,), dtype=xp.float64)), (xp.zeros((0,), dtype=xp.float64), a32),
                 (a32, xp.asarray([1.0, 2.0, 3.0])), (a32, xp.asarray([[1.0, 2.0]])),
                 (a32, np.ones(2, "float32")), (np.ones(2, "float32"), a32)):
        for axis in (0, -1, 1, -2, True, None):
            _same(_call(xp.concat, list(pair), axis=axis), _call(xp.concat, pair, axis=axis))
    g = a32.clone()
    g.stop_gradient = False
    (grad,) = paddle.grad([xp.concat([g, g * 2], axis=-1).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [3.0, 3.0])

    def refuse(*a, **k):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(m._manipulation, "concat_args", refuse)
    x = xp.asarray(np.arange(6.0).reshape(2, 3))
    for axis in (-1, -2, 0, 1):
        np.testing.assert_array_equal(xp.concat([x, x], axis=axis).numpy(),
                                      np.concatenate([x.numpy()] * 2, axis=axis))


def test_paddle_where_of_one_dtype_and_shape_is_the_kernel_with_the_rules_results():
    """``where`` of a bool tensor and two tensors of one dtype (bool, int32, int64, float32,
    float64) and one shape is Paddle's where kernel without the rules' reads or
    paddle.where's broadcasts: NumPy's values (signs of zeros, NaN) and x1's dtype for every
    dtype, 0-d and empty shapes; the rules' results (``_where``) for a non-bool condition,
    a Python scalar, two dtypes, broadcasting, shapes that do not broadcast, NumPy arrays;
    grads; and the rules are not called for the common case (they were on 8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _searching_functions as s

    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0]])
    conds = np.array([True, False, True, True, False, False])
    rules = s._where if hasattr(s, "_where") else s.where  # 8cfa2e5: no _where
    for name in _NAMES:
        for shape in [(), (3,), (2, 3), (0,), (2, 0)]:
            with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                a = xp.asarray(np.resize(vals, shape).astype(name))
                b = xp.asarray(np.resize(-vals[::-1], shape).astype(name))
            c = xp.asarray(np.resize(conds, shape))
            want = np.where(c.numpy(), a.numpy(), b.numpy())
            got = xp.where(c, a, b)
            assert got.dtype == a.dtype and tuple(got.shape) == shape
            np.testing.assert_array_equal(got.numpy(), want)
            if name.startswith("float"):
                np.testing.assert_array_equal(np.signbit(got.numpy()), np.signbit(want))
            cases = [(xp.astype(c, xp.int32), a, b), (c, a, 0)]
            cases += [(c, a, xp.asarray(np.ones(shape, dtype=o))) for o in _NAMES[::3]]
            for args in cases:
                _same(_call(xp.where, *args), _call(rules, *args))
    a = xp.asarray([[1.0, -0.0, 2.0], [3.0, 4.0, -5.0]])
    for args in ((xp.asarray([True, False, True]), a, a[0]),
                 (xp.asarray([[True], [False]]), a[0], a[:, :1]),
                 (xp.asarray([True, False]), a, a),
                 (xp.asarray([True, False, True]), a[0], np.ones(3, "float32"))):
        _same(_call(xp.where, *args), _call(rules, *args))
    g = a[0].clone()
    g.stop_gradient = False
    (grad,) = paddle.grad([xp.where(xp.asarray([True, False, True]), g, g * 3).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [1.0, 3.0, 1.0])

    c = xp.asarray(np.resize(conds, (2, 3)))
    for name in ("bool", "int32", "int64", "float32", "float64"):
        x = xp.asarray(np.arange(6).reshape(2, 3).astype(name))
        y = xp.asarray(np.arange(6, 12).reshape(2, 3).astype(name))
        calls: list[str] = []
        sys.setprofile(lambda frame, event, arg, calls=calls: calls.append(
            frame.f_code.co_name) if event == "call" else None)
        try:
            got = xp.where(c, x, y)
        finally:
            sys.setprofile(None)
        assert calls == ["where"]  # no Python function below it: not the rules
        np.testing.assert_array_equal(got.numpy(), np.where(c.numpy(), x.numpy(), y.numpy()))


def _python_calls(f, *args, **kwargs):
    """The names of arraykit's Python functions a call of ``f`` ran, and its result."""
    calls: list[str] = []
    sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_name)
                   if event == "call" and frame.f_globals.get("__name__", "").startswith(
                       "arraykit") else None)
    try:
        out = f(*args, **kwargs)
    finally:
        sys.setprofile(None)
    return calls, out


def test_paddle_expand_dims_of_one_axis_is_the_reshape_kernel_with_the_rules_results():
    """``expand_dims`` of a tensor at one int axis in range is Paddle's reshape kernel
    without the rules' reads: the rules' results (a one-axis tuple takes them) for every
    dtype, 0-d/empty shapes, ranks 8 and 9 (MAX_NDIM), every axis in and out of range;
    the rules' errors for other axes and inputs; grads; and no Python function runs below
    it for the common case (the rules did on 8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0]])
    for name in _NAMES:
        for shape in [(), (3,), (2, 3), (0,), (2, 0), (1,) * 8, (1,) * 9]:
            with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                a = xp.asarray(np.resize(vals, shape).astype(name))
            for axis in range(-len(shape) - 3, len(shape) + 3):
                _same(_call(xp.expand_dims, a, axis=axis), _call(xp.expand_dims, a, axis=(axis,)))
    a = xp.asarray([1.0, -0.0])
    for axis in (True, 1.0, None, (0, -1), (1, 1)):
        got = _call(xp.expand_dims, a, axis=axis)
        assert isinstance(got, Exception) or axis == (0, -1)
    for bad in (paddle.to_tensor([1.0], dtype="float16"), [1.0], np.zeros(2)):
        assert isinstance(_call(xp.expand_dims, bad, axis=0), TypeError)
    g = a.clone()
    g.stop_gradient = False
    (grad,) = paddle.grad([(xp.expand_dims(g, axis=0) * 3).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [3.0, 3.0])
    x = xp.asarray(np.arange(6.0).reshape(2, 3))
    for axis in (-3, -1, 0, 2):
        calls, got = _python_calls(xp.expand_dims, x, axis=axis)
        assert calls == ["expand_dims"]
        np.testing.assert_array_equal(got.numpy(), np.expand_dims(x.numpy(), axis))


def test_paddle_squeeze_and_permute_dims_fast_paths_are_the_rules():
    """``squeeze`` at one int axis of extent 1 is Paddle's reshape kernel and
    ``permute_dims`` by a tuple of non-negative ints that permutes the axes (not the
    identity) is its transpose kernel, without the rules' reads: the rules' results (a
    one-axis tuple / a list of axes takes them) for every dtype, 0-d/empty shapes, every
    axis in and out of range, extents other than 1, every permutation, negative, repeated,
    short, long, bool and float axes; grads; and no Python function runs below either for
    the common case (the rules did on 8cfa2e5)."""
    import itertools

    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0]])
    for name in _NAMES:
        for shape in [(), (3,), (1,), (2, 1), (1, 3), (1, 0), (0, 1), (2, 0), (1, 1, 1),
                      (2, 1, 3)]:
            with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                a = xp.asarray(np.resize(vals, shape).astype(name))
            n = len(shape)
            for axis in range(-n - 2, n + 2):
                _same(_call(xp.squeeze, a, axis=axis), _call(xp.squeeze, a, axis=(axis,)))
            perms = [*itertools.permutations(range(n)), tuple(p - n for p in range(n)),
                     (0,) * n, tuple(range(n + 1)), tuple(range(n - 1)), (True,) * n,
                     tuple(float(i) for i in range(n))]
            for p in perms:
                _same(_call(xp.permute_dims, a, p), _call(xp.permute_dims, a, list(p)))
    g = xp.asarray([[1.0, 2.0]])
    g.stop_gradient = False
    (grad,) = paddle.grad([(xp.squeeze(g, axis=0) * 3).sum()
                           + (xp.permute_dims(g, (1, 0)) * 2).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [[5.0, 5.0]])
    x = xp.asarray(np.arange(6.0).reshape(2, 1, 3))
    for axis in (1, -2):
        calls, got = _python_calls(xp.squeeze, x, axis=axis)
        assert calls == ["squeeze"]
        np.testing.assert_array_equal(got.numpy(), np.squeeze(x.numpy(), axis))
    for p in ((2, 1, 0), (1, 0, 2), (0, 2, 1)):
        calls, got = _python_calls(xp.permute_dims, x, p)
        assert calls == ["permute_dims"]
        np.testing.assert_array_equal(got.numpy(), np.transpose(x.numpy(), p))


def test_paddle_take_of_in_range_indices_is_the_gather_kernel_with_the_rules_results():
    """``take`` of an int32/int64/float32/float64 tensor at a non-empty 1-D int32/int64
    index whose entries lie in [0, n) is Paddle's gather kernel after one host max (read as
    unsigned), without the rules' reads, cast and wrap: NumPy's values; the rules' results
    for negative, out-of-range and int32-extreme indices (wrap or IndexError), other dtypes,
    empty, 0-d and 2-D indices, bad axes; grads; and no Python function runs below it for
    the common case (the rules did on 8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _indexing_functions as ix

    rules = getattr(ix, "_take", ix.take)  # 8cfa2e5: take was the rules
    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0]])
    for name in _NAMES:
        for shape in [(3,), (2, 3), (1, 3, 2), (0,), (2, 0)]:
            with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                a = xp.asarray(np.resize(vals, shape).astype(name))
            for it in ("int8", "int32", "int64", "uint8"):
                for idx in ([0], [1, 0, 1], [2], [-1], [-3], [3], [5, 0], [0, 127]):
                    ind = xp.asarray(np.array(idx).astype(it))
                    for axis in (None, 0, 1, -1, -2, 2, True):
                        _same(_call(xp.take, a, ind, axis=axis),
                              _call(rules, a, ind, axis=axis))
    a = xp.asarray([1.0, -0.0, 3.0])
    for ind in (xp.asarray([0, 2**31 - 1], dtype=xp.int32), xp.asarray([-(2**31)], dtype=xp.int32),
                xp.asarray([2**62]), xp.asarray([-(2**63)]), xp.zeros((0,), dtype=xp.int64),
                xp.asarray(1), xp.asarray([[0, 1]]), np.array([0, 1])):
        _same(_call(xp.take, a, ind), _call(rules, a, ind))
    g = a.clone()
    g.stop_gradient = False
    (grad,) = paddle.grad([xp.take(g, xp.asarray([0, 0, 2])).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [2.0, 0.0, 1.0])
    x = xp.asarray(np.arange(6.0).reshape(2, 3))
    for axis, idx in ((1, [2, 0, 0]), (-2, [1]), (0, [0, 1, 1])):
        ind = xp.asarray(idx)
        calls, got = _python_calls(xp.take, x, ind, axis=axis)
        assert calls == ["take"]
        np.testing.assert_array_equal(got.numpy(), np.take(x.numpy(), idx, axis=axis))


@pytest.mark.parametrize("fname", ["any", "all"])
def test_paddle_any_all_of_a_whole_bool_tensor_is_the_kernel_with_the_rules_results(fname):
    """``any``/``all`` of a bool tensor with at least one axis and no zero extent, reduced
    whole, is Paddle's kernel over every axis without the rules' reads: the rules' results
    (``axis=None`` given explicitly keeps the fast path; ``keepdims=1`` and axis tuples take
    the rules) for every dtype, 0-d/empty/rank-9 shapes, NaN, every axis form, bad axes;
    and no Python function runs below it for the common case (the rules did on 8cfa2e5)."""
    require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _statistical_functions as st

    f, rule = getattr(xp, fname), getattr(st._rules, fname)
    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0]])
    for name in _NAMES:
        for shape in [(), (3,), (2, 3), (0,), (2, 0), (1, 3, 2), (1,) * 9]:
            for src in (vals, np.zeros((2, 3)), np.ones((2, 3))):
                with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                    a = xp.asarray(np.resize(src, shape).astype(name))
                for kw in ({}, {"axis": None}, {"keepdims": True}, {"axis": 0}, {"axis": -1},
                           {"axis": ()}, {"axis": (0, -1)}, {"keepdims": 1}, {"axis": True},
                           {"axis": 5}):
                    _same(_call(f, a, **kw), _call(rule, a, **kw))
    x = xp.asarray(np.array([[True, False, True], [True, True, True]]))
    for kw in ({}, {"axis": None}, {"keepdims": False}):
        calls, got = _python_calls(f, x, **kw)
        assert len(calls) == 1  # the function itself
        assert got.dtype == x.dtype and tuple(got.shape) == ()
        assert bool(got.numpy()) == getattr(np, fname)(x.numpy())


def test_paddle_cumulative_sum_of_floats_is_the_kernel_with_the_rules_results():
    """``cumulative_sum`` of a float32/float64 tensor with no zero extent along an int axis
    in range (None for 1-D), no dtype and no initial value, is Paddle's cumsum kernel
    without the rules' reads: the rules' results for every dtype (integers accumulate
    wider), 0-d/empty shapes, every axis in and out of range, None for N-D, dtype= and
    include_initial, signed zeros, NaN, infinities and overflow; grads; and no Python
    function runs below it for the common case (the rules did on 8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _statistical_functions as st

    rule = st._rules.cumulative_sum
    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0], [-0.0, -0.0, 1e38],
                     [3e38, 3e38, -np.inf]])
    for name in _NAMES:
        for shape in [(), (3,), (2, 3), (0,), (2, 0), (1, 3, 2), (4, 3), (12,)]:
            with np.errstate(invalid="ignore", over="ignore"):  # as integers: any value
                a = xp.asarray(np.resize(vals, shape).astype(name))
            n = len(shape)
            for axis in [*range(-n - 1, n + 1), None, True]:
                for kw in ({}, {"include_initial": True}, {"dtype": xp.float64},
                           {"include_initial": 0}):
                    _same(_call(xp.cumulative_sum, a, axis=axis, **kw),
                          _call(rule, a, axis=axis, **kw))
    g = xp.asarray([1.0, 2.0, 3.0])
    g.stop_gradient = False
    (grad,) = paddle.grad([xp.cumulative_sum(g).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [3.0, 2.0, 1.0])
    x = xp.asarray(np.arange(6.0).reshape(2, 3))
    for axis in (0, 1, -1):
        calls, got = _python_calls(xp.cumulative_sum, x, axis=axis)
        assert calls == ["cumulative_sum"]
        np.testing.assert_array_equal(got.numpy(), np.cumsum(x.numpy(), axis=axis))


def test_paddle_prod_of_floats_is_the_kernel_with_the_rules_results():
    """``prod`` of a float32/float64 tensor with no zero extent, whole or along one int
    axis, no dtype, a bool keepdims, is Paddle's prod kernel with paddle.prod's reduce_all,
    without the rules' reads: the rules' results for every dtype (integers accumulate
    wider), 0-d/empty/rank-9 shapes, every axis form in and out of range, dtype=, keepdims
    forms, signed zeros, NaN, infinities, overflow and underflow; grads; and no Python
    function runs below it for the common case (the rules did on 8cfa2e5)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _statistical_functions as st

    rule = st._rules.prod
    vals = np.array([[-0.0, np.nan, 1.5], [np.inf, -1.0, 0.0], [-0.0, -1.0, 1e30],
                     [3e38, 3e38, -np.inf], [-2.0, 0.5, 1e-30]])
    for name in _NAMES:
        for shape in [(), (3,), (2, 3), (0,), (2, 0), (1, 3, 2), (5, 3), (15,), (1,) * 9]:
            for src in (vals, vals[::-1, ::-1]):
                with np.errstate(invalid="ignore", over="ignore"):  # as integers: any value
                    a = xp.asarray(np.resize(src, shape).astype(name))
                n = len(shape)
                for axis in [*range(-n - 1, n + 1), None, True, (0,)]:
                    for kw in ({}, {"keepdims": True}, {"dtype": xp.float64}, {"keepdims": 1}):
                        _same(_call(xp.prod, a, axis=axis, **kw), _call(rule, a, axis=axis, **kw))
    g = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    g.stop_gradient = False
    (grad,) = paddle.grad([xp.prod(g, axis=-1).sum()], [g])
    np.testing.assert_array_equal(grad.numpy(), [[2.0, 1.0], [4.0, 3.0]])
    x = xp.asarray(np.arange(1.0, 7.0).reshape(2, 3))
    for axis in (None, 0, -1):
        calls, got = _python_calls(xp.prod, x, axis=axis)
        assert calls == ["prod", "_floating_axis"]  # the fast path's own axis test
        np.testing.assert_array_equal(got.numpy(), np.prod(x.numpy(), axis=axis))


def test_paddle_searchsorted_reads_finiteness_once_and_keeps_numpy_order(monkeypatch):
    """``searchsorted`` on float tensors learns whether either argument holds an inf or NaN
    from one host read of a sum (not paddle.isfinite/all per argument, which it called on
    5865784: ~42 us of a ~90 us call), and gives NumPy's positions for -inf, inf, NaN, -0.0,
    finite values whose sum overflows (that path is exact too) and 0-d/1-d/2-d x2."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    inf, nan = np.inf, np.nan
    sorted_cases = [[0.0, 1.0, 2.0, 3.0], [-inf, 1.0, 2.0, inf], [1.0, 2.0, nan],
                    [-3e38, 3e38, 3.3e38], [3e38, 3.3e38, 3.4e38], [-0.0, 0.0, 1.0],
                    [-inf, -1.0, 0.0, 1.0, inf, nan, nan]]
    values = [[-1.0, 0.5, 3.0, 4.0], [-inf, inf, nan, -0.0, 3e38], 1.5, [[0.5, 3.4e38], [inf, 2.0]]]
    for dtype in ("float32", "float64"):
        for a in sorted_cases:
            for v in values:
                for side in ("left", "right"):
                    with np.errstate(over="ignore"):
                        an, vn = np.asarray(a, dtype=dtype), np.asarray(v, dtype=dtype)
                    got = xp.searchsorted(xp.asarray(an), xp.asarray(vn), side=side)
                    assert got.dtype == paddle.int64 and tuple(got.shape) == vn.shape
                    np.testing.assert_array_equal(got.numpy(), np.searchsorted(an, vn, side=side))

    def refused(*args, **kwargs):
        raise AssertionError("searchsorted read finiteness per element")

    monkeypatch.setattr(paddle, "isfinite", refused)
    monkeypatch.setattr(paddle, "all", refused)
    a = xp.asarray([0.0, 1.0, 2.0, 3.0])
    got = xp.searchsorted(a, xp.asarray([[0.5, 3.0]]), side="right")
    np.testing.assert_array_equal(got.numpy(), [[1, 4]])


def test_paddle_searchsorted_of_two_vectors_is_the_kernel_with_the_rules_results(monkeypatch):
    """``searchsorted`` of two non-empty 1-D tensors of one float32/float64 dtype holding only
    finite values (their host copies' least and greatest), or of one int32/int64 dtype, is
    Paddle's kernel without the rules; with the rules' results for non-finite values, -0.0,
    unsorted x1, narrow and mixed dtypes, empty, 0-d and 2-d arguments, sorter and bad sides
    (values or errors); the rules are not called for the common case (they were on
    f3b1cbd)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _searching_functions as s

    rng = np.random.default_rng(0)
    vals = np.array([-np.inf, -1e30, -2.0, -0.0, 0.0, 1.5, 3e38, np.inf, np.nan])
    for name in ("float32", "float64", "int32", "int64", "int8", "uint8"):
        for n in (1, 5, 16):
            with np.errstate(invalid="ignore", over="ignore"):
                a = rng.choice(vals, n).astype(name) if name[0] == "f" else \
                    rng.integers(-5, 9, n).astype(name)
            for x1 in (np.sort(a), a, a[np.isfinite(a)] if name[0] == "f" else a):
                for x2 in (a[::-1], np.zeros(0, name), np.asarray(a[0]), np.resize(a, (2, n)),
                           np.asarray(a, "float64" if name == "float32" else "float32")):
                    if not x1.size:
                        continue
                    t1, t2 = paddle.to_tensor(x1), paddle.to_tensor(x2)
                    for kw in ({}, {"side": "right"}, {"side": "mid"}, {"sorter": None},
                               {"sorter": paddle.to_tensor(np.argsort(x1))}):
                        _same(_call(xp.searchsorted, t1, t2, **kw),
                              _call(s._searchsorted, t1, t2, **kw))

    def refused(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(s, "_searchsorted", refused)
    for name in ("float32", "float64", "int32", "int64"):
        a = xp.asarray([0, 1, 2, 3], dtype=getattr(xp, name))
        got = xp.searchsorted(a, xp.asarray([3, 0, 5, -1], dtype=getattr(xp, name)), side="right")
        np.testing.assert_array_equal(got.numpy(), [4, 1, 4, 0])


def test_paddle_vector_norm_2_of_floats_is_the_kernels_with_the_rules_results(monkeypatch):
    """``linalg.vector_norm``'s 2-norm of a float32/float64 tensor, whole or along one int
    axis, is sqrt(sum(|x| * |x|)) by Paddle's kernels without the rules' layers, with the
    rules' values (NaN, inf, -0.0, overflow), dtypes, shapes and errors for every axis,
    keepdims and ord; the rules are not called for the common case (they were on 5865784)."""
    require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims._common import linalg as common
    from arraykit.shims.paddle import linalg

    vals = np.array([-0.0, np.nan, 1.5, np.inf, -1e20, 3.0, -np.inf, 0.0, 2.5, 1e-30, -7.0, 4.0])
    for name in ("float32", "float64", "int32", "complex64"):
        for shape in [(), (3,), (2, 3), (2, 0), (2, 2, 3)]:
            for src in (vals, np.arange(1.0, 13.0), np.arange(1.0, 13.0) * 1e19):
                with np.errstate(invalid="ignore", over="ignore"):
                    x = xp.asarray(np.resize(src, shape).astype(name))
                for axis in (None, 0, 1, -1, 2, -3, (0, 1), True):
                    for keepdims in (False, True, 1):
                        for order in (2, 2.0, True, 1, np.float64(2)):
                            kw = dict(axis=axis, keepdims=keepdims, ord=order)
                            _same(_call(xp.linalg.vector_norm, x, **kw),
                                  _call(linalg._fns["vector_norm"], x, **kw))

    def refused(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(common, "vector_norm", refused)
    x = xp.asarray([[3.0, -4.0], [0.0, -0.0]])
    np.testing.assert_array_equal(xp.linalg.vector_norm(x).numpy(), np.float32(5.0))
    np.testing.assert_array_equal(xp.linalg.vector_norm(x, axis=-1, keepdims=True).numpy(),
                                  [[5.0], [0.0]])


def test_paddle_vector_norm_2_keeps_the_four_kernels_bits():
    """The whole-tensor 2-norm (one frobenius_norm kernel and an abs) has the bits of the
    rules' abs, multiply, sum and sqrt: NaN signs and payloads (a negative NaN keeps its
    sign through x * x and frobenius_norm; |x| clears it), infinities, -0.0, sizes past the
    kernels' vector widths, float32 and float64, keepdims; a tensor recording a gradient
    gets the rules' gradient."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    c = paddle._C_ops
    rng = np.random.default_rng(0)
    nans = np.array([0x7FC12345, 0xFFC12345, 0x7F812345, 0xFFC00000], np.uint32).view(np.float32)
    for name in ("float32", "float64"):
        for shape in [(1,), (16,), (23,), (24,), (97,), (4, 4), (3, 5, 7), (1000,)]:
            for fill in ([], [nans[0]], [nans[1]], [nans[2]], [nans[3], nans[0]], [-np.inf],
                         [np.inf, np.nan], [-0.0] * 3):
                a = (rng.standard_normal(shape) * 10.0 ** rng.integers(-20, 20)).astype(name)
                flat = a.reshape(-1)
                if fill:
                    flat[rng.integers(0, flat.size, len(fill))] = np.array(fill, name)
                x = paddle.to_tensor(a)
                for keepdims in (False, True):
                    m = c.abs(x)
                    want = c.sqrt(c.sum(m * m, None, None, keepdims)).numpy()
                    got = xp.linalg.vector_norm(x, keepdims=keepdims).numpy()
                    assert got.shape == want.shape and got.tobytes() == want.tobytes()
    x = paddle.to_tensor(np.array([3.0, -4.0, 0.0], np.float32), stop_gradient=False)
    xp.linalg.vector_norm(x).backward()
    np.testing.assert_array_equal(x.grad.numpy(), np.array([0.6, -0.8, 0.0], np.float32))


def test_paddle_solve_of_one_float_matrix_is_the_kernel_with_the_rules_results(monkeypatch):
    """``linalg.solve`` of a square float32/float64 matrix and a matrix or vector of its rows
    in its dtype is Paddle's kernel without the rules' reads, with the rules' values, dtypes,
    shapes and errors (singular: LinAlgError; NaN: NaN; two dtypes, batches, empty, wrong
    rows, non-square: the rules); the rules are not called for the common case (they were on
    5865784)."""
    require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims._common import linalg as common
    from arraykit.shims.paddle import linalg

    rng = np.random.default_rng(1)
    mats = [rng.random((3, 3)) + 3 * np.eye(3), np.ones((3, 3)), np.zeros((3, 3)),
            np.where(np.eye(3) > 0, np.nan, 1.0), np.diag([np.inf] * 3), np.array([[2.0]]),
            rng.random((3, 2)), rng.random((2, 3, 3)) + 3 * np.eye(3), np.zeros((0, 0))]
    rhs = [rng.random((3, 2)), rng.random(3), np.array([-0.0]), np.full((3, 1), np.nan),
           rng.random((2, 2)), rng.random((2, 3, 2)), np.zeros((3, 0)), np.zeros((0,)),
           np.array(1.0)]
    for n1, n2 in [("float32", "float32"), ("float64", "float64"), ("float32", "float64"),
                   ("int64", "int64"), ("complex64", "complex64")]:
        for m in mats:
            for r in rhs:
                with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                    a, b = xp.asarray(m.astype(n1)), xp.asarray(r.astype(n2))
                _same(_call(xp.linalg.solve, a, b), _call(linalg._fns["solve"], a, b))

    def refused(*args, **kwargs):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(common, "check_matrices", refused)
    a = xp.asarray([[2.0, 0.0], [0.0, 4.0]])
    np.testing.assert_array_equal(xp.linalg.solve(a, xp.asarray([[2.0], [-0.0]])).numpy(),
                                  [[1.0], [-0.0]])
    np.testing.assert_array_equal(xp.linalg.solve(a, xp.asarray([2.0, 8.0])).numpy(), [1.0, 2.0])


@pytest.mark.parametrize("fname", ["argmax", "argmin"])
def test_paddle_argmax_argmin_of_floats_skip_the_rules_checks(fname, monkeypatch):
    """``argmax``/``argmin`` of a float32/float64 tensor with no zero extent, flattened when
    1-D or along one int axis, is the rules' search without their checks, with the rules'
    results (NaN first, -0.0 and 0.0 tied, infinities) for every dtype, shape, axis and
    keepdims; the checks are not run for the common case (they were on 5865784)."""
    require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _searching_functions as s

    rules = getattr(s, "_" + fname, None) or getattr(xp, fname)
    for src in ([3.0, np.nan, 7.0, np.nan, -0.0, 0.0], [np.inf, -np.inf, 1.0, np.inf, -0.0, 0.0],
                [-0.0, 0.0, 7.0, 7.0, -5.0, -5.0]):
        for name in ("float32", "float64", "int32", "uint8"):
            for shape in [(), (1,), (6,), (2, 3), (2, 0), (3, 1, 2)]:
                with np.errstate(invalid="ignore"):  # NaN and inf as integers: any value
                    x = xp.asarray(np.resize(np.array(src), shape).astype(name))
                for axis in (None, 0, 1, -1, 2, -3, True, (0,)):
                    for keepdims in (False, True, 1):
                        kw = dict(axis=axis, keepdims=keepdims)
                        _same(_call(getattr(xp, fname), x, **kw), _call(rules, x, **kw))

    def refused(*args, **kwargs):
        raise AssertionError("the rules' checks ran")

    monkeypatch.setattr(s._s, "arg_axis", refused)
    x = xp.asarray([[1.0, 3.0, 5.0], [2.0, -1.0, 4.0]])  # (a NaN takes the rules' NaN path)
    flat, along0, along1 = {"argmax": (2, [1, 0, 0], [[2], [2]]),
                            "argmin": (1, [0, 1, 1], [[0], [1]])}[fname]
    f = getattr(xp, fname)
    np.testing.assert_array_equal(f(xp.asarray([2.0, -1.0, 4.0])).numpy(), flat)
    np.testing.assert_array_equal(f(x, axis=0).numpy(), along0)
    np.testing.assert_array_equal(f(x, axis=-1, keepdims=True).numpy(), along1)


def test_paddle_negative_of_floats_is_the_multiply_kernel_with_the_rules_results(monkeypatch):
    """``negative`` of a float32/float64 tensor is the rules' multiply by a -1 of its dtype
    (-0.0 for +0.0, where Paddle's neg gives +0.0) by the kernel itself, with the rules'
    values (NaN, infinities, -0.0), dtypes, shapes and gradients; every other dtype and
    input is the rules'. paddle.multiply's Python layer is not run (it was on 5865784)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _elementwise_functions as e

    rules = e._FUNCTIONS["negative"]
    vals = np.array([-0.0, 0.0, np.nan, np.inf, -np.inf, 1.5, -2.0, 3e38, 127.0, -128.0])
    for name in _NAMES:
        for shape in [(), (10,), (2, 5), (2, 0)]:
            with np.errstate(invalid="ignore", over="ignore"):  # NaN and inf as integers
                x = xp.asarray(np.resize(vals, shape).astype(name))
            _same(_call(xp.negative, x), _call(rules, x))
    for other in (np.array([1.0]), 1.5, [1.0]):
        _same(_call(xp.negative, other), _call(rules, other))

    def refused(*args, **kwargs):
        raise AssertionError("paddle.multiply ran")

    x = xp.asarray([0.0, -0.0, 2.0], dtype=xp.float64)
    x.stop_gradient = False
    monkeypatch.setattr(paddle, "multiply", refused)
    y = xp.negative(x)
    np.testing.assert_array_equal(np.signbit(y.numpy()), [True, False, True])
    (g,) = paddle.grad([y.sum()], [x])
    np.testing.assert_array_equal(g.numpy(), [-1.0, -1.0, -1.0])


def test_paddle_broadcast_to_calls_the_expand_kernel_itself(monkeypatch):
    """``broadcast_to`` expands through Paddle's kernel, not paddle.broadcast_to's Python
    layers (two frames and a decorator, ~3 us; called on 5865784), with NumPy's values,
    dtypes and shapes, the tensor itself for its own shape, and a gradient that sums back."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    def refused(*args, **kwargs):
        raise AssertionError("paddle.broadcast_to ran")

    monkeypatch.setattr(paddle, "broadcast_to", refused)
    monkeypatch.setattr(paddle, "expand", refused)
    src = np.array([[-0.0, np.nan, 1.5]])
    for name in ("float32", "int64", "bool", "complex64"):
        with np.errstate(invalid="ignore"):
            a = src.astype(name)
        x = xp.asarray(a)
        for shape in [(1, 3), (2, 3), (4, 2, 3), (0, 3)]:
            got = xp.broadcast_to(x, shape)
            assert got.dtype == x.dtype and tuple(got.shape) == shape
            np.testing.assert_array_equal(got.numpy(), np.broadcast_to(a, shape))
        assert xp.broadcast_to(x, (1, 3)) is x
    x = xp.asarray([1.0, 2.0])
    x.stop_gradient = False
    (g,) = paddle.grad([xp.broadcast_to(x, (3, 2)).sum()], [x])
    np.testing.assert_array_equal(g.numpy(), [3.0, 3.0])


def test_paddle_exact_equality_calls_the_comparison_kernels_themselves(monkeypatch):
    """Exact float equality (``equal``, ``not_equal`` and the nonzero tests built on it: Paddle's
    own equal is approximate) is less_equal and greater_equal joined by logical_and through
    the kernels, not paddle.less_equal's Python layers (called on 5865784), and stays exact:
    1e-30 != 0, 1 != 1 + 2e-16 in float64, NaN unequal to itself, -0.0 == 0.0."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    def refused(*args, **kwargs):
        raise AssertionError("paddle's comparison functions ran")

    for name in ("less_equal", "greater_equal", "logical_and", "equal"):
        monkeypatch.setattr(paddle, name, refused)
    a = xp.asarray([1e-30, 1.0, np.nan, -0.0, np.inf], dtype=xp.float64)
    b = xp.asarray([0.0, 1.0 + 2e-16, np.nan, 0.0, np.inf], dtype=xp.float64)
    np.testing.assert_array_equal(xp.equal(a, b).numpy(), [False, False, False, True, True])
    np.testing.assert_array_equal(xp.not_equal(a, b).numpy(), [True, True, True, False, False])
    np.testing.assert_array_equal(xp.equal(xp.astype(a, xp.float32), 0.0).numpy(),
                                  [False, False, False, True, False])
    assert int(xp.count_nonzero(a)) == 4


def test_paddle_sort_and_argsort_call_the_argsort_kernel_itself(monkeypatch):
    """``sort``/``argsort`` run Paddle's stable argsort kernel directly, not paddle.sort's and
    paddle.argsort's Python layers (called on 5865784), with NumPy's stable order: NaN last
    ascending and first descending, -0.0 and 0.0 tied in input order, int8 through the
    carrier dtype."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    def refused(*args, **kwargs):
        raise AssertionError("paddle.sort or paddle.argsort ran")

    monkeypatch.setattr(paddle, "sort", refused)
    monkeypatch.setattr(paddle, "argsort", refused)
    a = np.array([3.0, np.nan, -0.0, 0.0, 1.0, -np.inf])
    x = xp.asarray(a)
    np.testing.assert_array_equal(xp.argsort(x).numpy(), np.argsort(a, kind="stable"))
    got = xp.sort(x).numpy()
    np.testing.assert_array_equal(got, np.sort(a))
    np.testing.assert_array_equal(np.signbit(got), np.signbit(np.sort(a, kind="stable")))
    np.testing.assert_array_equal(xp.argsort(x, descending=True).numpy(), [1, 0, 4, 2, 3, 5])
    i8 = np.array([[5, -3, 5], [0, 127, -128]], dtype=np.int8)
    got8 = xp.sort(xp.asarray(i8), axis=0)
    assert got8.dtype == xp.int8
    np.testing.assert_array_equal(got8.numpy(), np.sort(i8, axis=0))


def _flips_are_numpys(xp, dtype_names):
    """xp.flip of a 2x3 array (NaN, -0.0, -inf among it) cast to each dtype, along every axis
    form, is np.flip's (values and dtype); returns the float64 array."""
    a = np.array([[3.0, np.nan, -0.0], [0.0, 1.0, -np.inf]])
    for name in dtype_names:
        with np.errstate(invalid="ignore"):
            v = a.astype(name)
        for axis in (None, 0, -1, (0, 1)):
            got = xp.flip(xp.asarray(v), axis=axis)
            assert got.dtype == xp.asarray(v).dtype
            np.testing.assert_array_equal(got.numpy(), np.flip(v, axis=axis))
    return a


def test_paddle_flip_calls_the_flip_kernel_itself(monkeypatch):
    """``flip`` runs Paddle's flip kernel directly (paddle.flip's Python frame was called on
    5865784), with NumPy's values for floats (NaN, -0.0), bool and int8 (through the
    carrier), complex (part by part), and several axes."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    def refused(*args, **kwargs):
        raise AssertionError("paddle.flip ran")

    monkeypatch.setattr(paddle, "flip", refused)
    a = _flips_are_numpys(xp, ("float32", "bool", "int8", "complex64"))
    np.testing.assert_array_equal(np.signbit(xp.flip(xp.asarray(a)).numpy()),
                                  np.signbit(np.flip(a)))


def test_paddle_mean_of_floats_divides_by_a_python_float_with_the_rules_results(monkeypatch):
    """``mean`` of a float32/float64 tensor, whole or along one int axis, is Paddle's sum
    kernel divided by the count as a Python float (Tensor.__truediv__: true division in x's
    dtype, in C++), with the rules' values bit for bit (random values, NaN, inf, -0.0,
    counts 1 to 13 and 1000), dtypes, shapes, stop_gradient and errors; no 0-d count tensor
    is made from Python (it was on b1266d5: the broadcasting divide, ~5 us a call)."""
    require("paddle")
    import paddle

    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _statistical_functions as st

    rng = np.random.default_rng(0)
    special = np.array([-0.0, np.nan, 1.5, np.inf, -1e20, 3.0, -np.inf, 0.0, 1e-30, -7.0])
    for name in ("float32", "float64", "int32", "complex64"):
        for shape in [(), (1,), (3,), (7,), (13,), (1000,), (2, 3), (5, 7), (2, 0), (2, 3, 4)]:
            for src in (special, rng.standard_normal(1000) * 1e3, -np.zeros(1000)):
                x = xp.asarray(np.resize(src, shape).astype(name))
                for axis in (None, 0, 1, -1, 3, (0, 1), True):
                    for keepdims in (False, True, 1):
                        _same(_call(xp.mean, x, axis=axis, keepdims=keepdims),
                              _call(st._rules.mean, x, axis=axis, keepdims=keepdims))
    g = paddle.to_tensor(rng.standard_normal((3, 5)).astype("float32"), stop_gradient=False)
    _same(xp.mean(g, axis=0), st._rules.mean(g, axis=0))

    def refused(*args, **kwargs):
        raise AssertionError("a count tensor was made")

    monkeypatch.setattr(st._p, "filled", refused)
    x = xp.asarray(np.arange(12.0).reshape(3, 4).astype("float32"))
    np.testing.assert_array_equal(xp.mean(x).numpy(), np.float32(5.5))
    np.testing.assert_array_equal(xp.mean(x, axis=0).numpy(), [4.0, 5.0, 6.0, 7.0])


def test_paddle_equal_of_two_float_tensors_is_its_own_guard_with_the_rules_results(monkeypatch):
    """``equal`` of two float32/float64 tensors of one dtype is a Guard of its own over the
    three exact kernels (less_equal, greater_equal, and-ed in place), with the rules' results
    (1e-30 != 0, adjacent floats unequal, NaN unequal, -0.0 == 0.0, infinities, broadcasting)
    and the rules' error for shapes that do not broadcast; other dtypes, mixed dtypes and
    scalars go to the rules' Guard; the float case runs the Guard's own op."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _elementwise_functions as e

    rules = e._rules_equal
    a = np.array([1e-30, 0.0, 1.0, 1e-20, np.inf, np.nan, -0.0, 1e-45, 3e38, -np.inf])
    b = np.array([0.0, -0.0, 1.0000001, 1.0000001e-20, np.inf, np.nan, 0.0, 0.0, np.inf,
                  -np.inf])
    for name in ("float32", "float64", "int64", "int8", "bool", "complex64"):
        with np.errstate(invalid="ignore", over="ignore"):
            x, y = paddle.to_tensor(a.astype(name)), paddle.to_tensor(b.astype(name))
        for args in ((x, y), (x, x), (x, y[:1]), (x.reshape([2, 5]), y[:5]), (x, y[:3]),
                     (x, 1.0), (x, paddle.to_tensor(b.astype("float64"))), (x,)):
            _same(_call(xp.equal, *args), _call(rules, *args))
    with np.errstate(over="ignore"):
        got = xp.equal(paddle.to_tensor(a.astype("float32")), paddle.to_tensor(b.astype("float32")))
    np.testing.assert_array_equal(got.numpy(), a.astype("float32") == b.astype("float32"))

    seen = []
    real = e._C_AND_

    def spy(*args):
        seen.append(len(args))
        return real(*args)

    monkeypatch.setattr(e, "_C_AND_", spy)  # the float Guard's own op (eq has another and)
    for dtype in (xp.float32, xp.float64):
        x = xp.asarray([1.0, np.nan, -0.0], dtype=dtype)
        np.testing.assert_array_equal(
            xp.equal(x, xp.asarray([1.0, np.nan, 0.0], dtype=dtype)).numpy(), [True, False, True])
    assert seen == [2, 2]


def test_paddle_mean_over_a_power_of_two_count_scales_with_the_rules_bits():
    """``mean`` over a power-of-two count (1 to 2**16 elements, whole or along an axis) scales
    the fresh sum by 2**-k in place, with the rules' bits (their division by the count):
    subnormal quotients, -0.0, NaN payloads, infinities, float32 and float64, keepdims; a
    tensor that records a gradient gets the rules' value and gradient."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _statistical_functions as st

    rng = np.random.default_rng(2)
    nan = np.array([0x7FC12345, 0xFFC00321], np.uint32).view(np.float32)
    pool = np.array([-0.0, 0.0, np.inf, -np.inf, 1e-45, -1e-45, 3e38, nan[0], nan[1]])
    for name in ("float32", "float64"):
        for shape, axis in [((1,), None), ((2,), None), ((16,), None), ((4, 4), None),
                            ((4, 4), 0), ((3, 8), -1), ((2, 4, 3), 1), ((2**16,), None)]:
            for kind in range(4):
                if kind == 0:
                    a = rng.standard_normal(shape) * (1e-42 if name == "float32" else 1e-320)
                elif kind == 1:
                    a = rng.choice(pool, shape)
                elif kind == 2:
                    a = -np.zeros(shape)
                else:
                    a = rng.standard_normal(shape) * 1e3
                with np.errstate(over="ignore"):
                    x = paddle.to_tensor(a.astype(name))
                for keepdims in (False, True):
                    got = xp.mean(x, axis=axis, keepdims=keepdims)
                    want = st._rules.mean(x, axis=axis, keepdims=keepdims)
                    _same(got, want)
                    assert got.numpy().tobytes() == want.numpy().tobytes()
    g = paddle.to_tensor(rng.standard_normal((4, 4)).astype("float32"), stop_gradient=False)
    h = paddle.to_tensor(g.numpy(), stop_gradient=False)
    xp.mean(g, axis=0).sum().backward()
    st._rules.mean(h, axis=0).sum().backward()
    assert g.grad.numpy().tobytes() == h.grad.numpy().tobytes()


def test_paddle_argmax_argmin_nan_test_reads_small_tensors_on_the_host(monkeypatch):
    """The NaN test of ``argmax``/``argmin``'s fast path: a float tensor of at most
    ``_HOST_NAN_TEST`` elements is read once (its NumPy maximum: NaN iff it holds one, no FP
    warning for inf - inf or overflow), a larger one summed by Paddle's kernel; the results
    are the rules' on both sides of the size line (NaN first, infinities, ties), and the
    small case runs no sum kernel (it did on b1266d5)."""
    require("paddle")
    import warnings

    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _searching_functions as s

    rng = np.random.default_rng(0)
    big = s._HOST_NAN_TEST
    for name in ("float32", "float64"):
        for shape in [(6,), (big,), (big + 1,), (64, 65), (3, 2000)]:
            for kind in ("plain", "nan", "infs", "over"):
                a = rng.standard_normal(shape)
                if kind == "nan":
                    a.flat[rng.integers(0, a.size, 3)] = np.nan
                if kind == "infs":
                    a.flat[:2] = [np.inf, -np.inf]
                if kind == "over":
                    a = a * 3e38
                with np.errstate(over="ignore"):
                    x = xp.asarray(a.astype(name))
                for fname in ("argmax", "argmin"):
                    rules = getattr(s, "_" + fname)
                    for axis in (None, 0, -1) if len(shape) == 1 else (0, -1):
                        for keepdims in (False, True):
                            with warnings.catch_warnings():
                                warnings.simplefilter("error")
                                got = getattr(xp, fname)(x, axis=axis, keepdims=keepdims)
                            _same(got, rules(x, axis=axis, keepdims=keepdims))

    def refused(*args, **kwargs):
        raise AssertionError("the sum kernel ran")

    monkeypatch.setattr(s, "_C_SUM", refused)
    x = xp.asarray([1.0, np.nan, 7.0, np.nan])
    np.testing.assert_array_equal(xp.argmax(x).numpy(), 1)
    np.testing.assert_array_equal(xp.argmin(xp.asarray([[2.0, -1.0], [0.5, 4.0]]), axis=0).numpy(),
                                  [1, 0])


def test_paddle_argmax_argmin_of_a_small_vector_is_numpys_search_of_its_host_copy(monkeypatch):
    """A 1-D real tensor (float32/float64, every integer dtype) of at most
    ``_HOST_NAN_TEST`` elements searched whole is NumPy's argmax/argmin of its host copy as
    one int64 fill: the rules' index (first extreme, first NaN, -0.0 and 0.0 tied, ties of
    integers, infinities), dtype, shape (keepdims: (1,)), place and stop_gradient, for
    random vectors with ties; larger vectors and other shapes keep the kernel (the fill runs
    only for the former)."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _searching_functions as s

    rng = np.random.default_rng(1)
    pool = np.array([-0.0, 0.0, 1.0, -1.0, 2.0, np.nan, np.inf, -np.inf])
    fills = []
    real = s._C_FULL

    def spy(*args):
        fills.append(args[0])
        return real(*args)

    monkeypatch.setattr(s, "_C_FULL", spy)
    for name in ("float32", "float64", "int64", "int32", "int16", "int8", "uint8"):
        for n in (1, 2, 5, 16, 100, s._HOST_NAN_TEST, s._HOST_NAN_TEST + 1):
            for _ in range(4):
                if name[0] == "f":
                    a = rng.choice(pool[: rng.integers(2, 9)], n).astype(name)
                else:
                    a = rng.integers(0, rng.integers(1, 9), n).astype(name)
                x = paddle.to_tensor(a)
                if rng.random() < 0.5:
                    x.stop_gradient = False
                for fname in ("argmax", "argmin"):
                    for keepdims in (False, True):
                        fills.clear()
                        got = getattr(xp, fname)(x, keepdims=keepdims)
                        _same(got, getattr(s, "_" + fname)(x, keepdims=keepdims))
                        assert fills == ([[1] if keepdims else []]
                                         if n <= s._HOST_NAN_TEST else []), (name, n)


def test_paddle_take_bounds_read_decides_kernel_or_rules_with_the_rules_results(monkeypatch):
    """``take``'s fast path reads its host indices as unsigned (a negative entry reads as
    >= 2**(bits-1)): in-range int32/int64 indices are the kernel's (the rules are not called),
    negative and out-of-range ones the rules' (their wrap, their IndexError), with the rules'
    values and errors; the max is the element at ``argmax`` of that view (on b1266d5 the
    maximum ufunc's reduce, ~0.7 us more a call on 16 int64)."""
    require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _indexing_functions as s

    x = xp.asarray(np.arange(12.0).reshape(4, 3).astype("float32"))
    cases = [([0, 3, 3], "int64", False), ([2, 1], "int32", False), ([-1], "int64", True),
             ([4], "int32", True), ([3, -4, 0], "int32", True), ([2**40], "int64", True)]
    want = {}
    for ind, name, _ in cases:
        i = xp.asarray(np.array(ind, dtype=name))
        want[ind[0], name] = _call(s._take, x, i, axis=0)
    ruled = []
    real = s._take

    def spy(*args, **kwargs):
        ruled.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(s, "_take", spy)
    for ind, name, rules in cases:
        i = xp.asarray(np.array(ind, dtype=name))
        ruled.clear()
        _same(_call(xp.take, x, i, axis=0), want[ind[0], name])
        assert ruled == ([True] if rules else []), (ind, name)


def test_paddle_reshape_to_a_tuple_of_its_size_is_the_kernel_itself(monkeypatch):
    """``reshape`` of a tensor to a tuple of positive ints of its (non-zero) size is Paddle's
    reshape kernel without the rules' reads (they ran on b1266d5), x itself where the shape
    is x's (as paddle.reshape); -1, 0, a list, copy= and a size that does not fit take the
    rules, with their errors."""
    require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims.paddle import _manipulation_functions as m

    x = xp.asarray(np.arange(12.0).reshape(3, 4).astype("float32"))
    rules_y = xp.reshape(x, (2, -1))
    calls = []
    real = m.require_array

    def spy(*args, **kwargs):
        calls.append(args[1:])
        return real(*args, **kwargs)

    monkeypatch.setattr(m, "require_array", spy)
    y = xp.reshape(x, (2, 6))
    np.testing.assert_array_equal(y.numpy(), rules_y.numpy())
    assert y.dtype == x.dtype and tuple(y.shape) == (2, 6) and y.stop_gradient
    assert xp.reshape(x, (3, 4)) is x
    assert tuple(xp.reshape(x, (1, 12, 1)).shape) == (1, 12, 1)
    assert calls == []
    assert tuple(xp.reshape(x, (-1,)).shape) == (12,)
    with pytest.raises(ValueError, match="reshape"):
        xp.reshape(x, (5,))
    assert tuple(xp.reshape(x, (12,), copy=True).shape) == (12,)
    assert len(calls) == 3


def test_paddle_astype_calls_the_cast_kernel_itself(monkeypatch):
    """``astype`` to another standard dtype runs Paddle's cast kernel with the dtype object
    (paddle.cast's Python frame and its name conversion are not called), with NumPy's
    values for the casts Paddle and NumPy agree on (floats with NaN, inf and -0.0 to
    float64 and complex, ints and bools each way), differentiable, and the same tensor or
    copy for the same dtype."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp

    def refused(*args, **kwargs):
        raise AssertionError("paddle.cast ran")

    monkeypatch.setattr(paddle, "cast", refused)
    f = np.array([[1.5, np.nan, -0.0], [0.0, -2.25, -np.inf]], np.float32)
    for v, to in ((f, "float64"), (f, "complex64"), (f, "complex128"),
                  (np.array([0, 3, -7, 255], np.int64), "int32"),
                  (np.array([0, 3, -7, 255], np.int32), "float32"),
                  (np.array([True, False]), "int64"), (np.array([0, 2, -1]), "bool")):
        got = xp.astype(xp.asarray(v), getattr(xp, to))
        assert got.dtype == getattr(xp, to)
        np.testing.assert_array_equal(got.numpy(), v.astype(to))
    np.testing.assert_array_equal(np.signbit(xp.astype(xp.asarray(f), xp.float64).numpy()),
                                  np.signbit(f.astype(np.float64)))
    x = xp.asarray(f[:, :1].copy())
    assert xp.astype(x, xp.float32, copy=False) is x and xp.astype(x, xp.float32) is not x
    x.stop_gradient = False
    (g,) = paddle.grad([(xp.astype(x, xp.float64) * 3.0).sum()], [x])
    assert g.dtype == paddle.float32
    np.testing.assert_array_equal(g.numpy(), np.full((2, 1), 3.0, np.float32))


def test_paddle_flip_of_a_kernel_dtype_calls_the_kernel_without_moving(monkeypatch):
    """``flip`` of a dtype Paddle's flip kernel takes as it is (float32/float64/int32/int64)
    calls the kernel itself, not through ``moving`` (bool, narrow ints and complex still
    go through it), with NumPy's values for axis None, ints and tuples."""
    require("paddle")
    import arraykit.shims.paddle as xp
    import arraykit.shims.paddle._manipulation_functions as m

    moved = []
    monkeypatch.setattr(m, "moving", lambda op, x, name, *a, real=m.moving:
                        moved.append(name) or real(op, x, name, *a))
    _flips_are_numpys(xp, ("float32", "float64", "int32", "int64", "bool", "complex64"))
    assert moved == ["bool"] * 4 + ["complex64"] * 4


def test_paddle_broadcast_to_a_usual_tuple_skips_the_rules_frames(monkeypatch):
    """``broadcast_to`` of a tensor to a tuple of non-negative ints of at least its rank
    (at most 9, within Paddle's int32 extents) to which it broadcasts is decided inline:
    the rules' ``broadcast_to_shape`` is not called; x itself for its own shape, the
    expand kernel otherwise, with NumPy's values. Other shapes keep the rules and errors."""
    require("paddle")
    import arraykit.shims.paddle as xp
    import arraykit.shims.paddle._manipulation_functions as m

    real = m._manipulation.broadcast_to_shape
    ruled = []
    monkeypatch.setattr(m._manipulation, "broadcast_to_shape",
                        lambda *a, **k: ruled.append(a[1]) or real(*a, **k))
    v = np.array([[np.nan, -0.0, 1.5]], np.float32)
    x = xp.asarray(v)
    for shape in ((1, 3), (2, 3), (4, 2, 3), (0, 3), (2, 1, 1, 3)):
        got = xp.broadcast_to(x, shape)
        assert (got is x) == (shape == (1, 3)) and got.dtype == x.dtype
        np.testing.assert_array_equal(got.numpy(), np.broadcast_to(v, shape))
    assert ruled == []
    for shape, err in (((3,), ValueError), ((2, 4), ValueError), ((1,) * 10, ValueError),
                       ((2, -3), ValueError), ((2, 3.0), TypeError)):
        with pytest.raises(err, match="broadcast_to"):
            xp.broadcast_to(x, shape)
    np.testing.assert_array_equal(xp.broadcast_to(x, [2, 3]).numpy(),
                                  np.broadcast_to(v, (2, 3)))
    assert len(ruled) == 6
