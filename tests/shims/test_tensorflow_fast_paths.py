"""The TF shim's eager paths for reductions, sort and take: the ops each call runs (a
correction only the rare input needs runs only for that input), and the same result as the
general path or NumPy on the inputs that stress them (NaN, +-inf, -0.0, ties, every integer
dtype, every axis), with the corrections TF still needs kept where it needs them (XLA)."""

import itertools

import numpy as np
import pytest
from frameworks import require

require("tensorflow")  # a skip where TF is not installed (the mxnet environment)

SPECIALS = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0]


@pytest.fixture(scope="module")
def xp():
    import arraykit.shims.tensorflow as xp

    return xp


@pytest.fixture(scope="module")
def tf(xp):
    import tensorflow as tf  # after arraykit's namespace, which imported it

    return tf


def _ops(tf, f):
    """The eager op types ``f()`` executes, in order."""
    from tensorflow.python.framework import op_callbacks

    seen = []

    def record(op_type, inputs, attrs, outputs, op_name=None, graph=None):
        # bytes where the op ran through TF's slow path (arguments it had to convert)
        seen.append(op_type.decode() if isinstance(op_type, bytes) else op_type)

    f()  # caches (axis constants) filled outside the count
    op_callbacks.add_op_callback(record)
    try:
        f()
    finally:
        op_callbacks.remove_op_callback(record)
    return seen


def _same(got, want, signed_zeros=True):
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype and g.shape == w.shape
    np.testing.assert_array_equal(g, w)
    if g.dtype.kind == "f" and signed_zeros:
        assert np.signbit(g).tolist() == np.signbit(w).tolist()


def test_eager_calls_run_only_the_ops_their_input_needs(tf, xp):
    v = tf.constant(np.linspace(0.5, 1.5, 16, dtype="float32"))
    m = tf.reshape(v, (4, 4))
    b = tf.constant(np.arange(16) % 3 == 0)
    i = tf.constant(np.arange(16)[::-1].copy())
    assert _ops(tf, lambda: xp.max(v)) == ["Max"]
    assert _ops(tf, lambda: xp.min(m, axis=0)) == ["Min"]
    assert _ops(tf, lambda: xp.sum(m, axis=0)) == ["Sum"]
    assert _ops(tf, lambda: xp.mean(m, axis=1, keepdims=True)) == ["Mean"]
    assert _ops(tf, lambda: xp.any(b)) == ["Any"]
    assert _ops(tf, lambda: xp.all(b, axis=0)) == ["All"]
    assert _ops(tf, lambda: xp.count_nonzero(b)) == ["Cast", "Sum"]
    assert _ops(tf, lambda: xp.var(m, axis=0)) == ["Mean", "SquaredDifference", "Sum", "RealDiv"]
    assert _ops(tf, lambda: xp.take(v, i)) == ["GatherV2"]
    assert _ops(tf, lambda: xp.sort(v)) == ["IsNan", "Any", "Neg", "TopKV2", "Neg"]
    assert _ops(tf, lambda: xp.sort(v, descending=True)) == ["IsNan", "Any", "TopKV2"]
    assert _ops(tf, lambda: xp.argsort(i)) == ["Invert", "TopKV2"]


def _float_cases(rng):
    for dtype, shape, k in itertools.product(
            ("float32", "float64"), [(1,), (5,), (16,), (3, 4), (2, 3, 4), (1, 7, 1)], range(5)):
        x = rng.standard_normal(shape).astype(dtype)
        if k == 1:
            x = np.round(x)  # ties
        if k >= 2:
            mask = rng.random(shape) < (0.3, 0.6, 1.0)[k - 2]
            x[mask] = rng.choice(SPECIALS, size=mask.sum())
        yield x


def _int_cases(rng):
    for dtype in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        info = np.iinfo(dtype)
        for shape in [(0,), (6,), (3, 5), (2, 2, 3)]:
            yield rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
            yield rng.integers(0, 3, size=shape).astype(dtype)


def test_max_min_propagate_nan_eagerly_as_numpy(tf, xp):
    rng = np.random.default_rng(0)
    for x in itertools.chain(_float_cases(rng), _int_cases(rng)):
        if x.size == 0:
            continue
        t = tf.constant(x)
        for r in range(x.ndim + 1):
            for axes in itertools.combinations(range(x.ndim), r):
                axis = None if r == x.ndim else axes
                for f in ("max", "min"):
                    # Which zero max(-0.0, 0.0) gives is left open (and TF's, not ours).
                    _same(getattr(xp, f)(t, axis=axis), getattr(np, f)(x, axis=axis), False)


def test_max_min_propagate_nan_under_xla(tf, xp):
    # XLA's Max/Min drop NaN (TF 2.21): the correction stays in graphs.
    x = tf.constant([1.0, np.nan, 3.0, -np.inf], tf.float32)
    for f in (xp.max, xp.min):
        assert np.isnan(tf.function(f, jit_compile=True)(x).numpy())
        assert np.isnan(tf.function(f)(x).numpy())
        # An eager tensor captured by a compiled function is an eager input there too.
        assert np.isnan(tf.function(lambda f=f: f(x), jit_compile=True)().numpy())


def test_eager_paths_stay_out_of_graphs_built_around_eager_tensors(tf, xp):
    x = tf.constant([3.0, np.nan, -0.0, 1.0, 0.0])
    s = tf.constant([0.0, 1.0, np.nan])
    f = tf.function(lambda: (xp.sort(x), xp.argsort(x, descending=True),
                             xp.searchsorted(s, x), xp.take(x, tf.constant([-1, 0]))))
    for got, want in zip(f(), (xp.sort(x), xp.argsort(x, descending=True),
                               xp.searchsorted(s, x), xp.take(x, tf.constant([-1, 0])))):
        _same(got, want)
    _same(f()[0], np.sort(x.numpy(), kind="stable"))


def test_sort_and_argsort_fast_path_match_the_key_path(tf, xp):
    from arraykit.shims.tensorflow import _sorting_functions as sorting

    rng = np.random.default_rng(1)
    cases = list(_float_cases(rng)) + list(_int_cases(rng)) + [rng.random((2, 3)) < 0.5]
    for x in cases:
        t = tf.constant(x)
        for axis, descending in itertools.product(range(-x.ndim, x.ndim), (False, True)):
            # the key path (bool is sorted as uint8: _common.sorting)
            k = tf.cast(t, tf.uint8) if x.dtype == bool else t
            want_i = sorting._argsort_key(k, axis % x.ndim, descending)
            want = sorting._take_along(t, want_i, axis % x.ndim)
            _same(xp.argsort(t, axis=axis, descending=descending), want_i)
            _same(xp.sort(t, axis=axis, descending=descending), want)
            if x.dtype.kind == "f" and not descending:
                _same(xp.sort(t, axis=axis), np.sort(x, axis=axis, kind="stable"))


def test_take_fast_path_keeps_negative_indices_and_errors(tf, xp):
    v = tf.constant([1.0, 2.0, 3.0])
    for dtype in (tf.int8, tf.int16, tf.int32, tf.int64):
        _same(xp.take(v, tf.constant([2, -1, 0], dtype)), np.array([3.0, 3.0, 1.0], "float32"))
        for bad in ([3], [-4]):
            with pytest.raises(IndexError):
                xp.take(v, tf.constant(bad, dtype))
    _same(xp.take(v, tf.constant([2, 0], tf.uint8)), np.array([3.0, 1.0], "float32"))
    # Index dtypes TF's GatherV2 refuses (uint8, int8) are cast on the rules' path too, for
    # take_along_axis as for take (IndexError "Tindices of uint8 ..." at 19113dd).
    m = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    for dtype in (tf.uint8, tf.int8):
        _same(xp.take_along_axis(m, tf.constant([[2], [0]], dtype), axis=1),
              np.array([[3.0], [4.0]], "float32"))
        _same(xp.take(m, tf.constant([2, 0], dtype), axis=1),
              np.array([[3.0, 1.0], [6.0, 4.0]], "float32"))
    for bad in (tf.constant([0.0]), tf.constant([True])):
        with pytest.raises(TypeError):
            xp.take(v, bad)


def test_python_scalar_square_and_remainder_take_the_short_ops(tf, xp):
    # x ** 2 by Square (TF's Pow kernel costs ~30x more on 50,000 float32); x % c for a
    # Python c > 0 fixes the zero's sign without reading c's sign from a tensor. Values,
    # signed zeros and specials as NumPy's, eagerly and in a graph; other exponents and
    # divisors keep the general path.
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.5, -2.5, -4.0, 4.0, 7.0, 3e38, -1e-30])
    v32 = tf.constant(x.astype("float32"))
    assert _ops(tf, lambda: xp.pow(v32, 2)) == ["Square"]
    assert _ops(tf, lambda: xp.pow(v32, 2.0)) == ["Square"]
    # Eagerly on the CPU without a tape NumPy's remainder (no TF op); under a tape the ops.
    assert _ops(tf, lambda: xp.remainder(v32, 2.0)) == []
    for c in (2.0, 3):
        with tf.GradientTape():
            assert _ops(tf, lambda c=c: xp.remainder(v32, c)) == ["FloorMod", "Equal",
                                                                  "SelectV2"]
    assert "Pow" in _ops(tf, lambda: xp.pow(v32, 3))
    for dtype in ("float32", "float64"):
        a = x.astype(dtype)
        t = tf.constant(a)
        graph = tf.function(lambda t, c, f: f(t, c))
        for c in (2, 2.0):
            with np.errstate(over="ignore"):
                want = a ** c
            _same(xp.pow(t, c), want)
            _same(graph(t, c, xp.pow), want)
        for c in (2.0, 3, 0.75, np.inf, -2.0, -0.0, 0.0, np.nan):
            with np.errstate(invalid="ignore", divide="ignore"):
                want = np.remainder(a, np.asarray(c, dtype))
            _same(xp.remainder(t, c), want)
            _same(graph(t, c, xp.remainder), want)


def test_clip_of_python_floats_is_the_rules_maximum_and_minimum(tf, xp):
    # The fast path (an eager float tensor, Python float bounds) runs the rules' two ops
    # without their reads: the same values, signed zeros and NaN, as the rules' path.
    from arraykit.shims.tensorflow import _elementwise_functions as E

    x = np.array([np.nan, -1.0, 0.5, 2.0, -0.0, 0.0, np.inf, -np.inf, 1e-30])
    bounds = [(1e300, None), (None, -1e300), (0.1, None), (-0.0, None), (0.0, -0.0),
              (np.nan, 1.0), (None, np.nan), (0.0, 0.0), (2.0, 1.0), (-0.5, 0.5)]
    for dtype in ("float32", "float64"):
        t = tf.constant(x.astype(dtype))
        for lo, hi in bounds:
            assert _ops(tf, lambda t=t, lo=lo, hi=hi: xp.clip(t, lo, hi)) == \
                ["Maximum"] * (lo is not None) + ["Minimum"] * (hi is not None)
            _same(xp.clip(t, lo, hi), E._clip_rules(t, lo, hi))


def test_cached_scalar_constants_keep_the_sign_of_zero(tf, xp):
    # Python scalars become cached eager constants (TF converts one in ~5 us); 0.0 and -0.0
    # are one dict key, and TF's own scalar cache returns +0.0 for -0.0: the zeros are keyed
    # by their sign, and made by a NumPy 0-d array. Each order of first use, each path.
    x = tf.constant([-0.0, 0.0, -2.0, 2.0])
    neg = np.array([True, False, True, False])
    for zeros in ((0.0, -0.0), (-0.0, 0.0)):
        for z in zeros:
            s = bool(np.signbit(z))
            for _ in range(2):  # the second call reads the cache
                _same(xp.add(x, z), np.add(x.numpy(), z))
                _same(xp.multiply(x, z), np.multiply(x.numpy(), z))
                _same(xp.clip(x, min=z), np.where(x.numpy() < 0, z, x.numpy()))
                _same(xp.full_like(x, z), np.full(4, z, "float32"))
                assert np.signbit(xp.copysign(xp.ones_like(x), z)).tolist() == [s] * 4
                assert np.signbit(xp.multiply(x, z)).tolist() == (neg ^ s).tolist()


def _getter(t, k):
    return lambda: t[k]


def test_basic_getitem_is_one_strided_slice_as_numpy(tf, xp, monkeypatch):
    # TF's own slicing packs the bounds into tensors (~250 us eagerly); an eager tensor's basic
    # key (ints, slices, None, ...) is one StridedSlice from cached bounds, never packed, with
    # NumPy's result; in a graph (TF's slicing) and under a tape too.
    from tensorflow.python.ops import array_ops_stack

    import arraykit

    a = np.arange(2 * 3 * 4 * 5, dtype="float32").reshape(2, 3, 4, 5)
    keys = [0, -1, (), (1, 2), (-2, slice(None), 3), slice(1, None), slice(None, None, -1),
            (slice(-3, 100), 0), (Ellipsis, 0), (0, Ellipsis, slice(1, 4, 2)), (None, 1),
            (slice(None), None, -1, Ellipsis), (1, slice(5, 1, -2), None, slice(None, -1)),
            (Ellipsis,), (slice(10, 20),), (0, 0, 0, 0), (-1, -1, -1, -1, None)]
    with arraykit.array_objects("tensorflow"):
        t = tf.constant(a)
        assert _ops(tf, lambda: t[1, ::2, None]) == ["StridedSlice"]
        for k in keys:
            _same(tf.function(_getter(t, k))(), a[k])
        with monkeypatch.context() as m:
            m.setattr(array_ops_stack, "stack", None)  # TF's packing: not called eagerly
            for k in keys:
                _same(t[k], a[k])
        with pytest.raises(IndexError):
            t[2]
        with pytest.raises(IndexError):
            t[0, 0, 0, 0, 0]
        with pytest.raises(IndexError):
            t[::0]
        v = tf.constant([1.0, 2.0, 3.0])
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = v[1:] * v[:-1][::-1]
        _same(tape.gradient(y, v), np.array([3.0, 4.0, 1.0], "float32"))


def test_array_shape_answers_tf_reads_without_a_tensor_shape(tf, xp, monkeypatch):
    # TF's own code and the libraries read .rank/.ndims/.num_elements()/... on every op; the
    # shape tuple answers them itself (building a TensorShape cost ~3 us a read), and NumPy's
    # probes (np.asarray(x.shape)) get AttributeError at once. Graph shapes with unknown sizes
    # answer as TensorShape does.
    import arraykit
    from arraykit.shims.tensorflow import _array_object

    with arraykit.array_objects("tensorflow"):
        x = tf.ones((3, 4))
        g = tf.TensorShape([None, 4])
        want = [(s.rank, s.ndims, s.as_list(), s.is_fully_defined(), s.num_elements())
                for s in (tf.TensorShape([3, 4]), tf.TensorShape([]), g)]
        shapes = [x.shape, tf.constant(1.0).shape, _array_object.ArrayShape((None, 4))]
        with monkeypatch.context() as m:
            m.setattr(_array_object._tensor_shape, "TensorShape", None)
            got = [(s.rank, s.ndims, s.as_list(), s.is_fully_defined(), s.num_elements())
                   for s in shapes]
            assert x.size == 12 and x.ndim == 2
            assert np.asarray(x.shape).tolist() == [3, 4]
        assert got == want
        assert x.shape == (3, 4) and x.shape == tf.TensorShape([3, 4])


def test_eager_argmax_argmin_along_the_last_axis_run_no_tf_op(tf, xp):
    """Eagerly on the CPU, argmax/argmin along the last axis (a 1-D input's, a flattened
    search's) are NumPy's search of the tensor's own memory: no TF op, an int64 tensor on
    the input's device; other axes keep TF's ArgMax/ArgMin (NumPy would copy there). Both
    give NumPy's answer: the first NaN is the extreme, -0.0 ties +0.0, every real dtype."""
    v = tf.constant(np.linspace(0.5, 1.5, 16, dtype="float32"))
    m = tf.reshape(v, (4, 4))
    assert _ops(tf, lambda: xp.argmax(v)) == []
    assert _ops(tf, lambda: xp.argmin(m, axis=-1, keepdims=True)) == []
    assert _ops(tf, lambda: xp.argmax(m, axis=0)) == ["ArgMax"]
    r = xp.argmax(v)
    assert r.dtype == tf.int64 and r.device == v.device and int(r) == 15
    rng = np.random.default_rng(1)
    for x in itertools.chain(_float_cases(rng), _int_cases(rng)):
        t = tf.constant(x)
        for axis in [None, *range(-x.ndim, x.ndim)]:
            if (x.size == 0 and axis is None) or (axis is not None and x.shape[axis] == 0):
                continue
            for f, keepdims in itertools.product(("argmax", "argmin"), (False, True)):
                got = getattr(xp, f)(t, axis=axis, keepdims=keepdims)
                want = getattr(np, f)(x, axis=axis, keepdims=keepdims)
                _same(got, want.astype(np.int64))


def _outcome(f, *args):
    try:
        r = f(*args)
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return type(e)
    return r.numpy()


def test_eager_inv_and_solve_are_the_kernel_at_once_and_the_rules_otherwise(tf, xp,
                                                                              monkeypatch):
    """Eagerly, inv/solve of a floating tensor go to TF's kernel without the rules' Python
    (the kernel checks shapes itself); where it refuses the input, the rules decide: every
    input gives what the rules alone give (values, dtype, shape, exception class), a singular
    matrix LinAlgError, never a garbage matrix."""
    import arraykit.shims.tensorflow.linalg as la

    rng = np.random.default_rng(2)
    a = rng.random((2, 3, 3)) + 3 * np.eye(3)
    c = lambda x, d="float64": tf.constant(np.asarray(x, d))  # noqa: E731
    sing = c([[1.0, 2.0], [2.0, 4.0]])
    nan = c([[1.0, np.nan], [0.0, 1.0]])
    inv_cases = [c(a), c(a, "float32"), c(a[0], "complex64"), c(np.zeros((0, 0))),
                 c(np.zeros((2, 0, 0))), sing, nan, c(np.ones((2, 3))), c(np.ones(3)),
                 c([[1, 2], [3, 4]], "int32"), c(a[0], "float16")]
    b = rng.random((2, 3, 2))
    solve_cases = [(c(a), c(b)), (c(a, "float32"), c(b, "float32")), (c(a), c(b, "float32")),
                   (c(a, "float32"), c(b)), (c(a[0]), c(b[0, :, 0])), (c(a), c(b[:1])),
                   (c(a[0]), c(b)), (c(a), c(b[0])), (sing, c([1.0, 2.0])), (nan, c([1.0, 2.0])),
                   (c(np.zeros((0, 0))), c(np.zeros((0, 2)))), (c(a[0]), c(np.ones((4, 1)))),
                   (c(a[0], "float16"), c(b[0], "float16")), (c(a[0]), c(b[0], "int32")),
                   (c(np.ones((2, 3))), c(np.ones((2, 1))))]
    for x in inv_cases:
        got, want = _outcome(la.inv, x), _outcome(la._inv, x)
        assert (got is want) if isinstance(want, type) else (
            got.dtype == want.dtype and got.shape == want.shape and
            np.allclose(got, want, equal_nan=True)), (x, got, want)
    for x1, x2 in solve_cases:
        got, want = _outcome(la.solve, x1, x2), _outcome(la._solve, x1, x2)
        assert (got is want) if isinstance(want, type) else (
            got.dtype == want.dtype and got.shape == want.shape and
            np.allclose(got, want, equal_nan=True)), (x1, x2, got, want)
    assert _outcome(la.inv, sing) is np.linalg.LinAlgError
    assert _outcome(la.solve, sing, c([1.0, 2.0])) is np.linalg.LinAlgError

    def rules(*args):
        raise AssertionError("the rules ran")

    monkeypatch.setattr(la, "_inv", rules)
    monkeypatch.setattr(la, "_solve", rules)
    np.testing.assert_allclose(xp.linalg.inv(c(a)).numpy(), np.linalg.inv(a))
    np.testing.assert_allclose(xp.linalg.solve(c(a), c(b)).numpy(), np.linalg.solve(a, b))
    assert _ops(tf, lambda: xp.linalg.solve(c(a), c(b)))[-1:] == ["MatrixSolve"]
