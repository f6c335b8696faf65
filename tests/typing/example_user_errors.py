"""Deliberate mistakes that mypy and pyright must both report, each on the line whose comment
names its kind (tests/test_typing.py), and nothing else."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import arraykit


def mistakes(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> None:
    xp = arraykit.array_namespace(a, b)
    xp.linalg.solv(a, b)  # error: misspelt function
    xp.sum(a, axes=0)  # error: wrong keyword
    xp.matmul(a)  # error: wrong arity
    xp.linalg.solve(a, b)  # correct, no error
