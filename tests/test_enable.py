"""arraykit.enable / disable / array_objects: one switch for every framework that needs it."""

import subprocess
import sys

import pytest
from frameworks import require

import arraykit


def test_unknown_framework_is_refused():
    with pytest.raises(ValueError, match="'dask' needs no array-object surface"):
        arraykit.enable("dask")


def test_nothing_is_enabled_by_default():
    assert arraykit.enabled() == ()


def test_tensorflow_switch_round_trip():
    tf = require("tensorflow")
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
    require("tensorflow")
    arraykit.enable("tensorflow")
    try:
        with arraykit.array_objects():
            pass
        assert "tensorflow" in arraykit.enabled()
    finally:
        arraykit.disable()
    assert arraykit.enabled() == ()


def test_mxnet_switch_round_trip():
    require("mxnet")
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


def test_disable_leaves_attributes_others_set_after_enable():
    # TF's own numpy behaviour installs ``T``/``size``/``ndim`` on tf.Tensor; switched on after
    # arraykit.enable(), it must survive arraykit.disable(). A global, irreversible TF switch:
    # run it in a fresh process.
    require("tensorflow")
    code = (
        "import arraykit, tensorflow as tf\n"
        "from tensorflow.python.framework import tensor\n"
        "arraykit.enable('tensorflow')\n"
        "tf.experimental.numpy.experimental_enable_numpy_behavior()\n"
        "tf_T, tf_size = tensor.Tensor.__dict__['T'], tensor.Tensor.__dict__['size']\n"
        "arraykit.disable('tensorflow')\n"
        "assert tensor.Tensor.__dict__.get('T') is tf_T, 'T removed'\n"
        "assert tensor.Tensor.__dict__.get('size') is tf_size, 'size removed'\n"
        "t = tf.constant([[1.0, 2.0]])\n"
        "assert tuple(t.T.shape) == (2, 1) and int(t.size) == 2\n"
        "assert not hasattr(t, '__array_namespace__')\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr[-2000:]


def test_disable_restores_only_what_arraykit_installed():
    from arraykit.shims._common.array_object import ClassPatcher

    class A:
        x = "original"

    patcher = ClassPatcher(lambda: {A: {"x": "arraykit", "y": "arraykit"}})
    patcher.enable()
    A.x = "someone else"
    A.y = "someone else"
    patcher.disable()
    assert A.x == "someone else" and A.y == "someone else"
    patcher.enable()
    patcher.disable()
    assert A.x == "someone else" and A.y == "someone else"


def test_torch_switch_round_trip():
    torch = require("torch")
    patched = ("__array_namespace__", "to_device", "__add__", "__radd__", "__floordiv__",
               "__mod__", "__imod__")
    before = {name: torch.Tensor.__dict__.get(name) for name in patched}
    t = torch.ones((2, 1))
    assert not hasattr(t, "__array_namespace__")
    with arraykit.array_objects("torch") as on:
        assert on == ("torch",)
        assert "torch" in arraykit.enabled()
        assert t.__array_namespace__() is arraykit.array_namespace(t)
        with pytest.raises(ValueError, match="__array_namespace__: unsupported"):
            t.__array_namespace__(api_version="2019.01")
        assert t.to_device("cpu").device == t.device
    assert "torch" not in arraykit.enabled()
    assert not hasattr(t, "__array_namespace__") and not hasattr(t, "to_device")
    assert {name: torch.Tensor.__dict__.get(name) for name in patched} == before


def test_torch_operators_follow_the_standard_with_the_switch():
    """With the switch a 0-d tensor promotes by the standard's table (as array-api-strict's
    arrays do: float32 + float64 0-d is float64; torch alone keeps float32) and ``//``, ``%``
    have the standard's special values; without it torch's operators are untouched."""
    import math

    torch = require("torch")
    strict = require("array_api_strict")
    want = (strict.ones(2, dtype=strict.float32) + strict.asarray(1.0, dtype=strict.float64))
    x, s = torch.ones(2), torch.tensor(1.0, dtype=torch.float64)
    inf = torch.tensor([math.inf, -1.0])
    assert (x + s).dtype == torch.float32  # torch's own rule
    with arraykit.array_objects("torch"):
        assert want.dtype == strict.float64
        for r in (x + s, s + x, x * s, s - x, x ** s, x / s):
            assert r.dtype == torch.float64
        assert (x + 1).dtype == torch.float32 and (x + x).dtype == torch.float32
        tenth = (torch.tensor([0.1]), torch.tensor(0.1, dtype=torch.float64))
        want_eq = strict.asarray([0.1], dtype=strict.float32) == strict.asarray(
            0.1, dtype=strict.float64)
        assert (tenth[0] == tenth[1]).tolist() == [bool(want_eq[0])] == [False]
        assert (tenth[0] > tenth[1]).tolist() == [True]
        fd = inf // torch.tensor([2.0, math.inf])
        assert fd[0] == math.inf and fd[1] == 0 and math.copysign(1.0, fd[1]) == -1.0
        r = torch.tensor([0.0]) % -1.0
        assert math.copysign(1.0, float(r[0])) == -1.0
        y = torch.tensor([0.0, 5.0])
        y %= -1.0
        assert math.copysign(1.0, float(y[0])) == -1.0 and y.dtype == torch.float32
        # torch's own constructors still take lists of 0-d tensors (__getitem__ stays torch's).
        assert torch.tensor([s, s]).tolist() == [1.0, 1.0]
        assert torch.asarray([[s, s]]).shape == (1, 2)
    assert (x + s).dtype == torch.float32
    assert (tenth[0] == tenth[1]).tolist() == [True]  # torch's own: compared in float32
    assert (inf // torch.tensor([2.0, math.inf]))[0].isnan()


def test_a_folder_named_after_a_framework_is_not_the_framework(tmp_path, monkeypatch):
    """A bare folder on sys.path (MLX's ``mlx/<version>`` kernel cache in the temp folder) is a
    namespace package to ``find_spec``; only a module with code makes a framework installed."""
    from arraykit import _registry

    (tmp_path / "akfakefw" / "0.29.0").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path))
    row = _registry.Backend("akfakefw", ("akfakefw.core:array",), "akfakefw_ns", served_by="t")
    assert not _registry._module_found.__wrapped__("akfakefw.core")
    assert not _registry._module_found.__wrapped__("akfakefw")
    assert not row.installed()
    (tmp_path / "akfakefw" / "core.py").write_text("")  # now the namespace holds the module
    assert _registry._module_found.__wrapped__("akfakefw.core")
    (tmp_path / "akfakefw2").mkdir()
    (tmp_path / "akfakefw2" / "__init__.py").write_text("")  # a regular package: found
    assert _registry._module_found.__wrapped__("akfakefw2.core")


def test_enable_from_a_folder_holding_framework_named_folders(tmp_path):
    """``enable()`` run where folders named ``mlx/``, ``paddle/``, ... (with a subfolder, as
    MLX's kernel cache) exist switches on the installed frameworks and skips the rest; which
    are installed is decided independently: each row's array class, imported."""
    from arraykit._array_object import ARRAY_OBJECT_SHIMS
    from arraykit._registry import BY_NAME

    for name in ARRAY_OBJECT_SHIMS:
        (tmp_path / BY_NAME[name].package / "0.29.0").mkdir(parents=True, exist_ok=True)
    code = (
        "import importlib, json, arraykit\n"
        "from arraykit._array_object import ARRAY_OBJECT_SHIMS\n"
        "from arraykit._registry import BY_NAME, resolve_class\n"
        "on = arraykit.enable()\n"
        "importable = []\n"
        "for name in ARRAY_OBJECT_SHIMS:\n"
        "    spec = BY_NAME[name].array_classes[0]\n"
        "    try:  # enable() imported the installed ones already (paddle through its importer)\n"
        "        importlib.import_module(spec.partition(':')[0])\n"
        "    except ImportError:\n"
        "        continue\n"
        "    if resolve_class(spec) is not None:  # a bare folder imports, but has no class\n"
        "        importable.append(name)\n"
        "print(json.dumps([list(on), importable]))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    import json

    on, importable = json.loads(r.stdout.strip().splitlines()[-1])
    assert "numpy" in on
    assert on == importable
