"""arraykit.ext.nd on Paddle, eager (issue 28, Paddle vision): the tuple form's fast path
(``_paddle.gather_columns``) gives the general path's values, dtypes and errors."""

from __future__ import annotations

import numpy as np
import pytest
from frameworks import require
from tuple_form import assert_same_as_stacked, assert_tuple_form_errors

from arraykit.ext import nd


def test_paddle_gather_nd_tuple_form_seen_before_skips_the_front(monkeypatch):
    """A tuple-form gather whose shapes and dtype Paddle's backend served before runs as one
    function (``_paddle.gather_columns``: no argument checks again, the same host range
    check of every column, flat rows, one gather), with the general path's values, dtypes
    and errors for every input it must not decide: out-of-range and negative entries in
    either column, int32/int64 extremes, columns of another dtype, shape or library,
    batch_dims, sliced or parameter x, empty columns, other index dtypes; gradients too."""
    paddle = require("paddle")  # through the registry row: imported safely after TensorFlow
    import arraykit.ext.nd as ndm

    rng = np.random.default_rng(11)
    xn = rng.standard_normal((6, 5, 3)).astype(np.float32)
    n0 = rng.integers(0, 6, (4, 7)).astype(np.int32)
    n1 = rng.integers(0, 5, (4, 7)).astype(np.int32)
    x, i0, i1 = paddle.to_tensor(xn), paddle.to_tensor(n0), paddle.to_tensor(n1)
    l0, l1 = i0.astype("int64"), i1.astype("int64")
    x1 = paddle.to_tensor(xn[..., 0].copy())  # no inner axis
    x4 = paddle.to_tensor(rng.standard_normal((6, 5, 2, 2)).astype(np.float32))  # two
    for a in (x, x1, x4):
        for c0, c1 in ((i0, i1), (l0, l1)):
            np.testing.assert_array_equal(nd.gather_nd(a, (c0, c1)).numpy(),
                                          a.numpy()[n0, n1])  # the general path
    calls = []
    real = ndm._columns
    monkeypatch.setattr(ndm, "_columns", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    for a in (x, x1, x4):
        for c0, c1 in ((i0, i1), (l0, l1)):
            got, want = nd.gather_nd(a, (c0, c1)), a.numpy()[n0, n1]
            assert got.dtype == a.dtype and tuple(got.shape) == want.shape
            np.testing.assert_array_equal(got.numpy(), want)
    assert calls == []  # every one of those skipped the front

    for dt in ("int32", "int64"):
        for k, v in [(1, 5), (1, 1000), (1, -1), (1, -5), (1, -6), (0, 6), (0, -1), (0, -6),
                     (0, -7), (0, 2**31 - 1), (0, -(2**31)), (1, 2**31 - 1), (1, -(2**31))]:
            cols = [n0.astype(dt), n1.astype(dt)]
            cols[k][2, 3] = v
            assert_same_as_stacked(x, tuple(paddle.to_tensor(c) for c in cols))
    # int64 entries whose flat row would wrap int64 into range: out of bounds all the same
    for v in (2**62, 2**63 - 1, -(2**63)):
        for k in (0, 1):
            cols = [n0.astype("int64"), n1.astype("int64")]
            cols[k][0, 0] = v
            assert_same_as_stacked(x, tuple(paddle.to_tensor(c) for c in cols))
    assert_tuple_form_errors(x, i0, i1, l1, n1)
    assert_same_as_stacked(x[:, ::2], (i0, i1 % 3))  # a sliced x
    assert_same_as_stacked(x, (i0[:0], i1[:0]))  # empty
    assert_same_as_stacked(x, (i0[:, :1], i1[:, :1]), batch_dims=0)
    assert_same_as_stacked(x, (i0.astype("int16"), i1.astype("int16")))
    assert_same_as_stacked(x, (i0.astype("uint8"), i1.astype("uint8")))
    assert_same_as_stacked(paddle.stack([x, x]), (paddle.stack([i0, i0]), paddle.stack([i1, i1])),
                           batch_dims=1)
    # gradients through the fast path (an exact Tensor) and a parameter's (a subclass)
    want = np.zeros(xn.shape, np.float32)
    np.add.at(want, (n0, n1), 1.0)
    xg = x.clone()
    xg.stop_gradient = False
    (grad,) = paddle.grad([nd.gather_nd(xg, (i0, i1)).sum()], [xg])
    np.testing.assert_array_equal(grad.numpy(), want)
    p = paddle.create_parameter(list(xn.shape), "float32")
    p.set_value(xn)
    np.testing.assert_array_equal(nd.gather_nd(p, (i0, i1)).numpy(), xn[n0, n1])
    (grad,) = paddle.grad([nd.gather_nd(p, (i0, i1)).sum()], [p])
    np.testing.assert_array_equal(grad.numpy(), want)


def test_paddle_gather_nd_tuple_form_reads_each_column_once(monkeypatch):
    """In-range CPU columns of the tuple form are read once, by the C helper (``_rows``),
    which checks the range and writes the flat rows into a Paddle int64 tensor; no separate
    host range check (``_paddle._below``: a NumPy max per column) and no Paddle row
    arithmetic. The first call (the front's path) and the later ones (``gather_columns``)
    alike; values, dtypes and shapes as x[i0, i1]; an out-of-range or negative entry still
    takes the checked path with its results and errors."""
    paddle = require("paddle")
    import arraykit.ext.nd._paddle as pmod

    if pmod._c_rows is None:  # a build without the C extension keeps the checked path
        return
    rng = np.random.default_rng(12)
    xn = rng.standard_normal((9, 8, 3)).astype(np.float32)
    x = paddle.to_tensor(xn)
    below, rows = [], []
    monkeypatch.setattr(pmod, "_below", lambda a, d, real=pmod._below: below.append(d)
                        or real(a, d))
    monkeypatch.setattr(pmod, "_c_rows", lambda *a, real=pmod._c_rows: rows.append(a[1])
                        or real(*a))
    for dt in ("int32", "int64", "int16", "uint8"):
        n0 = rng.integers(0, 9, (5, 4)).astype(dt)
        n1 = rng.integers(0, 8, (5, 4)).astype(dt)
        c0, c1 = paddle.to_tensor(n0), paddle.to_tensor(n1)
        for _ in range(3):
            got = nd.gather_nd(x, (c0, c1))
            assert got.dtype == x.dtype and tuple(got.shape) == (5, 4, 3)
            np.testing.assert_array_equal(got.numpy(), xn[n0, n1])
    assert below == [] and rows == [(9, 8)] * 12
    for v in (-1, 9, 2**20):  # the checked path decides these, as before
        n0 = rng.integers(0, 9, (5, 4)).astype(np.int32)
        n0[1, 2] = v
        assert_same_as_stacked(x, (paddle.to_tensor(n0), paddle.to_tensor(n0 % 8)))


def test_paddle_scatter_sums_into_in_range_rows_are_one_accumulating_index_put(monkeypatch):
    """Sums (``add``/``sum``) of float32/float64/int32/int64 updates at in-range CPU index
    rows are one ``index_put(accumulate=True)`` of the flat rows (C helper, one read of the
    indices), not ``scatter_nd_add`` (Paddle 3.3.1's CPU kernel calls MKL once per row):
    the same bits, duplicates added in their order, gradients too; negative or
    out-of-range rows keep the checked path and its results and errors."""
    paddle = require("paddle")
    import arraykit.ext.nd._paddle as pmod

    if pmod._c_rows is None:  # a build without the C extension keeps the checked path
        return
    rng = np.random.default_rng(13)
    puts = []
    monkeypatch.setattr(pmod, "_C_INDEX_PUT", lambda *a, real=pmod._C_INDEX_PUT:
                        puts.append(1) or real(*a))
    for dt in ("float32", "float64", "int32", "int64"):
        for idt in ("int32", "int64"):
            idx = rng.integers(0, 3, (50, 2)).astype(idt)  # many duplicates
            if dt.startswith("float"):
                upd = (rng.standard_normal((50, 4)) * 10.0 ** rng.integers(-8, 8, (50, 1)))
            else:
                upd = rng.integers(-1000, 1000, (50, 4))
            upd = upd.astype(dt)
            want = np.zeros((3, 3, 4), dt)
            for (a, b), u in zip(idx, upd):  # in order, as the standard's loop
                want[a, b] += u
            got = nd.scatter_nd(paddle.to_tensor(idx), paddle.to_tensor(upd), (3, 3, 4),
                                reduction="sum")
            assert got.dtype == paddle.to_tensor(upd).dtype and tuple(got.shape) == (3, 3, 4)
            np.testing.assert_array_equal(got.numpy(), want)
    assert len(puts) == 8
    x = paddle.to_tensor(rng.standard_normal((4, 3)).astype(np.float32), stop_gradient=False)
    u = paddle.to_tensor(rng.standard_normal((5, 3)).astype(np.float32), stop_gradient=False)
    i = paddle.to_tensor(np.array([[0], [3], [3], [1], [0]]))
    y = nd.update_nd(x, i, u, reduction="add")
    gx, gu = paddle.grad([(y * y).sum()], [x, u])
    want = x.numpy().copy()
    np.add.at(want, i.numpy()[:, 0], u.numpy())
    np.testing.assert_array_equal(y.numpy(), want)
    np.testing.assert_array_equal(gx.numpy(), 2 * want)
    np.testing.assert_array_equal(gu.numpy(), 2 * want[i.numpy()[:, 0]])
    assert len(puts) == 9
    # the checked path: wraps -1, raises for 4
    got = nd.update_nd(x, paddle.to_tensor(np.array([[0], [-1]])), u[:2], reduction="add")
    want = x.numpy().copy()
    np.add.at(want, [0, -1], u.numpy()[:2])
    np.testing.assert_array_equal(got.numpy(), want)
    with pytest.raises(IndexError, match="out of bounds"):
        nd.update_nd(x, paddle.to_tensor(np.array([[0], [4]])), u[:2], reduction="add")
    assert len(puts) == 9
