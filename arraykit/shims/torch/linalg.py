"""array-api-compat's torch ``linalg``, with ``eig``/``eigvals`` safe on non-finite input.

torch 2.13's ``linalg.eigvals``/``eig`` pass NaN and infinities to LAPACK, which segfaults
(float32 or float64 with NaN: "Parameter 3 was incorrect on entry to SGEBAL") or hangs
(float64 with infinities). Here a matrix with such entries gives NaN results instead, as on
every arraykit backend (``_common.linalg.eig_nonfinite_as_nan``). ``trace`` refuses torch's
shell dtypes by name; ``vector_norm`` takes the shared algorithm for 0-d and empty input.
Every other name is array-api-compat's own object.
"""

from __future__ import annotations

from typing import Any

import array_api_compat.torch as _compat
import array_api_compat.torch.linalg as _compat_linalg
import torch as _torch

from .._common import linalg as _cl
from .._common.reexport import reexport
from ._dtypes import refusing_shell_dtypes

_Tensor = _torch.Tensor


def _all_finite(x: Any) -> bool:
    # One reduction: the sum is finite iff every entry is, or the sum overflowed (then the
    # guarded path runs, which is exact, only slower).
    return bool(_torch.isfinite(x.detach().sum()))


def eigvals(x: Any, /) -> Any:
    """``torch.linalg.eigvals``; matrices with NaN or infinite entries give NaN eigenvalues."""
    if type(x) is not _Tensor or _all_finite(x):
        return _compat_linalg.eigvals(x)
    return _cl.eig_nonfinite_as_nan(_compat, _torch.linalg.eigvals, x)


def eig(x: Any, /) -> Any:
    """``torch.linalg.eig``; matrices with NaN or infinite entries give NaN eigenvalues and
    eigenvectors."""
    if type(x) is not _Tensor or _all_finite(x):
        return _compat_linalg.eig(x)
    return _cl.eig_nonfinite_as_nan(_compat, _torch.linalg.eig, x)


def vector_norm(x: Any, /, *, axis: Any = None, keepdims: bool = False, ord: Any = 2) -> Any:
    """array-api-compat's ``vector_norm``; the shared algorithm (``_common.linalg``) where it
    errs: 0-d input or ``axis=()`` (an IndexError from its slicing, or ``x`` itself, negative
    entries too, as the "norm") and empty input (torch refuses +-inf and negative orders over
    an empty axis with RuntimeError; the standard's values are NumPy's: 0 for inf, inf for
    negative orders, and -inf a ValueError, as min() of nothing)."""
    if type(x) is _Tensor and (x.ndim == 0 or axis == () or x.numel() == 0):
        return _cl.vector_norm(_compat, x, axis=axis, keepdims=keepdims, ord=ord)
    return _compat_linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)


#: ``dtype=`` a shell dtype, or a shell-dtype input, refused by name (torch's kernel error
#: names no function).
trace = refusing_shell_dtypes(_compat_linalg.trace, "trace")

reexport(_compat_linalg, globals())
