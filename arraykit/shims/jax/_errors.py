"""What the jax namespace needs for the standard's exceptions (``_common.errors``).

jax reports several shape errors as ``TypeError`` (``dot_general requires contracting
dimensions...``, ``cannot reshape array...``) and an axis out of range as ``ValueError``;
the patterns below (jax 0.10's wording) map them to ValueError and AxisError (an IndexError
and a ValueError, as NumPy's). jax accepts silently what the standard refuses: NumPy arrays
where a jax array is expected, dtype name strings (``astype(x, 'float64')``) and integer
matrices to ``linalg.inv`` and the other floating-point linalg functions (promoted): those are
refused with TypeError, on the path only such input takes (``type(x)`` is not jax's array).

Out-of-bounds indices: ``jnp.take`` fills them with NaN and ``take_along_axis`` and
``x[i]`` clamp, because a compiled program cannot raise on a value. Eagerly, with concrete
indices, ``take`` and ``take_along_axis`` raise IndexError as NumPy does (the check reads
the indices on the host: a few microseconds beside jax's tens); traced indices (under
``jit``, ``vmap``, ``grad``) keep jax's semantics. ``x[i]`` is the array's own method, not
the namespace's (see ``known_mismatches.txt``).
"""

from __future__ import annotations

import math
import operator
import weakref
from typing import Any

import jax
import numpy as np

# The concrete array class, by name: type(jnp.zeros(())) taken when this module is first
# imported inside a jax.jit trace would be a tracer type.
from jax._src.array import ArrayImpl as _ArrayImpl

from .._common.checks import check_indices_dtype
from .._common.dtypes import IINFO
from .._common.errors import Rules, install
from .._common.fft import FREQ_CHECKS
from .._common.utils import AxisError

_SHAPE = (
    r"requires contracting dimensions|Cannot concatenate arrays with shapes"
    r"|cannot reshape array|ncompatible shapes|must be square"
    r"|can only specify one unknown axis size|isn't a permutation of operand dimensions"
    r"|must have the same shape"
)


def _is_array(x: Any) -> bool:
    return isinstance(x, jax.Array)  # tracers too


#: id(indices) -> (weakref to them, their ``extremes``): a jax array is immutable, so the
#: host read (~5 us beside jax's ~12 for a small take, and a wait for the array) is made once
#: for indices used again (a permutation, a lookup table's keys, the index columns that
#: ``ext.nd``'s bilinear sampling passes to two gathers each). The weakref guards against id
#: reuse.
_EXTREMES: dict[int, tuple[Any, int, int]] = {}


def extremes(indices: Any) -> tuple[int, int]:
    """``(lo, hi)`` of non-empty concrete integer ``indices`` (jax's ``take`` and
    ``ext.nd``'s eager bounds checks): ``hi`` is the largest entry, ``lo`` the smallest if it
    is negative, else 0 (every check compares it with 0 or a negative bound). Read on the
    host once per array (``_EXTREMES``); in the common case (nothing negative) one reduction:
    a negative entry read as unsigned is the largest."""
    hit = _EXTREMES.get(id(indices))
    if hit is not None and hit[0]() is indices:
        return hit[1], hit[2]
    i = np.asarray(indices)
    if i.size <= 64:  # Python's min/max of a short list beat NumPy reductions (~1.3 us each)
        values = i.ravel().tolist()
        lo, hi = min(0, *values), max(values)
    else:
        top = int(i.view(f"u{i.dtype.itemsize}").max() if i.dtype.kind == "i" else i.max())
        if top < 2 ** (8 * i.dtype.itemsize - 1) or i.dtype.kind == "u":
            lo, hi = 0, top
        else:
            lo, hi = min(int(i.min()), 0), int(i.max())
    try:
        ref = weakref.ref(indices)
    except TypeError:  # not a jax array (no cache)
        return lo, hi
    if len(_EXTREMES) >= 64:
        _EXTREMES.clear()
    _EXTREMES[id(indices)] = (ref, lo, hi)
    return lo, hi


def _bounds(fname: str, x: Any, indices: Any, axis: Any) -> None:
    """IndexError for an index outside ``[-n, n)`` of concrete integer ``indices`` into
    ``x`` along ``axis`` (None: flattened); traced input is left to jax."""
    if type(indices) is not _ArrayImpl or type(x) is not _ArrayImpl:
        return
    kind = indices.dtype.kind
    if kind == "b":  # jnp.take reads booleans as 0 and 1
        check_indices_dtype(fname, "bool")
    try:  # shapes, not jax's size property (Python over math.prod)
        n = math.prod(x.shape) if axis is None else x.shape[operator.index(axis)]
    except (TypeError, IndexError):
        return  # a bad axis: jax's own error (translated) follows
    if kind not in "iu" or 0 in indices.shape:
        return
    lo, hi = extremes(indices)
    if lo < -n or hi >= n:
        bad = lo if lo < -n else hi
        raise IndexError(f"{fname}: index {bad} is out of bounds for axis {axis} with size "
                         f"{n}; indices must lie in [-{n}, {n})")


def _take(args: tuple, kwargs: dict) -> None:
    if len(args) >= 2:
        _bounds("take", args[0], args[1], kwargs.get("axis"))


def _take_along_axis(args: tuple, kwargs: dict) -> None:
    if len(args) >= 2:
        _bounds("take_along_axis", args[0], args[1], kwargs.get("axis", -1))


#: The exact type of an eager jax array (the fast paths' test).
ARRAY_TYPE = _ArrayImpl

RULES = Rules(
    translations=(
        (TypeError, _SHAPE, ValueError),
        (ValueError, r"axis -?\d+ is out of bounds for array of dimension", AxisError),
        (ValueError, r"indices must have an integer type|only real valued inputs", TypeError),
        # An allocation XLA cannot make (jaxlib's JaxRuntimeError, a RuntimeError): NumPy's
        # class for a failed allocation, as torch's (its message says the bytes).
        (RuntimeError, r"RESOURCE_EXHAUSTED: Out of memory", MemoryError),
    ),
    array_types=(_ArrayImpl,),
    is_array=_is_array,
    expected="a jax.Array",
    refuse_dtype_names=True,
    floating_input=True,
    # linalg.inv and the other floating-input functions stay in C for these (NumPy's) dtypes.
    floating_dtypes=tuple(np.dtype(c) for c in "efdFD"),
    # jax's Array.dtype is a Python property (``self.aval.dtype``, a frame: ~0.1 us a read);
    # the Guard reads the same object through aval, a C++ property.
    guard_dtype_from="aval",
    # jax wraps a Python int out of an integer array's dtype (add(int8 [100], 300): [-112]).
    int_ranges={np.dtype(n): (lo, hi) for n, (_, lo, hi) in IINFO.items()},
    # The shims' NumPy-scalar rule: the argument check refused every NumPy scalar but
    # np.float64 (a float), which jax then read as a float64 array.
    numpy_scalars=True,
    extra={"take": _take, "take_along_axis": _take_along_axis, **FREQ_CHECKS},
)


def install_errors(namespace: dict[str, Any]) -> None:
    """Wrap the standard functions of ``namespace`` (the package's globals) with ``RULES``."""
    install(namespace, RULES)
