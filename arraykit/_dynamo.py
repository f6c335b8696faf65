"""What TorchDynamo (``torch.compile``) traces in place of arraykit's C callables.

Dynamo traces Python code; a C callable it does not know is a graph break (an error under
``fullgraph=True``). arraykit's hot paths are C (``array_namespace``, the error ``Guard``), so
each registers its Python equivalent as its substitute with ``torch._dynamo``'s
``substitute_in_graph``: compiled code traces the Python path, eager code keeps the C one.
Importing ``torch._dynamo`` costs 1.5 s, so nothing here imports it: a registration runs now if
it is loaded, else right after its import (a finder on ``sys.meta_path`` that watches that one
name, and leaves once it has fired).

A first call for a type fills caches by importing modules or registering operators, which a
trace cannot do either, so the first calls for torch's tensor types are also made for real
whenever Dynamo starts compiling a frame (``before_each_compile``).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from typing import Any

_DYNAMO = "torch._dynamo"
#: (C callable, its Python substitute) pairs not yet registered: dynamo is not loaded.
_pending: list[tuple[Any, Callable[..., Any]]] = []


def substitute(c_callable: Any, python: Callable[..., Any]) -> None:
    """Have TorchDynamo trace ``python`` wherever it meets ``c_callable`` (a builtin function
    or a C type's ``__call__`` slot), now or once ``torch._dynamo`` is imported."""
    loaded = sys.modules.get(_DYNAMO)
    if loaded is not None and hasattr(loaded, "substitute_in_graph"):
        _register(loaded, c_callable, python)
        return
    if _Watch not in sys.meta_path:
        sys.meta_path.insert(0, _Watch)  # type: ignore[arg-type]
    _pending.append((c_callable, python))


def before_each_compile(warm: Callable[[], None]) -> None:
    """Have TorchDynamo call ``warm()`` whenever it starts compiling a frame, before it traces
    it (now or once ``torch._dynamo`` is imported): arraykit fills there, for real, the caches
    a first call for a torch type fills (importing modules, registering operators), which a
    trace cannot do. An exception from ``warm`` is dropped: the call then fills them as usual,
    and raises what it raises, where it is traced. ``torch._dynamo.reset()`` removes these
    callbacks (what they filled stays filled): a type's first call after a reset is traced."""

    def on_start(args: Any) -> None:
        try:
            warm()
        except Exception:  # noqa: BLE001 - the traced call meets the error itself
            pass

    _pending_starts.append(on_start)
    loaded = sys.modules.get(_DYNAMO)
    if loaded is not None and hasattr(loaded, "callback_handler"):
        _register_starts(loaded)
    elif _Watch not in sys.meta_path:
        sys.meta_path.insert(0, _Watch)  # type: ignore[arg-type]


#: before_each_compile's callbacks not yet given to TorchDynamo: it is not loaded.
_pending_starts: list[Callable[[Any], None]] = []


def _register_starts(dynamo: Any) -> None:
    handler = getattr(dynamo, "callback_handler", None)
    register = getattr(handler, "register_start_callback", None)
    pending = list(_pending_starts)
    _pending_starts.clear()
    if register is not None:  # else an API changed: traces load what they need, as before
        for on_start in pending:
            register(on_start)


def _register(dynamo: Any, c_callable: Any, python: Callable[..., Any]) -> None:
    try:
        dynamo.substitute_in_graph(c_callable, skip_signature_check=True)(python)
    except (AttributeError, TypeError, ValueError):  # API changed, or registered already
        pass


class _Watch:
    """A meta-path finder that finds nothing: it wraps the loader of ``torch._dynamo`` so
    that the pending registrations run once that module has executed."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        if name != _DYNAMO:
            return None
        sys.meta_path.remove(_Watch)  # type: ignore[arg-type]
        spec = importlib.util.find_spec(name)
        loader = None if spec is None else spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        exec_module = loader.exec_module

        def exec_then_register(module: Any) -> None:
            exec_module(module)
            pending = list(_pending)
            _pending.clear()
            for c_callable, python in pending:
                _register(module, c_callable, python)
            _register_starts(module)

        loader.exec_module = exec_then_register  # type: ignore[method-assign]
        return spec
