"""The standard's ``linalg`` extension over ``mxnet.numpy.linalg``.

Factorisations come from MXNet (float32/float64 only, LAPACK on CPU): cholesky, det, eigh,
inv, qr, slogdet, solve, svd.  Norms, rank, pinv, matrix_power, cross and outer are the shared
algorithms of ``arraykit.shims._common.linalg`` run over this namespace.  MXNet's SVD kernel
needs rows <= columns, so taller matrices are transposed first; ``full_matrices=True`` bases are
completed from the eigenvectors of the orthogonal projector ``I - U Uᵀ``.

``eig``/``eigvals`` (2025.12) return complex arrays in general and MXNet has no complex dtype:
they raise TypeError rather than return something else.

Inputs follow the main namespace's policy: ``mxnet.numpy.ndarray`` only (``require_array``;
lists and Python scalars raise TypeError naming the function, both operands of the binary
functions included), dtypes checked by ``check_kind`` before any shape check.
"""

from __future__ import annotations

import sys

import numpy as _onp
from mxnet import np as mnp
from mxnet.base import MXNetError  # pyright: ignore[reportMissingImports] - main env: no mxnet

from .. import standard_names
from .._common import linalg as _cl
from .._common.checks import check_keepdims
from .._common.linalg import EighResult, QRResult, SlogdetResult, SVDResult
from . import _dtypes
from ._creation_functions import triu
from ._helpers import binary, bool_safe, broadcast_shapes, require_array, require_kind
from ._helpers import where as _where
from ._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot  # noqa: F401 (linalg has them too)

__all__ = list(standard_names("linalg"))


def _xp():
    return sys.modules[__package__]


def _floating_matrix(fname: str, x, square: bool = False) -> str:
    """The dtype name of ``x``, real floating (stacked) matrices, square if asked."""
    n = require_kind(x, "real floating", fname)
    _cl.require_matrix(fname, x, square=square)
    return n


def _numeric_pair(fname: str, x1, x2):
    """Two array arguments, promoted, of a numeric dtype: ``(x1, x2, dtype name)``."""
    require_array(x1, fname)
    require_array(x2, fname)
    a, b, n = binary(x1, x2, fname, bcast=False)
    _dtypes.check_kind(n, "numeric", fname)
    return a, b, n


def cholesky(x, /, *, upper=False):
    """Array API ``cholesky`` (lower by default; ``upper=True`` gives ``Uᵀ``)."""
    _floating_matrix("cholesky", x, square=True)
    if x.size == 0:
        return x.copy()
    if upper:  # the upper triangle is the one read, as in NumPy
        x = matrix_transpose(x)
    L = _synced("cholesky", mnp.linalg.cholesky(x), "potrf", _cl.not_positive_definite)
    # A NaN pivot passes MXNet's check: the shared test on the factor's diagonal
    # (_common.linalg.not_positive_definite).
    if not bool((_diagonal(L, 0) > 0).all()):
        L = _cl.cholesky_failed(_xp(), x, L)
    return matrix_transpose(L) if upper else L


def _synced(fname, out, failure, error):
    """``out`` computed: MXNet reports a failed LAPACK call (``failure`` in its message) only
    as ``MXNetError`` at the next read of the result, anywhere in the program; waiting for
    the result here raises it as NumPy's LinAlgError (``error(fname)``, a ValueError) from
    the call that failed."""
    try:
        out.wait_to_read()
    except MXNetError as e:
        if failure in str(e):
            raise error(fname) from None
        raise
    return out


def _solved(fname, solver, a, *rest):
    """``solver(a, *rest)`` (``inv``/``solve``), synced (``_synced``); matrices of ``a``
    holding NaN give all-NaN results (``_common.linalg.nan_matrices_as_nan``: MXNet's
    kernels return finite numbers beside the NaN there). The NaN test reads ``a`` to the host
    (the wait the call makes anyway) and tests there: as two MXNet ops and a read it cost
    ~98 us a 2x2 call, 2.7x the inverse itself (MXNet 1.9.1, CPU time); this way ~12 us."""
    if _onp.isnan(a.asnumpy()).any():
        return _cl.nan_matrices_as_nan(_xp(), lambda *args: _solved(fname, solver, *args), a,
                                       *rest, eye_like=_eye_like)
    failure = "non-convertible" if fname == "inv" else "singular"
    return _synced(fname, solver(a, *rest), failure, _cl.singular_matrix)


def _eye_like(a):
    return mnp.broadcast_to(mnp.eye(a.shape[-1], dtype=a.dtype, ctx=a.ctx), a.shape)


def det(x, /):
    """Array API ``det``."""
    _floating_matrix("det", x, square=True)
    if x.shape[-1] == 0:
        return mnp.ones(x.shape[:-2], dtype=x.dtype, ctx=x.ctx)
    return mnp.linalg.det(x)


def diagonal(x, /, *, offset=0):
    """Array API ``diagonal`` of the last two axes."""
    require_array(x, "diagonal")
    _cl.require_matrix("diagonal", x)
    return _diagonal(x, offset)


def _diagonal(x, offset):
    m, n = x.shape[-2:]
    k = max(0, min(m, n - offset)) if offset >= 0 else max(0, min(m + offset, n))
    if x.size == 0 or k == 0:
        # MXNet's diagonal of zero-size input returns a corrupt array.
        return mnp.zeros(x.shape[:-2] + (k,), dtype=x.dtype, ctx=x.ctx)
    return bool_safe(mnp.diagonal, x, offset=offset, axis1=-2, axis2=-1)


def eigh(x, /):
    """Array API ``eigh`` (ascending eigenvalues)."""
    _floating_matrix("eigh", x, square=True)
    w, v = mnp.linalg.eigh(x)
    return EighResult(w, v)


def eigvalsh(x, /):
    """Array API ``eigvalsh``."""
    _floating_matrix("eigvalsh", x, square=True)
    return mnp.linalg.eigvalsh(x)


def _complex_output(fname, x):
    _floating_matrix(fname, x, square=True)
    raise TypeError(
        f"{fname}: the eigenvalues of a general real matrix are complex (complex64/complex128) "
        "and MXNet 1.9.1 has no complex dtype; use eigh/eigvalsh for symmetric matrices"
    )


def eig(x, /):
    """Array API ``eig`` (2025.12): not available on MXNet (complex output); TypeError."""
    _complex_output("eig", x)


def eigvals(x, /):
    """Array API ``eigvals`` (2025.12): not available on MXNet (complex output); TypeError."""
    _complex_output("eigvals", x)


def inv(x, /):
    """Array API ``inv``."""
    _floating_matrix("inv", x, square=True)
    if x.size == 0:
        return x.copy()
    return _solved("inv", mnp.linalg.inv, x)


def _svd_reduced(x):
    """(U, S, Vh), reduced, for any (..., M, N) (MXNet's gesvd wants M <= N)."""
    m, n = x.shape[-2:]
    if m <= n:
        u, s, vh = mnp.linalg.svd(x)
        return u, s, vh
    u, s, vh = mnp.linalg.svd(matrix_transpose(x))
    return matrix_transpose(vh), s, matrix_transpose(u)


def _complete_basis(u):
    """Orthonormal (..., M, M) whose first K columns are ``u`` (..., M, K)."""
    m, k = u.shape[-2:]
    if k == m:
        return u
    eye = mnp.eye(m, dtype=u.dtype, ctx=u.ctx)
    proj = eye - matmul(u, matrix_transpose(u))
    _, v = mnp.linalg.eigh(proj)  # eigenvalues ~0 (K of them) then ~1 (M - K)
    return mnp.concatenate([u, v[..., :, k:]], axis=-1)


def svd(x, /, *, full_matrices=True):
    """Array API ``svd``: ``(U, S, Vh)`` with descending ``S``."""
    _floating_matrix("svd", x)
    m, n = x.shape[-2:]
    k = min(m, n)
    if x.size == 0:
        batch = x.shape[:-2]
        um = m if full_matrices else k
        vn = n if full_matrices else k
        eye_u = mnp.broadcast_to(mnp.eye(m, um, dtype=x.dtype, ctx=x.ctx), batch + (m, um))
        eye_v = mnp.broadcast_to(mnp.eye(vn, n, dtype=x.dtype, ctx=x.ctx), batch + (vn, n))
        return SVDResult(eye_u, mnp.zeros(batch + (k,), dtype=x.dtype, ctx=x.ctx), eye_v)
    u, s, vh = _svd_reduced(x)
    if full_matrices and m != n:
        if m > n:
            u = _complete_basis(u)
        else:
            vh = matrix_transpose(_complete_basis(matrix_transpose(vh)))
    return SVDResult(u, s, vh)


def svdvals(x, /):
    """Array API ``svdvals`` (descending)."""
    _floating_matrix("svdvals", x)
    if x.size == 0:
        return mnp.zeros(x.shape[:-2] + (min(x.shape[-2:]),), dtype=x.dtype, ctx=x.ctx)
    return _svd_reduced(x)[1]


def qr(x, /, *, mode="reduced"):
    """Array API ``qr`` (``mode`` 'reduced' or 'complete')."""
    _floating_matrix("qr", x)
    if mode not in ("reduced", "complete"):
        raise ValueError("qr: mode must be 'reduced' or 'complete'")
    m, n = x.shape[-2:]
    if x.size == 0:
        k = m if mode == "complete" else min(m, n)
        batch = x.shape[:-2]
        return QRResult(mnp.broadcast_to(mnp.eye(m, k, dtype=x.dtype, ctx=x.ctx), batch + (m, k)),
                        mnp.zeros(batch + (k, n), dtype=x.dtype, ctx=x.ctx))
    if m < n:
        # MXNet's QR needs rows >= columns: factor the leading square block, then R = Qᵀ x.
        q, _ = mnp.linalg.qr(x[..., :, :m])
        return QRResult(q, triu(matmul(matrix_transpose(q), x)))
    q, r = mnp.linalg.qr(x)
    if mode == "complete" and m > n:
        q = _complete_basis(q)
        r = mnp.concatenate([r, mnp.zeros(r.shape[:-2] + (m - n, n), dtype=r.dtype, ctx=r.ctx)],
                            axis=-2)
    return QRResult(q, r)


def slogdet(x, /):
    """Array API ``slogdet``."""
    _floating_matrix("slogdet", x, square=True)
    if x.shape[-1] == 0:
        return SlogdetResult(mnp.ones(x.shape[:-2], dtype=x.dtype, ctx=x.ctx),
                             mnp.zeros(x.shape[:-2], dtype=x.dtype, ctx=x.ctx))
    sign, logabs = mnp.linalg.slogdet(x)
    return SlogdetResult(sign, logabs)


def solve(x1, x2, /):
    """Array API ``solve``; a 1-D ``x2`` is one vector; batch dimensions broadcast."""
    require_array(x1, "solve")
    require_array(x2, "solve")
    a, b, n = binary(x1, x2, "solve", bcast=False)
    _dtypes.check_kind(n, "real floating", "solve")
    _cl.require_matrix("solve", a, square=True)
    m = a.shape[-1]
    if b.ndim == 1:
        if b.shape[0] != m:
            raise ValueError("solve: x2's length must match x1's size")
        b2 = b.reshape((m, 1))
        batch = a.shape[:-2]
        r = _solved("solve", mnp.linalg.solve, a, mnp.broadcast_to(b2, batch + (m, 1)))
        return r.reshape(batch + (m,))
    if b.shape[-2] != m:
        raise ValueError("solve: x2's rows must match x1's size")
    batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = mnp.broadcast_to(a, batch + a.shape[-2:])
    b = mnp.broadcast_to(b, batch + b.shape[-2:])
    return _solved("solve", mnp.linalg.solve, a, b)


def trace(x, /, *, offset=0, dtype=None):
    """Array API ``trace`` (int input accumulates in int64, like ``sum``)."""
    n, out = _cl.trace_dtypes(x, dtype, require_array, _dtypes)
    d = _diagonal(x, offset)
    if out != n:
        d = d.astype(out)
    if d.size == 0:
        return mnp.zeros(d.shape[:-1], dtype=out, ctx=x.ctx)
    return mnp.sum(d, axis=-1)


def outer(x1, x2, /):
    """Array API ``outer``."""
    a, b, _ = _numeric_pair("outer", x1, x2)
    return _cl.outer(_xp(), a, b)


def cross(x1, x2, /, *, axis=-1):
    """Array API ``cross`` (3-vectors)."""
    a, b, _ = _numeric_pair("cross", x1, x2)
    if a.shape != b.shape and a.ndim and b.ndim:
        # The shared algorithm stacks components, so the operands need one shape.
        shape = broadcast_shapes(a.shape, b.shape)
        a, b = mnp.broadcast_to(a, shape), mnp.broadcast_to(b, shape)
    return _cl.cross(_xp(), a, b, axis=axis)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API ``vector_norm``."""
    require_kind(x, "real floating", "vector_norm")
    keepdims = check_keepdims("vector_norm", keepdims)
    r = _cl.vector_norm(_xp(), x, axis=axis, keepdims=keepdims, ord=ord)
    if isinstance(ord, (int, float)) and not isinstance(ord, bool) and -_INF < ord < 0:
        # Negative ords sum 1/|x|**p, which is inf for a zero element, and MXNet's sum of an
        # array holding inf is nan (an MXNet 1.9.1 bug): the norm of a vector with a zero (and
        # no nan) is 0, as NumPy computes it.
        from ._utility_functions import any as _any
        a = mnp.abs(x)
        zero = _any(mnp.equal(a, 0), axis=axis, keepdims=keepdims)
        nan = _any(mnp.isnan(a), axis=axis, keepdims=keepdims)
        r = _where(mnp.multiply(zero, mnp.logical_not(nan)), mnp.zeros_like(r), r)
    return r


_INF = float("inf")


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Array API ``matrix_norm``."""
    _floating_matrix("matrix_norm", x)
    return _cl.matrix_norm(_xp(), x, keepdims=keepdims, ord=ord, svdvals=svdvals)


def matrix_power(x, n, /):
    """Array API ``matrix_power`` (repeated squaring; negative powers invert first)."""
    _floating_matrix("matrix_power", x, square=True)

    def eye_like(a):
        return mnp.broadcast_to(mnp.eye(a.shape[-1], dtype=a.dtype, ctx=a.ctx), a.shape)

    return _cl.matrix_power(_xp(), x, n, inv=inv, eye_like=eye_like)


def matrix_rank(x, /, *, rtol=None):
    """Array API ``matrix_rank`` (int64)."""
    n = _floating_matrix("matrix_rank", x)
    eps = _dtypes._rules.FINFO[n][1]
    rtol = _cl.checked_rtol("matrix_rank", rtol, require_array, _dtypes.check_kind)
    return _cl.matrix_rank(_xp(), x, rtol=rtol, svdvals=svdvals, eps=eps,
                           real_dtype=_dtypes.DTYPES[n], int_dtype=_dtypes.DTYPES["int64"])


def pinv(x, /, *, rtol=None):
    """Array API ``pinv``."""
    n = _floating_matrix("pinv", x)
    eps = _dtypes._rules.FINFO[n][1]
    rtol = _cl.checked_rtol("pinv", rtol, require_array, _dtypes.check_kind)
    return _cl.pinv(_xp(), x, rtol=rtol,
                    svd=lambda a: svd(a, full_matrices=False), eps=eps,
                    real_dtype=_dtypes.DTYPES[n])
