"""NumPy scalars on the full shims (``arraykit/shims/_common/scalars.py``): in an argument
that takes a Python scalar, a NumPy scalar behaves as the Python scalar of its kind (the
functions, and the operators ``enable()`` installs, both ways round); creation functions with
``dtype=None`` take NumPy's dtype for it. Values are NumPy's; dtypes are those of the same
call with the Python scalar (or NumPy's, for the creation functions)."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import SHIMS, arr, host

pytestmark = SHIMS

#: (array values, array dtype, NumPy scalar): binary functions and operators.
BINARY_CASES = [
    ([1, 2], "int64", np.float64(0.5)),
    ([1, 2], "int64", np.float64(1.5)),
    ([1.0, 2.0], "float32", np.float64(0.5)),
    ([1.0, 2.0], "float32", np.float32(0.5)),
    ([1, 5, 9, 12], "int32", np.int64(3)),
    ([1, 5], "int64", np.int32(3)),
    ([1.0, 2.0], "float32", np.int64(3)),
    ([True, False], "bool", np.bool_(True)),
]
_IDS = [f"{d}-{type(s).__name__}({s})" for _, d, s in BINARY_CASES]
FUNCTIONS = ["multiply", "add", "equal", "less", "maximum"]


def _py(s):
    return s.item()


def _same(r, want, where=""):
    """``r`` (an array of the shim) has ``want``'s dtype and values."""
    assert r.dtype == want.dtype, where
    np.testing.assert_array_equal(host(r), host(want), err_msg=where)


@pytest.mark.parametrize(("values", "dtype", "s"), BINARY_CASES, ids=_IDS)
def test_binary_functions_take_a_numpy_scalar_as_its_python_scalar(xp, values, dtype, s):
    x = arr(xp, values, dtype)
    ref_x = np.asarray(values, dtype=dtype)
    names = ["logical_and", "equal"] if dtype == "bool" else FUNCTIONS
    for fname in names:
        f = getattr(xp, fname)
        want = f(x, _py(s))  # the Python scalar's answer on this shim
        _same(f(x, s), want, f"{fname}(x, {s!r})")
        _same(f(s, x), f(_py(s), x), f"{fname}({s!r}, x)")
        # and NumPy's values
        np.testing.assert_array_equal(host(f(x, s)), getattr(np, fname)(ref_x, _py(s)))


def test_the_issue_cases(xp):
    x = xp.asarray([1, 2])
    r = xp.multiply(x, np.float64(0.5))
    np.testing.assert_array_equal(host(r), [0.5, 1.0])
    assert r.dtype == xp.multiply(x, 0.5).dtype
    np.testing.assert_array_equal(host(xp.equal(x, np.float64(1.5))), [False, False])
    # float32 stays float32 with a np.float64 (torch's and jax's answer through arraykit)
    assert xp.multiply(xp.asarray([1.0], dtype=xp.float32), np.float64(0.5)).dtype == xp.float32
    assert xp.add(xp.asarray([1], dtype=xp.int32), np.int64(3)).dtype == xp.int32


@pytest.mark.parametrize(("values", "dtype", "s"), BINARY_CASES, ids=_IDS)
def test_operators_take_a_numpy_scalar_as_its_python_scalar(enabled, values, dtype, s):
    xp = enabled
    x = arr(xp, values, dtype)
    kind = type(x)
    p = _py(s)
    ops = [("*", lambda a, b: a * b), ("==", lambda a, b: a == b),
           ("<", lambda a, b: a < b), ("+", lambda a, b: a + b)]
    if dtype == "bool":
        ops = [("&", lambda a, b: a & b), ("==", lambda a, b: a == b)]
    for sym, op in ops:
        for where, got, want in ((f"x {sym} {s!r}", op(x, s), op(x, p)),
                                 (f"{s!r} {sym} x", op(s, x), op(p, x))):
            assert isinstance(got, kind), f"{where}: {type(got).__name__}, not the shim's array"
            _same(got, want, where)
    np.testing.assert_array_equal(host(x * s if dtype != "bool" else x & s),
                                  np.asarray(values, dtype) * p if dtype != "bool"
                                  else np.asarray(values, dtype) & p)


def test_operator_issue_cases(enabled):
    xp = enabled
    x = xp.asarray([1, 2])
    for r in (x * np.float64(0.5), np.float64(0.5) * x):
        assert isinstance(r, type(x))
        np.testing.assert_array_equal(host(r), [0.5, 1.0])
    for r in (x == np.float64(1.5), np.float64(1.5) == x):
        assert isinstance(r, type(x)) and tuple(r.shape) == (2,)
        np.testing.assert_array_equal(host(r), [False, False])
    f = xp.asarray([1.0, 2.0], dtype=xp.float32)
    assert (f * np.float64(0.5)).dtype == xp.float32
    assert (np.float64(0.5) * f).dtype == xp.float32


@pytest.mark.parametrize(("args", "want"), [
    ((np.float64(0.0), np.float64(1.0), np.float64(0.5)), [0.0, 0.5]),
    ((np.int32(0), np.int32(3)), [0, 1, 2]),
    ((np.float32(0), np.float32(2)), [0.0, 1.0]),
    ((np.int64(4),), [0, 1, 2, 3]),
])
def test_arange_takes_numpy_scalars_as_python_scalars(xp, args, want):
    r = xp.arange(*args)
    np.testing.assert_array_equal(host(r), np.arange(*args))
    np.testing.assert_array_equal(host(r), want)
    assert r.dtype == xp.arange(*(_py(a) for a in args)).dtype


@pytest.mark.parametrize("data", [
    [np.int32(0), np.int32(-2)], [np.float32(1), np.float32(2)], [np.float64(1.5)],
    [[np.int8(1)], [np.int8(2)]], np.int32(3), np.float32(3), np.bool_(True),
    np.float64(0.1),  # a float subclass: MXNet's shim rounded it to the default float32
    [1, np.float32(1.5)], [np.array([True, False])], [np.array([1.5], "float32")] * 2,
], ids=repr)
def test_asarray_of_numpy_scalars_keeps_numpys_dtype(xp, data):
    want = np.asarray(data)
    r = xp.asarray(data)
    assert r.dtype == getattr(xp, want.dtype.name), (r.dtype, want.dtype)
    np.testing.assert_array_equal(host(r), want)
    # the rule does not reach plain Python data
    assert xp.asarray([1.5, 2.0]).dtype == xp.asarray(1.5).dtype
    assert xp.asarray([1, 2]).dtype == xp.asarray(1).dtype


@pytest.mark.parametrize("s", [np.float64(1.5), np.float32(1.5), np.int32(3), np.int8(-2),
                               np.bool_(True)], ids=repr)
def test_full_takes_numpys_dtype(xp, s):
    r = xp.full((2,), s)
    want = np.full((2,), s)
    assert r.dtype == getattr(xp, want.dtype.name)
    np.testing.assert_array_equal(host(r), want)
    assert xp.full((2,), s, dtype=xp.float32).dtype == xp.float32


def test_full_like_takes_a_numpy_scalar_as_its_python_scalar(xp):
    x = xp.asarray([1, 2])
    _same(xp.full_like(x, np.int32(7)), xp.full_like(x, 7))
    f = xp.asarray([1.0], dtype=xp.float32)
    _same(xp.full_like(f, np.float64(1.5)), xp.full_like(f, 1.5))
    _same(xp.full_like(x, np.float64(1.5)), xp.full_like(x, 1.5))


@pytest.mark.parametrize(("dtype", "value"), [("int32", -1.5), ("int64", 2.7), ("uint8", 3.9),
                                            ("bool", 0.5)])
def test_full_like_of_a_float_into_another_kind_as_numpy_and_full(xp, dtype, value):
    # NumPy, torch, jax and array-api-strict truncate (or take the truth value), as every
    # shim's full does; TF's, MLX's and MXNet's full_like refused, Paddle's refused bool.
    if not hasattr(xp, dtype):
        pytest.skip(f"no {dtype} here")
    x = xp.zeros((2,), dtype=getattr(xp, dtype))
    want = np.full_like(np.zeros(2, dtype), value)
    got = xp.full_like(x, value)
    assert got.dtype == getattr(xp, dtype)
    np.testing.assert_array_equal(host(got), want)
    np.testing.assert_array_equal(host(xp.full((2,), value, dtype=getattr(xp, dtype))), want)


@pytest.mark.parametrize(("start", "stop", "dtype"), [
    (np.float32(0), np.float32(1), "float32"), (np.float64(0), np.float64(1), "float64"),
    (np.float32(0), 1.0, "float32"),
], ids=repr)
def test_linspace_takes_numpys_dtype(xp, start, stop, dtype):
    # NumPy 2's dtype (NumPy 1.x's value-based casting gave float64 for np.float32 endpoints)
    r = xp.linspace(start, stop, np.int64(3))
    assert r.dtype == getattr(xp, dtype)
    np.testing.assert_allclose(host(r), np.linspace(float(start), float(stop), 3))
    # NumPy integers are the default float, as Python ints
    assert xp.linspace(np.int32(0), np.int32(1), 3).dtype == xp.linspace(0, 1, 3).dtype


def test_clip_takes_numpy_scalar_bounds(xp):
    f = arr(xp, [1.0, 2.0, 5.0], "float32")
    r = xp.clip(f, np.float64(1.5), np.float64(4.0))
    assert r.dtype == xp.float32
    np.testing.assert_array_equal(host(r), [1.5, 2.0, 4.0])
    i = arr(xp, [1, 2, 5], "int64")
    r = xp.clip(i, np.int32(2), np.int32(4))
    assert r.dtype == xp.int64
    np.testing.assert_array_equal(host(r), [2, 2, 4])
    # an int bound past the dtype's range cannot bind on that side
    r = xp.clip(arr(xp, [1, 2], "int8"), np.int64(-1000), np.int64(1000))
    np.testing.assert_array_equal(host(r), [1, 2])


@pytest.mark.parametrize("bound", [1.5, 2.0, np.float64(1.5), np.float32(2.0)], ids=repr)
def test_clip_refuses_a_float_bound_on_an_integer_array(xp, bound):
    # the shims' one behaviour (array-api-strict's): see _common/scalars.py
    x = arr(xp, [1, 2, 5], "int32")
    with pytest.raises(TypeError, match="clip"):
        xp.clip(x, bound)
    with pytest.raises(TypeError, match="clip"):
        xp.clip(x, None, bound)


def test_clip_refuses_bound_arrays_of_another_kind_or_a_wider_dtype(xp):
    i8 = arr(xp, [1, 2, 5], "int8")
    f32 = arr(xp, [1.0, 2.0], "float32")
    for x, b in ((i8, arr(xp, [1000], "int64")), (i8, arr(xp, [1.5], "float32")),
                 (f32, arr(xp, [1], "int32")), (f32, arr(xp, [1.0], "float64"))):
        with pytest.raises(TypeError, match="clip"):
            xp.clip(x, b)
    # a narrower bound of x's kind is exact in x's dtype
    r = xp.clip(arr(xp, [1, 2, 5], "int64"), arr(xp, [2], "int8"))
    assert r.dtype == xp.int64
    np.testing.assert_array_equal(host(r), [2, 2, 5])


@pytest.mark.parametrize("v", [5.5, np.float64(5.5), np.float32(5.5), 4.5, -1.5, 12.5, 13.0],
                         ids=repr)
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_of_a_float_in_an_integer_array(xp, v, side):
    x1 = arr(xp, [1, 5, 9, 12], "int32")
    r = xp.searchsorted(x1, v, side=side)
    assert int(host(r)) == np.searchsorted(np.asarray([1, 5, 9, 12], "int32"), float(v),
                                           side=side)


def test_where_takes_a_numpy_scalar_as_its_python_scalar(xp):
    c = xp.asarray([True, False])
    for x, s in ((xp.asarray([1, 2]), np.float64(2.5)), (arr(xp, [1.0, 2.0], "float32"),
                                                         np.float64(2.5)),
                 (arr(xp, [1, 2], "int32"), np.int64(7))):
        _same(xp.where(c, x, s), xp.where(c, x, _py(s)))
        _same(xp.where(c, s, x), xp.where(c, _py(s), x))
