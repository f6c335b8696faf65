"""arraykit: write array code once against the Python Array API standard (2025.12) and run it
natively on NumPy, PyTorch, JAX, TensorFlow and MXNet (and CuPy, Dask, array-api-strict).

    import arraykit

    def normalise(x):
        xp = arraykit.array_namespace(x)
        return (x - xp.mean(x)) / xp.std(x)

``normalise`` takes and returns the framework's own arrays. ``import arraykit`` imports no
framework: a framework is touched only once one of its arrays reaches ``array_namespace``.
"""

from collections.abc import Callable
from typing import Any

from . import _helpers
from ._array_object import array_objects, disable, enable, enabled
from ._dispatch import array_namespace, get_namespace
from ._helpers import (
    device,
    is_array_api_obj,
    is_lazy_array,
    is_writeable_array,
    size,
    to_device,
)
from ._registry import API_VERSION, BACKENDS, Backend, register_backend, unregister_backend

# is_<lib>_array / is_<lib>_namespace (array-api-compat's names) for every registry row:
# is_numpy_array, is_torch_namespace, is_tensorflow_array, is_mxnet_namespace, ...
globals().update({name: getattr(_helpers, name) for name in _helpers.backend_helper_names()})


def __getattr__(name: str) -> Callable[[Any], bool]:
    """The is_<lib>_array / is_<lib>_namespace pair of a row added by ``register_backend``."""
    return _helpers.__getattr__(name)


__version__ = "0.1.0"
__array_api_version__ = API_VERSION

__all__ = [
    "API_VERSION",
    "BACKENDS",
    "Backend",
    "array_namespace",
    "array_objects",
    "device",
    "disable",
    "enable",
    "enabled",
    "get_namespace",
    "is_array_api_obj",
    "is_lazy_array",
    "is_writeable_array",
    "register_backend",
    "size",
    "to_device",
    "unregister_backend",
]
__all__.extend(_helpers.backend_helper_names())  # one is_<lib>_array/_namespace pair per row
