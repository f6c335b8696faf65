"""The arraykit command: info and demo run and report honestly."""

import subprocess
import sys

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

    assert set(EXTENSIONS) == {"nd", "grad", "jit"}
    for ext in EXTENSIONS.values():
        importlib.import_module(ext.module)
        assert set(ext.backends) <= set(_registry.BY_NAME)
