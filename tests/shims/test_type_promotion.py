"""Type promotion: arrays with arrays and with Python scalars, on the shims."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import (
    MX_ONLY,
    SHIMS,
    TF_ONLY,
    T,
    held,
    host,
    tf,
)

from arraykit.shims._common import dtypes as D


@TF_ONLY
def test_promotion_table_matches_standard(xp):
    # The standard's table plus integer with floating -> the floating dtype (torch's and
    # JAX's rule, ``D.MIXED_KIND_PROMOTION``).
    for a in D.ALL:
        for b in D.ALL:
            x, y = xp.ones(2, dtype=T.DTYPES[a]), xp.ones(2, dtype=T.DTYPES[b])
            want = D.promote_arrays(a, b)
            assert want == (D.promote(a, b) or D.MIXED_KIND_PROMOTION.get((a, b)))
            if want is None:
                with pytest.raises(TypeError, match="equal"):
                    xp.equal(x, y)
                with pytest.raises(TypeError):
                    xp.result_type(x, y)
                continue
            assert xp.equal(x, y).dtype is tf.bool
            assert xp.result_type(x, y) is T.DTYPES[want]
            if want != "bool":
                assert xp.multiply(x, y).dtype is T.DTYPES[want], (a, b)


@TF_ONLY
@pytest.mark.parametrize(("dtype", "scalar", "ok"), [
    ("int8", 1, True), ("int8", 1.5, True), ("float32", 1, True), ("float32", 1.5, True),
    ("float32", 1j, True), ("complex64", 2.0, True), ("bool", True, True),
    # A bool with a number is that number, as NumPy, torch and JAX (every full shim alike).
    ("int32", True, True), ("bool", 1, False), ("uint8", 3, True),
])
def test_python_scalar_promotion(xp, dtype, scalar, ok):
    x = xp.ones(3, dtype=T.DTYPES[dtype])
    if dtype == "bool" and ok:
        r = xp.logical_and(x, scalar)
        assert r.dtype is tf.bool
        return
    if ok:
        r = xp.add(x, scalar)
        r2 = xp.add(scalar, x)
        want = T.DTYPES[dtype]
        if isinstance(scalar, complex) and dtype == "float32":
            want = tf.complex64
        if isinstance(scalar, float) and dtype == "int8":
            want = T.DEFAULT_FLOAT  # not in the standard; NumPy, torch and JAX promote too
        assert r.dtype is want and r2.dtype is want
    else:
        with pytest.raises(TypeError, match="add"):
            xp.add(x, scalar)


@SHIMS
def test_python_scalars_alone_rejected(xp):
    with pytest.raises(TypeError):
        xp.add(1, 2)


@MX_ONLY
def test_unsupported_promotion_raises(xp):
    a = xp.asarray([1], dtype=xp.int8)
    b = xp.asarray([1], dtype=xp.uint8)
    with pytest.raises(TypeError, match="int16"):
        xp.add(a, b)


@MX_ONLY
def test_promotion_with_arrays_and_scalars(xp):
    i8 = xp.asarray([1, 2], dtype=xp.int8)
    i32 = xp.asarray([1, 2], dtype=xp.int32)
    f32 = xp.asarray([1, 2], dtype=xp.float32)
    f64 = xp.asarray([1, 2], dtype=xp.float64)
    assert xp.add(i8, i32).dtype == xp.int32
    assert xp.multiply(f32, f64).dtype == xp.float64
    assert xp.add(i8, 1).dtype == xp.int8
    assert xp.add(2, i8).dtype == xp.int8
    assert xp.multiply(f32, 0.5).dtype == xp.float32
    b = xp.asarray([True, False])
    assert xp.logical_and(b, True).dtype == xp.bool
    assert xp.add(i8, f32).dtype == xp.float32  # integer with floating: the floating dtype
    with pytest.raises(TypeError):
        xp.add(b, f32)  # no promotion between bool and numbers
    # A float scalar with an int array: the default floating dtype (NumPy, torch, JAX promote).
    assert xp.add(i8, 1.5).dtype == xp.float32
    assert xp.result_type(xp.int8, xp.int64) == xp.int64
    assert xp.can_cast(xp.int8, xp.int32) and not xp.can_cast(xp.float64, xp.float32)
    c = xp.clip(f32, 0, 1.5)
    assert c.dtype == xp.float32
    assert xp.clip(i32, xp.asarray([2], dtype=xp.int32)).dtype == xp.int32


INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


FLOATS = ["float32", "float64", "complex64", "complex128"]


@SHIMS
def test_integer_with_floating_arrays_promotes_to_the_floating_dtype(xp):
    # torch's and JAX's rule (NumPy widens int32 + float32 to float64 instead).
    for i in held(xp, INTS):
        for f in held(xp, FLOATS):
            a = xp.asarray([1, 2, 3], dtype=getattr(xp, i))
            b = xp.asarray([0.5, 1.5, 2.5], dtype=getattr(xp, f))
            want = np.asarray([1.5, 3.5, 5.5], dtype=f)
            for r in (xp.add(a, b), xp.add(b, a)):
                assert r.dtype == getattr(xp, f), (i, f)
                np.testing.assert_array_equal(host(r), want)
            assert xp.result_type(a, b) == getattr(xp, f)
            assert xp.result_type(getattr(xp, f), getattr(xp, i)) == getattr(xp, f)
            assert xp.where(xp.asarray([True, False, True]), a, b).dtype == getattr(xp, f)


@SHIMS
def test_mixed_kind_promotion_through_operators(enabled):
    xp = enabled
    a = xp.asarray([1, 2], dtype=xp.int64)
    b = xp.asarray([0.5, 0.25], dtype=xp.float32)
    r = a * b
    assert r.dtype == xp.float32
    np.testing.assert_array_equal(host(r), np.asarray([0.5, 0.5], dtype=np.float32))


@SHIMS
def test_bool_with_numbers_and_can_cast_stay_standard(xp):
    b = xp.asarray([True, False])
    f = xp.asarray([1.0, 2.0], dtype=xp.float32)
    with pytest.raises(TypeError):
        xp.add(b, f)
    # Promotion is not casting: int64 -> float32 loses precision.
    assert not xp.can_cast(xp.int64, xp.float32)


@SHIMS
@pytest.mark.parametrize("scalar", [1.5, np.float64(1.5)])
def test_float_scalar_with_integer_array_promotes_to_the_default_float(xp, scalar):
    """``int_array * 1.5``: NumPy, torch and JAX give a floating result (the standard leaves
    it undefined); the shims compute in their default floating dtype."""
    default = xp.__array_namespace_info__().default_dtypes()["real floating"]
    x = xp.asarray([1, 2])
    for out in (xp.multiply(x, scalar), xp.multiply(scalar, x)):
        assert out.dtype == default
        np.testing.assert_allclose(host(out), [1.5, 3.0])
    assert xp.result_type(x, 1.5) == default
    with pytest.raises(TypeError):
        xp.add(xp.asarray([True]), 1.5)
