"""The framework-agnostic opt-in mechanism (``arraykit.shims._common.array_object``) and
helpers (``_common.utils``), on plain Python classes."""

from __future__ import annotations

import threading

import pytest

from arraykit.shims._common import utils as U
from arraykit.shims._common.array_object import ClassPatcher, make_operators
from arraykit.shims._common.data_types import is_kind


class Base:
    def __add__(self, other):
        return "orig-add"

    existing = "orig"


class Child(Base):
    pass


def _recorder(name):
    """A stand-in for the namespace function ``name``: returns its name and arguments."""
    return lambda *a: (name, a)


def _fns():
    names = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "pow",
             "matmul", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
             "bitwise_right_shift", "equal", "not_equal", "less", "less_equal", "greater",
             "greater_equal", "negative", "positive", "abs", "bitwise_invert"]
    return {n: _recorder(n) for n in names}


def test_enable_disable_restores_exactly():
    orig_add = Base.__dict__["__add__"]
    ops = make_operators(_fns(), lambda o: isinstance(o, (int, Base)))
    calls = []

    def build():
        calls.append(1)
        return {Base: {**ops, "existing": "new", "fresh": property(lambda s: 42)},
                Child: {"only_child": 1}}

    p = ClassPatcher(build)
    assert not p.enabled
    p.enable()
    p.enable()  # idempotent, built once
    assert calls == [1] and p.enabled
    b = Base()
    assert (b + 1) == ("add", (b, 1))
    assert (1 + b) == ("add", (1, b))
    assert (b - "x" if False else b.__sub__("x")) is NotImplemented
    assert (-b) == ("negative", (b,))
    assert Base.existing == "new" and b.fresh == 42 and Child.only_child == 1
    p.disable()
    p.disable()
    assert Base.__dict__["__add__"] is orig_add and Base.existing == "orig"
    assert "fresh" not in Base.__dict__ and "__radd__" not in Base.__dict__
    assert "only_child" not in Child.__dict__


def test_failed_enable_rolls_back():
    def build():
        return {Base: {"tmp_attr": 1}, int: {"nope": 1}}  # int is immutable

    p = ClassPatcher(build)
    with pytest.raises(TypeError):
        p.enable()
    assert "tmp_attr" not in Base.__dict__ and not p.enabled


def test_thread_safety():
    p = ClassPatcher(lambda: {Base: {"threaded": 1}})
    ts = [threading.Thread(target=p.enable) for _ in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert Base.threaded == 1
    p.disable()
    assert "threaded" not in Base.__dict__


def test_broadcast_shapes_and_axes():
    assert U.broadcast_shapes((2, 1), (1, 3), ()) == (2, 3)
    assert U.broadcast_shapes((None, 1), (1, 4)) == (None, 4)
    assert U.broadcast_shapes() == ()
    with pytest.raises(ValueError, match=r"^broadcast_shapes: shapes \(\(2,\), \(3,\)\) are not"):
        U.broadcast_shapes((2,), (3,))
    assert U.normalize_axes(None, 3, "f") == (0, 1, 2)
    assert U.normalize_axes((-1, 0), 3, "f") == (2, 0)
    with pytest.raises(ValueError, match=r"^f: axis 3 is out of bounds"):
        U.normalize_axis(3, 3, "f")
    with pytest.raises(ValueError, match=r"^f: repeated axis in \(0, 0\)"):
        U.normalize_axes((0, 0), 2, "f")


def test_info_objects_and_kinds():
    fi = U.finfo_for("complex64", "f32")
    assert fi.bits == 32 and fi.dtype == "f32"
    assert U.iinfo_for("uint8", "u8").max == 255
    table = {b"i8": "int8", b"u8": "uint8"}  # dtype objects: bytes here

    def other(_, kind):
        raise TypeError("no dtype")

    assert is_kind("int8", ("real floating", "signed integer"), table, (bytes,), other)
    assert not is_kind("uint8", "signed integer", table, (bytes,), other)
    assert is_kind("uint8", ("bool", b"u8"), table, (bytes,), other)
    with pytest.raises(ValueError, match=r"^isdtype: unknown kind 'nonsense'"):
        is_kind("int8", "nonsense", table, (bytes,), other)
    with pytest.raises(TypeError, match=r"^isdtype: kind must be"):
        is_kind("int8", ("integral", ("bool",)), table, (bytes,), other)
    with pytest.raises(ValueError, match=r"^iinfo: float32 is not an integer data type$"):
        U.iinfo_for("float32", "f32")
    assert U.can_cast_names("int8", "int16") and not U.can_cast_names("int16", "int8")
