"""Internal plumbing shared by the TF shim's modules: input conversion, error translation,
cached axis constants. Not public."""

from __future__ import annotations

import functools

import tensorflow as tf

from .._common import checks as _c
from .._common import errors as _errors
from . import _dtypes as _t
from ._dtypes import EagerTensor as ET  # noqa: N817 - short: the type test on every fast path
from ._dtypes import dtype_name

#: TF's runtime errors; none may escape the shim raw.
OpError = tf.errors.OpError


#: TF's runtime errors go through the shared rules (``_common.errors.standard_class``): out
#: of memory is MemoryError, NumPy's class; else the class is read from the call's arguments;
#: where they show no mistake, from what TF's class means: no kernel for the dtypes
#: (NotFound, Unimplemented) TypeError, an argument a kernel refused (InvalidArgument,
#: OutOfRange, FailedPrecondition) ValueError. Any other OpError (Internal, Unavailable,
#: Aborted...) is no mistake of the input and is raised as it is.
_HINTS = ((tf.errors.ResourceExhaustedError, None, MemoryError),)
_NO_KERNEL = (tf.errors.NotFoundError, tf.errors.UnimplementedError)
_OTHERWISE = ((_NO_KERNEL, TypeError),
              ((tf.errors.InvalidArgumentError, tf.errors.OutOfRangeError,
                tf.errors.FailedPreconditionError), ValueError))


def translate(fname: str, e: Exception, *args, **kwargs) -> Exception:
    """The standard exception naming ``fname`` (and the dtypes) for TF runtime error ``e``,
    raised by a call with ``args`` (its leading arguments at least) and ``kwargs``; ``e``
    itself where no rule explains it."""
    cls = _errors.standard_class(e, fname, _HINTS, args, kwargs, _OTHERWISE)
    if cls is None:
        return e
    dts = ", ".join(dtype_name_safe(a) for a in args if _t.is_tensor(a))
    msg = getattr(e, "message", str(e)).split("\n")[0]
    if cls is TypeError and isinstance(e, _NO_KERNEL):
        return TypeError(f"{fname}: not supported for dtypes ({dts}): {msg}")
    return cls(f"{fname}: {msg}" + (f" (dtypes: {dts})" if dts else ""))


def dtype_name_safe(a) -> str:
    try:
        return dtype_name(a.dtype)
    except Exception:  # noqa: BLE001 - for an error message: anything falls back to the type
        return type(a).__name__


def wrap_errors(fname: str):
    """Decorator for the non-hot functions: TF runtime errors become the standard exceptions
    naming the function (``translate``). (Hot functions inline a try/except instead; try is
    free in 3.11.)"""

    def deco(f):
        @functools.wraps(f)
        def g(*args, **kwargs):
            try:
                return f(*args, **kwargs)
            except OpError as e:
                raise translate(fname, e, *args, **kwargs) from None

        return g

    return deco


def arr(x, fname: str):
    """An array argument as a tf.Tensor: tensors pass, Variables are read. Anything else
    (Python scalars, lists, other frameworks' arrays) is refused with a TypeError naming
    ``fname``: mixing frameworks silently would hide copies; use ``asarray`` first."""
    if type(x) is ET or isinstance(x, tf.Tensor):
        return x
    if isinstance(x, tf.Variable):
        return x.value()
    raise _c.not_an_array(fname, x, "a tf.Tensor or tf.Variable")


def check_dtype(fname: str, x, allowed: frozenset, category: str):
    """TypeError naming ``fname`` if ``x.dtype`` is not in ``allowed``."""
    if x.dtype not in allowed:
        raise _c.dtype_not_allowed(fname, dtype_name_safe(x), category)


def ndim(x) -> int:
    r = x.shape.rank
    if r is None:
        raise ValueError("array of unknown rank is not supported")
    return r


_AXES_CACHE: dict[tuple, tf.Tensor] = {}
_ALL_AXES: dict[int, tf.Tensor] = {}


def axes_arg(x, axes: tuple):
    """Axes (or a shape) for a generated op on ``x``: for an eager ``x``, a cached int32
    tensor (a Python list makes the op leave TF's C fast path and convert the list, ~20 us,
    more than the reduction of a small tensor); inside graphs a plain list."""
    if type(x) is not ET:
        return list(axes)
    t = _AXES_CACHE.get(axes)
    if t is None:
        # int64 for a shape past int32: tf.constant wraps an out-of-range Python int
        # silently (2**32 as int32 is 0, and broadcast_to(x, (2**32,)) had shape (0,)).
        wide = any(v > _INT32_MAX or v < -_INT32_MAX - 1 for v in axes)
        t = _cache(_AXES_CACHE, axes, axes, tf.int64 if wide else tf.int32)
    return t


_INT32_MAX = 2**31 - 1


def _cache(cache: dict, key, value, dtype):
    """``tf.constant(value, dtype)`` stored in ``cache`` under ``key``: made eagerly even
    while a tf.function traces (a graph captures a small eager tensor as a Const, so XLA
    still sees a constant); the cache is emptied past 512 entries."""
    if len(cache) > 512:
        cache.clear()
    with tf.init_scope():
        t = cache[key] = _t.const(value, dtype)  # TF's own cache: -0.0 -> +0.0
    return t


_SHAPES: dict = {}


def shape_const(shape: tuple):
    """``shape`` as a cached int64 tensor (``Fill``'s dims)."""
    t = _SHAPES.get(shape)
    if t is None:
        t = _cache(_SHAPES, shape, shape, tf.int64)
    return t


_SCALARS: dict = {}


def scalar_const(value, dtype):
    """``tf.constant(value, dtype)`` for a Python bool, int or float, cached (TF converts a
    scalar in ~5 us); NaN and complex values are made each time. A zero float is keyed by
    its sign (0.0 and -0.0 are one dict key): ``clip(x, min=0.0)``, ``maximum(x, 0.0)``
    found it made each time (+8.5 us a call)."""
    t = type(value)
    if t is complex or (t is float and value != value):
        return _t.const(value, dtype)
    key = _t.scalar_key(value, t, dtype)
    c = _SCALARS.get(key)
    if c is None:
        c = _cache(_SCALARS, key, value, dtype)
    return c


def all_axes(n: int):
    """An int32 tensor ``[0, ..., n-1]``, cached (only used on the eager fast path)."""
    t = _ALL_AXES.get(n)
    if t is None:
        with tf.init_scope():
            t = _ALL_AXES[n] = tf.constant(list(range(n)), tf.int32)
    return t


_ZEROS: dict = {}


def zero_like(x):
    """A 0-d zero of ``x``'s dtype: cached for an eager ``x`` (``tf.zeros`` costs more than a
    comparison of a small tensor)."""
    if type(x) is not ET:
        return tf.zeros((), x.dtype)
    d = x.dtype
    z = _ZEROS.get(d)
    if z is None:
        with tf.init_scope():
            z = _ZEROS[d] = tf.zeros((), d)
    return z


_ONLY_CPUS: list = []


def only_cpus() -> bool:
    """Whether TF sees no device but CPUs (then an eager op runs where its input lives without
    a device scope; with a GPU, TF would place it there). Read once, on the first call."""
    if not _ONLY_CPUS:
        _ONLY_CPUS.append(all(d.device_type == "CPU" for d in tf.config.list_logical_devices()))
    return _ONLY_CPUS[0]


def on_cpu(x) -> bool:
    """Whether eager ``x`` lives on a CPU (where TF's kernels are the ones measured)."""
    return "CPU" in x.backing_device
