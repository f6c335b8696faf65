"""The standard's ``linalg``, written once: the rules of the full shims' extension over their
primitives and kernels (:func:`linalg_functions`), and the algorithms beneath them, over a
standard namespace ``xp``.

:func:`linalg_functions` takes a full shim's primitives (``_common/primitives.py``) and its
kernels (:class:`LinalgKernels`: the framework's factorisations and solvers, each called with
checked, non-empty input) and returns the extension's functions; its docstring lists the
rules. The algorithms below it take:

``xp``
    An object with the standard's functions; a conformant namespace or a thin adapter over raw
    framework ops (nothing here relies on ``xp`` promoting: the binding passes arrays that
    already have the right, common dtype). Each function's docstring lists what it uses.
    Arrays need ``.shape`` (static ints), ``.ndim``, ``.dtype`` and basic slicing.

factorisations
    ``svdvals(x)``, ``svd(x) -> (U, S, Vh)`` (reduced), ``inv(x)``..., passed as plain
    callables where an algorithm needs one.

Dtype facts (machine epsilon, the default integer dtype) are passed as values, so nothing
here needs to know the framework's dtype objects. Shape errors raise ``ValueError`` naming
the public function (``fname``), axes out of range ``utils.AxisError`` (the one axis rule).
"""

from __future__ import annotations

import math
import numbers
import operator
import typing
from collections import namedtuple
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from .checks import check_keepdims, no_identity, shown
from .dtypes import accumulation_dtype
from .operands import OperandRules, check_broadcast, known_shape
from .primitives import ShimPrimitives
from .utils import AxisError, normalize_axes, normalize_axis, tensordot_axes

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


def complex_solve(xp, a, b, real_solve, make_complex):
    """``a @ X = b`` for complex ``a`` (``b``: ``(..., M, K)``) through the real system
    ``[[P, -Q], [Q, P]] [U; V] = [Re b; Im b]`` of ``a = P + iQ``, ``X = U + iV``: one real
    solve ``real_solve(A, B)``, exact in the same sense; for frameworks with no complex solve
    kernel. ``make_complex(re, im)`` builds a complex array from its parts. Uses ``xp.real``,
    ``xp.imag``, ``xp.negative`` and ``xp.concat``."""
    re, im = xp.real(a), xp.imag(a)
    big = xp.concat([xp.concat([re, xp.negative(im)], axis=-1),
                     xp.concat([im, re], axis=-1)], axis=-2)
    z = real_solve(big, xp.concat([xp.real(b), xp.imag(b)], axis=-2))
    m = a.shape[-1]
    return make_complex(z[..., :m, :], z[..., m:, :])


def _index(fname: str, what: str, v) -> int:
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{fname}: {what} must be an integer, got {shown(v)}") from None


def require_matrix(fname: str, x, square: bool = False) -> None:
    """``check_matrices`` of ``x``'s shape."""
    check_matrices(fname, tuple(x.shape), square)


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
    if ord in (INF, -INF) and 0 in x.shape:
        if not any(x.shape[ax] == 0 for ax in axes):
            return xp.sum(a, **kw)  # an empty result (MLX's max/min refuse empty input)
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
    # xp.pow, not **: Paddle's Tensor.__pow__ rounds a Python exponent to float32 (float64
    # norms off by ~1e-8, Paddle 3.3.1).
    return xp.pow(xp.sum(xp.pow(a, p), **kw), 1.0 / p)


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
    Uses ``xp.unstack``, ``xp.stack``, ``xp.multiply`` and ``xp.subtract`` (no indexing, which is
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
    mul, sub = xp.multiply, xp.subtract  # (Paddle's * of narrow integers: no kernel)
    return xp.stack([sub(mul(a1, b2), mul(a2, b1)), sub(mul(a2, b0), mul(a0, b2)),
                     sub(mul(a0, b1), mul(a1, b0))], axis=axis)


def outer(xp, x1, x2, *, fname="outer"):
    """Outer product of two 1-D arrays of one dtype: ``x1[:, None] * x2[None, :]``.

    Uses ``xp.expand_dims`` and ``xp.multiply``.
    """
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(
            f"{fname}: expected two 1-D arrays, got shapes {tuple(x1.shape)} and "
            f"{tuple(x2.shape)}"
        )
    return xp.multiply(xp.expand_dims(x1, axis=1), xp.expand_dims(x2, axis=0))


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
# eigenvalues


def eig_nonfinite_as_nan(xp, solver, x):
    """``solver(x)`` (an ``eig`` giving ``(w, v)`` or an ``eigvals`` giving ``w``) where some
    matrices of ``x`` hold NaN or an infinity: every eigenvalue and eigenvector entry of those
    matrices is NaN (NaN + NaN j for complex results), the other matrices of the stack get
    their decomposition. This is arraykit's one behaviour for non-finite input on every
    backend (TF and JAX give it natively per matrix; NumPy raises LinAlgError, torch's
    LAPACK call crashes or hangs), since lazy backends cannot raise on values.

    The shims call it only once a cheap check (one reduction, or the framework's own error)
    found a non-finite entry. Uses ``xp.isfinite``, ``xp.all``, ``xp.where``,
    ``xp.zeros_like``, ``xp.full_like``, ``xp.expand_dims``, ``xp.isdtype``.
    """
    ok = xp.all(xp.isfinite(x), axis=(-2, -1))
    out = solver(xp.where(ok[..., None, None], x, xp.zeros_like(x)))

    def nan_where_not_ok(o):
        mask = ok
        for _ in range(o.ndim - ok.ndim):  # (not reshape: an extent may be unknown, TF graphs)
            mask = xp.expand_dims(mask, axis=-1)
        nan = complex(math.nan, math.nan) if xp.isdtype(o.dtype, "complex floating") else math.nan
        return xp.where(mask, o, xp.full_like(o, nan))

    if isinstance(out, tuple):
        return EigResult(*(nan_where_not_ok(o) for o in out))
    return nan_where_not_ok(out)


class SVDFailedError(LinAlgError):
    """A shim kernel's signal that an SVD would not converge (non-finite input); the public
    functions of :func:`svd_failures_named` re-raise it as NumPy's LinAlgError naming
    themselves. Never reaches the user."""


def svd_failures_named(fns: dict, names=("svd", "svdvals", "pinv", "matrix_rank",
                                         "matrix_norm")) -> None:
    """Wraps ``fns[name]`` for each of ``names`` in place: a kernel's :class:`SVDFailedError`
    becomes ``LinAlgError("<name>: SVD did not converge")``, NumPy's class and message (its
    ``svd``, ``svdvals``, ``pinv``, ``matrix_rank`` and ``matrix_norm`` of a matrix holding
    NaN). The finite path pays one frame and a ``try``."""
    import functools

    for name in names:
        fn = fns[name]

        def named(*args, _fn=fn, _name=name, **kwargs):
            try:
                return _fn(*args, **kwargs)
            except SVDFailedError:
                raise LinAlgError(f"{_name}: SVD did not converge") from None

        fns[name] = functools.wraps(fn)(named)


# ---------------------------------------------------------------------------------------------
# the linalg extension of a full shim, written once over its primitives and kernels


class LinalgKernels(Protocol):
    """The framework work of one full shim's ``linalg`` (its ``_Kernels`` class). Each is
    called with input the rules of :func:`linalg_functions` checked: a stack of matrices of a
    floating dtype the kernel takes (``refused``), no zero extent, square where the function
    needs it; two operands of one dtype."""

    def refused(self, fname: str, name: str) -> TypeError | None:
        """The TypeError for dtype ``name`` where the framework has no ``fname`` kernel for
        it (and arraykit does not emulate one); None where it has."""
        ...

    def cholesky(self, x: Any) -> Any:
        """The lower factor of ``x`` (its lower triangle read). Where the factorisation fails
        the result may be garbage, which ``factor_ok`` then reports; or a LinAlgError."""
        ...

    def factor_ok(self, L: Any) -> bool | None:  # noqa: N803 - L: the factor
        """Whether every diagonal entry of factor ``L`` is real and > 0 (a test may pass on
        a NaN-free factor where the kernel writes NaN when it fails); None where values are
        unknown (a traced graph)."""
        ...

    def det(self, x: Any) -> Any: ...

    def slogdet(self, x: Any) -> tuple[Any, Any]:
        """``(sign, logabsdet)``, ``logabsdet`` real; a singular matrix ``(0, -inf)``."""
        ...

    def inv(self, x: Any) -> Any:
        """The inverses; LinAlgError where the framework reports a singular matrix (a matrix
        holding NaN included: the rules answer NaN for those)."""
        ...

    def solve(self, a: Any, b: Any) -> Any:
        """``a @ X = b`` for ``b`` of shape ``(..., M, K)``; the batch shapes are broadcast
        to one wherever every extent is known (else the kernel broadcasts). Singular: as
        ``inv``."""
        ...

    def eigh(self, x: Any) -> tuple[Any, Any]: ...

    def eigvalsh(self, x: Any) -> Any: ...

    def eig(self, x: Any) -> tuple[Any, Any]: ...

    def eigvals(self, x: Any) -> Any: ...

    def svd(self, x: Any, full_matrices: bool) -> tuple[Any, Any, Any]: ...

    def svdvals(self, x: Any) -> Any: ...

    def qr(self, x: Any, mode: str) -> tuple[Any, Any]: ...

    def diagonal(self, x: Any, offset: int) -> Any:
        """The ``offset`` diagonal of matrices ``x`` (any dtype), ``offset`` within them."""
        ...


_REAL = {"complex64": "float32", "complex128": "float64"}
_COMPLEX = {"float32": "complex64", "float64": "complex128"}


def linalg_functions(p: ShimPrimitives, k: LinalgKernels, namespace: Callable[[], Any],
                     module: str, algebra: Any = None) -> dict[str, Any]:
    """The ``linalg`` extension's functions (all but the main namespace's four) of the full
    shim whose primitives are ``p`` and kernels ``k``, by name (``module``: their
    ``__module__``). ``namespace()`` gives the shim's namespace, which the rare paths (a
    failed factorisation, NaN matrices, empty input) run over; ``algebra`` the namespace the
    shared algorithms (norms, rank, pinv, powers, cross, outer) run over (default: the
    shim's; TF's is raw TF, which XLA compiles).

    The rules, once for every shim:

    * Input: arrays of the shim's type and a standard dtype (TypeError naming the function);
      the factorisations, solvers, norms, rank and pinv and ``matrix_power`` take floating
      dtypes, ``cross``, ``outer`` and ``trace`` numeric ones, ``diagonal`` any; a dtype the
      framework has no kernel for is the kernel's TypeError (``refused``), after the shape
      check. Two operands promote by the standard's table (no Python scalars).
    * Shapes: a stack of matrices (ValueError naming the function), square for ``cholesky``,
      ``det``, ``slogdet``, ``inv``, ``solve``'s ``x1``, the eigen-solvers and
      ``matrix_power``; an extent None (a traced TF graph) passes.
    * Zero-size input never reaches a kernel: empty results of the standard's shapes, the
      determinant of a 0x0 matrix 1 (log 0), the complete bases of ``svd``/``qr`` identity
      matrices, as NumPy.
    * A failed factorisation raises NumPy's LinAlgError (a ValueError) naming the function,
      never a garbage result: ``cholesky`` of a matrix that is not positive definite
      (``not_positive_definite``; a matrix holding NaN gives a NaN factor, as NumPy),
      ``inv``/``solve`` of a singular matrix (a matrix holding NaN: NaN, as NumPy). Where
      values are unknown (a traced graph) a failed factor is NaN.
    * ``solve``: ``x2`` of one dimension is one vector for every matrix of ``x1`` (result
      ``x1.shape[:-1]``); otherwise ``(..., M, K)`` with the batch shapes broadcast.
    * Norms: ``keepdims`` a bool, ``axis`` by ``utils.normalize_axes``, ``ord`` as
      ``vector_norm``/``matrix_norm`` above; ``matrix_rank``/``pinv``'s ``rtol`` None (then
      ``max(M, N) * eps``), a Python float or a real floating array.
    * ``trace`` accumulates as ``sum`` does (``dtypes.accumulation_dtype``); ``diagonal``'s
      ``offset`` an integer, an offset beyond the matrix an empty diagonal.
    """
    rules = OperandRules(p)
    require_array, require_kind, binary = rules.require_array, rules.require_kind, rules.binary
    check_kind, dtype_arg = p.DTYPE_RULES.check_kind, p.dtype_arg
    shape_of, zeros, full, copy = p.shape_of, p.zeros, p.full, p.copy
    cast, reshape, broadcast_to = p.cast, p.reshape, p.broadcast_to
    refused = k.refused
    default_uint = "uint64" if "uint64" in p.SUPPORTED else "int64"
    complex_ = p.DTYPE_RULES.kind_sets["complex floating"]

    def alg():
        return namespace() if algebra is None else algebra

    def matrices(x, fname: str, square: bool = False):
        """The dtype name and shape of floating matrices ``x``."""
        name = require_kind(x, "floating-point", fname)
        shape = shape_of(x)
        check_matrices(fname, shape, square)
        e = refused(fname, name)
        if e is not None:
            raise e
        return name, shape

    def eye(shape, name: str, like):
        """Identity matrices (of ``shape``'s last two extents; the rare paths only)."""
        m, n = shape[-2], shape[-1]
        host = np.broadcast_to(np.eye(m, n), tuple(shape))
        return p.from_host(np.ascontiguousarray(host), name, p.device_of(like))

    def eye_like(a):
        return eye(known_shape(shape_of(a), "linalg"), p.name_of(a) or "float64", a)

    def solved(fname: str, op, a, *rest):
        """``op(a, *rest)``: the kernel's LinAlgError as the singular-matrix error naming
        ``fname``, except for matrices holding NaN, whose result is NaN
        (``nan_matrices_as_nan``)."""
        try:
            return op(a, *rest)
        except LinAlgError:
            ns = namespace()
            if bool(ns.any(ns.isnan(a))):
                return nan_matrices_as_nan(ns, lambda *args: solved(fname, op, *args), a,
                                           *rest, eye_like=eye_like)
            raise singular_matrix(fname) from None

    def cholesky(x, /, *, upper=False):
        """Array API ``cholesky``: the lower factor, or with ``upper`` the upper one (the
        upper triangle read, as NumPy); LinAlgError for a matrix that is not positive
        definite."""
        name, shape = matrices(x, "cholesky", square=True)
        if 0 in shape:
            return copy(x)
        if upper:
            ns = namespace()
            x = ns.matrix_transpose(x)
            if name in complex_:
                x = ns.conj(x)
        L = k.cholesky(x)
        ok = k.factor_ok(L)
        if ok is None:
            L = failed_as_nan(namespace(), L)
        elif not ok:
            L = cholesky_failed(namespace(), x, L)
        if upper:
            ns = namespace()
            L = ns.matrix_transpose(L)
            return ns.conj(L) if name in complex_ else L
        return L

    def det(x, /):
        """Array API ``det``."""
        name, shape = matrices(x, "det", square=True)
        if 0 in shape:
            return full(tuple(shape[:-2]), 1, name, x)
        return k.det(x)

    def slogdet(x, /):
        """Array API ``slogdet``: ``(sign, logabsdet)``; a singular matrix gives (0, -inf)."""
        name, shape = matrices(x, "slogdet", square=True)
        if 0 in shape:
            batch = known_shape(shape[:-2], "slogdet")
            return SlogdetResult(full(batch, 1, name, x), zeros(batch, _REAL.get(name, name), x))
        return SlogdetResult(*k.slogdet(x))

    def inv(x, /):
        """Array API ``inv``: LinAlgError for a singular matrix."""
        _, shape = matrices(x, "inv", square=True)
        if 0 in shape:
            return copy(x)
        return solved("inv", k.inv, x)

    def solve(x1, x2, /):
        """Array API ``solve``: ``x2`` a vector (one for every matrix) or a stack of
        matrices whose batch shape broadcasts with ``x1``'s."""
        require_array(x1, "solve")
        require_array(x2, "solve")
        a, b, name = binary(x1, x2, "solve", bcast=False)
        check_kind(name, "floating-point", "solve")
        sa, sb = shape_of(a), shape_of(b)
        check_matrices("solve", sa, True)
        e = refused("solve", name)
        if e is not None:
            raise e
        m = sa[-1]
        if len(sb) == 0:
            raise ValueError("solve: x2 must have at least one dimension")
        vector = len(sb) == 1
        rows = sb[0] if vector else sb[-2]
        if rows != m and rows is not None and m is not None:
            raise ValueError(f"solve: x2 of shape {tuple(sb)} does not match x1 of shape "
                             f"{tuple(sa)} (x2 needs {m} rows)")
        known = None not in sa and None not in sb
        if vector:
            b = reshape(b, (-1, 1))
            sb = [rows, 1]
        if known:  # (else a traced TF graph: the kernel broadcasts)
            sa, sb = cast_known(sa), cast_known(sb)
            batch = sa[:-2] if vector else check_broadcast(sa[:-2], sb[:-2], "solve")
            if tuple(sa[:-2]) != batch:
                a = broadcast_to(a, batch + tuple(sa[-2:]))
            if tuple(sb[:-2]) != batch:
                b = broadcast_to(b, batch + tuple(sb[-2:]))
            out = batch + ((sa[-1],) if vector else (sa[-1], sb[-1]))
            if 0 in out or 0 in sa:
                return zeros(out, name, a)
            r = solved("solve", k.solve, a, b)
            return reshape(r, out) if vector else r
        r = solved("solve", k.solve, a, b)
        return namespace().squeeze(r, axis=-1) if vector else r

    def eigh(x, /):
        """Array API ``eigh``: real ascending eigenvalues and the eigenvectors."""
        name, shape = matrices(x, "eigh", square=True)
        if 0 in shape:
            shape = known_shape(shape, "eigh")
            return EighResult(zeros(shape[:-1], _REAL.get(name, name), x), copy(x))
        return EighResult(*k.eigh(x))

    def eigvalsh(x, /):
        """Array API ``eigvalsh``."""
        name, shape = matrices(x, "eigvalsh", square=True)
        if 0 in shape:
            return zeros(known_shape(shape[:-1], "eigvalsh"), _REAL.get(name, name), x)
        return k.eigvalsh(x)

    def eig(x, /):
        """Array API ``eig`` (2025.12): complex eigenvalues and eigenvectors."""
        name, shape = matrices(x, "eig", square=True)
        if 0 in shape:
            c = _COMPLEX.get(name, name)
            shape = known_shape(shape, "eig")
            return EigResult(zeros(shape[:-1], c, x), zeros(shape, c, x))
        return EigResult(*k.eig(x))

    def eigvals(x, /):
        """Array API ``eigvals`` (2025.12)."""
        name, shape = matrices(x, "eigvals", square=True)
        if 0 in shape:
            return zeros(known_shape(shape[:-1], "eigvals"), _COMPLEX.get(name, name), x)
        return k.eigvals(x)

    def svd(x, /, *, full_matrices=True):
        """Array API ``svd``: ``(U, S, Vh)``, ``S`` real and descending."""
        name, shape = matrices(x, "svd")
        full_matrices = bool(full_matrices)
        if 0 in shape:
            shape = known_shape(shape, "svd")
            batch, (m, n) = shape[:-2], shape[-2:]
            kk = min(m, n)
            um, vn = (m, n) if full_matrices else (kk, kk)
            return SVDResult(eye(batch + (m, um), name, x),
                             zeros(batch + (kk,), _REAL.get(name, name), x),
                             eye(batch + (vn, n), name, x))
        return SVDResult(*k.svd(x, full_matrices))

    def svdvals(x, /):
        """Array API ``svdvals`` (descending)."""
        name, shape = matrices(x, "svdvals")
        if 0 in shape:
            shape = known_shape(shape, "svdvals")
            return zeros(shape[:-2] + (min(shape[-2:]),), _REAL.get(name, name), x)
        return k.svdvals(x)

    def qr(x, /, *, mode="reduced"):
        """Array API ``qr`` (``mode`` "reduced" or "complete")."""
        name, shape = matrices(x, "qr")
        if mode not in ("reduced", "complete"):
            raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
        if 0 in shape:
            shape = known_shape(shape, "qr")
            batch, (m, n) = shape[:-2], shape[-2:]
            kk = m if mode == "complete" else min(m, n)
            return QRResult(eye(batch + (m, kk), name, x), zeros(batch + (kk, n), name, x))
        return QRResult(*k.qr(x, mode))

    def vector_norm_(x, /, *, axis=None, keepdims=False, ord=2):
        """Array API ``vector_norm``: the real dtype of ``x``'s precision."""
        require_kind(x, "floating-point", "vector_norm")
        keepdims = check_keepdims("vector_norm", keepdims)
        return vector_norm(alg(), x, axis=axis, keepdims=keepdims, ord=ord)

    def matrix_norm_(x, /, *, keepdims=False, ord="fro"):
        """Array API ``matrix_norm``."""
        keepdims = check_keepdims("matrix_norm", keepdims)
        matrices(x, "matrix_norm")
        return matrix_norm(alg(), x, keepdims=keepdims, ord=ord, svdvals=k.svdvals)

    def rank_inputs(x, rtol, fname: str):
        name, _ = matrices(x, fname)
        if not scalar_rtol(rtol):
            check_kind(require_array(rtol, fname), "real floating", fname)
        real = _REAL.get(name, name)
        return real, float(np.finfo(real).eps)

    def matrix_rank_(x, /, *, rtol=None):
        """Array API ``matrix_rank`` (int64)."""
        real, eps = rank_inputs(x, rtol, "matrix_rank")
        return matrix_rank(alg(), x, rtol=rtol, svdvals=k.svdvals, eps=eps,
                           real_dtype=p.DTYPES[real], int_dtype=p.DTYPES["int64"])

    def pinv_(x, /, *, rtol=None):
        """Array API ``pinv``."""
        real, eps = rank_inputs(x, rtol, "pinv")
        return pinv(alg(), x, rtol=rtol, svd=lambda a: k.svd(a, False), eps=eps,
                    real_dtype=p.DTYPES[real])

    def matrix_power_(x, n, /):
        """Array API ``matrix_power`` (repeated squaring; a negative power inverts first)."""
        matrices(x, "matrix_power", square=True)
        if isinstance(n, bool):
            raise TypeError("matrix_power: n must be an integer, got bool")
        return matrix_power(alg(), x, n, inv=inv, eye_like=eye_like)

    def numeric_pair(x1, x2, fname: str):
        require_array(x1, fname)
        require_array(x2, fname)
        a, b, name = binary(x1, x2, fname, bcast=False)
        check_kind(name, "numeric", fname)
        return a, b

    def cross_(x1, x2, /, *, axis=-1):
        """Array API ``cross`` of 3-vectors along ``axis``."""
        a, b = numeric_pair(x1, x2, "cross")
        return cross(alg(), a, b, axis=axis)

    def outer_(x1, x2, /):
        """Array API ``outer``."""
        a, b = numeric_pair(x1, x2, "outer")
        return outer(alg(), a, b)

    def diagonal_(x, /, *, offset=0):
        """Array API ``diagonal`` of the last two axes."""
        name = require_array(x, "diagonal")
        shape = shape_of(x)
        check_matrices("diagonal", shape)
        offset = _index("diagonal", "offset", offset)
        m, n = shape[-2], shape[-1]
        if m is not None and n is not None:
            size = max(0, min(m, n - offset)) if offset >= 0 else max(0, min(m + offset, n))
            if size == 0 or 0 in shape:
                return zeros(known_shape(tuple(shape[:-2]) + (size,), "diagonal"), name, x)
        return k.diagonal(x, offset)

    def trace_(x, /, *, offset=0, dtype=None):
        """Array API ``trace``: integers accumulate as ``sum``'s do."""
        name = require_kind(x, "numeric", "trace")
        check_matrices("trace", shape_of(x))
        if dtype is None:
            out = accumulation_dtype(name, None, "int64", default_uint)
        else:
            out = dtype_arg(dtype, "trace")
            check_kind(out, "numeric", "trace")
        d = cast(diagonal_(x, offset=offset), out)
        shape = shape_of(d)
        if 0 in shape:
            return zeros(known_shape(tuple(shape[:-1]), "trace"), out, x)
        return p.reduce("sum", d, (len(shape) - 1,), False)

    fns = dict(cholesky=cholesky, det=det, slogdet=slogdet, inv=inv, solve=solve, eigh=eigh,
               eigvalsh=eigvalsh, eig=eig, eigvals=eigvals, svd=svd, svdvals=svdvals, qr=qr,
               vector_norm=vector_norm_, matrix_norm=matrix_norm_, matrix_rank=matrix_rank_,
               pinv=pinv_, matrix_power=matrix_power_, cross=cross_, outer=outer_,
               diagonal=diagonal_, trace=trace_)
    for fname, f in fns.items():
        f.__module__ = module
        f.__name__ = f.__qualname__ = fname
    return fns


def cast_known(shape) -> tuple[int, ...]:
    """``shape`` as a tuple for the type checkers, where the caller knows no extent is None
    (no check: ``known_shape`` is the checked reading)."""
    return typing.cast(tuple[int, ...], tuple(shape))


def check_matrices(fname: str, shape, square: bool = False) -> None:
    """ValueError naming ``fname`` unless ``shape`` is a stack of matrices' (square if
    asked); an extent None (unknown while a TF graph is traced) passes."""
    if len(shape) < 2:
        raise ValueError(
            f"{fname}: expected an array of shape (..., M, N) with at least 2 dimensions, "
            f"got shape {tuple(shape)}"
        )
    m, n = shape[-2], shape[-1]
    if square and m != n and m is not None and n is not None:
        raise ValueError(
            f"{fname}: expected square matrices (..., M, M), got shape {tuple(shape)}"
        )


def failed_as_nan(xp, L):  # noqa: N803 - L: the factor
    """Cholesky factor ``L`` with the factors whose diagonal is not all real and > 0 all NaN
    (where values are unknown: a traced graph). Uses ``xp.linalg.diagonal``, ``xp.real``,
    ``xp.all``, ``xp.where``, ``xp.full_like``, ``xp.reshape``, ``xp.isdtype``."""
    d = xp.linalg.diagonal(L)
    cplx = xp.isdtype(L.dtype, "complex floating")
    ok = xp.all(xp.real(d) > 0 if cplx else d > 0, axis=-1)
    nan = complex(math.nan, math.nan) if cplx else math.nan
    return xp.where(ok[..., None, None], L, xp.full_like(L, nan))


# ---------------------------------------------------------------------------------------------
# the main namespace's linear algebra of a full shim


def linear_algebra_functions(p: ShimPrimitives, matmul_kernel: Callable[..., Any],
                             transpose_kernel: Callable[..., Any],
                             namespace: Callable[[], Any], module: str,
                             tensordot_kernel: Callable[..., Any] | None = None,
                             ) -> dict[str, Any]:
    """``matmul``, ``matrix_transpose``, ``tensordot`` and ``vecdot`` of the full shim whose
    primitives are ``p``, by name (``module``: their ``__module__``). A shim keeps its measured
    fast path in front of them.

    ``matmul_kernel(a, b, name)``: ``a @ b`` (NumPy's rules for 1-D operands, batch
    dimensions broadcast) for arrays of numeric dtype ``name`` of one dimension or more, no
    zero extent, whose shapes the rules checked. ``transpose_kernel(x)``: ``x`` (two
    dimensions or more) with its last two axes swapped. ``tensordot_kernel(a, b, axes1,
    axes2, name)``: the contraction over the (checked, non-negative) axes; default
    ``tensordot_by_matmul``'s, one ``matmul_kernel`` of two matrices.

    The rules: array operands (TypeError for anything else: the standard's are arrays) of a
    numeric dtype, promoted by the standard's table; ``matmul``: no 0-d operand, contracted
    sizes equal, batch shapes broadcast (ValueError naming the function); ``tensordot``:
    ``utils.tensordot_axes`` and equal contracted sizes; ``vecdot``: ``sum(conj(x1) * x2)``
    along ``axis`` of the broadcast shape, where both operands must have that axis, of one
    size, integers wrapping in their dtype; a zero-size operand gives zeros of the result's
    shape without a kernel; an extent None (a traced TF graph) passes the checks.
    """
    rules = OperandRules(p)
    require_array, binary = rules.require_array, rules.binary
    check_kind = p.DTYPE_RULES.check_kind
    shape_of, zeros, cast, reduce = p.shape_of, p.zeros, p.cast, p.reduce
    integral = p.DTYPE_RULES.kind_sets["integral"]
    complex_ = p.DTYPE_RULES.kind_sets["complex floating"]
    if tensordot_kernel is None:
        tensordot_kernel = tensordot_by_matmul(p, namespace, matmul_kernel)

    def pair(x1, x2, fname: str):
        require_array(x1, fname)
        require_array(x2, fname)
        a, b, name = binary(x1, x2, fname, bcast=False)
        check_kind(name, "numeric", fname)
        return a, b, name

    def matmul(x1, x2, /):
        """Array API ``matmul``: NumPy's rules for 1-D operands, batch dimensions broadcast."""
        a, b, name = pair(x1, x2, "matmul")
        sa, sb = shape_of(a), shape_of(b)
        if not sa or not sb:
            raise ValueError("matmul: operands must have at least one dimension")
        k1, k2 = sa[-1], (sb[0] if len(sb) == 1 else sb[-2])
        if k1 != k2 and k1 is not None and k2 is not None:
            raise ValueError(f"matmul: shapes {tuple(sa)} and {tuple(sb)} do not align "
                             f"({k1} != {k2})")
        batch = check_broadcast(sa[:-2], sb[:-2], "matmul")
        if 0 in sa or 0 in sb:
            out = batch + tuple(sa[-2:-1]) + tuple(sb[-1:] if len(sb) > 1 else ())
            return zeros(known_shape(out, "matmul"), name, a)
        return matmul_kernel(a, b, name)

    def matrix_transpose(x, /):
        """Array API ``matrix_transpose``: the last two axes swapped."""
        require_array(x, "matrix_transpose")
        n = len(shape_of(x))
        if n < 2:
            raise ValueError("matrix_transpose: x must have at least two dimensions, got "
                             f"{n}")
        return transpose_kernel(x)

    def tensordot(x1, x2, /, *, axes=2):
        """Array API ``tensordot`` (no conjugation of complex input)."""
        a, b, name = pair(x1, x2, "tensordot")
        sa, sb = shape_of(a), shape_of(b)
        ax1, ax2 = tensordot_axes(axes, len(sa), len(sb))
        for i, j in zip(ax1, ax2):
            if sa[i] != sb[j] and sa[i] is not None and sb[j] is not None:
                raise ValueError(f"tensordot: axis {i} of x1 ({sa[i]}) and axis {j} of x2 "
                                 f"({sb[j]}) differ in size")
        out = tuple(s for i, s in enumerate(sa) if i not in ax1) + tuple(
            s for j, s in enumerate(sb) if j not in ax2)
        if None not in out:
            p.checked_shape("tensordot", out, name)  # the framework's own limits (rank)
        if 0 in sa or 0 in sb:
            return zeros(known_shape(out, "tensordot"), name, a)
        return tensordot_kernel(a, b, ax1, ax2, name)

    def vecdot(x1, x2, /, *, axis=-1):
        """Array API ``vecdot``: ``sum(conj(x1) * x2, axis)`` over the broadcast operands."""
        a, b, name = pair(x1, x2, "vecdot")
        sa, sb = shape_of(a), shape_of(b)
        if not sa or not sb:
            raise ValueError("vecdot: operands must have at least one dimension")
        shape = check_broadcast(sa, sb, "vecdot")
        ax = normalize_axis(axis, len(shape), "vecdot")
        k = ax - len(shape)  # from the end: the operands may have fewer dimensions
        if -k > min(len(sa), len(sb)) or (
                sa[k] != sb[k] and sa[k] is not None and sb[k] is not None):
            raise ValueError(f"vecdot: shapes {tuple(sa)} and {tuple(sb)} differ along axis "
                             f"{axis}")
        if 0 in shape:
            return zeros(known_shape(shape[:ax] + shape[ax + 1:], "vecdot"), name, a)
        ns = namespace()
        prod = ns.multiply(ns.conj(a) if name in complex_ else a, b)
        if name in integral:  # wraps in the operands' dtype, whatever the framework's sums do
            return cast(reduce("sum", cast(prod, "int64"), (ax,), False), name)
        return reduce("sum", prod, (ax,), False)

    fns = dict(matmul=matmul, matrix_transpose=matrix_transpose, tensordot=tensordot,
               vecdot=vecdot)
    for fname, f in fns.items():
        f.__module__ = module
        f.__name__ = f.__qualname__ = fname
    return fns


def tensordot_by_matmul(p: ShimPrimitives, namespace: Callable[[], Any],
                        matmul_kernel: Callable[..., Any]) -> Callable[..., Any]:
    """A ``tensordot_kernel`` (``linear_algebra_functions``): the operands transposed so that
    the contracted axes meet, reshaped to two matrices, one ``matmul_kernel``, reshaped."""
    reshape, shape_of = p.reshape, p.shape_of

    def kernel(a, b, ax1, ax2, name):
        sa, sb = shape_of(a), shape_of(b)
        free1 = [i for i in range(len(sa)) if i not in ax1]
        free2 = [j for j in range(len(sb)) if j not in ax2]
        sa, sb = cast_known(sa), cast_known(sb)  # (TF gives its own kernel: no None here)
        m = math.prod(sa[i] for i in free1)
        k = math.prod(sa[i] for i in ax1)
        n = math.prod(sb[j] for j in free2)
        ns = namespace()
        am = reshape(ns.permute_dims(a, tuple(free1 + ax1)), (m, k))
        bm = reshape(ns.permute_dims(b, tuple(ax2 + free2)), (k, n))
        out = tuple(sa[i] for i in free1) + tuple(sb[j] for j in free2)
        return reshape(matmul_kernel(am, bm, name), out)

    return kernel
