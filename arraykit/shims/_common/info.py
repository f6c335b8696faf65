"""``__array_namespace_info__`` of the full shims, written once.

A shim's ``_info.py`` subclasses ``NamespaceInfo`` and sets what differs: its dtype table, the
dtypes it holds, its defaults, its capabilities, and its device functions. The dtype methods
and the device checks they make are the same for every shim and live here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from . import checks as _c


class NamespaceInfo:
    """The 2025.12 inspection API over a shim's dtype names.

    Subclasses set:
      DTYPES: name -> the framework's dtype object.
      SUPPORTED: the names the framework holds, in the standard's order (``dtypes()``).
      DEFAULTS: kind ("real floating", "complex floating", "integral", "indexing") -> name,
        or None where the framework has no such dtype (MXNet: complex).
      CAPABILITIES: the ``capabilities()`` dict.
      check_device(device, fname): raises for a device the shim does not know.
      dtype_name(dtype, fname): the standard name of a dtype object (TypeError otherwise).
    and define ``default_device()`` and ``devices()``.
    """

    # Typed Any: each shim's tables and functions have its framework's own types.
    DTYPES: ClassVar[Any]
    SUPPORTED: ClassVar[Any]
    DEFAULTS: ClassVar[Any]
    CAPABILITIES: ClassVar[Any]
    check_device: Any  # plain functions stored on the subclass, read through type(self)
    dtype_name: Any

    def capabilities(self) -> dict:
        """Boolean indexing, data-dependent shapes and the maximum number of dimensions."""
        return dict(self.CAPABILITIES)

    def default_dtypes(self, *, device: Any = None) -> dict:
        """The namespace's default dtypes (the same on every device)."""
        type(self).check_device(device, "default_dtypes")
        return {kind: None if name is None else self.DTYPES[name]
                for kind, name in self.DEFAULTS.items()}

    def dtypes(self, *, device: Any = None, kind: Any = None) -> dict:
        """Name -> dtype for the dtypes the framework holds, optionally of ``kind`` (a kind
        name, a dtype, or a tuple of them)."""
        type(self).check_device(device, "dtypes")
        names = _c.dtypes_of_kind(kind, self.SUPPORTED,
                                  lambda k: type(self).dtype_name(k, "dtypes"))
        return {n: self.DTYPES[n] for n in names}


__all__ = ["NamespaceInfo"]
