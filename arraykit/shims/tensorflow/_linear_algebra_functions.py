"""Main-namespace linear algebra: matmul, matrix_transpose, tensordot, vecdot."""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_math_ops as _m

from .._common import checks as _c
from .._common import utils as _u
from . import _dtypes as _t
from ._base import ET, OpError, arr, ndim, translate, wrap_errors

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

_NUM = _t.CATEGORY["numeric"]
# TF's BatchMatMul has kernels for these; other integer dtypes go through int64 (products
# and sums wrap mod 2**64, so the cast back is exact modulo the narrow type).
_MM_NATIVE = frozenset([tf.int32, tf.int64, tf.float32, tf.float64, tf.complex64,
                        tf.complex128])
_MM_ENUMS = frozenset(d.as_datatype_enum for d in _MM_NATIVE)


def _same_dtype_mm(a, b):
    """The kernel ``tf.matmul``/``@`` picks for two tensors of one dtype: MatMul for two
    matrices, BatchMatMulV2 otherwise (oneDNN for float32 on CPU). Measured against the
    BatchMatMulV3 kernel this shim used before: (256, 256, 3) @ (3, 3) float32 81 vs 161 us;
    the same kernel also gives TF's own rounding."""
    if a._rank() == 2 and b._rank() == 2:
        return _m.mat_mul(a, b)
    return _m.batch_mat_mul_v2(a, b)


def _mm(a, b):
    d = a.dtype
    if d in _MM_NATIVE:
        return _same_dtype_mm(a, b)
    return _m.cast(_same_dtype_mm(_m.cast(a, tf.int64), _m.cast(b, tf.int64)), d)


def matmul(x1, x2, /):
    """Array API ``matmul``: 1-D operands are promoted to matrices and the added dimension
    removed; batch dimensions broadcast. Shape mismatch -> ValueError."""
    if type(x1) is ET and type(x2) is ET:
        e = x1._datatype_enum()
        if e in _MM_ENUMS and e == x2._datatype_enum() and x1._rank() >= 2 \
                and x2._rank() >= 2:
            # Happy path without shape checks: TF refuses misaligned shapes itself, and
            # then the general path below explains them as ValueError.
            try:
                return _same_dtype_mm(x1, x2)
            except OpError:
                pass
    x1, x2 = _t.promote_args("matmul", arr(x1, "matmul"), arr(x2, "matmul"))
    if x1.dtype not in _NUM:
        raise _c.dtype_not_allowed("matmul", _t.dtype_name(x1.dtype), "numeric")
    n1, n2 = ndim(x1), ndim(x2)
    if n1 == 0 or n2 == 0:
        raise ValueError("matmul: operands must have at least one dimension")
    a = x1[None, :] if n1 == 1 else x1
    b = x2[:, None] if n2 == 1 else x2
    ka, kb = a.shape[-1], b.shape[-2]
    if ka is not None and kb is not None and ka != kb:
        raise ValueError(f"matmul: shapes {x1.shape} and {x2.shape} do not align")
    try:
        _u.broadcast_shapes(tuple(a.shape[:-2]), tuple(b.shape[:-2]))
    except ValueError:
        raise ValueError(
            f"matmul: batch shapes of {x1.shape} and {x2.shape} do not broadcast") from None
    try:
        r = _mm(a, b)
    except OpError as e:
        raise translate("matmul", e, x1, x2) from None
    if n1 == 1:
        r = tf.squeeze(r, -2)
    if n2 == 1:
        r = tf.squeeze(r, -1)
    return r


def matrix_transpose(x, /):
    """Array API ``matrix_transpose``: swap the last two axes."""
    x = arr(x, "matrix_transpose")
    n = ndim(x)
    _c.require_ndim("matrix_transpose", n, 2)
    return tf.transpose(x, list(range(n - 2)) + [n - 1, n - 2])


@wrap_errors("tensordot")
def tensordot(x1, x2, /, *, axes=2):
    """Array API ``tensordot`` (no conjugation of complex inputs)."""
    x1, x2 = _t.promote_args("tensordot", arr(x1, "tensordot"), arr(x2, "tensordot"))
    if x1.dtype not in _NUM:
        raise _c.dtype_not_allowed("tensordot", _t.dtype_name(x1.dtype), "numeric")
    n1, n2 = ndim(x1), ndim(x2)
    a1, a2 = _u.tensordot_axes(axes, n1, n2)
    s1, s2 = x1.shape.as_list(), x2.shape.as_list()
    for i, j in zip(a1, a2):
        if s1[i] is not None and s2[j] is not None and s1[i] != s2[j]:
            raise ValueError(f"tensordot: contracted sizes differ ({s1[i]} vs {s2[j]})")
    d = x1.dtype
    if d not in _MM_NATIVE:
        r = tf.tensordot(_m.cast(x1, tf.int64), _m.cast(x2, tf.int64), [a1, a2])
        return _m.cast(r, d)
    return tf.tensordot(x1, x2, [a1, a2])


@wrap_errors("vecdot")
def vecdot(x1, x2, /, *, axis=-1):
    """Array API ``vecdot``: sum(conj(x1) * x2) over ``axis`` after broadcasting."""
    x1, x2 = _t.promote_args("vecdot", arr(x1, "vecdot"), arr(x2, "vecdot"))
    d = x1.dtype
    if d not in _NUM:
        raise _c.dtype_not_allowed("vecdot", _t.dtype_name(d), "numeric")
    n = max(ndim(x1), ndim(x2))
    if axis >= 0 and (axis >= ndim(x1) or axis >= ndim(x2)):
        raise ValueError("vecdot: axis out of range")
    if axis < -min(ndim(x1), ndim(x2)):
        raise ValueError("vecdot: axis out of range")
    ax = axis if axis < 0 else axis - n
    if x1.shape[ax] is not None and x2.shape[ax] is not None and x1.shape[ax] != x2.shape[ax]:
        raise ValueError("vecdot: sizes along axis differ")
    if d in _t._CPLX:
        x1 = _m.conj(x1)
    try:
        _u.broadcast_shapes(tuple(x1.shape), tuple(x2.shape))
    except ValueError:
        raise ValueError("vecdot: shapes do not broadcast") from None
    p = _m.mul(x1, x2)
    return tf.reduce_sum(p, axis=ax)
