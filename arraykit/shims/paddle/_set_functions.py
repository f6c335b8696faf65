"""Set functions, sort-based (Paddle's ``unique`` returns garbage indices and counts with
NaN input, measured on 3.3.1): every NaN is its own value, as the standard asks."""

from __future__ import annotations

import paddle

from .._common.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from . import _dtypes as D
from ._helpers import CARRIER, NARROW, binary, eq, moving, ne, require_array


def _unique(x, fname):
    """(values, first indices, inverse indices (flat), counts) of ``x`` flattened."""
    name = require_array(x, fname)
    flat = x.reshape([-1])
    n = flat.shape[0]
    if n == 0:
        z = paddle.zeros([0], dtype="int64")
        return flat, z, z, z
    key = flat
    if name in NARROW or name == "bool":
        key = paddle.cast(flat, CARRIER)
    if name in ("complex64", "complex128"):
        # lexicographic by (real, imag): two stable sorts
        p = paddle.argsort(paddle.imag(flat), stable=True)
        p = paddle.gather(p, paddle.argsort(paddle.gather(paddle.real(flat), p), stable=True))
    else:
        p = paddle.argsort(key, stable=True)
    s = moving(paddle.gather, flat, name, p)
    if n > 1:
        new = paddle.concat([paddle.ones([1], dtype="bool"),
                             ne(s[1:], s[:-1])])
    else:
        new = paddle.ones([1], dtype="bool")
    starts = paddle.nonzero(new).reshape([-1])
    values = moving(paddle.gather, s, name, starts)
    ends = paddle.concat([starts[1:], paddle.full([1], n, dtype="int64")])
    counts = ends - starts
    first = paddle.gather(p, starts)
    group = paddle.cumsum(paddle.cast(new, "int64")) - 1
    inverse = paddle.zeros([n], dtype="int64")
    inverse = paddle.scatter(inverse, p, group)
    return values, first, inverse, counts


def unique_all(x, /):
    """Array API ``unique_all`` (values sorted; first-occurrence indices)."""
    v, i, inv, c = _unique(x, "unique_all")
    return UniqueAllResult(v, i, inv.reshape(x.shape), c)


def unique_counts(x, /):
    """Array API ``unique_counts``."""
    v, _, _, c = _unique(x, "unique_counts")
    return UniqueCountsResult(v, c)


def unique_inverse(x, /):
    """Array API ``unique_inverse``."""
    v, _, inv, _ = _unique(x, "unique_inverse")
    return UniqueInverseResult(v, inv.reshape(x.shape))


def unique_values(x, /):
    """Array API ``unique_values``."""
    return _unique(x, "unique_values")[0]


def isin(x1, x2, /, *, invert=False):
    """Array API ``isin`` (2025.12): ``x1``/``x2`` arrays or Python scalars."""
    a, b, name = binary(x1, x2, "isin", bcast=False)
    D.check_kind(name, "any", "isin")
    shape = a.shape
    if a.size == 0:
        return paddle.zeros(shape, dtype="bool")
    if b.size == 0:
        return paddle.full(shape, bool(invert), dtype="bool")
    if name in NARROW or name == "bool":
        a, b = paddle.cast(a, CARRIER), paddle.cast(b, CARRIER)
    if name in ("complex64", "complex128"):
        r = paddle.any(eq(a.reshape([-1, 1]), b.reshape([1, -1])), axis=1).reshape(shape)
    else:
        # Paddle's isin is approximate for floats (see _helpers.eq): search the sorted
        # candidates and compare exactly.
        sb = paddle.sort(b.reshape([-1]))
        pos = paddle.searchsorted(sb, a.reshape([-1]))
        pos = paddle.clip(pos, 0, sb.shape[0] - 1)
        r = eq(paddle.gather(sb, pos), a.reshape([-1])).reshape(shape)
    return paddle.logical_not(r) if invert else r
