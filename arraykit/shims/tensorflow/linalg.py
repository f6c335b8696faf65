"""The standard's ``linalg`` extension (2025.12) for native ``tf.Tensor``.

Inputs are ``tf.Tensor`` (eager or graph) or ``tf.Variable``; outputs are ``tf.Tensor``.
The standard's rules (input kinds and shapes, empty input, a failed factorisation's error,
``solve``'s broadcasting, norms, rank, pinv, powers, cross, outer, trace) are
``_common.linalg.linalg_functions``'s, its algorithms run over raw TF ops (``_xp`` below: no
checks, and XLA compiles them), so nothing loops over batch elements in Python. This module
holds TF's kernels and what differs in TF:

* Inside ``tf.function``, where values are unknown at trace time, ``inv``/``solve`` use a
  QR-based solve, which returns non-finite (or huge) values for singular matrices rather than
  failing at run time, and a ``cholesky`` factor that failed is all NaN (eagerly both are
  NumPy's ``LinAlgError``; TF's kernel gives NaN and uninitialised memory).
* ``eigh``/``eigvalsh``/``eig``/``eigvals`` of a matrix with NaN/inf entries: NaN results for
  that matrix (the others in the batch are unaffected) rather than TF's error.
* Other TF runtime failures surface as ``ValueError``/``TypeError`` naming the function.
* Every function works inside ``tf.function`` (AutoGraph calls them unconverted). Under
  ``jit_compile=True`` (XLA) all but ``det``, ``slogdet``, ``eig`` and ``eigvals`` compile:
  TensorFlow has no XLA kernels for those four.
"""

from __future__ import annotations

import functools
import math
import sys

import tensorflow as tf
from tensorflow.python.ops import gen_linalg_ops as _gl
from tensorflow.python.ops import gen_math_ops as _gm

from .._common import linalg as _cl
from .._common.utils import normalize_axes
from . import _primitives as _p
from ._base import ET, OpError, all_axes, axes_arg, on_cpu, translate, wrap_errors
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
_REAL_OF = {tf.float32: tf.float32, tf.float64: tf.float64,
            tf.complex64: tf.float32, tf.complex128: tf.float64}


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
    multiply = staticmethod(tf.multiply)
    subtract = staticmethod(tf.subtract)
    pow = staticmethod(tf.pow)
    int64 = tf.int64

    @staticmethod
    def sum(x, axis=None, keepdims=False, dtype=None):
        if dtype is not None and x.dtype != dtype:
            x = tf.cast(x, dtype)
        if axis is not None and x.shape.rank is not None:
            n = x.shape.rank
            axes = tuple(a % n for a in (axis if isinstance(axis, (tuple, list)) else (axis,)))
            if _p.chained_count(x, axes):  # TF's sum down leading axes is one chain
                return _p.blocked_sum(x, axes, keepdims)
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
# TF's kernels


def _nan_guarded(op, x):
    """A TF eigen-solver ``op``, which errors on non-finite input, with such matrices giving
    NaN results (``_common.linalg.eig_nonfinite_as_nan``): eagerly only once TF's error
    shows one; in graphs always (values are unknown when tracing)."""
    if tf.executing_eagerly():
        try:
            return op(x)
        except tf.errors.InvalidArgumentError:
            pass
    return _cl.eig_nonfinite_as_nan(sys.modules[_PACKAGE], op, x)


def _qr_solve(a, b):
    """Solve ``a @ X = b`` by QR: never fails at run time (singular -> non-finite values)."""
    q, r = tf.linalg.qr(a)
    return tf.linalg.triangular_solve(r, tf.linalg.matmul(q, b, adjoint_a=True), lower=False)


def _qr_inverse(x):
    """The inverses of ``x`` by QR, ``R^-1 Q^H``: never fails at run time (singular ->
    non-finite values). XLA's own ``MatrixInverse`` is this program (the same optimised
    HLO: no identity constant and no product with it)."""
    q, r = tf.linalg.qr(x)
    return tf.linalg.triangular_solve(r, tf.linalg.adjoint(q), lower=False)


def _eager_inverse(fname, op, *args):
    """``op(*args)`` run eagerly, TF's singular-matrix error (a matrix holding NaN included)
    as LinAlgError, other op errors translated."""
    try:
        return op(*args)
    except tf.errors.InvalidArgumentError as e:
        if "invertible" in getattr(e, "message", str(e)):
            raise _cl.LinAlgError("singular") from None
        raise translate(fname, e, *args) from None
    except OpError as e:
        raise translate(fname, e, *args) from None


def _broadcast_batch(a, b):
    """``a`` (..., M, M) and ``b`` (..., M, K) with one batch shape, by run-time shapes (a
    traced graph; eagerly the rules broadcast)."""
    da, db = tf.shape(a), tf.shape(b)
    dyn = tf.broadcast_dynamic_shape(da[:-2], db[:-2])
    return (tf.broadcast_to(a, tf.concat([dyn, da[-2:]], 0)),
            tf.broadcast_to(b, tf.concat([dyn, db[-2:]], 0)))


def _eigh(x):
    return tuple(tf.linalg.eigh(x))


def _eig(x):
    return tuple(tf.linalg.eig(x))


def _svdvals(x):
    return tf.linalg.svd(x, compute_uv=False)


class _Kernels:
    """TF's kernels (``_common.linalg.LinalgKernels``); the functions that call them
    translate TF's runtime errors (``_on_tensors``)."""

    @staticmethod
    def refused(fname, name):
        return None

    @staticmethod
    def cholesky(x):
        return tf.linalg.cholesky(x)

    @staticmethod
    def factor_ok(L):  # noqa: N803
        if not tf.executing_eagerly():
            return None
        # TF's kernel writes NaN on and below the diagonal of a factor that failed: a sum
        # that is not NaN (NumPy's, of the factor's own memory on the CPU) clears the factor;
        # otherwise the rules' diagonal test decides.
        s = L._numpy().sum() if on_cpu(L) else _gm._sum(L, all_axes(L.shape.rank))._numpy()
        return bool(s == s)

    @staticmethod
    def det(x):
        return tf.linalg.det(x)

    @staticmethod
    def slogdet(x):
        sign, logabs = tf.linalg.slogdet(x)
        return sign, (tf.math.real(logabs) if x.dtype in _COMPLEX else logabs)

    @staticmethod
    def inv(x):
        if tf.executing_eagerly():
            return _eager_inverse("inv", tf.linalg.inv, x)
        return _qr_inverse(x)

    @staticmethod
    def solve(a, b):
        if tf.executing_eagerly():
            return _eager_inverse("solve", tf.linalg.solve, a, b)
        return _qr_solve(*_broadcast_batch(a, b))

    @staticmethod
    def eigh(x):
        w, v = _nan_guarded(_eigh, x)
        return (tf.math.real(w) if x.dtype in _COMPLEX else w), v

    @staticmethod
    def eigvalsh(x):
        w = _nan_guarded(tf.linalg.eigvalsh, x)
        return tf.math.real(w) if x.dtype in _COMPLEX else w

    @staticmethod
    def eig(x):
        return _nan_guarded(_eig, x)

    @staticmethod
    def eigvals(x):
        return _nan_guarded(tf.linalg.eigvals, x)

    @staticmethod
    def svd(x, full_matrices):
        s, u, v = tf.linalg.svd(x, full_matrices=full_matrices, compute_uv=True)
        return u, s, tf.linalg.adjoint(v)

    @staticmethod
    def svdvals(x):
        return _svdvals(x)

    @staticmethod
    def qr(x, mode):
        return tf.linalg.qr(x, full_matrices=(mode == "complete"))

    @staticmethod
    def diagonal(x, offset):
        return tf.linalg.diag_part(x, k=offset) if offset else tf.linalg.diag_part(x)


_fns = _cl.linalg_functions(_p, _Kernels, lambda: sys.modules[_PACKAGE], __name__,
                            algebra=_xp)
_inv, _solve = _fns["inv"], _fns["solve"]
#: The floating dtypes' DataType enums (a DType's hash and == are Python calls).
_FLOATING_ENUMS = frozenset(d.as_datatype_enum for d in _FLOATING)


def inv(x, /):
    """Array API ``inv``: LinAlgError for a singular matrix (the rules, ``_common.linalg``).
    An eager tensor of a floating dtype is TF's kernel at once, what the rules would run for
    it: the kernel checks the shape itself (a stack of square matrices; empty ones give the
    empty result), and where it refuses the input (a shape, a singular matrix, NaN) the
    rules' path runs it again and decides (ValueError, LinAlgError, NaN)."""
    if type(x) is ET and x._datatype_enum() in _FLOATING_ENUMS:
        try:
            return _gl.matrix_inverse(x)
        except OpError:
            pass
    return _inv(x)


def solve(x1, x2, /):
    """Array API ``solve`` (the rules, ``_common.linalg``). Eager tensors of one floating
    dtype (``x1``'s; the kernel refuses an ``x2`` of another) are TF's kernel at once, what
    the rules would run for stacks of one batch shape: the kernel checks the shapes itself
    (square ``x1``, ``x2`` of its rank, rows and batch shape; empty stacks give the empty
    result), and where it refuses the input (a vector ``x2``, batch shapes to broadcast, a
    singular matrix, NaN, dtypes to promote) the rules' path runs it again and decides."""
    if type(x1) is ET and type(x2) is ET and x1._datatype_enum() in _FLOATING_ENUMS:
        try:  # (an x2 of another dtype: the kernel's InvalidArgumentError)
            return _gl.matrix_solve(x1, x2)
        except OpError:
            pass
    return _solve(x1, x2)


inv.__module__ = solve.__module__ = __name__


def _on_tensors(fname: str):
    """The rules' ``fname`` taking a ``tf.Variable`` as its value (the shared algorithms
    read ``ndim``, which a Variable lacks), TF runtime errors translated (``wrap_errors``)."""
    f = _fns[fname]

    @functools.wraps(f)
    def g(x, *args, **kwargs):
        if isinstance(x, tf.Variable):
            x = x.value()
        if args and isinstance(args[0], tf.Variable):
            args = (args[0].value(), *args[1:])
        return f(x, *args, **kwargs)

    return wrap_errors(fname)(g)


(cholesky, det, slogdet, eigh, eigvalsh, eig, eigvals, svd, svdvals, qr, matrix_norm,
 matrix_rank, pinv, matrix_power, cross, outer, diagonal, trace, _vector_norm) = (
    _on_tensors(n) for n in (
        "cholesky", "det", "slogdet", "eigh", "eigvalsh", "eig", "eigvals", "svd", "svdvals",
        "qr", "matrix_norm", "matrix_rank", "pinv", "matrix_power", "cross", "outer",
        "diagonal", "trace", "vector_norm"))


def _euclidean_norm(a, axes, keep_dims=False):
    """sqrt(sum(a * a)) over ``axes`` of a real eager tensor: TF's EuclideanNorm kernel (one
    op; it has no XLA kernel, so graphs take the rules' path)."""
    return _gm.euclidean_norm(a, axes_arg(a, axes), keep_dims=keep_dims)


# ord -> one TF reduction kernel applied to abs(x) (the common orders; others: the rules).
_ORD_KERNELS = {2: _euclidean_norm, 1: _gm._sum, math.inf: _gm._max, -math.inf: _gm._min}


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API ``vector_norm``. An eager tensor of a floating dtype with ord 2, 1, inf or
    -inf over non-empty axes goes to one TF reduction kernel of ``abs(x)`` (the rules' path
    builds the same value from several ops)."""
    if type(x) is ET and type(keepdims) is bool and x.dtype in _FLOATING and (
            type(ord) is int or type(ord) is float) and ord in _ORD_KERNELS:
        shape = x.shape.as_list()
        axes = normalize_axes(axis, len(shape), "vector_norm")
        if axes and not any(shape[ax] == 0 for ax in axes):
            kernel = _ORD_KERNELS[ord]
            cplx = x.dtype in _COMPLEX
            a = _gm.complex_abs(x, Tout=_REAL_OF[x.dtype]) if cplx else \
                x if kernel is _euclidean_norm else _gm._abs(x)
            try:
                if kernel is _euclidean_norm:
                    if _p.chained_count(a, axes):  # TF's sum down leading axes is one chain
                        return _gm.sqrt(_p.blocked_sum(_gm.square(a), axes, keepdims))
                    return kernel(a, axes, keep_dims=keepdims)
                return kernel(a, axes_arg(a, axes), keep_dims=keepdims)
            except OpError as e:
                raise translate("vector_norm", e, x) from None
    return _vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)


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
