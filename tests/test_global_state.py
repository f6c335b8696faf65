"""Global state arraykit must not leave behind, and caches that must behave when cold: each
test that depends on a cold cache or on process-wide mode runs in a fresh interpreter."""

import subprocess
import sys
import textwrap

import pytest


def _run(code: str, timeout: int = 300) -> str:
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, timeout=timeout)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def test_torch_compile_fullgraph_with_first_array_namespace_call_inside():
    # Cold dispatch cache: the namespace is resolved (and imported) while dynamo traces.
    pytest.importorskip("torch")
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
