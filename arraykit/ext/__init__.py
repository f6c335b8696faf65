"""Extension namespaces: what the Array API standard lacks and real users need.

Planned: ``nd`` (gather/scatter with one pinned meaning), ``grad`` and ``jit``. ``EXTENSIONS``
lists those that exist, with the backends each works on; ``arraykit info`` reports it. It is
empty until the first extension lands: nothing is listed that does not work.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Extension:
    """One extension namespace and the backends it is tested on."""

    module: str
    backends: frozenset[str]

    def supports(self, backend: str) -> bool:
        return backend in self.backends


#: name -> Extension, for every extension namespace that exists.
EXTENSIONS: dict[str, Extension] = {}
