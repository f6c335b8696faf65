"""``arraykit.enable()``: the standard's array-object surface for arrays that lack it.

TensorFlow tensors and MXNet arrays have no ``__array_namespace__``, ``mT``, ``device``
object, ``to_device`` or standard promotion in their operators. Libraries that find a
namespace through array-api-compat (SciPy with ``SCIPY_ARRAY_API=1``, scikit-learn with
``array_api_dispatch=True``, array-api-extra) fall back to ``x.__array_namespace__()`` for
types they do not know, so once this surface is on they accept those arrays unchanged.

By default arraykit changes nothing global. ``enable()`` is the one explicit switch, in the
spirit of TensorFlow's own ``experimental_enable_numpy_behavior``; ``disable()`` restores every
patched attribute exactly, and ``array_objects()`` does both around a block.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Iterator, Mapping

from ._registry import BACKENDS, BY_NAME


class _ArrayObjectShims(Mapping[str, str]):
    """framework -> the shim module that provides enable/disable_array_object(): the
    ``array_object`` field of the registry rows that have one, read live (rows added by
    ``register_backend`` count)."""

    def _table(self) -> dict[str, str]:
        return {b.name: b.array_object for b in BACKENDS if b.array_object is not None}

    def __getitem__(self, name: str) -> str:
        return self._table()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


#: framework -> the shim module that provides enable/disable_array_object() (from the rows).
ARRAY_OBJECT_SHIMS: Mapping[str, str] = _ArrayObjectShims()


def _names(fname: str, frameworks: tuple[str, ...]) -> tuple[str, ...]:
    shims = ARRAY_OBJECT_SHIMS
    for name in frameworks:
        if name not in shims:
            raise ValueError(
                f"{fname}: {name!r} needs no array-object surface or is unknown; the "
                f"frameworks that have one are {', '.join(shims)}"
            )
    return frameworks or tuple(shims)


def enable(*frameworks: str) -> tuple[str, ...]:
    """Give the arrays of ``frameworks`` (default: every installed one that needs it) the
    standard's array-object surface. Imports those frameworks. Idempotent.

    Returns the frameworks switched on. A framework named explicitly but not installed raises
    ModuleNotFoundError; with no names, absent frameworks are skipped.
    """
    names = _names("enable", frameworks)
    done = []
    for name in names:
        if not BY_NAME[name].installed():
            if frameworks:
                raise ModuleNotFoundError(
                    f"enable: {name} is not installed, so its arrays cannot be given the "
                    "array-object surface"
                )
            continue
        importlib.import_module(ARRAY_OBJECT_SHIMS[name]).enable_array_object()
        done.append(name)
    _sync_read_only()
    return tuple(done)


def disable(*frameworks: str) -> None:
    """Switch the surface off again (default: everywhere), restoring the original attributes."""
    for name in _names("disable", frameworks):
        shim = sys.modules.get(ARRAY_OBJECT_SHIMS[name])
        if shim is not None:  # never imported: nothing was patched
            shim.disable_array_object()
    _sync_read_only()


def _sync_read_only() -> None:
    """Teach the array libraries which enabled frameworks' arrays are read-only (see
    ``_read_only``); with none enabled, every patch of theirs is removed."""
    read_only = frozenset(name for name in enabled() if BY_NAME[name].writeable is False)
    if read_only or "arraykit._read_only" in sys.modules:
        from . import _read_only

        _read_only.install(read_only)


def enabled() -> tuple[str, ...]:
    """The frameworks whose arrays have the surface switched on now."""
    return tuple(
        name for name, module in ARRAY_OBJECT_SHIMS.items()
        if module in sys.modules and sys.modules[module].array_object_enabled()
    )


@contextlib.contextmanager
def array_objects(*frameworks: str) -> Iterator[tuple[str, ...]]:
    """``with arraykit.array_objects(): ...`` enables the surface for the block, then restores
    the previous state (frameworks that were on before stay on)."""
    before = set(enabled())
    switched_on = enable(*frameworks)
    try:
        yield switched_on
    finally:
        for name in switched_on:
            if name not in before:
                disable(name)
