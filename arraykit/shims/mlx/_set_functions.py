"""Set functions on MLX. The ``unique_*`` outputs have data-dependent shapes: the input is
evaluated and the work done by NumPy on the host (eagerly; under ``mx.compile`` they raise
ValueError); their rules are ``_common/sets.py``'s. NaNs are distinct values, as the
standard says (``equal_nan=False``). ``isin`` is built from MLX ops (a comparison against
every element of ``x2``)."""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import sets as _s
from . import _primitives as _p
from ._helpers import concrete, from_numpy, traced_error


def _index(a):
    return mx.array(onp.asarray(a, dtype=onp.int64))


def _unique(x, name, fname, full):
    v = concrete(x)
    if v is None:
        raise traced_error(fname)
    v = v.reshape(-1)
    if not full:
        return from_numpy(onp.unique(v, equal_nan=False), name), None, None, None
    values, indices, inverse, counts = onp.unique(
        v, return_index=True, return_inverse=True, return_counts=True, equal_nan=False)
    return (from_numpy(values, name), _index(indices), _index(inverse.reshape(x.shape)),
            _index(counts))


def _member(a, b, name, invert):
    r = mx.any(mx.equal(mx.expand_dims(a, -1), b.reshape(-1)), axis=-1)
    return mx.logical_not(r) if invert else r


_fns = _s.set_functions(_p, _unique, _member, __name__)
unique_all, unique_counts = _fns["unique_all"], _fns["unique_counts"]
unique_inverse, unique_values, isin = _fns["unique_inverse"], _fns["unique_values"], _fns["isin"]
