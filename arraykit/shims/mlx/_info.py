"""``__array_namespace_info__`` for the MLX shim."""

from __future__ import annotations

from typing import ClassVar

from .._common.info import NamespaceInfo
from . import _dtypes as D
from ._helpers import check_device, devices

__all__ = ["__array_namespace_info__"]


class __array_namespace_info__(NamespaceInfo):
    """Inspection API of the 2025.12 standard for MLX.

    ``dtypes()`` lists what MLX holds (no complex128); defaults: float32 and complex64 (MLX's
    own), int64 for integers and indices.
    """

    __module__ = "arraykit.shims.mlx"
    DTYPES, SUPPORTED, DEFAULTS = D.DTYPES, D.SUPPORTED, D.DEFAULTS
    # Boolean indexing and data-dependent shapes work eagerly (evaluated on the host; under
    # mx.compile they raise); MLX's maximum rank is not documented: None.
    CAPABILITIES: ClassVar[dict] = {"boolean indexing": True, "data-dependent shapes": True,
                                    "max dimensions": None}
    check_device, dtype_name = check_device, D.dtype_name

    def default_device(self):
        """MLX's default device (``Device(cpu, 0)`` on the CPU build)."""
        return check_device(None, "default_device")

    def devices(self):
        """A tuple (2025.12) of the available devices."""
        return devices()
