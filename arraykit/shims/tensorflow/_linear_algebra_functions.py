"""Main-namespace linear algebra: matmul, matrix_transpose, tensordot, vecdot. The standard's
rules are ``_common.linalg.linear_algebra_functions``'s; this module holds TF's kernels and
``matmul``'s fast path."""

from __future__ import annotations

import sys

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _ga
from tensorflow.python.ops import gen_math_ops as _m

from .._common import linalg as _cl
from . import _primitives as _p
from ._base import ET, OpError, axes_arg, translate, wrap_errors

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

#: ``__package__``, as the str the checkers know it is.
_PACKAGE = __name__.rpartition(".")[0]
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


def _matmul_kernel(a, b, name):
    if isinstance(a, tf.Variable):
        a = a.value()
    if isinstance(b, tf.Variable):
        b = b.value()
    n1, n2 = a.shape.rank, b.shape.rank
    try:
        r = _mm(tf.expand_dims(a, 0) if n1 == 1 else a, tf.expand_dims(b, -1) if n2 == 1 else b)
    except OpError as e:
        raise translate("matmul", e, a, b) from None
    if n1 == 1:
        r = tf.squeeze(r, -2)
    if n2 == 1:
        r = tf.squeeze(r, -1)
    return r


def _transpose_kernel(x):
    """The generated Transpose op with the permutation as a cached tensor (``axes_arg``):
    ``tf.transpose`` converts its Python list each call, ~150 us a 4x4 call against ~18 us
    (TF 2.21, CPU time)."""
    n = x.shape.rank
    return _ga.transpose(x, axes_arg(x, (*range(n - 2), n - 1, n - 2)))


@wrap_errors("tensordot")
def _tensordot_kernel(a, b, ax1, ax2, name):
    """``tf.tensordot`` (it takes extents unknown while a graph is traced); dtypes without
    a BatchMatMul kernel through int64, as ``_mm``."""
    if a.dtype not in _MM_NATIVE:
        return _m.cast(tf.tensordot(_m.cast(a, tf.int64), _m.cast(b, tf.int64), [ax1, ax2]),
                       a.dtype)
    return tf.tensordot(a, b, [ax1, ax2])


_fns = _cl.linear_algebra_functions(_p, _matmul_kernel, _transpose_kernel,
                                    lambda: sys.modules[_PACKAGE], __name__,
                                    tensordot_kernel=_tensordot_kernel)
_matmul, matrix_transpose = _fns["matmul"], _fns["matrix_transpose"]
tensordot, vecdot = wrap_errors("tensordot")(_fns["tensordot"]), wrap_errors("vecdot")(
    _fns["vecdot"])


def matmul(x1, x2, /):
    """Array API ``matmul``: 1-D operands are promoted to matrices and the added dimension
    removed; batch dimensions broadcast. Shape mismatch -> ValueError."""
    if type(x1) is ET and type(x2) is ET:
        e = x1._datatype_enum()
        if e in _MM_ENUMS and e == x2._datatype_enum() and x1._rank() >= 2 \
                and x2._rank() >= 2:
            # Happy path without shape checks: TF refuses misaligned shapes itself, and
            # then the rules explain them as ValueError.
            try:
                return _same_dtype_mm(x1, x2)
            except OpError:
                pass
    return _matmul(x1, x2)
