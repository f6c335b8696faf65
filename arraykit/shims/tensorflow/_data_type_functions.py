"""Data type functions: astype, can_cast, finfo, iinfo, isdtype, result_type."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import data_types as _dtf
from . import _dtypes as _t
from . import _primitives as _p
from ._base import ET, OpError, translate

__all__ = ["astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]

_astype_args = _dtf.astype_rules(_p)


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype`` (the rules: ``_common.data_types.astype_rules``); a new buffer for
    ``copy=True`` of the same dtype (``tf.identity`` shares x's: see asarray)."""
    src, name, dev = _astype_args(x, dtype, device)
    if type(x) is not ET and isinstance(x, tf.Variable):
        x = x.value()
    try:
        if src == name:
            out = _a.snapshot(x) if copy else x
        elif name == "bool":
            out = _m.not_equal(x, tf.zeros((), x.dtype))
        else:
            out = _m.cast(x, _t.DTYPES[name])
        if dev is not None:
            with tf.device(str(dev)):
                out = tf.identity(out)
        return out
    except OpError as e:
        raise translate("astype", e, x) from None


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
