"""The standard's ``linalg`` extension over ``paddle.linalg``.

Factorisations come from Paddle (float32/float64/complex, LAPACK on CPU): cholesky, det, eig,
eigh, eigvals, eigvalsh, inv, qr, slogdet, solve, svd, svdvals. Norms, rank, pinv,
matrix_power, cross, outer, diagonal and trace are the shared algorithms of
``arraykit.shims._common.linalg`` run over this namespace. Integer input to the floating
functions is refused with a TypeError, as on the other backends.
A singular matrix to ``inv``/``solve``, and one that is not positive definite to ``cholesky``,
raise NumPy's ``LinAlgError`` (a ValueError) naming the function; a matrix holding NaN gives
NaN from ``inv``/``solve``, as in NumPy (Paddle calls it singular).
"""

from __future__ import annotations

import sys

import paddle

from .. import standard_names
from .._common import linalg as _cl
from .._common.linalg import EighResult, EigResult, QRResult, SlogdetResult, SVDResult
from . import _dtypes as D
from ._helpers import (
    binary,
    broadcast_shapes,
    check_keepdims,
    is_zero,
    narrow,
    require_array,
    require_kind,
    widen,
)
from ._linear_algebra_functions import matmul, matrix_transpose, real_floating, tensordot, vecdot  # noqa: F401 (linalg has them too)

__all__ = list(standard_names("linalg"))


def _xp():
    return sys.modules[__package__]


def _floating_matrix(fname: str, x, square: bool = False, category="floating-point"):
    n = require_kind(x, category, fname)
    _cl.require_matrix(fname, x, square=square)
    return x, n


def _numeric_pair(fname: str, x1, x2):
    require_array(x1, fname)
    require_array(x2, fname)
    a, b, n = binary(x1, x2, fname, bcast=False)
    D.check_kind(n, "numeric", fname)
    return a, b, n


def _named(fname, op, *args):
    try:
        return op(*args)
    except ValueError as e:
        raise ValueError(f"{fname}: {str(e).splitlines()[0]}") from e


def _empty_batch(x, shape, dtype=None):
    return paddle.zeros(shape, dtype=dtype or x.dtype)


def cholesky(x, /, *, upper=False):
    """Array API ``cholesky`` (lower by default)."""
    x, name = _floating_matrix("cholesky", x, square=True)
    if x.size == 0:
        return x.clone()
    if name in _CPLX:
        L = _complex_cholesky(x)
        return paddle.conj(matrix_transpose(L)) if upper else L
    try:
        L = paddle.linalg.cholesky(x, upper)
    except ValueError as e:
        raise _cl.not_positive_definite("cholesky") from e
    # Paddle's kernel lets a NaN pivot through (a NaN factor, no error): the shared test
    # (_common.linalg.not_positive_definite) on the factor's diagonal.
    if not bool(paddle.all(paddle.diagonal(L, axis1=-2, axis2=-1) > 0)):
        return _cl.cholesky_failed(_xp(), x, L, upper=upper)
    return L


_CPLX = ("complex64", "complex128")


def _complex_cholesky(a):
    """Lower Cholesky factor of Hermitian positive-definite ``a`` (Paddle 3.3.1 has no
    complex ``cholesky`` kernel on CPU): the Cholesky-Banachiewicz recurrence, one column
    per step, each step over the whole batch. Not positive definite: ValueError, as
    Paddle's real kernel raises."""
    n = a.shape[-1]
    rd = _real(a)
    cols = []
    for j in range(n):
        if j:
            prev = paddle.stack(cols, axis=-1)  # (..., n, j): the columns found so far
            row_j = prev[..., j:j + 1, :]  # (..., 1, j)
            s = paddle.sum(prev * paddle.conj(row_j), axis=-1)  # (..., n)
            col = a[..., :, j] - s
        else:
            col = a[..., :, j]
        d = paddle.real(col[..., j])
        if not bool(paddle.all(d > 0)):
            raise _cl.not_positive_definite("cholesky")
        root = paddle.sqrt(d)
        col = col / paddle.cast(root, a.dtype).unsqueeze(-1)
        mask = paddle.arange(n) >= j
        col = paddle.where(mask, col, paddle.zeros_like(col))
        col = paddle.where(paddle.arange(n) == j, paddle.cast(root, a.dtype).unsqueeze(-1)
                           .expand(col.shape), col)
        cols.append(col)
    del rd
    return paddle.stack(cols, axis=-1)


def det(x, /):
    """Array API ``det``."""
    x, _ = _floating_matrix("det", x, square=True)
    if x.shape[-1] == 0:
        return paddle.ones(x.shape[:-2], dtype=x.dtype)
    if x.size == 0:
        return paddle.zeros(x.shape[:-2], dtype=x.dtype)
    return paddle.linalg.det(x)


def diagonal(x, /, *, offset=0):
    """Array API ``diagonal``."""
    require_array(x, "diagonal")
    return _cl.diagonal(_xp(), x, offset=offset)


def eigh(x, /):
    """Array API ``eigh`` (lower triangle read, as LAPACK's default)."""
    x, _ = _floating_matrix("eigh", x, square=True)
    if x.size == 0:
        return EighResult(paddle.zeros(x.shape[:-1], dtype=_real(x)), x.clone())
    if _nonfinite(x):
        # LAPACK does not converge on NaN/inf (Paddle raises RuntimeError): NaN results for
        # those matrices, as eig gives (``_common.linalg.eig_nonfinite_as_nan``).
        w, v = _cl.eig_nonfinite_as_nan(_xp(), lambda a: tuple(paddle.linalg.eigh(a)), x)
        return EighResult(w, v)
    w, v = paddle.linalg.eigh(x)
    return EighResult(w, v)


def _real(x):
    n = D.NAME_OF[x.dtype]
    return {"complex64": "float32", "complex128": "float64"}.get(n, n)


def _complex(x):
    n = D.NAME_OF[x.dtype]
    return {"float32": "complex64", "float64": "complex128"}.get(n, n)


def _nonfinite(x):
    return not bool(paddle.all(paddle.isfinite(x)))


def _eigen(fname, x, solver, empty):
    """``solver(x)`` for square floating matrices ``x``: ``empty(x)`` when ``x`` has no
    elements, NaN results where a matrix holds NaN or an infinity
    (``_common.linalg.eig_nonfinite_as_nan``)."""
    x, _ = _floating_matrix(fname, x, square=True)
    if x.size == 0:
        return empty(x)
    if _nonfinite(x):
        return _cl.eig_nonfinite_as_nan(_xp(), solver, x)
    return solver(x)


def _no_eigenvalues(dtype_of):
    """``_eigen``'s ``empty`` for the eigenvalues of a size-0 stack, of dtype ``dtype_of(x)``."""
    return lambda x: paddle.zeros(x.shape[:-1], dtype=dtype_of(x))


def eigvalsh(x, /):
    """Array API ``eigvalsh``."""
    return _eigen("eigvalsh", x, paddle.linalg.eigvalsh, _no_eigenvalues(_real))


def _eig_solver(a):
    w, v = paddle.linalg.eig(a)
    return EigResult(w, v)


def _no_eig(x):
    c = _complex(x)
    return EigResult(paddle.zeros(x.shape[:-1], dtype=c), paddle.zeros(x.shape, dtype=c))


def eig(x, /):
    """Array API ``eig`` (2025.12): complex eigenvalues and eigenvectors; matrices holding
    NaN or an infinity give NaN results (``_common.linalg.eig_nonfinite_as_nan``)."""
    return _eigen("eig", x, _eig_solver, _no_eig)


def eigvals(x, /):
    """Array API ``eigvals`` (2025.12)."""
    return _eigen("eigvals", x, paddle.linalg.eigvals, _no_eigenvalues(_complex))


#: The eager fast path's kernel: what ``paddle.linalg.inv`` calls in eager mode (3.3.1), with
#: no mode test (~0.3 us).
_paddle_inverse = paddle._C_ops.inverse


def inv(x, /):
    """Array API ``inv`` (a singular matrix raises LinAlgError, a ValueError). A non-empty
    stack of square float32/float64 matrices skips the checks (~15 us a 2x2 call, 3.3.1:
    ``ndim`` and ``size`` are Python properties in Paddle)."""
    if real_floating(x):
        s = x.shape
        if len(s) >= 2 and s[-1] == s[-2] and 0 not in s:
            return _solved("inv", _paddle_inverse, x)
    x, _ = _floating_matrix("inv", x, square=True)
    if x.size == 0:
        return x.clone()
    return _solved("inv", paddle.linalg.inv, x)


def _solved(fname, op, a, *rest):
    """``op(a, *rest)`` for ``inv``/``solve``: Paddle's "not invertible" as NumPy's
    LinAlgError, except for matrices holding NaN, whose result is NaN as in NumPy
    (``_common.linalg.nan_matrices_as_nan``; Paddle's kernel calls them singular)."""
    try:
        return op(a, *rest)
    except ValueError as e:
        if "invertible" not in str(e):
            raise ValueError(f"{fname}: {str(e).splitlines()[0]}") from e
        xp = _xp()
        if bool(xp.any(xp.isnan(a))):
            return _cl.nan_matrices_as_nan(xp, lambda *args: _solved(fname, op, *args), a,
                                           *rest, eye_like=_eye_like)
        raise _cl.singular_matrix(fname) from e


def _eye_like(a):
    return paddle.broadcast_to(paddle.eye(a.shape[-1], dtype=a.dtype), a.shape)


def svd(x, /, *, full_matrices=True):
    """Array API ``svd``."""
    x, _ = _floating_matrix("svd", x)
    m, n = x.shape[-2:]
    if x.size == 0:
        k = min(m, n)
        b = list(x.shape[:-2])
        u = paddle.zeros(b + [m, m if full_matrices else k], dtype=x.dtype)
        vh = paddle.zeros(b + [n if full_matrices else k, n], dtype=x.dtype)
        if full_matrices:
            u = u + paddle.eye(m, dtype=x.dtype) if m else u
            vh = vh + paddle.eye(n, dtype=x.dtype) if n else vh
        return SVDResult(u, paddle.zeros(b + [k], dtype=_real(x)), vh)
    u, s, vh = paddle.linalg.svd(x, full_matrices=full_matrices)
    return SVDResult(u, s, vh)


def svdvals(x, /):
    """Array API ``svdvals``."""
    x, name = _floating_matrix("svdvals", x)
    k = min(x.shape[-2:])
    batch = list(x.shape[:-2])
    if x.size == 0:
        return paddle.zeros(batch + [k], dtype=_real(x))
    if name in _CPLX:
        # No complex svdvals kernel in Paddle 3.3.1 on CPU; its complex svd exists.
        return paddle.linalg.svd(x, full_matrices=False)[1]
    # Paddle's svdvals flattens the batch dimensions ((2, 3, 4, 5) gave (6, 4)).
    return paddle.linalg.svdvals(x).reshape(batch + [k])


def qr(x, /, *, mode="reduced"):
    """Array API ``qr`` (``mode`` "reduced" or "complete")."""
    if mode not in ("reduced", "complete"):
        raise ValueError("qr: mode must be 'reduced' or 'complete'")
    x, _ = _floating_matrix("qr", x)
    m, n = x.shape[-2:]
    if x.size == 0:
        k = m if mode == "complete" else min(m, n)
        b = list(x.shape[:-2])
        q = paddle.zeros(b + [m, k], dtype=x.dtype)
        if mode == "complete" and m:
            q = q + paddle.eye(m, dtype=x.dtype)
        return QRResult(q, paddle.zeros(b + [k, n], dtype=x.dtype))
    q, r = paddle.linalg.qr(x, mode=mode)
    return QRResult(q, r)


def slogdet(x, /):
    """Array API ``slogdet``: ``(sign, logabsdet)``; a singular matrix gives (0, -inf)."""
    x, name = _floating_matrix("slogdet", x, square=True)
    rd = _real(x)
    if x.shape[-1] == 0:
        return SlogdetResult(paddle.ones(x.shape[:-2], dtype=x.dtype),
                             paddle.zeros(x.shape[:-2], dtype=rd))
    if x.size == 0:
        return SlogdetResult(paddle.zeros(x.shape[:-2], dtype=x.dtype),
                             paddle.zeros(x.shape[:-2], dtype=rd))
    if name in ("complex64", "complex128"):
        d = paddle.linalg.det(x)
        a = paddle.abs(d)
        sign = paddle.where(is_zero(a), paddle.zeros_like(d), d / paddle.cast(
            paddle.where(is_zero(a), paddle.ones_like(a), a), x.dtype))
        return SlogdetResult(sign, paddle.log(a))
    r = paddle.linalg.slogdet(x)
    sign, logabs = r[0], r[1]
    return SlogdetResult(sign, logabs)


def solve(x1, x2, /):
    """Array API ``solve``: ``x2`` a vector (``x2.ndim == 1``) or a stack of matrices."""
    a, b, _n = _numeric_pair("solve", x1, x2)
    require_kind(a, "floating-point", "solve")
    b = paddle.cast(b, D.NAME_OF[a.dtype]) if b.dtype != a.dtype else b
    _cl.require_matrix("solve", a, square=True)
    m = a.shape[-1]
    if b.ndim == 1:
        if b.shape[0] != m:
            raise ValueError("solve: x2 must have as many rows as x1")
        if a.size == 0:
            return paddle.zeros(list(a.shape[:-1]), dtype=a.dtype)
        rhs = paddle.broadcast_to(b.reshape([m, 1]), list(a.shape[:-1]) + [1]) \
            if a.ndim > 2 else b.reshape([m, 1])
        if D.NAME_OF[a.dtype] in _CPLX:
            r = _complex_solve(a, rhs)
        else:
            r = _solved("solve", paddle.linalg.solve, a, rhs)
        return r.reshape(list(a.shape[:-1]))
    if b.shape[-2] != m:
        raise ValueError("solve: x2 must have as many rows as x1")
    batch = list(broadcast_shapes(a.shape[:-2], b.shape[:-2], fname="solve"))
    a = paddle.broadcast_to(a, batch + list(a.shape[-2:]))
    b = paddle.broadcast_to(b, batch + list(b.shape[-2:]))
    if a.size == 0 or b.size == 0:
        return paddle.zeros(batch + list(b.shape[-2:]), dtype=a.dtype)
    if D.NAME_OF[a.dtype] in _CPLX:
        return _complex_solve(a, b)
    return _solved("solve", paddle.linalg.solve, a, b)


def _complex_solve(a, b):
    """``a x = b`` for complex ``a`` (Paddle 3.3.1 has no complex ``solve`` kernel on CPU)
    through the real system [[X, -Y], [Y, X]] [u; v] = [p; q] with a = X + iY, b = p + iq,
    x = u + iv: one real LAPACK solve, exact in the same sense."""
    X, Y = paddle.real(a), paddle.imag(a)
    top = paddle.concat([X, -Y], axis=-1)
    bottom = paddle.concat([Y, X], axis=-1)
    big = paddle.concat([top, bottom], axis=-2)
    rhs = paddle.concat([paddle.real(b), paddle.imag(b)], axis=-2)
    sol = _solved("solve", paddle.linalg.solve, big, rhs)
    m = a.shape[-1]
    return paddle.complex(sol[..., :m, :], sol[..., m:, :])


def trace(x, /, *, offset=0, dtype=None):
    """Array API ``trace`` (integer input accumulates in int64, like ``sum``)."""
    _, out = _cl.trace_dtypes(x, dtype, require_array, D)
    return _cl.trace(_xp(), x, offset=offset, dtype=D.DTYPES[out])


def outer(x1, x2, /):
    """Array API ``outer``."""
    a, b, n = _numeric_pair("outer", x1, x2)
    # The shared algorithm multiplies with ``*``: narrow integers through int32.
    return narrow(_cl.outer(_xp(), widen(a, n), widen(b, n)), n)


def cross(x1, x2, /, *, axis=-1):
    """Array API ``cross`` (3-vectors)."""
    a, b, n = _numeric_pair("cross", x1, x2)
    if a.shape != b.shape and a.ndim and b.ndim:
        shape = list(broadcast_shapes(a.shape, b.shape, fname="cross"))
        a, b = paddle.broadcast_to(a, shape), paddle.broadcast_to(b, shape)
    return narrow(_cl.cross(_xp(), widen(a, n), widen(b, n), axis=axis), n)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API ``vector_norm``."""
    require_kind(x, "floating-point", "vector_norm")
    keepdims = check_keepdims("vector_norm", keepdims)
    if isinstance(ord, (int, float)) and not isinstance(ord, bool) and ord not in (
            0, 1, -1, 2, -2, _cl.INF, -_cl.INF) and ord == ord:
        # A general p: the shared algorithm's ``a ** p`` would take Paddle's scalar pow,
        # which rounds the exponent to float32 (float64 results off by ~1e-8, measured).
        ns = _xp()
        a = ns.abs(x)
        s = ns.sum(ns.pow(a, float(ord)), axis=axis, keepdims=keepdims)
        return ns.pow(s, 1.0 / float(ord))
    return _cl.vector_norm(_xp(), x, axis=axis, keepdims=keepdims, ord=ord)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Array API ``matrix_norm``."""
    x, _ = _floating_matrix("matrix_norm", x)
    keepdims = check_keepdims("matrix_norm", keepdims)
    return _cl.matrix_norm(_xp(), x, keepdims=keepdims, ord=ord, svdvals=svdvals)


def matrix_power(x, n, /):
    """Array API ``matrix_power`` (repeated squaring; negative powers invert first)."""
    name = require_array(x, "matrix_power")
    D.check_kind(name, "numeric", "matrix_power")
    _cl.require_matrix("matrix_power", x, square=True)

    def eye_like(a):
        return paddle.broadcast_to(paddle.eye(a.shape[-1], dtype=a.dtype), a.shape).clone()

    return _cl.matrix_power(_xp(), x, n, inv=inv, eye_like=eye_like)


def matrix_rank(x, /, *, rtol=None):
    """Array API ``matrix_rank`` (int64)."""
    x, _n = _floating_matrix("matrix_rank", x)
    rn = _real(x)
    eps = D._rules.FINFO[rn][1]
    rtol = _cl.checked_rtol("matrix_rank", rtol, require_array, D.check_kind)
    return _cl.matrix_rank(_xp(), x, rtol=rtol, svdvals=svdvals, eps=eps,
                           real_dtype=D.DTYPES[rn], int_dtype=D.DTYPES["int64"])


def pinv(x, /, *, rtol=None):
    """Array API ``pinv``."""
    x, _n = _floating_matrix("pinv", x)
    rn = _real(x)
    eps = D._rules.FINFO[rn][1]
    rtol = _cl.checked_rtol("pinv", rtol, require_array, D.check_kind)
    return _cl.pinv(_xp(), x, rtol=rtol,
                    svd=lambda a: svd(a, full_matrices=False), eps=eps,
                    real_dtype=D.DTYPES[rn])
