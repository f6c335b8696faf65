"""The standard's ``linalg`` algorithms written once, over a standard namespace ``xp``.

A shim binds these to its framework where the framework has no direct op (or one with
different semantics), passing:

``xp``
    An object with the standard's functions; a conformant namespace or a thin adapter over raw
    framework ops (nothing here relies on ``xp`` promoting: the binding passes arrays that
    already have the right, common dtype). Each function's docstring lists what it uses.
    Arrays need ``.shape`` (static ints), ``.ndim``, ``.dtype`` and basic slicing.

factorisations
    ``svdvals(x)``, ``svd(x) -> (U, S, Vh)`` (reduced), ``eig(x) -> (w, v)``, ``inv(x)``...,
    passed as plain callables where an algorithm needs one.

Dtype facts (machine epsilon, the default integer dtype) are passed as values, so nothing
here needs to know the framework's dtype objects. Shape errors raise ``ValueError`` naming
the public function (``fname``), axes out of range ``utils.AxisError`` (the one axis rule).
"""

from __future__ import annotations

import math
import numbers
import operator
from collections import namedtuple

import numpy as np

from .checks import no_identity, shown
from .utils import AxisError, normalize_axes, normalize_axis

#: The standard's result types (tuple subclasses with the standard's field names).
EighResult = namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
EigResult = namedtuple("EigResult", ["eigenvalues", "eigenvectors"])
QRResult = namedtuple("QRResult", ["Q", "R"])
SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])
SVDResult = namedtuple("SVDResult", ["U", "S", "Vh"])

INF = math.inf

if issubclass(np.linalg.LinAlgError, ValueError):
    #: The class every shim raises when a factorisation fails on the values (a matrix that is
    #: not positive definite to ``cholesky``, a singular one to ``inv``/``solve``): NumPy's
    #: own, a ``ValueError`` since NumPy 2, so that ``except LinAlgError`` in library code
    #: (SciPy's) and ``except ValueError`` both catch it on every backend, as on NumPy.
    #: (pyright reads the class below, the other branch, as this name's declared type.)
    LinAlgError = np.linalg.LinAlgError  # pyright: ignore[reportAssignmentType]
else:  # NumPy 1.x (the mxnet environment): its LinAlgError is no ValueError

    class LinAlgError(np.linalg.LinAlgError, ValueError):  # type: ignore[no-redef]
        """NumPy's LinAlgError that is also a ValueError, as NumPy 2's."""


def not_positive_definite(fname: str) -> LinAlgError:
    """The error of ``cholesky`` (``fname``) for a matrix that is not positive definite.

    The test, the same on every shim and made on the factor only (after the call): every
    diagonal entry of the factor is real and > 0. LAPACK's ``potrf`` stops at the first
    pivot that is not positive and leaves it (<= 0 or NaN) on the diagonal (MLX returns that
    factor as it is), TensorFlow's kernel writes NaN there and leaves the rest uninitialised;
    a successful factor's diagonal holds square roots of positive pivots. A stack fails if
    any of its matrices does (NumPy's rule).
    """
    return LinAlgError(f"{fname}: the matrix is not positive definite (its Cholesky "
                       "factorisation failed)")


def cholesky_failed(xp, x, L, *, upper=False, fname="cholesky"):  # noqa: N803 - L: the factor
    """The factor ``L`` of ``x`` once the diagonal test (``not_positive_definite``) failed,
    eagerly: LinAlgError if a matrix that failed holds no NaN in the triangle read (the
    lower one, the upper one for ``upper=True``), else ``L`` with the factors of the
    matrices that failed all NaN. NumPy returns NaN there too (a NaN pivot is no error to
    its LAPACK; its factor keeps the columns before the NaN); the frameworks' own factor may
    hold LAPACK's partial work or uninitialised memory, hence all NaN. Uses
    ``xp.linalg.diagonal``, ``xp.real``, ``xp.tril``/``xp.triu``, ``xp.isnan``, ``xp.all``,
    ``xp.any``, ``xp.where``, ``xp.full_like``, ``xp.isdtype``."""
    d = xp.linalg.diagonal(L)
    cplx = xp.isdtype(L.dtype, "complex floating")
    failed = xp.logical_not(xp.all(xp.real(d) > 0 if cplx else d > 0, axis=-1))
    read = xp.triu(x) if upper else xp.tril(x)
    holds_nan = xp.any(xp.isnan(read), axis=(-2, -1))
    if bool(xp.any(xp.logical_and(failed, xp.logical_not(holds_nan)))):
        raise not_positive_definite(fname)
    nan = complex(math.nan, math.nan) if cplx else math.nan
    mask = xp.reshape(failed, tuple(failed.shape) + (1, 1))
    return xp.where(mask, xp.full_like(L, nan), L)


def singular_matrix(fname: str, detail: str = "") -> LinAlgError:
    """The error of ``inv``/``solve`` (``fname``) for a singular matrix (one with an exact
    zero pivot). A matrix holding NaN is not singular: see ``nan_matrices_as_nan``."""
    return LinAlgError(f"{fname}: singular matrix{detail}")


def nan_matrices_as_nan(xp, solver, a, *rest, eye_like):
    """``solver(a, *rest)`` (``inv`` or ``solve``) where some matrices of ``a`` hold NaN: the
    result for those matrices is all NaN, the others get their solution. NumPy and torch
    return NaN there (LAPACK's pivots propagate it); TensorFlow's and Paddle's kernels call
    such a matrix singular and raise. The shims call this only on that error path, once a
    NaN has been found, so the normal path costs nothing. Uses ``xp.isnan``, ``xp.any``,
    ``xp.where``, ``xp.full_like``, ``xp.isdtype``; ``eye_like(a)``: identity matrices of
    ``a``'s shape and dtype (the stand-in solved instead of a NaN matrix).
    """
    bad = xp.any(xp.isnan(a), axis=(-2, -1), keepdims=True)
    out = solver(xp.where(bad, eye_like(a), a), *rest)
    nan = complex(math.nan, math.nan) if xp.isdtype(out.dtype, "complex floating") else math.nan
    return xp.where(bad, xp.full_like(out, nan), out)


def _index(fname: str, what: str, v) -> int:
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{fname}: {what} must be an integer, got {shown(v)}") from None


def require_matrix(fname: str, x, square: bool = False) -> None:
    """ValueError naming ``fname`` unless ``x`` is a (stack of) matrices (square if asked);
    a size unknown until run time (None, inside a ``tf.function``) passes."""
    if x.ndim < 2:
        raise ValueError(
            f"{fname}: expected an array of shape (..., M, N) with at least 2 dimensions, "
            f"got shape {tuple(x.shape)}"
        )
    m, n = x.shape[-2], x.shape[-1]
    if square and m != n and m is not None and n is not None:
        raise ValueError(
            f"{fname}: expected square matrices (..., M, M), got shape {tuple(x.shape)}"
        )


def check_matmul_shapes(a, b, mismatch: str,
                        zero_d: str = "matmul: operands must have at least one dimension"):
    """ValueError unless ``matmul(a, b)`` has operands of one dimension or more whose
    contracted sizes agree (NumPy's rules for 1-D operands). The messages are the shim's:
    ``zero_d``, and ``mismatch`` formatted with the shapes ``a`` and ``b`` (as tuples) and
    the contracted sizes ``k1`` and ``k2``."""
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError(zero_d)
    k1 = a.shape[-1]
    k2 = b.shape[0] if b.ndim == 1 else b.shape[-2]
    if k1 != k2:
        raise ValueError(mismatch.format(a=tuple(a.shape), b=tuple(b.shape), k1=k1, k2=k2))


def vecdot_axis(a, b, axis, shape, mismatch: str,
                zero_d: str = "vecdot: operands must have at least one dimension") -> int:
    """``vecdot``'s ``axis`` as a non-negative axis of ``shape`` (the operands' broadcast
    shape); ValueError for a 0-d operand (``zero_d``) or for operand sizes that differ along
    the axis (``mismatch`` formatted with ``axis`` and the shapes ``a`` and ``b``): the
    messages are the shim's. Out of range: ``utils.AxisError``."""
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError(zero_d)
    ax = normalize_axis(axis, len(shape), "vecdot")
    k = ax - len(shape)  # from the end: the operands may have fewer dimensions than shape
    if -k > min(a.ndim, b.ndim) or a.shape[k] != b.shape[k]:
        raise ValueError(mismatch.format(axis=axis, a=a.shape, b=b.shape))
    return ax


# ---------------------------------------------------------------------------------------------
# norms


def vector_norm(xp, x, *, axis=None, keepdims=False, ord=2, fname="vector_norm"):
    """The standard's ``vector_norm`` for a floating ``x`` (complex allowed).

    Uses ``xp.abs``, ``xp.sum``, ``xp.max``, ``xp.min``, ``xp.sqrt``, ``xp.astype``,
    ``xp.not_equal``, ``**`` and ``/`` with Python floats. The result has the real dtype of
    ``x``'s precision. ``ord`` may be any int/float (0, +-1, +-2, +-inf, p-norms).
    """
    axes = normalize_axes(axis, x.ndim, fname)
    if isinstance(ord, bool) or not isinstance(ord, numbers.Real):
        raise ValueError(f"{fname}: unsupported ord {ord!r}")
    a = xp.abs(x)  # real dtype of x's precision
    kw = dict(axis=axes, keepdims=keepdims)
    if ord == 2:
        return xp.sqrt(xp.sum(a * a, **kw))
    if ord == 1:
        return xp.sum(a, **kw)
    if ord in (INF, -INF) and any(x.shape[ax] == 0 for ax in axes):
        # An empty vector, NumPy's way: its max norm is 0 (every |x| >= 0) where max() has no
        # identity; its min norm has none either (ValueError, as min()). Written here, not
        # left to xp.max/xp.min: TF's give -inf/+inf.
        if ord == -INF:
            raise no_identity(fname)
        return xp.sum(a, **kw)  # zeros of the result's shape and dtype
    if ord == INF:
        return xp.max(a, **kw)
    if ord == -INF:
        return xp.min(a, **kw)
    if ord == 0:
        return xp.sum(xp.astype(xp.not_equal(a, 0), a.dtype), **kw)
    if ord == -1:
        return 1.0 / xp.sum(1.0 / a, **kw)
    if ord == -2:
        return 1.0 / xp.sqrt(xp.sum(1.0 / (a * a), **kw))
    p = float(ord)
    return xp.sum(a**p, **kw) ** (1.0 / p)


def _expand2(xp, r):
    return xp.expand_dims(xp.expand_dims(r, axis=-1), axis=-1)


def matrix_norm(xp, x, *, keepdims=False, ord="fro", svdvals=None, fname="matrix_norm"):
    """The standard's ``matrix_norm`` of a floating ``(..., M, N)`` array.

    ``svdvals`` (singular values, descending, real) is needed for ord ``2``, ``-2``, ``'nuc'``.
    Uses ``xp.abs``, ``xp.sum``, ``xp.max``, ``xp.min``, ``xp.sqrt``, ``xp.expand_dims``.
    """
    require_matrix(fname, x)
    a = xp.abs(x)
    if ord == "fro":
        return xp.sqrt(xp.sum(a * a, axis=(-2, -1), keepdims=keepdims))
    if ord in ("nuc", 2, -2) and not isinstance(ord, bool):
        if 0 in (x.shape[-2], x.shape[-1]):
            # No singular values: the empty sum/max is 0 (NumPy's answer for 'nuc').
            r = xp.zeros(tuple(x.shape[:-2]), dtype=a.dtype)
            return _expand2(xp, r) if keepdims else r
        s = svdvals(x)
        # Singular values are sorted, but a reduction avoids indexing (slow on some tensors).
        if ord == "nuc":
            r = xp.sum(s, axis=-1)
        elif ord == 2:
            r = xp.max(s, axis=-1)
        else:
            r = xp.min(s, axis=-1)
        return _expand2(xp, r) if keepdims else r
    if isinstance(ord, bool) or ord not in (1, -1, INF, -INF):
        raise ValueError(f"{fname}: unsupported ord {ord!r}")
    # ord 1: max column sum (sum over rows, axis -2); ord inf: max row sum (axis -1).
    sum_axis = -2 if ord in (1, -1) else -1
    sums = xp.sum(a, axis=sum_axis, keepdims=keepdims)
    red = xp.max if ord in (1, INF) else xp.min
    # With keepdims the summed axis is kept, and the other matrix axis is the one to reduce.
    return red(sums, axis=(-1 if sum_axis == -2 else -2) if keepdims else -1,
               keepdims=keepdims)


# ---------------------------------------------------------------------------------------------
# rank, pseudo-inverse


def scalar_rtol(rtol) -> bool:
    """True for an ``rtol`` given as None or a Python number; anything else must be an array
    of a real floating dtype, which the shim checks as it checks ``x``."""
    return rtol is None or (isinstance(rtol, (int, float)) and not isinstance(rtol, bool))


def checked_rtol(fname: str, rtol, dtype_name, check_kind):
    """``rtol`` itself, which must be None, a Python float or an array of a real floating
    dtype (else TypeError naming ``fname``): ``dtype_name(rtol, fname)`` and
    ``check_kind(name, "real floating", fname)`` are the shim's array and dtype checks."""
    if not scalar_rtol(rtol):
        check_kind(dtype_name(rtol, fname), "real floating", fname)
    return rtol


def _rtol_column(xp, x, rtol, eps: float, real_dtype):
    """``rtol`` broadcastable against singular values ``(..., K)``: shape ``(..., 1)``."""
    if rtol is None:
        return max(x.shape[-2], x.shape[-1]) * eps
    if isinstance(rtol, (int, float)):
        return float(rtol)
    r = xp.astype(rtol, real_dtype)
    return xp.expand_dims(r, axis=-1)


def matrix_rank(xp, x, *, rtol=None, svdvals, eps: float, real_dtype, int_dtype,
                fname="matrix_rank"):
    """Number of singular values ``> rtol * largest`` per matrix, as ``int_dtype``.

    ``rtol=None`` means ``max(M, N) * eps``. Uses ``xp.max``, ``xp.sum``, ``xp.astype``,
    ``xp.greater``, ``xp.expand_dims``, ``xp.zeros``.
    """
    require_matrix(fname, x)
    if 0 in (x.shape[-2], x.shape[-1]):
        return xp.zeros(tuple(x.shape[:-2]), dtype=int_dtype)
    s = svdvals(x)
    tol = xp.max(s, axis=-1, keepdims=True) * _rtol_column(xp, x, rtol, eps, real_dtype)
    return xp.sum(xp.astype(xp.greater(s, tol), int_dtype), axis=-1)


def pinv(xp, x, *, rtol=None, svd, eps: float, real_dtype, fname="pinv"):
    """Moore-Penrose pseudo-inverse from the reduced SVD ``svd(x) -> (U, S, Vh)``.

    Singular values ``<= rtol * largest`` count as zero. Uses ``xp.max``, ``xp.where``,
    ``xp.greater``, ``xp.astype``, ``xp.conj``, ``xp.matrix_transpose``, ``xp.matmul``,
    ``xp.expand_dims``, ``xp.zeros``.
    """
    require_matrix(fname, x)
    m, n = x.shape[-2], x.shape[-1]
    if 0 in (m, n):
        return xp.zeros(tuple(x.shape[:-2]) + (n, m), dtype=x.dtype)
    u, s, vh = svd(x)
    cutoff = xp.max(s, axis=-1, keepdims=True) * _rtol_column(xp, x, rtol, eps, real_dtype)
    big = xp.greater(s, cutoff)
    # where() on both branches so that 1/0 never reaches the kept values.
    s_inv = xp.where(big, 1.0 / xp.where(big, s, 1.0), 0.0)
    s_inv = xp.astype(s_inv, x.dtype)
    v = xp.conj(xp.matrix_transpose(vh))
    uh = xp.conj(xp.matrix_transpose(u))
    return xp.matmul(v * xp.expand_dims(s_inv, axis=-2), uh)


# ---------------------------------------------------------------------------------------------
# products


def cross(xp, x1, x2, *, axis=-1, fname="cross"):
    """Cross product of 3-vectors along ``axis`` (negative, counted from the end of both).

    ``x1``/``x2`` share a dtype; the other axes broadcast. Exactly ``a1*b2 - a2*b1`` etc.
    Uses ``xp.unstack``, ``xp.stack`` and elementwise ``*``/``-`` (no indexing, which is
    slow on some frameworks' tensors).
    """
    axis = _index(fname, "axis", axis)
    nmin = min(x1.ndim, x2.ndim)
    if nmin == 0 or not -nmin <= axis < nmin:
        raise AxisError(
            f"{fname}: axis {axis} is out of bounds for shapes {tuple(x1.shape)} and "
            f"{tuple(x2.shape)}"
        )
    if axis >= 0:
        # The standard asks for a negative axis; a non-negative one is accepted when both
        # arrays have the same rank (then it is unambiguous).
        if x1.ndim != x2.ndim:
            raise ValueError(f"{fname}: axis must be negative when the ranks differ")
        axis -= x1.ndim
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(
            f"{fname}: the size of axis {axis} must be 3 for both arrays, got shapes "
            f"{tuple(x1.shape)} and {tuple(x2.shape)}"
        )
    a0, a1, a2 = xp.unstack(x1, axis=axis)
    b0, b1, b2 = xp.unstack(x2, axis=axis)
    # The remaining axes broadcast in the products; a negative ``axis`` puts the new axis at
    # the same place counted from the end of the broadcast shape.
    return xp.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=axis)


def outer(xp, x1, x2, *, fname="outer"):
    """Outer product of two 1-D arrays of one dtype: ``x1[:, None] * x2[None, :]``.

    Uses ``xp.expand_dims`` and ``*``.
    """
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(
            f"{fname}: expected two 1-D arrays, got shapes {tuple(x1.shape)} and "
            f"{tuple(x2.shape)}"
        )
    return xp.expand_dims(x1, axis=1) * xp.expand_dims(x2, axis=0)


# ---------------------------------------------------------------------------------------------
# diagonals


def diagonal(xp, x, *, offset=0, fname="diagonal"):
    """The ``offset`` diagonal of each matrix of ``(..., M, N)``, exactly (any dtype).

    Generic fallback for frameworks without a diagonal op: flattens each matrix and takes
    the diagonal positions. Uses ``xp.reshape``, ``xp.take``, ``xp.asarray``.
    """
    require_matrix(fname, x)
    offset = _index(fname, "offset", offset)
    m, n = x.shape[-2], x.shape[-1]
    if offset >= 0:
        k = max(0, min(m, n - offset))
        idx = [i * n + i + offset for i in range(k)]
    else:
        k = max(0, min(m + offset, n))
        idx = [(i - offset) * n + i for i in range(k)]
    flat = xp.reshape(x, tuple(x.shape[:-2]) + (m * n,))
    return xp.take(flat, xp.asarray(idx, dtype=index_dtype(xp)), axis=-1)


def index_dtype(xp):
    """The default index dtype of ``xp`` (``int64`` unless its info says otherwise)."""
    try:
        return xp.__array_namespace_info__().default_dtypes()["indexing"]
    except Exception:  # noqa: BLE001 - adapters may lack the info object
        return xp.int64


def trace_dtype(name: str, dtype_name_given, default_int: str = "int64",
                default_uint: str = "uint64"):
    """The standard's result dtype *name* of ``trace``/``sum`` for input dtype ``name``.

    ``dtype_name_given`` is the name of the ``dtype=`` argument or None. Signed integers
    narrower than the default become the default integer; unsigned ones its unsigned twin.
    """
    from .dtypes import accumulation_dtype  # the rule is written there once
    return accumulation_dtype(name, dtype_name_given, default_int, default_uint)


def trace_dtypes(x, dtype, require_array, dtypes) -> tuple[str, str]:
    """The dtype names of ``trace``'s input ``x`` (numeric (stacked) matrices, else the
    error naming ``trace``) and of its result for the ``dtype=`` argument (integers
    accumulate in int64, unsigned ones too): ``require_array(x, fname)`` and ``dtypes`` (with
    ``check_kind`` and ``dtype_name``) are the shim's."""
    n = require_array(x, "trace")
    dtypes.check_kind(n, "numeric", "trace")
    require_matrix("trace", x)
    given = None if dtype is None else dtypes.dtype_name(dtype, "trace")
    return n, trace_dtype(n, given, default_int="int64", default_uint="int64")


def trace(xp, x, *, offset=0, dtype=None, fname="trace"):
    """Sum of the ``offset`` diagonal of each matrix, accumulated in ``dtype`` (the caller
    resolves the standard's default with ``trace_dtype``). Uses ``diagonal``'s ops and
    ``xp.sum(..., dtype=)``."""
    return xp.sum(diagonal(xp, x, offset=offset, fname=fname), axis=-1, dtype=dtype)






def matrix_power(xp, x, n, *, inv, eye_like, fname="matrix_power"):
    """``x`` to the integer power ``n`` by repeated squaring (``log2|n|`` products; no loop
    over the batch). ``n < 0`` inverts first with ``inv``; ``n == 0`` gives ``eye_like(x)``
    (identity matrices of x's shape and dtype). Uses ``xp.matmul``.
    """
    require_matrix(fname, x, square=True)
    n = _index(fname, "n", n)
    if n == 0:
        return eye_like(x)
    if n < 0:
        x = inv(x)
        n = -n
    result = None
    base = x
    while True:
        if n & 1:
            result = base if result is None else xp.matmul(result, base)
        n >>= 1
        if not n:
            return result
        base = xp.matmul(base, base)


# ---------------------------------------------------------------------------------------------
# determinants, eigenvalues




def eig_nonfinite_as_nan(xp, solver, x):
    """``solver(x)`` (an ``eig`` giving ``(w, v)`` or an ``eigvals`` giving ``w``) where some
    matrices of ``x`` hold NaN or an infinity: every eigenvalue and eigenvector entry of those
    matrices is NaN (NaN + NaN j for complex results), the other matrices of the stack get
    their decomposition. This is arraykit's one behaviour for non-finite input on every
    backend (TF and JAX give it natively per matrix; NumPy raises LinAlgError, torch's
    LAPACK call crashes or hangs), since lazy backends cannot raise on values.

    The shims call it only once a cheap check (one reduction, or the framework's own error)
    found a non-finite entry. Uses ``xp.isfinite``, ``xp.all``, ``xp.where``,
    ``xp.zeros_like``, ``xp.full_like``, ``xp.reshape``, ``xp.isdtype``.
    """
    ok = xp.all(xp.isfinite(x), axis=(-2, -1))
    out = solver(xp.where(ok[..., None, None], x, xp.zeros_like(x)))

    def nan_where_not_ok(o):
        mask = xp.reshape(ok, tuple(ok.shape) + (1,) * (o.ndim - ok.ndim))
        nan = complex(math.nan, math.nan) if xp.isdtype(o.dtype, "complex floating") else math.nan
        return xp.where(mask, o, xp.full_like(o, nan))

    if isinstance(out, tuple):
        return EigResult(*(nan_where_not_ok(o) for o in out))
    return nan_where_not_ok(out)
