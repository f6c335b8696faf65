"""Element-wise functions: integer division, powers, shifts, special values, complex numbers,
errors."""

from __future__ import annotations

import math

import numpy as np
import pytest
from shim_helpers import (
    COMPLEX,
    MX_ONLY,
    SERVED,
    SHIMS,
    TF_ONLY,
    arr,
    assert_ran_clean,
    host,
    run_isolated,
    t,
    tf,
)


@SERVED
def test_integer_division_by_minus_one_never_ends_the_process(backend):
    # Paddle's, MLX's and MXNet's kernels trap on INT_MIN // -1 and INT_MIN % -1 for int32
    # and int64 (SIGFPE: the process ended, in a subprocess here); NumPy's answer: INT_MIN
    # (its negation wraps) and 0, as x // 1 and x % 1 negated.
    x64 = "import jax; jax.config.update('jax_enable_x64', True)" if backend == "jax" else ""
    code = f"""
        {x64}
        import numpy as np
        import arraykit
        import arraykit.shims.{backend} as xp
        h = lambda r: np.asarray(r.asnumpy() if hasattr(r, "asnumpy") else r).tolist()
        for dt in ("int32", "int64"):
            lo = int(np.iinfo(dt).min)
            x1 = xp.asarray(np.array([lo, 7, -7, lo], dt))
            x2 = xp.asarray(np.array([-1, -1, 2, 3], dt))
            assert h(xp.floor_divide(x1, x2)) == [lo, -7, -4, lo // 3], h(xp.floor_divide(x1, x2))
            assert h(xp.remainder(x1, x2)) == [0, 0, 1, lo % 3], h(xp.remainder(x1, x2))
            assert h(xp.floor_divide(x1, -1)) == [lo, -7, 7, lo], h(xp.floor_divide(x1, -1))
            assert h(xp.remainder(lo, x2)) == [0, 0, 0, lo % 3], h(xp.remainder(lo, x2))
        print("ok")
    """
    proc = run_isolated(code)
    assert_ran_clean(proc)
    assert proc.stdout.strip().endswith("ok")


@SERVED
def test_integer_division_by_zero_is_zero_everywhere(xp):
    # NumPy's answer and the shims' rule (the standard leaves it undefined): JAX's
    # floor_divide gave XLA's quotient floored (5 // 0 was -2), torch raised
    # RuntimeError('ZeroDivisionError') for the whole call
    a, b = arr(xp, [5, -5, 0, 7], "int32"), arr(xp, [0, 0, 0, 2], "int32")
    np.testing.assert_array_equal(host(xp.floor_divide(a, b)), [0, 0, 0, 3])
    np.testing.assert_array_equal(host(xp.remainder(a, b)), [0, 0, 0, 1])
    np.testing.assert_array_equal(host(xp.floor_divide(a, 0)), [0, 0, 0, 0])
    np.testing.assert_array_equal(host(xp.remainder(a, 0)), [0, 0, 0, 0])
    np.testing.assert_array_equal(host(xp.floor_divide(7, b)), [0, 0, 0, 3])
    assert xp.floor_divide(a, b).dtype == xp.int32


@SHIMS
def test_integer_division_semantics(xp):
    a, b = arr(xp, [7, -7, 7, 5], "int32"), arr(xp, [2, 2, -2, 0], "int32")
    np.testing.assert_array_equal(host(xp.floor_divide(a, b)), [3, -4, -4, 0])
    np.testing.assert_array_equal(host(xp.remainder(a, b)), [1, 1, -1, 0])
    # Overflow wraps.
    assert int(host(xp.add(arr(xp, [127], "int8"), arr(xp, [1], "int8")))[0]) == -128


@SHIMS
def test_integer_pow_and_shifts(xp):
    np.testing.assert_array_equal(
        host(xp.pow(arr(xp, [2, 1, -1, 3], "int64"), arr(xp, [-1, -2, -3, 2], "int64"))),
        [0, 1, -1, 9])
    np.testing.assert_array_equal(host(xp.pow(arr(xp, [2, 3], "uint8"), arr(xp, [3, 2], "uint8"))),
                                  [8, 9])
    assert int(host(xp.bitwise_left_shift(arr(xp, [1], "int8"), arr(xp, [9], "int8")))[0]) == 0
    assert int(host(xp.bitwise_right_shift(arr(xp, [-5], "int8"), arr(xp, [9], "int8")))[0]) == -1


@SHIMS
def test_float_specials(xp):
    x = arr(xp, [1.0, np.nan], "float64")
    assert np.isnan(host(xp.max(x)))
    np.testing.assert_allclose(host(xp.logaddexp(arr(xp, [0.0, -np.inf], "float64"),
                                                 arr(xp, [0.0, -np.inf], "float64"))),
                               [np.log(2), -np.inf])
    assert bool(host(xp.signbit(arr(xp, [-0.0], "float32")))[0])
    np.testing.assert_allclose(host(xp.hypot(arr(xp, [3e300], "float64"),
                                             arr(xp, [4e300], "float64"))), [5e300])


@TF_ONLY
def test_complex_functions(xp):
    z = t([1 + 2j, -3 - 4j], "complex64")
    assert xp.abs(z).dtype is tf.float32
    np.testing.assert_allclose(xp.abs(z).numpy(), [5 ** 0.5, 5.0], rtol=1e-6)
    np.testing.assert_allclose(xp.real(z).numpy(), [1, -3])
    np.testing.assert_allclose(xp.conj(z).numpy(), [1 - 2j, -3 + 4j])
    assert xp.isnan(z).dtype is tf.bool
    np.testing.assert_allclose(xp.round(t([1.5 + 2.5j], "complex128")).numpy(), [2 + 2j])
    v = xp.unique_values(t([1j, 1j, 2], "complex128"))
    assert v.shape[0] == 2


@TF_ONLY
def test_dtype_errors_name_function_and_dtypes(xp):
    with pytest.raises(TypeError, match=r"exp.*bool"):
        xp.exp(xp.ones(2, dtype=xp.bool))  # integers compute in the default float instead
    with pytest.raises(TypeError, match=r"add.*int8.*uint64|add.*uint64.*int8"):
        xp.add(xp.ones(2, dtype=xp.int8), xp.ones(2, dtype=xp.uint64))
    with pytest.raises(TypeError, match="bitwise_and"):
        xp.bitwise_and(xp.ones(2), xp.ones(2))
    with pytest.raises(TypeError, match="sort"):
        xp.sort(xp.ones(2, dtype=xp.complex64))


@SHIMS
def test_shape_errors_are_value_errors(xp):
    with pytest.raises(ValueError, match=r"^add: "):
        xp.add(xp.ones(2), xp.ones(3))
    with pytest.raises(ValueError, match=r"^matmul: "):
        xp.matmul(xp.ones((2, 3)), xp.ones((2, 3)))
    with pytest.raises(ValueError, match=r"^reshape: cannot reshape "):
        xp.reshape(xp.ones(6), (4, 2))
    with pytest.raises(ValueError, match=r"^concat: shapes "):
        xp.concat([xp.ones((2, 3)), xp.ones((3, 2))], axis=0)


@TF_ONLY
def test_never_raw_invalid_argument(xp):
    bad = [lambda: xp.floor_divide(t([1], "int32"), t([0], "int32")),
           lambda: xp.remainder(t([1], "int64"), t([0], "int64")),
           lambda: xp.pow(t([2], "int32"), t([-1], "int32"))]
    for f in bad:
        f()  # documented results, no exception
    with pytest.raises((TypeError, ValueError)) as e:
        xp.stack([xp.ones(2), xp.ones(3)])
    assert not isinstance(e.value, tf.errors.OpError)


@SHIMS
@pytest.mark.xfail_backend(
    "tensorflow", reason="floor_divide(1.0, 0.1) is 10.0 on TF (floor of the rounded quotient); "
    "NumPy and Python give 9.0 (from fmod); the standard does not pin it")
def test_floor_divide_and_remainder(xp):
    a = xp.asarray([7, -7, 7, -7, 5])
    b = xp.asarray([2, 2, -2, -2, 0])
    r = xp.floor_divide(a, b)
    assert r.dtype == xp.int64
    assert host(r)[:4].tolist() == [3, -4, -4, 3]
    big = xp.asarray([2**62 + 3])
    assert host(xp.floor_divide(big, xp.asarray([2])))[0] == (2**62 + 3) // 2
    f = xp.floor_divide(xp.asarray([1.0], dtype=xp.float64), xp.asarray([0.1], dtype=xp.float64))
    assert host(f)[0] == 9.0
    m = xp.remainder(xp.asarray([-7.0, 5.0], dtype=xp.float64), xp.asarray([2.0, 0.0],
                                                                          dtype=xp.float64))
    assert host(m)[0] == 1.0 and math.isnan(host(m)[1])


@MX_ONLY
def test_gap_fillers(xp):
    b1 = xp.asarray([True, True, False])
    b2 = xp.asarray([True, False, False])
    assert host(xp.logical_and(b1, b2)).tolist() == [True, False, False]
    assert host(xp.logical_or(b1, b2)).tolist() == [True, True, False]
    assert host(xp.logical_xor(b1, b2)).tolist() == [False, True, False]
    x = xp.asarray([1, 2, 3, 4])
    assert host(xp.cumulative_prod(x)).tolist() == [1, 2, 6, 24]
    assert host(xp.cumulative_sum(x, include_initial=True)).tolist() == [0, 1, 3, 6, 10]
    assert xp.iinfo(xp.int8).max == 127 and xp.finfo(xp.float32).bits == 32
    assert host(xp.conj(xp.asarray([1.0, 2.0]))).tolist() == [1.0, 2.0]
    assert host(xp.bitwise_left_shift(xp.asarray([1, 3]), 2)).tolist() == [4, 12]
    assert host(xp.bitwise_right_shift(xp.asarray([-8, 8]), 1)).tolist() == [-4, 4]
    assert math.isnan(host(xp.sign(xp.asarray([float("nan")])))[0])
    assert xp.sum(xp.asarray([200, 100], dtype=xp.uint8)).dtype == xp.int64
    assert host(xp.sum(xp.asarray([200, 100], dtype=xp.uint8))) == 300
    assert host(xp.matmul(xp.asarray([[1, 2], [3, 4]]), xp.asarray([[1], [1]]))).tolist() \
        == [[3], [7]]


_BINARY_NAMES = ["add", "subtract", "multiply", "divide", "equal", "not_equal", "less",
                 "greater", "atan2", "hypot", "pow", "maximum", "minimum", "remainder",
                 "floor_divide", "copysign", "logaddexp", "nextafter"]


@SHIMS
@pytest.mark.parametrize("name", _BINARY_NAMES)
@pytest.mark.parametrize("shapes", [((2, 3), (4,)), ((0,), (2,))])
def test_binary_non_broadcastable_shapes_raise_value_error(xp, name, shapes):
    f = getattr(xp, name)
    with pytest.raises(ValueError, match=name):
        f(xp.ones(shapes[0]), xp.ones(shapes[1]))
    # mixed dtypes take the slow (promoting) path
    with pytest.raises(ValueError, match=name):
        f(xp.ones(shapes[0], dtype=xp.float32), xp.ones(shapes[1], dtype=xp.float64))


@SHIMS
@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor", "bitwise_and"])
def test_bool_binary_non_broadcastable_shapes(xp, name):
    with pytest.raises(ValueError, match=name):
        getattr(xp, name)(xp.ones((2, 3), dtype=xp.bool), xp.ones((4,), dtype=xp.bool))
    assert getattr(xp, name)(xp.ones((2, 3), dtype=xp.bool),
                             xp.ones((3,), dtype=xp.bool)).shape == (2, 3)


@SHIMS
@pytest.mark.parametrize("fname", ["exp", "sqrt", "log1p", "sin"])
def test_floating_functions_of_integer_arrays(xp, fname):
    """``exp(int_array)``, ``int / int``: NumPy, torch and JAX compute them in a floating dtype
    (the standard leaves integer input undefined); the shims use their default float."""
    default = xp.__array_namespace_info__().default_dtypes()["real floating"]
    a = np.asarray([1, 2, 3])
    out = getattr(xp, fname)(xp.asarray(a))
    assert out.dtype == default
    np.testing.assert_allclose(host(out), getattr(np, fname)(a), rtol=1e-6)
    for q in (xp.divide(xp.asarray(a), xp.asarray([2, 2, 2])), xp.divide(xp.asarray(a), 2),
              xp.divide(6, xp.asarray(a))):
        assert q.dtype == default
    np.testing.assert_allclose(host(xp.divide(xp.asarray(a), 2)), a / 2)
    np.testing.assert_allclose(host(xp.divide(6, xp.asarray(a))), 6 / a)
    with pytest.raises(TypeError):
        getattr(xp, fname)(xp.asarray([True]))


# --- the standard's special values on NumPy (shims/numpy/_elementwise_functions.py) -------

NUMPY_SPECIALS = pytest.mark.backends(
    "numpy", reason="the NumPy shim's corrections of NumPy's kernels (floor_divide with an "
    "infinite operand, complex expm1/tanh); the torch and jax shims bind the same rules "
    "(_common.special_values) in their own modules")

from arraykit.shims._common.special_values import COMPLEX_RULES as _COMPLEX_RULES

_SPECIAL_FLOATS = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, math.inf, -math.inf, math.nan]


def _bits(v: float) -> tuple:
    """A float's value with the sign of zeros and infinities, NaN as NaN."""
    return ("nan",) if math.isnan(v) else (v, math.copysign(1.0, v))


@NUMPY_SPECIALS
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_floor_divide_special_values_numpy(xp, dtype):
    """Every pair of special floats: floor_divide is floor(x1 / x2) where an operand is
    infinite or zero (each of the standard's bullets), NumPy's result elsewhere."""
    a1 = np.asarray([a for a in _SPECIAL_FLOATS for _ in _SPECIAL_FLOATS], dtype=dtype)
    a2 = np.asarray([b for _ in _SPECIAL_FLOATS for b in _SPECIAL_FLOATS], dtype=dtype)
    with np.errstate(all="ignore"):
        want = np.where(np.isinf(a1) | np.isinf(a2) | (a1 == 0) | (a2 == 0),
                        np.floor(a1 / a2), np.floor_divide(a1, a2))
        got = xp.floor_divide(xp.asarray(a1), xp.asarray(a2))
        scalar = [xp.floor_divide(xp.asarray(a1[i:i + 1]), float(a2[i]))[0]
                  for i in range(a1.size)]
    assert got.dtype == a1.dtype
    assert [_bits(v) for v in got.tolist()] == [_bits(v) for v in want.tolist()]
    assert [_bits(float(v)) for v in scalar] == [_bits(v) for v in want.tolist()]
    # The standard's own examples.
    assert _bits(float(got[6 * 9 + 4])) == (math.inf, 1.0)  # inf // 2.5
    assert _bits(float(got[3 * 9 + 6])) == (-0.0, -1.0)  # -1 // inf


@NUMPY_SPECIALS
def test_floor_divide_ordinary_input_is_numpys(xp):
    a, b = np.asarray([1.0, 7.5, -7.5]), np.asarray([0.1, 2.0, 2.0])
    assert xp.floor_divide(xp.asarray(a), xp.asarray(b)).tolist() == [9.0, 3.0, -4.0]
    ints = xp.floor_divide(xp.asarray([7, -7]), xp.asarray([2, 2]))
    assert ints.dtype == np.int64 and ints.tolist() == [3, -4]


@NUMPY_SPECIALS
@pytest.mark.parametrize("name", sorted(_COMPLEX_RULES))
def test_complex_special_values_numpy(xp, name):
    """Over every pair of special parts, each complex function of the standard's tables gives
    the tables' values (array-api-compat's NumPy function's own where no row applies)."""
    import array_api_compat.numpy as compat

    from arraykit.shims._common import special_values as sv

    a = np.asarray([p for p in _SPECIAL_FLOATS for _ in _SPECIAL_FLOATS])
    b = np.asarray([q for _ in _SPECIAL_FLOATS for q in _SPECIAL_FLOATS])
    x = np.empty(a.shape, dtype=np.complex128)
    x.real, x.imag = a, b

    def make(re, im):
        out = np.empty(np.shape(re), dtype=np.complex128)
        out.real, out.imag = re, im
        return out

    with np.errstate(all="ignore"):
        got = getattr(xp, name)(xp.asarray(x))
        want = sv.correct_complex_unary(compat, make, name, x, getattr(compat, name)(x))
    pairs = [(_bits(g.real), _bits(g.imag)) for g in got.tolist()]
    assert pairs == [(_bits(w.real), _bits(w.imag)) for w in want.tolist()]


@NUMPY_SPECIALS
def test_complex_expm1_tanh_standard_values_numpy(xp):
    """The bullets NumPy's kernels missed, as the standard states them."""
    def c(re, im):
        out = np.empty(1, dtype=np.complex128)
        out.real, out.imag = re, im
        return xp.asarray(out)

    def parts(z):
        return _bits(float(z[0].real)), _bits(float(z[0].imag))

    with np.errstate(all="ignore"):
        assert parts(xp.expm1(c(math.inf, 0.0))) == ((math.inf, 1.0), (0.0, 1.0))
        assert parts(xp.expm1(c(-0.0, 0.0))) == ((0.0, 1.0), (0.0, 1.0))
        assert parts(xp.expm1(c(-math.inf, 2.5)))[0] == (-1.0, -1.0)
        assert parts(xp.expm1(c(math.nan, 0.0))) == (("nan",), (0.0, 1.0))
        assert parts(xp.expm1(c(math.inf, math.nan)))[0][0] in (math.inf, -math.inf)
        assert parts(xp.tanh(c(math.inf, 2.5))) == ((1.0, 1.0), (0.0, 1.0))
        assert parts(xp.tanh(c(math.inf, -2.5))) == ((1.0, 1.0), (-0.0, -1.0))
    # Ordinary and real input: NumPy's values, NumPy's dtypes.
    z = xp.asarray(np.asarray([0.5 + 1j], dtype=np.complex64))
    assert xp.expm1(z).dtype == np.complex64
    assert xp.expm1(z)[0] == np.expm1(np.complex64(0.5 + 1j))
    assert xp.tanh(xp.asarray([0.5]))[0] == np.tanh(0.5)


# --- the standard's special values on torch (shims/torch/_elementwise_functions.py) -------

TORCH_SPECIALS = pytest.mark.backends(
    "torch", reason="the torch shim's corrections of torch's kernels (floor_divide with an "
    "infinite operand, remainder's zero sign, complex acos/expm1/log1p/tanh)")


def _torch_grid(xp, dtype):
    """Every pair of special floats as two torch tensors of ``dtype``, and as NumPy arrays."""
    a1 = np.asarray([a for a in _SPECIAL_FLOATS for _ in _SPECIAL_FLOATS], dtype=dtype)
    a2 = np.asarray([b for _ in _SPECIAL_FLOATS for b in _SPECIAL_FLOATS], dtype=dtype)
    return xp.asarray(a1), xp.asarray(a2), a1, a2


@TORCH_SPECIALS
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_floor_divide_and_remainder_special_values_torch(xp, dtype):
    """floor_divide is floor(x1 / x2) where an operand is infinite (torch: inf // 2 is NaN,
    -1 // inf is -1), NumPy's value elsewhere; remainder is NumPy's, whose zeros carry the
    divisor's sign as the standard asks (torch: the dividend's)."""
    t1, t2, a1, a2 = _torch_grid(xp, dtype)
    with np.errstate(all="ignore"):
        want_fd = np.where(np.isinf(a1) | np.isinf(a2), np.floor(a1 / a2),
                           np.floor_divide(a1, a2))
        want_rem = np.remainder(a1, a2)
    got_fd, got_rem = xp.floor_divide(t1, t2), xp.remainder(t1, t2)
    assert got_fd.dtype == got_rem.dtype == t1.dtype
    assert [_bits(v) for v in got_fd.tolist()] == [_bits(v) for v in want_fd.tolist()]
    assert [_bits(v) for v in got_rem.tolist()] == [_bits(v) for v in want_rem.tolist()]
    # A Python scalar operand takes the same rules.
    assert _bits(float(xp.floor_divide(xp.asarray([-1.0]), math.inf)[0])) == (-0.0, -1.0)
    assert _bits(float(xp.remainder(xp.asarray([0.0]), -1.0)[0])) == (-0.0, -1.0)
    ints = xp.floor_divide(xp.asarray([7, -7]), xp.asarray([2, 2]))
    assert str(ints.dtype) == "torch.int64" and ints.tolist() == [3, -4]


@TORCH_SPECIALS
@pytest.mark.parametrize("name", sorted(_COMPLEX_RULES))
def test_complex_special_values_torch(xp, name):
    """Over every pair of special parts, each complex function of the standard's tables gives
    the tables' values (array-api-compat's torch function's own where no row applies)."""
    import array_api_compat.torch as compat
    import torch

    from arraykit.shims._common import special_values as sv

    t1, t2, _, _ = _torch_grid(xp, "float64")
    x = torch.complex(t1, t2)
    got = getattr(xp, name)(x)
    want = sv.correct_complex_unary(compat, torch.complex, name, x, getattr(compat, name)(x))
    pairs = [(_bits(g.real), _bits(g.imag)) for g in got.tolist()]
    assert pairs == [(_bits(w.real), _bits(w.imag)) for w in want.tolist()]


@TORCH_SPECIALS
def test_complex_standard_values_torch_missed(xp):
    """The bullets torch 2.13's kernels miss, as the standard states them."""
    import torch

    def parts(f, re, im, dtype=torch.complex128):
        z = f(torch.complex(torch.tensor([re]), torch.tensor([im])).to(dtype))[0]
        return _bits(float(z.real)), _bits(float(z.imag))

    for dtype in (torch.complex64, torch.complex128):
        re, im = parts(xp.acos, 0.0, 0.0, dtype)
        assert math.isclose(re[0], math.pi / 2, rel_tol=1e-7) and im == (-0.0, -1.0)
        assert parts(xp.acos, -0.0, 0.0, dtype)[1] == (-0.0, -1.0)
        assert parts(xp.expm1, math.inf, 0.0, dtype) == ((math.inf, 1.0), (0.0, 1.0))
        assert parts(xp.expm1, -0.0, 0.0, dtype) == ((0.0, 1.0), (0.0, 1.0))
        assert parts(xp.expm1, -math.inf, math.inf, dtype)[0] == (-1.0, -1.0)
        assert parts(xp.log1p, math.inf, math.nan, dtype) == ((math.inf, 1.0), ("nan",))
        assert parts(xp.log1p, 0.3, math.inf, dtype)[0] == (math.inf, 1.0)
        assert parts(xp.tanh, math.inf, 2.5, dtype) == ((1.0, 1.0), (0.0, 1.0))
        assert parts(xp.tanh, -math.inf, -2.5, dtype) == ((-1.0, -1.0), (-0.0, -1.0))
    # Ordinary and real input: torch's own values and dtypes.
    z = torch.tensor([0.5 + 1j], dtype=torch.complex64)
    for name in ("acos", "expm1", "log1p", "tanh"):
        assert getattr(xp, name)(z).dtype == torch.complex64
        assert getattr(xp, name)(z)[0] == getattr(torch, name)(z)[0]
        assert getattr(xp, name)(torch.tensor([0.5]))[0] == getattr(torch, name)(
            torch.tensor([0.5]))[0]


def _complex(xp, values, dtype="complex64"):
    return xp.asarray(np.asarray(values, dtype=dtype))


@COMPLEX
def test_complex_log_of_tiny_values_is_finite(xp):
    # Paddle 3.3.1's == has a tolerance (1e-20 == 0 is True): the special-value correction
    # took these for zeros and gave -inf.
    z = [1e-20 + 0j, 1e-30 + 1e-30j, 3 + 4j]
    np.testing.assert_allclose(host(xp.log(_complex(xp, z))), np.log(np.asarray(z, "complex64")),
                               rtol=1e-6)
    if "complex128" in xp.__array_namespace_info__().dtypes():
        z = [1e-150 + 0j, 1.1754944e-38 + 0j, 1e-300 + 1e-300j]
        np.testing.assert_allclose(host(xp.log(_complex(xp, z, "complex128"))),
                                   np.log(np.asarray(z)), rtol=1e-12)


@COMPLEX
@pytest.mark.parametrize("name", ["log2", "log10"])
def test_complex_log2_log10_scale_each_part(xp, name):
    # log(x) / ln(base) part by part: a complex product or quotient with ln(base) + 0j turns
    # an infinite real part's imaginary partner into NaN (Paddle, TF did).
    inf = math.inf
    z = [0j, complex(inf, 0.5), complex(-inf, 1.0), complex(1.0, inf), complex(-1.0, -0.0),
         2 + 3j]
    got = host(getattr(xp, name)(_complex(xp, z)))
    ref = getattr(np, name)(np.asarray(z, "complex64"))
    np.testing.assert_allclose(got.real, ref.real, rtol=1e-6)
    np.testing.assert_allclose(got.imag, ref.imag, rtol=1e-6)  # no NaN where NumPy has none


@COMPLEX
def test_complex_sign_of_infinite_parts_is_nan(xp):
    # The standard leaves these to complex division (x / |x|, |x| = inf): NaN + NaN j on
    # every backend (JAX and TF gave NaN + 0j, Paddle 0j).
    inf = math.inf
    z = [complex(inf, 0.0), complex(1.0, inf), complex(inf, inf), complex(-inf, 2.0),
         complex(math.nan, 1.0), 3 + 4j, 0j]
    got = host(xp.sign(_complex(xp, z)))
    assert np.isnan(got[:5].real).all() and np.isnan(got[:5].imag).all()
    np.testing.assert_allclose(got[5:], [0.6 + 0.8j, 0j], rtol=1e-6)


def _normal_powers(base: int, dtype: str) -> np.ndarray:
    """Every power of ``base`` that is a normal number of ``dtype`` (correctly rounded)."""
    info = np.finfo(dtype)
    lo, hi = ((info.minexp, info.maxexp - 1) if base == 2 else
              (math.ceil(math.log10(info.tiny)), math.floor(math.log10(info.max))))
    vals = [float(f"1e{k}") if base == 10 else math.ldexp(1.0, k) for k in range(lo, hi + 1)]
    return np.asarray(vals, dtype)


@SHIMS
@pytest.mark.parametrize(("fname", "base"), [("log10", 10), ("log2", 2)])
def test_log10_log2_of_exact_powers_are_exact(xp, fname, base):
    # TF computed log(x) * (1/ln 10): log10(0.1) was -0.9999999999999998 and 16 of the 17
    # powers of ten from 1e-8 to 1e8 were off (float32 log2 too); SciPy's tests compare
    # exactly. The correctly rounded values, in every normal power of the base: float32's from
    # float64 (NumPy's own float32 log10 is 1 ulp off at 46 powers of ten on CPUs with
    # AVX512_SPR, e.g. log10(float32(1e-37)) = -37.000004), float64's NumPy's.
    for dtype in [d for d in ("float32", "float64") if d in xp.__array_namespace_info__().dtypes()]:
        x = _normal_powers(base, dtype)
        got = host(getattr(xp, fname)(xp.asarray(x)))
        want = getattr(np, fname)(x.astype(np.float64)).astype(x.dtype)
        assert got.dtype == want.dtype
        bad = x[got != want]
        assert bad.size == 0, (dtype, bad[:5], got[got != want][:5])


@TF_ONLY
def test_log10_log2_gradient_at_exact_powers(xp):
    # The exact value at a power must not cost the derivative there (round has none).
    for dtype in (tf.float32, tf.float64):
        x = tf.constant([0.1, 1.0, 8.0, 100.0], dtype)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y10, y2 = xp.log10(x), xp.log2(x)
        np.testing.assert_allclose(tape.gradient(y10, x).numpy(), 1 / (x.numpy() * np.log(10)),
                                   rtol=1e-6)
        np.testing.assert_allclose(tape.gradient(y2, x).numpy(), 1 / (x.numpy() * np.log(2)),
                                   rtol=1e-6)
        assert y10.numpy()[[0, 1, 3]].tolist() == [-1.0, 0.0, 2.0]
        assert y2.numpy()[[1, 2]].tolist() == [0.0, 3.0]


@pytest.mark.backends("tensorflow", "mlx", "paddle", reason="the full shims holding complex "
                      "dtypes (MXNet has none); torch's and jax's own pow differ from NumPy's "
                      "for some of these exponents (issue 30 report)")
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 7, 10, -1, -2, -3, 2.0, 3 + 0j, "0-d"])
def test_complex_integer_power_is_numpys(xp, n):
    # TF and Paddle computed exp(n log a): (3j) ** 2 was -9 + 1.1e-15j (NumPy -9 + 0j) and
    # 0j ** 0 NaN on TF. NumPy multiplies for integer exponents below 100; on these bases
    # (exact products) every value is NumPy's bit for bit.
    base = np.asarray([3j, 2000j, 1 + 1j, -2.5 + 0.5j, 0j, 1 - 2j, -4 + 0j])
    for dtype in [d for d in ("complex64", "complex128")
                  if d in xp.__array_namespace_info__().dtypes()]:
        a = base.astype(dtype)
        exponent = xp.asarray(np.asarray(2, dtype)) if n == "0-d" else n
        with np.errstate(all="ignore"):
            want = np.power(a, 2 if n == "0-d" else n)
        got = host(xp.pow(xp.asarray(a), exponent))
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


@SHIMS
@pytest.mark.parametrize("fname", ["exp", "abs", "logical_not", "signbit"])
def test_unary_refuses_a_python_scalar(xp, fname):
    # One rule (_common.elementwise): a unary function takes an array; MXNet took exp(1.0)
    # as asarray(1.0).
    with pytest.raises(TypeError, match=fname):
        getattr(xp, fname)(1.0)


@SHIMS
def test_imag_of_real_input_is_zeros(xp):
    # Paddle had no kernel for it (a Paddle error); the other shims gave zeros, as NumPy does.
    got = xp.imag(arr(xp, [1.5, -2.0], "float32"))
    assert host(got).dtype == np.float32
    np.testing.assert_array_equal(host(got), [0.0, 0.0])


@SHIMS
def test_real_floating_functions_compute_integers_in_the_default_float(xp):
    # integer_input_as_float for every function of a floating category (NumPy's answers):
    # MLX and MXNet refused signbit and nextafter of integers, TF and Paddle computed them.
    a, b = arr(xp, [-3, 0, 2], "int32"), arr(xp, [1, -1, 2], "int32")
    np.testing.assert_array_equal(host(xp.signbit(a)), [True, False, False])
    np.testing.assert_array_equal(host(xp.copysign(a, b)), [3.0, -0.0, 2.0])
    got = host(xp.nextafter(a, b))
    f = got.dtype.type
    assert got.dtype.kind == "f"
    np.testing.assert_array_equal(got, np.nextafter(np.asarray([-3, 0, 2], f),
                                                    np.asarray([1, -1, 2], f)))


#: Shapes of more than five dimensions that stay six after MXNet 1.9.1 merges adjacent axes:
#: its broadcasting kernels refused them (an MXNetError at the next sync).
WIDE_SHAPES = ((1, 2, 1, 3, 1, 5), (2, 1, 2, 1, 3, 1))


@MX_ONLY  # TF (BroadcastTo, Maximum, FloorDiv) and Paddle (9-D) fail too: not fixed yet
@pytest.mark.parametrize("fname", ["add", "multiply", "maximum", "floor_divide"])
def test_binary_broadcasts_six_dimensions(xp, fname):
    a = np.arange(30, dtype=np.float32).reshape(WIDE_SHAPES[0]) - 11
    b = np.arange(1, 13, dtype=np.float32).reshape(WIDE_SHAPES[1])
    ref = getattr(np, fname)(a, b)
    for x1, x2, want in ((a, b, ref), (b, a, getattr(np, fname)(b, a)),
                         (np.broadcast_to(a, ref.shape).copy(), b, ref)):
        got = host(getattr(xp, fname)(xp.asarray(x1), xp.asarray(x2)))
        np.testing.assert_array_equal(got, want)
    # mixed dtypes take the rules' path
    got = host(getattr(xp, fname)(xp.asarray(a.astype(np.float64)), xp.asarray(b)))
    np.testing.assert_array_equal(got, ref.astype(np.float64))


@pytest.mark.backends("numpy", "torch", "jax", "tensorflow", "mxnet", "mlx", "paddle",
                      "array_api_strict", reason="a wrong number on the full shims (saturated) "
                      "and array-api-strict (wrapped), an unclean error on torch")
def test_clip_by_an_int_beyond_the_dtype_where_it_binds_is_an_overflow_error(xp, backend):
    # NumPy's answer: a bound past int32 that cannot bind (a min below, a max above) changes
    # nothing; one that binds every element makes a result int32 cannot hold. The full
    # shims gave int32's extreme, array-api-strict [0, 0] (2**40 wrapped), torch a
    # RuntimeError, NumPy 1.x's namespace (array-api-compat's clip) [1, 1] and [0, 0]. (JAX
    # with x64 off refuses the harmless side too: OverflowError.)
    x = xp.ones(2, dtype=xp.int32)
    for lo, hi in ((2**40, None), (None, -(2**40))):
        with pytest.raises(OverflowError):
            xp.clip(x, lo, hi)
    if backend != "jax":
        for lo, hi in ((-(2**40), None), (None, 2**40), (-(2**40), 2**40)):
            assert host(xp.clip(x, lo, hi)).tolist() == [1, 1]


@COMPLEX
def test_complex_log1p_is_accurate_near_zero_and_near_minus_one(xp):
    # TF's real part (0.5*log1p(x(x+2) + y^2)) was off by 8e-9 relative near -1 (SciPy's
    # qmc_quad log-space error estimate met it); NumPy's and Paddle's (log|1 + z|) lost the
    # digits of a z near 0 (3e-8 relative in complex128)
    wide = "complex128" if "complex128" in xp.__array_namespace_info__().dtypes() else "complex64"
    stored = np.array([complex(-1 + 1.2345e-5, 0.0), complex(-1 + 1.2345e-5, 1.2345e-5),
                       complex(1e-10, 1e-10), complex(-3e-9, 4e-9), complex(0.5, -0.75)],
                      dtype=wide)  # MLX: complex64
    want = []
    for c in stored.astype(np.complex128):  # references from the stored values, in double
        a, b = c.real, c.imag
        near_minus_one = a < -0.5  # 1 + a is exact there (Sterbenz)
        want.append(math.log(math.hypot(a + 1, b)) if near_minus_one
                    else 0.5 * math.log1p(2 * a + a * a + b * b))
    r = host(xp.log1p(xp.asarray(stored)))
    rtol = 1e-14 if r.dtype == np.complex128 else 1e-6  # complex64 (JAX without x64, MLX)
    np.testing.assert_allclose(r.real, want, rtol=rtol, atol=0)
    np.testing.assert_allclose(r.imag, np.arctan2(stored.imag.astype(float),
                                                  1 + stored.real.astype(float)),
                               rtol=rtol, atol=1e-300)


@pytest.mark.backends("jax", reason="jax.numpy's pow of a Python int by a 0-d integer array "
                      "(integer_pow of the weakly typed base)")
def test_pow_of_a_python_int_by_a_0d_integer_array_keeps_its_dtype(xp):
    # JAX's pow computes integer_pow of the weakly typed base for a 0-d exponent: int64 (an
    # exponent of rank >= 1 kept int8); the standard: the array's dtype.
    for shape in ((), (2,)):
        e = arr(xp, np.full(shape, 3), "int8")
        r = xp.pow(2, e)
        assert r.dtype == xp.int8, (shape, r.dtype)
        assert host(r).tolist() == np.full(shape, 8).tolist()


@SERVED
def test_remainder_of_a_zero_by_minus_infinity_is_minus_zero(xp, backend):
    # The standard: x1 +-0 and x2 < 0 give -0 (NumPy and every namespace); MXNet's rule gave
    # +0.0 there. MXNet computes host arrays by NumPy and, while autograd records, by its
    # operators: both paths.
    inf = math.inf
    x1, x2 = arr(xp, [0.0, -0.0, 0.0, -0.0], "float32"), arr(xp, [-inf, -inf, inf, inf], "float32")
    assert np.signbit(host(xp.remainder(x1, x2))).tolist() == [True, True, False, False]
    if backend == "mxnet":
        import mxnet

        with mxnet.autograd.record():
            r = xp.remainder(x1, x2)
        assert np.signbit(host(r)).tolist() == [True, True, False, False]


def _recording(backend, xp, f, *args):
    """``f(*args)`` where the framework records a gradient (the framework-op paths), for the
    shims whose eager float division computes on the host otherwise."""
    if backend == "tensorflow":
        with tf.GradientTape():
            return f(*args)
    if backend == "mxnet":
        import mxnet

        with mxnet.autograd.record():
            return f(*args)
    a, b = args  # paddle: a tensor that records
    a = xp.asarray(a, copy=True)
    a.stop_gradient = False
    return f(a, b)


@pytest.mark.backends("tensorflow", "paddle", "mxnet",
                      reason="float floor_divide/remainder computed on the host eagerly")
def test_float_division_on_the_host_and_where_a_gradient_records_agree(xp, backend):
    # Eager tensors in host memory that record no gradient take NumPy's floor_divide and
    # remainder (TF: remainder; one call where the standard's special values cost ~10-25
    # framework ops); elsewhere the framework's ops. Both give NumPy's values on every pair
    # of special and ordinary values (normal numbers: TF's kernels flush subnormals), signed
    # zeros included.
    vals = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 0.1, 7.0, -3.0, 1e30, -1e30, 1e-30, math.inf,
            -math.inf, math.nan]
    a = np.repeat(vals, len(vals))
    b = np.tile(vals, len(vals))
    for dtype in ("float32", "float64"):
        x1, x2 = arr(xp, a, dtype), arr(xp, b, dtype)
        with np.errstate(all="ignore"):
            want = {"remainder": np.remainder(a.astype(dtype), b.astype(dtype))}
        import arraykit.shims.numpy as nxp

        want["floor_divide"] = np.asarray(nxp.floor_divide(a.astype(dtype), b.astype(dtype)))
        for name, w in want.items():
            if name == "floor_divide" and backend == "tensorflow":
                continue  # TF's own kernel (floor of the rounded quotient) on both paths
            f = getattr(xp, name)
            for got in (f(x1, x2), _recording(backend, xp, f, x1, x2)):
                g = host(got)
                assert g.dtype == w.dtype, (name, dtype, g.dtype)
                same = (np.isnan(g) & np.isnan(w)) | ((g == w) & (np.signbit(g) == np.signbit(w)))
                assert same.all(), (name, dtype, a[~same], b[~same], g[~same], w[~same])
    # 0-d operands, a +0.0 result first (TF: see the next test).
    for dtype in ("float32", "float64"):
        zero, minus_zero = arr(xp, 0.0, dtype), arr(xp, -0.0, dtype)
        one, minus_big = arr(xp, 1.0, dtype), arr(xp, -1e30, dtype)
        for f, x1, x2, sign in ((xp.remainder, zero, one, False),
                                (xp.remainder, minus_zero, minus_big, True),
                                (xp.floor_divide, zero, one, False),
                                (xp.floor_divide, minus_zero, one, True)):
            assert np.signbit(host(f(x1, x2))) == sign, (f.__name__, dtype)
    # The recorded path keeps its gradient: d(x1 % 3)/dx1 = 1.
    x = arr(xp, [1.5, -2.5, 4.0], "float32")
    if backend == "tensorflow":
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = xp.remainder(x, 3.0)
        grad = tape.gradient(y, x)
    elif backend == "paddle":
        x.stop_gradient = False
        xp.sum(xp.remainder(x, 3.0)).backward()
        grad = x.grad
    else:
        import mxnet

        x.attach_grad()
        with mxnet.autograd.record():
            y = xp.sum(xp.remainder(x, 3.0))
        y.backward()
        grad = x.grad
    assert host(grad).tolist() == [1.0, 1.0, 1.0]


@SERVED
def test_reciprocal_is_correctly_rounded(xp):
    # The standard (accuracy: "reciprocal, sqrt ... must return a correctly rounded value"):
    # TF 2.21's Reciprocal kernel is not (float32: a third of the values one ulp off, 1 / 2.0
    # was 0.49999997); NumPy's 1 / x is.
    rng = np.random.default_rng(0)
    x = (10.0 ** rng.uniform(-30, 30, 20000)).astype("float32")
    x = np.concatenate([x, -x, np.float32([2.0, 4.0, 0.5, 3.0])])
    got = host(xp.reciprocal(arr(xp, x, "float32")))
    wrong = np.flatnonzero(got != np.float32(1) / x)
    assert wrong.size == 0, (wrong.size, x[wrong[:3]], got[wrong[:3]])


@TF_ONLY
def test_tf_host_results_of_0d_operands_keep_the_sign_of_zero(backend):
    # NumPy's result for 0-d operands is a NumPy scalar; TF's tensor constructor looks a
    # Python float (np.float64 is one) up in its scalar cache by value, where -0.0 is the
    # cached +0.0 (array-api-tests' -0.0 % -1.3e154 drew it). In a fresh process, where the
    # cache is what the calls made (under pytest's TF set-up it was not consulted).
    code = """
        import numpy as np
        import arraykit.shims.tensorflow as xp
        z, mz, one, mb = (xp.asarray(np.asarray(v)) for v in (0.0, -0.0, 1.0, -1e30))
        assert not np.signbit(xp.remainder(z, one).numpy())
        assert np.signbit(xp.remainder(mz, mb).numpy())
        print("ok")
    """
    proc = run_isolated(code)
    assert_ran_clean(proc)
    assert proc.stdout.strip().endswith("ok")


@SERVED
def test_integer_power_abs_and_remainder_are_exact_past_float_precision(xp, backend):
    # MXNet 1.9.1 computes integer pow in floating point (5 ** 13 was 1220703104) and int64
    # abs and % in double (abs(2**62 + 3) was 2**62, (2**62 + 3) % 7 was 4): every value of
    # NumPy's, with products wrapping as NumPy's. MXNet computes host arrays by NumPy and,
    # while autograd records, by its operators: both paths.
    big = 2**62
    cases = [("int32", [3, 5, 7, -5], [13, 13, 11, 13]), ("int64", [3, 5, 7, -5], [39, 27, 22, 27])]
    if backend == "jax":
        import jax

        if not jax.config.jax_enable_x64:
            cases = cases[:1]
    recording = [False, True] if backend == "mxnet" else [False]
    for record in recording:
        ctx = __import__("mxnet").autograd.record() if record else None
        if ctx is not None:
            ctx.__enter__()
        try:
            for dtype, base, exp in cases:
                want = np.power(np.asarray(base, dtype), np.asarray(exp, dtype))
                assert host(xp.pow(arr(xp, base, dtype), arr(xp, exp, dtype))).tolist() \
                    == want.tolist(), (dtype, record)
            if len(cases) == 2:
                x = np.asarray([big + 3, big + 1, -big - 1, -big - 3, 2**63 - 1], "int64")
                a = arr(xp, x, "int64")
                assert host(xp.abs(a)).tolist() == np.abs(x).tolist(), record
                for d in (7, -7):
                    assert host(xp.remainder(a, d)).tolist() == np.remainder(x, d).tolist()
                    got = host(xp.remainder(a, arr(xp, [d] * 5, "int64"))).tolist()
                    assert got == np.remainder(x, d).tolist(), (d, record)
        finally:
            if ctx is not None:
                ctx.__exit__(None, None, None)


@SERVED
def test_integer_and_float_division_broadcast_an_empty_operand(xp):
    # MLX's fused (compiled, shapeless) remainder and floor_divide gave an empty operand
    # broadcast against a non-empty one the other's shape: (0,) by (1,) was (1,).
    for dtype in ("int32", "float32"):
        for s1, s2, want in (((0,), (1,), (0,)), ((1,), (0,), (0,)), ((0,), (2, 1), (2, 0))):
            a, b = arr(xp, np.ones(s1), dtype), arr(xp, np.full(s2, 2), dtype)
            for f in (xp.remainder, xp.floor_divide):
                assert tuple(f(a, b).shape) == want, (f.__name__, dtype, s1, s2)
