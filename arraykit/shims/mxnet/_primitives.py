"""The MXNet operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``)."""

from __future__ import annotations

from ctypes import POINTER as _POINTER
from ctypes import byref as _byref
from ctypes import c_char as _c_char
from ctypes import c_int as _c_int
from ctypes import c_int64 as _c_int64
from ctypes import c_size_t as _c_size_t
from ctypes import c_uint as _c_uint
from ctypes import c_void_p as _c_void_p
from math import prod as _prod
from typing import Any

import numpy as onp
from mxnet import context as _context  # pyright: ignore[reportAttributeAccessIssue]
from mxnet import np as mnp  # pyright: ignore[reportAttributeAccessIssue] - main env: no mxnet
from mxnet.base import _LIB  # pyright: ignore[reportMissingImports] - main env: no mxnet
from mxnet.base import c_str_array as _c_str_array  # pyright: ignore[reportMissingImports]
from mxnet.base import check_call as _check_call  # pyright: ignore[reportMissingImports]

from .._common.sizes import check_shape
from .._common.utils import broadcast_shapes as _broadcast_shapes
from . import _dtypes as D
from ._dtypes import DEFAULT_FLOAT, DTYPE_RULES, SUPPORTED  # noqa: F401

FRAMEWORK = "MXNet 1.9.1"
ARRAY_TYPE = mnp.ndarray
ARRAY_NOUN = "an mxnet.numpy.ndarray"
DTYPES = D.DTYPES
DEFAULT_COMPLEX = None  # MXNet has no complex dtype

# ``x.dtype`` costs ~0.7 us (ctypes call, error check, dict lookup, property); reading MXNet's
# dtype code directly costs ~0.3 us, which keeps the per-call overhead under 1 us. A fresh
# c_int per call keeps it thread-safe (ctypes releases the GIL during the call).
_GET_DTYPE: Any = _LIB.MXNDArrayGetDType
_INT_P = _POINTER(_c_int)

#: MXNet's dtype codes (mshadow type flags) -> standard names (float16 passes through).
CODE_NAMES: dict[int, str] = {0: "float32", 1: "float64", 2: "float16", 3: "uint8", 4: "int32",
                              5: "int8", 6: "int64", 7: "bool"}


#: MXNet's code of bool (its transpose/flip/roll/... kernels refuse it: ``_helpers.bool_safe``).
BOOL_CODE = 7


def dtype_code(x) -> int:
    """MXNet's dtype code of array ``x`` (see :data:`CODE_NAMES`)."""
    c = _c_int()
    _GET_DTYPE(x.handle, _byref(c))
    return c.value


_GET_SHAPE: Any = _LIB.MXNDArrayGetShapeEx


def ndim(x) -> int:
    """``x.ndim`` by one ctypes call (``x.ndim`` builds the shape tuple: ~2x the cost)."""
    n = _c_int()
    _GET_SHAPE(x.handle, _byref(n), _byref(_INT_P()))
    return n.value


_GET_CONTEXT: Any = _LIB.MXNDArrayGetContext


def on_host(x) -> bool:
    """Whether array ``x`` is in the host's CPU memory: ``x.ctx.device_type == "cpu"`` by one
    ctypes call (``x.ctx`` also builds a ``Context``; pinned and shared CPU memory answer
    False, as there)."""
    t, i = _c_int(), _c_int()
    _GET_CONTEXT(x.handle, _byref(t), _byref(i))
    return t.value == 1


def filled_ndim(x) -> int:
    """``x.ndim`` where ``x`` has an axis and no zero extent, else 0, by one ctypes call
    (``x.size`` builds the shape tuple: ~1.7 us)."""
    n, dims = _c_int(), _INT_P()
    _GET_SHAPE(x.handle, _byref(n), _byref(dims))
    k = n.value
    for i in range(k):
        if dims[i] <= 0:
            return 0
    return max(k, 0)


def filled_code(x) -> int:
    """MXNet's dtype code of array ``x`` (:data:`CODE_NAMES`) where it has an axis and no zero
    extent, else -1, by two ctypes calls."""
    handle = x.handle
    n, dims = _c_int(), _INT_P()
    _GET_SHAPE(handle, _byref(n), _byref(dims))
    k = n.value
    if k < 1:
        return -1
    for i in range(k):
        if dims[i] <= 0:
            return -1
    _GET_DTYPE(handle, _byref(n))
    return n.value


def common_layout(arrays) -> tuple | None:
    """``(dtype code, shape)`` shared by every array of ``arrays`` (a list or tuple of two or
    more ``mxnet.numpy`` arrays), else None, by two ctypes calls an array and nothing else
    (stack's test: ``dtype_code`` and ``filled_shape`` each cost a Python frame and new ctypes
    objects). A shape is read in the caller's mode: a 0-d or zero-size one is only known to
    read as it is in MXNet's NumPy mode (``np_shape_on``); an unknown dimension answers
    None."""
    if (type(arrays) is not list and type(arrays) is not tuple) or len(arrays) < 2:
        return None
    n, dims, code = _c_int(), _INT_P(), _c_int()
    n_ref, dims_ref, code_ref = _byref(n), _byref(dims), _byref(code)
    layout = None
    for a in arrays:
        if type(a) is not ARRAY_TYPE:
            return None
        handle = a.handle
        _GET_SHAPE(handle, n_ref, dims_ref)
        _GET_DTYPE(handle, code_ref)
        k = n.value
        if k < 0:
            return None
        this = (code.value, tuple(dims[:k]))
        if layout is None:
            if this[1] and min(this[1]) < 0:
                return None
            layout = this
        elif this != layout:
            return None
    return layout


_IS_NP_SHAPE: Any = _LIB.MXIsNumpyShape


def np_shape_on() -> bool:
    """Whether MXNet's NumPy shape semantics are on in this thread (one ctypes call)."""
    on = _c_int()
    _IS_NP_SHAPE(_byref(on))
    return on.value != 0


def filled_shape(x) -> tuple | None:
    """``x.shape`` where array ``x`` has an axis and no zero extent, else None, by one ctypes
    call (``x.shape`` costs ~1 us)."""
    n, dims = _c_int(), _INT_P()
    _GET_SHAPE(x.handle, _byref(n), _byref(dims))
    shape = tuple(dims[:n.value]) if n.value > 0 else ()
    return shape if shape and min(shape) > 0 else None


def name_of(x) -> str | None:
    c = _c_int()
    _GET_DTYPE(x.handle, _byref(c))
    return CODE_NAMES.get(c.value)


def unsupported(x, fname: str) -> TypeError:
    return D.unsupported_error(str(x.dtype), fname)


# The reading itself, not a wrapper of it: one call less on every dtype= argument.
dtype_arg = D.dtype_name


def cast(x, name: str):
    return x if name_of(x) == name else x.astype(name)


def scalar_array(value, name: str, like, fname: str = ""):
    """Through host memory: exact (MXNet's scalar parameters are parsed from strings and lose
    the last bits of some float64 values)."""
    return mnp.array(value, dtype=name, ctx=like.ctx)


# MXNet's scalar ops carry the scalar as a C double: exact for every int up to 2**53.
_EXACT = 2 ** 53
_INTEGRAL = D.KIND_SETS["integral"]


def scalar_operand(value, name: str, like, fname: str = ""):
    """The Python scalar itself where MXNet's scalar op keeps it exactly (MXNet's scalar ops
    keep the array's dtype), else a 0-d array."""
    if name == "bool" or (name in _INTEGRAL and not -_EXACT <= value <= _EXACT):
        return scalar_array(value, name, like)
    if name in _INTEGRAL:
        return int(value)
    value = float(value)
    if name == "float64" and value == value and abs(value) != float("inf") and not (
            value.is_integer() and abs(value) <= _EXACT):
        # MXNet passes scalars to kernels as strings and parses them inexactly (about one
        # float64 in eight is off by an ulp); a 0-d array operand is exact.
        return scalar_array(value, name, like)
    if value != 0 and abs(value) < 1e-300:
        return scalar_array(value, name, like)  # MXNet's parser rejects subnormals
    return value


#: MXNet 1.9.1's broadcasting kernels merge adjacent axes that broadcast alike and refuse
#: shapes left with more than this many ("Too many reduction axes", "Too many broadcast
#: dimensions"; raised at the kernel, so at the next sync, and ``waitall`` re-raises it):
#: ``broadcast_to((1,2,1,3,1,5) -> (2,2,2,3,3,5))`` and ``add`` of shapes (1,2,1,3,1,5) and
#: (2,1,2,1,3,1) fail, (1,2,1,2,1) -> (2,2,2,2,2) and (1,2,1,3,1,5) -> (2,2,2,3,1,5) pass.
BROADCAST_MAX_NDIM = 5


def broadcast_to(x, shape):
    shape = tuple(shape)
    if len(shape) > BROADCAST_MAX_NDIM:
        return _broadcast_in_steps(x, shape)
    return _BROADCAST_TO(x, str(shape))  # mnp.broadcast_to's operator (below)


def _broadcast_in_steps(x, shape: tuple):
    """``broadcast_to`` past :data:`BROADCAST_MAX_NDIM` dimensions: two runs of broadcast axes
    per ``mnp.broadcast_to`` call, which leaves at most five merged axes (kept, broadcast,
    kept, broadcast, kept)."""
    src = (1,) * (len(shape) - x.ndim) + tuple(x.shape)
    if src != tuple(x.shape):
        x = x.reshape(src)
    starts = [i for i, (s, d) in enumerate(zip(src, shape))
              if s != d and (i == 0 or src[i - 1] == shape[i - 1])]
    if len(starts) <= 2:
        return mnp.broadcast_to(x, shape)
    for k in range(2, len(starts) + 2, 2):
        end = starts[k] if k < len(starts) else len(shape)
        x = mnp.broadcast_to(x, shape[:end] + src[end:])
    return x


def broadcast_pair(a, b):
    """Arrays ``a`` and ``b`` broadcast to one shape where their shapes differ and either has
    more than :data:`BROADCAST_MAX_NDIM` dimensions (MXNet's kernels may refuse them, see
    there), else as they are; the shapes' check is the caller's."""
    sa, sb = tuple(a.shape), tuple(b.shape)
    if sa == sb or (len(sa) <= BROADCAST_MAX_NDIM and len(sb) <= BROADCAST_MAX_NDIM):
        return a, b
    shape = _broadcast_shapes(sa, sb)
    return (a if sa == shape else _broadcast_in_steps(a, shape),
            b if sb == shape else _broadcast_in_steps(b, shape))


def reshape(x, shape):
    return x.reshape(tuple(shape))


def zeros(shape, name: str, like):
    return mnp.zeros(tuple(shape), dtype=name, ctx=like.ctx)


def shape_of(x):
    return x.shape


def copy(x):
    return x.copy()


def device_arg(device, fname: str):
    return _h.check_device(device, fname)


def device_of(x):
    return x.ctx


def from_host(a, name: str, device=None):
    """Host data as an array of dtype ``name``: ``host_array``'s one copy (``linspace``
    f32[16] 212 -> 60 us, MXNet's own 38-63; ``mnp.array``'s copy costs ~120 us)."""
    return host_array(onp.ascontiguousarray(a, dtype=name), device_arg(device, "from_host"))


def to_host(x):
    return x.asnumpy()


_COPY_FROM_HOST: Any = _LIB.MXNDArraySyncCopyFromCPU
_GET_DATA: Any = _LIB.MXNDArrayGetData
_WAIT_TO_READ: Any = _LIB.MXNDArrayWaitToRead


def _address(x) -> int:
    """The address of array ``x``'s first element (``MXNDArrayGetData``; host memory only)."""
    data = _c_void_p()
    _check_call(_GET_DATA(x.handle, _byref(data)))
    return data.value or 0


#: MXNet's dtype codes -> NumPy dtypes (:func:`host_view`), and back (:func:`host_array`).
_CODE_DTYPES = {c: onp.dtype(n) for c, n in CODE_NAMES.items()}
_DTYPE_CODES = {d: c for c, d in _CODE_DTYPES.items()}
_CREATE: Any = _LIB.MXNDArrayCreateEx


def _allocated(shape: tuple, ctx, code: int):
    """A new ``mxnet.numpy`` array of ``shape`` and MXNet dtype ``code`` on ``ctx``, its memory
    allocated now and unwritten (``_new_alloc_handle(shape, ctx, False, dtype)``'s C call
    without its Python: ~1.5 us against ~6 us; MXNet 1.9.1, CPU time)."""
    h = _HANDLE()
    n = len(shape)
    _check_call(_CREATE((_c_uint * n)(*shape), n, ctx.device_typeid, ctx.device_id, 0, code,
                        _byref(h)))
    return ARRAY_TYPE(h)


def host_allocated(shape: tuple, dtype, ctx):
    """``(array, view)``: a new ``mxnet.numpy`` array of ``shape`` and NumPy ``dtype`` on a CPU
    context ``ctx``, and a NumPy view of its memory to write its values into at once (the
    memory no operator uses yet, as in :func:`host_array`; no host array and copy); None for
    other contexts and dtypes and for empty shapes."""
    code = _DTYPE_CODES.get(dtype)
    size = _prod(shape)
    if code is None or size <= 0 or ctx.device_typeid != 1:
        return None
    r = _allocated(shape, ctx, code)
    address = _address(r)
    if not address:
        return None
    return r, _memory(address, shape, dtype, size)


def host_array(h, ctx):
    """NumPy array ``h`` (of a dtype MXNet holds) as an ``mxnet.numpy`` array on ``ctx``: one
    allocation and one copy (``mnp.array``'s ``empty`` and ``ret[:] = h`` cost ~120 us on 16
    elements; MXNet 1.9.1, CPU time). On a CPU context the fresh array's memory, which no
    operator uses yet, is written directly (``memmove``); elsewhere by
    ``MXNDArraySyncCopyFromCPU``, an engine operator and a wait (~20 us). Empty arrays take
    ``mnp.array`` (no copy of zero bytes), and so do 0-d ones off the CPU or where MXNet
    allocated no memory for them (outside NumPy mode, where a 0-d shape means "unknown"; the
    shim's functions run in the mode)."""
    h = onp.asarray(h)
    code = _DTYPE_CODES.get(h.dtype)
    cpu = ctx.device_typeid == 1
    if code is None or h.size == 0 or (h.ndim == 0 and not cpu):
        return mnp.array(h, dtype=h.dtype, ctx=ctx)
    r = _allocated(h.shape, ctx, code)
    if cpu:
        address = _address(r)
        if not address:
            return mnp.array(h, dtype=h.dtype, ctx=ctx)
        # (a NumPy copy into a view of the memory: ``h.ctypes`` alone costs ~1 us)
        _memory(address, h.shape, h.dtype, h.size)[...] = h
    else:
        h = onp.ascontiguousarray(h)
        _check_call(_COPY_FROM_HOST(r.handle, _c_void_p(h.ctypes.data), _c_size_t(h.size)))
    return r


def host_view(x, max_size: int | None = None):
    """Array ``x``'s memory as a NumPy array of its dtype and shape (a view, no copy), after
    waiting for the operators that write ``x`` (``MXNDArrayWaitToRead``): ``x`` in the
    host's CPU memory with at least one element (and at most ``max_size``: then without
    waiting), else None. ``x.asnumpy()`` pushes a copy operator and waits for it (~9-20 us
    on 16 elements, MXNet 1.9.1, CPU time). Read the view at once and do not keep it or
    write it: an operator queued later may write ``x``."""
    handle = x.handle
    code, device_id = _c_int(), _c_int()
    _GET_DTYPE(handle, _byref(code))  # (dtype_code's and on_host's reads, inline)
    dtype = _CODE_DTYPES.get(code.value)
    if dtype is None:
        return None
    _GET_CONTEXT(handle, _byref(code), _byref(device_id))
    if code.value != 1:
        return None
    n, dims = _c_int(), _INT_P()
    _GET_SHAPE(handle, _byref(n), _byref(dims))
    shape = tuple(dims[:n.value])
    size = _prod(shape)
    if size <= 0 or (max_size is not None and size > max_size):
        return None
    _check_call(_WAIT_TO_READ(handle))
    return _memory(_address(x), shape, dtype, size)


def _memory(address: int, shape: tuple, dtype, size: int):
    """The NumPy array of ``shape`` (``size`` elements) and ``dtype`` (C order) over the
    memory at ``address``."""
    buf: Any = (_c_char * (size * dtype.itemsize)).from_address(address)
    return onp.ndarray(shape, dtype, buf)


#: NumPy 1.x's (MXNet's) error-object calls; NumPy 2 has ``errstate`` only.
_GETERROBJ: Any = getattr(onp, "geterrobj", None)
_SETERROBJ: Any = getattr(onp, "seterrobj", None)


def quietly(f, *args, **kwargs):
    """``f(*args, **kwargs)`` with NumPy's floating-point warnings off (overflow, invalid,
    divide), for host computations standing in for MXNet operators, which warn of none:
    ``numpy.errstate``'s work by NumPy 1.x's error object (~0.4 us a call against ~2.3)."""
    if _GETERROBJ is None:
        with onp.errstate(all="ignore"):
            return f(*args, **kwargs)
    old = _GETERROBJ()
    _SETERROBJ([old[0], 0, old[2]])  # (buffer size, error mask: all ignored, callback)
    try:
        return f(*args, **kwargs)
    finally:
        _SETERROBJ(old)


def host_read(x):
    """Array ``x``'s values on the host, to read at once: :func:`host_view`, else
    ``x.asnumpy()``."""
    h = host_view(x)
    return x.asnumpy() if h is None else h


#: Index arrays of at most this many elements, in CPU memory, are read for the bounds check
#: (the copy to NumPy waits only for the op that produced them, about 10 us); others are not
#: (a device-to-host sync per call).
HOST_CHECK_MAX = 4096


def concrete(x):
    # Read in place (``host_view``: the rules read the values at once, in the call).
    h = host_view(x, HOST_CHECK_MAX)
    if h is not None:
        return h
    if x.size > HOST_CHECK_MAX or not on_host(x):
        return None
    return x.asnumpy()


#: MXNet 1.9.1 (built without large-tensor support) passes extents as C ints, wrapping past
#: 2**31 - 1 (``eye(2**32 + 3, 2)`` had shape (3, 2)), and refuses, or segfaults on, arrays of
#: 2**31 - 1 elements or more.
LIMITS: dict[str, Any] = {"max_extent": 2 ** 31 - 1, "max_size": 2 ** 31 - 2, "framework": "MXNet"}


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``) and MXNet's limits (:data:`LIMITS`)."""
    return check_shape(fname, shape, onp.dtype(name).itemsize, **LIMITS)


# --- the statistical and utility functions' work (``_common/statistics.py``) ----------------

def full(shape, value, name: str, like):
    """Built directly for every empty result: MXNet's reduction kernels return corrupt arrays
    for some zero-size inputs (which fail later at ``asnumpy``), its empty product is 0 and
    its empty mean 0."""
    return mnp.full(tuple(shape), value, dtype=name, ctx=like.ctx)


def concat(arrays, axis: int):
    return mnp.concatenate(arrays, axis=axis)


def sqrt(x):
    return _SQRT(x)  # mnp.sqrt(x)'s operator (bound below)


_INVOKE: Any = _LIB.MXImperativeInvokeEx
_RESHAPE: Any = _LIB.MXNDArrayReshape64
_HANDLE = _c_void_p  # NDArrayHandle
_HANDLES = _POINTER(_HANDLE)
_STYPES = _POINTER(_c_int)
_NO_DIMS = (_c_int64 * 0)()
_KEEPDIMS = _c_str_array(["keepdims"])
_AXIS_KEEPDIMS = _c_str_array(["axis", "keepdims"])
_BOOL_STR = {False: "False", True: "True"}


#: The C string arrays of the parameter values operators were called with, built once per
#: distinct tuple (``c_str_array`` costs ~1.3 us a call; the ctypes array keeps its bytes
#: alive and is only read): at most :data:`_STR_ARRAYS_MAX` kept (shapes are open-ended).
_STR_ARRAYS: dict[tuple, Any] = {}
_STR_ARRAYS_MAX = 1024


def _str_array(values: tuple):
    a = _STR_ARRAYS.get(values)
    if a is None:
        a = _c_str_array(values)
        if len(_STR_ARRAYS) < _STR_ARRAYS_MAX:
            _STR_ARRAYS[values] = a
    return a


def _op_handle(name: str):
    h = _c_void_p()
    _check_call(_LIB.NNGetOpHandle(name.encode(), _byref(h)))
    return h


#: The C array types of one and of two array handles (the operators' inputs).
_ONE, _TWO = _HANDLE * 1, _HANDLE * 2


def _invoke(op, k: int, handles, n: int, keys, vals):
    """MXNet operator ``op`` (a handle) on the ``k`` arrays whose handles are ``handles`` (a C
    array) with ``n`` parameters (C string arrays ``keys``, ``vals``), invoked directly: its
    one output as an ``mxnet.numpy`` array (the generated wrappers' work without their
    Python, ~5-9 us a call)."""
    out = _HANDLES()
    _check_call(_INVOKE(op, k, handles, _byref(_c_int(0)), _byref(out), n, keys, vals,
                        _byref(_STYPES())))
    return ARRAY_TYPE(_HANDLE(out[0]))


def operator(name: str, **params):
    """``f(x)``: MXNet operator ``name`` with the fixed ``params`` on one array, invoked
    directly (:func:`_invoke`); recorded by autograd as the wrapper's call is."""
    op = _op_handle(name)
    n, keys, vals = len(params), _c_str_array(list(params)), _c_str_array(
        [str(v) for v in params.values()])
    return lambda x: _invoke(op, 1, _ONE(x.handle), n, keys, vals)


def operator_with(name: str, *param_names: str):
    """``f(x, *values)``: MXNet operator ``name`` on one array with the parameters
    ``param_names`` given per call (``values``: str, as the generated wrappers pass them:
    ``str(2.0)``), invoked directly as :func:`operator` does."""
    op = _op_handle(name)
    n, keys = len(param_names), _c_str_array(list(param_names))
    return lambda x, *values: _invoke(op, 1, _ONE(x.handle), n, keys, _str_array(values))


_NO_HANDLES = (_HANDLE * 0)()


def creator(name: str, *param_names: str):
    """``f(*values)``: MXNet operator ``name`` without input arrays (``_npi_full``,
    ``_npi_arange``, ``_npi_eye``) with the parameters ``param_names`` given per call
    (``values``: str, as the generated wrappers pass them), invoked directly as
    :func:`operator` does."""
    op = _op_handle(name)
    n, keys = len(param_names), _c_str_array(list(param_names))
    return lambda *values: _invoke(op, 0, _NO_HANDLES, n, keys, _str_array(values))


#: ``mnp.broadcast_to(x, shape)``'s operator and parameter, invoked directly.
_BROADCAST_TO = operator_with("_npi_broadcast_to", "shape")


def operator2(name: str):
    """``f(a, b)``: MXNet operator ``name`` (no parameters) on two arrays, invoked directly
    as :func:`operator` does (the generated wrapper's Python, ``_npi.add``'s, costs ~15 us of
    a ~30 us call on 16 elements, MXNet 1.9.1, CPU time); its errors (shapes that do not
    broadcast, dtypes it refuses) raise here as the wrapper's do."""
    op = _op_handle(name)
    return lambda a, b: _invoke(op, 2, _TWO(a.handle, b.handle), 0, None, None)


def operator_n(name: str, *param_names: str):
    """``f(arrays, *values)``: MXNet operator ``name`` over a list of arrays with the
    parameters ``param_names`` given per call (``values``: str), invoked directly as
    :func:`operator` does (``stack``; MXNet sets its ``num_args`` from the inputs, as for the
    generated wrapper)."""
    op = _op_handle(name)
    n, keys = len(param_names), _c_str_array(list(param_names))

    def invoke(arrays, *values):
        k = len(arrays)
        return _invoke(op, k, (_HANDLE * k)(*[a.handle for a in arrays]), n, keys,
                       _str_array(values))

    return invoke


def legacy(name: str):
    """The legacy ``mx.nd`` reduction ``name`` over a float ``mxnet.numpy`` array: mxnet.numpy's
    ``sum``/``mean`` of an array holding an infinity are NaN (``sum([inf, 1.])``, even
    ``sum([inf, inf])``; MXNet 1.9.1), the legacy operators' are right, with the same
    accumulation (equal relative errors, 2.7e-8 on 10**6 float32, measured) and speed.

    The operator is invoked directly on the ``mxnet.numpy`` array, its output made an
    ``mxnet.numpy`` array (what ``x.as_nd_ndarray().sum(...).as_np_ndarray()`` does without
    the two views and the generated wrapper: ~6 us); autograd records it. A full reduction
    comes back (1,): made the standard's () by MXNet's reshape view (``MXNDArrayReshape64``,
    recorded for autograd; the ``reshape`` operator costs ~30 us more)."""
    op = _op_handle(name)
    no_keepdims = _c_str_array(["False"])
    with_keepdims = _c_str_array(["True"])

    def reduce(x, axis=None, keepdims=False):
        if axis is None:
            n, keys, vals = 1, _KEEPDIMS, with_keepdims if keepdims else no_keepdims
        else:
            n, keys, vals = 2, _AXIS_KEEPDIMS, _str_array((str(axis), _BOOL_STR[bool(keepdims)]))
        r = _invoke(op, 1, _ONE(x.handle), n, keys, vals)
        if not keepdims and (axis is None or ndim(x) == (len(axis) if isinstance(
                axis, tuple) else 1)):
            h = _HANDLE()
            _check_call(_RESHAPE(r.handle, 0, _NO_DIMS, False, _byref(h)))
            return ARRAY_TYPE(h)
        return r

    return reduce


_FLOAT_SUM, _FLOAT_MEAN = legacy("sum"), legacy("mean")


def reshape_view(x, shape: tuple):
    """``x`` (C order) seen in ``shape`` without a copy: MXNet's reshape view
    (``MXNDArrayReshape64``, recorded for autograd; the ``reshape`` operator copies, ~100 us
    for 65536x3 float32, MXNet 1.9.1). Every extent must be positive: the view's shape codes
    read 0 as "copy the input's extent" (use the operator for empty shapes). Only for results
    nothing else holds, or for reading: the view and ``x`` share their memory."""
    h = _HANDLE()
    _check_call(_RESHAPE(x.handle, len(shape), (_c_int64 * len(shape))(*shape), False,
                         _byref(h)))
    return ARRAY_TYPE(h)
#: The operators ``mnp.sum``/``prod``/``max``/``min``/``all``/``any`` invoke, with the
#: parameters their wrappers pass (``axis``, ``keepdims``, as ``str()`` of the values), invoked
#: directly (the wrappers cost ~15 us a call).
_REDUCE = {fname: operator_with(op, "axis", "keepdims") for fname, op in (
    ("sum", "_np_sum"), ("prod", "_np_product"), ("max", "_np_max"), ("min", "_np_min"),
    ("all", "_np_all"), ("any", "_np_sometrue"))}
#: ``mnp.not_equal(x, 0)``'s operator and ``mnp.mean``'s.
_NONZERO = operator_with("_npi_not_equal_scalar", "scalar")
_MEAN = operator_with("_npi_mean", "axis", "keepdims")
_SUBTRACT, _MULTIPLY = operator2("_npi_subtract"), operator2("_npi_multiply")
_SQRT = operator("_npi_sqrt")
_DIVIDE_BY = operator_with("_npi_true_divide_scalar", "scalar")
_CUMSUM = operator_with("cumsum", "axis")
_LEGACY_FLOATS = frozenset(("float32", "float64"))
_REAL_FLOATING = D.KIND_SETS["real floating"]

#: Whether max/min/maximum/minimum need NaN put back. MXNet 1.9.1's CPU kernels propagate NaN
#: as the standard does (3,072 cases against NumPy: float16/32/64, 1 to 100,003 elements, every
#: axis, NaN anywhere or everywhere, array and Python-scalar operands; 0 differed), so the three
#: extra ops a call are paid only where a GPU kernel, never checked, may run.
NAN_DROPPING_KERNELS = _context.num_gpus() > 0


def reduce(fname: str, x, axes: tuple, keepdims: bool):
    name = name_of(x)
    if fname == "all" or fname == "any":
        b = x if name == "bool" else _NONZERO(x, "0.0")
        if not axes:
            return b if b is not x else x.copy()
        return _REDUCE[fname](b, str(axes), str(keepdims))
    if not axes:
        return x.copy()
    axis = axes[0] if len(axes) == 1 else axes
    if fname == "mean":
        return _FLOAT_MEAN(x, axis=axis, keepdims=keepdims)
    if fname == "sum" and name in _LEGACY_FLOATS:
        return _FLOAT_SUM(x, axis=axis, keepdims=keepdims)
    r = _REDUCE[fname](x, str(axis), str(keepdims))
    if NAN_DROPPING_KERNELS and (fname == "max" or fname == "min") and name in _REAL_FLOATING:
        # (on GPUs, unchecked) max/min may skip NaN; the standard propagates it.
        nan = mnp.any(mnp.isnan(x), axis=axis, keepdims=keepdims)
        r = _h.where(nan, mnp.full_like(r, onp.nan), r)
    return r


def scan(fname: str, x, axis: int):
    if fname == "cumulative_sum":
        return _CUMSUM(x, str(axis))  # mnp.cumsum(x, axis=axis)'s operator
    # MXNet has no cumprod: a Hillis-Steele scan, log2(n) multiplications of shifted copies,
    # exact for integers and differentiable (no division, so zeros are fine).
    size = x.shape[axis]
    r = x
    shift = 1
    while shift < size:
        pad_shape = list(r.shape)
        pad_shape[axis] = shift
        ones = mnp.ones(tuple(pad_shape), dtype=r.dtype, ctx=r.ctx)
        head = [slice(None)] * r.ndim
        head[axis] = slice(0, size - shift)
        r = r * mnp.concatenate([ones, r[tuple(head)]], axis=axis)
        shift *= 2
    return r


def variance(x, axes: tuple, correction: float, keepdims: bool):
    # x - mean(x), squared, summed, divided: the operators (and parameters) of
    # ``x - mnp.mean(x, axis=axes, keepdims=True)``, ``mnp.sum(d * d, ...) / n``, invoked
    # directly (five wrappers cost ~75 us a call).
    d = _SUBTRACT(x, _MEAN(x, str(axes), "True"))
    if correction == 0:
        # One operator for the sum and the division by the count: MXNet's mean divides its sum
        # by the count as the scalar division does (byte-identical to sum-then-divide over
        # 528 float32/float64 cases: 1 to 100,003 elements, every axis subset, keepdims,
        # NaN, inf, -0.0, 1e30, data offset by 1e4).
        return _MEAN(_MULTIPLY(d, d), str(axes), str(keepdims))
    shape = x.shape
    count = 1
    for a in axes:
        count *= shape[a]
    return _DIVIDE_BY(_REDUCE["sum"](_MULTIPLY(d, d), str(axes), str(keepdims)),
                      str(float(count - correction)))


def difference(x, axis: int):
    hi = [slice(None)] * x.ndim
    lo = [slice(None)] * x.ndim
    m = x.shape[axis]
    hi[axis] = slice(1, m)
    lo[axis] = slice(0, m - 1)
    a, b = x[tuple(hi)], x[tuple(lo)]
    return (a != b) if name_of(x) == "bool" else a - b


# ``_helpers`` builds its operand helpers from this module, so it is bound last (an import
# inside each function cost ~1 us per call of the creation functions).
from . import _helpers as _h  # noqa: E402
