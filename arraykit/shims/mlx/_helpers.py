"""Private plumbing shared by the MLX shim's modules: input checks, promotion, scalars, devices.

The hot path (arrays of one standard dtype) is a type test and a dict lookup per operand;
conversions and messages happen only on the slow paths.
"""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import checks as _c
from .._common import utils as _u
from .._common.scalars import python_scalar
from .._common.utils import normalize_axes, normalize_axis  # noqa: F401 - the one axis rule
from . import _dtypes as D

array = mx.array
_NAME_OF = D.NAME_OF
_DTYPES = D.DTYPES
_PY_SCALARS = (bool, int, float, complex)


def require_array(x, fname: str) -> str:
    """Dtype name of ``x``; TypeError if ``x`` is no ``mlx.core.array`` or its dtype is not a
    standard one (float16, bfloat16)."""
    if type(x) is not array:
        raise _c.not_an_array(fname, x, "an mlx.core.array")
    try:
        return _NAME_OF[x.dtype]
    except KeyError:
        raise TypeError(f"{fname}: {x.dtype} is not a data type of the array API standard "
                        "(cast to float32 first)") from None


def require_kind(x, kind: str, fname: str) -> str:
    """Dtype name of array ``x``, which must belong to the spec's input category ``kind``."""
    n = require_array(x, fname)
    D.check_kind(n, kind, fname)
    return n


def full(shape, value, dtype, stream=None):
    """``mx.full`` that keeps ``dtype``: MLX 0.32.4's gives int32 for ``full(s, 1,
    dtype=bool)`` and float32 for ``full(s, nan, dtype=complex64)``."""
    r = mx.full(shape, value, dtype=dtype, stream=stream)
    return r if r.dtype == dtype else r.astype(dtype)


def cast(x, name: str):
    """``x`` as dtype ``name`` (itself when it has it already)."""
    d = _DTYPES[name]
    return x if x.dtype == d else x.astype(d)


def const(value, name: str):
    """A 0-d array of dtype ``name`` holding Python scalar ``value`` exactly: MLX's own
    conversion refuses ints beyond int64 (``std::bad_cast`` for uint64 values), so those go
    through NumPy."""
    if type(value) is int and not -(2 ** 63) <= value < 2 ** 63:
        return mx.array(onp.asarray(value, dtype=D.NUMPY[name]))
    return mx.array(value, dtype=_DTYPES[name])


def binary(x1, x2, fname: str, bcast: bool = False):
    """Both operands of a binary function as arrays of their standard result dtype, and its
    name. ``bcast``: the function broadcasts its operands elementwise, so arrays of
    different shapes are checked here (ValueError naming ``fname``; MLX's names no function).
    Two arrays promote by the standard's table (``D.promote``); a Python scalar takes
    the array's dtype by the spec's scalar rule (a float with an integer array computes in
    the default float, ``_common.dtypes.scalar_kind_result``) and becomes a 0-d array of that
    dtype, so MLX's own weak-scalar rules never decide a dtype or a value."""
    t1 = type(x1)
    t2 = type(x2)
    if t1 is array and t2 is array:
        d1 = x1.dtype
        d2 = x2.dtype
        n1 = _NAME_OF.get(d1)
        if bcast:
            s1 = x1.shape
            s2 = x2.shape
            if s1 != s2:
                check_broadcast(s1, s2, fname)  # Python tuples only
        if d1 == d2 and n1 is not None:
            return x1, x2, n1
        n1 = require_array(x1, fname)
        n2 = require_array(x2, fname)
        r = D.promote(n1, n2, fname)
        return cast(x1, r), cast(x2, r), r
    if t1 is array:
        return _with_non_array(x1, x2, fname, bcast, False)
    if t2 is array:
        return _with_non_array(x2, x1, fname, bcast, True)
    if t1 in _PY_SCALARS and t2 in _PY_SCALARS:
        raise TypeError(f"{fname}: at least one argument must be an mlx.core.array")
    raise _c.not_an_array(fname, x1 if t1 is not array else x2, "an mlx.core.array")


def _with_non_array(a, other, fname: str, bcast: bool, other_first: bool):
    """``binary`` for the array ``a`` and the non-array operand ``other`` (the first operand
    if ``other_first``): a Python scalar takes ``a``'s dtype by the standard's rules, a
    NumPy scalar is the Python scalar of its kind (``_common.scalars``), anything else is a
    TypeError."""
    if type(other) in _PY_SCALARS:
        r = D.scalar_dtype(other, require_array(a, fname), fname)
        if other_first:
            return const(other, r), cast(a, r), r
        return cast(a, r), const(other, r), r
    p = python_scalar(other)
    if p is not other:
        return _with_non_array(a, p, fname, bcast, other_first)
    raise _c.not_an_array(fname, other, "an mlx.core.array or a Python scalar")


def check_broadcast(s1, s2, fname: str) -> tuple:
    """The broadcast shape of ``s1`` and ``s2``, or ValueError naming ``fname`` (MLX's own is
    a ValueError without the function's name)."""
    try:
        return _u.broadcast_shapes(s1, s2)
    except ValueError:
        raise ValueError(f"{fname}: shapes {s1} and {s2} are not broadcastable") from None


# --- devices ------------------------------------------------------------------------------
# MLX arrays live in unified memory and have no device of their own: an operation runs on a
# stream of a device (``stream=``, default ``mx.default_device()``). The namespace's devices are
# ``mlx.core.Device`` objects; an array's ``device`` is the default device (where the next
# operation on it runs), and ``to_device`` is free (no copy is needed on unified memory).


def devices() -> tuple:
    """The available devices: the CPU, and the GPU where this MLX build has one."""
    found = [mx.Device(mx.cpu, 0)]
    if mx.is_available(mx.gpu):
        found += [mx.Device(mx.gpu, i) for i in range(mx.device_count(mx.gpu))]
    return _u.Devices(found)


def check_device(device, fname: str):
    """The ``mlx.core.Device`` for a ``device=`` argument (None: MLX's default device);
    ValueError for anything that is no available MLX device."""
    if device is None:
        return mx.default_device()
    if isinstance(device, mx.DeviceType):
        device = mx.Device(device, 0)
    elif isinstance(device, str):
        kind, _, idx = device.partition(":")
        kinds = {"cpu": mx.cpu, "gpu": mx.gpu}
        if kind in kinds and (not idx or idx.isdigit()):
            device = mx.Device(kinds[kind], int(idx or 0))
    if isinstance(device, mx.Device) and device in devices():
        return device
    raise ValueError(f"{fname}: {device!r} is not an available MLX device (use "
                     f"{', '.join(map(repr, devices()))})")


def device_of(x):
    """The device of an array: MLX's default device (arrays have none of their own)."""
    return mx.default_device()


def to_device(x, device, /, *, stream=None):
    """``x`` on ``device``: unified memory needs no copy, so ``x`` itself once ``device`` is
    checked."""
    check_device(device, "to_device")
    return x


def reduced_shape(shape, axes, keepdims) -> tuple:
    """The shape of a reduction of ``shape`` over ``axes``."""
    if keepdims:
        return tuple(1 if i in axes else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in axes)


def to_numpy(x):
    """A NumPy array of ``x``'s values (evaluates it), for the data-dependent functions."""
    return onp.asarray(x)


def from_numpy(a, name: str | None = None):
    """An MLX array of NumPy array ``a`` with dtype ``name`` (default: ``a``'s own; MLX alone
    turns float64 into float32)."""
    if name is None:
        name = D.NUMPY_NAME[a.dtype]
    if not a.flags.c_contiguous:
        # MLX refuses negative strides ("Cannot convert DLPack arrays with negative strides").
        a = onp.ascontiguousarray(a)
    return mx.array(a, dtype=_DTYPES[name])


def concrete(x):
    """``x``'s values as a NumPy array, or None while ``mx.compile``/``mx.vmap`` trace a
    function (MLX refuses to evaluate there): eager checks on values (index bounds) are
    skipped under tracing, and data-dependent shapes raise :func:`traced_error`."""
    try:
        return onp.asarray(x)
    except ValueError as e:
        if "function transformations" in str(e):
            return None
        raise


def traced_error(fname: str) -> ValueError:
    """The error of a data-dependent output shape under ``mx.compile``/``mx.vmap``."""
    return ValueError(f"{fname}: the output shape depends on the values, which mx.compile "
                      "and mx.vmap cannot know; call it outside the compiled function")


def check_index_bounds(fname: str, indices, n: int) -> None:
    """IndexError unless every index lies in ``[-n, n)`` (MLX reads out-of-bounds indices
    as whatever memory lies there, a silent wrong number); skipped under tracing."""
    if indices.size == 0:
        return
    v = concrete(indices)
    if v is None:
        return
    lo, hi = v.min(), v.max()
    if lo < -n or hi >= n:
        bad = lo if lo < -n else hi
        raise IndexError(f"{fname}: index {int(bad)} is out of bounds for an axis of size {n}")
