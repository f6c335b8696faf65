"""Extension namespaces: what the Array API standard lacks and real users need.

- ``arraykit.ext.nd``: gather_nd / scatter_nd / update_nd / segment reductions with one pinned
  meaning on every backend;
- ``arraykit.ext.grad``: grad, value_and_grad, jacobian, vjp, stop_gradient over each
  framework's own autodiff;
- ``arraykit.ext.jit``: jit with static arguments over each framework's own compiler,
  ``is_compiled`` that tells the truth, and ``scan``, a loop the compilers keep as a loop
  (``jax.lax.scan``, ``tf.while_loop`` in TF graphs, a Python loop elsewhere).

``EXTENSIONS`` lists them with the backends each is tested on (and any limit there);
``arraykit info`` reports it. Nothing is listed that does not work.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Extension:
    """One extension namespace: backend name -> "" (works fully) or a short limit note."""

    module: str
    backends: dict[str, str] = field(default_factory=dict)

    def supports(self, backend: str) -> bool:
        return backend in self.backends

    def describe(self, backend: str) -> str:
        note = self.backends.get(backend)
        return "" if note is None else note


_DIFFERENTIABLE = {"jax": "", "torch": "", "tensorflow": "", "mxnet": "first order only"}

#: name -> Extension, for every extension namespace that exists.
EXTENSIONS: dict[str, Extension] = {
    "nd": Extension("arraykit.ext.nd", {
        "numpy": "", "torch": "", "jax": "", "tensorflow": "", "mxnet": "",
        "array_api_strict": "", "dask": "gather_nd only",
    }),
    "grad": Extension("arraykit.ext.grad", dict(_DIFFERENTIABLE)),
    "jit": Extension("arraykit.ext.jit", {
        "jax": "", "torch": "", "tensorflow": "",
        "mxnet": "compiled only for Symbol-compatible code, else eager",
        "numpy": "eager", "array_api_strict": "eager", "dask": "eager",
    }),
}
