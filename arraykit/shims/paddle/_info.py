"""``__array_namespace_info__`` for the Paddle shim."""

from __future__ import annotations

from typing import ClassVar

import paddle

from .._common import utils as _u
from .._common.info import NamespaceInfo
from . import _dtypes as D
from ._helpers import check_device, default_place

__all__ = ["__array_namespace_info__"]


class __array_namespace_info__(NamespaceInfo):
    """Inspection API of the 2025.12 standard for Paddle 3.3.1.

    ``dtypes()`` lists what Paddle computes in on CPU (no uint16/uint32/uint64); the default
    real float is float32 (Paddle's own default), complex64, integers and indices int64.
    """

    __module__ = "arraykit.shims.paddle"
    DTYPES, SUPPORTED = D.DTYPES, D.SUPPORTED
    DEFAULTS: ClassVar[dict] = {
        "real floating": D.DEFAULT_FLOAT, "complex floating": D.DEFAULT_COMPLEX,
        "integral": D.DEFAULT_INT, "indexing": D.DEFAULT_INDEX,
    }
    # Boolean indexing and data-dependent shapes work (eagerly); Paddle 3.3.1 tensors have at
    # most 9 dimensions.
    CAPABILITIES: ClassVar[dict] = {"boolean indexing": True, "data-dependent shapes": True,
                                    "max dimensions": 9}
    check_device, dtype_name = check_device, D.dtype_name

    def default_device(self):
        """Paddle's current device (``paddle.set_device``)."""
        return default_place()

    def devices(self):
        """A tuple (2025.12): the CPU and each visible GPU."""
        gpus = ()
        if paddle.is_compiled_with_cuda():
            gpus = tuple(paddle.CUDAPlace(i) for i in range(paddle.device.cuda.device_count()))
        return _u.Devices((paddle.CPUPlace(),) + gpus)
