"""Global state arraykit must not leave behind, and caches that must behave when cold: each
test that depends on a cold cache or on process-wide mode runs in a fresh interpreter."""

import subprocess
import sys
import textwrap

from frameworks import require


def _run(code: str, timeout: int = 300) -> str:
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, timeout=timeout)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def test_torch_compile_fullgraph_with_first_array_namespace_call_inside():
    # Cold dispatch cache: the namespace is resolved (and imported) while dynamo traces.
    require("torch")
    out = _run("""
        import torch, arraykit

        def f(x, y):
            xp = arraykit.array_namespace(x, 2.0)
            return xp.sum(xp.sin(x) * y) + xp.max(xp.clip(x, 0, 1)) + xp.matmul(x, y)

        graphs = []

        def backend(gm, example_inputs):
            graphs.append(gm)
            return gm

        g = torch.compile(f, fullgraph=True, backend=backend)
        x = torch.linspace(0, 1, 3)
        assert torch.allclose(g(x, x), f(x, x))
        assert torch.allclose(g(x, x), f(x, x))
        assert len(graphs) == 1, len(graphs)
        assert arraykit.array_namespace(x) is arraykit.array_namespace(x, 1.0)
        print("ok")
    """)
    assert out.strip().endswith("ok")


def test_mxnet_numpy_mode_is_left_as_the_caller_had_it():
    # The README's promise: nothing global changes by default. MXNet's NumPy mode
    # (npx.set_np) is per thread but process-wide in effect; legacy Gluon code (mx.nd, Gluon
    # blocks creating NDArray parameters) breaks once it is on.
    require("mxnet")
    out = _run("""
        import mxnet as mx
        from mxnet import np as mnp, npx, util
        from mxnet.gluon import nn
        import arraykit

        x = mnp.array([[1.0, 2.0], [3.0, 4.0]])
        xp = arraykit.array_namespace(x)
        assert not util.is_np_shape() and not util.is_np_array(), "mode switched on"
        # The namespace works in full (0-d and zero-size results need MXNet's NumPy shapes).
        s = xp.sum(x)
        assert s.shape == () and float(s) == 10.0
        z = xp.zeros((0, 3))
        assert z.shape == (0, 3) and xp.sum(z, axis=0).shape == (3,)
        assert xp.matmul(x, x).shape == (2, 2) and xp.linalg.inv(x).shape == (2, 2)
        assert not util.is_np_shape() and not util.is_np_array(), "mode left on"
        # So do the extensions, with the functions handed to them.
        from arraykit.ext.grad import grad
        from arraykit.ext.jit import jit, scan

        def loss(v):
            xp = arraykit.array_namespace(v)
            return xp.sum(v * v) * 0.5

        v = mnp.array([1.0, 2.0, 3.0])
        assert grad(loss)(v).asnumpy().tolist() == [1.0, 2.0, 3.0]
        assert jit(loss)(v).shape == ()
        carry, ys = scan(lambda c, t: (c + t, c), mnp.array(0.0), v)
        assert carry.shape == () and ys.shape == (3,) and float(carry) == 6.0
        assert not util.is_np_shape() and not util.is_np_array(), "mode left on"
        # Legacy Gluon code in the same process still runs as MXNet made it.
        net = nn.Dense(2, in_units=3)
        net.initialize()
        y = net(mx.nd.ones((4, 3)))
        assert type(y) is mx.nd.NDArray and y.shape == (4, 2)
        # A caller's own NumPy mode is kept too.
        npx.set_np()
        assert xp.sum(xp.zeros((0,))).shape == ()
        assert util.is_np_shape() and util.is_np_array()
        npx.reset_np()
        with util.np_shape(True):
            xp.sum(x)
            assert util.is_np_shape() and not util.is_np_array()
        assert not util.is_np_shape()
        print("ok")
    """)
    assert out.strip().endswith("ok")
