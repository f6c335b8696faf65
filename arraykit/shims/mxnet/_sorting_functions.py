"""Sorting functions: the rules are ``_common.sorting``'s; MXNet's part is below.

MXNet's ``argsort`` is not stable (not even with ``kind='stable'``); stability is restored here
(see :func:`_stable_argsort_last`).  Descending order is an ascending stable sort of an
order-reversing key, which keeps equal elements in their original order.
"""

from __future__ import annotations

import numpy as onp
from mxnet import autograd as _autograd  # pyright: ignore[reportAttributeAccessIssue]
from mxnet import np as mnp

from .._common.sorting import sorting_functions
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import where as _where
from ._indexing_functions import take_along_axis

_INTEGRAL = D.KIND_SETS["integral"]
_name_of = _p.name_of


def _host_argsort(h, ax, descending):
    """NumPy's stable argsort of host array ``h`` along ``ax`` by the rule of
    :func:`_stable_argsort_last`: NaN last, or first when ``descending``, ties in their
    original order."""
    if not descending:
        return onp.argsort(h, axis=ax, kind="stable")  # NumPy's order: NaN last
    key = onp.invert(h) if h.dtype.kind in "iu" else onp.negative(h)
    if h.dtype.kind == "f":
        nan = onp.isnan(key)
        if nan.any():
            # NaN first: sorted by "not NaN", then by the key (lexsort is stable).
            return onp.lexsort((onp.where(nan, -onp.inf, key), ~nan), axis=ax)
    return onp.argsort(key, axis=ax, kind="stable")


#: Whether a sort of ``x`` runs on the host (NumPy's stable sort of the copy ``asnumpy``
#: makes, then one copy back by ``_primitives.host_array``): ``x`` in CPU memory. The MXNet
#: composition below is ~40 operators a call (~2.8 ms on 16 elements, against ~75 us for
#: MXNet's own unstable sort; MXNet 1.9.1, CPU time); the host way ~70 us. Sorted values
#: keep the composition while autograd records (their gradient flows through
#: ``take_along_axis``); indices have none.
_on_host = _p.on_host


def _argsort_along(x, ax, descending):
    """Always the stable sort: MXNet's own argsort is unstable, and NaN breaks it."""
    if _on_host(x):
        return _p.host_array(_host_argsort(_p.host_read(x), ax, descending).astype("int64"),
                             x.ctx)
    # Descending: ``~x`` reverses integer order without overflow, ``-x`` reverses float order.
    key = x if not descending else (
        mnp.bitwise_not(x) if _name_of(x) in _INTEGRAL else -x)
    last = ax == x.ndim - 1
    if not last:
        key = mnp.moveaxis(key, ax, -1)
    idx = _stable_argsort_last(key, nan_first=bool(descending))
    return idx if last else mnp.moveaxis(idx, -1, ax)


def _stable_argsort_last(key, nan_first=False):
    """A stable argsort along the last axis, nan last (``nan_first``: first).

    MXNet's argsort is unstable, and nan breaks its comparator (the output is not even
    sorted), so: replace nan by +inf (-inf) and sort once; number the runs of equal keys; then
    sort ``(2 * run + isnan) * n + index`` (``not isnan``), whose entries are all distinct, so
    the second sort's (in)stability does not matter (exact in int64 for n < 2e9). Descending
    sorts pass ``-x`` with ``nan_first``: NaN is the largest value, as in NumPy, torch and JAX.
    """
    n = key.shape[-1]
    nan = None
    if key.dtype.kind == "f":
        nan = mnp.isnan(key)
        key = _where(nan, mnp.full_like(key, float("-inf" if nan_first else "inf")), key)
    idx = mnp.argsort(key, axis=-1).astype("int64")
    if n < 2:
        return idx
    s = take_along_axis(key, idx, axis=-1)
    new_run = mnp.not_equal(s[..., 1:], s[..., :-1]).astype("int64")
    run = mnp.cumsum(new_run, axis=new_run.ndim - 1)  # MXNet's cumsum: no negative axis
    run = mnp.concatenate([mnp.zeros(run.shape[:-1] + (1,), dtype="int64", ctx=run.ctx), run],
                          axis=-1)
    if nan is not None:
        flag = mnp.logical_not(nan) if nan_first else nan
        run = run * 2 + take_along_axis(flag.astype("int64"), idx, axis=-1)
    order = mnp.argsort(run * n + idx, axis=-1).astype("int64")
    return take_along_axis(idx, order, axis=-1)


def _sort_along(x, ax, descending):
    if not descending and _name_of(x) in _INTEGRAL:
        return mnp.sort(x, axis=ax)
    if not _autograd.is_recording() and _on_host(x):
        h = _p.host_read(x)
        r = onp.sort(h, axis=ax, kind="stable") if not descending else onp.take_along_axis(
            h, _host_argsort(h, ax, descending), axis=ax)
        return _p.host_array(r, x.ctx)
    # nan breaks MXNet's float comparator: gather through the nan-safe argsort.
    return take_along_axis(x, _argsort_along(x, ax, descending), axis=ax)


argsort, sort = sorting_functions(_p, _argsort_along, _sort_along, __name__)
