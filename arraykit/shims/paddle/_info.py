"""``__array_namespace_info__`` for the Paddle shim."""

from __future__ import annotations

import paddle

from .._common import checks as _c
from .._common import utils as _u
from . import _dtypes as D
from ._helpers import check_device, default_place

__all__ = ["__array_namespace_info__"]


class __array_namespace_info__:
    """Inspection API of the 2025.12 standard for Paddle 3.3.1.

    ``dtypes()`` lists what Paddle computes in on CPU (no uint16/uint32/uint64); the default
    real float is float32 (Paddle's own default), complex64, integers and indices int64.
    """

    __module__ = "arraykit.shims.paddle"

    def capabilities(self):
        """Boolean indexing and data-dependent shapes work (eagerly); Paddle 3.3.1 tensors
        have at most 9 dimensions."""
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 9}

    def default_device(self):
        """Paddle's current device (``paddle.set_device``)."""
        return default_place()

    def default_dtypes(self, *, device=None):
        """Default dtypes."""
        check_device(device, "default_dtypes")
        return {
            "real floating": D.DTYPES[D.DEFAULT_FLOAT],
            "complex floating": D.DTYPES[D.DEFAULT_COMPLEX],
            "integral": D.DTYPES[D.DEFAULT_INT],
            "indexing": D.DTYPES[D.DEFAULT_INDEX],
        }

    def dtypes(self, *, device=None, kind=None):
        """Name -> dtype for the dtypes Paddle computes in, optionally of ``kind``."""
        check_device(device, "dtypes")
        names = _c.dtypes_of_kind(kind, D.SUPPORTED, lambda k: D.dtype_name(k, "dtypes"))
        return {n: D.DTYPES[n] for n in names}

    def devices(self):
        """A tuple (2025.12): the CPU and each visible GPU."""
        gpus = ()
        if paddle.is_compiled_with_cuda():
            gpus = tuple(paddle.CUDAPlace(i) for i in range(paddle.device.cuda.device_count()))
        return _u.Devices((paddle.CPUPlace(),) + gpus)
