"""Set functions: the order of unique values."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import (
    TF_ONLY,
    tf,
)


@TF_ONLY
def test_unique_values_are_sorted_like_numpy(xp):
    # One order on every backend: NumPy, torch and JAX sort; so does the shim.
    data = np.array([3.0, np.nan, 1.0, np.inf, 2.0, 1.0, -0.0])
    got = xp.unique_all(tf.constant(data))
    ref = np.unique(data, return_index=True, return_inverse=True, return_counts=True,
                    equal_nan=False)
    np.testing.assert_array_equal(got.values.numpy(), ref[0])
    np.testing.assert_array_equal(got.indices.numpy(), ref[1])
    np.testing.assert_array_equal(got.inverse_indices.numpy(), ref[2])
    np.testing.assert_array_equal(got.counts.numpy(), ref[3])
    c = xp.unique_values(tf.constant([1 + 2j, 1 + 1j, 0 + 5j]))
    np.testing.assert_array_equal(c.numpy(), np.array([5j, 1 + 1j, 1 + 2j]))


TORCH_ONLY = pytest.mark.backends(
    "torch", reason="torch.unique has no first-occurrence indices (pytorch#36748) and no "
    "complex kernel: the torch shim's own unique_* (shims/torch/_set_functions.py)")


@TORCH_ONLY
def test_unique_all_and_complex_unique_torch(xp):
    """NumPy's answers: first-occurrence indices, inverse indices, counts, every NaN its own
    value; complex values sorted by real part, then imaginary part."""
    import torch

    data = np.array([[3.0, np.nan, 1.0], [np.inf, 2.0, 1.0], [-0.0, np.nan, 3.0]])
    got = xp.unique_all(torch.asarray(data))
    ref = np.unique(data, return_index=True, return_inverse=True, return_counts=True,
                    equal_nan=False)
    np.testing.assert_array_equal(got.values.numpy(), ref[0])
    np.testing.assert_array_equal(got.indices.numpy(), ref[1])
    np.testing.assert_array_equal(got.inverse_indices.numpy(), ref[2].reshape(data.shape))
    np.testing.assert_array_equal(got.counts.numpy(), ref[3])
    assert got.indices.dtype == got.inverse_indices.dtype == got.counts.dtype == torch.int64
    empty = xp.unique_all(torch.zeros((0, 2)))
    assert [tuple(a.shape) for a in empty] == [(0,), (0,), (0, 2), (0,)]
    z = np.array([1 + 2j, 1 + 1j, 5j, 1 + 1j, np.nan + 0j])
    values, counts = xp.unique_counts(torch.asarray(z))
    ref_v, ref_c = np.unique(z, return_counts=True, equal_nan=False)
    np.testing.assert_array_equal(values.numpy(), ref_v)
    np.testing.assert_array_equal(counts.numpy(), ref_c)
    values, inverse = xp.unique_inverse(torch.asarray(z))
    np.testing.assert_array_equal(values.numpy()[inverse.numpy()], z)
    np.testing.assert_array_equal(xp.unique_values(torch.asarray(z)).numpy(), ref_v)
