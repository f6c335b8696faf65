"""What the section files of tests/shims share: guarded framework imports (each environment
lacks some frameworks), the marks of tests that hold for some shims only, host conversion and
subprocess isolation. The backend fixture itself is tests/conftest.py's."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap

import frameworks
import numpy as np
import pytest
from frameworks import optional

# None only where the framework is not installed; an installed one that fails to import fails.
tf = optional("tensorflow")
mx = optional("mxnet")
mnp = optional("mxnet.numpy")
autograd = optional("mxnet.autograd")
#: The TF shim's dtype table and the shared dtype rules (TF tests only).
T = importlib.import_module("arraykit.shims.tensorflow._dtypes") if tf is not None else None

TF_ONLY = pytest.mark.backends(
    "tensorflow", reason="TensorFlow's own objects and defaults (64-bit defaults, tf.function "
    "graphs, tf.Variable, TF's dtype objects)")
MX_ONLY = pytest.mark.backends(
    "mxnet", reason="MXNet's own defaults and gaps (float32 default, no int16/uint16+/complex, "
    "autograd) or a workaround of an MXNet defect")
SHIMS = pytest.mark.backends(
    "tensorflow", "mxnet", "mlx", "paddle", reason="what SciPy's, scikit-learn's and "
    "array-api-extra's suites expect of the full shims (issue 17), with NumPy's answers as "
    "the reference")
SERVED = pytest.mark.backends(
    *frameworks.SERVED, reason="the frameworks arraykit serves itself (registry rows with an "
    "array-object surface); dask and array-api-strict are served by array-api-compat/strict")
COMPLEX = pytest.mark.backends(
    *(name for name in frameworks.SERVED if name != "mxnet"),
    reason="complex input: MXNet 1.9.1 has no complex dtype")
#: The _common helpers taking NumPy itself as the namespace need its 2.x API (astype, concat,
#: device=): the mxnet environment has NumPy 1.23.
NUMPY_2 = pytest.mark.skipif(int(np.__version__.split(".")[0]) < 2, reason="needs NumPy 2's "
                             "Array API namespace (the mxnet environment has NumPy 1.23)")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def host(x) -> np.ndarray:
    """A NumPy array of any backend's array (MXNet's need ``asnumpy``)."""
    return x.asnumpy() if hasattr(x, "asnumpy") else np.asarray(x)


def arr(xp, v, dtype):
    """An array of ``xp`` holding ``v`` in NumPy dtype ``dtype``."""
    return xp.asarray(np.asarray(v, dtype=dtype))


def t(v, dtype):
    """A TF tensor of ``v`` in NumPy dtype ``dtype``."""
    return tf.constant(np.asarray(v, dtype=dtype))


def held(xp, names):
    """The dtype names of ``names`` that the shim's framework holds."""
    have = xp.__array_namespace_info__().dtypes()
    return [n for n in names if n in have]


def run_isolated(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter (a crash there fails the test, not the session)."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def assert_ran_clean(proc: subprocess.CompletedProcess) -> None:
    assert proc.returncode == 0, (
        f"exit status {proc.returncode}\nstdout:\n{proc.stdout[-3000:]}\n"
        f"stderr:\n{proc.stderr[-3000:]}"
    )


# --- linalg and fft against NumPy's (TF) ------------------------------------------------------

RNG = np.random.default_rng(1234)
FLOAT_DTYPES = [np.float32, np.float64]
ALL_FLOAT = FLOAT_DTYPES + [np.complex64, np.complex128]
NORMS = ["backward", "ortho", "forward"]
TF_OF = {} if tf is None else {np.float32: tf.float32, np.float64: tf.float64,
                               np.complex64: tf.complex64, np.complex128: tf.complex128}


def rand(shape, dtype=np.float64):
    a = RNG.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * RNG.standard_normal(shape)
    return a.astype(dtype)


def tol(dtype):
    return dict(rtol=2e-4, atol=2e-4) if dtype in (np.float32, np.complex64) else \
        dict(rtol=1e-9, atol=1e-9)


def check(res, expected, dtype, tf_dtype=None):
    assert isinstance(res, tf.Tensor)
    if tf_dtype is not None:
        assert res.dtype == tf_dtype, (res.dtype, tf_dtype)
    np.testing.assert_allclose(res.numpy(), expected, **tol(dtype))


def real_tf(dtype):
    return {np.complex64: tf.float32, np.complex128: tf.float64}.get(dtype, TF_OF[dtype])
