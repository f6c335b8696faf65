"""Static types for arraykit: the 2025.12 namespace as a Protocol (``_namespace.py``, generated
from the standard's stubs by ``python -m arraykit._typing.generate``). Public as
``arraykit.typing``, which re-exports it; nothing here runs on ``array_namespace``'s path."""
