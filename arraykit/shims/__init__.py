"""Complete Array API 2025.12 namespaces for frameworks that have none.

One package per framework (``tensorflow/``, ``mxnet/``, ``jax/`` for the 2025.12 top-up of
``jax.numpy``). Each package *is* the namespace module: ``arraykit.array_namespace(x)`` returns
it for that framework's arrays. Logic shared by several shims lives in ``_common/`` and takes
the framework's ops as arguments, so each per-framework package holds only what differs.

Importing ``arraykit.shims`` imports no framework; importing ``arraykit.shims.<framework>``
imports that framework.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType
from typing import Any

#: The standard's extensions (its optional sections), each a submodule of every shim; not
#: arraykit's own extensions (``arraykit.ext.EXTENSIONS``).
STANDARD_EXTENSIONS = ("linalg", "fft")


def standard_names(section: str = "") -> tuple[str, ...]:
    """The function names of the 2025.12 namespace (``section``: "" for the main namespace,
    "linalg" or "fft"), read from the Protocols generated from the standard's stubs
    (``arraykit/_typing/_namespace.py``): the spec table every shim is checked against."""
    from .._typing import _namespace as spec

    protocol = {"": spec.ArrayNamespace, "linalg": spec.LinalgNamespace,
                "fft": spec.FFTNamespace}[section]
    return tuple(name for name, value in vars(protocol).items()
                 if not name.startswith("_") and callable(value))


def export_standard(namespace: dict[str, Any], modules: Iterable[ModuleType],
                    section: str = "") -> list[str]:
    """Put every standard function that one of ``modules`` defines into ``namespace`` (a shim
    package's ``globals()``), so that a function added to a section module needs no import
    line in the package; names the package defines already are kept. Returns the standard
    names no module defines (``tests/test_framework_named_once.py`` requires none)."""
    modules = tuple(modules)
    missing = []
    for name in standard_names(section):
        if name in namespace:
            continue
        for module in modules:
            value = getattr(module, name, None)
            if value is not None:
                namespace[name] = value
                break
        else:
            missing.append(name)
    return missing
