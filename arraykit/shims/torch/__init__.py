"""array-api-compat's PyTorch namespace, with fast paths for a few of its wrappers.

array-api-compat wraps some torch functions in Python to give them the standard's type
promotion (torch promotes 0-d tensors and mixed dtypes differently) and argument names. When
the arguments already agree (same dtype, plain tensors) the wrapper ends up calling torch's own
function after ``result_type`` checks that cost more than the work on small tensors
(measured, (2, 2) float32, torch 2.13 CPU: ``matmul`` 3.7 us vs 0.9 us, ``astype`` 1.9 vs
0.8 us, ``matrix_transpose`` 1.1 vs 0.7 us). Each fast path below takes only inputs for which
torch's call gives exactly array-api-compat's result; everything else goes to
array-api-compat's function unchanged. ``can_cast`` keeps to the standard's table,
``take_along_axis`` (torch) raises IndexError out of bounds, and ``linalg`` is this package's
module (``eig``/``eigvals`` give NaN for non-finite matrices).

Top-ups where torch differs from the standard, each in the module of its spec section:
``floor_divide``/``remainder`` and complex ``acos``/``expm1``/``log1p``/``tanh`` special values
(``_elementwise_functions``), ``std`` with a float correction and ``var``/``std`` over
``axis=()``, ``linalg.vector_norm`` of 0-d and empty input, ``unique_*`` with first indices
and complex input, ``finfo``/``iinfo`` reporting dtype objects. torch's "shell" dtypes uint16,
uint32 and uint64 are left out of ``__array_namespace_info__().dtypes()`` and refused with a
TypeError (``_dtypes`` says why).
``enable_array_object()`` (what ``arraykit.enable("torch")`` calls) gives ``torch.Tensor``
``__array_namespace__``, ``to_device`` and the standard's operators (``_array_object``).
Every other name is array-api-compat's own object.
"""

from __future__ import annotations

import math as _math
from functools import partial
from operator import attrgetter
from typing import Any

import array_api_compat.torch as _compat
import torch as _torch

from .._common import dtypes as _d
from .._common import scalars as _s
from .._common.checks import check_data_ints, check_int_range
from .._common.data_types import delegated_isdtype
from .._common.errors import wrap
from .._common.reexport import NAMESPACE_DUNDERS, reexport
from .._common.sizes import INT64_MAX, check_shape
from .._common.utils import broadcast_shapes, normalize_axis, standard_can_cast
from . import linalg as linalg  # re-exported: eig/eigvals safe on non-finite input
from ._array_object import array_object_enabled as array_object_enabled
from ._array_object import disable_array_object as disable_array_object
from ._array_object import enable_array_object as enable_array_object
from ._dtypes import SHELL_DTYPES, check_dtype, refusing_shell_dtypes
from ._dtypes import finfo as finfo
from ._dtypes import iinfo as iinfo
from ._elementwise_functions import acos as acos
from ._elementwise_functions import expm1 as expm1
from ._elementwise_functions import floor_divide as floor_divide
from ._elementwise_functions import log1p as log1p
from ._elementwise_functions import remainder as remainder
from ._elementwise_functions import tanh as tanh
from ._elementwise_functions import unpromoted_fast_path
from ._errors import RULES, fast_path, reraise, translated, translates
from ._set_functions import unique_all as unique_all
from ._set_functions import unique_counts as unique_counts
from ._set_functions import unique_inverse as unique_inverse
from ._set_functions import unique_values as unique_values
from ._statistical_functions import std as std
from ._statistical_functions import var as var

_Tensor = _torch.Tensor
_dtype = _torch.dtype
#: The builtin, for functions of this module: reexport below makes the module's own ``int``
#: array-api-compat's re-export of ``torch.int`` (int32), which no axis is an instance of.
_int = int
_complex = complex  # likewise (torch.complex)
_float = float  # likewise (torch.float)
_torch_matmul = _torch.matmul


_compat_matmul = translated(_compat.matmul, "matmul")
_compat_matrix_transpose = translated(_compat.matrix_transpose, "matrix_transpose")


@translates(_compat.matmul)
def _matmul(x1: Any, x2: Any, /, **kwargs: Any) -> Any:
    """array-api-compat's ``matmul``; ``torch.matmul`` itself when both are tensors of one
    dtype (array-api-compat's promotion then changes nothing). The standard's exceptions
    raised here, without a wrapper's frame (``_errors.translates``)."""
    if type(x1) is _Tensor and type(x2) is _Tensor and x1.dtype is x2.dtype and not kwargs:
        try:
            return _torch_matmul(x1, x2)
        except Exception as exc:  # noqa: BLE001 - reraise raises its standard class
            reraise(exc, "matmul", (x1, x2))
    return _compat_matmul(x1, x2, **kwargs)


#: ``_matmul``'s fast case called from C (4x4 float64, CPU time: 0.29 -> 0.05 us over
#: torch.matmul's 1.7 us); ``_matmul`` under TorchDynamo and for every other call. Two
#: dtypes: torch.matmul raises (RuntimeError, every pair and shape: no promotion), and the
#: Guard's fallback gives the call to ``_matmul`` (compat's promotion, or the standard's
#: error); reading both dtypes to route it cost ~500 of the Guard's ~620 instructions.
#: One dtype only where x2 has rank >= 3: torch.matmul refuses mixed dtypes ("expected m1 and
#: m2 to have the same dtype") except on its batched path (x2 of rank >= 3) where an operand
#: is empty, and there it returned x2's dtype (matmul(int8[1, 0, 5, 1, 1], uint8[1, 1, 1, 1,
#: 1]) was uint8; compat's promotion: int16); an x2 of rank <= 2 takes mm, mv or dot, which
#: refuse two dtypes for every shape (every pair torch accepts, of 441 shape pairs from 1-D
#: to 4-D with and without empty extents, has an x2 of rank >= 3). So a call with an x2 of
#: rank <= 2 reads one rank where it read two dtypes (torch 2.13's getters, ~45 ns each):
#: over torch.matmul, float64, 31 interleaved blocks, (4, 4) @ (4, 4) +133 -> +62 ns, 1-D
#: +67 -> +46; a batched x2 reads the rank too: (8, 4, 4) @ (8, 4, 4) +111 -> +181.
matmul = fast_path(_torch_matmul, "matmul", _matmul, _compat.matmul, 2, fallback=True,
                   same_dtype=True, same_dtype_from_ndim=3)


_compat_astype = translated(_compat.astype, "astype")


@translates(_compat.astype)
def astype(x: Any, dtype: Any, /, *, copy: bool = True, device: Any = None) -> Any:
    """array-api-compat's ``astype``: ``x.to(dtype, copy=copy)`` for a torch dtype (anything
    else, and a device, take array-api-compat's path and its errors). The standard's
    exceptions raised here, without a wrapper's frame (``_errors.translates``: f32[16] to
    float64, 1.37 -> 1.28 us; compat's 1.23)."""
    if device is None:
        # compat's call (a shell dtype refused first; anything that is no tensor or no dtype
        # raises in x.to, translated). By keyword, as compat: torch's parser tries the device
        # overload first for a positional argument (f32[16] to float64: 3.8 -> 2.5 us).
        try:
            if dtype not in SHELL_DTYPES:
                return x.to(dtype=dtype, copy=copy)
        except Exception as exc:  # noqa: BLE001 - reraise raises its standard class
            reraise(exc, "astype", (x, dtype))
    check_dtype("astype", dtype)
    return _compat_astype(x, dtype, copy=copy, device=device)


@translates(_compat.matrix_transpose)
def _matrix_transpose(x: Any, /) -> Any:
    """array-api-compat's ``matrix_transpose``: ``x.mT`` for tensors of rank >= 2 (which
    cannot raise: no wrapper)."""
    if type(x) is _Tensor and x.ndim >= 2:
        return x.mT
    return _compat_matrix_transpose(x)


#: ``x.mT`` read from C for a tensor of rank >= 2; ``_matrix_transpose`` otherwise.
matrix_transpose = fast_path(attrgetter("mT"), "matrix_transpose", _matrix_transpose,
                             _compat.matrix_transpose, 1, min_ndim=2)


_torch_broadcast_to = _torch.broadcast_to


def broadcast_to(x: Any, /, shape: Any) -> Any:
    """array-api-compat's ``broadcast_to`` (``torch.broadcast_to``) within NumPy's size rule
    (``_common.sizes``): torch makes a view of any size (2**62 elements of one value), and a
    reduction of it then loops over every element, a process that does not return. The
    view's element count is read (C++'s) and the rule runs from 2**59 elements (below, it
    holds for every item size): with array-api-compat's wrapper frame gone, the call's extra over
    torch's stays +0.09-0.11 us (``call_cost.py``; the rule on the shape in Python: +0.26)."""
    out = _torch_broadcast_to(x, shape)
    if out.numel() > _MAX_USUAL_COUNT:
        check_shape("broadcast_to", shape, x.itemsize)
    return out


#: The largest element count within NumPy's size rule for every item size (16 bytes at
#: most): 2**59 - 1 (2**59 complex128 elements are 2**63 bytes, one past int64).
_MAX_USUAL_COUNT = INT64_MAX // 16


#: Index dtypes torch's ``index_select`` and ``gather`` refuse ("Expected dtype int32 or
#: int64 for index") and the standard's ``take``/``take_along_axis`` take (any integer
#: dtype): widened to int64 first (also before compat's ``indices + n``, which would wrap).
_NARROW_INDEX = frozenset((_torch.int8, _torch.int16, _torch.uint8))


def take(x: Any, indices: Any, /, *, axis: Any = None) -> Any:
    """array-api-compat's ``take``, int8/int16/uint8 indices as int64 (``_NARROW_INDEX``).
    (1-D int32/int64 indices of a vector take the fast path below, from C.)"""
    if getattr(indices, "dtype", None) in _NARROW_INDEX:
        indices = indices.to(_torch.int64)
    return _compat.take(x, indices, axis=axis)


def take_along_axis(x: Any, indices: Any, /, *, axis: int = -1) -> Any:
    """array-api-compat's ``take_along_axis`` (negative indices count from the end), with
    ``torch.gather``, which raises IndexError for an index out of bounds: torch 2.13's
    ``take_along_dim`` wraps it modulo the size (``[5]`` on 5 elements gives element 0).
    int8/int16/uint8 indices as int64 (``_NARROW_INDEX``)."""
    if type(x) is not _Tensor or type(indices) is not _Tensor or x.ndim != indices.ndim:
        return _compat.take_along_axis(x, indices, axis=axis)
    if indices.dtype in _NARROW_INDEX:
        indices = indices.to(_torch.int64)
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    n = x.shape[ax]
    indices = _torch.where(indices < 0, indices + n, indices)
    # gather does not broadcast: the other axes broadcast as take_along_dim's do.
    xs, js = list(x.shape), list(indices.shape)
    if xs[:ax] + xs[ax + 1:] != js[:ax] + js[ax + 1:]:
        shape = broadcast_shapes(tuple(xs[:ax] + xs[ax + 1:]), tuple(js[:ax] + js[ax + 1:]))
        x = x.expand(*shape[:ax], n, *shape[ax:])
        indices = indices.expand(*shape[:ax], js[ax], *shape[ax:])
    try:
        return _torch.gather(x, ax, indices)
    except RuntimeError as e:
        if "out of bounds" not in str(e):
            raise
        raise IndexError(f"take_along_axis: an index is out of bounds for axis {axis} of size "
                         f"{n}; indices must lie in [-{n}, {n})") from None


(add, atan2, bitwise_and, bitwise_left_shift, bitwise_or, bitwise_right_shift, bitwise_xor,
 copysign, divide, equal, greater, greater_equal, hypot, less, less_equal, logaddexp,
 logical_and, logical_or, logical_xor, maximum, minimum, multiply, nextafter, not_equal, pow,
 subtract) = map(unpromoted_fast_path, (
    "add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift",
    "bitwise_xor", "copysign", "divide", "equal", "greater", "greater_equal", "hypot", "less",
    "less_equal", "logaddexp", "logical_and", "logical_or", "logical_xor", "maximum",
    "minimum", "multiply", "nextafter", "not_equal", "pow", "subtract"))

_STANDARD_NAMES = {getattr(_torch, n): n for n in _d.ALL if hasattr(_torch, n)}


def _standard_name(x: Any) -> str | None:
    if isinstance(x, _Tensor):
        x = x.dtype
    return _STANDARD_NAMES.get(x) if type(x) is _dtype else None


#: Array API ``isdtype`` by the shims' rule; torch's dtypes outside the standard (float16,
#: bfloat16) as array-api-compat answers them (its 'real floating' holds them).
#: array-api-compat's own answered False for anything that is no dtype (a number, a list, a
#: 5,000-deep tuple), where every other namespace raises TypeError. It raises only the
#: standard's classes: no wrapper (``translates``). 0.13 us against compat's 0.12-0.80.
isdtype = translates(_compat.isdtype)(
    delegated_isdtype(_STANDARD_NAMES, lambda x: type(x) is _dtype, _compat.isdtype))


#: torch's ``can_cast`` allows downcasts (``int64 -> int8``, ``float64 -> float32``) and
#: ``bool -> int8``; the standard does not.
can_cast = standard_can_cast(_standard_name, _compat.can_cast)


# Functions that take a dtype: a shell dtype is refused at the request. (array-api-compat's
# torch namespace re-exports some of them from torch by a star import the checkers cannot
# read: through an Any alias.)
_compat_functions: Any = _compat
_asarray, from_dlpack = (
    refusing_shell_dtypes(getattr(_compat_functions, fname), fname, result=True)
    for fname in ("asarray", "from_dlpack"))
(zeros, ones, empty, _full, _arange, _linspace, eye, zeros_like, ones_like, empty_like,
 _full_like, prod) = (refusing_shell_dtypes(getattr(_compat_functions, fname), fname) for fname in (
    "zeros", "ones", "empty", "full", "arange", "linspace", "eye", "zeros_like", "ones_like",
    "empty_like", "full_like", "prod"))
_compat_sum = refusing_shell_dtypes(_compat_functions.sum, "sum")
_torch_sum = _torch.sum

def _check_int(fname: str, value: Any, dtype: Any) -> None:
    """A Python int outside the integer dtype ``dtype`` (or a tensor's) is NumPy's
    OverflowError in ``full``, ``full_like`` and ``asarray`` of a scalar (torch wraps it:
    ``full(2, -1, dtype=uint8)`` was ``[255, 255]``; past int64 its RuntimeError, which
    ``_errors`` maps)."""
    if type(value) is _int:
        name = _standard_name(dtype)
        if name in _d.IINFO:
            check_int_range(fname, value, name)


#: The standard's dtype names -> torch's dtype objects (a NumPy scalar's dtype in ``full``).
_TORCH_DTYPES = {n: getattr(_torch, n) for n in _d.ALL if hasattr(_torch, n)}


#: torch's float dtypes narrower than a Python float, by their standard names.
_NARROW = {_torch.float32: "float32", _torch.float16: "float16"}
#: Every float in this range is finite in every float dtype (float16's largest finite value):
#: the callers test it inline, and only a float beyond it calls ``_rounded``.
_SAFE = 65504.0


def _rounded(value: Any, dtype: Any) -> Any:
    """A Python float ``value`` as the float dtype ``dtype`` (a tensor's; anything else:
    torch's default) rounds it (``_common.scalars.rounded_to``: +-inf past its range, as
    NumPy, JAX, TF, MLX and Paddle give it, where torch's full, clamp and where refuse it,
    "value cannot be converted to type float without overflow", a RuntimeError). Anything
    else unchanged."""
    if type(value) is not _float:
        return value
    if isinstance(dtype, _Tensor):
        dtype = dtype.dtype
    name = _NARROW.get(dtype if type(dtype) is _dtype else _torch.get_default_dtype())
    return value if name is None else _s.rounded_to(value, name)


_REAL_SCALARS = (_int, _float)
_torch_full_like, _torch_linspace = _torch.full_like, _torch.linspace


def full(shape: Any, fill_value: Any, *, dtype: Any = None, device: Any = None) -> Any:
    """array-api-compat's ``full`` (shell dtypes refused); an int out of an integer dtype's
    range is an OverflowError (``_check_int``); a NumPy scalar is its Python scalar, and with
    no ``dtype`` gives its own, as NumPy's ``full`` (the shims' rule, ``_common.scalars``:
    torch gave ``full(2, np.bool_(True))`` float32 ones and ``np.int32`` int64)."""
    if type(fill_value) not in _s.PY_SCALARS:
        fill_value, dtype = _s.fill_value_and_dtype(fill_value, dtype, _TORCH_DTYPES)
    _check_int("full", fill_value, dtype)
    if type(fill_value) is _float and not -_SAFE <= fill_value <= _SAFE:
        fill_value = _rounded(fill_value, dtype)
    return _full(shape, fill_value, dtype=dtype, device=device)


def full_like(x: Any, /, fill_value: Any, *, dtype: Any = None, device: Any = None,
              **kwargs: Any) -> Any:
    """array-api-compat's ``full_like`` (shell dtypes refused); an int out of the result's
    integer dtype's range is an OverflowError (``_check_int``); a NumPy scalar is its Python
    scalar (``np.int64(300)`` into int8 wrapped as 300 did)."""
    if type(x) is _Tensor and dtype is None and device is None and not kwargs \
            and type(fill_value) in _REAL_SCALARS and -_SAFE <= fill_value <= _SAFE \
            and x.dtype in _FLOATS:
        # A Python number within float16's range into a float tensor's own dtype (no rule
        # applies): compat's call, torch.full_like, without its layers (f32[16] 2.8 -> ~1.6
        # us, compat 1.4). The positional call full_like(x, v) takes the C path below; this
        # one serves the keyword forms (fill_value=, dtype=None).
        return _torch_full_like(x, fill_value)
    if type(fill_value) not in _s.PY_SCALARS:
        fill_value = _s.python_scalar(fill_value)
    if type(fill_value) is _int:
        _check_int("full_like", fill_value, x if dtype is None else dtype)
    elif type(fill_value) is _float and not -_SAFE <= fill_value <= _SAFE:
        fill_value = _rounded(fill_value, x if dtype is None else dtype)
    return _full_like(x, fill_value, dtype=dtype, device=device, **kwargs)


def arange(start: Any, /, stop: Any = None, step: Any = 1, *, dtype: Any = None,
           device: Any = None) -> Any:
    """array-api-compat's ``arange`` (shell dtypes refused); a first value out of an integer
    ``dtype`` is an OverflowError, the shims' rule and NumPy's (torch wrapped it:
    ``arange(250, 260, dtype=int8)`` began at -6; later values wrap, as NumPy's). NumPy
    scalars are the Python scalars of their kind (``_common.scalars``)."""
    py = _s.PY_SCALARS
    if type(start) not in py or (stop is not None and type(stop) not in py) \
            or type(step) not in py:
        start, stop, step = (_s.python_scalar(start), _s.python_scalar(stop),
                             _s.python_scalar(step))
    if dtype is not None and stop is not None and type(start) in (_int, _float) and start \
            and _math.isfinite(start):
        _check_int("arange", _int(start), dtype)
    return _arange(start, stop, step, dtype=dtype, device=device)


def linspace(start: Any, stop: Any, /, num: Any, *, dtype: Any = None, device: Any = None,
             endpoint: bool = True) -> Any:
    """array-api-compat's ``linspace`` (shell dtypes refused); with no ``dtype``, floating
    NumPy scalar endpoints give their dtype, as NumPy's ``linspace`` and the shims'
    (``_common.scalars.numpy_floating_dtype``: torch gave ``np.float64`` endpoints its default
    float32)."""
    if dtype is None and device is None and endpoint is True and type(start) in _REAL_SCALARS \
            and type(stop) in _REAL_SCALARS and type(num) is _int and num >= 0:
        # Python numbers into the default dtype: compat's call, torch.linspace, without its
        # layers (16 points 3.9 -> ~2.6 us, compat 2.5).
        return _torch_linspace(start, stop, num)
    if dtype is None and (_s.is_numpy_scalar(start) or _s.is_numpy_scalar(stop)):
        own = _s.numpy_floating_dtype(start, stop)
        start, stop = _s.python_scalar(start), _s.python_scalar(stop)
        if own is not None:
            if type(start) is _complex or type(stop) is _complex:
                own = {"float32": "complex64", "float64": "complex128"}.get(own, own)
            dtype = _TORCH_DTYPES.get(own)  # float16: the default, as a Python float
    return _linspace(start, stop, num, dtype=dtype, device=device, endpoint=endpoint)


#: The unsigned dtypes torch fills with a negative Python int wrapped (uint64 refuses it).
_WRAPPING_UNSIGNED = frozenset(("uint8", "uint16", "uint32"))


def asarray(obj: Any, /, *, dtype: Any = None, device: Any = None, copy: Any = None,
            **kwargs: Any) -> Any:
    """array-api-compat's ``asarray`` (shell dtypes refused); a Python int scalar out of an
    integer ``dtype``'s range is an OverflowError (``_check_int``), and so is a number in a
    list or tuple (``check_data_ints``, NumPy 2's rule): torch wraps a negative int into
    uint8/16/32 (``asarray([-1], dtype=uint8)`` was ``[255]``), so those are read first; for
    the other integer dtypes torch refuses the number itself, and the rule then gives its
    class (a NaN: ValueError, where torch's RuntimeError reads as an overflow). A NumPy scalar
    given a ``dtype`` is the Python scalar of its kind (``_common.scalars.asarray_data``:
    torch cast ``np.int64(300)`` into int8 as 44)."""
    obj = _s.asarray_data(obj, dtype)
    if type(obj) is _int:
        # (past int64 without a dtype: torch's ValueError "Overflow when unpacking long long"
        # is left to mean a size past int64 elsewhere, the size rule's ValueError)
        _check_int("asarray", obj, _torch.int64 if dtype is None else dtype)
    elif type(obj) in (list, tuple) and dtype is not None:
        name = _standard_name(dtype)
        if name in _WRAPPING_UNSIGNED:
            check_data_ints("asarray", obj, name)
        elif name in _d.IINFO:
            try:
                return _asarray(obj, dtype=dtype, device=device, copy=copy, **kwargs)
            except (RuntimeError, OverflowError, ValueError):
                check_data_ints("asarray", obj, name)
                raise
    return _asarray(obj, dtype=dtype, device=device, copy=copy, **kwargs)


def sum(x: Any, /, *, axis: int | tuple[int, ...] | None = None, dtype: Any = None,
        keepdims: bool = False, **kwargs: Any) -> Any:
    """array-api-compat's ``sum`` (shell dtypes refused); ``torch.sum(x)`` itself for the
    whole-array sum of a tensor with no dtype request, which is what array-api-compat calls
    then: three Python frames fewer, which a loop body summing its cost per step pays
    (the overhead study's control workload); ``torch.sum(x, axis, keepdims=...)`` for an int
    axis (compat's call; f32 (4, 4) over axis 0: 1.5 -> 0.4 us more than compat's)."""
    if dtype is None and not kwargs and type(x) is _Tensor and x.dtype not in SHELL_DTYPES:
        if axis is None and keepdims is False:
            return _torch_sum(x)
        if type(axis) is _int:  # compat's call then (nothing for _compat_sum to refuse)
            return _torch_sum(x, axis, keepdim=keepdims)
        return _compat.sum(x, axis=axis, keepdims=keepdims)
    return _compat_sum(x, axis=axis, dtype=dtype, keepdims=keepdims, **kwargs)
cumulative_sum = refusing_shell_dtypes(_compat_functions.cumulative_sum, "cumulative_sum")
cumulative_prod = refusing_shell_dtypes(_compat_functions.cumulative_prod, "cumulative_prod")


#: The standard's dtypes torch holds (shell dtypes and float16 take the Python path), and the
#: real ones; compared by identity in C.
_STANDARD = tuple(d for d in {getattr(_torch, n) for n in _d.ALL if hasattr(_torch, n)}
                  if d not in SHELL_DTYPES)
_REAL = tuple(d for d in _STANDARD if not d.is_complex)


def _exact(native: Any, fname: str, general: Any, compat: Any, arity: int = 1, *,
           section: str = "", dtypes: tuple | None = _STANDARD, **kwargs: Any) -> Any:
    """``native`` from C for exactly ``arity`` tensors (of one of ``dtypes``; the first) and
    the arguments ``then=`` lists, no keyword (``_common.errors.fast_path``), where it gives
    ``general``'s result (array-api-compat's wrapper only renames arguments or fills in
    their defaults there); ``general`` (with the namespace's translation) otherwise.
    ``compat``: what tests/shims/test_compat_fast_paths.py compares it with, whole."""
    if not getattr(general, "__arraykit_errors__", False):
        general = wrap(general, fname, RULES, section)
    return fast_path(native, fname, general, compat, arity, exact=True,
                     dtypes=None if dtypes is None else (0, dtypes), **kwargs)


# Measured with benchmarks/call_cost.py (f32[16], torch 2.13 CPU): array-api-compat's Python
# wrapper (0.3-4 us) replaced by the Guard's test.
zeros_like = _exact(_torch.zeros_like, "zeros_like", zeros_like, _compat_functions.zeros_like)
ones_like = _exact(_torch.ones_like, "ones_like", ones_like, _compat_functions.ones_like)
asarray = _exact(_torch.asarray, "asarray", asarray, _compat.asarray)
zeros = _exact(_torch.zeros, "zeros", zeros, _compat.zeros, 0, dtypes=None,
               then=((tuple, int),))
#: A call torch.full refuses (a float past float32: _rounded) reruns through ``full``.
full = _exact(_torch.full, "full", full, _compat.full, 0, dtypes=None,
              then=((tuple,), _s.PY_SCALARS), fallback=True)
#: torch.arange(n) itself for one int or float: compat's result wherever torch gives one
#: (compat calls torch.arange(0, n, 1)); torch raises for an empty range (arange(-1)), a NaN,
#: an infinity or an overflow, and the fallback gives those calls to compat's (its empty-range
#: rule, or the same error). Also with ``dtype=`` (then ``device=``), a creation's usual
#: keywords (the vision workload's pixel grid: 2.23 -> ~1.4 us, torch.arange 1.37, f32 n=256):
#: torch's arange raises for the shell dtypes the namespace refuses and for bool and complex,
#: which compat serves, so those calls reach the general path through the fallback.
arange = _exact(_torch.arange, "arange", arange, _compat.arange, 0, dtypes=None,
                then=((int, float),), fallback=True,
                kw=(("dtype", (_torch.dtype, type(None))),
                    ("device", (_torch.device, str, type(None)))))
#: compat's eye is zeros and a diagonal filled: torch.eye's values.
eye = _exact(_torch.eye, "eye", eye, _compat.eye, 0, dtypes=None, then=((int,),))
tanh = _exact(_torch.tanh, "tanh", tanh, tanh, dtypes=_REAL)  # ours corrects complex only
round = _exact(_torch.round, "round", _compat.round, _compat.round, dtypes=_REAL)
#: An int ``axis=`` (and ``keepdims=`` after it) from C too: array-api-compat then calls
#: ``torch.<op>(x, axis, keepdims=keepdims)``, and torch reads NumPy's names for its own
#: (``dim``, ``keepdim``). keepdims alone (compat's axis=None rule), a tuple axis or the
#: names in the other order take the Python path.
_AXIS = (("axis", (int,)), ("keepdims", (bool,)))
sum = _exact(_torch_sum, "sum", sum, _compat.sum, kw=_AXIS)
prod = _exact(_torch.prod, "prod", prod, _compat.prod, kw=_AXIS)
def _mean(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Any:
    """array-api-compat's ``mean``; an integer tensor's in torch's default floating dtype, the
    shims' rule (NumPy's, JAX's, TF's, MLX's, Paddle's and MXNet's namespaces compute it;
    torch refused it: "could not infer output dtype"). Bool stays refused, as the shims'."""
    if type(x) is _Tensor and x.dtype in _INTEGER_DTYPES:
        x = x.to(_torch.get_default_dtype())
    return _compat.mean(x, axis=axis, keepdims=keepdims)


_INTEGER_DTYPES = frozenset(d for d in _STANDARD if not d.is_floating_point and not d.is_complex
                            and d is not _torch.bool)
#: Integer input: torch.mean raises, and the fallback gives the call to ``_mean``.
mean = _exact(_torch.mean, "mean", _mean, _mean, kw=_AXIS, fallback=True)  # ours: a top-up
max = _exact(_torch.amax, "max", _compat.max, _compat.max, kw=_AXIS)
min = _exact(_torch.amin, "min", _compat.min, _compat.min, kw=_AXIS)
std = _exact(partial(_torch.std, correction=0), "std", std, std)
#: ``correction=0`` an int, as ``std``'s: torch parses a float Scalar ~1,100 instructions
#: (~0.3 us) slower, and the result is the same bits (every float/complex dtype, 0-d, empty,
#: NaN, inf, with and without dim/keepdim: compared bit for bit).
var = _exact(partial(_torch.var, correction=0), "var", var, var)
_isnan, _torch_sign, _torch_flip = _torch.isnan, _torch.sign, _torch.flip
_torch_squeeze = _torch.squeeze
_NAN = float("nan")


def _real_sign(x: Any, /) -> Any:
    """array-api-compat's ``sign`` of a real tensor: ``torch.sign``, NaN where x is NaN
    (torch gives 0 there), by ``masked_fill_`` instead of compat's indexed assignment (a
    nonzero and an index_put; ``where`` with the NaN costs more than either, its scalar
    made a tensor): f32[16], CPU time, 6.4 -> 5.1 us, torch.sign 1.5."""
    if x.is_floating_point():
        return _torch_sign(x).masked_fill_(_isnan(x), _NAN)
    return _torch_sign(x)


sign = _exact(_real_sign, "sign", _compat.sign, _compat.sign, dtypes=_REAL)

_clamp = _torch.clamp
_FLOATS = tuple(d for d in _REAL if d.is_floating_point)


def _clip_floats(x: Any, low: Any, high: Any, /) -> Any:
    """array-api-compat's ``clip`` of a float32/float64 tensor between two Python numbers:
    ``torch.clamp`` itself where neither is NaN (compat's call then; a NaN bound is compat's
    all-NaN answer, which torch.clamp does not give)."""
    if low == low and high == high:
        return _clamp(x, low, high)
    return _compat.clip(x, low, high)


def _clip(x: Any, /, min: Any = None, max: Any = None, **kwargs: Any) -> Any:
    """array-api-compat's ``clip``, a NumPy scalar bound as its Python scalar and a Python int
    beyond an integer dtype by the shims' rule (``delegated_clip_bounds``: torch refused
    ``clip(int8 x, 0, np.int64(300))``, which cannot bind)."""
    if type(x) is _Tensor and not kwargs and x.dtype in _FLOATS:
        # One Python float bound within float16's range (no rounding rule applies; NaN fails
        # the comparisons), the other None (clip(x, min=0.0): a keyword call, off the C
        # path): torch.clamp, compat's call there. f32[16] 4.0 -> ~1.7 us (compat 2.5).
        if max is None and type(min) is _float and -_SAFE <= min <= _SAFE:
            return _clamp(x, min)
        if min is None and type(max) is _float and -_SAFE <= max <= _SAFE:
            return _clamp(x, None, max)
    name = _standard_name(x)
    if name is not None:
        min, max = _s.delegated_clip_bounds(min, max, name)
        min, max = _rounded(min, x), _rounded(max, x)
    return _compat.clip(x, min, max, **kwargs)


clip = _exact(_clip_floats, "clip", _clip, _compat.clip, dtypes=_FLOATS,
              then=((int, float), (int, float)), fallback=True)  # a bound past float32: _clip
#: ``full_like(x, v)`` of a float tensor and a Python number from C: torch.full_like, compat's
#: call (the Python fast path above cost +0.3 us over compat's); a value torch refuses (past
#: the dtype's range: float16's 65504, float32's max) reruns through the Python function,
#: whose rounding rule answers it.
full_like = _exact(_torch_full_like, "full_like", full_like, _compat_functions.full_like,
                   dtypes=_FLOATS, then=((int, float),), fallback=True)

#: Every axis of a tensor of rank n (flip's axis=None), for the ranks torch allows.
_ALL_AXES = tuple(tuple(range(n)) for n in range(65))


def _flip(x: Any, /, *, axis: Any = None) -> Any:
    """array-api-compat's ``flip`` (``x.flip(axis)``, every axis for None) by
    ``torch.flip(x, dims)`` for None, which parses its arguments faster than the method
    (f32[16]: 2.1 vs 3.0 us), without compat's ``tuple(range(x.ndim))`` per call; the method
    for an axis (which takes an int, and axis 0 or -1 of a 0-d tensor)."""
    if axis is None:
        return _torch_flip(x, _ALL_AXES[x.ndim])
    return x.flip(axis)


flip = _exact(_flip, "flip", _compat.flip, _compat.flip, kw=(("axis", (int, tuple)),))


def _squeeze(x: Any, /, axis: Any) -> Any:
    """array-api-compat's ``squeeze`` for an int axis of size 1: ``torch.squeeze(x, axis)``
    (compat tests the size, reads ``x.shape[axis]``, which raises its IndexError here too,
    then normalises the axis into a tuple and loops); any other call is compat's."""
    if type(axis) is _int and x.shape[axis] == 1:
        return _torch_squeeze(x, axis)
    return _compat.squeeze(x, axis)


squeeze = _exact(_squeeze, "squeeze", _compat.squeeze, _compat.squeeze,
                 kw=(("axis", (int,)),))
#: compat's cumulative_sum of a 0-d or 1-D tensor is cumsum along axis 0 (above: ValueError).
cumulative_sum = _exact(partial(_torch.cumsum, dim=0), "cumulative_sum", cumulative_sum,
                        _compat.cumulative_sum, max_ndim=1)
#: torch.any/all of uint8 give uint8 (compat casts to bool). An int ``axis=`` (and
#: ``keepdims=``) from C too, as ``sum``'s: compat then calls ``torch.any(x, axis,
#: keepdims=keepdims).to(torch.bool)``, and the ``to`` returns the bool tensor itself
#: (the vision workload's ``all(..., axis=-1)``: 10.5 -> ~7.5 us, torch 2.13 CPU).
any = _exact(_torch.any, "any", _compat.any, _compat.any,
             dtypes=tuple(d for d in _STANDARD if d is not _torch.uint8), kw=_AXIS)
all = _exact(_torch.all, "all", _compat.all, _compat.all,
             dtypes=tuple(d for d in _STANDARD if d is not _torch.uint8), kw=_AXIS)
count_nonzero = _exact(_torch.count_nonzero, "count_nonzero", _compat.count_nonzero,
                       _compat.count_nonzero)
argsort = _exact(partial(_torch.argsort, stable=True), "argsort", _compat.argsort,
                 _compat.argsort)
_torch_sort = _torch.sort


def _sort_values(x: Any, /) -> Any:
    """array-api-compat's ``sort`` with its defaults: the values of torch's stable sort along
    the last axis, without compat's keyword renaming (f32[16], CPU time: 3.25-3.54 -> ~2.95 us;
    ``torch.sort(x, stable=True)`` 2.93-3.02, ``torch.sort(x)`` 2.67-2.80)."""
    return _torch_sort(x, stable=True)[0]


sort = _exact(_sort_values, "sort", _compat.sort, _compat.sort)


#: compat's promotion differs from torch's only where an operand is 0-d. Its general path
#: (``wrap``) has the shims' rules for a Python int out of the other operand's integer dtype
#: (torch wrapped it: ``where(c, int8 x, 300)`` held 44) and for NumPy scalars.
def _where(condition: Any, x1: Any, x2: Any, /) -> Any:
    """array-api-compat's ``where``, a Python float past the other operand's float dtype as
    that dtype rounds it (``_rounded``: torch refused 1e300 beside float32)."""
    if type(x1) is _float and not -_SAFE <= x1 <= _SAFE:
        x1 = _rounded(x1, x2)
    if type(x2) is _float and not -_SAFE <= x2 <= _SAFE:
        x2 = _rounded(x2, x1)
    return _compat.where(condition, x1, x2)


where = _exact(_torch.where, "where", _where, _compat.where, 3, dtypes=None, min_ndim=1)
#: compat's solve adds an axis to x2 only where x1 has more than two (and promotes: two
#: dtypes, torch.linalg.solve raises, and the fallback gives the call to compat's).
_linalg_module: Any = linalg  # array-api-compat's names: type checkers cannot see them
_solve = _linalg_module.solve
_linalg_module.solve = _exact(_torch.linalg.solve, "solve", _solve, _solve, 2, section="linalg",
                              dtypes=None, fallback=True, min_ndim=1, max_ndim=2)
#: ours differs from torch's for 0-d (and empty) input only.
linalg.vector_norm = _exact(_torch.linalg.vector_norm, "vector_norm", linalg.vector_norm,
                            linalg.vector_norm, section="linalg", min_ndim=1)


def result_type(*arrays_and_dtypes: Any) -> Any:
    """array-api-compat's ``result_type``; shell dtypes refused (torch cannot promote them)."""
    for a in arrays_and_dtypes:
        check_dtype("result_type", a)
    return _compat.result_type(*arrays_and_dtypes)


reexport(_compat, globals(), NAMESPACE_DUNDERS)

from ._errors import install_errors  # noqa: E402 - last: it wraps every function above

install_errors(globals())

_index_select = _torch.index_select


def _take_vector(x: Any, indices: Any, /, *, axis: Any = 0) -> Any:
    """``torch.index_select`` itself: compat's ``take`` of a vector by int32/int64 indices,
    all in range, is ``index_select`` of ``where(indices < 0, ...)``'s copy of them."""
    return _index_select(x, axis, indices)


#: take of a 1-D tensor by 1-D int32/int64 indices from C (f32[16]: compat's where and the
#: installed wrapper's bool test cost 8.6 us over index_select's 1.7); torch raises for a
#: negative or out-of-range index (IndexError) and the fallback gives that call to the
#: installed wrapper: compat's negative indices, or the standard's IndexError, as before.
take = fast_path(_take_vector, "take", globals()["take"], _compat.take, 2, min_ndim=1,  # noqa: F811
                 max_ndim=1, exact=True, dtypes=(1, (_torch.int32, _torch.int64)),
                 fallback=True, kw=(("axis", (_int,)),))

#: concat of a non-empty list or tuple of plain tensors along an int axis: torch.cat from C,
#: what compat's concat calls there (torch.concat is torch.cat), without its Python frame;
#: an error from torch.cat is translated as the installed wrapper translates compat's (the
#: same call raised it). axis=None, a bool or NumPy axis, a subclass or foreign item, an
#: empty sequence: the installed wrapper, as before.
concat = fast_path(_torch.cat, "concat", globals()["concat"], _compat.concat, 1, seq=0,
                   exact=True, kw=(("axis", (_int,)),))

_general_vecdot = globals()["vecdot"]
_linalg_vecdot = _torch.linalg.vecdot
_VECDOT_DTYPES = frozenset((*_FLOATS, _torch.complex64, _torch.complex128))


def vecdot(x1: Any, x2: Any, /, *, axis: Any = -1) -> Any:
    """Array API ``vecdot``: ``torch.linalg.vecdot`` (array-api-compat's ``linalg.vecdot``)
    for two tensors of one floating dtype and rank with the same extent along ``axis``
    (torch's own would broadcast an extent of 1 there); every other call the installed
    wrapper's. compat's main-namespace ``vecdot`` is a batched matmul of (1, n) by (n, 1)
    matrices: f32[16] 25 us a call (torch.linalg.vecdot 1.1), and for 4 x 250001 float32
    0.1 an 8.5e-4 relative error (torch.linalg.vecdot 2.6e-8, NumPy 1.4e-5)."""
    if type(x1) is _Tensor and type(x2) is _Tensor and type(axis) is _int:
        d = x1.dtype
        n = x1.ndim
        if d is x2.dtype and d in _VECDOT_DTYPES and n == x2.ndim and -n <= axis < n \
                and x1.shape[axis] == x2.shape[axis]:
            try:
                return _linalg_vecdot(x1, x2, dim=axis)
            except RuntimeError:
                pass  # shapes that do not broadcast: the wrapper raises the standard error
    return _general_vecdot(x1, x2, axis=axis)


_linalg_module.vecdot = vecdot  # one function in both namespaces, as the standard's
