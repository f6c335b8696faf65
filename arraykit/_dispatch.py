"""``array_namespace``: from arrays to the Array API namespace that serves them.

The first call with a new array type walks the registry (``_registry.BACKENDS``) without
importing anything; the answer is cached per type, so every later call is one dict lookup.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

from . import _dynamo, _registry
from ._registry import SUPPORTED_API_VERSIONS, Backend

if TYPE_CHECKING:  # types only: the namespace Protocol is never imported at run time here
    from .typing import ArrayNamespace, ArrayT

# Python scalars and None carry no namespace and are skipped, as array-api-compat does.
_SKIPPED_TYPES = frozenset({bool, int, float, complex, type(None)})

#: type -> namespace, the hot path. Filled on first sight of a type.
_namespace_by_type: dict[type, Any] = {}
#: type -> registry row (None: not a registered array type). Used by the helpers.
_backend_by_type: dict[type, Backend | None] = {}


def _clear_caches() -> None:
    _namespace_by_type.clear()
    _backend_by_type.clear()


_registry._listeners.append(_clear_caches)


def backend_of_type(cls: type) -> Backend | None:
    """The registry row that owns arrays of ``cls``, or None (cached, imports nothing)."""
    try:
        return _backend_by_type[cls]
    except KeyError:
        pass
    found = None
    for backend in _registry.BACKENDS:
        if backend.owns_type(cls):
            found = backend
            break
    _backend_by_type[cls] = found
    return found


def _type_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _describe(x: Any) -> str:
    text = repr(x)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{_type_name(type(x))} ({text})"


def _accepted() -> str:
    names = ", ".join(b.name for b in _registry.BACKENDS)
    return (
        f"arrays of {names}, or any object with __array_namespace__; "
        "Python scalars and None are ignored"
    )


def _namespace_of(x: Any, api_version: str | None) -> tuple[Any, str]:
    """Resolve one array's namespace the slow way; returns (namespace, label for messages)."""
    cls = type(x)
    backend = backend_of_type(cls)
    _refuse_known_non_arrays(cls, backend)
    if backend is not None:
        namespace = backend.load_namespace()
        _namespace_by_type[cls] = namespace
        return namespace, backend.name
    protocol = getattr(x, "__array_namespace__", None)
    if protocol is not None:
        # Libraries arraykit has no row for but that implement the standard themselves. Not
        # cached by type: the protocol's answer may depend on api_version.
        return protocol(api_version=api_version), _type_name(cls)
    if isinstance(x, (list, tuple)):
        hint = "; convert nested sequences first, e.g. xp.asarray(...) for the xp you want"
    else:
        hint = ""
    raise TypeError(
        f"array_namespace() got {_describe(x)}, which is not an array; it accepts "
        f"{_accepted()}{hint}"
    )


def _refuse_known_non_arrays(cls: type, backend: Backend | None) -> None:
    """Raise for the classes in ``KNOWN_NON_ARRAYS``, with their advice.

    A refused class can sit on either side of a backend's class: a numpy masked array
    subclasses ndarray (numpy functions would ignore its mask: refused), while
    mxnet.numpy.ndarray subclasses the legacy NDArray (served). The more specific class wins.
    """
    for spec, advice in _registry.KNOWN_NON_ARRAYS.items():
        refused = _registry.resolve_class(spec)
        if refused is None or not issubclass(cls, refused):
            continue
        if backend is not None and any(
            issubclass(c, refused) for c in backend.classes() if issubclass(cls, c)
        ):
            continue
        raise TypeError(f"array_namespace() got {advice}")


def array_namespace(
    *arrays: ArrayT | bool | int | float | complex | None, api_version: str | None = None
) -> ArrayNamespace[ArrayT]:
    """Return the Array API (2025.12) namespace for ``arrays``.

    Typed for mypy and pyright (``arraykit.typing.ArrayNamespace``): for ``x: torch.Tensor``
    the namespace's functions take and return ``torch.Tensor``; for arrays of no known type,
    ``Any``.

    Arrays stay native: the namespace operates on the framework's own array objects.
    Python scalars and None are ignored; all arrays must come from one library.

    Raises TypeError for non-arrays, for arrays of different libraries and when no array is
    given; ValueError for an unknown ``api_version``; NotImplementedError when arraykit
    knows the array type but has no namespace for it yet.
    """
    if api_version is not None and api_version not in SUPPORTED_API_VERSIONS:
        raise ValueError(
            f"array_namespace(): api_version={api_version!r} is not a revision of the "
            f"standard arraykit serves; use one of {SUPPORTED_API_VERSIONS} or None"
        )
    try:
        first_type = type(arrays[0])
        namespace = _namespace_by_type[first_type]
    except (KeyError, IndexError):
        return _resolve(arrays, api_version)
    if len(arrays) == 1:
        return namespace  # the hot path: one array of a type seen before
    # Several arguments: the common case is arrays of one type (one identity test each), or
    # that type and Python scalars, all seen before; anything else takes the slow path, which
    # also reports errors.
    for x in arrays:
        if type(x) is not first_type:
            cls = type(x)
            if cls not in _SKIPPED_TYPES and _namespace_by_type.get(cls) is not namespace:
                return _resolve(arrays, api_version)
    return namespace


def _resolve(arrays: tuple, api_version: str | None) -> Any:
    """``array_namespace`` the slow way: first calls for a type, mixtures, errors."""
    torch = sys.modules.get("torch")
    if torch is not None and torch.compiler.is_compiling():
        name = _load_for_types(tuple(type(x) for x in arrays))
        if name is not None:
            return _registry.BY_NAME[name].load_namespace()  # loaded: no import to trace
    namespace = None
    first_label = ""
    first: Any = None
    for x in arrays:
        found = _namespace_by_type.get(type(x))
        if found is None:
            if type(x) in _SKIPPED_TYPES:
                continue
            found, label = _namespace_of(x, api_version)
        else:
            label = ""
        if namespace is None:
            namespace, first_label, first = found, label, x
        elif found is not namespace:
            raise TypeError(
                "array_namespace() got arrays from different libraries: "
                f"{first_label or _label(first)} ({_type_name(type(first))}) and "
                f"{label or _label(x)} ({_type_name(type(x))}); convert one side first, "
                "e.g. with xp.asarray(...) or xp.from_dlpack(...)"
            )
    if namespace is None:
        raise TypeError(
            "array_namespace() needs at least one array; it got "
            + (f"only {', '.join(type(x).__name__ for x in arrays)}" if arrays else "nothing")
            + f". It accepts {_accepted()}"
        )
    return namespace


def _load_for_types(types: tuple) -> str | None:
    """The name of the one registry row serving arrays of ``types``, with its namespace loaded
    and cached; None for anything else (the general path then decides, or raises).

    TorchDynamo cannot trace the import of a namespace module, so when the first
    ``array_namespace`` call for a type is inside ``torch.compile(..., fullgraph=True)`` this
    runs for real at trace time: the marker below is what ``torch._dynamo.
    assume_constant_result`` sets (set here so that arraykit imports no torch); the traced
    code then reads the namespace its registry row holds.
    """
    name = None
    for cls in types:
        if cls in _SKIPPED_TYPES:
            continue
        backend = backend_of_type(cls)
        if backend is None or name not in (None, backend.name):
            return None
        try:
            _refuse_known_non_arrays(cls, backend)
            _namespace_by_type[cls] = backend.load_namespace()
        except (TypeError, NotImplementedError):
            return None
        name = backend.name
    return name


_load_for_types._dynamo_marked_constant = True  # type: ignore[attr-defined]


def torch_tensor_types() -> tuple[type, ...]:
    """The tensor types a torch.compile trace usually meets, if torch is imported."""
    torch = sys.modules.get("torch")
    return () if torch is None else (torch.Tensor, torch.nn.Parameter)


def _warm_torch_namespace() -> None:
    for cls in torch_tensor_types():
        _load_for_types((cls,))


_dynamo.before_each_compile(_warm_torch_namespace)


def _label(x: Any) -> str:
    backend = backend_of_type(type(x))
    return backend.name if backend is not None else _type_name(type(x))


def _c_lookup() -> Any:
    """``array_namespace`` with its hot path in C (``arraykit._lookup``: one dict lookup per
    array, no Python frame; three arrays 0.22 -> 0.07 us), the Python function above as its
    slow path; that function alone where the extension is not built."""
    try:
        builtin = importlib.import_module("arraykit._lookup").builtin
    except ImportError:
        return array_namespace
    doc = "array_namespace(*arrays, api_version=None)\n--\n\n" + (array_namespace.__doc__ or "")
    fast = builtin("array_namespace", doc, _namespace_by_type, tuple(_SKIPPED_TYPES),
                   array_namespace)
    _dynamo.substitute(fast, array_namespace)  # torch.compile traces the Python function
    return fast


#: The Python function: the C builtin's slow path (and its substitute under TorchDynamo).
python_array_namespace = array_namespace
if not TYPE_CHECKING:  # type checkers read the Python function's signature
    array_namespace = _c_lookup()

#: array-api-compat's name for the same function.
get_namespace = array_namespace
