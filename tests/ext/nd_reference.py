"""A plain-NumPy, loop-based reference for arraykit.ext.nd (shared by both test files).

Written independently of arraykit's implementation: one Python loop per index row, the
semantics read straight off the module docstring. ``compiled=True`` gives the behaviour under
compilation (gather clips, scatter drops) instead of raising.
"""

from __future__ import annotations

import math

import numpy as np


def _wrap(row, dims, fn, what, pos, first_axis=0, compiled=False, clip=False):
    """Wrapped coordinates of one index row; None if dropped (compiled scatter)."""
    out = []
    for k, (coordinate, d) in enumerate(zip(row, dims)):
        v = int(coordinate)
        w = v + d if v < 0 else v
        if not 0 <= w < d:
            if not compiled:
                where = ", ".join(str(p) for p in pos + (k,))
                raise IndexError(
                    f"{fn}: index {v} at {what}[{where}] is out of bounds for axis "
                    f"{first_axis + k} with size {d}"
                )
            if not clip:
                return None
            w = min(max(w, 0), d - 1)
        out.append(w)
    return tuple(out)


def gather_nd(x, idx, batch_dims=0, compiled=False):
    x, idx = np.asarray(x), np.asarray(idx)
    b, k = batch_dims, idx.shape[-1]
    out = np.empty(idx.shape[:-1] + x.shape[b + k:], dtype=x.dtype)
    dims = x.shape[b:b + k]
    for pos in np.ndindex(*idx.shape[:-1]):
        c = _wrap(idx[pos], dims, "gather_nd", "indices", pos, b, compiled, clip=True)
        out[pos] = x[tuple(pos[:b]) + c]
    return out


_COMBINE = {
    "replace": lambda a, b: b,
    "add": lambda a, b: a + b,
    "multiply": lambda a, b: a * b,
    "min": np.minimum,
    "max": np.maximum,
}


def update_nd(x, idx, updates, reduction="replace", fn="update_nd", what="indices",
              compiled=False):
    x, idx = np.asarray(x), np.asarray(idx)
    k = idx.shape[-1]
    out = x.copy()
    upd = np.broadcast_to(np.asarray(updates, dtype=x.dtype), idx.shape[:-1] + x.shape[k:])
    op = _COMBINE[reduction]
    for pos in np.ndindex(*idx.shape[:-1]):  # row-major: the last "replace" wins
        c = _wrap(idx[pos], x.shape[:k], fn, what, pos, 0, compiled)
        if c is None:
            continue
        out[c] = op(out[c], upd[pos])
    return out


def scatter_nd(idx, updates, shape, reduction="add", compiled=False):
    updates = np.asarray(updates)
    base = np.zeros(shape, dtype=updates.dtype)
    return update_nd(base, idx, updates, reduction, "scatter_nd", compiled=compiled)


def segment(data, ids, num, reduction, compiled=False):
    data, ids = np.asarray(data), np.asarray(ids)
    if reduction == "add":
        fill = 0
    elif data.dtype.kind in "iu":
        info = np.iinfo(data.dtype)
        fill = info.max if reduction == "min" else info.min
    else:
        fill = math.inf if reduction == "min" else -math.inf
    base = np.full((num,) + data.shape[1:], fill, dtype=data.dtype)
    name = {"add": "segment_sum", "min": "segment_min", "max": "segment_max"}[reduction]
    return update_nd(base, ids[:, None], data, reduction, name, "segment_ids", compiled)


def extreme_values(dtype):
    """Index values of ``dtype`` at the ends of its range and where casts wrap: each is out of
    bounds for axes of a few elements, but a wrapping cast can turn it into a valid index
    (uint64 2**64-1 into int64 -1, int64 2**32+1 into int32 1, uint32 2**32-1 into int32 -1)."""
    info = np.iinfo(dtype)
    candidates = {
        info.min, info.max, info.min + 1, info.max - 1,
        -2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1, 2**32 + 1, -2**32 + 1,
        2**63, 2**64 - 3,
    }
    return sorted(v for v in candidates if info.min <= v <= info.max and not -4 <= v < 4)
