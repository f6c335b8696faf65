"""The standard's ``linalg`` extension over ``mlx.core.linalg`` (MLX 0.32.4, CPU stream).

MLX's factorisations run on the CPU stream only and take float32/float64; ``eig``/``eigvals``
and ``svd``/``eigh`` also take complex64, and complex64 ``inv``/``solve`` go through the real
embedding ``[[B, -C], [C, B]]`` of ``B + iC`` (exact algebra, float32 arithmetic), ``pinv``
through the complex SVD. What MLX lacks is refused with TypeError naming MLX, the function and
the dtype, never emulated: complex64 ``cholesky``, ``det``, ``qr``, ``slogdet`` (MLX: "Complex
inputs are not supported"), and float64 ``eig``/``eigvals``, whose standard result is
complex128 (MLX returns complex64, which would silently lose half the precision).
``svd``'s ``full_matrices=False`` keeps the leading columns of MLX's full factors;
``qr(mode="complete")`` factors ``[x | I]``.
Norms, rank, pinv, matrix_power, cross, outer, diagonal and trace are the shared algorithms of
``arraykit.shims._common.linalg`` run over this namespace.
"""

from __future__ import annotations

import math
import sys

import mlx.core as mx

from .. import standard_names
from .._common import linalg as _cl
from .._common.checks import shown
from .._common.dtypes import accumulation_dtype
from . import _dtypes as D
from ._helpers import (
    binary,
    cast,
    check_broadcast,
    concrete,
    normalize_axes,
    reduced_shape,
    require_array,
)
from ._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot

__all__ = list(standard_names("linalg"))

EigResult = _cl.EigResult
EighResult = _cl.EighResult
QRResult = _cl.QRResult
SlogdetResult = _cl.SlogdetResult
SVDResult = _cl.SVDResult

_CPU = mx.cpu
_REAL_OF = {"float32": "float32", "float64": "float64", "complex64": "float32"}
_EPS = {"float32": 1.1920928955078125e-07, "float64": 2.220446049250313e-16}


def _xp():
    return sys.modules[__package__]


def _matrix(fname, x, square=False, real_only=False):
    """The dtype name of floating (stacked) matrices ``x``; complex64 refused where MLX has no
    kernel for it (``real_only``)."""
    n = require_array(x, fname)
    D.check_kind(n, "floating-point", fname)
    if real_only and n in D.COMPLEX:
        raise TypeError(f"{fname}: {D.MLX} has no {fname} for {n} input (its kernels take "
                        "float32 and float64); arraykit does not emulate it")
    _cl.require_matrix(fname, x, square=square)
    return n


def _empty_batch(x):
    return 0 in x.shape


def cholesky(x, /, *, upper=False):
    """Lower (or upper) Cholesky factor of symmetric positive-definite matrices."""
    _matrix("cholesky", x, square=True, real_only=True)
    if _empty_batch(x):
        return mx.array(x)
    L = mx.linalg.cholesky(x, upper=upper, stream=_CPU)
    # MLX returns LAPACK's partial factor of a matrix that is not positive definite as if it
    # were one (its pivot, <= 0 or NaN, left on the diagonal): the shared test
    # (_common.linalg.not_positive_definite), eagerly an error; under mx.compile/mx.vmap,
    # where values are unknown, NaN factors for those matrices.
    ok = mx.all(mx.diagonal(L, axis1=-2, axis2=-1) > 0, axis=-1)
    v = concrete(ok)
    if v is None:
        return mx.where(ok[..., None, None], L, mx.array(math.nan, dtype=L.dtype))
    if not v.all():
        return _cl.cholesky_failed(_xp(), x, L, upper=upper)
    return L


def det(x, /):
    """Determinants of square matrices."""
    _matrix("det", x, square=True, real_only=True)
    if _empty_batch(x):
        return mx.ones(x.shape[:-2], dtype=x.dtype)
    return mx.linalg.det(x, stream=_CPU)


def slogdet(x, /):
    """``(sign, logabsdet)`` of square matrices; a singular one gives ``(0, -inf)``."""
    _matrix("slogdet", x, square=True, real_only=True)
    if _empty_batch(x):
        return SlogdetResult(mx.ones(x.shape[:-2], dtype=x.dtype),
                             mx.zeros(x.shape[:-2], dtype=x.dtype))
    sign, logabsdet = mx.linalg.slogdet(x, stream=_CPU)
    return SlogdetResult(sign, logabsdet)


def _embed(a):
    """The real ``(..., 2M, 2N)`` matrix ``[[B, -C], [C, B]]`` of complex ``a = B + iC``:
    ``a @ z = w`` exactly when the embedding maps ``[Re z; Im z]`` to ``[Re w; Im w]``."""
    b, c = mx.real(a), mx.imag(a)
    return mx.concatenate([mx.concatenate([b, -c], axis=-1),
                           mx.concatenate([c, b], axis=-1)], axis=-2)


def _stack_parts(w):
    return mx.concatenate([mx.real(w), mx.imag(w)], axis=-2)


def _unstack_parts(z, m):
    from ._elementwise_functions import _make_complex

    return _make_complex(z[..., :m, :], z[..., m:, :])


def _complex_solve(a, b, fname):
    """``solve`` for complex64 (MLX's takes real input only) through the real embedding."""
    m = a.shape[-1]
    big = _embed(a)
    _require_nonsingular(fname, big)
    z = mx.linalg.solve(big, _stack_parts(b), stream=_CPU)
    return _unstack_parts(z, m)


def inv(x, /):
    """Inverses of square matrices (complex64 through the real embedding ``[[B, -C], [C,
    B]]``: MLX's kernel takes real input only)."""
    n = _matrix("inv", x, square=True)
    if _empty_batch(x):
        return mx.array(x)
    if n in D.COMPLEX:
        m = x.shape[-1]
        eye = mx.broadcast_to(mx.eye(m, dtype=x.dtype), x.shape)
        return _complex_solve(x, eye, "inv")
    r = _real_inv(x)
    # MLX's Inverse raises when it runs into an exact zero pivot (LAPACK getrf's info > 0,
    # NumPy's test), at evaluation: evaluated here (the step's graph up to x), so that a
    # singular matrix is NumPy's LinAlgError at the call, not a RuntimeError at a later
    # read; no second factorisation (that cost ~100 us a 2x2 call, 0.32.4). Under
    # mx.compile/mx.vmap, where nothing evaluates, the error surfaces at evaluation.
    try:
        mx.eval(r)
    except ValueError as e:
        if "function transformations" not in str(e):
            raise
    except RuntimeError as e:
        if "factorization failed" not in str(e):
            raise
        raise _cl.singular_matrix("inv") from None
    return r


def _require_nonsingular(fname, a):
    """LinAlgError if a matrix of ``a`` is singular (an exact zero pivot of its LU
    factorisation, NumPy's test): MLX's ``inv``/``solve`` return LAPACK's factors or a
    solution from them there, as if it were a result. One more ``getrf`` and a read of one
    value; skipped under ``mx.compile``/``mx.vmap``, where values are unknown. (Real ``inv``
    reads the error MLX 0.32.4's own Inverse raises at evaluation instead.)"""
    lu, _ = mx.linalg.lu_factor(a, stream=_CPU)
    v = concrete(mx.any(mx.diagonal(lu, axis1=-2, axis2=-1) == 0))
    if v is not None and v.item():
        raise _cl.singular_matrix(fname)


@mx.custom_function
def _real_inv(x):
    return mx.linalg.inv(x, stream=_CPU)


@_real_inv.vjp
def _real_inv_vjp(primals, cotangent, output):
    # d inv(A) = -inv(A) dA inv(A): MLX 0.32.4 has no vjp for its Inverse primitive.
    t = mx.swapaxes(output, -1, -2)
    return (-(t @ cotangent @ t),)


# Called through mx.compile: a plain call of a custom_function builds Python closures that MLX
# frees under the GIL after evaluation, ~13 us a 2x2 call (0.32.4, CPU time, call and
# evaluation); the compiled function replays the graph traced once per shape and dtype (the
# first call of a shape traces it, ~0.3 ms).
_real_inv = mx.compile(_real_inv)


def solve(x1, x2, /):
    """Solve ``x1 @ X = x2``; ``x2`` is a vector (shape ``(M,)``) or a stack of matrices."""
    a, b, n = binary(x1, x2, "solve", bcast=False)
    _matrix("solve", a, square=True)
    D.check_kind(n, "floating-point", "solve")
    m = a.shape[-1]
    if b.ndim == 1:
        if b.shape[0] != m:
            raise ValueError(f"solve: x2 of shape {b.shape} does not match x1 {a.shape}")
        # A vector right-hand side, one per matrix of the stack, solved as an (M, 1) column.
        bb = mx.expand_dims(mx.broadcast_to(b, a.shape[:-1]), -1)
        if 0 in a.shape:
            return mx.zeros(a.shape[:-1], dtype=a.dtype)
        solver = _complex_solve if n in D.COMPLEX else _checked_real_solve
        return mx.squeeze(solver(a, bb, "solve"), -1)
    if b.shape[-2] != m:
        raise ValueError(f"solve: x2 of shape {b.shape} does not match x1 {a.shape}")
    batch = check_broadcast(a.shape[:-2], b.shape[:-2], "solve")
    a = mx.broadcast_to(a, batch + a.shape[-2:])
    b = mx.broadcast_to(b, batch + b.shape[-2:])
    if 0 in a.shape or 0 in b.shape:
        return mx.zeros(batch + b.shape[-2:], dtype=a.dtype)
    if n in D.COMPLEX:
        return _complex_solve(a, b, "solve")
    return _checked_real_solve(a, b, "solve")


def _checked_real_solve(a, b, fname):
    _require_nonsingular(fname, a)
    return _real_solve(a, b)


@mx.custom_function
def _real_solve(a, b):
    return mx.linalg.solve(a, b, stream=_CPU)


@_real_solve.vjp
def _real_solve_vjp(primals, cotangent, output):
    # MLX 0.32.4's own vjp of solve fails ("Cannot calculate VJP with respect to indices", its
    # pivots): db = solve(a^T, ct), da = -db x^T.
    a, _ = primals
    db = mx.linalg.solve(mx.swapaxes(a, -1, -2), cotangent, stream=_CPU)
    return (-(db @ mx.swapaxes(output, -1, -2)), db)


def eigh(x, /):
    """Eigenvalues (ascending, real) and eigenvectors of Hermitian matrices."""
    _matrix("eigh", x, square=True)
    w, v = mx.linalg.eigh(x, stream=_CPU)
    return EighResult(w, v)


def eigvalsh(x, /):
    """Eigenvalues (ascending, real) of Hermitian matrices."""
    _matrix("eigvalsh", x, square=True)
    return mx.linalg.eigvalsh(x, stream=_CPU)


def _general_eig(fname, x):
    n = _matrix(fname, x, square=True)
    if n == "float64":
        raise TypeError(f"{fname}: the eigenvalues of float64 input are complex128, and "
                        f"{D.MLX} has no complex128 (its eig returns complex64); cast x to "
                        "float32 for a complex64 result")
    return n


def eig(x, /):
    """Eigenvalues and eigenvectors of general square matrices (complex64; 2025.12)."""
    _general_eig("eig", x)
    w, v = mx.linalg.eig(x, stream=_CPU)
    return EigResult(w, v)


def eigvals(x, /):
    """Eigenvalues of general square matrices (complex64; 2025.12)."""
    _general_eig("eigvals", x)
    return mx.linalg.eigvals(x, stream=_CPU)


def svd(x, /, *, full_matrices=True):
    """``U, S, Vh`` with ``x = U @ diag(S) @ Vh``; ``full_matrices=False`` gives the reduced
    factors (the leading ``K = min(M, N)`` columns of U and rows of Vh)."""
    _matrix("svd", x)
    m, n = x.shape[-2:]
    k = min(m, n)
    if _empty_batch(x):
        real = D.DTYPES[_REAL_OF[D.NAME_OF[x.dtype]]]
        um, vn = (m, n) if full_matrices else (k, k)
        return SVDResult(mx.zeros(x.shape[:-2] + (m, um), dtype=x.dtype),
                         mx.zeros(x.shape[:-2] + (k,), dtype=real),
                         mx.zeros(x.shape[:-2] + (vn, n), dtype=x.dtype))
    u, s, vh = mx.linalg.svd(x, stream=_CPU)
    if not full_matrices:
        u = u[..., :, :k]
        vh = vh[..., :k, :]
    return SVDResult(u, s, vh)


def svdvals(x, /):
    """Singular values, descending."""
    _matrix("svdvals", x)
    if _empty_batch(x):
        real = D.DTYPES[_REAL_OF[D.NAME_OF[x.dtype]]]
        return mx.zeros(x.shape[:-2] + (min(x.shape[-2:]),), dtype=real)
    return mx.linalg.svd(x, compute_uv=False, stream=_CPU)


def qr(x, /, *, mode="reduced"):
    """QR factorisation; ``mode`` ``"reduced"`` or ``"complete"``."""
    _matrix("qr", x, real_only=True)
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
    m, n = x.shape[-2:]
    if mode == "complete" and m > n:
        # Householder QR of [x | I] factors x's columns first: its Q is x's complete Q and
        # the leading n columns of its R are x's complete R.
        eye = mx.broadcast_to(mx.eye(m, dtype=x.dtype), x.shape[:-2] + (m, m))
        q, r = mx.linalg.qr(mx.concatenate([x, eye], axis=-1), stream=_CPU)
        return QRResult(q, r[..., :, :n])
    q, r = mx.linalg.qr(x, stream=_CPU)
    return QRResult(q, r)


def _svdvals_of(x):
    return mx.linalg.svd(x, compute_uv=False, stream=_CPU)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Matrix norms over the last two axes (``fro``, ``nuc``, 1, -1, 2, -2, inf, -inf)."""
    _matrix("matrix_norm", x)
    return _cl.matrix_norm(_xp(), x, keepdims=keepdims, ord=ord, svdvals=_svdvals_of)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norms over ``axis`` (default all); the real dtype of ``x``'s precision."""
    n = require_array(x, "vector_norm")
    D.check_kind(n, "floating-point", "vector_norm")
    if x.size == 0 and ord == math.inf:
        # The largest of no magnitudes is 0 (NumPy's and array-api-strict's answer); the
        # shared algorithm's max() refuses the empty reduction.
        axes = normalize_axes(axis, x.ndim, "vector_norm")
        return mx.zeros(reduced_shape(x.shape, axes, keepdims), dtype=D.DTYPES[_REAL_OF[n]])
    if ord == 2 and n != "complex64":
        # Real x: x * x is |x| * |x| exactly, so no abs: MLX's own norm's program (Square,
        # Sum, Sqrt; the shared rule's abs made it Abs, Abs, Multiply).
        xp = _xp()
        axes = normalize_axes(axis, x.ndim, "vector_norm")
        return xp.sqrt(xp.sum(mx.square(x), axis=axes, keepdims=keepdims))
    return _cl.vector_norm(_xp(), x, axis=axis, keepdims=keepdims, ord=ord)


def matrix_rank(x, /, *, rtol=None):
    """Number of singular values above ``rtol`` times the largest."""
    n = _matrix("matrix_rank", x)
    if not _cl.scalar_rtol(rtol):
        D.check_kind(require_array(rtol, "matrix_rank"), "real floating", "matrix_rank")
    real = _REAL_OF[n]
    return _cl.matrix_rank(_xp(), x, rtol=rtol, svdvals=_svdvals_of, eps=_EPS[real],
                           real_dtype=D.DTYPES[real], int_dtype=D.DTYPES[D.DEFAULT_INT])


def pinv(x, /, *, rtol=None):
    """Moore-Penrose pseudo-inverse."""
    n = _REAL_OF[_matrix("pinv", x)]
    if not _cl.scalar_rtol(rtol):
        D.check_kind(require_array(rtol, "pinv"), "real floating", "pinv")
    return _cl.pinv(_xp(), x, rtol=rtol, svd=lambda a: svd(a, full_matrices=False),
                    eps=_EPS[n], real_dtype=D.DTYPES[n])


def matrix_power(x, n, /):
    """``x`` to the integer power ``n`` (negative: of the inverse)."""
    name = require_array(x, "matrix_power")
    D.check_kind(name, "numeric", "matrix_power")

    def eye_like(a):
        return mx.broadcast_to(mx.eye(a.shape[-1], dtype=a.dtype), a.shape)

    return _cl.matrix_power(_xp(), x, n, inv=inv, eye_like=eye_like)


def cross(x1, x2, /, *, axis=-1):
    """Cross products of 3-vectors along ``axis``."""
    a, b, n = binary(x1, x2, "cross", bcast=False)
    D.check_kind(n, "numeric", "cross")
    return _cl.cross(_xp(), a, b, axis=axis)


def outer(x1, x2, /):
    """Outer product of two 1-D arrays."""
    a, b, n = binary(x1, x2, "outer", bcast=False)
    D.check_kind(n, "numeric", "outer")
    return _cl.outer(_xp(), a, b)


def diagonal(x, /, *, offset=0):
    """The ``offset`` diagonal of each matrix."""
    require_array(x, "diagonal")
    _cl.require_matrix("diagonal", x)
    if type(offset) is bool or not isinstance(offset, int):
        raise TypeError(f"diagonal: offset must be an int, got {shown(offset)}")
    m, n = x.shape[-2:]
    if (offset >= 0 and offset >= n) or (offset < 0 and -offset >= m) or 0 in x.shape:
        k = max(0, min(m, n - offset) if offset >= 0 else min(m + offset, n))
        return mx.zeros(x.shape[:-2] + (k,), dtype=x.dtype)
    return mx.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def trace(x, /, *, offset=0, dtype=None):
    """Sums of the ``offset`` diagonal, accumulated as ``sum`` accumulates."""
    name = require_array(x, "trace")
    D.check_kind(name, "numeric", "trace")
    given = None if dtype is None else D.dtype_name(dtype, "trace")
    d = diagonal(x, offset=offset)
    r = cast(d, accumulation_dtype(name, given))
    return mx.sum(r, axis=-1)


_ = (matmul, matrix_transpose, tensordot, vecdot)  # the main namespace's, re-exported
