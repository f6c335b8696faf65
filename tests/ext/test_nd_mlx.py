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
