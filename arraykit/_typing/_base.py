"""The hand-written part of the namespace Protocols (``_namespace.py`` is generated around it):
type variables, the standard's helper Protocols and the inspection API's dictionaries, whose
keys the stubs give only in prose."""

from __future__ import annotations

from typing import Any, Protocol, TypedDict, TypeVar

ArrayT = TypeVar("ArrayT")
_T_co = TypeVar("_T_co", covariant=True)

#: Data types and devices are each library's own objects; the standard fixes no class.
DType = Any
Device = Any
SupportsBufferProtocol = Any
PyCapsule = Any


class NestedSequence(Protocol[_T_co]):
    def __getitem__(self, key: int, /) -> _T_co | NestedSequence[_T_co]: ...
    def __len__(self, /) -> int: ...


class finfo_object(Protocol):  # noqa: N801 - the standard's name
    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: DType


class iinfo_object(Protocol):  # noqa: N801 - the standard's name
    bits: int
    max: int
    min: int
    dtype: DType


DefaultDataTypes = TypedDict("DefaultDataTypes", {
    "real floating": DType, "complex floating": DType, "integral": DType, "indexing": DType,
})
Capabilities = TypedDict("Capabilities", {
    "boolean indexing": bool, "data-dependent shapes": bool, "max rank": int | None,
})
