"""The opt-in array object for ``paddle.Tensor`` (through ``_common.array_object``).

``paddle.Tensor`` already has ``mT``, ``T``, ``ndim``, ``size``, ``device``, ``__dlpack__``,
item assignment and NumPy-style indexing. ``enable_array_object()`` adds what it lacks:
``__array_namespace__`` and ``to_device``, and operators with the standard's promotion
(Paddle's own ``int8_tensor * int8_tensor`` has no kernel, ``int32 + float64`` promotes by
Paddle's own table, and Python scalars keep Paddle's rules). ``disable_array_object()``
restores Paddle's originals exactly. Nothing happens on import.
"""

from __future__ import annotations

import paddle

from .._common.array_object import ClassPatcher, make_operators
from ._helpers import check_device, to_place

_PY_SCALARS = (bool, int, float, complex)
_SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")


def _is_operand(o) -> bool:
    return type(o) in _PY_SCALARS or isinstance(o, paddle.Tensor)


def _array_namespace(self, /, *, api_version=None):
    if api_version is not None and api_version not in _SUPPORTED_VERSIONS:
        raise ValueError(f"unsupported Array API version {api_version!r}")
    import arraykit.shims.paddle as xp

    return xp


def to_device(x, device, /, *, stream=None):
    """``x`` on ``device`` (a Paddle place or device; itself when it is there already)."""
    if stream is not None:
        raise ValueError("to_device: Paddle streams are not supported; pass stream=None")
    return to_place(x, check_device(device, "to_device"))


def _to_device(self, device, /, *, stream=None):
    return to_device(self, device, stream=stream)


def _build() -> dict:
    import arraykit.shims.paddle as xp

    fns = {n: getattr(xp, n) for n in dir(xp) if not n.startswith("_")}
    return {paddle.Tensor: {
        "__array_namespace__": _array_namespace,
        "to_device": _to_device,
        **make_operators(fns, _is_operand),
    }}


_PATCHER = ClassPatcher(_build)


def enable_array_object() -> None:
    """Give ``paddle.Tensor`` the standard's array-object surface (see the module
    docstring). Idempotent; undone by ``disable_array_object()``."""
    _PATCHER.enable()


def disable_array_object() -> None:
    """Restore Paddle's original tensor class exactly."""
    _PATCHER.disable()


def array_object_enabled() -> bool:
    """Whether ``enable_array_object()`` is in effect."""
    return _PATCHER.enabled
