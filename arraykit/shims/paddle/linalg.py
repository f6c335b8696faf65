"""The standard's ``linalg`` extension over ``paddle.linalg`` (Paddle 3.3.1).

The standard's rules (input kinds and shapes, empty input, a failed factorisation's error,
``solve``'s broadcasting, norms, rank, pinv, powers, cross, outer, trace) are
``_common.linalg.linalg_functions``'s; this module holds Paddle's kernels. Factorisations come
from Paddle (float32/float64/complex, LAPACK on CPU), except where Paddle 3.3.1 has no complex
kernel on CPU (``cholesky``, ``solve``, ``svdvals``, ``slogdet``: written below from the ops it
has). Paddle calls a matrix holding NaN singular (the rules answer NaN, as NumPy) and its
eigen-solvers raise on NaN or an infinity (NaN results for those matrices here, as TF's).
"""

from __future__ import annotations

import sys

import paddle

from .. import standard_names
from .._common import linalg as _cl
from .._common.linalg import EighResult, EigResult, QRResult, SlogdetResult, SVDResult  # noqa: F401
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import CPU_ONLY as _CPU_ONLY
from ._helpers import is_zero
from ._linear_algebra_functions import guarded as _guarded
from ._linear_algebra_functions import matmul, matrix_transpose, real_floating, tensordot, vecdot  # noqa: F401 (linalg has them too)
from ._statistical_functions import _floating_axis

__all__ = list(standard_names("linalg"))

_CPLX = ("complex64", "complex128")


#: ``__package__``, as the str the checkers know it is.
_PACKAGE = __name__.rpartition(".")[0]


def _xp():
    return sys.modules[_PACKAGE]


def _complex_cholesky(a):
    """Lower Cholesky factor of Hermitian positive-definite ``a`` (Paddle 3.3.1 has no
    complex ``cholesky`` kernel on CPU): the Cholesky-Banachiewicz recurrence, one column
    per step, each step over the whole batch. Not positive definite: LinAlgError."""
    n = a.shape[-1]
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
    return paddle.stack(cols, axis=-1)


def _solved(fname, op, *args):
    """``op(*args)``: Paddle's "not invertible" (a ValueError) as LinAlgError, its other
    ValueErrors naming ``fname``."""
    try:
        return op(*args)
    except ValueError as e:
        if "invertible" in str(e):
            raise _cl.LinAlgError("singular") from None
        raise ValueError(f"{fname}: {str(e).splitlines()[0]}") from e


def _complex_solve(a, b):
    """``solve`` for complex ``a`` (Paddle 3.3.1 has no complex ``solve`` kernel on CPU)
    through the real embedding (``_common.linalg.complex_solve``)."""
    return _cl.complex_solve(_xp(), a, b, lambda big, rhs: _solved(
        "solve", paddle.linalg.solve, big, rhs), paddle.complex)


def _finite_or_nan(solver, x):
    """``solver(x)`` for an eigen-solver: LAPACK does not converge on NaN/inf (Paddle raises
    RuntimeError), so matrices holding them give NaN results
    (``_common.linalg.eig_nonfinite_as_nan``), as TF's."""
    if not bool(paddle.all(paddle.isfinite(x))):
        return _cl.eig_nonfinite_as_nan(_xp(), solver, x)
    return solver(x)


def _eigh(a):
    return tuple(paddle.linalg.eigh(a))


def _eig(a):
    w, v = paddle.linalg.eig(a)
    return EigResult(w, v)


def _svd_failed(x):
    """After Paddle's SVD raised ValueError: ``_common.linalg.SVDFailedError`` (NumPy's
    LinAlgError "SVD did not converge", named by the public function) if ``x`` holds NaN or an
    infinity (Paddle 3.3.1: "(InvalidArgument) This -4-th argument has an illegal value",
    LAPACK's info); otherwise the caller re-raises Paddle's error. The error path only."""
    if not bool(paddle.isfinite(x).all()):
        raise _cl.SVDFailedError("SVD did not converge") from None


class _Kernels:
    """Paddle's kernels (``_common.linalg.LinalgKernels``)."""

    @staticmethod
    def refused(fname, name):
        return None

    @staticmethod
    def cholesky(x):
        if D.NAME_OF[x.dtype] in _CPLX:
            return _complex_cholesky(x)
        try:
            return paddle.linalg.cholesky(x)
        except ValueError as e:
            raise _cl.not_positive_definite("cholesky") from e

    @staticmethod
    def factor_ok(L):  # noqa: N803
        # Paddle's kernel lets a NaN pivot through (a NaN factor, no error); the complex
        # recurrence tested its pivots itself.
        if D.NAME_OF[L.dtype] in _CPLX:
            return True
        return bool(paddle.all(paddle.diagonal(L, axis1=-2, axis2=-1) > 0))

    @staticmethod
    def det(x):
        return paddle.linalg.det(x)

    @staticmethod
    def slogdet(x):
        if D.NAME_OF[x.dtype] in _CPLX:  # no complex slogdet kernel: from det
            d = paddle.linalg.det(x)
            a = paddle.abs(d)
            zero = is_zero(a)
            sign = paddle.where(zero, paddle.zeros_like(d), d / paddle.cast(
                paddle.where(zero, paddle.ones_like(a), a), x.dtype))
            return sign, paddle.log(a)
        r = paddle.linalg.slogdet(x)
        return r[0], r[1]

    @staticmethod
    def inv(x):
        return _solved("inv", paddle.linalg.inv, x)

    @staticmethod
    def solve(a, b):
        if D.NAME_OF[a.dtype] in _CPLX:
            return _complex_solve(a, b)
        return _solved("solve", paddle.linalg.solve, a, b)

    @staticmethod
    def eigh(x):
        return _finite_or_nan(_eigh, x)

    @staticmethod
    def eigvalsh(x):
        return _finite_or_nan(paddle.linalg.eigvalsh, x)

    @staticmethod
    def eig(x):
        return _finite_or_nan(_eig, x)

    @staticmethod
    def eigvals(x):
        return _finite_or_nan(paddle.linalg.eigvals, x)

    @staticmethod
    def svd(x, full_matrices):
        try:
            return tuple(paddle.linalg.svd(x, full_matrices=full_matrices))
        except ValueError:
            _svd_failed(x)
            raise

    @staticmethod
    def svdvals(x):
        try:
            if D.NAME_OF[x.dtype] in _CPLX:
                # No complex svdvals kernel in Paddle 3.3.1 on CPU; its complex svd exists.
                return paddle.linalg.svd(x, full_matrices=False)[1]
            # Paddle's svdvals flattens the batch dimensions ((2, 3, 4, 5) gave (6, 4)).
            return paddle.linalg.svdvals(x).reshape(list(x.shape[:-2]) + [min(x.shape[-2:])])
        except ValueError:
            _svd_failed(x)
            raise

    @staticmethod
    def qr(x, mode):
        return tuple(paddle.linalg.qr(x, mode=mode))

    @staticmethod
    def diagonal(x, offset):
        return _cl.diagonal(_xp(), x, offset=offset)


_fns = _cl.linalg_functions(_p, _Kernels, _xp, __name__)
_cl.svd_failures_named(_fns)
cholesky, det, slogdet = (_fns[n] for n in ("cholesky", "det", "slogdet"))
eigh, eigvalsh, eig, eigvals = (_fns[n] for n in ("eigh", "eigvalsh", "eig", "eigvals"))
svd, svdvals, qr = (_fns[n] for n in ("svd", "svdvals", "qr"))
matrix_norm, matrix_rank, pinv = _fns["matrix_norm"], _fns["matrix_rank"], _fns["pinv"]
matrix_power, cross, outer = _fns["matrix_power"], _fns["cross"], _fns["outer"]
diagonal, trace = _fns["diagonal"], _fns["trace"]
_inv = _fns["inv"]
_vector_norm = _fns["vector_norm"]
_solve = _fns["solve"]
#: The eager fast path's kernel: what ``paddle.linalg.inv`` calls in eager mode (3.3.1), with
#: no mode test (~0.3 us).
_paddle_inv = paddle._C_ops.inverse
_Tensor, _F32, _F64 = paddle.Tensor, D.DTYPES["float32"], D.DTYPES["float64"]


def inv(x, /):
    """Array API ``inv`` (a singular matrix raises LinAlgError, a ValueError). A float32 or
    float64 tensor goes to Paddle's kernel before the rules (~15 us a 2x2 call, 3.3.1:
    ``ndim`` and ``size`` are Python properties in Paddle); its ValueError (below 2-D, not
    square, singular, NaN) or an empty result takes the rules' path."""
    if type(x) is _Tensor:  # real_floating, inline
        d = x.dtype
        if d is _F32 or d is _F64:
            try:
                r = _paddle_inv(x)
            except ValueError:
                pass  # the rules raise the standard's error
            else:
                # Paddle's kernel gives an empty non-square stack ((0, 3), (2, 0, 3)) back
                # without an error: an empty result (0 bytes held: one C call, ~0.05 us,
                # where the shape read and its tests cost ~0.5) takes the rules.
                if r._holder_size():
                    return r
    return _inv(x)


inv = _guarded(_paddle_inv, inv, 1)  # its fast path from C (Guard, result_check)
_C_ABS, _C_SQRT, _C_SUM = paddle._C_ops.abs, paddle._C_ops.sqrt, paddle._C_ops.sum


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API ``vector_norm``: the real dtype of ``x``'s precision. The 2-norm of a
    float32/float64 tensor with at least one axis and no zero extent, whole or along one int
    axis in range, is the rules' computation (``_common.linalg.vector_norm``: sqrt of the
    sum of |x| * |x| over the normalised axes, the same kernels in the same order) without
    their checks and Python layers (~19 us a call over paddle.linalg.norm, 3.3.1); anything
    else takes the rules."""
    if type(x) is _Tensor and type(keepdims) is bool and type(ord) in (int, float) \
            and ord == 2:
        axes = _floating_axis(x, axis)  # sum's and prod's test: None (every axis) or [axis]
        if axes is not False:
            n = len(x.strides)  # the rank (0 for a sparse tensor: not here)
            if n and (axes is None or n == 1) and x.stop_gradient and _CPU_ONLY:
                # Over every element: Paddle's frobenius_norm kernel (sqrt of the sum of
                # x * x, one op), then abs, which clears the sign a negative NaN keeps
                # through x * x: the same bits as the four kernels below (3.3.1, CPU, 4,060
                # float32/float64 tensors of 1 to 10**6 elements, NaN payloads and signs,
                # infinities, -0.0), 2 kernels, not 4 (~2.5 us a call). Along one axis of a
                # float32 matrix its sum rounds otherwise; a tensor that records a gradient
                # keeps the rules' ops and theirs.
                return _C_ABS(_C_FROBENIUS(x, _ALL_AXES[n], keepdims, True))
            a = _C_ABS(x)
            return _C_SQRT(_C_SUM(a * a, axes, None, keepdims))
    return _vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)


_C_FROBENIUS = paddle._C_ops.frobenius_norm
_ALL_AXES = [list(range(n)) for n in range(10)]  # (the kernel copies its axes: not changed)


_C_SOLVE = paddle._C_ops.solve


def solve(x1, x2, /):
    """Array API ``solve``. A square float32/float64 matrix and a matrix or vector of its
    rows in the same dtype (no batch, no zero extent) go to Paddle's kernel (what
    ``paddle.linalg.solve`` calls in eager mode, 3.3.1), as the rules would call it (a vector
    as one column, reshaped back), without their reads (~12 us a 4x4 call); an error of the
    kernel (singular, NaN) and every other call take the rules."""
    if type(x1) is _Tensor and type(x2) is _Tensor:
        d = x1.dtype
        if (d is _F32 or d is _F64) and x2.dtype is d:
            sa, sb = x1.shape, x2.shape
            if len(sa) == 2 and sa[0] == sa[1] and sa[0] and len(sb) in (1, 2) \
                    and sb[0] == sa[0] and sb[-1]:
                try:
                    if len(sb) == 2:
                        return _C_SOLVE(x1, x2)
                    return _C_SOLVE(x1, x2.reshape([-1, 1])).reshape(sb)
                except Exception:  # noqa: BLE001 - the rules raise the standard error
                    pass
    return _solve(x1, x2)
