"""arraykit.ext.nd on MLX under mx.compile (issue 28, MLX vision compiled): the traced program
is the native one (flat rows, one take / .at[].add) plus the pinned compiled rule (gathers
clip, scatters drop), with the compiled reference's values at every index dtype's extremes."""

from __future__ import annotations

import io
import re

import nd_reference as ref
import numpy as np
import pytest
from frameworks import from_numpy, require, to_numpy
from tuple_form import assert_same_as_stacked, assert_tuple_form_errors

from arraykit.ext import nd

ALL_INDEX_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
EX = np.arange(12, dtype=np.float32).reshape(3, 4)


def _to(a):
    return from_numpy("mlx", a)


def _ops(a):
    """The MLX operations of the unevaluated graph behind ``a``, by name."""
    mx = require("mlx.core")
    dot = io.StringIO()
    mx.export_to_dot(dot, a)
    return re.findall(r'label ="([^"]+)"', dot.getvalue())


def _calls(idx, upd):
    """(name, compiled reference, call) for every public nd function on ``idx`` (n, 2)."""
    ones = np.ones(idx.shape[0], np.float32)
    calls = [
        ("gather_nd", ref.gather_nd(EX, idx, compiled=True), lambda x, i, u, o: nd.gather_nd(x, i)),
        ("scatter_nd", ref.scatter_nd(idx, upd, EX.shape, compiled=True),
         lambda x, i, u, o: nd.scatter_nd(i, u, EX.shape)),
        ("segment_sum", ref.segment(ones, idx[:, 0], 3, "add", compiled=True),
         lambda x, i, u, o: nd.segment_sum(o, i[:, 0], 3)),
    ]
    for r in ("replace", "add", "multiply", "min", "max"):
        calls.append((f"update_nd {r}", ref.update_nd(EX, idx, upd, r, compiled=True),
                      lambda x, i, u, o, r=r: nd.update_nd(x, i, u, reduction=r)))
    return calls


@pytest.mark.parametrize("dtype", ALL_INDEX_DTYPES)
def test_mlx_compiled_program_is_the_native_one_plus_the_clip(dtype):
    # A gather is flat rows and one take plus a clip per column; an add-scatter one
    # .at[].add, a dropped row adding -0.0 into its clipped row: no stack, column slices,
    # spare row, concatenate or any(bad) (the vision workload under arraykit.ext.jit).
    # Values: the compiled reference's (gathers clip, scatters drop) at each extreme value
    # of the dtype in either column among valid rows (and a negative row, which wraps).
    mx = require("mlx.core")
    seen = []

    def traced(f):
        def g(*a):
            out = f(*a)
            seen.append(_ops(out))
            return out
        return mx.compile(g)

    i0, i1 = _to(np.array([0, 2, 1], dtype)), _to(np.array([3, 1, 0], dtype))
    both = mx.stack([i0, i1], axis=-1)
    mx.eval(i0, i1, both)
    mx.eval(traced(lambda x, p, q: nd.gather_nd(x, (p, q)))(_to(EX), i0, i1))
    mx.eval(traced(nd.gather_nd)(_to(EX), both))
    mx.eval(traced(lambda i, u: nd.scatter_nd(i, u, (3, 4)))(both, mx.ones(3)))
    mx.eval(traced(lambda x, i, u: nd.update_nd(x, i, u, reduction="add"))(
        _to(EX), both, mx.ones(3)))
    gather, stacked, scatter, update = seen
    assert gather.count("Gather") == stacked.count("Gather") == 1, (gather, stacked)
    assert [o for o in scatter + update if o.startswith("Scatter")] == ["Scatter Sum"] * 2
    for ops in seen:
        assert not {"Concatenate", "Any", "Arange"} & set(ops), ops
    assert "Slice" not in gather, gather  # the tuple form: no stack, no column slices
    # A dropped update adds -0.0, which leaves every value (-0.0 included) as it was.
    base = mx.array([[-0.0, 1.0], [2.0, -0.0]])
    bad = _to(np.array([[0, 5], [-3, 0], [1, 0]], dtype="int8" if dtype[0] == "u" else dtype))
    out = mx.compile(lambda a, i, u: nd.update_nd(a, i, u, reduction="add"))(
        base, bad, mx.array([7.0, 8.0, 9.0]))
    np.testing.assert_array_equal(to_numpy(out), [[-0.0, 1.0], [11.0, -0.0]])
    assert np.signbit(to_numpy(out)).tolist() == [[True, False], [False, True]]
    values = ref.extreme_values(dtype)
    rows = [[v, 1] for v in values] + [[1, v] for v in values] + [[2, 3], [0, 0], [1, 2]]
    if not dtype.startswith("u"):
        rows.append([-1, -4])
    idx = np.array(rows, dtype)
    upd = np.arange(1, idx.shape[0] + 1, dtype=np.float32)
    calls = _calls(idx, upd)
    program = mx.compile(lambda x, i, u, o: tuple(call(x, i, u, o) for _, _, call in calls))
    got = program(_to(EX), _to(idx), _to(upd), _to(np.ones(idx.shape[0], np.float32)))
    for (fname, expect, _), out in zip(calls, got):
        np.testing.assert_array_equal(to_numpy(out), expect, err_msg=fname)
    cols = mx.compile(lambda x, i0, i1: nd.gather_nd(x, (i0, i1)))  # the tuple form
    np.testing.assert_array_equal(
        to_numpy(cols(_to(EX), _to(idx[:, 0].copy()), _to(idx[:, 1].copy()))),
        ref.gather_nd(EX, idx, compiled=True))


def test_mlx_gather_nd_tuple_form_seen_before_skips_the_front(monkeypatch):
    """A tuple-form gather whose shapes and dtype MLX's backend served before runs as one
    function (``_mlx.gather_columns``: no argument checks again; the host range check, flat
    rows, one take), with the general path's values, dtypes and errors for every input it
    must not decide: out-of-range and negative entries in either column, int32/int64
    extremes, columns of another dtype or shape, batch_dims, empty columns, other index
    dtypes, and a column changed in place between two calls."""
    mx = require("mlx.core")
    import arraykit.ext.nd as ndm

    rng = np.random.default_rng(11)
    xh = rng.standard_normal((6, 5, 3)).astype(np.float32)
    x, x1 = _to(xh), _to(np.ascontiguousarray(xh[..., 0]))
    x4 = _to(rng.standard_normal((6, 5, 2, 2)).astype(np.float32))
    h0 = rng.integers(0, 6, (4, 7)).astype(np.int32)
    h1 = rng.integers(0, 5, (4, 7)).astype(np.int32)
    i0, i1, l0, l1 = _to(h0), _to(h1), _to(h0.astype(np.int64)), _to(h1.astype(np.int64))
    for a in (x, x1, x4):
        for c0, c1 in ((i0, i1), (l0, l1)):
            nd.gather_nd(a, (c0, c1))
    calls = []
    real = ndm._columns
    monkeypatch.setattr(ndm, "_columns", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    for a in (x, x1, x4):
        for c0, c1 in ((i0, i1), (l0, l1)):
            got, want = nd.gather_nd(a, (c0, c1)), to_numpy(a)[h0, h1]
            assert got.dtype == a.dtype and tuple(got.shape) == want.shape
            np.testing.assert_array_equal(to_numpy(got), want)
    assert calls == []  # every one of those skipped the front

    for dt in (np.int32, np.int64):
        info = np.iinfo(dt)
        for k, v in [(1, 5), (1, 1000), (1, -1), (1, -5), (1, -6), (0, 6), (0, -1), (0, -6),
                     (0, -7), (0, info.max), (0, info.min), (1, info.max), (1, info.min)]:
            cols = [h0.astype(dt), h1.astype(dt)]
            cols[k][2, 3] = v
            assert_same_as_stacked(x, (_to(cols[0]), _to(cols[1])))
    assert_tuple_form_errors(x, i0, i1, l1, h1)
    assert_same_as_stacked(x, (i0[:0], i1[:0]))  # empty
    assert_same_as_stacked(x, (_to(h0.astype(np.int16)), _to(h1.astype(np.int16))))
    assert_same_as_stacked(x, (_to(h0.astype(np.uint8)), _to(h1.astype(np.uint8))))
    assert_same_as_stacked(mx.stack([x, x]), (mx.stack([i0, i0]), mx.stack([i1, i1])), batch_dims=1)
    c0 = _to(h0)
    nd.gather_nd(x, (c0, i1))
    c0[2, 3] = 6  # in place, between two calls of one key: still checked
    assert_same_as_stacked(x, (c0, i1))
