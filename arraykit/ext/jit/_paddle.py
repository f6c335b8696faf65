"""PaddlePaddle 3.3: ``paddle.jit.to_static(full_graph=True)`` (a PIR static program) where
Paddle can trace the function, else eager with jit's warning.

Under ``to_static`` the function sees ``paddle.pir.Value`` symbols, not tensors. A function
written with Paddle ops and tensor methods traces; one that calls
``arraykit.array_namespace`` (a Value is no array arraykit serves), ``arraykit.ext.grad``, or
branches on tensor values in Python does not. arraykit tries once per function: if building
the program fails it warns, runs the function eagerly from then on, and ``compilation(fn)``
reports "eager". (Paddle's default SOT mode would run such functions with graph breaks, but
measured 7x slower than eager on a small namespace function, 3957 us vs 573 us: not a
compilation worth reporting.) ``to_static`` needs the function's source (a file, not
``python -c``). Keyword arguments and non-tensor positional arguments run eagerly.
"""

from __future__ import annotations

import paddle

from ._common import KINDS, warn_eager

COMPILES = False  # only for functions Paddle's static tracer accepts: see compilation(fn)
#: The limit ``arraykit info`` reports.
NOTE = "compiled only for functions of Paddle ops (to_static), else eager"
#: The kind a compiled call records (registered here, where Paddle is named).
KIND = "paddle-static"
KINDS.setdefault(KIND, True)


def compile(fn, record, example):  # noqa: A001
    """``paddle.jit.to_static(fn, full_graph=True)`` with an eager fallback."""

    state = {"eager": False, "static": None}

    def run(*args, **kwargs):
        if state["eager"] or kwargs or not all(isinstance(a, paddle.Tensor) for a in args):
            record.last = "eager"
            return fn(*args, **kwargs)
        if state["static"] is None:
            state["static"] = paddle.jit.to_static(fn, full_graph=True)
        try:
            out = state["static"](*args)
        except Exception as e:  # noqa: BLE001 - any failure to build the static program
            state["eager"] = True
            run.compiled = fn
            warn_eager(fn, "Paddle cannot trace this function into a static program "
                           f"({type(e).__name__}: {str(e).strip().splitlines()[-1][:160]})")
            record.last = "eager"
            return fn(*args, **kwargs)
        # One program per input signature: the cache's size is the number of traces.
        record.traces = len(state["static"]._program_cache)
        record.last = KIND
        return out

    run.compiled = fn
    return run
