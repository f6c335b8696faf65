"""Opt-in array object for jax: the operators by the namespace's functions.

``jax.Array`` has the whole array-object surface natively; but its ``//`` and ``%`` give
jax's ``floor_divide``/``remainder`` values (NaN for ``inf // 2``, the dividend's zero sign
for ``0.0 % -1``), which the namespace's functions correct, its arithmetic and comparison
operators wrap a Python int out of an integer array's dtype (``int8 [100] + 300`` is
``[-112]``) and read a NumPy scalar as an array of its dtype, where the namespace's functions
follow the shims' rules, and its ``__dlpack__`` raises
BufferError for a ``max_version`` below (0, 5) where the standard lets the producer answer
with another version (jax's capsule is the legacy, unversioned one for every request).
``enable_array_object()`` makes the operators (and the in-place forms, which Python derives
from them for immutable jax arrays) call the namespace's functions, on concrete arrays
(``ArrayImpl``) and on tracers (whose operators forward to ``ShapedArray._floordiv`` etc.), so
eager, jit, grad and vmap code agree. Nothing is patched until ``enable_array_object()``;
``disable_array_object()`` restores jax's own methods exactly. On concrete arrays
``x[i]`` with a Python int ``i`` out of bounds raises IndexError, as in NumPy (jax clamps it,
which compiled code and tracers keep).
"""

from __future__ import annotations

from typing import Any

from jax._src import core as _core

from .._common.array_object import BINARY_OPERATORS, COMPARISON_OPERATORS, ClassPatcher
from .._common.scalars import is_numpy_scalar


def _operator(name: str, fname: str, reflected: bool) -> Any:
    """The dunder ``name`` as the namespace's ``fname`` for a jax array, a tracer, a Python
    scalar or a NumPy scalar operand (jax's own operator for anything else: a NumPy array,
    an unknown type's NotImplemented). For ``//`` and ``%`` that is the standard's special
    values; for the others the same jnp function jax's operator calls, from the namespace's
    C Guard (faster than jax's own Python operator: ``x + 2`` of 16 float32, 8.0 -> 6.4 us),
    with the rules jax's operators lack: a Python int out of the array's integer dtype is
    the OverflowError (jax wrapped it: ``int8 [100] + 300`` was ``[-112]``, ``< 300``
    False), a NumPy scalar the Python scalar of its kind."""
    from jax._src.numpy import array_methods
    from jaxlib._jax import ArrayImpl

    native = array_methods._array_operators[name]
    fn = None

    def op(self: Any, other: Any) -> Any:
        nonlocal fn
        t = type(other)
        if not (t is ArrayImpl or t is float or t is int or t is bool or t is complex
                or isinstance(other, _core.Tracer) or is_numpy_scalar(other)):
            return native(self, other)
        if fn is None:
            import arraykit.shims.jax as xp  # here: the package imports this module

            fn = getattr(xp, fname)
        return fn(other, self) if reflected else fn(self, other)

    op.__name__ = f"__{name}__"
    return op


def _dlpack(native: Any) -> Any:
    def __dlpack__(self: Any, *, stream: Any = None, max_version: Any = None,
                   dl_device: Any = None, copy: Any = None) -> Any:
        # jax refuses a consumer's max_version below (0, 5) although it exports the legacy
        # capsule either way; below 1.0 the consumer reads a legacy capsule, so ask for that.
        if max_version is not None and tuple(max_version) < (1, 0):
            max_version = None
        return native(self, stream=stream, max_version=max_version, dl_device=dl_device,
                      copy=copy)

    return __dlpack__


def _check_index(i: int, shape: tuple, axis: int) -> None:
    if axis < len(shape) and not -shape[axis] <= i < shape[axis]:
        raise IndexError(f"index {i} is out of bounds for axis {axis} with size {shape[axis]}")


def _getitem(native: Any) -> Any:
    def __getitem__(self: Any, key: Any) -> Any:
        # jax clamps an out-of-bounds integer (x[10] of 3 elements is x[2]) so that compiled
        # code never reads outside the array; a concrete array can say IndexError as NumPy
        # does. Python ints only (one type test on the common keys); array indices, and every
        # index of a tracer, keep jax's clamp.
        if type(key) is int:
            _check_index(key, self.shape, 0)
        elif type(key) is tuple:
            axis = 0
            for k in key:
                if k is None:  # newaxis takes no axis of self
                    continue
                if type(k) is int:
                    _check_index(k, self.shape, axis)
                elif type(k) is not slice:  # an ellipsis or an array: stop counting
                    break
                axis += 1
        return native(self, key)

    return __getitem__


def _build() -> dict:
    from jaxlib._jax import ArrayImpl  # the concrete array class jax installs operators on

    impl: dict[str, Any] = {"__dlpack__": _dlpack(ArrayImpl.__dlpack__),
                            "__getitem__": _getitem(ArrayImpl.__getitem__)}
    aval: dict[str, Any] = {}
    for dunder, fname in {**BINARY_OPERATORS, **COMPARISON_OPERATORS}.items():
        op = dunder.strip("_")
        if op == "matmul":  # no scalars, no rule: jax's own
            continue
        names = ((op, False),) if dunder in COMPARISON_OPERATORS else ((op, False),
                                                                       (f"r{op}", True))
        for name, reflected in names:
            f = _operator(name, fname, reflected)
            impl[f"__{name}__"] = f
            aval[f"_{name}"] = staticmethod(f)
    return {ArrayImpl: impl, _core.ShapedArray: aval}


_PATCHER = ClassPatcher(_build)


def enable_array_object() -> None:
    """Make ``//`` and ``%`` on jax arrays and tracers follow the standard's special values
    (see the module docstring). Idempotent; undone by ``disable_array_object()``."""
    _PATCHER.enable()


def disable_array_object() -> None:
    """Restore jax's own ``//``, ``%``, ``__dlpack__`` and ``__getitem__`` exactly."""
    _PATCHER.disable()


def array_object_enabled() -> bool:
    """Whether ``enable_array_object()`` is in effect."""
    return _PATCHER.enabled
