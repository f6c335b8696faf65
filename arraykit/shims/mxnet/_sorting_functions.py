"""Sorting functions: ``sort`` and ``argsort`` with ``descending`` and ``stable``.

Descending order is an ascending stable sort of an order-reversing key, which keeps equal
elements in their original order (as the standard asks for ``stable=True``).
"""

from __future__ import annotations

from mxnet import np as mnp

from . import _dtypes as D
from ._helpers import normalize_axis, require_array


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``argsort`` (int64 indices)."""
    n = require_array(x, "argsort")
    D.check_kind(n, "real numeric", "argsort") if n != "bool" else None
    if x.ndim == 0:
        return mnp.zeros((), dtype="int64", ctx=x.ctx)
    ax = normalize_axis(axis, x.ndim, "argsort")
    if n == "bool":
        x = x.astype("int8")
    if not descending:
        return mnp.argsort(x, axis=ax, kind="stable").astype("int64")
    # A stable ascending sort of an order-reversing key keeps ties in input order: ``~x``
    # reverses integer order without overflow, ``-x`` reverses float order.
    key = ~x if x.dtype.kind in "iu" else -x
    return mnp.argsort(key, axis=ax, kind="stable").astype("int64")


def sort(x, /, *, axis=-1, descending=False, stable=True):
    """Array API ``sort``."""
    n = require_array(x, "sort")
    if x.ndim == 0:
        return x.copy()
    ax = normalize_axis(axis, x.ndim, "sort")
    if not descending:
        if n == "bool":
            return mnp.sort(x.astype("int8"), axis=ax).astype("bool")
        return mnp.sort(x, axis=ax)
    idx = argsort(x, axis=ax, descending=True, stable=stable)
    return mnp.take_along_axis(x, idx, axis=ax)
