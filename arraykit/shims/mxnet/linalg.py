"""The standard's ``linalg`` extension over ``mxnet.numpy.linalg`` (MXNet 1.9.1).

The standard's rules (input kinds and shapes, empty input, a failed factorisation's error,
``solve``'s broadcasting, norms, rank, pinv, powers, cross, outer, trace) are
``_common.linalg.linalg_functions``'s; this module holds MXNet's kernels. Factorisations come
from MXNet (float32/float64 only, LAPACK on CPU): cholesky, det, eigh, inv, qr, slogdet, solve,
svd. MXNet's SVD kernel needs rows <= columns, so taller matrices are transposed first;
``full_matrices=True`` bases are completed from the eigenvectors of the orthogonal projector
``I - U Uᵀ``. ``eig``/``eigvals`` (2025.12) return complex arrays in general and MXNet has no
complex dtype: they raise TypeError rather than return something else.
"""

from __future__ import annotations

import sys
from ctypes import byref as _byref
from ctypes import c_int as _c_int

import numpy as _onp
from mxnet import autograd as _autograd  # pyright: ignore[reportAttributeAccessIssue]
from mxnet import np as mnp
from mxnet.base import MXNetError  # pyright: ignore[reportMissingImports] - main env: no mxnet

from .. import standard_names
from .._common import linalg as _cl
from .._common.linalg import EighResult, QRResult, SlogdetResult, SVDResult  # noqa: F401
from . import _primitives as _p
from ._creation_functions import triu
from ._helpers import bool_safe, mode_free, np_mode
from ._helpers import where as _where
from ._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot  # noqa: F401 (linalg has them too)

__all__ = list(standard_names("linalg"))


#: ``__package__``, as the str the checkers know it is.
_PACKAGE = __name__.rpartition(".")[0]


def _xp():
    return sys.modules[_PACKAGE]


def _synced(out, failure):
    """``out`` computed: MXNet reports a failed LAPACK call (``failure`` in its message) only
    as ``MXNetError`` at the next read of the result, anywhere in the program; waiting for
    the result here raises it as LinAlgError from the call that failed."""
    try:
        out.wait_to_read()
    except MXNetError as e:
        if failure in str(e):
            raise _cl.LinAlgError(failure) from None
        raise
    return out


def _solved(solver, failure, a, *rest):
    """``solver(a, *rest)`` (``inv``/``solve``), synced (``_synced``). A matrix holding NaN
    is a LinAlgError here, which the rules answer with NaN (MXNet's kernels return finite
    numbers beside the NaN there, or fail as for a singular matrix: a LinAlgError either
    way). The NaN test reads ``a`` to the host after the wait for the result, which has
    computed ``a`` too (one wait a call, not two), and tests there: as two MXNet ops and a
    read it cost ~98 us a 2x2 call, 2.7x the inverse itself (MXNet 1.9.1, CPU time); this
    way ~12 us. An ``a`` in CPU memory is read in place (``_primitives.host_read``: the
    wait has computed it): ``asnumpy``'s copy is a second engine sync, ~10-20 us a call."""
    out = _synced(solver(a, *rest), failure)
    if _onp.isnan(_p.host_read(a)).any():
        raise _cl.LinAlgError("NaN")
    return out


#: The operators of ``mnp.linalg.inv`` / ``solve`` (``_npi.inv``/``solve``), invoked directly
#: (their generated wrappers cost ~15 us a call; kalman makes an inv a step).
_INV = _p.operator("_npi_inv")
_SOLVE = _p.operator2("_npi_solve")


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


class _Kernels:
    """MXNet's kernels (``_common.linalg.LinalgKernels``)."""

    @staticmethod
    def refused(fname, name):
        if fname == "eig" or fname == "eigvals":
            return TypeError(
                f"{fname}: the eigenvalues of a general real matrix are complex (complex64/"
                "complex128) and MXNet 1.9.1 has no complex dtype; use eigh/eigvalsh for "
                "symmetric matrices")
        return None

    @staticmethod
    def cholesky(x):
        try:
            return _synced(mnp.linalg.cholesky(x), "potrf")
        except _cl.LinAlgError:
            raise _cl.not_positive_definite("cholesky") from None

    @staticmethod
    def factor_ok(L):  # noqa: N803
        # A NaN pivot passes MXNet's check.
        return bool((_Kernels.diagonal(L, 0) > 0).all())

    @staticmethod
    def det(x):
        return mnp.linalg.det(x)

    @staticmethod
    def slogdet(x):
        return mnp.linalg.slogdet(x)

    @staticmethod
    def inv(x):
        return _solved(_INV, "non-convertible", x)

    @staticmethod
    def solve(a, b):
        return _solved(_SOLVE, "singular", a, b)

    @staticmethod
    def eigh(x):
        return mnp.linalg.eigh(x)

    @staticmethod
    def eigvalsh(x):
        return mnp.linalg.eigvalsh(x)

    eig = eigvals = None  # refused

    @staticmethod
    def svd(x, full_matrices):
        m, n = x.shape[-2:]
        u, s, vh = _svd_reduced(x)
        if full_matrices and m != n:
            if m > n:
                u = _complete_basis(u)
            else:
                vh = matrix_transpose(_complete_basis(matrix_transpose(vh)))
        return u, s, vh

    @staticmethod
    def svdvals(x):
        return _svd_reduced(x)[1]

    @staticmethod
    def qr(x, mode):
        m, n = x.shape[-2:]
        if m < n:
            # MXNet's QR needs rows >= columns: factor the leading square block, R = Qᵀ x.
            q, _ = mnp.linalg.qr(x[..., :, :m])
            return q, triu(matmul(matrix_transpose(q), x))
        q, r = mnp.linalg.qr(x)
        if mode == "complete" and m > n:
            q = _complete_basis(q)
            r = mnp.concatenate([r, mnp.zeros(r.shape[:-2] + (m - n, n), dtype=r.dtype,
                                               ctx=r.ctx)], axis=-2)
        return q, r

    @staticmethod
    def diagonal(x, offset):
        return bool_safe(mnp.diagonal, x, offset=offset, axis1=-2, axis2=-1)


_fns = _cl.linalg_functions(_p, _Kernels, _xp, __name__)  # type: ignore[arg-type]
cholesky, det, slogdet = (_fns[n] for n in ("cholesky", "det", "slogdet"))
_rules_inv, _rules_solve = np_mode(_fns["inv"]), np_mode(_fns["solve"])
eigh, eigvalsh, eig, eigvals = (_fns[n] for n in ("eigh", "eigvalsh", "eig", "eigvals"))
svd, svdvals, qr, matrix_norm = (_fns[n] for n in ("svd", "svdvals", "qr", "matrix_norm"))
matrix_rank, pinv, matrix_power = _fns["matrix_rank"], _fns["pinv"], _fns["matrix_power"]
cross, outer, diagonal, trace = (_fns[n] for n in ("cross", "outer", "diagonal", "trace"))
_vector_norm = _fns["vector_norm"]
_INF = float("inf")


_ABS, _SQRT = _p.operator("_npi_absolute"), _p.operator("_npi_sqrt")
_FLOAT_CODES = frozenset(c for c, n in _p.CODE_NAMES.items() if n in ("float32", "float64"))
_ndarray = mnp.ndarray
_GET_SHAPE, _INT_P = _p._GET_SHAPE, _p._INT_P


def _square_extent(x):
    """The extent of the square matrices of ``x`` (``(..., n, n)``, no zero extent), else 0,
    by one ctypes call."""
    n, dims = _c_int(), _INT_P()
    _GET_SHAPE(x.handle, _byref(n), _byref(dims))
    k = n.value
    if k < 2 or dims[k - 1] != dims[k - 2]:
        return 0
    for i in range(k):
        if dims[i] <= 0:
            return 0
    return dims[k - 1]


@mode_free
def inv(x, /):
    """Array API ``inv``: LinAlgError for a singular matrix."""
    if (type(x) is _ndarray and _p.dtype_code(x) in _FLOAT_CODES and _square_extent(x)):
        # Measured fast path: float32/float64 square matrices with no zero extent are where
        # the rules (``_common.linalg``'s ``inv``) end in ``_Kernels.inv``; a failure takes
        # the rules (the same kernel again: the singular-matrix error naming inv, or NaN
        # for a matrix holding NaN).
        try:
            return _solved(_INV, "non-convertible", x)
        except _cl.LinAlgError:
            pass
    return _rules_inv(x)


@mode_free
def solve(x1, x2, /):
    """Array API ``solve``: ``x2`` a vector (one for every matrix) or a stack of matrices
    whose batch shape broadcasts with ``x1``'s."""
    if (type(x1) is _ndarray and type(x2) is _ndarray and _p.ndim(x1) == 2
            and _p.ndim(x2) == 2):
        c = _p.dtype_code(x1)
        m = _square_extent(x1)
        if m and c in _FLOAT_CODES and _p.dtype_code(x2) == c:
            shape = _p.filled_shape(x2)
            if shape is not None and shape[0] == m:
                # Measured fast path: one (n, n) matrix and one (n, k) of the same float
                # dtype, no zero extent, are where the rules (``_common.linalg``'s
                # ``solve``: no cast, no broadcast, no reshape) end in ``_Kernels.solve``; a
                # failure takes the rules as ``inv`` does.
                try:
                    return _solved(_SOLVE, "singular", x1, x2)
                except _cl.LinAlgError:
                    pass
    return _rules_solve(x1, x2)


def _norm2(h, keepdims: bool):
    """The 2-norm of all of NumPy array ``h``: ``sqrt(sum(|h| * |h|))`` over ``h`` flattened,
    as array-api-compat's NumPy ``vector_norm`` sums (the rules' steps; ``abs`` first keeps
    their NaN's sign)."""
    a = _onp.absolute(h.reshape(-1))
    r = _onp.sqrt(_onp.add.reduce(a * a))
    return r.reshape((1,) * h.ndim) if keepdims else r


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API ``vector_norm``. Negative orders sum ``1/|x|**p``, which is inf for a zero
    element, and MXNet's sum of an array holding inf is nan (an MXNet 1.9.1 bug): the norm of
    a vector with a zero (and no nan) is 0 here, as NumPy computes it."""
    if (type(ord) is int and ord == 2 and axis is None and type(keepdims) is bool
            and type(x) is mnp.ndarray and _p.dtype_code(x) in _FLOAT_CODES):
        if not _autograd.is_recording():
            h = _p.host_view(x, _p.HOST_CHECK_MAX)
            if h is not None:
                # In CPU memory (at most HOST_CHECK_MAX elements, not empty), autograd not
                # recording: the same steps by NumPy on the memory read in place, one copy
                # back (~20 us a 16-element call, four operators ~45; MXNet 1.9.1, CPU
                # time); NumPy's pairwise sum, the reference's (``shims/numpy``: NumPy's
                # norm, ``sqrt(add.reduce(x * x))``; MXNet's sum differs in the last bit on
                # some inputs), without NumPy's overflow warning.
                return _p.host_array(_p.quietly(_norm2, h, keepdims), x.ctx)
        # Measured fast path: the rules' operators (``_common.linalg.vector_norm``: abs,
        # a * a, sum over every axis, sqrt) invoked directly, without four namespace calls.
        a = _ABS(x)
        return _SQRT(_p._FLOAT_SUM(_p._MULTIPLY(a, a), keepdims=keepdims))
    r = _vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
    if isinstance(ord, (int, float)) and not isinstance(ord, bool) and -_INF < ord < 0:
        from ._utility_functions import any as _any
        a = mnp.abs(x)
        zero = _any(mnp.equal(a, 0), axis=axis, keepdims=keepdims)
        nan = _any(mnp.isnan(a), axis=axis, keepdims=keepdims)
        r = _where(mnp.multiply(zero, mnp.logical_not(nan)), mnp.zeros_like(r), r)
    return r
