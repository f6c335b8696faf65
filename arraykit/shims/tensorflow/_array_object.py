"""The opt-in array object for ``tf.Tensor`` and ``tf.Variable`` (TF's own precedent:
``tf.experimental.numpy.experimental_enable_numpy_behavior``).

``enable_array_object()`` installs, on ``tf.Tensor`` (so eager and graph tensors) and on
``tf.Variable`` (a separate class hierarchy), the standard's array-object surface that TF
lacks or spells differently: ``__array_namespace__``, ``mT``, ``T``, ``size``, ``ndim``
(Variables), ``device`` (a ``Device``), ``to_device``, operators with the standard's promotion
(Python scalars included), ``<<``/``>>``/unary ``+``, ``bool``/``int``/``float``/``complex``/
``operator.index`` conversions with NumPy's semantics, integer-array and boolean-mask
``__getitem__``, and a ``__setitem__`` that explains the functional alternative.
``disable_array_object()`` restores TF's originals exactly. Nothing happens on import.
"""

from __future__ import annotations

import operator

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops as _ops
from tensorflow.python.framework import tensor as _tensor_mod
from tensorflow.python.framework import tensor_shape as _tensor_shape
from tensorflow.python.ops import gen_array_ops as _a
from tensorflow.python.ops import resource_variable_ops as _rv

from .._common import checks as _c
from .._common.array_object import ClassPatcher, host_conversions, make_operators
from .._common.scalars import PY_SCALARS
from . import _dtypes as _t
from ._base import ET, OpError, axes_arg
from ._devices import Device, to_device

_SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")


def _is_operand(o) -> bool:
    # Sequences and NumPy arrays too: TF's own code (gradients, Keras) relies on operators
    # such as ``shape_tuple // tensor`` accepting them. NumPy scalars are not listed:
    # ``make_operators`` takes them as Python scalars (TF's conversion would give them
    # ``self``'s dtype: ``int_tensor * np.float64(0.5)`` was ``[0, 0]``).
    return type(o) in PY_SCALARS or isinstance(
        o, (tf.Tensor, tf.Variable, list, tuple, np.ndarray))


def _coerce(self, o):
    """Array-likes become tensors as TF's operators make them (dtype hinted by ``self``)."""
    if type(o) in PY_SCALARS or isinstance(o, (tf.Tensor, tf.Variable)):
        return o
    return tf.convert_to_tensor(o, dtype_hint=self.dtype)


def _array_namespace(self, /, *, api_version=None):
    if api_version is not None and api_version not in _SUPPORTED_VERSIONS:
        raise ValueError(f"unsupported Array API version {api_version!r}")
    import arraykit.shims.tensorflow as xp

    return xp


def _mT(self):
    from ._linear_algebra_functions import matrix_transpose

    return matrix_transpose(self)


def _T(self):
    if self.shape.rank != 2:
        raise ValueError("x.T is only defined for 2-D arrays; use x.mT or permute_dims")
    return tf.transpose(self)


def _size(self):
    return self.shape.num_elements()


def _ndim(self):
    return self.shape.rank


def _setitem(self, key, value):
    raise TypeError(
        f"{type(self).__name__} is immutable: item assignment is impossible. Use "
        "xp.where(mask, value, x) or the arraykit.ext.nd scatter functions, which return a "
        "new array (tf.Variable users: x.assign / x.scatter_nd_update)."
    )


def _norm_int(i, size):
    i = operator.index(i)
    if size is not None and not -size <= i < size:
        raise IndexError(f"index {i} is out of bounds for axis with size {size}")
    return i


def _numpy_index_as_tensors(key):
    """NumPy masks and index arrays (library code builds them with NumPy) as tensors."""
    if isinstance(key, np.ndarray):
        return tf.constant(key)
    return tuple(tf.constant(k) if isinstance(k, np.ndarray) else k for k in key)


def _make_getitem(orig):
    """``__getitem__`` adding integer-array and boolean-array indexing to TF's slicing."""

    def getitem(self, key):
        x = self.value() if isinstance(self, tf.Variable) else self
        if isinstance(key, np.ndarray) or (
                type(key) is tuple and any(isinstance(k, np.ndarray) for k in key)):
            key = _numpy_index_as_tensors(key)
        if isinstance(key, (tf.Tensor, tf.Variable)):
            if key.dtype is tf.bool:
                return _bool_index(x, key)
            if key.dtype in _t._INTS and key.shape.rank != 0:
                return _int_arrays_index(x, (key,))
        elif isinstance(key, tuple) and any(
                isinstance(k, (tf.Tensor, tf.Variable)) and k.shape.rank != 0 for k in key):
            if any(isinstance(k, (tf.Tensor, tf.Variable)) and k.dtype is tf.bool for k in key):
                if len(key) == 1:
                    return _bool_index(x, key[0])
                raise IndexError("boolean array indices must be the sole index")
            return _int_arrays_index(x, key, orig)
        # Plain ints/slices/None/Ellipsis: TF's own slicing, with IndexError for
        # out-of-range integers (TF raises InvalidArgumentError eagerly).
        ks = key if isinstance(key, tuple) else (key,)
        if any(isinstance(k, (tf.Tensor, tf.Variable, slice)) for k in ks):
            # 0-d integer tensors (also as slice bounds): Python ints eagerly, int64 in
            # graphs (TF's slicing packs indices into one tensor, refusing mixed int dtypes).
            ks = tuple(_scalar_index(k) for k in ks)
            key = ks if isinstance(key, tuple) else ks[0]
        eager = type(x) is ET
        if eager:
            shape = list(x._shape_tuple())
        else:
            shape = x.shape.as_list() if x.shape.rank is not None else None
        if shape is not None:
            _check_basic(ks, shape)
            if len(shape) > 8 and len(ks) == len(shape) and all(type(k) is int for k in ks):
                # TF's StridedSlice handles at most 8 dims: read the element from the
                # flattened array instead.
                flat = 0
                for k, n in zip(ks, shape):
                    flat = flat * n + (k % n)
                return tf.reshape(x, [-1])[flat]
        spec = _strided_spec(ks) if eager else None
        try:
            if spec is not None:
                # TF's own slicing packs the bounds into tensors with several ops (~250 us
                # eagerly); this is its StridedSlice with the same bounds and masks, from
                # cached constants.
                b, e, st, masks = spec
                return _a.strided_slice(x, axes_arg(x, b), axes_arg(x, e), axes_arg(x, st),
                                        *masks)
            return orig(x, key)
        except OpError as e:
            raise IndexError(str(e).split("\n")[0]) from None
        except ValueError as e:
            raise IndexError(str(e)) from None

    return getitem


_INT32_MAX = 2**31 - 1


def _strided_spec(ks):
    """``(begin, end, strides, (begin_mask, end_mask, ellipsis_mask, new_axis_mask,
    shrink_axis_mask))`` of StridedSlice for a key of Python ints, slices of Python ints or
    None, ``None`` and ``...``, as TF's own slicing (``tensor_getitem_override._slice_helper``)
    builds them; None for any other key (TF's slicing takes it) or a bound beyond int32."""
    begin, end, strides = [], [], []
    bm = em = ell = new = shrink = 0
    for i, k in enumerate(ks):
        t = type(k)
        if t is int:
            begin.append(k)
            end.append(k + 1)
            strides.append(1)
            shrink |= 1 << i
        elif t is slice:
            a, z, step = k.start, k.stop, k.step
            if a is None:
                begin.append(0)
                bm |= 1 << i
            elif type(a) is int:
                begin.append(a)
            else:
                return None
            if z is None:
                end.append(0)
                em |= 1 << i
            elif type(z) is int:
                end.append(z)
            else:
                return None
            if step is None:
                strides.append(1)
            elif type(step) is int and step != 0:
                strides.append(step)
            else:
                return None
        elif k is None or k is Ellipsis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            if k is None:
                new |= 1 << i
            else:
                ell |= 1 << i
        else:
            return None
    if any(not -_INT32_MAX <= v <= _INT32_MAX for v in (*begin, *end, *strides)):
        return None
    return tuple(begin), tuple(end), tuple(strides), (bm, em, ell, new, shrink)


def _scalar_index(k):
    if isinstance(k, slice):
        if any(isinstance(v, (tf.Tensor, tf.Variable)) for v in (k.start, k.stop, k.step)):
            return slice(*(_scalar_index(v) for v in (k.start, k.stop, k.step)))
        return k
    if isinstance(k, (tf.Tensor, tf.Variable)):
        return int(k) if tf.executing_eagerly() else tf.cast(k, tf.int64)
    return k


def _make_dlpack(orig):
    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """DLPack export; ``dl_device`` may name the tensor's own device, ``copy=True``
        exports a fresh copy (TF's own method refuses both)."""
        if dl_device is not None and tuple(dl_device) != tuple(self.__dlpack_device__()):
            raise BufferError("__dlpack__: cross-device export is not supported")
        x = self
        if copy:
            x = tf.raw_ops.DeepCopy(x=x)
        return orig(x, stream=stream, max_version=max_version)

    return __dlpack__


def _check_basic(ks, shape):
    _c.check_ellipsis(ks)
    n_real = sum(1 for k in ks if k is not None and k is not Ellipsis)
    if n_real > len(shape):
        raise IndexError(f"too many indices ({n_real}) for array of dimension {len(shape)}")
    # Check integer bounds on the axes they address.
    ax = 0
    for k in ks:
        if k is Ellipsis:
            ax += len(shape) - n_real
            continue
        if k is None:
            continue
        if isinstance(k, (int,)) and not isinstance(k, bool):
            _norm_int(k, shape[ax])
        elif isinstance(k, (tf.Tensor, tf.Variable)) and k.shape.rank == 0:
            if k.dtype in _t._INTS and tf.executing_eagerly():
                _norm_int(int(k), shape[ax])
        elif not isinstance(k, slice):
            if isinstance(k, bool):
                raise IndexError("Python bool indices are not supported")
            try:
                operator.index(k)
            except TypeError:
                raise IndexError(f"unsupported index {k!r}") from None
        ax += 1


def _bool_index(x, mask):
    mask = mask.value() if isinstance(mask, tf.Variable) else mask
    mr = mask.shape.rank
    if mr == 0:
        # x[True] adds an axis of size 1, x[False] one of size 0 (NumPy's rule).
        return tf.boolean_mask(x[None], tf.reshape(mask, [1]))
    xs, ms = x.shape.as_list(), mask.shape.as_list()
    if mr > len(xs) or any(a is not None and b is not None and a != b and b != 0
                           for a, b in zip(xs[:mr], ms)):
        raise IndexError(f"boolean index of shape {tuple(ms)} does not match array shape "
                         f"{tuple(xs)}")
    if 0 in ms and None not in xs[mr:]:
        # An empty mask selects nothing (NumPy allows size-0 mask axes against any size).
        return tf.zeros([0] + xs[mr:], x.dtype)
    return tf.boolean_mask(x, mask)


def _int_arrays_index(x, key, orig=None):
    """Integer arrays and ints (broadcast together) mixed with slices and an ellipsis, with
    NumPy's placement: the broadcast dimensions replace the indexed axes where those are
    adjacent, and come first where a slice separates them (``x[..., i]``, ``x[i, :, j]``)."""
    shape = x.shape.as_list()
    if any(k is None for k in key):
        raise IndexError("integer-array indices cannot be combined with None (newaxis); "
                         "index first, then expand_dims")
    n_ell = _c.check_ellipsis(key)
    n_real = len(key) - n_ell
    if n_real > len(shape):
        raise IndexError(f"too many indices for array of dimension {len(shape)}")
    fill = (slice(None),) * (len(shape) - n_real)
    if n_ell:
        i = next(j for j, k in enumerate(key) if k is Ellipsis)
        key = key[:i] + fill + key[i + 1:]
    else:
        key = tuple(key) + fill
    adv = [i for i, k in enumerate(key) if not isinstance(k, slice)]
    basic = tuple(_scalar_index(k) if isinstance(k, slice) else slice(None) for k in key)
    if orig is not None and any(k.start is not None or k.stop is not None or
                                k.step is not None for k in basic):
        x = orig(x, basic)
        shape = x.shape.as_list()
    rest = [i for i in range(len(shape)) if i not in adv]
    if adv != list(range(len(adv))):
        x = tf.transpose(x, adv + rest)
        shape = x.shape.as_list()
    idx = []
    for ax, i in enumerate(adv):
        k = key[i]
        if isinstance(k, tf.Variable):
            k = k.value()
        if not isinstance(k, tf.Tensor):
            k = tf.constant(_norm_int(k, shape[ax]), tf.int64)
        elif k.dtype not in _t._INTS:
            raise IndexError(f"array index of dtype {_t.dtype_name(k.dtype)} is not integer")
        k = tf.cast(k, tf.int64)
        size = tf.shape(x, out_type=tf.int64)[ax]
        idx.append(tf.where(k < 0, k + size, k))
    b = tf.shape(idx[0], out_type=tf.int64)
    for i in idx[1:]:
        b = tf.broadcast_dynamic_shape(b, tf.shape(i, out_type=tf.int64))
    stacked = tf.stack([tf.broadcast_to(i, b) for i in idx], axis=-1)
    try:
        r = tf.gather_nd(x, stacked)
    except OpError as e:
        detail = getattr(e, "message", str(e)).split("}}")[-1].split(", node name")[0]
        raise IndexError(f"index out of bounds:{detail}") from None
    if adv[0] > 0 and adv == list(range(adv[0], adv[0] + len(adv))):
        # Adjacent indexed axes: the broadcast dimensions go where those axes were.
        nb, rank = r.shape.rank - len(rest), r.shape.rank
        r = tf.transpose(r, [*range(nb, nb + adv[0]), *range(nb), *range(nb + adv[0], rank)])
    return r


class ArrayShape(tuple):
    """A shape that is a real ``tuple`` (ints, ``None`` for unknown sizes), as the standard
    wants, and still answers TensorFlow's ``TensorShape`` API (``as_list``, ``rank``,
    ``is_fully_defined``, ``merge_with``...) by delegation, so TF's own code that reads
    ``tensor.shape`` keeps working while the opt-in is enabled. Unknown-rank shapes stay
    plain ``TensorShape``."""

    __slots__ = ()

    def __new__(cls, dims=()):
        return super().__new__(cls, dims)

    def _ts(self):
        return _tensor_shape.TensorShape(list(self))

    def __getattr__(self, name):
        if name[:2] == "__":  # NumPy's probes (__array__, __array_interface__...)
            raise AttributeError(name)
        return getattr(self._ts(), name)

    # What TF's own code and the libraries read most, without building a TensorShape.
    @property
    def rank(self):
        return len(self)

    ndims = rank

    def as_list(self):
        return list(self)

    def is_fully_defined(self):
        return None not in self

    def num_elements(self):
        if None in self:
            return None
        n = 1
        for d in self:
            n *= d
        return n

    def __getitem__(self, key):
        r = tuple.__getitem__(self, key)
        return ArrayShape(r) if isinstance(key, slice) else r

    def __add__(self, other):
        return ArrayShape(tuple(self) + tuple(_as_dims(other)))

    def __radd__(self, other):
        return ArrayShape(tuple(_as_dims(other)) + tuple(self))

    def __bool__(self):
        # TensorShape's truthiness (rank is known), which TF's code relies on.
        return True

    def __eq__(self, other):
        if isinstance(other, _tensor_shape.TensorShape):
            return self._ts() == other
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = tuple.__hash__

    def __reduce__(self):
        return (ArrayShape, (tuple(self),))


def _as_dims(other):
    if isinstance(other, _tensor_shape.TensorShape):
        return other.as_list()
    return other


def _shape(orig_prop):
    def shape(self):
        s = orig_prop.__get__(self)
        if s.rank is None:
            return s
        return ArrayShape(s.as_list())

    return property(shape, doc="The shape as a tuple (None for unknown sizes).")


def _eager_shape(self):
    return ArrayShape(self._shape_tuple())


def _device(orig_prop):
    def device(self):
        return Device(orig_prop.__get__(self) or "")

    return property(device, doc="The ``Device`` holding this array (str subclass).")


def _to_device(self, device, /, *, stream=None):
    return to_device(self, device, stream=stream)


def _build() -> dict:
    import arraykit.shims.tensorflow as xp

    fns = {n: getattr(xp, n) for n in dir(xp) if not n.startswith("_")}
    ops_table = make_operators(fns, _is_operand, _coerce)
    common = {
        "__array_namespace__": _array_namespace,
        "mT": property(_mT, doc="Matrix transpose of the last two axes."),
        "T": property(_T, doc="Transpose of a 2-D array."),
        "size": property(_size, doc="Number of elements (None if unknown)."),
        "to_device": _to_device,
        "__setitem__": _setitem,
        **ops_table,
    }
    tensor = dict(common)
    tensor["__getitem__"] = _make_getitem(_tensor_mod.Tensor.__getitem__)
    var = dict(common)
    var["__getitem__"] = _make_getitem(_tensor_mod.Tensor.__getitem__)
    var["ndim"] = property(_ndim, doc="Number of dimensions.")
    var["device"] = _device(_rv.BaseResourceVariable.__dict__["device"])
    tensor["shape"] = _shape(_tensor_mod.Tensor.__dict__["shape"])
    var["shape"] = _shape(tf.Variable.__dict__["shape"])
    eb = _ops._EagerTensorBase
    table = {
        _tensor_mod.Tensor: tensor,
        eb: {"shape": property(_eager_shape, doc="The shape as a tuple."),
             "__dlpack__": _make_dlpack(eb.__dict__["__dlpack__"]),
             **host_conversions(eb._numpy)},
        _ops.EagerTensor: {"device": _device(_ops.EagerTensor.__dict__["device"])},
        tf.Variable: var,
        _rv.BaseResourceVariable: {"device": var["device"],
                                   "shape": _shape(_rv.BaseResourceVariable.__dict__["shape"])},
    }
    # Graph tensors get ``device`` from their C++ base; wrap it on SymbolicTensor.
    sym = getattr(_ops, "SymbolicTensor", None)
    if sym is not None:
        for c in sym.__mro__:
            if "device" in c.__dict__:
                table[sym] = {"device": _device(c.__dict__["device"])}
                break
    # Variables define their own operators (and __iadd__ etc. as in-place assign, kept);
    # the table above replaces the out-of-place ones on tf.Variable. BaseResourceVariable
    # does not override them.
    return table


_PATCHER = ClassPatcher(_build)


def enable_array_object() -> None:
    """Give ``tf.Tensor`` and ``tf.Variable`` the standard's array-object surface (see the
    module docstring). Idempotent; undone by ``disable_array_object()``."""
    _PATCHER.enable()


def disable_array_object() -> None:
    """Restore TF's original tensor and variable classes exactly."""
    _PATCHER.disable()


def array_object_enabled() -> bool:
    """Whether ``enable_array_object()`` is in effect."""
    return _PATCHER.enabled
