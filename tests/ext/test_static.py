"""arraykit.ext.static: fixed-size unique_*, nonzero and masked_select on every backend
installed here (mxnet: in its own venv), equal to NumPy's np.unique / np.nonzero / x[mask]
cut or padded to ``size``, exactly (no tolerance: these functions only move values); and
compiled, not run eagerly, under arraykit.ext.jit.jit on jax, tensorflow and torch."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import arraykit
from arraykit.cli import to_numpy
from arraykit.ext import static
from arraykit.ext.jit import compilation, is_compiled, jit

RNG = np.random.default_rng(0)
NAN = np.float32("nan")

#: id -> a NumPy input (int32/float32/bool: every backend has them, jax without x64 too).
INPUTS = {
    "ints": RNG.integers(-3, 4, size=(4, 5)).astype(np.int32),
    "floats-with-nan-and-zeros": np.asarray(
        [3.0, NAN, 1.0, -0.0, 0.0, NAN, 1.0, -np.inf, np.inf, 2.5], dtype=np.float32),
    "bool": np.asarray([[True, False, True], [False, False, True]]),
    "one-value": np.full((6,), 7, dtype=np.int32),
    "3d": RNG.integers(0, 3, size=(2, 3, 4)).astype(np.int32),
}
#: sizes below, at and above the number of distinct values (nonzero elements) of the inputs.
SIZES = (0, 1, 3, 12, 30)


def _values_and_counts(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    values, inverse, counts = np.unique(x.ravel(), return_inverse=True, return_counts=True,
                                        equal_nan=False)
    return values, inverse.reshape(x.shape), counts


def padded(a: np.ndarray, size: int, fill) -> np.ndarray:
    """``a`` cut or padded along axis 0 to ``size`` entries of ``fill``."""
    out = np.empty((size, *a.shape[1:]), dtype=a.dtype)
    k = min(size, len(a))
    out[:k] = a[:k]
    out[k:] = fill
    return out


def same(got, expected: np.ndarray, xp, index: bool = False) -> None:
    """Equal values (NaN where NaN), shape and dtype; native arrays of the backend."""
    assert arraykit.array_namespace(got) is xp
    g = to_numpy(got)
    assert g.shape == expected.shape, (g.shape, expected.shape)
    if index:  # the namespace's default index dtype
        assert g.dtype.kind == "i" and g.dtype == to_numpy(xp.argsort(xp.asarray([1, 0]))).dtype
    else:
        assert g.dtype == expected.dtype
    np.testing.assert_array_equal(g, expected)  # NaN equals NaN here; -0.0 equals 0.0


@pytest.fixture(autouse=True)
def _mxnet_np_mode(backend):
    """This module builds mxnet.numpy arrays itself (xp.asarray): MXNet's NumPy mode."""
    if backend == "mxnet":
        import mxnet

        mxnet.npx.set_np()


# ---------------------------------------------------------------------------------------------
# the same results as NumPy, padded


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(INPUTS))
def test_unique_functions_equal_numpy_padded(xp, name, size):
    x = INPUTS[name]
    values, inverse, counts = _values_and_counts(x)
    fill = values[0] if name == "bool" else -5  # bool: no -5; the default fill elsewhere
    a = xp.asarray(x)
    same(static.unique_values(a, size=size, fill_value=fill), padded(values, size, fill), xp)
    default = static.unique_values(a, size=size)  # default fill: the smallest value
    same(default, padded(values, size, values[0]), xp)
    got = static.unique_counts(a, size=size, fill_value=fill)
    assert isinstance(got, static.UniqueCountsResult)
    same(got.values, padded(values, size, fill), xp)
    same(got.counts, padded(counts, size, 0), xp, index=True)
    got = static.unique_inverse(a, size=size, fill_value=fill)
    same(got.values, padded(values, size, fill), xp)
    same(got.inverse_indices, inverse, xp, index=True)  # into the full set of values


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(INPUTS))
def test_nonzero_equals_numpy_padded(xp, name, size):
    x = INPUTS[name]
    expected = np.nonzero(x)
    got = static.nonzero(xp.asarray(x), size=size, fill_value=-1)
    assert isinstance(got, tuple) and len(got) == x.ndim
    for g, e in zip(got, expected):
        same(g, padded(e, size, -1), xp, index=True)
    fills = tuple(range(-1, -1 - x.ndim, -1))  # one fill per axis
    got = static.nonzero(xp.asarray(x), size=size, fill_value=fills)
    for g, e, f in zip(got, expected, fills):
        same(g, padded(e, size, f), xp, index=True)
    got = static.nonzero(xp.asarray(x), size=size)  # default fill 0
    for g, e in zip(got, expected):
        same(g, padded(e, size, 0), xp, index=True)


MASKED = {
    # id: (x, mask): the mask covers x's leading axes
    "rows": (RNG.standard_normal((5, 3)).astype(np.float32),
             np.asarray([True, False, True, True, False])),
    "elements": (INPUTS["ints"], INPUTS["ints"] > 0),
    "leading-two-of-three": (RNG.standard_normal((2, 3, 2)).astype(np.float32),
                             np.asarray([[True, False, True], [False, True, True]])),
    "none-selected": (INPUTS["ints"], np.zeros((4,), dtype=bool)),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(MASKED))
def test_masked_select_equals_boolean_indexing_padded(xp, name, size):
    x, mask = MASKED[name]
    got = static.masked_select(xp.asarray(x), xp.asarray(mask), size=size, fill_value=-2)
    same(got, padded(x[mask], size, -2), xp)
    same(static.masked_select(xp.asarray(x), xp.asarray(mask), size=size),
         padded(x[mask], size, 0), xp)


def test_empty_inputs(xp):
    x = xp.asarray(np.zeros((0, 3), dtype=np.float32))
    same(static.unique_values(x, size=3, fill_value=4.0), np.full(3, 4.0, np.float32), xp)
    values, counts = static.unique_counts(x, size=2, fill_value=1.0)
    same(values, np.ones(2, np.float32), xp)
    same(counts, np.zeros(2, np.int64), xp, index=True)
    values, inverse = static.unique_inverse(x, size=2, fill_value=1.0)
    same(inverse, np.zeros((0, 3), np.int64), xp, index=True)
    for g in static.nonzero(x, size=2, fill_value=-1):
        same(g, np.full(2, -1, np.int64), xp, index=True)
    same(static.masked_select(x, xp.asarray(np.zeros((0,), bool)), size=2, fill_value=3.0),
         np.full((2, 3), 3.0, np.float32), xp)
    same(static.unique_values(x, size=0), np.zeros(0, np.float32), xp)  # size 0: no fill needed


def test_fill_value_array_and_cast(xp):
    x = xp.asarray(INPUTS["ints"])
    values = _values_and_counts(INPUTS["ints"])[0]
    fill = xp.asarray(np.asarray(9, dtype=np.int32))
    same(static.unique_values(x, size=12, fill_value=fill), padded(values, 12, 9), xp)
    # a float fill for integer x is cast to x's dtype, as jax casts it
    same(static.unique_values(x, size=12, fill_value=9.0), padded(values, 12, 9), xp)


# ---------------------------------------------------------------------------------------------
# errors name the function


def test_errors_name_the_function(xp, backend):
    x = xp.asarray(INPUTS["ints"])
    for fname in ("unique_values", "unique_counts", "unique_inverse", "nonzero"):
        fn = getattr(static, fname)
        with pytest.raises(TypeError, match=rf"^{fname}: size must be a Python int"):
            fn(x, size=True)
        with pytest.raises(TypeError, match=rf"^{fname}: size must be a Python int"):
            fn(x, size=2.0)
        with pytest.raises(ValueError, match=rf"^{fname}: size must be >= 0, got -1"):
            fn(x, size=-1)
        with pytest.raises(TypeError, match=rf"^{fname}: fill_value must be"):
            fn(x, size=2, fill_value=[1])
        with pytest.raises(TypeError, match=rf"^{fname}: expected an array"):
            fn([1, 2], size=2)
    empty = xp.asarray(np.zeros((0,), np.float32))
    with pytest.raises(ValueError, match=r"^unique_counts: x is empty, so there is no smallest"):
        static.unique_counts(empty, size=2)
    with pytest.raises(ValueError, match=r"^nonzero: x must have at least one axis"):
        static.nonzero(xp.asarray(np.asarray(3, np.int32)), size=2)
    with pytest.raises(ValueError, match=r"^nonzero: fill_value has 3 entries for an x of 2"):
        static.nonzero(x, size=2, fill_value=(0, 0, 0))
    mask = xp.asarray(INPUTS["ints"] > 0)
    with pytest.raises(TypeError, match=r"^masked_select: mask must be a boolean array"):
        static.masked_select(x, x, size=2)
    with pytest.raises(ValueError, match=r"^masked_select: mask of shape \(5,\) must have at "
                                         r"least one axis and be the leading shape of x"):
        static.masked_select(x, xp.asarray(np.ones(5, bool)), size=2)
    with pytest.raises(ValueError, match=r"^masked_select: mask of shape \(\)"):
        static.masked_select(x, xp.asarray(np.asarray(True)), size=2)
    with pytest.raises(ValueError, match=r"^masked_select: size must be >= 0"):
        static.masked_select(x, mask, size=-3)
    if backend != "numpy":
        with pytest.raises(TypeError, match=r"^masked_select: x and mask must be arrays of one"):
            static.masked_select(x, INPUTS["ints"] > 0, size=2)


# ---------------------------------------------------------------------------------------------
# compiled, not eager


COMPILED_AS = {"jax": "xla", "tensorflow": "xla", "torch": "inductor"}


def every_function(x, m, fill):
    """All five, in one function to compile (one torch.compile build: seconds on CPU)."""
    v = static.unique_values(x, size=6, fill_value=fill)
    c = static.unique_counts(x, size=6)
    i = static.unique_inverse(x, size=3, fill_value=fill)
    rows, cols = static.nonzero(m, size=9, fill_value=(-1, -2))
    s = static.masked_select(m, m[:, 0] > 0, size=3, fill_value=-7)
    return v, c.values, c.counts, i.values, i.inverse_indices, rows, cols, s


@pytest.mark.backends(*COMPILED_AS, reason="the backends arraykit.ext.jit compiles")
def test_compiled_under_jit_not_eager(xp, backend):
    x = INPUTS["floats-with-nan-and-zeros"]
    m = INPUTS["ints"]
    expected = every_function(np.asarray(x), np.asarray(m), np.float32(-1.0))
    jf = jit(every_function)
    with warnings.catch_warnings():
        # jit warns when it gives up compiling and runs eagerly: here that is a failure
        warnings.simplefilter("error", RuntimeWarning)
        for _ in range(2):  # the second call runs the program the first built
            got = jf(xp.asarray(x), xp.asarray(m), xp.asarray(np.float32(-1.0)))
            assert compilation(jf) == COMPILED_AS[backend] and is_compiled(jf)
            for g, e in zip(got, expected):
                np.testing.assert_array_equal(to_numpy(g), to_numpy(e))
                assert tuple(g.shape) == tuple(e.shape)
    assert jf.trace_count == 1
    # new data, same shapes: the same program, new answers (nothing was baked in)
    m2 = m[::-1].copy()
    got = jf(xp.asarray(x[::-1].copy()), xp.asarray(m2), xp.asarray(np.float32(-1.0)))
    assert jf.trace_count == 1 and compilation(jf) == COMPILED_AS[backend]
    for g, e in zip(got, every_function(x[::-1].copy(), m2, np.float32(-1.0))):
        np.testing.assert_array_equal(to_numpy(g), to_numpy(e))
