"""The standard's ``linalg`` extension over ``mlx.core.linalg`` (MLX 0.32.4, CPU stream).

The standard's rules (input kinds and shapes, empty input, a failed factorisation's error,
``solve``'s broadcasting, norms, rank, pinv, powers, cross, outer, trace) are
``_common.linalg.linalg_functions``'s; this module holds MLX's kernels. MLX's factorisations
run on the CPU stream only and take float32/float64; ``eig``/``eigvals`` and ``svd``/``eigh``
also take complex64, and complex64 ``inv``/``solve`` go through the real embedding
``[[B, -C], [C, B]]`` of ``B + iC`` (exact algebra, float32 arithmetic), ``pinv`` through the
complex SVD. What MLX lacks is refused with TypeError naming MLX, the function and the dtype,
never emulated: complex64 ``cholesky``, ``det``, ``qr``, ``slogdet`` (MLX: "Complex inputs
are not supported"), and float64 ``eig``/``eigvals``, whose standard result is complex128
(MLX returns complex64, which would silently lose half the precision).
``svd``'s ``full_matrices=False`` keeps the leading columns of MLX's full factors;
``qr(mode="complete")`` factors ``[x | I]``.
"""

from __future__ import annotations

import sys

import mlx.core as mx
import numpy as onp

from .. import standard_names
from .._common import linalg as _cl
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import concrete, normalize_axes
from ._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot

__all__ = list(standard_names("linalg"))

EigResult = _cl.EigResult
EighResult = _cl.EighResult
QRResult = _cl.QRResult
SlogdetResult = _cl.SlogdetResult
SVDResult = _cl.SVDResult

_CPU = mx.cpu
_REAL_ONLY = frozenset(("cholesky", "det", "qr", "slogdet"))


#: ``__package__``, as the str the checkers know it is.
_PACKAGE = __name__.rpartition(".")[0]


def _xp():
    return sys.modules[_PACKAGE]


def _complex_solve(a, b):
    """``solve`` for complex64 (MLX's takes real input only) through the real embedding
    (``_common.linalg.complex_solve``)."""
    from ._elementwise_functions import _make_complex

    def real_solve(big, rhs):
        _nonsingular_lu(big)
        return mx.linalg.solve(big, rhs, stream=_CPU)

    return _cl.complex_solve(_xp(), a, b, real_solve, _make_complex)


def _nonsingular_lu(a):
    """``(lu, pivots)``, ``a``'s LU factorisation (LUF, which never fails at evaluation),
    evaluated; LinAlgError if a matrix of ``a`` is singular (an exact zero pivot, NumPy's
    test), read on the host. None under ``mx.compile``/``mx.vmap``, where values are unknown
    (no check). MLX's ``solve`` returns a solution from LAPACK's factors of a singular matrix
    as if it were a result, and its Inverse fails at evaluation there (see
    ``_evaluated_inv``): inv and solve ask this first."""
    lu, piv = mx.linalg.lu_factor(a, stream=_CPU)
    h = concrete(lu)
    if h is None:
        return None
    d = h.diagonal(0, -2, -1)
    if (0.0 in d.tolist()) if d.ndim == 1 else bool((d == 0).any()):
        raise _cl.LinAlgError("singular")
    return lu, piv


@mx.custom_function
def _real_inv(x):
    return mx.linalg.inv(x, stream=_CPU)


@_real_inv.vjp
def _real_inv_vjp(primals, cotangent, output):
    # d inv(A) = -inv(A) dA inv(A): MLX 0.32.4 has no vjp for its Inverse primitive.
    t = mx.swapaxes(output, -1, -2)
    return (-(t @ cotangent @ t),)


def _evaluated_inv(x):
    """Inverses of real matrices ``x``; LinAlgError where MLX's Inverse would fail at
    evaluation (an exact zero pivot, LAPACK getrf's info > 0, NumPy's test). No MLX
    evaluation is let fail: after some hundreds of failed evaluations MLX 0.32.4's next one
    can wait forever (the old inv, which evaluated Inverse and read its error, hung in 4 of
    4 runs of 2000 random singular/regular/NaN 2x2 inverses). Inverse::eval_cpu runs getrf
    on the row-major data read as column-major, i.e. on x's transpose ((A^T)^-1 =
    (A^-1)^T): ``lu_factor`` of ``x^T`` (LUF never fails; the same getrf on the same values)
    is evaluated and its diagonal read on the host, which tells exactly which matrices
    Inverse would fail on; only then is Inverse built (lazy; its evaluation cannot fail).
    The price: one evaluation more than MLX's own inv (~+40 us a 2x2 call, 0.32.4). Under
    mx.compile/mx.vmap, where nothing evaluates, MLX's inverse as before (its error
    surfaces at evaluation)."""
    _nonsingular_lu(mx.swapaxes(x, -1, -2))
    return _real_inv(x)


# Called through mx.compile: a plain call of a custom_function builds Python closures that MLX
# frees under the GIL after evaluation, ~13 us a 2x2 call (0.32.4, CPU time, call and
# evaluation); the compiled function replays the graph traced once per shape and dtype (the
# first call of a shape traces it, ~0.3 ms).
_real_inv = mx.compile(_real_inv)


@mx.custom_function
def _real_solve(a, b):
    return mx.linalg.solve(a, b, stream=_CPU)


def _solve_vjp(primals, cotangent, output):
    # MLX 0.32.4's own vjp of solve fails ("Cannot calculate VJP with respect to indices", its
    # pivots): db = solve(a^T, ct), da = -db x^T.
    a = primals[0]
    db = mx.linalg.solve(mx.swapaxes(a, -1, -2), cotangent, stream=_CPU)
    return (-(db @ mx.swapaxes(output, -1, -2)), db)


_real_solve.vjp(_solve_vjp)


@mx.custom_function
def _lu_solve(a, b, lu, perm, eye):
    """``mx.linalg.solve(a, b)`` from ``a``'s factors already computed: ``lu``, ``perm``
    (the inverse of LUF's row order, uint32, ``(..., M, 1)``) and ``eye`` (a bool identity).
    The same kernels on the same values as MLX 0.32.4's solve (``linalg.cpp``): its
    ``take_along_axis(b, argsort(row_pivots))``, then ``solve_triangular`` with L and with
    U. LAPACK's ``trtri`` reads one triangle of its matrix only, so U's is ``lu``'s upper
    one, and L's lower one (``tril(LU, -1) + eye``: LU's entries ``+ 0.0``, ones on the
    diagonal) is ``where(eye, 1, lu) + 0.0``'s. ``a`` is for the vjp."""
    lower = mx.where(eye, 1.0, lu, stream=_CPU) + 0.0
    pb = mx.take_along_axis(b, perm, axis=-2, stream=_CPU)
    y = mx.linalg.solve_triangular(lower, pb, upper=False, stream=_CPU)
    return mx.linalg.solve_triangular(lu, y, upper=True, stream=_CPU)


# lu, perm and eye hold no gradient (lu comes from stop_gradient(a)): a's and b's only.
_lu_solve.vjp(_solve_vjp)


@_lu_solve.jvp
def _lu_solve_jvp(primals, tangents):
    # What _real_solve's default jvp computes: mx.linalg.solve's own jvp (0.32.4: ValueError,
    # "[Primitive::jvp] Not implemented for LUF."), never one that skips a's tangent.
    a, b = primals[:2]
    ta, tb = (mx.zeros_like(p) if t is None else t for p, t in zip(primals[:2], tangents[:2]))
    return mx.jvp(lambda a, b: mx.linalg.solve(a, b, stream=_CPU), [a, b], [ta, tb])[1][0]


# Compiled as _real_inv (no Python closures to free a call); one trace per shape and dtype.
_lu_solve = mx.compile(_lu_solve)
_EYES: dict = {}


def _row_order(piv):
    """The inverse of LUF's row order from LAPACK's pivots ``piv`` (..., M) (LUF's own loop,
    ``backend/cpu/luf.cpp``: the swaps applied last to first), uint32 of shape (..., M, 1)."""
    m = piv.shape[-1]
    if piv.ndim == 1:
        rows, p = list(range(m)), piv.tolist()
        for j in range(m - 1, -1, -1):
            k = p[j]
            rows[j], rows[k] = rows[k], rows[j]
        perm = [0] * m
        for i, r in enumerate(rows):
            perm[r] = i
        return mx.array(perm, dtype=mx.uint32)[:, None]
    flat = onp.asarray(piv).reshape(-1, m).astype(onp.intp)
    rows, at = onp.tile(onp.arange(m), (flat.shape[0], 1)), onp.arange(flat.shape[0])
    for j in range(m - 1, -1, -1):
        k = flat[:, j]
        t = rows[at, k]
        rows[at, k] = rows[:, j]
        rows[:, j] = t
    perm = onp.argsort(rows, axis=-1).astype(onp.uint32)
    return mx.array(perm.reshape(piv.shape + (1,)))


def _checked_solve(a, b):
    """``mx.linalg.solve(a, b)`` for real ``a``, LinAlgError if a matrix is singular (an
    exact zero pivot of its LU factorisation, NumPy's test; MLX's solve fails at evaluation
    there, in trtri). One ``getrf``, evaluated and read here (the check), whose factors the
    solve then uses: the old check factored ``a`` a second time. Under ``mx.compile`` /
    ``mx.vmap``, where nothing evaluates, MLX's own solve as before (no check)."""
    factors = _nonsingular_lu(mx.stop_gradient(a))
    if factors is None:
        return _real_solve(a, b)
    lu, piv = factors
    n = lu.shape[-1]
    eye = _EYES.get(n)
    if eye is None:
        eye = _EYES[n] = mx.eye(n, dtype=mx.bool_)
        mx.eval(eye)
    return _lu_solve(a, b, lu, _row_order(piv), eye)


def _eig(x):
    return mx.linalg.eig(x, stream=_CPU)


def _eigvals(x):
    return mx.linalg.eigvals(x, stream=_CPU)


def _finite_eig(solver, x):
    """``solver(x)`` (MLX's eig or eigvals) where every entry of ``x`` is finite; matrices
    holding NaN or an infinity give NaN results (``_common.linalg.eig_nonfinite_as_nan``,
    every backend's behaviour). MLX 0.32.4's geev on such a matrix ends the process (LAPACK's
    xerbla: "On entry to SGEBAL parameter number 3 had an illegal value"). Eagerly x's
    values are read on the host (a view of an evaluated array: ~3 us a 4x4 call; a device
    reduction and its evaluation cost ~75 us); under ``mx.compile``/``mx.vmap``, where values
    are unknown, the masked path (the same values for finite input)."""
    h = concrete(x)
    if h is not None and onp.isfinite(h).all():
        return solver(x)
    return _cl.eig_nonfinite_as_nan(_xp(), solver, x)


def _require_finite(x):
    """``_common.linalg.SVDFailedError`` (NumPy's LinAlgError "SVD did not converge", named by the
    public function) if ``x`` holds NaN or an infinity, before MLX's SVD is built: MLX 0.32.4's
    SVD of such a matrix fails at evaluation ("[SVD::eval_cpu] SVD failed with error code
    -4"), and after some hundreds of failed evaluations the next one can wait forever (a loop
    of NaN/regular 2x2 svdvals hung 3 of 3 runs); complex64 holding an infinity ends the
    process (LAPACK's xerbla, "SLASCL parameter number 4"). Eagerly x's values are read on the
    host (a view of the evaluated array, as ``_finite_eig``); under ``mx.compile``/``mx.vmap``,
    where values are unknown, nothing (MLX's SVD as before)."""
    h = concrete(x)
    if h is not None and not onp.isfinite(h).all():
        raise _cl.SVDFailedError("SVD did not converge")


@mx.custom_function
def _lu_det(x):
    """Determinants of real matrices ``x`` (non-empty) from their LU factors: the product of
    the factor's diagonal, negated where the row swaps are odd. MLX 0.32.4's own ``det`` (also
    built on LUF) is off by ~3e-8 to 3e-6 relative for float64 matrices from 4x4 to 50x50
    (float32's precision; 2x2 and 3x3 are exact), a plausible wrong number; this is NumPy's
    to ~1e-14, and faster (4x4: 34 against 65 us, CPU time). Derivatives: MLX's own det's
    (LUF itself has none)."""
    lu, piv = mx.linalg.lu_factor(x, stream=_CPU)
    d = mx.prod(mx.diagonal(lu, axis1=-2, axis2=-1), axis=-1)
    rows = mx.arange(x.shape[-1], dtype=piv.dtype)
    odd = mx.sum(piv != rows, axis=-1) % 2 == 1
    return mx.where(odd, -d, d)


def _mlx_det(x):
    return mx.linalg.det(x, stream=_CPU)


def _one(a):
    # MLX passes a one-argument custom function's primal (and tangent) bare, not in a tuple.
    return a if type(a) is mx.array else a[0]


@_lu_det.vjp
def _lu_det_vjp(primals, cotangent, output):
    return mx.vjp(_mlx_det, [_one(primals)], [_one(cotangent)])[1][0]


@_lu_det.jvp
def _lu_det_jvp(primals, tangents):
    return mx.jvp(_mlx_det, [_one(primals)], [_one(tangents)])[1][0]


class _Kernels:
    """MLX's kernels (``_common.linalg.LinalgKernels``)."""

    @staticmethod
    def refused(fname, name):
        if name == "complex64" and fname in _REAL_ONLY:
            return TypeError(f"{fname}: {D.MLX} has no {fname} for {name} input (its kernels "
                             "take float32 and float64); arraykit does not emulate it")
        if name == "float64" and (fname == "eig" or fname == "eigvals"):
            return TypeError(f"{fname}: the eigenvalues of float64 input are complex128, and "
                             f"{D.MLX} has no complex128 (its eig returns complex64); cast x "
                             "to float32 for a complex64 result")
        return None

    @staticmethod
    def cholesky(x):
        return mx.linalg.cholesky(x, stream=_CPU)

    @staticmethod
    def factor_ok(L):  # noqa: N803
        # MLX returns LAPACK's partial factor of a matrix that is not positive definite as if
        # it were one (its pivot, <= 0 or NaN, left on the diagonal).
        v = concrete(mx.all(mx.diagonal(L, axis1=-2, axis2=-1) > 0))
        return None if v is None else bool(v)

    @staticmethod
    def det(x):
        if x.dtype == mx.complex64:
            return mx.linalg.det(x, stream=_CPU)
        return _lu_det(x)

    @staticmethod
    def slogdet(x):
        return mx.linalg.slogdet(x, stream=_CPU)

    @staticmethod
    def inv(x):
        if x.dtype == mx.complex64:
            return _complex_solve(x, mx.broadcast_to(mx.eye(x.shape[-1], dtype=x.dtype),
                                                     x.shape))
        return _evaluated_inv(x)

    @staticmethod
    def solve(a, b):
        if a.dtype == mx.complex64:
            return _complex_solve(a, b)
        return _checked_solve(a, b)

    @staticmethod
    def eigh(x):
        return mx.linalg.eigh(x, stream=_CPU)

    @staticmethod
    def eigvalsh(x):
        return mx.linalg.eigvalsh(x, stream=_CPU)

    @staticmethod
    def eig(x):
        return _finite_eig(_eig, x)

    @staticmethod
    def eigvals(x):
        return _finite_eig(_eigvals, x)

    @staticmethod
    def svd(x, full_matrices):
        _require_finite(x)
        u, s, vh = mx.linalg.svd(x, stream=_CPU)
        if not full_matrices:
            k = min(x.shape[-2:])
            u, vh = u[..., :, :k], vh[..., :k, :]
        return u, s, vh

    @staticmethod
    def svdvals(x):
        _require_finite(x)
        return mx.linalg.svd(x, compute_uv=False, stream=_CPU)

    @staticmethod
    def qr(x, mode):
        m, n = x.shape[-2:]
        if mode == "complete" and m > n:
            # Householder QR of [x | I] factors x's columns first: its Q is x's complete Q and
            # the leading n columns of its R are x's complete R.
            eye = mx.broadcast_to(mx.eye(m, dtype=x.dtype), x.shape[:-2] + (m, m))
            q, r = mx.linalg.qr(mx.concatenate([x, eye], axis=-1), stream=_CPU)
            return q, r[..., :, :n]
        return mx.linalg.qr(x, stream=_CPU)

    @staticmethod
    def diagonal(x, offset):
        return mx.diagonal(x, offset=offset, axis1=-2, axis2=-1)


_fns = _cl.linalg_functions(_p, _Kernels, _xp, __name__)
_cl.svd_failures_named(_fns)
cholesky, det, slogdet, inv = (_fns[n] for n in ("cholesky", "det", "slogdet", "inv"))
_solve_rules = _fns["solve"]
eigh, eigvalsh, eig, eigvals = (_fns[n] for n in ("eigh", "eigvalsh", "eig", "eigvals"))
svd, svdvals, qr, matrix_norm = (_fns[n] for n in ("svd", "svdvals", "qr", "matrix_norm"))
matrix_rank, pinv, matrix_power = _fns["matrix_rank"], _fns["pinv"], _fns["matrix_power"]
cross, outer, diagonal, trace = (_fns[n] for n in ("cross", "outer", "diagonal", "trace"))
_vector_norm = _fns["vector_norm"]
_REAL_FLOAT = frozenset((mx.float32, mx.float64))


def solve(x1, x2, /):
    """Array API ``solve`` (the rules: ``_common.linalg``). A non-empty square float32 or
    float64 matrix and a non-empty vector or matrix of its dtype and rows is the rules' graph
    without their frames (``_checked_solve``; a vector as one column, reshaped back); a
    singular matrix, and anything else, goes to the rules."""
    if type(x1) is mx.array and type(x2) is mx.array:
        dt, sa, sb = x1.dtype, x1.shape, x2.shape
        if (dt in _REAL_FLOAT and x2.dtype == dt and len(sa) == 2 and sa[0] == sa[1] != 0
                and 0 < len(sb) < 3 and sb[0] == sa[0] and 0 not in sb):
            try:
                if len(sb) == 1:
                    return mx.reshape(_checked_solve(x1, mx.reshape(x2, (-1, 1))), sb)
                return _checked_solve(x1, x2)
            except _cl.LinAlgError:
                pass  # the rules' answer: NaN for a matrix holding NaN, else their error
    return _solve_rules(x1, x2)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API ``vector_norm``. Real float32/float64 ``x`` with ``ord=2`` skips the rules'
    ``abs``: ``x * x`` is ``|x| * |x|`` exactly, and the graph is MLX's own norm's (Square,
    Sum, Sqrt; through the rules Abs, Abs, Multiply)."""
    if ord == 2 and type(x) is mx.array and x.dtype in _REAL_FLOAT and type(keepdims) is bool:
        axes = normalize_axes(axis, x.ndim, "vector_norm")
        if axes and x.size:
            # The same ops without the namespace's sum and sqrt frames (measured, ~5 us a
            # call): a non-empty real array reduced over at least one axis.
            if x.size > _p.CHAINED_SUM_MAX:  # MLX's own sum loses precision past it
                return mx.sqrt(_p.blocked_sum(mx.square(x), sorted(axes), keepdims))
            return mx.sqrt(mx.sum(mx.square(x), axis=list(axes), keepdims=keepdims))
        xp = _xp()
        return xp.sqrt(xp.sum(mx.square(x), axis=axes, keepdims=keepdims))
    return _vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)


_ = (matmul, matrix_transpose, tensordot, vecdot)  # the main namespace's, re-exported
