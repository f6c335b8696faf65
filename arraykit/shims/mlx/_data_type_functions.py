"""Data-type functions: astype, can_cast, finfo, iinfo, isdtype, result_type.

MLX's own ``result_type``/``can_cast`` follow its promotion (bool + int8 is int8, uint64 +
int64 is float32); these follow the standard's table (``_common.dtypes``) restricted to the
dtypes MLX holds.
"""

from __future__ import annotations

import mlx.core as mx

from .._common import data_types as _dtf
from . import _dtypes as D
from . import _primitives as _p

_astype_args = _dtf.astype_rules(_p)


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype`` (the rules: ``_common.data_types.astype_rules``): MLX's
    (differentiable) cast."""
    src, name, _ = _astype_args(x, dtype, device)
    if name != src:
        return x.astype(D.DTYPES[name])
    return mx.array(x) if copy else x


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
