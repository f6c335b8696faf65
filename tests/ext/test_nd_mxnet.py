"""arraykit.ext.nd on mxnet.numpy (run in the mxnet venv), against the same plain-NumPy
reference as test_nd.py: hypothesis property tests, identical errors, gradients."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

mx = pytest.importorskip("mxnet")

import nd_reference as ref  # noqa: E402
from mxnet import autograd, npx  # noqa: E402
from mxnet import np as mnp  # noqa: E402

from arraykit.ext import nd  # noqa: E402

npx.set_np()

SMALL = settings(
    max_examples=int(os.environ.get("ND_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

INDEX_DTYPES = ["int8", "int32", "int64", "uint8"]  # mxnet has no int16/uint16+
VALUE_DTYPES = ["float64", "float32", "int32", "int64"]


def to(a):
    a = np.asarray(a)
    return mnp.array(a, dtype=a.dtype)


def back(a):
    return a.asnumpy()


def _outcome(f, *args, **kwargs):
    try:
        return ("ok", f(*args, **kwargs))
    except (IndexError, ValueError, TypeError) as e:
        return ("error", type(e).__name__, str(e))


def _check(expected, call, arrays):
    got = _outcome(lambda: back(call(*[to(a) for a in arrays])))
    if expected[0] == "error":
        assert got[0] == "error" and got[1:] == expected[1:], (got, expected)
    else:
        assert got[0] == "ok", got
        assert got[1].dtype == expected[1].dtype
        np.testing.assert_array_equal(got[1], expected[1])


@st.composite
def indices(draw, dims, lead):
    dtype = draw(st.sampled_from(INDEX_DTYPES))
    signed = not dtype.startswith("u")
    n = int(np.prod(lead)) if lead else 1
    cols = []
    for d in dims:
        lo, hi = (-d if signed else 0), d - 1
        if draw(st.integers(0, 9)) == 0:
            lo, hi = (lo - 2 if signed else lo), hi + 2
        cols.append(draw(st.lists(st.integers(lo, hi), min_size=n, max_size=n)))
    return np.array(cols, dtype=np.int64).T.reshape(tuple(lead) + (len(dims),)).astype(dtype)


@SMALL
@given(st.data())
def test_gather_nd_matches_reference(data):
    x_shape = data.draw(st.sampled_from([(5,), (4, 3), (3, 4, 2)]))
    b = data.draw(st.integers(0, min(1, len(x_shape) - 1)))
    k = data.draw(st.integers(1, len(x_shape) - b))
    lead = tuple(x_shape[:b]) + data.draw(st.sampled_from([(), (0,), (3,), (2, 2)]))
    idx = data.draw(indices(x_shape[b:b + k], lead))
    x = (np.arange(np.prod(x_shape)).reshape(x_shape) - 3).astype(
        data.draw(st.sampled_from(VALUE_DTYPES)))
    _check(_outcome(ref.gather_nd, x, idx, b),
           lambda a, i: nd.gather_nd(a, i, batch_dims=b), [x, idx])


@SMALL
@given(st.data())
def test_update_and_scatter_nd_match_reference(data):
    x_shape = data.draw(st.sampled_from([(5,), (4, 3), (3, 4, 2)]))
    k = data.draw(st.integers(1, len(x_shape)))
    lead = data.draw(st.sampled_from([(), (0,), (4,), (2, 3), (9,)]))
    idx = data.draw(indices(x_shape[:k], lead))
    dtype = data.draw(st.sampled_from(VALUE_DTYPES))
    upd_shape = () if data.draw(st.booleans()) else lead + x_shape[k:]
    size = int(np.prod(upd_shape))
    upd = np.asarray(data.draw(st.lists(st.integers(-4, 4), min_size=size, max_size=size)))
    upd = upd.reshape(upd_shape).astype(dtype)
    x = (np.arange(np.prod(x_shape)) % 7 - 3).reshape(x_shape).astype(dtype)
    red = data.draw(st.sampled_from(["replace", "add", "multiply", "min", "max"]))
    _check(_outcome(ref.update_nd, x, idx, upd, red),
           lambda a, i, u: nd.update_nd(a, i, u, reduction=red), [x, idx, upd])
    _check(_outcome(ref.scatter_nd, idx, upd, x_shape, red),
           lambda i, u: nd.scatter_nd(i, u, x_shape, reduction=red), [idx, upd])


@pytest.mark.parametrize("reduction", ["add", "min", "max"])
def test_segments(reduction):
    data = np.array([[1.0, -2.0], [3.0, 4.0], [-5.0, 6.0], [7.0, 0.5]])
    ids = np.array([2, 0, 2, -4])
    fn = {"add": nd.segment_sum, "min": nd.segment_min, "max": nd.segment_max}[reduction]
    np.testing.assert_array_equal(back(fn(to(data), to(ids), 4)),
                                  ref.segment(data, ids, 4, reduction))
    mean = back(nd.segment_mean(to(np.array([1.0, 2.0, 6.0])), to(np.array([0, 0, 2])), 4))
    np.testing.assert_array_equal(mean, [1.5, 0.0, 6.0, 0.0])


def test_errors_are_the_pinned_ones():
    x = to(np.zeros((3, 4)))
    with pytest.raises(IndexError, match=r"^gather_nd: index -5 at indices\[1, 1\] is out of "
                       r"bounds for axis 1 with size 4$"):
        nd.gather_nd(x, to(np.array([[0, 0], [2, -5]])))
    with pytest.raises(IndexError, match=r"^update_nd: index 3 at indices\[0, 0\]"):
        nd.update_nd(x, to(np.array([[3, 0]])), to(np.array([1.0])), reduction="add")
    with pytest.raises(TypeError, match="^gather_nd: indices must have an integer dtype"):
        nd.gather_nd(x, to(np.array([[0.0, 1.0]])))
    with pytest.raises(ValueError, match=r"^update_nd: updates of shape \(3,\) do not"):
        nd.update_nd(x, to(np.array([[0, 1]])), to(np.ones(3)))


def test_narrow_index_dtypes_on_long_axes():
    x = to(np.arange(300.0))
    idx = to(np.array([[-1], [-128], [127]], dtype=np.int8))
    np.testing.assert_array_equal(back(nd.gather_nd(x, idx)), [299.0, 172.0, 127.0])
    out = back(nd.scatter_nd(to(np.array([[255], [-1]], dtype=np.int64)),
                             to(np.array([1.0, 2.0])), (300,)))
    assert out[255] == 1.0 and out[299] == 2.0 and out.sum() == 3.0
    with pytest.raises(IndexError, match=r"^gather_nd: index 250 at indices\[0, 0\]"):
        nd.gather_nd(to(np.zeros(200)), to(np.array([[250]], dtype=np.uint8)))


@pytest.mark.parametrize("dtype", INDEX_DTYPES)
def test_extreme_index_values_raise(dtype):
    # Every index dtype at the ends of its range (issue 18): no cast may make one valid.
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    for v in ref.extreme_values(dtype):
        for idx in (np.array([[2, 3], [v, 1]], dtype), np.array([[1, v]], dtype)):
            upd = np.arange(1, idx.shape[0] + 1, dtype=np.float32)
            _check(_outcome(ref.gather_nd, x, idx), nd.gather_nd, [x, idx])
            _check(_outcome(ref.scatter_nd, idx, upd, x.shape),
                   lambda i, u: nd.scatter_nd(i, u, x.shape), [idx, upd])
            for red in ("replace", "add", "multiply", "min", "max"):
                _check(_outcome(ref.update_nd, x, idx, upd, red),
                       lambda a, i, u, r=red: nd.update_nd(a, i, u, reduction=r), [x, idx, upd])
            ids, ones = idx[:, 1].copy(), np.ones(idx.shape[0], np.float32)
            _check(_outcome(ref.segment, ones, ids, 3, "add"),
                   lambda d, i: nd.segment_sum(d, i, 3), [ones, ids])


def test_replace_last_wins_and_no_mutation():
    x = to(np.zeros((4, 2)))
    idx = to(np.array([[1], [3], [1], [1], [-1]]))
    upd = np.arange(10.0).reshape(5, 2) + 1
    rep = back(nd.update_nd(x, idx, to(upd)))
    np.testing.assert_array_equal(rep[1], upd[3])
    np.testing.assert_array_equal(rep[3], upd[4])
    np.testing.assert_array_equal(back(x), 0)


GX = np.array([[0.3, -1.2, 2.5], [1.7, 0.9, -0.4]])
GI = np.array([[1, 2], [0, 0], [1, -3], [-1, 2]])  # rows 0 and 3 both address (1, 2)
GU = np.array([0.5, 3.1, -2.2, 1.4])
W = np.arange(1, 7).reshape(2, 3).astype(np.float64)


GI_WRAPPED = GI % np.array(GX.shape)  # the same rows, no negatives: the flat-row path


def _loss_np(fn, red, x, u, gi=GI):
    if fn == "gather":
        return float(np.sum(ref.gather_nd(x, gi) ** 2))
    return float(np.sum(ref.update_nd(x, gi, u, red) ** 2 * W))


@pytest.mark.parametrize("gi", [GI, GI_WRAPPED], ids=["negative", "non-negative"])
@pytest.mark.parametrize("fn,red", [("gather", None)] + [
    ("update", r) for r in ["add", "replace", "multiply", "min", "max"]])
def test_gradients_against_finite_differences(fn, red, gi):
    x, u = to(GX), to(GU)
    x.attach_grad()
    u.attach_grad()
    with autograd.record():
        if fn == "gather":
            loss = (nd.gather_nd(x, to(gi)) ** 2).sum()
        else:
            loss = (nd.update_nd(x, to(gi), u, reduction=red) ** 2 * to(W)).sum()
    loss.backward()
    eps = 1e-6
    for got, base, which in ((x.grad, GX, 0), (u.grad, GU, 1)):
        if fn == "gather" and which == 1:
            continue
        num = np.zeros_like(base)
        for pos in np.ndindex(*base.shape):
            p, m = base.copy(), base.copy()
            p[pos] += eps
            m[pos] -= eps
            args_p = (p, GU) if which == 0 else (GX, p)
            args_m = (m, GU) if which == 0 else (GX, m)
            num[pos] = (
                _loss_np(fn, red, *args_p, gi=gi) - _loss_np(fn, red, *args_m, gi=gi)
            ) / (2 * eps)
        np.testing.assert_allclose(back(got), num, atol=1e-6)
