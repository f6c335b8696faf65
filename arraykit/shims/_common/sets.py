"""The set functions of the full shims (``unique_all``, ``unique_counts``, ``unique_inverse``,
``unique_values``, ``isin``), written once over a shim's primitives, and the result types of
the ``unique_*`` functions, one set for every shim.

:func:`set_functions` takes the shim's primitives ``p``, two framework operations that do the
work on input the rules have already checked, and ``module`` (the functions' ``__module__``).
The rules, once for every shim:

* ``unique_*``: ``x`` an array of a standard dtype, of any rank (0-d included: one value);
  values sorted ascending (complex: by real, then imaginary part; NaNs last), as NumPy,
  PyTorch and JAX return them (the standard leaves the order open; array-api-extra's union1d
  relies on it); every NaN is its own value (the operation's duty: several frameworks merge
  NaNs); indices, inverse indices (``x``'s shape) and counts int64; a zero-size ``x`` gives
  empty results (an empty inverse of ``x``'s shape) without reaching the framework.
* ``isin`` (2025.12): ``x1``/``x2`` arrays or Python scalars (not both scalars), promoted by
  the standard's rules and not broadcast (``x2`` is a set of values); a bool result of
  ``x1``'s shape; an empty ``x2`` holds nothing (all False, or all True with ``invert``).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable
from typing import Any

from .operands import OperandRules, known_shape
from .primitives import ShimPrimitives

UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices",
                                                 "counts"])
UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])

_Fn = Callable[..., Any]


def set_functions(p: ShimPrimitives, unique: _Fn, member: _Fn, module: str) -> dict[str, _Fn]:
    """The namespace's set functions, by name.

    ``unique(x, name, fname, full)``: for a non-empty ``x`` of dtype ``name`` (any rank),
    ``(values, first indices, inverse indices of x's shape, counts)`` as the module docstring
    says; with ``full`` False only ``values`` is read (the others may be None).
    ``member(a, b, name, invert)``: for non-empty ``a`` and ``b`` of dtype ``name``, whether
    each element of ``a`` equals one of ``b`` (NaN equals nothing), negated with ``invert``;
    a bool array of ``a``'s shape."""
    rules = OperandRules(p)
    require_array, binary_arrays = rules.require_array, rules.binary_arrays
    shape_of, zeros, reshape, full = p.shape_of, p.zeros, p.reshape, p.full

    def _unique(x, fname, all_):
        name = require_array(x, fname)
        shape = shape_of(x)
        if 0 in shape:
            z = zeros((0,), "int64", x)
            return reshape(x, (0,)), z, zeros(known_shape(shape, fname), "int64", x), z
        return unique(x, name, fname, all_)

    def unique_all(x, /):
        """Array API ``unique_all``: (values, first indices, inverse indices, counts)."""
        return UniqueAllResult(*_unique(x, "unique_all", True))

    def unique_counts(x, /):
        """Array API ``unique_counts``: (values, counts)."""
        v, _, _, c = _unique(x, "unique_counts", True)
        return UniqueCountsResult(v, c)

    def unique_inverse(x, /):
        """Array API ``unique_inverse``: (values, inverse indices of ``x``'s shape)."""
        v, _, inv, _ = _unique(x, "unique_inverse", True)
        return UniqueInverseResult(v, inv)

    def unique_values(x, /):
        """Array API ``unique_values``."""
        return _unique(x, "unique_values", False)[0]

    def isin(x1, x2, /, *, invert=False):
        """Array API ``isin`` (2025.12): for each element of ``x1``, whether it occurs in
        ``x2``; bool result shaped like ``x1``."""
        a, b, name = binary_arrays(x1, x2, "isin", bcast=False)
        sa = shape_of(a)
        if 0 in sa or 0 in shape_of(b):
            return full(tuple(sa), bool(invert), "bool", a)
        return member(a, b, name, bool(invert))

    out: dict[str, _Fn] = {
        "unique_all": unique_all, "unique_counts": unique_counts,
        "unique_inverse": unique_inverse, "unique_values": unique_values, "isin": isin}
    for f in out.values():
        f.__module__ = module
    return out
