"""arraykit.ext.grad and arraykit.ext.jit on MXNet 1.9 (run in the mxnet venv).

The analytic cases are those of test_grad.py (loaded from its file, so the five frameworks
are checked against the same closed forms at rtol 1e-5 in float64).
"""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path

import numpy as onp
import pytest

mx = pytest.importorskip("mxnet")
from mxnet import np as mnp  # noqa: E402
from mxnet import npx  # noqa: E402

import arraykit  # noqa: E402
from arraykit.ext.grad import (  # noqa: E402
    NoAutodiffError,
    grad,
    jacobian,
    stop_gradient,
    value_and_grad,
    vjp,
)
from arraykit.ext.jit import compilation, is_compiled, jit  # noqa: E402

npx.set_np()

_spec = importlib.util.spec_from_file_location(
    "_arraykit_grad_cases", Path(__file__).with_name("test_grad.py")
)
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)
X, A, B, W = cases.X, cases.A, cases.B, cases.W
assert_tree_close = cases.assert_tree_close


def mk(a):
    a = onp.asarray(a)
    return mnp.array(a, dtype=a.dtype)


def _shim():
    """The mxnet namespace, or a skip when the shim cannot be imported right now."""
    try:
        return arraykit.array_namespace(mk(X))
    except Exception as e:  # noqa: BLE001  (the shim is built by another engineer)
        pytest.skip(f"arraykit.shims.mxnet unavailable: {type(e).__name__}: {e}")


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_grad_matches_analytic_through_the_shim(case):
    name, f, inputs, argnums, _, needs = case
    xp = _shim()
    if not cases.has_functions(xp, needs):
        pytest.skip(f"{xp.__name__} lacks one of {needs}")
    args = tuple(mk(a) for a in inputs)
    try:
        f(*args)
    except Exception as e:  # the shim fails on this function (not grad's business): show it
        pytest.xfail(f"{xp.__name__} cannot evaluate {name}: {type(e).__name__}: {e}")
    assert_tree_close(grad(f, argnums=argnums)(*args), cases.analytic(case))


# Written against mxnet.numpy directly, so grad is tested whatever state the shim is in.
DIRECT = [
    ("sum_sq", lambda x: (x * x).sum(), (X,), 0, lambda x: 2 * x),
    ("tanh_sin", lambda x: (mnp.tanh(x) * mnp.sin(x)).sum(), (X,), 0,
     lambda x: (1 - onp.tanh(x) ** 2) * onp.sin(x) + onp.tanh(x) * onp.cos(x)),
    ("logsumexp", lambda x: mnp.log(mnp.exp(x).sum()), (X,), 0, cases._softmax),
    ("matmul", lambda a, b: (mnp.matmul(a, b) ** 2).sum(), (A, B), (0, 1), cases._grad_matmul),
    ("det", lambda a: mnp.linalg.det(a), (A,), 0, lambda a: onp.linalg.det(a) * onp.linalg.inv(a).T),
    ("inv", lambda a: mnp.linalg.inv(a).sum(), (A,), 0,
     lambda a: -onp.linalg.inv(a).T @ onp.ones_like(a) @ onp.linalg.inv(a).T),
    ("solve", lambda a, b: mnp.linalg.solve(a, b).sum(), (A, B), (0, 1), cases._grad_solve),
]


@pytest.mark.parametrize("case", DIRECT, ids=[c[0] for c in DIRECT])
def test_grad_matches_analytic_direct(case):
    _, f, inputs, argnums, grad_fn = case
    g = grad(f, argnums=argnums)(*[mk(a) for a in inputs])
    expected = grad_fn(*inputs)
    assert_tree_close(g, expected if isinstance(argnums, tuple) or not isinstance(expected, tuple) else expected)
    for leaf in g if isinstance(g, tuple) else (g,):
        assert isinstance(leaf, mnp.ndarray)


def test_compound_agrees_with_the_other_frameworks():
    # the analytic gradient the jax/torch/tf test checks too
    def f(a, x):
        y = mnp.tanh(mnp.matmul(a, x))
        return (y * y).sum() + mnp.linalg.det(a) * mnp.exp(x).mean() + mnp.linalg.solve(a, x).sum()

    ga, gx = grad(f, argnums=(0, 1))(mk(A), mk(cases.XCOL))
    ea, ex = cases.compound_grad_np(A, cases.XCOL)
    onp.testing.assert_allclose(ga.asnumpy(), ea, rtol=cases.RTOL)
    onp.testing.assert_allclose(gx.asnumpy(), ex, rtol=cases.RTOL)


def test_value_and_grad_has_aux_pytrees_argnums():
    def f(p, data, scale):
        h = mnp.matmul(data, p["w"][0])
        return scale * (h * p["b"][0]).sum(), {"h": h}

    p = {"w": [mk(A)], "b": (mk(X[:3]),), "none": None}
    d = mk(X[1:4].reshape(1, 3))
    (value, aux), g = value_and_grad(f, has_aux=True)(p, d, 2.0)
    h = X[1:4].reshape(1, 3) @ A
    onp.testing.assert_allclose(float(value), 2.0 * (h * X[:3]).sum(), rtol=1e-10)
    assert_tree_close(aux, {"h": h})
    assert g["none"] is None and isinstance(g["w"], list) and isinstance(g["b"], tuple)
    assert_tree_close(g["w"][0], 2.0 * X[1:4].reshape(3, 1) @ X[:3].reshape(1, 3))
    assert_tree_close(g["b"][0], 2.0 * h[0])
    gd, gp = grad(lambda p, d, s: f(p, d, s)[0], argnums=(1, 0))(p, d, 2.0)
    assert_tree_close(gd, 2.0 * (A @ X[:3]).reshape(1, 3))
    g2, aux2 = grad(f, has_aux=True)(p, d, 2.0)
    assert_tree_close(g2["b"], (2.0 * h[0],))
    assert_tree_close(aux2, {"h": h})


def test_inputs_untouched_separate_and_zero_gradients():
    x = mk(X)
    ga, gb, gz = grad(lambda a, b, z: (a * a * b).sum(), argnums=(0, 1, 2))(x, x, mk(A))
    assert_tree_close((ga, gb, gz), (2 * X * X, X * X, onp.zeros_like(A)))
    assert x.grad is None  # the caller's array got no gradient buffer


def test_jacobian_vjp_stop_gradient():
    x3 = X[:3]
    j = jacobian(lambda x, a: mnp.tanh(mnp.matmul(a, x)))(mk(x3), mk(A))
    s = 1 - onp.tanh(A @ x3) ** 2
    assert_tree_close(j, s[:, None] * A)
    out, pull = vjp(lambda x, p: {"out": x * p[0]}, mk(x3), [mk(X[1:4])])
    assert_tree_close(out, {"out": x3 * X[1:4]})
    assert_tree_close(pull({"out": mk(onp.ones(3))}), (X[1:4], [x3]))
    assert_tree_close(pull({"out": mk(2 * onp.ones(3))}), (2 * X[1:4], [2 * x3]))
    with pytest.raises(ValueError, match="structure"):
        pull(mk(onp.ones(3)))
    assert_tree_close(grad(lambda x: (stop_gradient(x) * x).sum())(mk(X)), X)


def test_errors():
    with pytest.raises(TypeError, match="0-d"):
        grad(lambda x: x * 2.0)(mk(X))
    with pytest.raises(TypeError, match="floating-point"):
        grad(lambda i: i.sum())(mnp.array([1, 2], dtype="int32"))
    with pytest.raises(NotImplementedError, match="nested"):
        grad(lambda x: grad(lambda y: (y * y).sum())(x).sum())(mk(X))
    with pytest.raises(NoAutodiffError, match="numpy has no automatic differentiation"):
        grad(lambda x: (x * x).sum())(onp.asarray(X))


def test_jit_hybridizes_when_mxnet_allows():
    jf = jit(lambda x, y: (x * y).sum() + (x * x).sum())
    out = jf(mk(X), mk(X[::-1].copy()))
    onp.testing.assert_allclose(float(out), (X * X[::-1]).sum() + (X * X).sum(), rtol=1e-10)
    assert compilation(jf) == "mxnet-cachedop" and is_compiled(jf)
    assert jf.trace_count == 1
    jf(mk(X[:3]), mk(X[:3]))  # the CachedOp re-infers shapes: no new trace
    assert jf.trace_count == 1 and is_compiled(jf)


def test_jit_falls_back_to_eager_and_says_so():
    def f(x):
        xp = arraykit.array_namespace(x)  # Symbols are not arrays: cannot hybridize
        return xp.sum(x * x)

    _shim()
    jf = jit(f)
    with pytest.warns(RuntimeWarning, match="cannot hybridize"):
        out = jf(mk(X))
    onp.testing.assert_allclose(float(out), (X * X).sum(), rtol=1e-10)
    assert compilation(jf) == "eager" and not is_compiled(jf)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        jf(mk(X))  # warned once
    # jit(grad(f)): autograd needs arrays, so this runs eagerly too, and correctly
    jg = jit(grad(lambda x: (x * x).sum()))
    with pytest.warns(RuntimeWarning):
        assert_tree_close(jg(mk(X)), 2 * X)
    assert not is_compiled(jg)


def test_grad_through_nd():
    nd = pytest.importorskip("arraykit.ext.nd")
    _shim()
    idx = onp.array([[0, 1], [2, 2], [0, 1]])
    x = onp.arange(12.0).reshape(4, 3)

    def f(x):
        return (nd.gather_nd(x, mnp.array(idx, dtype="int64")) * 2.0).sum()

    expected = onp.zeros_like(x)
    onp.add.at(expected, (idx[:, 0], idx[:, 1]), 2.0)
    assert_tree_close(grad(f)(mk(x)), expected)
