# Types of the C extension arraykit/_floordiv_hook.c (see its header comment).
from collections.abc import Callable
from typing import Any

def hook_floor_divide(
    cls: type,
    hook: Callable[[Any, Any, Any], Any] | None,
    inplace_hook: Callable[[Any, Any], Any] | None,
) -> None: ...
