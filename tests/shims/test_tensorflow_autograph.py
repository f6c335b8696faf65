"""The TF namespace under ``tf.function`` with AutoGraph on (TF's default): AutoGraph caches
converted functions by code object, and many of the namespace's functions share one (the
error wrapper, the elementwise factories), so converting them could serve one function's code
for another. Every namespace function is marked for AutoGraph to call as it is."""

import numpy as np
import pytest
from frameworks import require

tf = require("tensorflow")
import arraykit.shims.tensorflow as xp


def test_every_function_is_called_as_it_is_by_autograph():
    unmarked = [n for n in xp.__all__
                if callable(getattr(xp, n)) and hasattr(getattr(xp, n), "__code__")
                and not hasattr(getattr(xp, n), "autograph_info__")]
    assert unmarked == []


def test_functions_sharing_a_wrapper_give_their_own_results_under_tf_function():
    x = tf.constant([3.0, 1.0, 2.0])
    calls = [
        lambda x: xp.searchsorted(xp.sort(x), x, side="right"),
        lambda x: xp.arange(0, 6, 2),
        lambda x: xp.argsort(x, axis=-1),
        lambda x: xp.take(x, tf.constant([2, 0])),
        lambda x: xp.roll(x, 1),
        lambda x: xp.tile(x, (2,)),
        lambda x: xp.where(x > 1.5, x, xp.zeros_like(x)),
        lambda x: xp.sin(x) + xp.cos(x),
        lambda x: xp.maximum(x, 2.0),
    ]
    for order in (calls, calls[::-1]):
        for fn in order:
            got = tf.function(fn)(x).numpy()
            want = fn(x).numpy()
            assert got.dtype == want.dtype and np.array_equal(got, want)


def test_python_clip_bounds_are_constants_of_the_graph():
    # A cached eager constant used inside a graph is captured as an input of the function: a
    # parameter of XLA's program (it cannot fold it), where tf.clip_by_value has a constant.
    x = tf.constant([-3.0, -0.5, 0.25, 2.0])
    xp.clip(x, -1.0, 1.0)  # fills the eager cache of the bounds
    f = tf.function(lambda x: xp.clip(x, -1.0, 1.0), jit_compile=True)
    assert list(f.get_concrete_function(x).captured_inputs) == []
    assert np.array_equal(f(x).numpy(), np.clip(x.numpy(), -1.0, 1.0))
    i = tf.constant([-3, 0, 7], dtype=tf.int32)
    g = tf.function(lambda i: xp.clip(i, 0, 5))
    assert list(g.get_concrete_function(i).captured_inputs) == []
    assert g(i).numpy().tolist() == [0, 0, 5] and g(i).dtype == tf.int32


def test_arange_in_a_graph_captures_nothing():
    # The vision workload's pixel grid: a captured bound made XLA compute the grid at run time
    # (TF vision compiled +5.8% over native's tf.range, whose bounds are graph constants).
    for args, kw in (((256,), {"dtype": xp.float32}), ((2.0, 11.0, 3.0), {}), ((0, 6, 2), {}),
                     ((5,), {"dtype": xp.int32})):
        want = xp.arange(*args, **kw)  # fills the eager caches of the bounds
        f = tf.function(lambda args=args, kw=kw: xp.arange(*args, **kw), jit_compile=True)
        assert list(f.get_concrete_function().captured_inputs) == []
        got = f()
        assert got.dtype == want.dtype and np.array_equal(got.numpy(), want.numpy())


def test_zeros_like_and_ones_like_in_a_graph_capture_nothing():
    x = tf.constant([[1.5, -2.0]])
    xp.zeros_like(x), xp.ones_like(x, dtype=xp.int32)  # fill the eager caches
    for fn, want in ((xp.zeros_like, np.zeros((1, 2), np.float32)),
                     (xp.ones_like, np.ones((1, 2), np.float32)),
                     (lambda x: xp.ones_like(x, dtype=xp.int32), np.ones((1, 2), np.int32))):
        f = tf.function(fn, jit_compile=True)
        assert list(f.get_concrete_function(x).captured_inputs) == []
        got = f(x).numpy()
        assert got.dtype == want.dtype and np.array_equal(got, want)


def test_empty_result_of_unknown_extents_in_a_graph_names_the_function():
    """An empty result whose other extents are unknown in a traced graph cannot be built: a
    ValueError naming the function (a TypeError from TF's zeros before)."""
    @tf.function(input_signature=[tf.TensorSpec([None, 0], tf.float32)])
    def f(x):
        return xp.argsort(x, axis=0)

    with pytest.raises(ValueError, match=r"argsort: .*unknown extents"):
        f(tf.zeros((2, 0)))


def test_tril_triu_take_a_graph_k():
    """tril/triu inside tf.function with k a tensor argument (its value unknown while
    tracing): k stays a tensor, clamped to [-rows, cols] in the graph as a Python k is (the
    rules read k on the host: AttributeError, a SymbolicTensor has no numpy)."""
    tf = require("tensorflow")
    x = tf.reshape(tf.range(12.0), (3, 4))
    f = tf.function(lambda a, k: (xp.tril(a, k=k), xp.triu(a, k=k)))
    for dtype in (tf.int32, tf.int64, tf.uint64):
        info = np.iinfo(dtype.as_numpy_dtype)
        for k in (k for k in (0, 1, -2, 10, 2**40) if info.min <= k <= info.max):
            lo, up = f(x, tf.constant(k, dtype))
            np.testing.assert_array_equal(lo.numpy(), np.tril(x.numpy(), k=k))
            np.testing.assert_array_equal(up.numpy(), np.triu(x.numpy(), k=k))
    np.testing.assert_array_equal(f(x, tf.constant(-(2**62), tf.int64))[1].numpy(), x.numpy())
    with pytest.raises(TypeError, match="tril"):
        tf.function(lambda a, k: xp.tril(a, k=k))(x, tf.constant(1.5))
