"""The TensorFlow operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``).

TF's own hot paths keep ``tf.DType`` objects (interned: promotion is an identity test and one
dict lookup, and the generated ops take them as they are, ``_dtypes.promote_args``); the
functions written once in ``_common`` work on standard names through this module.
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _ga
from tensorflow.python.ops import gen_math_ops as _m

from .._common import dtypes as _d
from .._common import operands as _operands
from .._common.sizes import check_shape
from .._common.statistics import CHAINED_SUM_MAX, reduced_count
from .._common.statistics import blocked_sum as _blocked
from . import _dtypes as _t
from ._base import ET, axes_arg, on_cpu, zero_like
from ._devices import check_device, on
from ._devices import device_of as _device_of

FRAMEWORK = f"TensorFlow {tf.__version__}"
ARRAY_TYPE = (tf.Tensor, tf.Variable)
ARRAY_NOUN = "a tf.Tensor or tf.Variable"
DTYPES = _t.DTYPES
SUPPORTED = _d.ALL
DEFAULT_FLOAT = _d.DEFAULT_DTYPES["real floating"]
DEFAULT_COMPLEX = _d.DEFAULT_DTYPES["complex floating"]
_NAMES = _t._NAMES
_DTYPES = _t.DTYPES


DTYPE_RULES = _operands.DtypeRules(FRAMEWORK, SUPPORTED, DEFAULT_FLOAT, DEFAULT_COMPLEX,
                                   dtypes=DTYPES, native_type=tf.DType)


_NAMES_BY_ENUM = {d.as_datatype_enum: n for d, n in _NAMES.items()}


def name_of(x) -> str | None:
    """By the dtype's enum for an eager tensor: hashing a ``tf.DType`` made a reduction after
    it 4-5 us slower (process time, TF 2.21, 2026-12-05)."""
    if type(x) is ET:
        return _NAMES_BY_ENUM.get(x._datatype_enum())
    return _NAMES.get(x.dtype)


def unsupported(x, fname: str) -> TypeError:
    return TypeError(f"{fname}: {x.dtype!r} is not an Array API data type")


# The reading itself (``_common.data_types.dtype_readers``), as on the other shims.
dtype_arg = DTYPE_RULES.dtype_name


def cast(x, name: str):
    d = _DTYPES[name]
    if x.dtype is d:
        return x
    if type(x) is ET:  # the generated op: tf.cast's dispatch cost 7x a cast of 128 ints
        return _m.cast(x, d)
    return tf.cast(x, d)


def scalar_array(value, name: str, like=None, fname: str = "asarray"):
    return _t._scalar_const(value, _DTYPES[name], fname)


#: TF's ops take no Python scalars of their own dtype rule: a scalar is a 0-d tensor.
scalar_operand = scalar_array


def broadcast_to(x, shape):
    return tf.broadcast_to(x, shape)


def reshape(x, shape):
    """Through ``_base.axes_arg``: eagerly a cached shape tensor (a list costs ~20 us)."""
    return _ga.reshape(x, axes_arg(x, tuple(shape)))


def zeros(shape, name: str, like: Any = None):
    if type(like) is ET:
        with tf.device(like.device):
            return tf.zeros(shape, _DTYPES[name])
    return tf.zeros(shape, _DTYPES[name])


def shape_of(x):
    """``as_list``: one call (~0.2 us); ``x.shape`` is a TensorShape whose indexing and
    iteration run Python code each time (``0 in x.shape`` ~0.6 us)."""
    return x.shape.as_list()


def copy(x):
    """TF tensors cannot be written: ``x`` itself (a Variable's value)."""
    return x.value() if isinstance(x, tf.Variable) else x


def device_arg(device, fname: str):
    try:
        return check_device(device)
    except ValueError as e:
        raise ValueError(f"{fname}: {e}") from None


def device_of(x):
    """Eagerly, the device holding ``x``; in a graph, None (TF places the op)."""
    return _device_of(x) if tf.executing_eagerly() else None


def from_host(a, name: str, device=None):
    with on(device):
        return tf.constant(a, _DTYPES[name])


def to_host(x):
    return x.numpy()


def concrete(x):
    """Eager tensors' values; a graph's are unknown while it is traced."""
    return x.numpy() if type(x) is ET else None


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``): TF holds int64 extents."""
    return check_shape(fname, shape, _DTYPES[name].size)


# --- the statistical and utility functions' work (``_common/statistics.py``) ----------------
# The generated ops (``_m``): ``tf.reduce_sum`` and the others cost more in dispatch than a
# small reduction. Errors: the shim wraps each function (``_base.wrap_errors``).

_REDUCE = {"sum": _m._sum, "prod": _m.prod, "max": _m._max, "min": _m._min, "mean": _m.mean,
           "all": _m._all, "any": _m._any}
_REAL_FLOATING = _t.CATEGORY["real floating"]


def full(shape, value, name: str, like):
    d = _DTYPES[name]
    if None in shape:  # unknown extents (a graph): like's, from its dynamic shape
        dims = tf.shape(like)
        shape = tf.stack([dims[i] if s is None else s for i, s in enumerate(shape)])
    else:
        shape = list(shape)
    with tf.device(like.device) if type(like) is ET else contextlib.nullcontext():
        return tf.fill(shape, _t.const(value, d))


def concat(arrays, axis: int):
    return tf.concat(arrays, axis)


def sqrt(x):
    return _m.sqrt(x)


_FLOATING = _t.CATEGORY["floating-point"]


def chained_count(x, axes) -> int:
    """How many floats TF 2.21's CPU sum (or mean) of ``x`` over ``axes`` (non-negative) adds
    a result in one chain, where that is more than ``CHAINED_SUM_MAX``; else 0. It chains
    over axes that are not the trailing ones (``reduce_sum`` of 250001 x 4 float32 0.1 down
    axis 0 is 2.4e-3 off, of (3, 4, 250001) over (0, 2) 7.6e-3; over trailing axes, or all,
    ~2e-6); known extents only."""
    shape = shape_of(x)
    n = len(shape)
    k = len(axes)
    if k == n:
        return 0
    count = reduced_count(shape, axes)
    if count is None or count <= CHAINED_SUM_MAX:  # the usual call ends here
        return 0
    if sorted(axes) != list(range(n - k, n)) and x.dtype in _FLOATING and None not in shape:
        return count
    return 0


def _sum_axis(x, a: int):
    return _m._sum(x, axes_arg(x, (a,)), keep_dims=True)


def blocked_sum(x, axes, keepdims: bool):
    """``_common.statistics.blocked_sum`` with TF's sum, for the calls ``chained_count``
    names."""
    return _blocked(_sum_axis, reshape, x, sorted(axes), keepdims)


def reduce(fname: str, x, axes: tuple, keepdims: bool):
    op = _REDUCE[fname]
    count = chained_count(x, axes) if fname == "sum" or fname == "mean" else 0
    if count:
        r = blocked_sum(x, axes, keepdims)
        return r if fname == "sum" else _m.real_div(r, float(count))
    if fname == "max" or fname == "min":
        return _extreme(op, x, axes, keepdims)
    if (fname == "all" or fname == "any") and x.dtype is not tf.bool:
        x = _m.not_equal(x, zero_like(x))
    return op(x, axes_arg(x, axes), keep_dims=keepdims)


def _extreme(op, x, axes: tuple, keepdims: bool):
    d = x.dtype
    a = axes_arg(x, axes)
    if d is tf.uint16 or d is tf.uint32:  # no Max/Min kernels: through int64
        return _m.cast(op(_m.cast(x, tf.int64), a, keep_dims=keepdims), d)
    r = op(x, a, keep_dims=keepdims)
    if not (type(r) is ET and on_cpu(r)) and d in _REAL_FLOATING:
        # NaN must propagate. TF 2.21's CPU kernels do (NaN, +-inf, -0.0 mixes, every axis of
        # 1-3-d float32/float64 up to 2**20 elements: 0 mismatches with NumPy in 7,984
        # cases), so a result computed eagerly on a CPU is final; XLA's Max/Min drop NaN
        # (tf.function(jit_compile=True)) and a graph may be compiled (an eager x captured
        # into one too), GPU kernels may differ: there the correction stays.
        anynan = _m._any(_m.is_nan(x), a, keep_dims=keepdims)
        return _m.select_v2(anynan, tf.constant(math.nan, d), r)
    return r


def scan(fname: str, x, axis: int):
    return (_m.cumsum if fname == "cumulative_sum" else _m.cumprod)(x, axis)


def variance(x, axes: tuple, correction: float, keepdims: bool):
    a = axes_arg(x, axes)
    extents = shape_of(x)
    count = chained_count(x, axes)
    if count:
        m = _m.real_div(blocked_sum(x, axes, True), float(count))
        s = blocked_sum(_m.squared_difference(x, m), axes, keepdims)
    else:
        # (x - m)**2 in one op: SquaredDifference computes (x - m) * (x - m), as Square does.
        s = _m._sum(_m.squared_difference(x, _m.mean(x, a, keep_dims=True)), a,
                    keep_dims=keepdims)
    n = 1
    for i in axes:
        if extents[i] is None:
            break
        n *= extents[i]
    else:
        return _m.real_div(s, float(n) - correction)  # a Python divisor: one op, not three
    # Unknown extents (a graph): the divisor is a tensor, NaN where it is not positive.
    d = x.dtype
    div = _m.sub(tf.cast(tf.reduce_prod(tf.gather(tf.shape(x), list(axes))), d),
                 tf.constant(correction, d))
    return _m.real_div(s, tf.where(div > 0, div, tf.constant(math.nan, d)))


def difference(x, axis: int):
    m = tf.maximum(tf.shape(x)[axis] - 1, 0)
    lo = tf.gather(x, tf.range(0, m), axis=axis)
    hi = tf.gather(x, tf.range(1, m + 1), axis=axis)
    return _m.not_equal(hi, lo) if x.dtype is tf.bool else _m.sub(hi, lo)
