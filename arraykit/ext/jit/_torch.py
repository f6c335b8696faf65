"""PyTorch: ``torch.compile(fullgraph=True)`` with Inductor.

``fullgraph=True`` makes the whole function one graph or nothing. If TorchDynamo cannot
capture it (a graph break), that call runs eagerly (``is_compiled`` says False: nothing
half-compiled is passed off as compiled); the eager run fills lazily built caches (imports
inside library code, which dynamo cannot trace), so the next call tries once more, and if it
fails again arraykit warns and runs the function eagerly from then on. Whether a call
ran compiled is observed, not assumed: the compiled graph sets a flag when it runs (dynamo
also falls back silently, e.g. past its recompile limit).

Retracing (TorchDynamo's rules): a new dtype, device or Python constant recompiles; a new
shape recompiles once and marks that dimension dynamic ("automatic dynamic shapes"), so later
sizes reuse the dynamic graph (after a failed capture, static shapes: see the retry below).
``torch._dynamo.config.recompile_limit`` (8) bounds recompiles per code object: each function
handed to ``compile`` (one per static value) gets a code object of its own, so static values
do not share one budget; past the limit for one of them (new dtypes, say), a call runs
eagerly with a warning, as native ``torch.compile`` without ``fullgraph`` would (with
``fullgraph=True`` dynamo raises ``FailOnRecompileLimitHit`` instead), and ``is_compiled``
reports it; signatures compiled before keep running compiled.

array-api-compat's ``result_type`` ends in ``torch.result_type``, which returns a dtype and so
breaks the graph whenever a Python scalar meets a tensor (``xp.minimum(i, w - 1)``, every
``xp.clip``); ``_teach_dynamo`` tells TorchDynamo to evaluate it at trace time instead.

Guards: TorchDynamo re-checks, before every call, each object the trace read, and a trace
through arraykit reads its dispatch tables, Guards and closures and array-api-compat's
helpers: on the vision workload five times the native program's guards, ~50 us a call
(torch 2.13, CPU; 2.5% of the call). ``_own_guards`` drops those on the module internals
of arraykit and array-api-compat that check identity or structure (which function, module
or type, which keys a table holds) or values fixed when a function was defined (closures,
defaults): neither patches its modules at run time, and a table of arraykit's that holds a
key maps it to the same value. Guards on the arguments, on the caller's globals, on global
torch state and on values read from those modules' attributes (a flag) stay.
"""

from __future__ import annotations

import re
import types
from collections.abc import Sequence
from typing import Any

import torch

from .._pytree import warm
from ._common import warn_eager

COMPILES = True

#: What a guard on those internals checks that ``_own_guards`` drops (see above).
_STRUCTURE_GUARDS = frozenset({
    "ID_MATCH", "CLOSURE_MATCH", "MODULE_MATCH", "BUILTIN_MATCH", "CLASS_MATCH", "TYPE_MATCH",
    "DUPLICATE_INPUT", "DICT_KEYS_MATCH", "DICT_CONTAINS", "DICT_NOT_CONTAINS", "SET_CONTAINS",
    "SET_NOT_CONTAINS",
})
#: In a guard's source: TorchDynamo's name for a module an inlined function's globals reach:
#: ``__import_`` and the module's name with ``.`` spelled ``_dot_``.
_OURS = re.compile(r"G\['__import_(arraykit|array_api_compat)(_dot_\w+)?'\]")
_DEFINED = ("__closure__", "__defaults__", "__kwdefaults__")


def _own_guards(entries: Sequence[Any]) -> list[bool]:
    """TorchDynamo's ``guard_filter_fn``: which guards to keep (see the module docstring)."""
    return [
        not (e.is_global and _OURS.search(e.name)
             and (e.guard_type in _STRUCTURE_GUARDS or any(d in e.name for d in _DEFINED)))
        for e in entries
    ]


def _teach_dynamo() -> None:
    """Make array-api-compat's ``torch.result_type`` traceable by TorchDynamo.

    The result is a pure function of the arguments' dtypes, whether each tensor is 0-d, and
    the kinds of the Python scalars (never their values; torch has no value-based promotion),
    all of which dynamo knows while tracing and guards on. So the traced stand-in describes
    each argument by exactly those facts and computes the answer at trace time by calling the
    real function on stand-in arguments (``assume_constant_result``): the same answer, and the
    same errors, as the eager call. Eager code is untouched (dynamo uses a substitute only
    while tracing). Silently skipped if either library lacks the hooks.
    """
    try:
        from array_api_compat.torch import _aliases
        from torch._dynamo import assume_constant_result, substitute_in_graph

        original = _aliases.result_type
    except (ImportError, AttributeError):
        return

    def example(desc):
        if isinstance(desc, tuple):  # a tensor: (dtype, has axes)
            return torch.empty((1,) if desc[1] else (), dtype=desc[0])
        return desc  # a dtype, or a representative Python scalar

    @assume_constant_result
    def result_type_of(*descs):
        return original(*(example(d) for d in descs))

    def describe(a):
        if isinstance(a, torch.Tensor):
            return (a.dtype, a.ndim > 0)
        # Symbolic scalars (a dynamic size such as ``w - 1``) promote as the Python kind.
        if isinstance(a, (bool, torch.SymBool)):
            return True
        if isinstance(a, (int, torch.SymInt)):
            return 0
        if isinstance(a, (float, torch.SymFloat)):
            return 0.0
        if isinstance(a, complex):
            return 0j
        return a  # a dtype (or something the real function will reject)

    def traceable_result_type(*arrays_and_dtypes):
        return result_type_of(*[describe(a) for a in arrays_and_dtypes])

    try:
        substitute_in_graph(original, skip_signature_check=True)(traceable_result_type)
    except (ValueError, TypeError):  # already registered (module reloaded) or API changed
        pass


_teach_dynamo()


def _options() -> dict[str, Any] | None:
    """torch.compile's ``options``: a dict of its own per call (torch.compile pops the
    filter from it); None where torch has no ``guard_filter_fn`` (before 2.7)."""
    if not hasattr(torch.compiler, "keep_tensor_guards_unsafe"):
        return None
    return {"guard_filter_fn": _own_guards}


#: What dynamo raises at its recompile limit under ``fullgraph=True`` (older torch: nothing).
_LIMIT_HIT = getattr(torch._dynamo.exc, "FailOnRecompileLimitHit", ())


def _own_code(fn):
    """``fn`` with a copy of its code object: dynamo keeps compiled graphs and counts
    recompiles per code object, and the functions ``jit`` binds per static value all share
    one code object."""
    if not isinstance(fn, types.FunctionType):
        return fn  # a bound method, a partial...: compiled as given
    copy = types.FunctionType(fn.__code__.replace(), fn.__globals__, fn.__name__,
                              fn.__defaults__, fn.__closure__)
    copy.__kwdefaults__ = fn.__kwdefaults__
    copy.__dict__.update(fn.__dict__)
    copy.__qualname__ = fn.__qualname__
    copy.__module__ = fn.__module__
    copy.__doc__ = fn.__doc__
    return copy


def compile(fn, record, example):  # noqa: A001
    """``torch.compile`` through a backend that counts compilations and marks each run."""
    from torch._inductor.compile_fx import compile_fx

    if example is not None:
        # Dynamo cannot follow an import: resolve the namespace and the grad/jit modules for
        # this array type now (other lazily built caches: see the retry below).
        warm(example)
    fn = _own_code(fn)
    ran = [False]

    def backend(gm, example_inputs):
        record.traces += 1
        compiled = compile_fx(gm, example_inputs)

        # Dynamo calls what a backend returns with the graph's inputs as positional
        # arguments (the compiled function takes care of its own calling convention).
        def run_graph(*args):
            ran[0] = True
            return compiled(*args)

        return run_graph

    state = {"fn": torch.compile(fn, fullgraph=True, backend=backend, options=_options()),
             "failures": 0,
             "limit_warned": False}

    def run(*args, **kwargs):
        if state["failures"] >= 2:
            record.last = "eager"
            return fn(*args, **kwargs)
        ran[0] = False
        try:
            out = state["fn"](*args, **kwargs)
        except _LIMIT_HIT:
            if not state["limit_warned"]:
                state["limit_warned"] = True
                warn_eager(
                    fn,
                    "torch.compile reached torch._dynamo.config.recompile_limit "
                    f"({torch._dynamo.config.recompile_limit}) for this function",
                    "new signatures (dtypes, shapes) run eagerly, compiled ones stay compiled",
                )
            record.last = "eager"
            return fn(*args, **kwargs)
        except torch._dynamo.exc.Unsupported as e:
            state["failures"] += 1
            if state["failures"] >= 2:
                warn_eager(
                    fn,
                    "torch.compile cannot capture the whole function as one graph "
                    f"({str(e).splitlines()[0][:200]})",
                )
            # The first failure may come from a cache that library code fills lazily (an
            # import dynamo cannot trace, e.g. in arraykit.ext.nd): this eager run fills it,
            # and the next call tries to compile once more before giving up. Or from a
            # dynamic-shape graph (automatic dynamic shapes after a new size): library code
            # that needs a concrete size breaks it (array-api-compat's clip calls
            # math.isnan on its bounds, a symbolic float once the size is dynamic), so the
            # retry compiles with static shapes (one graph per size, up to dynamo's
            # recompile limit).
            if state["failures"] == 1:
                state["fn"] = torch.compile(fn, fullgraph=True, backend=backend, dynamic=False,
                                            options=_options())
            record.last = "eager"
            return fn(*args, **kwargs)
        record.last = "inductor" if ran[0] else "eager"
        return out

    run.compiled = state["fn"]  # the framework's compiled object (benchmarks, introspection)
    return run


def vmap(g, leaves, axes, size):
    """``torch.func.vmap`` of the flat function, outputs batched along axis 0 (see
    ``ext/_vmap``)."""
    in_dims = axes[0] if len(axes) == 1 else tuple(axes)
    if torch.compiler.is_compiling():
        # Traced: a map of this call's function, and nothing cached from inside a trace.
        def one_or_tuple(*mapped):
            out = g(*mapped)
            return out[0] if len(out) == 1 else out

        out = torch.func.vmap(one_or_tuple, in_dims=in_dims, out_dims=0)(*leaves)
    else:
        # One torch.func.vmap per in_dims, built once: building it costs 6-9 us a call (torch
        # 2.13, CPU). g, this call's function, goes in as a keyword, which torch passes
        # through unmapped (and unflattened).
        mapped = _vmapped.get(in_dims)
        if mapped is None:
            if len(_vmapped) >= 64:
                _vmapped.clear()
            mapped = _vmapped[in_dims] = torch.func.vmap(_one_or_tuple, in_dims=in_dims,
                                                         out_dims=0)
        out = mapped(*leaves, g=g)
    return out if type(out) is tuple else (out,)


def one_or_tuple(*mapped, g):
    """``g``'s outputs, one leaf as the tensor itself: a tuple output goes through torch's
    pytree code (torch 2.13, CPU: 80 -> 60 us a call for one mapped tensor)."""
    out = g(*mapped)
    return out[0] if len(out) == 1 else out


#: The eager form (named as the traced one, which torch's error messages name).
_one_or_tuple = one_or_tuple
#: in_dims -> ``torch.func.vmap(_one_or_tuple, in_dims)``.
_vmapped: dict = {}
