"""Data type functions: astype, can_cast, finfo, iinfo, isdtype, result_type."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import data_types as _dtf
from .._common import utils as _u
from .._common.checks import shown
from . import _dtypes as _t
from . import _primitives as _p
from ._base import OpError, arr, translate
from ._devices import check_device

__all__ = ["astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype``. Complex -> real raises TypeError (the spec leaves it unspecified;
    take ``real`` first); complex -> bool is ``x != 0``."""
    x = arr(x, "astype")
    dtype = _t.dtype_arg(dtype, "astype")
    if dtype is None:
        raise TypeError("astype: None is not an Array API data type")
    d = x.dtype
    dev = check_device(device)
    try:
        if d is dtype:
            # A new buffer (tf.identity shares x's: see asarray).
            out = _a.snapshot(x) if copy else x
        elif d in _t._CPLX and dtype is tf.bool:
            out = _m.not_equal(x, tf.zeros((), d))
        elif d in _t._CPLX and dtype not in _t._CPLX:
            raise TypeError(f"astype: cannot cast {_t.dtype_name(d)} to {_t.dtype_name(dtype)}"
                            "; take real() first")
        elif dtype is tf.bool:
            out = _m.not_equal(x, tf.zeros((), d))
        else:
            out = _m.cast(x, dtype)
        if dev is not None:
            with tf.device(str(dev)):
                out = tf.identity(out)
        return out
    except OpError as e:
        raise translate("astype", e, x) from None


def _dt(x, fname):
    if isinstance(x, tf.DType):
        return x
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return x.dtype
    raise TypeError(f"{fname}: expected a dtype or an array, got {shown(x)}")


def can_cast(from_, to, /):
    """Array API ``can_cast``: True where the standard's promotion of ``from_`` and ``to`` is
    ``to``."""
    return _u.can_cast_names(_t.dtype_name(_dt(from_, "can_cast")), _t.dtype_name(to))


def finfo(type, /):
    """Array API ``finfo`` (the rule: ``_common.data_types``)."""
    return _dtf.finfo(_p, type)


def iinfo(type, /):
    """Array API ``iinfo`` (the rule: ``_common.data_types``)."""
    return _dtf.iinfo(_p, type)


def isdtype(dtype, kind):
    """Array API ``isdtype``: ``kind`` is a kind string, a dtype or a tuple of those."""
    if not isinstance(dtype, tf.DType):
        raise TypeError(f"isdtype: expected a dtype, got {shown(dtype)}")
    return _u.isdtype_names(_t.dtype_name(dtype), kind, _t.dtype_name)


def result_type(*arrays_and_dtypes):
    """Array API ``result_type`` (the rule: ``_common.data_types``)."""
    return _dtf.result_type(_p, arrays_and_dtypes)
