"""Data type functions (astype, can_cast, ...) and dtype arguments."""

from __future__ import annotations

import numpy as np
import pytest
from frameworks import require
from shim_helpers import (
    MX_ONLY,
    SERVED,
    SHIMS,
    held,
    host,
)


@MX_ONLY
@pytest.mark.parametrize("name", ["int16", "uint16", "uint32", "uint64", "complex64",
                                  "complex128"])
def test_unsupported_dtypes_absent_and_raise(xp, name):
    assert name not in xp.__array_namespace_info__().dtypes()
    dt = getattr(xp, name)
    for call in (lambda: xp.zeros(3, dtype=dt), lambda: xp.asarray([1], dtype=dt),
                 lambda: xp.astype(xp.ones(2), dt), lambda: xp.arange(3, dtype=dt)):
        with pytest.raises(TypeError, match=rf"MXNet.*{name}|{name}.*MXNet"):
            call()


@SHIMS
def test_astype_refuses_dtype_name_string(xp):
    x = xp.ones(3)
    with pytest.raises(TypeError, match="astype"):
        xp.astype(x, "float64")
    assert xp.astype(x, xp.float64).dtype == xp.float64


@SHIMS
@pytest.mark.parametrize("pytype", [bool, int, float, complex])
def test_python_types_as_dtype(xp, pytype):
    # NumPy, torch and JAX all take them: bool, then each kind's default (int64, float64,
    # complex128 in NumPy and torch).
    name = np.dtype(pytype).name
    calls = {
        "asarray": lambda: xp.asarray([1, 0], dtype=pytype),
        "zeros": lambda: xp.zeros(2, dtype=pytype),
        "ones": lambda: xp.ones(2, dtype=pytype),
        "full": lambda: xp.full(2, 1, dtype=pytype),
        "zeros_like": lambda: xp.zeros_like(xp.asarray([1, 2]), dtype=pytype),
        "astype": lambda: xp.astype(xp.asarray([1, 0]), pytype),
    }
    if name not in held(xp, [name]):
        for call in calls.values():
            with pytest.raises(TypeError, match=name):
                call()
        return
    for fname, call in calls.items():
        r = call()
        assert r.dtype == getattr(xp, name), fname
        want = {"zeros": [0, 0], "zeros_like": [0, 0], "ones": [1, 1], "full": [1, 1]}.get(
            fname, [1, 0])
        np.testing.assert_array_equal(host(r), np.asarray(want, dtype=pytype))
    if pytype is not bool:
        assert xp.sum(xp.asarray([1, 2]), dtype=pytype).dtype == getattr(xp, name)


@SHIMS
def test_non_dtypes_still_refused(xp):
    for bad in (str, object, list, 1.0):
        with pytest.raises(TypeError):
            xp.zeros(2, dtype=bad)


STANDARD_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                   "uint64", "float32", "float64", "complex64", "complex128"]


def _dtypes(xp):
    return [n for n in STANDARD_DTYPES if getattr(xp, n, None) is not None]


@SERVED
def test_can_cast_matches_array_api_strict_on_every_pair(xp):
    strict = require("array_api_strict")
    wrong = [(a, b, got) for a in _dtypes(xp) for b in _dtypes(xp)
             if (got := xp.can_cast(getattr(xp, a), getattr(xp, b)))
             != strict.can_cast(getattr(strict, a), getattr(strict, b))]
    assert not wrong, f"(from, to, answer) differing from array-api-strict: {wrong}"


@SERVED
@pytest.mark.parametrize(("from_", "to", "expected"), [
    ("int64", "int8", False), ("float64", "float32", False),  # downcasts
    ("bool", "int8", False), ("int8", "float32", False),      # across kinds
    ("int32", "float64", False), ("float32", "int64", False),
    ("int8", "int64", True), ("uint8", "int32", True), ("float32", "float64", True),
    ("int32", "int32", True), ("uint8", "int8", False),
])
def test_can_cast_issue_pairs(xp, from_, to, expected):
    if getattr(xp, from_, None) is None or getattr(xp, to, None) is None:
        pytest.skip(f"no {from_} or {to} in this backend")
    assert xp.can_cast(getattr(xp, from_), getattr(xp, to)) is expected
    # An array as ``from_`` answers as its dtype does (jax without x64 makes float32 of
    # float64, hence x.dtype rather than ``expected``).
    x = xp.zeros(2, dtype=getattr(xp, from_))
    assert xp.can_cast(x, getattr(xp, to)) is xp.can_cast(x.dtype, getattr(xp, to))


@pytest.mark.backends("numpy", reason="NumPy's finfo(float32) fields are numpy.float32 "
                      "scalars; the NumPy shim's finfo converts them")
@pytest.mark.parametrize("name", ["float32", "float64", "complex64", "complex128"])
def test_finfo_fields_are_python_floats_numpy(xp, name):
    info = xp.finfo(getattr(xp, name))
    for field in ("eps", "max", "min", "smallest_normal"):
        assert type(getattr(info, field)) is float, field
    assert type(info.bits) is int
    real = "float32" if name in ("float32", "complex64") else "float64"
    assert info.dtype == np.dtype(real) and isinstance(info.dtype, np.dtype)
    assert info.eps == float(np.finfo(real).eps) and info.max == float(np.finfo(real).max)
    assert xp.finfo(xp.asarray(1, dtype=getattr(xp, name))) is info  # arrays, cached
    assert info.tiny == np.finfo(real).tiny  # NumPy's other attributes stay readable


# --- torch: finfo/iinfo dtype objects, the "shell" dtypes uint16/uint32/uint64 ------------

TORCH_ONLY = pytest.mark.backends(
    "torch", reason="torch's own dtype objects and its uint16/uint32/uint64 'shell' dtypes")


@TORCH_ONLY
def test_finfo_iinfo_report_dtype_objects_torch(xp):
    """As array-api-strict's do: ``dtype`` is the dtype object (torch's own is a string)."""
    strict = require("array_api_strict")
    for name in ("float32", "float64", "complex64", "complex128"):
        got, want = xp.finfo(getattr(xp, name)), strict.finfo(getattr(strict, name))
        assert str(want.dtype).split(".")[-1] == str(got.dtype).split(".")[-1]
        assert got.dtype is {"complex64": xp.float32, "complex128": xp.float64}.get(
            name, getattr(xp, name))
        assert (got.bits, got.eps, got.max, got.min, got.smallest_normal) == (
            want.bits, want.eps, want.max, want.min, want.smallest_normal)
    assert xp.finfo(xp.ones(2)).dtype is xp.float32
    for name in ("int8", "int16", "int32", "int64", "uint8"):
        got, want = xp.iinfo(getattr(xp, name)), strict.iinfo(getattr(strict, name))
        assert got.dtype is getattr(xp, name)
        assert (got.bits, got.max, got.min) == (want.bits, want.max, want.min)


@TORCH_ONLY
@pytest.mark.parametrize("name", ["uint16", "uint32", "uint64"])
def test_shell_dtypes_absent_and_refused_torch(xp, name):
    import torch

    assert name not in xp.__array_namespace_info__().dtypes()
    dt = getattr(torch, name)
    assert getattr(xp, name) is dt  # the name stays, as on MXNet: the standard's namespace
    calls = [
        ("zeros", lambda: xp.zeros(3, dtype=dt)), ("asarray", lambda: xp.asarray([1], dtype=dt)),
        ("astype", lambda: xp.astype(xp.ones(2), dt)), ("arange", lambda: xp.arange(3, dtype=dt)),
        ("full_like", lambda: xp.full_like(xp.ones(2), 1, dtype=dt)),
        ("result_type", lambda: xp.result_type(dt, xp.int8)), ("iinfo", lambda: xp.iinfo(dt)),
        ("asarray", lambda: xp.asarray(np.zeros(2, dtype=name))),
        ("sum", lambda: xp.sum(torch.zeros(2, dtype=dt))),
        ("trace", lambda: xp.linalg.trace(xp.ones((2, 2), dtype=xp.uint8), dtype=dt)),
        ("trace", lambda: xp.linalg.trace(torch.zeros((2, 2), dtype=dt))),
    ]
    for fname, call in calls:
        with pytest.raises(TypeError, match=rf"^{fname}: torch .* {name} .*'shell' dtype"):
            call()
    # The way out: a shell tensor made by torch itself converts to an offered dtype.
    u = torch.zeros(2, dtype=dt)
    assert xp.astype(u, xp.int64).dtype == xp.int64
    assert xp.asarray(u, dtype=xp.int32).dtype == xp.int32


@SHIMS
def test_info_and_result_type_read_dtypes_as_dtype_arguments_do(xp):
    """finfo, iinfo and result_type read a dtype as every ``dtype=`` argument does (Python
    types included, as NumPy: ``np.finfo(float)``, ``np.result_type(int, float)``), and an
    array's dtype alike (TF refused Python types here; the rule is one, in
    ``_common/data_types.py``)."""
    assert xp.finfo(float).dtype == xp.float64 == xp.finfo(xp.float64).dtype
    assert xp.finfo(float).eps == np.finfo(np.float64).eps
    assert xp.iinfo(int).dtype == xp.int64 and xp.iinfo(int).max == 2**63 - 1
    assert xp.result_type(int, xp.int8) == xp.int64
    assert xp.result_type(float, xp.asarray([1.0], dtype=xp.float32)) == xp.float64
    x = xp.asarray([1.0], dtype=xp.float32)
    assert xp.finfo(x).dtype == xp.float32 and xp.iinfo(xp.asarray([1], dtype=xp.int8)).bits == 8
    for bad in (None, "float32", 1.0, object):
        for f in (xp.finfo, xp.iinfo, xp.result_type):
            if f is xp.result_type and bad == 1.0:
                continue  # a Python scalar: result_type's ValueError (no array or dtype)
            with pytest.raises(TypeError):
                f(bad)


@SHIMS
def test_result_type_takes_numpy_float64_scalar_as_python_float(xp):
    """NumPy's float64 scalar is a Python float (a subclass), and the binary functions take it
    as one (tests/shims/test_numpy_scalars.py); so does result_type, on every shim (TF and MLX
    tested ``type(a)`` and refused it)."""
    f = xp.asarray([1.0], dtype=xp.float32)
    assert xp.result_type(f, np.float64(1.5)) == xp.float32 == xp.result_type(f, 1.5)
    assert xp.result_type(xp.float32, np.float64(0.5)) == xp.float32
    assert xp.multiply(f, np.float64(1.5)).dtype == xp.result_type(f, np.float64(1.5))


@SHIMS
def test_astype_can_cast_isdtype_read_dtypes_alike(xp):
    """astype, can_cast and isdtype read a dtype as every ``dtype=`` argument does, on every
    full shim (one rule, ``_common/data_types.py``): Python types and NumPy dtypes name
    standard dtypes; None, a string, a number and an array (where a dtype is expected) are
    TypeErrors. Before: MLX and MXNet cast to float64 for ``astype(x, None)`` (NumPy's reading
    of None), MXNet answered ``can_cast(f32, None)`` and ``isdtype(None, ...)``, TF refused
    NumPy dtypes and ``can_cast(float, ...)``, Paddle and MLX refused ``isdtype(float, ...)``,
    TF's ``isdtype(f32, 3)`` was False."""
    x = xp.asarray([1.0, 2.0], dtype=xp.float32)
    assert xp.astype(x, np.dtype("float64")).dtype == xp.float64
    assert xp.astype(x, np.int32).dtype == xp.int32
    assert xp.can_cast(float, xp.float64) and xp.can_cast(np.dtype("float32"), xp.float64)
    assert xp.isdtype(float, "real floating") and xp.isdtype(xp.float32, np.float32)
    assert not xp.isdtype(xp.float32, int)
    for bad in (None, "float32", 3, 1.5):
        with pytest.raises(TypeError, match="astype"):
            xp.astype(x, bad)
        with pytest.raises(TypeError, match="can_cast"):
            xp.can_cast(bad, xp.float64)
        with pytest.raises(TypeError, match="can_cast"):
            xp.can_cast(xp.float32, bad)
        with pytest.raises(TypeError, match="isdtype"):
            xp.isdtype(bad, "real floating")
        if bad != "float32":  # a string is a kind name: ValueError for an unknown one
            with pytest.raises(TypeError, match="isdtype"):
                xp.isdtype(xp.float32, bad)
    for call in (lambda: xp.can_cast(xp.float32, x), lambda: xp.isdtype(x, "real floating"),
                 lambda: xp.isdtype(xp.float32, x), lambda: xp.isdtype(xp.float32, np.float32(1))):
        with pytest.raises(TypeError):
            call()


@SHIMS
def test_lacked_dtypes_refused_alike_and_answered_by_the_queries(xp):
    """A standard dtype the framework lacks (MXNet: int16, uint16/32/64, complex; MLX:
    complex128; Paddle: uint16/32/64) is refused by astype, as a dtype object, a NumPy dtype or
    a Python type, with one TypeError naming the framework, the function and the dtype; the
    pure queries answer for it (MXNet's can_cast raised where the others answered)."""
    held_names = set(xp.__array_namespace_info__().dtypes())
    x = xp.asarray([1, 2], dtype=xp.int32)
    framework = {"arraykit.shims.mxnet": "MXNet", "arraykit.shims.mlx": "MLX",
                 "arraykit.shims.paddle": "Paddle",
                 "arraykit.shims.tensorflow": "TensorFlow"}[xp.__name__]
    for name in STANDARD_DTYPES:
        dt = getattr(xp, name)
        assert xp.isdtype(dt, "numeric") is (name != "bool")
        assert xp.can_cast(dt, dt) and xp.can_cast(xp.bool, dt) is (name == "bool")
        assert xp.can_cast(x, dt) is (name in ("int32", "int64"))
        if name in held_names:
            assert xp.astype(x, dt).dtype == dt
            continue
        for spelling in (dt, np.dtype(name)) + ((complex,) if name == "complex128" else ()):
            with pytest.raises(TypeError, match=rf"astype: {framework} \S+ has no {name} dtype"):
                xp.astype(x, spelling)


@pytest.mark.backends("tensorflow", "mlx", "paddle", reason="the full shims with a complex dtype "
                      "(MXNet 1.9.1 has none)")
def test_astype_complex_to_bool_refused(xp):
    """Complex to any real kind, bool included, is a TypeError on every shim, as the standard
    asks ("should not be permitted") and array-api-strict does: take real() or compare with
    0 first (TF cast complex to bool as x != 0; MLX and Paddle refused it)."""
    z = xp.asarray([1 + 1j, 0j], dtype=xp.complex64)
    for dt in (xp.bool, xp.float32, xp.int64):
        with pytest.raises(TypeError, match="astype"):
            xp.astype(z, dt)
    assert xp.astype(z, xp.complex64, copy=False) is z


@pytest.mark.backends("numpy", "torch", "jax", "array_api_strict", "tensorflow", "mxnet", "mlx",
                      "paddle", reason="finfo/iinfo of a dtype of another kind: one ValueError "
                      "(torch raised TypeError, NumPy 1.x's iinfo(np.dtype('float16')) an "
                      "AttributeError, the fuzzer's finding)")
def test_info_of_a_dtype_of_another_kind_is_a_value_error(xp):
    for f, dtypes in ((xp.finfo, (xp.int32, xp.bool)), (xp.iinfo, (xp.float32, xp.bool))):
        for dt in dtypes:
            for arg in (dt, xp.zeros(2, dtype=dt)):
                with pytest.raises(ValueError, match="data type"):
                    f(arg)


@SHIMS
def test_finfo_of_a_dtype_asked_before_still_refuses_a_number(xp):
    # finfo keeps each dtype's answer; TF's float32 compares equal to 1.0 and 1 and hashes to
    # 1, so a cache keyed by the argument alone answered finfo(1.0) after finfo(float32).
    for d in (xp.float32, xp.float64):
        assert xp.finfo(d).dtype == d
    for bad in (1.0, 1, 2, True, 0.0):
        with pytest.raises(TypeError):
            xp.finfo(bad)
