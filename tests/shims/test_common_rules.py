"""The rules the TF and MXNet shims share (``arraykit/shims/_common``): one axis rule, one
accumulation dtype rule, one message per argument check. Each test runs on every shim the
environment has (the main env has TF, the mxnet env has MXNet); the cases are the places
where the two shims used to disagree, settled on NumPy's / array-api-strict's behaviour."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from arraykit.shims._common import checks, dtypes, utils
from arraykit.shims._common.utils import AxisError


@pytest.fixture(params=["tensorflow", "mxnet"])
def xp(request):
    pytest.importorskip(request.param)
    return importlib.import_module(f"arraykit.shims.{request.param}")


def _np(a):
    return a.numpy() if hasattr(a, "numpy") else a.asnumpy()


# --- framework-free rules ------------------------------------------------------------------

def test_normalize_axis_rules():
    assert utils.normalize_axis(-1, 3, "f") == 2
    assert utils.normalize_axis(np.int64(1), 3, "f") == 1
    with pytest.raises(AxisError, match="^f: axis 3 is out of bounds"):
        utils.normalize_axis(3, 3, "f")
    with pytest.raises(TypeError, match="^f: axis must be an integer"):
        utils.normalize_axis(True, 3, "f")  # NumPy and array-api-strict refuse bool
    with pytest.raises(TypeError, match="^f: axis must be an integer"):
        utils.normalize_axis(1.0, 3, "f")
    assert issubclass(AxisError, ValueError) and issubclass(AxisError, IndexError)


@pytest.mark.parametrize("name, given, default_uint, expected", [
    ("bool", None, "uint64", "int64"),
    ("int8", None, "uint64", "int64"),
    ("int64", None, "uint64", "int64"),
    ("uint8", None, "uint64", "uint64"),
    ("uint8", None, "int64", "int64"),  # MXNet: no uint64
    ("float32", None, "uint64", "float32"),
    ("int8", "int32", "uint64", "int32"),
])
def test_accumulation_dtype(name, given, default_uint, expected):
    assert dtypes.accumulation_dtype(name, given, "int64", default_uint) == expected


def test_trace_dtype_is_the_accumulation_rule():
    from arraykit.shims._common.linalg import trace_dtype

    for name in dtypes.ALL:
        assert trace_dtype(name, None) == dtypes.accumulation_dtype(name, None)


def test_dtypes_of_kind():
    assert checks.dtypes_of_kind(("bool", "signed integer"), dtypes.ALL, str) == [
        "bool", "int8", "int16", "int32", "int64"]
    with pytest.raises(ValueError, match="^dtypes: unknown kind 'real numeric'"):
        checks.dtypes_of_kind("real numeric", dtypes.ALL, str)


# --- both shims ----------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda xp, x: xp.sum(x, axis=2),
    lambda xp, x: xp.argmax(x, axis=-3),
    lambda xp, x: xp.take(x, xp.asarray([0]), axis=2),
    lambda xp, x: xp.cumulative_sum(x, axis=5),
    lambda xp, x: xp.flip(x, axis=(0, 3)),
])
def test_axis_out_of_range_is_axis_error(xp, call):
    x = xp.ones((2, 3))
    with pytest.raises(AxisError):
        call(xp, x)


def test_axis_bool_is_type_error(xp):
    with pytest.raises(TypeError, match="axis must be an integer"):
        xp.sum(xp.ones((2, 3)), axis=True)


def test_zero_d_axes(xp):
    x = xp.asarray(5)
    for axis in (None, 0, -1):
        assert int(_np(xp.argmax(x, axis=axis))) == 0
    with pytest.raises(AxisError):
        xp.argmax(x, axis=1)
    with pytest.raises(AxisError):
        xp.sum(x, axis=0)  # as numpy.sum: a 0-d array has no axis 0
    r = xp.cumulative_sum(x)  # NumPy and array-api-strict: [5]
    assert _np(r).tolist() == [5]


def test_info_kinds(xp):
    info = xp.__array_namespace_info__()
    assert list(info.dtypes(kind="signed integer")) == [
        n for n in ("int8", "int16", "int32", "int64") if n in info.dtypes()]
    with pytest.raises(ValueError, match="^dtypes: unknown kind"):
        info.dtypes(kind="real numeric")


def test_one_message_per_check(xp):
    with pytest.raises(TypeError, match=r"^sum: expected an? .*, got list \(convert with "
                                        r"asarray first\)$"):
        xp.sum([1, 2])
    with pytest.raises(TypeError, match=r"^std: dtype bool is not supported; "
                                        r"expected real floating$"):
        xp.std(xp.asarray([True]))
    with pytest.raises(TypeError, match=r"^floor: dtype bool is not supported; "
                                        r"expected real numeric$"):
        xp.floor(xp.asarray([True]))
    with pytest.raises(TypeError, match=r"^vecdot: dtype bool is not supported; "
                                        r"expected numeric$"):
        xp.vecdot(xp.asarray([True]), xp.asarray([True]))
    with pytest.raises(ValueError, match=r"^max: reduction over a zero-size axis has no "
                                         r"identity$"):
        xp.max(xp.ones((0, 2)), axis=0)
    with pytest.raises(ValueError, match=r"^argmax: attempt to get argmax of an empty "
                                         r"sequence$"):
        xp.argmax(xp.ones((0,)))
    with pytest.raises(ValueError, match=r"^cumulative_sum: axis is required for arrays of "
                                         r"more than one dimension$"):
        xp.cumulative_sum(xp.ones((2, 2)))
    with pytest.raises(ValueError, match=r"^take: axis is required unless x is 1-D$"):
        xp.take(xp.ones((2, 2)), xp.asarray([0]))
    with pytest.raises(ValueError, match=r"^unstack: x must have at least one dimension$"):
        xp.unstack(xp.asarray(1.0))


def test_accumulation_in_shims(xp):
    assert xp.sum(xp.asarray([True, True])).dtype == xp.int64
    assert xp.cumulative_sum(xp.asarray([1, 2], dtype=xp.int8)).dtype == xp.int64
    u = xp.sum(xp.asarray([1, 2], dtype=xp.uint8)).dtype
    assert u == (xp.uint64 if xp.__name__.endswith("tensorflow") else xp.int64)


def test_result_type_and_scalar_defaults_on_names():
    promote = dtypes.promote_arrays
    assert dtypes.result_type_names(["int8", "int32"], [1.5], promote,
                                    lambda s, n: "float64" if n == "int32" else n) == "float64"
    with pytest.raises(ValueError, match="^result_type: at least one array or dtype"):
        dtypes.result_type_names([], [1], promote, None)
    assert [dtypes.scalar_default_dtype(v, "int64", "float32", None)
            for v in (True, 1, 1.0, 1j, "a")] == ["bool", "int64", "float32", None, None]


def test_result_type_in_shims(xp):
    assert xp.result_type(xp.int8, xp.int32, 1) == xp.int32
    assert xp.result_type(xp.asarray([1], dtype=xp.int32), 1.5) == \
        xp.__array_namespace_info__().default_dtypes()["real floating"]
    with pytest.raises(ValueError, match="^result_type: at least one array or dtype"):
        xp.result_type(1, 2.0)
    assert xp.asarray(True).dtype == xp.bool
    assert xp.full((1,), 2).dtype == xp.int64


def test_python_scalar_rule_messages(xp):
    """One scalar rule (``_common.dtypes.scalar_operand_dtype``), one message each."""
    with pytest.raises(OverflowError, match=r"^add: Python int 300 is out of range for int8$"):
        xp.add(xp.asarray([1], dtype=xp.int8), 300)
    with pytest.raises(TypeError, match=r"^add: Python int scalar cannot be combined with an "
                                        r"array of dtype bool$"):
        xp.add(xp.asarray([True]), 1)
    with pytest.raises(TypeError, match=r"^result_type: Python int scalar cannot be combined "
                                        r"with an array of dtype bool$"):
        xp.result_type(xp.bool, 1)
    assert xp.add(xp.asarray([1], dtype=xp.int8), 1).dtype == xp.int8
