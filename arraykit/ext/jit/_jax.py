"""JAX: ``jax.jit``. A new shape, dtype or pytree structure of the dynamic arguments traces
and compiles again (cached per signature); the same signature reuses the compiled program."""

from __future__ import annotations

import jax

COMPILES = True


def compile(fn, record, example):  # noqa: A001
    """``jax.jit(fn)``; the trace counter lives in the Python body, which runs only when
    jax traces."""

    def traced(*args, **kwargs):
        record.traces += 1
        return fn(*args, **kwargs)

    jitted = jax.jit(traced)

    def run(*args, **kwargs):
        out = jitted(*args, **kwargs)
        # jax.disable_jit() makes jax.jit run the Python function eagerly: say so.
        record.last = "eager" if jax.config.jax_disable_jit else "xla"
        return out

    return run
