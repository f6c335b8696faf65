"""Sorting functions: the rules are ``_common.sorting``'s; Paddle's stable sort does the rest
(NaN last ascending, first descending, as NumPy's ``flip(sort(x))``)."""

from __future__ import annotations

import paddle

from .._common.sorting import sorting_functions
from . import _primitives as _p
from ._helpers import CARRIER

#: Dtypes Paddle's sort kernels lack (uint8 is also how ``_common.sorting`` carries bool),
#: sorted in the carrier dtype.
_CARRIED = frozenset(("int8", "int16", "uint8"))
_name_of = _p.name_of


def _argsort_along(x, ax, descending):
    if _name_of(x) in _CARRIED:
        x = paddle.cast(x, CARRIER)
    return paddle.argsort(x, axis=ax, descending=bool(descending), stable=True)


def _sort_along(x, ax, descending):
    name = _name_of(x)
    if name in _CARRIED:
        return paddle.cast(paddle.sort(paddle.cast(x, CARRIER), axis=ax,
                                       descending=bool(descending), stable=True), name)
    return paddle.sort(x, axis=ax, descending=bool(descending), stable=True)


argsort, sort = sorting_functions(_p, _argsort_along, _sort_along, __name__)
