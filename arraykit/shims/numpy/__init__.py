"""array-api-compat's NumPy namespace, with fast paths for a few of its wrappers.

array-api-compat wraps some NumPy functions in Python to fix edge cases (dtype rules for
integer bounds, 0-d results, device arguments). In the common case the wrapper ends up calling
NumPy's own function, after checks that cost more than the work on small arrays (measured,
(3,) float64, numpy 2.4: ``clip`` 8.6 us vs 1.7 us, ``astype`` 0.80 vs 0.24 us,
``matrix_transpose`` 0.55 vs 0.09 us; ``matmul`` of (2, 2) matrices ~1 us more). Each
fast path below takes only inputs for which the NumPy call gives exactly array-api-compat's
result; everything else goes to array-api-compat's function unchanged. ``can_cast`` keeps
to the standard's table and ``linalg`` is this package's module (``eig``/``eigvals`` give
NaN for non-finite matrices).
``floor_divide``, ``expm1`` and ``tanh`` give the standard's special values where NumPy's
kernels differ (``_elementwise_functions``), and ``finfo``'s fields are Python floats
(``_data_type_functions``). ``enable_array_object()`` (opt-in, ``arraykit.enable``) gives
numpy.ndarray's ``//`` and ``//=`` ``floor_divide``'s values, through a C hook on the type's
slots (``_array_object``). Every other name is array-api-compat's own object.
"""

from __future__ import annotations

import math
from functools import partial
from importlib import import_module
from operator import attrgetter
from typing import Any

import array_api_compat.numpy as _compat
import numpy as _np

from .._common.checks import check_data_ints, check_int_range
from .._common.errors import fast_path, wrap
from .._common.reexport import NAMESPACE_DUNDERS, reexport
from .._common.scalars import PY_SCALARS, asarray_data, delegated_clip_bounds, python_scalar
from .._common.sizes import capped_diff_order
from .._common.statistics import without_degrees_of_freedom
from .._common.utils import dtype_namer, standard_can_cast
from . import _elementwise_functions as _elementwise
from . import linalg as linalg  # re-exported: eig/eigvals safe on non-finite input
from ._array_object import array_object_enabled as array_object_enabled
from ._array_object import disable_array_object as disable_array_object
from ._array_object import enable_array_object as enable_array_object
from ._data_type_functions import finfo as finfo
from ._data_type_functions import iinfo as iinfo
from ._data_type_functions import isdtype as isdtype
from ._elementwise_functions import expm1 as expm1
from ._elementwise_functions import floor_divide as floor_divide
from ._elementwise_functions import log1p as log1p
from ._elementwise_functions import tanh as tanh
from ._errors import RULES

if hasattr(_elementwise, "acosh"):  # NumPy 1.x only (see _elementwise_functions)
    acosh = _elementwise.acosh

_ndarray = _np.ndarray
_HAS_MT = hasattr(_ndarray, "mT")
#: array-api-compat re-exports NumPy's functions at import, and this package's ``linalg``
#: array-api-compat's: type checkers cannot see those names.
_compat_functions: Any = _compat
_linalg_module: Any = linalg  # NumPy >= 2 (the mxnet environment has 1.23)
_NUMPY2 = int(_np.__version__.split(".")[0]) >= 2


def clip(x: Any, /, min: Any = None, max: Any = None, **kwargs: Any) -> Any:
    """array-api-compat's ``clip``; NumPy's own for a floating array of rank >= 1 between two
    Python floats with min <= max (NaN bounds and 0-d input, whose NumPy result is a scalar,
    take array-api-compat's path), on NumPy 2: NumPy 1.x promotes by value (float32 between
    0.0 and 1e300 gave float64; compat casts the bounds to x's dtype)."""
    if _NUMPY2 and type(x) is _ndarray and not kwargs and x.ndim and x.dtype.kind == "f":
        tmin, tmax = type(min), type(max)
        if tmin is float and tmax is float and min <= max:
            return _np.clip(x, min, max)
        # One bound, the other None (clip(x, min=0.0): a keyword call, off the C path): the
        # same bits as compat's (float16/32/64, +-0, +-inf, NaN and subnormal x, bounds of
        # +-0, +-1, +-inf, +-1e300, 1e-300, 70000; NaN bounds take compat's path), 13.6 ->
        # ~2.5 us (compat 8.8).
        if tmin is float and max is None and min == min:
            return _np.clip(x, min, None)
        if min is None and tmax is float and max == max:
            return _np.clip(x, None, max)
    if type(x) is _ndarray:
        # A Python int bound beyond x's integer dtype, by the shims' rule (clip_scalar_bound:
        # NumPy 2's answers; compat on NumPy 1.x gave int32 ones clipped at 2**40 as [1, 1]),
        # and a NumPy scalar as its Python scalar (max=np.int64(-300) was -44 in int8).
        min, max = delegated_clip_bounds(min, max, x.dtype.name)
    return _compat.clip(x, min, max, **kwargs)


def astype(x: Any, dtype: Any, /, *, copy: bool = True, device: Any = None) -> Any:
    """array-api-compat's ``astype``: ``x.astype(dtype, copy=copy)`` (the device check only
    when a device is given)."""
    if device is None and type(x) is _ndarray:
        return x.astype(dtype, copy=copy)
    return _compat.astype(x, dtype, copy=copy, device=device)


#: NumPy's ``matmul`` itself: array-api-compat's only calls it (keywords passed on), through
#: a wrapper that cost ~1 us a call on (2, 2) matrices (``benchmarks/call_cost.py``). The
#: ufunc, not a Python function calling it, so that the C Guard calls it without a frame
#: (1.50 -> 1.42 us a 4x4 call; the kalman workload makes 11 a step).
matmul = _np.matmul


def _matrix_transpose(x: Any, /) -> Any:
    """array-api-compat's ``matrix_transpose``: ``x.mT`` for arrays of rank >= 2 (on NumPy
    1.x, which has no ``mT``, ``x.swapaxes(-1, -2)``: compat's ``np.swapaxes`` call)."""
    if type(x) is _ndarray and x.ndim >= 2:
        return x.mT if _HAS_MT else x.swapaxes(-1, -2)
    return _compat.matrix_transpose(x)


#: ``x.mT`` read from C for an array of rank >= 2 (0.26 -> 0.08 us); on NumPy 1.x ``x.T``
#: for a matrix (compat's Python ``swapaxes`` call cost 1.3 us, two a kalman step: +16% ->
#: see the commit), ``_matrix_transpose`` for the other ranks.
matrix_transpose = (fast_path(attrgetter("mT"), "matrix_transpose", _matrix_transpose,
                              _compat.matrix_transpose, RULES, _ndarray, 1, min_ndim=2)
                    if _HAS_MT else
                    fast_path(attrgetter("T"), "matrix_transpose", _matrix_transpose,
                              _compat.matrix_transpose, RULES, _ndarray, 1, min_ndim=2,
                              max_ndim=2))


_REAL = tuple(_np.dtype(c) for c in "?bBhHiIlLqQefdg")  # by identity, as the Guard compares
#: What ``astype`` takes as a dtype from C: a scalar type (``xp.float64``) or a dtype object.
_DTYPE_ARGS = (type, *{type(_np.dtype(c)) for c in "?bBhHiIlLqQefdgFDG"})


def _exact(native: Any, fname: str, arity: int = 1, *, then: tuple = (), section: str = "",
           general: Any = None, compat: Any = None, dtypes: tuple[int, tuple] | None = None,
           kw: tuple | None = None, fallback: bool = False) -> Any:
    """``native`` from C for exactly ``arity`` ndarrays then arguments of the types ``then``
    lists and no keyword (with ``kw``, the first k of those keywords: ``fast_path``'s
    ``kw``) (``_common.errors.fast_path``), where it gives array-api-compat's
    result: array-api-compat's wrapper only renames arguments or fills in their defaults
    there. Every other call is array-api-compat's, with the namespace's checks (``wrap``)."""
    module = _compat if not section else getattr(_compat, section)
    compat = getattr(module, fname) if compat is None else compat
    general = wrap(compat if general is None else general, fname, RULES, section)
    return fast_path(native, fname, general, compat, RULES, _ndarray, arity, exact=True,
                     then=then, dtypes=dtypes, kw=kw, fallback=fallback)


# Measured with benchmarks/call_cost.py (f32[16], numpy 2.4): the extra time over NumPy's own
# call of these went from 0.3-3 us (array-api-compat's Python wrapper) to the Guard's.
#: ``np.mean``/``np.var``/``np.std`` of an ndarray are these functions behind the dispatcher
#: and one Python frame each (f32[16]: ~1-2 us a call less; correction=0.0 is ddof=0).
_methods = import_module("numpy._core._methods" if _NUMPY2 else "numpy.core._methods")
mean = _exact(_methods._mean, "mean", kw=(("axis", (int,)),))


def _nan_without_degrees_of_freedom(f: Any) -> Any:
    """array-api-compat's ``var``/``std`` ``f``, NaN where ``M - correction <= 0`` as the
    standard says (NumPy divides by ``max(M - correction, 0)``: inf); asked for a nonzero
    correction only (the C path's calls have none)."""

    def g(x: Any, /, *, axis: Any = None, correction: Any = 0.0, keepdims: bool = False,
          **kwargs: Any) -> Any:
        r = f(x, axis=axis, correction=correction, keepdims=keepdims, **kwargs)
        if correction and type(x) is _ndarray and without_degrees_of_freedom(x.shape, axis,
                                                                            correction):
            return r * r.dtype.type(_np.nan)  # NumPy 1.x: a Python float would promote
        return r

    g.__name__ = g.__qualname__ = f.__name__
    g.__doc__ = f.__doc__
    return g


std = _exact(_methods._std, "std", general=_nan_without_degrees_of_freedom(_compat_functions.std))
var = _exact(_methods._var, "var", general=_nan_without_degrees_of_freedom(_compat_functions.var))
permute_dims = _exact(_ndarray.transpose, "permute_dims", then=(None,))  # np.transpose's call
zeros_like = _exact(_np.zeros_like, "zeros_like")
ones_like = _exact(_np.ones_like, "ones_like")
def _int_in_range(fname: str, value: Any, dtype: Any) -> None:
    """NumPy 1.x wraps a Python int outside an integer dtype (``full(2, -1, dtype=uint8)`` is
    ``[255, 255]``); NumPy 2 raises OverflowError, and so does this on NumPy 1.x (the calls
    with a dtype, which take the general path; the C path's calls have none)."""
    if not _NUMPY2 and type(value) is int and dtype is not None:
        try:
            d = _np.dtype(dtype)
        except TypeError:
            return  # compat's call refuses it
        if d.kind in "iu":
            check_int_range(fname, value, d.name)


def _full(shape: Any, fill_value: Any, **kwargs: Any) -> Any:
    """array-api-compat's ``full``; with a ``dtype``, a NumPy scalar is the Python scalar of
    its kind (``_common.scalars``: NumPy casts ``np.int64(300)`` into int8 as 44, where 300 is
    its OverflowError); without one it gives its own dtype, NumPy's answer."""
    dtype = kwargs.get("dtype")
    if dtype is not None and type(fill_value) not in PY_SCALARS:
        fill_value = python_scalar(fill_value)
    _int_in_range("full", fill_value, dtype)
    return _compat_functions.full(shape, fill_value, **kwargs)


def _full_like(x: Any, /, fill_value: Any, **kwargs: Any) -> Any:
    """array-api-compat's ``full_like``, a NumPy scalar as the Python scalar of its kind (as
    ``_full``: ``full_like(int8 x, np.int64(300))`` was 44)."""
    if type(fill_value) not in PY_SCALARS:
        fill_value = python_scalar(fill_value)
    dtype = kwargs.get("dtype")
    _int_in_range("full_like", fill_value, getattr(x, "dtype", None) if dtype is None else dtype)
    return _compat_functions.full_like(x, fill_value, **kwargs)


if _NUMPY2:
    #: ``np.full_like`` itself for a Python scalar (compat's call; NumPy 2 raises for an int
    #: out of the dtype); a NumPy scalar or keywords take ``_full_like``.
    full_like = _exact(_np.full_like, "full_like", then=(PY_SCALARS,), general=_full_like)
else:
    full_like = wrap(_full_like, "full_like", RULES)


def _asarray_general(obj: Any, /, **kwargs: Any) -> Any:
    """array-api-compat's ``asarray``; a NumPy scalar given a ``dtype`` is the Python scalar
    of its kind (``asarray_data``: NumPy cast ``np.int64(300)`` into int8 as 44), and on
    NumPy 1.x a Python int out of an integer dtype, alone or in a list, is NumPy 2's
    OverflowError (``[-1]`` into uint8 wrapped)."""
    dtype = kwargs.get("dtype")
    obj = asarray_data(obj, dtype)
    if not _NUMPY2:
        _int_in_range("asarray", obj, dtype)
        if type(obj) in (list, tuple) and dtype is not None:
            try:
                d = _np.dtype(dtype)
            except TypeError:
                d = None  # compat's call refuses it
            if d is not None and d.kind in "iu":
                check_data_ints("asarray", obj, d.name)
    return _compat_functions.asarray(obj, **kwargs)

# asarray of an ndarray is the ndarray itself, as np.array(x, copy=None)
asarray = _exact(_np.asarray, "asarray", general=_asarray_general)
zeros = _exact(_np.zeros, "zeros", 0, then=((tuple, int),))
full = _exact(_np.full, "full", 0, then=((tuple, int), None), general=_full)
#: ``arange(n, dtype=, device=)`` (the vision workload's pixel grid) from C as well: compat's
#: is ``np.arange`` after its device check; a call NumPy refuses (``device="gpu"``) reruns
#: through compat's for its error (``fallback``). NumPy 1.x's arange has no ``device``.


def _arange_numpy1(start: Any, /, stop: Any = None, step: Any = 1, **kwargs: Any) -> Any:
    """array-api-compat's ``arange`` on NumPy 1.x, which wraps a first value out of an
    integer dtype (``arange(250, 260, dtype=int8)`` began at -6): NumPy 2's OverflowError,
    the shims' rule (later values wrap, as NumPy's)."""
    if stop is not None:
        first = python_scalar(start)
        if type(first) is float and first - first == 0:  # finite (this module's abs is
            first = int(first)                             # the namespace's)
        _int_in_range("arange", first, kwargs.get("dtype"))
    return _compat_functions.arange(start, stop, step, **kwargs)


arange = _exact(_np.arange, "arange", 0, then=((int, float),), fallback=True,
                kw=(("dtype", _DTYPE_ARGS), ("device", (type(None), str)))[:2 if _NUMPY2 else 1],
                general=None if _NUMPY2 else _arange_numpy1)
eye = _exact(_np.eye, "eye", 0, then=((int,),))
#: ``linspace(start, stop, num)`` of Python numbers (``dtype=`` and, on NumPy 2, ``device=`` as
#: keywords) from C: compat's is ``np.linspace`` with its defaults after its device check
#: (linspace(0.0, 1.0, 16): 3.53 -> 2.88 us, np.linspace 2.86); a call NumPy refuses
#: reruns through compat's for its error (``fallback``).
linspace = _exact(_np.linspace, "linspace", 0, then=((int, float), (int, float), (int,)),
                  fallback=True,
                  kw=(("dtype", _DTYPE_ARGS), ("device", (type(None), str)))[:2 if _NUMPY2 else 1])


def _sort(x: Any) -> Any:
    """``np.sort(x, kind="stable")`` of an ndarray: NumPy's function is this copy in x's
    memory order sorted in place, behind its dispatcher (f32[16]: 1.39 -> ~1.2 us)."""
    y = x.copy(order="K")
    y.sort(kind="stable")
    return y


#: compat's ``kind="stable"`` (also the order of -0.0 and 0.0 in ``sort``); ``np.argsort``
#: only forwards to the method, which is called here from C without a Python frame.
sort = _exact(_sort, "sort")
argsort = _exact(partial(_ndarray.argsort, kind="stable"), "argsort")
_c_count_nonzero = import_module("numpy._core.multiarray" if _NUMPY2
                                 else "numpy.core.multiarray").count_nonzero
_asarray = _np.asarray


def _count_nonzero(x: Any) -> Any:
    """compat's ``count_nonzero(x)``, ``np.asarray(np.count_nonzero(x))``: NumPy's Python
    function only forwards a call without ``axis`` to this C function (0.90 -> ~0.5 us)."""
    return _asarray(_c_count_nonzero(x))


count_nonzero = _exact(_count_nonzero, "count_nonzero")
#: ``np.sum(x)`` of an ndarray is ``np.add.reduce(x, None, None, None)`` behind two Python
#: frames (``sum``, ``_wrapreduction``): the ufunc's reduce from C (f32[16]: ~0.7 us less a
#: call; the control and rollouts workloads sum once a scan step).
sum = _exact(partial(_np.add.reduce, axis=None), "sum")
prod = _exact(partial(_np.multiply.reduce, axis=None), "prod")  # np.prod's, as sum's
max = _exact(partial(_np.maximum.reduce, axis=None), "max")  # np.max's (ValueError if empty)
min = _exact(partial(_np.minimum.reduce, axis=None), "min")
#: compat's ``sign`` of complex input is its own formula: real dtypes only from C.
sign = _exact(_np.sign, "sign", dtypes=(0, _REAL))
astype = _exact(_ndarray.astype, "astype", then=(_DTYPE_ARGS,), general=astype,
                compat=_compat_functions.astype)
#: Our ``tanh`` corrects complex input only: NumPy's for the real dtypes.
tanh = _exact(_np.tanh, "tanh", dtypes=(0, _REAL), general=tanh, compat=tanh)
log1p = _exact(_np.log1p, "log1p", dtypes=(0, _REAL), general=log1p, compat=log1p)
if _NUMPY2:  # NumPy 1.x: compat's floor of integers is a copy; no np.cumulative_sum
    floor = _exact(_np.floor, "floor")
    cumulative_sum = _exact(_np.cumulative_sum, "cumulative_sum")
    # NumPy 2's solve is compat's (b a vector only when 1-D); floating x1 only, as the
    # namespace refuses other dtypes (Rules.floating_input).
    _linalg_module.solve = _exact(_np.linalg.solve, "solve", 2, section="linalg",
                          dtypes=(0, RULES.floating_dtypes))
    # NumPy 2's clip of a floating array between two Python floats or ints (weak scalars) is
    # compat's, which casts them to x's dtype first: 0-d, NaN, infinite, overflowing, crossed
    # and huge int bounds (10**400: OverflowError in both) alike, checked over float16/32/64/
    # longdouble (NumPy 1.x promotes by value: float16 with 1e300 gives float64). Int bounds:
    # the vision workload's clip(cells, 0, n - 1), 55.8 -> 39.5 us on (65536, 3) float32.
    clip = _exact(_np.clip, "clip", then=((float, int), (float, int)), general=clip,
                  compat=_compat_functions.clip, dtypes=(0, tuple(_np.dtype(c) for c in "efdg")))
else:
    _FLOATS = tuple(_np.dtype(c) for c in "efd")
    #: NumPy 1.x's floor of a floating array is compat's (which copies integer arrays only).
    floor = _exact(_np.floor, "floor", dtypes=(0, _FLOATS + (_np.dtype("g"),)))

    #: Python bounds NumPy 1.x keeps in x's dtype when it promotes by value (int range, float
    #: magnitude below), per dtype: int8/uint8 for float16 (256 is uint16: float32),
    #: int16/uint16 for float32 (2**16: float64), a float below 65000 for both (NumPy's
    #: min_scalar_type reads 65504.0 as float32 and 3.4e38 as float64); float64 keeps every
    #: finite float and int64/uint64 int.
    _CLIP1 = {_FLOATS[0]: (-128, 255, 65000.0), _FLOATS[1]: (-32768, 65535, 65000.0),
              _FLOATS[2]: (-2**63, 2**64 - 1, math.inf)}

    def _clip_numpy1(x: Any, min: Any, max: Any) -> Any:
        """NumPy 1.x's ``clip`` of a float16/32/64 array of rank >= 1 between two Python
        numbers that keep x's dtype by value (``_CLIP1``; what compat casts them to), ``min
        <= max``: NumPy's clip gives compat's values there (tests/shims/
        test_compat_fast_paths.py). NaN, infinite, larger or crossed bounds and 0-d input are
        compat's. Vision's clip(cells, 0, 39) of (65536, 3) float32 and clip(u, 0.0, 255.0)
        of (256, 256): ~12-15 us of compat's masked assignments less each."""
        lo, hi, top = _CLIP1[x.dtype]
        if (x.ndim and min <= max and (lo <= min <= hi if type(min) is int else -top < min)
                and (lo <= max <= hi if type(max) is int else max < top)):
            return _np.clip(x, min, max)
        return _compat_functions.clip(x, min, max)

    clip = _exact(_clip_numpy1, "clip", then=((float, int), (float, int)), general=clip,
                  compat=_compat_functions.clip, dtypes=(0, _FLOATS))
_add_reduce, _sqrt = _np.add.reduce, _np.sqrt


def _vector_norm(x: Any) -> Any:
    """array-api-compat's ``vector_norm(x)`` of a real floating ndarray: NumPy's ``norm`` of
    ``x.ravel()`` along axis 0, whose ord=2 case is ``sqrt(add.reduce((x.conj() * x).real))``;
    the same operations (``conj`` and ``.real`` are the identity on real values) without
    compat's and ``norm``'s argument handling (f32[16]: 4.4 -> ~2 us; NumPy's ``norm(x)`` is
    a dot product, which rounds differently)."""
    v = x if x.ndim == 1 else x.ravel()  # the product is contiguous either way
    return _sqrt(_add_reduce(v * v, 0))


#: Ours differs from compat's for ord=inf only: compat's own for vector_norm(x) of complex
#: input, from C; the same operations without its Python for real input (``_vector_norm``).
_REAL_FLOATING = tuple(d for d in RULES.floating_dtypes if d.kind == "f")
linalg.vector_norm = _exact(_vector_norm, "vector_norm", section="linalg",
                            general=_exact(_compat.linalg.vector_norm, "vector_norm",
                                           section="linalg", general=linalg.vector_norm,
                                           compat=linalg.vector_norm,
                                           dtypes=(0, RULES.floating_dtypes)),
                            compat=linalg.vector_norm, dtypes=(0, _REAL_FLOATING))

_standard_name = dtype_namer(_np.dtype, (_ndarray, _np.generic), (_np.dtype, type))


def diff(x: Any, /, *, axis: int = -1, n: int = 1, prepend: Any = None,
         append: Any = None) -> Any:
    """array-api-compat's ``diff`` with ``n`` capped at the axis length (NumPy loops ``n``
    times although the result is empty from there on: ``n=10**9`` took minutes)."""
    n = capped_diff_order(n, x, axis, prepend, append)
    if prepend is None and append is None:
        return _compat.diff(x, axis=axis, n=n)
    ends = {k: v for k, v in (("prepend", prepend), ("append", append)) if v is not None}
    return _compat.diff(x, axis=axis, n=n, **ends)


#: NumPy's ``can_cast`` allows ``bool -> int8`` and ``int8 -> float32``; the standard does not.
can_cast = standard_can_cast(_standard_name, _compat.can_cast)

reexport(_compat, globals(), NAMESPACE_DUNDERS)

from ._errors import install_errors  # noqa: E402 - last: it wraps every function above

install_errors(globals())
