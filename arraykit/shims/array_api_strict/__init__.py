"""array-api-strict, with the standard's exception classes where it raises others.

array-api-strict is the reference implementation, and arraykit serves it as it is, except
that a non-array or a dtype name string where it expects its own objects raises
``AttributeError`` from inside (``'str' object has no attribute 'dtype'``) rather than
TypeError: ``_errors`` translates those, and names the function in every message. Every name
is array-api-strict's own object, wrapped by ``_common.errors`` (the original is
``f.__wrapped__``). ``linalg`` and ``fft`` are modules of this package holding the wrapped
functions of array-api-strict's, fetched on first use, so that array-api-strict's flags
(``set_array_api_strict_flags(enabled_extensions=...)``) still switch them off.
"""

from __future__ import annotations

import types
from typing import Any

import array_api_strict as _strict

from .._common.errors import wrapped_module
from .._common.reexport import NAMESPACE_DUNDERS, reexport
from ._errors import RULES as _RULES
from ._errors import install_errors

reexport(_strict, globals(), NAMESPACE_DUNDERS)
install_errors(globals())

_extensions: dict[tuple[str, int], types.ModuleType] = {}


def __getattr__(name: str) -> Any:
    if name in ("linalg", "fft"):
        module = getattr(_strict, name)  # AttributeError when its flags disable the extension
        key = (name, id(module))
        if key not in _extensions:
            _extensions[key] = wrapped_module(module, f"{__name__}.{name}", name, _RULES)
        return _extensions[key]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
