"""PyTorch backend of ``arraykit.ext.nd``.

Fast path (eager, CPU): torch's advanced indexing and ``index_put(accumulate=True)`` already
wrap negative indices and raise IndexError out of bounds, the pinned meaning; only the error
message is rewritten. Elsewhere (other reductions, batch_dims, non-CPU devices, where an
out-of-bounds index would be a device assert, and under ``torch.compile``) the shared
row algorithm runs with an explicit bounds flag.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from . import _common

_REDUCE = {"multiply": "prod", "min": "amin", "max": "amax"}


def _scatter_rows(x2: Any, f: Any, v2: Any, reduction: str, drop: bool) -> Any:
    if drop:  # f == M marks a dropped row: scatter into one spare row, then cut it off
        x2 = torch.cat([x2, x2.new_zeros((1,) + tuple(x2.shape[1:]))])
    if reduction == "add":
        out = x2.index_add(0, f, v2)
    elif reduction == "replace":
        out = _common.replace_rows(OPS, x2, f, v2, _max_int, x2.shape[0])
    else:
        index = f[:, None].expand(-1, x2.shape[1])
        out = x2.scatter_reduce(0, index, v2, _REDUCE[reduction], include_self=True)
    return out[:-1] if drop else out


def _max_int(base: Any, f: Any, pos: Any) -> Any:
    return base.scatter_reduce(0, f, pos, "amax", include_self=True)


OPS = _common.Ops(
    reshape=torch.reshape,
    where=torch.where,
    logical_or=torch.logical_or,
    any=torch.any,
    clip=torch.clamp,
    arange=lambda n: torch.arange(n, dtype=torch.int64),
    as_index=lambda a: a.to(torch.int64),
    take_rows=lambda x2, f: x2[f],
    scatter_rows=_scatter_rows,
    broadcast_to=torch.broadcast_to,
    to_numpy=lambda a: a.detach().cpu().numpy(),
)


def shape(a: Any) -> tuple[int, ...]:
    return tuple(a.shape)


def dtype_name(a: Any) -> str:
    return str(a.dtype)[6:]  # "torch.int64" -> "int64"


def scalar_like(value: Any, like: Any) -> Any:
    return torch.tensor(value, dtype=like.dtype, device=like.device)


def full(shape_: Any, value: Any, like: Any) -> Any:
    return torch.full(tuple(shape_), value, dtype=like.dtype, device=like.device)


reshape = torch.reshape


def where(c: Any, a: Any, b: Any) -> Any:
    return torch.where(c, a, b)


def iinfo(name: str) -> Any:
    return torch.iinfo(getattr(torch, name))


def _columns(idx: Any) -> tuple[Any, ...]:
    # int64/int32 index as-is; narrower ones are cast (uint8 would otherwise mean a mask).
    if idx.dtype not in (torch.int64, torch.int32):
        idx = idx.to(torch.int64)
    return idx.unbind(-1)


def _fast(*arrays: Any) -> bool:
    return not torch.compiler.is_compiling() and all(a.device.type == "cpu" for a in arrays)


def _host(idx: Any) -> np.ndarray:
    return idx.detach().cpu().numpy()


def gather_nd(x: Any, idx: Any, plan: _common.GatherPlan, fn: str) -> Any:
    if not plan.batch and _fast(x, idx):
        try:
            return x[_columns(idx)]
        except IndexError:
            _common.raise_out_of_bounds(fn, _host(idx), plan.dims)
    out, bad = _common.gather_nd(OPS, x, idx, plan)
    if not torch.compiler.is_compiling() and bool(bad):
        _common.raise_out_of_bounds(fn, _host(idx), plan.dims, first_axis=len(plan.batch))
    return out


#: torch's uint16/uint32 lack scatter kernels; int64 holds every value of them exactly and
#: wraps like them mod 2^k, so the update runs in int64 and is cast back.
_WIDEN = {torch.uint16, torch.uint32}


def update_nd(
    x: Any, idx: Any, updates: Any, plan: _common.ScatterPlan, fn: str, what: str, copy: bool
) -> Any:
    if x.dtype in _WIDEN:
        wide = update_nd(x.to(torch.int64), idx, updates.to(torch.int64), plan, fn, what, False)
        return wide.to(x.dtype)
    if plan.reduction == "add" and _fast(x, idx, updates):
        try:
            if copy or x.requires_grad:
                return torch.index_put(x, _columns(idx), updates, accumulate=True)
            return x.index_put_(_columns(idx), updates, accumulate=True)
        except IndexError:
            _common.raise_out_of_bounds(fn, _host(idx), plan.dims, what=what)
    out, bad = _common.update_nd(OPS, x, idx, updates, plan, drop=True)
    if not torch.compiler.is_compiling() and bool(bad):
        _common.raise_out_of_bounds(fn, _host(idx), plan.dims, what=what)
    return out
