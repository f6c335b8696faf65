# Types of the C extension arraykit/_lookup.c (see its header comment).
from collections.abc import Callable
from typing import Any

def builtin(
    name: str,
    doc: str,
    table: dict[type, Any],
    skipped: tuple[type, ...],
    slow: Callable[..., Any],
) -> Callable[..., Any]: ...
