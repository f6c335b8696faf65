"""Sorting functions: NaN placement and stability."""

from __future__ import annotations

import numpy as np
import pytest
from frameworks import optional, require
from shim_helpers import (
    SHIMS,
    arr,
    host,
)


@SHIMS
def test_stable_nan_safe_argsort(xp):
    v = np.array([1.0, np.nan, 0.5, 1.0, np.nan, 0.5] * 5)
    for desc in (False, True):
        got = host(xp.argsort(xp.asarray(v, dtype=xp.float64), descending=desc))
        # Descending: NaN is the largest value (first), equal values in their original order.
        want = (np.argsort(np.where(np.isnan(v), -np.inf, -v), kind="stable") if desc
                else np.argsort(v, kind="stable"))
        assert got.tolist() == want.tolist()
    z = xp.zeros((40,), dtype=xp.uint8)
    assert host(xp.argsort(z)).tolist() == list(range(40))


NAN = float("nan")


@SHIMS
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


@SHIMS
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_descending_sort_is_stable_with_nan_first(xp, dtype):
    a = np.asarray([[3, NAN, 1, 3, -0.0, NAN, 0.0, np.inf]], dtype=dtype)
    # Largest first with NaN the largest (NumPy via array-api-compat, torch, JAX and
    # array-api-strict all do this), equal elements in their original order.
    want = [1, 5, 7, 0, 3, 2, 4, 6]
    strict = optional("array_api_strict")
    if strict is not None:
        assert np.asarray(strict.argsort(strict.asarray(a), descending=True))[0].tolist() == want
    np.testing.assert_array_equal(host(xp.argsort(xp.asarray(a), descending=True))[0], want)
    np.testing.assert_array_equal(host(xp.sort(xp.asarray(a), descending=True))[0], a[0, want])


@SHIMS
@pytest.mark.parametrize("descending", [False, True])
def test_bool_sorts_as_numpy_on_every_shim(xp, descending):
    # NumPy, torch, jax, TF and MXNet sort bool (False first); MLX and Paddle refused it.
    b = np.asarray([[True, False, True, False], [False, False, True, True]])
    got = host(xp.sort(arr(xp, b, "bool"), axis=-1, descending=descending))
    want = np.sort(b, axis=-1, kind="stable")
    np.testing.assert_array_equal(got, want[:, ::-1] if descending else want)
    order = host(xp.argsort(arr(xp, b, "bool"), axis=-1, descending=descending, stable=True))
    key = ~b if descending else b  # descending and stable: ties keep their order
    np.testing.assert_array_equal(order, np.argsort(key, axis=-1, kind="stable"))
    assert xp.sort(arr(xp, b, "bool")).dtype == xp.bool


@pytest.mark.backends("tensorflow", "mlx", "paddle",
                      reason="a complex dtype (MXNet has none) on the full shims")
@pytest.mark.parametrize("fname", ["sort", "argsort"])
def test_complex_input_is_refused_at_every_rank(xp, fname):
    # One rule (_common.sorting): TF returned a 0-d complex input unchecked (sort: itself,
    # argsort: 0), where MLX and Paddle refused it.
    for v in (1 + 2j, [1 + 2j, 3j]):
        with pytest.raises(TypeError, match=fname):
            getattr(xp, fname)(arr(xp, v, "complex64"))


@SHIMS
@pytest.mark.parametrize("fname", ["sort", "argsort"])
def test_0d_sorts_as_one_element_and_checks_the_axis(xp, fname):
    x = arr(xp, 2.5, "float32")
    for axis in (0, -1):
        r = getattr(xp, fname)(x, axis=axis)
        assert r.shape == ()
        assert host(r) == (2.5 if fname == "sort" else 0)
    for axis in (1, -2, 7):
        with pytest.raises(IndexError, match=fname):
            getattr(xp, fname)(x, axis=axis)


@SHIMS
@pytest.mark.parametrize("fname", ["sort", "argsort"])
def test_descending_and_stable_are_read_as_flags_alike(xp, fname):
    """``descending``/``stable`` are bools read by one rule (``_common.sorting.flag``): NumPy's
    bool and integers (1 is True) as their truth value; a string, None or a float is a
    TypeError naming the function (every shim read them by truthiness: ``"False"`` sorted
    descending, a stable of None passed)."""
    f = getattr(xp, fname)
    x = xp.asarray([2.0, 3.0, 1.0])
    want = host(f(x, descending=True))
    for truth in (np.bool_(True), 1, np.int64(1)):
        np.testing.assert_array_equal(host(f(x, descending=truth)), want)
    np.testing.assert_array_equal(host(f(x, descending=np.bool_(False))), host(f(x)))
    np.testing.assert_array_equal(host(f(x, stable=np.bool_(False))), host(f(x)))
    for bad in ("False", None, 1.0):
        with pytest.raises(TypeError, match=rf"^{fname}: descending must be a bool"):
            f(x, descending=bad)
        with pytest.raises(TypeError, match=rf"^{fname}: stable must be a bool"):
            f(x, stable=bad)


def test_mxnet_cpu_sort_and_argsort_run_on_the_host(monkeypatch):
    """MXNet (issue 28): a float (or descending) sort and every argsort of an array in CPU
    memory run as NumPy's stable sort of the host copy, one copy back (the ~40-operator MXNet
    composition cost ~2.8 ms a 16-element call): no MXNet operator wrapper is called, the
    results are the composition's (NaN last, first when descending; equal values, -0.0 and
    0.0 included, in their original order; the input's dtype and device); while autograd
    records, a sort keeps the composition and its gradient."""
    mx = require("mxnet")
    from mxnet import autograd
    from mxnet.ndarray import register

    import arraykit.shims.mxnet as xp

    a = np.array([[1.0, NAN, -0.0, 0.5, 0.0, -np.inf, NAN, 0.5, np.inf, -0.0],
                  [0.0, -0.0, 2.0, NAN, 2.0, 1.0, -1.0, 0.0, NAN, -0.0]])
    wants = {}
    for dtype in ("float32", "float64", "int32", "uint8"):
        h = a.astype(dtype) if dtype.startswith("float") else np.nan_to_num(a).astype(dtype)
        for axis in (-1, 0):
            for desc in (False, True):
                if desc:
                    key = -h if dtype.startswith("float") else ~h
                    nan = np.isnan(key)
                    idx = np.lexsort((np.where(nan, -np.inf, key), ~nan), axis=axis)
                else:
                    idx = np.argsort(h, axis=axis, kind="stable")
                wants[dtype, axis, desc] = (h, idx, np.take_along_axis(h, idx, axis=axis))
    calls = []
    invoke = register._imperative_invoke
    monkeypatch.setattr(register, "_imperative_invoke", lambda *a: calls.append(1) or invoke(*a))
    for (dtype, axis, desc), (h, idx, srt) in wants.items():
        x = xp.asarray(h, device=mx.cpu(1))
        del calls[:]
        i = xp.argsort(x, axis=axis, descending=desc)
        s = xp.sort(x, axis=axis, descending=desc)
        assert not calls or (dtype in ("int32", "uint8") and not desc), (dtype, axis, desc)
        assert i.dtype == np.int64 and s.dtype == h.dtype and s.ctx == i.ctx == mx.cpu(1)
        np.testing.assert_array_equal(i.asnumpy(), idx)
        np.testing.assert_array_equal(s.asnumpy(), srt)
        assert np.signbit(s.asnumpy()).tolist() == np.signbit(srt).tolist()
    monkeypatch.undo()
    x = xp.asarray(np.array([3.0, NAN, -0.0, 0.0, 1.0, 3.0], dtype="float32"))
    x.attach_grad()
    with autograd.record():
        y = xp.sort(x, descending=True)
        z = xp.sum(xp.multiply(y, xp.asarray(np.arange(6, dtype="float32"))))
    z.backward()
    np.testing.assert_array_equal(y.asnumpy(), [NAN, 3.0, 3.0, 1.0, -0.0, 0.0])
    np.testing.assert_array_equal(x.grad.asnumpy(), [1.0, 0.0, 4.0, 5.0, 3.0, 2.0])
