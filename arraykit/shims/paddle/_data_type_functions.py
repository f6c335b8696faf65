"""Data-type functions: astype, can_cast, finfo, iinfo, isdtype, result_type, on the
standard's table (``_common/dtypes.py``) restricted to the dtypes Paddle computes in."""

from __future__ import annotations

import paddle

from .._common import data_types as _dtf
from .._common import utils as _u
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import Tensor, check_device, require_array, to_place


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype``: Paddle's (differentiable) cast."""
    src = require_array(x, "astype")
    name = D.dtype_name(dtype, "astype")
    out = x
    place = check_device(device, "astype")
    if place is not None and place != x.place:
        out = to_place(out, place)
        copy = False
    if name != src:
        if src in D.KIND_SETS["complex floating"] and name not in D.KIND_SETS[
                "complex floating"]:
            raise TypeError(f"astype: casting complex {src} to {name} discards the imaginary "
                            "part; take real() first")
        return paddle.cast(out, name)
    return out.clone() if copy else out


def _query_name(a, fname):
    """The standard name of an array's dtype or of a dtype, uint16/32/64 included."""
    if isinstance(a, Tensor):
        return require_array(a, fname)
    if isinstance(a, paddle.dtype):
        name = D.STANDARD_NAME_OF.get(a)
        if name is not None:
            return name
    return D.dtype_name(a, fname)


def can_cast(from_, to, /):
    """Array API ``can_cast``: whether promotion of ``from_`` and ``to`` gives ``to`` (a pure
    query: it also answers for uint16/32/64, which Paddle cannot compute in)."""
    return _u.can_cast_names(_query_name(from_, "can_cast"), _query_name(to, "can_cast"))


def finfo(type, /):
    """Array API ``finfo`` (the rule: ``_common.data_types``)."""
    return _dtf.finfo(_p, type)


def iinfo(type, /):
    """Array API ``iinfo`` (the rule: ``_common.data_types``)."""
    return _dtf.iinfo(_p, type)


def isdtype(dtype, kind):
    """Array API ``isdtype``; a pure query that also answers for uint16/32/64."""
    if isinstance(dtype, Tensor):
        raise TypeError("isdtype: expected a dtype, got an array")
    names = D.STANDARD_NAME_OF
    try:
        name = names[dtype]
    except (KeyError, TypeError):
        raise TypeError(f"isdtype: a {type(dtype).__name__} is not a dtype") from None

    def to_name(k):
        try:
            return names[k]
        except (KeyError, TypeError):
            raise TypeError(f"isdtype: a {type(k).__name__} is not a dtype or a kind") from None

    return _u.isdtype_names(name, kind, to_name)


def result_type(*arrays_and_dtypes):
    """Array API ``result_type`` (the rule: ``_common.data_types``)."""
    return _dtf.result_type(_p, arrays_and_dtypes)
