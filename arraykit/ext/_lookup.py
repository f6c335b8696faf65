"""Which module implements an extension for a backend: found by name, never listed.

``arraykit/ext/<ext>/_<backend>.py`` serves the registry row named ``<backend>``; a backend
without one gets the extension's generic fallback (``_generic``, ``_eager``). Adding a
framework therefore adds files and edits no table. What an implementation module must define
is written down as a ``typing.Protocol`` in each extension's ``_contract.py``; capability
flags (``DIFFERENTIATES``, ``COMPILES``, ``NOTE``) are module-level constants there, read
from the module found.

Finding a module does not import it (``importlib.util.find_spec`` on a submodule of an
imported package only looks at the file system), so asking what exists imports no framework.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType

#: (package, module basename) -> the module's full name, or None when there is no such file.
_found: dict[tuple[str, str], str | None] = {}


def own_module(package: str, backend: str, prefix: str = "_") -> str | None:
    """``"<package>.<prefix><backend>"`` if that module exists, else None (imports nothing)."""
    key = (package, prefix + backend)
    if key not in _found:
        full_name = f"{package}.{prefix}{backend}"
        try:
            exists = importlib.util.find_spec(full_name) is not None
        except (ImportError, ValueError):  # a backend name that is no module name
            exists = False
        _found[key] = full_name if exists else None
    return _found[key]


def module_name(
    package: str, backend: str, fallback: str | None = None, prefix: str = "_"
) -> str | None:
    """The implementation of extension ``package`` for ``backend``: its own module if it has
    one, else ``"<package>.<fallback>"`` (None without a fallback)."""
    name = own_module(package, backend, prefix)
    if name is None and fallback is not None:
        return f"{package}.{fallback}"
    return name


def implementation(package: str, backend: str, fallback: str) -> ModuleType:
    """Import (once) and return the module ``module_name`` names: the backend's own, else the
    fallback."""
    name = f"{package}.{fallback}" if (own := own_module(package, backend)) is None else own
    # sys.modules first: torch.compile cannot trace importlib.
    return sys.modules.get(name) or importlib.import_module(name)


def own_implementation(package: str, backend: str, prefix: str = "_") -> ModuleType | None:
    """The backend's own module ``<package>.<prefix><backend>``, imported; None if none."""
    name = own_module(package, backend, prefix)
    if name is None:
        return None
    return sys.modules.get(name) or importlib.import_module(name)


def backends_with_module(package: str, prefix: str = "_") -> tuple[str, ...]:
    """Registry names, in registry order, that have their own module in ``package``."""
    from .._registry import BACKENDS

    return tuple(b.name for b in BACKENDS if own_module(package, b.name, prefix) is not None)


# Called from code that tf.function traces: AutoGraph calls a function carrying this attribute
# as it is instead of converting it (as shims/tensorflow/linalg.py's _skip_autograph does).
for _f in (own_module, module_name, implementation, own_implementation):
    setattr(_f, "autograph_info__", None)  # noqa: B010 - a name mypy does not know
del _f
