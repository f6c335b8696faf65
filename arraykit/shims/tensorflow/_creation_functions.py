"""Creation functions. Python inputs get the standard's default dtypes (int64, float64,
complex128), not TF's (int32, float32)."""

from __future__ import annotations

import builtins

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import gen_math_ops as _m

from .._common import checks as _c
from .._common import creation as _creation
from .._common import dlpack as _dlpack
from .._common import dtypes as _d
from .._common import scalars as _s
from .._common import utils as _u
from .._common.sizes import check_shape
from . import _dtypes as _t
from . import _primitives as _p
from ._base import ET, OpError, arr, only_cpus, scalar_const, shape_const, translate, wrap_errors
from ._devices import check_device, on

__all__ = ["arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full",
           "full_like", "linspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros",
           "zeros_like"]

_NP_OK = {np.dtype(n) for n in _d.ALL}


def _infer_py(obj):
    """Default dtype for (nested) Python data: bool < int < float < complex, as the spec."""
    kinds = set()

    def walk(o, depth=0):
        t = type(o)
        if t is builtins.bool:
            kinds.add(0)
        elif t is int:
            kinds.add(1)
        elif t is float:
            kinds.add(2)
        elif t is complex:
            kinds.add(3)
        elif isinstance(o, (list, tuple)):
            if depth == _u.MAX_NDIM:
                raise _u.too_deep("asarray")
            for e in o:
                walk(e, depth + 1)
        elif isinstance(o, (tf.Tensor, tf.Variable)):
            kinds.add(("t", o.dtype))
        else:
            kinds.add(("o", None))

    walk(obj)
    return kinds


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Array API ``asarray``: tensors, Variables, Python scalars, nested sequences, NumPy
    arrays and buffer-protocol objects to a tf.Tensor. Tensors are immutable, so ``copy=True``
    returns a new tensor handle and ``copy=False`` works whenever no dtype/device change is
    needed."""
    if type(obj) is ET and dtype is None and device is None and not copy:
        return obj  # the common call, without the general path's checks and frame
    return _asarray(obj, dtype=dtype, device=device, copy=copy)


@wrap_errors("asarray")
def _asarray(obj, /, *, dtype=None, device=None, copy=None):
    dtype = _t.dtype_arg(dtype, "asarray")
    # A NumPy scalar with a dtype: the Python scalar's rules (NumPy casts np.int64(300) into
    # int8 as 44; _common.scalars.asarray_data).
    obj = _s.asarray_data(obj, dtype)
    dev = check_device(device)
    if isinstance(obj, (tf.Tensor, tf.Variable)):
        x = obj.value() if isinstance(obj, tf.Variable) else obj
        if dtype is not None and x.dtype is not dtype:
            if copy is False:
                raise _c.copy_false_needs_cast()
            x = tf.cast(x, dtype)
        if dev is not None and tf.executing_eagerly() and _dev_of(x) != dev:
            if copy is False:
                raise ValueError("asarray: copy=False but a device transfer is needed")
            with tf.device(str(dev)):
                return tf.identity(x)
        if copy:
            # A new buffer: tf.identity returns a handle to the same memory, which a write
            # through DLPack (torch.from_dlpack of the "copy") would change in obj too.
            with on(dev):
                return _a.snapshot(x)
        return x
    # A Python object cannot share memory with an immutable tensor.
    if copy is False and not hasattr(obj, "__dlpack__") and not isinstance(obj, np.ndarray):
        raise ValueError("asarray: copy=False is impossible for Python objects")
    with on(dev):
        t = type(obj)
        if t in (builtins.bool, int, float, complex):
            return _t.as_tensor(obj, dtype)
        if isinstance(obj, (list, tuple)):
            kinds = _infer_py(obj)
            if dtype is None:
                tens = [k[1] for k in kinds if isinstance(k, tuple) and k[0] == "t"]
                if tens:
                    dtype = tens[0]
                    for d in tens[1:]:
                        dtype = _t.promote_dtypes("asarray", dtype, d)
                elif ("o", None) in kinds and _s.holds_numpy_scalar(obj):
                    # NumPy scalars in the data: NumPy's dtype (``[np.int32(0)]`` is int32).
                    a = np.asarray(_unwrap(obj))
                    if a.dtype not in _NP_OK:
                        raise TypeError(f"asarray: NumPy dtype {a.dtype} is not an Array API "
                                        "dtype")
                    return tf.constant(a)
                elif 3 in kinds:
                    dtype = _t.DEFAULT_COMPLEX
                elif 2 in kinds:
                    dtype = _t.DEFAULT_FLOAT
                elif 1 in kinds:
                    dtype = _t.DEFAULT_INT
                elif 0 in kinds:
                    dtype = tf.bool
                else:
                    dtype = _t.DEFAULT_FLOAT  # empty sequence
            try:
                a = np.asarray(_unwrap(obj), dtype=dtype.as_numpy_dtype)
            except (OverflowError, ValueError) as e:  # NumPy 2's words, no function named
                raise type(e)(f"asarray: {e}") from None
            return tf.constant(a, dtype)
        if isinstance(obj, np.generic):
            obj = np.asarray(obj)
        if copy is False:
            # Only a zero-copy DLPack import can honour copy=False.
            out = _import_dlpack(obj, False, "asarray")
            if dtype is not None and out.dtype is not dtype:
                raise _c.copy_false_needs_cast()
            return out
        if not isinstance(obj, np.ndarray):
            if hasattr(obj, "__dlpack__"):
                obj = from_dlpack(obj, copy=copy)
                return obj if dtype is None else tf.cast(obj, dtype)
            obj = np.asarray(memoryview(obj)) if _is_buffer(obj) else np.asarray(obj)
        if dtype is None:
            if obj.dtype not in _NP_OK:
                raise TypeError(f"asarray: NumPy dtype {obj.dtype} is not an Array API dtype")
            return tf.constant(obj)
        return tf.constant(obj.astype(dtype.as_numpy_dtype, copy=False), dtype)


def _unwrap(o):
    if isinstance(o, (list, tuple)):
        return [_unwrap(e) for e in o]
    if isinstance(o, (tf.Tensor, tf.Variable)):
        return o.numpy()
    return o


def _is_buffer(o):
    try:
        memoryview(o)
        return True
    except TypeError:
        return False


def _dev_of(x):
    from ._devices import device_of

    return device_of(x)


def _fill(shape, value, dtype, device, fname):
    shape = check_shape(fname, shape, dtype.size)
    with on(check_device(device)):
        try:
            return _a.fill(shape_const(shape), scalar_const(value, dtype))
        except OpError as e:  # an allocation TF refused (ResourceExhausted): MemoryError
            raise translate(fname, e, shape) from None


def zeros(shape, *, dtype=None, device=None):
    """Array API ``zeros`` (default dtype float64)."""
    dtype = _t.DEFAULT_FLOAT if dtype is None else _t.dtype_arg(dtype, "zeros")
    return _fill(shape, False if dtype is tf.bool else 0, dtype, device, "zeros")


def ones(shape, *, dtype=None, device=None):
    """Array API ``ones`` (default dtype float64)."""
    dtype = _t.DEFAULT_FLOAT if dtype is None else _t.dtype_arg(dtype, "ones")
    return _fill(shape, True if dtype is tf.bool else 1, dtype, device, "ones")


def empty(shape, *, dtype=None, device=None):
    """Array API ``empty``: TF has no uninitialised tensors, so this is ``zeros``."""
    dtype = _t.DEFAULT_FLOAT if dtype is None else _t.dtype_arg(dtype, "empty")
    return _fill(shape, False if dtype is tf.bool else 0, dtype, device, "empty")


def full(shape, fill_value, *, dtype=None, device=None):
    """Array API ``full``: ``_common.creation.fill_args``'s dtype and value (the dtype of
    ``fill_value``'s kind by default; a NumPy scalar's or 0-d array's own dtype)."""
    value, name = _creation.fill_args(_p, fill_value, dtype, "full")
    return _fill(shape, value, _t.DTYPES[name], device, "full")


def _like(x, dtype, device, fill, fname):
    name, dev = _creation.like_args(_p, x, dtype, device, fname)
    d = _t.DTYPES[name]
    x = arr(x, fname)
    shp = x.shape
    # Inside a graph, constants made there: a cached eager constant would be captured as an
    # input of the function (a parameter of XLA's program, which it cannot fold).
    eager = type(x) is ET
    with on(dev):
        value = scalar_const(fill(d), d) if eager else _t.const(fill(d), d)
        if shp.is_fully_defined():
            dims = tuple(shp.as_list())
            return _a.fill(shape_const(dims) if eager else dims, value)
        return _a.fill(_a.shape(x, out_type=tf.int64), value)


def zeros_like(x, /, *, dtype=None, device=None):
    """Array API ``zeros_like``."""
    if type(x) is ET and dtype is None and device is None and only_cpus():
        return _a.zeros_like(x)  # one op, where x is: no device scope needed
    return _like(x, dtype, device, lambda d: False if d is tf.bool else 0, "zeros_like")


def ones_like(x, /, *, dtype=None, device=None):
    """Array API ``ones_like``."""
    if type(x) is ET and dtype is None and device is None and only_cpus():
        return _a.ones_like(x)
    return _like(x, dtype, device, lambda d: True if d is tf.bool else 1, "ones_like")


def empty_like(x, /, *, dtype=None, device=None):
    """Array API ``empty_like`` (zeros: TF has no uninitialised tensors)."""
    return zeros_like(x, dtype=dtype, device=device)


def full_like(x, /, fill_value, *, dtype=None, device=None):
    """Array API ``full_like``: ``x``'s dtype unless ``dtype`` is given
    (``_common.creation.fill_args``)."""
    name, dev = _creation.like_args(_p, x, dtype, device, "full_like")
    value, name = _creation.fill_args(_p, fill_value, None, "full_like", like=name)
    return _fill(tuple(x.shape.as_list()), value, _t.DTYPES[name], dev, "full_like")


@wrap_errors("arange")
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    """Array API ``arange``: ``_common.creation.arange_args``'s ``n`` values
    ``first + i * delta`` (int64 for an integer dtype, float64 then cast otherwise)."""
    first, delta, n, name, dev = _creation.arange_args(_p, start, stop, step, dtype, device)
    dtype = _t.DTYPES[name]
    # Inside a graph the bounds are the graph's own constants, as tf.range's: cached eager
    # ones are captured as inputs, and XLA then computes the range at run time (TF vision
    # compiled, the float branch below: +0.4 -> +5.8%).
    const = scalar_const if tf.executing_eagerly() else _t.const
    with on(dev):
        if type(first) is int:
            stop = first + n * delta  # exactly n values, in one Range
            if delta and builtins.abs(first) < 2**62 and builtins.abs(n * delta) < 2**62:
                r = _m._range(const(first, tf.int64), const(stop, tf.int64),
                              const(delta, tf.int64))
            else:  # (Range refuses a zero delta, and would overflow)
                r = _m._range(tf.constant(0, tf.int64), tf.constant(n, tf.int64),
                              tf.constant(1, tf.int64))
                r = _m.add_v2(_m.mul(r, tf.constant(delta, tf.int64)),
                              tf.constant(first, tf.int64))
            return r if dtype is tf.int64 else _m.cast(r, dtype)
        if _creation.whole_range(name, first, delta, n):
            # Whole numbers within the dtype's exact range: TF's Range in the dtype gives
            # the values below in one op, where they are five (vision's pixel grid:
            # arange(256, dtype=float32) twice a call).
            return _m._range(const(first, dtype), const(first + n * delta, dtype),
                             const(delta, dtype))
        r = _m.cast(_m._range(tf.constant(0, tf.int64), tf.constant(n, tf.int64),
                              tf.constant(1, tf.int64)), tf.float64)
        r = _m.add_v2(_m.mul(r, tf.constant(delta, tf.float64)),
                      tf.constant(first, tf.float64))
        return _m.cast(r, dtype)


@wrap_errors("eye")
def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    """Array API ``eye``: ones on the ``k``-th diagonal, written by ``matrix_diag`` as
    ``tf.eye`` does (no index grids: those took 2.3x tf.eye's memory)."""
    name, (n_rows, n_cols), k, dev, inside = _creation.eye_args(_p, n_rows, n_cols, k, dtype,
                                                                device)
    dtype = _t.DTYPES[name]
    with on(dev):
        if not inside:  # (also keeps huge k out of int64 arithmetic)
            return _a.fill(shape_const((n_rows, n_cols)),
                           scalar_const(False if dtype is tf.bool else 0, dtype))
        if n_rows > _I32_MAX or n_cols > _I32_MAX:
            # matrix_diag takes int32 sizes; only matrices of over 2**31 elements get here.
            i = _m._range(tf.constant(0, tf.int64), n_rows, tf.constant(1, tf.int64))[:, None]
            j = _m._range(tf.constant(0, tf.int64), n_cols, tf.constant(1, tf.int64))[None, :]
            return _m.cast(_m.equal(_m.sub(j, i), tf.constant(k, tf.int64)), dtype)
        m = builtins.min(n_rows + builtins.min(k, 0), n_cols - builtins.max(k, 0))
        one, zero = (True, False) if dtype is tf.bool else (1, 0)
        return _a.matrix_diag_v3(_a.fill(tf.constant([m], tf.int64), _t.const(one, dtype)),
                                 k=k, num_rows=n_rows, num_cols=n_cols,
                                 padding_value=_t.const(zero, dtype))


_I32_MAX = 2 ** 31 - 1


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    """Array API ``linspace``: ``_common.creation.linspace`` (NumPy's values, computed on the
    host)."""
    return _creation.linspace(_p, start, stop, num, dtype=dtype, device=device,
                              endpoint=endpoint)


@wrap_errors("meshgrid")
def meshgrid(*arrays, indexing="xy"):
    """Array API ``meshgrid``: a tuple of arrays (2025.12); ``_common.creation``'s checks."""
    _creation.check_meshgrid(_p, indexing, arrays)
    if not arrays:
        return ()
    arrays = [arr(a, "meshgrid") for a in arrays]
    n = len(arrays)
    sizes = [a.shape.num_elements() for a in arrays]
    if indexing == "xy" and n >= 2:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, a in enumerate(arrays):
        shp = [1] * n
        ax = i
        if indexing == "xy" and n >= 2 and i < 2:
            ax = 1 - i
        shp[ax] = -1
        out.append(tf.broadcast_to(tf.reshape(a, shp), sizes))
    return tuple(out)


def _tri(x, k, lower, fname):
    if isinstance(k, tf.Tensor) and type(k) is not ET:
        # A graph's k (a tf.function argument): its value is unknown while tracing, so the
        # rules see the other arguments and k stays a tensor, clamped to [-rows, cols] in
        # the graph as tri_k clamps a Python int.
        if k.shape.rank != 0 or _p.name_of(k) not in _p.DTYPE_RULES.kind_sets["integral"]:
            raise TypeError(f"{fname}: k must be an int or a 0-d integer tensor, got {k!r}")
        _creation.tri_k(_p, x, 0, fname)
        x = arr(x, fname)
        shp = tf.shape(x, out_type=tf.int64)
        r, c = shp[-2], shp[-1]
        if k.dtype is tf.uint64:  # past int64 only as large as cols
            k = tf.minimum(k, tf.cast(c, tf.uint64))
        k = tf.clip_by_value(tf.cast(k, tf.int64), -r, c)
    else:
        k = _creation.tri_k(_p, x, k, fname)
        x = arr(x, fname)
        shp = tf.shape(x, out_type=tf.int64)
        r, c = shp[-2], shp[-1]
    i = _m._range(tf.constant(0, tf.int64), r, tf.constant(1, tf.int64))[:, None]
    j = _m._range(tf.constant(0, tf.int64), c, tf.constant(1, tf.int64))[None, :]
    diff = _m.sub(j, i)
    mask = _m.less_equal(diff, k) if lower else _m.greater_equal(diff, k)
    return _m.select_v2(mask, x, _a.zeros_like(x))


@wrap_errors("tril")
def tril(x, /, *, k=0):
    """Array API ``tril``: zero above the ``k``-th diagonal."""
    return _tri(x, k, True, "tril")


@wrap_errors("triu")
def triu(x, /, *, k=0):
    """Array API ``triu``: zero below the ``k``-th diagonal."""
    return _tri(x, k, False, "triu")


def _tf_alignment() -> int:
    # TF's kernels assume every buffer is EIGEN_MAX_ALIGN_BYTES-aligned (Tensor::IsAligned, a
    # fatal CHECK: the process aborts); the figure is a compile flag of the TF build.
    for flag in tf.sysconfig.get_compile_flags():
        if flag.startswith("-DEIGEN_MAX_ALIGN_BYTES="):
            return int(flag.partition("=")[2]) or 1
    return 64  # x86 builds


#: Alignment TF's kernels need of imported memory (64 on tensorflow-cpu 2.21, x86).
ALIGNMENT = _tf_alignment()


def _import_dlpack(x, copy, fname):
    """A tf.Tensor of ``x``'s data: zero-copy where TF's kernels can use the memory (TF's
    DLPack import takes any contiguous buffer, aligned or not), else a copy through NumPy;
    ``copy=False`` then raises ValueError. Reading the capsule's address costs a few us
    (measured, tensorflow-cpu 2.21, 400-byte float32 NumPy array: ``from_dlpack`` min 8.7 us
    vs 1.6 us without the check, on a shared machine); an abort costs the process."""
    if not copy:
        try:
            cap = x.__dlpack__()
            addr = _dlpack.data_address(cap)
            if addr is not None and addr % ALIGNMENT == 0:
                return tf.experimental.dlpack.from_dlpack(cap)
        except Exception:  # noqa: BLE001 - a probe: any failure means the copy below
            pass  # strided, or a dtype TF's import refuses (bool, unsigned): copy
        if copy is False:
            raise _creation.copy_refused(
                fname, f"TensorFlow cannot share this memory (strided, not {ALIGNMENT}-byte "
                "aligned or a dtype its DLPack import refuses)")
    return tf.constant(x if isinstance(x, np.ndarray)
                       else np.from_dlpack(x) if hasattr(x, "__dlpack__") else np.asarray(x))


def from_dlpack(x, /, *, device=None, copy=None):
    """Array API ``from_dlpack``: any object with ``__dlpack__`` (NumPy, torch, JAX, ...).

    Zero-copy only where TF's kernels can use the memory: contiguous, a dtype TF's DLPack
    import takes, and aligned to ``ALIGNMENT`` bytes (misaligned memory imported zero-copy
    aborts the process in a later kernel). Otherwise a copy through NumPy; ``copy=False``
    then raises ValueError."""
    own, dev = _creation.dlpack_source(_p, x, device)
    if own:
        return asarray(x, device=dev, copy=copy)
    out = _import_dlpack(x, copy, "from_dlpack")
    if dev is not None:
        with tf.device(str(dev)):
            out = tf.identity(out)
    return out
