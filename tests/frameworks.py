"""Which frameworks and libraries this environment has, decided one way for every test.

A test skips only when a package is not installed here (``installed``: the registry row's own
check for a framework, ``importlib.util.find_spec`` for any other library); it never skips
because an import failed. An installed package is imported plainly, so a broken install or an
arraykit module that fails to import is a failure, not a skip. arraykit's own modules are
imported plainly by the tests (after ``require`` of the framework they need).
"""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from arraykit._registry import BACKENDS, BY_NAME, Backend
from arraykit.cli import to_numpy  # the registry row's as_numpy, after its materialise hook

#: The skip reason of a package absent from this environment (tests/skip_allowlist.txt).
NOT_INSTALLED = "{} is not installed in this environment"


def _row(package: str) -> Backend | None:
    return next((b for b in BACKENDS if b.package == package), None)


def installed(package: str) -> bool:
    """Whether the top-level package of ``package`` is installed here; imports nothing."""
    top = package.partition(".")[0]
    row = _row(top)
    if row is not None:  # a framework: found with code, not a bare folder of its name
        return row.installed()
    return importlib.util.find_spec(top) is not None


def optional(module: str) -> ModuleType | None:
    """``module`` imported, or None when its package is not installed here (module-level
    imports of frameworks some environments lack). An installed package that fails to import
    raises."""
    if not installed(module):
        return None
    row = _row(module.partition(".")[0])
    if row is not None:  # through the row: its importer (Paddle after TensorFlow)
        row.import_package()
    return importlib.import_module(module)


def require(module: str) -> ModuleType:
    """``module`` imported, or a skip when its package is not installed here (in a test or at
    module level). An installed package that fails to import raises."""
    found = optional(module)
    if found is None:
        pytest.skip(NOT_INSTALLED.format(module.partition(".")[0]), allow_module_level=True)
    return found


#: The registry's backends whose framework is installed here (found without importing it).
AVAILABLE = tuple(b.name for b in BACKENDS if b.installed())
#: The registry's backends that arraykit serves itself, with an array-object surface (every
#: framework but the reference implementation, dask and cupy, which array-api-compat serves).
SERVED = tuple(b.name for b in BACKENDS if b.array_object is not None)


def from_numpy(name: str, a: Any) -> Any:
    """An array of the registry backend ``name`` holding a copy of the NumPy data ``a`` with
    its dtype (the row's constructor; the framework imported through the row). The one
    converter the tests use; ``to_numpy`` is the way back."""
    return BY_NAME[name].make_array(np.array(a, copy=True))


def installed_backends(*names: str) -> list[str]:
    """The registry's backends installed here, in the registry's order; with ``names``, only
    those of them (each must be a registry name)."""
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise ValueError(f"{unknown} not in arraykit's registry {sorted(BY_NAME)}")
    return [n for n in AVAILABLE if not names or n in names]


def own_module(extension: str) -> tuple[str, ...]:
    """The registry's backends that ``arraykit.ext.<extension>`` serves with a module of their
    own (``_<name>.py``; the others take its fallback), found without importing them."""
    return tuple(b.name for b in BACKENDS
                 if importlib.util.find_spec(f"arraykit.ext.{extension}._{b.name}") is not None)


def run_fresh(code: str, timeout: float = 300) -> str:
    """Run ``code`` in a fresh interpreter (for what depends on import order or a process's
    first calls; a crash there fails the test, not the session); its stdout. A non-zero exit
    fails the test with the end of its stderr."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


__all__ = ["AVAILABLE", "NOT_INSTALLED", "SERVED", "from_numpy", "installed", "installed_backends",
           "optional", "own_module", "require", "run_fresh", "to_numpy"]
