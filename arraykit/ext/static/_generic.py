"""The fixed-size functions over the standard namespace: what every backend without its own
module runs (numpy, torch, tensorflow, mxnet, array-api-strict, dask...), written once.

No shape depends on the data: the input is sorted once (``argsort(stable=True)``, NaNs last
as the standard namespaces arraykit serves sort them), the positions of what is kept are
brought to the front by a second stable ``argsort`` of a 0/1 key, and the result is cut or
padded to ``size`` with a ``where`` against the count of what was found. Only ``argsort``,
``take``, ``cumulative_sum``, comparisons and ``where``, so it compiles under jax.jit, XLA
in TensorFlow and ``torch.compile(fullgraph=True)`` alike. Arguments arrive checked
(``arraykit.ext.static``); ``fill`` is a Python scalar, a 0-d array or None.
"""

from __future__ import annotations

import math
from typing import Any

from ... import array_namespace, device


def _device(x: Any) -> Any:
    """``x``'s device for a creation function's ``device=``; None (the default device) where
    the namespace's arrays have no ``device`` attribute (MXNet's: ``arraykit.device`` raises
    AttributeError there)."""
    try:
        return device(x)
    except AttributeError:
        return None


def _fill(xp: Any, fill: Any, dtype: Any, dev: Any) -> Any:
    """``fill`` as a 0-d array of ``dtype`` (jax's rule: the fill value is cast)."""
    if not hasattr(fill, "shape"):
        # The scalar's own dtype first: asarray(9.0, dtype=int32) is refused by some namespaces
        # (TF), and the standard leaves it open.
        fill = xp.asarray(fill, device=dev)
    return fill if fill.dtype == dtype else xp.astype(fill, dtype)


def _fit(xp: Any, a: Any, size: int) -> Any:
    """``a`` cut or zero-padded along axis 0 to ``size`` (the padding is overwritten by the
    caller's ``where``)."""
    n = a.shape[0]
    if size <= n:
        return a[:size, ...]
    pad = xp.zeros((size - n, *a.shape[1:]), dtype=a.dtype, device=_device(a))
    return xp.concat([a, pad], axis=0)


def _front(xp: Any, keep: Any) -> tuple[Any, Any]:
    """(positions of the True entries of the 1-d ``keep`` first, in order, then the others;
    how many are True, a 0-d array)."""
    index = xp.argsort(xp.astype(xp.logical_not(keep), xp.int32), stable=True)
    return index, xp.sum(xp.astype(keep, index.dtype))


def _valid(xp: Any, size: int, count: Any, like: Any) -> Any:
    """``arange(size) < count``: which of the ``size`` outputs hold a result."""
    return xp.arange(size, dtype=like.dtype, device=_device(like)) < count


def _sorted(xp: Any, x: Any) -> tuple[Any, Any, Any]:
    """(x flattened and sorted stably, the sorting permutation, where each distinct value
    starts: True at its first entry). NaN != NaN, so each NaN is a value of its own, as the
    standard's unique_* count them."""
    flat = xp.reshape(x, (-1,))
    # The standard sorts real numbers only: booleans sort as 0/1.
    key = xp.astype(flat, xp.uint8) if flat.dtype == xp.bool else flat
    perm = xp.argsort(key, stable=True)
    v = xp.take(flat, perm)
    head = xp.ones((1,), dtype=xp.bool, device=_device(x))
    starts = xp.concat([head, v[1:] != v[:-1]])
    return v, perm, starts


def _values(xp: Any, v: Any, firsts: Any, count: Any, size: int, fill: Any) -> Any:
    out = _fit(xp, xp.take(v, firsts), size)
    fill = v[0] if fill is None else _fill(xp, fill, v.dtype, _device(v))
    return xp.where(_valid(xp, size, count, firsts), out, fill)


def _empty_values(xp: Any, x: Any, size: int, fill: Any) -> Any:
    if fill is None:  # size 0 (checked): nothing to fill
        return xp.zeros((0,), dtype=x.dtype, device=_device(x))
    return _filled(xp, _fill(xp, fill, x.dtype, _device(x)), (size,))


def _filled(xp: Any, fill: Any, shape: tuple[int, ...]) -> Any:
    """A new array of ``shape`` holding the 0-d ``fill`` (which may be traced under a
    compiler: ``full`` takes Python scalars only)."""
    return xp.asarray(xp.broadcast_to(fill, shape), copy=True)


def _index_zeros(xp: Any, shape: tuple[int, ...], like: Any) -> Any:
    """Zeros of the default index dtype (what ``argsort`` returns)."""
    kind = xp.argsort(xp.zeros((1,), device=_device(like))).dtype
    return xp.zeros(shape, dtype=kind, device=_device(like))


def unique_values(x: Any, size: int, fill: Any) -> Any:
    xp = array_namespace(x)
    if math.prod(x.shape) == 0:
        return _empty_values(xp, x, size, fill)
    v, _, starts = _sorted(xp, x)
    firsts, count = _front(xp, starts)
    return _values(xp, v, firsts, count, size, fill)


def unique_counts(x: Any, size: int, fill: Any) -> tuple[Any, Any]:
    xp = array_namespace(x)
    n = math.prod(x.shape)
    if n == 0:
        return _empty_values(xp, x, size, fill), _index_zeros(xp, (size,), x)
    v, _, starts = _sorted(xp, x)
    firsts, count = _front(xp, starts)
    # A value's count: where the next value starts (n after the last one) minus where it
    # starts; 0 past the last value.
    j = xp.arange(n, dtype=firsts.dtype, device=_device(x))
    end = xp.full((1,), n, dtype=firsts.dtype, device=_device(x))
    nxt = xp.where(j + 1 < count, xp.concat([firsts[1:], end]), end)
    counts = xp.where(j < count, nxt - firsts, xp.zeros_like(firsts))
    return _values(xp, v, firsts, count, size, fill), _fit(xp, counts, size)


def unique_inverse(x: Any, size: int, fill: Any) -> tuple[Any, Any]:
    xp = array_namespace(x)
    if math.prod(x.shape) == 0:
        return _empty_values(xp, x, size, fill), _index_zeros(xp, tuple(x.shape), x)
    v, perm, starts = _sorted(xp, x)
    firsts, count = _front(xp, starts)
    # Each sorted entry's value number, put back in x's order by the inverse permutation.
    rank = xp.cumulative_sum(xp.astype(starts, perm.dtype)) - 1
    inverse = xp.take(rank, xp.argsort(perm, stable=True))
    return _values(xp, v, firsts, count, size, fill), xp.reshape(inverse, tuple(x.shape))


def _selected(xp: Any, keep: Any, size: int) -> tuple[Any, Any]:
    """(flat positions of the first ``size`` True entries of the 1-d ``keep``, zero-padded;
    which of them are real)."""
    index, count = _front(xp, keep)
    index = _fit(xp, index, size)
    return index, _valid(xp, size, count, index)


def nonzero(x: Any, size: int, fill: tuple[Any, ...]) -> tuple[Any, ...]:
    xp = array_namespace(x)
    shape = tuple(x.shape)
    if math.prod(shape) == 0:
        zeros = _index_zeros(xp, (size,), x)
        return tuple(zeros + _fill(xp, f, zeros.dtype, _device(x)) for f in fill)
    flat, valid = _selected(xp, xp.astype(xp.reshape(x, (-1,)), xp.bool), size)
    coords = []
    for d in reversed(shape):  # row-major unravelling of the flat positions
        # The functions, not % and //: MXNet's arrays have no // operator.
        coords.append(xp.remainder(flat, d))
        flat = xp.floor_divide(flat, d)
    return tuple(
        xp.where(valid, c, _fill(xp, f, c.dtype, _device(x)))
        for c, f in zip(reversed(coords), fill)
    )


def masked_select(x: Any, mask: Any, size: int, fill: Any) -> Any:
    xp = array_namespace(x)
    lead = math.prod(mask.shape)
    rest = tuple(x.shape[mask.ndim:])
    fill = _fill(xp, fill, x.dtype, _device(x))
    if lead == 0:
        return _filled(xp, fill, (size, *rest))
    index, valid = _selected(xp, xp.reshape(mask, (-1,)), size)
    rows = xp.take(xp.reshape(x, (lead, *rest)), index, axis=0)
    return xp.where(xp.reshape(valid, (size,) + (1,) * len(rest)), rows, fill)
