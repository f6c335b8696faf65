"""array-api-compat's NumPy ``linalg``, with ``eig``/``eigvals`` of non-finite input giving
NaN results (NumPy raises LinAlgError), the behaviour every arraykit backend has (see
``_common.linalg.eig_nonfinite_as_nan``). NumPy checks finiteness itself, so the normal path
costs nothing extra. ``vector_norm`` of empty input is NumPy 2's on NumPy 1.x too. Every
other name is array-api-compat's own object.
"""

from __future__ import annotations

from typing import Any

import array_api_compat.numpy as _compat
import array_api_compat.numpy.linalg as _compat_linalg
import numpy as _np

from .._common import linalg as _cl
from .._common.reexport import reexport


def _guarded(solver, x: Any) -> Any:
    try:
        return solver(x)
    except _np.linalg.LinAlgError:
        if type(x) is not _np.ndarray or x.dtype.kind not in "fc" or _np.isfinite(x).all():
            raise
    return _cl.eig_nonfinite_as_nan(_compat, solver, x)


def eigvals(x: Any, /) -> Any:
    """array-api-compat's ``eigvals``; matrices with NaN or infinite entries give NaN."""
    return _guarded(_compat_linalg.eigvals, x)


def eig(x: Any, /) -> Any:
    """array-api-compat's ``eig``; matrices with NaN or infinite entries give NaN eigenvalues
    and eigenvectors."""
    return _guarded(_compat_linalg.eig, x)


def vector_norm(x: Any, /, *, axis: Any = None, keepdims: bool = False, ord: Any = 2) -> Any:
    """array-api-compat's ``vector_norm``; ``ord=inf`` over empty input takes the shared
    algorithm (``_common.linalg``), which gives NumPy 2's 0 there: NumPy 1.x (the mxnet
    environment's) raises. (Only there: NumPy 1.x would promote other orders' float32 0-d
    ``s ** (1 / p)`` to float64.)"""
    if ord == _np.inf and type(x) is _np.ndarray and x.size == 0:
        return _cl.vector_norm(_compat, x, axis=axis, keepdims=keepdims, ord=ord)
    return _compat_linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)


reexport(_compat_linalg, globals())
