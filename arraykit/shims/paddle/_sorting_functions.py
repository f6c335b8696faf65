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


_rules_argsort, _rules_sort = sorting_functions(_p, _argsort_along, _sort_along, __name__)
_Tensor = paddle.Tensor
#: The dtypes the kernel sorts as they are (the rules carry bool and narrow integers).
_KERNEL_DTYPES = (paddle.float32, paddle.float64, paddle.int32, paddle.int64)


def _kernel_axis(x, axis):
    """The axis the rules would pass to the kernel for ``x`` (exactly a float32, float64,
    int32 or int64 tensor with at least one axis and no zero extent) and an int ``axis`` in
    range; None for every other call (the rules)."""
    if type(x) is not _Tensor or type(axis) is not int:
        return None
    d = x.dtype
    if d is not _KERNEL_DTYPES[0] and d is not _KERNEL_DTYPES[1] \
            and d is not _KERNEL_DTYPES[2] and d is not _KERNEL_DTYPES[3]:
        return None
    shape = x.shape
    n = len(shape)
    if n == 0 or 0 in shape or not -n <= axis < n:
        return None
    return axis + n if axis < 0 else axis


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    # Measured fast path: the rules' kernel call after one dtype and one shape read (they
    # read the dtype twice, through three frames: +1.1 us a call over paddle.argsort).
    if descending is False and stable is True:
        ax = _kernel_axis(x, axis)
        if ax is not None:
            return _C_ARGSORT(x, ax, False, True)[1]
    return _rules_argsort(x, axis=axis, descending=descending, stable=stable)


def sort(x, /, *, axis=-1, descending=False, stable=True):
    # The fast path of argsort.
    if descending is False and stable is True:
        ax = _kernel_axis(x, axis)
        if ax is not None:
            return _C_ARGSORT(x, ax, False, True)[0]
    return _rules_sort(x, axis=axis, descending=descending, stable=stable)


for _f, _rule in ((argsort, _rules_argsort), (sort, _rules_sort)):
    _f.__doc__ = _rule.__doc__
    setattr(_f, "__wrapped__", _rule)  # noqa: B010 - the Python path the fast one is checked against
