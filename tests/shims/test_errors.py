"""Error conventions across sections: the builtin class NumPy raises, a message naming the
function, never a framework error; and the translation that gives the delegated namespaces
(numpy, torch, jax, array-api-strict) these conventions (``arraykit/shims/_common/errors.py``
and each shim's ``_errors.py``)."""

from __future__ import annotations

import re
import sys
import types

import numpy as np
import pytest
from frameworks import require
from shim_helpers import (
    SHIMS,
    host,
)

import arraykit
from arraykit._registry import BY_NAME
from arraykit.shims._common import errors as E

#: Every backend whose namespace keeps the conventions: the two shims arraykit owns and the
#: four namespaces it wraps (dask and cupy are array-api-compat's own, not wrapped).
CONVENTIONS = pytest.mark.backends(
    "numpy", "torch", "jax", "array_api_strict", "tensorflow", "mxnet",
    reason="the namespaces whose errors arraykit translates or writes itself (issue 13)")


def _raises(cls, fname, call):
    """``call()`` raises ``cls`` with a message that starts with the function's name (torch
    writes ``linalg.inv: ...``)."""
    with pytest.raises(cls) as info:
        call()
    assert re.match(rf"((linalg|fft)\.)?{fname}\b", str(info.value)), (
        fname, type(info.value), str(info.value))
    return info.value


@CONVENTIONS
def test_one_class_for_one_bad_call(xp, backend):
    # Without the translation: torch raises RuntimeError (shapes) and NotImplementedError
    # (dtypes), jax TypeError (shapes) and ValueError (axes), NumPy and jax accept a dtype name,
    # array-api-strict raises AttributeError; NumPy's and jax's messages name no function.
    x = xp.ones((2, 3))
    _raises(ValueError, "add", lambda: xp.add(x, xp.ones(4)))
    _raises(ValueError, "matmul", lambda: xp.matmul(x, xp.ones((4, 5))))
    _raises(ValueError, "reshape", lambda: xp.reshape(x, (4,)))
    _raises(ValueError, "concat", lambda: xp.concat([x, xp.ones((2, 4))], axis=0))
    _raises(ValueError, "broadcast_to", lambda: xp.broadcast_to(xp.ones(3), (2, 4)))
    _raises(IndexError, "sum", lambda: xp.sum(x, axis=2))
    _raises(IndexError, "sort", lambda: xp.sort(xp.ones(3), axis=1))
    _raises(IndexError, "take", lambda: xp.take(xp.ones(3), xp.asarray([5])))
    _raises(IndexError, "take_along_axis",
            lambda: xp.take_along_axis(xp.ones(3), xp.asarray([7]), axis=0))
    _raises(TypeError, "bitwise_and", lambda: xp.bitwise_and(x, x))
    _raises(TypeError, "astype", lambda: xp.astype(x, "float64"))
    _raises(TypeError, "zeros", lambda: xp.zeros(3, dtype="float32"))
    _raises(TypeError, "sum", lambda: xp.sum(None))
    _raises(TypeError, "add", lambda: xp.add([1.0, 2.0], [3.0, 4.0]))
    _raises(TypeError, "inv", lambda: xp.linalg.inv(xp.asarray([[1, 2], [3, 4]])))
    _raises(ValueError, "solve", lambda: xp.linalg.solve(xp.eye(2), xp.ones(3)))
    _raises(IndexError, "fftshift", lambda: xp.fft.fftshift(xp.ones(3), axes=1))
    # max/min of nothing: torch raised IndexError, NumPy raises ValueError.
    _raises(ValueError, "max", lambda: xp.max(xp.ones((2, 0)), axis=1))
    _raises(ValueError, "min", lambda: xp.min(xp.ones((0,))))


@pytest.mark.backends("torch", "tensorflow", "mlx", "paddle", "mxnet",
                      reason="the namespaces that refuse bool in argmax/argmin (NumPy and JAX "
                      "answer: the standard names real-valued dtypes only)")
def test_argmax_of_bool_is_a_type_error(xp):
    # torch raised its RuntimeError ("argmax(): does not support bool input"); the shims'
    # rules raise TypeError.
    b = xp.asarray([True, False])
    _raises(TypeError, "argmax", lambda: xp.argmax(b))
    _raises(TypeError, "argmin", lambda: xp.argmin(b))


@pytest.mark.backends("numpy", "torch", "jax", "array_api_strict",
                      reason="the namespaces arraykit wraps (_common.errors)")
def test_translation_keeps_the_framework_error_as_cause(xp, backend):
    # No framework names add in its broadcasting error: the translation adds the name and
    # chains the framework's own exception.
    e = _raises(ValueError, "add", lambda: xp.add(xp.ones((2, 3)), xp.ones(4)))
    assert e.__cause__ is not None and str(e) == f"add: {e.__cause__}"


@pytest.mark.backends("numpy", "torch", "jax", "array_api_strict",
                      reason="the namespaces arraykit wraps (_common.errors)")
def test_wrapped_functions_are_the_frameworks_on_valid_input(xp, backend):
    x = xp.asarray([1.0, 2.0, 3.0])
    for name in ("add", "sum", "concat", "reshape", "matmul", "astype"):
        f = getattr(xp, name)
        assert getattr(f, E._MARK, False) and callable(f.__wrapped__), name
    assert xp.linalg.vecdot is xp.vecdot or xp.linalg.vecdot.__wrapped__ is not xp.vecdot
    assert xp.add(x, 1.0).shape == (3,) and xp.add(2, x).shape == (3,)  # Python scalars
    assert xp.concat((x, x)).shape == (6,) and xp.stack([x, x]).shape == (2, 3)
    assert xp.astype(x, xp.float32).dtype == xp.float32
    assert xp.zeros(2, dtype=xp.int32).dtype == xp.int32
    assert xp.isdtype(xp.float64, "real floating")
    assert xp.reshape(xp.sum(x), (1,)).shape == (1,)  # a reduction's result is an array


def test_numpy_accepts_its_scalars_and_subclasses():
    import arraykit.shims.numpy as xp

    assert xp.add(np.float64(1.0), np.ones(2)).shape == (2,)  # NumPy scalars count as arrays
    assert xp.sin(np.float32(0.0)) == 0.0
    assert xp.sum(np.ma.masked_array([1.0, 2.0])) == 3.0  # an ndarray subclass
    with pytest.raises(TypeError, match=r"^sin: expected a numpy.ndarray, got float"):
        xp.sin(1.0)  # a Python scalar is no array where the standard asks for one


def test_numpy_fft_is_a_module_of_arraykit():
    import array_api_compat.numpy as compat

    import arraykit.shims.numpy as xp

    assert xp.fft.__name__ == "arraykit.shims.numpy.fft" and sys.modules[xp.fft.__name__] is xp.fft
    assert not getattr(compat.fft.fft, E._MARK, False)  # array-api-compat's is untouched
    assert xp.fft.fft.__wrapped__ is compat.fft.fft


def test_jax_bounds_checked_eagerly_not_under_jit():
    jax = require("jax")
    jnp = require("jax.numpy")
    import arraykit.shims.jax as xp

    x, i = jnp.arange(3.0), jnp.asarray([1, 5])
    with pytest.raises(IndexError, match=r"^take: index 5 is out of bounds"):
        xp.take(x, i)
    with pytest.raises(IndexError, match=r"^take_along_axis: index -4"):
        xp.take_along_axis(x, jnp.asarray([-4]), axis=0)
    assert xp.take(x, jnp.asarray([-3, 2])).tolist() == [0.0, 2.0]
    # Traced indices cannot raise on their values: jax's own fill/clamp semantics stay.
    got = jax.jit(xp.take)(x, i)
    assert got.shape == (2,)
    with pytest.raises(TypeError, match=r"^add: expected a jax.Array, got ndarray"):
        xp.add(x, np.ones(3))
    assert float(jax.grad(lambda a: xp.sum(xp.multiply(a, a)))(jnp.asarray(3.0))) == 6.0


# --- the machinery itself, on a made-up framework --------------------------------------------

class _Arr:
    """An array of the made-up framework (a shape and a dtype, as the standard's arrays)."""

    def __init__(self, ndim=1):
        self.ndim = ndim
        self.shape = (3,) * ndim
        self.dtype = np.dtype("float64")


class _KernelError(RuntimeError):
    """The made-up framework's error for everything (as torch's RuntimeError)."""


_RULES = E.Rules(
    translations=((_KernelError, r"size mismatch", ValueError),
                  (_KernelError, r"not implemented for", TypeError)),
    array_types=(_Arr,), is_array=lambda x: isinstance(x, _Arr), expected="an _Arr",
    refuse_dtype_names=True)


def _kernel(message):
    def add(x1, x2, /, **kwargs):
        if message:
            raise _KernelError(message)
        return "result"
    return add


def test_translate_maps_by_class_and_pattern():
    tr = _RULES.compiled()
    e = E.translate(_KernelError("size mismatch: 3 vs 4"), "add", tr)
    assert type(e) is ValueError and str(e) == "add: size mismatch: 3 vs 4"
    assert type(E.translate(_KernelError("'add_cpu' not implemented for 'Bool'"), "add", tr)
                ) is TypeError
    # No rule, not a standard class: passed on unchanged (out of memory, interrupts...).
    assert E.translate(_KernelError("out of memory"), "add", tr) is None
    assert E.translate(MemoryError("x"), "add", tr) is None
    # A standard class keeps its class, and gains the name.
    e = E.translate(IndexError("index 5 is out of bounds"), "take", tr)
    assert type(e) is IndexError and str(e) == "take: index 5 is out of bounds"
    assert E.translate(TypeError("take: bad"), "take", tr) is None  # named already
    # A standard subclass is rebuilt as itself when its class takes a message alone.
    axis_error = getattr(np, "exceptions", np).AxisError  # np.AxisError before NumPy 2
    e = E.translate(axis_error("axis 2 is out of bounds"), "sum", tr)
    assert type(e) is axis_error and str(e) == "sum: axis 2 is out of bounds"
    # Another function's name (a namespace function calling another) counts as named.
    assert E.translate(ValueError("linalg.inv: singular"), "solve", tr) is None
    # A non-array read as one: the shared NON_ARRAY rule.
    e = E.translate(AttributeError("'list' object has no attribute 'dtype'"), "sum", tr)
    assert type(e) is TypeError and str(e).startswith("sum: 'list' object")


def test_wrapper_success_path_is_the_function_itself():
    f = _kernel(None)
    w = E.wrap(f, "add", _RULES)
    assert w.__wrapped__ is f and w.__name__ == "add" and w(_Arr(), _Arr()) == "result"
    assert w(_Arr(), 2.5) == "result"  # a Python scalar operand
    with pytest.raises(TypeError, match=r"^add: expected an _Arr, got list"):
        w([1.0], _Arr())
    with pytest.raises(ValueError, match=r"^add: size mismatch") as info:
        E.wrap(_kernel("size mismatch"), "add", _RULES)(_Arr(), _Arr())
    assert type(info.value.__cause__) is _KernelError
    with pytest.raises(_KernelError, match=r"^device lost$"):  # no rule: unchanged
        E.wrap(_kernel("device lost"), "add", _RULES)(_Arr(), _Arr())


def test_argument_checks_follow_the_standards_signatures():
    def ok(*args, **kwargs):
        return "ok"

    sin, astype = E.wrap(ok, "sin", _RULES), E.wrap(ok, "astype", _RULES)
    concat, zeros = E.wrap(ok, "concat", _RULES), E.wrap(ok, "zeros", _RULES)
    with pytest.raises(TypeError, match=r"^sin: expected an _Arr, got float"):
        sin(1.0)  # sin's x is an array, not array | scalar
    with pytest.raises(TypeError, match=r"^astype: dtype must be a dtype object"):
        astype(_Arr(), "float64")
    with pytest.raises(TypeError, match=r"^zeros: dtype must be a dtype object"):
        zeros(3, dtype="float32")
    with pytest.raises(TypeError, match=r"^concat: expected an _Arr, got list"):
        concat([_Arr(), [1.0]])
    assert astype(_Arr(), object) == zeros(3, dtype=None) == concat((_Arr(), _Arr())) == "ok"
    inv = E.wrap(ok, "inv", E.Rules(floating_input=True), section="linalg")
    with pytest.raises(TypeError, match=r"^inv: dtype int64 is not supported"):
        inv(np.eye(2, dtype=np.int64))
    assert inv(np.eye(2)) == "ok"


def test_install_wraps_once_and_copies_foreign_modules():
    foreign = types.ModuleType("some_library.fft")
    foreign.fft = _kernel(None)
    shared = _kernel(None)
    namespace = {"__name__": "made_up_shim", "add": _kernel(None), "vecdot": shared,
                 "fft": foreign, "float64": float}
    own_linalg = types.ModuleType("made_up_shim.linalg")
    own_linalg.vecdot = shared
    namespace["linalg"] = own_linalg
    try:
        E.install(namespace, _RULES)
        add, fft_module = namespace["add"], namespace["fft"]
        assert getattr(add, E._MARK) and namespace["float64"] is float
        assert foreign.fft is not fft_module.fft and not getattr(foreign.fft, E._MARK, False)
        assert fft_module.__name__ == "made_up_shim.fft" and fft_module.fft.__wrapped__ is \
            foreign.fft
        assert own_linalg.vecdot is namespace["vecdot"]  # one function, one wrapper
        E.install(namespace, _RULES)  # idempotent
        assert namespace["add"] is add
    finally:
        sys.modules.pop("made_up_shim.fft", None)


def test_names_a_function():
    assert E.names_a_function("sum: axis 2", "sum")
    assert E.names_a_function("sum() received an invalid combination", "sum")
    assert E.names_a_function("linalg.inv: Expected a floating point tensor", "inv")
    assert not E.names_a_function("operands could not be broadcast together", "add")
    assert not E.names_a_function("Incompatible shapes for broadcasting: (2,)", "add")
    assert not E.names_a_function("summation failed", "sum")
    assert not E.names_a_function("solve1: Input operand 1 has a mismatch", "solve")


def test_unbuildable_standard_subclass_is_raised_as_it_is():
    class TracerError(TypeError):
        def __init__(self, tracer, context):
            super().__init__(f"abstract tracer {tracer}: {context}")

    exc = TracerError("t", "bool() on a traced value")
    assert E.translate(exc, "nonzero", _RULES.compiled()) is None
    assert re.match("^nonzero: ", str(E.translate(TypeError("x"), "nonzero", ())))


@SHIMS
def test_bad_input_conventions(xp):
    x = xp.ones((2, 3))
    with pytest.raises(IndexError):  # AxisError: both IndexError and ValueError
        xp.sum(x, axis=5)
    with pytest.raises(ValueError, match="sort"):
        xp.sort(x, axis=-3)
    with pytest.raises(IndexError):
        xp.take(xp.arange(3), xp.asarray([10]))
    with pytest.raises(TypeError, match="sin"):
        xp.sin([1.0, 2.0])
    with pytest.raises(TypeError, match="add"):
        xp.add(x, np.ones((2, 3)))
    with pytest.raises(TypeError, match=r"^sum"):
        xp.sum("abc")
    assert xp.argmax(xp.ones((0, 3)), axis=1).shape == (0,)
    assert xp.diff(xp.arange(2), n=3).shape == (0,)


@SHIMS
def test_errors_at_the_call(xp):
    with pytest.raises(ValueError, match="max"):
        xp.max(xp.zeros((0,)))
    with pytest.raises(ValueError, match="reshape"):
        xp.reshape(xp.ones((2, 3)), (4,))
    with pytest.raises(ValueError, match="matmul"):
        xp.matmul(xp.ones((2, 3)), xp.ones((2, 3)))
    with pytest.raises(ValueError, match="broadcast_to"):
        xp.broadcast_to(xp.ones((3,)), (4,))
    with pytest.raises(IndexError):
        xp.sum(xp.ones((2,)), axis=3)
    with pytest.raises(ValueError, match="squeeze"):
        xp.squeeze(xp.ones((2, 3)), axis=0)


def _bad_calls(xp):
    x = xp.asarray([1.0, 2.0, 3.0])
    zero_d = xp.asarray(1.0)
    return {
        "vecdot": [lambda: xp.vecdot(-1, x), lambda: xp.vecdot(x, -1)],
        "tensordot": [lambda: xp.tensordot(x, x, axes={"a": 1}),
                      lambda: xp.tensordot(x, x, axes="ab")],
        "searchsorted": [lambda: xp.searchsorted(x, x, sorter="abc")],
        "roll": [lambda: xp.roll(zero_d, 1, axis=0), lambda: xp.roll(zero_d, (1,), axis=(0,))],
        "cumulative_prod": [lambda: xp.cumulative_prod("abc")],
        "cumulative_sum": [lambda: xp.cumulative_sum("abc")],
    }


_FUNCTIONS = ("vecdot", "tensordot", "searchsorted", "roll", "cumulative_prod", "cumulative_sum")


@pytest.mark.parametrize(("backend_name", "fname"), [
    (b, f) for b in ("numpy", "torch", "jax", "array_api_strict", "tensorflow", "mxnet")
    for f in _FUNCTIONS])
def test_bad_arguments_raise_clean_errors(backend_name, fname):
    # Every namespace: the shims' own functions, and the wrapped ones of numpy, torch, jax and
    # array-api-strict (torch's vecdot(-1, x) raised AttributeError before the translation).
    require(BY_NAME[backend_name].package)
    xp = BY_NAME[backend_name].load_namespace()
    for i, call in enumerate(_bad_calls(xp)[fname]):
        with pytest.raises((TypeError, ValueError, IndexError)) as info:
            call()
        # Not an AttributeError/KeyError/ZeroDivisionError or a framework error in disguise.
        assert type(info.value).__module__ in ("builtins", "arraykit.shims._common.utils",
                                               "numpy.exceptions", "numpy"), (i, info.value)
        assert str(info.value).startswith(fname), (i, str(info.value))


# --- the class by meaning: a mistake the framework words in a way no pattern knows -----------

_DELEGATED = pytest.mark.backends("numpy", "torch", "jax", "array_api_strict",
                                  reason="the namespaces arraykit wraps (_common.errors)")


@_DELEGATED
def test_held_out_mistakes_get_the_class_of_their_meaning(xp, backend):
    # Messages no pattern matched (torch 2.13 RuntimeError, jax TypeError, array-api-strict
    # ValueError for an axis): the class is read from the arguments.
    x = xp.ones((2, 3))
    _raises(ValueError, "matmul", lambda: xp.matmul(xp.ones((2, 3, 4)), xp.ones((2, 5, 6))))
    _raises(ValueError, "concat", lambda: xp.concat([x, xp.ones(3)]))
    _raises(ValueError, "concat", lambda: xp.concat([xp.asarray(1.0), xp.asarray(2.0)]))
    _raises(ValueError, "tensordot",
            lambda: xp.tensordot(x, xp.ones((3, 2)), axes=([0, 1], [1])))
    _raises(ValueError, "permute_dims", lambda: xp.permute_dims(x, (0, 0)))
    _raises(ValueError, "moveaxis", lambda: xp.moveaxis(xp.ones((2, 3, 4)), (0, 0), (1, 2)))
    _raises(ValueError, "sum", lambda: xp.sum(x, axis=(0, 0)))
    _raises(ValueError, "broadcast_to", lambda: xp.broadcast_to(x, (3,)))
    _raises(ValueError, "repeat", lambda: xp.repeat(xp.ones(3), -1))
    _raises(ValueError, "take_along_axis",
            lambda: xp.take_along_axis(x, xp.asarray([0, 1, 0]), axis=0))
    _raises(IndexError, "unstack", lambda: xp.unstack(x, axis=2))
    _raises(IndexError, "take", lambda: xp.take(x, xp.asarray([3]), axis=1))
    _raises(TypeError, "take", lambda: xp.take(xp.ones(3), xp.asarray([True])))


def _reworded(rules, fname, exc, section=""):
    """``fname`` of a framework that raises ``exc`` (a message no pattern knows), wrapped
    with the framework's rules, as a new framework release would word it."""
    def f(*args, **kwargs):
        raise exc
    return E.wrap(f, fname, rules, section)


def _by_meaning(rules, fname, exc, bad, good, expected, section=""):
    """``fname`` raising ``exc`` is ``expected`` (naming the function, ``exc`` as cause) for
    the ``bad`` arguments, and of ``exc``'s own class for the ``good`` ones (no mistake to
    explain it: ``exc`` itself, or a standard class renamed with ``exc`` as cause)."""
    w = _reworded(rules, fname, exc, section)
    with pytest.raises(expected, match=rf"^{fname}: ") as info:
        w(*bad[0], **bad[1])
    assert info.value.__cause__ is exc
    with pytest.raises(type(exc)) as info:
        w(*good[0], **good[1])
    assert type(info.value) is type(exc)
    assert info.value is exc or info.value.__cause__ is exc


def test_torch_reworded_messages_are_translated_by_meaning():
    torch = require("torch")
    from arraykit.shims.torch._errors import RULES

    def t(*shape, dtype=torch.float64):
        return torch.ones(shape, dtype=dtype)

    _by_meaning(RULES, "matmul", RuntimeError("mat1 and mat2 disagree (2x3, 4x5)"),
                ((t(2, 3), t(4, 5)), {}), ((t(2, 3), t(3, 5)), {}), ValueError)
    _by_meaning(RULES, "sum", RuntimeError("dimension 5 is not there"),
                ((t(2, 3),), {"axis": 5}), ((t(2, 3),), {"axis": 1}), IndexError)
    _by_meaning(RULES, "reshape", RuntimeError("shape '[4]' cannot hold 6 elements"),
                ((t(2, 3), (4,)), {}), ((t(2, 3), (6,)), {}), ValueError)
    _by_meaning(RULES, "add", RuntimeError("The sizes 3 and 4 differ at dim 0"),
                ((t(3), t(4)), {}), ((t(3), t(3)), {}), ValueError)
    _by_meaning(RULES, "bitwise_and", NotImplementedError("no kernel for 'Double'"),
                ((t(3), t(3)), {}), ((t(3, dtype=torch.int64), t(3, dtype=torch.int64)), {}),
                TypeError)
    _by_meaning(RULES, "solve", RuntimeError("A is 2 by 3: no inverse"),
                ((t(2, 3), t(2)), {}), ((t(2, 2), t(2)), {}), ValueError, section="linalg")


def test_torch_fuzzer_findings_are_standard_classes():
    """Calls the fuzzer found raising torch's own classes through arraykit (a RuntimeError, an
    AssertionError): the standard's, naming the function."""
    torch = require("torch")
    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))
    x = torch.ones(2)
    cpu_build = [] if torch.backends.cuda.is_built() else [  # CUDA asked of a CPU build
        (lambda: xp.empty_like(x, device="cuda:7"), ValueError),
        (lambda: xp.from_dlpack(x, device="cuda:7", copy=True), ValueError),
        (lambda: xp.fft.fftfreq(4, device=7), ValueError)]
    for call, cls in (
            *cpu_build,
            (lambda: xp.zeros_like(x, device=-1), ValueError),
            (lambda: xp.fft.fftfreq(3, dtype=xp.bool), TypeError),
            (lambda: xp.stack([]), ValueError),
            (lambda: xp.std(torch.ones(3, dtype=torch.float64), correction=1j), TypeError),
            (lambda: xp.can_cast(object, torch.float64), TypeError),  # compat's AttributeError
            (lambda: xp.var(torch.ones(3, dtype=torch.float64), correction=1j), TypeError),
            (lambda: xp.full(2, 2**63), OverflowError),  # past int64: torch's RuntimeError
            (lambda: xp.asarray([2**31, -1], dtype=xp.int32), OverflowError),
            (lambda: xp.asarray(2**63), OverflowError),  # torch's ValueError
            (lambda: xp.linalg.outer(torch.zeros(0, dtype=torch.uint32),
                                     torch.zeros(3, dtype=torch.int8)), TypeError)):
        with pytest.raises(cls):
            call()


def test_jax_reworded_messages_are_translated_by_meaning():
    jnp = require("jax.numpy")
    from arraykit.shims.jax._errors import RULES

    x = jnp.ones((2, 3))
    _by_meaning(RULES, "reshape", TypeError("can't fit 6 elements into (4,)"),
                ((x, (4,)), {}), ((x, (3, 2)), {}), ValueError)
    _by_meaning(RULES, "concat", TypeError("ranks 2 and 1 differ"),
                (([x, jnp.ones(3)],), {}), (([x, x],), {}), ValueError)
    with pytest.raises(IndexError, match=r"^sum: ") as info:  # an AxisError: both classes
        _reworded(RULES, "sum", ValueError("no dimension 4 in a rank-2 array"))(x, axis=4)
    assert isinstance(info.value, ValueError)


def test_numpy_c_guard_hands_the_arguments_to_the_translation():
    # The C success path (a Guard where it is built) passes the call's arguments to the
    # translation, which reads the class from them.
    from arraykit.shims.numpy._errors import RULES

    _by_meaning(RULES, "add", RuntimeError("operand sizes 3 and 4"),
                ((np.ones(3), np.ones(4)), {}), ((np.ones(3), np.ones(3)), {}), ValueError)
    _by_meaning(RULES, "sum", RuntimeError("bad axis"), ((np.ones(3),), {"axis": 2}),
                ((np.ones(3),), {"axis": 0}), IndexError)
    _by_meaning(RULES, "expand_dims", RuntimeError("bad axis"),
                ((np.ones(3),), {"axis": 3}), ((np.ones(3),), {"axis": 1}), IndexError)


def test_diagnose_reads_the_mistake_from_the_arguments():
    from arraykit.shims._common.mistakes import diagnose

    x = np.ones((2, 3))
    assert diagnose("matmul", (x, np.ones((4, 5))), {}) is ValueError
    assert diagnose("matmul", (x, np.ones((3, 5))), {}) is None
    assert diagnose("sum", (x,), {"axis": 2}) is E.AxisError
    assert diagnose("sum", (x,), {"axis": (0, 0)}) is ValueError
    assert diagnose("sum", (x,), {"axis": 1.5}) is TypeError
    assert diagnose("sin", ([1.0],), {}) is TypeError
    assert diagnose("bitwise_and", (x, x), {}) is TypeError
    assert diagnose("squeeze", (x,), {"axis": 0}) is ValueError
    assert diagnose("take", (np.ones(3), np.asarray([3])), {}) is IndexError
    assert diagnose("take", (np.ones(3), np.asarray([2])), {}) is None
    assert diagnose("fft", (np.ones(2, complex),), {"n": 0}) is ValueError
    assert diagnose("add", (x,), {"nonsense": 1}) is TypeError  # no such parameter
    assert diagnose("not_a_standard_function", (x,), {}) is None
    assert diagnose("sum", (object(),), {}) is TypeError  # no array
    assert diagnose("reshape", (x, ("a",)), {}) is TypeError


def test_tensorflow_errors_follow_the_shared_rules():
    tf = require("tensorflow")
    from arraykit.shims.tensorflow._base import translate, wrap_errors

    x = tf.ones((2, 3), tf.float64)
    oom = tf.errors.ResourceExhaustedError(None, None, "OOM when allocating tensor")
    e = translate("matmul", oom, x, x)
    assert type(e) is MemoryError and str(e).startswith("matmul: OOM")
    bad_axis = tf.errors.InvalidArgumentError(None, None, "Invalid reduction dimension 5")
    assert isinstance(translate("sum", bad_axis, x, axis=5), IndexError)
    assert type(translate("sum", bad_axis, x, axis=1)) is ValueError  # a kernel's refusal
    no_kernel = tf.errors.NotFoundError(None, None, "Could not find device for node")
    assert type(translate("sin", no_kernel, x)) is TypeError
    internal = tf.errors.InternalError(None, None, "cuBLAS failed")
    assert translate("matmul", internal, x, tf.transpose(x)) is internal  # no mistake here

    @wrap_errors("reshape")
    def reshape(x, shape):
        raise tf.errors.InvalidArgumentError(None, None, "Input to reshape is a tensor with "
                                             "6 values, but the requested shape has 4")

    with pytest.raises(ValueError, match=r"^reshape: Input to reshape"):
        reshape(x, (4,))


@pytest.mark.parametrize("backend_name", ["numpy", "torch"])
@pytest.mark.parametrize("fname", ["cholesky", "inv", "solve"])
def test_failed_factorisation_is_numpys_linalgerror_on_delegated_namespaces(backend_name, fname):
    # torch raises torch.linalg.LinAlgError, a RuntimeError; every full shim and NumPy raise
    # NumPy's LinAlgError (a ValueError) naming the function.
    framework = require(backend_name)
    m = [[1.0, 2.0], [2.0, 1.0]] if fname == "cholesky" else [[1.0, 2.0], [2.0, 4.0]]
    a = framework.asarray(np.asarray(m))
    xp = arraykit.array_namespace(a)
    args = (a,) if fname != "solve" else (a, framework.asarray(np.ones((2, 1))))
    with pytest.raises(np.linalg.LinAlgError, match=rf"^(torch\.)?(linalg\.)?{fname}"):
        getattr(xp.linalg, fname)(*args)


@pytest.mark.backends(
    "numpy", "torch", "jax", "array_api_strict", "tensorflow", "mxnet", "mlx", "paddle",
    reason="every namespace arraykit writes or wraps")
def test_isdtype_refuses_a_nested_kind_or_dtype(xp):
    # The fuzzer's finding on JAX: jnp.isdtype formats its message with the argument's repr,
    # which recursed through a 5,000-deep list (RecursionError).
    from conformance.fuzz.calls import deep_list

    deep_tuple: tuple = ()
    for _ in range(5000):
        deep_tuple = (deep_tuple,)
    # An array is no dtype either (jnp.isdtype read it as its dtype).
    for args in ((deep_list(5000), 42), (xp.float32, deep_tuple),
                 (xp.float32, deep_list(5000)), (xp.float32, ("real floating", ("integral",))),
                 (xp.zeros(2), "real floating")):
        _raises(TypeError, "isdtype", lambda args=args: xp.isdtype(*args))


@pytest.mark.backends(
    "numpy", "torch", "jax", "array_api_strict", "tensorflow", "mxnet", "mlx", "paddle",
    reason="every namespace arraykit writes or wraps")
def test_python_int_out_of_the_arrays_integer_dtype_never_wraps(xp):
    """torch and jax wrapped a Python int operand into the array's dtype: ``add(int8 [1, 2,
    100], 300)`` was ``[45, 46, -112]``, ``less(int8 [100], 300)`` ``[False]``, ``maximum``
    44; NumPy's ``where(c, int8 x, 300)`` held 44. The shims' OverflowError, or (NumPy 2's
    comparisons) the exact answer; never a wrapped value."""
    a = xp.asarray([1, 2, 100], dtype=xp.int8)
    calls = [lambda v, f=f: getattr(xp, f)(a, v) for f in (
        "add", "subtract", "multiply", "maximum", "minimum", "bitwise_and", "bitwise_or",
        "floor_divide", "remainder")]
    calls += [lambda v: xp.add(v, a), lambda v: xp.where(a > 1, a, v),
              lambda v: xp.where(a > 1, v, a)]
    for v in (300, -129):
        for call in calls:
            with pytest.raises(OverflowError, match=r"^(add|subtract|multiply|maximum|minimum"
                               r"|bitwise_and|bitwise_or|floor_divide|remainder|where): "):
                call(v)
        for f, want in (("less", v > 0), ("greater_equal", v < 0), ("equal", False)):
            try:
                got = getattr(xp, f)(a, v)
            except OverflowError:
                continue
            assert np.asarray(host(got)).tolist() == [want] * 3, (f, v)
    assert np.asarray(host(xp.add(a, 27))).tolist() == [28, 29, 127]
    assert np.asarray(host(xp.where(a > 1, a, -128))).tolist() == [-128, 2, 100]
