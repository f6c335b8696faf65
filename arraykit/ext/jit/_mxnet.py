"""MXNet 1.9: hybridization (a gluon ``HybridBlock`` run by a CachedOp) where MXNet allows it.

Hybridized code receives MXNet Symbols instead of arrays. A function that only uses array
methods and operators on its inputs hybridizes; one that calls ``arraykit.array_namespace``
(Symbols are not arrays) or ``arraykit.ext.grad`` (autograd needs arrays) does not. arraykit
tries once per function: if building the graph fails it warns, runs the function eagerly from
then on, and ``compilation(fn)`` reports "eager". Functions with keyword arguments or
non-array positional arguments run eagerly too (gluon blocks take positional arrays only).
The CachedOp is shape-agnostic: new shapes do not re-run the Python function. Every call runs
in MXNet's NumPy mode (the shim's ``np_mode``), which is left as the caller had it.
"""

from __future__ import annotations

import mxnet as mx
from mxnet import gluon

from ...shims.mxnet._helpers import np_mode
from ._common import warn_eager

COMPILES = False  # only for functions written against Symbols as well: see compilation(fn)
#: The limit ``arraykit info`` reports.
NOTE = "compiled only for Symbol-compatible code, else eager"


class _Hybrid(gluon.HybridBlock):
    def __init__(self, fn, record):
        super().__init__()
        self._fn = fn
        self._record = record

    def hybrid_forward(self, F, *args):  # noqa: N803  (gluon's signature)
        self._record.traces += 1
        return self._fn(*args)


def compile(fn, record, example):  # noqa: A001
    """A hybridized block around ``fn``, with an eager fallback."""
    block = _Hybrid(fn, record)
    block.hybridize()
    state = {"eager": False}

    def run(*args, **kwargs):
        if state["eager"] or kwargs or not all(isinstance(a, mx.np.ndarray) for a in args):
            record.last = "eager"
            return fn(*args, **kwargs)
        try:
            out = block(*args)
        except Exception as e:  # noqa: BLE001  (any failure to build the symbolic graph)
            state["eager"] = True
            run.compiled = fn  # what runs from now on
            warn_eager(
                fn,
                "MXNet cannot hybridize this function "
                f"({type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''})",
            )
            record.last = "eager"
            return fn(*args, **kwargs)
        record.last = "mxnet-cachedop"
        return out

    run = np_mode(run)
    run.compiled = block  # the framework's compiled object (benchmarks, introspection)
    return run
