"""Creation functions.

MXNet infers float32 for *every* Python literal (``mxnet.numpy.array([1, 2])`` is float32, and
so is ``array([True])``); the standard wants bool for bools, the default integer dtype (int64)
for ints and the default float for floats.  Inference therefore goes through NumPy on the
host (the data are host data anyway) and the dtype is then passed to MXNet explicitly.
"""

from __future__ import annotations

import math
from typing import Any, cast

import numpy as onp
from mxnet import np as mnp

from .._common import creation as _creation
from .._common import scalars as _sc
from .._common.checks import check_host_ints
from .._common.dtypes import scalar_default_dtype
from . import _dtypes as D
from . import _primitives as _p
from ._helpers import check_device, ndarray, require_array
from ._helpers import where as _where

_NAME_OF = D.NAME_OF


def _infer_name(value, fname: str) -> str:
    """Dtype name for a Python scalar ``value`` with no ``dtype=``
    (``_common.dtypes.scalar_default_dtype``; MXNet has no complex)."""
    for t in (bool, int, float, complex):  # (NumPy's float64 is a float: its kind counts)
        if isinstance(value, t):
            # cast: the checkers cannot see that t(value) is exact for each t.
            name = scalar_default_dtype(cast(Any, t)(value), D.DEFAULT_INT, D.DEFAULT_FLOAT, None)
            if name is None:
                raise D.unsupported_error("complex128", fname)
            return name
    raise TypeError(f"{fname}: cannot infer a dtype for {type(value).__name__}")


#: NumPy kind -> the namespace's dtype for Python data of that kind.
_HOST_DEFAULT = {"b": "bool", "i": D.DEFAULT_INT, "f": D.DEFAULT_FLOAT}


def _is_python_scalar(obj) -> bool:
    """Whether ``obj`` is a Python bool, int, float or complex (a subclass too), not a NumPy
    scalar (``np.float64`` subclasses float)."""
    return isinstance(obj, (bool, int, float, complex)) and not isinstance(obj, onp.generic)


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Array API ``asarray`` (MXNet has none).

    MXNet arrays are returned as they are when no dtype/device change and no copy is asked
    for.  Host data (Python scalars, nested sequences, NumPy arrays, buffers) are always
    copied into MXNet memory, so ``copy=False`` raises ValueError for them.
    """
    name = None if dtype is None else D.dtype_name(dtype, "asarray")
    if isinstance(obj, ndarray):
        src = require_array(obj, "asarray")
        ctx = obj.ctx if device is None else check_device(device, "asarray")
        change = (name is not None and name != src) or ctx != obj.ctx
        if change and copy is False:
            raise ValueError("asarray: copy=False but a dtype or device change needs a copy")
        out = obj
        if name is not None and name != src:
            out = out.astype(name)
            copy = False if copy else copy
        if ctx != obj.ctx:
            out = out.as_in_ctx(ctx)
            copy = False if copy else copy
        if copy:
            out = out.copy()
        return out
    if copy is False:
        raise ValueError("asarray: copy=False is impossible for host data; MXNet always copies")
    ctx = check_device(device, "asarray")
    # A NumPy scalar keeps its dtype, as on every other backend: np.float64 and np.complex128
    # are float and complex subclasses, which the Python default (float32) would round.
    if name is None and _is_python_scalar(obj):
        name = _infer_name(obj, "asarray")
        return mnp.array(obj, dtype=name, ctx=ctx)
    if hasattr(obj, "__dlpack__") and not isinstance(obj, onp.ndarray) and name is None:
        host = onp.from_dlpack(obj)
    else:
        host = _creation.host_data(obj, ndarray, ndarray.asnumpy)
    if name is None:
        kind = host.dtype.kind
        # Python data take the defaults; NumPy scalars in them, NumPy's dtype (_common.scalars).
        seq = isinstance(obj, (list, tuple)) and not _sc.keeps_numpy_dtype(
            host.dtype.name, obj, _HOST_DEFAULT.get(kind))
        if kind == "b":
            name = "bool"
        elif kind in "iu":
            if host.dtype.name in _NAME_OF.values() and not seq:
                name = host.dtype.name
            elif host.dtype == onp.uint64 and seq:
                raise OverflowError("asarray: Python int out of range for int64")
            elif seq:
                name = D.DEFAULT_INT
            else:
                raise D.unsupported_error(host.dtype.name, "asarray")
        elif kind == "f":
            if seq or host.dtype.name not in _NAME_OF.values():
                name = D.DEFAULT_FLOAT if seq else host.dtype.name
            else:
                name = host.dtype.name
            if name not in _NAME_OF.values():
                raise D.unsupported_error(name, "asarray")
        elif kind == "c":
            raise D.unsupported_error(host.dtype.name, "asarray")
        else:
            raise TypeError(f"asarray: cannot make an array from {type(obj).__name__}")
    elif name in D.KIND_SETS["integral"] and (
            host.dtype.kind in "iu" or (host.dtype.kind == "f" and type(obj) in (list, tuple))):
        check_host_ints("asarray", host, name)
    return mnp.array(host, dtype=name, ctx=ctx)


#: MXNet's size limits and its shape check (``_primitives``; fft and manipulation import them
#: from here).
LIMITS = _p.LIMITS
checked_shape = _p.checked_shape


def _shape(shape, fname, name):
    return checked_shape(fname, shape, name)


def _name(dtype, default, fname):
    return default if dtype is None else D.dtype_name(dtype, fname)


def zeros(shape, *, dtype=None, device=None):
    """Array API ``zeros``; default dtype float32 (see ``__array_namespace_info__``)."""
    name = _name(dtype, D.DEFAULT_FLOAT, "zeros")
    return mnp.zeros(_shape(shape, "zeros", name), dtype=name,
                     ctx=check_device(device, "zeros"))


def ones(shape, *, dtype=None, device=None):
    """Array API ``ones``."""
    name = _name(dtype, D.DEFAULT_FLOAT, "ones")
    return mnp.ones(_shape(shape, "ones", name), dtype=name,
                    ctx=check_device(device, "ones"))


def empty(shape, *, dtype=None, device=None):
    """Array API ``empty`` (MXNet's ``empty``: contents undefined)."""
    name = _name(dtype, D.DEFAULT_FLOAT, "empty")
    return mnp.empty(_shape(shape, "empty", name), dtype=name,
                     ctx=check_device(device, "empty"))


def full(shape, fill_value, *, dtype=None, device=None):
    """Array API ``full``: ``_common.creation.fill_args``'s dtype and value (the dtype of
    ``fill_value``'s kind by default; a NumPy scalar's or 0-d array's own dtype)."""
    value, name = _creation.fill_args(_p, fill_value, dtype, "full")
    return _full(_shape(shape, "full", name), value, name, check_device(device, "full"))


def _full(shape, fill_value, name, ctx):
    if (name in D.KIND_SETS["integral"] and abs(fill_value) > 2 ** 53) or (
            name == "float64" and not _exact_in_param(fill_value)) or (
            _negative_zero(fill_value)) or (
            isinstance(fill_value, float) and 0 < abs(fill_value) < 1e-300):
        # mxnet's full carries the value as a double: go through the host for big ints.
        return mnp.array(onp.full(shape, fill_value, dtype=name), dtype=name, ctx=ctx)
    t = type(fill_value)
    if (t is int or t is float or t is bool) and type(shape) is tuple:
        # mnp.full's operator and parameters (its Python: a bool value as an int), invoked
        # directly (its two wrappers cost ~15 us a call).
        return _FULL(str(shape), str(ctx), str(int(fill_value) if t is bool else fill_value),
                     name)
    return mnp.full(shape, fill_value, dtype=name, ctx=ctx)


#: The operators of ``mnp.full``, ``mnp.arange(n)`` and ``mnp.eye``, with the parameters
#: their wrappers pass (MXNet 1.9.1, logged), invoked directly (``_primitives.creator``).
_FULL = _p.creator("_npi_full", "shape", "ctx", "value", "dtype")
_ARANGE = _p.creator("_npi_arange", "start", "stop", "step", "ctx", "dtype")
_EYE = _p.creator("_npi_eye", "N", "M", "k", "ctx", "dtype")


def _negative_zero(v):
    # MXNet's scalar parameter turns -0.0 into +0.0.
    return isinstance(v, float) and v == 0.0 and math.copysign(1.0, v) < 0


def _exact_in_param(v):
    # MXNet parses scalar parameters from strings; integers up to 2**53 survive exactly.
    v = float(v)
    return v != v or abs(v) == float("inf") or (v.is_integer() and abs(v) <= 2 ** 53)


def _like(x, dtype, device, fname):
    return _creation.like_args(_p, x, dtype, device, fname)


#: ``x``'s dtype, shape and device filled with 0 or 1: the operator of ``mnp.zeros_like`` /
#: ``ones_like`` (``_npi.full_like``, the result where ``x`` is), invoked directly: ~20 us a
#: call less than ``mnp.zeros(x.shape, ...)`` and its reads of ``x`` (MXNet 1.9.1, 10000x7
#: float32, CPU time; robotics makes one of each a step).
_ZEROS_LIKE = _p.operator("_npi_full_like", fill_value=0)
_ONES_LIKE = _p.operator("_npi_full_like", fill_value=1)


def zeros_like(x, /, *, dtype=None, device=None):
    """Array API ``zeros_like``."""
    if type(x) is ndarray and dtype is None and device is None and \
            _p.dtype_code(x) in _p.CODE_NAMES:
        return _ZEROS_LIKE(x)
    name, ctx = _like(x, dtype, device, "zeros_like")
    return mnp.zeros(x.shape, dtype=name, ctx=ctx)


def ones_like(x, /, *, dtype=None, device=None):
    """Array API ``ones_like``."""
    if type(x) is ndarray and dtype is None and device is None and \
            _p.dtype_code(x) in _p.CODE_NAMES:
        return _ONES_LIKE(x)
    name, ctx = _like(x, dtype, device, "ones_like")
    return mnp.ones(x.shape, dtype=name, ctx=ctx)


def empty_like(x, /, *, dtype=None, device=None):
    """Array API ``empty_like``."""
    name, ctx = _like(x, dtype, device, "empty_like")
    return mnp.empty(x.shape, dtype=name, ctx=ctx)


#: ``mnp.full_like``'s operator with its value given per call (str of a double, as its
#: wrapper passes it).
_FULL_LIKE = _p.operator_with("_npi_full_like", "fill_value")


def full_like(x, /, fill_value, *, dtype=None, device=None):
    """Array API ``full_like``: ``x``'s dtype unless ``dtype`` is given
    (``_common.creation.fill_args``)."""
    if type(x) is ndarray and type(fill_value) is float and dtype is None and device is None \
            and _p.CODE_NAMES.get(_p.dtype_code(x)) == "float32" \
            and not _negative_zero(fill_value) and not 0 < abs(fill_value) < 1e-300:
        # A Python float into float32 x (fill_args passes it as it is), none of _full's host
        # cases: its value operator on x itself, x's shape and context (~3 us a call).
        return _FULL_LIKE(x, str(fill_value))
    name, ctx = _like(x, dtype, device, "full_like")
    value, name = _creation.fill_args(_p, fill_value, None, "full_like", like=name)
    return _full(x.shape, value, name, ctx)


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    """Array API ``eye``."""
    name, (n_rows, cols), k, ctx, inside = _creation.eye_args(_p, n_rows, n_cols, k, dtype,
                                                              device)
    if not inside:
        # No diagonal inside the matrix (MXNet's k parameter is a C long: huge k fails).
        return mnp.zeros((n_rows, cols), dtype=name, ctx=ctx)
    if name == "bool":
        # mxnet.numpy.eye has no bool dtype: build in uint8 (exact) and cast.
        return _EYE(str(n_rows), str(cols), str(k), str(ctx), "uint8").astype("bool")
    return _EYE(str(n_rows), str(cols), str(k), str(ctx), name)  # mnp.eye's operator


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    """Array API ``arange``: ``_common.creation.arange_args``'s ``n`` values
    ``first + i * delta`` (int64 for an integer dtype, float64 then cast otherwise)."""
    first, delta, n, name, ctx = _creation.arange_args(_p, start, stop, step, dtype, device)
    if type(first) is int:
        idx = _ARANGE("0", str(n), "1", str(ctx), "int64")  # mnp.arange(n, ...)'s operator
        out = idx * delta + first if (delta != 1 or first != 0) else idx
        return out if name == "int64" else out.astype(name)
    if _creation.whole_range(name, first, delta, n):
        # Whole numbers within the dtype's exact range: the operator's own sum in the dtype
        # is exact, the same values in one call (256 float32: 23 us, against 125 for the
        # float64 route below; MXNet 1.9.1).
        return _ARANGE(repr(first), repr(first + n * delta), repr(delta), str(ctx), name)
    idx = _ARANGE("0", str(n), "1", str(ctx), "float64")
    out = idx * _exact(delta, ctx) + _exact(first, ctx)
    return out.astype(name)


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    """Array API ``linspace``: ``_common.creation.linspace`` (NumPy's values, computed on the
    host)."""
    return _creation.linspace(_p, start, stop, num, dtype=dtype, device=device,
                              endpoint=endpoint)


def _exact(value, ctx):
    return mnp.array(value, dtype="float64", ctx=ctx)


def meshgrid(*arrays, indexing="xy"):
    """Array API ``meshgrid``: a tuple (2025.12) of broadcast views of 1-D inputs."""
    _creation.check_meshgrid(_p, indexing, arrays)
    if not arrays:
        return ()
    shape = [a.size for a in arrays]
    if indexing == "xy" and len(arrays) >= 2:
        shape[0], shape[1] = shape[1], shape[0]
    out = []
    for i, a in enumerate(arrays):
        pos = i
        if indexing == "xy" and len(arrays) >= 2 and i < 2:
            pos = 1 - i
        view = [1] * len(arrays)
        view[pos] = a.size
        out.append(mnp.broadcast_to(a.reshape(tuple(view)), tuple(shape)))
    return tuple(out)


def tril(x, /, *, k=0):
    """Array API ``tril`` over stacks of matrices."""
    return _tri(x, k, "tril", lower=True)


def triu(x, /, *, k=0):
    """Array API ``triu`` (MXNet has none) over stacks of matrices."""
    return _tri(x, k, "triu", lower=False)


def _tri(x, k, fname, lower):
    k = _creation.tri_k(_p, x, k, fname)
    m, n = x.shape[-2:]
    rows = mnp.arange(m, dtype="int64", ctx=x.ctx).reshape((m, 1))
    cols = mnp.arange(n, dtype="int64", ctx=x.ctx).reshape((1, n))
    mask = (cols - rows <= k) if lower else (cols - rows >= k)
    mask = mnp.broadcast_to(mask, x.shape)
    return _where(mask, x, mnp.zeros_like(x))


def from_dlpack(x, /, *, device=None, copy=None):
    """Array API ``from_dlpack``.

    MXNet arrays pass through (``copy``/``device`` honoured); other producers are read with
    NumPy's DLPack importer and copied into MXNet (so ``copy=False`` raises for them).
    """
    own, ctx = _creation.dlpack_source(_p, x, device)
    if own:
        return asarray(x, device=device, copy=copy)
    if copy is False:
        raise _creation.copy_refused("from_dlpack", "MXNet copies foreign DLPack data")
    host = onp.from_dlpack(x)
    name = host.dtype.name
    if name not in _NAME_OF.values():
        raise D.unsupported_error(name, "from_dlpack")
    return mnp.array(host, dtype=name, ctx=ctx)
