"""The standard's ``linalg`` extension (2025.12) for native ``tf.Tensor``.

Inputs are ``tf.Tensor`` (eager or graph) or ``tf.Variable``; outputs are ``tf.Tensor``.
Functions call ``tf.linalg`` ops directly; algorithms TensorFlow lacks (norm orders, rank,
pinv with ``rtol``, cross with broadcasting, matrix powers...) come from
``arraykit.shims._common.linalg`` bound to raw TF ops (``_xp`` below), so nothing loops over
batch elements in Python.

Behaviour the standard leaves open, as implemented here:

* Inputs: the main namespace's policy (``_base.arr``): tensors and Variables, anything else
  (lists, Python scalars, other frameworks' arrays) a ``TypeError`` naming the function.
* Dtypes: every function whose input "should" be floating requires it (``float32``,
  ``float64``, ``complex64``, ``complex128``) and raises ``TypeError`` naming the function and
  the dtype otherwise (``_base.check_dtype``); ``cross``, ``outer``, ``trace``, ``matmul``,
  ``tensordot``, ``vecdot`` take any numeric dtype, ``diagonal`` and ``matrix_transpose`` any
  dtype.
* Singular input to ``inv``/``solve`` (and ``matrix_power`` with ``n < 0``): eagerly
  NumPy's ``LinAlgError`` (a ``ValueError``), "singular matrix"; a matrix holding NaN is not
  singular: its result is NaN, as NumPy's and torch's (TF's kernel raises);
  inside ``tf.function``, where values are unknown at trace time, a QR-based solve is used
  instead, which returns non-finite (or huge) values for singular matrices rather than
  failing at run time.
* ``cholesky`` of a matrix that is not positive definite: ``LinAlgError`` eagerly (NaN
  factors inside ``tf.function``; TF's kernel gives NaN and uninitialised memory);
  ``eigh``/``eigvalsh``/``eig``/``eigvals`` of a matrix with NaN/inf entries: NaN
  results for that matrix (the others in the batch are unaffected) rather than TF's error.
* ``slogdet`` of a singular matrix: ``sign == 0`` and ``logabsdet == -inf``.
* Other TF runtime failures surface as ``ValueError``/``TypeError`` naming the function.
* Every function works inside ``tf.function`` (AutoGraph calls them unconverted). Under
  ``jit_compile=True`` (XLA) all but ``det``, ``slogdet``, ``eig`` and ``eigvals`` compile:
  TensorFlow has no XLA kernels for those four.
"""

from __future__ import annotations

import math
import sys

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _gm

from .._common import linalg as _cl
from .._common.checks import shown
from .._common.utils import normalize_axes
from . import _dtypes as _t
from ._base import (
    OpError,
    all_axes,
    arr,
    axes_arg,
    check_dtype,
    dtype_name_safe,
    on_cpu,
    scalar_const,
    translate,
    wrap_errors,
)
from ._devices import on as _on_device

# The main namespace's functions, re-exported: the standard makes linalg.matmul & co. the
# very same functions.
from ._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot

#: ``__package__``, as the str the checkers know it is (they type it ``str | None``).
_PACKAGE = __name__.rpartition(".")[0]

__all__ = [
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
    "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
    "vector_norm",
]

EighResult = _cl.EighResult
EigResult = _cl.EigResult
QRResult = _cl.QRResult
SlogdetResult = _cl.SlogdetResult
SVDResult = _cl.SVDResult

_FLOATING = frozenset([tf.float32, tf.float64, tf.complex64, tf.complex128])
_COMPLEX = frozenset([tf.complex64, tf.complex128])
_NUMERIC = _t.CATEGORY["numeric"]
_REAL_OF = {tf.float32: tf.float32, tf.float64: tf.float64,
            tf.complex64: tf.float32, tf.complex128: tf.float64}
_COMPLEX_OF = {tf.float32: tf.complex64, tf.float64: tf.complex128,
               tf.complex64: tf.complex64, tf.complex128: tf.complex128}
_EPS = {tf.float32: 2.0**-23, tf.float64: 2.0**-52}


# ---------------------------------------------------------------------------------------------
# A standard-namespace adapter over raw TF ops, for the shared algorithms in ``_common``.
# No promotion or checking: callers pass arrays of one dtype.


def _axis_list(axis):
    return list(axis) if isinstance(axis, (tuple, list)) else axis


def _scalar_like(v, ref):
    """A Python scalar as a tensor of ``ref``'s dtype (tf.where does not convert scalars)."""
    return tf.constant(v, dtype=ref.dtype) if not isinstance(v, (tf.Tensor, tf.Variable)) else v


class _xp:
    """The subset of the standard used by ``_common.linalg`` / ``_common.fft``, as raw TF."""

    abs = staticmethod(tf.abs)
    sqrt = staticmethod(tf.sqrt)
    conj = staticmethod(tf.math.conj)
    real = staticmethod(tf.math.real)
    astype = staticmethod(tf.cast)
    not_equal = staticmethod(tf.not_equal)
    greater = staticmethod(tf.greater)
    equal = staticmethod(tf.equal)
    log = staticmethod(tf.math.log)
    matmul = staticmethod(tf.linalg.matmul)
    matrix_transpose = staticmethod(tf.linalg.matrix_transpose)
    int64 = tf.int64

    @staticmethod
    def sum(x, axis=None, keepdims=False, dtype=None):
        if dtype is not None and x.dtype != dtype:
            x = tf.cast(x, dtype)
        return tf.reduce_sum(x, axis=_axis_list(axis), keepdims=keepdims)

    @staticmethod
    def prod(x, axis=None, keepdims=False):
        return tf.reduce_prod(x, axis=_axis_list(axis), keepdims=keepdims)

    @staticmethod
    def max(x, axis=None, keepdims=False):
        return tf.reduce_max(x, axis=_axis_list(axis), keepdims=keepdims)

    @staticmethod
    def min(x, axis=None, keepdims=False):
        return tf.reduce_min(x, axis=_axis_list(axis), keepdims=keepdims)

    @staticmethod
    def expand_dims(x, axis=0):
        return tf.expand_dims(x, axis)

    @staticmethod
    def where(cond, a, b):
        ref = a if isinstance(a, (tf.Tensor, tf.Variable)) else b
        return tf.where(cond, _scalar_like(a, ref), _scalar_like(b, ref))

    @staticmethod
    def zeros(shape, dtype=None):
        return tf.zeros(shape, dtype=dtype)

    @staticmethod
    def stack(arrays, axis=0):
        return tf.stack(arrays, axis=axis)

    @staticmethod
    def unstack(x, axis=0):
        return tuple(tf.unstack(x, axis=axis))

    @staticmethod
    def concat(arrays, axis=0):
        return tf.concat(arrays, axis=axis)

    @staticmethod
    def permute_dims(x, axes):
        return tf.transpose(x, perm=list(axes))

    @staticmethod
    def moveaxis(x, source, destination):
        nd = x.shape.rank
        s, d = source % nd, destination % nd
        perm = [i for i in range(nd) if i != s]
        perm.insert(d, s)
        return tf.transpose(x, perm=perm)

    @staticmethod
    def flip(x, axis=None):
        return tf.reverse(x, [axis])

    @staticmethod
    def roll(x, shift, axis=None):
        return tf.roll(x, shift=list(shift), axis=list(axis))

    @staticmethod
    def arange(start, stop=None, step=1, *, dtype=None, device=None):
        if device is None:
            return tf.range(start, stop, step, dtype=dtype)
        with _on_device(device):
            return tf.range(start, stop, step, dtype=dtype)

    @staticmethod
    def reshape(x, shape):
        return tf.reshape(x, shape)

    @staticmethod
    def take(x, indices, axis=None):
        return tf.gather(x, indices, axis=axis)

    @staticmethod
    def asarray(obj, dtype=None):
        return tf.constant(obj, dtype=dtype)


# ---------------------------------------------------------------------------------------------
# input handling


def _floating_tensor(fname: str, x):
    """``x`` as a tensor of a floating-point dtype, else TypeError naming ``fname``."""
    x = arr(x, fname)
    check_dtype(fname, x, _FLOATING, "floating-point")
    return x


def _numeric_pair(fname: str, x1, x2):
    """Two array arguments, promoted, of a numeric dtype (else TypeError naming ``fname``)."""
    x1, x2 = _t.promote_args(fname, arr(x1, fname), arr(x2, fname))
    check_dtype(fname, x1, _NUMERIC, "numeric")
    return x1, x2


def _rank(fname: str, x) -> int:
    r = x.shape.rank
    if r is None:
        raise ValueError(f"{fname}: arrays of unknown rank are not supported")
    return r


def _matrix(fname: str, x, square: bool = False):
    _rank(fname, x)
    _cl.require_matrix(fname, x, square=square)
    return x


def _floating_matrix(fname: str, x, square: bool = False):
    """``x`` as a floating-point tensor of (stacked) matrices, square if asked."""
    return _matrix(fname, _floating_tensor(fname, x), square=square)


def _finite_mask(x):
    """Per-matrix ``all(isfinite(x))``, shape ``x.shape[:-2]``."""
    if x.dtype in _COMPLEX:
        fin = tf.math.logical_and(tf.math.is_finite(tf.math.real(x)),
                                  tf.math.is_finite(tf.math.imag(x)))
    else:
        fin = tf.math.is_finite(x)
    return tf.reduce_all(fin, axis=[-2, -1])


def _nan_guarded(fname: str, op, x, n_out: int):
    """Run a TF eigen-solver that errors on non-finite input so that such matrices give NaN.

    Eagerly the op runs as-is and only an error triggers the guarded path; in graphs the
    guarded path is always used (values are unknown when tracing).
    """
    if tf.executing_eagerly():
        try:
            return op(x)
        except tf.errors.InvalidArgumentError:
            pass
    ok = _finite_mask(x)
    safe = tf.where(ok[..., None, None], x, tf.zeros_like(x))
    try:
        outs = op(safe)
    except OpError as e:
        raise translate(fname, e, x) from None
    res = []
    for o in (outs if n_out > 1 else (outs,)):
        okb = tf.reshape(ok, tf.concat([tf.shape(ok), tf.ones([o.shape.rank - ok.shape.rank],
                                                               tf.int32)], 0))
        nan = tf.constant(float("nan"), dtype=_REAL_OF.get(o.dtype, o.dtype))
        if o.dtype in _COMPLEX:
            nan = tf.complex(nan, nan)
        res.append(tf.where(okb, o, nan))
    return tuple(res) if n_out > 1 else res[0]


# ---------------------------------------------------------------------------------------------
# factorisations and solvers


@wrap_errors("cholesky")
def cholesky(x, /, *, upper=False):
    """Cholesky factor of Hermitian positive-definite ``(..., M, M)`` matrices (the lower
    triangle is read; the upper one for ``upper=True``, as NumPy).

    ``upper=False``: lower ``L`` with ``x = L L^H``; ``upper=True``: ``U = L^H``. A matrix that
    is not positive definite (TF's kernel returns NaN and uninitialised memory for it) raises
    ``LinAlgError`` (a ``ValueError``) eagerly, as NumPy; a matrix holding NaN gives an all-NaN
    factor; inside ``tf.function``, where values are unknown, a failed matrix's factor is all
    NaN.
    """
    x = _floating_matrix("cholesky", x, square=True)
    if upper:  # the upper triangle is the one read, as in NumPy: the lower one of x^H
        x = tf.linalg.adjoint(x)
    L = tf.linalg.cholesky(x)
    if tf.executing_eagerly():
        # TF's kernel writes NaN on and below the diagonal of a factor that failed: a sum
        # that is not NaN (NumPy's, of the factor's own memory on the CPU) clears the
        # factor; otherwise the shared test
        # (_common.linalg.not_positive_definite: every diagonal entry > 0) decides.
        s = L._numpy().sum() if on_cpu(L) else _gm._sum(L, all_axes(L.shape.rank))._numpy()
        if s != s:
            L = _cl.cholesky_failed(sys.modules[_PACKAGE], x, L)
    else:
        d = _a.matrix_diag_part_v3(L, k=scalar_const(0, tf.int32),
                                   padding_value=scalar_const(0, L.dtype))
        if L.dtype in _COMPLEX:
            d = tf.math.real(d)
        ok = tf.reduce_all(d > 0, axis=-1)[..., None, None]
        nan = tf.constant(float("nan"), _REAL_OF[L.dtype])
        L = tf.where(ok, L, tf.complex(nan, nan) if L.dtype in _COMPLEX else nan)
    return tf.linalg.adjoint(L) if upper else L


@wrap_errors("det")
def det(x, /):
    """Determinant of each ``(..., M, M)`` matrix; shape ``x.shape[:-2]``, dtype of ``x``."""
    return tf.linalg.det(_floating_matrix("det", x, square=True))


@wrap_errors("slogdet")
def slogdet(x, /):
    """``(sign, logabsdet)`` of the determinant of each ``(..., M, M)`` matrix.

    ``sign`` has ``x``'s dtype (unit modulus for complex, 0 for singular matrices);
    ``logabsdet`` is real (``-inf`` for singular matrices).
    """
    x = _floating_matrix("slogdet", x, square=True)
    sign, logabs = tf.linalg.slogdet(x)
    if x.dtype in _COMPLEX:
        logabs = tf.math.real(logabs)
    return SlogdetResult(sign, logabs)


def _qr_solve(a, b):
    """Solve ``a @ X = b`` by QR: never fails at run time (singular -> non-finite values)."""
    q, r = tf.linalg.qr(a)
    return tf.linalg.triangular_solve(r, tf.linalg.matmul(q, b, adjoint_a=True), lower=False)


def _eye_like(x):
    """Identity matrices of ``x``'s shape and dtype."""
    m = x.shape[-1]
    eye = tf.eye(m if m is not None else tf.shape(x)[-1], dtype=x.dtype)
    return tf.broadcast_to(eye, tf.shape(x)) if x.shape.rank > 2 else eye


def _bcast_static(s1: list, s2: list):
    """Broadcast two shapes given as lists (None: unknown); None result if they cannot."""
    n = max(len(s1), len(s2))
    s1 = [1] * (n - len(s1)) + s1
    s2 = [1] * (n - len(s2)) + s2
    out = []
    for p, q in zip(s1, s2):
        if p == 1:
            out.append(q)
        elif q == 1 or p == q:
            out.append(p)
        elif p is None or q is None:
            out.append(p if q is None else q)
        else:
            return None
    return out


def _broadcast_batch(fname, a, b, rhs_batch):
    """Broadcast the batch dimensions of ``a`` (..., M, M) and ``b`` (..., M, K) to a common
    shape (TF's solvers need equal batch shapes). ``rhs_batch=False``: ``b`` is one (M, K)
    matrix for every matrix of ``a``."""
    sa = a.shape.as_list()
    sb = b.shape.as_list()
    ba = sa[:-2]
    bb = sb[:-2] if rhs_batch else []
    if ba == bb and None not in ba:
        return a, b
    batch = _bcast_static(ba, bb)
    if batch is None:
        raise ValueError(f"{fname}: batch shapes {tuple(ba)} and {tuple(bb)} do not broadcast")
    if None not in batch and None not in sa and None not in sb:
        if ba != batch:
            a = tf.broadcast_to(a, batch + sa[-2:])
        if bb != batch:
            b = tf.broadcast_to(b, batch + sb[-2:])
        return a, b
    # Unknown sizes (inside tf.function): broadcast with run-time shapes.
    da, db = tf.shape(a), tf.shape(b)
    dyn = tf.broadcast_dynamic_shape(da[:-2], db[:-2] if rhs_batch else da[:0])
    a = tf.broadcast_to(a, tf.concat([dyn, da[-2:]], 0))
    b = tf.broadcast_to(b, tf.concat([dyn, db[-2:]], 0))
    return a, b


def inv(x, /):
    """Inverse of each ``(..., M, M)`` matrix.

    Singular matrices: ``ValueError`` eagerly; inside ``tf.function`` a QR-based inverse that
    yields non-finite values instead (see the module docstring).
    """
    x = _floating_matrix("inv", x, square=True)
    if tf.executing_eagerly():
        return _eager_inverse("inv", tf.linalg.inv, (x,), (x,))
    return _qr_solve(x, _eye_like(x))


def _eager_inverse(fname, op, args, inputs):
    """``op(*args)`` run eagerly, TF's singular-matrix error as the ``ValueError`` that NumPy
    raises (naming ``fname`` and the first input's dtype and shape), other op errors
    translated for ``inputs``."""
    try:
        return op(*args)
    except tf.errors.InvalidArgumentError as e:
        if "invertible" in getattr(e, "message", str(e)):
            xp = sys.modules[_PACKAGE]
            if bool(xp.any(xp.isnan(args[0]))):
                # TF calls a matrix holding NaN singular; NumPy's answer is NaN.
                return _cl.nan_matrices_as_nan(
                    xp, lambda *a: _eager_inverse(fname, op, a, inputs), *args,
                    eye_like=_eye_like)
            x = inputs[0]
            raise _cl.singular_matrix(fname, f" (dtype {dtype_name_safe(x)}, shape "
                                             f"{tuple(x.shape)})") from None
        raise translate(fname, e, *inputs) from None
    except OpError as e:
        raise translate(fname, e, *inputs) from None


def solve(x1, x2, /):
    """Solve ``x1 @ X = x2`` for square ``x1`` of shape ``(..., M, M)``.

    ``x2`` of shape ``(M,)`` is one right-hand side for every matrix (result
    ``x1.shape[:-2] + (M,)``); otherwise ``x2`` is ``(..., M, K)`` and the batch dimensions
    broadcast (result ``(..., M, K)``). Dtypes promote (floating only). Singular ``x1``: see
    ``inv``.
    """
    x1, x2 = _t.promote_args("solve", arr(x1, "solve"), arr(x2, "solve"))
    check_dtype("solve", x1, _FLOATING, "floating-point")
    _matrix("solve", x1, square=True)
    m = x1.shape[-1]
    n2 = _rank("solve", x2)
    if n2 == 1:
        if x2.shape[0] is not None and m is not None and x2.shape[0] != m:
            raise ValueError(
                f"solve: x2 of shape {tuple(x2.shape)} does not match x1 of shape "
                f"{tuple(x1.shape)}"
            )
        a, b = _broadcast_batch("solve", x1, tf.expand_dims(x2, -1), rhs_batch=False)
        vector = True
    elif n2 >= 2:
        if x2.shape[-2] is not None and m is not None and x2.shape[-2] != m:
            raise ValueError(
                f"solve: x2 of shape {tuple(x2.shape)} does not match x1 of shape "
                f"{tuple(x1.shape)} (x2.shape[-2] must be {m})"
            )
        a, b = _broadcast_batch("solve", x1, x2, rhs_batch=True)
        vector = False
    else:
        raise ValueError("solve: x2 must have at least one dimension")
    if tf.executing_eagerly():
        r = _eager_inverse("solve", tf.linalg.solve, (a, b), (x1, x2))
    else:
        r = _qr_solve(a, b)
    return tf.squeeze(r, -1) if vector else r


@wrap_errors("qr")
def qr(x, /, *, mode="reduced"):
    """QR decomposition; ``mode`` ``'reduced'`` (Q: (..., M, K), R: (..., K, N)) or
    ``'complete'`` (Q: (..., M, M), R: (..., M, N)). Returns ``QRResult(Q, R)``."""
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
    x = _floating_matrix("qr", x)
    q, r = tf.linalg.qr(x, full_matrices=(mode == "complete"))
    return QRResult(q, r)


@wrap_errors("svd")
def svd(x, /, *, full_matrices=True):
    """Singular value decomposition ``x = U @ diag(S) @ Vh``; ``SVDResult(U, S, Vh)``.

    ``S`` is real, descending. ``full_matrices=False`` gives the reduced factors.
    """
    x = _floating_matrix("svd", x)
    s, u, v = tf.linalg.svd(x, full_matrices=bool(full_matrices), compute_uv=True)
    return SVDResult(u, s, tf.linalg.adjoint(v))


def _svdvals(x):
    return tf.linalg.svd(x, compute_uv=False)


@wrap_errors("svdvals")
def svdvals(x, /):
    """Singular values of each matrix, real, descending, shape ``(..., min(M, N))``."""
    return _svdvals(_floating_matrix("svdvals", x))


def _reduced_svd(x):
    s, u, v = tf.linalg.svd(x, full_matrices=False, compute_uv=True)
    return u, s, tf.linalg.adjoint(v)


def eigh(x, /):
    """Eigen-decomposition of Hermitian/symmetric matrices: ``EighResult(eigenvalues,
    eigenvectors)``; eigenvalues real, ascending; only the lower triangle is read."""
    x = _floating_matrix("eigh", x, square=True)
    w, v = _nan_guarded("eigh", tf.linalg.eigh, x, 2)
    if x.dtype in _COMPLEX:
        w = tf.math.real(w)
    return EighResult(w, v)


def eigvalsh(x, /):
    """Eigenvalues of Hermitian/symmetric matrices (real, ascending), shape ``(..., M)``."""
    x = _floating_matrix("eigvalsh", x, square=True)
    w = _nan_guarded("eigvalsh", tf.linalg.eigvalsh, x, 1)
    return tf.math.real(w) if x.dtype in _COMPLEX else w


def eig(x, /):
    """Eigen-decomposition of general square matrices: ``EigResult(eigenvalues,
    eigenvectors)``, both complex of ``x``'s precision (complex64 for float32 input);
    eigenvectors are the columns, normalised to unit length. Order unspecified."""
    x = _floating_matrix("eig", x, square=True)
    w, v = _nan_guarded("eig", tf.linalg.eig, x, 2)
    return EigResult(w, v)


def eigvals(x, /):
    """Eigenvalues of general square matrices, complex of ``x``'s precision, ``(..., M)``."""
    x = _floating_matrix("eigvals", x, square=True)
    return _nan_guarded("eigvals", tf.linalg.eigvals, x, 1)


# ---------------------------------------------------------------------------------------------
# norms, rank, pseudo-inverse, powers


def _euclidean_norm(a, axes, keep_dims=False):
    """sqrt(sum(a * a)) over ``axes`` of a real tensor: TF's EuclideanNorm kernel eagerly
    (one op); inside graphs tf.norm's own formulation, because EuclideanNorm has no XLA
    kernel (tf.function(jit_compile=True) would refuse the whole function)."""
    if tf.executing_eagerly():
        return _gm.euclidean_norm(a, axes_arg(a, axes), keep_dims=keep_dims)
    return tf.sqrt(tf.reduce_sum(a * a, axis=list(axes), keepdims=keep_dims))


# ord -> one TF reduction kernel applied to abs(x) (the common orders; others: _common).
_ORD_KERNELS = {2: _euclidean_norm, 1: _gm._sum, math.inf: _gm._max, -math.inf: _gm._min}


@wrap_errors("vector_norm")
def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norm over ``axis`` (None: all; int or tuple). ``ord``: any int/float incl. 0,
    negative orders and +-inf (the standard's table). Real result of ``x``'s precision."""
    x = _floating_tensor("vector_norm", x)
    nd = _rank("vector_norm", x)
    axes = normalize_axes(axis, nd, "vector_norm")
    # TF's max/min of nothing are -inf/+inf: an empty reduced axis takes the shared rule
    # (0 for inf, min()'s ValueError for -inf, as NumPy).
    if not isinstance(ord, bool) and ord in _ORD_KERNELS and not any(
            x.shape[ax] == 0 for ax in axes):
        kernel = _ORD_KERNELS[ord]
        a = x if (kernel is _euclidean_norm and x.dtype not in _COMPLEX) else _gm._abs(x) \
            if x.dtype not in _COMPLEX else _gm.complex_abs(x, Tout=_REAL_OF[x.dtype])
        if not axes:  # a 0-d array, or axis=(): the norm of single elements is |x|
            return _gm._abs(x) if x.dtype not in _COMPLEX else a
        if kernel is _euclidean_norm:
            return kernel(a, axes, keep_dims=bool(keepdims))
        return kernel(a, axes_arg(a, axes), keep_dims=bool(keepdims))
    return _cl.vector_norm(_xp, x, axis=axis, keepdims=keepdims, ord=ord)


@wrap_errors("matrix_norm")
def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Matrix norm of each ``(..., M, N)`` matrix: ``ord`` in ``'fro'``, ``'nuc'``, 1, -1, 2,
    -2, inf, -inf. Real result of ``x``'s precision; ``keepdims`` keeps both matrix axes."""
    x = _floating_matrix("matrix_norm", x)
    if ord == "fro":
        nd = x.shape.rank
        a = x if x.dtype not in _COMPLEX else _gm.complex_abs(x, Tout=_REAL_OF[x.dtype])
        return _euclidean_norm(a, (nd - 2, nd - 1), keep_dims=bool(keepdims))
    return _cl.matrix_norm(_xp, x, keepdims=keepdims, ord=ord, svdvals=_svdvals)


def _rtol(fname, rtol):
    if _cl.scalar_rtol(rtol):
        return rtol
    r = arr(rtol, fname)
    if r.dtype not in (tf.float32, tf.float64):
        raise TypeError(f"{fname}: rtol must be a real floating-point array, got "
                        f"dtype {dtype_name_safe(r)}")
    return r


@wrap_errors("matrix_rank")
def matrix_rank(x, /, *, rtol=None):
    """Rank of each matrix: singular values ``> rtol * largest`` (``rtol`` default
    ``max(M, N) * eps``; float or array broadcasting against ``x.shape[:-2]``). Default
    integer dtype."""
    x = _floating_matrix("matrix_rank", x)
    rd = _REAL_OF[x.dtype]
    return _cl.matrix_rank(_xp, x, rtol=_rtol("matrix_rank", rtol), svdvals=_svdvals,
                           eps=_EPS[rd], real_dtype=rd, int_dtype=_t.DEFAULT_INT)


@wrap_errors("pinv")
def pinv(x, /, *, rtol=None):
    """Moore-Penrose pseudo-inverse of each ``(..., M, N)`` matrix, shape ``(..., N, M)``;
    singular values ``<= rtol * largest`` are treated as zero (``rtol`` as in
    ``matrix_rank``)."""
    x = _floating_matrix("pinv", x)
    rd = _REAL_OF[x.dtype]
    return _cl.pinv(_xp, x, rtol=_rtol("pinv", rtol), svd=_reduced_svd, eps=_EPS[rd],
                    real_dtype=rd)


def matrix_power(x, n, /):
    """``x`` (``(..., M, M)``) to the integer power ``n`` by repeated squaring; ``n == 0``:
    identity; ``n < 0``: power of the inverse (singular: see ``inv``)."""
    x = _floating_matrix("matrix_power", x, square=True)
    if isinstance(n, bool):
        raise TypeError("matrix_power: n must be an integer, got bool")
    return _cl.matrix_power(_xp, x, n, inv=inv, eye_like=_eye_like)


# ---------------------------------------------------------------------------------------------
# products and diagonals


@wrap_errors("cross")
def cross(x1, x2, /, *, axis=-1):
    """Cross product of 3-element vectors along ``axis`` (negative; that axis must have size 3
    in both and does not broadcast, the others do). Numeric dtypes, promoted."""
    x1, x2 = _numeric_pair("cross", x1, x2)
    _rank("cross", x1), _rank("cross", x2)
    return _cl.cross(_xp, x1, x2, axis=axis)


@wrap_errors("outer")
def outer(x1, x2, /):
    """Outer product of 1-D ``x1`` (N,) and ``x2`` (M,): shape (N, M), promoted dtype."""
    x1, x2 = _numeric_pair("outer", x1, x2)
    _rank("outer", x1), _rank("outer", x2)
    return _cl.outer(_xp, x1, x2)


@wrap_errors("diagonal")
def diagonal(x, /, *, offset=0):
    """The ``offset`` diagonal (``>0`` above, ``<0`` below the main one) of each matrix;
    shape ``x.shape[:-2] + (k,)``, ``k`` possibly 0. Any dtype."""
    x = _matrix("diagonal", arr(x, "diagonal"))
    try:
        offset = int(offset.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f"diagonal: offset must be an integer, got {shown(offset)}") from None
    m, n = x.shape[-2], x.shape[-1]
    if offset and m is not None and n is not None and not -m < offset < n:
        # TF's diag_part rejects offsets beyond the matrix; the standard wants an empty
        # diagonal there.
        batch = x.shape[:-2]
        shape = tuple(batch) + (0,) if batch.is_fully_defined() else \
            tf.concat([tf.shape(x)[:-2], [0]], 0)
        return tf.zeros(shape, dtype=x.dtype)
    if not offset:
        return tf.linalg.diag_part(x)
    return tf.linalg.diag_part(x, k=offset)


@wrap_errors("trace")
def trace(x, /, *, offset=0, dtype=None):
    """Sum of the ``offset`` diagonal of each matrix, shape ``x.shape[:-2]``.

    ``dtype=None``: ``x``'s dtype, except narrower signed/unsigned integers accumulate in
    ``int64``/``uint64`` (the standard's rule with a 64-bit default integer).
    """
    x = _matrix("trace", arr(x, "trace"))
    check_dtype("trace", x, _NUMERIC, "numeric")
    if dtype is None:
        name = _cl.trace_dtype(_t.dtype_name(x.dtype), None,
                               default_int=_t.dtype_name(_t.DEFAULT_INT))
        out = _t.DTYPES[name]
    else:
        dtype = _t.dtype_arg(dtype, "trace")
        if dtype not in _NUMERIC:
            raise TypeError(f"trace: dtype must be a numeric dtype, got {dtype!r}")
        out = dtype
    d = diagonal(x, offset=offset)
    if d.dtype != out:
        d = tf.cast(d, out)
    return tf.reduce_sum(d, axis=-1)


def _skip_autograph(namespace: dict, names) -> None:
    """Mark this module's public functions so that AutoGraph calls them as they are.

    ``tf.function`` converts user code with AutoGraph and, by default, recursively converts
    every function it calls that is not TF's own: for these modules that costs seconds on
    the first trace and buys nothing, since no Python control flow here depends on tensor
    values. AutoGraph calls any function carrying an ``autograph_info__`` attribute
    unconverted (it is how TF marks its own converted code). This sets an attribute on our
    functions only; nothing global changes.
    """
    for n in names:
        f = namespace[n]
        if getattr(f, "__module__", None) == namespace["__name__"]:
            f.autograph_info__ = None


_skip_autograph(globals(), __all__)
