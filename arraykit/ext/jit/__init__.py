"""``arraykit.ext.jit``: compile framework-agnostic functions with each framework's compiler.

    from arraykit.ext.jit import jit, is_compiled, scan

    @jit
    def step(w, x):
        xp = arraykit.array_namespace(w)
        return xp.tanh(x @ w)

    step(w, x)            # native arrays in and out, compiled by the arrays' framework
    is_compiled(step)     # True only if that call really ran a compiled program

================  ======================================  ==================================
framework         compiler                                ``compilation(fn)`` after a call
================  ======================================  ==================================
jax               ``jax.jit``                             "xla" ("eager" under disable_jit)
torch             ``torch.compile(fullgraph=True)``,      "inductor"; "eager" after a graph
                  Inductor (needs a C++ compiler on CPU)  break (warned) or dynamo fallback
tensorflow        ``tf.function(jit_compile=True)``       "xla"; "tf-graph" when XLA lacks a
                                                          kernel (warned)
mxnet             gluon ``HybridBlock.hybridize()``       "mxnet-cachedop" if the function
                                                          works on Symbols, else "eager"
numpy, array-api- none                                    "eager"
strict, dask
================  ======================================  ==================================

The framework is chosen per call from the first array leaf of the arguments; one ``jit(f)``
serves every framework, with a separate compiled program per framework.

Retracing rules (when the Python function runs again to build a new program):

- Static arguments (``static_argnums`` / ``static_argnames``) are passed to ``f`` as Python
  values and are part of the cache key: each new value (by ``hash``/``==``) builds a new
  program, on every framework. They must be hashable. A jitted function keeps the programs of
  its ``CACHE_SIZE`` (64) most recently used static values (``fn.cache_size`` changes it);
  an older value builds its program again.
- Array arguments: a new shape or dtype builds a new program on jax and tensorflow (one per
  signature, cached). torch recompiles for a new dtype; for a new shape it recompiles once and
  then treats that dimension as dynamic. mxnet's CachedOp re-infers shapes without re-running
  Python. The same signature never retraces.
- Non-array, non-static arguments follow each framework's own rule (jax traces Python numbers
  as arrays; tensorflow and torch specialise on their values): mark them static instead.
- ``fn.trace_count`` counts the programs built so far (all frameworks together).

Loops: a Python ``for`` loop over T steps is unrolled by every tracing compiler, so the
program, and XLA's compile time and memory (worse for its gradient), grow with T. ``scan(f,
init, xs, length=None)`` (``jax.lax.scan``'s semantics: ``f(carry, x) -> (carry, y)``, returns
``(final carry, ys stacked on a new leading axis)``; pytrees allowed) hands the loop to the
framework as a loop where it has one, and is differentiable with ``arraykit.ext.grad``:

================  ======================================================================
framework         ``scan`` runs as
================  ======================================================================
jax               ``jax.lax.scan`` (eagerly too)
tensorflow        a Python loop eagerly; ``tf.while_loop`` over TensorArrays in a graph
                  (``tf.function``, XLA), its first step peeled off to learn y's specs
torch, numpy,     a Python loop and one ``stack`` per y leaf (``torch.compile`` unrolls it)
mxnet, array-api-
strict, dask
================  ======================================================================
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from typing import Any

from ..._registry import BY_NAME
from .._lookup import implementation, own_module
from .._pytree import first_array, impl_for_type
from .._vmap import vmap
from ._common import KINDS, Record
from ._scan import scan

__all__ = ["CACHE_SIZE", "JittedFunction", "compilation", "is_compiled", "jit", "scan", "vmap"]

_PACKAGE = __name__

#: Programs a jitted function keeps (least recently used first out): one per static value and
#: array type. Each holds the framework's compiled program (and its memory) while cached.
CACHE_SIZE = 64


class JittedFunction:
    """What ``jit(f)`` returns: call it like ``f``. See the module docstring for the rules."""

    def __init__(
        self,
        f: Callable[..., Any],
        static_argnums: tuple[int, ...],
        static_argnames: tuple[str, ...],
        names: dict[int, str] | None = None,
    ) -> None:
        self._f = f
        self._names = names or {}  # position -> parameter name, for cache keys
        self._record = Record()
        self._static_argnums = static_argnums
        self._static_argnames = static_argnames
        self._has_static = bool(static_argnums or static_argnames)
        # (static key, array type) -> compiled runner; without static arguments the key is the
        # array type alone, so the hot path is one dict lookup. Kept in least-recently-used
        # order and bounded by ``cache_size``.
        self._entries: dict[Any, Callable[..., Any]] = {}
        # With static arguments: a call signature -> (its program, its key in ``_entries``,
        # dynamic positions, dynamic keyword names, type of the first dynamic argument); and
        # the static positions per number of positional arguments (see ``__call__``).
        self._fast: dict[Any, tuple] = {}
        self._static_at: dict[int, tuple[int, ...]] = {}
        self.cache_size = CACHE_SIZE
        functools.update_wrapper(self, f)

    # -- calling -----------------------------------------------------------------------------

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not self._has_static:
            run = self._entries.get(type(args[0])) if args else None
            if run is None:
                run = self._entry(args, kwargs, (), args, kwargs)
            return run(*args, **kwargs)
        # Static arguments: a call of a signature seen before (the same number of positional
        # arguments, the same keyword names in the same order, equal static values, the same
        # type of first dynamic argument) finds its program in ``_fast`` without building the
        # general key; ``_split`` and ``_entry`` made that entry, so both paths agree.
        n = len(args)
        spos = self._static_at.get(n)
        if spos is None:
            spos = self._static_at[n] = tuple(
                sorted({i % n for i in self._static_argnums if -n <= i < n}))
        fkey: tuple | None  # None: an unhashable static value
        if kwargs:
            names = self._static_argnames
            fkey = (n, tuple(kwargs), tuple([args[i] for i in spos]),
                    tuple([v for k, v in kwargs.items() if k in names]))
        else:
            fkey = (n, (), tuple([args[i] for i in spos]), ())
        try:
            hit = self._fast.get(fkey)
        except TypeError:  # an unhashable static value: the general path says so
            hit = fkey = None
        if hit is not None:
            run, key, dpos, dkw, cls = hit
            if type(args[dpos[0]]) is cls:
                self._entries[key] = self._entries.pop(key)  # now the most recently used
                if dkw:
                    return run(*[args[i] for i in dpos], **{k: kwargs[k] for k in dkw})
                return run(*[args[i] for i in dpos])
        static_key, dyn_args, dyn_kwargs, static_pos, static_kw = self._split(args, kwargs)
        run = self._entry(args, kwargs, static_key, dyn_args, dyn_kwargs, static_pos, static_kw)
        if fkey is not None and dyn_args:
            cls = type(dyn_args[0])
            if self._entries.get((static_key, cls)) is run:  # dyn_args[0] chose the program
                dpos = tuple(i for i in range(n) if i not in spos)
                self._fast[fkey] = (run, (static_key, cls), dpos, tuple(dyn_kwargs), cls)
        return run(*dyn_args, **dyn_kwargs)

    def _entry(
        self, args, kwargs, static_key, dyn_args, dyn_kwargs, static_pos=(), static_kw=()
    ) -> Callable[..., Any]:
        x = first_array(dyn_args, dyn_kwargs)
        if x is None:
            x = first_array(args, kwargs)
        cls = type(x) if x is not None else None
        key = (static_key, cls) if self._has_static else cls
        run = self._entries.pop(key, None)
        if run is not None:
            self._entries[key] = run  # now the most recently used
            return run
        if x is None:
            # No array at all: nothing to pick a compiler by; run f as written.
            impl = importlib.import_module(f"{_PACKAGE}._eager")
        else:
            impl = impl_for_type(_PACKAGE, cls)
            from .._pytree import backend_name

            self._record.backend = backend_name(x)
        fn = self._bind(static_pos, static_kw) if self._has_static else self._f
        run = impl.compile(fn, self._record, x)
        self._entries[key] = run
        if not self._has_static and args and cls is type(args[0]):
            self._entries[cls] = run  # the hot path's key (first argument's type)
        while len(self._entries) > max(self.cache_size, 1):
            del self._entries[next(iter(self._entries))]  # the least recently used
            self._fast.clear()  # it may name the program just dropped
        return run

    # -- static arguments --------------------------------------------------------------------

    def _split(self, args: tuple, kwargs: dict) -> tuple[tuple, tuple, dict, tuple, tuple]:
        """(hashable static key, dynamic positional args, dynamic keyword args, static
        positional (index, value) pairs, static keyword (name, value) pairs)."""
        n = len(args)
        static_pos = tuple((i % n, args[i]) for i in self._static_argnums if -n <= i < n)
        positions = {i for i, _ in static_pos}
        dyn_args = tuple(a for i, a in enumerate(args) if i not in positions)
        static_kw = tuple((k, v) for k, v in kwargs.items() if k in self._static_argnames)
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in self._static_argnames}
        # The key names a parameter the same way whether it came by position or by keyword,
        # so f(x, 2) and f(x, n=2) share one program.
        labelled = [(self._names.get(i, i), v) for i, v in static_pos] + list(static_kw)
        key = (tuple(sorted(labelled, key=lambda t: str(t[0]))), len(dyn_args))
        try:
            hash(key)
        except TypeError:
            bad = [v for _, v in labelled if not _hashable(v)]
            raise TypeError(
                f"jit({self.__name__}): static arguments must be hashable (they key the cache "
                f"of compiled programs); got {type(bad[0]).__name__} {bad[0]!r:.60}. Use a "
                "tuple instead of a list, or pass arrays as non-static arguments"
            ) from None
        return key, dyn_args, dyn_kwargs, static_pos, static_kw

    def _bind(self, static_pos: tuple, static_kw: tuple) -> Callable[..., Any]:
        """A function of the dynamic arguments only, with the static values built in."""
        static_at = dict(static_pos)
        static_kwargs = dict(static_kw)
        f = self._f

        def bound(*dyn: Any, **dyn_kwargs: Any) -> Any:
            it = iter(dyn)
            full = [
                static_at[i] if i in static_at else next(it)
                for i in range(len(dyn) + len(static_at))
            ]
            return f(*full, **dyn_kwargs, **static_kwargs)

        bound.__name__ = getattr(f, "__name__", "f")
        return bound

    # -- introspection -----------------------------------------------------------------------

    @property
    def trace_count(self) -> int:
        """How many programs have been built (Python body traced) so far, all frameworks."""
        return self._record.traces

    @property
    def last_backend(self) -> str | None:
        """The framework of the most recent call that built a program ("jax", "torch", ...)."""
        return self._record.backend

    def __repr__(self) -> str:
        return f"<arraykit jit of {self._f!r}>"

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        # Decorating a method: bind like a function would.
        return self if obj is None else functools.partial(self, obj)


def _hashable(v: Any) -> bool:
    try:
        hash(v)
    except TypeError:
        return False
    return True


def jit(
    f: Callable[..., Any] | None = None,
    *,
    static_argnums: int | tuple[int, ...] = (),
    static_argnames: str | tuple[str, ...] = (),
) -> Any:
    """Compile ``f`` with the compiler of its arguments' framework.

    Returns a ``JittedFunction`` (usable as a decorator, with or without arguments). Results
    equal ``f``'s; the module docstring lists the compilers and the retracing rules.
    ``static_argnums``/``static_argnames`` name arguments passed as Python values and baked
    into the compiled program (each new value compiles again); as in JAX, a name given in one
    is matched to its position in ``f``'s signature and vice versa.
    """
    if f is None:
        return functools.partial(jit, static_argnums=static_argnums,
                                 static_argnames=static_argnames)
    nums = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)
    names = (static_argnames,) if isinstance(static_argnames, str) else tuple(static_argnames)
    if any(isinstance(i, bool) or not isinstance(i, int) for i in nums):
        raise TypeError(f"jit: static_argnums must be ints, got {static_argnums!r}")
    try:
        params = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):
        params = []
    positional = [
        p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    # Like jax: a static name also covers its position, a static position also its name.
    nums = tuple(sorted(set(nums) | {positional.index(n) for n in names if n in positional}))
    names = tuple(sorted(set(names) | {positional[i] for i in nums if 0 <= i < len(positional)}))
    return JittedFunction(f, nums, names, dict(enumerate(positional)))


def compilation(fn: JittedFunction) -> str | None:
    """How ``fn``'s most recent call ran: "xla", "inductor", "tf-graph", "mxnet-cachedop" or
    "eager"; None before its first call."""
    if not isinstance(fn, JittedFunction):
        raise TypeError("compilation() takes a function returned by jit(), got "
                        f"{type(fn).__name__}")
    return fn._record.last


def is_compiled(fn_or_backend: JittedFunction | str) -> bool:
    """Whether compiled code ran, truthfully.

    - ``is_compiled(fn)`` for a ``jit``-ed function: True if its most recent call ran a
      program the framework built (XLA, Inductor, a TF graph, an MXNet CachedOp), False if
      it ran the Python function eagerly or was never called. ``compilation(fn)`` says which.
    - ``is_compiled("torch")`` for a backend name: whether ``jit`` compiles arrays of that
      framework in general: True for jax, torch and tensorflow; False for mxnet (only
      functions that also work on MXNet Symbols hybridize: ask per function) and for
      numpy, array_api_strict, dask and unknown names.
    """
    if isinstance(fn_or_backend, JittedFunction):
        return KINDS.get(fn_or_backend._record.last, False)
    if isinstance(fn_or_backend, str):
        # The backend's own ``_<name>.py`` says, in ``COMPILES`` (imports the framework).
        if fn_or_backend not in BY_NAME or own_module(_PACKAGE, fn_or_backend) is None:
            return False
        try:
            return bool(implementation(_PACKAGE, fn_or_backend, "_eager").COMPILES)
        except ImportError:  # the framework is not installed
            return False
    raise TypeError(
        "is_compiled() takes a function returned by jit() or a backend name such as 'jax', "
        f"got {type(fn_or_backend).__name__}"
    )
