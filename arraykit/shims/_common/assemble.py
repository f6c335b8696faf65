"""A full shim package's namespace, assembled from its section modules in one call.

Every full shim (TF, MXNet, MLX, Paddle) is a package with one module per section of the
standard, named as the spec names the section; its ``__init__`` imports what is its own (the
array-object switches, ``__array_namespace_info__``, ``fft``/``linalg``) and calls
:func:`assemble_namespace` for everything the standard names the same way everywhere.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from .. import export_standard
from . import dtypes as _d

API_VERSION = "2025.12"

#: The section modules of a full shim package, in the order they are searched for a name.
SECTIONS = (
    "_creation_functions", "_data_type_functions", "_elementwise_functions",
    "_indexing_functions", "_linear_algebra_functions", "_manipulation_functions",
    "_searching_functions", "_set_functions", "_sorting_functions", "_statistical_functions",
    "_utility_functions",
)

#: The standard's constants.
CONSTANTS = {"e": math.e, "inf": math.inf, "nan": math.nan, "pi": math.pi, "newaxis": None}


def assemble_namespace(namespace: dict[str, Any],
                       dtypes: Mapping[str, Any]) -> tuple[ModuleType, ...]:
    """Fill a shim package's ``namespace`` (its ``globals()``): every standard function one
    of its :data:`SECTIONS` defines (names the package defines already are kept), the
    standard's dtypes by name from ``dtypes`` (the framework's objects, the ones it cannot
    hold included), :data:`CONSTANTS` and ``__array_api_version__``. Returns the section
    modules, imported in :data:`SECTIONS` order."""
    package = namespace["__name__"]
    sections = tuple(importlib.import_module(f"{package}.{name}") for name in SECTIONS)
    export_standard(namespace, sections)
    namespace["__array_api_version__"] = API_VERSION
    namespace.update({name: dtypes[name] for name in _d.ALL})
    namespace.update(CONSTANTS)
    return sections
