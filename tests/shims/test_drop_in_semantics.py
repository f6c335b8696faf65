"""What SciPy's, scikit-learn's and array-api-extra's suites expect of the TF and MXNet shims
(issue 17), compared with NumPy's answers. One test per rule, parametrised over both shims;
each shim's parameter is skipped in the environment that lacks its framework."""

from __future__ import annotations

import operator
import warnings

import numpy as np
import pytest

import arraykit


@pytest.fixture(params=["tensorflow", "mxnet"])
def xp(request):
    pytest.importorskip(request.param)
    import importlib  # noqa: PLC0415

    return importlib.import_module(f"arraykit.shims.{request.param}")


def host(x):
    return x.asnumpy() if hasattr(x, "asnumpy") else x.numpy()


def held(xp, names):
    """The dtype names of ``names`` that the shim's framework holds."""
    have = xp.__array_namespace_info__().dtypes()
    return [n for n in names if n in have]


@pytest.fixture
def enabled(xp):
    name = xp.__name__.rsplit(".", 1)[1]
    with arraykit.array_objects(name):
        yield xp


# ------------------------------------------------------------------------------ promotion

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64", "complex64", "complex128"]


def test_integer_with_floating_arrays_promotes_to_the_floating_dtype(xp):
    # torch's and JAX's rule (NumPy widens int32 + float32 to float64 instead).
    for i in held(xp, INTS):
        for f in held(xp, FLOATS):
            a = xp.asarray([1, 2, 3], dtype=getattr(xp, i))
            b = xp.asarray([0.5, 1.5, 2.5], dtype=getattr(xp, f))
            want = np.asarray([1.5, 3.5, 5.5], dtype=f)
            for r in (xp.add(a, b), xp.add(b, a)):
                assert r.dtype == getattr(xp, f), (i, f)
                np.testing.assert_array_equal(host(r), want)
            assert xp.result_type(a, b) == getattr(xp, f)
            assert xp.result_type(getattr(xp, f), getattr(xp, i)) == getattr(xp, f)
            assert xp.where(xp.asarray([True, False, True]), a, b).dtype == getattr(xp, f)


def test_mixed_kind_promotion_through_operators(enabled):
    xp = enabled
    a = xp.asarray([1, 2], dtype=xp.int64)
    b = xp.asarray([0.5, 0.25], dtype=xp.float32)
    r = a * b
    assert r.dtype == xp.float32
    np.testing.assert_array_equal(host(r), np.asarray([0.5, 0.5], dtype=np.float32))


def test_bool_with_numbers_and_can_cast_stay_standard(xp):
    b = xp.asarray([True, False])
    f = xp.asarray([1.0, 2.0], dtype=xp.float32)
    with pytest.raises(TypeError):
        xp.add(b, f)
    # Promotion is not casting: int64 -> float32 loses precision.
    assert not xp.can_cast(xp.int64, xp.float32)


# ------------------------------------------------------------------------- Python dtypes


@pytest.mark.parametrize("pytype", [bool, int, float, complex])
def test_python_types_as_dtype(xp, pytype):
    # NumPy, torch and JAX all take them: bool, then each kind's default (int64, float64,
    # complex128 in NumPy and torch).
    name = np.dtype(pytype).name
    calls = {
        "asarray": lambda: xp.asarray([1, 0], dtype=pytype),
        "zeros": lambda: xp.zeros(2, dtype=pytype),
        "ones": lambda: xp.ones(2, dtype=pytype),
        "full": lambda: xp.full(2, 1, dtype=pytype),
        "zeros_like": lambda: xp.zeros_like(xp.asarray([1, 2]), dtype=pytype),
        "astype": lambda: xp.astype(xp.asarray([1, 0]), pytype),
    }
    if name not in held(xp, [name]):
        for fname, call in calls.items():
            with pytest.raises(TypeError, match=name):
                call()
        return
    for fname, call in calls.items():
        r = call()
        assert r.dtype == getattr(xp, name), fname
        want = {"zeros": [0, 0], "zeros_like": [0, 0], "ones": [1, 1], "full": [1, 1]}.get(
            fname, [1, 0])
        np.testing.assert_array_equal(host(r), np.asarray(want, dtype=pytype))
    if pytype is not bool:
        assert xp.sum(xp.asarray([1, 2]), dtype=pytype).dtype == getattr(xp, name)


def test_non_dtypes_still_refused(xp):
    for bad in (str, object, list, 1.0):
        with pytest.raises(TypeError):
            xp.zeros(2, dtype=bad)


# ----------------------------------------------------------------------- NaN in sorting

NAN = float("nan")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sort_puts_nan_last_as_numpy(xp, dtype):
    rng = np.random.default_rng(0)
    pool = np.array([NAN, -NAN, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.5], dtype=dtype)
    for _ in range(20):
        a = rng.choice(pool, size=(3, 7))
        x = xp.asarray(a)
        for axis in (0, -1):
            np.testing.assert_array_equal(host(xp.argsort(x, axis=axis)),
                                          np.argsort(a, axis=axis, kind="stable"))
            np.testing.assert_array_equal(host(xp.sort(x, axis=axis)),
                                          np.sort(a, axis=axis, kind="stable"))
    x = xp.asarray(np.asarray([3, NAN, 1, 2], dtype=dtype))
    np.testing.assert_array_equal(host(xp.sort(x)), [1, 2, 3, NAN])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_descending_sort_is_stable_with_nan_first(xp, dtype):
    a = np.asarray([[3, NAN, 1, 3, -0.0, NAN, 0.0, np.inf]], dtype=dtype)
    # Largest first with NaN the largest (NumPy via array-api-compat, torch, JAX and
    # array-api-strict all do this), equal elements in their original order.
    want = [1, 5, 7, 0, 3, 2, 4, 6]
    try:
        import array_api_strict as strict
    except ImportError:
        pass
    else:
        assert np.asarray(strict.argsort(strict.asarray(a), descending=True))[0].tolist() == want
    np.testing.assert_array_equal(host(xp.argsort(xp.asarray(a), descending=True))[0], want)
    np.testing.assert_array_equal(host(xp.sort(xp.asarray(a), descending=True))[0], a[0, want])


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_nan_sorts_last_as_numpy(xp, side):
    s = np.asarray([-np.inf, 1.0, 2.0, np.inf, NAN, NAN])
    v = np.asarray([NAN, 2.0, 5.0, np.inf, -np.inf, 0.0])
    got = xp.searchsorted(xp.asarray(s), xp.asarray(v), side=side)
    np.testing.assert_array_equal(host(got), np.searchsorted(s, v, side=side))


# ------------------------------------------------------------------ empty reductions


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


# ---------------------------------------------------------------- Python conversions


def _outcome(f):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return repr(f())
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return type(e).__name__


@pytest.mark.parametrize("value", [1.5, 2, True, [3], [1.5], [1, 2], []],
                         ids=["float0d", "int0d", "bool0d", "int1", "float1", "int2", "empty"])
def test_scalar_conversions_match_numpy(enabled, value):
    xp = enabled
    a = np.asarray(value, dtype=np.float64 if value == [] else None)
    x = xp.asarray(a)
    for conv in (operator.index, int, float, bool, complex):
        want, got = _outcome(lambda: conv(a)), _outcome(lambda: conv(x))
        assert got == want, (conv, value)


# --------------------------------------------------------- integer arrays with slices

_I = np.array([[0, 2], [1, 1]])
_J = np.array([1, 0])


@pytest.mark.parametrize("key", [
    (Ellipsis, _J), (Ellipsis, _I), (slice(None), _I), (_J, slice(None), _I),
    (slice(None), _J, _J), (Ellipsis, _J, _J), (1, Ellipsis, _J), (slice(1, None), _J, Ellipsis),
    (_J, Ellipsis, -1), (slice(None, None, -1), _J, 0), (0, slice(None), _J, slice(1, 3)),
    (_J, 1, slice(None), _J), (Ellipsis, _J, slice(None)), (slice(None), slice(None), _I),
], ids=lambda k: "".join("a" if isinstance(v, np.ndarray) else "." if v is Ellipsis
                         else ":" if isinstance(v, slice) else "i" for v in k))
def test_integer_arrays_mixed_with_slices_as_numpy(enabled, key):
    xp = enabled
    a = np.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)
    x = xp.asarray(a)
    k = tuple(xp.asarray(v) if isinstance(v, np.ndarray) else v for v in key)
    want = a[key]
    got = host(x[k])
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_integer_array_after_ellipsis_out_of_bounds(enabled):
    xp = enabled
    x = xp.asarray(np.arange(6).reshape(2, 3))
    with pytest.raises(IndexError):
        host(x[..., xp.asarray([3])])


# ----------------------------------------------------------------------------- devices


def test_devices_is_a_tuple_that_a_list_extends(xp):
    devices = xp.__array_namespace_info__().devices()
    assert isinstance(devices, tuple)  # 2025.12
    assert xp.__array_namespace_info__().default_device() in devices
    # SciPy's conftest (written when devices() was a list) does ``devices() + [None]``.
    assert devices + [None] == [*devices, None]
    assert [None] + devices == [None, *devices]
    assert devices + (None,) == (*devices, None)
    with pytest.raises(TypeError):
        devices + None


# ------------------------------------------------------------ MXNet: host conversion


def test_mxnet_numpy_asarray_under_enable():
    pytest.importorskip("mxnet")
    import arraykit.shims.mxnet as xp  # noqa: PLC0415

    for dtype in ("bool", "uint8", "int64", "float32"):
        x = xp.asarray([1, 0, 1], dtype=getattr(xp, dtype))
        with arraykit.array_objects("mxnet"):
            a = np.asarray(x)
            assert a.dtype == np.dtype(dtype) and a.tolist() == [1, 0, 1]
            assert np.asarray(x, dtype=np.float64).dtype == np.float64
            with pytest.raises(ValueError, match="copy"):
                x.__array__(copy=False)
        assert "__array__" not in type(x).__dict__  # disable() removes it


def test_mxnet_bool_dlpack_is_a_clean_error():
    pytest.importorskip("mxnet")
    import arraykit.shims.mxnet as xp  # noqa: PLC0415

    x = xp.asarray([True, False])
    with arraykit.array_objects("mxnet"):
        with pytest.raises(BufferError, match="bool"):
            np.from_dlpack(x)
        np.testing.assert_array_equal(np.from_dlpack(xp.asarray([1, 2])), [1, 2])


def test_mxnet_raises_no_deprecation_warning_through_arraykit():
    pytest.importorskip("mxnet")
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    code = """if 1:
        import numpy as np
        import arraykit
        import arraykit.shims.mxnet as xp   # imports MXNet (eleven warnings of its own)
        import mxnet as mx
        x = xp.asarray([1.0, 2.0, 3.0])
        xp.asarray(x, device=mx.cpu(0), copy=True)
        xp.astype(x, xp.float64, device=mx.cpu(0))
        with arraykit.array_objects("mxnet"):
            x.to_device(mx.cpu(0))
            x[x > 1.5] = 0.0             # MXNet reads np.bool for a mask
            x[xp.asarray([0])] = 5.0
            x[True]
            x[xp.asarray([0, 1])]        # ... and as_in_context for an index array
            xp.asarray([[1, 2]])[:, xp.asarray([1])]
            assert x.tolist() == [5.0, 0.0, 0.0], x
        print("ok")
    """
    r = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code],
                       capture_output=True, text=True, timeout=300)
    assert r.stdout.strip().endswith("ok"), r.stderr[-3000:]


def test_slices_with_0d_array_bounds(enabled):
    """``x[:n]`` with ``n`` a 0-d array (``n = xp.sum(mask)``), as scikit-learn writes it."""
    xp = enabled
    a = np.arange(10.0)
    x = xp.asarray(a)
    n = xp.sum(xp.asarray([1, 1, 1]))
    np.testing.assert_array_equal(host(x[:n]), a[:3])
    np.testing.assert_array_equal(host(x[(slice(1, n),)]), a[1:3])
    np.testing.assert_array_equal(host(x[n:]), a[3:])


@pytest.mark.parametrize("scalar", [1.5, np.float64(1.5)])
def test_float_scalar_with_integer_array_promotes_to_the_default_float(xp, scalar):
    """``int_array * 1.5``: NumPy, torch and JAX give a floating result (the standard leaves
    it undefined); the shims compute in their default floating dtype."""
    default = xp.__array_namespace_info__().default_dtypes()["real floating"]
    x = xp.asarray([1, 2])
    for out in (xp.multiply(x, scalar), xp.multiply(scalar, x)):
        assert out.dtype == default
        np.testing.assert_allclose(host(out), [1.5, 3.0])
    assert xp.result_type(x, 1.5) == default
    with pytest.raises(TypeError):
        xp.add(xp.asarray([True]), 1.5)


def test_numpy_scalars_are_0d_arrays_of_their_dtype(xp):
    x = xp.asarray([1.0, 2.0], dtype=xp.float32)
    out = xp.add(x, np.float32(0.5))
    assert out.dtype == xp.float32
    np.testing.assert_allclose(host(out), [1.5, 2.5])


def test_numpy_index_arrays(enabled):
    """A NumPy mask or index array indexes as NumPy does (MXNet read a bool mask as 0/1)."""
    xp = enabled
    a = np.arange(5.0)
    mask = np.array([True, False, True, True, False])
    x = xp.asarray(a)
    np.testing.assert_array_equal(host(x[mask]), a[mask])
    np.testing.assert_array_equal(host(x[np.array([4, 0])]), a[[4, 0]])
    if xp.__name__.endswith("mxnet"):  # writeable arrays
        y = xp.zeros(5, dtype=xp.float64)
        y[mask] = x[mask]
        want = np.zeros(5)
        want[mask] = a[mask]
        np.testing.assert_array_equal(host(y), want)


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


def test_mxnet_assignment_casts_and_self_copy_is_quiet():
    """``x[i] = value`` casts to x's dtype as NumPy does (MXNet refused: "Type inconsistent"),
    and ``x[...] = x`` raises no RuntimeWarning (errors under warnings-as-errors)."""
    pytest.importorskip("mxnet")
    import warnings

    import arraykit.shims.mxnet as xp

    with arraykit.array_objects("mxnet"):
        x = xp.asarray([1, 2, 3])
        x[0] = xp.asarray(2.7, dtype=xp.float32)
        assert x.dtype == xp.int64 and host(x).tolist() == [2, 2, 3]
        y = xp.asarray([1.0, 2.0])
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            y[...] = y
        assert host(y).tolist() == [1.0, 2.0]
