"""``__array_namespace_info__`` for the MXNet shim."""

from __future__ import annotations

from typing import ClassVar

import mxnet as mx

from .._common import utils as _u
from .._common.info import NamespaceInfo
from . import _dtypes as D
from ._helpers import check_device

__all__ = ["__array_namespace_info__"]


class __array_namespace_info__(NamespaceInfo):
    """Inspection API of the 2025.12 standard for MXNet 1.9.1.

    ``dtypes()`` lists only what MXNet can hold (no int16, uint16/32/64, complex); the default
    real float is float32 (MXNet's own default), integers and indices default to int64.
    """

    __module__ = "arraykit.shims.mxnet"
    DTYPES, SUPPORTED = D.DTYPES, D.SUPPORTED
    # complex is None: MXNet has no complex dtype.
    DEFAULTS: ClassVar[dict] = {
        "real floating": D.DEFAULT_FLOAT, "complex floating": None,
        "integral": D.DEFAULT_INT, "indexing": D.DEFAULT_INDEX,
    }
    # MXNet has no fixed ndim limit below 64 in practice, reported as 64.
    CAPABILITIES: ClassVar[dict] = {"boolean indexing": True, "data-dependent shapes": True,
                                    "max dimensions": 64}
    check_device, dtype_name = check_device, D.dtype_name

    def default_device(self):
        """MXNet's current context (``mxnet.cpu(0)`` unless changed)."""
        return mx.context.current_context()

    def devices(self):
        """A tuple (2025.12) of the CPU context and one context per visible GPU."""
        return _u.Devices((mx.cpu(0),) + tuple(mx.gpu(i) for i in range(mx.context.num_gpus())))
