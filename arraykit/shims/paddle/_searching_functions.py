"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where. The rules
are ``_common.searching``'s; Paddle's part is the search itself."""

from __future__ import annotations

import math
import sys

import numpy as onp
import paddle

from .._common import searching as _s
from .._common.searching import first_nan_along
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import CARRIER, NARROW, moving, nonzero_mask
from ._helpers import CPU_ONLY as _CPU_ONLY

#: ``__package__``, as the str the checkers know it is (they type it ``str | None``).
_PACKAGE = __name__.rpartition(".")[0]
_name_of = _p.name_of
_FLOATING = frozenset({"float32", "float64", "float16", "bfloat16"})
_C_SUM = paddle._C_ops.sum
_Tensor, _F32, _F64 = paddle.Tensor, D.DTYPES["float32"], D.DTYPES["float64"]


def _arg(x, ax, keepdims, largest):
    name = _name_of(x)
    if name in NARROW:
        x = paddle.cast(x, CARRIER)
    # (paddle.argmax/argmin/sum only forward to these kernels.)
    r = (_C_ARGMAX if largest else _C_ARGMIN)(x, axis=ax, keepdim=keepdims)
    # NaN counts as the extreme (NumPy, the standard's note); Paddle's kernels skip it.
    # One sum, read: NaN iff x may hold a NaN (_common.searching.first_nan_along).
    if name in _FLOATING and math.isnan(_C_SUM(x).item()):
        r = first_nan_along(sys.modules[_PACKAGE], x, r, ax, keepdims)
    return r


_C_ARGMAX, _C_ARGMIN = paddle._C_ops.argmax, paddle._C_ops.argmin
_argmax, _argmin = _s.arg_functions(_p, _arg, __name__)


def _arg_function(rules, largest):
    """``argmax`` (``largest``) or ``argmin``: a float32/float64 tensor with no zero extent,
    flattened when 1-D or along one int axis in range, with a bool keepdims, is ``_arg``
    (the rules' search: the kernel and the NaN rule's one read) without the rules' checks
    (~5 us of a ~12 us call, 3.3.1); a small 1-D real tensor searched whole is NumPy's
    search of its host copy; anything else ``rules``."""

    kernel = _C_ARGMAX if largest else _C_ARGMIN
    search = onp.ndarray.argmax if largest else onp.ndarray.argmin

    def arg(x, /, *, axis=None, keepdims=False):
        if type(x) is _Tensor and type(keepdims) is bool:
            if axis is None and _CPU_ONLY:
                shape = x.shape
                if len(shape) == 1 and 0 < shape[0] <= _HOST_NAN_TEST:
                    # NumPy's search of the host copy (the copy the NaN rule of a float
                    # tensor reads anyway): the first extreme, or the first NaN, the index the
                    # rules give (Paddle's kernel takes the first of tied extremes: 6,888
                    # searches of 1 to 4,096 elements with ties, every real dtype; the NaN
                    # rule the first NaN), as one int64 fill (no kernel, no reduce: ~1.4 us a
                    # call less). The dtype is the copy's (NumPy's C attribute, ~0.25 us
                    # under Paddle's getter); any other dtype goes on below.
                    h = x.numpy()
                    if h.dtype in _HOST_SEARCH:
                        return _C_FULL(_ARG_SHAPES[keepdims], int(search(h)), _I64, _CPU)
            d = x.dtype
            if d is _F32 or d is _F64:
                shape = x.shape
                n = len(shape)
                if n and 0 not in shape:
                    # _arg's kernel and NaN rule, inline: its frame, its second dtype read
                    # and the kernel's keywords (~0.8 us) fewer.
                    if axis is None:
                        if n == 1:  # the rules' flattened search, then their reshape
                            r = kernel(x, 0, False)
                            if _may_hold_nan(x, shape[0]):
                                r = first_nan_along(sys.modules[_PACKAGE], x, r, 0, False)
                            return r.reshape([1]) if keepdims else r
                    elif type(axis) is int and -n <= axis < n:
                        ax = axis % n
                        r = kernel(x, ax, keepdims)
                        if _may_hold_nan(x, math.prod(shape)):
                            r = first_nan_along(sys.modules[_PACKAGE], x, r, ax, keepdims)
                        return r
        return rules(x, axis=axis, keepdims=keepdims)

    arg.__name__ = arg.__qualname__ = rules.__name__
    arg.__doc__ = rules.__doc__
    return arg


#: The host copies' dtypes whose NumPy search is the rules' (the real dtypes Paddle holds).
_HOST_SEARCH = frozenset(onp.dtype(n) for n in (
    "int8", "int16", "int32", "int64", "uint8", "float32", "float64"))
_C_FULL, _I64, _CPU = paddle._C_ops.full, D.DTYPES["int64"], paddle.CPUPlace()
#: keepdims -> a 1-D search's result shape (a shape list is copied by the fill kernel).
_ARG_SHAPES = {False: [], True: [1]}
argmax, argmin = _arg_function(_argmax, True), _arg_function(_argmin, False)

#: Up to this many elements the NaN test of a float tensor reads its values (``numpy``, a
#: copy) and takes their NumPy maximum, NaN iff one is NaN (no FP warning, unlike a NumPy
#: sum's overflow or inf - inf): 16 float32, ~3 us against ~4.4 us for Paddle's sum kernel
#: and its ``item``; above it the copy would cost more than the kernel.
_HOST_NAN_TEST = 4096
_MAX_REDUCE = onp.maximum.reduce


def _may_hold_nan(x, size: int) -> bool:
    """``_arg``'s test of a float32/float64 tensor of ``size`` elements: whether it may hold
    a NaN (the host maximum: exactly; the sum: NaN if any term is, in any order, or where
    two infinities cancel, which ``first_nan_along`` answers right too)."""
    if size <= _HOST_NAN_TEST:
        return math.isnan(_MAX_REDUCE(x.numpy(), None))
    return math.isnan(_C_SUM(x, None, None, False).item())


def _count(x, axes, keepdims):
    nz = paddle.cast(nonzero_mask(x), "int64")
    if not axes:
        return nz if x.ndim else nz.reshape([])
    return paddle.sum(nz, axis=list(axes), keepdim=keepdims)


count_nonzero = _s.count_nonzero_function(_p, _count, __name__)


def _find(x):
    idx = paddle.nonzero(nonzero_mask(x))  # (count, ndim)
    return tuple(idx[:, i] for i in range(x.ndim))


nonzero = _s.nonzero_function(_p, _find, __name__)


def _search(a, b, right, sorter):
    name = _name_of(a)
    if sorter is not None:
        a = moving(paddle.gather, a, name, _p.cast(sorter, "int64"))
    if name in NARROW:
        a, b = paddle.cast(a, CARRIER), paddle.cast(b, CARRIER)
    shape = b.shape
    flat = len(shape) == 1
    v = b if flat else b.reshape([-1])
    # One host read for "a or v holds an inf or NaN": a sum is finite iff every term is (a
    # partial sum holding an inf or NaN stays inf or NaN); a finite sum that overflows reads
    # as non-finite and takes the exact path below, which searches finite values alike.
    # (Two isfinite, two all, an and and bool() cost ~42 us of a ~85 us call; this ~10.)
    if name in D.KIND_SETS["real floating"] and not math.isfinite(
            (_C_SUM(a) + _C_SUM(v)).item()):
        return _searchsorted_nonfinite(a, v, right).reshape(shape)
    # paddle.searchsorted's dynamic-graph path is this kernel call (sorter taken above).
    r = _C_SEARCHSORTED(a, v, False, right)
    return r if flat else r.reshape(shape)


_C_SEARCHSORTED = paddle._C_ops.searchsorted


_searchsorted = _s.searchsorted_function(_p, _search, __name__)
#: Up to this many elements in each argument the finiteness test of the fast path below reads
#: the values on the host (as ``_HOST_NAN_TEST``).
_HOST_FINITE_TEST = 4096
_NEG_INF = -float("inf")
_SEARCH_INTS = frozenset((id(D.DTYPES["int32"]), id(D.DTYPES["int64"])))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Array API ``searchsorted``: ``x1`` 1-D (sorted, or sorted by ``sorter``), ``x2`` an
    array or (2025.12) a Python scalar; int64 indices of ``x2``'s shape."""
    if type(x1) is _Tensor and type(x2) is _Tensor and sorter is None and type(side) is str \
            and (side == "left" or side == "right"):
        # Measured fast path (~6 us a call less, 3.3.1): two non-empty 1-D tensors of one
        # float32/float64 dtype object, each holding only finite values (read on the host:
        # their copies' isfinite, where _search sums on the device and reads the sum), or of
        # one int32/int64 dtype object, are _search's kernel call, without the rules' checks
        # and reads. Anything else, a non-finite value included: the rules.
        d = x1.dtype
        if x2.dtype is d:
            sa, sv = x1.shape, x2.shape
            if len(sa) == 1 and len(sv) == 1 and sa[0] and sv[0]:
                if d is _F32 or d is _F64:
                    if sa[0] <= _HOST_FINITE_TEST and sv[0] <= _HOST_FINITE_TEST:
                        # finite iff the least and greatest elements are (the element at
                        # argmin/argmax: C methods, ~1 us under isfinite and an all-reduce for
                        # two 16-element copies; a NaN is the first found by either)
                        ha, hv = x1.numpy(), x2.numpy()
                        if ha[ha.argmin()] > _NEG_INF and ha[ha.argmax()] < _INF \
                                and hv[hv.argmin()] > _NEG_INF and hv[hv.argmax()] < _INF:
                            return _C_SEARCHSORTED(x1, x2, False, side == "right")
                elif id(d) in _SEARCH_INTS:
                    return _C_SEARCHSORTED(x1, x2, False, side == "right")
    return _searchsorted(x1, x2, side=side, sorter=sorter)


def _searchsorted_nonfinite(a, v, right):
    """``searchsorted`` in NumPy's order (-inf, finite, inf, NaN; ``a`` sorted so) when
    either argument holds a non-finite value: Paddle 3.3.1 puts every infinite or NaN value
    at the end (``searchsorted([-inf, 1, 2, inf], -inf)`` was 4) and its ``<`` comparisons
    misplace finite values around NaNs in ``a``. Only the finite part of ``a`` goes to
    Paddle's search; the non-finite values' positions come from the counts of ``a``'s -inf,
    +inf and NaN runs."""
    n = a.shape[0]
    counts = paddle.stack([paddle.sum(paddle.cast(m, "int64")) for m in (
        a == -_INF, a == _INF, paddle.isnan(a))]).tolist()
    n_neg, n_pos, n_nan = counts
    lo, hi, k = n_neg, n - n_nan - n_pos, n - n_nan  # finite part a[lo:hi]; a[:k] not NaN
    left = not right
    finite = paddle.isfinite(v)
    if hi > lo:
        safe = paddle.where(finite, v, paddle.zeros_like(v))
        r = paddle.searchsorted(a[lo:hi], safe, right=not left) + lo
    else:
        r = paddle.full(v.shape, lo, dtype="int64")

    def fill(mask, pos):
        return paddle.where(mask, paddle.full_like(r, pos), r)

    r = fill(v == -_INF, 0 if left else lo)
    r = fill(v == _INF, hi if left else k)
    return fill(paddle.isnan(v), k if left else n)


_INF = float("inf")


def _select(condition, a, b, name, shape):
    if name in NARROW:
        a, b = paddle.cast(a, CARRIER), paddle.cast(b, CARRIER)
    elif name in ("complex64", "complex128"):
        c = paddle.broadcast_to(condition, shape)
        return paddle.complex(paddle.where(c, paddle.real(a), paddle.real(b)),
                              paddle.where(c, paddle.imag(a), paddle.imag(b)))
    r = paddle.where(condition, a, b)
    if list(r.shape) != list(shape):
        r = paddle.broadcast_to(r, shape)
    return paddle.cast(r, name) if name in NARROW else r


_where = _s.where_function(_p, _select, __name__)
_BOOL = paddle.bool
#: The dtypes (by identity) whose selection is Paddle's where kernel as it is in ``_select``
#: (narrow integers and complex take their detours there).
_WHERE_KERNEL = frozenset(id(D.DTYPES[n]) for n in ("bool", "int32", "int64", "float32",
                                                      "float64"))
_C_WHERE = paddle._C_ops.where


def where(condition, x1, x2, /):
    """Array API ``where``: ``x1`` where ``condition`` else ``x2``; ``x1``/``x2`` arrays or
    (2025.12) Python scalars, promoted by the standard's rules; all three broadcast."""
    if type(condition) is _Tensor and type(x1) is _Tensor and type(x2) is _Tensor:
        # Measured fast path (~8 us a call less): a bool condition and two tensors of one
        # dtype object among _WHERE_KERNEL's, all of one shape (nothing to promote or
        # broadcast: what the rules select with, paddle.where's kernel, which paddle.where
        # calls after its broadcasts). Anything else: the rules.
        dt = x1.dtype
        if (condition.dtype is _BOOL and x2.dtype is dt and id(dt) in _WHERE_KERNEL):
            shape = condition.shape
            if x1.shape == shape and x2.shape == shape:
                return _C_WHERE(condition, x1, x2)
    return _where(condition, x1, x2)
