"""Set functions.

Their output shapes depend on the data, so ``unique_*`` read the data on the host and run a
stable sort there (MXNet's own ``unique`` mis-handles nan: it returns duplicates around it);
results are MXNet arrays on the input's device.  Per the standard every nan is distinct.
``isin`` is a broadcast comparison on the device.
"""

from __future__ import annotations

import numpy as onp
from mxnet import np as mnp

from .._common.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from ._helpers import binary, ndarray, require_array, scalar_array


def _unique(x, fname):
    name = require_array(x, fname)
    flat = x.asnumpy().reshape(-1)
    order = onp.argsort(flat, kind="stable")
    s = flat[order]
    first = onp.ones(s.shape, dtype=bool)
    if s.size:
        first[1:] = s[1:] != s[:-1]  # nan != nan: every nan starts its own group
    values = s[first]
    group = onp.cumsum(first) - 1
    inverse = onp.empty(flat.shape, dtype=onp.int64)
    inverse[order] = group
    starts = onp.flatnonzero(first)
    counts = onp.diff(onp.append(starts, s.size)).astype(onp.int64)
    indices = order[first].astype(onp.int64)
    ctx = x.ctx

    def mx(a, dtype):
        return mnp.array(a, dtype=dtype, ctx=ctx)

    return (mx(values, name), mx(indices, "int64"), mx(inverse.reshape(x.shape), "int64"),
            mx(counts, "int64"))


def unique_all(x, /):
    """Array API ``unique_all`` (sorted values, first indices, inverse, counts)."""
    return UniqueAllResult(*_unique(x, "unique_all"))


def unique_counts(x, /):
    """Array API ``unique_counts``."""
    v, _, _, c = _unique(x, "unique_counts")
    return UniqueCountsResult(v, c)


def unique_inverse(x, /):
    """Array API ``unique_inverse`` (inverse has ``x``'s shape)."""
    v, _, inv, _ = _unique(x, "unique_inverse")
    return UniqueInverseResult(v, inv)


def unique_values(x, /):
    """Array API ``unique_values``."""
    return _unique(x, "unique_values")[0]


def isin(x1, x2, /, *, invert=False):
    """Array API ``isin`` (2025.12): membership by broadcast comparison (nan is never in)."""
    a, b, _ = binary(x1, x2, "isin", bcast=False)
    if not isinstance(a, ndarray):
        a = scalar_array(a, b, _)
    if not isinstance(b, ndarray):
        b = scalar_array(b, a, _)
    if a.size == 0 or b.size == 0:
        r = mnp.zeros(a.shape, dtype="bool", ctx=a.ctx)
        return ~r if invert else r
    eq = a.reshape(a.shape + (1,)) == b.reshape((1,) * a.ndim + (-1,))
    r = mnp.any(eq, axis=-1)
    return ~r if invert else r
