"""array_namespace: which namespace each array type gets, caching, and every error path."""

import importlib
import subprocess
import sys

import numpy as np
import pytest
from frameworks import require, run_fresh

import arraykit
from arraykit import _dispatch


def test_import_arraykit_imports_no_framework():
    code = (
        "import sys, arraykit, arraykit.cli, arraykit.shims, arraykit.ext; "
        "print(sorted(m for m in ('torch', 'jax', 'tensorflow', 'mxnet', 'dask', 'cupy', "
        "'array_api_strict') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("library", ["numpy", "torch"])
def test_numpy_and_torch_get_the_compat_namespace(library):
    module = require(library)
    xp = arraykit.array_namespace(module.ones(3))
    # array-api-compat's, with fast paths
    assert xp.__name__ == f"arraykit.shims.{library}"
    compat = importlib.import_module(f"array_api_compat.{library}")

    # compat's own objects, wrapped for the standard's exceptions (shims/numpy/_errors.py);
    # (torch's promoting binary functions, add..., are fast paths over compat's: see
    # tests/shims/test_compat_fast_paths.py)
    assert xp.sin.__wrapped__ is compat.sin
    assert xp.linalg.eigh.__wrapped__ is compat.linalg.eigh
    assert xp.linalg.__name__ == xp.__name__ + ".linalg"  # compat's, eig/eigvals guarded
    assert xp.__array_api_version__ == "2025.12"


def test_numpy_scalar_gets_the_array_namespace():
    xp = arraykit.array_namespace(np.ones(3))
    assert arraykit.array_namespace(np.float32(1.0)) is xp
    assert hasattr(xp, "linalg") and hasattr(xp, "fft")


def test_result_is_cached_per_type():
    x = np.ones(2)
    xp = arraykit.array_namespace(x)
    assert _dispatch._namespace_by_type[np.ndarray] is xp
    assert arraykit.array_namespace(np.zeros((2, 2))) is xp


def test_python_scalars_and_none_are_ignored():
    x = np.ones(2)
    assert arraykit.array_namespace(1, x, 2.5, None, True, 1j) is arraykit.array_namespace(x)


@pytest.mark.parametrize("bad", [[1, 2], (1.0,), "abc", object(), {"a": 1}])
def test_non_arrays_raise_type_error_naming_what_was_received(bad):
    with pytest.raises(TypeError, match=r"array_namespace\(\) got .*not an array.*accepts"):
        arraykit.array_namespace(bad)


def test_no_array_at_all_raises():
    with pytest.raises(TypeError, match="needs at least one array"):
        arraykit.array_namespace()
    with pytest.raises(TypeError, match="got only int, NoneType"):
        arraykit.array_namespace(1, None)


def test_unknown_api_version_raises_value_error():
    with pytest.raises(ValueError, match=r"api_version='2019\.01'"):
        arraykit.array_namespace(np.ones(1), api_version="2019.01")
    xp = arraykit.array_namespace(np.ones(1), api_version="2024.12")
    assert xp.__array_api_version__ == "2025.12"


def test_mixing_libraries_names_both():
    torch = require("torch")
    with pytest.raises(TypeError, match=r"different libraries: numpy \(numpy\.ndarray\) and "
                                        r"torch \(torch\.Tensor\)"):
        arraykit.array_namespace(np.ones(2), torch.ones(2))


def test_masked_array_is_refused_with_advice():
    with pytest.raises(TypeError, match="masked array"):
        arraykit.array_namespace(np.ma.masked_array([1, 2]))


def test_protocol_objects_use_their_own_namespace():
    class Namespace:
        __name__ = "ownlib"

    class OwnArray:
        def __array_namespace__(self, api_version=None):
            self.asked = api_version
            return Namespace

    a = OwnArray()
    assert arraykit.array_namespace(a, api_version="2025.12") is Namespace
    assert a.asked == "2025.12"


def test_dask_gets_compat_namespace():
    da = require("dask.array")
    xp = arraykit.array_namespace(da.ones(2))
    assert xp.__name__ == "array_api_compat.dask.array"


def test_array_api_strict_gets_its_own_namespace():
    strict = require("array_api_strict")
    xp = arraykit.array_namespace(strict.asarray([1.0]))
    # array-api-strict's own functions, wrapped for the standard's exception classes
    # (arraykit/shims/array_api_strict).
    assert xp.__name__ == "arraykit.shims.array_api_strict"
    assert xp.asarray.__wrapped__ is strict.asarray and xp.float64 is strict.float64
    assert xp.__array_api_version__ == "2025.12"


def test_c_hot_path_answers_as_the_python_function():
    """``arraykit.array_namespace`` is the C builtin of arraykit._lookup (``make envs`` builds
    it); every call it does not answer itself goes to the Python function, so both must give
    the same answers and errors for every kind of call."""
    fast = arraykit.array_namespace
    assert type(fast).__name__ == "builtin_function_or_method", "arraykit._lookup not built"
    python = _dispatch.python_array_namespace
    x, y = np.ones(2), np.float64(1.0)
    for args in [(x,), (x, x, x), (x, 1.0, None, x), (y, x), (x, y), (1.0, x), (True, y)]:
        assert fast(*args) is python(*args)
    assert fast(x, api_version="2025.12") is python(x)
    for args in [(), (1.0,), (None,), ([1.0],), (x, [1.0])]:
        with pytest.raises(TypeError) as from_c:
            fast(*args)
        with pytest.raises(TypeError) as from_python:
            python(*args)
        assert str(from_c.value) == str(from_python.value)
    with pytest.raises(ValueError, match="api_version"):
        fast(x, api_version="1999.01")


def test_torch_compile_traces_array_namespace_in_one_graph():
    """TorchDynamo cannot trace into C: the builtin is registered with the Python function as
    its substitute once ``torch._dynamo`` loads, so compiled code that calls
    ``array_namespace`` stays one graph (fullgraph=True raises on a graph break)."""
    torch = require("torch")
    code = (
        "import arraykit, torch\n"
        "def f(x, y):\n"
        "    xp = arraykit.array_namespace(x, y, 2.0)\n"
        "    return xp.sin(x) + xp.matmul(y, y)\n"
        "x, y = torch.ones(4), torch.ones(4, 4)\n"
        "out = torch.compile(f, fullgraph=True, backend='eager')(x, y)\n"
        "print(torch.equal(out, f(x, y)))\n"
    )
    del torch
    assert run_fresh(code).strip() == "True"
