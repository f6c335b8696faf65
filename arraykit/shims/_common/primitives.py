"""What a full shim's ``_primitives.py`` defines: the few framework operations the standard's
rules run over.

The four full shims (TensorFlow, MXNet, MLX, Paddle) have no conformant namespace to start
from. Their rules (argument kinds, Python scalars, dtype promotion, broadcasting, axes,
sizes) are the standard's, so they are written once in ``shims/_common`` and run over the
module-level names below, which each ``shims/<framework>/_primitives.py`` provides (checked
by ``tests/shims/test_primitives.py``). A shim writes a function of its own only for a
framework defect or a measured fast path, with the reason on it.

:mod:`._common.operands` builds the operand helpers (``require_array``, ``binary``, ...) from
a primitives module; :mod:`._common.creation` builds ``linspace`` and the other functions
whose work is all rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

if TYPE_CHECKING:
    from .operands import DtypeRules


@runtime_checkable
class ShimPrimitives(Protocol):
    # The constants are read-only properties to the type checkers: a module's constant meets
    # them with a narrower type (a Literal string, a tuple of two classes), which a mutable
    # attribute of the Protocol would refuse (invariance).

    @property
    def FRAMEWORK(self) -> str:
        """The framework and version, as messages name it ("MLX 0.32.4")."""
        ...

    @property
    def ARRAY_TYPE(self) -> Any:
        """The framework's array class (or a tuple of classes), for ``isinstance`` (typed Any:
        a test against ``type | tuple[type, ...]`` narrows the array to ``object``)."""
        ...

    @property
    def ARRAY_NOUN(self) -> str:
        """How a TypeError names what was expected ("an mlx.core.array")."""
        ...

    @property
    def SUPPORTED(self) -> tuple[str, ...]:
        """Standard dtype names the framework holds, in the standard's order."""
        ...

    @property
    def DTYPES(self) -> Mapping[str, Any]:
        """Standard dtype name -> the framework's dtype object (what ``finfo``, ``iinfo`` and
        ``result_type`` report)."""
        ...

    @property
    def DEFAULT_FLOAT(self) -> str: ...

    @property
    def DEFAULT_COMPLEX(self) -> str | None:
        """None where the framework has no complex dtype."""
        ...

    @property
    def DTYPE_RULES(self) -> DtypeRules:
        """The shim's dtype rules (``operands.DtypeRules``, made in its ``_dtypes``)."""
        ...

    def name_of(self, x: Any) -> str | None:
        """The standard name of array ``x``'s dtype; None for a dtype that is not one."""
        ...

    def unsupported(self, x: Any, fname: str) -> TypeError:
        """The TypeError for array ``x`` whose dtype ``name_of`` does not know."""
        ...

    def dtype_arg(self, dtype: Any, fname: str) -> str:
        """The standard name of a ``dtype=`` argument (TypeError for anything else)."""
        ...

    def cast(self, x: Any, name: str) -> Any:
        """``x`` as dtype ``name``; ``x`` itself when it has it."""
        ...

    def scalar_operand(self, value: bool | int | float | complex, name: str, like: Any,
                       fname: str) -> Any:
        """What a Python scalar becomes beside array ``like`` of dtype ``name`` in a binary
        function: a 0-d array holding ``value`` exactly, on ``like``'s device, or ``value``
        itself where the framework's scalar ops are exact for it. A value out of ``name``'s
        range is an OverflowError naming ``fname``."""
        ...

    def scalar_array(self, value: bool | int | float | complex, name: str, like: Any,
                     fname: str) -> Any:
        """A 0-d array of dtype ``name`` holding ``value`` exactly, on ``like``'s device."""
        ...

    def broadcast_to(self, x: Any, shape: tuple[int, ...]) -> Any: ...

    def reshape(self, x: Any, shape: tuple[int, ...]) -> Any:
        """``x`` with ``shape`` (one entry may be -1), its values in C order."""
        ...

    def zeros(self, shape: tuple[int, ...], name: str, like: Any) -> Any:
        """An array of zeros of ``shape`` and dtype ``name``, on ``like``'s device (the
        results of the rules for empty and 0-d input: empty indices, zero counts)."""
        ...

    def shape_of(self, x: Any) -> Sequence[int | None]:
        """``x``'s shape as a list or tuple of Python ints, read once (the rules index it and
        test it for 0); None for an extent unknown while a graph is traced (TF)."""
        ...

    def copy(self, x: Any) -> Any:
        """An array of ``x``'s values that no later write through ``x`` changes: ``x`` itself
        where the framework's arrays cannot be written (TF), or where the shim returned it
        before (MLX)."""
        ...

    def device_arg(self, device: Any, fname: str) -> Any:
        """The framework's device for a ``device=`` argument (None: its default); ValueError
        naming ``fname`` for anything else."""
        ...

    def device_of(self, x: Any) -> Any:
        """The device array ``x`` is on, as ``device_arg`` returns one (what the ``*_like``
        functions create on)."""
        ...

    def from_host(self, a: np.ndarray, name: str, device: Any) -> Any:
        """An array of dtype ``name`` holding NumPy array ``a``'s values exactly, on
        ``device`` (a value ``device_arg`` returned)."""
        ...

    def to_host(self, x: Any) -> np.ndarray:
        """A NumPy array of ``x``'s values (evaluates a lazy array)."""
        ...

    def concrete(self, x: Any) -> np.ndarray | None:
        """``to_host(x)`` where the values can be read at the call without a device sync per
        call: None while a graph is traced (TF, MLX's ``mx.compile``) and where the read would
        wait on a device (MXNet: indices off the CPU or past 4096 elements). The eager checks
        on values (index bounds) run on what it returns."""
        ...

    def checked_shape(self, fname: str, shape: Any, name: str) -> tuple[int, ...]:
        """``shape`` (an int or a sequence of ints) as a tuple of Python ints, checked by
        ``_common.sizes.check_shape`` for an array of dtype ``name`` against the framework's
        own limits too (extents, element count, rank): the error names ``fname``."""
        ...

    # The work of the statistical and utility functions (``_common/statistics.py``), each
    # keeping its framework's defects to itself.

    def full(self, shape: tuple[int | None, ...], value: bool | int | float | complex,
             name: str, like: Any) -> Any:
        """An array of ``shape`` and dtype ``name`` holding ``value``, on ``like``'s device;
        an extent None (unknown in a TF graph) is ``like``'s extent there."""
        ...

    def concat(self, arrays: list[Any], axis: int) -> Any:
        """Arrays of one dtype and rank joined along ``axis`` (non-negative)."""
        ...

    def sqrt(self, x: Any) -> Any:
        """The square root of floating array ``x``."""
        ...

    def reduce(self, fname: str, x: Any, axes: tuple[int, ...], keepdims: bool) -> Any:
        """The reduction ``fname`` ("sum", "prod", "max", "min", "mean", "all", "any") of
        ``x`` over ``axes`` (non-negative, distinct), in ``x``'s dtype ("all"/"any": bool,
        nonzero is true); ``x`` has no zero extent unless ``axes`` is empty, which gives
        ``x``'s values (``x != 0`` for "all"/"any"). "max"/"min" propagate NaN."""
        ...

    def scan(self, fname: str, x: Any, axis: int) -> Any:
        """``cumulative_sum`` ("cumulative_sum") or ``cumulative_prod`` of ``x`` (at least
        1-d, no zero extent along ``axis``) along ``axis``, in ``x``'s dtype."""
        ...

    def variance(self, x: Any, axes: tuple[int, ...], correction: float,
                 keepdims: bool) -> Any:
        """``sum(|x - mean(x)|**2) / (N - correction)`` over ``axes`` (non-empty), ``N`` the
        number of elements there; ``x`` of a real floating dtype, no zero extent, and
        ``N > correction`` wherever the extents are known."""
        ...

    def difference(self, x: Any, axis: int) -> Any:
        """``x[1:] - x[:-1]`` along ``axis`` (bool: ``!=``); ``x``'s extent there >= 1."""
        ...
