"""The full shims' primitives contract (``shims/_common/primitives.py``) and the rules written
once over it (``shims/_common/operands.py``): every full shim provides the contract, uses the
one set of operand helpers, and so answers the rules alike."""

from __future__ import annotations

import importlib
import inspect

import numpy as np
import pytest
from shim_helpers import arr, host

from arraykit.shims._common import dtypes as dtypes_module
from arraykit.shims._common import operands
from arraykit.shims._common.primitives import ShimPrimitives

#: The full shims, by registry name -> shim package.
FULL = {"tensorflow": "tensorflow", "mxnet": "mxnet", "mlx": "mlx", "paddle": "paddle"}
pytestmark = pytest.mark.backends(*FULL, reason="the full shims' own rulebook")

#: Helpers every full shim gets from ``operands`` (one contract each), where it has them.
SHARED_HELPERS = ("require_array", "require_kind", "binary", "binary_arrays", "binary_bcast",
                  "check_broadcast", "broadcast_shapes", "reduced_shape")


def _module(backend, name):
    return importlib.import_module(f"arraykit.shims.{FULL[backend]}.{name}")


def _contract_members():
    """The contract's constants (read-only properties) and its functions."""
    hints = {n: f for n, f in vars(ShimPrimitives).items() if isinstance(f, property)}
    methods = {n: f for n, f in vars(ShimPrimitives).items()
               if inspect.isfunction(f) and not n.startswith("_")}
    return hints, methods


def test_primitives_module_meets_the_contract(backend):
    p = _module(backend, "_primitives")
    assert isinstance(p, ShimPrimitives)
    hints, methods = _contract_members()
    for name in hints:
        assert hasattr(p, name), f"{p.__name__} lacks {name}"
    for name, proto in methods.items():
        impl = getattr(p, name)
        assert callable(impl), name
        want = [q for q in inspect.signature(proto).parameters if q != "self"]
        got = list(inspect.signature(impl).parameters)
        assert got[:len(want)] == want, f"{p.__name__}.{name}{tuple(got)}: contract {want}"
    assert isinstance(p.DTYPE_RULES, operands.DtypeRules)


def test_helpers_come_from_the_one_rulebook(backend):
    """A helper of one of these names is the rulebook's, never a shim's own variant."""
    h = _module(backend, "_helpers" if backend != "tensorflow" else "_base")
    for name in SHARED_HELPERS:
        f = getattr(h, name, None)
        if f is None:
            continue
        assert f.__module__ == operands.__name__, f"{h.__name__}.{name} is the shim's own"
    d = _module(backend, "_dtypes")
    for name in ("check_kind", "promote", "scalar_dtype"):
        f = getattr(d, name, None)
        if f is not None:
            assert f.__module__ == operands.__name__, f"{d.__name__}.{name} is the shim's own"


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32"])
def test_bool_scalar_with_a_number_is_that_number(xp, dtype):
    """As NumPy, torch and JAX: ``x + True`` adds 1 in ``x``'s dtype (the shims disagreed:
    Paddle and MXNet allowed it, TF and MLX refused)."""
    x = arr(xp, [1, 2], dtype)
    r = xp.add(x, True)
    assert str(host(r).dtype) == dtype
    np.testing.assert_array_equal(host(r), np.asarray([2, 3], dtype))
    r = xp.multiply(False, x)
    np.testing.assert_array_equal(host(r), np.asarray([0, 0], dtype))


def test_float_scalar_with_integer_array_is_default_float(xp):
    default = xp.__array_namespace_info__().default_dtypes()["real floating"]
    default = next(n for n in ("float32", "float64") if getattr(xp, n) == default)
    r = xp.multiply(arr(xp, [1, 2], "int32"), 1.5)
    assert str(host(r).dtype) == default
    np.testing.assert_array_equal(host(r), np.asarray([1.5, 3.0], default))


def test_int_scalar_out_of_range_is_overflow(xp):
    with pytest.raises(OverflowError, match="add"):
        xp.add(arr(xp, [1, 2], "int8"), 300)


def test_non_broadcastable_shapes_name_the_function(xp):
    with pytest.raises(ValueError, match="add"):
        xp.add(arr(xp, [1, 2, 3], "float32"), arr(xp, [1, 2], "float32"))


def test_two_scalars_are_refused(xp):
    with pytest.raises(TypeError):
        xp.add(1, 2)


def test_dtype_rules_promote_and_refuse_alike():
    """``DtypeRules`` over a made-up framework: the table, a result the framework lacks, the
    scalar rules, an extra floating dtype, and reading a dtype argument (held, lacked, extra,
    none)."""
    dtypes = {n: np.dtype(n) for n in dtypes_module.ALL}
    rules = operands.DtypeRules("Toy 1", ("bool", "int8", "int32", "float32"), "float32", None,
                                dtypes=dtypes, native_type=np.dtype,
                                extra_floating=frozenset(("float16",)),
                                extra={np.dtype("float16"): "float16"})
    assert rules.dtype_name(np.dtype("int8"), "f") == "int8" == rules.dtype_name(np.int8, "f")
    assert rules.dtype_name(np.dtype("float16"), "f") == "float16"
    for lacked in (np.dtype("float64"), float):  # (Python's float names float64)
        with pytest.raises(TypeError, match=r"f: Toy 1 has no float64 dtype \(it holds bool, "):
            rules.dtype_name(lacked, "f")
    assert rules.standard_name(np.dtype("float64"), "f") == "float64"
    assert rules.standard_name(complex, "f") == "complex128"
    for bad in (None, "int8", 1, np.int8(1), np.dtype("U3")):
        with pytest.raises(TypeError, match=r"^f: "):
            rules.standard_name(bad, "f")
        with pytest.raises(TypeError, match=r"^f: "):
            rules.dtype_name(bad, "f")
    assert rules.promote("int8", "int32", "f") == "int32"
    assert rules.promote("int32", "float32", "f") == "float32"
    assert rules.promote("float16", "float32", "f") == "float32"
    assert rules.promote("int8", "float16", "f") == "float16"
    with pytest.raises(TypeError, match="Toy 1 has no float64"):
        rules.promote("int32", "float64", "f")
    with pytest.raises(TypeError, match="no promotion"):
        rules.promote("bool", "int8", "f")
    assert rules.scalar_dtype(1.5, "int8", "f") == "float32"
    assert rules.scalar_dtype(True, "int8", "f") == "int8"
    assert rules.scalar_dtype(np.float64(1.5), "float32", "f") == "float32"
    assert rules.result_type_scalar(1000, "int8") == "int8"
    with pytest.raises(OverflowError):
        rules.scalar_dtype(1000, "int8", "f")
    with pytest.raises(TypeError, match="Toy 1 has no complex64 dtype"):
        rules.scalar_dtype(1j, "float32", "f")
    with pytest.raises(TypeError):
        rules.scalar_dtype(1, "bool", "f")
    rules.check_kind("float16", "real floating", "f")
    with pytest.raises(TypeError):
        rules.check_kind("int8", "real floating", "f")


def test_reshape_zeros_and_copy(backend):
    """The primitives the sorting and searching rules run over (``_common.sorting``,
    ``_common.searching``, ``_common.clip``). MXNet's run inside its namespace's functions,
    which turn its NumPy shape mode on (0-d and zero-size shapes)."""
    p = _module(backend, "_primitives")

    def check():
        like = p.from_host(np.arange(6.0), "float32", None)
        z = p.zeros((2, 0), "int64", like)
        assert p.name_of(z) == "int64" and tuple(z.shape) == (2, 0)
        assert p.to_host(p.zeros((), "bool", like)).shape == ()
        assert not p.to_host(p.zeros((2, 3), "int32", like)).any()
        r = p.reshape(like, (2, -1))
        np.testing.assert_array_equal(p.to_host(r), np.arange(6.0).reshape(2, 3))
        np.testing.assert_array_equal(p.to_host(p.copy(like)), np.arange(6.0))
        assert list(p.shape_of(r)) == [2, 3] and list(p.shape_of(z)) == [2, 0]
        assert len(p.shape_of(p.zeros((), "int64", like))) == 0

    (_module(backend, "_helpers").np_mode(check) if backend == "mxnet" else check)()


def test_reduction_primitives(backend):
    """The primitives the statistical and utility functions run over
    (``_common.statistics``), against NumPy: each reduction in the input's dtype (NaN through
    max/min, narrow integers kept), the scans, the variance divisor, the neighbour difference
    (bool by ``!=``), ``full`` and ``concat``."""
    p = _module(backend, "_primitives")

    def check():
        a = np.array([[1.5, -2.0, 4.0], [0.5, np.nan, -1.0]], dtype=np.float32)
        x = p.from_host(a, "float32", None)
        for fname in ("sum", "prod", "max", "min", "mean"):
            for axes, keepdims in (((1,), False), ((0, 1), True)):
                got = p.to_host(p.reduce(fname, x, axes, keepdims))
                want = getattr(np, fname)(a, axis=axes, keepdims=keepdims)
                assert got.dtype == np.float32, fname
                np.testing.assert_allclose(got, want, rtol=1e-6, equal_nan=True)
        np.testing.assert_array_equal(p.to_host(p.reduce("sum", x, (), False)), a)
        i8 = np.array([[100, 100, -7]], dtype=np.int8)
        xi = p.from_host(i8, "int8", None)
        r = p.reduce("max", xi, (1,), False)
        assert p.name_of(r) == "int8" and p.to_host(r).tolist() == [100]
        for fname, want in (("all", [[True, True, True]]), ("any", [True])):
            r = p.reduce(fname, xi, () if fname == "all" else (1,), False)
            assert p.name_of(r) == "bool" and p.to_host(r).tolist() == want
        f = a[:, [0, 2]]
        xf = p.from_host(f, "float32", None)
        np.testing.assert_allclose(p.to_host(p.scan("cumulative_sum", xf, 1)), np.cumsum(f, 1))
        np.testing.assert_allclose(p.to_host(p.scan("cumulative_prod", xf, 0)),
                                   np.cumprod(f, 0))
        np.testing.assert_allclose(p.to_host(p.variance(xf, (1,), 1.0, True)),
                                   np.var(f, axis=1, ddof=1, keepdims=True), rtol=1e-6)
        np.testing.assert_array_equal(p.to_host(p.difference(xf, 0)), np.diff(f, axis=0))
        b = np.array([True, True, False])
        got = p.difference(p.from_host(b, "bool", None), 0)
        assert p.name_of(got) == "bool" and p.to_host(got).tolist() == [False, True]
        filled = p.full((2, 0, 1), 7, "int32", x)
        assert p.name_of(filled) == "int32" and tuple(filled.shape) == (2, 0, 1)
        assert p.to_host(p.full((2,), True, "bool", x)).tolist() == [True, True]
        np.testing.assert_array_equal(p.to_host(p.concat([xf, xf], 0)), np.concatenate([f, f]))
        np.testing.assert_allclose(p.to_host(p.sqrt(p.from_host(np.float32([4, 2]), "float32",
                                                                 None))), np.sqrt([4, 2]))

    (_module(backend, "_helpers").np_mode(check) if backend == "mxnet" else check)()
