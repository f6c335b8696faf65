"""arraykit.ext.nd on torch, eager (issue 28, torch vision): the tuple form's fast path
(``_torch.gather_columns``) gives the general path's values, dtypes and errors."""

from __future__ import annotations

import numpy as np
from frameworks import require
from tuple_form import assert_same_as_stacked, assert_tuple_form_errors

from arraykit.ext import nd


def test_torch_gather_nd_tuple_form_seen_before_skips_the_front(monkeypatch):
    """A tuple-form gather whose shapes and dtype torch's backend served before runs as one
    function (``_torch.gather_columns``: no argument checks again, one aminmax per column,
    flat rows, one index_select), with the general path's values, dtypes and errors for
    every input it must not decide: out-of-range and negative entries in either column,
    int32 extremes, columns of another dtype, shape or library, batch_dims, non-contiguous
    or subclassed x, empty columns, int64 columns, other index dtypes."""
    torch = require("torch")
    import arraykit.ext.nd as ndm

    g = torch.Generator().manual_seed(11)
    x = torch.randn((6, 5, 3), generator=g)
    i0 = torch.randint(0, 6, (4, 7), generator=g, dtype=torch.int32)
    i1 = torch.randint(0, 5, (4, 7), generator=g, dtype=torch.int32)
    x1 = x[..., 0].contiguous()  # no inner axis
    x4 = torch.randn((6, 5, 2, 2), generator=g)  # two inner axes
    l0, l1 = i0.long(), i1.long()
    for a in (x, x1, x4):
        torch.testing.assert_close(nd.gather_nd(a, (i0, i1)), a[i0, i1], rtol=0, atol=0)
        torch.testing.assert_close(nd.gather_nd(a, (l0, l1)), a[l0, l1], rtol=0, atol=0)
    calls = []
    real = ndm._columns
    monkeypatch.setattr(ndm, "_columns", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    for a in (x, x1, x4):
        for c0, c1 in ((i0, i1), (l0, l1)):
            got, want = nd.gather_nd(a, (c0, c1)), a[c0, c1]
            assert got.dtype == want.dtype and got.shape == want.shape
            torch.testing.assert_close(got, want, rtol=0, atol=0)
    assert calls == []  # every one of those skipped the front

    for dt in (torch.int32, torch.int64):
        for k, v in [(1, 5), (1, 1000), (1, -1), (1, -5), (1, -6), (0, 6), (0, -1), (0, -6),
                     (0, -7), (0, 2**31 - 1), (0, -(2**31)), (1, 2**31 - 1), (1, -(2**31))]:
            cols = [i0.to(dt, copy=True), i1.to(dt, copy=True)]
            cols[k][2, 3] = v
            assert_same_as_stacked(x, tuple(cols))
    # int64 entries whose flat row would wrap int64 into range: out of bounds all the same
    for v in (2**62, 2**63 - 1, -(2**63)):
        assert_same_as_stacked(x, (l0, torch.where(l1 == l1[0, 0], v, l1)))
        assert_same_as_stacked(x, (torch.where(l0 == l0[0, 0], v, l0), l1))
    assert_tuple_form_errors(x, i0, i1, l1, np.asarray(i1))
    assert_same_as_stacked(x[:, ::2], (i0, i1 % 3))  # not contiguous
    assert_same_as_stacked(x, (i0[:0], i1[:0]))  # empty
    assert_same_as_stacked(x, (i0[:, :1], i1[:, :1]), batch_dims=0)
    assert_same_as_stacked(x, (i0.to(torch.int16), i1.to(torch.int16)))
    assert_same_as_stacked(x, (i0.to(torch.uint8), i1.to(torch.uint8)))
    y = x.reshape(6, 5, 3, 1)[..., 0]
    assert_same_as_stacked(torch.stack([y, y]), (torch.stack([i0, i0]), torch.stack([i1, i1])),
                           batch_dims=1)
    # a subclass (a Parameter) and a column that needs grad: the general path's results
    p = torch.nn.Parameter(x.clone())
    out = nd.gather_nd(p, (i0, i1))
    out.sum().backward()
    want = torch.zeros_like(x).index_put_((i0.long(), i1.long()), torch.ones(4, 7, 3),
                                          accumulate=True)
    torch.testing.assert_close(p.grad, want, rtol=0, atol=0)
    xg = x.clone().requires_grad_(True)
    nd.gather_nd(xg, (i0, i1)).sum().backward()  # exact Tensor: the fast path, grads too
    torch.testing.assert_close(xg.grad, want, rtol=0, atol=0)


def test_torch_bounds_verdicts_follow_in_place_writes():
    """The eager bounds check reads each index tensor's largest entry once (``_torch._high``,
    cached by tensor): an in-place write to the tensor, or to a view of it, after a call
    makes the next call read it again, so an out-of-bounds entry written there raises.
    Under torch.func.grad the columns are functorch wrappers NumPy cannot read: the check
    reads them with torch (aminmax) and the gradient is index_select's."""
    torch = require("torch")
    import pytest

    x = torch.arange(30.0).reshape(6, 5)
    i0 = torch.tensor([[0, 5], [2, 3]], dtype=torch.int32)
    i1 = torch.tensor([[4, 0], [1, 1]], dtype=torch.int32)
    for _ in range(2):  # the second call: the known tuple-form call, verdicts cached
        torch.testing.assert_close(nd.gather_nd(x, (i0, i1)), x[i0, i1], rtol=0, atol=0)
    i1[1, 0] = 5
    with pytest.raises(IndexError, match="out of bounds"):
        nd.gather_nd(x, (i0, i1))
    i1[1, 0] = 1
    nd.gather_nd(x, (i0, i1))
    i0.view(-1)[3] = -7  # through a view: the same version counter
    with pytest.raises(IndexError, match="out of bounds"):
        nd.gather_nd(x, (i0, i1))
    idx = torch.stack([i0.clamp(0, 5), i1], dim=-1)
    nd.scatter_nd(idx, torch.ones(2, 2), (6, 5))
    idx[0, 0, 1] = 5
    with pytest.raises(IndexError, match="out of bounds"):
        nd.scatter_nd(idx, torch.ones(2, 2), (6, 5))

    cols = (torch.tensor([0, 5, 2]), torch.tensor([4, 0, 1]))
    grad = torch.func.grad(lambda a: nd.gather_nd(a * 2, cols).sum())(x)
    want = torch.zeros_like(x)
    want[cols] = 2.0
    torch.testing.assert_close(grad, want, rtol=0, atol=0)


def test_torch_compiled_calls_read_no_plan_cache(monkeypatch):
    """Under torch.compile the argument plans are built while tracing (``_torch._teach_dynamo``),
    not read from ``_common._plans``: a read would have TorchDynamo re-check the cache's keys
    and every field the trace read from a plan before each call (~170 guards on the vision
    workload), and trace again once the cache changed (here: emptied)."""
    torch = require("torch")
    from arraykit.ext.nd import _common

    traces = []

    def backend(gm, example_inputs):
        traces.append(gm)
        return gm.forward

    def f(x, idx, cols):
        return nd.gather_nd(x, idx), nd.gather_nd(x, cols), nd.scatter_nd(idx, x[:2], (4, 3))

    x = torch.arange(12.0).reshape(4, 3)
    idx = torch.tensor([[3], [-1]])
    cols = (torch.tensor([0, 3, 5], dtype=torch.int32), torch.tensor([-1, 1, 2], dtype=torch.int32))
    f(x, idx, (cols[0].clamp(max=3), cols[1]))  # eager: the imports a trace cannot follow
    compiled = torch.compile(f, backend=backend, fullgraph=True)
    first = compiled(x, idx, cols)
    monkeypatch.setattr(_common, "_plans", {})
    again = compiled(x + 1, idx, cols)
    assert len(traces) == 1
    want_rows = torch.stack([x[3], x[3]])  # -1 wraps to row 3
    torch.testing.assert_close(first[0], want_rows, rtol=0, atol=0)
    torch.testing.assert_close(first[1], torch.stack([x[0, 2], x[3, 1], x[3, 2]]),
                               rtol=0, atol=0)  # clipped: row 5 -> 3
    torch.testing.assert_close(again[0], want_rows + 1, rtol=0, atol=0)
    torch.testing.assert_close(first[2][3], x[0] + x[1], rtol=0, atol=0)


def test_torch_compiled_gather_clips_power_of_two_axes_as_the_rule():
    """Under torch.compile a power-of-two axis takes ``_torch._clipped_flat_rows``'s own form
    of the compiled rule (``max(min(c, d - 1) + d, 0) & (d - 1)``): the reference's values
    (wrap once, then clip) for every entry around both edges and at each dtype's extremes,
    in the stacked and tuple forms, beside an axis of another length (the shared form)."""
    torch = require("torch")
    import nd_reference as ref

    x = np.arange(8 * 4 * 6 * 2, dtype=np.float32).reshape(8, 4, 6, 2)
    nd.gather_nd(torch.from_numpy(x), torch.zeros((1, 3), dtype=torch.int64))  # the imports
    near = [-9, -8, -7, -5, -4, -3, -1, 0, 1, 3, 4, 5, 7, 8, 9, 16]
    for dt in (torch.int8, torch.int16, torch.int32, torch.int64):
        info = torch.iinfo(dt)
        vals = near + [info.min, info.min + 1, info.max - 1, info.max]
        grid = np.array(np.meshgrid(vals, vals, [-7, -6, -1, 0, 5, 6], indexing="ij"))
        idx = grid.reshape(3, -1).T.copy()
        torch._dynamo.reset()
        gather = torch.compile(nd.gather_nd, backend="aot_eager", fullgraph=True)
        cols = torch.compile(lambda a, p, q, r: nd.gather_nd(a, (p, q, r)), backend="aot_eager",
                             fullgraph=True)
        want = ref.gather_nd(x, idx, compiled=True)
        t = torch.from_numpy(idx).to(dt)
        np.testing.assert_array_equal(gather(torch.from_numpy(x), t).numpy(), want)
        np.testing.assert_array_equal(cols(torch.from_numpy(x), *t.unbind(-1)).numpy(), want)
    torch._dynamo.reset()


def test_torch_compiled_sum_scatter_on_one_thread_is_scatter_add_with_the_rules_values():
    """On one thread a compiled float sum-scatter adds through ``scatter_add`` (which
    Inductor fuses without a wrap of negative row numbers: the drop rule's rows are never
    negative), on several through ``index_add`` (Inductor runs a sum-scatter as ATen's kernel
    there); both give the reference's sums, in its order, for duplicates, trailing axes,
    dropped rows and -0.0 targets, and the gradient of the updates."""
    torch = require("torch")
    import nd_reference as ref

    rng = np.random.default_rng(5)
    threads = torch.get_num_threads()
    nd.scatter_nd(torch.zeros((1, 2), dtype=torch.int64), torch.ones(1), (4, 3))  # the imports
    try:
        for n_threads, want_op in ((1, "scatter_add"), (2, "index_add")):
            torch.set_num_threads(n_threads)
            for dt, shape in ((np.float32, (4, 8)), (np.float64, (5, 4, 3)), (np.float32, (6,))):
                idx = rng.integers(-8, 9, (40, 2 if len(shape) > 1 else 1)).astype(np.int32)
                upd = rng.standard_normal((40,) + shape[idx.shape[1]:]).astype(dt)
                upd[::7] = -0.0
                base = np.where(rng.random(shape) < 0.5, -0.0, 1.5).astype(dt)
                ops = []

                def backend(gm, example_inputs, ops=ops):
                    ops += [str(n.target) for n in gm.graph.nodes if n.op != "placeholder"]
                    return gm.forward

                torch._dynamo.reset()
                scatter = torch.compile(lambda i, u, shape=shape: nd.scatter_nd(i, u, shape),
                                        backend=backend, fullgraph=True)
                update = torch.compile(lambda a, i, u: nd.update_nd(a, i, u, reduction="add"),
                                       backend=backend, fullgraph=True)
                ti, tu = torch.from_numpy(idx), torch.from_numpy(upd)
                got = scatter(ti, tu).numpy()
                np.testing.assert_array_equal(got, ref.scatter_nd(idx, upd, shape, compiled=True))
                want = ref.update_nd(base, idx, upd, "add", compiled=True)
                got = update(torch.from_numpy(base.copy()), ti, tu).numpy()
                np.testing.assert_array_equal(got, want)
                assert np.signbit(got).tolist() == np.signbit(want).tolist()
                tu.requires_grad_(True)
                (update(torch.from_numpy(base.copy()), ti, tu) * 2).sum().backward()
                kept = ~((idx < -np.array(shape[:idx.shape[1]]))
                         | (idx >= np.array(shape[:idx.shape[1]]))).any(-1)
                grad = np.broadcast_to(kept.reshape((-1,) + (1,) * (upd.ndim - 1)) * 2.0,
                                       upd.shape)
                np.testing.assert_array_equal(tu.grad.numpy(), grad)
                assert any(want_op in op for op in ops), ops
                other = "index_add" if want_op == "scatter_add" else "scatter_add"
                assert not any(other in op for op in ops), ops
    finally:
        torch.set_num_threads(threads)
        torch._dynamo.reset()
