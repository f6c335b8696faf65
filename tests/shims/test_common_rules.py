"""The rules the TF and MXNet shims share (``arraykit/shims/_common``): one axis rule, one
accumulation dtype rule, one message per argument check. Each test runs on every shim the
environment has (the main env has TF, the mxnet env has MXNet); the cases are the places
where the two shims used to disagree, settled on NumPy's / array-api-strict's behaviour."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from frameworks import require

from arraykit.shims._common import checks, dtypes, utils
from arraykit.shims._common.utils import AxisError


@pytest.fixture(params=["tensorflow", "mxnet"])
def xp(request):
    require(request.param)
    return importlib.import_module(f"arraykit.shims.{request.param}")


def _np(a):
    return a.numpy() if hasattr(a, "numpy") else a.asnumpy()


# --- framework-free rules ------------------------------------------------------------------

def test_normalize_axis_rules():
    assert utils.normalize_axis(-1, 3, "f") == 2
    assert utils.normalize_axis(np.int64(1), 3, "f") == 1
    with pytest.raises(AxisError, match=r"^f: axis 3 is out of bounds"):
        utils.normalize_axis(3, 3, "f")
    with pytest.raises(TypeError, match=r"^f: axis must be an integer"):
        utils.normalize_axis(True, 3, "f")  # NumPy and array-api-strict refuse bool
    with pytest.raises(TypeError, match=r"^f: axis must be an integer"):
        utils.normalize_axis(1.0, 3, "f")
    assert issubclass(AxisError, ValueError) and issubclass(AxisError, IndexError)


@pytest.mark.parametrize(("name", "given", "default_uint", "expected"), [
    ("bool", None, "uint64", "int64"),
    ("int8", None, "uint64", "int64"),
    ("int64", None, "uint64", "int64"),
    ("uint8", None, "uint64", "uint64"),
    ("uint8", None, "int64", "int64"),  # MXNet: no uint64
    ("float32", None, "uint64", "float32"),
    ("int8", "int32", "uint64", "int32"),
])
def test_accumulation_dtype(name, given, default_uint, expected):
    assert dtypes.accumulation_dtype(name, given, "int64", default_uint) == expected


def test_dtypes_of_kind():
    assert checks.dtypes_of_kind(("bool", "signed integer"), dtypes.ALL, str) == [
        "bool", "int8", "int16", "int32", "int64"]
    with pytest.raises(ValueError, match=r"^dtypes: unknown kind 'real numeric'"):
        checks.dtypes_of_kind("real numeric", dtypes.ALL, str)


# --- both shims ----------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda xp, x: xp.sum(x, axis=2),
    lambda xp, x: xp.argmax(x, axis=-3),
    lambda xp, x: xp.take(x, xp.asarray([0]), axis=2),
    lambda xp, x: xp.cumulative_sum(x, axis=5),
    lambda xp, x: xp.flip(x, axis=(0, 3)),
])
def test_axis_out_of_range_is_axis_error(xp, call):
    x = xp.ones((2, 3))
    with pytest.raises(AxisError):
        call(xp, x)


def test_axis_bool_is_type_error(xp):
    with pytest.raises(TypeError, match="axis must be an integer"):
        xp.sum(xp.ones((2, 3)), axis=True)


def test_zero_d_axes(xp):
    x = xp.asarray(5)
    for axis in (None, 0, -1):
        assert int(_np(xp.argmax(x, axis=axis))) == 0
    with pytest.raises(AxisError):
        xp.argmax(x, axis=1)
    with pytest.raises(AxisError):
        xp.sum(x, axis=0)  # as numpy.sum: a 0-d array has no axis 0
    r = xp.cumulative_sum(x)  # NumPy and array-api-strict: [5]
    assert _np(r).tolist() == [5]


def test_info_kinds(xp):
    info = xp.__array_namespace_info__()
    assert list(info.dtypes(kind="signed integer")) == [
        n for n in ("int8", "int16", "int32", "int64") if n in info.dtypes()]
    with pytest.raises(ValueError, match=r"^dtypes: unknown kind"):
        info.dtypes(kind="real numeric")


def test_one_message_per_check(xp):
    with pytest.raises(TypeError, match=r"^sum: expected an? .*, got list \(convert with "
                                        r"asarray first\)$"):
        xp.sum([1, 2])
    with pytest.raises(TypeError, match=r"^std: dtype bool is not supported; "
                                        r"expected real floating$"):
        xp.std(xp.asarray([True]))
    with pytest.raises(TypeError, match=r"^floor: dtype bool is not supported; "
                                        r"expected real numeric$"):
        xp.floor(xp.asarray([True]))
    with pytest.raises(TypeError, match=r"^vecdot: dtype bool is not supported; "
                                        r"expected numeric$"):
        xp.vecdot(xp.asarray([True]), xp.asarray([True]))
    with pytest.raises(ValueError, match=r"^max: reduction over a zero-size axis has no "
                                         r"identity$"):
        xp.max(xp.ones((0, 2)), axis=0)
    with pytest.raises(ValueError, match=r"^argmax: attempt to get argmax of an empty "
                                         r"sequence$"):
        xp.argmax(xp.ones((0,)))
    with pytest.raises(ValueError, match=r"^cumulative_sum: axis is required for arrays of "
                                         r"more than one dimension$"):
        xp.cumulative_sum(xp.ones((2, 2)))
    with pytest.raises(ValueError, match=r"^take: axis is required unless x is 1-D$"):
        xp.take(xp.ones((2, 2)), xp.asarray([0]))
    with pytest.raises(ValueError, match=r"^unstack: x must have at least one dimension$"):
        xp.unstack(xp.asarray(1.0))


def test_accumulation_in_shims(xp):
    assert xp.sum(xp.asarray([True, True])).dtype == xp.int64
    assert xp.cumulative_sum(xp.asarray([1, 2], dtype=xp.int8)).dtype == xp.int64
    u = xp.sum(xp.asarray([1, 2], dtype=xp.uint8)).dtype
    assert u == (xp.uint64 if xp.__name__.endswith("tensorflow") else xp.int64)


def test_result_type_and_scalar_defaults_on_names():
    promote = dtypes.promote_arrays
    assert dtypes.result_type_names(["int8", "int32"], [1.5], promote,
                                    lambda s, n: "float64" if n == "int32" else n) == "float64"
    with pytest.raises(ValueError, match=r"^result_type: at least one array or dtype"):
        dtypes.result_type_names([], [1], promote, None)
    assert [dtypes.scalar_default_dtype(v, "int64", "float32", None)
            for v in (True, 1, 1.0, 1j, "a")] == ["bool", "int64", "float32", None, None]


def test_result_type_in_shims(xp):
    assert xp.result_type(xp.int8, xp.int32, 1) == xp.int32
    assert xp.result_type(xp.asarray([1], dtype=xp.int32), 1.5) == \
        xp.__array_namespace_info__().default_dtypes()["real floating"]
    with pytest.raises(ValueError, match=r"^result_type: at least one array or dtype"):
        xp.result_type(1, 2.0)
    assert xp.asarray(True).dtype == xp.bool
    assert xp.full((1,), 2).dtype == xp.int64


def test_python_scalar_rule_messages(xp):
    """One scalar rule (``_common.dtypes.scalar_operand_dtype``), one message each."""
    with pytest.raises(OverflowError, match=r"^add: Python int 300 is out of range for int8$"):
        xp.add(xp.asarray([1], dtype=xp.int8), 300)
    with pytest.raises(TypeError, match=r"^add: Python int scalar cannot be combined with an "
                                        r"array of dtype bool$"):
        xp.add(xp.asarray([True]), 1)
    with pytest.raises(TypeError, match=r"^result_type: Python int scalar cannot be combined "
                                        r"with an array of dtype bool$"):
        xp.result_type(xp.bool, 1)
    assert xp.add(xp.asarray([1], dtype=xp.int8), 1).dtype == xp.int8


# --- special values (_common.special_values): the standard's stated values ----------------

_inf, _nan, _pi = float("inf"), float("nan"), 3.141592653589793


def _sv_numpy():
    import array_api_compat.numpy as cxp

    def make_complex(re, im):
        out = np.empty(np.broadcast_shapes(np.shape(re), np.shape(im)),
                       dtype=np.result_type(re, np.complex64))
        out.real, out.imag = re, im
        return out

    return cxp, cxp, make_complex, np.asarray  # cxp: NumPy 1.x lacks np.acos etc.


def _sv_torch():
    torch = require("torch")
    import array_api_compat.torch as cxp

    return cxp, torch, torch.complex, lambda a: a.numpy()


def _sv_jax():
    jax = require("jax")
    import jax.numpy as jnp

    return jnp, jnp, jax.lax.complex, np.asarray


@pytest.fixture(params=["numpy", "torch", "jax"])
def sv_framework(request):
    """(SpecialValues bound to the framework, its native module, make_complex, to_numpy)."""
    from arraykit.shims._common.special_values import SpecialValues

    cxp, native, make_complex, to_np = {"numpy": _sv_numpy, "torch": _sv_torch,
                                        "jax": _sv_jax}[request.param]()
    return SpecialValues(cxp, make_complex), native, make_complex, to_np, request.param


def _same(got: float, want: float) -> bool:
    """Equal, NaN equal to NaN, the signs of zeros and infinities compared (the standard's
    unspecified signs are compared as abs values by the caller)."""
    import math

    if math.isnan(want):
        return math.isnan(got)
    if want == 0 or math.isinf(want):
        return got == want and math.copysign(1, got) == math.copysign(1, want)
    return math.isclose(got, want, rel_tol=1e-6)


# (function, a, b, expected real, expected imaginary, parts whose sign is unspecified), each
# a bullet of the standard's complex special cases (or its conj/odd symmetry, noted).
_COMPLEX_CASES = [
    ("expm1", 0.0, 0.0, 0.0, 0.0, ""),
    ("expm1", -0.0, 0.0, 0.0, 0.0, ""),
    ("expm1", 2.0, _inf, _nan, _nan, ""),
    ("expm1", _inf, 0.0, _inf, 0.0, ""),
    ("expm1", -_inf, 2.5, -1.0, 0.0 * np.sin(2.5), ""),
    ("expm1", _inf, 2.5, _inf * np.cos(2.5), _inf * np.sin(2.5), ""),
    ("expm1", -_inf, _inf, -1.0, 0.0, "im"),
    ("expm1", _inf, _inf, _inf, _nan, "re"),
    ("expm1", -_inf, _nan, -1.0, 0.0, "im"),
    ("expm1", _inf, _nan, _inf, _nan, "re"),
    ("expm1", _nan, 0.0, _nan, 0.0, ""),
    ("expm1", _nan, -0.0, _nan, -0.0, ""),  # conj symmetry
    ("expm1", _nan, 2.0, _nan, _nan, ""),
    ("tanh", _inf, 2.5, 1.0, 0.0, ""),
    ("tanh", _inf, -2.5, 1.0, -0.0, ""),  # conj symmetry
    ("tanh", -_inf, 2.5, -1.0, 0.0, ""),  # odd: tanh(-z) = -tanh(z)
    ("tanh", 0.0, 0.0, 0.0, 0.0, ""),
    ("tanh", 0.0, _inf, 0.0, _nan, ""),
    ("tanh", 2.0, _nan, _nan, _nan, ""),
    ("tanh", _nan, 0.0, _nan, 0.0, ""),
    ("acos", 0.0, 0.0, _pi / 2, -0.0, ""),
    ("acos", -0.0, 0.0, _pi / 2, -0.0, ""),
    ("acos", 0.0, _nan, _pi / 2, _nan, ""),
    ("acos", -_inf, 2.0, _pi, -_inf, ""),
    ("acos", _inf, _nan, _nan, _inf, "im"),
    ("acosh", 0.0, 0.0, 0.0, _pi / 2, ""),
    ("acosh", -_inf, _inf, _inf, 3 * _pi / 4, ""),
    ("asinh", _nan, 0.0, _nan, 0.0, ""),
    ("asinh", _nan, 2.0, _nan, _nan, ""),
    ("atanh", 1.0, 0.0, _inf, 0.0, ""),
    ("atanh", 0.0, _nan, 0.0, _nan, ""),
    ("atanh", _inf, _nan, 0.0, _nan, ""),
    ("atanh", _nan, 2.0, _nan, _nan, ""),
    ("cosh", 0.0, _inf, _nan, 0.0, "im"),
    ("cosh", _inf, 2.5, _inf * np.cos(2.5), _inf * np.sin(2.5), ""),
    ("cosh", _inf, _inf, _inf, _nan, "re"),
    ("exp", _inf, _inf, _inf, _nan, "re"),
    ("exp", -_inf, 2.5, 0.0 * np.cos(2.5), 0.0 * np.sin(2.5), ""),
    ("exp", -_inf, _nan, 0.0, 0.0, "re im"),
    ("log", -0.0, 0.0, -_inf, _pi, ""),
    ("log", _inf, _nan, _inf, _nan, ""),
    ("log", _nan, _inf, _inf, _nan, ""),
    ("log1p", -1.0, 0.0, -_inf, 0.0, ""),
    ("log1p", 2.0, _inf, _inf, _pi / 2, ""),
    ("log1p", -_inf, _nan, _inf, _nan, ""),
    ("log1p", _nan, _inf, _inf, _nan, ""),
    ("sinh", 0.0, _inf, 0.0, _nan, "re"),
    ("sinh", _inf, 2.5, _inf * np.cos(2.5), _inf * np.sin(2.5), ""),
    ("sqrt", _nan, _inf, _inf, _inf, ""),
    ("sqrt", -_inf, _nan, _nan, _inf, "im"),
    ("sign", _inf, _nan, _nan, _nan, ""),
    ("sign", -0.0, 0.0, 0.0, 0.0, ""),
]


@pytest.mark.parametrize(("name", "a", "b", "want_re", "want_im", "free"), _COMPLEX_CASES)
def test_complex_special_values(sv_framework, name, a, b, want_re, want_im, free):
    sv, native, make_complex, to_np, fname = sv_framework
    if fname == "torch" and name == "sign":
        pytest.skip("torch.sign refuses complex input (torch.sgn is its complex sign)")
    real = native.asarray([a, 1.5], dtype=native.float32)
    imag = native.asarray([b, -0.5], dtype=native.float32)
    x = make_complex(real, imag)
    r = getattr(native, name)(x)
    for check in (True, False):
        got = to_np(sv.complex_unary(name, x, r, check=check))
        assert got.dtype == to_np(r).dtype  # complex64 stays complex64
        re, im = float(got[0].real), float(got[0].imag)
        if "re" in free:
            re, want_re = abs(re), abs(want_re)
        if "im" in free.split():
            im, want_im = abs(im), abs(want_im)
        assert _same(re, want_re) and _same(im, want_im), (name, a, b, check, got[0])
        # The ordinary element is the framework's own value, untouched.
        assert got[1] == to_np(r)[1]


def test_complex_special_values_skip_ordinary_input(sv_framework):
    """No special element (or a real dtype): the framework's result object comes back."""
    sv, native, make_complex, *_ = sv_framework
    x = make_complex(native.asarray([0.5, 2.0]), native.asarray([1.0, -3.0]))
    r = native.expm1(x)
    assert sv.complex_unary("expm1", x, r) is r
    y = native.asarray([_inf, 0.0])
    ry = native.expm1(y)
    assert sv.complex_unary("expm1", y, ry) is ry


@pytest.mark.parametrize(("x1", "x2", "want"), [
    (_inf, 2.0, _inf), (_inf, -2.0, -_inf), (-_inf, 2.0, -_inf), (-_inf, -2.0, _inf),
    (1.0, _inf, 0.0), (1.0, -_inf, -0.0), (-1.0, _inf, -0.0), (-1.0, -_inf, 0.0),
    (_inf, _inf, _nan), (_nan, _inf, _nan), (5.0, 2.0, 2.0), (-5.0, 2.0, -3.0),
])
def test_floor_divide_special_values(sv_framework, x1, x2, want):
    sv, native, _, to_np, _ = sv_framework
    a1 = native.asarray([x1, 7.0], dtype=native.float32)
    a2 = native.asarray([x2, 2.0], dtype=native.float32)
    r = native.floor_divide(a1, a2)
    for check in (True, False):
        got = to_np(sv.floor_divide(a1, a2, r, check=check))
        assert _same(float(got[0]), want) and got[1] == 3.0, (x1, x2, check, got)
    # A Python float operand is an operand too.
    got = to_np(sv.floor_divide(a1, x2, native.floor_divide(a1, x2)))
    assert _same(float(got[0]), want)


def test_floor_divide_zeros_when_asked(sv_framework):
    """``floor_divide_zeros``: zero operands take floor(x1 / x2) too (JAX's -0.0 // 2)."""
    from arraykit.shims._common.special_values import SpecialValues

    sv, native, make_complex, to_np, _ = sv_framework
    sv0 = SpecialValues(sv.xp, make_complex, floor_divide_zeros=True)
    a1 = native.asarray([-0.0, 0.0, -0.0, 1.0, -1.0], dtype=native.float32)
    a2 = native.asarray([2.0, -2.0, -2.0, -0.0, 0.0], dtype=native.float32)
    wrong = native.asarray([0.0, 0.0, -0.0, 0.0, 0.0], dtype=native.float32)  # a bad kernel
    got = to_np(sv0.floor_divide(a1, a2, wrong))
    assert [_same(float(g), w) for g, w in zip(got, [-0.0, -0.0, 0.0, -_inf, -_inf])] == \
        [True] * 5


@pytest.mark.parametrize(("x1", "x2", "want"), [
    (0.0, -1.0, -0.0), (-0.0, 1.0, 0.0), (0.0, 1.0, 0.0), (-0.0, -1.0, -0.0),
    (4.0, -2.0, -0.0), (-4.0, 2.0, 0.0), (1.0, -_inf, -_inf), (-1.0, _inf, _inf),
    (1.0, _inf, 1.0), (5.0, 3.0, 2.0), (-5.0, 3.0, 1.0),
])
def test_remainder_zero_takes_divisor_sign(sv_framework, x1, x2, want):
    sv, native, _, to_np, _ = sv_framework
    a1 = native.asarray([x1], dtype=native.float32)
    a2 = native.asarray([x2], dtype=native.float32)
    got = to_np(sv.remainder(a1, a2, native.remainder(a1, a2)))
    assert _same(float(got[0]), want), (x1, x2, got)


def test_special_values_leave_integers_alone(sv_framework):
    sv, native, *_ = sv_framework
    a, b = native.asarray([7, -7]), native.asarray([2, 2])
    r = native.floor_divide(a, b)
    assert sv.floor_divide(a, b, r) is r
    m = native.remainder(a, b)
    assert sv.remainder(a, b, m) is m
