"""The arraykit command: info and demo run and report honestly."""

import subprocess
import sys

from frameworks import require

from arraykit import cli


def test_info_lists_every_backend():
    lines = []
    assert cli.info(out=lines.append) == 0
    text = "\n".join(lines)
    assert "Array API standard 2025.12" in text
    for name in ["numpy", "torch", "jax", "cupy", "dask", "array_api_strict", "tensorflow",
                 "mxnet"]:
        assert name in text
    assert "arraykit.shims.numpy (array-api-compat + arraykit fast paths)" in text


def test_demo_agrees_with_numpy_everywhere_it_runs():
    lines = []
    assert cli.demo(out=lines.append, repeats=1) == 0
    text = "\n".join(lines)
    assert "numpy.ndarray" in text
    assert "MISMATCH" not in text


def test_python_dash_m_arraykit():
    out = subprocess.run([sys.executable, "-m", "arraykit", "--help"], capture_output=True,
                         text=True, check=True)
    assert "info" in out.stdout and "demo" in out.stdout


def test_every_listed_extension_imports_and_names_known_backends():
    import importlib

    from arraykit import _registry
    from arraykit.ext import EXTENSIONS

    assert set(EXTENSIONS) == {"nd", "grad", "jit", "random", "static"}
    for ext in EXTENSIONS.values():
        importlib.import_module(ext.module)
        assert set(ext.backends) <= set(_registry.BY_NAME)


def _run_quietly(*args):
    """The command as a new user runs it: no TF_CPP_MIN_LOG_LEVEL of their own."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "TF_CPP_MIN_LOG_LEVEL"}
    return subprocess.run([sys.executable, "-m", "arraykit", *args], capture_output=True,
                          text=True, env=env, timeout=600)


def test_command_prints_only_its_own_output():
    """Issue 16: TensorFlow's C++ start-up lines (absl, oneDNN) went to the terminal twice."""
    require("tensorflow")
    for args in (["info"], ["demo", "--repeats", "1"]):
        run = _run_quietly(*args)
        assert run.returncode == 0, run.stderr
        assert run.stderr == "", f"arraykit {' '.join(args)} printed to stderr:\n{run.stderr}"
        lines = run.stdout.splitlines()
        assert all(line == line.rstrip() for line in lines), "trailing blanks in the table"


def test_demo_names_frameworks_it_could_not_use():
    lines = []
    cli.demo(out=lines.append, repeats=1)
    missing = [b.name for b in cli._registry.BACKENDS if not b.installed()]
    notes = [line for line in lines if line.startswith("not installed:")]
    if missing:
        assert notes == [f"not installed: {', '.join(missing)}"]
    else:
        assert not notes


def test_library_use_keeps_the_environment_and_stderr(monkeypatch, capfd):
    """Called as functions, info/demo leave os.environ and file descriptor 2 as they were."""
    import os

    monkeypatch.delenv("TF_CPP_MIN_LOG_LEVEL", raising=False)
    cli.info(out=lambda line: None)
    assert "TF_CPP_MIN_LOG_LEVEL" not in os.environ
    os.write(2, b"still here\n")
    assert "still here" in capfd.readouterr().err


def _demo_inputs():
    import numpy as np

    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((2, 4, 3)).astype(np.float32) for _ in range(3))
    return (q, k, v), cli.attention(q, k, v)


def test_demo_times_through_the_rows_materialise_hook(monkeypatch):
    """The timing loop waits on every result through the registry row's hook."""
    row = cli._registry.BY_NAME["numpy"]
    waited = []
    monkeypatch.setattr(row, "materialise", lambda y: (waited.append(type(y)), y)[1])
    inputs, reference = _demo_inputs()
    assert cli._demo_row(row, inputs, reference, repeats=3)[-1] == "ok"
    assert len(waited) >= 1 + 3  # the first call and each timed one


def test_demo_evaluates_mlx_arrays(monkeypatch):
    """MLX arrays are lazy: the demo timed graph building (0.02 ms/call) until mx.eval ran in
    the timing loop."""
    mx = require("mlx.core")
    evaluated = []
    real_eval = mx.eval
    monkeypatch.setattr(mx, "eval", lambda *a: (evaluated.append(len(a)), real_eval(*a))[1])
    inputs, reference = _demo_inputs()
    assert cli._demo_row(cli._registry.BY_NAME["mlx"], inputs, reference, repeats=3)[-1] == "ok"
    assert len(evaluated) >= 1 + 3


def test_lazy_and_asynchronous_rows_have_a_materialise_hook():
    rows = cli._registry.BY_NAME
    for name in ("jax", "dask", "mxnet", "mlx"):
        assert rows[name].materialise is not None, name
