"""Private plumbing shared by the MLX shim's modules: input checks, promotion, scalars, devices.

The hot path (arrays of one standard dtype) is a type test and a dict lookup per operand;
conversions and messages happen only on the slow paths.
"""

from __future__ import annotations

import mlx.core as mx
import numpy as onp

from .._common import indexing as _indexing
from .._common import utils as _u
from .._common.operands import OperandRules, reduced_shape  # noqa: F401 - one rule each
from .._common.utils import normalize_axes, normalize_axis  # noqa: F401 - the one axis rule
from . import _dtypes as D
from . import _primitives as _p

array = mx.array


def full(shape, value, dtype, stream=None):
    """``mx.full`` that keeps ``dtype``: MLX 0.32.4's gives int32 for ``full(s, 1,
    dtype=bool)`` and float32 for ``full(s, nan, dtype=complex64)``."""
    r = mx.full(shape, value, dtype=dtype, stream=stream)
    return r if r.dtype == dtype else r.astype(dtype)


cast = _p.cast
const = _p.scalar_array

#: Positive while one of arraykit's MLX gradient transforms (``arraykit.ext.grad``) traces
#: its function outside an ``arraykit.ext.jit`` trace (each adds 1; ext.jit's trace adds
#: ``COMPILING`` and restores the count after, so ``COMPILING + n`` is n ext.grad traces
#: around or inside an ext.jit trace). There a rule whose corrective ops would add nodes to
#: every backward pass takes a form with the op's own derivative instead (``sin``): eagerly a
#: custom function (those nodes are a kernel each), under mx.compile stop_gradient
#: arithmetic that fuses (the custom function would not). The values are the same either
#: way, so a transform arraykit does not see (``mx.value_and_grad`` called directly) only
#: takes the other form.
GRAD_TRACING = [0]
COMPILING = -(2**40)


class KeyedPrograms:
    """``mx.compile``d programs by key (shapes, dtypes, arguments), made from a key's second
    call: a trace and compile costs 0.3-3 ms, which one call does not repay, and one program
    traced for many shapes grew to ~1 s a new shape (500 vector lengths: 457 s against
    mx.var's 25 ms). At most ``limit`` programs; past it, and on a key's first call,
    :meth:`get` gives None (the caller's uncompiled or shapeless form)."""

    def __init__(self, limit: int = 64) -> None:
        self.programs: dict = {}
        self.seen: set = set()
        self.limit = limit

    def get(self, key, make, *args):
        """The program for ``key`` (``make(*args)`` compiles it), or None."""
        program = self.programs.get(key)
        if program is not None:
            return program
        if key in self.seen and len(self.programs) < self.limit:
            program = self.programs[key] = make(*args)
            return program
        if len(self.seen) >= 4 * self.limit:
            self.seen.clear()
        self.seen.add(key)
        return None


#: The operand rules every full shim shares (``_common/operands.py``).
_RULES = OperandRules(_p)
require_array = _RULES.require_array


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


def to_numpy(x):
    """A NumPy array of ``x``'s values (evaluates it), for the data-dependent functions."""
    return onp.asarray(x)


def from_numpy(a, name: str | None = None):
    """An MLX array of NumPy array ``a`` with dtype ``name`` (default: ``a``'s own)."""
    return _p.from_host(a, D.NUMPY_NAME[a.dtype] if name is None else name)


def refused_in_trace(e: ValueError) -> bool:
    """Whether ``e`` is MLX refusing to evaluate while ``mx.compile``/``mx.vmap`` trace a
    function ("Attempting to eval an array during function transformations")."""
    return "function transformations" in str(e)


def concrete(x):
    """``x``'s values as a NumPy array, or None while ``mx.compile``/``mx.vmap`` trace a
    function (MLX refuses to evaluate there): eager checks on values (index bounds) are
    skipped under tracing, and data-dependent shapes raise :func:`traced_error`."""
    try:
        return onp.asarray(x)
    except ValueError as e:
        if refused_in_trace(e):
            return None
        raise


def concrete_all(arrays: tuple):
    """:func:`concrete` of several arrays (a tuple of NumPy views) after ONE evaluation of
    them all (``mx.eval``; each ``onp.asarray`` would evaluate on its own), or None while
    ``mx.compile``/``mx.vmap`` trace."""
    try:
        mx.eval(*arrays)
    except ValueError as e:
        if refused_in_trace(e):
            return None
        raise
    return tuple(onp.asarray(a) for a in arrays)  # views: evaluated already


def traced_error(fname: str) -> ValueError:
    """The error of a data-dependent output shape under ``mx.compile``/``mx.vmap``."""
    return ValueError(f"{fname}: the output shape depends on the values, which mx.compile "
                      "and mx.vmap cannot know; call it outside the compiled function")


def check_index_bounds(fname: str, indices, n: int) -> None:
    """IndexError unless every index lies in ``[-n, n)`` (MLX reads out-of-bounds indices
    as whatever memory lies there, a silent wrong number); skipped under tracing."""
    if indices.size:
        _indexing.check_bounds(fname, concrete(indices), n)
