"""arraykit.enable / disable / array_objects: one switch for every framework that needs it."""

import pytest

import arraykit


def test_unknown_framework_is_refused():
    with pytest.raises(ValueError, match="'numpy' needs no array-object surface"):
        arraykit.enable("numpy")


def test_nothing_is_enabled_by_default():
    assert arraykit.enabled() == ()


def test_tensorflow_switch_round_trip():
    tf = pytest.importorskip("tensorflow")
    t = tf.constant([[1.0, 2.0]])
    assert not hasattr(t, "__array_namespace__")
    with arraykit.array_objects("tensorflow") as on:
        assert on == ("tensorflow",)
        assert arraykit.enabled() == ("tensorflow",)
        assert t.__array_namespace__() is arraykit.array_namespace(t)
        assert tuple(t.mT.shape) == (2, 1)
    assert arraykit.enabled() == ()
    assert not hasattr(t, "__array_namespace__")


def test_array_objects_keeps_what_was_on_before():
    pytest.importorskip("tensorflow")
    arraykit.enable("tensorflow")
    try:
        with arraykit.array_objects():
            pass
        assert "tensorflow" in arraykit.enabled()
    finally:
        arraykit.disable()
    assert arraykit.enabled() == ()


def test_mxnet_switch_round_trip():
    pytest.importorskip("mxnet")
    from mxnet import np as mnp

    a = mnp.array([1.0, 2.0])
    with arraykit.array_objects("mxnet"):
        assert a.__array_namespace__() is arraykit.array_namespace(a)
    assert arraykit.enabled() == ()


def test_enable_names_a_missing_framework():
    import importlib.util

    for name in ("tensorflow", "mxnet"):
        if importlib.util.find_spec(name) is None:
            with pytest.raises(ModuleNotFoundError, match=f"enable: {name} is not installed"):
                arraykit.enable(name)
