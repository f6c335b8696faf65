"""Helpers with array-api-compat's names and meaning, extended to TensorFlow and MXNet.

``is_<lib>_array`` and ``is_<lib>_namespace`` are generated from the registry, so a backend
added to the table gets its pair without more code.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from . import _registry
from ._dispatch import backend_of_type


def _make_is_array(name: str) -> Callable[[Any], bool]:
    def is_array(x: Any) -> bool:
        backend = backend_of_type(type(x))
        return backend is not None and backend.name == name

    is_array.__name__ = f"is_{name}_array"
    is_array.__qualname__ = is_array.__name__
    is_array.__doc__ = (
        f"True if ``x`` is a {name} array (checked without importing {name})."
    )
    return is_array


def _make_is_namespace(name: str) -> Callable[[Any], bool]:
    def is_namespace(xp: Any) -> bool:
        backend = _registry.BY_NAME.get(name)
        if backend is None:
            return False
        return xp is backend._namespace or getattr(xp, "__name__", None) in backend.namespace_names

    is_namespace.__name__ = f"is_{name}_namespace"
    is_namespace.__qualname__ = is_namespace.__name__
    is_namespace.__doc__ = (
        f"True if ``xp`` is {name}'s own module or the namespace arraykit serves for it."
    )
    return is_namespace


def _per_backend(name: str) -> Callable[[Any], bool] | None:
    """``is_<lib>_array`` / ``is_<lib>_namespace`` for the registry row ``<lib>``; None for
    any other name."""
    for suffix, make in (("_array", _make_is_array), ("_namespace", _make_is_namespace)):
        lib = name[3:-len(suffix)] if name.startswith("is_") and name.endswith(suffix) else ""
        if lib in _registry.BY_NAME:
            return make(lib)
    return None


def backend_helper_names() -> list[str]:
    """The names of the ``is_<lib>_array``/``is_<lib>_namespace`` pairs of the rows, in
    registry order."""
    return [f"is_{b.name}_{kind}" for b in _registry.BACKENDS for kind in ("array", "namespace")]


# One pair per registry row, made now for the rows of the table (array-api-compat's names:
# is_numpy_array, is_torch_namespace, ...); rows registered later are served by __getattr__.
globals().update({name: _per_backend(name) for name in backend_helper_names()})


def __getattr__(name: str) -> Callable[[Any], bool]:
    helper = _per_backend(name)
    if helper is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return helper


def is_array_api_obj(x: Any) -> bool:
    """True for an array of any registered library or any object with ``__array_namespace__``."""
    return backend_of_type(type(x)) is not None or hasattr(x, "__array_namespace__")


def _backend_or_error(fname: str, x: Any) -> _registry.Backend | None:
    backend = backend_of_type(type(x))
    if backend is None and not hasattr(x, "__array_namespace__"):
        raise TypeError(
            f"{fname}() expects an array, got {type(x).__module__}.{type(x).__qualname__}"
        )
    return backend


def _flag(value: bool | Callable[[Any], bool], x: Any) -> bool:
    return value(x) if callable(value) else value


def is_writeable_array(x: Any) -> bool:
    """False if ``x`` is known to be immutable (jax, tensorflow, read-only numpy arrays).

    As in array-api-compat, True for any other array; False for non-arrays.
    """
    backend = backend_of_type(type(x))
    if backend is None:
        return hasattr(x, "__array_namespace__")
    return _flag(backend.writeable, x)


def is_lazy_array(x: Any) -> bool:
    """True if ``x`` may not have materialised values (dask, traced jax, graph-mode tf).

    For such arrays, ``bool(x)``, ``float(x)`` and data-dependent shapes may fail or compute.
    """
    backend = _backend_or_error("is_lazy_array", x)
    if backend is None:
        import array_api_compat

        return array_api_compat.is_lazy_array(x)
    return _flag(backend.lazy, x)


def device(x: Any, /) -> Any:
    """The device ``x`` lives on, as a device object of its namespace."""
    backend = _backend_or_error("device", x)
    if backend is not None and backend.device is not None:
        return backend.device(x)
    import array_api_compat

    return array_api_compat.device(x)


def to_device(x: Any, device: Any, /, *, stream: int | Any | None = None) -> Any:
    """Copy ``x`` to ``device`` (a device object of its namespace), natively."""
    backend = _backend_or_error("to_device", x)
    if backend is not None and backend.to_device is not None:
        return backend.to_device(x, device, stream=stream)
    import array_api_compat

    return array_api_compat.to_device(x, device, stream=stream)


def size(x: Any, /) -> int | None:
    """Number of elements of ``x``; None if any dimension is unknown (lazy arrays)."""
    _backend_or_error("size", x)
    shape = x.shape
    # An unknown rank (a tf graph tensor's TensorShape(None)) or an unknown shape.
    if shape is None or getattr(shape, "rank", 0) is None:
        return None
    dims = tuple(shape)
    if any(d is None or (isinstance(d, float) and math.isnan(d)) for d in dims):
        return None
    return math.prod(int(d) for d in dims)
