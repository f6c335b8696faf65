"""The creation functions' rules, written once for the full shims (TF, MXNet, MLX, Paddle).

Each runs over a shim's primitives module ``p`` (``_common/primitives.py``): ``linspace``
whole (its values are computed on the host); for the others the arguments (``arange_args``,
``eye_args``, ``fill_args`` for ``full``/``full_like``, ``like_args`` for the ``*_like``
functions, ``k_arg``/``tri_k`` for ``tril``/``triu``, ``check_meshgrid``), so that a shim's
function holds only its framework's work. Where the shims had drifted apart, the rule is
NumPy's (each docstring says which). ``host_data`` reads ``asarray``'s nested data.
"""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

from .checks import (
    check_indexing,
    check_int_range,
    check_same_dtype,
    check_step,
    dtype_not_allowed,
    not_an_array,
    shown,
)
from .dlpack import require_producer
from .dtypes import DEFAULT_DTYPES, IINFO, promote
from .primitives import ShimPrimitives
from .scalars import PY_SCALARS, numpy_floating_dtype, numpy_scalar_dtype, python_scalar
from .utils import MAX_NDIM, too_deep


def host_data(obj, array_type: type, to_numpy, depth: int = 0):
    """``asarray``'s nested Python data, possibly holding arrays of ``array_type`` (each
    converted by ``to_numpy``), as a NumPy array; ValueError past ``MAX_NDIM`` levels."""
    if isinstance(obj, array_type):
        return to_numpy(obj)
    if isinstance(obj, (list, tuple)) and any(
            isinstance(o, (array_type, list, tuple)) for o in obj):
        if depth == MAX_NDIM:
            raise too_deep("asarray")
        return np.asarray([host_data(o, array_type, to_numpy, depth + 1) for o in obj])
    return np.asarray(obj)


def _real(p: ShimPrimitives, v, fname: str):
    """A real number argument: a Python int or float (a bool is its int, as NumPy), a NumPy
    scalar or a 0-d array of a real dtype as its Python number; TypeError otherwise."""
    t = type(v)
    if t is int or t is float:
        return v
    if isinstance(v, p.ARRAY_TYPE) and tuple(v.shape) == () and p.name_of(v) in _REAL:
        v = p.to_host(v).item()
    v = python_scalar(v)
    t = type(v)
    if t is int or t is float:
        return v
    if t is bool:
        return int(v)
    raise TypeError(f"{fname}: start, stop and step must be real numbers, got {shown(v)}")


_REAL = frozenset(("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                   "uint64", "float32", "float64"))


def arange_args(p: ShimPrimitives, start, stop, step, dtype, device) -> tuple:
    """``arange``'s ``(first, delta, n, name, device)``: the result holds ``first + i * delta``
    for ``i < n`` in dtype ``name``, on ``p.device_arg``'s device.

    - ``stop=None`` makes ``start`` the stop (from 0); the arguments are real numbers
      (:func:`_real`); a zero ``step`` is a ValueError.
    - ``dtype=None``: the default integer dtype when all three are ints, else the default
      float; a bool dtype is a TypeError (NumPy refuses all but 2 elements; TF, MXNet and
      Paddle gave ``[False, True, True]`` for ``arange(3)``).
    - ``n = ceil((stop - start) / step)`` (exact for ints; ValueError where it is no number),
      checked by ``p.checked_shape``.
    - For an integer dtype ``first``/``delta`` are ints, as NumPy's: ``int(start)`` and
      ``int(start + step) - int(start)`` (float arguments are truncated: Paddle and MXNet
      gave ``[-2, -1, 0, 0]`` for ``arange(-2.5, 1, dtype=int64)``, NumPy ``[-2, -1, 0, 1]``);
      a first value beyond the dtype's range is an OverflowError, as NumPy's (the later
      values wrap around, as NumPy's and every framework's: ``arange(250, 260,
      dtype=uint8)`` ends ``0, 1, 2, 3``). Else floats."""
    if stop is None:
        start, stop = 0, start
    start, stop, step = _real(p, start, "arange"), _real(p, stop, "arange"), _real(
        p, step, "arange")
    check_step(step)
    ints = type(start) is int and type(stop) is int and type(step) is int
    if dtype is None:
        name = _DEFAULT_INT if ints else p.DEFAULT_FLOAT
    else:
        name = p.dtype_arg(dtype, "arange")
        if name == "bool":
            raise dtype_not_allowed("arange", name, "a numeric dtype")
    if ints:
        n = max(0, -(-(stop - start) // step))
    else:
        length = (stop - start) / step
        if length != length or length in (math.inf, -math.inf):
            raise ValueError(f"arange: cannot compute the length of arange({start}, {stop}, "
                             f"{step})")
        n = max(0, math.ceil(length))
    n = p.checked_shape("arange", (n,), name)[0]
    dev = p.device_arg(device, "arange")
    if name not in IINFO:
        return float(start), float(step), n, name, dev
    if ints:
        first, delta = start, step
    else:
        first = int(start)
        delta = int(start + step) - first
    if n:
        check_int_range("arange", first, name)
    return first, delta, n, name, dev


#: The magnitude up to which every integer is exact in a float dtype.
EXACT_INT = {"float32": 2 ** 24, "float64": 2 ** 53}


def whole_range(name: str, first: float, delta: float, n: int) -> bool:
    """Whether ``arange_args``'s float values ``first + i * delta`` (``i``, ``i * delta`` and
    the stop ``first + n * delta`` a range op takes its length from too, for ``i <= n``) are
    whole numbers that dtype ``name`` holds exactly, from a start that is not -0.0: then the
    framework's own range in the dtype gives the float64 route's values in one op (its sum
    or product in the dtype is exact; the float64 route's first value is +0.0 for a -0.0
    start)."""
    limit = EXACT_INT.get(name)
    return (limit is not None and n > 0 and first.is_integer() and delta.is_integer()
            and (first != 0 or math.copysign(1.0, first) > 0)
            and max(n, abs(first), abs(first + n * delta), n * abs(delta)) <= limit)


def check_meshgrid(p: ShimPrimitives, indexing, arrays) -> None:
    """``meshgrid``'s arguments: ``indexing``, then ``arrays``, each one of the shim's arrays
    (TypeError), of one dtype (TypeError) and one-dimensional (ValueError, as NumPy 2 and
    array-api-strict; TF and MXNet flattened them)."""
    check_indexing(indexing)
    names = []
    for a in arrays:
        if not isinstance(a, p.ARRAY_TYPE):
            raise not_an_array("meshgrid", a, p.ARRAY_NOUN)
        n = p.name_of(a)
        if n is None:
            raise p.unsupported(a, "meshgrid")
        names.append(n)
    check_same_dtype("meshgrid", names)
    for a in arrays:
        if len(a.shape) != 1:
            raise ValueError("meshgrid: every array must be one-dimensional, got shape "
                             f"{tuple(a.shape)}")


def k_arg(p: ShimPrimitives, k, fname: str) -> int:
    """The diagonal offset ``k`` of ``eye``/``tril``/``triu`` as a Python int, read as NumPy
    reads it (``operator.index``: ints, bools, NumPy integers; a 0-d integer array on the
    host); TypeError naming ``fname`` for anything else (a float: MXNet passed 1.5 to its
    kernel as 1, MLX and Paddle refused a bool)."""
    if type(k) is int:
        return k
    if isinstance(k, p.ARRAY_TYPE):
        if tuple(k.shape) == () and p.name_of(k) in p.DTYPE_RULES.kind_sets["integral"]:
            return int(p.to_host(k))
    else:
        try:
            return operator.index(k)
        except TypeError:
            pass
    raise TypeError(f"{fname}: k must be an int, got {shown(k)}")


def tri_k(p: ShimPrimitives, x, k, fname: str) -> int:
    """``tril``/``triu``'s checks (``x`` one of the shim's arrays of a standard dtype, at
    least 2-d; ``k`` by :func:`k_arg`) and ``k`` clamped to ``[-rows, cols]``, which keeps
    every result (the frameworks overflowed, or raised their own errors, at ``k`` beyond
    int64). A TF graph's unknown extents leave ``k`` as it is."""
    if not isinstance(x, p.ARRAY_TYPE):
        raise not_an_array(fname, x, p.ARRAY_NOUN)
    if p.name_of(x) is None:
        raise p.unsupported(x, fname)
    shape = x.shape
    if len(shape) < 2:  # a TF graph's unknown rank raises its own ValueError
        raise ValueError(f"{fname}: x must have at least 2 dimensions")
    k = k_arg(p, k, fname)
    rows, cols = shape[-2], shape[-1]
    if type(rows) is int and type(cols) is int:
        return -rows if k < -rows else cols if k > cols else k
    return k


def eye_args(p: ShimPrimitives, n_rows, n_cols, k, dtype, device) -> tuple:
    """``eye``'s ``(name, (rows, cols), k, device, inside)``: the dtype name (the default
    float for None), the shape by ``p.checked_shape`` (``n_cols`` None: ``n_rows``), ``k`` by
    :func:`k_arg`, ``p.device_arg``'s device, and whether diagonal ``k`` meets the matrix
    (else the result is all zeros, whatever ``k``'s size)."""
    name = p.DEFAULT_FLOAT if dtype is None else p.dtype_arg(dtype, "eye")
    shape = p.checked_shape("eye", (n_rows, n_rows if n_cols is None else n_cols), name)
    k = k_arg(p, k, "eye")
    dev = p.device_arg(device, "eye")
    return name, shape, k, dev, -shape[0] < k < shape[1]


#: A real floating dtype -> the complex dtype of its precision.
_COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}


def _endpoint(p: ShimPrimitives, v) -> tuple[Any, str | None]:
    """A ``linspace`` endpoint as a Python number, and the floating dtype it carries (a 0-d
    floating array's, a floating NumPy scalar's; None for a Python number or an integer)."""
    if isinstance(v, p.ARRAY_TYPE):
        shape = tuple(v.shape)
        if shape:
            raise ValueError(f"linspace: endpoints must be scalars or 0-d arrays, got shape "
                             f"{shape}")
        name = p.name_of(v)
        if name is None:
            raise p.unsupported(v, "linspace")
        return p.to_host(v).item(), name if name in _FLOATING else None
    own = numpy_floating_dtype(v)  # NumPy's linspace keeps np.float32's dtype
    v = python_scalar(v)
    if type(v) not in PY_SCALARS:
        raise TypeError(f"linspace: start and stop must be numbers or 0-d arrays, got "
                        f"{shown(v)}")
    return v, own if own in _FLOATING else None  # np.float16: the default, as a Python float


_FLOATING = frozenset(("float32", "float64", "complex64", "complex128"))


def linspace(p: ShimPrimitives, start, stop, num, *, dtype=None, device=None, endpoint=True):
    """Array API ``linspace`` over primitives ``p``: NumPy's values (``numpy.linspace`` in
    float64, complex128 for complex endpoints, ``stop`` exactly the last value with
    ``endpoint``), cast once to the result dtype on the host and moved to ``device``.

    - ``start``/``stop``: numbers, NumPy scalars or 0-d arrays (SciPy passes them; NumPy
      accepts them); an array of another shape is a ValueError, anything else a TypeError.
    - ``dtype=None``: a floating NumPy scalar's or 0-d array's dtype (promoted between the
      two, complex for a complex other endpoint), else the default (complex) floating dtype,
      as NumPy 2's linspace. ``dtype`` not floating-point, or real with a complex endpoint:
      TypeError (the standard asks for a floating dtype; NumPy would floor the values).
    - ``num``: a count by ``p.checked_shape`` (NumPy's errors, the framework's limits)."""
    start, own_a = _endpoint(p, start)
    stop, own_b = _endpoint(p, stop)
    cplx = type(start) is complex or type(stop) is complex
    rules = p.DTYPE_RULES
    if dtype is None:
        own = own_a or own_b if own_a is None or own_b is None else promote(own_a, own_b)
        if own is None:
            name = p.DEFAULT_COMPLEX if cplx else p.DEFAULT_FLOAT
            if name is None:
                raise rules.refuse_dtype("complex128", "linspace")
        else:
            name = _COMPLEX_OF.get(own, own) if cplx else own
            if name not in p.SUPPORTED:
                raise rules.refuse_dtype(name, "linspace")
    else:
        name = p.dtype_arg(dtype, "linspace")
        if name not in _FLOATING:
            raise dtype_not_allowed("linspace", name, "a floating-point dtype")
        if cplx and name not in ("complex64", "complex128"):
            raise TypeError(f"linspace: complex endpoints need a complex dtype, not {name}")
    work = "complex128" if name in ("complex64", "complex128") else "float64"
    num = p.checked_shape("linspace", (num,), work)[0]
    dev = p.device_arg(device, "linspace")
    a = np.linspace(start, stop, num, endpoint=bool(endpoint), dtype=work)
    with np.errstate(over="ignore"):  # beyond float32: inf, as the frameworks' casts
        a = a.astype(name, copy=False)
    return p.from_host(a, name, dev)


#: A dtype name -> the Python type its values are held as (what ``fill_args`` converts to).
_PY_TYPE_OF = {"bool": bool, "float32": float, "float64": float, "complex64": complex,
               "complex128": complex}
_DEFAULT_INT = DEFAULT_DTYPES["integral"]


def _fill_scalar(p: ShimPrimitives, value, fname: str) -> tuple[Any, str | None]:
    """A fill value that is no Python scalar (the rare path): a NumPy scalar or a 0-d array
    as its Python scalar and the dtype it carries; TypeError for anything else."""
    if isinstance(value, p.ARRAY_TYPE):
        if tuple(value.shape) != ():
            raise TypeError(f"{fname}: fill_value must be a scalar or a 0-d array, got an "
                            f"array of shape {tuple(value.shape)}")
        name = p.name_of(value)
        if name is None:
            raise p.unsupported(value, fname)
        return p.to_host(value).item(), name
    v = python_scalar(value)
    if type(v) not in PY_SCALARS:
        raise TypeError(f"{fname}: fill_value must be a bool, int, float or complex, got "
                        f"{shown(value)}")
    return v, numpy_scalar_dtype(value)


def fill_args(p: ShimPrimitives, value, dtype, fname: str, like: str | None = None
              ) -> tuple[Any, str]:
    """``full``'s and ``full_like``'s ``(value, name)``: the dtype name (``dtype``; else
    ``like``, the array's dtype for ``full_like``; else a NumPy scalar's or 0-d array's own
    dtype, as NumPy's ``full``; else bool or the default of the value's kind) and the value
    as the Python type that dtype holds. A NumPy scalar or 0-d array is its Python scalar
    (any other array: TypeError). Into an integer dtype a float is truncated (NumPy's cast),
    NaN is a ValueError and a value out of the dtype's range (infinities too) an
    OverflowError (MLX and MXNet filled NaN as INT_MIN); a complex value into a real dtype is
    a TypeError; into bool, any value is its truth."""
    t = type(value)
    own = None
    if t is not float and t is not int and t is not bool and t is not complex:
        value, own = _fill_scalar(p, value, fname)
        t = type(value)
    if dtype is not None:
        name = p.dtype_arg(dtype, fname)
    elif like is not None:
        name = like
    elif own is not None:
        name = own
        if name not in p.SUPPORTED:
            raise TypeError(f"{fname}: a {name} fill_value has no dtype of this namespace; "
                            "pass dtype=")
    elif t is float:
        name = p.DEFAULT_FLOAT
    elif t is int:
        name = _DEFAULT_INT
    elif t is bool:
        name = "bool"
    else:
        default_complex = p.DEFAULT_COMPLEX
        if default_complex is None:
            raise p.DTYPE_RULES.refuse_dtype("complex128", fname)
        name = default_complex
    want = _PY_TYPE_OF.get(name, int)
    if t is want:
        if t is int:
            check_int_range(fname, value, name)
        return value, name
    if t is complex and want is not complex:
        raise TypeError(f"{fname}: cannot fill a {name} array with complex {value!r}")
    if want is int:
        if value != value:
            raise ValueError(f"{fname}: cannot fill a {name} array with NaN")
        try:
            value = int(value)
        except OverflowError:
            raise OverflowError(f"{fname}: cannot fill a {name} array with {value}") from None
        check_int_range(fname, value, name)
        return value, name
    return want(value), name


def like_args(p: ShimPrimitives, x, dtype, device, fname: str) -> tuple[str, Any]:
    """The ``*_like`` functions' ``(name, device)``: ``x`` one of the shim's arrays of a
    standard dtype (TypeError), ``dtype`` (None: ``x``'s) and ``device`` (None: ``x``'s, by
    ``p.device_of``)."""
    if not isinstance(x, p.ARRAY_TYPE):
        raise not_an_array(fname, x, p.ARRAY_NOUN)
    name = p.name_of(x)
    if name is None:
        raise p.unsupported(x, fname)
    if dtype is not None:
        name = p.dtype_arg(dtype, fname)
    return name, p.device_of(x) if device is None else p.device_arg(device, fname)


def dlpack_source(p: ShimPrimitives, x, device) -> tuple[bool, Any]:
    """``from_dlpack``'s checks: whether ``x`` is one of the shim's own arrays, and the
    device by ``p.device_arg``; TypeError for anything that is no DLPack producer."""
    dev = p.device_arg(device, "from_dlpack")
    if isinstance(x, p.ARRAY_TYPE):
        return True, dev
    require_producer(x)
    return False, dev


def copy_refused(fname: str, reason: str) -> ValueError:
    """The error for ``copy=False`` where the shim must copy: ValueError, as the standard's
    ``from_dlpack`` lists ("data exchange is possible via an explicit copy but copy is set to
    False"; MLX and Paddle raised BufferError, TF and MXNet ValueError)."""
    return ValueError(f"{fname}: copy=False but {reason}; pass copy=None or True to allow a "
                      "copy")
