"""Main-namespace linear algebra: matmul, matrix_transpose, tensordot, vecdot. The standard's
rules are ``_common.linalg.linear_algebra_functions``'s; this module holds MXNet's kernels.

MXNet's ``matmul`` kernel takes floats only; integer operands are multiplied exactly by a
broadcast product and a sum over the contracted axis (wrapping like integer matmul
elsewhere), so results never pass through a float.
"""

from __future__ import annotations

import sys

from mxnet import np as mnp
from mxnet.base import MXNetError

from .._common import linalg as _cl
from . import _primitives as _p
from ._helpers import bool_safe, broadcast_shapes, codes_of, dtype_code, ndarray

_FLOATS = frozenset(("float32", "float64", "float16"))
_FLOAT_CODES = codes_of(("float32", "float64"))


def _int_matmul(a, b):
    # (..., n, k) x (..., k, m): exact in the integer dtype.
    return mnp.sum(a.reshape(a.shape + (1,)) * b.reshape(b.shape[:-2] + (1,) + b.shape[-2:]),
                   axis=-2)


def _matmul_kernel(a, b, name):
    if name in _FLOATS:
        return mnp.matmul(a, b)
    a2 = a.reshape((1, -1)) if a.ndim == 1 else a
    b2 = b.reshape((-1, 1)) if b.ndim == 1 else b
    batch = broadcast_shapes(a2.shape[:-2], b2.shape[:-2], fname="matmul")
    r = _int_matmul(mnp.broadcast_to(a2, batch + a2.shape[-2:]),
                    mnp.broadcast_to(b2, batch + b2.shape[-2:]))
    if a.ndim == 1:
        r = r.reshape(r.shape[:-2] + r.shape[-1:])
    if b.ndim == 1:
        r = r.reshape(r.shape[:-1])
    return r


def _transpose_kernel(x):
    return bool_safe(mnp.swapaxes, x, -1, -2)


#: ``__package__``, as the str the checkers know it is.
_PACKAGE = __name__.rpartition(".")[0]
_fns = _cl.linear_algebra_functions(_p, _matmul_kernel, _transpose_kernel,  # type: ignore[arg-type]
                                    lambda: sys.modules[_PACKAGE], __name__)
tensordot, vecdot = _fns["tensordot"], _fns["vecdot"]
_matmul, _matrix_transpose = _fns["matmul"], _fns["matrix_transpose"]
#: MXNet's swapaxes operator (``_npi.swapaxes``'s) with the last two axes, called directly.
_SWAP_LAST = _p.operator("SwapAxis", dim1=-2, dim2=-1)
_SWAP_CODES = codes_of(("float32", "float64", "float16", "uint8", "int8", "int32", "int64"))
_ndim = _p.ndim
#: ``_npi.matmul``'s operator, invoked directly (its generated wrapper costs ~15 us a call).
_MATMUL = _p.operator2("_npi_matmul")


def matmul(x1, x2, /):
    """Array API ``matmul``. Two float32/float64 arrays go to MXNet's kernel first: it
    rejects operands of different dtypes and infers shapes eagerly, so any mismatch raises
    here (then the rules promote, or name the problem)."""
    if type(x1) is ndarray and type(x2) is ndarray and dtype_code(x1) in _FLOAT_CODES:
        try:
            return _MATMUL(x1, x2)
        except MXNetError:
            pass
    return _matmul(x1, x2)


def matrix_transpose(x, /):
    """Array API ``matrix_transpose``. An array of two dimensions or more of a dtype MXNet's
    swapaxes kernel takes (not bool) goes to the operator directly (the rules' path: the
    shape read, ``x.dtype`` and ``mnp.swapaxes``' wrapper cost ~20 us a call, a kalman step
    makes two)."""
    if type(x) is ndarray and dtype_code(x) in _SWAP_CODES and _ndim(x) >= 2:
        return _SWAP_LAST(x)
    return _matrix_transpose(x)
