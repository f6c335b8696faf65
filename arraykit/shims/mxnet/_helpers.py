"""Private plumbing shared by the MXNet shim's modules: input checks, scalar handling, devices.

Everything here runs on the hot path, so the common case (arrays of one supported dtype) is
a type check and a dict lookup; conversions happen only on the slow paths.
"""

from __future__ import annotations

import functools
import types
from ctypes import byref as _byref
from ctypes import c_int as _c_int

import mxnet as mx
import numpy as onp
from mxnet import np as mnp
from mxnet import util as _mx_util
from mxnet.base import _LIB

from .._common import checks as _c
from .._common import utils as _u
from .._common.dtypes import scalar_kind_result
from .._common.scalars import PY_SCALARS as _PY_SCALARS
from .._common.scalars import python_scalar
from .._common.utils import normalize_axes, normalize_axis  # noqa: F401 - the one axis rule
from . import _dtypes as D

ndarray = mnp.ndarray

# --- MXNet's NumPy mode, for the shim's own calls only ---------------------------------------
# The namespace needs MXNet's NumPy semantics (0-d and zero-size shapes, NumPy indexing), which
# ``npx.set_np()`` switches on for the calling thread: two flags, np_shape (in C) and np_array
# (a Python thread-local). Left on, they break legacy code in the same process (Gluon blocks
# then make ``mxnet.numpy`` parameters and refuse ``mx.nd`` inputs), so the shim never sets
# them for the caller: each public function runs in the mode and restores the caller's flags.
# Callers already in the mode (``npx.set_np()``, ``@npx.use_np``: np_array on implies np_shape
# on, as MXNet requires) pay one thread-local read; others pay two ctypes calls per call (see
# benchmarks/mxnet_shim_overhead.py --outside-np-mode).
_ARRAY_MODE = _mx_util._NumpyArrayScope._current  # MXNet's thread-local np_array scope
_NP_ARRAY_ON = _mx_util._NumpyArrayScope(True)
_SET_NP_SHAPE = _LIB.MXSetIsNumpyShape  # (int mode, int* previous); 1: on for this thread


def np_mode(f):
    """``f`` run in MXNet's NumPy mode, with the caller's mode restored afterwards."""

    @functools.wraps(f)
    def in_np_mode(*args, **kwargs):
        mode = getattr(_ARRAY_MODE, "value", None)
        if mode is not None and mode._is_np_array:
            return f(*args, **kwargs)
        shape_before = _c_int()
        _SET_NP_SHAPE(1, _byref(shape_before))
        _ARRAY_MODE.value = _NP_ARRAY_ON
        try:
            return f(*args, **kwargs)
        finally:
            if mode is None:
                del _ARRAY_MODE.value
            else:
                _ARRAY_MODE.value = mode
            if not shape_before.value:
                _SET_NP_SHAPE(0, _byref(_c_int()))

    in_np_mode.np_mode = True
    return in_np_mode


def np_mode_all(namespace: dict, names) -> None:
    """Wrap the functions ``names`` of module globals ``namespace`` with :func:`np_mode`."""
    for name in names:
        f = namespace[name]
        if isinstance(f, types.FunctionType) and not getattr(f, "np_mode", False):
            namespace[name] = np_mode(f)

Device = mx.Context

_NAME_OF = D.NAME_OF


def is_array(x) -> bool:
    return isinstance(x, ndarray)


def require_array(x, fname: str) -> str:
    """Dtype name of ``x``; TypeError if ``x`` is not an ``mxnet.numpy.ndarray``."""
    if not isinstance(x, ndarray):
        raise _c.not_an_array(fname, x, "an mxnet.numpy.ndarray")
    try:
        return _NAME_OF[x.dtype]
    except KeyError:
        raise D.unsupported_error(str(x.dtype), fname) from None


def require_kind(x, kind: str, fname: str) -> str:
    """:func:`require_array` plus the spec's input category ``kind``."""
    name = require_array(x, fname)
    D.check_kind(name, kind, fname)
    return name


def check_device(device, fname: str):
    """The MXNet Context for a ``device=`` argument (None: MXNet's current context)."""
    if device is None:
        return mx.context.current_context()
    if isinstance(device, mx.Context):
        return device
    if isinstance(device, str):
        kind, _, idx = device.partition(":")
        if kind in ("cpu", "gpu"):
            return mx.Context(kind, int(idx or 0))
    raise ValueError(f"{fname}: {device!r} is not an MXNet device (use mxnet.cpu(), mxnet.gpu(i))")


def scalar_array(value, like, name: str):
    """A 0-d array holding ``value`` with ``like``'s dtype and device (for scalar operands)."""
    # mnp.array goes through host memory: exact (MXNet's scalar parameters are parsed from
    # strings and lose the last bits of some float64 values).
    return mnp.array(value, dtype=name, ctx=like.ctx)


# MXNet's scalar ops carry the scalar as a C double: exact for every int up to 2**53.
_EXACT = 2 ** 53


def binary(x1, x2, fname: str, bcast: bool = False):
    """Operands of a binary function and their result dtype name, per the standard.

    Fast path: two arrays of one dtype.  Python scalars take the array's dtype (the spec's
    rule); they stay Python scalars (MXNet's scalar ops keep the array dtype) unless MXNet's
    scalar op would lose them (ints beyond 2**53, any scalar with a bool array).
    ``bcast``: the function broadcasts its operands, so two arrays of different shapes are
    checked here (ValueError naming ``fname``; MXNet would raise ``MXNetError``).
    A NumPy scalar is the Python scalar of its kind (``_common.scalars``).
    """
    if isinstance(x1, ndarray):
        n1 = _NAME_OF.get(x1.dtype)
        if isinstance(x2, ndarray):
            if bcast:
                s1 = x1.shape
                s2 = x2.shape
                if s1 != s2:
                    check_broadcast(s1, s2, fname)
            n2 = _NAME_OF.get(x2.dtype)
            if n1 is n2 and n1 is not None:
                return x1, x2, n1
            if n1 is None:
                raise D.unsupported_error(str(x1.dtype), fname)
            if n2 is None:
                raise D.unsupported_error(str(x2.dtype), fname)
            r = D.promote(n1, n2, fname)
            if n1 != r:
                x1 = x1.astype(r)
            if n2 != r:
                x2 = x2.astype(r)
            return x1, x2, r
        if n1 is None:
            raise D.unsupported_error(str(x1.dtype), fname)
        if type(x2) not in _PY_SCALARS:
            x2 = python_scalar(x2)
        r = scalar_kind_result(x2, n1, D.DEFAULT_FLOAT, None)  # MXNet has no complex
        if r is not None:  # a float scalar with an integer array: see _common.dtypes
            x1, n1 = x1.astype(r), r
        D.scalar_ok(x2, n1, fname)
        return x1, _scalar_operand(x2, x1, n1), n1
    if isinstance(x2, ndarray):
        n2 = _NAME_OF.get(x2.dtype)
        if n2 is None:
            raise D.unsupported_error(str(x2.dtype), fname)
        if type(x1) not in _PY_SCALARS:
            x1 = python_scalar(x1)
        r = scalar_kind_result(x1, n2, D.DEFAULT_FLOAT, None)
        if r is not None:
            x2, n2 = x2.astype(r), r
        D.scalar_ok(x1, n2, fname)
        return _scalar_operand(x1, x2, n2), x2, n2
    raise TypeError(f"{fname}: at least one argument must be an mxnet.numpy.ndarray")


def check_broadcast(s1, s2, fname: str) -> None:
    """ValueError naming ``fname`` unless shapes ``s1`` and ``s2`` broadcast (MXNet's own
    error is an ``MXNetError`` from its shape inference)."""
    try:
        _u.broadcast_shapes(s1, s2)
    except ValueError:
        raise ValueError(f"{fname}: shapes {s1} and {s2} are not broadcastable") from None


def _scalar_operand(value, like, name):
    if name == "bool" or (D.is_int(name) and not -_EXACT <= value <= _EXACT):
        return scalar_array(value, like, name)
    if D.is_int(name):
        return int(value)
    value = float(value)
    if name == "float64" and value == value and abs(value) != float("inf") and not (
            value.is_integer() and abs(value) <= _EXACT):
        # MXNet passes scalars to kernels as strings and parses them inexactly (about one
        # float64 in eight is off by an ulp); a 0-d array operand is exact.
        return scalar_array(value, like, name)
    if value != 0 and abs(value) < 1e-300:
        return scalar_array(value, like, name)  # MXNet's parser rejects subnormals
    return value


def binary_arrays(x1, x2, fname: str, bcast: bool = False):
    """Like :func:`binary` but scalars become 0-d arrays (for MXNet ops without scalar forms)."""
    a, b, n = binary(x1, x2, fname, bcast)
    if not isinstance(a, ndarray):
        a = scalar_array(a, b, n)
    elif not isinstance(b, ndarray):
        b = scalar_array(b, a, n)
    return a, b, n


def broadcast_shapes(*shapes, fname: str = "broadcast_shapes"):
    """The standard's ``broadcast_shapes`` (pure Python, from ``_common``: errors at once);
    the ValueError names ``fname``, the function that broadcasts."""
    try:
        return _u.broadcast_shapes(*shapes)
    except ValueError:
        if fname == "broadcast_shapes":
            raise
        raise ValueError(f"{fname}: shapes {shapes} are not broadcastable") from None


def binary_bcast(x1, x2, fname: str):
    """Like :func:`binary_arrays`, with both operands broadcast to one shape.

    MXNet's broadcasting kernels reject bool for ``&``/``|``/``^``, and the multi-step
    implementations combine bool masks of both operands, so they start from equal shapes.
    """
    a, b, n = binary_arrays(x1, x2, fname, True)
    if a.shape != b.shape:
        shape = broadcast_shapes(a.shape, b.shape, fname=fname)
        if a.shape != shape:
            a = mnp.broadcast_to(a, shape)
        if b.shape != shape:
            b = mnp.broadcast_to(b, shape)
    return a, b, n


def bool_safe(op, x, *args, **kwargs):
    """Run layout op ``op`` on ``x``; bool arrays go through uint8 (exact both ways) because
    MXNet's transpose/roll/flip/diagonal/swapaxes kernels reject bool ("Unknown type enum 7")."""
    if x.dtype == onp.bool_:
        return op(x.astype("uint8"), *args, **kwargs).astype("bool")
    return op(x, *args, **kwargs)


def reduced_shape(shape, axes, keepdims):
    """The shape of a reduction of ``shape`` over ``axes``."""
    if keepdims:
        return tuple(1 if i in axes else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in axes)


def empty_reduction(x, axes, keepdims, value, name):
    """The result of reducing a zero-size ``x`` (built directly: MXNet's reduction kernels
    return corrupt arrays for some zero-size inputs, which fail later at ``asnumpy``)."""
    return mnp.full(reduced_shape(x.shape, axes, keepdims), value, dtype=name, ctx=x.ctx)


def where(cond, a, b):
    """``mxnet.numpy.where`` made safe: MXNet's kernel accepts at most 5 dimensions and crashes
    the process (segfault/terminate) when broadcasting into a zero-size result, so anything
    but equal shapes of at most 5 dims is broadcast explicitly and run flat."""
    s = cond.shape
    if s == a.shape == b.shape and len(s) <= 5:
        return mnp.where(cond, a, b)
    shape = broadcast_shapes(s, a.shape, b.shape, fname="where")

    def flat(t):
        return (t if t.shape == shape else mnp.broadcast_to(t, shape)).reshape(-1)

    return mnp.where(flat(cond), flat(a), flat(b)).reshape(shape)


# --- dtype reads for the fast paths ---------------------------------------------------------
# ``x.dtype`` costs ~0.7 us (ctypes call, error check, dict lookup, property); reading MXNet's
# dtype code directly costs ~0.3 us, which keeps the per-call overhead under 1 us.  A fresh
# c_int per call keeps it thread-safe (ctypes releases the GIL during the call).
_GET_DTYPE = _LIB.MXNDArrayGetDType

#: MXNet's dtype codes (mshadow type flags) -> standard names.
CODE_NAMES = {0: "float32", 1: "float64", 2: "float16", 3: "uint8", 4: "int32", 5: "int8",
              6: "int64", 7: "bool"}


def codes_of(names):
    """The MXNet dtype codes of dtype ``names``."""
    return frozenset(c for c, n in CODE_NAMES.items() if n in names)


def dtype_code(x) -> int:
    """MXNet's dtype code of array ``x`` (see :data:`CODE_NAMES`)."""
    c = _c_int()
    _GET_DTYPE(x.handle, _byref(c))
    return c.value
