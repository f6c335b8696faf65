"""Creation functions: default dtypes, eye, full, asarray, from_dlpack."""

from __future__ import annotations

import math

import numpy as np
import pytest
from frameworks import installed, require
from shim_helpers import (
    MX_ONLY,
    SHIMS,
    TF_ONLY,
    assert_ran_clean,
    host,
    run_isolated,
    tf,
)

import arraykit
from arraykit._registry import BY_NAME


@TF_ONLY
def test_defaults_are_64_bit(xp):
    assert xp.asarray([1, 2]).dtype is tf.int64
    assert xp.asarray([1.0]).dtype is tf.float64
    assert xp.asarray(1j).dtype is tf.complex128
    assert xp.arange(3).dtype is tf.int64
    assert xp.zeros(2).dtype is tf.float64


@MX_ONLY
def test_integer_literals_give_int64(xp):
    assert xp.asarray([1, 2, 3]).dtype == xp.int64
    assert xp.asarray(7).dtype == xp.int64
    assert xp.full((2,), 3).dtype == xp.int64
    assert xp.arange(5).dtype == xp.int64
    assert xp.asarray([True, False]).dtype == xp.bool
    assert xp.asarray([1.5]).dtype == xp.float32
    assert host(xp.asarray([2**62 + 1]))[0] == 2**62 + 1


@SHIMS
def test_eye_bool(xp):
    for args, kw in [((2,), {}), ((2, 3), {"k": 1}), ((3,), {"k": -1}), ((2,), {"k": 5})]:
        r = xp.eye(*args, dtype=xp.bool, **kw)
        assert r.dtype == xp.bool
        assert (host(r) == np.eye(*args, dtype=bool, **kw)).all()


@SHIMS
def test_full_keeps_the_sign_of_zero(xp):
    # MXNet's scalar parameter turned -0.0 into +0.0 (array-api-tests' repeat check found it).
    for dt in (xp.float32, xp.float64):
        assert np.signbit(host(xp.full((3,), -0.0, dtype=dt))).all()
        assert np.signbit(host(xp.full((), -0.0, dtype=dt)))
        assert not np.signbit(host(xp.full((3,), 0.0, dtype=dt))).any()


@SHIMS
def test_numpy_scalars_are_0d_arrays_of_their_dtype(xp):
    x = xp.asarray([1.0, 2.0], dtype=xp.float32)
    out = xp.add(x, np.float32(0.5))
    assert out.dtype == xp.float32
    np.testing.assert_allclose(host(out), [1.5, 2.5])


@MX_ONLY
def test_mxnet_numpy_asarray_under_enable(xp):

    for dtype in ("bool", "uint8", "int64", "float32"):
        x = xp.asarray([1, 0, 1], dtype=getattr(xp, dtype))
        with arraykit.array_objects("mxnet"):
            a = np.asarray(x)
            assert a.dtype == np.dtype(dtype) and a.tolist() == [1, 0, 1]
            assert np.asarray(x, dtype=np.float64).dtype == np.float64
            with pytest.raises(ValueError, match="copy"):
                x.__array__(copy=False)
        assert "__array__" not in type(x).__dict__  # disable() removes it


@MX_ONLY
def test_mxnet_bool_dlpack_is_a_clean_error(xp):

    x = xp.asarray([True, False])
    with arraykit.array_objects("mxnet"):
        with pytest.raises(BufferError, match="bool"):
            np.from_dlpack(x)
        np.testing.assert_array_equal(np.from_dlpack(xp.asarray([1, 2])), [1, 2])


@pytest.mark.parametrize("backend_name", ["tensorflow", "mxnet"])
def test_asarray_of_deeply_nested_list_raises_value_error(backend_name):
    # (NumPy 2 and torch raise ValueError themselves; jax.numpy.asarray, jax's own, still
    # raises RecursionError: not covered here.)
    require(BY_NAME[backend_name].package)
    xp = BY_NAME[backend_name].load_namespace()
    deep = 1.0
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(ValueError, match="asarray: "):
        xp.asarray(deep)
    # 64 levels (NumPy's maximum rank) still work where the framework allows that rank.
    ok = 1.0
    for _ in range(30):
        ok = [ok]
    assert xp.asarray(ok).shape == (1,) * 30


_TF_MISALIGNED = """
    import numpy as np, tensorflow as tf
    from arraykit.shims import tensorflow as xp

    def views(dtype):
        # A buffer starting 64-aligned, then views at every offset that breaks alignment.
        item = np.dtype(dtype).itemsize
        buf = np.zeros(4096 + 64, np.uint8)
        start = (-buf.ctypes.data) % 64
        base = buf[start:start + 4096].view(dtype)
        base[:] = np.arange(base.size).astype(dtype)
        yield base[:16]                      # aligned: zero-copy is fine
        for k in range(1, 64 // item):
            yield base[k:k + 16]             # offset views
        yield base[1:33:2]                   # non-contiguous
        yield base[:32].reshape(4, 8)[1:, 2:]

    for dtype in ("int32", "int64", "float32", "float64", "int8", "uint8", "bool",
                  "complex64", "complex128", "int16", "uint16", "uint32", "uint64"):
        for a in views(dtype):
            for f in ("asarray", "from_dlpack"):
                try:
                    t = (xp.asarray(a, copy=False) if f == "asarray"
                         else xp.from_dlpack(a, copy=False))
                except ValueError:
                    t = None  # a copy would be needed: refused, as copy=False asks
                for tt in ([t] if t is not None else []) + [
                        xp.asarray(a), xp.from_dlpack(a), xp.asarray(a, copy=True)]:
                    flat = tf.reshape(tt, [-1])
                    g = tf.gather(flat, [0, 1])        # a kernel that checks alignment
                    assert np.array_equal(g.numpy(), a.reshape(-1)[:2]), (dtype, f)
                    assert np.array_equal(tt.numpy(), a), (dtype, f)
    # The issue's reproducer.
    a = np.arange(17, dtype=np.int32)[1:]
    t = xp.asarray(a, copy=False) if a.ctypes.data % 64 == 0 else xp.asarray(a)
    assert xp.take(t, xp.asarray([0, 1])).numpy().tolist() == [1, 2]
    t = xp.from_dlpack(a)
    assert xp.take(t, xp.asarray([0, 1])).numpy().tolist() == [1, 2]
    print("ok")
"""


def test_tensorflow_dlpack_import_of_misaligned_memory_does_not_abort():
    require("tensorflow")
    assert_ran_clean(run_isolated(_TF_MISALIGNED, timeout=300))


def test_tensorflow_copy_false_is_refused_for_misaligned_memory():
    require("tensorflow")
    from arraykit.shims import tensorflow as xp

    buf = np.zeros(4096 + 64, np.uint8)
    start = (-buf.ctypes.data) % 64
    a = buf[start + 4:start + 4 + 64].view(np.int32)  # 4 bytes past a 64-byte boundary
    with pytest.raises(ValueError, match=r"asarray: .*copy=False"):
        xp.asarray(a, copy=False)
    with pytest.raises(ValueError, match=r"from_dlpack: .*copy=False"):
        xp.from_dlpack(a, copy=False)
    aligned = buf[start:start + 64].view(np.int32)
    t = xp.asarray(aligned, copy=False)   # zero-copy where it is safe
    aligned[0] = 7
    assert int(t[0]) == 7



def _write_first(c) -> None:
    """Write 99 into ``c``'s first element through its memory: torch's DLPack import (TF
    tensors have no item assignment), or the framework's own item assignment where this
    environment has no torch (MXNet's)."""
    if installed("torch"):
        require("torch").from_dlpack(c)[0] = 99
    else:
        c[0] = 99


@SHIMS
@pytest.mark.parametrize("how", ["asarray", "astype", "asarray of a NumPy array"]
                         + (["asarray of a torch tensor"] if installed("torch") else []))
def test_copy_true_is_a_new_buffer(xp, how):
    # asarray(t, copy=True) and astype(t, t.dtype, copy=True) returned TF's tf.identity of t,
    # a handle to the same memory; asarray(torch_tensor, copy=True) imported it zero-copy.
    if how == "asarray of a torch tensor":
        src = require("torch").arange(100, dtype=require("torch").float32)
    elif how == "asarray of a NumPy array":
        src = np.arange(100, dtype=np.float32)
    else:
        src = xp.asarray(np.arange(100, dtype=np.float32))
    c = xp.astype(src, src.dtype, copy=True) if how == "astype" else xp.asarray(src, copy=True)
    _write_first(c)
    assert float(host(c)[0]) == 99
    assert float(np.asarray(src)[0] if how.startswith("asarray of") else host(src)[0]) == 0


# --- the rules written once in shims/_common/creation.py ------------------------------------

#: The four full shims, whose creation rules are ``_common.creation``'s.
FULL_SHIMS = pytest.mark.backends(
    "tensorflow", "mxnet", "mlx", "paddle", reason="the full shims' creation rules, written "
    "once in shims/_common/creation.py (NumPy's answers as the reference)")


def _float_names(xp):
    return [n for n in ("float32", "float64", "complex64", "complex128") if hasattr(xp, n)
            and n in xp.__array_namespace_info__().dtypes()]


@FULL_SHIMS
@pytest.mark.parametrize(("start", "stop", "num", "endpoint"), [
    (0.1, 0.7, 7, True), (0.1, 0.7, 7, False), (-3.3, 1e-3, 11, True), (1.0, 1.0, 4, True),
    (0.0, 1.0, 1, True), (0.0, 1.0, 0, True), (2.5, -1.25, 9, False), (1e300, -1e300, 5, True),
], ids=repr)
def test_linspace_values_are_numpys(xp, start, stop, num, endpoint):
    # MXNet's own arithmetic put linspace(0.1, 0.7, 7)[2] one ulp from NumPy's (5.6e-17)
    for name in _float_names(xp):
        if name.startswith("complex"):
            a, b = complex(start, -stop), complex(stop, start)
        else:
            a, b = start, stop
        r = xp.linspace(a, b, num, dtype=getattr(xp, name), endpoint=endpoint)
        assert r.dtype == getattr(xp, name)
        with np.errstate(over="ignore"):
            want = np.linspace(a, b, num, endpoint=endpoint).astype(name)
        np.testing.assert_array_equal(host(r), want, err_msg=name)


@FULL_SHIMS
@pytest.mark.parametrize("dtype", ["int64", "int32", "uint8", "bool"])
def test_linspace_refuses_a_non_floating_dtype(xp, dtype):
    # Paddle and MXNet cast the float64 values, rounding toward zero (NumPy floors them):
    # linspace(-1, 0, 3, dtype=int64) was [-1, 0, 0] there, [-1, -1, 0] in NumPy
    with pytest.raises(TypeError, match="linspace"):
        xp.linspace(-1, 0, 3, dtype=getattr(xp, dtype))


@FULL_SHIMS
def test_linspace_takes_the_dtype_of_0d_array_endpoints(xp):
    # NumPy 2's dtype; MLX, Paddle and MXNet gave their default float (float32)
    for name in _float_names(xp):
        end = xp.asarray(1.0, dtype=getattr(xp, name))
        r = xp.linspace(end, 3.0, 5)
        assert r.dtype == getattr(xp, name)
        np.testing.assert_array_equal(host(r), np.linspace(1.0, 3.0, 5).astype(name))
    # an integer 0-d array is a number: the default float, as an int
    r = xp.linspace(xp.asarray(1, dtype=xp.int32), 3, 5)
    assert r.dtype == xp.linspace(1, 3, 5).dtype


@FULL_SHIMS
def test_linspace_refuses_endpoints_that_are_no_scalars(xp):
    # MLX returned a 2-d array for both (numpy.linspace's broadcasting); MXNet raised TypeError
    # and Paddle its own ValueError for the first, TF and Paddle float()'s TypeError for the
    # second
    with pytest.raises(ValueError, match="linspace"):
        xp.linspace(xp.asarray([0.0, 1.0]), 2.0, 3)
    with pytest.raises(TypeError, match="linspace"):
        xp.linspace([0.0, 1.0], 2.0, 3)
    with pytest.raises(TypeError, match="linspace"):
        xp.linspace(0.0, "1", 3)


def _k_cases(xp):
    return [True, np.int64(1), np.uint8(1), xp.asarray(1, dtype=xp.int32)]


@FULL_SHIMS
def test_k_is_read_as_numpy_reads_it(xp):
    # operator.index's reading: MLX and Paddle refused k=True (and 0-d arrays), MXNet's eye
    # raised its own MXNetError for it; k=1.5 is a TypeError (MXNet's tril took it as 1)
    m = xp.asarray(np.arange(1.0, 13.0).reshape(3, 4))
    for k in _k_cases(xp):
        np.testing.assert_array_equal(host(xp.eye(3, k=k)), np.eye(3, k=1), err_msg=repr(k))
        np.testing.assert_array_equal(host(xp.tril(m, k=k)), np.tril(host(m), k=1))
        np.testing.assert_array_equal(host(xp.triu(m, k=k)), np.triu(host(m), k=1))
    for f in (lambda k: xp.eye(3, k=k), lambda k: xp.tril(m, k=k), lambda k: xp.triu(m, k=k)):
        for bad in (1.5, "1", xp.asarray(1.0), xp.asarray([1])):
            with pytest.raises(TypeError, match="k must be an int"):
                f(bad)


@FULL_SHIMS
@pytest.mark.parametrize("k", [2**70, -2**70, 2**63, -2**63 - 1, 4, -3, 5, -4])
def test_tril_and_triu_take_any_k(xp, k):
    # beyond int64 MXNet's triu kept every value, TF raised ValueError, MLX TypeError and
    # Paddle SystemError
    a = np.arange(1.0, 13.0).reshape(3, 4)
    m = xp.asarray(a)
    np.testing.assert_array_equal(host(xp.tril(m, k=k)), np.tril(a, k=max(min(k, 9), -9)))
    np.testing.assert_array_equal(host(xp.triu(m, k=k)), np.triu(a, k=max(min(k, 9), -9)))
    np.testing.assert_array_equal(host(xp.eye(3, 4, k=k)), np.eye(3, 4, k=max(min(k, 9), -9)))


@FULL_SHIMS
def test_meshgrid_takes_one_dimensional_arrays_only(xp):
    # TF and MXNet flattened a 2-d input; MLX and Paddle refused it, as NumPy 2
    with pytest.raises(ValueError, match="meshgrid"):
        xp.meshgrid(xp.asarray(np.ones((2, 2))))
    with pytest.raises(ValueError, match="meshgrid"):
        xp.meshgrid(xp.asarray([1.0, 2.0]), xp.asarray(1.0))


@FULL_SHIMS
def test_full_refuses_a_fill_value_no_integer_holds(xp):
    # MLX and MXNet filled NaN as INT_MIN; TF and Paddle raised int()'s error, naming nothing
    v = xp.zeros((2,), dtype=xp.int32)
    for f in (lambda fv: xp.full((2,), fv, dtype=xp.int32), lambda fv: xp.full_like(v, fv)):
        with pytest.raises(ValueError, match="full"):
            f(float("nan"))
        for big in (float("inf"), -float("inf"), 1e20, 2**31):
            with pytest.raises(OverflowError, match="full"):
                f(big)
        np.testing.assert_array_equal(host(f(-1.5)), [-1, -1])  # truncated, as NumPy's cast
        np.testing.assert_array_equal(host(f(True)), [1, 1])


@FULL_SHIMS
def test_full_fill_value_is_a_scalar_or_a_0d_array(xp):
    # a 0-d array gives its dtype, as NumPy's full (TF made float32 float64, MXNet refused
    # arrays); one of another shape is refused (TF, MLX and Paddle took any 1-element array);
    # anything else is a TypeError naming the function (TF's named none, MLX and TF raised
    # ValueError in full_like)
    r = xp.full((2,), xp.asarray(2.5, dtype=xp.float32))
    assert r.dtype == xp.float32
    np.testing.assert_array_equal(host(r), [2.5, 2.5])
    v = xp.zeros((2,), dtype=xp.int32)
    np.testing.assert_array_equal(host(xp.full_like(v, xp.asarray(3))), [3, 3])  # Paddle refused
    for bad in (xp.asarray([2.5]), "a", None, [1]):
        with pytest.raises(TypeError, match="full"):
            xp.full((2,), bad)
        with pytest.raises(TypeError, match="full_like"):
            xp.full_like(v, bad)


@FULL_SHIMS
@pytest.mark.parametrize(("args", "dtype"), [
    ((-2.5, 1), "int64"), ((0.5, 5, 1.5), "int64"), ((0, 3, 0.5), "int32"),
    ((10.7, 2, -2.2), "int16"), ((250, 260), "uint8"), ((3,), "complex64"),
    ((0.25, 2, 0.5), "float32"), ((5, -5, -3), "int8"),
], ids=repr)
def test_arange_values_are_numpys(xp, args, dtype):
    # an integer dtype with float arguments: NumPy's int(start) + i * (int(start + step) -
    # int(start)); Paddle and MXNet truncated start + i * step ([-2, -1, 0, 0] for the
    # first), TF used int(step) ([0, 1, 2] for the second); MLX refused complex dtypes
    if dtype not in xp.__array_namespace_info__().dtypes():
        # a dtype the framework lacks (MXNet: int16, complex): refused by name, never emulated
        with pytest.raises(TypeError, match="arange"):
            xp.arange(*args, dtype=getattr(xp, dtype))
        return
    r = xp.arange(*args, dtype=getattr(xp, dtype))
    assert r.dtype == getattr(xp, dtype)
    np.testing.assert_array_equal(host(r), np.arange(*args, dtype=dtype))


@FULL_SHIMS
def test_arange_arguments_and_dtype(xp):
    # bools are ints and 0-d arrays their numbers, as NumPy (MLX refused True; MLX, Paddle
    # and MXNet refused 0-d arrays); a bool dtype is refused (TF, Paddle and MXNet gave
    # [False, True, True] for arange(3)); a start beyond the dtype's range and a length that
    # is no number raise NumPy's classes
    np.testing.assert_array_equal(host(xp.arange(True)), [0])
    np.testing.assert_array_equal(host(xp.arange(xp.asarray(3))), [0, 1, 2])
    np.testing.assert_array_equal(host(xp.arange(xp.asarray(0.5), 2)), [0.5, 1.5])
    assert xp.arange(xp.asarray(3)).dtype == xp.int64
    with pytest.raises(TypeError, match="arange"):
        xp.arange(3, dtype=xp.bool)
    with pytest.raises(TypeError, match="arange"):
        xp.arange(xp.asarray([3]))
    with pytest.raises(TypeError, match="arange"):
        xp.arange(1j)
    with pytest.raises(OverflowError, match="arange"):
        xp.arange(-5, 0, dtype=xp.uint8)
    for stop in (float("inf"), float("nan")):
        with pytest.raises(ValueError, match="arange"):
            xp.arange(0, stop)


@FULL_SHIMS
def test_from_dlpack_copy_false_needing_a_copy_is_a_value_error(xp):
    # the standard's from_dlpack raises ValueError "if data exchange is possible via an
    # explicit copy but copy is set to False" (MLX and Paddle raised BufferError, TF and MXNet
    # ValueError); a shim that can share the memory returns it
    src = np.array([True, False, True])
    if xp.__name__.endswith(".paddle"):  # Paddle's import shares it
        np.testing.assert_array_equal(host(xp.from_dlpack(src, copy=False)), src)
    else:
        # Strided memory: TF shares only contiguous, 64-byte aligned buffers (a bool array
        # happened to be aligned in some runs, and TF 2.21 imports bool); MLX/MXNet copy all.
        strided = np.arange(6.0)[::2]
        with pytest.raises(ValueError, match="from_dlpack"):
            xp.from_dlpack(strided, copy=False)
    with pytest.raises(TypeError, match="from_dlpack"):
        xp.from_dlpack([1, 2])


@pytest.mark.backends("numpy", "torch", "jax", "tensorflow", "mxnet", "mlx", "paddle",
                      "array_api_strict", reason="NumPy's OverflowError for a Python int out "
                      "of an integer dtype: torch wrapped it (full(2, -1, dtype=uint8) was "
                      "[255, 255]) or raised a RuntimeError")
def test_python_int_out_of_an_integer_dtype_is_an_overflow_error(xp):
    for call in (lambda: xp.full(2, -1, dtype=xp.uint8), lambda: xp.full(2, 300, dtype=xp.int8),
                 lambda: xp.full_like(xp.ones(2, dtype=xp.uint8), -1),
                 lambda: xp.asarray(-1, dtype=xp.uint8), lambda: xp.asarray(300, dtype=xp.int8)):
        with pytest.raises(OverflowError):
            call()
    assert host(xp.full(2, 255, dtype=xp.uint8)).tolist() == [255, 255]


@pytest.mark.backends("numpy", "torch", "jax", "tensorflow", "mxnet", "mlx", "paddle",
                      "array_api_strict", reason="NumPy 2's OverflowError for a Python number "
                      "in a list out of an integer dtype: torch and NumPy 1.x wrapped a "
                      "negative int into uint8 ([-1] was [255]), Paddle and MXNet an int of "
                      "mixed data ([1.5, 300] into int8 was [1, 44])")
def test_python_numbers_in_a_list_out_of_an_integer_dtype_are_an_overflow_error(xp):
    for obj, dtype in (([1, -1], xp.uint8), ([[1], [-1]], xp.uint8), ((300, 1), xp.int8),
                       ([1.5, 300], xp.int8), ([2.5, -129], xp.int8), ([2**40], xp.int32)):
        with pytest.raises(OverflowError, match=r"^asarray: "):
            xp.asarray(obj, dtype=dtype)
    with pytest.raises(OverflowError):  # as Python's int(inf)
        xp.asarray([float("inf"), 1], dtype=xp.int8)
    with pytest.raises(ValueError, match="NaN"):  # as Python's int(nan)
        xp.asarray([1.5, float("nan")], dtype=xp.int8)
    assert host(xp.asarray([1.5, -128, 127], dtype=xp.int8)).tolist() == [1, -128, 127]
    assert host(xp.asarray([[0, 255]], dtype=xp.uint8)).tolist() == [[0, 255]]
    assert host(xp.asarray([True, 2], dtype=xp.int8)).tolist() == [1, 2]


@SHIMS
def test_full_like_of_a_python_float_fills_the_arrays_dtype_exactly(xp):
    # The fast paths (a Python float into x's float dtype: Paddle's and MLX's full kernel,
    # MXNet's full_like operator) against NumPy's full: rounding to float32, signed zeros,
    # NaN, infinities, values past float32's range and subnormals (MXNet's parameter turns
    # -0.0 into +0.0 and flushes tiny values: those take its host path).
    for dtype in ("float32", "float64"):
        x = xp.asarray(np.ones((2, 3), dtype))
        for v in (2.5, 0.1, -0.0, 0.0, math.nan, math.inf, -math.inf, 1e300, 1e-310, 1e-45,
                  3.4028235e38):
            got = host(xp.full_like(x, v))
            with np.errstate(over="ignore"):
                want = np.full((2, 3), v, dtype)
            assert got.dtype == want.dtype and got.shape == want.shape, (dtype, v)
            same = (got == want) | (np.isnan(got) & np.isnan(want))
            assert same.all() and (np.signbit(got) == np.signbit(want)).all(), (dtype, v, got)
