"""The array object: the opt-in operators and attributes, indexing, Python conversions, and the
framework's own array kinds (TF graph tensors and Variables, MXNet autograd)."""

from __future__ import annotations

import functools
import operator
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest
from shim_helpers import (
    MX_ONLY,
    SHIMS,
    TF_ONLY,
    T,
    autograd,
    host,
    mnp,
    mx,
    t,
    tf,
)

import arraykit


@TF_ONLY
def test_no_global_change_on_import(xp):
    code = ("import tensorflow as tf; import arraykit.shims.tensorflow as xp; "
            "assert not hasattr(tf.Tensor, 'mT'); assert not hasattr(tf.Tensor, 'size'); "
            "assert not hasattr(tf.Tensor, '__array_namespace__'); "
            "assert not xp.array_object_enabled(); print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}, timeout=120)
    assert r.stdout.strip().endswith("ok"), r.stderr[-2000:]


def _class_dicts():
    from tensorflow.python.framework import ops
    from tensorflow.python.ops import resource_variable_ops as rv
    classes = [tf.Tensor, ops.EagerTensor, ops.SymbolicTensor, tf.Variable,
               rv.BaseResourceVariable]
    # ``__annotations__`` is created by CPython on first read (TF's autograph reads it when
    # tf.function first traces): not something arraykit installs or must restore.
    return {c: {k: v for k, v in c.__dict__.items() if k != "__annotations__"}
            for c in classes}


@TF_ONLY
def test_opt_in_enable_disable_restores_exactly(xp):
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


@TF_ONLY
def test_opt_in_keeps_tf_internals_working(xp):
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


@MX_ONLY
def test_opt_in_enable_disable_restores_originals(xp):
    cls = mnp.ndarray
    was = xp.array_object_enabled()
    xp.disable_array_object()  # the state under test, whatever an earlier test left
    before = {n: cls.__dict__.get(n) for n in ("__add__", "__floordiv__", "__eq__", "mT",
                                                "__array_namespace__")}
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
        assert {n: cls.__dict__.get(n) for n in before} == before
        assert not hasattr(x, "mT")
    finally:
        if was:
            xp.enable_array_object()


def _outcome(f):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return repr(f())
    except Exception as e:  # noqa: BLE001 - any failure is an outcome, compared with NumPy's
        return type(e).__name__


@SHIMS
@pytest.mark.parametrize("value", [1.5, 2, True, [3], [1.5], [1, 2], []],
                         ids=["float0d", "int0d", "bool0d", "int1", "float1", "int2", "empty"])
def test_scalar_conversions_match_numpy(enabled, value):
    xp = enabled
    a = np.asarray(value, dtype=np.float64 if value == [] else None)
    x = xp.asarray(a)
    for conv in (operator.index, int, float, bool, complex):
        want, got = _outcome(functools.partial(conv, a)), _outcome(functools.partial(conv, x))
        assert got == want, (conv, value)


_I = np.array([[0, 2], [1, 1]])


_J = np.array([1, 0])


@SHIMS
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


@SHIMS
def test_integer_array_after_ellipsis_out_of_bounds(enabled):
    xp = enabled
    x = xp.asarray(np.arange(6).reshape(2, 3))
    with pytest.raises(IndexError):
        host(x[..., xp.asarray([3])])


@SHIMS
def test_slices_with_0d_array_bounds(enabled):
    """``x[:n]`` with ``n`` a 0-d array (``n = xp.sum(mask)``), as scikit-learn writes it."""
    xp = enabled
    a = np.arange(10.0)
    x = xp.asarray(a)
    n = xp.sum(xp.asarray([1, 1, 1]))
    np.testing.assert_array_equal(host(x[:n]), a[:3])
    np.testing.assert_array_equal(host(x[(slice(1, n),)]), a[1:3])
    np.testing.assert_array_equal(host(x[n:]), a[3:])


@SHIMS
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


@SHIMS
@pytest.mark.parametrize("key", [
    (0,), (slice(None), 1), (1, slice(None), 0, ..., 1), (..., slice(None, None, -1)),
    (None, 0, ..., None, 1), (slice(1, None), slice(0, 3, 2), 0, 0, 1, slice(None), -1), ()])
def test_basic_indexing_of_seven_dimensions(enabled, key):
    """MXNet's slice operator stops at 5 dimensions ("ndim=6 too large"): its array object
    slices such arrays axis by axis (array-api-tests' vecdot stacks drew a 6-d case)."""
    xp = enabled
    a = np.arange(2 * 3 * 1 * 2 * 2 * 3 * 2, dtype=np.float32).reshape(2, 3, 1, 2, 2, 3, 2)
    np.testing.assert_array_equal(host(xp.asarray(a)[key]), a[key])


@SHIMS
def test_basic_indexing_of_six_dimensions_out_of_bounds(enabled):
    x = enabled.zeros((2, 1, 1, 1, 1, 3))
    with pytest.raises(IndexError):
        x[..., 3]


@MX_ONLY
def test_mxnet_raises_no_deprecation_warning_through_arraykit(xp):
    import subprocess
    import sys

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


@MX_ONLY
def test_mxnet_assignment_casts_and_self_copy_is_quiet(xp):
    """``x[i] = value`` casts to x's dtype as NumPy does (MXNet refused: "Type inconsistent"),
    and ``x[...] = x`` raises no RuntimeWarning (errors under warnings-as-errors)."""
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


@TF_ONLY
def test_tf_function_graph_mode(xp):
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


@TF_ONLY
def test_variable_inputs(xp):
    v = tf.Variable(np.array([1.0, 2.0], np.float32))
    r = xp.add(v, v)
    assert isinstance(r, tf.Tensor) and not isinstance(r, tf.Variable)
    np.testing.assert_allclose(r.numpy(), [2, 4])
    assert float(xp.sum(v)) == 3.0
    assert xp.asarray(v).dtype is tf.float32
    assert xp.result_type(v, 1.0) is tf.float32


# Every static-shape function family, traced by tf.function and compared with eager.
def _graph_cases(xp):
    cases = {
        "elementwise": lambda a, i: (
            xp.exp(a), xp.floor_divide(i, 3), xp.remainder(i, 0), xp.pow(i, -1),
            xp.bitwise_left_shift(i, 40), xp.logaddexp(a, a), xp.hypot(a, a), xp.copysign(a, -1.0),
            xp.signbit(a), xp.trunc(a), xp.round(a), xp.isnan(i), xp.sign(xp.astype(i, xp.uint8)),
            xp.clip(a, -1, 1), xp.log(xp.astype(a, xp.complex64))),
        "creation": lambda a, i: (
            xp.zeros_like(a), xp.ones((2,2)), xp.full((2,), 3), xp.eye(3, k=1), xp.arange(5),
            xp.linspace(0, 1, 5), xp.tril(a), xp.triu(a, k=1),
            xp.meshgrid(xp.arange(3), xp.arange(2))[0]),
        "manip": lambda a, i: (
            xp.concat([a, a], axis=1), xp.stack([a, a]), xp.reshape(a, (4, 3)), xp.flip(a),
            xp.roll(a, 1, axis=0), xp.squeeze(xp.expand_dims(a, axis=0), 0), xp.moveaxis(a, 0, 1),
            xp.permute_dims(a, (-1, 0)), xp.tile(a, (2, 1)), xp.repeat(a, 2, axis=0),
            xp.broadcast_to(a[None], (2, 3, 4)), xp.broadcast_arrays(a, a[0])[1],
            xp.expand_dims(a, axis=(0, -1)), xp.unstack(a)[0]),
        "stats": lambda a, i: (
            xp.sum(a), xp.sum(i, axis=0), xp.prod(a, axis=1), xp.max(a),
            xp.min(a, axis=0, keepdims=True), xp.mean(a), xp.std(a, correction=1),
            xp.var(a, axis=0), xp.cumulative_sum(a, axis=1, include_initial=True),
            xp.cumulative_prod(i, axis=0), xp.argmax(a), xp.argmin(a, axis=1), xp.count_nonzero(i),
            xp.all(a), xp.any(i, axis=0), xp.diff(a, axis=0)),
        "search_sort": lambda a, i: (
            xp.sort(a, axis=0, descending=True), xp.argsort(i),
            xp.searchsorted(xp.reshape(a, (-1,)), a), xp.where(a > 0, a, 0.0), xp.isin(i, i[0])),
        "index_la": lambda a, i: (
            xp.take(a, xp.asarray([0, 2]), axis=0),
            xp.take_along_axis(a, xp.argsort(a, axis=1), axis=1),
            xp.matmul(a, xp.matrix_transpose(a)), xp.tensordot(a, a, axes=2), xp.vecdot(a, a),
            xp.matmul(i, xp.matrix_transpose(i)), xp.astype(a, xp.int8),
            xp.result_type(a, 1.0) == xp.float32),
    }
    return cases


@TF_ONLY
@pytest.mark.parametrize("family", ["elementwise", "creation", "manip", "stats",
                                    "search_sort", "index_la"])
def test_graph_mode_matches_eager(xp, family):
    a = tf.constant(np.arange(12, dtype=np.float32).reshape(3, 4) - 5)
    i = tf.constant(np.arange(12, dtype=np.int32).reshape(3, 4) - 5)
    f = _graph_cases(xp)[family]
    eager = f(a, i)
    graph = tf.function(f)(a, i)
    for u, v in zip(eager, graph):
        if isinstance(u, bool):
            continue
        np.testing.assert_allclose(np.asarray(u), np.asarray(v), equal_nan=True)


@MX_ONLY
@pytest.mark.parametrize(("fn", "grad"), [
    (lambda xp, x: xp.sum(xp.exp(x)), np.exp),
    (lambda xp, x: xp.sum(xp.multiply(x, x)), lambda v: 2 * v),
    (lambda xp, x: xp.mean(xp.matmul(xp.reshape(x, (1, 3)), xp.ones((3, 2), dtype=xp.float64))),
     lambda v: np.ones(3)),
    (lambda xp, x: xp.sum(xp.cumulative_prod(x)), lambda v: np.array(
        [1 + v[1] + v[1] * v[2], v[0] + v[0] * v[2], v[0] * v[1]])),
    (lambda xp, x: xp.sum(xp.where(x > 1.5, x, 0.0)), lambda v: (v > 1.5).astype(float)),
    (lambda xp, x: xp.linalg.vector_norm(x), lambda v: v / np.linalg.norm(v)),
])
def test_autograd(xp, fn, grad):
    v = np.array([1.0, 2.0, 3.0])
    x = xp.asarray(v, dtype=xp.float64)
    x.attach_grad()
    with autograd.record():
        y = fn(xp, x)
    # The caller's own MXNet call on a 0-d result: in MXNet's NumPy mode, which the shim uses
    # for its own calls only (outside it MXNet fails to infer some backward shapes).
    with mx.util.np_shape(True), mx.util.np_array(True):
        y.backward()
    np.testing.assert_allclose(host(x.grad), grad(v), rtol=1e-6)


# numpy.ndarray's // and //= under the opt-in (arraykit/shims/numpy/_array_object.py).

_INF = np.inf


def _numpy_shim():
    import arraykit.shims.numpy as xp
    return xp


def _floor_reference(x1, x2):
    """The standard's floor_divide: floor(x1 / x2) where an operand is infinite."""
    with np.errstate(all="ignore"):
        return np.where(np.isinf(x1) | np.isinf(x2), np.floor(np.divide(x1, x2)),
                        np.floor_divide(x1, x2))


def _same_bits(a, b):
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(np.signbit(a), np.signbit(b))


@pytest.fixture
def numpy_opt_in():
    xp = _numpy_shim()
    xp.enable_array_object()
    try:
        yield xp
    finally:
        xp.disable_array_object()


def test_numpy_floordiv_operators_special_values(numpy_opt_in):
    xp = numpy_opt_in
    x1 = np.array([_INF, -_INF, _INF, -_INF, 1.0, -1.0, 1.0, -1.0, 7.0, -0.0, np.nan])
    x2 = np.array([2.0, 2.0, -2.0, -2.0, -_INF, _INF, _INF, -_INF, -2.0, 3.0, 1.0])
    want = _floor_reference(x1, x2)
    with np.errstate(all="ignore"):
        _same_bits(x1 // x2, want)
        _same_bits(x1 // x2, xp.floor_divide(x1, x2))
        _same_bits(2.0 // x1, _floor_reference(2.0, x1))  # reflected: a Python float on the left
        _same_bits(x1 // 2, _floor_reference(x1, 2))
        _same_bits(x1.astype(np.float32) // np.float32(-2), _floor_reference(x1, -2.0))
        _same_bits([1.0, -1.0] // np.array([-_INF, _INF]), [-0.0, -0.0])  # a list operand
        z = x1.copy()
        z //= x2
        _same_bits(z, want)
        z32 = x1.astype(np.float32)
        z32 //= x2  # float64 result cast into float32, as NumPy's //= does
        assert z32.dtype == np.float32
        _same_bits(z32, want.astype(np.float32))
        r = np.array(_INF) // np.array(2.0)  # 0-d operands: a NumPy scalar, as NumPy gives
        assert type(r) is np.float64 and r == _INF


def test_numpy_floordiv_operators_leave_the_rest_to_numpy(numpy_opt_in):
    i = np.array([7, -7])
    assert (i // 2).tolist() == [3, -4] and (i // 2).dtype == i.dtype
    i //= 2
    assert i.tolist() == [3, -4]
    td = np.array([10, 20], dtype="m8[s]")
    assert (td // np.timedelta64(3, "s")).tolist() == [3, 6]
    with pytest.raises(TypeError):
        np.ones(2) // "a"
    j, k, ro = np.arange(3), np.ones(3), np.full(2, _INF)
    ro.flags.writeable = False
    with pytest.raises(TypeError, match="Cannot cast"):  # a float result into an int array
        operator.ifloordiv(j, np.array([_INF, 1.0, 2.0]))
    with pytest.raises(ValueError, match="broadcast"):
        operator.ifloordiv(k, np.full((2, 3), _INF))
    with pytest.raises(ValueError, match="read-only"):
        operator.ifloordiv(ro, np.array([2.0, 2.0]))

    class Deferring:  # NumPy returns NotImplemented for it; Python then asks it
        __array_ufunc__ = None

        def __rfloordiv__(self, other):
            return "deferred"

    assert np.ones(2) // Deferring() == "deferred"


def test_numpy_opt_in_disable_restores_numpy(numpy_opt_in):
    xp = numpy_opt_in
    slot_wrappers = (np.ndarray.__floordiv__, np.ndarray.__ifloordiv__)
    assert xp.array_object_enabled()
    xp.enable_array_object()  # idempotent
    xp.disable_array_object()
    assert not xp.array_object_enabled()
    with np.errstate(all="ignore"):
        assert np.isnan(np.array([_INF]) // 2.0)[0]  # NumPy's own value again
        z = np.array([_INF])
        z //= 2.0
        assert np.isnan(z[0])
    assert (np.ndarray.__floordiv__, np.ndarray.__ifloordiv__) == slot_wrappers
    xp.enable_array_object()  # the fixture's disable() finds it on
    assert (np.array([_INF]) // 2.0)[0] == _INF


def test_numpy_opt_in_through_arraykit_enable():
    xp = _numpy_shim()
    with arraykit.array_objects("numpy"):
        assert xp.array_object_enabled()
        assert (np.array([-1.0]) // np.array([_INF]))[0] == 0.0  # -0.0, not NumPy's -1.0
    assert not xp.array_object_enabled()


def test_numpy_opt_in_without_the_c_extension_warns_and_changes_nothing(monkeypatch):
    from arraykit.shims.numpy import _array_object
    monkeypatch.setattr(_array_object, "_hook_floor_divide", lambda: None)
    with pytest.warns(RuntimeWarning, match="arraykit._floordiv_hook is not built"):
        _array_object.enable_array_object()
    assert not _array_object.array_object_enabled()
    with np.errstate(all="ignore"):
        assert np.isnan(np.array([_INF]) // 2.0)[0]


def test_hook_floor_divide_refuses_a_second_type_and_half_a_hook(numpy_opt_in):
    from arraykit import _floordiv_hook

    with pytest.raises(TypeError, match=r"numpy\.ndarray is hooked; not int too"):
        _floordiv_hook.hook_floor_divide(int, None, None)
    with pytest.raises(TypeError, match="both hooks or neither"):
        _floordiv_hook.hook_floor_divide(np.ndarray, lambda a, b, r: r, None)
    assert (np.array([_INF]) // 2.0)[0] == _INF  # the refused calls changed nothing


@MX_ONLY
def test_mxnet_index_arrays_and_values_broadcast_past_five_dimensions(xp):
    """Index arrays of different shapes broadcasting to six dimensions (array-api-tests'
    test_getitem_arrays_and_ints), and a value broadcast into a six-dimensional array: MXNet
    1.9.1 broadcast them with kernels that refused these shapes (at the next sync)."""
    import arraykit.shims.mxnet as xp

    shapes = ((2, 2, 1, 1, 3, 1), (2, 1, 3, 5), (1, 2, 1, 3, 1, 5), (1, 1))
    a = np.arange(4 * 5 * 6 * 7, dtype=np.float32).reshape(4, 5, 6, 7)
    rng = np.random.default_rng(0)
    idx = tuple(rng.integers(-n, n, size=s) for n, s in zip(a.shape, shapes))
    with arraykit.array_objects("mxnet"):
        x = xp.asarray(a)
        key = tuple(xp.asarray(i) for i in idx)
        np.testing.assert_array_equal(host(x[key]), a[idx])
        np.testing.assert_array_equal(host(x[key[0], 1, key[2]]), a[idx[0], 1, idx[2]])
        # (non-negative: MXNet's setitem with negative index arrays is another bug)
        pos = tuple(i % n for i, n in zip(idx, a.shape))
        y, b = xp.zeros((4, 5, 6, 7), dtype=xp.float32), np.zeros((4, 5, 6, 7), np.float32)
        y[tuple(xp.asarray(i) for i in pos)] = 2.0
        b[pos] = 2.0
        np.testing.assert_array_equal(host(y), b)
        v = np.arange(27, dtype=np.float32).reshape(1, 3, 1, 3, 1, 3)
        z, c = xp.zeros((2, 3, 2, 3, 2, 3), dtype=xp.float32), np.zeros((2, 3, 2, 3, 2, 3),
                                                                         np.float32)
        z[...] = xp.asarray(v)
        c[...] = v
        np.testing.assert_array_equal(host(z), c)


@MX_ONLY
def test_mxnet_setitem_with_negative_index_arrays(xp):
    """MXNet 1.9.1's advanced-index assignment wrote nothing for a negative index and corrupted
    the heap (the process aborted at exit, "double free or corruption"); with the array object
    the indices are wrapped into [0, n) first, as NumPy reads them. A fresh process, so that a
    corrupted heap fails this test and not a later one."""
    code = (
        "import numpy as np, arraykit, arraykit.shims.mxnet as xp\n"
        "from arraykit import array_objects\n"
        "with array_objects('mxnet'):\n"
        "    cases = [((3, 3), (np.array([-1, 0]), np.array([1, -1]))),\n"
        "             ((4,), (np.array([-1, -4]),)),\n"
        "             ((2, 3, 4), (Ellipsis, np.array([-1, 1]))),\n"
        "             ((2, 3, 4), (1, slice(None), np.array([-2]))),\n"
        "             ((2, 3, 4), (None, np.array([-1]), np.array([0, -3])))]\n"
        "    for shape, key in cases:\n"
        "        x, a = xp.zeros(shape, dtype=xp.float32), np.zeros(shape, np.float32)\n"
        "        x[tuple(xp.asarray(k) if isinstance(k, np.ndarray) else k for k in key)] = 2.0\n"
        "        a[key] = 2.0\n"
        "        assert np.array_equal(x.asnumpy(), a), (shape, key, x.asnumpy())\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
