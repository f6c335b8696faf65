"""One exception class for one bad call on every backend, written once.

The standard's conventions (NumPy's and array-api-strict's): ``TypeError`` for a wrong dtype, a
non-array or arrays of two libraries, ``ValueError`` for shapes that do not fit, ``IndexError``
(``AxisError`` counts) for an axis or index out of range, with a message that names the
function: ``"{fname}: problem; remedy"``, the contract of the TF and MXNet shims.

The namespaces arraykit delegates (array-api-compat's NumPy and torch, ``jax.numpy``,
array-api-strict) raise other classes (torch: ``RuntimeError`` for shapes; jax: ``TypeError``
for shapes, ``ValueError`` for axes) with messages that name a kernel or nothing. ``install``
wraps each standard function of such a namespace in ``translating``: the call runs as it is,
and only when it raises is the framework's exception mapped to the standard class, its
message prefixed with the function's name, the original kept as ``__cause__``. The class is
decided by what is wrong with the arguments (``mistakes.diagnose``: the call's arguments run
through the rules the full shims check up front), so that a framework release that rewords a
message changes nothing; a framework's ``Rules.translations`` (exception class and message
pattern -> standard class) are a first, cheap hint, tried before it. An error no rule explains
(out of memory, a lost device) is raised as it is. Python's ``try`` costs nothing on the
success path, so a call pays the wrapper's frame only.

Some input a framework accepts silently (NumPy: a list for an array, ``None``, a dtype
name string; jax: a NumPy array, a dtype name string; both: integer matrices to ``linalg.inv``,
promoted to float64). ``Rules`` may ask for the checks that refuse it. They read the standard's
signatures (``arraykit/_typing/_namespace.py``): a parameter annotated ``array`` must be one of
the framework's arrays, ``array | int | float...`` an array or a Python scalar, a ``dtype`` a
dtype object, not its name. The common case passes on one ``type(x) in set`` test per array
argument (~30 ns); only other types reach the full test.

Two paths, one behaviour (``wrap`` picks one per function):

- The Python path (``translating``): one wrapper that runs the function's argument check, when
  it has one, then the function, translating what it raises. The check (``_check``) is the
  fast test (``_FastTest.guarding``: exact types at the array positions, no dtype name) that
  sends any other call to the full test (``_argument_check``), and the checks that run on
  every call (floating linalg input, ``Rules.extra``). It is taken where the C extension is
  not built (it is optional), where ``Rules.guard`` is off, and for a function
  with a per-call check the C path cannot route (NumPy's ``cross``, jax's ``take``).
- The C path (``guarded``: ``arraykit._guard.Guard``, built by ``pip install``): the same fast
  test in C, the function called without a Python frame, the translation on the raising path
  only; a call the test does not pass goes to the Python path, whole. A Python frame per call
  costs as much as a NumPy ufunc on a small array (0.1-0.5 us); the overhead study measured
  it (numpy control +9.9% with Python wrappers). TorchDynamo cannot trace into C: it traces
  a Guard's Python path instead (``arraykit._dynamo``), so compiled torch code stays one graph.

The full shims (TF, MXNet, MLX, Paddle) keep the contract themselves and are not wrapped; TF's
runtime errors take their class from the same rules (``standard_class``, in
``shims/tensorflow/_base.py``).
"""

from __future__ import annotations

import functools
import importlib
import inspect
import re
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn

from ... import _dynamo
from .checks import check_int_range, dtype_not_allowed, not_an_array
from .mistakes import FLOATING_INPUT, explain, standard_dtype_name
from .scalars import PY_SCALARS, is_numpy_scalar, python_scalar
from .utils import AxisError


def _load_guard() -> Any:
    try:
        return importlib.import_module("arraykit._guard").Guard
    except ImportError:  # not built (a source checkout without a compiler): Python wrappers
        return None


#: The C path (``arraykit._guard.Guard``), or None where it is not built.
Guard: Any = _load_guard()


def _traced_guard_call(guard: Any, *args: Any, **kwargs: Any) -> Any:
    """What TorchDynamo traces for a Guard's call: its Python path, which takes every call."""
    return guard._slow(*args, **kwargs)


if Guard is not None:
    _dynamo.substitute(Guard.__call__, _traced_guard_call)

#: The classes the standard's conventions use; an exception of one of them whose message does
#: not name the function is re-raised with the name (the same class where it can be rebuilt).
#: OverflowError: NumPy's for a Python int out of an integer dtype ("Python integer 300 out of
#: bounds for int8"), jax's and torch's for one past int64, which named nothing.
STANDARD = (TypeError, ValueError, IndexError, OverflowError)

#: ``FLOATING_INPUT`` (from ``mistakes``): the ``linalg`` functions whose input must have a
#: floating-point dtype; array-api-strict and the TF and MXNet shims refuse other dtypes with
#: TypeError, NumPy and jax silently promote integers to float64.

#: Tried after a framework's own translations: an argument that is no array of the framework
#: (a list, a string, another library's array) read as one fails on a missing attribute.
NON_ARRAY = ((AttributeError, r"^'[\w.]+' object has no attribute", TypeError),)

_SCALAR_NAMES = frozenset({"int", "float", "complex", "builtins.bool"})
#: Marks a function wrapped here, so that ``install`` never wraps one twice.
_MARK = "__arraykit_errors__"


@dataclass(frozen=True)
class Rules:
    """What one framework needs: its exception translations and which input checks to add.

    translations: ``(caught, pattern, standard)`` triples, tried in order (then
        ``NON_ARRAY``): an exception that is an instance of ``caught`` and whose message
        matches the regular expression ``pattern`` (None: any) becomes ``standard``. They
        are hints only: where none matches, the class is read from the arguments
        (``mistakes.diagnose``); an exception of a ``STANDARD`` class that neither explains
        keeps its class; any other exception passes unchanged.
    array_types: the exact types of the framework's arrays (the fast test). Empty: no
        argument checks (the framework refuses bad input itself). Without ``is_array``, only
        the operand positions ``numpy_scalars`` reads are tested (torch).
    is_array: the full test, for arguments of another type (subclasses, tracers).
    expected: how a refusal names the arrays expected (``"a numpy.ndarray"``).
    refuse_dtype_names: refuse a dtype given as a string (``'float64'``).
    floating_input: refuse a non-floating array to a ``FLOATING_INPUT`` linalg function.
    extra: per-function checks ``name -> check(args, kwargs)``, run before the call (jax's
        eager bounds check of ``take``).
    guard: build the C ``Guard`` where it is available (see the module docstring).
    guard_refuse: ``name -> (position, dtypes)`` for an ``extra`` check that refuses only
        arguments of those dtype objects at that position: the Guard sends such a call to
        the Python path (where ``extra`` refuses it) and calls the function from C
        otherwise, at the cost of one attribute read (NumPy's ``take`` of bool indices).
    floating_dtypes: the framework's floating dtype objects (NumPy's, compared by identity):
        with them the Guard keeps ``floating_input``'s test in C (one attribute read; any
        other dtype takes the Python path, which refuses it). Without: a Python frame.
    guard_dtype_from: where the Guard's dtype tests read an array's dtype: ``"dtype"``
        (``x.dtype``) or ``"aval"`` (``x.aval.dtype``: jax, whose ``dtype`` is a Python
        property returning that object).
    int_ranges: the framework's integer dtype objects -> their ``(min, max)``: the functions
        with operands (the binary element-wise functions, ``where``, ``isin``,
        ``searchsorted``) check a Python int operand against the integer dtype of the array
        beside it (the shims' OverflowError; jax wraps it: ``add(int8 [100], 300)`` was
        ``[-112]``, ``searchsorted(int8 [1, 5, 100], 300)`` 2, ``isin(int8 [44], 300)``
        True). The Guard compares the int in C and sends one out of range to the Python
        path, whose check raises.
    int_functions: the functions ``int_ranges`` applies to; None: every function with
        operands (NumPy: ``where`` alone; its ufuncs raise themselves, and its ``isin`` and
        ``searchsorted`` compare exactly).
    numpy_scalars: the full shims' NumPy-scalar rule (``scalars``) for the operands (the
        standard's ``array | int | float ...`` parameters: the binary element-wise functions,
        ``where``, ``isin``, ``searchsorted``'s ``x2``): a NumPy scalar there is given to the
        function as the Python scalar of its kind (weak: ``float32 * np.float64(0.5)`` is
        float32, and ``add(int8, np.int64(300))`` the OverflowError ``int_ranges`` gives 300),
        where torch wrapped it or computed ``where(c, np.bool_(True), b)`` in float, and jax
        refused it. On the Python path only: a NumPy scalar is none of the fast test's types.
    """

    translations: tuple[tuple[type | tuple[type, ...], str | None, type], ...] = ()
    array_types: tuple[type, ...] = ()
    is_array: Callable[[Any], bool] | None = None
    expected: str = "an array"
    refuse_dtype_names: bool = False
    floating_input: bool = False
    extra: dict[str, Callable[[tuple, dict], None]] = field(default_factory=dict)
    guard: bool = True
    guard_refuse: dict[str, tuple[int, tuple]] = field(default_factory=dict)
    floating_dtypes: tuple = ()
    guard_dtype_from: str = "dtype"
    int_ranges: dict[Any, tuple[int, int]] | None = None
    int_functions: frozenset[str] | None = None
    numpy_scalars: bool = False

    def compiled(self) -> tuple[tuple[Any, re.Pattern | None, type], ...]:
        return tuple((c, None if p is None else re.compile(p), s)
                     for c, p, s in self.translations + NON_ARRAY)


# ---------------------------------------------------------------------------------------
# Translation (the raising path only)
# ---------------------------------------------------------------------------------------

@functools.cache
def _all_standard_names() -> frozenset[str]:
    from .. import STANDARD_EXTENSIONS, standard_names

    return frozenset(standard_names()).union(*(standard_names(e) for e in STANDARD_EXTENSIONS))


def names_a_function(msg: str, fname: str) -> bool:
    """Whether ``msg`` already follows the contract: it starts with the name ``fname`` (not a
    longer word), or with a standard function's name and a colon (a function called inside
    another named itself; torch writes ``"linalg.inv: ..."``)."""
    if msg.startswith(fname):
        after = msg[len(fname):len(fname) + 1]
        if not (after.isalnum() or after == "_"):
            return True
    head, colon, _ = msg.partition(":")
    return bool(colon) and head.rpartition(".")[2] in _all_standard_names()


def _same_class(exc: BaseException, msg: str) -> BaseException | None:
    """An exception of ``exc``'s own class with message ``msg``, when the class can be built
    from a message alone (NumPy's AxisError and LinAlgError can; jax's
    ConcretizationTypeError, which takes a tracer, cannot: None)."""
    try:
        new = type(exc)(msg)
    except Exception:  # noqa: BLE001 - a constructor taking other arguments
        return None
    return new if str(new) == msg else None


def standard_class(exc: BaseException, fname: str, translations, args: tuple | None = None,
                   kwargs: dict | None = None, otherwise: tuple = ()) -> type | None:
    """The standard class for ``exc``, raised by the standard function ``fname`` called with
    ``args`` and ``kwargs``: the first of ``translations`` (the framework's hints) that
    matches; else the mistake ``mistakes.diagnose`` finds in the arguments (when they are
    given); else the first ``(caught, standard)`` of ``otherwise`` that ``exc`` is an
    instance of (a framework's classes that mean bad input, as TF's InvalidArgumentError).
    None: no rule explains it."""
    return _class_and_message(exc, fname, translations, args, kwargs, otherwise)[0]


def _class_and_message(exc: BaseException, fname: str, translations, args: tuple | None,
                       kwargs: dict | None, otherwise: tuple) -> tuple[type | None, str | None]:
    """``(standard_class, the rule's own message where a rule gave one)``: the
    arguments are read once, by ``mistakes.explain``, whether a hint or they give the class."""
    msg = str(exc)
    for caught, pattern, standard in translations:
        if isinstance(exc, caught) and (pattern is None or pattern.search(msg)):
            if standard is not ValueError or args is None:
                return standard, None
            found, message = explain(fname, args, kwargs or {})
            return standard, message if found is ValueError else None
    cls, message = (None, None) if args is None else explain(fname, args, kwargs or {})
    if cls is None:
        cls = next((standard for caught, standard in otherwise if isinstance(exc, caught)),
                   None)
    return cls, message


def translate(exc: BaseException, fname: str, translations, args: tuple | None = None,
              kwargs: dict | None = None, otherwise: tuple = ()) -> BaseException | None:
    """The standard exception for ``exc``, raised by the standard function ``fname`` called
    with ``args`` and ``kwargs`` (its class: ``standard_class``); None to raise ``exc``
    itself: it follows the contract already (right class, message naming the function), it
    is no error of the call's input (no rule explains it and its class is no standard one:
    out of memory, a lost device), or it is of a standard subclass that cannot be rebuilt
    with the name (its class says more than the name would). A size no array can have gets
    the size rule's message (NumPy's words), not the framework's (torch's argument parser
    appends a C++ trace); so does any rule with words of its own (``isdtype``'s nested kind,
    where JAX's message recursed through the argument's repr)."""
    cls, rule_message = _class_and_message(exc, fname, translations, args, kwargs, otherwise)
    if cls is None and not isinstance(exc, STANDARD):
        return None
    if rule_message is not None and cls is not None:
        return cls(rule_message)
    msg = str(exc)
    named = names_a_function(msg, fname)
    # An axis out of range: any IndexError says it (torch's, NumPy's AxisError).
    if cls is None or isinstance(exc, IndexError if cls is AxisError else cls):
        return None if named else _same_class(exc, f"{fname}: {msg}")
    return cls(msg if named else f"{fname}: {msg}")


def _reraise(exc: Exception, fname: str, translations, args: tuple | None = None,
             kwargs: dict | None = None) -> NoReturn:
    """Raise the standard exception for ``exc`` (``translate``), or ``exc`` itself."""
    new = translate(exc, fname, translations, args, kwargs)
    if new is None:
        raise exc
    raise new from exc


def _marked(wrapper: Callable) -> Callable:
    """``wrapper``, marked as one of these (``_wrap_into`` then does not wrap it again)."""
    setattr(wrapper, _MARK, True)
    return wrapper


# ---------------------------------------------------------------------------------------
# The two paths: one in Python, one in C (the same behaviour)
# ---------------------------------------------------------------------------------------

def translating(f: Callable, fname: str, translations,
                check: Callable[[tuple, dict], None] | None = None,
                read: Callable[[tuple], tuple] | None = None) -> Callable:
    """The Python path: ``f`` raising the standard exceptions (see ``translate``), after
    ``check(args, kwargs)`` where there is one (the function's argument check, ``_check``,
    which raises for input the standard refuses), and before it ``read(args)``, the
    positional arguments ``f`` and the check are given, where there is one (``_operands``:
    NumPy scalars as Python scalars). The success path is ``f``'s own plus one frame, and
    the check's where there is one. Every wrapped function takes it where the C path is not
    built or not used; where it is, the C path hands it the calls it does not call itself."""

    @functools.wraps(f)
    def call(*args: Any, **kwargs: Any) -> Any:
        if read is not None:
            args = read(args)
        if check is not None:
            check(args, kwargs)
        try:
            return f(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - _reraise raises it, or its standard class
            _reraise(exc, fname, translations, args, kwargs)

    return _marked(call)


@dataclass(frozen=True)
class _FastTest:
    """What the success path tests before it calls the function unchecked; a call it does not
    pass takes the full check. The same test in C (the Guard) and in Python (``guarding``).

    ok: at position ``i``, the exact types accepted there (the framework's ``array_types``,
        with the Python scalars where the standard takes them), or None (not tested).
    seq: the position (of ``ok``) holding a non-empty list or tuple of arrays (``concat``),
        whose items are tested instead; -1: none.
    each: the types every positional argument must be of (``*arrays``: ``meshgrid``), or None.
    dtype_pos: a position where a str is a dtype name (``astype``); -1: none.
    dtype_kw: whether a str in ``dtype=`` is a dtype name.
    """

    ok: tuple[frozenset | None, ...] = ()
    seq: int = -1
    each: frozenset | None = None
    dtype_pos: int = -1
    dtype_kw: bool = False

    def guarding(self, full: Callable[[tuple, dict], None]) -> Callable[[tuple, dict], None]:
        """The test in Python (the Guard's in C): ``check(args, kwargs)`` that calls
        ``full(args, kwargs)`` for a call that does not pass it."""
        n = len(self.ok)
        plain = tuple((i, ok) for i, ok in enumerate(self.ok) if ok is not None and i != self.seq)
        seq = self.seq
        items = (self.ok[seq] if seq >= 0 else None) or frozenset()  # never None at seq
        each, d, dkw = self.each, self.dtype_pos, self.dtype_kw

        def check(args: tuple, kwargs: dict) -> None:
            if len(args) < n:
                return full(args, kwargs)
            for i, ok in plain:
                if type(args[i]) not in ok:
                    return full(args, kwargs)
            if seq >= 0:
                a = args[seq]
                if type(a) not in (list, tuple) or not a:
                    return full(args, kwargs)
                for b in a:  # a loop, not any(): no generator on the common path
                    if type(b) not in items:
                        return full(args, kwargs)
            if each is not None:
                for a in args:
                    if type(a) not in each:
                        return full(args, kwargs)
            if (0 <= d < len(args) and isinstance(args[d], str)) or (
                    dkw and kwargs and isinstance(kwargs.get("dtype"), str)):
                return full(args, kwargs)
            return None

        return check


def guarded(f: Callable, fname: str, translations, slow: Callable, test: _FastTest,
            refuse: tuple[int, tuple] | None = None, allow_only: bool = False,
            same_dtype: bool = False, min_ndim: int = 0, max_ndim: int = -1,
            exact: bool = False, fallback: bool = False,
            kw: tuple[tuple[str, tuple[type, ...]], ...] | None = None,
            dtype_from: str = "dtype", wraps: Callable | None = None,
            int_ranges: dict | None = None, same_dtype_from_ndim: int = 0) -> Callable:
    """The C path: a ``Guard`` that calls ``f`` from C when the call passes ``test`` (and, with
    ``refuse = (position, dtypes)``, the argument there has none of those dtype objects; with
    ``allow_only``, one of them), and ``slow`` (the Python path, with the full check)
    otherwise (also, with ``same_dtype``, where the first two arguments' dtypes differ, and
    where an argument at a tested position has ``ndim < min_ndim`` or, where ``max_ndim``
    is not -1, ``ndim > max_ndim``, and, with ``exact``, for
    any call but one of ``len(test.ok)`` positional arguments and, with ``kw`` (``(name,
    exact types)`` pairs), the first k of its names in that order). An Exception from ``f``
    is raised as ``_reraise`` has it (the Guard passes the call's positional arguments as a
    tuple and its keywords as a dict); with ``fallback``, the call goes to ``slow`` instead
    (``f`` itself refuses the rare input ``slow`` handles, and nothing is read to route it).
    ``dtype_from``: ``Rules.guard_dtype_from``. ``wraps``: the function the Guard presents
    (``__wrapped__``, name, doc), ``f`` by default. ``int_ranges``: ``Rules.int_ranges``
    (a Python int out of its neighbour's integer dtype goes to ``slow``).
    ``same_dtype_from_ndim``: with ``same_dtype``, the dtypes are compared only where the
    second argument's rank is at least this (0: always): ``f`` refuses two dtypes itself
    below it."""
    def on_error(exc: Exception, args: tuple | None = None,
                 kwargs: dict | None = None) -> NoReturn:
        _reraise(exc, fname, translations, args, kwargs)

    guard = Guard(f, slow, on_error, tuple(None if t is None else tuple(t) for t in test.ok),
                  seq=test.seq, each=None if test.each is None else tuple(test.each),
                  dtype_pos=test.dtype_pos, dtype_kw=test.dtype_kw,
                  refuse_pos=-1 if refuse is None else refuse[0],
                  refuse=None if refuse is None else tuple(refuse[1]), allow_only=allow_only,
                  same_dtype=same_dtype, min_ndim=min_ndim, max_ndim=max_ndim, exact=exact,
                  fallback=fallback, dtype_from=dtype_from,
                  **({} if kw is None else {"kw": kw}),
                  **({} if int_ranges is None else {"int_ranges": int_ranges}),
                  same_dtype_from_ndim=same_dtype_from_ndim)
    functools.update_wrapper(guard, f if wraps is None else wraps)
    guard._slow = slow  # for TorchDynamo (_traced_guard_call): it cannot trace into C
    return _marked(guard)


def fast_path(native: Callable, fname: str, general: Callable, compat: Callable,
              rules: Rules, array_type: type, arity: int, *, same_dtype: bool = False,
              same_dtype_from_ndim: int = 0, min_ndim: int = 0, max_ndim: int = -1,
              exact: bool = False, then: tuple = (),
              dtypes: tuple[int, tuple] | None = None, fallback: bool = False,
              kw: tuple[tuple[str, tuple[type, ...]], ...] | None = None,
              seq: int = -1, section: str = "") -> Callable:
    """A shim's fast path over array-api-compat's ``compat``, called from C: ``native`` (no
    Python frame) for ``arity`` arrays of exactly ``array_type`` (of one dtype with
    ``same_dtype``, where the second's rank is at least ``same_dtype_from_ndim``; each of
    ``min_ndim <= ndim``, and ``<= max_ndim`` unless that is -1)
    followed by arguments of the exact types
    ``then`` lists per position (a tuple of types, or None: any), ``general`` (the shim's
    Python function, which gives ``compat``'s result) for every other call and under
    TorchDynamo, both raising the standard exceptions (``general`` translated unless it
    raises them itself, marked by the shim's ``translates``, as ``wrap``'s functions are).
    With ``exact``, only a call of exactly those positional arguments and no keyword is
    ``native``'s (NumPy's ``std`` for array-api-compat's ``std(x)``), or, with ``kw``
    (``(name, exact types)`` pairs), one naming the first k of those keywords in that order
    with values of those types (``native`` must read them by those names); with ``dtypes``
    (``(position, dtype objects)``), only an argument of one of them there is. With
    ``fallback``, a call that ``native`` raises for is ``general``'s (which then gives
    ``compat``'s result or the standard exception): for a test ``native`` makes itself.
    With ``seq``, the argument at that position is a non-empty list or tuple of such arrays
    (``concat``). An unmarked ``general`` gets the Python path's operand rules as ``wrap``
    gives them (``Rules.int_ranges``, ``Rules.numpy_scalars``; ``section``: the function's
    spec section); a marked one applies them itself.
    ``__wrapped__`` is ``compat``: the function is compared whole with array-api-compat's
    (tests/shims/test_compat_fast_paths.py)."""
    translations = rules.compiled()
    params = _signatures(section).get(fname, _Params())
    ints = _checks_int_operands(fname, rules, params)
    if getattr(general, _MARK, False):
        slow = general  # it raises the standard exceptions and reads its operands itself
    else:
        slow = translating(general, fname, translations,
                           _int_operands_check(fname, rules, params) if ints else None,
                           _operands(rules, params))
    if not _use_guard(rules):
        return slow
    test = _FastTest(ok=(frozenset({array_type}),) * arity
                     + tuple(None if t is None else frozenset(t) for t in then), seq=seq)
    fast = guarded(native, fname, translations, slow, test, dtypes, allow_only=dtypes is not None,
                   same_dtype=same_dtype, min_ndim=min_ndim, max_ndim=max_ndim, exact=exact,
                   fallback=fallback, kw=kw, dtype_from=rules.guard_dtype_from,
                   int_ranges=rules.int_ranges if ints else None,
                   same_dtype_from_ndim=same_dtype_from_ndim)
    return functools.update_wrapper(fast, compat)  # __wrapped__: compat's, compared whole


def _use_guard(rules: Rules) -> bool:
    return Guard is not None and rules.guard


# ---------------------------------------------------------------------------------------
# Input checks (for input a framework accepts silently)
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Params:
    """What the standard's signature of one function says about its arguments."""

    arrays: tuple[int, ...] = ()    # positions that must hold an array
    operands: tuple[int, ...] = ()  # positions that hold an array or a Python scalar
    sequence: int | None = None     # position of a list/tuple of arrays (concat, stack)
    var_arrays: bool = False        # *arrays (broadcast_arrays, meshgrid)
    dtype_at: int | None = None     # position of a dtype (astype)
    dtype_kw: bool = False          # a keyword-only dtype


def _classify(annotation: str) -> str | None:
    if annotation == "ArrayT":
        return "array"
    if annotation.startswith("Union[ArrayT, ") and annotation.endswith("]"):
        rest = annotation[len("Union[ArrayT, "):-1].split(", ")
        if set(rest) <= _SCALAR_NAMES:
            return "operand"
    if annotation in ("Union[Tuple[ArrayT, ...], List[ArrayT]]",):
        return "sequence"
    return None


@functools.cache
def _signatures(section: str) -> dict[str, _Params]:
    """``_Params`` of every function of ``section`` ("", "linalg", "fft"), read from the
    standard's Protocols (their annotations are strings: the stubs' spelling)."""
    from ..._typing import _namespace as spec

    protocol = {"": spec.ArrayNamespace, "linalg": spec.LinalgNamespace,
                "fft": spec.FFTNamespace}[section]
    out = {}
    for name, method in vars(protocol).items():
        if name.startswith("_") or not callable(method):
            continue
        arrays, operands, seq, var, dtype_at, dtype_kw = [], [], None, False, None, False
        params = list(inspect.signature(method).parameters.values())[1:]  # self
        for i, p in enumerate(params):
            kind = _classify(str(p.annotation))
            if p.kind is p.VAR_POSITIONAL:
                var = kind == "array"
            elif p.kind is not p.KEYWORD_ONLY:
                if kind == "array":
                    arrays.append(i)
                elif kind == "operand":
                    operands.append(i)
                elif kind == "sequence":
                    seq = i
                elif p.name == "dtype":
                    dtype_at = i
                    dtype_kw = p.kind is p.POSITIONAL_OR_KEYWORD  # isdtype(dtype=...)
            elif p.name == "dtype":
                dtype_kw = True
        out[name] = _Params(tuple(arrays), tuple(operands), seq, var, dtype_at, dtype_kw)
    return out


def _refuse_dtype_name(fname: str, dtype: Any) -> None:
    raise TypeError(f"{fname}: dtype must be a dtype object such as xp.float64, not the "
                    f"string {dtype!r}; use getattr(xp, {dtype!r})")


def _argument_check(fname: str, rules: Rules, params: _Params) -> Callable[[tuple, dict], None]:
    """The full check of one function's arguments: arrays where the standard takes them, no
    dtype name (what a call that does not pass the fast test meets)."""
    is_array = rules.is_array

    def array_ok(x: Any, scalar_ok: bool) -> bool:
        assert is_array is not None  # check() calls this only when there is a test
        # Python scalars and their subclasses (NumPy's float64 is a float).
        return is_array(x) or (scalar_ok and isinstance(x, PY_SCALARS))

    def check(args: tuple, kwargs: dict) -> None:
        n = len(args)
        if is_array is not None:
            for positions, scalar_ok in ((params.arrays, False), (params.operands, True)):
                for i in positions:
                    if i < n and not array_ok(args[i], scalar_ok):
                        raise not_an_array(fname, args[i], rules.expected)
            if params.sequence is not None and params.sequence < n \
                    and isinstance(args[params.sequence], (list, tuple)):
                for a in args[params.sequence]:
                    if not is_array(a):
                        raise not_an_array(fname, a, rules.expected)
            if params.var_arrays:
                for a in args:
                    if not is_array(a):
                        raise not_an_array(fname, a, rules.expected)
        if rules.refuse_dtype_names:
            if params.dtype_at is not None and params.dtype_at < n \
                    and isinstance(args[params.dtype_at], str):
                _refuse_dtype_name(fname, args[params.dtype_at])
            if params.dtype_kw and isinstance(kwargs.get("dtype"), str):
                _refuse_dtype_name(fname, kwargs["dtype"])
    return check


def _checks_int_operands(fname: str, rules: Rules, params: _Params) -> bool:
    """Whether ``Rules.int_ranges`` applies to ``fname``: a function with operands (the
    signature's ``array | int | float ...`` parameters: the binary element-wise functions,
    ``where``, ``isin``, ``searchsorted``) unless ``Rules.int_functions`` names fewer."""
    if rules.int_ranges is None:
        return False
    if rules.int_functions is not None:
        return fname in rules.int_functions
    return bool(params.operands)


def _operands(rules: Rules, params: _Params) -> Callable[[tuple], tuple] | None:
    """``Rules.numpy_scalars``' reading of a call's operands: the positional arguments with
    each NumPy scalar at an operand position (the standard's ``array | int | float ...``
    parameters) as the Python scalar of its kind (``scalars``), the arguments themselves
    where there is none; None for a function without operands, or rules without the rule.
    An array or a Python scalar is passed over on one set look-up of its type."""
    positions = params.operands
    if not rules.numpy_scalars or not positions:
        return None
    plain = frozenset(rules.array_types).union(PY_SCALARS)

    def read(args: tuple) -> tuple:
        n = len(args)
        for i in positions:
            if i < n and type(args[i]) not in plain and is_numpy_scalar(args[i]):
                return tuple(python_scalar(a) if j in positions else a
                             for j, a in enumerate(args))
        return args

    return read


def _int_operands_check(fname: str, rules: Rules, params: _Params
                        ) -> Callable[[tuple, dict], None]:
    """The shims' rule for a Python int operand beside an array of an integer dtype, on the
    Python path (where the Guard sends an int it finds out of range): NumPy's OverflowError
    where the int is out of that dtype's range (``Rules.int_ranges``, looked up by the
    neighbour's dtype object). A call without a Python int operand pays one type test a
    position."""
    positions = params.operands
    beside = params.arrays + positions  # searchsorted's x1, where's condition
    ranges = rules.int_ranges or {}

    def check(args: tuple, kwargs: dict) -> None:
        n = len(args)
        for i in positions:
            if i < n and type(args[i]) is int:
                v = args[i]
                for j in beside:
                    if j < n and j != i:
                        dt = getattr(args[j], "dtype", None)
                        try:
                            limits = ranges.get(dt) if dt is not None else None
                        except TypeError:  # an unhashable "dtype": no array of these
                            limits = None
                        if limits is not None and not limits[0] <= v <= limits[1]:
                            check_int_range(fname, v, standard_dtype_name(dt) or str(dt))

    return check


def _fast_test(rules: Rules, params: _Params) -> _FastTest:
    """The fast test of a function of signature ``params`` (see ``_FastTest``)."""
    fast = frozenset(rules.array_types)
    ok: list[frozenset | None] = []
    if rules.is_array is not None:  # else: no argument checks (dtype names only)
        tested = dict.fromkeys(params.arrays, fast)
        tested.update(dict.fromkeys(params.operands, fast.union(PY_SCALARS)))
        if params.sequence is not None:
            tested[params.sequence] = fast
        ok = [tested.get(i) for i in range(max(tested, default=-1) + 1)]
    elif fast and params.operands and rules.numpy_scalars:
        # No argument checks, but the operands the Python path reads: the arrays and Python
        # scalars there are called from C, anything else (a NumPy scalar) is the Python path's.
        tested = dict.fromkeys(params.operands, fast.union(PY_SCALARS))
        ok = [tested.get(i) for i in range(max(tested) + 1)]
    names = rules.refuse_dtype_names
    return _FastTest(
        ok=tuple(ok),
        seq=params.sequence if ok and params.sequence is not None else -1,
        each=fast if params.var_arrays and rules.is_array is not None else None,
        dtype_pos=params.dtype_at if names and params.dtype_at is not None else -1,
        dtype_kw=names and params.dtype_kw)


def _floating_check(fname: str) -> Callable[[tuple, dict], None]:
    """``FLOATING_INPUT``'s test: refuse a non-floating array at position 0."""
    def check(args: tuple, kwargs: dict) -> None:
        if args and getattr(args[0], "dtype", None) is not None \
                and args[0].dtype.kind not in "fc":
            raise dtype_not_allowed(fname, str(args[0].dtype), "a floating-point dtype")
    return check


def _check(test: _FastTest, full: Callable[[tuple, dict], None],
           always: tuple[Callable[[tuple, dict], None], ...]
           ) -> Callable[[tuple, dict], None] | None:
    """The argument check of the Python path: ``full`` (the type and dtype-name checks) for a
    call that does not pass ``test``, then the checks that run on every call (``always``:
    floating linalg input, ``Rules.extra``). None: nothing to check."""
    tests = bool(test.ok or test.each is not None or test.dtype_pos >= 0 or test.dtype_kw)
    checks = ((test.guarding(full),) if tests else ()) + always
    if len(checks) <= 1:
        return checks[0] if checks else None

    def check(args: tuple, kwargs: dict) -> None:
        for c in checks:
            c(args, kwargs)

    return check


# ---------------------------------------------------------------------------------------
# Installing over a namespace
# ---------------------------------------------------------------------------------------

def wrap(f: Callable, fname: str, rules: Rules, section: str = "", translations=None,
         *, inner: Callable | None = None) -> Callable:
    """``f``, the namespace's ``fname`` of ``section``, with the standard's errors: the C path
    (``guarded``) where the Guard is built and ``rules.guard``, unless a check must run on
    every call in Python (a ``Rules.extra`` the Guard does not route); the Python path
    (``translating``) otherwise, and as the C path's slow path. ``inner``: what ``f`` calls
    with its arguments unchanged once its own checks pass (true of every call the fast test
    passes), called from C instead of ``f`` for a call of exactly the tested positional
    arguments and no keyword (a jax ufunc's jitted function, without the ufunc's Python
    ``__call__``); any other call takes ``f``'s way. A function whose operands the Python
    path reads (``Rules.int_ranges``, ``Rules.numpy_scalars``) keeps that path where the
    Guard tests no position (torch's rules test none)."""
    if translations is None:
        translations = rules.compiled()
    params = _signatures(section).get(fname, _Params())
    floating = rules.floating_input and section == "linalg" and fname in FLOATING_INPUT
    extra = rules.extra.get(fname)
    test = _fast_test(rules, params)
    ints = _checks_int_operands(fname, rules, params)
    always = tuple(c for c in (_floating_check(fname) if floating else None, extra,
                               _int_operands_check(fname, rules, params) if ints else None)
                   if c is not None)
    check = _check(test, _argument_check(fname, rules, params), always)
    read = _operands(rules, params)
    python = translating(f, fname, translations, check, read)
    if not _use_guard(rules):
        return python
    if (ints or read is not None) and not test.ok:
        return python  # no tested position: the Guard would pass every operand on as it came
    # What the Guard routes to the Python path by one dtype read: take's bool indices
    # (guard_refuse) or, for floating linalg input, any dtype but the floating ones.
    refuse = rules.guard_refuse.get(fname)
    allow = floating and refuse is None and bool(rules.floating_dtypes)
    if allow:
        refuse = (0, rules.floating_dtypes)
    if (floating and not allow) or (extra is not None and fname not in rules.guard_refuse):
        return python  # a check the Guard cannot route runs on every call
    return guarded(f if inner is None else inner, fname, translations, python, test, refuse,
                   allow_only=allow, exact=inner is not None,
                   dtype_from=rules.guard_dtype_from, wraps=f,
                   int_ranges=rules.int_ranges if ints else None)


def _wrap_into(target: dict[str, Any], section: str, rules: Rules, translations,
               done: dict | None = None) -> None:
    """Wrap ``target``'s standard functions of ``section``; ``done`` maps (id, name) of the
    originals wrapped already to their wrappers, so that one function in two places
    (``xp.vecdot is xp.linalg.vecdot``) stays one object."""
    from .. import standard_names

    done = {} if done is None else done
    for name in standard_names(section):
        f = target.get(name)
        if callable(f) and not isinstance(f, type) and not getattr(f, _MARK, False):
            key = (id(f), name)
            if key not in done or name in FLOATING_INPUT:
                done[key] = wrap(f, name, rules, section, translations)
            target[name] = done[key]


def wrapped_module(module: types.ModuleType, name: str, section: str, rules: Rules
                   ) -> types.ModuleType:
    """A new module ``name`` (registered in ``sys.modules``) holding ``module``'s public
    names, its standard functions of ``section`` wrapped: nothing outside arraykit is
    modified."""
    own = types.ModuleType(name, module.__doc__)
    own.__dict__.update({k: v for k, v in vars(module).items() if not k.startswith("__")})
    _wrap_into(vars(own), section, rules, rules.compiled())
    sys.modules[name] = own
    return own


def install(namespace: dict[str, Any], rules: Rules) -> None:
    """Wrap every standard function of a namespace package (its ``globals()``) and of its
    ``linalg`` and ``fft`` (see ``wrap``). A submodule of the package itself is wrapped in
    place; one it re-exports from elsewhere (array-api-compat's ``fft``) is replaced by a
    ``wrapped_module``. Functions wrapped already are left alone (installing twice changes
    nothing)."""
    from .. import STANDARD_EXTENSIONS

    translations = rules.compiled()
    package = namespace["__name__"]
    done: dict = {}
    _wrap_into(namespace, "", rules, translations, done)
    for section in STANDARD_EXTENSIONS:
        module = namespace.get(section)
        if not isinstance(module, types.ModuleType):
            continue
        if module.__name__.startswith(package + "."):
            _wrap_into(vars(module), section, rules, translations, done)
        else:
            namespace[section] = wrapped_module(module, f"{package}.{section}", section, rules)


__all__ = ["FLOATING_INPUT", "STANDARD", "AxisError", "Rules", "install", "names_a_function",
           "standard_class", "translate", "translating", "wrap",
           "wrapped_module"]
