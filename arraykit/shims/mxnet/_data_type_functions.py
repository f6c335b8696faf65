"""Data-type functions: astype, can_cast, finfo, iinfo, isdtype, result_type.

MXNet has no ``can_cast`` or ``iinfo`` of its own and its ``finfo``/``result_type`` follow
NumPy's value-based rules; these follow the standard's table (``_common/dtypes.py``)
restricted to the dtypes MXNet holds.
"""

from __future__ import annotations

import numpy as onp

from .._common import checks as _c
from .._common import data_types as _dtf
from .._common import utils as _u
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import check_device, ndarray, require_array


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype``: MXNet's differentiable cast; TypeError for dtypes MXNet lacks."""
    src = require_array(x, "astype")
    if isinstance(dtype, str):
        raise _c.dtype_given_as_string("astype", dtype)
    name = D.dtype_name(dtype, "astype")
    out = x
    if device is not None:
        ctx = check_device(device, "astype")
        if ctx != x.ctx:
            out = out.as_in_ctx(ctx)
            copy = False
    if name != src:
        return out.astype(name)
    return out.copy() if copy else out


def can_cast(from_, to, /):
    """Array API ``can_cast``: whether promotion of ``from_`` and ``to`` gives ``to``."""
    f = _dtf.arg_name(_p, from_, "can_cast")
    t = D.dtype_name(to, "can_cast")
    return _u.can_cast_names(f, t)


def finfo(type, /):
    """Array API ``finfo`` (the rule: ``_common.data_types``)."""
    return _dtf.finfo(_p, type)


def iinfo(type, /):
    """Array API ``iinfo`` (the rule: ``_common.data_types``)."""
    return _dtf.iinfo(_p, type)


def isdtype(dtype, kind):
    """Array API ``isdtype``; ``kind`` is a dtype, a kind name or a tuple of them.

    A pure query: it also answers for dtypes MXNet cannot hold (int16, complex64, ...).
    """
    if isinstance(dtype, ndarray):
        raise TypeError("isdtype: expected a dtype, got an array")
    if isinstance(dtype, str):
        raise _c.dtype_given_as_string("isdtype", dtype)
    name = _c.numpy_dtype(dtype, "isdtype").name
    return _u.isdtype_names(name, kind, lambda k: onp.dtype(k).name)


def result_type(*arrays_and_dtypes):
    """Array API ``result_type`` (the rule: ``_common.data_types``)."""
    return _dtf.result_type(_p, arrays_and_dtypes)
