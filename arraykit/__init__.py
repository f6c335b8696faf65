"""arraykit: write array code once against the Python Array API standard (2025.12) and run it
natively on NumPy, PyTorch, JAX, TensorFlow and MXNet (and CuPy, Dask, array-api-strict).

    import arraykit

    def normalise(x):
        xp = arraykit.array_namespace(x)
        return (x - xp.mean(x)) / xp.std(x)

``normalise`` takes and returns the framework's own arrays. ``import arraykit`` imports no
framework: a framework is touched only once one of its arrays reaches ``array_namespace``.
"""

from ._array_object import array_objects, disable, enable, enabled
from ._dispatch import array_namespace, get_namespace
from ._helpers import (
    device,
    is_array_api_obj,
    is_array_api_strict_array,
    is_array_api_strict_namespace,
    is_cupy_array,
    is_cupy_namespace,
    is_dask_array,
    is_dask_namespace,
    is_jax_array,
    is_jax_namespace,
    is_lazy_array,
    is_mxnet_array,
    is_mxnet_namespace,
    is_numpy_array,
    is_numpy_namespace,
    is_tensorflow_array,
    is_tensorflow_namespace,
    is_torch_array,
    is_torch_namespace,
    is_writeable_array,
    size,
    to_device,
)
from ._registry import API_VERSION, BACKENDS, Backend, register_backend, unregister_backend

__version__ = "0.1.0"
__array_api_version__ = API_VERSION

__all__ = [
    "API_VERSION",
    "BACKENDS",
    "Backend",
    "array_namespace",
    "array_objects",
    "disable",
    "enable",
    "enabled",
    "device",
    "get_namespace",
    "is_array_api_obj",
    "is_array_api_strict_array",
    "is_array_api_strict_namespace",
    "is_cupy_array",
    "is_cupy_namespace",
    "is_dask_array",
    "is_dask_namespace",
    "is_jax_array",
    "is_jax_namespace",
    "is_lazy_array",
    "is_mxnet_array",
    "is_mxnet_namespace",
    "is_numpy_array",
    "is_numpy_namespace",
    "is_tensorflow_array",
    "is_tensorflow_namespace",
    "is_torch_array",
    "is_torch_namespace",
    "is_writeable_array",
    "register_backend",
    "size",
    "to_device",
    "unregister_backend",
]
