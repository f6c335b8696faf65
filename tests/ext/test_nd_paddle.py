"""arraykit.ext.nd on Paddle, eager (issue 28, Paddle vision): the tuple form's fast path
(``_paddle.gather_columns``) gives the general path's values, dtypes and errors."""

from __future__ import annotations

import numpy as np
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
