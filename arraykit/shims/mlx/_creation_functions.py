"""Creation functions on MLX.

Host data (Python scalars and sequences, NumPy arrays, buffers, DLPack producers) goes through
NumPy with the dtype chosen here: MLX's own conversion turns float64 NumPy arrays into
float32, Python int sequences into int32 and refuses ints beyond int64. Sizes are checked by
``_common.sizes`` before MLX allocates. ``device=`` is an ``mlx.core.Device`` (or ``"cpu"``);
arrays have no device of their own in MLX (unified memory), so it selects the stream the
creation runs on.
"""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import checks as _c
from .._common import creation as _creation
from .._common import scalars as _sc
from .._common import utils as _u
from .._common.dtypes import scalar_default_dtype
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import array, check_device, from_numpy, require_array
from ._helpers import full as _full

_DTYPES = D.DTYPES
_PY_SCALARS = (bool, int, float, complex)
_FLOAT = D.DEFAULT_FLOAT
_FLOAT_DTYPE = D.DTYPES[_FLOAT]

#: NumPy kind -> the namespace's dtype for values given without one (Python data).
_KIND_DEFAULT = {"b": "bool", "i": D.DEFAULT_INT, "u": D.DEFAULT_INT, "f": D.DEFAULT_FLOAT,
                 "c": D.DEFAULT_COMPLEX}


def _dtype(dtype, fname: str) -> str | None:
    return None if dtype is None else D.dtype_name(dtype, fname)


_shape = _p.checked_shape  # NumPy's size rule within MLX's int32 extents


def _host(obj, name: str | None, fname: str):
    """A NumPy array of Python/host data ``obj`` and its standard dtype name (``name`` when
    given; else NumPy arrays keep theirs and Python data takes the namespace's defaults)."""
    native = isinstance(obj, (onp.ndarray, onp.generic))
    if name is not None:
        try:
            a = onp.asarray(obj, dtype=D.NUMPY[name])
        except OverflowError:
            raise OverflowError(f"{fname}: a value is out of range for {name}") from None
        return a, name
    if not native and hasattr(obj, "__dlpack__") and not hasattr(obj, "__array__"):
        obj = onp.from_dlpack(obj)
        native = True
    try:
        a = onp.asarray(obj)
    except OverflowError:
        raise OverflowError(f"{fname}: a Python int is out of range for int64 "
                            "(pass dtype=uint64 for values up to 2**64 - 1)") from None
    if a.dtype == object:
        raise TypeError(f"{fname}: cannot convert {type(obj).__name__} data to an array")
    if a.ndim > _u.MAX_NDIM:
        raise _u.too_deep(fname)
    if native:
        n = D.NUMPY_NAME.get(a.dtype)
        if n is None:
            raise TypeError(f"{fname}: {a.dtype} is not a data type of the array API standard")
        if n in D.UNSUPPORTED:
            raise D.unsupported_error(n, fname)
        return a, n
    n = _KIND_DEFAULT.get(a.dtype.kind)
    if n is None:
        raise TypeError(f"{fname}: cannot convert {a.dtype} data to an array")
    if _sc.keeps_numpy_dtype(a.dtype.name, obj, n):  # NumPy scalars in the data
        n = D.NUMPY_NAME.get(a.dtype)
        if n is None or n in D.UNSUPPORTED:
            raise TypeError(f"{fname}: {a.dtype} is not a data type of {D.MLX}")
        return a, n
    if a.dtype.kind == "u" and a.dtype == onp.uint64:
        raise OverflowError(f"{fname}: a Python int is out of range for int64 (pass "
                            "dtype=uint64 for values up to 2**64 - 1)")
    return a, n


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Array API ``asarray``: MLX arrays (cast or copied as asked), NumPy arrays, Python
    scalars and nested sequences, buffers and DLPack producers. Without ``dtype``, Python
    data takes bool/int64/float32/complex64 (the namespace's defaults); NumPy data keeps its
    dtype. ``copy=False`` with host data, or needing a cast, raises ValueError."""
    name = _dtype(dtype, "asarray")
    if device is not None:
        check_device(device, "asarray")
    if type(obj) is array:
        src = require_array(obj, "asarray")
        if name is None or name == src:
            return mx.array(obj) if copy else obj
        if copy is False:
            raise _c.copy_false_needs_cast()
        return obj.astype(_DTYPES[name])
    if copy is False:
        raise ValueError("asarray: copy=False but the data is not an MLX array (MLX arrays "
                         "cannot share host memory); pass copy=None or True")
    # A NumPy scalar with a dtype: the Python scalar's rules (NumPy casts np.int64(300) into
    # int8 as 44; _common.scalars.asarray_data).
    obj = _sc.asarray_data(obj, name)
    t = type(obj)
    if t in _PY_SCALARS:
        if name is None:
            name = scalar_default_dtype(obj, D.DEFAULT_INT, D.DEFAULT_FLOAT,
                                        D.DEFAULT_COMPLEX)
        if t is complex and name not in D.COMPLEX:
            raise TypeError(f"asarray: cannot convert complex {obj!r} to {name}")
        if t is int and name in D.INTEGRAL:
            _c.check_int_range("asarray", obj, name)
    if isinstance(obj, (list, tuple)) and any(type(o) is array for o in obj):
        obj = [onp.asarray(o) if type(o) is array else o for o in obj]
    a, name = _host(obj, name, "asarray")
    return from_numpy(a, name)


def _filled(fname, shape, value, name, stream):
    """An array of ``shape`` holding ``value`` (``fill_args``'s) in dtype ``name``."""
    shape = _shape(fname, shape, name)
    if type(value) is int and not -(2 ** 63) <= value < 2 ** 63:
        return mx.broadcast_to(from_numpy(onp.asarray(value, dtype=D.NUMPY[name])),
                               shape) + 0
    return _full(shape, value, _DTYPES[name], stream)


def full(shape, fill_value, *, dtype=None, device=None):
    """Array API ``full``: ``_common.creation.fill_args``'s dtype and value (the dtype of
    ``fill_value``'s kind by default; a NumPy scalar's or 0-d array's own dtype)."""
    if type(fill_value) is float and dtype is None and device is None:
        # Measured fast path: a float fills the default float dtype as it is (fill_args'
        # answer) on MLX's default device (check_device's), the rules' shape check and
        # graph without their Python frames.
        return _full(_shape("full", shape, _FLOAT), fill_value, _FLOAT_DTYPE,
                     mx.default_device())
    value, name = _creation.fill_args(_p, fill_value, dtype, "full")
    return _filled("full", shape, value, name, check_device(device, "full"))


def _of_dtype(fname, mk, shape, dtype, device):
    name = D.DEFAULT_FLOAT if dtype is None else D.dtype_name(dtype, fname)
    return mk(_shape(fname, shape, name), dtype=_DTYPES[name],
              stream=check_device(device, fname))


def zeros(shape, *, dtype=None, device=None):
    """Array API ``zeros`` (default dtype float32)."""
    return _of_dtype("zeros", mx.zeros, shape, dtype, device)


def ones(shape, *, dtype=None, device=None):
    """Array API ``ones`` (default dtype float32)."""
    return _of_dtype("ones", mx.ones, shape, dtype, device)


def empty(shape, *, dtype=None, device=None):
    """Array API ``empty``: zeros (MLX has no uninitialised allocation that is cheaper)."""
    return _of_dtype("empty", mx.zeros, shape, dtype, device)


#: The standard dtypes (``zeros_like``/``ones_like``'s fast path: x's own dtype and device).
_STANDARD = frozenset(D.NAME_OF)
_REAL_FLOATS = frozenset(D.DTYPES[n] for n in ("float32", "float64") if n in D.DTYPES)


def zeros_like(x, /, *, dtype=None, device=None):
    """Array API ``zeros_like``."""
    if dtype is None and device is None and type(x) is array and x.dtype in _STANDARD:
        return mx.zeros(x.shape, dtype=x.dtype, stream=mx.default_device())  # the rules'
    name, stream = _creation.like_args(_p, x, dtype, device, "zeros_like")
    return mx.zeros(x.shape, dtype=_DTYPES[name], stream=stream)


def ones_like(x, /, *, dtype=None, device=None):
    """Array API ``ones_like``."""
    if dtype is None and device is None and type(x) is array and x.dtype in _STANDARD:
        return mx.ones(x.shape, dtype=x.dtype, stream=mx.default_device())  # the rules'
    name, stream = _creation.like_args(_p, x, dtype, device, "ones_like")
    return mx.ones(x.shape, dtype=_DTYPES[name], stream=stream)


def empty_like(x, /, *, dtype=None, device=None):
    """Array API ``empty_like`` (zeros)."""
    name, stream = _creation.like_args(_p, x, dtype, device, "empty_like")
    return mx.zeros(x.shape, dtype=_DTYPES[name], stream=stream)


def full_like(x, /, fill_value, *, dtype=None, device=None):
    """Array API ``full_like``: ``x``'s dtype unless ``dtype`` is given
    (``_common.creation.fill_args``)."""
    if type(fill_value) is float and dtype is None and device is None and type(x) is array \
            and x.dtype in _REAL_FLOATS:
        # A Python float into x's real floating dtype (fill_args passes it as it is): the
        # rules' full on the default device, as ones_like's fast path.
        return _full(x.shape, fill_value, x.dtype, mx.default_device())
    name, stream = _creation.like_args(_p, x, dtype, device, "full_like")
    value, name = _creation.fill_args(_p, fill_value, None, "full_like", like=name)
    return _filled("full_like", x.shape, value, name, stream)


#: ``eye``'s dtypes by MLX dtype object (None: the default float), for its fast path.
_EYE_DTYPES = {None: _FLOAT_DTYPE, **{_DTYPES[n]: _DTYPES[n] for n in D.SUPPORTED}}
#: The fast path's largest ``n``: far inside every size limit of ``checked_shape``.
_EYE_FAST_MAX = 1 << 14


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    """Array API ``eye``: ones on diagonal ``k`` of an ``n_rows x n_cols`` matrix."""
    if type(n_rows) is int and n_cols is None and k == 0 and type(k) is int \
            and device is None and 0 < n_rows <= _EYE_FAST_MAX:
        # Measured fast path: eye(n) (a standard dtype given as an MLX dtype, or None) is
        # the rules' call of mx.eye without eye_args' frames (the stream: the default
        # device's default stream either way).
        d = _EYE_DTYPES.get(dtype)
        if d is not None:
            return mx.eye(n_rows, n_rows, 0, dtype=d)
    name, shape, k, stream, inside = _creation.eye_args(_p, n_rows, n_cols, k, dtype, device)
    if not inside:
        return mx.zeros(shape, dtype=_DTYPES[name], stream=stream)
    return mx.eye(shape[0], shape[1], k, dtype=_DTYPES[name], stream=stream)


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    """Array API ``arange``: ``_common.creation.arange_args``'s ``n`` values
    ``first + i * delta`` (computed on the host: NumPy's integers, float64 then cast otherwise)."""
    first, delta, n, name, stream = _creation.arange_args(_p, start, stop, step, dtype,
                                                          device)
    if type(first) is int:
        a = onp.arange(first, first + n * delta, delta, dtype=D.NUMPY[name]) if delta else (
            onp.full(n, first, dtype=D.NUMPY[name]))
    else:
        a = (first + onp.arange(n, dtype=onp.float64) * delta).astype(D.NUMPY[name])
    with mx.stream(stream):
        return from_numpy(a, name)


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    """Array API ``linspace``: ``_common.creation.linspace`` (NumPy's values, computed on the
    host)."""
    return _creation.linspace(_p, start, stop, num, dtype=dtype, device=device,
                              endpoint=endpoint)


def meshgrid(*arrays, indexing="xy"):
    """Array API ``meshgrid`` of 1-D arrays of one dtype; a tuple (2025.12)."""
    _creation.check_meshgrid(_p, indexing, arrays)
    if not arrays:
        return ()
    return tuple(mx.meshgrid(*arrays, indexing=indexing))


def _triangle(fname, x, k, upper):
    k = _creation.tri_k(_p, x, k, fname)
    n, m = x.shape[-2:]
    if n == 0 or m == 0:
        return mx.array(x)
    keep = mx.tri(n, m, k - 1 if upper else k, dtype=mx.bool_)
    if upper:
        keep = mx.logical_not(keep)
    return mx.where(keep, x, mx.zeros((), dtype=x.dtype))


def tril(x, /, *, k=0):
    """Array API ``tril`` over the last two axes."""
    return _triangle("tril", x, k, False)


def triu(x, /, *, k=0):
    """Array API ``triu`` over the last two axes."""
    return _triangle("triu", x, k, True)


def from_dlpack(x, /, *, device=None, copy=None):
    """Array API ``from_dlpack``: an MLX array of any DLPack producer's data (through NumPy's
    importer, which keeps the dtype; ``mx.from_dlpack`` turns float64 into float32). MLX
    cannot wrap foreign memory, so ``copy=False`` raises ValueError."""
    own, _ = _creation.dlpack_source(_p, x, device)
    if own:
        return mx.array(x) if copy else x
    if copy is False:
        raise _creation.copy_refused("from_dlpack", "MLX cannot share another library's memory")
    a = onp.from_dlpack(x)
    name = D.NUMPY_NAME.get(a.dtype)
    if name is None or name in D.UNSUPPORTED:
        raise D.unsupported_error(str(a.dtype), "from_dlpack") if name else TypeError(
            f"from_dlpack: {a.dtype} is not a data type of the array API standard")
    return from_numpy(a, name)

