"""Copy a module's public names into a namespace module, so a top-up only lists what differs."""

from types import ModuleType
from typing import Any

#: The dunder names an Array API namespace module has besides its public ones.
NAMESPACE_DUNDERS = ("__array_api_version__", "__array_namespace_info__")


def reexport(source: ModuleType, target: dict[str, Any], dunders: tuple[str, ...] = ()) -> None:
    """Put every public name of ``source`` into ``target`` (a module's globals()), and the
    ``dunders`` listed (e.g. ``NAMESPACE_DUNDERS`` when ``source`` is a whole namespace).

    Names already defined in ``target`` win: the top-up's own definitions are written after
    this call or skipped here, so an override is never silently undone.
    """
    for name in [n for n in dir(source) if not n.startswith("_")] + list(dunders):
        if name not in target:
            target[name] = getattr(source, name)
