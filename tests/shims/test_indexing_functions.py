"""Indexing functions: take and take_along_axis."""

from __future__ import annotations

import pytest
from frameworks import require
from shim_helpers import (
    SERVED,
    SHIMS,
    host,
)


@SHIMS
def test_take_out_of_bounds_raises_index_error(xp):
    x = xp.ones(3)
    for idx in ([5], [3], [-4], [0, 1, 7]):
        with pytest.raises(IndexError, match="take"):
            xp.take(x, xp.asarray(idx))
    with pytest.raises(IndexError, match="take"):
        xp.take(xp.ones((2, 0)), xp.asarray([0]), axis=1)
    assert host(xp.take(x * 2, xp.asarray([-3, 2]))).tolist() == [2.0, 2.0]
    assert xp.take(xp.ones((2, 0)), xp.asarray([], dtype=xp.int64), axis=1).shape == (2, 0)


@SHIMS
def test_take_along_axis_out_of_bounds_names_the_function(xp):
    x = xp.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(xp.ones(3), xp.asarray([5]), axis=0)
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(x, xp.asarray([[0], [-4]]), axis=1)
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(x, xp.asarray([[2, 0, 1]]), axis=0)
    assert host(xp.take_along_axis(x, xp.asarray([[-1], [0]]), axis=1)).tolist() == [[3.0],
                                                                                     [4.0]]


@SHIMS
def test_out_of_bounds_message_names_the_index_alike(xp):
    """One bounds check for take and take_along_axis on every full shim
    (``_common.indexing.check_bounds``, on the values ``concrete`` reads): the message names
    the function and the index as given (TF named the wrapped index, -1 for -4, in TF's own
    words)."""
    x = xp.asarray([1.0, 2.0, 3.0])
    for idx, bad in (([0, -4], -4), ([7, 0], 7), ([-1, 3], 3)):
        for fname in ("take", "take_along_axis"):
            with pytest.raises(IndexError, match=rf"^{fname}: index {bad} is out of bounds "
                               "for an axis of size 3$"):
                getattr(xp, fname)(x, xp.asarray(idx), axis=0)
    x2 = xp.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    with pytest.raises(IndexError, match=r"^take_along_axis: index -4 is out of bounds"):
        xp.take_along_axis(x2, xp.asarray([[-4]]), axis=1)  # broadcast on axis 0
    assert host(xp.take_along_axis(x2, xp.asarray([[-3]]), axis=1)).tolist() == [[1.0], [4.0]]


@SERVED
@pytest.mark.parametrize("index", [5, 7, -6])
def test_take_along_axis_out_of_bounds_raises_index_error(xp, backend, index):
    x = xp.asarray([0.0, 1.0, 2.0, 3.0, 4.0])
    idx = xp.asarray([0, index])
    if backend == "jax":
        # Traced indices cannot raise on their values (jit): jax's fill value stays there;
        # eagerly the namespace checks them (shims/jax/_errors.py) and raises below.
        jax = require("jax")
        traced = jax.jit(lambda a, i: xp.take_along_axis(a, i, axis=0))(x, idx)
        assert bool(xp.isnan(traced[1]))
    # (NumPy's own message does not name the function; every shim's does.)
    with pytest.raises(IndexError, match=None if backend == "numpy" else "take_along_axis"):
        host(xp.take_along_axis(x, idx, axis=0))  # MXNet fails at the sync


@SERVED
def test_take_along_axis_in_bounds_unchanged(xp):
    x = xp.reshape(xp.asarray([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]), (2, 3))
    out = xp.take_along_axis(x, xp.asarray([[2, -1, 0], [-3, 1, 2]]), axis=1)
    assert host(out).tolist() == [[2.0, 2.0, 0.0], [3.0, 4.0, 5.0]]
    # broadcasting on the other axis
    out = xp.take_along_axis(x, xp.asarray([[1]]), axis=1)
    assert host(out).tolist() == [[1.0], [4.0]]


@SHIMS
def test_take_indices_must_be_one_dimensional(xp):
    # The standard's take takes 1-D indices (array-api-strict: ValueError); TF's and MXNet's
    # gathered a 2-D index array into a result of higher rank, MLX and Paddle refused it.
    x = xp.asarray([1.0, 2.0, 3.0])
    for idx in (xp.asarray([[0, 1]]), xp.asarray(1)):
        with pytest.raises(ValueError, match="take"):
            xp.take(x, idx)
    with pytest.raises(ValueError, match="take"):
        xp.take(xp.asarray(1.0), xp.asarray([0]), axis=0)
    assert xp.take(xp.ones((2, 3)), xp.asarray([], dtype=xp.int64), axis=1).shape == (2, 0)


@SERVED
def test_take_takes_every_integer_index_dtype(xp):
    # The standard's indices have any integer dtype; torch's index_select and gather take
    # int32 and int64 only (take was a TypeError, take_along_axis a RuntimeError). A negative
    # index counts from the end of an axis longer than its dtype holds (jax's take added the
    # length in int8: element 43 of 300 for -1, NaN for int16 on 40,000; MLX's overflowed).
    # (Each of these dtypes the namespace holds: MXNet has no int16.)
    held = xp.__array_namespace_info__().dtypes()
    for dtype in (d for d in ("int8", "int16", "uint8", "int32") if d in held):
        d = getattr(xp, dtype)
        for n in (300, 40_000):
            x = xp.arange(n, dtype=xp.float32)
            first, want = (-1, n - 1.0) if dtype.startswith("int") else (255, 255.0)
            i = xp.asarray([first, 5], dtype=d)
            assert host(xp.take(x, i)).tolist() == [want, 5.0], (dtype, n)
            # jax: the second call takes the read indices' path
            assert host(xp.take(x, i)).tolist() == [want, 5.0], (dtype, n)
            assert host(xp.take_along_axis(x, i)).tolist() == [want, 5.0], (dtype, n)
        m = xp.reshape(xp.arange(6, dtype=xp.float32), (2, 3))
        assert host(xp.take(m, xp.asarray([2, 0], dtype=d), axis=1)).tolist() == [[2.0, 0.0],
                                                                                [5.0, 3.0]]
        assert host(xp.take_along_axis(m, xp.asarray([[2], [0]], dtype=d), axis=1)
                    ).tolist() == [[2.0], [3.0]]
