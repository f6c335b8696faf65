"""arraykit.ext.jit.vmap on every backend installed here (mxnet: in its own venv).

Every result is checked against a plain Python loop: the same function called once per
example on the same backend, the results stacked in NumPy. jax, torch and tensorflow run
their own vectorising map (``jax.vmap``, ``torch.func.vmap``, ``tf.vectorized_map``); the
tests check that they do (the function sees the framework's batched values and is traced
once), and that a failure inside that map is raised, not replaced by the loop. Compositions
with ``arraykit.ext.grad`` and ``arraykit.ext.jit.jit`` are checked in both orders.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from frameworks import own_module

import arraykit
from arraykit.cli import to_numpy
from arraykit.ext._pytree import flatten, tree_map, unflatten
from arraykit.ext.jit import compilation, is_compiled, jit, vmap

RNG = np.random.default_rng(0)
X = RNG.standard_normal((5, 3)).astype(np.float32)
Y = RNG.standard_normal((5, 3)).astype(np.float32)
W = RNG.standard_normal((3, 2)).astype(np.float32)
WS = RNG.standard_normal((5, 3, 2)).astype(np.float32)
XS = RNG.standard_normal((5, 4, 3)).astype(np.float32)

#: Backends whose own vectorising map vmap runs; the others loop.
NATIVE = ("jax", "torch", "tensorflow", "mlx")
#: The backends arraykit.ext.grad differentiates on (its modules of their own).
DIFFERENTIABLE = own_module("grad")
COMPILERS = ("jax", "torch", "tensorflow")
COMPILED_AS = {"jax": "xla", "torch": "inductor", "tensorflow": "xla"}


@pytest.fixture(autouse=True)
def _mxnet_np_mode(backend):
    """This module's own code builds mxnet.numpy arrays (xp.asarray, the reference loop):
    MXNet's NumPy mode, which MXNet requires of such code."""
    if backend == "mxnet":
        import mxnet

        mxnet.npx.set_np()


def close(got, expected, rtol=1e-5, atol=1e-5):
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(expected, np.float64),
                               rtol=rtol, atol=atol)


def as_backend(xp, tree):
    return tree_map(lambda a: xp.asarray(a) if isinstance(a, np.ndarray) else a, tree)


def loop(xp, f, args, in_axes=0, out_axes=0, kwargs=None):
    """The reference: ``f`` on each example (NumPy slices made arrays of ``xp``), its output
    leaves stacked along ``out_axes`` in NumPy."""
    axes = in_axes if isinstance(in_axes, tuple) else (in_axes,) * len(args)
    n = next(flatten(a)[0][0].shape[ax] for a, ax in zip(args, axes) if ax is not None)
    outs = []
    for i in range(n):
        example = [a if ax is None else tree_map(lambda v, i=i, ax=ax: np.take(v, i, axis=ax), a)
                   for a, ax in zip(args, axes)]
        out = f(*as_backend(xp, example), **as_backend(xp, kwargs or {}))
        outs.append(flatten(out))
    treedef = outs[0][1]
    columns = zip(*[leaves for leaves, _ in outs])
    return unflatten(treedef, [np.stack([to_numpy(v) for v in c], axis=out_axes) for c in columns])


def assert_tree_close(got, expected, xp, rtol=1e-5):
    g, gdef = flatten(got)
    e, edef = flatten(expected)
    assert gdef == edef, f"structure {gdef} != {edef}"
    for a, b in zip(g, e):
        assert arraykit.array_namespace(a) is xp  # native arrays of the same framework out
        assert tuple(a.shape) == b.shape
        close(to_numpy(a), b, rtol)


# ---------------------------------------------------------------------------------------------
# functions of one example, written against the namespace of their arguments


def dot(a, b):
    return arraykit.array_namespace(a, b).sum(a * b)


def layer(w, x):
    xp = arraykit.array_namespace(w, x)
    return xp.tanh(xp.matmul(x, w))


def square_plus_one(x):
    return x * x + 1.0


def tree_fn(p, z):
    """A dict with a tuple holding None in, a dict holding a tuple out."""
    xp = arraykit.array_namespace(z)
    a, (b, nothing) = p["a"], p["b"]
    assert nothing is None
    return {"sum": xp.sum(a * b) + xp.sum(z), "pair": (a - b, xp.max(z) * a)}


def shared_and_mapped(w, x):
    """An output that does not depend on the batch (w, unmapped) beside one that does."""
    return w, arraykit.array_namespace(x).sum(x, axis=-1)


def scaled(x, *, scale, shift=0.0):
    return x * scale + shift


def first_of(t):
    """A mapped pytree with one leaf: f sees the pytree, not the leaf."""
    return t[0] * 2.0


CASES = {
    # id: (f, args, in_axes, out_axes, kwargs)
    "int-in_axes": (dot, (X, Y), 0, 0, None),
    "none-in_axes": (layer, (W, XS), (None, 0), 0, None),
    "tuple-in_axes": (dot, (X.T.copy(), Y), (1, 0), 0, None),
    "negative-in_axes": (dot, (X.T.copy(), Y), (-1, 0), 0, None),
    "negative-in_axes-3d": (layer, (W, np.moveaxis(XS, 0, -1).copy()), (None, -1), 0, None),
    "0d-examples": (square_plus_one, (X[:, 0].copy(),), 0, 0, None),
    "out_axes=1": (layer, (W, XS), (None, 0), 1, None),
    "out_axes=2": (layer, (W, XS), (None, 0), 2, None),
    "out_axes=-1": (layer, (W, XS), (None, 0), -1, None),
    "out_axes=-2": (layer, (W, XS), (None, 0), -2, None),
    "pytrees": (tree_fn, ({"a": X, "b": (Y, None)}, XS), 0, 0, None),
    "pytree-unmapped": (tree_fn, ({"a": X, "b": (Y, None)}, XS[0]), (0, None), 0, None),
    "unbatched-output": (shared_and_mapped, (W, XS), (None, 0), 0, None),
    "unbatched-output-out_axes=-1": (shared_and_mapped, (W, XS), (None, 0), -1, None),
    "keyword-arguments": (scaled, (XS,), 0, 0, {"scale": W[:, 0].copy(), "shift": 0.5}),
    "one-leaf-tuple": (first_of, ((X,),), 0, 0, None),
    "one-leaf-list-and-none": (lambda t, n: first_of(t), ([X], None), 0, 0, None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_vmap_equals_the_loop(xp, case):
    f, args, in_axes, out_axes, kwargs = CASES[case]
    got = vmap(f, in_axes=in_axes, out_axes=out_axes)(*as_backend(xp, args),
                                                       **as_backend(xp, kwargs or {}))
    assert_tree_close(got, loop(xp, f, args, in_axes, out_axes, kwargs), xp)


def test_vmap_keeps_names_and_nests(xp):
    v = vmap(dot)
    assert v.__name__ == "dot"
    # vmap of vmap: every pair of rows of (2, 5, 3) arrays
    a, b = np.stack([X, Y]), np.stack([Y, X])
    got = vmap(vmap(dot))(xp.asarray(a), xp.asarray(b))
    close(to_numpy(got), (a * b).sum(-1))


def test_vmap_of_an_empty_batch(xp):
    got = vmap(layer, in_axes=(None, 0), out_axes=1)(xp.asarray(W), xp.asarray(XS[:0]))
    assert tuple(got.shape) == (4, 0, 2)
    assert to_numpy(got).dtype == np.float32


# ---------------------------------------------------------------------------------------------
# the framework's own map runs, and its failures are not hidden


def _batched_view(backend, x):
    """Whether ``x`` is what the framework's own vmap passes to the function."""
    if backend == "jax":
        import jax

        return isinstance(x, jax.core.Tracer)
    if backend == "torch":
        import torch

        return torch._C._functorch.is_batchedtensor(x)
    if backend == "tensorflow":
        import tensorflow as tf

        return tf.is_symbolic_tensor(x)  # a tensor of the graph pfor builds, not an eager one
    if backend == "mlx":
        # mx.vmap passes one example's shape, a placeholder with no value to evaluate.
        return tuple(x.shape) == (3,)
    return False


def test_vmap_runs_the_frameworks_own_map_or_the_loop(xp, backend):
    seen = []

    def f(x):
        seen.append(x)
        return x * 2.0

    close(to_numpy(vmap(f)(xp.asarray(X))), 2 * X)
    if backend in NATIVE:
        assert len(seen) == 1, "traced once by the framework's vmap, not called per example"
        assert _batched_view(backend, seen[0])
    else:
        assert len(seen) == len(X)  # the loop: one call per example, on concrete arrays
        assert all(tuple(s.shape) == (3,) and arraykit.array_namespace(s) is xp for s in seen)


@pytest.mark.backends(*NATIVE, reason="the backends with a vectorising map of their own")
def test_a_failure_inside_the_frameworks_vmap_is_raised_not_looped(xp, backend):
    calls = []

    def needs_a_concrete_value(x):
        calls.append(1)
        xp_ = arraykit.array_namespace(x)
        return x * float(xp_.sum(x))  # a Python float of a batched value: no vmap allows it

    x = xp.asarray(X)
    close(to_numpy(needs_a_concrete_value(x[0, ...])), X[0] * X[0].sum())  # the loop would work
    calls.clear()
    with pytest.raises(Exception):  # noqa: PT011, B017 - each framework raises its own class
        vmap(needs_a_concrete_value)(x)
    assert calls == [1], f"called {len(calls)} times: the error was retried as a loop"


# ---------------------------------------------------------------------------------------------
# errors name vmap


def test_errors_name_vmap(xp):
    x, y = xp.asarray(X), xp.asarray(Y)
    with pytest.raises(ValueError, match=r"^vmap: the mapped axes must have one size"):
        vmap(dot)(x, xp.asarray(Y[:4]))
    with pytest.raises(ValueError, match=r"^vmap: in_axes maps argument 1 along axis 2"):
        vmap(dot, in_axes=(0, 2))(x, y)
    with pytest.raises(ValueError, match=r"^vmap: in_axes maps argument 0 along axis -3"):
        vmap(dot, in_axes=(-3, 0))(x, y)
    with pytest.raises(ValueError, match=r"^vmap: in_axes has 3 entries but the function was "
                                         r"called with 2 positional arguments"):
        vmap(dot, in_axes=(0, 0, None))(x, y)
    with pytest.raises(ValueError, match=r"^vmap: no argument is mapped"):
        vmap(dot, in_axes=None)(x, y)
    with pytest.raises(ValueError, match=r"^vmap: in_axes maps argument 1 along axis 0, but a "
                                         r"leaf of it has a float"):
        vmap(dot)(x, 2.0)
    with pytest.raises(ValueError, match=r"^vmap: out_axes=3 is out of range for an output "
                                         r"whose examples have rank 2"):
        vmap(layer, in_axes=(None, 0), out_axes=3)(xp.asarray(W), xp.asarray(XS))
    with pytest.raises(ValueError, match=r"^vmap: out_axes=-4 is out of range"):
        vmap(layer, in_axes=(None, 0), out_axes=-4)(xp.asarray(W), xp.asarray(XS))


def test_argument_types_are_checked_when_vmap_is_called():
    with pytest.raises(TypeError, match=r"^vmap: f must be a function"):
        vmap(3)
    with pytest.raises(TypeError, match=r"^vmap: in_axes must be an int, None, or a tuple"):
        vmap(dot, in_axes=[0, 0])
    with pytest.raises(TypeError, match=r"^vmap: in_axes must be an int, None, or a tuple"):
        vmap(dot, in_axes=(0, True))
    with pytest.raises(TypeError, match=r"^vmap: out_axes must be an int"):
        vmap(dot, out_axes=(0,))


# ---------------------------------------------------------------------------------------------
# with grad and jit


def loss(w, x):
    """0-d: sum over the rows of tanh(x @ w)**2."""
    xp = arraykit.array_namespace(w, x)
    return xp.sum(xp.tanh(xp.matmul(x, w)) ** 2)


def loss_grad(w, x):
    """d loss / d w, in NumPy."""
    t = np.tanh(x @ w)
    return x.T @ (2 * t * (1 - t * t))


def total_loss(w, xs):
    """A batch's summed loss through vmap: the function grad differentiates."""
    return arraykit.array_namespace(w).sum(vmap(loss, in_axes=(None, 0))(w, xs))


@pytest.mark.backends(*DIFFERENTIABLE, reason="the backends arraykit.ext.grad differentiates on")
def test_vmap_of_grad(xp):
    from arraykit.ext.grad import grad

    got = vmap(grad(loss))(xp.asarray(WS), xp.asarray(XS))
    close(to_numpy(got), np.stack([loss_grad(WS[i], XS[i]) for i in range(len(XS))]), 1e-4)


@pytest.mark.backends(*DIFFERENTIABLE, reason="the backends arraykit.ext.grad differentiates on")
def test_grad_of_a_sum_over_vmap(xp):
    from arraykit.ext.grad import grad, value_and_grad

    w, xs = xp.asarray(W), xp.asarray(XS)
    close(to_numpy(grad(total_loss)(w, xs)), sum(loss_grad(W, x) for x in XS), 1e-4)
    value, g = value_and_grad(lambda w: total_loss(w, xs))(w)
    close(to_numpy(value), sum(to_numpy(loss(w, xp.asarray(x))) for x in XS), 1e-5)
    close(to_numpy(g), sum(loss_grad(W, x) for x in XS), 1e-4)


@pytest.mark.backends(*COMPILERS, reason="the backends arraykit.ext.jit compiles")
def test_jit_of_vmap(xp, backend):
    jf = jit(vmap(layer, in_axes=(None, 0), out_axes=-1))
    expected = loop(xp, layer, (W, XS), (None, 0), -1)
    for _ in range(2):  # the second call runs the program built by the first
        close(to_numpy(jf(xp.asarray(W), xp.asarray(XS))), expected)
        assert compilation(jf) == COMPILED_AS[backend] and is_compiled(jf)
    assert jf.trace_count == 1


@pytest.mark.backends(*COMPILERS, reason="the backends arraykit.ext.jit compiles")
def test_jit_of_vmap_of_grad_and_of_grad_of_vmap(xp, backend):
    from arraykit.ext.grad import grad

    per_example = jit(vmap(grad(loss)))
    close(to_numpy(per_example(xp.asarray(WS), xp.asarray(XS))),
          np.stack([loss_grad(WS[i], XS[i]) for i in range(len(XS))]), 1e-4)
    assert compilation(per_example) == COMPILED_AS[backend]
    summed = jit(grad(total_loss))
    close(to_numpy(summed(xp.asarray(W), xp.asarray(XS))), sum(loss_grad(W, x) for x in XS), 1e-4)
    assert compilation(summed) == COMPILED_AS[backend]


@pytest.mark.backends("jax", "tensorflow", reason="their compiled functions run inside their "
                      "vectorising map (torch: test_vmap_of_jit_on_torch_runs_eagerly)")
def test_vmap_of_jit(xp, backend):
    jl = jit(loss)
    v = vmap(jl, in_axes=(None, 0))
    expected = loop(xp, loss, (W, XS), (None, 0))
    close(to_numpy(v(xp.asarray(W), xp.asarray(XS))), expected)
    close(to_numpy(v(xp.asarray(W), xp.asarray(XS))), expected)
    assert compilation(jl) == COMPILED_AS[backend]


@pytest.mark.backends("torch", reason="torch.compile refuses to trace inside torch.func.vmap")
def test_vmap_of_jit_on_torch_runs_eagerly_and_says_so(xp):
    # torch 2.13: dynamo raises "Unsupported functorch tracing attempt" for a compiled function
    # called under torch.func.vmap; jit's rule for a capture failure applies (eager, warned on
    # the second failure) and compilation() tells the truth. jit(vmap(f)) is the order to use.
    jl = jit(loss)
    v = vmap(jl, in_axes=(None, 0))
    expected = loop(xp, loss, (W, XS), (None, 0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for _ in range(3):
            close(to_numpy(v(xp.asarray(W), xp.asarray(XS))), expected)
    assert compilation(jl) == "eager" and not is_compiled(jl)
