"""Statistical functions on MXNet: the standard's rules written once
(``_common/statistics.py``) over the MXNet primitives (``_primitives.py``: float sums and means
through the legacy operators, NaN-propagating max/min, a cumprod scan, empty results built
directly). MXNet has no uint64: unsigned input accumulates in int64, which holds every uint8
sum exactly."""

from __future__ import annotations

from importlib import import_module

import numpy as onp
from mxnet import autograd as _autograd  # pyright: ignore[reportAttributeAccessIssue]
from mxnet import np as mnp

from .._common.statistics import StatisticalFunctions
from . import _helpers as _h
from . import _primitives as _p

_rules = StatisticalFunctions(_p)
#: NumPy's ``var``/``std`` behind its dispatcher (``numpy.core`` in NumPy 1.x, MXNet's).
_methods = import_module("numpy._core._methods" if onp.__version__ >= "2" else
                         "numpy.core._methods")
_ndarray = mnp.ndarray
_dtype_code = _p.dtype_code
_filled_ndim = _p.filled_ndim


def _codes(*names: str) -> frozenset:
    return frozenset(c for c, n in _p.CODE_NAMES.items() if n in names)


_FLOAT_CODES = _codes("float32", "float64")
_REAL_CODES = _codes("float16", "float32", "float64", "uint8", "int8", "int32", "int64")
_BOOL_CODES = _codes("bool")
_KEEPDIMS = {False: "False", True: "True"}

cumulative_prod = _rules.cumulative_prod


_cumulative_sum = _h.np_mode(_rules.cumulative_sum)


@_h.mode_free
def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Array API ``cumulative_sum`` (accumulation dtype as ``sum``)."""
    if (dtype is None and include_initial is False and type(x) is _ndarray
            and _dtype_code(x) in _FLOAT_CODES):
        n = _filled_ndim(x)
        if n and ((axis is None and n == 1) or (type(axis) is int and -n <= axis < n)):
            # Measured fast path: a float array with no zero extent, along one axis, is where
            # the rules end in MXNet's cumsum operator (``_primitives.scan``).
            return _p._CUMSUM(x, str(0 if axis is None else axis % n))
    return _cumulative_sum(x, axis=axis, dtype=dtype, include_initial=include_initial)


def _fast_axis(x, axis, keepdims, codes):
    """The operator's ``axis`` parameter (``"None"`` or ``"k"``, ``0 <= k < ndim``) where a
    reduction can go straight to its operator, else None: ``x`` an ``mxnet.numpy`` array of
    one of the dtype ``codes``, at least one axis and no zero extent (the rules' empty and 0-d
    cases), ``axis`` None or one int in range, ``keepdims`` a bool (else the rules raise).
    The general path ends in the same operator with the axes written out (``(0, 1)``, ``0``):
    the same values and shapes (compared over every dtype, axis form and NaN placement)."""
    if type(x) is not _ndarray or type(keepdims) is not bool or _dtype_code(x) not in codes:
        return None
    n = _filled_ndim(x)
    if not n:
        return None
    if axis is None:
        return "None"
    if type(axis) is int and -n <= axis < n:
        return str(axis % n)
    return None


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum`` (int/bool input accumulates in int64)."""
    if dtype is None:
        # Measured fast paths: a float array, straight to the legacy operator the general
        # path ends in (``_primitives.legacy``); summed whole, empty and 0-d arrays too (the
        # operator's sum of nothing is 0, as the rules').
        if (axis is None and type(x) is _ndarray and type(keepdims) is bool
                and _dtype_code(x) in _FLOAT_CODES):
            return _p._FLOAT_SUM(x, keepdims=keepdims)
        ax = _fast_axis(x, axis, keepdims, _FLOAT_CODES)
        if ax is not None:
            return _p._FLOAT_SUM(x, axis=int(ax), keepdims=keepdims)
    return _rules.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def mean(x, /, *, axis=None, keepdims=False):
    """Array API ``mean`` (the mean of nothing is NaN; integers in float32)."""
    ax = _fast_axis(x, axis, keepdims, _FLOAT_CODES)
    if ax is not None:
        return _p._FLOAT_MEAN(x, axis=None if ax == "None" else int(ax), keepdims=keepdims)
    return _rules.mean(x, axis=axis, keepdims=keepdims)


def _fast_reduction(fname: str, codes, general):
    """``fname`` (max, min, prod, all, any) with :func:`_fast_axis`'s fast path to its
    operator (``_primitives._REDUCE``; no NumPy mode needed: ``_helpers.mode_free``), else
    the rules' ``general`` in the mode."""
    op = _p._REDUCE[fname]
    general = _h.np_mode(general)

    @_h.mode_free
    def reduction(x, /, *, axis=None, keepdims=False):
        ax = _fast_axis(x, axis, keepdims, codes)
        if ax is not None:
            return op(x, ax, _KEEPDIMS[keepdims])
        return general(x, axis=axis, keepdims=keepdims)

    reduction.__name__ = reduction.__qualname__ = fname
    reduction.__doc__ = general.__doc__
    return reduction


# max/min keep the dtype (bool is refused: the rules); all/any of non-bool input compare
# with 0 first (the rules). On a GPU build max/min put NaN back
# (``_primitives.NAN_DROPPING_KERNELS``): the rules only.
_EXTREME_CODES = frozenset() if _p.NAN_DROPPING_KERNELS else _REAL_CODES
max = _fast_reduction("max", _EXTREME_CODES, _rules.max)
min = _fast_reduction("min", _EXTREME_CODES, _rules.min)
_PROD = _p._REDUCE["prod"]
_prod = _h.np_mode(_rules.prod)


@_h.mode_free
def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod``: integers accumulate in int64 (MXNet has no uint64)."""
    if dtype is None:
        ax = _fast_axis(x, axis, keepdims, _FLOAT_CODES)
        if ax is not None:
            return _PROD(x, ax, _KEEPDIMS[keepdims])
    return _prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


all = _fast_reduction("all", _BOOL_CODES, _rules.all)
any = _fast_reduction("any", _BOOL_CODES, _rules.any)


def _degrees_left(count: int, correction) -> bool:
    """Whether ``count`` elements leave degrees of freedom after ``correction`` (a float, or
    an int from 0): where the rules take ``_primitives.variance``."""
    return (type(correction) is float or (type(correction) is int and 0 <= correction < count)
            ) and count - correction > 0


def _var_axes(x, axis, correction, keepdims):
    """Every axis of ``x`` where ``var``/``std`` can go straight to ``_primitives.variance``
    (what the rules end in), else None: ``x`` a float32/float64 ``mxnet.numpy`` array with an
    axis and more elements than ``correction`` (:func:`_degrees_left`), ``axis`` None,
    ``keepdims`` a bool; the rules' edge cases (0-d, empty, no degrees of freedom, errors)
    take the rules."""
    if (axis is not None or type(keepdims) is not bool or type(x) is not _ndarray
            or _dtype_code(x) not in _FLOAT_CODES):
        return None
    shape = x.shape
    count = 1
    for s in shape:
        count *= s
    if not count or not shape or not _degrees_left(count, correction):
        return None
    return tuple(range(len(shape)))


_HOST_FLOATS = frozenset((onp.dtype("float32"), onp.dtype("float64")))


def _on_host(moment, x, axis, correction, keepdims):
    """NumPy's ``moment`` (``_methods._var``/``_std``, NumPy's own ``var``/``std``) of the
    memory of ``x``, read in place (``_primitives.host_view``), as an array on ``x``'s device,
    where :func:`_var_axes` would take ``_primitives.variance`` and ``x`` is in CPU memory
    with at most ``HOST_CHECK_MAX`` elements while autograd does not record; else None.
    NumPy's are the reference's bits (``shims/numpy`` calls the same functions; MXNet's mean,
    subtract, multiply, mean/sum and divide differ in the last bit on some inputs, as its
    sums are not pairwise), without NumPy's floating-point warnings (MXNet's operators give
    none). Five operators cost ~50 us of a 16-element call, this ~20 (MXNet 1.9.1, CPU
    time)."""
    if (axis is not None or type(keepdims) is not bool or type(x) is not _ndarray
            or _autograd.is_recording()):
        return None
    h = _p.host_view(x, _p.HOST_CHECK_MAX)
    if h is None or h.dtype not in _HOST_FLOATS or not h.ndim or not _degrees_left(
            h.size, correction):
        return None
    return _p.host_array(_p.quietly(moment, h, ddof=correction, keepdims=keepdims), x.ctx)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``var``: ``sum(|x - mean|**2) / (N - correction)``; NaN where
    ``N - correction`` is not positive."""
    r = _on_host(_methods._var, x, axis, correction, keepdims)
    if r is not None:
        return r
    axes = _var_axes(x, axis, correction, keepdims)
    if axes is not None:
        return _p.variance(x, axes, float(correction), keepdims)
    return _rules.var(x, axis=axis, correction=correction, keepdims=keepdims)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Array API ``std``: ``sqrt(var)``."""
    r = _on_host(_methods._std, x, axis, correction, keepdims)
    if r is not None:
        return r
    axes = _var_axes(x, axis, correction, keepdims)
    if axes is not None:
        return _p.sqrt(_p.variance(x, axes, float(correction), keepdims))
    return _rules.std(x, axis=axis, correction=correction, keepdims=keepdims)
