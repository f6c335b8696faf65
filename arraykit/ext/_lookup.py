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
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .. import _dynamo
from .._dispatch import torch_tensor_types

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


def type_lookup(
    package: str,
    fallback: str | None,
    refuse: Callable[[str, type], Exception],
    build: Callable[[Any, ModuleType | None], Any] | None = None,
    cache: dict[type, Any] | None = None,
) -> Callable[[type, str], Any]:
    """``lookup(cls, fname)``: what serves arrays of type ``cls`` in extension ``package``,
    one dict lookup after the first call per type (the hot path of every extension call).

    What serves them: ``<package>._<backend>`` if the backend has one, else
    ``<package>.<fallback>`` (``fallback=None``: the backend's own module or None), or what
    ``build(backend, module)`` makes of it. A type no registry row owns raises
    ``refuse(fname, cls)``. ``cache`` (type -> what serves it; a new dict if not given) empties
    when the registry changes."""
    from .. import _registry
    from .._dispatch import backend_of_type

    by_type: dict[type, Any] = {} if cache is None else cache
    _registry._listeners.append(by_type.clear)

    def lookup(cls: type, fname: str) -> Any:
        try:
            return by_type[cls]
        except KeyError:
            pass
        backend = backend_of_type(cls)
        if backend is None:
            raise refuse(fname, cls)
        module = (own_implementation(package, backend.name) if fallback is None
                  else implementation(package, backend.name, fallback))
        served = module if build is None else build(backend, module)
        by_type[cls] = served
        return served

    if not _lookups:
        _dynamo.before_each_compile(_warm_torch_lookups)
    _lookups.append(lookup)
    return lookup


#: Every lookup type_lookup made: _warm_torch_lookups fills them.
_lookups: list[Callable[[type, str], Any]] = []


def _warm_torch_lookups() -> None:
    """Each lookup's first call for torch's tensor types, made for real before a
    ``torch.compile`` trace (building one may import a module or register an operator)."""
    for cls in torch_tensor_types():
        for lookup in _lookups:
            try:
                lookup(cls, "torch.compile")
            except Exception:  # noqa: BLE001 - the traced call meets the error itself
                continue


def type_name(cls: type) -> str:
    """``module.Qualname`` of a type, as the extensions' refusals write it."""
    return f"{cls.__module__}.{cls.__qualname__}"


def backends_with_module(package: str, prefix: str = "_") -> tuple[str, ...]:
    """Registry names, in registry order, that have their own module in ``package``."""
    from .._registry import BACKENDS

    return tuple(b.name for b in BACKENDS if own_module(package, b.name, prefix) is not None)


def import_own_modules(package: str) -> None:
    """Import every backend's own module of ``package`` now (such modules import no
    framework): torch.compile cannot trace an import, and lookups then find them in
    ``sys.modules``."""
    for backend in backends_with_module(package):
        own_implementation(package, backend)


# Called from code that tf.function traces: AutoGraph calls a function carrying this attribute
# as it is instead of converting it (as shims/tensorflow/linalg.py's _skip_autograph does).
for _f in (own_module, module_name, implementation, own_implementation, type_lookup):
    setattr(_f, "autograph_info__", None)  # noqa: B010 - a name mypy does not know
del _f
