"""What every framework's ``jit`` shares: the per-function record of what ran.

Each per-framework module provides ``compile(fn, record, example)`` returning a callable that
runs ``fn`` (a function of the dynamic arguments only) through the framework's compiler and
sets ``record.last`` to what actually ran on every call; ``COMPILES`` says whether the
framework compiles in general (``is_compiled("jax")``).
"""

from __future__ import annotations

import warnings

#: What ``compilation(fn)`` may report, and whether it counts as compiled: the Python
#: function is not re-run per call; a program built by the framework runs instead.
KINDS = {
    "xla": True,  # jax.jit, tf.function(jit_compile=True)
    "inductor": True,  # torch.compile(fullgraph=True), one graph for the whole function
    "tf-graph": True,  # tf.function without XLA (fallback when XLA lacks a kernel)
    "mxnet-cachedop": True,  # a hybridized gluon HybridBlock
    "eager": False,  # the Python function ran as written
}


class Record:
    """Per jitted function: what its most recent call ran as, and how many traces so far."""

    __slots__ = ("backend", "last", "traces")

    def __init__(self) -> None:
        self.last: str | None = None  # a KINDS key; None until the first call
        self.traces = 0  # how many times a program was built (Python body traced)
        self.backend: str | None = None


def warn_eager(fn: object, problem: str, instead: str = "running it eagerly") -> None:
    """The one warning a backend gives when it cannot compile ``fn`` as asked:
    ``jit(<name>): <problem>; <instead>`` as a RuntimeWarning pointing at the caller of the
    jitted function (call it from the backend's ``run`` wrapper)."""
    warnings.warn(
        f"jit({getattr(fn, '__name__', 'f')}): {problem}; {instead}",
        RuntimeWarning,
        stacklevel=4,
    )
