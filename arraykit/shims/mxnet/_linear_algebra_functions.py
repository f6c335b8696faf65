"""Main-namespace linear algebra: matmul, matrix_transpose, tensordot, vecdot.

MXNet's ``matmul``/``tensordot`` kernels take floats only; integer (and bool) operands are
multiplied exactly by a broadcast product and a sum over the contracted axis (wrapping like
integer matmul elsewhere), so results never pass through a float.
"""

from __future__ import annotations

from mxnet import np as mnp
from mxnet.base import MXNetError
from mxnet.ndarray.numpy import _internal as _npi

from .._common import checks as _c
from .._common import linalg as _cl
from .._common import utils as _u
from . import _dtypes as D
from ._helpers import (
    binary,
    bool_safe,
    broadcast_shapes,
    codes_of,
    dtype_code,
    ndarray,
    require_array,
)

_FLOATS = frozenset(("float32", "float64", "float16"))
_FLOAT_CODES = codes_of(("float32", "float64"))


def _int_matmul(a, b):
    # (..., n, k) x (..., k, m): exact in the integer dtype.
    return mnp.sum(a.reshape(a.shape + (1,)) * b.reshape(b.shape[:-2] + (1,) + b.shape[-2:]),
                   axis=-2)


def matmul(x1, x2, /):
    """Array API ``matmul``; shape mismatches raise ValueError at the call."""
    if type(x1) is ndarray and type(x2) is ndarray and dtype_code(x1) in _FLOAT_CODES:
        try:
            # One dtype read suffices: MXNet's matmul rejects operands of different dtypes,
            # and it infers shapes and dtypes eagerly, so any mismatch raises here, not later.
            return _npi.matmul(x1, x2)
        except MXNetError:
            pass  # the checks below promote, or name the problem
    a, b, n = binary(x1, x2, "matmul", bcast=False)
    if not (hasattr(a, "shape") and hasattr(b, "shape")):
        raise TypeError("matmul: both arguments must be arrays")
    _cl.check_matmul_shapes(a, b, "matmul: contracted dimensions differ: {a} @ {b}",
                            "matmul: zero-dimensional operands are not allowed")
    batch = broadcast_shapes(a.shape[:-2], b.shape[:-2], fname="matmul")
    if n in _FLOATS and (a.size and b.size):
        return mnp.matmul(a, b)
    if n == "bool":
        a, b = a.astype("int64"), b.astype("int64")
    a2 = a.reshape((1, -1)) if a.ndim == 1 else a
    b2 = b.reshape((-1, 1)) if b.ndim == 1 else b
    a2 = mnp.broadcast_to(a2, batch + a2.shape[-2:])
    b2 = mnp.broadcast_to(b2, batch + b2.shape[-2:])
    r = _int_matmul(a2, b2) if a2.size and b2.size else \
        mnp.zeros(batch + (a2.shape[-2], b2.shape[-1]), dtype=a2.dtype, ctx=a2.ctx)
    if a.ndim == 1:
        r = r.reshape(r.shape[:-2] + r.shape[-1:])
    if b.ndim == 1:
        r = r.reshape(r.shape[:-1])
    return r.astype("bool") if n == "bool" else r


def matrix_transpose(x, /):
    """Array API ``matrix_transpose``: swap the last two axes."""
    require_array(x, "matrix_transpose")
    _c.require_ndim("matrix_transpose", x.ndim, 2)
    return bool_safe(mnp.swapaxes, x, -1, -2)


def tensordot(x1, x2, /, *, axes=2):
    """Array API ``tensordot`` (as transpose, reshape and :func:`matmul`)."""
    a, b, _ = binary(x1, x2, "tensordot", bcast=False)
    plan = _u.tensordot_plan(axes, a.shape, b.shape)
    am = (bool_safe(mnp.transpose, a, axes=tuple(plan.perm1)).reshape((plan.m, plan.k))
          if a.ndim else a.reshape((1, 1)))
    bm = (bool_safe(mnp.transpose, b, axes=tuple(plan.perm2)).reshape((plan.k, plan.p))
          if b.ndim else b.reshape((1, 1)))
    return matmul(am, bm).reshape(tuple(plan.out_shape))


def vecdot(x1, x2, /, *, axis=-1):
    """Array API ``vecdot``: ``sum(x1 * x2, axis)`` after broadcasting (real dtypes: no
    conjugation is needed)."""
    require_array(x1, "vecdot")
    require_array(x2, "vecdot")
    a, b, n = binary(x1, x2, "vecdot", bcast=False)
    D.check_kind(n, "numeric", "vecdot")
    # (A 0-d operand broadcasts with any shape: vecdot_axis's 0-d error still comes first.)
    shape = broadcast_shapes(a.shape, b.shape, fname="vecdot")
    ax = _cl.vecdot_axis(a, b, axis, shape, "vecdot: sizes along axis {axis} differ: {a} and {b}",
                         "vecdot: zero-dimensional operands are not allowed")
    from ._statistical_functions import sum as _sum
    if n in _FLOATS:
        return _sum(mnp.multiply(a, b), axis=ax)
    # Integers: accumulate in int64 (MXNet's small-int sums are unreliable), then wrap back
    # to the operands' dtype as the standard asks.
    r = _sum(mnp.multiply(a, b), axis=ax, dtype=D.DTYPES["int64"])
    return r if n == "int64" else r.astype(n)
