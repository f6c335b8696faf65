"""``__array_namespace_info__`` for the MXNet shim."""

from __future__ import annotations

import mxnet as mx

from .._common import checks as _c
from .._common import utils as _u
from . import _dtypes as D
from ._helpers import check_device

__all__ = ["__array_namespace_info__"]


class __array_namespace_info__:
    """Inspection API of the 2025.12 standard for MXNet 1.9.1.

    ``dtypes()`` lists only what MXNet can hold (no int16, uint16/32/64, complex); the default
    real float is float32 (MXNet's own default), integers and indices default to int64.
    """

    __module__ = "arraykit.shims.mxnet"

    def capabilities(self):
        """Boolean indexing and data-dependent shapes work; MXNet has no fixed ndim limit
        below 64 in practice, reported as 64."""
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        """MXNet's current context (``mxnet.cpu(0)`` unless changed)."""
        return mx.context.current_context()

    def default_dtypes(self, *, device=None):
        """Default dtypes; complex is None because MXNet has no complex dtype."""
        check_device(device, "default_dtypes")
        return {
            "real floating": D.DTYPES[D.DEFAULT_FLOAT],
            "complex floating": None,
            "integral": D.DTYPES[D.DEFAULT_INT],
            "indexing": D.DTYPES[D.DEFAULT_INDEX],
        }

    def dtypes(self, *, device=None, kind=None):
        """Name -> dtype for the dtypes MXNet holds, optionally of ``kind`` (str or tuple)."""
        check_device(device, "dtypes")
        names = _c.dtypes_of_kind(kind, D.SUPPORTED, lambda k: D.dtype_name(k, "dtypes"))
        return {n: D.DTYPES[n] for n in names}

    def devices(self):
        """A tuple (2025.12) of the CPU context and one context per visible GPU."""
        return _u.Devices((mx.cpu(0),) + tuple(mx.gpu(i) for i in range(mx.context.num_gpus())))
