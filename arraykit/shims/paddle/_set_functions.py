"""Set functions, sort-based (Paddle's ``unique`` returns garbage indices and counts with
NaN input, measured on 3.3.1): every NaN is its own value, as the standard asks. The rules
are ``_common/sets.py``'s."""

from __future__ import annotations

import paddle

from .._common import sets as _s
from . import _primitives as _p
from ._helpers import CARRIER, NARROW, eq, moving, ne


def _unique(x, name, fname, full):
    """(values, first indices, inverse indices (``x``'s shape), counts) of non-empty ``x``."""
    flat = x.reshape([-1])
    n = flat.shape[0]
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
    if not full:
        return values, None, None, None
    ends = paddle.concat([starts[1:], paddle.full([1], n, dtype="int64")])
    counts = ends - starts
    first = paddle.gather(p, starts)
    group = paddle.cumsum(paddle.cast(new, "int64")) - 1
    inverse = paddle.zeros([n], dtype="int64")
    inverse = paddle.scatter(inverse, p, group)
    return values, first, inverse.reshape(x.shape), counts


def _member(a, b, name, invert):
    shape = a.shape
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


_fns = _s.set_functions(_p, _unique, _member, __name__)
unique_all, unique_counts = _fns["unique_all"], _fns["unique_counts"]
unique_inverse, unique_values, isin = _fns["unique_inverse"], _fns["unique_values"], _fns["isin"]
