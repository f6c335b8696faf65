"""``arraykit.enable()`` tells array-api-compat and array-api-extra (and the copies SciPy and
scikit-learn vendor) that TF tensors are read-only, and gives ``at`` a functional path.

Every result is compared with the same ``at`` call on a NumPy array (a writeable copy)."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from frameworks import installed, require, run_fresh

tf = require("tensorflow")
xpx = require("array_api_extra")
array_api_compat = require("array_api_compat")

import arraykit
from arraykit import _read_only


@pytest.fixture
def enabled():
    before = arraykit.enabled()
    arraykit.enable("tensorflow")
    yield
    if "tensorflow" not in before:
        arraykit.disable("tensorflow")


def _vendored_compat():
    out = [array_api_compat]
    for name in ("scipy._lib.array_api_compat", "sklearn.externals.array_api_compat"):
        if installed(name):
            out.append(__import__(name, fromlist=["is_writeable_array"]))
    return out


def _vendored_at():
    out = [xpx.at]
    for name in ("scipy._lib.array_api_extra", "sklearn.externals.array_api_extra"):
        if installed(name):
            out.append(__import__(name, fromlist=["at"]).at)
    return out


def test_every_compat_copy_calls_tf_tensors_read_only(enabled):
    x = tf.constant([1.0, 2.0])
    for compat in _vendored_compat():
        assert compat.is_writeable_array(x) is False, compat.__name__
        assert compat.is_writeable_array(np.zeros(2)) is True


def test_every_compat_copy_calls_eager_tf_tensors_not_lazy_without_running_them(enabled):
    """An eager tensor is not lazy and a graph tensor is, answered from the class: without
    enable()'s answer array-api-compat probes an unknown class with four ops and a value read
    on every call (SciPy asks in most functions)."""
    x = tf.constant([1.0, 2.0])
    for compat in _vendored_compat():
        helpers = sys.modules[compat.__name__ + ".common._helpers"]
        assert helpers._is_lazy_cls(type(x)) is False, compat.__name__
        assert compat.is_lazy_array(x) is False

        @tf.function
        def lazy(t, compat=compat):
            assert compat.is_lazy_array(t) is True
            return t

        lazy(x)


M = np.arange(12.0).reshape(3, 4)
CASES = [
    ("set", 1, 10.0),
    ("set", (1, slice(None)), -1.0),
    ("set", (Ellipsis, 2), np.array([7.0, 8.0, 9.0])),
    ("set", slice(None, None, -2), 5.0),
    ("set", "mask", 0.0),
    ("set", "rows", -3.0),
    ("add", "rows_dup", 1.0),  # duplicate rows: written once, as in NumPy
    ("multiply", (slice(0, 2), slice(1, 3)), 2.0),
    ("subtract", "mask", 1.5),
    ("divide", 0, 4.0),
    ("power", (2, 3), 2.0),
    ("min", "mask", 6.5),
    ("max", (0,), 2.5),
    # A boolean mask beside an integer, a slice or an ellipsis (NumPy's and JAX's meaning;
    # array-api-extra's own x[0, x[0] < 1.5] in SciPy raised IndexError on TF).
    ("set", "int+mask", np.nan),
    ("add", "mask+int", 1.0),
    ("set", "slice+mask", 0.0),
    ("multiply", "mask+slice", 2.0),
    ("subtract", "ellipsis+mask", 1.0),
]


def _index(spec, mk):
    if spec == "mask":
        return mk(M > 5)
    if spec == "rows":
        return mk(np.array([2, 0]))
    if spec == "rows_dup":
        return mk(np.array([1, 1, 0]))
    mixed = {"int+mask": (0, M[0] < 1.5), "mask+int": (M[:, 0] > 3, 1),
             "slice+mask": (slice(None), M[0] > 1.5), "mask+slice": (M[:, 0] > 3, slice(None)),
             "ellipsis+mask": (Ellipsis, M[0] > 1.5)}
    if isinstance(spec, str) and spec in mixed:
        return tuple(mk(k) if isinstance(k, np.ndarray) else k for k in mixed[spec])
    return spec


@pytest.mark.parametrize(("op", "idx", "value"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_at_is_functional_and_equals_numpy(enabled, op, idx, value):
    for at in _vendored_at():
        expected = getattr(at(M.copy(), _index(idx, np.asarray)), op)(value)
        x = tf.constant(M)
        tf_value = tf.constant(value) if isinstance(value, np.ndarray) else value
        out = getattr(at(x, _index(idx, tf.constant)), op)(tf_value)
        assert isinstance(out, tf.Tensor) and out.dtype == x.dtype
        np.testing.assert_array_equal(out.numpy(), expected)
        np.testing.assert_array_equal(x.numpy(), M)  # never written into


def test_at_casts_to_the_arrays_dtype(enabled):
    x = tf.constant([1, 2, 3], dtype=tf.int32)
    out = xpx.at(x, 0).set(9.7)
    assert out.dtype == tf.int32
    np.testing.assert_array_equal(out.numpy(), [9, 2, 3])


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide", "power"])
@pytest.mark.parametrize("idx", [slice(None), "mask", 0])
def test_at_in_place_op_of_a_higher_kind_raises_as_numpy(enabled, op, idx):
    # NumPy's x[idx] += 1.1 on an integer array raises (casting rule same_kind); writing the
    # float result back into the integer tensor truncated silently ([2, 4] + 1.1 -> [3, 5]).
    x = tf.constant([2, 4], dtype=tf.int32)
    key = tf.constant([True, False]) if idx == "mask" else idx
    with pytest.raises(TypeError, match=r"^at: cannot cast .*same_kind"):
        getattr(xpx.at(x)[key], op)(1.1)
    for no_in_place_op in ("min", "max"):  # x[idx] = min(x[idx], y), cast as NumPy does
        assert getattr(xpx.at(x)[key], no_in_place_op)(1.1).dtype == tf.int32
    if op == "divide":  # int / int is float in the standard: a higher kind, refused too
        with pytest.raises(TypeError, match=r"^at: cannot cast"):
            xpx.at(x)[key].divide(2)
        return
    out = getattr(xpx.at(x)[key], op)(2)  # the same kind: as NumPy's in-place op
    n = np.asarray([2, 4], dtype=np.int32)
    sel = np.asarray([True, False]) if idx == "mask" else idx
    n[sel] = getattr(np, op)(n[sel], 2)
    np.testing.assert_array_equal(out.numpy(), n)


def test_at_on_arrays_compat_knows_read_only_keeps_their_own_at(enabled):
    jnp = require("jax.numpy")
    arraykit.enable("jax")
    try:
        with pytest.warns(FutureWarning, match="cannot safely cast"):  # JAX's own .at
            out = xpx.at(jnp.asarray([2, 4], dtype=jnp.int32))[:].add(1.1)
        np.testing.assert_array_equal(np.asarray(out), [3, 5])
    finally:
        arraykit.disable("jax")


def test_copy_false_still_refused(enabled):
    for at in _vendored_at():
        with pytest.raises(ValueError, match="read-only"):
            at(tf.constant([1.0]), 0).set(2.0, copy=False)


def test_unset_index_still_reported(enabled):
    with pytest.raises(ValueError, match="Index has not been set"):
        xpx.at(tf.constant([1.0])).set(2.0)


def test_apply_where_on_tf(enabled):
    x = tf.constant([1.0, 4.0, 9.0])
    out = xpx.apply_where(x > 2, x, tf.sqrt, fill_value=-1.0)
    np.testing.assert_array_equal(out.numpy(), [-1.0, 2.0, 3.0])


def test_inside_tf_function(enabled):
    f = tf.function(lambda x, i: xpx.at(x, i).add(1.0))
    out = f(tf.constant([1.0, 2.0, 3.0]), tf.constant([2, 0]))
    np.testing.assert_array_equal(out.numpy(), [2.0, 2.0, 4.0])


def test_scipy_function_that_writes(enabled):
    special = require("scipy.special")
    out = special.logsumexp(tf.constant([1.0, 2.0, np.inf]))
    assert float(out) == np.inf


def test_disable_restores_every_function_by_identity():
    was_on = "tensorflow" in arraykit.enabled()
    arraykit.disable("tensorflow")  # the state under test, whatever an earlier test left
    originals = [at.__dict__["_op"] for at in _vendored_at()]
    helpers = [sys.modules[c.__name__ + ".common._helpers"]._is_writeable_cls
               for c in _vendored_compat()]
    try:
        assert all(not hasattr(f, "_arraykit_original") for f in originals)
        arraykit.enable("tensorflow")
        assert all(hasattr(at.__dict__["_op"], "_arraykit_original") for at in _vendored_at())
        arraykit.disable("tensorflow")
        assert not _read_only._patched
        after = [at.__dict__["_op"] for at in _vendored_at()]
        assert all(not hasattr(f, "_arraykit_original") for f in after)
        assert all(
            not hasattr(sys.modules[c.__name__ + ".common._helpers"]._is_writeable_cls,
                        "_arraykit_original") for c in _vendored_compat())
        assert after == originals
        assert [sys.modules[c.__name__ + ".common._helpers"]._is_writeable_cls
                for c in _vendored_compat()] == helpers
    finally:
        if was_on:
            arraykit.enable("tensorflow")


def test_copies_imported_after_enable_are_patched():
    code = (
        "import os; os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n"
        "import sys, tensorflow as tf, arraykit\n"
        "arraykit.enable('tensorflow')\n"
        "assert 'array_api_extra' not in sys.modules\n"
        "import array_api_extra as xpx, array_api_compat\n"
        "x = tf.constant([1.0, 2.0])\n"
        "assert array_api_compat.is_writeable_array(x) is False\n"
        "print(xpx.at(x, 1).set(5.0).numpy().tolist())\n"
    )
    assert run_fresh(code).strip().splitlines()[-1] == "[1.0, 5.0]"


def test_nothing_installed_without_enable():
    code = (
        "import arraykit, sys, array_api_extra as xpx\n"
        "from array_api_compat.common import _helpers\n"
        "assert not hasattr(xpx.at.__dict__['_op'], '_arraykit_original')\n"
        "assert not hasattr(_helpers._is_writeable_cls, '_arraykit_original')\n"
        "assert 'arraykit._read_only' not in sys.modules\n"
    )
    run_fresh(code)


# --- one-op writes for indices known on the host (issue 28) -------------------------------
# Each index is written by one op (the TF writer's strided update or scatter, or a where with
# a host mask) and must give what NumPy and the general ten-op path give; a repeated position
# is written once, by its last update, as in NumPy.

V1 = np.arange(10.0)
FAST_1D = {
    "int": 3, "negative int": -2, "0-d tensor": "int0d", "slice": slice(2, 7),
    "negative step": slice(None, None, -3), "step 3": slice(1, None, 3),
    "empty slice": slice(5, 5), "ellipsis": (Ellipsis, slice(0, 4)),
    "int array": np.array([1, 4, 8]), "unsorted": np.array([8, 1, 4]),
    "negative ints": np.array([-1, 2, -10]), "empty ints": np.array([], dtype=np.int64),
    "int matrix": np.array([[0, 2], [5, 9]]), "mask": V1 > 4.5,
    "empty mask": V1 > 100,
}
M2 = np.arange(20.0).reshape(4, 5)
FAST_2D = {
    "int": 1, "ints": (2, -1), "int+slice": (-1, slice(1, None, 2)),
    "slices": (slice(None, None, -1), slice(3, 0, -2)), "ellipsis": (Ellipsis, 2),
    "rows": np.array([3, 0]), "pairs": (np.array([0, 3, 1]), np.array([4, 4, 0])),
    "array+int": (np.array([2, 1]), 3), "row mask": M2[:, 0] > 7, "mask": M2 % 3 == 0,
}


def _key(spec, mk):
    if isinstance(spec, str):  # a 0-d integer tensor: an integer, as NumPy reads it
        return tf.constant(4), 4
    if isinstance(spec, np.ndarray):
        return mk(spec), spec
    if isinstance(spec, tuple):
        return tuple(mk(k) if isinstance(k, np.ndarray) else k for k in spec), spec
    return spec, spec


def _paths(monkeypatch):
    """Counts of the general path and of the TF writer's one-op writes, as they run."""
    from arraykit.ext.nd import _tensorflow as writer

    seen = {"general": 0, "replace_unique": 0, "replace_strided": 0, "replace_dense": 0}

    def counted(name, f):
        def g(*a):
            seen[name] += 1
            return f(*a)
        return g

    monkeypatch.setattr(_read_only, "general_setitem",
                        counted("general", _read_only.general_setitem))
    for name in ("replace_unique", "replace_strided", "replace_dense"):
        monkeypatch.setattr(writer, name, counted(name, getattr(writer, name)))
    return seen


@pytest.mark.parametrize("mk", [tf.constant, np.asarray], ids=["tf index", "numpy index"])
@pytest.mark.parametrize(("base", "spec"),
                         [(V1, s) for s in FAST_1D.values()]
                         + [(M2, s) for s in FAST_2D.values()],
                         ids=[f"1d-{k}" for k in FAST_1D] + [f"2d-{k}" for k in FAST_2D])
@pytest.mark.parametrize("value", ["scalar", "array"])
def test_host_index_written_in_one_op_as_numpy_and_the_general_path(
        enabled, monkeypatch, mk, base, spec, value):
    key, np_key = _key(spec, mk)
    n_selected = base[np_key].size
    v = np.float64(-7.5) if value == "scalar" else -np.arange(
        1.0, n_selected + 1).reshape(base[np_key].shape)
    seen = _written_as_numpy_and_the_general_path(monkeypatch, base, key, np_key, v)
    assert seen["general"] == 0, seen
    if value == "array" and n_selected:
        assert seen["replace_unique"] + seen["replace_strided"] == 1, seen


def _written_as_numpy_and_the_general_path(monkeypatch, base, key, np_key, v):
    """Checks ``at(x, key).set(v)`` on ``base`` as float32 against NumPy's ``base[np_key] =
    v`` and the general path (``x`` unchanged); the paths taken (``_paths``)."""
    expected = base.copy()
    expected[np_key] = v
    x = tf.constant(base, tf.float32)
    xp = arraykit.array_namespace(x)
    general = _read_only.general_setitem(x, key, xp.asarray(v, dtype=xp.float32), xp)
    seen = _paths(monkeypatch)
    out = xpx.at(x, key).set(tf.constant(v))
    assert out.dtype == tf.float32 and out.shape == x.shape
    np.testing.assert_array_equal(out.numpy(), expected.astype(np.float32))
    np.testing.assert_array_equal(out.numpy(), general.numpy())
    np.testing.assert_array_equal(x.numpy(), base.astype(np.float32))
    return seen


REPEATS = {"1d": (V1, np.array([4, 1, 4, 0, 1, 4])),
           "2d rows": (M2, np.array([[3, 0], [3, 3]])),
           "2d pairs": (M2, (np.array([1, 2, 1]), np.array([4, 0, 4])))}


@pytest.mark.parametrize("value", ["scalar", "array"])
@pytest.mark.parametrize("case", list(REPEATS))
def test_repeated_positions_written_once_by_their_last_update(
        enabled, monkeypatch, value, case):
    base, spec = REPEATS[case]
    key, np_key = _key(spec, tf.constant)
    expected = base.copy()
    shape = expected[np_key].shape
    v = np.float64(9.0) if value == "scalar" else np.arange(1.0, 1 + np.prod(shape)).reshape(
        shape)
    expected[np_key] = v  # NumPy: the last update of a repeated position wins
    seen = _paths(monkeypatch)
    out = xpx.at(tf.constant(base), key).set(tf.constant(v))
    np.testing.assert_array_equal(out.numpy(), expected)
    assert seen["general"] == 0, seen
    # a 0-d value: one where; an array value: its winners gathered, then one scatter
    assert seen["replace_unique"] == (value == "array"), seen


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide", "power", "min", "max"])
@pytest.mark.parametrize("spec", [2, slice(None, None, 2), np.array([7, 0, 3]), V1 > 3,
                                  np.array([1, 1, 5])],
                         ids=["int", "step", "ints", "mask", "repeats"])
def test_in_place_ops_with_a_0d_value_as_numpy_and_in_few_ops(enabled, monkeypatch, op, spec):
    # add/subtract/multiply/divide: the op over all of x, then one where; pow/min/max (whose
    # kernels may round or treat NaN differently by array size): on x[idx], then one write.
    key, np_key = _key(spec, tf.constant)
    xp = arraykit.array_namespace(tf.constant(V1))
    tf_op = getattr(xp, {"min": "minimum", "max": "maximum", "power": "pow"}.get(op, op))
    expected = V1.copy()
    # repeats: written once, as NumPy; TF's own op on the selection (pow differs from
    # NumPy's in the last bit)
    expected[np_key] = tf_op(tf.constant(V1[np_key]), 1.5).numpy()
    seen = _paths(monkeypatch)
    out = getattr(xpx.at(tf.constant(V1), key), op)(1.5)
    np.testing.assert_array_equal(out.numpy(), expected)
    assert seen["general"] == 0, seen


@pytest.mark.parametrize("y", [np.float64(1.5), np.array(1.5), np.float32(2.0), True],
                         ids=["numpy float64", "numpy 0-d", "numpy float32", "bool"])
@pytest.mark.parametrize("op", ["add", "multiply"])
def test_in_place_ops_with_other_0d_values_as_before(enabled, monkeypatch, op, y):
    # Not arrays of x's library: x[idx] + y decides what they mean, then one scatter (a
    # NumPy 0-d y had raised TypeError in isdtype on the whole-array path).
    expected = V1.copy()
    expected[[1, 3]] = getattr(np, op)(expected[[1, 3]], y)
    seen = _paths(monkeypatch)
    out = getattr(xpx.at(tf.constant(V1), tf.constant([1, 3])), op)(y)
    np.testing.assert_array_equal(out.numpy(), expected)
    assert seen["general"] == 0, seen


def test_sparse_rows_are_scattered_dense_rows_take_one_where(enabled, monkeypatch):
    # One element of 10,000 costs less scattered; every second one less by a where.
    big = np.zeros(10_000, np.float32)
    seen = _paths(monkeypatch)
    out = xpx.at(tf.constant(big), tf.constant([7])).set(1.0)
    assert seen["replace_unique"] == 1 and float(tf.reduce_sum(out)) == 1.0
    out = xpx.at(tf.constant(big), tf.constant(np.arange(0, 10_000, 2))).set(1.0)
    assert seen["replace_unique"] == 1 and float(tf.reduce_sum(out)) == 5_000.0
    assert seen["general"] == 0


@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "uint64", "complex64", "float32"])
@pytest.mark.parametrize("spec", [slice(1, 3), np.array([2, 0])], ids=["strided", "rows"])
def test_one_op_writes_keep_every_dtype(enabled, monkeypatch, dtype, spec):
    base = np.arange(4).astype(dtype)
    v = np.array([1, 0]).astype(dtype)
    expected = base.copy()
    expected[spec] = v
    key = tf.constant(spec) if isinstance(spec, np.ndarray) else spec
    seen = _paths(monkeypatch)
    out = xpx.at(tf.constant(base), key).set(tf.constant(v))
    assert out.dtype.name == dtype
    np.testing.assert_array_equal(out.numpy(), expected)
    assert seen["replace_unique"] + seen["replace_strided"] == 1 and not seen["general"]


@pytest.mark.parametrize("spec", [(1, slice(None, 3)), np.array([2, 0]), M2 > 12.0],
                         ids=["strided", "rows", "mask"])
def test_one_op_writes_differentiate_in_the_value(enabled, spec):
    key = tf.constant(spec) if isinstance(spec, np.ndarray) else spec
    x = tf.constant(M2, tf.float32)
    n = M2[spec].size
    v = tf.constant(np.arange(1.0, n + 1, dtype=np.float32).reshape(M2[spec].shape))
    with tf.GradientTape() as tape:
        tape.watch(v)
        out = xpx.at(x, key).set(v * v)
        total = tf.reduce_sum(out)
    np.testing.assert_array_equal(tape.gradient(total, v).numpy(), 2 * v.numpy())


@pytest.mark.parametrize(("spec", "value"), [
    (10, 1.0), (-11, np.ones(1)), (np.array([0, 10]), 1.0), (np.array([-11]), np.ones(1)),
    (slice(0, 4), np.ones(3)), (np.array([1, 2]), np.ones((2, 2))),
    ((0, 0), 1.0), (np.array([[0], [1]]) > 0, 1.0),
], ids=["int", "negative int", "ints", "negative ints", "slice/value", "ints/value",
        "too many", "mask shape"])
def test_errors_are_those_of_the_general_path(enabled, spec, value):
    x = tf.constant(V1)
    key = tf.constant(spec) if isinstance(spec, np.ndarray) else spec
    xp = arraykit.array_namespace(x)
    with pytest.raises((IndexError, ValueError)) as general:
        _read_only.general_setitem(x, key, xp.asarray(value, dtype=xp.float64), xp)
    with pytest.raises(general.type) as fast:
        xpx.at(x, key).set(tf.constant(value) if isinstance(value, np.ndarray) else value)
    assert fast.type is general.type


@pytest.mark.parametrize("value", [np.float64(1.5), np.float32(0.5), np.asarray(2.5),
                                   np.asarray([7.0, 8.0])])
def test_numpy_values_are_written_as_numpy_writes_them(enabled, value):
    """A NumPy scalar or array as the value (SciPy passes them): cast as assignment casts
    (TypeError from the shim's astype before)."""
    a = np.arange(4.0, dtype=np.float32)
    idx = 1 if np.ndim(value) == 0 else slice(0, 2)
    want = a.copy()
    want[idx] = value
    got = xpx.at(tf.constant(a), idx).set(value)
    np.testing.assert_array_equal(got.numpy(), want)
    assert got.dtype == tf.float32


# --- dense rows: SparseToDense and a select over all of x (issue 28) ----------------------
# Where an array value writes many rows (~7% of 1e6 elements and up), the TF writer's
# replace_dense writes them in two ops over all of x instead of a scatter; a repeated
# position keeps its last update (the others' values go to a row nothing writes).


@pytest.fixture
def dense_always(monkeypatch):
    """The TF writer's cost model tuned so that every array-value row write is dense."""
    from arraykit.ext.nd import _tensorflow as writer

    monkeypatch.setattr(writer, "DENSE_GAIN", 10**9)
    monkeypatch.setattr(writer, "DENSE_FIXED", 0)


DENSE_CASES = {
    **{f"1d-{k}": (V1, FAST_1D[k]) for k in ("int array", "unsorted", "negative ints",
                                               "int matrix", "mask")},
    **{f"2d-{k}": (M2, FAST_2D[k]) for k in ("rows", "pairs", "array+int", "row mask",
                                               "mask")},
    **{f"repeats {k}": REPEATS[k] for k in REPEATS},
    "3d pairs, repeated": (np.arange(60.0).reshape(3, 4, 5),
                           (np.array([2, 0, 2, -1]), np.array([1, 3, 1, -3]))),
}


@pytest.mark.parametrize("mk", [tf.constant, np.asarray], ids=["tf index", "numpy index"])
@pytest.mark.parametrize("case", list(DENSE_CASES))
def test_dense_rows_written_as_numpy_and_the_general_path(
        enabled, dense_always, monkeypatch, mk, case):
    base, spec = DENSE_CASES[case]
    key, np_key = _key(spec, mk)
    shape = base[np_key].shape
    v = -np.arange(1.0, 1 + np.prod(shape)).reshape(shape)
    # and a value broadcast along the selection's leading axis: written to every row
    for value in (v, v[-1:]):
        seen = _written_as_numpy_and_the_general_path(monkeypatch, base, key, np_key, value)
        assert seen == {"general": 0, "replace_unique": 0, "replace_strided": 0,
                        "replace_dense": 1}, seen


def test_dense_rows_every_row_written_and_some_repeated(enabled, dense_always, monkeypatch):
    # No row is left for the repeated positions' discarded values: the winners are gathered
    # and scattered, as without replace_dense.
    idx = np.array([3, 0, 1, 2, 3, 1])
    expected = np.zeros(4)
    expected[idx] = np.arange(6.0)
    seen = _paths(monkeypatch)
    out = xpx.at(tf.constant(np.zeros(4)), tf.constant(idx)).set(tf.constant(np.arange(6.0)))
    np.testing.assert_array_equal(out.numpy(), expected)
    assert seen["replace_unique"] == 1 and seen["replace_dense"] == 0, seen


def test_dense_rows_chosen_by_the_share_of_x_written(enabled, monkeypatch):
    # 1/3 of 100,000 elements costs less by replace_dense, 10 of them by the scatter.
    base = np.zeros(100_000, np.float32)
    seen = _paths(monkeypatch)
    for idx, path in ((np.arange(0, 100_000, 3), "replace_dense"),
                      (np.arange(0, 100, 10), "replace_unique")):
        expected = base.copy()
        v = np.arange(1.0, idx.size + 1, dtype=np.float32)
        expected[idx] = v
        before = seen[path]
        out = xpx.at(tf.constant(base), tf.constant(idx)).set(tf.constant(v))
        np.testing.assert_array_equal(out.numpy(), expected)
        assert seen[path] == before + 1, seen
    assert seen["general"] == 0


@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "uint64", "complex64", "float64"])
@pytest.mark.parametrize("spec", [np.array([2, 0, 2]), np.array([[True], [False], [True],
                                                                 [True]])],
                         ids=["repeated rows", "row mask"])
def test_dense_rows_keep_every_dtype(enabled, dense_always, monkeypatch, dtype, spec):
    base = np.arange(8).reshape(4, 2).astype(dtype)
    expected = base.copy()
    v = (np.arange(expected[spec[:, 0] if spec.dtype == bool else spec].size) % 2
         ).astype(dtype).reshape(expected[spec[:, 0] if spec.dtype == bool else spec].shape)
    key = spec[:, 0] if spec.dtype == bool else spec
    expected[key] = v
    seen = _paths(monkeypatch)
    out = xpx.at(tf.constant(base), tf.constant(key)).set(tf.constant(v))
    assert out.dtype.name == dtype
    np.testing.assert_array_equal(out.numpy(), expected)
    assert seen["replace_dense"] == 1 and not seen["general"], seen


@pytest.mark.parametrize("spec", [np.array([3, 1, 3, 0]), M2 > 12.0,
                                  (np.array([1, 2, 1]), np.array([4, 0, 4]))],
                         ids=["repeated rows", "mask", "repeated pairs"])
def test_dense_rows_differentiate_in_x_and_in_the_value(enabled, dense_always, spec):
    # The gradient of sum(out * w): w where a row is written (by its last update; an
    # update written over gets zero), else w for x.
    key = tuple(tf.constant(k) for k in spec) if isinstance(spec, tuple) else tf.constant(
        spec)
    x = tf.constant(M2, tf.float32)
    weights = tf.constant(np.arange(1.0, 21.0, dtype=np.float32).reshape(4, 5))
    shape = M2[spec].shape
    v = tf.constant(np.arange(1.0, 1 + np.prod(shape), dtype=np.float32).reshape(shape))
    with tf.GradientTape() as tape:
        tape.watch([x, v])
        out = xpx.at(x, key).set(v * v)
        total = tf.reduce_sum(out * weights)
    grad_x, grad_v = tape.gradient(total, [x, v])
    # NumPy's writes, of each update's index, say who wins where
    winner = np.full(M2.shape, -1)
    winner[spec] = np.arange(np.prod(shape)).reshape(shape)
    want_x = np.where(winner < 0, weights.numpy(), 0.0)
    want_v = np.zeros(int(np.prod(shape)), np.float32)
    for (i, j), k in np.ndenumerate(winner):
        if k >= 0:
            want_v[k] = 2 * v.numpy().reshape(-1)[k] * weights.numpy()[i, j]
    np.testing.assert_array_equal(tf.convert_to_tensor(grad_x).numpy(), want_x)
    np.testing.assert_array_equal(tf.convert_to_tensor(grad_v).numpy().reshape(-1), want_v)


def test_dense_rows_inside_tf_function(enabled, dense_always, monkeypatch):
    # A host index in a graph: the same write, traced; a traced index: the general path.
    idx = np.array([7, 2, 7, -1])
    expected = V1.copy()
    expected[idx] = [1.0, 2.0, 3.0, 4.0]
    seen = _paths(monkeypatch)
    host = tf.function(lambda x, v: xpx.at(x, idx).set(v))
    traced = tf.function(lambda x, i, v: xpx.at(x, i).set(v))
    v = tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64)
    np.testing.assert_array_equal(host(tf.constant(V1), v).numpy(), expected)
    assert seen["replace_dense"] == 1 and not seen["general"], seen
    np.testing.assert_array_equal(traced(tf.constant(V1), tf.constant(idx), v).numpy(),
                                  expected)
    assert seen["general"] == 1, seen
