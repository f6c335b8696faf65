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

from .._common.dtypes import finfo_object

#: array-api-compat re-exports NumPy's functions at import; type checkers cannot see them.
_compat_functions: Any = _compat

_cache: dict[Any, finfo_object] = {}


def finfo(type_: Any, /) -> finfo_object:
    """array-api-compat's ``finfo`` (a dtype, a scalar type or an array), its fields as the
    standard's Python types."""
    info = _compat_functions.finfo(type_)
    try:
        return _cache[info.dtype]
    except KeyError:
        out = _cache[info.dtype] = finfo_object(info)
        return out
