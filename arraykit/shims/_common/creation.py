"""Argument rules of the creation functions that several shims apply the same way; they take
Python values (numbers, dtype names, ranks), never a framework's objects."""

from __future__ import annotations

import math

import numpy as np

from .checks import check_indexing, check_same_dtype, check_step
from .scalars import python_scalar
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
    """``arange``'s ``(start, stop, step, ints)``: ``stop=None`` makes ``start`` the stop (from
    0), NumPy scalars are their Python scalars (NumPy's arange gives them the default dtypes
    too: ``scalars``), ``ints`` says whether all three are ints; TypeError for any other
    value (an array step reached Paddle's ``bool()`` of a tensor: AssertionError), ValueError
    for a zero ``step``."""
    if stop is None:
        start, stop = 0, start
    start, stop, step = python_scalar(start), python_scalar(stop), python_scalar(step)
    for v in (start, stop, step):
        if not isinstance(v, (int, float)):
            raise TypeError(f"arange: start, stop and step must be real numbers, got "
                            f"{type(v).__name__}")
    check_step(step)
    return start, stop, step, all(isinstance(v, int) for v in (start, stop, step))


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
