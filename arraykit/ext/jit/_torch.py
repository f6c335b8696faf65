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
sizes reuse the dynamic graph. ``torch._dynamo.config.recompile_limit`` (8) bounds recompiles
per function, after which dynamo runs eagerly and ``is_compiled`` reports it.
"""

from __future__ import annotations

import warnings

import torch

from .._pytree import warm

COMPILES = True


def compile(fn, record, example):  # noqa: A001
    """``torch.compile`` through a backend that counts compilations and marks each run."""
    from torch._inductor.compile_fx import compile_fx

    if example is not None:
        # Dynamo cannot follow an import: resolve the namespace and the grad/jit modules for
        # this array type now (other lazily built caches: see the retry below).
        warm(example)
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

    state = {"fn": torch.compile(fn, fullgraph=True, backend=backend), "failures": 0}

    def run(*args, **kwargs):
        if state["failures"] >= 2:
            record.last = "eager"
            return fn(*args, **kwargs)
        ran[0] = False
        try:
            out = state["fn"](*args, **kwargs)
        except torch._dynamo.exc.Unsupported as e:
            state["failures"] += 1
            if state["failures"] >= 2:
                warnings.warn(
                    f"jit({getattr(fn, '__name__', 'f')}): torch.compile cannot capture the "
                    f"whole function as one graph ({str(e).splitlines()[0][:200]}); running it "
                    "eagerly",
                    RuntimeWarning,
                    stacklevel=3,
                )
            # The first failure may come from a cache that library code fills lazily (an
            # import dynamo cannot trace, e.g. in arraykit.ext.nd): this eager run fills it,
            # and the next call tries to compile once more before giving up.
            record.last = "eager"
            return fn(*args, **kwargs)
        record.last = "inductor" if ran[0] else "eager"
        return out

    run.compiled = state["fn"]  # the framework's compiled object (benchmarks, introspection)
    return run
