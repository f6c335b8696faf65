"""Set functions where ``jax.numpy`` differs from the standard."""

from __future__ import annotations

from typing import Any

import jax.numpy as _jnp

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


def _beyond_int64(v: Any) -> bool:
    return type(v) is int and not _INT64_MIN <= v <= _INT64_MAX


def isin(x1: Any, x2: Any, /, *, invert: bool = False) -> Any:
    """``jax.numpy.isin``, also for a Python int beyond int64's range (a uint64 operand).

    jax converts a Python int operand to int64 whatever the other operand's dtype, so
    ``isin(uint64_array, 2**63)`` raised OverflowError; the standard gives a Python scalar the
    array's dtype. Such an int is converted in the array's dtype first (which raises, as jax
    does, if it does not fit that dtype either).
    """
    if _beyond_int64(x2) and hasattr(x1, "dtype"):
        x2 = _jnp.asarray(x2, dtype=x1.dtype)
    elif _beyond_int64(x1) and hasattr(x2, "dtype"):
        x1 = _jnp.asarray(x1, dtype=x2.dtype)
    return _jnp.isin(x1, x2, invert=invert)
