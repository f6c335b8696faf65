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


#: What paddle.sort/argsort call in eager and PIR mode (3.3.1), after a decorator and a Python
#: frame (~2 us a call): (sorted values, indices).
_C_ARGSORT = paddle._C_ops.argsort


def _argsort_along(x, ax, descending):
    if _name_of(x) in _CARRIED:
        x = paddle.cast(x, CARRIER)
    return _C_ARGSORT(x, ax, bool(descending), True)[1]


def _sort_along(x, ax, descending):
    name = _name_of(x)
    if name in _CARRIED:
        return paddle.cast(_C_ARGSORT(paddle.cast(x, CARRIER), ax, bool(descending), True)[0],
                           name)
    return _C_ARGSORT(x, ax, bool(descending), True)[0]


argsort, sort = sorting_functions(_p, _argsort_along, _sort_along, __name__)
