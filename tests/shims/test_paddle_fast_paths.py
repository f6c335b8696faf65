"""Paddle shim fast paths (issue 28): the kernel calls that skip the rules' reads give the
rules' values, dtypes, shapes and errors, and they are taken."""

from __future__ import annotations

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
