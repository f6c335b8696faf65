"""arraykit.ext.jit on jax, torch, tensorflow, numpy and array-api-strict (mxnet:
tests/ext/test_grad_mxnet.py).

torch.compile builds C++ with Inductor on CPU (gcc), which costs seconds per compilation, so
the torch tests compile few, small functions. jax's x64 switch is global to the process: a
module-scoped fixture turns it on for these tests (float64 inputs stay float64) and restores it.
"""

from __future__ import annotations

import warnings
from functools import partial

import numpy as np
import pytest
from frameworks import from_numpy, require

import arraykit
from arraykit.ext._pytree import flatten
from arraykit.ext.grad import grad
from arraykit.ext.jit import JittedFunction, compilation, is_compiled, jit

jax = require("jax")
import jax.numpy as jnp

torch = require("torch")
tf = require("tensorflow")



@pytest.fixture(autouse=True, scope="module")
def _jax_x64():
    """float64 in jax for this module only (a process-wide switch: restored afterwards)."""
    before = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    yield
    jax.config.update("jax_enable_x64", before)


X = np.random.default_rng(0).uniform(0.5, 2.0, size=(5,))
A = np.random.default_rng(1).standard_normal((3, 3)) + 3 * np.eye(3)

def _maker(name):
    """numpy -> the backend's native arrays: the registry row's constructor."""
    return partial(from_numpy, name)


COMPILED_AS = {"jax": "xla", "torch": "inductor", "tensorflow": "xla", "numpy": "eager",
               "mlx": "mlx-compile"}


def close(got, expected, rtol=1e-10):
    np.testing.assert_allclose(np.asarray(got), np.asarray(expected), rtol=rtol, atol=1e-12)


def f_generic(x, w):
    """Library code: namespace from the (possibly traced) argument, standard functions only."""
    xp = arraykit.array_namespace(x)
    return xp.sum(xp.exp(xp.sin(x)) * w["scale"]) + xp.mean(xp.matmul(w["m"], w["m"]))


def _args(name):
    mk = _maker(name)
    return mk(X), {"scale": mk(X[::-1].copy()), "m": mk(A)}


@pytest.mark.parametrize("name", ["jax", "torch", "tensorflow", "numpy", "mlx"])
def test_jit_equals_eager_and_says_how_it_ran(name):
    jf = jit(f_generic)
    assert isinstance(jf, JittedFunction) and jf.__name__ == "f_generic"
    assert compilation(jf) is None and not is_compiled(jf)
    x, w = _args(name)
    expected = f_generic(x, w)
    out = jf(x, w)
    close(out, expected)
    assert arraykit.array_namespace(out) is arraykit.array_namespace(x)  # native out
    assert compilation(jf) == COMPILED_AS[name]
    assert is_compiled(jf) is (name != "numpy")
    assert jf.trace_count == (0 if name == "numpy" else 1)
    close(jf(x, w), expected)  # warm call: the same program
    assert jf.trace_count == (0 if name == "numpy" else 1)


@pytest.mark.parametrize("lib", ["array_api_strict", "dask.array"])
def test_jit_on_libraries_without_a_compiler_runs_eagerly(lib):
    mod = require(lib)
    jf = jit(lambda x: arraykit.array_namespace(x).sum(x * x))
    out = jf(mod.asarray(X))
    if lib == "dask.array":
        out = out.compute()
    close(np.asarray(out), (X * X).sum())
    assert compilation(jf) == "eager" and is_compiled(jf) is False


def test_is_compiled_for_backend_names():
    assert is_compiled("jax") and is_compiled("torch") and is_compiled("tensorflow")
    assert not is_compiled("mxnet")  # only per function: see test_grad_mxnet.py
    assert not is_compiled("numpy") and not is_compiled("array_api_strict")
    with pytest.raises(TypeError):
        is_compiled(lambda x: x)


# ---------------------------------------------------------------------------------------------
# retracing rules


def _counting(counter):
    def f(x, n=1, *, mode="sum"):
        counter.append(1)
        xp = arraykit.array_namespace(x)
        y = x * n
        return xp.sum(y) if mode == "sum" else xp.max(y)

    return f


@pytest.mark.parametrize("name", ["jax", "tensorflow"])
def test_retracing_rules_jax_tf(name):
    mk = _maker(name)
    calls = []
    jf = jit(_counting(calls), static_argnums=1, static_argnames="mode")
    close(jf(mk(X), 2), 2 * X.sum())
    close(jf(mk(X + 1), 2), 2 * (X + 1).sum())  # same shape, dtype, statics: no retrace
    assert jf.trace_count == 1 and len(calls) == 1
    close(jf(mk(X), 3), 3 * X.sum())  # new static value: retrace
    assert jf.trace_count == 2
    close(jf(mk(X), 2), 2 * X.sum())  # an old static value: cached
    assert jf.trace_count == 2
    close(jf(mk(X[:3]), 2), 2 * X[:3].sum())  # new shape: retrace
    assert jf.trace_count == 3
    close(jf(mk(X.astype(np.float32)), 2), 2 * X.astype(np.float32).sum(), rtol=1e-6)  # dtype
    assert jf.trace_count == 4
    close(jf(mk(X), 2, mode="max"), 2 * X.max())  # new static keyword value
    assert jf.trace_count == 5
    close(jf(mk(X), n=2, mode="max"), 2 * X.max())  # static by name or position: one key
    assert jf.trace_count == 5
    assert is_compiled(jf) and compilation(jf) == "xla"


def _scaled_sum(x, n):
    # no Python side effects: dynamo guards on mutated Python state (a counter list would
    # change length every call and force recompiles)
    return arraykit.array_namespace(x).sum(x * n)


def test_retracing_rules_torch():
    jf = jit(_scaled_sum, static_argnums=1)
    close(jf(torch.asarray(X), 2), 2 * X.sum())
    close(jf(torch.asarray(X + 1), 2), 2 * (X + 1).sum())
    assert jf.trace_count == 1
    # a new size recompiles once with that dimension dynamic; later sizes reuse it
    close(jf(torch.asarray(X[:3]), 2), 2 * X[:3].sum())
    close(jf(torch.asarray(X[:4]), 2), 2 * X[:4].sum())
    assert jf.trace_count == 2
    assert compilation(jf) == "inductor"


def test_torch_static_values_past_dynamo_recompile_limit():
    # Dynamo counts recompiles per code object (recompile_limit, 8 by default; lowered here so
    # the test compiles little): each static value must get a program of its own, not fail
    # hard at the limit (fullgraph=True turns the limit into FailOnRecompileLimitHit).
    jf = jit(_scaled_sum, static_argnums=1)
    x = torch.asarray(X)
    with torch._dynamo.config.patch(recompile_limit=2):
        for n in range(4):
            close(jf(x, n), n * X.sum())
            assert compilation(jf) == "inductor"
        assert jf.trace_count == 4


def test_torch_recompile_limit_falls_back_to_eager_with_a_warning():
    # Past dynamo's limit for one function (here: new dtypes), native torch.compile runs
    # eagerly; jit does too, and warns, instead of raising FailOnRecompileLimitHit.
    jf = jit(_scaled_sum, static_argnums=1)
    with torch._dynamo.config.patch(recompile_limit=1):
        close(jf(torch.asarray(X), 2), 2 * X.sum())
        assert compilation(jf) == "inductor"
        with pytest.warns(RuntimeWarning, match="recompile"):
            out = jf(torch.asarray(X, dtype=torch.float32), 2)
        close(out, 2 * X.sum(), rtol=1e-6)
        assert compilation(jf) == "eager"
        close(jf(torch.asarray(X), 2), 2 * X.sum())  # the compiled program still serves
        assert compilation(jf) == "inductor"


def test_torch_guards_leave_out_arraykit_internals():
    """TorchDynamo re-checks, before every call, each object a trace read; jit drops the
    checks of identity and structure on arraykit's and array-api-compat's module internals
    and of values fixed with a function (closures, defaults), and keeps the rest."""
    from types import SimpleNamespace

    from arraykit.ext.jit import _torch as jit_torch

    def entry(name, kind):
        return SimpleNamespace(name=name, guard_type=kind, is_global="G[" in name)

    kept = {
        "G['__import_arraykit_dot__dispatch']._namespace_by_type": ("DICT_KEYS_MATCH", False),
        "type(G['__import_arraykit_dot_shims_dot_torch'].clip).__call__": ("CLOSURE_MATCH", False),
        "G['__import_arraykit'].device.__code__": ("ID_MATCH", False),
        "G['__import_array_api_compat_dot_common_dot__helpers'].cast": ("ID_MATCH", False),
        "G['__import_arraykit_dot_shims_dot_torch'].abs._slow.__closure__[0].cell_contents":
            ("CONSTANT_MATCH", False),
        # a value read from a module attribute (a flag) stays
        "G['__import_arraykit_dot_ext_dot_grad_dot__torch']._nesting.depth": ("EQUALS_MATCH", True),
        "L['x']": ("TENSOR_MATCH", True),
        "L['f'].__closure__[0].cell_contents": ("CONSTANT_MATCH", True),  # the caller's
        "G['__import_mymodule'].helper.__code__": ("ID_MATCH", True),
        "G['__import_arraykitten'].f.__code__": ("ID_MATCH", True),
        "G['arraykit'].array_namespace": ("ID_MATCH", True),  # the caller's global
    }
    entries = [entry(name, kind) for name, (kind, _) in kept.items()]
    assert jit_torch._own_guards(entries) == [keep for _, keep in kept.values()]


def test_torch_jit_does_not_recheck_arraykit_tables(monkeypatch):
    """A trace reads arraykit's dispatch table; a new row (another array type) fails
    TorchDynamo's check of the table's keys, and the next call would trace again: jit drops
    that check, as the rows the trace read still map to the same namespaces."""
    from arraykit import _dispatch

    jf = jit(_scaled_sum, static_argnums=1)
    x = torch.asarray(X)
    close(jf(x, 2), 2 * X.sum())
    monkeypatch.setitem(_dispatch._namespace_by_type, type("NotAnArray", (), {}), None)
    close(jf(x + 1, 2), 2 * (X + 1).sum())
    assert jf.trace_count == 1
    assert compilation(jf) == "inductor"


@pytest.mark.parametrize("name", ["jax", "numpy"])
def test_static_value_cache_is_bounded_lru(name, monkeypatch):
    mk = _maker(name)
    jf = jit(_scaled_sum, static_argnums=1)
    monkeypatch.setattr(jf, "cache_size", 3)
    x = mk(X)
    for n in range(3):
        jf(x, n)
    jf(x, 0)  # used again: the most recent
    for n in range(3, 10):
        close(jf(x, n), n * X.sum())
        assert len(jf._entries) <= 3
    traces = jf.trace_count
    jf(x, 9)  # still cached
    assert jf.trace_count == traces
    jf(x, 0)  # evicted: built again
    assert jf.trace_count == traces + (name == "jax")
    assert len(jf._entries) == 3


def test_static_fast_path_equals_general_path():
    # A call signature seen before (positional count, keyword names, static values, type of
    # the first dynamic argument) skips building the general key: same program, same values,
    # the same least-recently-used order, and the right framework.
    calls = []
    jf = jit(_counting(calls), static_argnums=1, static_argnames="mode")
    x = jnp.asarray(X)
    for _ in range(2):  # the first builds the entry, the second takes the fast path
        close(jf(x, 2), 2 * X.sum())
        close(jf(x, 2, mode="max"), 2 * X.max())
        close(jf(x, n=3, mode="max"), 3 * X.max())
        close(jf(x, mode="sum", n=3), 3 * X.sum())
    assert jf.trace_count == 4 and compilation(jf) == "xla"
    close(jf(x, 3, mode="max"), 3 * X.max())  # by position: the program of n=3 by name
    assert jf.trace_count == 4
    close(jf(x, 3), 3 * X.sum())  # mode left to its default: a key of its own
    assert jf.trace_count == 5
    close(jf(np.asarray(X), 2), 2 * X.sum())  # the same statics on numpy: its own entry
    assert compilation(jf) == "eager"
    close(jf(np.asarray(X), 2), 2 * X.sum())
    assert compilation(jf) == "eager"
    close(jf(x, 2), 2 * X.sum())
    assert compilation(jf) == "xla" and jf.trace_count == 5
    close(jf(x, 2.0), 2 * X.sum())  # 2.0 == 2: one static value, as in the general key
    assert jf.trace_count == 5
    with pytest.raises(TypeError, match="hashable"):
        jf(x, [2])
    jg = jit(lambda n, x, y: x * n + y, static_argnums=0)  # dynamic arguments after a static
    for _ in range(2):
        close(jg(3, x, jnp.asarray(X[::-1].copy())), 3 * X + X[::-1])
    assert jg.trace_count == 1


def test_static_fast_path_keeps_the_lru_order(monkeypatch):
    jf = jit(_scaled_sum, static_argnums=1)
    monkeypatch.setattr(jf, "cache_size", 2)
    x = jnp.asarray(X)
    jf(x, 1)
    jf(x, 2)
    jf(x, 1)  # the fast path: 1 is now the most recently used
    jf(x, 3)  # evicts 2, not 1
    assert jf.trace_count == 3
    close(jf(x, 1), X.sum())
    assert jf.trace_count == 3
    close(jf(x, 2), 2 * X.sum())  # evicted: built again
    assert jf.trace_count == 4


def test_static_cache_size_is_documented():
    import arraykit.ext.jit as jit_module

    assert jit(_scaled_sum).cache_size == jit_module.CACHE_SIZE
    assert f"{jit_module.CACHE_SIZE}" in jit_module.__doc__


def test_unhashable_static_argument_is_refused():
    jf = jit(lambda x, shape: x, static_argnums=1)
    with pytest.raises(TypeError, match="hashable"):
        jf(jnp.asarray(X), [1, 2])


def test_decorator_forms():
    @jit(static_argnames=("k",))
    def scaled(x, k):
        return x * k

    @jit
    def plain(x):
        return x + 1

    close(scaled(jnp.asarray(X), k=3.0), 3 * X)
    close(plain(jnp.asarray(X)), X + 1)
    assert is_compiled(scaled) and is_compiled(plain)


def test_no_array_argument_runs_eagerly():
    jf = jit(lambda a, b: a + b)
    assert jf(1, 2) == 3
    assert compilation(jf) == "eager"


def test_one_jit_object_serves_every_framework():
    jf = jit(f_generic)
    for name in ("jax", "numpy", "tensorflow"):
        x, w = _args(name)
        close(jf(x, w), f_generic(x, w))
        assert compilation(jf) == COMPILED_AS[name]


# ---------------------------------------------------------------------------------------------
# honesty: nothing pretends


def test_jax_disable_jit_is_reported():
    jf = jit(lambda x: x * 2)
    with jax.disable_jit():
        close(jf(jnp.asarray(X)), 2 * X)
        assert compilation(jf) == "eager" and not is_compiled(jf)
    jf(jnp.asarray(X))
    assert compilation(jf) == "xla"


def test_torch_graph_break_falls_back_to_eager_and_says_so():
    def f(x):
        y = x * 2
        torch._dynamo.graph_break()  # what an untraceable call does
        return y + 1

    jf = jit(f)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # first failure: eager, a retry is due, no warning
        close(jf(torch.asarray(X)), 2 * X + 1)
    assert compilation(jf) == "eager" and not is_compiled(jf)
    with pytest.warns(RuntimeWarning, match="running it eagerly"):
        out = jf(torch.asarray(X))
    close(out, 2 * X + 1)
    assert compilation(jf) == "eager" and not is_compiled(jf)
    close(jf(torch.asarray(X)), 2 * X + 1)
    assert jf.trace_count == 0


def test_tf_without_xla_kernel_falls_back_to_graph_and_says_so():
    def f(a):
        return arraykit.array_namespace(a).linalg.det(a)  # MatrixDeterminant: no XLA kernel

    jf = jit(f)
    with pytest.warns(RuntimeWarning, match="XLA cannot compile"):
        out = jf(tf.constant(A))
    close(out, np.linalg.det(A))
    assert compilation(jf) == "tf-graph"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once per signature, not per call
        close(jf(tf.constant(A)), np.linalg.det(A))


# ---------------------------------------------------------------------------------------------
# compositions


def _loss(a, x):
    xp = arraykit.array_namespace(a)
    return xp.sum(xp.tanh(xp.matmul(a, x)) ** 2) + xp.sum(xp.linalg.inv(a))


def _loss_grad_np(a, x):
    t = np.tanh(a @ x)
    ai = np.linalg.inv(a)
    return np.outer(2 * t * (1 - t * t), x) - ai.T @ np.ones_like(a) @ ai.T


@pytest.mark.parametrize("name", ["jax", "torch", "tensorflow"])
def test_jit_of_grad(name):
    mk = _maker(name)
    jg = jit(grad(_loss))
    x3 = X[:3]
    close(jg(mk(A), mk(x3)), _loss_grad_np(A, x3), rtol=1e-8)
    assert compilation(jg) == COMPILED_AS[name]


def test_grad_of_jit():
    # torch: eager grad records with autograd, which runs the torch.compile'd graph (under
    # torch.func transforms dynamo would not run it, and compilation() would say "eager")
    for name in ("jax", "tensorflow", "torch"):
        mk = _maker(name)
        jl = jit(_loss)
        gj = grad(jl)
        close(gj(mk(A), mk(X[:3])), _loss_grad_np(A, X[:3]), rtol=1e-8)
        assert compilation(jl) == COMPILED_AS[name]


def test_jit_of_nd_gather_scatter():
    from arraykit.ext import nd
    idx = np.array([[0, 1], [2, 2], [1, 0]])
    x = np.arange(12.0).reshape(4, 3)

    def f(x, i):
        xp = arraykit.array_namespace(x)
        g = nd.gather_nd(x, i)
        return xp.sum(nd.scatter_nd(i, g * 2.0, (4, 3)) + x)

    expected = 2 * x[idx[:, 0], idx[:, 1]].sum() + x.sum()
    for name in ("jax", "tensorflow", "torch"):
        mk = _maker(name)
        jf = jit(f)
        close(jf(mk(x), mk(idx)), expected)
        # torch: the first call may run eagerly (nd imports its torch module lazily, which
        # dynamo cannot trace); the second compiles
        close(jf(mk(x), mk(idx)), expected)
        assert is_compiled(jf), (name, compilation(jf))
        jg = jit(grad(f))
        close(jg(mk(x), mk(idx)), _nd_grad(x, idx))
        close(jg(mk(x), mk(idx)), _nd_grad(x, idx))
        assert is_compiled(jg), (name, compilation(jg))


def _nd_grad(x, idx):
    g = np.ones_like(x)
    np.add.at(g, (idx[:, 0], idx[:, 1]), 2.0)
    return g


# ---------------------------------------------------------------------------------------------
# mlx: calls of positional arrays only take a fast path (no flattening); it must agree with
# the general path (keyword arguments, constants, pytrees) on every output structure


def _mlx_outputs(x, y):
    xp = arraykit.array_namespace(x)
    return {
        "one": xp.sin(x) * y,
        "pair": (x + y, x - y),
        "nested": [x * 2, {"n": 3, "s": "tag", "none": None}],
        "scalar": 1.5,
    }


@pytest.mark.parametrize("out", ["one", "pair", "nested", "tree", "empty"])
def test_mlx_fast_path_equals_general_path(out):
    mx = require("mlx.core")

    def f(x, y):
        r = _mlx_outputs(x, y)
        return {"tree": r, "empty": ()}.get(out, r.get(out))

    x, y = from_numpy("mlx", X), from_numpy("mlx", X[::-1].copy())
    expected = f(x, y)
    jf = jit(f)
    general = jf(x, y=y)  # a keyword argument: the general path
    first = jf(x, y)  # builds the entry of the fast path
    fast = jf(x, y)  # the fast path
    for got in (general, first, fast):
        g_leaves, g_def = flatten(got)
        e_leaves, e_def = flatten(expected)
        assert g_def == e_def and type(got) is type(expected)
        for a, b in zip(g_leaves, e_leaves):
            if type(b) is mx.array:
                assert type(a) is mx.array
                close(np.asarray(a), np.asarray(b), rtol=1e-6)
            else:
                assert a == b and type(a) is type(b)
    assert compilation(jf) == "mlx-compile" and jf.trace_count == 2  # f(x, y=y), f(x, y)


def test_mlx_fast_path_keeps_constants_shapes_and_eager_fallback_apart():
    mx = require("mlx.core")
    jf = jit(lambda x, k: x * k)
    x = from_numpy("mlx", X)
    close(np.asarray(jf(x, 2.0)), 2 * X, rtol=1e-6)  # a constant: its own program
    close(np.asarray(jf(x, from_numpy("mlx", np.full(5, 3.0)))), 3 * X, rtol=1e-6)
    close(np.asarray(jf(x, from_numpy("mlx", np.full(5, 4.0)))), 4 * X, rtol=1e-6)  # fast path
    close(np.asarray(jf(x, 5.0)), 5 * X, rtol=1e-6)  # not an array: not the fast path
    x2 = from_numpy("mlx", np.arange(6.0).reshape(2, 3))
    close(np.asarray(jf(x2, x2)), np.arange(6.0).reshape(2, 3) ** 2, rtol=1e-6)  # new shape
    assert compilation(jf) == "mlx-compile"

    def reads_values(x, y):
        return x * 2 if (x > 0).all().item() else y  # mx.compile cannot trace .item()

    jr = jit(reads_values)
    with pytest.warns(RuntimeWarning, match="mx.compile cannot trace"):
        close(np.asarray(jr(x, x)), 2 * X, rtol=1e-6)
    assert compilation(jr) == "eager"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # eager from now on, fast path or not: warned once
        close(np.asarray(jr(-x, x)), X, rtol=1e-6)
        assert compilation(jr) == "eager"
        assert isinstance(jr(x, x), mx.array)
