"""``__array_namespace_info__`` for the TF shim."""

from __future__ import annotations

from .._common import checks as _c
from .._common import dtypes as _d
from . import _dtypes as _t
from ._devices import Device, check_device, default_device, devices

__all__ = ["__array_namespace_info__"]


class __array_namespace_info__:
    """Inspection API of the TF shim (Array API 2025.12)."""

    __module__ = "arraykit.shims.tensorflow"

    def capabilities(self) -> dict:
        """Boolean indexing and data-dependent output shapes work eagerly (and in graphs with
        dynamic shapes); TF has no max-dimension limit."""
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": None}

    def default_device(self) -> Device:
        """The device new tensors go to when no ``device=`` is given."""
        return default_device()

    def devices(self) -> tuple:
        """All CPU and GPU devices, as a tuple (2025.12)."""
        return devices()

    def default_dtypes(self, *, device=None) -> dict:
        """The standard's 64-bit defaults (on every device)."""
        check_device(device)
        return {k: _t.DTYPES[v] for k, v in _d.DEFAULT_DTYPES.items()}

    def dtypes(self, *, device=None, kind=None) -> dict:
        """Supported dtypes, optionally of one ``kind`` (string or tuple of strings)."""
        check_device(device)
        names = _c.dtypes_of_kind(kind, _d.ALL, _t.dtype_name)
        return {n: _t.DTYPES[n] for n in names}
