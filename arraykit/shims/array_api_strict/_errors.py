"""What array-api-strict needs for the standard's exceptions (``_common.errors``).

It raises the standard's classes, except ``AttributeError`` where it reads an attribute of
an argument that is not one of its objects (``sum('abc')``: ``'str' object has no attribute
'dtype'``; the shared ``NON_ARRAY`` rule makes that TypeError) and ``ValueError`` for a dtype
name string (``zeros(3, dtype='float32')``; ``astype(x, 'float64')`` raises AttributeError):
a dtype name is refused with TypeError before the call, as on every backend. Its messages
often name nothing; every standard function is wrapped to name itself when it raises.
"""

from __future__ import annotations

from typing import Any

from .._common.errors import Rules, install
from .._common.fft import FREQ_CHECKS

RULES = Rules(refuse_dtype_names=True, extra=FREQ_CHECKS)


def install_errors(namespace: dict[str, Any]) -> None:
    """Wrap the standard functions of ``namespace`` (the package's globals) with ``RULES``."""
    install(namespace, RULES)
