"""TensorFlow dtype objects, their standard names, and the promotion/conversion helpers.

Every function of the shim funnels its inputs through the helpers here, so promotion is the
standard's table plus integer-with-floating -> the floating dtype (torch's and JAX's rule;
both in ``arraykit.shims._common.dtypes``) everywhere, never TensorFlow's (which refuses
mixed dtypes) nor tnp's (which follows NumPy's value-based rules).

Public helpers (kept stable; the linalg/fft modules import them):

* the dtype objects ``bool, int8, ..., complex128`` (``tf.DType``),
* ``dtype_name(tf_dtype) -> str``,
* ``dtype_arg(dtype, fname)``: a ``dtype=`` argument (tf.DType, None, or Python
  bool/int/float/complex) as a tf.DType or None, TypeError otherwise,
* ``as_tensor(x, dtype=None)``: Python scalars / tensors / Variables / array-likes -> tf.Tensor,
* ``promote_args(fname, x1, x2)``: both as tensors of the promoted dtype, or TypeError.
"""

from __future__ import annotations

import builtins
from math import copysign as _copysign

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops as _ops

from .._common import checks as _c
from .._common import dtypes as _d
from .._common.scalars import PY_SCALARS, python_scalar

bool = tf.bool
int8 = tf.int8
int16 = tf.int16
int32 = tf.int32
int64 = tf.int64
uint8 = tf.uint8
uint16 = tf.uint16
uint32 = tf.uint32
uint64 = tf.uint64
float32 = tf.float32
float64 = tf.float64
complex64 = tf.complex64
complex128 = tf.complex128

#: Exact types of TF's tensors; ``type(x) in TENSOR_TYPES`` is the cheap test of the hot path.
EagerTensor = _ops.EagerTensor
Tensor = tf.Tensor
Variable = tf.Variable

#: standard name -> tf.DType, and back. tf.DType objects are interned, so ``is`` works.
DTYPES: dict[str, tf.DType] = {n: getattr(tf, n) for n in _d.ALL}
_NAMES: dict[tf.DType, str] = {v: k for k, v in DTYPES.items()}
#: Sets of tf.DType per category (``isdtype`` kinds and the spec's input categories).
CATEGORY: dict[str, frozenset] = {
    k: frozenset(DTYPES[n] for n in names) for k, names in _d.KINDS.items()
}
#: (tf.DType, tf.DType) -> promoted tf.DType; missing pair: no promotion.
_PROMOTE: dict[tuple, tf.DType] = {
    (DTYPES[a], DTYPES[b]): DTYPES[r] for (a, b), r in _d.ARRAY_PROMOTION_TABLE.items()
}
#: Python types accepted as ``dtype=`` -> tf.DType (this shim's defaults are the table's).
PY_TYPE_DTYPES: dict[type, tf.DType] = {t: DTYPES[n] for t, n in _d.PYTHON_TYPE_DTYPES.items()}

#: The default dtypes this shim uses (the standard's 64-bit choices; see ``_info``).
DEFAULT_FLOAT = DTYPES[_d.DEFAULT_DTYPES["real floating"]]
DEFAULT_COMPLEX = DTYPES[_d.DEFAULT_DTYPES["complex floating"]]
DEFAULT_INT = DTYPES[_d.DEFAULT_DTYPES["integral"]]
DEFAULT_INDEX = DTYPES[_d.DEFAULT_DTYPES["indexing"]]

_DEFAULT_NAMES = (_d.DEFAULT_DTYPES["integral"], _d.DEFAULT_DTYPES["real floating"],
                  _d.DEFAULT_DTYPES["complex floating"])
_REAL = CATEGORY["real floating"]
_CPLX = CATEGORY["complex floating"]
_INTS = CATEGORY["integral"]
_FLOATING = CATEGORY["floating-point"]
_NUMERIC = CATEGORY["numeric"]


def dtype_name(dtype) -> str:
    """The standard's name of a tf.DType (``"float32"``...); TypeError for non-standard ones."""
    try:
        return _NAMES[dtype]
    except (KeyError, TypeError):
        raise TypeError(f"{_c.shown(dtype)} is not an Array API data type") from None


def dtype_arg(dtype, fname: str):
    """A ``dtype=`` argument as a tf.DType (or None): Python ``bool``/``int``/``float``/
    ``complex`` map to bool and the default dtypes, as NumPy, torch and JAX accept them;
    anything else is read by the rule of every shim (``_common.data_types.dtype_readers``:
    NumPy dtypes name theirs, the rest is a TypeError naming ``fname``)."""
    if dtype is None or (isinstance(dtype, tf.DType) and dtype in _NAMES):
        return dtype
    # (A number is no dtype: TF's DType compares equal to its type enum, so 1.0 == float32.)
    d = PY_TYPE_DTYPES.get(dtype) if type(dtype) is type else None
    if d is None:  # NumPy dtypes, and the errors: the rule every shim reads a dtype by
        from ._primitives import dtype_arg as read  # (the rare path only)

        return DTYPES[read(dtype, fname)]
    return d


def is_tensor(x) -> builtins.bool:
    """True for tf.Tensor (eager or graph) and tf.Variable."""
    return isinstance(x, (tf.Tensor, tf.Variable))


def _scalar_dtype(s, other: tf.DType, fname: str) -> tf.DType:
    """The dtype a Python scalar takes next to an array of dtype ``other`` (the spec's
    rule, ``_common.dtypes.scalar_operand_dtype``)."""
    return DTYPES[_d.scalar_operand_dtype(s, _NAMES.get(other, other), _DEFAULT_NAMES[1],
                                          _DEFAULT_NAMES[2], fname)]


def _default_scalar_dtype(s) -> tf.DType:
    """The dtype of a lone Python scalar (``_common.dtypes.scalar_default_dtype``)."""
    n = _d.scalar_default_dtype(s, _DEFAULT_NAMES[0], _DEFAULT_NAMES[1], _DEFAULT_NAMES[2])
    if n is None:
        raise TypeError(f"unsupported scalar type {type(s).__name__}")
    return DTYPES[n]


def promote_dtypes(fname: str, d1: tf.DType, d2: tf.DType) -> tf.DType:
    """The promoted dtype of two tf.DTypes, or TypeError naming ``fname`` and both dtypes."""
    if d1 is d2:
        return d1
    r = _PROMOTE.get((d1, d2))
    if r is None:
        raise TypeError(
            f"{fname}: no type promotion between {_NAMES.get(d1, d1)} and {_NAMES.get(d2, d2)}"
        )
    return r


def as_tensor(x, dtype=None):
    """Convert ``x`` (tensor, Variable, Python scalar, nested sequence, NumPy array) to a
    tf.Tensor, cast to ``dtype`` if given. Tensors of the right dtype are returned as-is."""
    t = type(x)
    if t is EagerTensor or isinstance(x, tf.Tensor):
        if dtype is None or x.dtype is dtype:
            return x
        return tf.cast(x, dtype)
    if isinstance(x, tf.Variable):
        x = x.value()
        return x if dtype is None or x.dtype is dtype else tf.cast(x, dtype)
    if t in PY_SCALARS:
        d = dtype if dtype is not None else _default_scalar_dtype(x)
        if t is complex and d not in _CPLX:
            raise TypeError(f"cannot convert complex {x!r} to {_NAMES.get(d, d)}")
        return _scalar_const(x, d, "asarray")
    if dtype is None:
        return tf.convert_to_tensor(x)
    return tf.convert_to_tensor(x, dtype=dtype)


def _scalar_const(x, d, fname: str):
    """A 0-d constant of dtype ``d`` from a Python scalar. A Python int outside the integer
    dtype's range raises OverflowError (the standard leaves it undefined; TF would raise a
    raw error)."""
    if d in _INTS and type(x) is not builtins.bool:
        _c.check_int_range(fname, x, _NAMES[d])
    if d is tf.bool:
        return tf.constant(builtins.bool(x), tf.bool)
    if type(x) is builtins.bool and d is not tf.bool:
        x = int(x)
    return const(x, d)


def const(x, d):
    """``tf.constant(x, d)`` for a Python scalar, keeping the sign of zero: TF's eager scalar
    cache keys on the value, so ``-0.0`` would come back as a cached ``+0.0``."""
    t = type(x)
    if (t is float and x == 0.0) or (t is complex and (x.real == 0.0 or x.imag == 0.0)):
        return tf.constant(np.asarray(x, dtype=d.as_numpy_dtype), d)
    return tf.constant(x, dtype=d)


#: The cache keys of the float zeros, by ``copysign(1, z)``: 0.0 and -0.0 are one dict key.
_ZERO_KEYS = {1.0: "+0.0", -1.0: "-0.0"}


def scalar_key(s, t, d):
    """The constant cache's key of Python scalar ``s`` (of type ``t``) as dtype ``d``: the
    value, its type (True is not 1) and ``d``, and a float zero by its sign."""
    if t is float and not s:
        return _ZERO_KEYS[_copysign(1.0, s)], d
    return s, t, d


_OPERANDS: dict = {}


def _operand_const(s, t, d, fname: str):
    """``_scalar_const(s, d, fname)`` for a Python int or float ``s`` of type ``t`` beside an
    eager array of dtype ``d``, cached (TF converts a scalar in ~5 us, more than a small op;
    ``maximum(x, 0.0)`` made its zero each time: 24.7 -> ~8 us): made eagerly (a graph that
    captures it sees a Const); NaN is made each time; the cache is emptied past 512
    entries."""
    key = scalar_key(s, t, d)
    c = _OPERANDS.get(key)
    if c is None:
        with tf.init_scope():
            c = _scalar_const(s, d, fname)
        if s == s:
            if len(_OPERANDS) > 512:
                _OPERANDS.clear()
            _OPERANDS[key] = c
    return c


def _not_both_tensors(fname: str, x1, x2):
    """``promote_args`` when an operand is neither a tensor nor an exact Python scalar: a NumPy
    scalar is the Python scalar of its kind (``_common.scalars``); anything else is refused."""
    p1, p2 = python_scalar(x1), python_scalar(x2)
    if p1 is not x1 or p2 is not x2:
        return promote_args(fname, p1, p2)
    bad = x2 if isinstance(x1, (tf.Tensor, tf.Variable)) else x1
    raise _c.not_an_array(fname, bad, "a tf.Tensor, tf.Variable or a Python scalar")


def promote_args(fname: str, x1, x2):
    """Both operands of a binary function as tensors of the standard's promoted dtype.

    Arrays (tf.Tensor/tf.Variable) promote by the table; a Python scalar takes the other
    operand's dtype if its kind allows (2024.12+ rules). Raises TypeError naming ``fname``
    and the dtypes when the standard defines no promotion.
    """
    t1, t2 = type(x1), type(x2)
    # The common case first: an eager array and a Python int or float of a kind it holds.
    if t1 is EagerTensor and (t2 is float or t2 is int):
        d = x1.dtype
        if d in (_FLOATING if t2 is float else _NUMERIC):
            return x1, _operand_const(x2, t2, d, fname)
    elif t2 is EagerTensor and (t1 is float or t1 is int):
        d = x2.dtype
        if d in (_FLOATING if t1 is float else _NUMERIC):
            return _operand_const(x1, t1, d, fname), x2
    s1 = t1 in PY_SCALARS
    s2 = t2 in PY_SCALARS
    if s1 and s2:
        raise TypeError(f"{fname}: at least one argument must be an array")
    if s2:
        if not isinstance(x1, (tf.Tensor, tf.Variable)):
            raise _c.not_an_array(fname, x1, "a tf.Tensor or tf.Variable")
        x1 = as_tensor(x1)
        d = _scalar_dtype(x2, x1.dtype, fname)
        # A complex scalar upcasts a real array, a float one an integer array.
        return (x1 if d is x1.dtype else tf.cast(x1, d)), _scalar_const(x2, d, fname)
    if s1:
        if not isinstance(x2, (tf.Tensor, tf.Variable)):
            raise _c.not_an_array(fname, x2, "a tf.Tensor or tf.Variable")
        x2 = as_tensor(x2)
        d = _scalar_dtype(x1, x2.dtype, fname)
        return _scalar_const(x1, d, fname), (x2 if d is x2.dtype else tf.cast(x2, d))
    if not isinstance(x1, (tf.Tensor, tf.Variable)) or not isinstance(x2, (tf.Tensor, tf.Variable)):
        return _not_both_tensors(fname, x1, x2)
    x1 = as_tensor(x1)
    x2 = as_tensor(x2)
    d1 = x1.dtype
    d2 = x2.dtype
    if d1 is d2:
        if d1 not in _NAMES:
            raise TypeError(f"{fname}: {_c.shown(d1)} is not an Array API data type")
        return x1, x2
    d = promote_dtypes(fname, d1, d2)
    if d1 is not d:
        x1 = tf.cast(x1, d)
    if d2 is not d:
        x2 = tf.cast(x2, d)
    return x1, x2
