"""Dask backend of ``arraykit.ext.nd``: ``gather_nd`` only, through ``Array.vindex``.

The indices (a dask array) are computed first: they are small next to the data and dask
needs concrete point indices to plan the gather. The data stays lazy. Scatter has no lazy
equivalent in dask and raises NotImplementedError.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _common

#: The limit ``arraykit info`` reports.
NOTE = "gather_nd only"


shape = _common.array_shape


def dtype_name(a: Any) -> str:
    return a.dtype.name


def reshape(a: Any, shape_: Any) -> Any:
    return a.reshape(tuple(shape_))


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    host = np.asarray(idx.compute() if hasattr(idx, "compute") else idx)
    if _common.host_out_of_bounds(host, plan.dims):
        _common.raise_out_of_bounds(fn, host, plan.dims, first_axis=len(plan.batch))
    # Batch axis j of x is indexed by an arange shaped to broadcast along axis j of indices.
    cols = [
        np.arange(d).reshape((1,) * j + (d,) + (1,) * (host.ndim - 2 - j))
        for j, d in enumerate(plan.batch)
    ]
    cols += [host[..., k].astype(np.int64) for k in range(host.shape[-1])]
    if plan.n == 0:  # vindex needs at least one point
        import dask.array as da  # dask is imported already: x is a dask array

        return da.zeros(plan.out_shape, dtype=x.dtype)
    return x.vindex[tuple(cols)]


def _no_scatter(*args: Any, **kwargs: Any) -> Any:
    raise NotImplementedError(
        "arraykit.ext.nd supports only gather_nd on dask arrays; compute the arrays (or use "
        "numpy) for scatter_nd, update_nd and the segment reductions"
    )


update_nd = full = scalar_like = where = iinfo = _no_scatter
