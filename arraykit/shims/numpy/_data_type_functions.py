"""``finfo`` with the standard's field types.

``numpy.finfo(float32).eps``, ``.max``, ``.min`` and ``.smallest_normal`` are ``numpy.float32``
scalars, which are not Python floats (``numpy.float64`` subclasses ``float``, ``float32``
does not); the standard asks for Python floats. The result here has the standard's fields as
Python values and a dtype object as ``dtype`` (the real dtype for a complex one, as NumPy's);
every other attribute (``tiny``, ``resolution``, ``precision``...) is NumPy's own.
"""

from __future__ import annotations

from typing import Any

import array_api_compat.numpy as _compat


class finfo_object:
    """``numpy.finfo`` with ``bits`` an int, ``eps``/``max``/``min``/``smallest_normal``
    Python floats and ``dtype`` a NumPy dtype; other attributes are read from NumPy's."""

    __slots__ = ("_info", "bits", "dtype", "eps", "max", "min", "smallest_normal")

    def __init__(self, info: Any) -> None:
        self._info = info
        self.bits = int(info.bits)
        self.eps = float(info.eps)
        self.max = float(info.max)
        self.min = float(info.min)
        self.smallest_normal = float(info.smallest_normal)
        self.dtype = info.dtype

    def __getattr__(self, name: str) -> Any:
        if name == "_info":  # not set yet (copy, unpickling): no recursion
            raise AttributeError(name)
        return getattr(self._info, name)

    def __repr__(self) -> str:
        return (f"finfo_object(bits={self.bits}, eps={self.eps}, max={self.max}, "
                f"min={self.min}, smallest_normal={self.smallest_normal}, dtype={self.dtype})")


_cache: dict[Any, finfo_object] = {}


def finfo(type_: Any, /) -> finfo_object:
    """array-api-compat's ``finfo`` (a dtype, a scalar type or an array), its fields as the
    standard's Python types."""
    info = _compat.finfo(type_)
    try:
        return _cache[info.dtype]
    except KeyError:
        out = _cache[info.dtype] = finfo_object(info)
        return out
