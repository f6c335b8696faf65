"""Linear-algebra functions of the main namespace: matmul, matrix_transpose, tensordot,
vecdot (narrow integers in int32, cast back: wraps as a native kernel would). The standard's
rules are ``_common.linalg.linear_algebra_functions``'s; ``matmul`` and ``matrix_transpose``
keep their measured fast paths in front of them."""

from __future__ import annotations

import math
import sys

import paddle

from .._common import linalg as _cl
from .._common.errors import Guard
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import MAX_NDIM, broadcast_shapes, narrow, widen

_INTEGRAL = D.KIND_SETS["integral"]


#: Paddle's own dtype objects (by identity: a comparison or hash costs ~0.5 us each).
FLOAT32, FLOAT64 = D.DTYPES["float32"], D.DTYPES["float64"]
_Tensor = paddle.Tensor
# The fast paths (eager tensors only: a traced program's values are pir.Value) call Paddle's
# C++ operators, as Paddle's own eager ``matmul`` (3.3.1: a Python wrapper of
# ``_C_ops.matmul``) and ``Tensor.T`` (``_C_ops.transpose``) do: one Python frame less a call
# (matmul) and no argument checks of ``paddle.transpose`` (~0.5 us).
_paddle_matmul = paddle._C_ops.matmul
_paddle_transpose = paddle._C_ops.transpose


def real_floating(x) -> bool:
    """Whether ``x`` is a plain tensor of float32 or float64 (the fast paths' test)."""
    if type(x) is not _Tensor:
        return False
    d = x.dtype
    return d is FLOAT32 or d is FLOAT64


def matmul(x1, x2, /):
    """Array API ``matmul`` (NumPy's 1-D rules; shape errors are ValueError). Two non-empty
    float32 or float64 tensors of one dtype go to ``paddle.matmul`` before the checks: over
    968 shape pairs its float kernels gave NumPy's shapes and values and refused (ValueError)
    each pair NumPy refuses, except where an operand is empty (wrong batch shapes, an empty
    result), so an empty result takes the checked path; the checks cost ~5 us a 4x4 call
    (3.3.1), more than the product."""
    if type(x1) is _Tensor and type(x2) is _Tensor:  # real_floating, inline: ~0.1 us
        d = x1.dtype  # each read of dtype or shape costs ~0.15-0.3 us in Paddle 3.3.1
        if (d is FLOAT32 or d is FLOAT64) and x2.dtype is d:
            try:
                r = _paddle_matmul(x1, x2)
            except ValueError:
                pass  # the rules raise with the standard's message
            else:
                # An empty result may be Paddle's wrong batch broadcast of an empty operand
                # ((0, 2, 3) @ (2, 3, 0) gives (0, 2, 0) where NumPy raises): the checked
                # path. Every non-empty result was NumPy's. The result's bytes (0 when empty)
                # are one C call (~0.05 us), the operands' shapes two reads of ~0.2 us.
                if r._holder_size():
                    return r
    return _matmul(x1, x2)


def guarded(kernel, python_path, arity: int):
    """``python_path``'s fast path from C where the Guard is built (``_common.errors``):
    ``arity`` positional tensors of exactly ``paddle.Tensor``, float32 or float64 (one dtype
    object for two), no keywords -> ``kernel``, its result kept where ``_holder_size()`` is
    not 0 (``result_check``). An empty result, an exception from the kernel (``fallback``)
    and every other call are ``python_path``'s, which calls the kernel again and takes the
    rules where it does. Saves the Python frame and one of the two dtype reads of a binary
    call (Paddle 3.3.1: a 4x4 matmul ~0.08-0.15 us a call, best of 41x2000)."""
    if Guard is None:
        return python_path

    def on_error(exc, args, kwargs):  # not called: fallback sends exceptions to python_path
        raise exc

    guard = Guard(kernel, python_path, on_error, ((_Tensor,),) * arity, refuse_pos=0,
                  refuse=(FLOAT32, FLOAT64), allow_only=True, same_dtype=arity == 2,
                  exact=True, fallback=True, result_check="_holder_size")
    for attr in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(guard, attr, getattr(python_path, attr))
    guard.__wrapped__ = python_path
    return guard


matmul = guarded(_paddle_matmul, matmul, 2)


def _matmul_kernel(a, b, name):
    if name in _INTEGRAL:
        return narrow(_integer_matmul(widen(a, name), widen(b, name)), name)
    return narrow(paddle.matmul(widen(a, name), widen(b, name)), name)


def _transpose_kernel(x):
    n = len(x.shape)
    return paddle.transpose(x, list(range(n - 2)) + [n - 1, n - 2])


#: The most elements one partial product of :func:`_integer_matmul` holds (128 MiB of int64).
INTEGER_MATMUL_BLOCK = 1 << 24


def _integer_matmul(a, b):
    """``a @ b`` of non-empty int32 or int64 tensors, exact, without Paddle's integer matmul
    kernel: on the CPU it rounds through float32 (3.3.1: int64 ``[[17196451]] @ [[7]]`` is
    120355144, NumPy's 120355137; int32 likewise), and it corrupts the heap (the process
    aborts later, in malloc) or returns another shape when it broadcasts batches itself, e.g.
    ``(1, 1, 2, 3, 2) @ (2, 1, 2, 4)``. The products and their sum over the contracted axis
    are Paddle's integer multiply and sum in the operands' dtype, which wrap as NumPy's
    integer matmul does; the contracted axis is cut so that one partial product holds at most
    :data:`INTEGER_MATMUL_BLOCK` elements. A 1-D operand is a row (``a``) or column (``b``),
    dropped afterwards."""
    a2 = paddle.unsqueeze(a, 0) if len(a.shape) == 1 else a
    b2 = paddle.unsqueeze(b, -1) if len(b.shape) == 1 else b
    batch = broadcast_shapes(a2.shape[:-2], b2.shape[:-2], fname="matmul")
    m, k, n = a2.shape[-2], a2.shape[-1], b2.shape[-1]
    lhs, rhs = paddle.unsqueeze(a2, -1), paddle.unsqueeze(b2, -3)  # (..., m, k, 1), (..., 1, k, n)
    per_k = math.prod(batch) * m * n
    step = max(1, INTEGER_MATMUL_BLOCK // max(per_k, 1))
    r = None
    for start in range(0, k, step):
        stop = min(start + step, k)
        part = paddle.sum(lhs[..., start:stop, :] * rhs[..., start:stop, :], axis=-2,
                          dtype=a2.dtype)
        r = part if r is None else r + part
    if len(a.shape) == 1:
        r = paddle.squeeze(r, axis=-2)
    if len(b.shape) == 1:
        r = paddle.squeeze(r, axis=-1)
    return r


#: ``matrix_transpose``'s permutation by rank (Paddle copies it into the operator's attribute).
_SWAP_LAST = {n: list(range(n - 2)) + [n - 1, n - 2] for n in range(2, MAX_NDIM + 1)}


def matrix_transpose(x, /):
    """Array API ``matrix_transpose``. A plain tensor of a standard dtype reads its rank from
    ``strides`` (``ndim`` is a Python property in Paddle 3.3.1, ~1 us; the strides getter
    builds a list, ~65 ns a read cheaper than the shape's ``paddle.Size``; a sparse tensor's
    strides are empty, so it takes the rules, which raise as the kernel does)."""
    if type(x) is _Tensor and id(x.dtype) in D.NAME_BY_ID:
        perm = _SWAP_LAST.get(len(x.strides))
        if perm is not None:
            return _paddle_transpose(x, perm)
    return _matrix_transpose(x)


#: ``__package__``, as the str the checkers know it is.
_PACKAGE = __name__.rpartition(".")[0]
_fns = _cl.linear_algebra_functions(_p, _matmul_kernel, _transpose_kernel,
                                    lambda: sys.modules[_PACKAGE], __name__)
_matmul, _matrix_transpose = _fns["matmul"], _fns["matrix_transpose"]
tensordot, vecdot = _fns["tensordot"], _fns["vecdot"]
