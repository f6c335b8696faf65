"""NumPy scalars where the standard takes a Python scalar, on the delegated namespaces too.

The full shims' rule (``arraykit/shims/_common/scalars.py``, their tests in
``test_numpy_scalars.py``): a NumPy scalar is the Python scalar of its kind. torch's and JAX's
namespaces read it so in the element-wise functions and ``where`` (``Rules.numpy_scalars``),
where torch wrapped ``add(int8 x, np.int64(300))`` (``[45, 46, -112]``), computed ``where(c,
np.bool_(True), b)`` in float32 and refused ``maximum(x, np.float32(2))``, and JAX refused
every NumPy scalar but ``np.float64``. NumPy's own namespace keeps NumPy's reading of an
operand (a 0-d array of its dtype); where a dtype is fixed (a fill value with a dtype,
``full_like``, ``clip``'s bounds) every namespace reads a NumPy scalar as its Python scalar, so
that none is cast with a wrap: NumPy's and JAX's ``full((1,), np.int64(300), dtype=int8)`` were
``[44]``, NumPy's ``clip(int8 x, max=np.int64(-300))`` ``[-44, -44]``, JAX's ``clip`` of int8
by ``max=-300`` ``[-44, -44]`` and by NumPy bounds of the bound's dtype.
"""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import SERVED, arr, host

_NUMPY1 = int(np.__version__.split(".")[0]) < 2

#: The namespaces that read a NumPy scalar operand as the Python scalar of its kind.
RULE = pytest.mark.backends(
    "tensorflow", "mxnet", "mlx", "paddle", "torch", "jax",
    reason="a NumPy scalar operand is the Python scalar of its kind (NumPy's namespace reads it "
    "as NumPy does)")

#: (array values, array dtype, NumPy scalar)
CASES = [
    ([1, 2], "int64", np.float64(0.5)),
    ([1.0, 2.0], "float32", np.float64(0.5)),
    ([1.0, 2.0], "float32", np.float32(2.0)),
    ([1, 5, 9, 12], "int32", np.int64(3)),
    ([1, 5], "int64", np.int32(3)),
    ([1, 2, 100], "int8", np.int8(3)),
    ([True, False], "bool", np.bool_(True)),
]
_IDS = [f"{d}-{type(s).__name__}({s})" for _, d, s in CASES]


@RULE
@pytest.mark.parametrize(("values", "dtype", "s"), CASES, ids=_IDS)
def test_element_wise_functions_read_a_numpy_scalar_as_its_python_scalar(xp, values, dtype, s):
    x = arr(xp, values, dtype)
    p = s.item()
    names = (["logical_and", "bitwise_and", "equal"] if dtype == "bool" else
             ["add", "multiply", "maximum", "minimum", "less", "equal", "pow"])
    for fname in names:
        f = getattr(xp, fname)
        for got, want, where in ((f(x, s), f(x, p), f"{fname}(x, {s!r})"),
                                 (f(s, x), f(p, x), f"{fname}({s!r}, x)")):
            assert got.dtype == want.dtype, where
            np.testing.assert_array_equal(host(got), host(want), err_msg=where)


@RULE
def test_where_of_numpy_bools_stays_bool(xp):
    c = arr(xp, [True, False], "bool")
    for r in (xp.where(c, np.bool_(True), c), xp.where(c, c, np.bool_(False))):
        assert r.dtype == xp.bool  # torch: float32 [1., 0.]
        np.testing.assert_array_equal(host(r), [True, False])
    f = arr(xp, [1.0, 2.0], "float32")
    r = xp.where(c, np.float64(2.5), f)
    assert r.dtype == xp.float32
    np.testing.assert_array_equal(host(r), [2.5, 2.0])


@RULE
def test_a_numpy_int_out_of_the_arrays_integer_dtype_is_an_overflow_error(xp):
    x = arr(xp, [1, 2, 100], "int8")
    for fname in ("add", "multiply", "maximum", "less", "floor_divide"):
        with pytest.raises(OverflowError, match=f"^{fname}: Python int 300 is out of range"):
            getattr(xp, fname)(x, np.int64(300))  # torch: add gave [45, 46, -112]
    with pytest.raises(OverflowError, match=r"^where: "):
        xp.where(arr(xp, [True, False, True], "bool"), x, np.int64(-200))
    # within the range: the Python int's answer
    np.testing.assert_array_equal(host(xp.add(x, np.int64(27))), [28, 29, 127])


@SERVED
def test_a_numpy_fill_value_with_a_dtype_is_never_wrapped(xp):
    with pytest.raises(OverflowError, match=r"^full: "):
        xp.full((1,), np.int64(300), dtype=xp.int8)  # NumPy, JAX: [44]
    x = arr(xp, [1, 5], "int8")
    with pytest.raises(OverflowError, match=r"^full_like: "):
        xp.full_like(x, np.int64(300))  # NumPy, JAX: [44, 44]
    r = xp.full_like(x, np.int16(-7))
    assert r.dtype == xp.int8
    np.testing.assert_array_equal(host(r), [-7, -7])


@SERVED
@pytest.mark.parametrize("s", [np.float64(1.5), np.float32(1.5), np.int32(3), np.int8(-2),
                               np.bool_(True)], ids=repr)
def test_full_of_a_numpy_scalar_takes_its_dtype(xp, s):
    # torch gave float32 for np.float64 and np.bool_ (ones), int64 for np.int32
    r = xp.full((2,), s)
    assert r.dtype == xp.full((2,), s.item(), dtype=getattr(xp, s.dtype.name)).dtype
    np.testing.assert_array_equal(host(r), np.full((2,), s))


@SERVED
def test_clip_reads_numpy_bounds_as_python_scalars_and_never_wraps(xp):
    x = arr(xp, [1, 5], "int8")
    for kwargs in ({"max": np.int64(-300)}, {"max": -300}, {"min": 300},
                   {"min": np.int64(300)}):
        # NumPy: max=np.int64(-300) gave [-44, -44]; JAX: max=-300 [-44, -44], min=300 [44, 44]
        with pytest.raises(OverflowError, match=r"^clip: "):
            xp.clip(x, **kwargs)
    for lo, hi, want in ((np.int64(0), np.int64(300), [1, 5]), (np.int16(0), np.int16(3), [1, 3]),
                         (np.int64(-1000), 3, [1, 3])):
        r = xp.clip(x, lo, hi)  # torch refused np.int64(300) (it cannot bind); JAX: int64
        assert r.dtype == xp.int8, (lo, hi)
        np.testing.assert_array_equal(host(r), want)
    f = arr(xp, [1.0, 5.0], "float32")
    r = xp.clip(f, np.float64(2), np.float64(3))
    assert r.dtype == xp.float32  # JAX (x64): float64
    np.testing.assert_array_equal(host(r), [2.0, 3.0])


@RULE
def test_a_python_int_out_of_the_dtype_in_isin_and_searchsorted_is_an_overflow_error(xp):
    x = arr(xp, [1, 5, 100], "int8")
    for v in (300, np.int64(300), -300):
        # torch and JAX cast it into int8 (300 is 44): searchsorted gave 2, isin True for 44
        with pytest.raises(OverflowError, match=r"^searchsorted: "):
            xp.searchsorted(x, v)
        with pytest.raises(OverflowError, match=r"^isin: "):
            xp.isin(arr(xp, [44, 1], "int8"), v)
    np.testing.assert_array_equal(host(xp.searchsorted(x, 100)), 2)
    np.testing.assert_array_equal(host(xp.isin(x, 5)), [False, True, False])


def test_numpys_namespace_compares_such_an_int_exactly():
    import arraykit

    x = np.array([1, 5, 100], np.int8)
    xp = arraykit.array_namespace(x)
    assert int(xp.searchsorted(x, 300)) == 3
    np.testing.assert_array_equal(xp.isin(np.array([44, 1], np.int8), 300), [False, False])


@SERVED
def test_an_integer_arange_never_starts_wrapped(xp):
    for args in ((250, 260), (np.int64(250), np.int64(260)), (-129, -120)):
        with pytest.raises(OverflowError, match=r"^arange: "):
            xp.arange(*args, dtype=xp.int8)  # torch and JAX began at -6 (and 127)
    np.testing.assert_array_equal(host(xp.arange(120, 127, 3, dtype=xp.int8)), [120, 123, 126])


@SERVED
def test_asarray_of_a_numpy_scalar_given_a_dtype_reads_it_as_its_python_scalar(xp):
    with pytest.raises(OverflowError, match=r"^asarray: "):
        xp.asarray(np.int64(300), dtype=xp.int8)  # 44 on NumPy, torch, JAX, TF and MLX
    r = xp.asarray(np.int64(-7), dtype=xp.int8)
    assert r.dtype == xp.int8 and int(host(r)) == -7
    r = xp.asarray(np.float64(0.1), dtype=xp.float32)
    assert r.dtype == xp.float32 and host(r) == np.float32(0.1)
    assert xp.asarray(np.int32(3)).dtype == xp.int32  # no dtype: NumPy's


@pytest.mark.backends(
    "tensorflow", "mxnet", "mlx", "paddle", "torch", "jax",
    reason="the operators arraykit installs (NumPy's are NumPy's own, which raise for an int "
    "out of range and read a NumPy scalar as an array of its dtype)")
def test_operators_never_wrap_an_int_and_read_numpy_scalars(enabled):
    xp = enabled
    x = arr(xp, [1, 5, 100], "int8")
    ops = {"+": lambda a, b: a + b, "<": lambda a, b: a < b, "==": lambda a, b: a == b,
           "*": lambda a, b: a * b}
    for sym, op in ops.items():
        for v in (300, np.int64(300), -200):
            # torch: int8 [1, 5, 100] + 300 was [45, 49, -112], and < 300 [True, True, False]
            with pytest.raises(OverflowError):
                op(x, v)
            if sym == "==" and isinstance(v, np.generic) and _NUMPY1:
                # NumPy 1.x's scalar comparison turns any error into False (a warning):
                # the exact answer instead (_common.array_object._numpy1_comparison)
                r = op(v, x)
                assert isinstance(r, type(x))
                np.testing.assert_array_equal(host(r), [False, False, False])
                continue
            with pytest.raises(OverflowError):
                op(v, x)
    r = x + np.int64(27)
    assert r.dtype == xp.int8
    np.testing.assert_array_equal(host(r), [28, 32, 127])
    b = arr(xp, [True, False], "bool")
    r = b & np.bool_(True)  # torch: NotImplementedError ("bitwise_and_cpu" for float)
    assert r.dtype == xp.bool
    np.testing.assert_array_equal(host(r), [True, False])


@SERVED
def test_a_python_float_past_float32_is_rounded_as_the_dtype_rounds_it(xp):
    # IEEE rounding (+-inf past the range) on every namespace, NumPy's answer; torch's full,
    # full_like, clip and where raised RuntimeError ("cannot be converted to type float
    # without overflow")
    f = arr(xp, [1.0, 2.0], "float32")
    cases = [
        (xp.full((2,), 1e300, dtype=xp.float32), [np.inf, np.inf]),
        (xp.full_like(f, -1e300), [-np.inf, -np.inf]),
        (xp.clip(f, -1e300, 1e300), [1.0, 2.0]),
        (xp.clip(f, 1e300), [np.inf, np.inf]),  # MXNet: MXNetError "Out of range value"
        (xp.full((1,), 3.4028235e38 + 1e30, dtype=xp.float32), [np.finfo(np.float32).max]),
    ]
    for got, want in cases:
        assert got.dtype == xp.float32
        np.testing.assert_array_equal(host(got), np.asarray(want, dtype=np.float32))


@RULE
def test_a_python_float_operand_past_float32_is_rounded_as_the_dtype_rounds_it(xp):
    # the operands the shims' rule reads (NumPy's namespace reads a Python float as NumPy
    # does: NumPy 1.x's value-based casting makes where(c, 1e300, f32) float64)
    f = arr(xp, [1.0, 2.0], "float32")
    got = xp.where(arr(xp, [True, False], "bool"), 1e300, f)  # torch: RuntimeError
    assert got.dtype == xp.float32
    np.testing.assert_array_equal(host(got), np.asarray([np.inf, 2.0], dtype=np.float32))


@pytest.mark.backends("jax", reason="jax tracers: the rule at trace time")
def test_jax_operators_never_wrap_an_int_under_jit(enabled):
    import jax

    xp = enabled
    x = arr(xp, [1, 5, 100], "int8")
    with pytest.raises(OverflowError, match=r"^add: "):
        jax.jit(lambda a: a + 300)(x)  # jax: [45, 49, -112]
    with pytest.raises(OverflowError, match=r"^less: "):
        jax.jit(lambda a: a < 300)(x)  # jax: [True, True, False]
    np.testing.assert_array_equal(host(jax.jit(lambda a: a + 27)(x)), [28, 32, 127])
    np.testing.assert_array_equal(host(jax.jit(lambda a: a * -1)(x)), [-1, -5, -100])


@pytest.mark.backends(
    "mlx", "paddle", "mxnet",
    reason="the mutable arrays whose item assignment arraykit defines (NumPy's is NumPy's own: "
    "NumPy 2 raises, 1.x wraps; torch's __setitem__ cannot be patched, see "
    "shims/torch/_array_object.py; TF's and JAX's arrays are immutable)")
def test_item_assignment_never_wraps_a_number(enabled):
    xp = enabled
    for value, dtype, exc in ((300, "int8", OverflowError), (np.int64(300), "int8", OverflowError),
                              (-1, "uint8", OverflowError), (float("nan"), "int8", ValueError),
                              (float("inf"), "int32", OverflowError)):
        x = arr(xp, [1, 2, 3], dtype)
        # MLX, Paddle and MXNet stored 300 as 44, -1 as 255, NaN as 0
        with pytest.raises(exc):
            x[0] = value
        np.testing.assert_array_equal(host(x), [1, 2, 3])
    x = arr(xp, [1, 2, 3], "int8")
    x[0] = np.int16(-7)
    x[1] = 1.5  # a float with a value: truncated, as NumPy's
    np.testing.assert_array_equal(host(x), [-7, 1, 3])
    f = arr(xp, [1.0, 2.0], "float32")
    f[0] = 1e300  # past float32: the dtype's rounding
    np.testing.assert_array_equal(host(f), [np.inf, 2.0])
