"""``unique_*`` by one stable sort, for what ``torch.unique`` cannot do.

``torch.unique`` returns no first-occurrence indices (pytorch#36748, so array-api-compat has
no ``unique_all`` for torch) and has no complex kernel. Sorting the flattened array stably
(complex: by real part, then imaginary part) puts equal values next to each other with their
first occurrence first; a new value starts wherever an element differs from its predecessor
(NaN differs from everything, so each NaN is its own value, as the standard asks).
"""

from __future__ import annotations

from typing import Any

import array_api_compat.torch as _compat
import torch as _torch
from array_api_compat.common._aliases import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

_COMPLEX = (_torch.complex64, _torch.complex128)


def _sorted_groups(x: Any) -> tuple[Any, Any, Any, Any]:
    """(sorted values, permutation, group id per sorted element, group-start mask)."""
    flat = x.reshape(-1)
    if flat.dtype in _COMPLEX:
        perm = _torch.argsort(flat.imag, stable=True)
        perm = perm[_torch.argsort(flat.real[perm], stable=True)]
    else:
        perm = _torch.argsort(flat, stable=True)
    v = flat[perm]
    start = _torch.ones_like(v, dtype=_torch.bool)
    if v.numel() > 1:
        start[1:] = v[1:] != v[:-1]
    return v, perm, _torch.cumsum(start, 0) - 1, start


def _inverse(x: Any, perm: Any, group: Any) -> Any:
    inverse = _torch.empty_like(perm)
    inverse[perm] = group
    return inverse.reshape(x.shape)


def _counts(group: Any, n: int) -> Any:
    return _torch.bincount(group, minlength=n) if group.numel() else group.new_zeros(0)


def unique_all(x: Any, /) -> UniqueAllResult:
    """Unique values, first-occurrence indices, inverse indices and counts."""
    v, perm, group, start = _sorted_groups(x)
    values = v[start]
    return UniqueAllResult(values, perm[start], _inverse(x, perm, group),
                           _counts(group, values.shape[0]))


def unique_counts(x: Any, /) -> UniqueCountsResult:
    """array-api-compat's ``unique_counts``; complex input by the stable sort."""
    if x.dtype not in _COMPLEX:
        return _compat.unique_counts(x)
    v, _, group, start = _sorted_groups(x)
    values = v[start]
    return UniqueCountsResult(values, _counts(group, values.shape[0]))


def unique_inverse(x: Any, /) -> UniqueInverseResult:
    """array-api-compat's ``unique_inverse``; complex input by the stable sort."""
    if x.dtype not in _COMPLEX:
        return _compat.unique_inverse(x)
    v, perm, group, start = _sorted_groups(x)
    return UniqueInverseResult(v[start], _inverse(x, perm, group))


def unique_values(x: Any, /) -> Any:
    """array-api-compat's ``unique_values``; complex input by the stable sort."""
    if x.dtype not in _COMPLEX:
        return _compat.unique_values(x)
    v, _, _, start = _sorted_groups(x)
    return v[start]
