"""arraykit.ext.jit.scan on every backend installed here (mxnet: in its own venv).

Values are checked against the same step function run in a plain Python loop on NumPy
(float64) arrays; gradients against ``arraykit.ext.grad`` of the unrolled loop on the same
backend. Each framework is imported on first use and its tests skip when it is absent, so
this file runs in both environments. torch.compile runs with a backend that only records the
graph (an Inductor build costs seconds to tens of seconds on CPU; the benchmark runner covers
it); everything here runs in seconds.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
from frameworks import from_numpy, own_module, require, to_numpy

import arraykit
from arraykit._registry import BACKENDS as ROWS
from arraykit._registry import BY_NAME
from arraykit.ext.jit import jit, scan

T, B = 6, 4
RNG = np.random.default_rng(0)
XS = RNG.uniform(-1.0, 1.0, (T, B)).astype(np.float32)
XS2 = RNG.uniform(-1.0, 1.0, (T, 3)).astype(np.float32)
H0 = RNG.uniform(-0.5, 0.5, (B,)).astype(np.float32)
C0 = np.float32(0.25) * np.ones((), np.float32)


def _module(name):
    return require(name)  # a skip only where the framework is not installed


def _maker(name):
    """(numpy -> native, native -> numpy) for a registry backend: its row's constructor and
    ``to_numpy`` (tests/frameworks.py), or a skip where the framework is not installed."""
    require(BY_NAME[name].package)
    if name == "mxnet":
        # This module's own code uses mxnet.numpy arrays directly (np.asarray of results,
        # reference loops): MXNet's NumPy mode, which MXNet requires of such code and arraykit
        # does not switch on for the process.
        require("mxnet").npx.set_np()
    return partial(from_numpy, name), to_numpy


#: Every registry backend (a framework not installed here skips).
EAGER = [b.name for b in ROWS]
#: backend -> runs the scan inside ``arraykit.ext.jit.jit`` (compiled: jax.jit, tf XLA).
COMPILED = ["jax", "tensorflow"]
#: The backends arraykit.ext.grad differentiates on (its modules of their own).
DIFFERENTIABLE = list(own_module("grad"))


def close(got, expected, rtol=2e-5):
    np.testing.assert_allclose(np.asarray(got, dtype=np.float64), np.asarray(expected, np.float64),
                               rtol=rtol, atol=1e-6)


def reference(f, init, xs, length=None):
    """The same scan as a plain Python loop (xs given as NumPy arrays, in a pytree)."""
    from arraykit.ext._pytree import flatten, unflatten

    leaves, treedef = flatten(xs)
    n = length if not leaves else leaves[0].shape[0]
    carry, ys = init, []
    for i in range(n):
        x = unflatten(treedef, [leaf[i] for leaf in leaves]) if leaves else None
        carry, y = f(carry, x)
        ys.append(y)
    y_leaves = [flatten(y)[0] for y in ys]
    y_def = flatten(ys[0])[1]
    stacked = [np.stack([yl[k] for yl in y_leaves]) for k in range(len(y_leaves[0]))]
    return carry, unflatten(y_def, stacked)


def assert_tree_close(got, expected, to_np, rtol=2e-5):
    from arraykit.ext._pytree import flatten

    g, gdef = flatten(got)
    e, edef = flatten(expected)
    assert gdef == edef, f"structure {gdef} != {edef}"
    for a, b in zip(g, e):
        close(to_np(a), b, rtol)


# ---------------------------------------------------------------------------------------------
# step functions (written against the namespace of their arguments)


def rnn(carry, x):
    """Carry (h, c), x a (B,) array; y = 2h."""
    h, c = carry
    xp = arraykit.array_namespace(h, x)
    h = xp.tanh(0.9 * h + x)
    return (h, c + xp.sum(h)), 2 * h


def tree_step(carry, x):
    """Dict/tuple carry and inputs; y a (array, dict) pair."""
    xp = arraykit.array_namespace(carry["h"])
    h = xp.sin(carry["h"] + x["u"] * carry["w"][0])
    # (no 0-d array with a Python number: NumPy 1 promotes that to float64)
    w = (carry["w"][0] + xp.sum(x["v"]), carry["w"][1] - x["u"])
    return {"h": h, "w": w}, (xp.sum(h), {"v2": x["v"] * 2})


def counter(carry, x):
    """No inputs: carry (i, acc) with i 0-d."""
    i, acc = carry
    xp = arraykit.array_namespace(acc)
    return (i + xp.ones_like(i), acc * 0.5 + i), acc


def _tree_init(mk):
    return {"h": mk(H0), "w": (mk(C0), mk(H0 * 0))}


def _tree_xs(mk):
    return {"u": mk(XS), "v": mk(XS2)}


def _run(name, fn):
    """Run ``fn`` eagerly, or inside ``arraykit.ext.jit.jit`` for the "-jit" names."""
    return jit(fn) if name.endswith("-jit") else fn


BACKENDS = EAGER + ["jax-jit", "tensorflow-jit"]


def _mk(name):
    return _maker(name.removesuffix("-jit"))


# ---------------------------------------------------------------------------------------------
# values


@pytest.mark.parametrize("name", BACKENDS)
def test_scan_equals_python_loop(name):
    mk, to_np = _mk(name)
    run = _run(name, lambda h, c, xs: scan(rnn, (h, c), xs))
    (h, c), ys = run(mk(H0), mk(C0), mk(XS))
    (rh, rc), rys = reference(rnn, (H0.astype(np.float64), np.float64(C0)), XS.astype(np.float64))
    close(to_np(h), rh)
    close(to_np(c), rc)
    close(to_np(ys), rys)
    assert tuple(ys.shape) == (T, B)
    assert arraykit.array_namespace(ys) is arraykit.array_namespace(mk(XS))  # native out


@pytest.mark.parametrize("name", BACKENDS)
def test_scan_pytrees(name):
    mk, to_np = _mk(name)
    run = _run(name, lambda init, xs: scan(tree_step, init, xs))
    got = run(_tree_init(mk), _tree_xs(mk))
    expected = reference(tree_step, _tree_init(lambda a: np.asarray(a, np.float64)),
                         _tree_xs(lambda a: np.asarray(a, np.float64)))
    assert_tree_close(got, expected, to_np)


@pytest.mark.parametrize("name", BACKENDS)
def test_scan_without_inputs(name):
    mk, to_np = _mk(name)
    run = _run(name, lambda i, acc: scan(counter, (i, acc), None, length=5))
    got = run(mk(np.float32(0)), mk(H0))
    expected = reference(counter, (np.float64(0), H0.astype(np.float64)), None, length=5)
    assert_tree_close(got, expected, to_np)
    assert tuple(got[1].shape) == (5, B)


@pytest.mark.parametrize("name", BACKENDS)
def test_scan_no_y_and_length_one(name):
    mk, to_np = _mk(name)

    def f(c, x):
        return c * x, None

    run = _run(name, lambda c, xs: scan(f, c, xs))
    carry, ys = run(mk(H0), mk(XS[:1]))
    assert ys is None
    close(to_np(carry), H0 * XS[0])


@pytest.mark.parametrize("name", ["numpy", "jax", "torch", "tensorflow", "tensorflow-jit"])
def test_scan_zero_steps(name):
    mk, to_np = _mk(name)
    run = _run(name, lambda h, c, xs: scan(rnn, (h, c), xs))
    (h, _c), ys = run(mk(H0), mk(C0), mk(XS[:0]))
    close(to_np(h), H0)
    assert tuple(ys.shape) == (0, B)


# ---------------------------------------------------------------------------------------------
# gradients: through scan == through the unrolled loop


def _loss_scan(h0, xs):
    xp = arraykit.array_namespace(h0)
    (h, c), ys = scan(rnn, (h0, xp.sum(h0) * 0), xs)
    return xp.sum(ys * ys) + c + xp.sum(h)


def _loss_loop(h0, xs):
    xp = arraykit.array_namespace(h0)
    carry, ys = (h0, xp.sum(h0) * 0), []
    for i in range(xs.shape[0]):
        carry, y = rnn(carry, xs[i, ...])
        ys.append(y)
    ys = xp.stack(ys)
    return xp.sum(ys * ys) + carry[1] + xp.sum(carry[0])


@pytest.mark.parametrize("name", DIFFERENTIABLE + ["jax-jit", "tensorflow-jit", "tf.function"])
def test_grad_through_scan_equals_unrolled_loop(name):
    from arraykit.ext.grad import value_and_grad

    mk, to_np = _mk(name.replace("tf.function", "tensorflow"))
    args = (mk(H0), mk(XS))
    got = value_and_grad(_loss_scan, argnums=(0, 1))
    expected = value_and_grad(_loss_loop, argnums=(0, 1))(*args)
    if name.endswith("-jit"):
        got = jit(got)
    elif name == "tf.function":  # a graph without XLA (and with AutoGraph): tf.while_loop
        got = _module("tensorflow").function(got)
    assert_tree_close(got(*args), expected, to_np, rtol=1e-5)


def test_grad_through_scan_jax_jit_compiles_one_loop():
    """The point of scan: the compiled gradient holds one while loop, not T copies."""
    jax = _module("jax")
    from arraykit.ext.grad import grad

    text = jax.jit(grad(_loss_scan)).lower(_maker("jax")[0](H0), _maker("jax")[0](XS)).as_text()
    assert "while" in text


def test_tensorflow_graph_scan_is_a_while_loop():
    tf = _module("tensorflow")
    graph = tf.function(lambda h, c, xs: scan(rnn, (h, c), xs), autograph=False)
    ops = {op.type for op in graph.get_concrete_function(
        tf.constant(H0), tf.constant(C0), tf.constant(XS)).graph.get_operations()}
    assert "While" in ops or "StatelessWhile" in ops


def test_tensorflow_graph_scan_runs_every_step_in_the_loop():
    """In a graph XLA compiles every step runs inside the while loop, as in the loop AutoGraph
    builds for ``for t in tf.range(T)`` (the first step was run before the loop, which XLA
    kept as five fusions more than the native loop: the study's TF control cell). Any other
    graph runs the first step before the loop (no scratch trace of f: ``tf.vectorized_map``
    traces on every eager call), as does a Python number in init (its dtype is f's); all give
    the eager values."""
    tf = _module("tensorflow")
    fn = tf.function(lambda h, c, xs: scan(rnn, (h, c), xs), autograph=False)
    xla = tf.function(fn.python_function, autograph=False, jit_compile=True)
    args = tf.constant(H0), tf.constant(C0), tf.constant(XS)

    def outer_ops(function):
        return [op.type for op in function.get_concrete_function(*args).graph.get_operations()]

    in_xla, in_graph = outer_ops(xla), outer_ops(fn)
    assert "Tanh" not in in_xla and sum(t in ("While", "StatelessWhile") for t in in_xla) == 1
    assert "Tanh" in in_graph and sum(t in ("While", "StatelessWhile") for t in in_graph) == 1
    from arraykit.ext._pytree import flatten, unflatten

    def numpy_tree(tree):
        leaves, treedef = flatten(tree)
        return unflatten(treedef, [a.numpy() for a in leaves])

    eager = numpy_tree(scan(rnn, (args[0], args[1]), args[2]))
    for got in (fn(*args), xla(*args)):
        assert_tree_close(got, eager, lambda a: a.numpy(), rtol=1e-6)
    number = tf.function(lambda h, xs: scan(rnn, (h, 0.25), xs), autograph=False)
    assert_tree_close(number(args[0], args[2]), numpy_tree(scan(rnn, (args[0], 0.25), args[2])),
                      lambda a: a.numpy(), rtol=1e-6)


def test_scan_under_torch_compile_is_one_graph_built_once():
    """torch.compile unrolls the loop into one graph (fullgraph), and scan's own caches are
    not written during the trace (a guard on them would compile again on the next call)."""
    torch = _module("torch")
    from arraykit.ext.jit import _scan

    mk, to_np = _maker("torch")
    arraykit.array_namespace(mk(H0))  # dynamo cannot follow the namespace's first import
    _scan._runners.pop(torch.Tensor, None)  # as in a fresh process
    torch._dynamo.reset()
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    f = torch.compile(lambda h, c, xs: scan(rnn, (h, c), xs), fullgraph=True, backend=backend)
    for _ in range(2):
        (_h, c), ys = f(mk(H0), mk(C0), mk(XS))
    assert len(graphs) == 1
    (_rh, rc), rys = reference(rnn, (H0.astype(np.float64), np.float64(C0)), XS.astype(np.float64))
    close(to_np(ys), rys)
    close(to_np(c), rc)


# ---------------------------------------------------------------------------------------------
# errors


ERROR_BACKENDS = ["numpy", "jax", "torch", "tensorflow", "tensorflow-jit", "jax-jit"]


@pytest.mark.parametrize("name", ERROR_BACKENDS)
def test_scan_rejects_a_changed_carry(name):
    mk, _ = _mk(name)

    def drops(carry, x):
        return (carry[0],), x

    def retypes(carry, x):
        xp = arraykit.array_namespace(x)
        return (carry[0], xp.astype(carry[1], xp.int32)), x

    def reshapes(carry, x):
        return (carry[0][:2], carry[1]), x

    for f in (drops, retypes, reshapes):
        run = _run(name, lambda h, c, xs: scan(f, (h, c), xs))  # noqa: B023 - run just below
        with pytest.raises(TypeError, match="scan"):
            run(mk(H0), mk(C0), mk(XS))


@pytest.mark.parametrize("name", ERROR_BACKENDS)
def test_scan_rejects_bad_lengths(name):
    mk, _ = _mk(name)
    with pytest.raises(ValueError, match=r"scan.*leading length"):
        scan(rnn, (mk(H0), mk(C0)), (mk(XS), mk(XS2[:3])))
    with pytest.raises(ValueError, match=r"scan.*length"):
        scan(rnn, (mk(H0), mk(C0)), mk(XS), length=T + 1)
    with pytest.raises(ValueError, match=r"scan.*xs.*length"):
        scan(rnn, (mk(H0), mk(C0)), None)
    with pytest.raises(ValueError, match=r"scan.*leading axis"):
        scan(rnn, (mk(H0), mk(C0)), mk(C0))


def test_scan_rejects_bad_arguments():
    with pytest.raises(TypeError, match=r"scan.*pair"):
        scan(lambda c, x: c, np.zeros(2), np.zeros((3, 2)))
    with pytest.raises(TypeError, match=r"scan.*length"):
        scan(counter, (0.0, np.zeros(2)), None, length=2.5)
    with pytest.raises(ValueError, match=r"scan.*length"):
        scan(counter, (0.0, np.zeros(2)), None, length=-1)
    with pytest.raises(TypeError, match=r"scan.*function"):
        scan(None, np.zeros(2), np.zeros((3, 2)))
    flip = [0]

    def changes_y(c, x):
        flip[0] += 1
        return c, (x if flip[0] % 2 else (x, x))

    with pytest.raises(TypeError, match=r"scan.*y"):
        scan(changes_y, np.zeros(2), np.zeros((3, 2)))


def test_numpy_scalar_ys_are_joined_without_np_stack():
    """On NumPy, ys that are NumPy scalars of one type (a full reduction per step, as the
    control workload's cost) are joined by np.array (0.9 us for 20 where np.stack takes 17):
    np.stack's array exactly (dtype, shape, C order, bits: -0.0, NaN, extremes), for every
    number type and in a tuple of ys; ys of mixed types or 0-d arrays still take the
    namespace's stack (its promotion)."""
    import sys

    codes = "?bBhHiIlLqQefdgFDG"
    for code in codes:
        info = np.finfo(code) if np.dtype(code).kind in "fc" else None
        vals = np.asarray([0, 1, 1, 0] if code == "?" else
                          [0, 1, np.iinfo(code).max, np.iinfo(code).min] if info is None else
                          [-0.0, np.nan, info.max, -np.inf], dtype=code)
        xs = np.stack([vals, vals[::-1]], axis=1)  # (4, 2): one 1-d step of 2 per row

        def body(c, x):
            return c, (x[0], x[1])

        frames = []
        sys.setprofile(lambda f, e, a, frames=frames: e == "call"
                       and frames.append(f.f_code.co_name))
        try:
            _, (ys0, ys1) = scan(body, np.zeros(2), xs)
        finally:
            sys.setprofile(None)
        assert "stack" not in frames, code
        for got, want in ((ys0, np.stack([x[0] for x in xs])),
                          (ys1, np.stack([x[1] for x in xs]))):
            assert type(got) is np.ndarray and got.dtype == want.dtype, code
            assert got.shape == want.shape and got.flags.c_contiguous, code
            if code in "gG":  # long double: 10 bytes of value in 16, the padding is junk
                np.testing.assert_array_equal(got, want)
                assert (np.signbit(got.real) == np.signbit(want.real)).all(), code
            else:
                assert got.tobytes() == want.tobytes(), code
    # Mixed scalar types and 0-d arrays: the namespace's stack, its result.
    mixed = scan(lambda c, x: (c, np.float32(1) if x[0] else np.float64(2)), 0.0,
                 np.asarray([[1.0], [0.0]]))[1]
    assert mixed.dtype == np.stack([np.float32(1), np.float64(2)]).dtype
    zero_d = scan(lambda c, x: (c, np.asarray(x[0])), 0.0, np.ones((3, 1), np.float32))[1]
    assert zero_d.dtype == np.float32 and zero_d.shape == (3,)
