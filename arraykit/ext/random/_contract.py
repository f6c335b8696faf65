"""What ``arraykit/ext/random/_<backend>.py`` must define (found by name, see ``ext/_lookup``;
every such module is imported with the package, so it must not import its framework at
module level). A backend without one gets ``_common.Portable`` over its namespace.
``tests/test_framework_named_once.py`` checks every module here.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ._common import Portable


@runtime_checkable
class RandomBackend(Protocol):
    #: A ``Portable`` subclass with the framework's faster or exact paths.
    Impl: type[Portable]
