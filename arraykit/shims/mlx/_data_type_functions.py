"""Data-type functions: astype, can_cast, finfo, iinfo, isdtype, result_type.

MLX's own ``result_type``/``can_cast`` follow its promotion (bool + int8 is int8, uint64 +
int64 is float32); these follow the standard's table (``_common.dtypes``) restricted to the
dtypes MLX holds.
"""

from __future__ import annotations

import mlx.core as mx

from .._common import data_types as _dtf
from .._common import utils as _u
from .._common.checks import shown
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import array, check_device, require_array


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype``: MLX's (differentiable) cast; TypeError for complex128."""
    src = require_array(x, "astype")
    name = D.dtype_name(dtype, "astype")
    if device is not None:
        check_device(device, "astype")
    if name != src:
        if src in D.COMPLEX and name not in D.COMPLEX:
            raise TypeError(f"astype: casting {src} to {name} would drop the imaginary "
                            "part; take real(x) first")
        return x.astype(D.DTYPES[name])
    return mx.array(x) if copy else x


def _query_name(a, fname):
    """A dtype's name for the pure queries (``can_cast``, ``isdtype``): complex128 answers
    too, although MLX cannot hold it."""
    if type(a) is not array and not isinstance(a, str) and a == D.DTYPES["complex128"]:
        return "complex128"
    return _dtf.arg_name(_p, a, fname)


def can_cast(from_, to, /):
    """Array API ``can_cast``: whether the standard's promotion of ``from_`` and ``to``
    gives ``to`` (a pure query: complex128 answers too)."""
    return _u.can_cast_names(_query_name(from_, "can_cast"), _query_name(to, "can_cast"))


def finfo(type, /):
    """Array API ``finfo`` (the rule: ``_common.data_types``)."""
    return _dtf.finfo(_p, type)


def iinfo(type, /):
    """Array API ``iinfo`` (the rule: ``_common.data_types``)."""
    return _dtf.iinfo(_p, type)


def isdtype(dtype, kind):
    """Array API ``isdtype``; ``kind`` is a dtype, a kind name or a tuple of them. A pure
    query: complex128 answers too, although MLX cannot hold it."""
    if type(dtype) is array:
        raise TypeError("isdtype: expected a dtype, got an array")
    name = D.NAME_OF.get(dtype) if not isinstance(dtype, str) else None
    if name is None:
        if dtype == D.DTYPES["complex128"] and not isinstance(dtype, str):
            name = "complex128"
        else:
            raise TypeError(f"isdtype: {shown(dtype)} is not a data type of the array API standard")

    def to_name(k):
        n = D.NAME_OF.get(k)
        if n is None and k == D.DTYPES["complex128"]:
            return "complex128"
        if n is None:
            raise TypeError(f"isdtype: {shown(k)} is not a data type or a kind")
        return n

    return _u.isdtype_names(name, kind, to_name)


def result_type(*arrays_and_dtypes):
    """Array API ``result_type`` (the rule: ``_common.data_types``)."""
    return _dtf.result_type(_p, arrays_and_dtypes)
