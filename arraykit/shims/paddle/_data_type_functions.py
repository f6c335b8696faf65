"""Data-type functions: astype, can_cast, finfo, iinfo, isdtype, result_type, on the
standard's table (``_common/dtypes.py``) restricted to the dtypes Paddle computes in."""

from __future__ import annotations

import paddle

from .._common import data_types as _dtf
from . import _dtypes as _d
from . import _primitives as _p
from ._helpers import to_place

_astype_args = _dtf.astype_rules(_p)
#: paddle.cast's eager call for a dtype object is this kernel call; its name's conversion
#: (``convert_np_dtype_to_dtype_``, ~1 us) gives these very objects for these names.
_CAST = paddle._C_ops.cast
_CAST_TO = {n: _d.DTYPES[n] for n in _d.SUPPORTED}


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype`` (the rules: ``_common.data_types.astype_rules``): Paddle's
    (differentiable) cast."""
    src, name, place = _astype_args(x, dtype, device)
    out = x
    if place is not None and place != x.place:
        out = to_place(out, place)
        copy = False
    if name != src:
        to = _CAST_TO.get(name)
        return paddle.cast(out, name) if to is None else _CAST(out, to)
    return out.clone() if copy else out


def can_cast(from_, to, /):
    """Array API ``can_cast`` (the rule: ``_common.data_types``)."""
    return _dtf.can_cast(_p, from_, to)


def finfo(type, /):
    """Array API ``finfo`` (the rule: ``_common.data_types``)."""
    return _dtf.finfo(_p, type)


def iinfo(type, /):
    """Array API ``iinfo`` (the rule: ``_common.data_types``)."""
    return _dtf.iinfo(_p, type)


def isdtype(dtype, kind):
    """Array API ``isdtype`` (the rule: ``_common.data_types``)."""
    return _dtf.isdtype(_p, dtype, kind)


def result_type(*arrays_and_dtypes):
    """Array API ``result_type`` (the rule: ``_common.data_types``)."""
    return _dtf.result_type(_p, arrays_and_dtypes)
