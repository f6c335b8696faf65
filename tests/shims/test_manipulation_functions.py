"""Manipulation functions: broadcasting, expand_dims, permute_dims, repeat, roll."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import (
    MX_ONLY,
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


# -- one rule each (``_common.manipulation``): where the full shims disagreed, NumPy's answer --

def _a23(xp):
    return xp.asarray(np.arange(6, dtype="float32").reshape(2, 3))


@SHIMS
def test_reshape_shape_is_ints_or_an_int(xp):
    """An int is a 1-D shape, as NumPy takes it (TF, MLX and Paddle refused it); a float
    extent is a TypeError, as in NumPy (TF and MXNet truncated it with ``int()``)."""
    assert host(xp.reshape(_a23(xp), 6)).tolist() == [0, 1, 2, 3, 4, 5]
    with pytest.raises(TypeError, match="reshape"):
        xp.reshape(_a23(xp), (2.0, 3))


@SHIMS
def test_reshape_of_an_empty_array(xp):
    """As NumPy: -1 beside a 0 cannot be inferred (MXNet let its own kernel fail with an
    MXNetError), and an extent past int64 is a ValueError (MLX raised OverflowError)."""
    x = xp.zeros((0, 3))
    assert xp.reshape(x, (3, 0)).shape == (3, 0)
    with pytest.raises(ValueError, match="reshape"):
        xp.reshape(x, (0, -1))
    with pytest.raises(ValueError, match="reshape"):
        xp.reshape(x, (2**64, 0))


@SHIMS
@pytest.mark.parametrize(("shift", "axis"), [((1, 2), None), ([1, 2], [0, 1]), (1, (1, 1)),
                                             ((1, 2), (1, 0)), (2**40 + 1, 1)])
def test_roll_as_numpy(xp, shift, axis):
    """A tuple shift without an axis rolls by its sum (MLX raised TypeError, Paddle
    ValueError); lists as tuples (Paddle and TF refused them); a repeated or unsorted axis
    (MXNet's kernel refused both); a shift past int32 (TF wrapped it: a wrong result)."""
    want = np.roll(np.arange(6, dtype="float32").reshape(2, 3), shift, axis=axis)
    np.testing.assert_array_equal(host(xp.roll(_a23(xp), shift, axis=axis)), want)


@SHIMS
def test_expand_dims_axis_out_of_range_is_numpy_axis_error(xp):
    """An IndexError and a ValueError, as NumPy's AxisError (TF raised a plain IndexError for
    an int axis)."""
    for axis in (3, -4, (0, 4)):
        with pytest.raises(IndexError, match="expand_dims"):
            xp.expand_dims(_a23(xp), axis=axis)
        with pytest.raises(ValueError, match="expand_dims"):
            xp.expand_dims(_a23(xp), axis=axis)


@SHIMS
def test_repeat_and_tile_counts_are_ints(xp):
    """A float count is a TypeError (MXNet truncated 2.5 to 2), a count whose result no array
    can hold a ValueError (MLX raised TypeError, Paddle IndexError)."""
    with pytest.raises(TypeError, match="repeat"):
        xp.repeat(_a23(xp), 2.5, axis=1)
    with pytest.raises(TypeError, match="tile"):
        xp.tile(_a23(xp), (2.0, 2))
    with pytest.raises(ValueError, match="repeat"):
        xp.repeat(_a23(xp), 2**62, axis=1)
    x = _a23(xp)
    r = xp.repeat(x, xp.asarray(np.asarray([1, 0, 2], dtype="int8")), axis=1)  # narrow counts
    np.testing.assert_array_equal(host(r), np.repeat(host(x), [1, 0, 2], axis=1))


@SHIMS
def test_repeat_array_counts_read_alike(xp):
    """An eager array of counts is read on the host by one rule on every full shim
    (``_common.manipulation.host_repeat_counts``): a negative count is a ValueError (TF
    repeated by it: 3 elements for [1, -1, 2]), and so is a result no array can hold (the
    counts' sum past int64's bytes: MLX and MXNet raised MemoryError building the index, TF
    returned a wrong shape, Paddle aborted the process); a result extent TF's repeat wraps
    (past 2**31 - 1: repeat([1., 2.], 2**32 + 1) had 2 elements) is a ValueError too."""
    x = xp.asarray([1.0, 2.0, 3.0])
    for counts in ([1, -1, 2], [2**61, 2**61, 1]):
        with pytest.raises(ValueError, match="repeat"):
            xp.repeat(x, xp.asarray(counts, dtype=xp.int64))
    r = xp.repeat(x, xp.asarray([2, 0, 1], dtype=xp.int64))
    np.testing.assert_array_equal(host(r), [1.0, 1.0, 3.0])
    np.testing.assert_array_equal(host(xp.repeat(x, xp.asarray([2], dtype=xp.int64))),
                                  [1.0, 1.0, 2.0, 2.0, 3.0, 3.0])
    if xp.__name__ != "arraykit.shims.paddle":  # Paddle holds int64 extents: a 51 GB result
        with pytest.raises(ValueError, match="repeat"):
            xp.repeat(xp.asarray([1.0, 2.0]), 2**32 + 1)


@MX_ONLY  # TF (BroadcastTo, Maximum, FloorDiv) and Paddle (9-D) fail too: not fixed yet
@pytest.mark.parametrize(("shape", "to"), [
    ((1, 2, 1, 3, 1, 5), (2, 2, 2, 3, 3, 5)),
    ((2, 1, 2, 1, 2, 1, 2), (2, 2, 2, 2, 2, 2, 2)),
    ((1, 2, 1, 2, 1, 2, 1, 2, 1), (3, 2, 3, 2, 3, 2, 3, 2, 3)),
    ((2, 1, 3, 1, 2), (2, 2, 2, 3, 3, 2)),
])
def test_broadcast_to_six_dimensions_and_more(xp, shape, to):
    """MXNet 1.9.1's kernel refused shapes that stay over five dimensions after merging
    adjacent axes (an MXNetError at the next sync)."""
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    np.testing.assert_array_equal(host(xp.broadcast_to(xp.asarray(a), to)),
                                  np.broadcast_to(a, to))
    got = xp.broadcast_arrays(xp.asarray(a), xp.zeros(to, dtype=xp.float32))[0]
    np.testing.assert_array_equal(host(got), np.broadcast_to(a, to))


@MX_ONLY
def test_mxnet_unstack_along_the_first_axis_indexes_by_int(xp, monkeypatch):
    """MXNet: ``unstack`` along axis 0 takes ``x[i]`` (a view, ~4 us), not ``x[(i,)]``
    (MXNet 1.9.1's general basic-indexing routine, ~180 us each: 5.9 ms for the (32, 20, 64)
    actions vmap splits in the rollouts workload); that routine refuses here. Other axes
    keep it. Values, dtypes, shapes and the gradient as NumPy's."""
    import mxnet as mx

    def refused(*args, **kwargs):
        raise AssertionError("general basic indexing on the axis-0 path")

    cases = {}
    for shape in [(3,), (3, 2), (0, 2), (2, 3, 4), (1,) * 6 + (2,)]:
        for name in ("float32", "int64", "bool", "uint8"):
            a = (np.arange(int(np.prod(shape))).reshape(shape) % 3).astype(name)
            cases[shape, name] = (a, xp.asarray(a))
    with monkeypatch.context() as m:
        m.setattr(mx.np.ndarray, "_get_np_basic_indexing", refused)
        got = {k: xp.unstack(x) for k, (_, x) in cases.items()}
    got.update({(k, ax): xp.unstack(x, axis=ax) for k, (a, x) in cases.items()
                for ax in range(-a.ndim, a.ndim) if ax != 0})
    for key, r in got.items():
        (shape, name), ax = (key, 0) if isinstance(key[1], str) else key
        a = cases[shape, name][0]
        want = [np.take(a, i, axis=ax) for i in range(a.shape[ax])]
        assert isinstance(r, tuple) and len(r) == len(want), key
        for u, v in zip(r, want):
            assert u.shape == v.shape and str(u.dtype) == name, key
            np.testing.assert_array_equal(host(u), v)
    with pytest.raises(ValueError, match="unstack"):
        xp.unstack(xp.asarray(1.0))
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    x.attach_grad()
    with mx.autograd.record():
        u = xp.unstack(x)
        y = xp.sum(u[0] * 2.0 + u[1] * 3.0)
    y.backward()
    np.testing.assert_array_equal(host(x.grad), [[2.0, 2.0], [3.0, 3.0]])
