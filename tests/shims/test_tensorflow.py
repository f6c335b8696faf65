"""Fast tests of the TensorFlow shim's main namespace (linalg/fft have their own file)."""

from __future__ import annotations

import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

tf = pytest.importorskip("tensorflow")

import arraykit.shims.tensorflow as xp  # noqa: E402
from arraykit.shims._common import dtypes as D  # noqa: E402
from arraykit.shims.tensorflow import _dtypes as T  # noqa: E402


def t(v, dtype):
    return tf.constant(np.asarray(v, dtype=dtype))


# --------------------------------------------------------------------------- namespace


def test_version_and_names():
    assert xp.__array_api_version__ == "2025.12"
    for name in ["abs", "add", "clip", "isin", "broadcast_shapes", "count_nonzero",
                 "cumulative_prod", "searchsorted", "take_along_axis", "unstack", "reciprocal",
                 "nextafter", "linalg", "fft", "__array_namespace_info__"]:
        assert hasattr(xp, name), name


def test_no_global_change_on_import():
    code = ("import tensorflow as tf; import arraykit.shims.tensorflow as xp; "
            "assert not hasattr(tf.Tensor, 'mT'); assert not hasattr(tf.Tensor, 'size'); "
            "assert not hasattr(tf.Tensor, '__array_namespace__'); "
            "assert not xp.array_object_enabled(); print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}, timeout=120)
    assert r.stdout.strip().endswith("ok"), r.stderr[-2000:]


# --------------------------------------------------------------------------- promotion


def test_promotion_table_matches_standard():
    # The standard's table plus integer with floating -> the floating dtype (torch's and
    # JAX's rule, ``D.MIXED_KIND_PROMOTION``).
    for a in D.ALL:
        for b in D.ALL:
            x, y = xp.ones(2, dtype=T.DTYPES[a]), xp.ones(2, dtype=T.DTYPES[b])
            want = D.promote_arrays(a, b)
            assert want == (D.promote(a, b) or D.MIXED_KIND_PROMOTION.get((a, b)))
            if want is None:
                with pytest.raises(TypeError, match="equal"):
                    xp.equal(x, y)
                with pytest.raises(TypeError):
                    xp.result_type(x, y)
                continue
            assert xp.equal(x, y).dtype is tf.bool
            assert xp.result_type(x, y) is T.DTYPES[want]
            if want != "bool":
                assert xp.multiply(x, y).dtype is T.DTYPES[want], (a, b)


@pytest.mark.parametrize("dtype,scalar,ok", [
    ("int8", 1, True), ("int8", 1.5, True), ("float32", 1, True), ("float32", 1.5, True),
    ("float32", 1j, True), ("complex64", 2.0, True), ("bool", True, True), ("int32", True, False),
    ("uint8", 3, True),
])
def test_python_scalar_promotion(dtype, scalar, ok):
    x = xp.ones(3, dtype=T.DTYPES[dtype])
    if dtype == "bool":
        r = xp.logical_and(x, scalar)
        assert r.dtype is tf.bool
        return
    if ok:
        r = xp.add(x, scalar)
        r2 = xp.add(scalar, x)
        want = T.DTYPES[dtype]
        if isinstance(scalar, complex) and dtype == "float32":
            want = tf.complex64
        if isinstance(scalar, float) and dtype == "int8":
            want = T.DEFAULT_FLOAT  # not in the standard; NumPy, torch and JAX promote too
        assert r.dtype is want and r2.dtype is want
    else:
        with pytest.raises(TypeError, match="add"):
            xp.add(x, scalar)


def test_python_scalars_alone_rejected():
    with pytest.raises(TypeError):
        xp.add(1, 2)


def test_sum_dtype_rules():
    assert xp.sum(xp.ones(3, dtype=xp.int8)).dtype is tf.int64
    assert xp.sum(xp.ones(3, dtype=xp.uint8)).dtype is tf.uint64
    assert xp.sum(xp.ones(3, dtype=xp.float32)).dtype is tf.float32
    assert xp.sum(xp.ones(3, dtype=xp.int8), dtype=xp.int8).dtype is tf.int8


def test_defaults_are_64_bit():
    assert xp.asarray([1, 2]).dtype is tf.int64
    assert xp.asarray([1.0]).dtype is tf.float64
    assert xp.asarray(1j).dtype is tf.complex128
    assert xp.arange(3).dtype is tf.int64
    assert xp.zeros(2).dtype is tf.float64


# --------------------------------------------------------------------------- semantics


def test_integer_division_semantics():
    a, b = t([7, -7, 7, 5], "int32"), t([2, 2, -2, 0], "int32")
    np.testing.assert_array_equal(xp.floor_divide(a, b).numpy(), [3, -4, -4, 0])
    np.testing.assert_array_equal(xp.remainder(a, b).numpy(), [1, 1, -1, 0])
    # Overflow wraps.
    assert int(xp.add(t([127], "int8"), t([1], "int8"))[0]) == -128


def test_integer_pow_and_shifts():
    np.testing.assert_array_equal(xp.pow(t([2, 1, -1, 3], "int64"), t([-1, -2, -3, 2], "int64")).numpy(),
                                  [0, 1, -1, 9])
    np.testing.assert_array_equal(xp.pow(t([2, 3], "uint8"), t([3, 2], "uint8")).numpy(), [8, 9])
    assert int(xp.bitwise_left_shift(t([1], "int8"), t([9], "int8"))[0]) == 0
    assert int(xp.bitwise_right_shift(t([-5], "int8"), t([9], "int8"))[0]) == -1


def test_float_specials():
    x = t([1.0, np.nan], "float64")
    assert np.isnan(xp.max(x).numpy())
    np.testing.assert_allclose(xp.logaddexp(t([0.0, -np.inf], "float64"),
                                            t([0.0, -np.inf], "float64")).numpy(),
                               [np.log(2), -np.inf])
    assert bool(xp.signbit(t([-0.0], "float32"))[0])
    np.testing.assert_allclose(xp.hypot(t([3e300], "float64"), t([4e300], "float64")).numpy(),
                               [5e300])


def test_complex_functions():
    z = t([1 + 2j, -3 - 4j], "complex64")
    assert xp.abs(z).dtype is tf.float32
    np.testing.assert_allclose(xp.abs(z).numpy(), [5 ** 0.5, 5.0], rtol=1e-6)
    np.testing.assert_allclose(xp.real(z).numpy(), [1, -3])
    np.testing.assert_allclose(xp.conj(z).numpy(), [1 - 2j, -3 + 4j])
    assert xp.isnan(z).dtype is tf.bool
    np.testing.assert_allclose(xp.round(t([1.5 + 2.5j], "complex128")).numpy(), [2 + 2j])
    v = xp.unique_values(t([1j, 1j, 2], "complex128"))
    assert v.shape[0] == 2


def test_2025_12_features():
    assert xp.broadcast_shapes((2, 1), (3,)) == (2, 3)
    assert isinstance(xp.broadcast_arrays(xp.ones(2), xp.ones((3, 1))), tuple)
    assert isinstance(xp.meshgrid(xp.ones(2), xp.ones(3)), tuple)
    assert xp.expand_dims(xp.ones((2, 3)), axis=(0, -1)).shape == (1, 2, 3, 1)
    assert xp.permute_dims(xp.ones((2, 3, 4)), (-1, 0, 1)).shape == (4, 2, 3)
    np.testing.assert_array_equal(xp.searchsorted(t([1, 3, 5], "int64"), 4).numpy(), 2)
    np.testing.assert_array_equal(xp.isin(t([1, 2, 3], "int64"), t([2, 5], "int64")).numpy(),
                                  [False, True, False])
    np.testing.assert_array_equal(xp.clip(t([1, 5, 9], "int8"), 2, 6).numpy(), [2, 5, 6])
    assert xp.clip(t([1.0], "float32"), 0, 0.5).dtype is tf.float32
    info = xp.__array_namespace_info__()
    assert isinstance(info.devices(), tuple)
    assert set(info.capabilities()) >= {"boolean indexing", "data-dependent shapes"}
    assert info.default_dtypes()["real floating"] is tf.float64


# --------------------------------------------------------------------------- errors


def test_dtype_errors_name_function_and_dtypes():
    with pytest.raises(TypeError, match=r"exp.*bool"):
        xp.exp(xp.ones(2, dtype=xp.bool))  # integers compute in the default float instead
    with pytest.raises(TypeError, match=r"add.*int8.*uint64|add.*uint64.*int8"):
        xp.add(xp.ones(2, dtype=xp.int8), xp.ones(2, dtype=xp.uint64))
    with pytest.raises(TypeError, match="bitwise_and"):
        xp.bitwise_and(xp.ones(2), xp.ones(2))
    with pytest.raises(TypeError, match="sort"):
        xp.sort(xp.ones(2, dtype=xp.complex64))


def test_shape_errors_are_value_errors():
    with pytest.raises(ValueError):
        xp.add(xp.ones(2), xp.ones(3))
    with pytest.raises(ValueError):
        xp.matmul(xp.ones((2, 3)), xp.ones((2, 3)))
    with pytest.raises(ValueError):
        xp.reshape(xp.ones(6), (4, 2))
    with pytest.raises(ValueError):
        xp.concat([xp.ones((2, 3)), xp.ones((3, 2))], axis=0)


def test_never_raw_invalid_argument():
    bad = [lambda: xp.floor_divide(t([1], "int32"), t([0], "int32")),
           lambda: xp.remainder(t([1], "int64"), t([0], "int64")),
           lambda: xp.pow(t([2], "int32"), t([-1], "int32"))]
    for f in bad:
        f()  # documented results, no exception
    with pytest.raises((TypeError, ValueError)) as e:
        xp.stack([xp.ones(2), xp.ones(3)])
    assert not isinstance(e.value, tf.errors.OpError)


# --------------------------------------------------------------------------- graph / Variable


def test_tf_function_graph_mode():
    @tf.function
    def f(a, b):
        c = xp.add(a, 1.0)
        d = xp.multiply(c, b)
        e = xp.sum(d, axis=0)
        g = xp.where(xp.greater(e, 0.0), e, xp.zeros_like(e))
        return xp.matmul(xp.reshape(g, (1, -1)), xp.ones((3, 2), dtype=xp.float32)), \
            xp.mean(xp.exp(a)), xp.sort(a, axis=-1, descending=True), xp.concat([a, b], axis=0)

    a = t(np.arange(6).reshape(2, 3), "float32")
    r = f(a, a)
    assert r[0].shape == (1, 2)
    np.testing.assert_allclose(r[2].numpy(), np.sort(a.numpy(), -1)[:, ::-1])
    assert r[3].shape == (4, 3)


def test_variable_inputs():
    v = tf.Variable(np.array([1.0, 2.0], np.float32))
    r = xp.add(v, v)
    assert isinstance(r, tf.Tensor) and not isinstance(r, tf.Variable)
    np.testing.assert_allclose(r.numpy(), [2, 4])
    assert float(xp.sum(v)) == 3.0
    assert xp.asarray(v).dtype is tf.float32
    assert xp.result_type(v, 1.0) is tf.float32


# --------------------------------------------------------------------------- devices


def test_devices():
    info = xp.__array_namespace_info__()
    devs = info.devices()
    assert xp.Device("CPU:0") in devs
    assert xp.Device("cpu:0") == xp.Device("/job:localhost/replica:0/task:0/device:CPU:0")
    assert repr(xp.Device("/device:CPU:0")) == "Device('CPU:0')"
    x = xp.ones(2, device=devs[0])
    y = xp.to_device(x, devs[0])
    assert xp.Device(y.device) == devs[0]
    with pytest.raises(ValueError):
        xp.ones(2, device="nonsense::device::9")


# --------------------------------------------------------------------------- array object


def _class_dicts():
    from tensorflow.python.framework import ops
    from tensorflow.python.ops import resource_variable_ops as rv
    classes = [tf.Tensor, ops.EagerTensor, ops.SymbolicTensor, tf.Variable,
               rv.BaseResourceVariable]
    # ``__annotations__`` is created by CPython on first read (TF's autograph reads it when
    # tf.function first traces): not something arraykit installs or must restore.
    return {c: {k: v for k, v in c.__dict__.items() if k != "__annotations__"}
            for c in classes}


def test_opt_in_enable_disable_restores_exactly():
    before = _class_dicts()
    assert not xp.array_object_enabled()
    xp.enable_array_object()
    xp.enable_array_object()  # idempotent
    try:
        x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int32)
        assert x.__array_namespace__() is xp
        assert x.size == 4 and x.mT.shape == (2, 2) and x.T.shape == (2, 2)
        assert isinstance(x.device, xp.Device)
        assert (x + 1.0 if False else (x + 1)).dtype is tf.int32
        assert (x + xp.asarray(1, dtype=xp.int64)).dtype is tf.int64  # standard promotion
        assert (x + 1.5).dtype is T.DEFAULT_FLOAT  # a float scalar promotes an int array
        with pytest.raises(TypeError):
            x + "a"
        np.testing.assert_array_equal(x[xp.asarray([1, 0])].numpy(), [[3, 4], [1, 2]])
        np.testing.assert_array_equal(x[x > 2].numpy(), [3, 4])
        assert (x << 1).dtype is tf.int32 and (+x).dtype is tf.int32
        with pytest.raises(TypeError, match="immutable"):
            x[0] = 1
        with pytest.raises(IndexError):
            x[5]
        v = tf.Variable([1.0, 2.0])
        assert v.ndim == 1 and v.size == 2 and (v * 2).dtype is tf.float32
        assert isinstance(v.device, xp.Device)

        @tf.function
        def g(a):
            return a.mT, a + 1, a.size

        assert g(tf.ones((2, 3)))[0].shape == (3, 2)
    finally:
        xp.disable_array_object()
    after = _class_dicts()
    for c in before:
        assert before[c].keys() == after[c].keys(), c
        for k in before[c]:
            assert before[c][k] is after[c][k], (c, k)
    assert not hasattr(tf.constant(1), "mT")


# Every static-shape function family, traced by tf.function and compared with eager.
def _graph_cases():
    cases = {
     "elementwise": lambda a, i: (xp.exp(a), xp.floor_divide(i, 3), xp.remainder(i, 0), xp.pow(i, -1), xp.bitwise_left_shift(i, 40), xp.logaddexp(a, a), xp.hypot(a, a), xp.copysign(a, -1.0), xp.signbit(a), xp.trunc(a), xp.round(a), xp.isnan(i), xp.sign(xp.astype(i, xp.uint8)), xp.clip(a, -1, 1), xp.log(xp.astype(a, xp.complex64))),
     "creation": lambda a, i: (xp.zeros_like(a), xp.ones((2,2)), xp.full((2,), 3), xp.eye(3, k=1), xp.arange(5), xp.linspace(0, 1, 5), xp.tril(a), xp.triu(a, k=1), xp.meshgrid(xp.arange(3), xp.arange(2))[0]),
     "manip": lambda a, i: (xp.concat([a, a], axis=1), xp.stack([a, a]), xp.reshape(a, (4, 3)), xp.flip(a), xp.roll(a, 1, axis=0), xp.squeeze(xp.expand_dims(a, axis=0), 0), xp.moveaxis(a, 0, 1), xp.permute_dims(a, (-1, 0)), xp.tile(a, (2, 1)), xp.repeat(a, 2, axis=0), xp.broadcast_to(a[None], (2, 3, 4)), xp.broadcast_arrays(a, a[0])[1], xp.expand_dims(a, axis=(0, -1)), xp.unstack(a)[0]),
     "stats": lambda a, i: (xp.sum(a), xp.sum(i, axis=0), xp.prod(a, axis=1), xp.max(a), xp.min(a, axis=0, keepdims=True), xp.mean(a), xp.std(a, correction=1), xp.var(a, axis=0), xp.cumulative_sum(a, axis=1, include_initial=True), xp.cumulative_prod(i, axis=0), xp.argmax(a), xp.argmin(a, axis=1), xp.count_nonzero(i), xp.all(a), xp.any(i, axis=0), xp.diff(a, axis=0)),
     "search_sort": lambda a, i: (xp.sort(a, axis=0, descending=True), xp.argsort(i), xp.searchsorted(xp.reshape(a, (-1,)), a), xp.where(a > 0, a, 0.0), xp.isin(i, i[0])),
     "index_la": lambda a, i: (xp.take(a, xp.asarray([0, 2]), axis=0), xp.take_along_axis(a, xp.argsort(a, axis=1), axis=1), xp.matmul(a, xp.matrix_transpose(a)), xp.tensordot(a, a, axes=2), xp.vecdot(a, a), xp.matmul(i, xp.matrix_transpose(i)), xp.astype(a, xp.int8), xp.result_type(a, 1.0) == xp.float32),
    }
    return cases


@pytest.mark.parametrize("family", ["elementwise", "creation", "manip", "stats",
                                    "search_sort", "index_la"])
def test_graph_mode_matches_eager(family):
    a = tf.constant(np.arange(12, dtype=np.float32).reshape(3, 4) - 5)
    i = tf.constant(np.arange(12, dtype=np.int32).reshape(3, 4) - 5)
    f = _graph_cases()[family]
    eager = f(a, i)
    graph = tf.function(f)(a, i)
    for u, v in zip(eager, graph):
        if isinstance(u, bool):
            continue
        np.testing.assert_allclose(np.asarray(u), np.asarray(v), equal_nan=True)


def test_bad_input_conventions():
    x = xp.ones((2, 3))
    with pytest.raises(IndexError):  # AxisError: both IndexError and ValueError
        xp.sum(x, axis=5)
    with pytest.raises(ValueError):
        xp.sort(x, axis=-3)
    with pytest.raises(IndexError):
        xp.take(xp.arange(3), xp.asarray([10]))
    with pytest.raises(TypeError, match="sin"):
        xp.sin([1.0, 2.0])
    with pytest.raises(TypeError, match="add"):
        xp.add(x, np.ones((2, 3)))
    with pytest.raises(TypeError, match="^sum"):
        xp.sum("abc")
    assert xp.argmax(xp.ones((0, 3)), axis=1).shape == (0,)
    assert xp.diff(xp.arange(2), n=3).shape == (0,)


def test_opt_in_keeps_tf_internals_working():
    """TF's own code (gradients, Keras) uses operators with tuples and reads .shape."""
    xp.enable_array_object()
    try:
        r = (6, 4) // tf.constant([2, 2])
        np.testing.assert_array_equal(r.numpy(), [3, 2])

        @tf.function
        def grad(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.reduce_mean(tf.reduce_sum(x * x, axis=1))
            return t.gradient(y, x)

        np.testing.assert_allclose(grad(tf.ones((3, 4))).numpy(), np.full((3, 4), 2 / 3),
                                   rtol=1e-6)
        assert tf.ones((2, 3)).shape == (2, 3)
        assert tf.ones((2, 3)).shape.as_list() == [2, 3]
    finally:
        xp.disable_array_object()


def test_unique_values_are_sorted_like_numpy():
    # One order on every backend: NumPy, torch and JAX sort; so does the shim.
    data = np.array([3.0, np.nan, 1.0, np.inf, 2.0, 1.0, -0.0])
    got = xp.unique_all(tf.constant(data))
    ref = np.unique(data, return_index=True, return_inverse=True, return_counts=True,
                    equal_nan=False)
    np.testing.assert_array_equal(got.values.numpy(), ref[0])
    np.testing.assert_array_equal(got.indices.numpy(), ref[1])
    np.testing.assert_array_equal(got.inverse_indices.numpy(), ref[2])
    np.testing.assert_array_equal(got.counts.numpy(), ref[3])
    c = xp.unique_values(tf.constant([1 + 2j, 1 + 1j, 0 + 5j]))
    np.testing.assert_array_equal(c.numpy(), np.array([5j, 1 + 1j, 1 + 2j]))
