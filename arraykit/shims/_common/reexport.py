"""Copy a module's public names into a namespace module, so a top-up only lists what differs."""

from types import ModuleType
from typing import Any


def reexport(source: ModuleType, target: dict[str, Any]) -> None:
    """Put every public name of ``source`` into ``target`` (a module's globals()).

    Names already defined in ``target`` win: the top-up's own definitions are written after
    this call or skipped here, so an override is never silently undone.
    """
    for name in dir(source):
        if not name.startswith("_") and name not in target:
            target[name] = getattr(source, name)
