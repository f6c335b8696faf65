"""A full shim package's namespace, assembled in one call.

Every full shim (TF, MXNet, MLX, Paddle) is a package with one module per section of the
standard (named as the spec names the section), ``fft``/``linalg``, ``_array_object`` (the
opt-in switches) and ``_info``; its ``__init__`` calls :func:`assemble_namespace`, which puts
in every name that is found the same way in all of them, and adds only what is its own.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from .. import STANDARD_EXTENSIONS, export_standard
from . import dtypes as _d

API_VERSION = "2025.12"

#: The section modules of a full shim package, in the order they are searched for a name.
SECTIONS = (
    "_creation_functions", "_data_type_functions", "_elementwise_functions",
    "_indexing_functions", "_linear_algebra_functions", "_manipulation_functions",
    "_searching_functions", "_set_functions", "_sorting_functions", "_statistical_functions",
    "_utility_functions",
)

#: The names each shim's ``_array_object`` module provides (the opt-in switches).
ARRAY_OBJECT_SWITCHES = ("enable_array_object", "disable_array_object", "array_object_enabled")

#: The standard's constants.
CONSTANTS = {"e": math.e, "inf": math.inf, "nan": math.nan, "pi": math.pi, "newaxis": None}


def assemble_namespace(namespace: dict[str, Any],
                       dtypes: Mapping[str, Any]) -> tuple[ModuleType, ...]:
    """Fill a shim package's ``namespace`` (its ``globals()``): every standard function one
    of its :data:`SECTIONS` defines (names the package defines already are kept), its
    extension submodules (``fft``, ``linalg``), the :data:`ARRAY_OBJECT_SWITCHES` of its
    ``_array_object``, ``__array_namespace_info__`` from its ``_info``, the standard's dtypes
    by name from ``dtypes`` (the framework's objects, the ones it cannot hold included),
    :data:`CONSTANTS` and ``__array_api_version__``. Returns the section modules, imported in
    :data:`SECTIONS` order (then the extensions, ``_array_object`` and ``_info``)."""
    package = namespace["__name__"]

    def submodule(name: str) -> ModuleType:
        return importlib.import_module(f"{package}.{name}")

    sections = tuple(submodule(name) for name in SECTIONS)
    namespace.update({name: submodule(name) for name in STANDARD_EXTENSIONS})
    array_object = submodule("_array_object")
    namespace.update({name: getattr(array_object, name) for name in ARRAY_OBJECT_SWITCHES})
    namespace["__array_namespace_info__"] = submodule("_info").__array_namespace_info__
    export_standard(namespace, sections)
    namespace["__array_api_version__"] = API_VERSION
    namespace.update({name: dtypes[name] for name in _d.ALL})
    namespace.update(CONSTANTS)
    return sections
