"""The main namespace's linear algebra: ``matmul``, ``matrix_transpose``, ``tensordot``,
``vecdot``. MLX's ``matmul`` (and the ``tensordot``/``vecdot`` built on it) take only floating
types; integer products are computed exactly here as a broadcast multiply and a sum (MLX 0.32.4
would raise "Only inexact types are supported"). The standard's rules are
``_common.linalg.linear_algebra_functions``'s; ``matmul`` and ``matrix_transpose`` keep their
measured fast paths in front of them."""

from __future__ import annotations

import sys

import mlx.core as mx
from mlx.core import array

from .._common import linalg as _cl
from . import _dtypes as D
from . import _primitives as _p

_FLOAT_KERNEL = frozenset(("float32", "float64", "complex64"))


def _int_matmul(a, b):
    """``a @ b`` for 2-D-or-more integer operands: ``sum(a[..., :, :, None] * b[..., None,
    :, :], axis=-2)`` (exact, wraps as integer arithmetic does)."""
    # (MLX sums int8/int16/uint8/uint16 into 32 bits; the standard keeps the dtype.)
    return mx.sum(mx.expand_dims(a, -1) * mx.expand_dims(b, -3), axis=-2).astype(a.dtype)


def _matmul_kernel(a, b, name):
    if name in _FLOAT_KERNEL:
        return mx.matmul(a, b)
    va, vb = a.ndim == 1, b.ndim == 1
    r = _int_matmul(a.reshape(1, -1) if va else a, b.reshape(-1, 1) if vb else b)
    if va:
        r = mx.squeeze(r, -2)
    if vb:
        r = mx.squeeze(r, -1)
    return r


def _transpose_kernel(x):
    return mx.swapaxes(x, -1, -2)


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
                pass  # the rules raise with the standard's message
    return _matmul(x1, x2)


_NAME_OF = D.NAME_OF
_mx_swapaxes = mx.swapaxes


def matrix_transpose(x, /):
    """Array API ``matrix_transpose``: the last two axes swapped (an array of a standard dtype
    and two dimensions or more skips ``require_array``'s call: 1.0 -> 0.6 us, 0.32.4)."""
    if type(x) is array and x.dtype in _NAME_OF and x.ndim >= 2:
        return _mx_swapaxes(x, -1, -2)
    return _matrix_transpose(x)


#: ``__package__``, as the str the checkers know it is.
_PACKAGE = __name__.rpartition(".")[0]
_fns = _cl.linear_algebra_functions(_p, _matmul_kernel, _transpose_kernel,
                                    lambda: sys.modules[_PACKAGE], __name__)
_matmul, _matrix_transpose = _fns["matmul"], _fns["matrix_transpose"]
tensordot, vecdot = _fns["tensordot"], _fns["vecdot"]
