"""Fast checks of the MXNet shim (run in the mxnet environment; skipped elsewhere)."""

import math

import numpy as onp
import pytest

mx = pytest.importorskip("mxnet")

from mxnet import autograd  # noqa: E402
from mxnet import np as mnp  # noqa: E402

import arraykit.shims.mxnet as xp  # noqa: E402


def host(x):
    return x.asnumpy()


# --- namespace and dtypes ---------------------------------------------------------------

def test_version_and_native_arrays():
    assert xp.__array_api_version__ == "2025.12"
    x = xp.asarray([1.0, 2.0])
    assert type(x) is mnp.ndarray
    assert type(xp.exp(x)) is mnp.ndarray


def test_integer_literals_give_int64():
    assert xp.asarray([1, 2, 3]).dtype == xp.int64
    assert xp.asarray(7).dtype == xp.int64
    assert xp.full((2,), 3).dtype == xp.int64
    assert xp.arange(5).dtype == xp.int64
    assert xp.asarray([True, False]).dtype == xp.bool
    assert xp.asarray([1.5]).dtype == xp.float32
    assert host(xp.asarray([2**62 + 1]))[0] == 2**62 + 1


def test_default_dtypes_reported():
    info = xp.__array_namespace_info__()
    d = info.default_dtypes()
    assert d["real floating"] == xp.float32
    assert d["integral"] == xp.int64 and d["indexing"] == xp.int64
    assert isinstance(info.devices(), tuple)
    assert info.default_device() in info.devices()


@pytest.mark.parametrize("name", ["int16", "uint16", "uint32", "uint64", "complex64",
                                  "complex128"])
def test_unsupported_dtypes_absent_and_raise(name):
    assert name not in xp.__array_namespace_info__().dtypes()
    dt = getattr(xp, name)
    for call in (lambda: xp.zeros(3, dtype=dt), lambda: xp.asarray([1], dtype=dt),
                 lambda: xp.astype(xp.ones(2), dt), lambda: xp.arange(3, dtype=dt)):
        with pytest.raises(TypeError, match=rf"MXNet.*{name}|{name}.*MXNet"):
            call()


def test_unsupported_promotion_raises():
    a = xp.asarray([1], dtype=xp.int8)
    b = xp.asarray([1], dtype=xp.uint8)
    with pytest.raises(TypeError, match="int16"):
        xp.add(a, b)


def test_promotion_with_arrays_and_scalars():
    i8 = xp.asarray([1, 2], dtype=xp.int8)
    i32 = xp.asarray([1, 2], dtype=xp.int32)
    f32 = xp.asarray([1, 2], dtype=xp.float32)
    f64 = xp.asarray([1, 2], dtype=xp.float64)
    assert xp.add(i8, i32).dtype == xp.int32
    assert xp.multiply(f32, f64).dtype == xp.float64
    assert xp.add(i8, 1).dtype == xp.int8
    assert xp.add(2, i8).dtype == xp.int8
    assert xp.multiply(f32, 0.5).dtype == xp.float32
    b = xp.asarray([True, False])
    assert xp.logical_and(b, True).dtype == xp.bool
    assert xp.add(i8, f32).dtype == xp.float32  # integer with floating: the floating dtype
    with pytest.raises(TypeError):
        xp.add(b, f32)  # no promotion between bool and numbers
    # A float scalar with an int array: the default floating dtype (NumPy, torch, JAX promote).
    assert xp.add(i8, 1.5).dtype == xp.float32
    assert xp.result_type(xp.int8, xp.int64) == xp.int64
    assert xp.can_cast(xp.int8, xp.int32) and not xp.can_cast(xp.float64, xp.float32)
    c = xp.clip(f32, 0, 1.5)
    assert c.dtype == xp.float32
    assert xp.clip(i32, xp.asarray([2], dtype=xp.int32)).dtype == xp.int32


def test_floor_divide_and_remainder():
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


def test_gap_fillers():
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


def test_2025_12_specifics():
    a, b = xp.asarray([1.0, 2.0, 3.0]), xp.asarray([[1.0], [2.0]])
    out = xp.broadcast_arrays(a, b)
    assert isinstance(out, tuple) and out[0].shape == (2, 3)
    assert isinstance(xp.meshgrid(a, a), tuple)
    assert xp.broadcast_shapes((2, 1), (3,)) == (2, 3)
    assert xp.expand_dims(a, axis=(0, 2)).shape == (1, 3, 1)
    assert xp.permute_dims(xp.ones((2, 3, 4)), (-1, 0, 1)).shape == (4, 2, 3)
    assert host(xp.searchsorted(a, 2.0)).tolist() == 1
    assert host(xp.isin(a, xp.asarray([2.0, 5.0]))).tolist() == [False, True, False]


# --- errors raise at the call -------------------------------------------------------------

def test_errors_at_the_call():
    with pytest.raises(ValueError):
        xp.max(xp.zeros((0,)))
    with pytest.raises(ValueError):
        xp.reshape(xp.ones((2, 3)), (4,))
    with pytest.raises(ValueError):
        xp.matmul(xp.ones((2, 3)), xp.ones((2, 3)))
    with pytest.raises(ValueError):
        xp.broadcast_to(xp.ones((3,)), (4,))
    with pytest.raises(IndexError):
        xp.sum(xp.ones((2,)), axis=3)
    with pytest.raises(ValueError):
        xp.squeeze(xp.ones((2, 3)), axis=0)


def test_fft_and_eig_raise_clearly():
    x = xp.ones((4,))
    with pytest.raises(TypeError, match="complex"):
        xp.fft.fft(x)
    with pytest.raises(TypeError, match="MXNet"):
        xp.linalg.eig(xp.eye(2))
    assert host(xp.fft.fftfreq(4)).tolist() == [0.0, 0.25, -0.5, -0.25]
    assert host(xp.fft.fftshift(xp.asarray([0, 1, 2, 3]))).tolist() == [2, 3, 0, 1]


# --- autograd -----------------------------------------------------------------------------

@pytest.mark.parametrize("fn,grad", [
    (lambda x: xp.sum(xp.exp(x)), lambda v: onp.exp(v)),
    (lambda x: xp.sum(xp.multiply(x, x)), lambda v: 2 * v),
    (lambda x: xp.mean(xp.matmul(xp.reshape(x, (1, 3)), xp.ones((3, 2), dtype=xp.float64))),
     lambda v: onp.ones(3)),
    (lambda x: xp.sum(xp.cumulative_prod(x)), lambda v: onp.array(
        [1 + v[1] + v[1] * v[2], v[0] + v[0] * v[2], v[0] * v[1]])),
    (lambda x: xp.sum(xp.where(x > 1.5, x, 0.0)), lambda v: (v > 1.5).astype(float)),
    (lambda x: xp.linalg.vector_norm(x), lambda v: v / onp.linalg.norm(v)),
])
def test_autograd(fn, grad):
    v = onp.array([1.0, 2.0, 3.0])
    x = xp.asarray(v, dtype=xp.float64)
    x.attach_grad()
    with autograd.record():
        y = fn(x)
    # The caller's own MXNet call on a 0-d result: in MXNet's NumPy mode, which the shim uses
    # for its own calls only (outside it MXNet fails to infer some backward shapes).
    with mx.util.np_shape(True), mx.util.np_array(True):
        y.backward()
    onp.testing.assert_allclose(host(x.grad), grad(v), rtol=1e-6)


# --- opt-in array object --------------------------------------------------------------------

def test_opt_in_enable_disable_restores_originals():
    cls = mnp.ndarray
    before = {n: cls.__dict__.get(n) for n in ("__add__", "__floordiv__", "__eq__", "mT",
                                                "__array_namespace__")}
    was = xp.array_object_enabled()
    xp.disable_array_object()
    try:
        xp.enable_array_object()
        assert xp.array_object_enabled()
        x = xp.asarray([[7, 8]])
        assert x.__array_namespace__() is xp
        assert x.mT.shape == (2, 1)
        assert x.device == mx.cpu(0)
        assert host(x // xp.asarray([[2, 3]])).tolist() == [[3, 2]]
        with pytest.raises(TypeError):
            xp.asarray([1], dtype=xp.int8) + xp.asarray([1], dtype=xp.uint8)
        xp.disable_array_object()
        assert not xp.array_object_enabled()
        after = {n: cls.__dict__.get(n) for n in before}
        assert after == {n: (v if not was else after[n]) for n, v in before.items()} or was
        assert not hasattr(x, "mT") or was
    finally:
        if was:
            xp.enable_array_object()


# --- MXNet defects the shim works around ------------------------------------------------------

def test_stable_nan_safe_argsort():
    v = onp.array([1.0, onp.nan, 0.5, 1.0, onp.nan, 0.5] * 5)
    for desc in (False, True):
        got = host(xp.argsort(xp.asarray(v, dtype=xp.float64), descending=desc))
        # Descending: NaN is the largest value (first), equal values in their original order.
        want = (onp.argsort(onp.where(onp.isnan(v), -onp.inf, -v), kind="stable") if desc
                else onp.argsort(v, kind="stable"))
        assert got.tolist() == want.tolist()
    z = xp.zeros((40,), dtype=xp.uint8)
    assert host(xp.argsort(z)).tolist() == list(range(40))


def test_zero_size_reductions_and_round():
    x = xp.zeros((3, 0), dtype=xp.int64)
    assert host(xp.sum(x, axis=1)).tolist() == [0, 0, 0]
    assert host(xp.prod(x, axis=1)).tolist() == [1, 1, 1]
    assert host(xp.all(x, axis=1)).tolist() == [True] * 3
    assert host(xp.linalg.trace(xp.zeros((2, 0, 0), dtype=xp.int64))).tolist() == [0, 0]
    assert math.isnan(host(xp.mean(xp.zeros((0,)))))
    assert host(xp.repeat(xp.zeros((1, 0), dtype=xp.bool), 2, axis=0)).shape == (2, 0)
    assert host(xp.where(xp.zeros((0, 3), dtype=xp.bool), xp.ones((1, 3)), 0.0)).shape == (0, 3)
    assert xp.where(xp.ones((1,) * 6 + (2,), dtype=xp.bool), 1.0, 0.0).shape == (1,) * 6 + (2,)
    r = xp.round(xp.asarray([0.5, 1.5, 2.5, 3.5, -2.5], dtype=xp.float64))
    assert host(r).tolist() == [0.0, 2.0, 2.0, 4.0, -2.0]
    assert bool(host(xp.signbit(xp.asarray(-0.0))))
    f = xp.asarray([7.20575940379279e16], dtype=xp.float64)
    assert host(xp.add(xp.zeros_like(f), 7.20575940379279e16))[0] == 7.20575940379279e16


# --- regressions from the differential harness ------------------------------------------

def test_broadcast_to_error_names_broadcast_to():
    with pytest.raises(ValueError, match="broadcast_to"):
        xp.broadcast_to(xp.ones((3,)), (4, 2))
    with pytest.raises(ValueError, match="broadcast_to"):
        xp.broadcast_to(xp.ones((3,)), (1,))


def test_eye_bool():
    for args, kw in [((2,), {}), ((2, 3), {"k": 1}), ((3,), {"k": -1}), ((2,), {"k": 5})]:
        r = xp.eye(*args, dtype=xp.bool, **kw)
        assert r.dtype == xp.bool
        assert (host(r) == onp.eye(*args, dtype=bool, **kw)).all()


def test_astype_refuses_dtype_name_string():
    x = xp.ones(3)
    with pytest.raises(TypeError, match="astype"):
        xp.astype(x, "float64")
    assert xp.astype(x, xp.float64).dtype == xp.float64


def test_repeat_zero_keeps_other_dims():
    x = xp.ones((3, 1))
    for reps in (0, xp.asarray(0), xp.asarray([0, 0, 0])):
        r = xp.repeat(x, reps, axis=0)
        assert r.shape == (0, 1)
        assert host(r).shape == (0, 1)
    assert xp.repeat(xp.ones((2, 3)), 0, axis=1).shape == (2, 0)


@pytest.mark.parametrize("func", [xp.argmin, xp.argmax])
def test_argminmax_zero_size_along_nonempty_axis(func):
    x = xp.ones((2, 0))
    r = func(x, axis=0)
    assert r.shape == (0,) and r.dtype == xp.int64
    assert host(r).shape == (0,)
    assert func(x, axis=0, keepdims=True).shape == (1, 0)
    with pytest.raises(ValueError, match=func.__name__):
        func(x, axis=1)
    with pytest.raises(ValueError, match=func.__name__):
        func(x)


_BINARY_NAMES = ["add", "subtract", "multiply", "divide", "equal", "not_equal", "less",
                 "greater", "atan2", "hypot", "pow", "maximum", "minimum", "remainder",
                 "floor_divide", "copysign", "logaddexp", "nextafter"]


@pytest.mark.parametrize("name", _BINARY_NAMES)
@pytest.mark.parametrize("shapes", [((2, 3), (4,)), ((0,), (2,))])
def test_binary_non_broadcastable_shapes_raise_value_error(name, shapes):
    f = getattr(xp, name)
    with pytest.raises(ValueError, match=name):
        f(xp.ones(shapes[0]), xp.ones(shapes[1]))
    # mixed dtypes take the slow (promoting) path
    with pytest.raises(ValueError, match=name):
        f(xp.ones(shapes[0], dtype=xp.float32), xp.ones(shapes[1], dtype=xp.float64))


@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor", "bitwise_and"])
def test_bool_binary_non_broadcastable_shapes(name):
    with pytest.raises(ValueError, match=name):
        getattr(xp, name)(xp.ones((2, 3), dtype=xp.bool), xp.ones((4,), dtype=xp.bool))
    assert getattr(xp, name)(xp.ones((2, 3), dtype=xp.bool),
                             xp.ones((3,), dtype=xp.bool)).shape == (2, 3)


@pytest.mark.parametrize("ord", [-1, -2, -0.5, -3, -math.inf])
def test_vector_norm_negative_ord_with_zero(ord):
    for data in ([0.0, 2.0], [2.0, 0.0, 1.0], [0.0, math.inf], [1.0, 2.0], [3.0, math.inf]):
        a = onp.asarray(data, dtype=onp.float32)
        with onp.errstate(divide="ignore"):
            ref = onp.linalg.norm(a, ord=ord)
        got = host(xp.linalg.vector_norm(xp.asarray(a), ord=ord))
        assert onp.allclose(got, ref, rtol=1e-5), (data, got, ref)
    assert math.isnan(float(host(xp.linalg.vector_norm(xp.asarray([0.0, math.nan]), ord=ord))))
    r = xp.linalg.vector_norm(xp.asarray([[0.0, 2.0], [1.0, 4.0]]), ord=ord, axis=1,
                              keepdims=True)
    assert r.shape == (2, 1) and host(r)[0, 0] == 0 and host(r)[1, 0] > 0


def test_take_out_of_bounds_raises_index_error():
    x = xp.ones(3)
    for idx in ([5], [3], [-4], [0, 1, 7]):
        with pytest.raises(IndexError, match="take"):
            xp.take(x, xp.asarray(idx))
    with pytest.raises(IndexError, match="take"):
        xp.take(xp.ones((2, 0)), xp.asarray([0]), axis=1)
    assert host(xp.take(x * 2, xp.asarray([-3, 2]))).tolist() == [2.0, 2.0]
    assert xp.take(xp.ones((2, 0)), xp.asarray([], dtype=xp.int64), axis=1).shape == (2, 0)


def test_take_along_axis_out_of_bounds_raises_index_error():
    x = xp.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(xp.ones(3), xp.asarray([5]), axis=0)
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(x, xp.asarray([[0], [-4]]), axis=1)
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(x, xp.asarray([[2, 0, 1]]), axis=0)
    assert host(xp.take_along_axis(x, xp.asarray([[-1], [0]]), axis=1)).tolist() == [[3.0],
                                                                                     [4.0]]


def test_full_keeps_the_sign_of_zero():
    # MXNet's scalar parameter turned -0.0 into +0.0 (array-api-tests' repeat check found it).
    for dt in (xp.float32, xp.float64):
        assert onp.signbit(host(xp.full((3,), -0.0, dtype=dt))).all()
        assert onp.signbit(host(xp.full((), -0.0, dtype=dt)))
        assert not onp.signbit(host(xp.full((3,), 0.0, dtype=dt))).any()
