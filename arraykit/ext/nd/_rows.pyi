# Types of the C extension arraykit/ext/nd/_rows.c (see its header comment). ``out`` is a
# writable C-contiguous intp buffer (a NumPy array), or int32 where every row number fits;
# ``columns`` a tuple of K C-contiguous integer buffers of out's size, or one buffer of
# stacked rows (..., K).
from typing import Any

def rows(out: Any, dims: tuple[int, ...], columns: Any, /) -> bool: ...
