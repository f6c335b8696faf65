"""Fast paths of arraykit's own shims (Paddle, MLX) for the calls a loop body makes every step
(the overhead study's control workload): each must give exactly the general path's result
(values, signed zeros, dtype, shape, gradient) on the inputs it takes."""

import numpy as np
import pytest
from frameworks import require


def _paddle_sum_cases(np_rng):
    shapes = [(1,), (7,), (1024,), (33, 5), (2, 3, 4), (0, 3)]
    arrays = [np_rng.normal(size=s).astype(d) for s in shapes for d in ("float32", "float64")]
    arrays += [np.array([-0.0], "float32"), np.array(-0.0, "float32"), np.array(2.5),
               (np_rng.normal(size=9) + 1j).astype("complex64"), np.arange(5, dtype="int32")]
    return arrays


def test_paddle_whole_sum_fast_path_matches_accumulate():
    paddle = require("paddle")  # through the registry row: safely after TensorFlow
    import arraykit.shims.paddle as xp

    stats = xp._statistical_functions

    general = stats._rules.sum  # the general path: every rule, then the primitives

    for a in _paddle_sum_cases(np.random.default_rng(0)):
        x = paddle.to_tensor(a)
        floating = a.dtype.kind == "f" and a.size > 0
        x.stop_gradient = not floating
        for kwargs in ({}, {"keepdims": True}, {"axis": 0} if a.ndim else {}):
            got, want = xp.sum(x, **kwargs), general(x, **kwargs)
            assert got.dtype == want.dtype and tuple(got.shape) == tuple(want.shape)
            g, w = got.numpy(), want.numpy()
            np.testing.assert_array_equal(g, w)
            assert np.signbit(g.real).tolist() == np.signbit(w.real).tolist()
            if floating and not kwargs:
                (dg,), (dw,) = paddle.grad([got], [x]), paddle.grad([want], [x])
                np.testing.assert_array_equal(dg.numpy(), dw.numpy())


def test_paddle_tensors_report_the_dtype_objects_name_by_id_holds():
    paddle = require("paddle")  # through the registry row: safely after TensorFlow
    import arraykit.shims.paddle as xp

    dtypes = xp._dtypes
    for name in dtypes.SUPPORTED:
        x = paddle.to_tensor(np.zeros(2, dtype=name))
        made = [x, x + x if name != "bool" else x, paddle.sum(x) if name != "bool" else x,
                paddle.ones([2], dtype=name), x.clone()]
        for t in made:
            assert dtypes.NAME_BY_ID.get(id(t.dtype)) == dtypes.NAME_OF[t.dtype], name
    x = paddle.to_tensor(np.array([-0.0, 0.5, 3.0], dtype="float32"))
    for f in ("sin", "cos", "exp"):
        got, want = getattr(xp, f)(x).numpy(), getattr(paddle, f)(x).numpy()
        np.testing.assert_array_equal(got, want)
        assert np.signbit(got).tolist() == np.signbit(want).tolist()


def _dot_ops(out):
    import io
    import re

    import mlx.core as mx

    text = io.StringIO()
    mx.export_to_dot(text, out)
    return re.findall(r'label ="(\w+)"', text.getvalue())


def test_mlx_whole_sum_fast_path_matches_general_path():
    mx = require("mlx.core")
    import arraykit.shims.mlx as xp

    stats = xp._statistical_functions

    general = stats._rules.sum  # the general path: every rule, then the primitives

    rng = np.random.default_rng(0)
    arrays = [rng.normal(size=s).astype("float32") for s in [(1,), (7,), (1024,), (33, 5)]]
    arrays += [np.array([-0.0], "float32"), (rng.normal(size=4) + 1j).astype("complex64")]
    for a in arrays:
        x = mx.array(a)
        got, want = xp.sum(x), general(x)
        assert got.dtype == want.dtype and got.shape == want.shape
        g, w = np.asarray(got), np.asarray(want)
        np.testing.assert_array_equal(g, w)
        assert np.signbit(g.real).tolist() == np.signbit(w.real).tolist()
        assert _dot_ops(got) == _dot_ops(want)
        if a.dtype.kind == "f":
            np.testing.assert_array_equal(np.asarray(mx.grad(xp.sum)(x)),
                                          np.asarray(mx.grad(general)(x)))
    for a in (np.array(-0.0, "float32"), np.zeros((0, 3), "float32"), np.arange(4, dtype="int32")):
        x = mx.array(a)  # the general path: 0-d, empty, integers
        assert xp.sum(x).dtype == general(x).dtype
        np.testing.assert_array_equal(np.asarray(xp.sum(x)), np.asarray(general(x)))


def test_paddle_clip_kernel_path_is_numpys_clip():
    """Paddle's clip kernel (the scalar-bound path) against NumPy's ``clip``: values, signed
    zeros (a tie keeps ``x``: ``clip(-0.0, 0.0, 1.0)`` is -0.0), NaN in ``x`` kept, NaN
    bounds propagated, crossed bounds (``max`` wins), one bound, int bounds beside a floating
    ``x`` (one rounding, also past float32's range), integer dtypes to their limits; the
    result a new tensor, its gradient the rules' (``maximum``/``minimum``) one."""
    paddle = require("paddle")  # through the registry row: safely after TensorFlow
    import arraykit.shims.paddle as xp

    special = [np.nan, -np.inf, np.inf, -0.0, 0.0, 0.1, 5.0, -3.0, 1e-45, 3.4028235e38, 1e300]
    bounds = [(0.0, 1.0), (-0.0, 0.0), (0.0, -0.0), (0.1, 0.3), (2.0, 1.0), (None, 0.1),
              (0.1, None), (-np.inf, np.inf), (1e-45, 3e38), (np.nan, 1.0), (0.0, np.nan),
              (0, 3), (-7, None), (2 ** 24 + 1, 2 ** 60 + 1), (-1e300, 1e300),
              (np.float32(0.5), 2.0)]
    for dtype in ("float32", "float64"):
        with np.errstate(over="ignore"):
            a = np.array(special + list(np.random.default_rng(1).normal(size=20) * 3), dtype)
        x = paddle.to_tensor(a)
        for lo, hi in bounds:
            got = xp.clip(x, lo, hi)
            with np.errstate(over="ignore", invalid="ignore"):
                want = np.clip(a, *(None if b is None else a.dtype.type(b) for b in (lo, hi)))
            g = got.numpy()
            assert g.dtype == want.dtype, (dtype, lo, hi)
            np.testing.assert_array_equal(g, want, err_msg=f"{dtype} {lo} {hi}")
            assert np.signbit(g).tolist() == np.signbit(want).tolist(), (dtype, lo, hi)
    for dtype in ("int32", "int64"):
        info = np.iinfo(dtype)
        a = np.array([info.min, info.min + 1, -5, 0, 3, 40, info.max - 1, info.max], dtype)
        x = paddle.to_tensor(a)
        for lo, hi in [(0, 39), (None, 39), (-3, None), (info.min, info.max), (9, 2),
                       (info.max, info.max), (-(2 ** 70), 2 ** 70)]:
            want = np.clip(a, None if lo is None else max(lo, info.min),
                           None if hi is None else min(hi, info.max))
            got = xp.clip(x, lo, hi)
            assert got.dtype == x.dtype
            np.testing.assert_array_equal(got.numpy(), want, err_msg=f"{dtype} {lo} {hi}")
    x = paddle.to_tensor(np.array([-2.0, 0.5, 3.0], "float32"))
    x.stop_gradient = False
    got = xp.clip(x, 0.0, 1.0)
    assert got is not x
    (dx,) = paddle.grad([paddle.sum(got)], [x])
    np.testing.assert_array_equal(dx.numpy(), [0.0, 1.0, 0.0])


def test_paddle_minimum_maximum_of_an_int_tensor_and_a_python_int_is_one_clip(monkeypatch):
    """``minimum``/``maximum`` of an int32/int64 tensor and a Python int (either side) in the
    dtype's range: NumPy's values to the dtype's limits, the tensor's dtype and shape (0-d and
    empty too), and no ``minimum``/``maximum`` kernel (the rules' 0-d operand took Paddle's
    slow broadcasting one); an int out of range keeps the rules' OverflowError, a bool or float
    scalar and narrow ints the rules."""
    paddle = require("paddle")  # through the registry row: safely after TensorFlow
    import arraykit.shims.paddle as xp

    for dtype in ("int32", "int64"):
        info = np.iinfo(dtype)
        a = np.array([info.min, info.min + 1, -5, 0, 3, 40, 2 ** 24 + 1, info.max - 1,
                      info.max], dtype)
        scalars = [info.min, info.min + 1, -5, 0, 7, 2 ** 24 + 1, info.max - 1, info.max]
        if dtype == "int64":
            scalars += [2 ** 53 + 1, -(2 ** 62) - 3]
        for shape in ((9,), (3, 3)):
            x = paddle.to_tensor(a.reshape(shape))
            for s in scalars:
                for name in ("minimum", "maximum"):
                    f, ref = getattr(xp, name), getattr(np, name)
                    for got in (f(x, s), f(s, x)):
                        assert got.dtype == x.dtype and tuple(got.shape) == shape
                        np.testing.assert_array_equal(got.numpy(), ref(a.reshape(shape), s),
                                                      err_msg=f"{dtype} {name} {s}")
        for x in (paddle.to_tensor(np.array(5, dtype)), paddle.zeros([0, 2], dtype)):
            got = xp.minimum(x, 3)
            assert got.dtype == x.dtype and got.shape == x.shape
            np.testing.assert_array_equal(got.numpy(), np.minimum(x.numpy(), 3))
        with pytest.raises(OverflowError):
            xp.minimum(paddle.to_tensor(a), info.max + 1)
        with pytest.raises(OverflowError):
            xp.maximum(info.min - 1, paddle.to_tensor(a))
    x = paddle.to_tensor(np.array([0, 1, 2], "int32"))
    np.testing.assert_array_equal(xp.minimum(x, True).numpy(), [0, 1, 1])
    assert xp.minimum(x, 1.5).dtype == xp.minimum(xp.astype(x, xp.float32), 1.5).dtype
    np.testing.assert_array_equal(xp.maximum(paddle.to_tensor(np.array([1, 9], "int16")), 4)
                                  .numpy(), [4, 9])

    def refused(*args, **kwargs):
        raise AssertionError("a minimum/maximum kernel was called")

    for name in ("minimum", "maximum"):
        monkeypatch.setattr(paddle, name, refused)
        monkeypatch.setattr(paddle._C_ops, name, refused)
    np.testing.assert_array_equal(xp.minimum(x, 1).numpy(), [0, 1, 1])
    np.testing.assert_array_equal(xp.maximum(1, x).numpy(), [1, 1, 2])


def test_paddle_sum_c_path_is_the_python_path():
    """Where the C Guard is built, Paddle's ``sum`` is one: a float32/float64 tensor of rank
    >= 1 summed whole without keywords goes to Paddle's kernel from C, with the Python
    function's result bit for bit (values, signed zeros, dtype, shape, gradient); a 0-d -0.0
    (Paddle's kernel would give +0.0), integers, keywords and errors stay the Python path's."""
    paddle = require("paddle")
    import arraykit.shims.paddle as xp
    from arraykit.shims._common.errors import Guard

    if Guard is None:
        pytest.skip("arraykit._guard (the optional C extension) is not built here")
    assert type(xp.sum) is Guard and xp.sum.__name__ == "sum"
    py = xp.sum.__wrapped__
    cases = [np.array(-0.0, "float32"), np.array(2.5, "float64"), np.array([-0.0], "float32"),
             np.zeros((0, 3), "float64"), np.array([[1.5, -2.0], [np.nan, 3.0]], "float32"),
             np.array([np.inf, -np.inf], "float64"), np.arange(7, dtype="int32"),
             np.array([True, False, True]), np.array([1e308, 1e308], "float64")]
    for a in cases:
        x = paddle.to_tensor(a)
        for kw in ({}, {"axis": 0} if a.ndim else {}, {"keepdims": True}):
            got, want = xp.sum(x, **kw), py(x, **kw)
            assert got.dtype == want.dtype and got.shape == want.shape, (a, kw)
            assert got.numpy().tobytes() == want.numpy().tobytes(), (a, kw)
    assert xp.sum(paddle.to_tensor(np.array(-0.0, "float32"))).numpy().tobytes() == \
        np.array(-0.0, "float32").tobytes()
    x = paddle.to_tensor(np.array([1.0, 2.0], "float32"))
    x.stop_gradient = False
    (g,) = paddle.grad([xp.sum(x)], [x])
    np.testing.assert_array_equal(g.numpy(), [1.0, 1.0])
    with pytest.raises(Exception, match="out of bounds") as c_err:
        xp.sum(x, axis=3)
    with pytest.raises(Exception, match="out of bounds") as py_err:
        py(x, axis=3)
    assert type(c_err.value) is type(py_err.value) and str(c_err.value) == str(py_err.value)


def test_paddle_elementwise_c_path_is_the_python_path():
    """Paddle's element-wise functions run their fast path from C (``guard_dtypes``: the
    Guard compares dtype objects by identity) and call Paddle's ``_C_ops`` kernel where the
    public function only forwards to it; every dtype, Python scalars, keywords, mixed dtypes
    and errors give the Python function's (``__wrapped__``) result or exception."""
    paddle = require("paddle")  # through the registry row: safely after TensorFlow
    import arraykit.shims.paddle as xp
    from arraykit.shims._common.errors import Guard

    if Guard is None:
        return  # the C extension is not built: the Python functions are the namespace's
    for name in ("sin", "exp", "abs", "isnan", "add", "subtract", "multiply", "divide",
                 "maximum", "less", "greater_equal"):
        f = getattr(xp, name)
        assert isinstance(f, Guard) and f.func is getattr(paddle._C_ops, f.func.__name__), name
    rng = np.random.default_rng(5)
    values = np.array([-0.0, 0.0, np.nan, np.inf, -2.5, 3.0, 1e-30], "float64")
    arrays = {d: paddle.to_tensor(values.astype(d)) for d in ("float32", "float64")}
    arrays |= {d: paddle.to_tensor(rng.integers(-5, 5, 7).astype(d))
               for d in ("int8", "int32", "int64", "uint8")}
    arrays["bool"] = paddle.to_tensor(rng.integers(0, 2, 7).astype(bool))
    arrays["complex64"] = paddle.to_tensor((values + 1j).astype("complex64"))

    def outcome(f, *args):
        try:
            r = f(*args)
        except Exception as e:  # noqa: BLE001 - compared
            return type(e), str(e)
        return str(r.dtype), tuple(r.shape), r.numpy().tobytes()  # bits: NaN, signed zeros

    for name in ("sin", "exp", "abs", "isnan", "negative", "floor"):
        f = getattr(xp, name)
        for x in arrays.values():
            assert outcome(f, x) == outcome(f.__wrapped__, x), (name, x.dtype)
    for name in ("add", "multiply", "divide", "maximum", "less", "logical_and", "pow"):
        f = getattr(xp, name)
        for x1 in arrays.values():
            for x2 in (*arrays.values(), 2.0, 3, paddle.to_tensor(np.zeros(3, "float32"))):
                assert outcome(f, x1, x2) == outcome(f.__wrapped__, x1, x2), (name, x1.dtype, x2)


def test_mxnet_fast_paths_invoke_the_operator_without_mxnets_python_wrappers(monkeypatch):
    """MXNet (issue 28): the element-wise fast paths (one array, two arrays, an array and a
    Python float), sign's NaN rule, matmul, linalg.inv/solve, stack, concat, reshape,
    expand_dims, squeeze, broadcast_to, flip, permute_dims, where, argmax/argmin,
    cumulative_sum, zeros_like and ones_like invoke MXNet's operator directly
    (MXImperativeInvokeEx), not through the generated wrapper's ``_imperative_invoke`` (~15 us
    of Python a call): the same values, dtype, shape, device and gradient as
    ``mxnet.numpy``'s own call."""
    mx = require("mxnet")
    from mxnet import autograd, npx
    from mxnet import np as mnp
    from mxnet.ndarray import register

    import arraykit.shims.mxnet as xp

    npx.set_np()
    try:
        rng = np.random.default_rng(3)
        v = mnp.array(rng.uniform(0.5, 2.0, 12).astype("float32"), ctx=mx.cpu(1))
        w = mnp.array(rng.uniform(0.5, 2.0, 12).astype("float32"), ctx=mx.cpu(1))
        m = mnp.array(rng.normal(size=(2, 3, 3)), dtype="float64")
        m1 = m[:, :1]
        c = mnp.array(rng.random(12) < 0.5, ctx=mx.cpu(1))
        cases = [
            (lambda: xp.sin(v), lambda: mnp.sin(v)),
            (lambda: xp.exp(m), lambda: mnp.exp(m)),
            (lambda: xp.sign(m), lambda: mnp.sign(m)),
            (lambda: xp.sign(mnp.array([np.nan, -0.0, 2.0])),
             lambda: mnp.array([np.nan, -0.0, 1.0])),
            (lambda: xp.add(v, w), lambda: mnp.add(v, w)),
            (lambda: xp.divide(v, w), lambda: mnp.true_divide(v, w)),
            (lambda: xp.multiply(v, 2.5), lambda: mnp.multiply(v, 2.5)),
            (lambda: xp.subtract(v, 0.1), lambda: mnp.subtract(v, 0.1)),
            (lambda: xp.pow(v, 1.5), lambda: mnp.power(v, 1.5)),
            (lambda: xp.greater(v, 1.0), lambda: mnp.greater(v, 1.0)),
            (lambda: xp.matmul(m, m), lambda: mnp.matmul(m, m)),
            (lambda: xp.linalg.inv(m), lambda: mnp.linalg.inv(m)),
            (lambda: xp.linalg.solve(m, m), lambda: mnp.linalg.solve(m, m)),
            (lambda: xp.stack([v, w, v], axis=-1), lambda: mnp.stack([v, w, v], axis=-1)),
            (lambda: xp.stack([m, m]), lambda: mnp.stack([m, m])),
            (lambda: xp.concat([m, m], axis=-1), lambda: mnp.concatenate([m, m], axis=-1)),
            (lambda: xp.reshape(m, (-1, 3)), lambda: m.reshape((-1, 3))),
            (lambda: xp.expand_dims(v, axis=(0, -1)), lambda: v.reshape((1, 12, 1))),
            (lambda: xp.squeeze(m1, axis=1), lambda: m[:, 0]),
            (lambda: xp.broadcast_to(v, (2, 12)), lambda: mnp.broadcast_to(v, (2, 12))),
            (lambda: xp.where(c, v, w), lambda: mnp.where(c, v, w)),
            (lambda: xp.flip(m, axis=(0, -1)), lambda: mnp.flip(m, axis=(0, 2))),
            (lambda: xp.argmax(m, axis=1), lambda: mnp.argmax(m, axis=1)),
            (lambda: xp.argmin(v), lambda: mnp.argmin(v, axis=0)),
            (lambda: xp.cumulative_sum(m, axis=-1), lambda: mnp.cumsum(m, axis=2)),
            (lambda: xp.permute_dims(m, (2, 0, 1)), lambda: mnp.transpose(m, (2, 0, 1))),
            (lambda: xp.zeros_like(m), lambda: mnp.zeros_like(m)),
            (lambda: xp.ones_like(v), lambda: mnp.ones(v.shape, ctx=v.ctx)),
            (lambda: xp.ones_like(mnp.array(True)), lambda: mnp.array(True)),
            (lambda: xp.zeros_like(mnp.zeros((0, 3), dtype="int32")),
             lambda: mnp.zeros((0, 3), dtype="int32")),
        ]
        wants = [native() for _, native in cases]
        calls = []
        invoke = register._imperative_invoke
        monkeypatch.setattr(register, "_imperative_invoke",
                            lambda *a: calls.append(1) or invoke(*a))
        for (ours, _), want in zip(cases, wants):
            got = ours()
            assert not calls, "an MXNet Python wrapper was called"
            assert type(got) is mnp.ndarray and got.dtype == want.dtype
            assert got.shape == want.shape and got.ctx == want.ctx
            np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())
        monkeypatch.undo()
        pairs = [(lambda x: xp.sum(xp.multiply(xp.sin(x), 2.5)),
                  lambda x: mnp.sum(mnp.multiply(mnp.sin(x), 2.5))),
                 (lambda x: xp.sum(xp.matmul(xp.stack([x, x]), xp.add(x, xp.ones_like(x)))),
                  lambda x: mnp.sum(mnp.matmul(mnp.stack([x, x]), x + mnp.ones_like(x))))]
        for ours, native in pairs:
            grads = []
            a = rng.normal(size=(3, 3))
            for f in (ours, native):
                x = mnp.array(a)
                x.attach_grad()
                with autograd.record():
                    y = f(x)
                y.backward()
                grads.append(x.grad.asnumpy())
            np.testing.assert_array_equal(grads[0], grads[1])
    finally:
        npx.reset_np()


def test_mxnet_round_and_searchsorted_of_cpu_arrays_are_numpys(monkeypatch):
    """MXNet (issue 28): round of a float array in CPU memory (autograd not recording) and
    searchsorted without ``sorter`` are NumPy's on the host copies, one copy back (ten and
    eight MXNet operators a call before: ~1 ms and ~0.6 ms on 16 elements): NumPy's values
    (half to even, signed zeros; NaN last in the haystack and as a needle), dtypes and shapes,
    no MXNet wrapper called. float32 values from 2**23 on are integers: the composition that
    autograd records passes them (it rounded 8388609 to 8388610)."""
    require("mxnet")
    from mxnet import autograd
    from mxnet.ndarray import register

    import arraykit.shims.mxnet as xp

    vals = [0.5, 1.5, 2.5, -0.5, -2.5, -0.0, 0.49999997, np.nan, np.inf, -np.inf, 8388609.0,
            8388607.5, 4503599627370497.0, 1e-40, -7.5]
    hay = np.array([-np.inf, -1.5, -0.0, 0.0, 0.5, 0.5, 2.0, np.inf, np.nan, np.nan])
    needles = np.array([[0.0, -0.0, 0.5, np.nan], [np.inf, -np.inf, 1.25, -3.0]])
    calls = []
    invoke = register._imperative_invoke
    monkeypatch.setattr(register, "_imperative_invoke", lambda *a: calls.append(1) or invoke(*a))
    for dtype in ("float32", "float64"):
        for a in (np.array(vals, dtype=dtype), np.array(2.5, dtype=dtype)):
            got = xp.round(xp.asarray(a))
            want = np.round(a)
            assert got.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_array_equal(got.asnumpy(), want)
            assert np.signbit(got.asnumpy()).tolist() == np.signbit(want).tolist()
        h = xp.asarray(hay.astype(dtype))
        for n in (needles, needles[0, 2], needles[:0]):
            for side in ("left", "right"):
                got = xp.searchsorted(h, xp.asarray(np.asarray(n, dtype=dtype)), side=side)
                want = np.searchsorted(hay.astype(dtype), np.asarray(n, dtype=dtype),
                                       side=side)
                assert got.dtype == np.int64 and got.shape == np.shape(want)
                np.testing.assert_array_equal(got.asnumpy(), want)
    assert not calls, "an MXNet Python wrapper was called"
    monkeypatch.undo()
    x = xp.asarray(np.array([8388609.0, 2.5, -0.5], dtype="float32"))
    x.attach_grad()
    with autograd.record():
        y = xp.round(x)
        z = xp.sum(xp.multiply(y, x))
    z.backward()
    np.testing.assert_array_equal(y.asnumpy(), [8388609.0, 2.0, -0.0])
    assert np.signbit(y.asnumpy()).tolist() == [False, False, True]
    # d(round(x) * x)/dx: round(x), plus x where round passes x through (|x| >= 2**23).
    np.testing.assert_array_equal(x.grad.asnumpy(), [2 * 8388609.0, 2.0, 0.0])


def test_mxnet_reductions_invoke_the_operators_of_mxnet_numpys_calls(monkeypatch):
    """MXNet (issue 28): prod/max/min/all/any, integer sums and var/std invoke the operators
    ``mnp.prod``/``max``/``min``/``all``/``any``/``sum``/``mean`` and the arithmetic invoke,
    with the same parameters, directly: no MXNet wrapper called; values, dtypes, shapes and
    var's gradient as ``mxnet.numpy``'s own composition."""
    require("mxnet")
    from mxnet import autograd
    from mxnet import np as mnp
    from mxnet.ndarray import register

    import arraykit.shims.mxnet as xp

    rng = np.random.default_rng(11)
    a = rng.normal(size=(3, 4, 5)) * 3
    a.ravel()[::7] = 0
    x32, i32, b = (xp.asarray(a.astype("float32")), xp.asarray(a.astype("int64")),
                   xp.asarray(a > 0))
    cases = []
    for kw in ({}, {"axis": 0}, {"axis": -1, "keepdims": True}, {"axis": (0, 2)}):
        ax = kw.get("axis", (0, 1, 2))
        k = kw.get("keepdims", False)
        cases += [
            (lambda kw=kw: xp.prod(x32, **kw), lambda ax=ax, k=k: mnp.prod(x32, axis=ax,
                                                                            keepdims=k)),
            (lambda kw=kw: xp.max(i32, **kw), lambda ax=ax, k=k: mnp.max(i32, axis=ax,
                                                                          keepdims=k)),
            (lambda kw=kw: xp.min(x32, **kw), lambda ax=ax, k=k: mnp.min(x32, axis=ax,
                                                                          keepdims=k)),
            (lambda kw=kw: xp.sum(i32, **kw), lambda ax=ax, k=k: mnp.sum(i32, axis=ax,
                                                                          keepdims=k)),
            (lambda kw=kw: xp.any(x32, **kw), lambda ax=ax, k=k: mnp.any(
                mnp.not_equal(x32, 0), axis=ax, keepdims=k)),
            (lambda kw=kw: xp.all(b, **kw), lambda ax=ax, k=k: mnp.all(b, axis=ax, keepdims=k)),
        ]
    wants = [native() for _, native in cases]
    calls = []
    invoke = register._imperative_invoke
    monkeypatch.setattr(register, "_imperative_invoke", lambda *a: calls.append(1) or invoke(*a))
    for (ours, _), want in zip(cases, wants):
        got = ours()
        assert not calls, "an MXNet Python wrapper was called"
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())
    monkeypatch.undo()
    grads = []
    for var in (lambda t: xp.var(t, axis=1, correction=1),
                lambda t: mnp.sum((t - mnp.mean(t, axis=(1,), keepdims=True)) ** 2,
                                  axis=(1,)) / 3.0):
        t = mnp.array(a.astype("float32"))
        t.attach_grad()
        with autograd.record():
            y = var(t)
        y.backward()
        grads.append((y.asnumpy(), t.grad.asnumpy()))
    np.testing.assert_array_equal(grads[0][0], grads[1][0])
    np.testing.assert_allclose(grads[0][1], grads[1][1], rtol=1e-6)


def test_mxnet_inv_and_solve_read_the_matrix_in_place(monkeypatch):
    """MXNet (issue 28): linalg.inv/solve of float32/float64 matrices in CPU memory wait for
    the result once (the LinAlgError contract) and test the matrix for NaN in place, after
    that wait (``_primitives.host_read``), not through ``asnumpy``'s copy (a second engine
    sync): no copy made; the values, the singular-matrix error and a NaN matrix's NaN result
    as before."""
    mx = require("mxnet")
    from mxnet import np as mnp

    import arraykit.shims.mxnet as xp

    rng = np.random.default_rng(7)
    a = rng.normal(size=(4, 4)) + 4 * np.eye(4)
    b = rng.normal(size=(4, 3))
    copies = []
    asnumpy = mnp.ndarray.asnumpy
    monkeypatch.setattr(mnp.ndarray, "asnumpy", lambda s: copies.append(1) or asnumpy(s))
    for dtype in ("float32", "float64"):
        x, y = mnp.array(a, dtype=dtype), mnp.array(b, dtype=dtype)
        inv, sol = xp.linalg.inv(x), xp.linalg.solve(x, y)
        batch = xp.linalg.inv(mnp.array(np.stack([a, a.T]), dtype=dtype, ctx=mx.cpu(1)))
        assert not copies, "asnumpy was called"
        assert inv.dtype == sol.dtype == batch.dtype == np.dtype(dtype)
        want_inv = mnp.linalg.inv(x).asnumpy()
        np.testing.assert_array_equal(inv.asnumpy(), want_inv)
        np.testing.assert_array_equal(batch.asnumpy()[0], want_inv)
        np.testing.assert_array_equal(sol.asnumpy(), mnp.linalg.solve(x, y).asnumpy())
        copies.clear()
        nan = mnp.array([[1.0, np.nan], [0.0, 1.0]], dtype=dtype)
        assert np.isnan(xp.linalg.inv(nan).asnumpy()).all()
        assert np.isnan(xp.linalg.solve(nan, mnp.ones((2, 1), dtype=dtype)).asnumpy()).all()
        with pytest.raises(np.linalg.LinAlgError, match="inv"):
            xp.linalg.inv(mnp.zeros((2, 2), dtype=dtype))
        with pytest.raises(np.linalg.LinAlgError, match="solve"):
            xp.linalg.solve(mnp.zeros((2, 2), dtype=dtype), mnp.ones((2, 2), dtype=dtype))
        copies.clear()
    mx.nd.waitall()


def test_mxnet_host_paths_read_and_write_cpu_memory_in_place(monkeypatch):
    """MXNet (issue 28): the host paths (sign, round, sort, argsort, searchsorted of arrays
    in CPU memory) read their input's memory in place after waiting for it
    (``_primitives.host_read``), not through ``asnumpy``'s copy operator, and write the
    result into a fresh array's memory (``host_array``), not through
    ``MXNDArraySyncCopyFromCPU``: NumPy's values, dtypes and shapes, also for the pending
    output of an operator and a slice at an offset."""
    mx = require("mxnet")
    from mxnet import np as mnp

    import arraykit.shims._common.operands  # noqa: F401 - imported before the patch
    import arraykit.shims.mxnet as xp
    from arraykit.shims.mxnet import _primitives as _p

    vals = np.array([0.5, 1.5, 2.5, -0.5, -2.5, -0.0, np.nan, np.inf, -np.inf, 3.0, 1e-40,
                     -7.5], dtype="float32")
    copies = []
    asnumpy = mnp.ndarray.asnumpy
    monkeypatch.setattr(mnp.ndarray, "asnumpy", lambda s: copies.append(1) or asnumpy(s))
    sync_copy = _p._COPY_FROM_HOST
    monkeypatch.setattr(_p, "_COPY_FROM_HOST", lambda *a: copies.append(2) or sync_copy(*a))
    base = mnp.array(np.stack([np.zeros_like(vals), vals]), dtype="float32")
    for x in (mnp.array(vals), base[1], mnp.multiply(base[1], 1.0)):
        got = [xp.sign(x), xp.round(x), xp.sort(x), xp.argsort(x),
               xp.searchsorted(xp.sort(x), x, side="right")]
        assert not copies, "a copy operator ran"
        want = [np.sign(vals), np.round(vals), np.sort(vals, kind="stable"),
                np.argsort(vals, kind="stable"),
                np.searchsorted(np.sort(vals), vals, side="right")]
        monkeypatch.setattr(mnp.ndarray, "asnumpy", asnumpy)
        for g, w in zip(got, want):
            h = g.asnumpy()
            assert h.shape == w.shape and h.dtype == w.dtype.newbyteorder("=")
            assert h.tobytes() == w.astype(h.dtype).tobytes()
        monkeypatch.setattr(mnp.ndarray, "asnumpy", lambda s: copies.append(1) or asnumpy(s))
    mx.nd.waitall()


def test_mxnet_var_std_and_vector_norm_of_small_cpu_arrays_are_numpys(monkeypatch):
    """MXNet (issue 28): var, std (axis None) and the 2-norm of all of a float array in CPU
    memory (autograd not recording) are NumPy's of its memory read in place, one copy back,
    with no MXNet operator (four or five a call before): NumPy's bits (its pairwise sums;
    MXNet's differed in the last bits on the float32 data near 1e4 below), dtypes, shapes and
    NaN/inf, without NumPy's warnings; under autograd the operators, whose gradient flows."""
    mx = require("mxnet")
    import warnings

    from mxnet import autograd
    from mxnet import np as mnp

    import arraykit.shims.mxnet as xp
    from arraykit.shims.mxnet import _primitives as _p

    rng = np.random.default_rng(3)
    cases = [1e4 + rng.normal(size=(2, 3, 4)) * 1e-3, rng.normal(size=16) * 3,
             np.array([1.0, np.nan, 2.0]), np.array([np.inf, 1.0]), np.array([-np.inf, np.inf]),
             np.array([1e30, -1e30, 3e30]), np.array([-0.0, -0.0]), np.array(-2.5)]
    inputs = [(h.astype(d), mnp.array(h, dtype=d)) for h in cases for d in ("float32", "float64")]
    invoked = []
    invoke = _p._INVOKE
    monkeypatch.setattr(_p, "_INVOKE", lambda *a: invoked.append(1) or invoke(*a))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for h, x in inputs:
            for keepdims in (False, True):
                got = [xp.linalg.vector_norm(x, keepdims=keepdims)]
                with np.errstate(all="ignore"):
                    norm = np.asarray(np.linalg.norm(np.abs(h.ravel()), axis=0))
                want = [norm.reshape((1,) * h.ndim) if keepdims else norm]
                for c in (0.0, 1) if h.ndim else ():
                    got += [xp.var(x, correction=c, keepdims=keepdims),
                            xp.std(x, correction=c, keepdims=keepdims)]
                    with np.errstate(all="ignore"):
                        want += [np.asarray(np.var(h, ddof=c, keepdims=keepdims)),
                                 np.asarray(np.std(h, ddof=c, keepdims=keepdims))]
                assert not invoked, "an MXNet operator ran"
                for g, w in zip(got, want):
                    assert g.shape == w.shape and g.dtype == w.dtype and str(g.ctx) == "cpu(0)"
                    assert g.asnumpy().tobytes() == w.tobytes(), (h, g, w)
    monkeypatch.undo()
    h = np.array([1.0, 2.0, 4.0, 8.0], dtype="float32")
    x = mnp.array(h)
    x.attach_grad()
    with autograd.record():
        y = xp.var(x)
    y.backward()
    np.testing.assert_allclose(x.grad.asnumpy(), 2 * (h - h.mean()) / 4, rtol=1e-6)
    mx.nd.waitall()


def test_mxnet_fast_paths_of_filled_arrays_skip_the_numpy_mode_switch(monkeypatch):
    """MXNet (issue 28): for a caller outside MXNet's NumPy mode, the fast paths of the unary
    functions, max/min/prod/any/all, cumulative_sum, where, inv, solve, concat, stack and
    permute_dims on arrays with an axis and no zero extent invoke their operators without
    switching the mode on and off (``_helpers.mode_free``: two ctypes calls and the flag's
    thread-local, ~1.6 us): the same results as in the mode; a 0-d or empty input still
    switches it, and the caller's mode is as it was after every call."""
    mx = require("mxnet")
    from mxnet import np as mnp

    import arraykit.shims.mxnet as xp
    from arraykit.shims.mxnet import _helpers

    v = mnp.array(np.array([0.5, 2.0, np.nan, 4.0], dtype="float32"))
    b = mnp.array(np.array([True, False, True, True]))
    m = mnp.array(np.array([[2.0, 1.0], [1.0, 3.0]], dtype="float64"))

    def calls():
        return [xp.log(v), xp.isnan(v), xp.floor(v), xp.max(v), xp.min(m, axis=0),
                xp.prod(v), xp.any(b), xp.all(b, keepdims=True), xp.cumulative_sum(v),
                xp.where(b, v, v), xp.linalg.inv(m), xp.linalg.solve(m, m),
                xp.concat([v, v]), xp.stack((v, v), axis=1), xp.permute_dims(m, (1, 0))]

    switched = []
    set_np_shape = _helpers._SET_NP_SHAPE
    monkeypatch.setattr(_helpers, "_SET_NP_SHAPE",
                        lambda *a: switched.append(a[0]) or set_np_shape(*a))
    assert not mx.util.is_np_shape() and not mx.util.is_np_array()
    got = calls()
    assert not switched, "the NumPy mode was switched"
    assert xp.log(mnp.array(2.0)).shape == ()
    assert xp.any(mnp.array(np.zeros(0, dtype=bool)), axis=0, keepdims=True).shape == (1,)
    assert switched == [1, 0, 1, 0]
    assert not mx.util.is_np_shape() and not mx.util.is_np_array()
    monkeypatch.undo()
    mx.npx.set_np()
    try:
        want = calls()
        for g, w in zip(got, want):
            assert g.shape == w.shape and g.dtype == w.dtype
            assert g.asnumpy().tobytes() == w.asnumpy().tobytes()
    finally:
        mx.npx.reset_np()
    mx.nd.waitall()


def test_mxnet_broadcast_to_and_permute_dims_fast_paths_skip_the_rules(monkeypatch):
    """MXNet (issue 28): broadcast_to to a tuple of ints within MXNet's limits that the
    array's shape broadcasts to, and permute_dims by a permutation of non-negative ints (not
    bool), go to the operator without the rules' frames (``broadcast_to_shape``,
    ``permute_order``): ``mxnet.numpy``'s values, dtype and shape; other arguments take the
    rules and their errors."""
    require("mxnet")
    from mxnet import np as mnp

    import arraykit.shims.mxnet as xp
    from arraykit.shims._common import manipulation

    x = mnp.array(np.arange(6.0).reshape(1, 2, 3), dtype="float32")
    calls = []
    for name in ("broadcast_to_shape", "permute_order"):
        f = getattr(manipulation, name)
        monkeypatch.setattr(manipulation, name,
                            lambda *a, f=f, **k: calls.append(f.__name__) or f(*a, **k))
    got = [xp.broadcast_to(x, (4, 2, 3)), xp.broadcast_to(x, (2, 1, 2, 3)),
           xp.broadcast_to(x, (0, 2, 3)), xp.permute_dims(x, (2, 0, 1)),
           xp.permute_dims(x, (0, 1, 2))]
    assert xp.broadcast_to(x, (1, 2, 3)) is x
    assert not calls, calls
    want = [mnp.broadcast_to(x, (4, 2, 3)), mnp.broadcast_to(x, (2, 1, 2, 3)),
            mnp.broadcast_to(x, (0, 2, 3)), mnp.transpose(x, (2, 0, 1)), x]
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g.asnumpy(), w.asnumpy())
    with pytest.raises(ValueError, match="broadcast"):
        xp.broadcast_to(x, (2, 3, 3))
    with pytest.raises(ValueError, match="negative"):
        xp.broadcast_to(x, (-1, 2, 3))
    assert xp.permute_dims(x, (-1, 0, 1)).shape == (3, 1, 2)
    b = xp.permute_dims(mnp.array([[True, False]], dtype="bool"), (1, 0))
    assert b.dtype == np.bool_ and b.shape == (2, 1)
    assert calls == ["broadcast_to_shape", "broadcast_to_shape", "permute_order",
                     "permute_order"]


def test_mxnet_concat_and_stack_of_one_dtype_skip_the_rules(monkeypatch):
    """MXNet (issue 28): concat and stack of a list or tuple of two or more arrays of one
    dtype, along an int axis in range, with extents that agree (off the axis for concat), go
    to the operator without the rules' frames (``concat_args``, ``stack_args``):
    ``mxnet.numpy``'s values, dtype and shape; promotion, one array, bad shapes and axes
    take the rules."""
    require("mxnet")
    from mxnet import np as mnp

    import arraykit.shims.mxnet as xp
    from arraykit.shims._common import manipulation

    a = mnp.array(np.arange(6.0).reshape(2, 3), dtype="float32")
    b = mnp.array(np.arange(4.0).reshape(2, 2), dtype="float32")
    calls = []
    for name in ("concat_args", "stack_args"):
        f = getattr(manipulation, name)
        monkeypatch.setattr(manipulation, name,
                            lambda *a, f=f, **k: calls.append(f.__name__) or f(*a, **k))
    got = [xp.concat([a, b], axis=1), xp.concat((a, a, a), axis=-2), xp.stack([a, a]),
           xp.stack((a, a), axis=-1)]
    assert not calls, calls
    want = [mnp.concatenate([a, b], axis=1), mnp.concatenate([a, a, a], axis=0),
            mnp.stack([a, a]), mnp.stack([a, a], axis=2)]
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g.asnumpy(), w.asnumpy())
    assert xp.concat([a, a.astype("float64")]).dtype == np.float64
    with pytest.raises(ValueError, match="differ"):
        xp.concat([a, b])
    with pytest.raises(ValueError, match="same shape"):
        xp.stack([a, b])
    assert calls == ["concat_args", "concat_args", "stack_args"]


def test_mxnet_index_bounds_checks_read_the_indices_in_place(monkeypatch):
    """MXNet (issue 28): take's and take_along_axis's bounds checks (``_primitives.concrete``)
    and ext.nd's gather_nd read index arrays in CPU memory in place after waiting for them
    (``host_view``/``host_read``), not through ``asnumpy``'s copy operator: the same values,
    and IndexError for an index out of range."""
    mx = require("mxnet")
    from mxnet import np as mnp

    import arraykit.shims.mxnet as xp
    from arraykit.ext import nd

    x = mnp.array(np.arange(12.0).reshape(3, 4), dtype="float32")
    i = mnp.array([2, -1, 0], dtype="int64")
    rows = mnp.array([[0, 1], [2, 3]], dtype="int32")
    copies = []
    asnumpy = mnp.ndarray.asnumpy
    monkeypatch.setattr(mnp.ndarray, "asnumpy", lambda s: copies.append(1) or asnumpy(s))
    got = [xp.take(x, i, axis=1), xp.take_along_axis(x, xp.reshape(i, (3, 1)), axis=1),
           nd.gather_nd(x, rows)]
    with pytest.raises(IndexError):
        xp.take(x, mnp.array([0, 3], dtype="int64"), axis=0)
    with pytest.raises(IndexError):
        nd.gather_nd(x, mnp.array([[3, 0]], dtype="int32"))
    assert not copies, "asnumpy was called"
    monkeypatch.undo()
    h = np.arange(12.0, dtype="float32").reshape(3, 4)
    want = [h[:, [2, -1, 0]], np.take_along_axis(h, np.array([[2], [-1], [0]]), axis=1),
            h[[0, 2], [1, 3]]]
    for g, w in zip(got, want):
        assert g.shape == w.shape
        np.testing.assert_array_equal(g.asnumpy(), w)
    mx.nd.waitall()


def test_mxnet_take_on_an_empty_axis_of_unread_indices_raises_index_error():
    """MXNet: take/take_along_axis into an axis of extent 0 with indices the bounds check
    does not read (over ``HOST_CHECK_MAX``) raise the IndexError the read ones raise: MXNet's
    take wrapped them modulo 0 and killed the process (SIGFPE) for 5000 uint8 indices, gave
    MXNetError for int8/int64 (MXNet 1.9.1). In a subprocess, as the old failure was a
    crash."""
    require("mxnet")
    import subprocess
    import sys

    code = """if True:
        import numpy as np
        import arraykit.shims.mxnet as xp
        x = xp.zeros((0, 3))
        for dt in ("uint8", "int8", "int64"):
            i = xp.asarray(np.arange(5000) % 3, dtype=getattr(xp, dt))
            for f in (lambda: xp.take(x, i, axis=0),
                      lambda: xp.take_along_axis(x, xp.reshape(i[:4998], (1666, 3)), axis=0)):
                try:
                    f().wait_to_read()
                except IndexError as e:
                    assert "out of bounds for an axis of size 0" in str(e), e
                else:
                    raise AssertionError("no IndexError")
        print("done")
    """
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300, check=False)
    assert r.returncode == 0 and "done" in r.stdout, (r.returncode, r.stderr[-2000:])
