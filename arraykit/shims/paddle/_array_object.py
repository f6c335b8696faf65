"""The opt-in array object for ``paddle.Tensor`` (through ``_common.array_object``).

``paddle.Tensor`` already has ``mT``, ``T``, ``ndim``, ``size``, ``device``, ``__dlpack__``,
item assignment and NumPy-style indexing. ``enable_array_object()`` adds what it lacks:
``__array_namespace__``, ``to_device``, ``shape`` as a tuple (Paddle's ``paddle.Size`` is a
``list`` subclass; the standard's shape is a tuple) and operators with the standard's promotion
(Paddle's own ``int8_tensor * int8_tensor`` has no kernel, ``int32 + float64`` promotes by
Paddle's own table, and Python scalars keep Paddle's rules), and ``bool``, ``int``, ``float``,
``complex`` and ``operator.index`` that accept and refuse what NumPy's arrays do.
``disable_array_object()`` restores Paddle's originals exactly. Nothing happens on import.
"""

from __future__ import annotations

import operator

import numpy as onp
import paddle

from .._common.array_object import ClassPatcher, assigned_scalar, host_conversions, make_operators
from .._common.scalars import PY_SCALARS
from ._dtypes import NAME_OF
from ._helpers import check_device, to_place

_SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")


def _is_operand(o) -> bool:
    return type(o) in PY_SCALARS or isinstance(o, paddle.Tensor)


def _array_namespace(self, /, *, api_version=None):
    if api_version is not None and api_version not in _SUPPORTED_VERSIONS:
        raise ValueError(f"unsupported Array API version {api_version!r}")
    import arraykit.shims.paddle as xp

    return xp


def to_device(x, device, /, *, stream=None):
    """``x`` on ``device`` (a Paddle place or device; itself when it is there already)."""
    if stream is not None:
        raise ValueError("to_device: Paddle streams are not supported; pass stream=None")
    return to_place(x, check_device(device, "to_device"))


def _to_device(self, device, /, *, stream=None):
    return to_device(self, device, stream=stream)


class Shape(tuple):
    """``x.shape`` while the opt-in is on: the standard's tuple, which still compares equal
    to a list and concatenates with one (list result), as Paddle's own code and users'
    code written for ``paddle.Size`` (a list) do."""

    __slots__ = ()

    def __eq__(self, other):
        if isinstance(other, list):
            return list(self) == other
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def __add__(self, other):
        if isinstance(other, list):
            return list(self) + other
        return Shape(tuple.__add__(self, other))

    def __radd__(self, other):
        if isinstance(other, list):
            return other + list(self)
        return NotImplemented

    def __getitem__(self, key):
        r = tuple.__getitem__(self, key)
        return Shape(r) if isinstance(key, slice) else r

    def __repr__(self):
        return tuple.__repr__(self)


def _shape(orig):
    def shape(self):
        return Shape(orig.__get__(self))

    return property(shape, doc="The standard's shape: a tuple of ints.")


def _is_index_array(k) -> bool:
    return isinstance(k, (paddle.Tensor, list, onp.ndarray))


def _basic_shape(ks, shape):
    """The result shape of basic index ``ks`` (ints, slices, None, Ellipsis) on ``shape``;
    IndexError for too many indices or an int out of range."""
    n_index = sum(1 for k in ks if k is not None and k is not Ellipsis)
    if n_index > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, "
                         f"but {n_index} were indexed")
    out = []
    dim = 0
    for k in ks:
        if k is None:
            out.append(1)
        elif k is Ellipsis:
            take = len(shape) - n_index
            out.extend(shape[dim:dim + take])
            dim += take
        elif isinstance(k, slice):
            out.append(len(range(*k.indices(shape[dim]))))
            dim += 1
        else:
            i = operator.index(k)
            if not -shape[dim] <= i < shape[dim]:
                raise IndexError(f"index {i} is out of bounds for axis {dim} with size "
                                 f"{shape[dim]}")
            dim += 1
    out.extend(shape[dim:])
    return out


def _int_bound(b):
    return int(b) if isinstance(b, paddle.Tensor) else b


def _plain_slices(ks):
    """Slices with 0-d tensor bounds as slices of Python ints (Paddle accepts only int32 and
    int64 tensors there; the standard allows any integer array)."""
    return tuple(slice(_int_bound(k.start), _int_bound(k.stop), _int_bound(k.step))
                 if type(k) is slice and any(isinstance(b, paddle.Tensor)
                                             for b in (k.start, k.stop, k.step)) else k
                 for k in ks)


def _flat_gather(x, ks, shape, basic=True):
    """Index ``ks`` by NumPy's rules through one gather from the flattened array: the
    positions come from indexing a NumPy arange of the same shape. For basic keys on arrays
    of 7 or more dimensions, where Paddle 3.3.1's slicing kernel refuses ("The rank of input
    should be less than 7"), and for keys mixing index arrays with ints, slices or Ellipsis
    (``_mixed_key``)."""
    from ._helpers import moving

    size = 1
    for n in shape:
        size *= n
    grid = onp.arange(size, dtype=onp.int64).reshape(shape)
    if basic:  # None placed by _basic_shape (the int checks and messages of basic keys)
        pos = grid[tuple(k for k in ks if k is not None)]
        out_shape = _basic_shape(ks, shape)
    else:  # NumPy's rules, None included; out-of-bounds indices raise IndexError there
        pos = grid[ks]
        out_shape = list(pos.shape)
    if pos.size == 0:
        return paddle.zeros(out_shape, dtype=x.dtype)
    flat = paddle.reshape(x, [-1])
    idx = paddle.to_tensor(pos.reshape(-1))
    return paddle.reshape(moving(paddle.gather, flat, _name(x), idx), out_shape)


def _mixed_key(ks) -> bool:
    """Whether a key holding index arrays also holds ints, slices other than ``:`` or
    Ellipsis. Paddle 3.3.1 gets these wrong: with an int or a slice between arrays it keeps
    the broadcast axes in place where NumPy moves them first (``x[1, ..., j]`` and
    ``x[0, :, j, 1:3]`` give other shapes and values), and a negative-step slice beside an
    array (``x[::-1, j, 0]``) crashes the process."""
    if not any(_is_index_array(k) for k in ks):
        return False
    return any(k is Ellipsis or (type(k) is slice and k != slice(None))
               or not (_is_index_array(k) or type(k) is slice or k is None) for k in ks)


def _host_key(ks):
    """``ks`` with its index tensors and lists as NumPy arrays (a host copy of the indices)."""
    return tuple(k.numpy() if isinstance(k, paddle.Tensor)
                 else onp.asarray(k) if isinstance(k, list) else k for k in ks)


def _name(x):
    from ._dtypes import NAME_OF

    return NAME_OF[x.dtype]


def _is_mask0(k) -> bool:
    return isinstance(k, paddle.Tensor) and k.dtype == paddle.bool and k.ndim == 0


def _mask0_getitem(x, ks, getitem):
    """A key holding 0-d bool masks (Paddle refuses them): each adds an axis of length 1
    (True) or 0 (False) where it stands, as ``None`` does; the rest of the key as usual."""
    if any(_is_index_array(k) and not _is_mask0(k) for k in ks):
        raise IndexError("0-d boolean indices combined with other index arrays are not "
                         "supported on Paddle")
    out = getitem(x, tuple(None if _is_mask0(k) else k for k in ks))
    n_index = sum(1 for k in ks if k is not None and k is not Ellipsis and not _is_mask0(k))
    pos = 0
    for k in ks:
        if _is_mask0(k):
            if not bool(k):
                out = paddle.slice(out, [pos], [0], [0])
            pos += 1
        elif k is None or type(k) is slice:
            pos += 1
        elif k is Ellipsis:
            pos += len(orig_shape(x)) - n_index
    return out


def _make_getitem(orig):
    """Paddle's ``__getitem__``, except where Paddle 3.3.1 errs on a basic key (ints, slices,
    None, Ellipsis): with ``None`` next to integers it puts the new axes in the wrong place
    (``x[None, :, None, 0]`` of a (0, 1) array had shape (1, 1, 0) instead of (1, 0, 1)), so
    the key is applied without them and the result reshaped to the standard's shape; arrays
    of 7 or more dimensions are indexed through a flat gather; slice bounds that are 0-d
    tensors become ints."""

    def getitem(self, key):
        ks = key if type(key) is tuple else (key,)
        if any(_is_mask0(k) for k in ks):
            return _mask0_getitem(self, ks, getitem)
        if isinstance(key, paddle.Tensor) and key.dtype == paddle.bool and 0 in orig_shape(key):
            # An empty mask selects nothing (the suite draws masks whose extents are the
            # array's or 0); Paddle refuses any extent that differs.
            shape = list(orig_shape(self))
            kshape = list(orig_shape(key))
            if len(kshape) > len(shape) or any(k not in (s, 0) for s, k in zip(shape, kshape)):
                raise IndexError(f"boolean index of shape {tuple(kshape)} does not match the "
                                 f"indexed array of shape {tuple(shape)}")
            return paddle.zeros([0] + shape[len(kshape):], dtype=self.dtype)
        if any(type(k) is slice for k in ks):
            ks = _plain_slices(ks)
            key = ks if type(key) is tuple else ks[0]
        if _mixed_key(ks) and ks.count(Ellipsis) <= 1:
            return _flat_gather(self, _host_key(ks), list(orig_shape(self)), basic=False)
        if any(_is_index_array(k) for k in ks) or ks.count(Ellipsis) > 1:
            return orig(self, key)
        shape = list(orig_shape(self))
        if len(shape) >= 7:
            return _flat_gather(self, ks, shape)
        if None in ks:
            out_shape = _basic_shape(ks, shape)
            rest = tuple(k for k in ks if k is not None)
            r = orig(self, rest) if rest else self
            return paddle.reshape(r, out_shape)
        return orig(self, key)

    return getitem


def _make_setitem(orig):
    """Paddle's ``__setitem__``, plus whole-array assignment to a 0-d tensor (``x[()] = v``,
    ``x[...] = v``), which Paddle 3.3.1's set_value kernel refuses ("rank of input should be
    less than 7, but received 0")."""

    def setitem(self, key, value):
        if not isinstance(value, paddle.Tensor):
            # a number by NumPy 2's rule (Paddle stored 300 into int8 as 44, NaN as 0)
            value = assigned_scalar(value, NAME_OF.get(self.dtype))
        if isinstance(key, paddle.Tensor) and key.dtype == paddle.bool and key.ndim == 0:
            # A 0-d mask selects the whole array or nothing (Paddle's kernel crashes on it).
            if not bool(key):
                return
            key = Ellipsis
        if len(orig_shape(self)) == 0 and (key is Ellipsis or key == () or key == (Ellipsis,)):
            v = value if isinstance(value, paddle.Tensor) else paddle.full(
                [], value, dtype=self.dtype)
            paddle.assign(paddle.cast(v, self.dtype).reshape([]), output=self)
            return
        if type(key) is slice or type(key) is tuple:
            ks = _plain_slices(key if type(key) is tuple else (key,))
            key = ks if type(key) is tuple else ks[0]
        orig(self, key, value)

    return setitem


def _dlpack_device(self):
    """``(device type, device id)``: Paddle 3.3.1 gives None as the CPU's id; DLPack's is 0."""
    kind, dev = _ORIG_DLPACK_DEVICE(self)
    return kind, 0 if dev is None else dev


_ORIG_DLPACK_DEVICE = paddle.Tensor.__dlpack_device__


def _host_value(x):
    """``x``'s NumPy value for the scalar conversions (bfloat16 through float32: Paddle's
    ``numpy()`` gives its uint16 storage bits)."""
    if x.dtype == paddle.bfloat16:
        x = paddle.cast(x, paddle.float32)
    return x.numpy()


def orig_shape(x):
    return _ORIG_SHAPE.__get__(x)


_ORIG_SHAPE = paddle.Tensor.__dict__["shape"]


def _build() -> dict:
    import arraykit.shims.paddle as xp

    fns = {n: getattr(xp, n) for n in dir(xp) if not n.startswith("_")}
    return {paddle.Tensor: {
        "__array_namespace__": _array_namespace,
        "to_device": _to_device,
        "shape": _shape(_ORIG_SHAPE),
        "device": property(lambda self: self.place,
                           doc="The array's device: its Paddle place (``x.place``)."),
        "__dlpack_device__": _dlpack_device,
        # NumPy's acceptance and exception classes: Paddle's own __index__ takes a float or
        # bool 0-d tensor (operator.index gave 1 for 1.5) and raises AssertionError for
        # non-scalar ones.
        **host_conversions(_host_value),
        "__getitem__": _make_getitem(paddle.Tensor.__dict__["__getitem__"]),
        "__setitem__": _make_setitem(paddle.Tensor.__dict__["__setitem__"]),
        **make_operators(fns, _is_operand),
    }}


_PATCHER = ClassPatcher(_build)


def enable_array_object() -> None:
    """Give ``paddle.Tensor`` the standard's array-object surface (see the module
    docstring). Idempotent; undone by ``disable_array_object()``."""
    _PATCHER.enable()


def disable_array_object() -> None:
    """Restore Paddle's original tensor class exactly."""
    _PATCHER.disable()


def array_object_enabled() -> bool:
    """Whether ``enable_array_object()`` is in effect."""
    return _PATCHER.enabled
