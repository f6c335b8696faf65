"""The main namespace's linear algebra: ``matmul``, ``matrix_transpose``, ``tensordot``,
``vecdot``. MLX's ``matmul`` (and the ``tensordot``/``vecdot`` built on it) take only floating
types; integer products are computed exactly here as a broadcast multiply and a sum (MLX 0.32.4
would raise "Only inexact types are supported")."""

from __future__ import annotations

import mlx.core as mx
from mlx.core import array

from .._common import linalg as _cl
from .._common import utils as _u
from . import _dtypes as D
from ._helpers import binary, check_broadcast, normalize_axis, require_array

_FLOAT_KERNEL = frozenset(("float32", "float64", "complex64"))


def _int_matmul(a, b):
    """``a @ b`` for 2-D-or-more integer operands: ``sum(a[..., :, :, None] * b[..., None,
    :, :], axis=-2)`` (exact, wraps as integer arithmetic does)."""
    # (MLX sums int8/int16/uint8/uint16 into 32 bits; the standard keeps the dtype.)
    return mx.sum(mx.expand_dims(a, -1) * mx.expand_dims(b, -3), axis=-2).astype(a.dtype)


_FLOAT_KERNEL_DTYPES = frozenset(D.DTYPES[n] for n in _FLOAT_KERNEL)
_mx_matmul = mx.matmul


def matmul(x1, x2, /):
    """Array API ``matmul`` (NumPy's rules for 1-D operands; batch dimensions broadcast).
    Two arrays of one dtype MLX's kernel takes go to ``mx.matmul`` before any check: it
    computes exactly what the checked path would, and refuses (ValueError, when it builds
    the graph) every shape the checks refuse, which then run for the message; the checks
    cost ~6 us a 4x4 call (0.32.4), a third of the call."""
    if type(x1) is array and type(x2) is array:
        d = x1.dtype
        if d in _FLOAT_KERNEL_DTYPES and d == x2.dtype:
            try:
                return _mx_matmul(x1, x2)
            except ValueError:
                pass  # the checks below raise with the standard's message
    a, b, n = binary(x1, x2, "matmul", bcast=False)
    D.check_kind(n, "numeric", "matmul")
    _cl.check_matmul_shapes(a, b, "matmul: shapes {a} and {b} do not align ({k1} != {k2})")
    if a.ndim > 2 or b.ndim > 2:
        check_broadcast(a.shape[:-2], b.shape[:-2], "matmul")
    if n in _FLOAT_KERNEL:
        return mx.matmul(a, b)
    va, vb = a.ndim == 1, b.ndim == 1
    r = _int_matmul(a.reshape(1, -1) if va else a, b.reshape(-1, 1) if vb else b)
    if va:
        r = mx.squeeze(r, -2)
    if vb:
        r = mx.squeeze(r, -1)
    return r


_NAME_OF = D.NAME_OF
_mx_swapaxes = mx.swapaxes


def matrix_transpose(x, /):
    """Array API ``matrix_transpose``: the last two axes swapped (an array of a standard dtype
    and two dimensions or more skips ``require_array``'s call: 1.0 -> 0.6 us, 0.32.4)."""
    if type(x) is array and x.dtype in _NAME_OF and x.ndim >= 2:
        return _mx_swapaxes(x, -1, -2)
    require_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError("matrix_transpose: x must have at least two dimensions")
    return mx.swapaxes(x, -1, -2)


def tensordot(x1, x2, /, *, axes=2):
    """Array API ``tensordot``: contract ``axes`` of ``x1`` with those of ``x2``."""
    a, b, n = binary(x1, x2, "tensordot", bcast=False)
    D.check_kind(n, "numeric", "tensordot")
    plan = _u.tensordot_plan(axes, a.shape, b.shape)
    am = mx.transpose(a, plan.perm1).reshape(plan.m, plan.k)
    bm = mx.transpose(b, plan.perm2).reshape(plan.k, plan.p)
    r = mx.matmul(am, bm) if n in _FLOAT_KERNEL else _int_matmul(am, bm)
    return r.reshape(plan.out_shape)


def vecdot(x1, x2, /, *, axis=-1):
    """Array API ``vecdot``: ``sum(conj(x1) * x2, axis)`` after broadcasting."""
    a, b, n = binary(x1, x2, "vecdot", bcast=False)
    D.check_kind(n, "numeric", "vecdot")
    shape = check_broadcast(a.shape, b.shape, "vecdot")
    if not shape:
        raise ValueError("vecdot: operands must have at least one dimension")
    ax = normalize_axis(axis, len(shape), "vecdot")
    ax_a = ax - (len(shape) - a.ndim)
    ax_b = ax - (len(shape) - b.ndim)
    if ax_a < 0 or ax_b < 0 or a.shape[ax_a] != b.shape[ax_b]:
        raise ValueError(f"vecdot: shapes {a.shape} and {b.shape} differ along axis {axis}")
    if n in D.COMPLEX:
        a = mx.conj(a)
    return mx.sum(a * b, axis=ax).astype(a.dtype)  # MLX sums small ints into 32 bits
