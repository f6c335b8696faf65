"""JAX: ``jax.jit``. A new shape, dtype or pytree structure of the dynamic arguments traces
and compiles again (cached per signature); the same signature reuses the compiled program."""

from __future__ import annotations

import jax

from .._pytree import first_array

COMPILES = True


def compile(fn, record, example):  # noqa: A001
    """``jax.jit(fn)``. The Python body runs only when jax traces it, or on every call under
    ``jax.disable_jit()``, where it sees concrete arrays instead of tracers: that is how a
    call is told apart as eager, without reading jax's config on the hot path."""

    def traced(*args, **kwargs):
        x = first_array(args, kwargs)
        if x is None or isinstance(x, jax.core.Tracer):
            record.traces += 1
        else:
            record.last = "eager"  # jax.disable_jit(): jax.jit called us with real arrays
        return fn(*args, **kwargs)

    jitted = jax.jit(traced)

    def run(*args, **kwargs):
        record.last = "xla"  # overwritten by ``traced`` when jit is disabled
        return jitted(*args, **kwargs)

    run.compiled = jitted  # the framework's compiled object (benchmarks, introspection)
    return run


def vmap(g, leaves, axes, size):
    """``jax.vmap`` of the flat function, outputs batched along axis 0 (see ``ext/_vmap``)."""
    return jax.vmap(g, in_axes=tuple(axes), out_axes=0, axis_size=size)(*leaves)
