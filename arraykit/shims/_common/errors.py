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

The success path runs in C where ``arraykit._guard`` is built (``pip install`` builds it; it is
optional): a ``Guard`` makes those type tests and calls the function without a Python frame,
and hands anything else to the Python path below (the full checks; the translation when the
function raises). A Python frame per call costs as much as a NumPy ufunc on a small array
(0.1-0.5 us); the overhead study measured it (numpy control +9.9% with Python wrappers).
``Rules.guard`` is off where a tracer must see Python code (TorchDynamo cannot trace into a C
callable it does not know, and would break the graph at every call).

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

from .checks import dtype_not_allowed, not_an_array
from .mistakes import FLOATING_INPUT, diagnose
from .utils import AxisError


def _load_guard() -> Any:
    try:
        return importlib.import_module("arraykit._guard").Guard
    except ImportError:  # not built (a source checkout without a compiler): Python wrappers
        return None


#: The C success path (``arraykit._guard.Guard``), or None where it is not built.
Guard: Any = _load_guard()

#: The classes the standard's conventions use; an exception of one of them whose message does
#: not name the function is re-raised with the name (the same class where it can be rebuilt).
STANDARD = (TypeError, ValueError, IndexError)

#: ``FLOATING_INPUT`` (from ``mistakes``): the ``linalg`` functions whose input must have a
#: floating-point dtype; array-api-strict and the TF and MXNet shims refuse other dtypes with
#: TypeError, NumPy and jax silently promote integers to float64.

#: Tried after a framework's own translations: an argument that is no array of the framework
#: (a list, a string, another library's array) read as one fails on a missing attribute.
NON_ARRAY = ((AttributeError, r"^'[\w.]+' object has no attribute", TypeError),)

_PY_SCALARS = frozenset({bool, int, float, complex})
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
        argument checks (the framework refuses bad input itself).
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
    msg = str(exc)
    for caught, pattern, standard in translations:
        if isinstance(exc, caught) and (pattern is None or pattern.search(msg)):
            return standard
    cls = None if args is None else diagnose(fname, args, kwargs or {})
    if cls is None:
        cls = next((standard for caught, standard in otherwise if isinstance(exc, caught)),
                   None)
    return cls


def translate(exc: BaseException, fname: str, translations, args: tuple | None = None,
              kwargs: dict | None = None, otherwise: tuple = ()) -> BaseException | None:
    """The standard exception for ``exc``, raised by the standard function ``fname`` called
    with ``args`` and ``kwargs`` (its class: ``standard_class``); None to raise ``exc``
    itself: it follows the contract already (right class, message naming the function), it
    is no error of the call's input (no rule explains it and its class is no standard one:
    out of memory, a lost device), or it is of a standard subclass that cannot be rebuilt
    with the name (its class says more than the name would)."""
    cls = standard_class(exc, fname, translations, args, kwargs, otherwise)
    if cls is None and not isinstance(exc, STANDARD):
        return None
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


def translating(f: Callable, fname: str, translations) -> Callable:
    """``f`` raising the standard exceptions (see ``translate``); the success path is
    ``f``'s own plus one frame."""

    @functools.wraps(f)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return f(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - _reraise raises it, or its standard class
            _reraise(exc, fname, translations, args, kwargs)

    return _marked(call)


def _marked(wrapper: Callable) -> Callable:
    """``wrapper``, marked as one of these (``_wrap_into`` then does not wrap it again)."""
    setattr(wrapper, _MARK, True)
    return wrapper


def _checking(f: Callable, check: Callable[[tuple, dict], None], fname: str,
              translations) -> Callable:
    """``translating(f)`` that runs ``check(args, kwargs)`` first, in the same frame."""

    @functools.wraps(f)
    def call(*args: Any, **kwargs: Any) -> Any:
        check(args, kwargs)
        try:
            return f(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - _reraise raises it, or its standard class
            _reraise(exc, fname, translations, args, kwargs)

    return call


def _guarded(f: Callable, fname: str, translations, slow: Callable,
             ok: tuple[frozenset, ...] = (), dtype_pos: int | None = None,
             dtype_kw: bool = False, sequence: bool = False,
             refuse: tuple[int, tuple] | None = None, allow_only: bool = False
             ) -> Callable:
    """The C ``Guard`` of ``f``: arguments at positions ``0..len(ok)-1`` of the exact types in
    ``ok[i]`` (with ``sequence``, position 0 a non-empty list or tuple of them), no str at
    ``dtype_pos`` or in ``dtype=`` (``dtype_kw``), no dtype of ``refuse[1]`` at position
    ``refuse[0]`` (with ``allow_only``: a dtype of ``refuse[1]`` there): ``f`` called from
    C; anything else: ``slow(*args, **kwargs)``; an
    Exception from ``f``: ``_reraise`` (the Guard passes the call's positional arguments as a
    tuple and its keywords as a dict)."""
    def on_error(exc: Exception, args: tuple | None = None,
                 kwargs: dict | None = None) -> NoReturn:
        _reraise(exc, fname, translations, args, kwargs)

    ok0, ok1 = (tuple(t) for t in (*ok, (), ())[:2])
    guard = Guard(f, slow, on_error, ok0 if ok else None, ok1 if len(ok) == 2 else None,
                  dtype_pos=-1 if dtype_pos is None else dtype_pos, dtype_kw=dtype_kw,
                  seq0=sequence, refuse_pos=-1 if refuse is None else refuse[0],
                  refuse=None if refuse is None else tuple(refuse[1]),
                  allow_only=allow_only)
    functools.update_wrapper(guard, f)
    return _marked(guard)


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


def _argument_check(fname: str, rules: Rules, params: _Params, floating: bool
                    ) -> Callable[[tuple, dict], None]:
    """The full check of one function's arguments (the path other types take)."""
    is_array = rules.is_array

    def array_ok(x: Any, scalar_ok: bool) -> bool:
        assert is_array is not None  # check() calls this only when there is a test
        # Python scalars and their subclasses (NumPy's float64 is a float).
        return is_array(x) or (scalar_ok and isinstance(x, (bool, int, float, complex)))

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
        if floating and n and getattr(args[0], "dtype", None) is not None \
                and args[0].dtype.kind not in "fc":
            raise dtype_not_allowed(fname, str(args[0].dtype), "a floating-point dtype")

    return check


def checked(f: Callable, fname: str, rules: Rules, params: _Params, floating: bool,
            translations) -> Callable:
    """``translating(f)`` refusing what the standard's signature of ``fname`` refuses (see
    ``Rules``). The common case (arrays of the framework's exact types, no dtype name) costs
    one set-membership test per array argument, inline for the one- and two-array functions
    (most of the namespace); anything else takes the full test."""
    full = _argument_check(fname, rules, params, floating)
    extra = rules.extra.get(fname)
    fast = frozenset(rules.array_types)
    dtype_kw = rules.refuse_dtype_names and params.dtype_kw
    d = params.dtype_at if rules.refuse_dtype_names else None
    if rules.is_array is None:  # no argument checks: dtype names only
        params = _Params(dtype_at=params.dtype_at, dtype_kw=params.dtype_kw)
    positions = params.arrays + params.operands

    def ok_at(i: int) -> frozenset:
        return fast | _PY_SCALARS if i in params.operands else fast

    # An extra check the Guard routes (guard_refuse) runs on the Python path only.
    refuse = rules.guard_refuse.get(fname) if _use_guard(rules) else None
    # floating_input's test in C: only the floating dtypes at position 0 are called from there.
    allow = (floating and refuse is None and bool(rules.floating_dtypes) and _use_guard(rules)
             and extra is None and params.sequence is None and not params.var_arrays
             and positions in ((0,), (0, 1)) and d in (None, 1))
    if allow:
        refuse = (0, rules.floating_dtypes)
    # simple: no check that always runs in Python.
    simple = (allow or not floating) and (extra is None or refuse is not None)
    inline = simple and params.sequence is None and not params.var_arrays
    if _use_guard(rules) and inline and ((positions in ((0,), (0, 1)) and d in (None, 1))
                                         or not positions):
        slow = _checking(f, full if extra is None else _both(full, extra), fname,
                         translations)
        return _guarded(f, fname, translations, slow, tuple(map(ok_at, positions)), d,
                        dtype_kw, refuse=refuse, allow_only=allow)
    if extra is not None:
        simple = inline = False
    if (_use_guard(rules) and simple and params.sequence == 0 and not positions
            and not params.var_arrays and d is None):  # concat, stack: a list of arrays
        slow = _checking(f, full, fname, translations)
        return _guarded(f, fname, translations, slow, (fast,), None, dtype_kw, sequence=True)
    if inline and positions == (0,) and d in (None, 1):
        ok = ok_at(0)
        check_d = d is not None

        @functools.wraps(f)
        def call(*args: Any, **kwargs: Any) -> Any:
            if not args or type(args[0]) not in ok or (
                    kwargs and dtype_kw and type(kwargs.get("dtype")) is str) or (
                    check_d and len(args) > 1 and type(args[1]) is str):
                full(args, kwargs)
            try:
                return f(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - _reraise raises it, or its standard class
                _reraise(exc, fname, translations, args, kwargs)
    elif inline and positions == (0, 1) and d is None:
        ok0, ok1 = ok_at(0), ok_at(1)

        @functools.wraps(f)
        def call(*args: Any, **kwargs: Any) -> Any:
            if len(args) < 2 or type(args[0]) not in ok0 or type(args[1]) not in ok1 or (
                    kwargs and dtype_kw and type(kwargs.get("dtype")) is str):
                full(args, kwargs)
            try:
                return f(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - _reraise raises it, or its standard class
                _reraise(exc, fname, translations, args, kwargs)
    else:
        if extra is not None and rules.is_array is None and not rules.refuse_dtype_names \
                and not floating:
            pre = extra  # the full check would find nothing to check (torch's take)
        else:
            pre = _pre_check(full, extra, fast, params, simple, dtype_kw, d)
        return _marked(_checking(f, pre, fname, translations))
    return _marked(call)


def _both(first: Callable[[tuple, dict], None], second: Callable[[tuple, dict], None]
          ) -> Callable[[tuple, dict], None]:
    def check(args: tuple, kwargs: dict) -> None:
        first(args, kwargs)
        second(args, kwargs)
    return check


def _pre_check(full, extra, fast, params: _Params, simple: bool, dtype_kw: bool, d
               ) -> Callable[[tuple, dict], None]:
    """The argument check of the functions ``checked`` has no inline test for: a sequence of
    arrays (``concat``), ``*arrays``, no array at all (``zeros``), or one that always runs
    the full test (floating linalg input, a per-function check)."""
    if not simple or params.arrays or params.operands:
        def pre(args: tuple, kwargs: dict) -> None:
            full(args, kwargs)
            if extra is not None:
                extra(args, kwargs)
    elif params.sequence is not None:
        s = params.sequence

        def pre(args: tuple, kwargs: dict) -> None:
            if len(args) <= s or type(args[s]) not in (list, tuple) or (
                    kwargs and dtype_kw and type(kwargs.get("dtype")) is str):
                full(args, kwargs)
                return
            for a in args[s]:
                if type(a) not in fast:
                    full(args, kwargs)
                    return
    elif params.var_arrays:
        def pre(args: tuple, kwargs: dict) -> None:
            for a in args:
                if type(a) not in fast:
                    full(args, kwargs)
                    return
    else:
        def pre(args: tuple, kwargs: dict) -> None:
            if (kwargs and dtype_kw and type(kwargs.get("dtype")) is str) or (
                    d is not None and len(args) > d and type(args[d]) is str):
                full(args, kwargs)
    return pre


# ---------------------------------------------------------------------------------------
# Installing over a namespace
# ---------------------------------------------------------------------------------------

def _needs_checks(rules: Rules, params: _Params, floating: bool, fname: str) -> bool:
    if floating or fname in rules.extra:
        return True
    if rules.is_array is not None and (params.arrays or params.operands
                                       or params.sequence is not None or params.var_arrays):
        return True
    return rules.refuse_dtype_names and (params.dtype_at is not None or params.dtype_kw)


def wrap(f: Callable, fname: str, rules: Rules, section: str = "", translations=None
         ) -> Callable:
    """``f``, the namespace's ``fname`` of ``section``, with the standard's errors."""
    if translations is None:
        translations = rules.compiled()
    params = _signatures(section).get(fname, _Params())
    floating = rules.floating_input and section == "linalg" and fname in FLOATING_INPUT
    if _needs_checks(rules, params, floating, fname):
        return checked(f, fname, rules, params, floating, translations)
    if _use_guard(rules):
        return _guarded(f, fname, translations, translating(f, fname, translations))
    return translating(f, fname, translations)


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
