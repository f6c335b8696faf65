"""arraykit.ext on PaddlePaddle: grad (paddle.grad), jit (paddle.jit.to_static where Paddle
can trace, else eager with jit's warning), scan (the Python loop, differentiable), nd and
random (the portable implementations: the values every backend gives)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from frameworks import require

import arraykit

require("paddle")  # through the registry row: Paddle imported safely after TensorFlow
import paddle

import arraykit.shims.paddle as xp
from arraykit.ext import nd
from arraykit.ext import random as akrandom
from arraykit.ext.grad import grad, jacobian, stop_gradient, value_and_grad, vjp
from arraykit.ext.jit import compilation, is_compiled, jit, scan


def loss(x, w):
    """Library code: the namespace from the argument, standard functions only."""
    ns = arraykit.array_namespace(x)
    return ns.sum(ns.sin(x) * w) + ns.mean(ns.exp(x))


X = np.array([0.5, 1.0, 2.0])
W = np.array([1.0, -2.0, 0.5])


def t(v):
    return paddle.to_tensor(np.asarray(v, dtype=np.float64))


def test_grad_matches_the_analytic_gradient_and_leaves_inputs_alone():
    x, w = t(X), t(W)
    value, (gx, gw) = value_and_grad(loss, argnums=(0, 1))(x, w)
    np.testing.assert_allclose(float(value), np.sum(np.sin(X) * W) + np.mean(np.exp(X)))
    np.testing.assert_allclose(gx.numpy(), np.cos(X) * W + np.exp(X) / 3, rtol=1e-12)
    np.testing.assert_allclose(gw.numpy(), np.sin(X), rtol=1e-12)
    assert x.stop_gradient and w.stop_gradient  # the caller's tensors are untouched
    assert type(gx) is paddle.Tensor


def test_higher_order_jacobian_vjp_and_stop_gradient():
    def cube(x):
        return arraykit.array_namespace(x).sum(x * x * x)

    np.testing.assert_allclose(grad(grad(cube))(t(2.0)).numpy(), 12.0)
    jac = jacobian(lambda x: x * x)(t(X))
    np.testing.assert_allclose(jac.numpy(), np.diag(2 * X))
    out, pull = vjp(lambda x: x * x, t(X))
    np.testing.assert_allclose(pull(t(np.ones(3)))[0].numpy(), 2 * X)
    np.testing.assert_allclose(out.numpy(), X * X)
    g = grad(lambda x: arraykit.array_namespace(x).sum(stop_gradient(x) * x))(t(X))
    np.testing.assert_allclose(g.numpy(), X)


def test_grad_refuses_integer_inputs():
    with pytest.raises(TypeError, match="floating-point"):
        grad(lambda x: arraykit.array_namespace(x).sum(x))(paddle.to_tensor([1, 2]))


def paddle_only(x, w):
    return paddle.sum(paddle.sin(x) * w)


def test_jit_compiles_paddle_code_and_runs_namespace_code_eagerly_with_a_warning():
    x, w = t(X), t(W)
    jf = jit(paddle_only)
    np.testing.assert_allclose(float(jf(x, w)), np.sum(np.sin(X) * W))
    assert compilation(jf) == "paddle-static" and is_compiled(jf)
    jf(x, w)
    assert jf.trace_count == 1
    jl = jit(loss)
    with pytest.warns(RuntimeWarning, match=r"jit\(loss\): Paddle cannot trace"):
        out = jl(x, w)
    np.testing.assert_allclose(float(out), float(loss(x, w)))
    assert compilation(jl) == "eager" and not is_compiled(jl)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once only
        jl(x, w)
    assert not is_compiled("paddle")


def test_scan_values_and_gradient():
    c, ys = scan(lambda c, v: (c + v, c * v), t(0.0), t([1.0, 2.0, 3.0]))
    assert float(c) == 6.0 and ys.numpy().tolist() == [0.0, 2.0, 9.0]

    def prod_scan(x):
        return scan(lambda c, v: (c * v, c), x[0], x)[0]

    np.testing.assert_allclose(grad(prod_scan)(t([1.0, 2.0, 3.0])).numpy(), [12.0, 3.0, 2.0])


def test_nd_values_bounds_and_gradient():
    x = t([[1.0, 2.0], [3.0, 4.0]])
    idx = paddle.to_tensor([[0, 1], [-1, 0]])
    assert nd.gather_nd(x, idx).numpy().tolist() == [2.0, 3.0]
    assert nd.scatter_nd(idx, t([5.0, 6.0]), (2, 2)).numpy().tolist() == [[0, 5], [6, 0]]
    with pytest.raises(IndexError, match="gather_nd: index 5"):
        nd.gather_nd(x, paddle.to_tensor([[5, 0]]))
    g = grad(lambda v: arraykit.array_namespace(v).sum(nd.gather_nd(v, idx) ** 2))(x)
    assert g.numpy().tolist() == [[0.0, 4.0], [6.0, 0.0]]


def test_random_streams_equal_numpys():
    k_p = akrandom.key(7, like=t(0.0))
    k_n = akrandom.key(7, like=np.zeros(()))
    assert k_p.dtype == paddle.int64  # no uint32 in Paddle: the values as int64
    np.testing.assert_array_equal(akrandom.bits(k_p, (5,)).numpy(),
                                  np.asarray(akrandom.bits(k_n, (5,))).astype(np.int64))
    np.testing.assert_allclose(akrandom.uniform(k_p, (4,), dtype=xp.float64).numpy(),
                               np.asarray(akrandom.uniform(k_n, (4,), dtype=np.float64)))
