"""Argument rules of the creation functions that several shims apply the same way; they take
Python values (numbers, dtype names, ranks), never a framework's objects."""

from __future__ import annotations

import math

import numpy as np

from .checks import check_indexing, check_same_dtype, check_step
from .utils import MAX_NDIM, too_deep


def host_data(obj, array_type: type, to_numpy, depth: int = 0):
    """``asarray``'s nested Python data, possibly holding arrays of ``array_type`` (each
    converted by ``to_numpy``), as a NumPy array; ValueError past ``MAX_NDIM`` levels."""
    if isinstance(obj, array_type):
        return to_numpy(obj)
    if isinstance(obj, (list, tuple)) and any(
            isinstance(o, (array_type, list, tuple)) for o in obj):
        if depth == MAX_NDIM:
            raise too_deep("asarray")
        return np.asarray([host_data(o, array_type, to_numpy, depth + 1) for o in obj])
    return np.asarray(obj)


def arange_args(start, stop, step) -> tuple:
    """``arange``'s ``(start, stop, ints)``: ``stop=None`` makes ``start`` the stop (from 0),
    ``ints`` says whether all three are Python ints; ValueError for a zero ``step``."""
    if stop is None:
        start, stop = 0, start
    check_step(step)
    return start, stop, all(isinstance(v, int) for v in (start, stop, step))


def arange_length(start, stop, step, ints: bool) -> int:
    """``arange``'s length ``ceil((stop - start) / step)``, exact for ints (``ints``)."""
    return max(0, -(-(stop - start) // step) if ints else math.ceil((stop - start) / step))


def check_meshgrid(indexing, arrays, require_array, inputs: str) -> None:
    """``meshgrid``'s arguments: ``indexing``, then ``arrays``, each one of the shim's arrays
    (``require_array(a, fname)`` gives its dtype name or raises), of one dtype and 1-D;
    ``inputs`` is the word the shim's ValueError uses for them."""
    check_indexing(indexing)
    check_same_dtype("meshgrid", [require_array(a, "meshgrid") for a in arrays])
    for a in arrays:
        if a.ndim != 1:
            raise ValueError(f"meshgrid: every {inputs} must be one-dimensional")
