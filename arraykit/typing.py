"""Types for code written against arraykit.

``arraykit.array_namespace(x)`` is typed ``ArrayNamespace[type of x]``: every function of the
2025.12 namespace (main, ``linalg``, ``fft``, ``__array_namespace_info__``), its data types and
constants, with the array type carried through (``torch.Tensor`` in, ``torch.Tensor`` out;
``Any`` where the checker knows no array type)::

    from arraykit.typing import ArrayNamespace

    def center(xp: ArrayNamespace[T], x: T) -> T:
        return x - xp.mean(x)
"""

from ._typing._namespace import (
    ArrayNamespace,
    ArrayT,
    Device,
    DType,
    FFTNamespace,
    Info,
    LinalgNamespace,
)

__all__ = ["ArrayNamespace", "ArrayT", "DType", "Device", "FFTNamespace", "Info",
           "LinalgNamespace"]
