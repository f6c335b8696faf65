# Types of the C extension arraykit/_guard.c (see its header comment).
from collections.abc import Callable
from typing import Any

class Guard:
    func: Callable[..., Any]
    def __init__(
        self,
        func: Callable[..., Any],
        slow: Callable[..., Any],
        on_error: Callable[[Exception, tuple[Any, ...], dict[str, Any]], Any],
        ok: tuple[tuple[type, ...] | None, ...] | None = ...,
        seq: int = ...,
        each: tuple[type, ...] | None = ...,
        dtype_pos: int = ...,
        dtype_kw: bool = ...,
        refuse_pos: int = ...,
        refuse: tuple[Any, ...] | None = ...,
        allow_only: bool = ...,
        same_dtype: bool = ...,
        min_ndim: int = ...,
        max_ndim: int = ...,
        exact: bool = ...,
        fallback: bool = ...,
        kw: tuple[tuple[str, tuple[type, ...]], ...] | None = ...,
        rank_from: str = ...,
        dtype_from: str = ...,
        result_check: str | None = ...,
        int_ranges: dict[Any, tuple[int, int]] | None = ...,
        same_dtype_from_ndim: int = ...,
    ) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...
