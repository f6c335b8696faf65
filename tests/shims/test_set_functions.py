"""Set functions: the order of unique values."""

from __future__ import annotations

import numpy as np
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
