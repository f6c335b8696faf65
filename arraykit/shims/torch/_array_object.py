"""The opt-in array-object surface for ``torch.Tensor`` (``arraykit.enable("torch")``).

``torch.Tensor`` lacks ``__array_namespace__`` and ``to_device``, promotes a 0-d tensor as if
it were a Python scalar in its operators (float32 array + float64 0-d tensor is float32, the
standard says float64; ``float32 [0.1] == float64 0.1`` is True, compared in float32), and its
``//`` and ``%`` keep Python's results where the standard has special cases (``-1.0 // inf``
is -1, ``inf // 2`` NaN; ``0.0 % -1`` is +0).

Every patch takes torch's own path first and only the inputs torch gets wrong take another:
the promoting operators compare the dtypes and ranks of two tensors before calling torch's.
Nothing is patched until ``enable_array_object()``; ``disable_array_object()`` restores
``torch.Tensor`` exactly (the shared ``ClassPatcher``).

Indexing is left alone, so negative slice steps (``x[::-1]``) and size-0 boolean masks stay
torch's errors: a Python-level ``__getitem__`` on ``torch.Tensor`` makes CPython fill the
class's ``sq_item`` slot, after which torch's C code takes every tensor for a sequence
(``torch.tensor([t0, t1])`` of 0-d tensors raises "len() of a 0-d tensor"), and deleting the
attribute again leaves that slot filled (measured, CPython 3.11, torch 2.13), so
``disable_array_object()`` could not undo it. ``x.flip(axis)`` is torch's way to reverse.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch as _torch

from ..._registry import SUPPORTED_API_VERSIONS
from .._common.array_object import BINARY_OPERATORS, COMPARISON_OPERATORS, ClassPatcher
from .._common.scalars import is_numpy_scalar
from ._elementwise_functions import _INT_RANGE  # integer dtypes by their range

_Tensor = _torch.Tensor


def _ns() -> Any:
    import arraykit.shims.torch as xp  # here: the package imports this module

    return xp


def _array_namespace(self: Any, /, *, api_version: str | None = None) -> Any:
    if api_version is not None and api_version not in SUPPORTED_API_VERSIONS:
        raise ValueError(f"__array_namespace__: unsupported array API version {api_version!r}; "
                         f"supported: {', '.join(SUPPORTED_API_VERSIONS)}")
    return _ns()


def _to_device(self: Any, device: Any, /, *, stream: Any = None) -> Any:
    if stream is not None:
        raise ValueError("to_device: torch takes no stream argument here; pass stream=None")
    return self.to(device)


def _function(fname: str) -> Any:
    """A caller of the namespace's ``fname``, looked up on its first call (the namespace
    imports this module, so not at build time) and kept."""
    fn = None

    def call(x1: Any, x2: Any) -> Any:
        nonlocal fn
        if fn is None:
            fn = getattr(_ns(), fname)
        return fn(x1, x2)

    return call


def _promoting(name: str, fname: str, reflected: bool = False) -> Any:
    """Tensor ``name``: torch's own operator, unless the operands are a 0-d and an n-d
    tensor of different dtypes (torch then keeps the n-d tensor's dtype; the standard
    promotes both by its table), a Python int out of an integer tensor's dtype (torch wraps
    it: ``int8 [100] + 300`` was ``[-112]``, ``int8 [100] < 300`` False) or a NumPy scalar
    (torch read ``np.int64(300)`` into int8, and refused ``bool & np.bool_(True)``): those
    take the namespace's function, which has the shims' rules for them. An int in [0, 127]
    fits every dtype: only others read the tensor's dtype."""
    native = getattr(_Tensor, name)
    fn = _function(fname)

    def op(self: Any, other: Any) -> Any:
        t = type(other)
        if t is _Tensor:
            if other.dtype != self.dtype and (self.ndim == 0) != (other.ndim == 0):
                return fn(other, self) if reflected else fn(self, other)
        elif t is int:
            if not 0 <= other <= 127:
                limits = _INT_RANGE.get(self.dtype)
                if limits is not None and not limits[0] <= other <= limits[1]:
                    return fn(other, self) if reflected else fn(self, other)
        elif t is not float and t is not bool and t is not complex and is_numpy_scalar(other):
            return fn(other, self) if reflected else fn(self, other)
        return native(self, other)

    op.__name__ = name
    return op


def _special(name: str, fname: str, reflected: bool = False) -> Any:
    """Tensor ``name`` (``//``, ``%``) by the namespace's function, which has the standard's
    special cases; torch's own for anything but a tensor or a Python scalar."""
    native = getattr(_Tensor, name)
    fn = _function(fname)

    def op(self: Any, other: Any) -> Any:
        if not isinstance(other, _OPERANDS):
            return native(self, other)
        return fn(other, self) if reflected else fn(self, other)

    op.__name__ = name
    return op


def _special_inplace(name: str, fname: str) -> Any:
    """In-place ``//=``, ``%=``: the namespace's result written into ``self``; torch's own
    operator (and its error) where the result dtype cannot be cast to ``self``'s."""
    native = getattr(_Tensor, name)
    fn = _function(fname)

    def op(self: Any, other: Any) -> Any:
        if not isinstance(other, _OPERANDS):
            return native(self, other)
        r = fn(self, other)
        if r.dtype != self.dtype and not _torch.can_cast(r.dtype, self.dtype):
            return native(self, other)
        return self.copy_(r)

    op.__name__ = name
    return op


#: What the namespace's ``//`` and ``%`` take (NumPy scalars as their Python scalars).
_OPERANDS = (_Tensor, int, float, bool, np.bool_, np.number)

#: operators with the standard's special cases (see ``_elementwise_functions``).
_SPECIAL = {"__floordiv__": "floor_divide", "__mod__": "remainder"}


def _build() -> dict:
    table: dict[str, Any] = {
        "__array_namespace__": _array_namespace,
        "to_device": _to_device,
    }
    for dunder, fname in BINARY_OPERATORS.items():
        reflected = dunder.replace("__", "__r", 1)
        if dunder in _SPECIAL:
            table[dunder] = _special(dunder, fname)
            table[reflected] = _special(reflected, fname, reflected=True)
            inplace = dunder.replace("__", "__i", 1)
            table[inplace] = _special_inplace(inplace, fname)
        elif dunder != "__matmul__":  # matmul: no 0-d operands
            table[dunder] = _promoting(dunder, fname)
            table[reflected] = _promoting(reflected, fname, reflected=True)
    for dunder, fname in COMPARISON_OPERATORS.items():  # float32 == float64 0-d compares
        table[dunder] = _promoting(dunder, fname)       # in float64, not torch's float32
    return {_Tensor: table}


_PATCHER = ClassPatcher(_build)


def enable_array_object() -> None:
    """Give ``torch.Tensor`` the standard's array-object surface (see the module docstring).
    Idempotent; undone by ``disable_array_object()``."""
    _PATCHER.enable()


def disable_array_object() -> None:
    """Restore ``torch.Tensor`` exactly."""
    _PATCHER.disable()


def array_object_enabled() -> bool:
    """Whether ``enable_array_object()`` is in effect."""
    return _PATCHER.enabled
