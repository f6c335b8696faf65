"""Private plumbing shared by the Paddle shim's modules: input checks, promotion, scalars,
the narrow integer dtypes, devices.

The common case (arrays of one dtype Paddle has kernels for) is a type check and a dict
lookup; conversions happen only on the slow paths.
"""

from __future__ import annotations

import functools

import paddle

from .._common.checks import check_keepdims  # noqa: F401 - the one keepdims rule
from .._common.operands import (  # noqa: F401 - one rule each
    OperandRules,
    broadcast_shapes,
    reduced_shape,
)
from .._common.utils import normalize_axes, normalize_axis  # noqa: F401 - the one axis rule
from . import _primitives as _p

Tensor = paddle.Tensor

#: Integer dtypes Paddle 3.3.1 stores but has few CPU kernels for (int8/uint8 have no
#: ``multiply``, ``subtract``, ``flip``, ``max``, ``where``...; int16 no ``multiply``,
#: ``flip``...). Their arithmetic runs in int32 and is cast back: every value of theirs is
#: exact in int32, products of two fit, and the cast back wraps modulo 2**bits, so results
#: equal a native kernel's (overflow wraps as in NumPy).
NARROW = frozenset(("int8", "int16", "uint8"))
#: The dtype narrow integers (and bool, where an op has no bool kernel) compute in.
CARRIER = "int32"


#: Paddle 3.3.1 tensors have at most 9 dimensions ("Now only supports access to dimension 0
#: to 9"): a 10-d shape fails inside Paddle with an OSError.
MAX_NDIM = 9


def check_rank(fname: str, ndim: int) -> None:
    """ValueError naming Paddle for a result of more than :data:`MAX_NDIM` dimensions."""
    if ndim > MAX_NDIM:
        raise ValueError(f"{fname}: Paddle 3.3.1 tensors have at most {MAX_NDIM} dimensions; "
                         f"this result would have {ndim}")


def allocating(fname: str):
    """Decorator for the functions that allocate a result of a size their arguments set
    (creation, ``tile``, ``repeat``): Paddle's failed allocation is already a MemoryError
    (NumPy's class), whose message ("(ResourceExhausted) Fail to alloc memory ...") names no
    function; this one starts with ``fname``. (Paddle has no error layer of arraykit's: its
    rules run before the kernel, and only an allocation can fail after them.)"""

    def deco(f):
        @functools.wraps(f)
        def g(*args, **kwargs):
            try:
                return f(*args, **kwargs)
            except MemoryError as e:
                raise MemoryError(f"{fname}: {str(e).strip().splitlines()[0]}") from None

        return g

    return deco


def is_array(x) -> bool:
    return isinstance(x, Tensor)


cast = _p.cast


def widen(x, name: str):
    """``x`` in the dtype its arithmetic runs in (see :data:`NARROW`)."""
    return paddle.cast(x, CARRIER) if name in NARROW else x


def narrow(r, name: str):
    """The inverse of :func:`widen` for a result that should have dtype ``name``."""
    return paddle.cast(r, name) if name in NARROW else r


full0 = _p.full0


#: The operand rules every full shim shares (``_common/operands.py``).
_RULES = OperandRules(_p)
require_array = _RULES.require_array


# --- devices --------------------------------------------------------------------------------

#: Whether this Paddle build has no device but the CPU, so that every tensor is on it: fast
#: paths whose kernel's bits were compared on the CPU only test this, not ``x.place`` (a read
#: and a method call, ~0.33 us, 3.3.1).
CPU_ONLY = not (paddle.is_compiled_with_cuda() or paddle.is_compiled_with_rocm()
                or paddle.is_compiled_with_xpu() or paddle.device.get_all_custom_device_type())


#: NumPy array -> a new tensor on a place (one copy): the constructor's C init.
host_tensor = _p.host_tensor


def default_place():
    """Paddle's current device as a Place (``paddle.set_device`` chooses it)."""
    return paddle.framework._current_expected_place()


def check_device(device, fname: str):
    """The Paddle Place for a ``device=`` argument (None: Paddle's current device)."""
    if device is None:
        return None
    if isinstance(device, paddle.base.libpaddle.Place):
        return device
    for cls in (paddle.CPUPlace, getattr(paddle, "CUDAPlace", None)):
        if cls is not None and isinstance(device, cls):
            return device
    if type(device).__name__ == "Device" and type(device).__module__.startswith("paddle"):
        device = str(device)  # ``x.device`` (paddle.device.Device): its place
    if isinstance(device, str):
        kind, _, idx = device.partition(":")
        if kind == "cpu":
            return paddle.CPUPlace()
        if kind == "gpu" and paddle.is_compiled_with_cuda():
            return paddle.CUDAPlace(int(idx or 0))
    raise ValueError(f"{fname}: {device!r} is not a Paddle device (use paddle.CPUPlace(), "
                     "paddle.CUDAPlace(i) or x.place)")


_is_cpu = _p.is_cpu


def place_of(x):
    return x.place


def to_place(x, place):
    """``x`` on ``place`` (itself when it is there)."""
    if place is None or x.place == place:
        return x
    if _is_cpu(place):
        return x.cpu()
    return x.to(place)


def same_place(x, place):
    """A ``device=`` given beside an array argument must be the array's device or None."""
    return x if place is None else to_place(x, place)


# --- data movement for the dtypes some Paddle kernels lack -----------------------------------

#: Dtypes whose data-movement kernels (repeat_interleave, index_select, take_along_axis,
#: flip, roll...) are missing in Paddle 3.3.1 on CPU for at least one op.
_MOVE_VIA_INT32 = frozenset(("bool", "int8", "int16", "uint8"))
_COMPLEX = frozenset(("complex64", "complex128"))
#: The dtypes ``moving`` does not pass to the op as they are.
MOVED = _MOVE_VIA_INT32 | _COMPLEX


def moving(op, x, name: str, *args, **kwargs):
    """``op(x, *args, **kwargs)`` for an op that only moves elements: bool and narrow
    integers through int32, complex as its real and imaginary parts (each exact)."""
    if name in _MOVE_VIA_INT32:
        return paddle.cast(op(paddle.cast(x, CARRIER), *args, **kwargs), name)
    if name in _COMPLEX:
        return paddle.complex(op(paddle.real(x), *args, **kwargs),
                              op(paddle.imag(x), *args, **kwargs))
    return op(x, *args, **kwargs)


# --- exact comparisons ---------------------------------------------------------------------
# Paddle 3.3.1's ``equal``/``not_equal``/``isin`` (and so ``==``/``!=``) on floating tensors
# are approximate: ``1e-30 == 0`` and ``1.0 == 1.0 + 2e-16`` (float64) are True, measured.
# ``less_equal``/``greater_equal`` are exact, so equality is built from them.
_FLOATS = (paddle.float32, paddle.float64)
_CFLOATS = (paddle.complex64, paddle.complex128)


_F32, _F64 = _FLOATS
#: What paddle.logical_and/less_equal/greater_equal call in eager and PIR mode (3.3.1: a
#: forwarder, and two Python functions with a decorator, ~3 us of ``equal``'s ~9).
_C_AND, _C_LE, _C_GE = (paddle._C_ops.logical_and, paddle._C_ops.less_equal,
                        paddle._C_ops.greater_equal)


def eq(a, b):
    """Exact elementwise ``a == b`` (NaN unequal to everything)."""
    d = a.dtype
    # Identity first: comparing Paddle dtypes costs ~0.5 us each.
    if d is _F32 or d is _F64 or d in _FLOATS:
        return _C_AND(_C_LE(a, b), _C_GE(a, b))
    if d in _CFLOATS:
        return paddle.logical_and(eq(paddle.real(a), paddle.real(b)),
                                  eq(paddle.imag(a), paddle.imag(b)))
    return paddle.equal(a, b)


def ne(a, b):
    """Exact elementwise ``a != b``."""
    if a.dtype in _FLOATS or a.dtype in _CFLOATS:
        return paddle.logical_not(eq(a, b))
    return paddle.not_equal(a, b)


def nonzero_mask(x):
    """``x != 0`` exactly (NaN counts as nonzero, as in NumPy)."""
    if x.dtype == paddle.bool:
        return x
    return ne(x, paddle.zeros([], dtype=x.dtype))


def is_zero(x):
    """``x == 0`` exactly (both zeros)."""
    return eq(x, paddle.zeros([], dtype=x.dtype))
