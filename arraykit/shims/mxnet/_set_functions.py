"""Set functions.

Their output shapes depend on the data, so ``unique_*`` read the data on the host and run a
stable sort there (MXNet's own ``unique`` mis-handles nan: it returns duplicates around it);
results are MXNet arrays on the input's device.  Per the standard every nan is distinct.
``isin`` is a broadcast comparison on the device.  The rules are ``_common/sets.py``'s.
"""

from __future__ import annotations

import numpy as onp
from mxnet import np as mnp

from .._common import sets as _s
from . import _primitives as _p


def _unique(x, name, fname, full):
    flat = x.asnumpy().reshape(-1)
    order = onp.argsort(flat, kind="stable")
    s = flat[order]
    first = onp.ones(s.shape, dtype=bool)
    first[1:] = s[1:] != s[:-1]  # nan != nan: every nan starts its own group
    values = s[first]
    ctx = x.ctx

    def mx(a, dtype):
        return mnp.array(a, dtype=dtype, ctx=ctx)

    if not full:
        return mx(values, name), None, None, None
    group = onp.cumsum(first) - 1
    inverse = onp.empty(flat.shape, dtype=onp.int64)
    inverse[order] = group
    starts = onp.flatnonzero(first)
    counts = onp.diff(onp.append(starts, s.size)).astype(onp.int64)
    indices = order[first].astype(onp.int64)
    return (mx(values, name), mx(indices, "int64"), mx(inverse.reshape(x.shape), "int64"),
            mx(counts, "int64"))


def _member(a, b, name, invert):
    eq = a.reshape(a.shape + (1,)) == b.reshape((1,) * a.ndim + (-1,))
    r = mnp.any(eq, axis=-1)
    return ~r if invert else r


_fns = _s.set_functions(_p, _unique, _member, __name__)
unique_all, unique_counts = _fns["unique_all"], _fns["unique_counts"]
unique_inverse, unique_values, isin = _fns["unique_inverse"], _fns["unique_values"], _fns["isin"]
