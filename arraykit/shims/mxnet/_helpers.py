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
from mxnet import np as mnp
from mxnet import util as _mx_util
from mxnet.base import _LIB

from .._common.operands import (
    OperandRules,
    broadcast_shapes,
    reduced_shape,
)
from .._common.utils import normalize_axes, normalize_axis  # noqa: F401 - the one axis rule
from . import _primitives as _p

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


def mode_free(f):
    """Public function ``f`` marked to run as it is, without :func:`np_mode` around it: ``f``
    calls MXNet directly only on its fast path, for arrays with an axis and no zero extent,
    which MXNet's operators and shape reads treat alike in and out of the mode (it changes how
    0-d and zero-size shapes are read: ``ConvertToNumpyShape``/``ConvertToLegacyShape``,
    MXNet 1.9.1), and passes every other call to a function wrapped in :func:`np_mode`. A
    caller outside the mode (``npx.set_np()`` not run) saves the switch: ~1.6 us a call."""
    f.np_mode = True
    return f


def np_mode_all(namespace: dict, names) -> None:
    """Wrap the functions ``names`` of module globals ``namespace`` with :func:`np_mode`."""
    for name in names:
        f = namespace[name]
        if isinstance(f, types.FunctionType) and not getattr(f, "np_mode", False):
            namespace[name] = np_mode(f)

Device = mx.Context


def is_array(x) -> bool:
    return isinstance(x, ndarray)


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
    """A 0-d array holding ``value`` with ``like``'s dtype and device (exact)."""
    return _p.scalar_array(value, name, like)


#: The operand rules every full shim shares (``_common/operands.py``).
_RULES = OperandRules(_p)
require_array = _RULES.require_array


def bool_safe(op, x, *args, **kwargs):
    """Run layout op ``op`` on ``x``; bool arrays go through uint8 (exact both ways) because
    MXNet's transpose/roll/flip/diagonal/swapaxes kernels reject bool ("Unknown type enum 7")."""
    if _p.dtype_code(x) == _p.BOOL_CODE:
        return op(x.astype("uint8"), *args, **kwargs).astype("bool")
    return op(x, *args, **kwargs)


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
        return _WHERE([cond, a, b])
    shape = broadcast_shapes(s, a.shape, b.shape, fname="where")

    def flat(t):
        return (t if t.shape == shape else _p.broadcast_to(t, shape)).reshape(-1)

    return _WHERE([flat(cond), flat(a), flat(b)]).reshape(shape)


#: ``mnp.where``'s operator for three arrays (``_npi.where(condition, x, y)``), invoked
#: directly (its wrappers cost ~15 us a call).
_WHERE = _p.operator_n("_npi_where")


# --- dtype reads for the fast paths ---------------------------------------------------------
CODE_NAMES = _p.CODE_NAMES
dtype_code = _p.dtype_code


def codes_of(names):
    """The MXNet dtype codes of dtype ``names``."""
    return frozenset(c for c, n in CODE_NAMES.items() if n in names)
