"""Argument checks shared by the TF and MXNet shims, each written once with one message.

They take plain Python values (ints, shapes, dtype *names*), never a framework's objects, so
both shims call them after their own cheap type test. Each is a few comparisons on Python
values: free on the normal path. The messages follow the ``"{fname}: problem; remedy"``
contract and the exception classes are NumPy's / array-api-strict's.
"""

from __future__ import annotations

import warnings

import numpy as np

from . import dtypes as _d
from .utils import broadcast_shapes, normalize_axis


def shown(value) -> str:
    """``value``'s repr for an error message, abbreviated (``reprlib``): a list nested 5000
    deep would exhaust the recursion limit in ``repr`` and turn the error into a
    RecursionError."""
    import reprlib  # lazily: the error path only

    return reprlib.repr(value)


def numpy_dtype(dtype, fname: str):
    """``np.dtype(dtype)`` for a dtype argument no shim table knows; TypeError naming ``fname``
    for what is no NumPy dtype either, and for a list, tuple or dict (NumPy's structured
    dtypes, none of the standard's; a list nested 5000 deep raises RecursionError in NumPy)."""
    import numpy as np  # the rare path only

    if not isinstance(dtype, (list, tuple, dict)):
        try:
            return np.dtype(dtype)
        except TypeError:
            pass
    raise TypeError(f"{fname}: {shown(dtype)} is not a data type")


def not_an_array(fname: str, x, expected: str) -> TypeError:
    """The error for an argument that is not one of the shim's arrays (``expected`` names
    them): mixing frameworks silently would hide copies."""
    return TypeError(f"{fname}: expected {expected}, got {type(x).__name__} "
                     "(convert with asarray first)")


def dtype_not_allowed(fname: str, name: str | None, category: str) -> TypeError:
    """The error for an input dtype (``name``) outside the spec's input ``category`` (worded
    so that ``conformance/library_suites/categorise.py`` files it as "dtype refused")."""
    return TypeError(f"{fname}: dtype {name} is not supported; expected {category}")


def check_int_range(fname: str, value: int, name: str) -> None:
    """OverflowError unless Python int ``value`` fits integer dtype ``name`` (the standard
    leaves it undefined; the frameworks would wrap or raise their own errors)."""
    lo, hi = _d.IINFO[name][1:]
    if not lo <= value <= hi:
        raise OverflowError(f"{fname}: Python int {value} is out of range for {name}")


def check_host_ints(fname: str, host, name: str) -> None:
    """NumPy 2's rule for Python data given an integer dtype ``name``, read from ``host``
    (NumPy's array of the data, made without a dtype): every number within the dtype's
    range, a float by its integer part, else OverflowError; a NaN is a ValueError and an
    infinity an OverflowError, as Python's ``int()`` of them. NumPy 1.x, torch (a negative
    int into an unsigned dtype) and a float array of mixed data cast to the dtype wrap
    instead: ``asarray([1.5, 300], dtype=int8)`` was ``[1, 44]`` on Paddle and MXNet,
    ``asarray([-1], dtype=uint8)`` ``[255]`` on torch and NumPy 1.x."""
    kind = host.dtype.kind
    if kind not in "iuf" or not host.size:
        return
    lo, hi = _d.IINFO[name][1:]
    # Python numbers: a Python float and a Python int compare exactly (NumPy's scalars with a
    # Python int past 2**53 would round it first).
    low, high = host.min().item(), host.max().item()
    if kind == "f":
        if low != low or high != high:
            raise ValueError(f"{fname}: cannot convert float NaN to integer {name}")
        if not lo - 1 < low or not high < hi + 1:  # an infinity too
            bad = low if not lo - 1 < low else high
            shown = int(bad) if bad.is_integer() else bad  # (a Python int in mixed data)
            raise OverflowError(f"{fname}: {shown!r} is out of bounds for {name}")
    elif low < lo or high > hi:
        raise OverflowError(f"{fname}: Python integer {low if low < lo else high} out of "
                            f"bounds for {name}")


def check_data_ints(fname: str, obj, name: str) -> None:
    """``check_host_ints`` of Python data ``obj`` (a list or tuple) read through NumPy; data
    NumPy cannot read (ragged, foreign arrays, ints past uint64) is left to the caller's
    conversion, which refuses it."""
    try:
        if _NUMPY1:
            with warnings.catch_warnings():  # ragged data warns (an object array); ~2 us
                warnings.simplefilter("ignore")
                host = np.asarray(obj)
        else:
            host = np.asarray(obj)  # ragged data: ValueError
    except (TypeError, ValueError, OverflowError):
        return
    check_host_ints(fname, host, name)


_NUMPY1 = int(np.__version__.split(".")[0]) < 2


def correction_value(fname: str, correction) -> float:
    """``var``/``std``'s ``correction`` as a float: TypeError unless a real number (a bool is
    not), OverflowError beyond a float's range. A float for the frameworks: MLX raises
    ``std::bad_cast`` and Paddle ``SystemError`` on a Python int beyond int64."""
    if isinstance(correction, bool) or not isinstance(correction, (int, float)):
        raise TypeError(f"{fname}: correction must be a real number, got {shown(correction)}")
    try:
        return float(correction)
    except OverflowError:
        raise OverflowError(f"{fname}: correction {shown(correction)} is out of range for a "
                            "float") from None


def check_keepdims(fname: str, keepdims) -> bool:
    """``keepdims`` as a bool (a NumPy bool too); TypeError for anything else: a list there
    aborted the process inside Paddle 3.3.1's reduction kernels (SIGABRT) and raised
    MXNetError in MXNet's."""
    if type(keepdims) is bool:
        return keepdims
    import numpy as np  # the rare path only

    if isinstance(keepdims, np.bool_):
        return bool(keepdims)
    raise TypeError(f"{fname}: keepdims must be a bool, got {type(keepdims).__name__}")


def check_indices_dtype(fname: str, name: str) -> None:
    """TypeError unless index array dtype ``name`` is an integer dtype."""
    if name not in _d.INTEGRAL:
        raise TypeError(f"{fname}: indices must have an integer dtype, got {name}")


def require_ndim(fname: str, ndim: int, at_least: int) -> None:
    """ValueError unless ``x`` has at least ``at_least`` (1 or 2) dimensions."""
    if ndim < at_least:
        raise ValueError(f"{fname}: x must have at least "
                         f"{'one dimension' if at_least == 1 else f'{at_least} dimensions'}")


def check_side(side) -> None:
    """``searchsorted``'s ``side``."""
    if side not in ("left", "right"):
        raise ValueError("searchsorted: side must be 'left' or 'right'")


def check_indexing(indexing) -> None:
    """``meshgrid``'s ``indexing``."""
    if indexing not in ("xy", "ij"):
        raise ValueError("meshgrid: indexing must be 'xy' or 'ij'")


def check_same_dtype(fname: str, names) -> None:
    """TypeError unless every dtype name in ``names`` is the same (``meshgrid``)."""
    if len(set(names)) > 1:
        raise TypeError(f"{fname}: all arrays must have the same dtype")


def check_step(step) -> None:
    """``arange``'s ``step``."""
    if step == 0:
        raise ValueError("arange: step must not be zero")


def check_repeats(repeats) -> None:
    """``repeat``'s Python int ``repeats`` (an array's entries: pass ``any(r < 0)``)."""
    if repeats < 0:
        raise ValueError("repeat: repeats must be non-negative")


def check_diff(ndim: int, n) -> None:
    """``diff``'s input rank and order ``n``."""
    require_ndim("diff", ndim, 1)
    if n < 0:
        raise ValueError("diff: n must be non-negative")


def check_same_ndim(fname: str, ndim: int, indices_ndim: int) -> None:
    """``take_along_axis``: ``x`` and ``indices`` of one rank."""
    if indices_ndim != ndim:
        raise ValueError(f"{fname}: x and indices must have the same number of dims")


def check_same_length(src, dst) -> None:
    """``moveaxis``: as many sources as destinations."""
    if len(src) != len(dst):
        raise ValueError("moveaxis: source and destination differ in length")


def check_ellipsis(key) -> int:
    """The number of ``...`` in index tuple ``key`` (IndexError if more than one)."""
    n = sum(1 for k in key if k is Ellipsis)
    if n > 1:
        raise IndexError("an index can only have a single ellipsis")
    return n


def copy_false_needs_cast() -> ValueError:
    """``asarray(..., copy=False)`` asked for a dtype conversion."""
    return ValueError("asarray: copy=False but a dtype conversion is needed")


def no_identity(fname: str) -> ValueError:
    """``max``/``min`` over a zero-size axis."""
    return ValueError(f"{fname}: reduction over a zero-size axis has no identity")


def arg_axis(fname: str, axis, ndim: int, shape) -> int | None:
    """``argmax``/``argmin``'s ``axis`` for an input of ``shape`` (``searching.arg_functions``):
    None (flattened) or a non-negative axis. A 0-d input takes None, 0 or -1 (as
    array-api-strict and NumPy) and gives None; an empty sequence to search raises
    ValueError."""
    if ndim == 0:
        if axis not in (None, 0, -1) or isinstance(axis, bool):
            normalize_axis(axis, 0, fname)  # the AxisError (or TypeError) for it
        return None
    if axis is None:
        if 0 in shape:
            raise ValueError(f"{fname}: attempt to get {fname} of an empty sequence")
        return None
    ax = normalize_axis(axis, ndim, fname)
    if shape[ax] == 0:
        raise ValueError(f"{fname}: attempt to get {fname} of an empty sequence")
    return ax


def check_clip_bound_shape(which: str, shape, x_shape) -> None:
    """``clip``: an array bound of ``shape`` broadcasts with ``x``'s shape, as NumPy and
    array-api-strict take it; ValueError naming ``clip`` otherwise."""
    shape, x_shape = tuple(shape), tuple(x_shape)
    if shape == x_shape:
        return
    try:
        broadcast_shapes(x_shape, shape)
    except ValueError:
        raise ValueError(f"clip: {which} of shape {shape} does not broadcast with x's shape "
                         f"{x_shape}") from None


def sort_axis_0d(fname: str, axis) -> None:
    """``sort``/``argsort``'s axis for a 0-d input, which sorts as one element: 0 or -1
    (AxisError for any other, TypeError for a non-integer)."""
    normalize_axis(axis, 1, fname)


def scan_axis(fname: str, axis, ndim: int) -> int:
    """``cumulative_sum``/``cumulative_prod``'s axis: required beyond one dimension; a 0-d
    input with ``axis=None`` is scanned as one element (NumPy's and array-api-strict's
    ``[x]``; the caller reshapes it)."""
    if axis is None:
        if ndim > 1:
            raise ValueError(f"{fname}: axis is required for arrays of more than one dimension")
        return 0
    return normalize_axis(axis, ndim, fname)


def take_axis(axis, ndim: int) -> int:
    """``take``'s axis: optional for 1-D input only."""
    if axis is None:
        if ndim != 1:
            raise ValueError("take: axis is required unless x is 1-D")
        return 0
    return normalize_axis(axis, ndim, "take")


def dtypes_of_kind(kind, supported, to_name) -> list:
    """The names ``__array_namespace_info__().dtypes(kind=...)`` lists: ``supported`` (the
    shim's dtype names in the standard's order) filtered by ``kind``, a kind string, a dtype
    (mapped to its name by ``to_name``, which raises TypeError for a non-dtype) or a tuple."""
    if kind is None:
        return list(supported)
    sel: set = set()
    for k in kind if isinstance(kind, tuple) else (kind,):
        if isinstance(k, str):
            if k not in _d.ISDTYPE_KINDS:
                raise ValueError(f"dtypes: unknown kind {k!r}")
            sel.update(_d.KINDS[k])
        else:
            sel.add(to_name(k))
    return [n for n in supported if n in sel]


def dtype_given_as_string(fname: str, dtype: str) -> TypeError:
    """The error for a dtype given by name: the standard takes dtype objects (NumPy and the
    frameworks would accept the name; array-api-strict refuses it)."""
    return TypeError(f"{fname}: expected a dtype object, got the string {dtype!r}")


def known_dtype_name(dtype, names: dict, fname: str) -> str | None:
    """``names[dtype]`` (a shim's table: dtype object -> standard name), or None for a dtype
    the table lacks and for an unhashable argument; TypeError for a dtype name (a string)."""
    try:
        return names[dtype]
    except (KeyError, TypeError):
        pass
    if isinstance(dtype, str):
        raise dtype_given_as_string(fname, dtype)
    return None


def unsupported_dtype(fname: str, name: str, problem: str) -> TypeError:
    """The error for any request of dtype ``name`` that the framework cannot hold or compute
    in (``problem`` says so in the framework's terms): it is never emulated with another."""
    return TypeError(f"{fname}: {problem}; arraykit does not emulate {name} with another dtype")
