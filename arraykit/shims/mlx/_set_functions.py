"""Set functions on MLX. The ``unique_*`` outputs have data-dependent shapes: the input is
evaluated and the work done by NumPy on the host (eagerly; under ``mx.compile`` they raise
ValueError). NaNs are distinct values, as the standard says (``equal_nan=False``). ``isin`` is
built from MLX ops (a comparison against every element of ``x2``)."""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from . import _dtypes as D
from ._helpers import (
    array,
    binary,
    cast,
    concrete,
    from_numpy,
    require_array,
    traced_error,
)


def _host(fname, x):
    name = require_array(x, fname)
    v = concrete(x)
    if v is None:
        raise traced_error(fname)
    return v.reshape(-1), name, x.shape


def _index(a):
    return mx.array(onp.asarray(a, dtype=onp.int64))


def _unique(fname, x):
    v, name, shape = _host(fname, x)
    values, indices, inverse, counts = onp.unique(
        v, return_index=True, return_inverse=True, return_counts=True, equal_nan=False)
    return from_numpy(values, name), indices, inverse.reshape(shape), counts


def unique_all(x, /):
    """Array API ``unique_all``: values, first indices, inverse indices (``x``'s shape) and
    counts (int64)."""
    values, indices, inverse, counts = _unique("unique_all", x)
    return UniqueAllResult(values, _index(indices), _index(inverse), _index(counts))


def unique_counts(x, /):
    """Array API ``unique_counts``."""
    values, _, _, counts = _unique("unique_counts", x)
    return UniqueCountsResult(values, _index(counts))


def unique_inverse(x, /):
    """Array API ``unique_inverse``."""
    values, _, inverse, _ = _unique("unique_inverse", x)
    return UniqueInverseResult(values, _index(inverse))


def unique_values(x, /):
    """Array API ``unique_values``."""
    v, name, _ = _host("unique_values", x)
    return from_numpy(onp.unique(v, equal_nan=False), name)


def isin(x1, x2, /, *, invert=False):
    """Array API ``isin`` (2025.12): whether each element of ``x1`` occurs in ``x2``; the
    standard's promotion, Python scalars allowed for either."""
    # Promoted as a binary function, but not broadcast: x2 is a set of values.
    a, b, _ = binary(x1 if type(x1) is not array else x1.reshape(-1)[:1],
                     x2 if type(x2) is not array else x2.reshape(-1)[:1], "isin", bcast=False)
    a = cast(x1, D.NAME_OF[a.dtype]) if type(x1) is array else a.reshape(())
    b = cast(x2, D.NAME_OF[b.dtype]) if type(x2) is array else b
    flat = b.reshape(-1)
    if flat.size == 0:
        r = mx.zeros(a.shape, dtype=mx.bool_)
    else:
        r = mx.any(mx.equal(mx.expand_dims(a, -1), flat), axis=-1)
    return mx.logical_not(r) if invert else r
