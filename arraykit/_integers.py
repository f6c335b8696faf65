"""Integer arguments, read as ``operator.index`` reads them (anything with ``__index__``).

Callers that name the argument in their own message (``scan: length must be an int``) test for
None instead of each catching ``operator.index``'s TypeError.
"""

from __future__ import annotations

import operator
from typing import Any


def index_or_none(value: Any) -> int | None:
    """``operator.index(value)``, or None where ``value`` is no integer. A bool is an integer
    here, as for ``operator.index``: a caller that refuses it tests for it first."""
    try:
        return operator.index(value)
    except TypeError:
        return None
