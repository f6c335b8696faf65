"""Data-type functions: astype, can_cast, finfo, iinfo, isdtype, result_type.

MXNet has no ``can_cast`` or ``iinfo`` of its own and its ``finfo``/``result_type`` follow
NumPy's value-based rules; these follow the standard's table (``_common/dtypes.py``)
restricted to the dtypes MXNet holds. Every function but ``astype`` reads dtypes only, no
MXNet operator: they run outside MXNet's NumPy mode (``_helpers.mode_free``; finfo 2.9 ->
~1.0 us a call, MXNet's own 0.93).
"""

from __future__ import annotations

from .._common import data_types as _dtf
from . import _primitives as _p
from ._helpers import mode_free

_astype_args = _dtf.astype_rules(_p)


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype`` (the rules: ``_common.data_types.astype_rules``): MXNet's
    differentiable cast."""
    src, name, ctx = _astype_args(x, dtype, device)
    out = x
    if ctx is not None and ctx != x.ctx:
        out = out.as_in_ctx(ctx)
        copy = False
    if name != src:
        return out.astype(name)
    return out.copy() if copy else out


@mode_free
def can_cast(from_, to, /):
    """Array API ``can_cast`` (the rule: ``_common.data_types``)."""
    return _dtf.can_cast(_p, from_, to)


@mode_free
def finfo(type, /):
    """Array API ``finfo`` (the rule: ``_common.data_types``)."""
    return _dtf.finfo(_p, type)


@mode_free
def iinfo(type, /):
    """Array API ``iinfo`` (the rule: ``_common.data_types``)."""
    return _dtf.iinfo(_p, type)


@mode_free
def isdtype(dtype, kind):
    """Array API ``isdtype`` (the rule: ``_common.data_types``)."""
    return _dtf.isdtype(_p, dtype, kind)


@mode_free
def result_type(*arrays_and_dtypes):
    """Array API ``result_type`` (the rule: ``_common.data_types``)."""
    return _dtf.result_type(_p, arrays_and_dtypes)
