"""Library code a user writes against arraykit, checked by mypy and pyright with no error
(tests/test_typing.py), and run by the same test so that it is real code, not a type puzzle.

``assert_type`` is checked statically and does nothing at run time.
"""

from __future__ import annotations

from typing import Any, TypeVar, assert_type

import numpy as np
import numpy.typing as npt
import torch

import arraykit
from arraykit.ext import grad, nd
from arraykit.typing import ArrayNamespace

T = TypeVar("T")


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """The README's function, on torch tensors: every call returns torch.Tensor."""
    xp = arraykit.array_namespace(q, k, v)
    assert_type(xp, ArrayNamespace[torch.Tensor])
    scores = xp.matmul(q, xp.matrix_transpose(k)) / q.shape[-1] ** 0.5
    scores = scores - xp.max(scores, axis=-1, keepdims=True)
    weights = xp.exp(scores)
    weights = weights / xp.sum(weights, axis=-1, keepdims=True)
    out = xp.matmul(weights, v)
    assert_type(out, torch.Tensor)
    first_rows = nd.gather_nd(out, xp.zeros((1, 1), dtype=xp.int64))  # extensions keep the type
    assert_type(grad.stop_gradient(first_rows), torch.Tensor)
    return out


def solve_and_transform(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> float:
    """linalg, fft, info, dtypes, constants and Python scalars beside arrays."""
    xp = arraykit.array_namespace(a, b, 2.0, None)
    assert_type(xp, ArrayNamespace[npt.NDArray[np.float64]])
    x = xp.linalg.solve(a, b)
    assert_type(x, npt.NDArray[np.float64])
    sign, logdet = xp.linalg.slogdet(a)
    spectrum = xp.fft.rfft(x, n=8, axis=-1, norm="ortho")
    default_float = xp.__array_namespace_info__().default_dtypes()["real floating"]
    ones = xp.ones((2, 2), dtype=default_float)
    y = xp.astype(xp.abs(spectrum), xp.float64, copy=False)
    total = xp.sum(y) + xp.sum(ones) * xp.pi + xp.sum(sign * logdet)
    assert xp.__array_api_version__ == "2025.12"
    return float(total)


def center(xp: ArrayNamespace[T], x: T) -> T:
    """Generic code: the namespace is a parameter, the array type a type variable."""
    mean = xp.mean(x, axis=0, keepdims=True)
    return xp.subtract(x, mean)


def untyped(x: Any) -> Any:
    """Arrays of no known type: the namespace is still checked, its arrays are Any."""
    xp = arraykit.array_namespace(x)
    assert_type(xp, ArrayNamespace[Any])
    values, counts = xp.unique_counts(xp.reshape(x, (-1,)))
    return xp.stack([values, counts], axis=0)


def run() -> None:
    """Run every function once (tests/test_typing.py)."""
    rng = np.random.default_rng(0)
    q = torch.randn(2, 4, 3)
    assert attention(q, q, q).shape == (2, 4, 3)
    a = rng.standard_normal((4, 4)) + 4 * np.eye(4)
    b = rng.standard_normal((4,))
    assert np.isfinite(solve_and_transform(a, b))
    x = rng.standard_normal((3, 2))
    assert np.allclose(center(arraykit.array_namespace(x), x).mean(axis=0), 0.0)
    assert untyped(np.array([1, 1, 2])).shape == (2, 2)
