"""Manipulation functions: broadcasting, expand_dims, permute_dims, repeat, roll."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import (
    SERVED,
    SHIMS,
    TF_ONLY,
    host,
    t,
    tf,
)


@TF_ONLY
def test_2025_12_features(xp):
    assert xp.broadcast_shapes((2, 1), (3,)) == (2, 3)
    assert isinstance(xp.broadcast_arrays(xp.ones(2), xp.ones((3, 1))), tuple)
    assert isinstance(xp.meshgrid(xp.ones(2), xp.ones(3)), tuple)
    assert xp.expand_dims(xp.ones((2, 3)), axis=(0, -1)).shape == (1, 2, 3, 1)
    assert xp.permute_dims(xp.ones((2, 3, 4)), (-1, 0, 1)).shape == (4, 2, 3)
    np.testing.assert_array_equal(xp.searchsorted(t([1, 3, 5], "int64"), 4).numpy(), 2)
    np.testing.assert_array_equal(xp.isin(t([1, 2, 3], "int64"), t([2, 5], "int64")).numpy(),
                                  [False, True, False])
    np.testing.assert_array_equal(xp.clip(t([1, 5, 9], "int8"), 2, 6).numpy(), [2, 5, 6])
    assert xp.clip(t([1.0], "float32"), 0, 0.5).dtype is tf.float32
    info = xp.__array_namespace_info__()
    assert isinstance(info.devices(), tuple)
    assert set(info.capabilities()) >= {"boolean indexing", "data-dependent shapes"}
    assert info.default_dtypes()["real floating"] is tf.float64


@SHIMS
def test_2025_12_specifics(xp):
    a, b = xp.asarray([1.0, 2.0, 3.0]), xp.asarray([[1.0], [2.0]])
    out = xp.broadcast_arrays(a, b)
    assert isinstance(out, tuple) and out[0].shape == (2, 3)
    assert isinstance(xp.meshgrid(a, a), tuple)
    assert xp.broadcast_shapes((2, 1), (3,)) == (2, 3)
    assert xp.expand_dims(a, axis=(0, 2)).shape == (1, 3, 1)
    assert xp.permute_dims(xp.ones((2, 3, 4)), (-1, 0, 1)).shape == (4, 2, 3)
    assert host(xp.searchsorted(a, 2.0)).tolist() == 1
    assert host(xp.isin(a, xp.asarray([2.0, 5.0]))).tolist() == [False, True, False]


@SHIMS
def test_broadcast_to_error_names_broadcast_to(xp):
    with pytest.raises(ValueError, match="broadcast_to"):
        xp.broadcast_to(xp.ones((3,)), (4, 2))
    with pytest.raises(ValueError, match="broadcast_to"):
        xp.broadcast_to(xp.ones((3,)), (1,))


@SHIMS
def test_repeat_zero_keeps_other_dims(xp):
    x = xp.ones((3, 1))
    for reps in (0, xp.asarray(0), xp.asarray([0, 0, 0])):
        r = xp.repeat(x, reps, axis=0)
        assert r.shape == (0, 1)
        assert host(r).shape == (0, 1)
    assert xp.repeat(xp.ones((2, 3)), 0, axis=1).shape == (2, 0)


@SERVED
def test_roll_of_zero_d_array_without_axis(xp):
    assert float(xp.roll(xp.asarray(1.5), 1)) == 1.5
