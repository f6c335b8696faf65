"""Extension namespaces: what the Array API standard lacks and real users need.

- ``arraykit.ext.nd``: gather_nd / scatter_nd / update_nd / segment reductions with one pinned
  meaning on every backend;
- ``arraykit.ext.grad``: grad, value_and_grad, jacobian, vjp, stop_gradient over each
  framework's own autodiff;
- ``arraykit.ext.jit``: jit with static arguments over each framework's own compiler,
  ``is_compiled`` that tells the truth, ``scan``, a loop the compilers keep as a loop
  (``jax.lax.scan``, ``tf.while_loop`` in TF graphs, a Python loop elsewhere), and ``vmap``
  (``jax.vmap``, ``torch.func.vmap``, ``tf.vectorized_map``, a loop elsewhere);
- ``arraykit.ext.random``: counter-based random numbers (Threefry-2x32), the same bits on
  every backend;
- ``arraykit.ext.static``: ``unique_*``, ``nonzero`` and a masked select with a fixed output
  size, so that code using them compiles.

``EXTENSIONS`` lists them; which backends each serves, and any limit there, is found by name
(``<ext>/_<backend>.py`` or the extension's fallback, see ``_lookup``) and read from those
modules' constants (``NOTE``; for grad ``DIFFERENTIATES``). ``arraykit info`` reports it.
Nothing is listed that does not work.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from types import ModuleType

from ._lookup import implementation


@dataclass(frozen=True)
class Extension:
    """One extension namespace. A backend is served by ``<module>._<backend>`` if that module
    exists, else by ``<module>.<fallback>``; it is supported when that module imports and its
    ``flag`` constant (if any) is true. The module's ``NOTE`` ("" when absent) says any limit.
    """

    module: str
    fallback: str
    flag: str | None = None

    def implementation(self, backend: str) -> ModuleType:
        """The module that serves ``backend``'s arrays (imports it, hence the framework)."""
        return implementation(self.module, backend, self.fallback)

    def supports(self, backend: str) -> bool:
        try:
            impl = self.implementation(backend)
        except Exception:  # noqa: BLE001 - not installed, or an install that fails to import
            return False
        return self.flag is None or bool(getattr(impl, self.flag))

    def describe(self, backend: str) -> str:
        if not self.supports(backend):
            return ""
        return str(getattr(self.implementation(backend), "NOTE", ""))

    @property
    def backends(self) -> dict[str, str]:
        """Installed backend name -> "" (works fully) or a short limit note. Imports the
        implementation modules, hence the frameworks."""
        from .._registry import BACKENDS

        out = {}
        for backend in BACKENDS:
            try:
                installed = importlib.util.find_spec(backend.package) is not None
            except (ImportError, ValueError):
                installed = False
            if installed and self.supports(backend.name):
                out[backend.name] = self.describe(backend.name)
        return out


#: name -> Extension, for every extension namespace that exists.
EXTENSIONS: dict[str, Extension] = {
    "nd": Extension("arraykit.ext.nd", "_generic"),
    "grad": Extension("arraykit.ext.grad", "_eager", flag="DIFFERENTIATES"),
    "jit": Extension("arraykit.ext.jit", "_eager"),
    "random": Extension("arraykit.ext.random", "_common"),
    "static": Extension("arraykit.ext.static", "_generic"),
}
