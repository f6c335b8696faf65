# arraykit's type checkers read this framework as untyped, as TensorFlow and MXNet (which ship
# no types): its own annotations are narrower than what it accepts (dtype names as str, Python
# scalars as operands), so checking arraykit's shim against them reports the framework's
# annotations, not arraykit's errors. See pyproject.toml [tool.mypy] / [tool.pyright].
from typing import Any

def __getattr__(name: str) -> Any: ...
