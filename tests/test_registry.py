"""register_backend: a library arraykit has never heard of plugs in without editing arraykit."""

import sys
import types

import pytest

import arraykit
from arraykit import _registry


@pytest.fixture
def fakelib():
    """A tiny array library, made up here: module ``fakearrays`` with ``FakeArray``."""
    lib = types.ModuleType("fakearrays")

    class FakeArray:
        def __init__(self, data):
            self.data = list(data)
            self.shape = (len(self.data),)

    FakeArray.__module__ = "fakearrays"
    lib.FakeArray = FakeArray
    namespace = types.ModuleType("fakearrays.array_api")
    namespace.__array_api_version__ = "2025.12"
    namespace.asarray = FakeArray
    namespace.sum = lambda x: sum(x.data)
    lib.array_api = namespace
    sys.modules["fakearrays"] = lib
    sys.modules["fakearrays.array_api"] = namespace
    yield lib
    if "fakelib" in _registry.BY_NAME:
        arraykit.unregister_backend("fakelib")
    del sys.modules["fakearrays"], sys.modules["fakearrays.array_api"]


def test_unknown_library_is_refused_before_registration(fakelib):
    with pytest.raises(TypeError, match=r"got fakearrays\..*FakeArray .*not an array"):
        arraykit.array_namespace(fakelib.FakeArray([1]))


def test_register_backend_by_module_path(fakelib):
    backend = arraykit.register_backend(
        "fakelib", "fakearrays:FakeArray", "fakearrays.array_api",
        constructor="fakearrays:FakeArray",
    )
    assert backend in arraykit.BACKENDS
    x = fakelib.FakeArray([1, 2, 3])
    xp = arraykit.array_namespace(x)
    assert xp is fakelib.array_api
    assert xp.sum(x) == 6
    assert arraykit.is_array_api_obj(x) and arraykit.size(x) == 3
    assert backend.make_array([4]).data == [4]


def test_register_backend_with_module_object_and_subclass(fakelib):
    arraykit.register_backend("fakelib", ["fakearrays:FakeArray"], fakelib.array_api)

    class Sub(fakelib.FakeArray):
        pass

    assert arraykit.array_namespace(Sub([1])) is fakelib.array_api


def test_register_backend_validates_its_arguments(fakelib):
    with pytest.raises(ValueError, match="'module:Class'"):
        arraykit.register_backend("fakelib", "FakeArray", "fakearrays.array_api")
    with pytest.raises(ValueError, match="exists already"):
        arraykit.register_backend("numpy", "fakearrays:FakeArray", "fakearrays.array_api")
    with pytest.raises(TypeError, match="namespace must be"):
        arraykit.register_backend("fakelib", "fakearrays:FakeArray", 42)


def test_unregister_clears_the_cache(fakelib):
    arraykit.register_backend("fakelib", "fakearrays:FakeArray", "fakearrays.array_api")
    x = fakelib.FakeArray([1])
    assert arraykit.array_namespace(x) is fakelib.array_api
    arraykit.unregister_backend("fakelib")
    with pytest.raises(TypeError):
        arraykit.array_namespace(x)


def test_missing_namespace_module_is_not_implemented(fakelib):
    arraykit.register_backend("fakelib", "fakearrays:FakeArray", "fakearrays.no_such_shim")
    with pytest.raises(NotImplementedError, match="no Array API namespace for fakelib arrays yet"):
        arraykit.array_namespace(fakelib.FakeArray([1]))


def test_registry_table_lists_every_target_framework():
    names = [b.name for b in arraykit.BACKENDS]
    for expected in ["numpy", "torch", "jax", "cupy", "dask", "array_api_strict",
                     "tensorflow", "mxnet"]:
        assert expected in names


def test_refusals_yield_to_a_more_specific_backend_class(fakelib, monkeypatch):
    # Like mxnet: the served array class subclasses a legacy class that is refused.
    class Legacy:
        pass

    class Served(Legacy):
        pass

    Legacy.__module__ = Served.__module__ = "fakearrays"
    fakelib.Legacy, fakelib.Served = Legacy, Served
    monkeypatch.setitem(_registry.KNOWN_NON_ARRAYS, "fakearrays:Legacy", "a legacy array")
    arraykit.register_backend("fakelib", "fakearrays:Served", "fakearrays.array_api")
    assert arraykit.array_namespace(Served()) is fakelib.array_api
    with pytest.raises(TypeError, match="got a legacy array"):
        arraykit.array_namespace(Legacy())


@pytest.mark.parametrize("dtype", ["float32", "int32", "bool"])
def test_rows_convert_from_and_to_numpy(backend, dtype):
    """The converters the tests use (tests/frameworks.py: the row's constructor one way, its
    as_numpy the other) keep a NumPy array's dtype and values on every backend installed."""
    import numpy as np
    from frameworks import from_numpy, to_numpy

    a = np.arange(3).astype(dtype)
    x = from_numpy(backend, a)
    assert _registry.BY_NAME[backend].is_array(x)
    got = to_numpy(x)
    assert type(got) is np.ndarray and got.dtype == a.dtype
    np.testing.assert_array_equal(got, a)


def test_torch_row_reads_a_tensor_that_requires_grad():
    from frameworks import require

    torch = require("torch")
    x = torch.ones(2, requires_grad=True) * 2  # .numpy() refuses it: detached first
    assert _registry.BY_NAME["torch"].as_numpy(x).tolist() == [2.0, 2.0]
