"""``__array_namespace_info__`` for the MLX shim."""

from __future__ import annotations

from .._common import checks as _c
from . import _dtypes as D
from ._helpers import check_device, devices

__all__ = ["__array_namespace_info__"]


class __array_namespace_info__:
    """Inspection API of the 2025.12 standard for MLX.

    ``dtypes()`` lists what MLX holds (no complex128); defaults: float32 and complex64 (MLX's
    own), int64 for integers and indices.
    """

    __module__ = "arraykit.shims.mlx"

    def capabilities(self):
        """Boolean indexing and data-dependent shapes work eagerly (evaluated on the host;
        under ``mx.compile`` they raise); MLX's maximum rank is not documented: None."""
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": None}

    def default_device(self):
        """MLX's default device (``Device(cpu, 0)`` on the CPU build)."""
        return check_device(None, "default_device")

    def default_dtypes(self, *, device=None):
        """The namespace's default dtypes (the same on every device)."""
        check_device(device, "default_dtypes")
        return {k: D.DTYPES[v] for k, v in D.DEFAULTS.items()}

    def dtypes(self, *, device=None, kind=None):
        """Name -> dtype for the dtypes MLX holds, optionally of ``kind`` (str or tuple)."""
        check_device(device, "dtypes")
        names = _c.dtypes_of_kind(kind, D.SUPPORTED, lambda k: D.dtype_name(k, "dtypes"))
        return {n: D.DTYPES[n] for n in names}

    def devices(self):
        """A tuple (2025.12) of the available devices."""
        return devices()
