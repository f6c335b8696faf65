"""``arraykit.enable()`` tells array-api-compat and array-api-extra (and the copies SciPy and
scikit-learn vendor) that TF tensors are read-only, and gives ``at`` a functional path.

Every result is compared with the same ``at`` call on a NumPy array (a writeable copy)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from frameworks import installed, require

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


def _run_fresh(code: str) -> str:
    """Run ``code`` in a fresh interpreter (import order matters here); its stdout."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


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
    assert _run_fresh(code).strip().splitlines()[-1] == "[1.0, 5.0]"


def test_nothing_installed_without_enable():
    code = (
        "import arraykit, sys, array_api_extra as xpx\n"
        "from array_api_compat.common import _helpers\n"
        "assert not hasattr(xpx.at.__dict__['_op'], '_arraykit_original')\n"
        "assert not hasattr(_helpers._is_writeable_cls, '_arraykit_original')\n"
        "assert 'arraykit._read_only' not in sys.modules\n"
    )
    _run_fresh(code)
