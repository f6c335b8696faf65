"""Helpers with array-api-compat's names and meaning."""

import numpy as np
import pytest
from frameworks import optional, require

import arraykit

LIBS = ["numpy", "torch", "jax", "cupy", "dask", "tensorflow", "mxnet", "array_api_strict"]


def test_every_helper_exists_with_compat_names():
    for lib in LIBS:
        assert callable(getattr(arraykit, f"is_{lib}_array"))
        assert callable(getattr(arraykit, f"is_{lib}_namespace"))
    for name in ["is_array_api_obj", "device", "to_device", "size", "is_writeable_array",
                 "is_lazy_array", "get_namespace", "array_namespace"]:
        assert callable(getattr(arraykit, name))
    assert arraykit.get_namespace is arraykit.array_namespace


def test_numpy_helpers():
    x = np.ones((2, 3))
    assert arraykit.is_numpy_array(x) and arraykit.is_numpy_array(np.float64(1))
    assert not arraykit.is_torch_array(x) and not arraykit.is_jax_array(x)
    assert arraykit.is_array_api_obj(x) and not arraykit.is_array_api_obj([1])
    assert arraykit.size(x) == 6
    assert arraykit.device(x) == "cpu"
    assert arraykit.to_device(x, "cpu") is x
    assert arraykit.is_writeable_array(x)
    x.flags.writeable = False
    assert not arraykit.is_writeable_array(x)
    assert not arraykit.is_lazy_array(x)
    assert arraykit.is_numpy_namespace(np)
    assert arraykit.is_numpy_namespace(arraykit.array_namespace(x))
    assert not arraykit.is_torch_namespace(np)


def test_device_and_to_device_on_every_backend_without_enable():
    # In a fresh process (nothing installed on the array classes): arraykit.device and
    # to_device answer for an array of every installed backend (MXNet's arrays have no
    # ``device`` of their own; its registry row gave none until 2026-12-06).
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import arraykit\n"
        "import frameworks\n"
        "for name in frameworks.installed_backends():\n"
        "    x = frameworks.from_numpy(name, [1.0, 2.0])\n"
        "    d = arraykit.device(x)\n"
        "    y = arraykit.to_device(x, d)\n"
        "    assert arraykit.device(y) == d, (name, d, arraykit.device(y))\n"
        "    assert frameworks.to_numpy(y).tolist() == [1.0, 2.0], name\n"
        "print('ok')\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=600)
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr[-3000:]


def test_device_is_array_api_compats_device():
    # numpy and torch answer from their registry rows (no generic checks): the same objects
    import array_api_compat

    xs = [np.ones(3), np.float32(1), np.ones(3).view(np.ma.MaskedArray), np.zeros((), bool)]
    torch = optional("torch")  # an installed torch that fails to import fails the test
    if torch is not None:
        xs += [torch.ones(3), torch.zeros((), dtype=torch.int8), torch.ones(2, device="meta")]
    for x in xs:
        assert arraykit.device(x) == array_api_compat.device(x)
        assert type(arraykit.device(x)) is type(array_api_compat.device(x))


def test_helpers_reject_non_arrays():
    for fn in (arraykit.size, arraykit.device, arraykit.is_lazy_array):
        with pytest.raises(TypeError,
                           match=rf"{fn.__name__}\(\) expects an array, got builtins\.list"):
            fn([1, 2])
    assert not arraykit.is_writeable_array([1, 2])


def test_torch_helpers():
    torch = require("torch")
    x = torch.ones(2, 3)
    assert arraykit.is_torch_array(x) and not arraykit.is_numpy_array(x)
    assert arraykit.size(x) == 6
    assert arraykit.device(x) == torch.device("cpu")
    assert arraykit.is_writeable_array(x) and not arraykit.is_lazy_array(x)
    assert arraykit.is_torch_namespace(torch)


def test_jax_helpers():
    jnp = require("jax.numpy")
    x = jnp.ones((2, 3))
    assert arraykit.is_jax_array(x) and not arraykit.is_numpy_array(x)
    assert not arraykit.is_writeable_array(x)
    assert arraykit.size(x) == 6
    assert arraykit.is_jax_namespace(jnp)


def test_dask_helpers():
    da = require("dask.array")
    x = da.ones((4, 2), chunks=2)
    assert arraykit.is_dask_array(x) and arraykit.is_lazy_array(x)
    assert arraykit.size(x) == 8
    y = x[x[:, 0] > 0]  # unknown length: size is unknown too
    assert arraykit.size(y) is None


def test_tensorflow_helpers():
    tf = require("tensorflow")
    x = tf.constant([[1.0, 2.0]])
    v = tf.Variable([1.0])
    assert arraykit.is_tensorflow_array(x) and arraykit.is_tensorflow_array(v)
    assert not arraykit.is_numpy_array(x)
    assert not arraykit.is_writeable_array(x)
    assert not arraykit.is_lazy_array(x)
    assert arraykit.size(x) == 2
    xp = arraykit.array_namespace(x)
    cpu = arraykit.device(x)
    assert cpu == xp.__array_namespace_info__().default_device()
    assert arraykit.device(arraykit.to_device(x, cpu)) == cpu

    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def graph(t):
        assert arraykit.is_tensorflow_array(t) and arraykit.is_lazy_array(t)
        assert arraykit.size(t) is None  # unknown rank inside this graph
        return t

    graph(x)


def test_strict_helpers():
    strict = require("array_api_strict")
    x = strict.asarray([1.0, 2.0])
    assert arraykit.is_array_api_strict_array(x) and arraykit.is_array_api_obj(x)
    assert arraykit.is_array_api_strict_namespace(strict)
    assert arraykit.size(x) == 2
