"""``jax.numpy`` topped up to the Array API standard 2025.12.

JAX ships a 2024.12 namespace (jax 0.10). This module is ``jax.numpy`` with the 2025.12
differences added, each a thin wrapper that returns native ``jax.Array`` values and works on
tracers (jit, grad, vmap):

- ``broadcast_arrays`` and ``meshgrid`` return tuples (lists before 2025.12);
- ``permute_dims`` accepts negative axes; ``expand_dims`` takes a tuple of axes and raises
  IndexError for an axis out of range, as the spec asks (jax raises ValueError);
- ``searchsorted`` returns the default index dtype (jax: int32 even in x64 mode);
- ``cumulative_prod`` widens small integers to the default integer width, also for empty
  arrays (jax forgets to on size-0 input);
- ``can_cast`` follows the standard's table (jax: NumPy's casting rules, ``bool -> int8``);
- ``finfo`` reports Python floats, not float32 scalars;
- the standard's special values where jax's kernels miss them (``_elementwise_functions``,
  over the shared rules of ``_common/special_values``): floating ``floor_divide`` with
  infinite or zero operands, the divisor's zero sign in ``remainder``, complex
  ``acos acosh asinh atanh cosh exp expm1 log log1p sign sinh sqrt tanh`` at infinities, NaN
  and signed zeros, and ``sign(-0.0)`` as +0;
- ``enable_array_object()`` (opt-in, ``arraykit.enable``) makes ``//`` and ``%`` on jax arrays
  and tracers those functions (``_array_object``);
- ``isin`` accepts a Python int beyond int64's range with a uint64 array (jax overflows);
- ``all``/``any`` test complex elements against 0 (jax 0.10 ignores the imaginary part:
  ``all([0.5j])`` is False there);
- ``__array_namespace_info__().devices()`` returns a tuple;
- ``vecdot``, ``matrix_transpose``, ``linalg.vector_norm``, ``cumulative_sum`` and
  ``searchsorted`` (with its cast) run as one compiled program (jax dispatches their
  primitives one by one eagerly: 1.5-11x slower; see ``_one_program``); the usual call of
  those two and of ``vector_norm``, ``all``/``any`` of a real array and the elementwise
  functions above is called from C (``_common.errors.fast_path``), and ``take(x, i)`` of
  indices read on the host before checks them without the Python path's frames;
- ``zeros_like``/``ones_like``/``empty_like`` of an eager array run as one jitted program
  (jax's eager path: ~100 us of Python, ~100 us more for a committed input), and
  ``full_like`` with a dtype of a committed array skips jax's
  ``make_array_from_callback``: the same arrays (``_like``);
- ``linalg`` and ``fft`` are this package's modules (2025.12 adds ``linalg.eig``/``eigvals``,
  which jax has already).

Everything else is ``jax.numpy``'s own object, unchanged.
"""

from __future__ import annotations

import builtins as _builtins
import math
from typing import Any

import jax as _jax
import jax.numpy as _jnp
import numpy as _np

from .._common import dtypes as _d
from .._common.checks import check_int_range
from .._common.data_types import delegated_isdtype
from .._common.errors import fast_path, wrap
from .._common.reexport import reexport
from .._common.scalars import PY_SCALARS, asarray_data, delegated_clip_bounds, python_scalar
from .._common.sizes import (
    INT64_MAX,
    capped_diff_order,
    check_count,
    check_shape,
    usual_shape,
)
from .._common.utils import dtype_namer, expand_dims_axes, normalize_axes, standard_can_cast

# Re-exported (the redundant aliases say so): this package's modules and one-program functions.
from . import _one_program
from . import fft as fft
from . import linalg as linalg
from ._array_object import array_object_enabled as array_object_enabled
from ._array_object import disable_array_object as disable_array_object
from ._array_object import enable_array_object as enable_array_object
from ._elementwise_functions import acos as acos
from ._elementwise_functions import acosh as acosh
from ._elementwise_functions import asinh as asinh
from ._elementwise_functions import atanh as atanh
from ._elementwise_functions import cosh as cosh
from ._elementwise_functions import exp as exp
from ._elementwise_functions import expm1 as expm1
from ._elementwise_functions import floor_divide as floor_divide
from ._elementwise_functions import log as log
from ._elementwise_functions import log1p as log1p
from ._elementwise_functions import remainder as remainder
from ._elementwise_functions import sign as sign
from ._elementwise_functions import sinh as sinh
from ._elementwise_functions import sqrt as sqrt
from ._elementwise_functions import tanh as tanh
from ._errors import _EXTREMES, ARRAY_TYPE, RULES
from ._one_program import cumulative_sum_program, searchsorted_program
from ._one_program import matrix_transpose as matrix_transpose
from ._one_program import vecdot as vecdot
from ._set_functions import isin as isin

__array_api_version__ = "2025.12"


# XLA aborts the process ("overflow in static extent product") on a shape whose byte count
# overflows int64, and jax.numpy passes such shapes through: each function that makes a shape
# from size arguments checks it first (Python arithmetic on ints; free on normal input).


#: An element count below which no item size (at most 16 bytes) overflows int64's byte count.
_FEW = 2 ** 40

#: dtype argument -> its item size (``jnp.dtype`` costs ~1-2 us a call): the creation
#: functions' size check reads it on every call.
_ITEMSIZES: dict[Any, int] = {None: 8}


def _itemsize(dtype: Any) -> int:
    try:
        return _ITEMSIZES[dtype]
    except (KeyError, TypeError):  # a new dtype; an unhashable argument (jax's error follows)
        size = _jnp.dtype(dtype).itemsize
    if type(dtype) is not str and len(_ITEMSIZES) < 64:
        try:
            _ITEMSIZES[dtype] = size
        except TypeError:
            pass
    return size


#: One SingleDeviceSharding per jax device asked for by ``device=`` (see ``_placed``).
_SHARDINGS: dict[Any, Any] = {}

try:  # eager (no trace): where ``_placed`` may build the array without ``device``
    from jax._src.core import trace_state_clean as _eager
except ImportError:  # another jax: every device= call is jax's own
    def _eager() -> bool:
        return False


def _placed(x: Any, device: Any, make: Any, *args: Any, **kwargs: Any) -> Any:
    """``x`` (made without ``device``) placed on ``device`` as ``make(*args, device=device,
    **kwargs)``, jax's own call, places it: the same array, committed to that device.

    jax.numpy's ``device=`` ends in ``jax.device_put``, ~100 us of Python per call (0.5% of
    the vision workload per ``arange``), and for an array already on that device what it
    makes is this: the same buffer wrapped as committed (``pxla.batched_device_put``).
    Anything else (a sharding, another device, a traced or already committed ``x``) is
    jax's own call."""
    if not isinstance(device, _jax.Device):
        return make(*args, device=device, **kwargs)
    sharding = _SHARDINGS.get(device)
    if sharding is None:
        sharding = _SHARDINGS[device] = _jax.sharding.SingleDeviceSharding(device)
    if type(x) is not ARRAY_TYPE or x.committed or x.sharding != sharding:
        return make(*args, device=device, **kwargs)
    return ARRAY_TYPE(x.aval, sharding, [x], committed=True, _skip_checks=True)


_SINGLE = _jax.sharding.SingleDeviceSharding


#: ``jnp.zeros_like``/``ones_like``/``empty_like`` as programs (``_like``).
#: ``keep_unused``: a committed input commits the result to its device, as jax's path does.
_LIKE_PROGRAMS = {f: _jax.jit(f, keep_unused=True)
                  for f in (_jnp.zeros_like, _jnp.ones_like, _jnp.empty_like, _jnp.full_like)}
#: The fill values ``full_like``'s program takes as an argument (one program per shape, dtype
#: and Python type: jit traces the number itself, weakly typed, as jax's eager call reads it).
_PROGRAM_FILLS = (int, float, bool)


def _like(make: Any, x: Any, args: tuple, dtype: Any, device: Any) -> Any:
    """``make(x, *args, dtype=dtype, device=device)``: ``jnp.zeros_like`` and the others.

    Eagerly, jax builds the result of ``zeros_like(x)`` with primitives one by one (~120 us
    of Python for 16 elements) and, for ``x`` committed to a device (what ``device=`` makes:
    the vision workload's pixel grid), through ``make_array_from_callback`` (~100 us more).
    For an eager array on one device and no ``dtype``/``device``, ``zeros_like``,
    ``ones_like`` and ``empty_like`` are the same function jitted (one dispatch from C, one
    program per shape and dtype as jax's eager broadcast has): the same aval and values,
    committed to ``x``'s sharding when ``x`` is, as jax's path makes them; ``full_like`` of a
    Python number too (f32[16] 107 -> ~10 us, jnp.full_like 99). With ``dtype`` (and
    ``full_like`` of anything else), the result of jax's own call on an uncommitted twin of
    ``x`` (its buffer, its aval) is wrapped committed to ``x``'s sharding. A weakly typed
    committed ``x`` without ``dtype`` (jax ignores its sharding), ``device=``, a trace,
    another sharding, or a result elsewhere: jax's own call."""
    if device is not None or type(x) is not ARRAY_TYPE:
        return make(x, *args, dtype=dtype, device=device)
    sharding = x.sharding
    if type(sharding) is not _SINGLE:
        return make(x, *args, dtype=dtype)
    committed = x._committed
    if committed and dtype is None and x.aval.weak_type:
        return make(x, *args, dtype=dtype)
    if not _eager():
        return make(x, *args, dtype=dtype)
    if dtype is None and (not args or type(args[0]) in _PROGRAM_FILLS):
        r = _LIKE_PROGRAMS[make](x, *args)
        if r._committed == committed and r.sharding == sharding:
            return r
        return make(x, *args, dtype=dtype)
    if not committed:
        return make(x, *args, dtype=dtype)
    twin = ARRAY_TYPE(x.aval, sharding, [x], committed=False, _skip_checks=True)
    r = make(twin, *args, dtype=dtype)
    if type(r) is ARRAY_TYPE and not r._committed and r.sharding == sharding:
        return ARRAY_TYPE(r.aval, sharding, [r], committed=True, _skip_checks=True)
    return make(x, *args, dtype=dtype)


def zeros_like(x: Any, /, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.zeros_like`` (``_like``: a committed input's fast path)."""
    return _like(_jnp.zeros_like, x, (), dtype, device)


def ones_like(x: Any, /, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.ones_like`` (``_like``: a committed input's fast path)."""
    return _like(_jnp.ones_like, x, (), dtype, device)


def empty_like(x: Any, /, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.empty_like`` (``_like``: a committed input's fast path)."""
    return _like(_jnp.empty_like, x, (), dtype, device)


def full_like(x: Any, /, fill_value: Any, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.full_like`` (``_like``: a committed input's fast path); a Python int
    outside the result's integer dtype is an OverflowError (``_check_ints``), and so is a
    NumPy int, the Python scalar of its kind (``_common.scalars``; jax cast it with a wrap:
    ``full_like(int8 x, np.int64(300))`` was 44)."""
    if type(fill_value) not in PY_SCALARS:
        fill_value = python_scalar(fill_value)
    if type(fill_value) is int:
        _check_ints("full_like", _jnp.result_type(x) if dtype is None else dtype, fill_value)
    return _like(_jnp.full_like, x, (fill_value,), dtype, device)


def _check_ints(fname: str, dtype: Any, *values: int) -> None:
    """OverflowError naming ``fname`` where one of the Python ints ``values`` lies outside the
    integer dtype jax computes in for ``dtype`` (None: its default int): jax wraps such an
    int silently (x64 off, int64 is int32: ``full(3, 2**32 + 1)`` was ``[1, 1, 1]``,
    ``arange(0, 3 * (2**32 + 1), 2**32 + 1)`` ``[0, 1, 2]``). NumPy raises OverflowError.
    Nothing for a dtype of another kind, or one jax refuses (its own call says)."""
    try:
        name = _np.dtype(_jax.dtypes.canonicalize_dtype(_jnp.int_ if dtype is None else dtype)).name
    except (TypeError, ValueError):
        return
    if name in _d.IINFO:
        for v in values:
            check_int_range(fname, v, name)


#: The usual eager call of ``zeros``/``ones``/``empty``/``eye``/``arange(n)``,
#: ``broadcast_to``, ``stack`` and ``concat`` as jax's own function jitted, with the shape,
#: sizes, axis and dtype static (``_program``): jax's eager path binds its primitives one by
#: one from Python (16 elements: zeros ~130 us, eye ~230, arange ~65, broadcast_to ~50,
#: stack ~60, concat ~22), the program is one dispatch from C (~6-9 us). One program per
#: call signature, as jax's eager primitives compile one per shape.
_PROGRAMS = {f: _jax.jit(f, static_argnums=n) for f, n in (
    (_jnp.zeros, (0, 1)), (_jnp.ones, (0, 1)), (_jnp.empty, (0, 1)), (_jnp.eye, (0, 1, 2, 3)),
    (_jnp.arange, (0, 1, 2, 3)), (_jnp.broadcast_to, (1,)), (_jnp.stack, (1,)),
    (_jnp.concatenate, (1,)))}

_x64: Any
try:
    from jax._src.config import enable_x64 as _x64
except ImportError:  # another jax: no 64-bit dtype is static (jax's own call for those)
    _x64 = None

#: id -> (dtype argument, its NumPy dtype, 64 bits) for the dtypes a program takes as a
#: static argument: None and the standard's dtypes, NumPy's and jax's spellings (by identity:
#: anything else, hashable or not, takes jax's own call), passed as the NumPy dtype jax
#: makes of them first (jax's scalar types hash in Python). A 64-bit one only with x64 on:
#: with it off, jax's own call warns on every call that it truncates the dtype, a program
#: only when traced.
_STATIC_DTYPES: dict[int, tuple[Any, Any, bool]] = {id(None): (None, None, False)}
for _t in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float32", "float64", "complex64", "complex128"):
    for _dt in (getattr(_jnp, "bool_" if _t == "bool" else _t), _np.dtype(_t)):
        _STATIC_DTYPES[id(_dt)] = (_dt, _np.dtype(_t),
                                   _np.dtype(_t).itemsize == 8 or _t == "complex128")

#: _static's answer for a dtype it cannot take.
_NOT_STATIC = object()


def _static(dtype: Any) -> Any:
    """The NumPy dtype (or None) to pass a program for ``dtype`` (``_STATIC_DTYPES``), or
    ``_NOT_STATIC``."""
    hit = _STATIC_DTYPES.get(id(dtype))
    if hit is None or hit[0] is not dtype or (hit[2] and not (
            _x64 is not None and _x64.value)):
        return _NOT_STATIC
    return hit[1]


def _program(f: Any, *args: Any) -> Any:
    """``f(*args)`` (jax's own function) as its program ``_PROGRAMS[f]``, for a caller that
    has checked that it runs eagerly (no trace: under one, jax's own call, so that a traced
    program is unchanged) and that the static arguments are hashable: the same array
    (values, dtype, weak type, sharding and committedness, also under a default device and a
    mesh). Where the program raises (say, ``stack`` of arrays committed to two devices),
    jax's own call runs and raises its own error."""
    try:
        return _PROGRAMS[f](*args)
    except Exception:  # noqa: BLE001 - whatever it is, jax's own call raises its own
        return f(*args)


def _filled(name: str, make: Any, shape: Any, dtype: Any, device: Any) -> Any:
    """``make(shape, dtype=dtype, device=device)`` (``jnp.zeros`` or ``jnp.ones``), NumPy's
    errors for negative or too large sizes: eagerly its program where the dtype is static,
    placed by ``_placed`` where a device is given."""
    static = _static(dtype)  # a NumPy dtype hashes in C, a jax scalar type in Python
    shape = check_shape(name, shape, _itemsize(dtype if static is _NOT_STATIC else static))
    if device is None:
        if static is not _NOT_STATIC and _eager():
            return _program(make, shape, static)
        return make(shape, dtype=dtype, device=device)
    if not _eager():
        return make(shape, dtype=dtype, device=device)
    return _placed(make(shape, dtype=dtype), device, make, shape, dtype=dtype)


def zeros(shape: Any, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.zeros``; NumPy's errors for negative or too large sizes."""
    return _filled("zeros", _jnp.zeros, shape, dtype, device)


def ones(shape: Any, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.ones``; NumPy's errors for negative or too large sizes."""
    return _filled("ones", _jnp.ones, shape, dtype, device)


def empty(shape: Any, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.empty``; NumPy's errors for negative or too large sizes."""
    static = _static(dtype)
    shape = check_shape("empty", shape, _itemsize(dtype if static is _NOT_STATIC else static))
    if device is None and static is not _NOT_STATIC and _eager():
        return _program(_jnp.empty, shape, static)
    return _jnp.empty(shape, dtype=dtype, device=device)


def full(shape: Any, fill_value: Any, *, dtype: Any = None, device: Any = None) -> Any:
    """``jax.numpy.full``; NumPy's errors for negative or too large sizes, and for a Python
    int outside the integer dtype (``_check_ints``). A NumPy scalar with a ``dtype`` is the
    Python scalar of its kind (``_common.scalars``: jax cast ``np.int64(300)`` into int8 with a
    wrap); without one it gives its own dtype, as NumPy's ``full``."""
    if dtype is not None and type(fill_value) not in PY_SCALARS:
        fill_value = python_scalar(fill_value)
    if type(fill_value) is int:
        _check_ints("full", dtype, fill_value)
    return _jnp.full(check_shape("full", shape, _itemsize(dtype)), fill_value, dtype=dtype,
                     device=device)


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, dtype: Any = None,
        device: Any = None) -> Any:
    """``jax.numpy.eye``; NumPy's errors for negative or too large sizes."""
    static = _static(dtype)
    check_shape("eye", (n_rows, n_rows if n_cols is None else n_cols),
                _itemsize(dtype if static is _NOT_STATIC else static))
    if device is None and type(n_rows) is int and (n_cols is None or type(n_cols) is int) \
            and type(k) is int and static is not _NOT_STATIC and _eager():
        return _program(_jnp.eye, n_rows, n_cols, k, static)
    if device is None or not _eager():
        return _jnp.eye(n_rows, n_cols, k=k, dtype=dtype, device=device)
    return _placed(_jnp.eye(n_rows, n_cols, k=k, dtype=dtype), device, _jnp.eye, n_rows,
                   n_cols, k=k, dtype=dtype)


def arange(start: Any, /, stop: Any = None, step: Any = 1, *, dtype: Any = None,
           device: Any = None) -> Any:
    """``jax.numpy.arange``; NumPy's errors for too large sizes, and for integer bounds
    outside the integer dtype (``_check_ints``)."""
    if type(start) not in PY_SCALARS or (stop is not None and type(stop) not in PY_SCALARS) \
            or type(step) not in PY_SCALARS:
        # NumPy scalars as the Python scalars of their kind (_common.scalars; jax read
        # arange(np.int8(0), np.int8(6), np.int8(2)) as int8)
        start, stop, step = python_scalar(start), python_scalar(stop), python_scalar(step)
    lo, hi = (0, start) if stop is None else (start, stop)
    if dtype is not None and lo and type(lo) in (int, float) and math.isfinite(lo):
        # a first value out of an integer dtype: the shims' rule, NumPy's (jax wrapped it:
        # arange(250, 260, dtype=int8) began at -6; later values wrap, as NumPy's)
        _check_ints("arange", dtype, int(lo))
    if type(lo) in (int, float) and type(hi) in (int, float) and type(step) in (int, float) \
            and step:
        n = math.ceil((hi - lo) / step)
        if n > _FEW:  # fewer elements cannot overflow the byte count: nothing to check
            check_count("arange", n, _itemsize(dtype))
        # (every value lies between lo and hi, so in-range bounds need no more tests)
        if (not -_INT32_EDGE <= lo < _INT32_EDGE or not -_INT32_EDGE <= hi <= _INT32_EDGE) \
                and n > 0 and type(lo) is int and type(hi) is int and type(step) is int \
                and (dtype is None or _itemsize(dtype) == 8):
            _check_ints("arange", dtype, lo, lo + (n - 1) * step)
    if type(step) is int and step == 1:
        # jnp.arange takes its iota path only for step=None: an explicit step of 1 builds the
        # range on the host and transfers it (~240 us instead of ~5 us; same values and dtype).
        step = None
    static = _static(dtype)
    if device is None and step is None and type(start) is int and (
            stop is None or (start == 0 and type(stop) is int)) and static is not _NOT_STATIC \
            and _eager():
        # arange(n) and arange(0, n): jax's iota of n elements (a program per n, as jax's
        # eager iota compiles one per size)
        return _program(_jnp.arange, start if stop is None else stop, None, None, static)
    if device is None or not _eager():
        return _jnp.arange(start, stop, step, dtype=dtype, device=device)
    return _placed(_jnp.arange(start, stop, step, dtype=dtype), device, _jnp.arange, start,
                   stop, step, dtype=dtype)


#: arange's integer bounds are checked (``_check_ints``) past +-2**31 for its default int or a
#: 64-bit dtype: with x64 off jax makes those int32 and wraps, where NumPy holds the values.
#: (A narrower dtype asked for wraps on NumPy too.)
_INT32_EDGE = 2**31


#: The element counts whose bytes fit int64 in every dtype (16 bytes at most).
_COUNT_MAX = INT64_MAX // 16


def linspace(start: Any, stop: Any, /, num: int, *, dtype: Any = None, device: Any = None,
             endpoint: bool = True) -> Any:
    """``jax.numpy.linspace``; NumPy's errors for negative or too large ``num``."""
    if type(num) is not int or not 0 <= num <= _COUNT_MAX:
        # The usual num is an int no dtype's bytes can overflow: no check (~1 us a call).
        check_count("linspace", num, 16 if dtype is None else _itemsize(dtype))
    return _jnp.linspace(start, stop, num, dtype=dtype, device=device, endpoint=endpoint)


def tile(x: Any, repetitions: tuple[int, ...], /) -> Any:
    """``jax.numpy.tile``; NumPy's errors for too large results."""
    reps = tuple(repetitions)
    shape = (1,) * (len(reps) - _jnp.ndim(x)) + tuple(_jnp.shape(x))
    reps_ = (1,) * (len(shape) - len(reps)) + reps
    check_shape("tile", [s * r for s, r in zip(shape, reps_)], _jnp.dtype(x.dtype).itemsize)
    return _jnp.tile(x, reps)


def repeat(x: Any, repeats: Any, /, *, axis: int | None = None) -> Any:
    """``jax.numpy.repeat``; NumPy's errors for too large results (int ``repeats``)."""
    if type(repeats) is int:
        shape = list(_jnp.shape(x)) if axis is not None else [_jnp.size(x)]
        ax = 0 if axis is None else normalize_axes(axis, len(shape), "repeat")[0]
        shape[ax] *= repeats
        check_shape("repeat", shape, _jnp.dtype(x.dtype).itemsize)
    return _jnp.repeat(x, repeats, axis=axis)


def _itemsize_of(x: Any) -> int:
    # A jax array's own dtype (through aval: its dtype property is a Python frame); result_type
    # for anything else (~6 us).
    if type(x) is ARRAY_TYPE:
        return x.aval.dtype.itemsize
    return _jnp.dtype(_jnp.result_type(x)).itemsize


def broadcast_to(x: Any, /, shape: tuple[int, ...]) -> Any:
    """``jax.numpy.broadcast_to``; NumPy's errors for negative or too large shapes."""
    if type(x) is ARRAY_TYPE and usual_shape(shape, x.aval.dtype.itemsize):
        # check_shape's usual case, two frames fewer; the same shape: jax returns x itself
        if shape != x.aval.shape and _eager():
            return _program(_jnp.broadcast_to, x, shape)
        return _jnp.broadcast_to(x, shape)
    return _jnp.broadcast_to(x, check_shape("broadcast_to", shape, _itemsize_of(x)))


def reshape(x: Any, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Any:
    """``jax.numpy.reshape``; NumPy's errors for too large shapes."""
    shape_ = (shape,) if isinstance(shape, int) else tuple(shape)
    check_shape("reshape", tuple(s for s in shape_ if s != -1) if -1 in shape_ else shape_,
                _itemsize_of(x))
    if type(x) is ARRAY_TYPE:
        return x.reshape(shape)  # what jnp.reshape calls for a jax array (it drops copy)
    return _jnp.reshape(x, shape, copy=copy)


def diff(x: Any, /, *, axis: int = -1, n: int = 1, prepend: Any = None,
         append: Any = None) -> Any:
    """``jax.numpy.diff`` with ``n`` capped at the axis length (jax loops ``n`` times:
    ``n=10**5`` took a minute for an empty result)."""
    n = capped_diff_order(n, x, axis, prepend, append)
    return _jnp.diff(x, n=n, axis=axis, prepend=prepend, append=append)


def broadcast_arrays(*arrays: Any) -> tuple[Any, ...]:
    """``jax.numpy.broadcast_arrays``, returning a tuple as 2025.12 requires."""
    return tuple(_jnp.broadcast_arrays(*arrays))


def meshgrid(*arrays: Any, indexing: str = "xy") -> tuple[Any, ...]:
    """``jax.numpy.meshgrid``, returning a tuple as 2025.12 requires."""
    return tuple(_jnp.meshgrid(*arrays, indexing=indexing))


def permute_dims(x: Any, /, axes: tuple[int, ...]) -> Any:
    """``jax.numpy.permute_dims`` with negative axes normalised (new in 2025.12)."""
    ndim = len(x.shape) if type(x) is ARRAY_TYPE else _jnp.ndim(x)  # jnp.ndim: ~0.3 us
    return _jnp.permute_dims(x, normalize_axes(tuple(axes), ndim, "permute_dims"))


def expand_dims(x: Any, /, axis: int | tuple[int, ...] = 0) -> Any:
    """``jax.numpy.expand_dims`` with the spec's errors: IndexError for an axis outside
    ``[-N, N)`` (N = output rank), ValueError for a repeated axis."""
    axes = expand_dims_axes(axis, len(x.shape) if type(x) is ARRAY_TYPE else _jnp.ndim(x))
    if type(x) is ARRAY_TYPE:
        # jnp.expand_dims is lax.expand_dims after _ensure_index_tuple, which raises and
        # catches a TypeError for a tuple (~5 us a call); the axes are checked ints already.
        return _jax.lax.expand_dims(x, axes)
    return _jnp.expand_dims(x, axes)


def _default_int(unsigned: bool = False) -> Any:
    # jax's default integer follows the x64 switch, which can change at run time.
    return _jax.dtypes.canonicalize_dtype(_jnp.uint64 if unsigned else _jnp.int64)


#: Two jax arrays (the usual call) go to the one program from C, no Python frame.
searchsorted = fast_path(searchsorted_program, "searchsorted",
                         wrap(_one_program.searchsorted, "searchsorted", RULES),
                         _one_program.searchsorted, RULES, ARRAY_TYPE, 2, exact=True)
cumulative_sum = fast_path(cumulative_sum_program, "cumulative_sum",
                           wrap(_one_program.cumulative_sum, "cumulative_sum", RULES),
                           _one_program.cumulative_sum, RULES, ARRAY_TYPE, 1, exact=True)


def cumulative_prod(x: Any, /, *, axis: int | None = None, dtype: Any = None,
                    include_initial: bool = False) -> Any:
    """``jax.numpy.cumulative_prod`` with the spec's default dtype for small integers."""
    if not isinstance(x, _jax.Array):
        raise TypeError(f"cumulative_prod: expected a jax.Array, got {type(x).__name__}")
    if dtype is None:
        kind = _jnp.dtype(x.dtype).kind
        if kind == "b" or (kind in "iu" and _jnp.dtype(x.dtype).itemsize < _default_int().itemsize):
            dtype = _default_int(unsigned=kind == "u")
    return _jnp.cumulative_prod(x, axis=axis, dtype=dtype, include_initial=include_initial)


_standard_name = dtype_namer(_jnp.dtype, (_jax.Array,), (_jnp.dtype, type))


#: jax's ``can_cast`` (NumPy's rules) allows ``bool -> int8`` and ``int8 -> float32``; the
#: standard does not.
can_cast = standard_can_cast(_standard_name, _jnp.can_cast)

#: The NumPy dtype objects and scalar types of the standard's dtypes -> their names, and the
#: types of those objects. jax's scalar types (``jnp.float32``) are read through their
#: ``dtype``: they hash and compare in Python (~0.3 us a look-up).
_DTYPE_NAMES: dict[Any, str] = {}
for _n in _d.ALL:
    _DTYPE_NAMES[_np.dtype(_n)] = _DTYPE_NAMES[_np.dtype(_n).type] = _n
_ScalarMeta = type(_jnp.float32)


def _is_jax_dtype(x: Any) -> bool:
    """A dtype object jax reads as one (not an array): NumPy's, a scalar type, jax's."""
    return isinstance(x, (_np.dtype, _ScalarMeta)) or (
        isinstance(x, type) and issubclass(x, _np.generic))


#: Array API ``isdtype`` by the shims' rule; jax's dtypes outside the standard (bfloat16) as
#: ``jnp.isdtype`` answers them. ``jnp.isdtype`` read an array as its dtype (True for a float
#: array and 'real floating', where every other namespace raises TypeError) and took 0.6 us,
#: 4.7 with a tuple of kinds (SciPy's usual call); this 0.18 / 0.50.
isdtype = delegated_isdtype(_DTYPE_NAMES, _is_jax_dtype, _jnp.isdtype, _ScalarMeta)


def _nonzero_if_complex(x: Any) -> Any:
    return x != 0 if _jnp.iscomplexobj(x) else x


def all(x: Any, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Any:
    """``jax.numpy.all``; complex elements count as true when either part is nonzero."""
    return _jnp.all(_nonzero_if_complex(x), axis=axis, keepdims=keepdims)


def any(x: Any, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Any:
    """``jax.numpy.any``; complex elements count as true when either part is nonzero."""
    return _jnp.any(_nonzero_if_complex(x), axis=axis, keepdims=keepdims)


#: jax's own for a real array (called from C); ours, which tests complex elements, otherwise.
_REAL = tuple(_np.dtype(c) for c in "?bBhHiIlLqQefd")
all, any = (fast_path(native, f.__name__, wrap(f, f.__name__, RULES), f, RULES, ARRAY_TYPE, 1,
                      exact=True, dtypes=(0, _REAL)) for native, f in ((_jnp.all, all),
                                                                       (_jnp.any, any)))


#: Signed index dtypes whose negative indices jnp.take wraps wrongly: it adds the axis length
#: in the index dtype, so take(arange(300), int8 [-1]) is element 43 (-1 + 300 wraps to 43),
#: and int16 [-1] on 40,000 elements NaN (jax 0.10.2). Such indices are taken as int32.
_NARROW_SIGNED = frozenset((_jnp.dtype("int8"), _jnp.dtype("int16")))


def _jnp_take(x: Any, indices: Any, /, *, axis: Any = None, **kwargs: Any) -> Any:
    """``jnp.take``, int8/int16 indices as int32 (``_NARROW_SIGNED``)."""
    if getattr(indices, "dtype", None) in _NARROW_SIGNED:
        indices = _jnp.asarray(indices, dtype=_jnp.int32)
    return _jnp.take(x, indices, axis=axis, **kwargs)


_take = wrap(_jnp_take, "take", RULES)  # the Python path: the bounds check, then jnp.take



def _take_public(a: Any, indices: Any, *_: Any, **__: Any) -> Any:
    return _jnp.take(a, indices)


def _argmax_public(a: Any, axis: Any, keepdims: bool = False) -> Any:
    return _jnp.argmax(a, axis=axis, keepdims=keepdims)


def _argmin_public(a: Any, axis: Any, keepdims: bool = False) -> Any:
    return _jnp.argmin(a, axis=axis, keepdims=keepdims)


def _flip_public(a: Any, axis: Any) -> Any:
    return _jnp.flip(a, axis)


#: The jitted functions jnp.take/argmax/argmin call (their public functions in another jax).
_take_program: Any = _take_public
_argmax_program: Any = _argmax_public
_argmin_program: Any = _argmin_public
_flip_program: Any = _flip_public
try:
    from jax._src.numpy import indexing as _indexing
    from jax._src.numpy import lax_numpy as _lax_numpy

    _take_program, _argmax_program, _argmin_program, _flip_program = (
        _indexing._take, _lax_numpy._argmax, _lax_numpy._argmin, _lax_numpy._flip)
except (ImportError, AttributeError):
    pass


def _take_read(x: Any, indices: Any, /) -> Any:
    """``take(x, indices)`` of two eager jax arrays (the C test: exactly these two arguments):
    where ``indices`` were read on the host already (``_errors.extremes``' cache, which holds
    only non-empty integer arrays; a jax array is immutable), the bounds check of
    ``_errors._bounds`` on those extremes, then ``jnp.take``, without the Python path's
    seven frames (~1-3 us of a 13 us call); otherwise the Python path (which reads them)."""
    hit = _EXTREMES.get(id(indices))
    if hit is not None and hit[0]() is indices:
        n = math.prod(x.aval.shape)
        if hit[1] >= -n and hit[2] < n and (hit[1] >= 0 or indices.aval.dtype.itemsize > 2):
            # jnp.take(x, indices) is this call, in its form (ensure_arraylike holds for jax
            # arrays; another form of call is another entry of jax's jit cache, and
            # alternating the two slowed both ~3x)
            return _take_program(x, indices, None, None, None, unique_indices=False,
                                 indices_are_sorted=False, fill_value=None)
    return _take(x, indices)


take = fast_path(_take_read, "take", _take, _jnp.take, RULES, ARRAY_TYPE, 2, exact=True)

def _argmax(x: Any, /, *, axis: int | None = None, keepdims: bool = False) -> Any:
    """``jnp.argmax(x, axis=axis, keepdims=keepdims)`` of a jax array (the C test: an int or
    None axis, a bool keepdims): what it calls, ``ensure_arraylike`` (true of x) and
    ``operator.index`` (true of an int) skipped (~4 us of a 17 us call)."""
    return _argmax_program(x, axis, keepdims=keepdims)  # jnp.argmax's form of the call


def _argmin(x: Any, /, *, axis: int | None = None, keepdims: bool = False) -> Any:
    """``jnp.argmin``, as ``_argmax``."""
    return _argmin_program(x, axis, keepdims=keepdims)


def _flip(x: Any, /, *, axis: int | None = None) -> Any:
    """``jnp.flip(x, axis=axis)`` of a jax array (the C test: an int or None axis): what it
    calls, in its form of the call, ``ensure_arraylike`` and ``_ensure_optional_axes``
    (which return x and the axis here) skipped (~4.5 us of a 15 us call)."""
    return _flip_program(x, axis)


flip = fast_path(_flip, "flip", wrap(_jnp.flip, "flip", RULES), _jnp.flip, RULES, ARRAY_TYPE, 1,
                 exact=True, kw=(("axis", (int, type(None))),))

argmax, argmin = (fast_path(f, name, wrap(native, name, RULES), native, RULES, ARRAY_TYPE, 1,
                            exact=True, kw=(("axis", (int, type(None))), ("keepdims", (bool,))))
                  for f, name, native in ((_argmax, "argmax", _jnp.argmax),
                                          (_argmin, "argmin", _jnp.argmin)))

def _clip(x: Any, /, min: Any = None, max: Any = None) -> Any:
    """``jax.numpy.clip``, a NumPy scalar bound as its Python scalar and a Python int beyond
    an integer dtype by the shims' rule (``delegated_clip_bounds``: jax wrapped ``max=-300``
    into int8 as -44, and promoted x to a NumPy bound's dtype)."""
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        min, max = delegated_clip_bounds(min, max, _np.dtype(dtype).name)
    return _jnp.clip(x, min, max)


#: A floating array between two Python numbers from C: ``jnp.clip``'s own call (the vision
#: workload's); any other call (an integer array, whose int bounds the rule reads; a NumPy
#: scalar bound; keywords) is ``_clip``'s.
_FLOAT_DTYPES = (0, tuple(_np.dtype(c) for c in "efd"))
_clip_general = wrap(_clip, "clip", RULES)
#: The same with the bounds by keyword (``clip(x, min=0.0)``, SciPy's and scikit-learn's
#: usual call: 17.5 -> ~11 us, jnp.clip 11.0): ``min=`` (then ``max=``), or ``max=`` alone.
for _bound in (("min", "max"), ("max",)):
    _clip_general = fast_path(
        _jnp.clip, "clip", _clip_general, _jnp.clip, RULES, ARRAY_TYPE, 1, exact=True,
        dtypes=_FLOAT_DTYPES, kw=tuple((k, (int, float, type(None))) for k in _bound))
clip = fast_path(_jnp.clip, "clip", _clip_general, _jnp.clip, RULES, ARRAY_TYPE, 1,
                 exact=True, then=((int, float), (int, float)), dtypes=_FLOAT_DTYPES)


def _asarray(obj: Any, /, **kwargs: Any) -> Any:
    """``jax.numpy.asarray``; a NumPy scalar given a ``dtype`` is the Python scalar of its kind
    (``_common.scalars.asarray_data``: jax cast ``np.int64(300)`` into int8 as 44)."""
    return _jnp.asarray(asarray_data(obj, kwargs.get("dtype")), **kwargs)


#: A jax array, alone or with a dtype object, from C (``jnp.asarray``'s own call); host data
#: and any other call take ``_asarray``.
asarray = fast_path(_jnp.asarray, "asarray", wrap(_asarray, "asarray", RULES), _jnp.asarray,
                    RULES, ARRAY_TYPE, 1, exact=True, kw=(("dtype", (
                        type(None), type(_jnp.float32),
                        *{type(_np.dtype(c)) for c in "?bBhHiIlLqQefdFD"})),))


def _concat(arrays: Any, axis: int = 0) -> Any:
    """``jnp.concatenate(arrays, axis)``, what ``jnp.concat`` calls after its
    ``check_arraylike`` (true of these arguments), of a non-empty list or tuple of jax arrays
    and an int axis (the C test): the program eagerly (``_program``: jax's eager call binds
    its promotion and ``concatenate`` one by one, 22 us for two 16-element vectors), jax's own
    call under a trace."""
    if _eager():
        return _program(_jnp.concatenate, arrays, axis)
    return _jnp.concatenate(arrays, axis)


#: ``concat`` of a list or tuple of jax arrays (and an int axis): ``_concat`` from C; any
#: other call jax's own ``jnp.concat``.
concat = fast_path(_concat, "concat", wrap(_jnp.concat, "concat", RULES), _jnp.concat,
                   RULES, ARRAY_TYPE, 1, seq=0, exact=True, kw=(("axis", (int,)),))


def _stack(arrays: Any, axis: int = 0) -> Any:
    """``jnp.stack(arrays, axis)`` of a non-empty list or tuple of jax arrays and an int axis
    (the C test): the program eagerly (``_program``), jax's own call under a trace."""
    if _eager():
        return _program(_jnp.stack, arrays, axis)
    return _jnp.stack(arrays, axis)


#: ``stack`` of a list or tuple of jax arrays (and an int axis): ``_stack`` from C; any other
#: call (keywords beyond axis, other items) jax's own ``jnp.stack``, as before.
stack = fast_path(_stack, "stack", wrap(_jnp.stack, "stack", RULES), _jnp.stack, RULES,
                  ARRAY_TYPE, 1, seq=0, exact=True, kw=(("axis", (int,)),))


_jnp_pow = _jnp.pow


def pow(x1: Any, x2: Any, /) -> Any:
    """jax.numpy's ``pow``; a Python int base with a 0-d integer exponent keeps the exponent's
    dtype (jax computes ``integer_pow`` of the weakly typed base there: ``pow(2, uint16
    0-d)`` was int64; for an exponent of rank >= 1 it keeps uint16). The int64 result cast
    back wraps as the exponent's dtype's own arithmetic would (both are exact mod 2**bits)."""
    if type(x1) is int and getattr(x2, "ndim", None) == 0 and x2.dtype.kind in "iu":
        return _jnp_pow(x1, x2).astype(x2.dtype)
    return _jnp_pow(x1, x2)


#: ``finfo``'s result per dtype, scalar type or dtype name (library code asks it in loops:
#: f32 1.8 -> ~0.2 us a call, jnp.finfo 1.8).
_FINFO: dict[Any, _d.finfo_object] = {}


def finfo(type: Any, /) -> _d.finfo_object:
    """``jax.numpy.finfo`` with Python floats for eps, max, min and smallest_normal."""
    key = type.dtype if isinstance(type, ARRAY_TYPE) else type
    try:
        return _FINFO[key]
    except (KeyError, TypeError):  # a new dtype, or an unhashable argument (a tracer)
        pass
    out = _d.finfo_object(_jnp.finfo(type))
    if isinstance(key, (_np.dtype, str, _builtins.type)):  # never an array
        _FINFO[key] = out
    return out


class _Info:
    """2025.12 inspection namespace: jax's own, with ``devices()`` as a tuple."""

    def __init__(self, info: Any) -> None:
        self._info = info

    def capabilities(self) -> dict[str, Any]:
        return self._info.capabilities()

    def default_device(self) -> Any:
        return self._info.default_device()

    def default_dtypes(self, *, device: Any = None) -> dict[str, Any]:
        return self._info.default_dtypes(device=device)

    def dtypes(self, *, device: Any = None, kind: Any = None) -> dict[str, Any]:
        return self._info.dtypes(device=device, kind=kind)

    def devices(self) -> tuple[Any, ...]:
        # jax 0.10 lists None (meaning "the default device") among the devices; the spec
        # asks for the device objects an array can be placed on.
        return tuple(d for d in self._info.devices() if d is not None)


def __array_namespace_info__() -> _Info:
    return _Info(_jnp.__array_namespace_info__())


reexport(_jnp, globals())


def _ufunc_inner(f: Any) -> Any:
    """The jitted function that jax's ufunc ``f`` (``add``, ``multiply``, ``negative``, ...)
    calls from its ``__call__`` (``check_arraylike`` of the operands, then this function with
    them): None for anything else or where jax keeps it elsewhere."""
    props = getattr(f, "_ufunc__static_props", None) if isinstance(f, _jnp.ufunc) else None
    return props.get("call") if isinstance(props, dict) else None


#: The ufuncs' usual call (jax arrays or Python scalars where the fast test takes them, no
#: keyword) is their jitted function from C: the ufunc's ``__call__`` is a Python frame and
#: an argument check that such operands pass (~3.5 us of a ~15 us ``multiply``).
for _name, _f in tuple(globals().items()):
    if isinstance(_f, _jnp.ufunc) and _ufunc_inner(_f) is not None:
        globals()[_name] = wrap(_f, _name, RULES, inner=_ufunc_inner(_f))

from ._errors import install_errors  # noqa: E402 - last: it wraps every function above

install_errors(globals())
