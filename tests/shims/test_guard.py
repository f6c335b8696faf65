"""The C success path of the error wrappers (``arraykit/_guard.c``, used by
``arraykit/shims/_common/errors.py``): the same results, exception classes and messages as the
Python wrappers it replaces, and the behaviour of a Python function where callers rely on it
(attributes, ``__wrapped__``, binding as a method, weak references)."""

from __future__ import annotations

import functools
import gc
import importlib.util
import math
import sys
import weakref

import numpy as np
import pytest

from arraykit.shims._common import errors as E
from arraykit.shims.numpy import _errors as numpy_errors

# The extension is optional (pyproject.toml): skip only where it was not built; where it was, a
# failing import is a failure.
if importlib.util.find_spec("arraykit._guard") is None:
    pytest.skip("arraykit._guard (the optional C extension) is not built here",
                allow_module_level=True)
from arraykit._guard import Guard


def _wrappers(name):
    """``np``'s ``name`` wrapped by errors.wrap with numpy's rules, through the Guard and
    through the Python wrappers (Guard switched off)."""
    import array_api_compat.numpy as compat

    f = getattr(compat, name)
    guarded = E.wrap(f, name, numpy_errors.RULES)
    python = E.wrap(f, name, E.Rules(**{**vars(numpy_errors.RULES), "guard": False}))
    return guarded, python


x = np.ones((2, 3))
CALLS = [
    ("add", (x, x), {}), ("add", (x, 1.5), {}), ("add", ([1.0, 2.0], [3.0, 4.0]), {}),
    ("add", (x, np.ones(4)), {}), ("add", (x,), {}), ("sin", (x,), {}), ("sin", ("a",), {}),
    ("sum", (x,), {"axis": 1}), ("sum", (x,), {"axis": 3}), ("sum", (None,), {}),
    ("sum", (x,), {"dtype": "float32"}), ("sum", (x,), {"dtype": np.float32}),
    ("zeros", (3,), {"dtype": "float32"}), ("zeros", ((2,),), {"dtype": np.int8}),
    ("astype", (x, "float64"), {}), ("astype", (x, np.float32), {}),
    ("reshape", (x, (4,)), {}), ("reshape", (x, (3, 2)), {}),
    ("bitwise_and", (x, x), {}), ("matmul", (x, np.ones((4, 5))), {}),
    ("concat", ([x, x],), {}), ("concat", ((x, x),), {"axis": 1}), ("concat", ([],), {}),
    ("concat", ([x, [1.0, 2.0, 3.0]],), {}), ("concat", (x,), {}), ("stack", ([x, x],), {}),
    ("stack", ([x, np.ones(2)],), {}), ("concat", ([x, x],), {"axis": 2}),
    # Three positions (an array, two operands) and *arrays: in C too.
    ("where", (x > 1, x, 0.5), {}), ("where", (x > 1, x, x), {}),
    ("where", ([True, False, True], x, x), {}), ("where", (x > 1, x, "a"), {}),
    ("where", (x > 1, x), {}), ("broadcast_arrays", (x, np.ones(3)), {}),
    ("broadcast_arrays", (x, [1.0, 2.0, 3.0]), {}), ("broadcast_arrays", (), {}),
    ("broadcast_arrays", (x, np.ones(4)), {}), ("meshgrid", (np.ones(2), np.ones(3)), {}),
    ("meshgrid", (np.ones(2), (1, 2)), {}), ("meshgrid", (np.ones(2),), {"indexing": "ij"}),
]


def _outcome(f, args, kwargs):
    try:
        out = f(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the outcome compared is the exception itself
        return type(exc), str(exc)
    return "ok", repr(np.asarray(out)), np.asarray(out).dtype


@pytest.mark.parametrize(("name", "args", "kwargs"), CALLS, ids=lambda v: repr(v)[:30])
def test_guard_behaves_as_the_python_wrapper(name, args, kwargs):
    guarded, python = _wrappers(name)
    assert isinstance(guarded, Guard)
    assert not isinstance(python, Guard)
    assert _outcome(guarded, args, kwargs) == _outcome(python, args, kwargs)


def test_guard_looks_like_the_function():
    guarded, _ = _wrappers("sum")
    assert guarded.__name__ == "sum"
    assert guarded.__wrapped__ is guarded.func
    assert guarded.__doc__ == guarded.func.__doc__
    assert guarded.__arraykit_errors__ is True
    assert "sum" in repr(guarded)


def test_guard_binds_as_a_method_and_is_weakly_referenced():
    guarded, _ = _wrappers("add")

    class Holder:
        plus = guarded

    assert Holder.plus is guarded
    np.testing.assert_array_equal(Holder.plus(x, 1.0), x + 1)  # from the class: unbound
    bound = Holder.__dict__["plus"].__get__(x, type(x))
    np.testing.assert_array_equal(bound(2.0), x + 2)
    ref = weakref.ref(guarded)
    assert ref() is guarded
    del guarded, Holder, bound
    gc.collect()
    assert ref() is None


def test_guard_paths():
    calls = []

    def func(*args, **kwargs):
        calls.append(("func", args, kwargs))
        if args and args[0] == "boom":
            raise ValueError("boom")
        if args and args[0] == "stop":
            raise KeyboardInterrupt
        return "f"

    def slow(*args, **kwargs):
        calls.append(("slow", args, kwargs))
        return "s"

    def on_error(exc, args, kwargs):  # the call's arguments: the class is read from them
        calls.append(("on_error", args, kwargs))
        raise TypeError(f"translated {exc}") from exc

    g = Guard(func, slow, on_error, ((int,), (int, float)), dtype_pos=2, dtype_kw=True)
    assert g(1, 2.0) == "f"
    assert g(1, 2.0, dtype=int) == "f"
    assert g(1, "2") == "s"          # type outside the fast set at position 1
    assert g(1) == "s"               # fewer arguments than checked positions
    assert g(1, 2, "int8") == "s"    # a dtype name at dtype_pos
    assert g(1, 2, dtype="int8") == "s"
    assert g(True, 2) == "s"         # exact types only: bool is not int
    with pytest.raises(TypeError, match="translated boom") as info:
        Guard(func, slow, on_error)("boom", 3, axis=1)
    assert isinstance(info.value.__cause__, ValueError)
    assert calls[-1] == ("on_error", ("boom", 3), {"axis": 1})
    with pytest.raises(KeyboardInterrupt):  # not an Exception: never translated
        Guard(func, slow, on_error)("stop")
    with pytest.raises(TypeError, match="callable"):
        Guard(func, None, on_error)
    with pytest.raises(TypeError, match="tuples"):
        Guard(func, slow, on_error, ((int,), int))
    with pytest.raises(TypeError, match="seq must name"):
        Guard(func, slow, on_error, ((int,), None), seq=1)


def test_guard_refuses_a_dtype_on_the_slow_path():
    # take's bool indices: the one argument whose dtype sends the call to the Python checks.
    def func(*args):
        return "f"

    def slow(*args):
        return "s"

    def on_error(exc, args, kwargs):
        raise exc

    refuse = (np.dtype(bool),)
    g = Guard(func, slow, on_error, ((np.ndarray,), (np.ndarray,)), refuse_pos=1,
              refuse=refuse)
    x = np.ones(3)
    assert g(x, np.asarray([0, 1])) == "f"
    assert g(x, np.asarray([True])) == "s"
    assert g(x, 1) == "s"  # no dtype to read: the Python path decides
    with pytest.raises(TypeError, match="refuse"):
        Guard(func, slow, on_error, refuse_pos=1)
    import arraykit.shims.numpy as xp

    assert type(xp.take) is Guard  # still called from C
    with pytest.raises(TypeError, match=r"^take: indices must have an integer dtype"):
        xp.take(x, np.asarray([True]))


def test_guard_allows_only_listed_dtypes_and_floating_linalg_stays_in_c():
    # linalg.inv's floating input: the listed dtypes are called from C, any other dtype (an
    # integer matrix NumPy and jax would promote) takes the Python check, which refuses it.
    def func(*args):
        return "f"

    def slow(*args):
        return "s"

    def on_error(exc, args, kwargs):
        raise exc

    floats = (np.dtype(np.float32), np.dtype(np.float64))
    g = Guard(func, slow, on_error, ((np.ndarray,),), refuse_pos=0, refuse=floats,
              allow_only=True)
    assert g(np.ones(2)) == "f" and g(np.ones(2, np.float32)) == "f"
    assert g(np.ones(2, np.int64)) == "s" and g(np.ones(2, ">f8")) == "s"
    import arraykit.shims.numpy as xp

    a = np.asarray([[2.0, 1.0], [1.0, 3.0]])
    for f in (xp.linalg.inv, xp.linalg.det, xp.linalg.cholesky):
        assert type(f) is Guard, f  # no Python frame on the success path
    np.testing.assert_array_equal(xp.linalg.inv(a), np.linalg.inv(a))
    np.testing.assert_array_equal(xp.linalg.inv(a.astype(">f8")), np.linalg.inv(a))
    for bad in (a.astype(np.int64), a.astype(">i8"), a.astype(bool)):
        with pytest.raises(TypeError, match=r"^inv: dtype .* expected a floating-point"):
            xp.linalg.inv(bad)
    with pytest.raises(np.linalg.LinAlgError, match=r"^inv: ") as e:
        xp.linalg.inv(np.zeros((2, 2)))  # singular: NumPy's error, a ValueError on NumPy 1.x too
    assert isinstance(e.value, ValueError)


def test_guard_with_functools_partial_and_wraps():
    guarded, _ = _wrappers("multiply")
    p = functools.partial(guarded, 2.0)
    np.testing.assert_array_equal(p(x), 2 * x)


_A, _L = np.ones(2), [1.0]
FAST_TESTS = [
    E._FastTest(),
    E._FastTest(ok=(frozenset({np.ndarray}),)),
    E._FastTest(ok=(frozenset({np.ndarray}), frozenset({np.ndarray, int, float}))),
    E._FastTest(ok=(frozenset({np.ndarray}), None, frozenset({np.ndarray}))),
    E._FastTest(ok=(frozenset({np.ndarray}),), seq=0),
    E._FastTest(each=frozenset({np.ndarray})),
    E._FastTest(ok=(frozenset({np.ndarray}),), dtype_pos=1),
    E._FastTest(dtype_kw=True),
]
ARGS = [((), {}), ((_A,), {}), ((_A, _A), {}), ((_A, 2), {}), ((_A, 2.5, _A), {}),
        ((_A, "x", _A), {}), ((_A, _A, _L), {}), ((_L,), {}), (([_A, _A],), {}),
        (((_A,),), {}), (([],), {}), (([_A, _L],), {}), ((_A, "float32"), {}),
        ((_A,), {"dtype": "float32"}), ((_A,), {"dtype": np.float32}), ((True, _A), {}),
        ((_A, True), {})]


@pytest.mark.parametrize("test", FAST_TESTS, ids=repr)
def test_the_fast_test_is_the_same_in_c_and_in_python(test):
    # The C path and the Python path decide alike which calls skip the full check.
    g = E.guarded(lambda *a, **k: "f", "f", (), lambda *a, **k: "s", test)
    failed = []
    check = test.guarding(lambda args, kwargs: failed.append((args, kwargs)))
    for args, kwargs in ARGS:
        check(args, kwargs)
        in_python = not failed or failed.pop() != (args, kwargs)
        assert (g(*args, **kwargs) == "f") == in_python, (args, kwargs)


@pytest.mark.parametrize("name", ["where", "broadcast_arrays", "meshgrid", "concat", "add",
                                  "astype", "zeros"])
def test_every_checked_function_takes_one_of_two_paths(name):
    import array_api_compat.numpy as compat

    f = getattr(compat, name)
    guarded = E.wrap(f, name, numpy_errors.RULES)
    python = E.wrap(f, name, E.Rules(**{**vars(numpy_errors.RULES), "guard": False}))
    assert type(guarded) is Guard  # no Python frame on the success path
    assert python.__code__ is E.translating(f, name, ()).__code__  # the one Python path


def test_same_dtype_and_min_ndim_route_to_the_python_path():
    """``same_dtype``: the first two arguments' dtype objects must be one object;
    ``min_ndim``: every tested argument must have that many axes; any other call (and an
    argument without dtype or ndim) goes to the Python path, whole."""
    calls = []

    def slow(*args, **kwargs):
        calls.append(args)
        return "slow"

    def on_error(exc, args, kwargs):
        raise ValueError("translated") from exc

    ok = ((np.ndarray,), (np.ndarray,))
    same = Guard(lambda a, b: "fast", slow, on_error, ok, same_dtype=True)
    f32, f64 = np.ones(2, np.float32), np.ones(2)
    assert same(f32, f32) == "fast" and same(f64, np.zeros(3)) == "fast"
    assert same(f32, f64) == "slow" and len(calls) == 1
    ranked = Guard(lambda a, b: "fast", slow, on_error, ok, min_ndim=1)
    assert ranked(f32, f64) == "fast"
    assert ranked(np.ones(()), f64) == "slow" and ranked(f64, np.ones(())) == "slow"
    matrices = Guard(lambda a: "fast", slow, on_error, ((np.ndarray,),), min_ndim=2)
    assert matrices(np.ones((2, 2))) == "fast" and matrices(f64) == "slow"

    class NoAttrs:
        pass

    loose = Guard(lambda a, b: "fast", slow, on_error, ((NoAttrs,), (NoAttrs,)),
                  same_dtype=True, min_ndim=1)
    assert loose(NoAttrs(), NoAttrs()) == "slow"  # no dtype, no ndim: never from C


def test_fallback_gives_a_refused_call_to_the_python_path():
    """``fallback``: an Exception from the function sends the call, whole, to the Python path
    (which gives the general result or raises the standard exception), not to ``on_error``;
    nothing is read from the arguments to route it. torch's matmul: two dtypes (which
    torch.matmul refuses, and array-api-compat promotes) take compat's promotion; shape and
    dtype errors stay the standard's classes and messages."""
    calls = []

    def native(a, b):
        if a.dtype != b.dtype:
            raise RuntimeError("expected one dtype")
        return "fast"

    def slow(*args, **kwargs):
        calls.append((args, kwargs))
        if args[0].shape != args[1].shape:
            raise ValueError("translated")
        return "slow"

    def on_error(exc, args, kwargs):
        raise AssertionError("on_error is not called with fallback")

    ok = ((np.ndarray,), (np.ndarray,))
    guard = Guard(native, slow, on_error, ok, fallback=True)
    f32, f64 = np.ones(2, np.float32), np.ones(2)
    assert guard(f32, f32) == "fast" and calls == []
    assert guard(f32, f64) == "slow" and calls == [((f32, f64), {})]
    with pytest.raises(ValueError, match="translated"):
        guard(f64, np.ones(3, np.float32))
    with pytest.raises(KeyboardInterrupt):  # only an Exception falls back
        Guard(lambda a, b: (_ for _ in ()).throw(KeyboardInterrupt), slow, on_error, ok,
              fallback=True)(f32, f64)

    from frameworks import require

    torch = require("torch")
    import array_api_compat.torch as compat

    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))
    m32, m64 = torch.ones((2, 2)), torch.ones((2, 2), dtype=torch.float64)
    assert xp.matmul(m32, m64).dtype == compat.matmul(m32, m64).dtype == torch.float64
    assert torch.equal(xp.matmul(torch.ones(3, dtype=torch.int32), torch.ones(3)),
                       compat.matmul(torch.ones(3, dtype=torch.int32), torch.ones(3)))
    for a, b, cls in ((torch.ones(2, 3), torch.ones(2, 3), ValueError),
                      (torch.ones(()), torch.ones(3), ValueError),
                      (torch.ones((2, 2), dtype=torch.bool),) * 2 + (TypeError,)):
        with pytest.raises(cls, match=r"^matmul: "):
            xp.matmul(a, b)


def test_ndim_and_dtype_reads_follow_a_changed_class():
    """The Guard reads ndim/dtype through the getset descriptor's C getter, found once per
    exact type: a class whose attribute is replaced afterwards (a new version tag) is read
    anew, and a class without such a descriptor is read by the generic look-up."""
    def slow(*args, **kwargs):
        return "slow"

    def on_error(exc, args, kwargs):
        raise ValueError("translated") from exc

    class Arr:
        def __init__(self, ndim, dtype):
            self._ndim, self._dtype = ndim, dtype

        ndim = property(lambda self: self._ndim)
        dtype = property(lambda self: self._dtype)

    ranked = Guard(lambda a: "fast", slow, on_error, ((Arr,),), min_ndim=1)
    same = Guard(lambda a, b: "fast", slow, on_error, ((Arr,), (Arr,)), same_dtype=True)
    assert ranked(Arr(1, "f")) == "fast" and ranked(Arr(0, "f")) == "slow"
    assert same(Arr(1, "f"), Arr(1, "f")) == "fast" and same(Arr(1, "f"), Arr(1, "g")) == "slow"

    class Sub(np.ndarray):
        pass

    matrices = Guard(lambda a: "fast", slow, on_error, ((Sub,),), min_ndim=2)
    m = np.ones((2, 2)).view(Sub)
    assert matrices(m) == "fast" and matrices(np.ones(2).view(Sub)) == "slow"
    Sub.ndim = property(lambda self: 1)  # a new version tag: the cached getter is dropped
    try:
        assert matrices(m) == "slow"
    finally:
        del Sub.ndim
    assert matrices(m) == "fast"


def test_max_ndim_and_exact_route_to_the_python_path():
    """``max_ndim``: every tested argument has at most that many axes; ``exact``: the call
    has exactly the tested positional arguments and no keyword (the framework's function
    stands in for a wrapper of a narrower signature); any other call takes the Python path."""
    def slow(*args, **kwargs):
        return "slow"

    def on_error(exc, args, kwargs):
        raise ValueError("translated") from exc

    def fast(*args, **kwargs):
        return "fast"

    vectors = Guard(fast, slow, on_error, ((np.ndarray,),), max_ndim=1)
    assert vectors(np.ones(2)) == "fast" and vectors(np.ones(())) == "fast"
    assert vectors(np.ones((2, 2))) == "slow"
    band = Guard(fast, slow, on_error, ((np.ndarray,),), min_ndim=1, max_ndim=2)
    assert [band(np.ones((1,) * n)) for n in range(4)] == ["slow", "fast", "fast", "slow"]
    exact = Guard(fast, slow, on_error, ((np.ndarray,), None), exact=True)
    x = np.ones(2)
    assert exact(x, "anything") == "fast"
    assert exact(x) == "slow" and exact(x, 1, 2) == "slow"
    assert exact(x, 1, axis=0) == "slow" and exact(x, axis=0) == "slow"
    creation = Guard(fast, slow, on_error, ((tuple, int),), exact=True)
    assert creation((2,)) == "fast" and creation(2) == "fast" and creation([2]) == "slow"


def test_rank_from_shape_reads_the_length_of_the_shape():
    """``rank_from="shape"``: min_ndim/max_ndim read ``len(x.shape)`` (Paddle's ``ndim`` is a
    Python property, its ``shape`` a C getter); a shape that is no list or tuple, or an
    object without one, takes the Python path; any other name is refused."""
    def slow(*args, **kwargs):
        return "slow"

    def on_error(exc, args, kwargs):
        raise ValueError("translated") from exc

    class ByShape:  # ndim is wrong on purpose: the Guard must not read it
        ndim = 5

        def __init__(self, shape):
            self.shape = shape

    band = Guard(lambda a: "fast", slow, on_error, ((ByShape,),), min_ndim=1, max_ndim=2,
                 rank_from="shape")
    assert [band(ByShape([1] * n)) for n in range(4)] == ["slow", "fast", "fast", "slow"]
    assert band(ByShape((3, 4))) == "fast" and band(ByShape(2)) == "slow"
    assert band(ByShape("ab")) == "slow"  # a str has a length but is no shape
    by_ndim = Guard(lambda a: "fast", slow, on_error, ((ByShape,),), max_ndim=2)
    assert by_ndim(ByShape([1])) == "slow"  # the default reads ndim (5 here)
    with pytest.raises(ValueError, match="rank_from"):
        Guard(lambda a: "fast", slow, on_error, ((ByShape,),), min_ndim=1, rank_from="size")


def test_rank_from_strides_reads_the_length_of_the_strides():
    """``rank_from="strides"``: min_ndim/max_ndim read ``len(x.strides)`` (Paddle's strides,
    a C getter cheaper than its shape's); neither ndim nor shape is read, and strides that
    are no list or tuple, or an object without them, take the Python path."""
    def slow(*args, **kwargs):
        return "slow"

    def on_error(exc, args, kwargs):
        raise ValueError("translated") from exc

    class ByStrides:  # ndim and shape are wrong on purpose: the Guard must not read them
        ndim = 5
        shape = (1, 1, 1, 1, 1)

        def __init__(self, strides):
            self.strides = strides

    band = Guard(lambda a: "fast", slow, on_error, ((ByStrides,),), min_ndim=1, max_ndim=2,
                 rank_from="strides")
    assert [band(ByStrides([1] * n)) for n in range(4)] == ["slow", "fast", "fast", "slow"]
    assert band(ByStrides((3, 1))) == "fast" and band(ByStrides(2)) == "slow"
    assert band(ByStrides("ab")) == "slow"
    bare = ByStrides([1])
    del bare.strides
    assert band(bare) == "slow"


def test_dtype_from_aval_reads_the_dtype_of_the_aval():
    """``dtype_from="aval"``: the dtype tests (refuse_pos, same_dtype) read ``x.aval.dtype``
    (jax's ``Array.dtype`` is a Python property returning that object, ``aval`` a C++ one);
    an object without an aval, or an aval without a dtype, takes the Python path; a property
    or slot read twice gives each object's own value; any other name is refused."""
    def slow(*args, **kwargs):
        return "slow"

    def on_error(exc, args, kwargs):
        raise ValueError("translated") from exc

    f32, i64 = np.dtype("float32"), np.dtype("int64")

    class Aval:
        __slots__ = ("dtype",)

        def __init__(self, dtype):
            self.dtype = dtype

    class ByAval:  # dtype is wrong on purpose: the Guard must not read it
        dtype = i64

        def __init__(self, dtype):
            self._aval = Aval(dtype) if dtype is not None else object()

        @property
        def aval(self):
            return self._aval

    floats = Guard(lambda a: "fast", slow, on_error, ((ByAval,),), refuse_pos=0,
                   refuse=(f32,), allow_only=True, dtype_from="aval")
    assert [floats(ByAval(d)) for d in (f32, i64, f32, None)] == ["fast", "slow", "fast", "slow"]
    same = Guard(lambda a, b: "fast", slow, on_error, ((ByAval,), (ByAval,)), same_dtype=True,
                 dtype_from="aval")
    assert same(ByAval(f32), ByAval(f32)) == "fast" and same(ByAval(f32), ByAval(i64)) == "slow"
    by_dtype = Guard(lambda a: "fast", slow, on_error, ((ByAval,),), refuse_pos=0,
                     refuse=(f32,), allow_only=True)
    assert by_dtype(ByAval(f32)) == "slow"  # the default reads dtype (int64 here)
    with pytest.raises(ValueError, match="dtype_from"):
        Guard(lambda a: "fast", slow, on_error, ((ByAval,),), refuse_pos=0, refuse=(f32,),
              dtype_from="type")


def test_exact_with_kw_takes_a_prefix_of_the_listed_keywords():
    """``kw`` with ``exact``: a call may also name the first k of ``kw``'s keywords, in that
    order, each value of one of its exact types (torch's ``sum(x, axis=0)``); keepdims alone,
    another order, another name, a bool or NumPy int axis take the Python path."""
    seen = []

    def slow(*args, **kwargs):
        return "slow"

    def on_error(exc, args, kwargs):
        seen.append((args, kwargs))
        raise ValueError("translated") from exc

    def fast(*args, **kwargs):
        if kwargs.get("axis") == 9:
            raise IndexError("out of range")
        return "fast"

    g = Guard(fast, slow, on_error, ((np.ndarray,),), exact=True,
              kw=(("axis", (int,)), ("keepdims", (bool,))))
    x = np.ones(2)
    assert g(x) == "fast" and g(x, axis=0) == "fast" and g(x, axis=-1, keepdims=True) == "fast"
    assert g(x, keepdims=True) == "slow" and g(x, keepdims=False, axis=0) == "slow"
    assert g(x, axis=True) == "slow" and g(x, axis=np.int64(0)) == "slow"
    assert g(x, axis=(0,)) == "slow" and g(x, axis=None) == "slow"
    assert g(x, axis=0, keepdims=1) == "slow" and g(x, dtype=None) == "slow"
    assert g(x, axis=0, keepdims=True, dtype=None) == "slow" and g(x, 0) == "slow"
    assert g(x, **{"".join(["ax", "is"]): 0}) == "fast"  # a name not interned
    with pytest.raises(ValueError, match="translated"):
        g(x, axis=9)
    assert seen[-1] == ((x,), {"axis": 9})
    with pytest.raises(TypeError, match="goes with exact"):
        Guard(fast, slow, on_error, ((np.ndarray,),), kw=(("axis", (int,)),))
    with pytest.raises(TypeError, match="pairs"):
        Guard(fast, slow, on_error, ((np.ndarray,),), exact=True, kw=(("axis", int),))


def test_torch_reductions_take_an_int_axis_in_c():
    """torch's sum/prod/mean/max/min with an int ``axis=`` (and ``keepdims=``) are torch's own
    call from C, not the Python path, with its values, dtypes and exception classes."""
    from frameworks import require

    torch = require("torch")
    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))

    def python_frames(f, *args, **kwargs):
        frames = []
        sys.setprofile(lambda frame, event, arg: frames.append(frame.f_code.co_name)
                       if event == "call" else None)
        try:
            f(*args, **kwargs)
        finally:
            sys.setprofile(None)
        return frames

    for name in ("sum", "prod", "mean", "max", "min"):
        g = getattr(xp, name)
        x = torch.arange(12.0).reshape(3, 4) - 5.0
        slow = g._slow
        for kwargs in ({"axis": 0}, {"axis": -1, "keepdims": True}, {"axis": 1,
                                                                       "keepdims": False}):
            assert torch.equal(g(x, **kwargs), slow(x, **kwargs)), (name, kwargs)
        for bad in ({"axis": 2}, {"axis": -3}):
            with pytest.raises(IndexError):
                g(x, **bad)
            with pytest.raises(IndexError):
                slow(x, **bad)
        assert python_frames(g, x, axis=0) == [], name
        assert python_frames(g, x, axis=1, keepdims=True) == [], name
        assert python_frames(g, x, keepdims=True) != [], name  # the Python path
    i = torch.arange(6, dtype=torch.int32).reshape(2, 3)
    assert xp.sum(i, axis=0).dtype == xp.sum._slow(i, axis=0).dtype == torch.int64
    assert torch.equal(xp.sum(torch.tensor(3.0), axis=0), torch.tensor(3.0))
    assert xp.sum(i, keepdims=True).shape == (1, 1)  # compat's axis=None rule


def test_torch_sign_flip_squeeze_arange_are_compats_results_without_its_code():
    """torch's sign (real), flip, squeeze (an int axis) and arange(n) give array-api-compat's
    values, dtypes, shapes and exception classes without running compat's Python (sign's
    indexed assignment, flip's axes tuple, squeeze's axis loop, arange's range test); the
    Python sum with an int axis calls torch.sum itself (the module's own ``int`` is
    ``torch.int``, so its test never held)."""
    from frameworks import require

    torch = require("torch")
    import array_api_compat.torch as compat

    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))

    def compat_frames(f, *args, **kwargs):
        frames = []
        sys.setprofile(lambda frame, event, arg: frames.append(frame.f_code.co_name)
                       if event == "call" and "array_api_compat" in frame.f_code.co_filename
                       else None)
        try:
            f(*args, **kwargs)
        finally:
            sys.setprofile(None)
        return frames

    def outcome(f, *args, **kwargs):
        try:
            return f(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the class is compared
            return type(exc)

    def agree(name, *args, **kwargs):
        ours, theirs = outcome(getattr(xp, name), *args, **kwargs), outcome(
            getattr(compat, name), *args, **kwargs)
        if isinstance(theirs, type):
            assert isinstance(ours, type), (name, args, kwargs, ours)
            return
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, (name, args, kwargs)
        assert torch.equal(ours.isnan(), theirs.isnan()) if ours.is_floating_point() else True
        mask = ~ours.isnan() if ours.is_floating_point() else torch.ones_like(ours, dtype=bool)
        assert torch.equal(ours[mask], theirs[mask]), (name, args, kwargs)
        if ours.is_floating_point():
            assert torch.equal(ours.signbit(), theirs.signbit()), (name, args, kwargs)

    special = [float("nan"), -float("nan"), -1.5, -0.0, 0.0, 1e-45, 2.0, float("inf"),
               -float("inf")]
    for dtype in (torch.float32, torch.float64, torch.int8, torch.int64, torch.uint8, torch.bool):
        base = torch.tensor(special if dtype.is_floating_point else [-3, 0, 5, 1])
        for shape in ((), (0,), (4,), (2, 3), (1, 3, 1)):
            n = math.prod(shape)
            x = base.repeat(n // len(base) + 1)[:n].reshape(shape).to(dtype)
            agree("sign", x)
            agree("flip", x)
            for axis in (0, 1, -1, 2, -4, (0,), (), (0, -1), (5,)):
                agree("flip", x, axis=axis)
            for axis in (0, 1, -1, 2, -3, 3):
                agree("squeeze", x, axis=axis)
                agree("squeeze", x, axis)
    for n in (0, 1, 16, -1, 2.5, 0.0, -0.0, -2.5, float("nan"), float("inf"), 2**63, True):
        agree("arange", n)
    v, m = torch.tensor([1.0, float("nan"), -2.0]), torch.ones(1, 3)
    assert compat_frames(xp.sign, v) == []
    assert compat_frames(xp.flip, v) == [] and compat_frames(xp.flip, m, axis=1) == []
    assert compat_frames(xp.squeeze, m, axis=0) == []
    assert compat_frames(xp.arange, 16) == [] and compat_frames(xp.arange, 2.5) == []
    assert compat_frames(xp.sum._slow, m, axis=0, keepdims=True) == []


def test_torch_take_of_a_vector_is_index_select_and_refused_calls_keep_their_path():
    """torch's take of a 1-D tensor by 1-D int32/int64 indices is ``torch.index_select`` from
    C (no Python frame but the one-line adapter); negative indices (compat's wrap), indices
    out of range (IndexError), bool indices (TypeError), other ranks and dtypes keep the
    installed path and its answers (int16 indices: compat's answer for the same int64 ones,
    where torch's index_select refuses them)."""
    from frameworks import require

    torch = require("torch")
    import array_api_compat.torch as compat

    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))
    frames = []
    x = torch.arange(5.0)
    sys.setprofile(lambda frame, event, arg: frames.append(frame.f_code.co_name)
                   if event == "call" else None)
    try:
        xp.take(x, torch.tensor([4, 0, 2]))
    finally:
        sys.setprofile(None)
    assert frames == ["_take_vector"]
    for i, dtype in (([4, 0], torch.int64), ([1, 1], torch.int32), ([-1, -5], torch.int64),
                     ([], torch.int64)):
        idx = torch.tensor(i, dtype=dtype)
        for kwargs in ({}, {"axis": 0}, {"axis": -1}):
            ours, theirs = xp.take(x, idx, **kwargs), compat.take(x, idx, **kwargs)
            assert ours.dtype == theirs.dtype and torch.equal(ours, theirs), (i, dtype, kwargs)
    for bad, dtype, exc in (([5], torch.int64, IndexError), ([-6], torch.int32, IndexError),
                            ([True], torch.bool, TypeError), ([5], torch.int16, IndexError),
                            ([[0, 1]], torch.int64, IndexError)):
        with pytest.raises(exc):
            xp.take(x, torch.tensor(bad, dtype=dtype))
    for i in ([3], [-1, 0]):
        assert torch.equal(xp.take(x, torch.tensor(i, dtype=torch.int16)),
                           compat.take(x, torch.tensor(i)))
    with pytest.raises(IndexError):
        xp.take(x, torch.tensor([0]), axis=1)
    with pytest.raises(ValueError, match="axis"):
        xp.take(torch.ones(2, 2), torch.tensor([0]))
    m = torch.arange(6.0).reshape(2, 3)
    assert torch.equal(xp.take(m, torch.tensor([-1, 0]), axis=1), m[:, [2, 0]])


def test_torch_clip_of_floats_between_two_numbers_is_clamp():
    """torch's clip of a float32/float64 tensor between two Python numbers is torch.clamp
    behind one adapter frame, with compat's answers (NaN bounds: all NaN; min > max; signed
    zeros; ints, infinities); other dtypes and bounds (None, bool, tensors) keep compat's."""
    from frameworks import require

    torch = require("torch")
    import array_api_compat.torch as compat

    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))
    frames = []
    x = torch.tensor([0.5, 1.0, 2.0, float("nan"), -0.0, -3.0, float("inf")])
    sys.setprofile(lambda frame, event, arg: frames.append(frame.f_code.co_name)
                   if event == "call" else None)
    try:
        xp.clip(x, 0.7, 1.2)
    finally:
        sys.setprofile(None)
    assert frames == ["_clip_floats"]
    bounds = (0, -1, 0.7, 1.2, -0.0, 0.0, float("nan"), float("inf"), -float("inf"), None)
    for dtype in (torch.float32, torch.float64):
        t = x.to(dtype)
        for low in bounds:
            for high in bounds:
                ours, theirs = xp.clip(t, low, high), compat.clip(t, low, high)
                assert ours.dtype == theirs.dtype, (dtype, low, high)
                nan = (ours.isnan() if ours.is_floating_point()
                       else torch.zeros_like(ours, dtype=torch.bool))
                assert torch.equal(nan, theirs.isnan() if theirs.is_floating_point() else nan)
                assert torch.equal(ours[~nan], theirs[~nan]), (dtype, low, high)
                if ours.is_floating_point():
                    assert torch.equal(ours[~nan].signbit(), theirs[~nan].signbit())


def test_torch_fast_paths_run_in_c_and_trace_their_python_path():
    """torch's namespace is Guards now (its fast paths too: matmul of one dtype, binary
    functions of tensors with axes, matrix_transpose's ``.mT``); TorchDynamo traces each
    Guard's Python path (``arraykit._dynamo``), so ``torch.compile(fullgraph=True)`` of code
    calling them stays one graph, with the eager results."""
    from frameworks import require

    torch = require("torch")
    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))
    for name in ("matmul", "matrix_transpose", "add", "sin", "sum"):
        assert type(getattr(xp, name)) is Guard, name

    def f(x, y):
        ns = arraykit.array_namespace(x, y)
        z = ns.matmul(ns.matrix_transpose(y), y) + ns.add(x, 1.0)
        return ns.sum(ns.sin(z) * ns.linalg.inv(y + 3.0 * ns.eye(3)), axis=0)

    x, y = torch.ones(3), torch.arange(9.0).reshape(3, 3)
    compiled = torch.compile(f, fullgraph=True, backend="eager")
    assert torch.allclose(compiled(x, y), f(x, y))


def test_result_check_sends_a_false_result_to_the_python_path():
    """``result_check``: after the function returns, ``result.<name>()`` is called; a false
    answer drops the result for ``slow(*args, **kwargs)`` (Paddle's matmul and inverse
    kernels give an empty result for some input NumPy refuses), an exception from the check
    propagates, and a method the instance shadows is the instance's."""
    calls = []

    def slow(*args, **kwargs):
        calls.append((args, kwargs))
        return "slow"

    def on_error(exc, args, kwargs):
        raise ValueError("translated") from exc

    class Result:
        def __init__(self, held):
            self.held = held

        def nbytes(self):
            if self.held is None:
                raise RuntimeError("cannot tell")
            return self.held

    class Slotted(Result):  # no instance dict: the type's method is called directly
        __slots__ = ()

    guard = Guard(lambda a: Result(a) if a >= 0 else Slotted(-a), slow, on_error, ((int,),),
                  result_check="nbytes")
    assert guard(4).held == 4 and guard(-3).held == 3 and calls == []
    assert guard(0) == "slow" and calls == [((0,), {})]
    with pytest.raises(RuntimeError, match="cannot tell"):
        Guard(lambda a: Result(None), slow, on_error, ((int,),), result_check="nbytes")(1)

    shadowed = Result(5)
    shadowed.nbytes = lambda: 0  # the instance's method wins, as for a Python call
    assert Guard(lambda a: shadowed, slow, on_error, ((int,),), result_check="nbytes")(1) \
        == "slow"
    assert Guard(lambda a: 7, slow, on_error, ((int,),), result_check="bit_length")(1) == 7
    with pytest.raises(TypeError, match="result_check"):
        Guard(lambda a: a, slow, on_error, ((int,),), result_check=1)


def _slow(*args, **kwargs):
    return "slow"


def _on_error(exc, args, kwargs):
    raise ValueError("translated") from exc


def _counted_array_type() -> type:
    """A fresh array stand-in class whose ``dtype`` reads are counted (``reads``)."""

    class Counted:
        reads = 0

        def __init__(self, dtype, ndim=1):
            self._dtype, self.ndim = dtype, ndim

        @property
        def dtype(self):
            Counted.reads += 1
            return self._dtype

    return Counted


def test_refuse_and_same_dtype_read_the_first_dtype_once():
    """``refuse_pos=0`` with ``same_dtype``: the first argument's dtype, read for the refuse
    test, is the one compared with the second's (one read fewer a call); the outcomes are
    those of the two tests apart, the rank test included."""
    Counted = _counted_array_type()
    f32, f64, i32 = object(), object(), object()
    guard = Guard(lambda a, b: "fast", _slow, _on_error, ((Counted,), (Counted,)), refuse_pos=0,
                  refuse=(f32, f64), allow_only=True, same_dtype=True, min_ndim=1)
    assert guard(Counted(f32), Counted(f32)) == "fast" and Counted.reads == 2
    assert guard(Counted(f64), Counted(f64)) == "fast"
    assert guard(Counted(f32), Counted(f64)) == "slow"
    assert guard(Counted(i32), Counted(i32)) == "slow"
    assert guard(Counted(f32), Counted(f32, ndim=0)) == "slow"
    assert guard(Counted(f32)) == "slow"


def test_same_dtype_from_ndim_compares_dtypes_only_from_that_rank_of_the_second():
    """``same_dtype_from_ndim=k``: the dtypes are compared (two reads) only where the second
    argument's rank is at least k; below it the call is the function's, which refuses two
    dtypes itself (torch's matmul of an x2 of rank <= 2). A rank that cannot be read leaves
    the comparison on."""
    Counted = _counted_array_type()

    class Rankless:
        def __init__(self, dtype):
            self.dtype = dtype

    f32, f64 = object(), object()
    guard = Guard(lambda a, b: "fast", _slow, _on_error,
                  ((Counted, Rankless), (Counted, Rankless)), same_dtype=True,
                  same_dtype_from_ndim=3)
    assert guard(Counted(f32, 2), Counted(f64, 2)) == "fast" and Counted.reads == 0
    assert guard(Counted(f32, 4), Counted(f64, 1)) == "fast" and Counted.reads == 0
    assert guard(Counted(f32, 2), Counted(f32, 3)) == "fast" and Counted.reads == 2
    assert guard(Counted(f32, 2), Counted(f64, 3)) == "slow"
    assert guard(Counted(f32, 2), Rankless(f64)) == "slow"
    assert guard(Counted(f32, 2), Rankless(f32)) == "fast"
    assert guard(Counted(f32, 2)) == "slow"
    with pytest.raises(ValueError, match="same_dtype_from_ndim"):
        Guard(lambda a, b: a, _slow, _on_error, ((int,), (int,)), same_dtype=True,
              same_dtype_from_ndim=-1)


def test_torch_matmul_of_two_dtypes_answers_as_the_python_path():
    """torch's matmul from C reads dtypes only where x2 has rank >= 3 (mm, mv and dot refuse
    two dtypes themselves): for every pair of shapes of rank 1 to 4, with and without empty
    extents, and two dtypes or one, the C path gives the Python path's dtype, shape, values or
    error class (an x2 of rank >= 3 with an empty operand is where torch.matmul gave x2's
    dtype: with no dtype test in the C path this test fails)."""
    from frameworks import require

    torch = require("torch")
    import arraykit

    matmul = arraykit.array_namespace(torch.ones(1)).matmul
    shapes = [(0,), (3,), (0, 3), (3, 0), (3, 4), (4, 3), (2, 3, 4), (0, 3, 4), (2, 0, 4),
              (2, 3, 0), (2, 4, 3), (0, 4, 3), (2, 4, 0), (1, 0, 3, 4), (2, 1, 3, 4)]
    pairs = [(torch.float32, torch.float64), (torch.int8, torch.uint8),
             (torch.float64, torch.float32), (torch.float32, torch.float32)]

    def outcome(f, a, b):
        try:
            r = f(a, b)
        except Exception as exc:  # noqa: BLE001 - the class is the outcome
            return type(exc)
        return r.dtype, tuple(r.shape), r.tolist()

    differ = []
    for s1 in shapes:
        for s2 in shapes:
            for d1, d2 in pairs:
                a = torch.ones(s1, dtype=d1)
                b = torch.full(s2, 2, dtype=d2)
                if outcome(matmul, a, b) != outcome(matmul._slow, a, b):
                    differ.append((s1, s2, d1, d2))
    assert not differ, differ[:5]


def test_torch_matmul_of_two_dtypes_with_an_empty_batch_promotes():
    """torch.matmul refuses mixed dtypes except where a batch is empty, and there it returned
    x2's dtype: the C path takes one dtype only (array-api-tests' draw
    matmul(int8[1, 0, 5, 1, 1], uint8[1, 1, 1, 1, 1]) read uint8; the standard: int16)."""
    from frameworks import require

    torch = require("torch")
    import arraykit

    xp = arraykit.array_namespace(torch.ones(1))
    x1 = torch.ones((1, 0, 5, 1, 1), dtype=torch.int8)
    x2 = torch.full((1, 1, 1, 1, 1), 15, dtype=torch.uint8)
    assert xp.matmul(x1, x2).dtype == torch.int16
    assert xp.matmul(x1, x2).shape == (1, 0, 5, 1, 1)
    assert xp.matmul(torch.ones(0, 2, dtype=torch.float32),
                     torch.ones(2, 3, dtype=torch.float64)).dtype == torch.float64
