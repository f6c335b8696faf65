"""Framework-agnostic plumbing shared by ``arraykit.ext.grad`` and ``arraykit.ext.jit``.

Pytrees here are nested tuples, lists and dicts; every other object is a leaf, except ``None``,
which is an empty subtree (as in JAX, so ``None`` placeholders survive ``grad``). Dicts are
flattened in sorted key order (as JAX does; insertion order where keys do not sort), so two
dicts with the same keys have the same structure whatever order they were built in.

Backend choice: the first leaf whose type the registry owns picks the framework, through
``arraykit._dispatch.backend_of_type`` (cached per type, imports nothing). Per-framework
implementation modules are imported lazily the first time a framework is seen and cached per
``(package, type)``, so the steady-state cost of dispatch is one dict lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .._dispatch import backend_of_type
from ._lookup import type_lookup, type_name

# ---------------------------------------------------------------------------------------------
# pytrees


class TreeDef:
    """The shape of a pytree with its leaves removed; rebuilds it with ``unflatten``."""

    __slots__ = ("children", "kind", "meta", "num_leaves")

    def __init__(self, kind: str, meta: Any, children: tuple[TreeDef, ...], num_leaves: int):
        self.kind = kind  # "leaf", "none", "tuple", "list", "dict"
        self.meta = meta  # dict keys, or the tuple subclass (named tuples rebuild as such)
        self.children = children
        self.num_leaves = num_leaves

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TreeDef)
            and self.kind == other.kind
            and self.meta == other.meta
            and self.children == other.children
        )

    def __hash__(self) -> int:
        meta = self.meta if self.kind != "dict" else tuple(self.meta)
        return hash((self.kind, meta, self.children))

    def __repr__(self) -> str:
        if self.kind == "leaf":
            return "*"
        if self.kind == "none":
            return "None"
        inner = ", ".join(map(repr, self.children))
        if self.kind == "dict":
            inner = ", ".join(f"{k!r}: {c!r}" for k, c in zip(self.meta, self.children))
            return "{" + inner + "}"
        return f"[{inner}]" if self.kind == "list" else f"({inner})"


_LEAF = TreeDef("leaf", None, (), 1)
#: The TreeDef of a single leaf (what ``flatten`` gives for an array).
LEAF = _LEAF
_NONE = TreeDef("none", None, (), 0)


def flatten(tree: Any) -> tuple[list[Any], TreeDef]:
    """``tree`` -> (its leaves in order, its TreeDef)."""
    leaves: list[Any] = []
    return leaves, _flatten(tree, leaves)


def _flatten(tree: Any, leaves: list[Any]) -> TreeDef:
    if tree is None:
        return _NONE
    if isinstance(tree, (tuple, list)):
        children = tuple(_flatten(t, leaves) for t in tree)
        kind = "list" if isinstance(tree, list) else "tuple"
        meta = type(tree) if type(tree) not in (tuple, list) else None
        return TreeDef(kind, meta, children, sum(c.num_leaves for c in children))
    if isinstance(tree, dict):
        try:
            keys = tuple(sorted(tree))
        except TypeError:  # keys of mixed types
            keys = tuple(tree)
        children = tuple(_flatten(tree[k], leaves) for k in keys)
        return TreeDef("dict", keys, children, sum(c.num_leaves for c in children))
    leaves.append(tree)
    return _LEAF


def unflatten(treedef: TreeDef, leaves: Iterable[Any]) -> Any:
    """Rebuild the pytree described by ``treedef`` from ``leaves`` (in flatten order)."""
    it = iter(leaves)
    out = _unflatten(treedef, it)
    if next(it, _sentinel) is not _sentinel:
        raise ValueError(f"unflatten: too many leaves for structure {treedef!r}")
    return out


_sentinel = object()


def _unflatten(treedef: TreeDef, it: Iterator[Any]) -> Any:
    kind = treedef.kind
    if kind == "leaf":
        leaf = next(it, _sentinel)
        if leaf is _sentinel:
            raise ValueError("unflatten: too few leaves for the structure")
        return leaf
    if kind == "none":
        return None
    children = [_unflatten(c, it) for c in treedef.children]
    if kind == "dict":
        return dict(zip(treedef.meta, children))
    if kind == "list":
        return children if treedef.meta is None else treedef.meta(children)
    if treedef.meta is None:
        return tuple(children)
    if hasattr(treedef.meta, "_fields"):  # a named tuple takes its fields positionally
        return treedef.meta(*children)
    return treedef.meta(children)


def tree_map(fn: Callable[[Any], Any], tree: Any) -> Any:
    """Apply ``fn`` to every leaf, keeping the structure."""
    leaves, treedef = flatten(tree)
    return unflatten(treedef, [fn(x) for x in leaves])


def iter_leaves(tree: Any) -> Iterator[Any]:
    """The leaves of ``tree``, lazily (stops early when the caller does)."""
    if tree is None:
        return
    if isinstance(tree, (tuple, list)):
        for t in tree:
            yield from iter_leaves(t)
    elif isinstance(tree, dict):
        for v in tree.values():
            yield from iter_leaves(v)
    else:
        yield tree


# ---------------------------------------------------------------------------------------------
# choosing the framework from the arguments


def first_array(*trees: Any) -> Any:
    """The first leaf (searching ``trees`` in order) that is an array of a registered backend,
    or None."""
    # Plain recursion, no generators or exceptions: this runs inside torch.compile traces
    # (jit(grad(f))), and dynamo follows simple Python best.
    for tree in trees:
        found = _first_array(tree)
        if found is not None:
            return found
    return None


def _first_array(tree: Any) -> Any:
    if tree is None:
        return None
    if isinstance(tree, (tuple, list)):
        for t in tree:
            found = _first_array(t)
            if found is not None:
                return found
        return None
    if isinstance(tree, dict):
        for t in tree.values():
            found = _first_array(t)
            if found is not None:
                return found
        return None
    return tree if backend_of_type(type(tree)) is not None else None


def _not_an_array_type(fname: str, cls: type) -> TypeError:
    return TypeError(f"{type_name(cls)} is not an array type arraykit knows")


#: package -> its ``type_lookup`` (``<package>._<backend>``, else the framework-free ``_eager``).
_lookups: dict[str, Callable[[type, str], Any]] = {}


def impl_for_type(package: str, cls: type) -> Any:
    """The implementation module of extension ``package`` for arrays of type ``cls``."""
    lookup = _lookups.get(package)
    if lookup is None:
        lookup = _lookups[package] = type_lookup(package, "_eager", _not_an_array_type)
    return lookup(cls, "")


def backend_name(x: Any) -> str:
    """The registry name of ``x``'s framework ("numpy", "torch", "jax", ...)."""
    backend = backend_of_type(type(x))
    if backend is None:
        raise TypeError(f"{type(x).__name__} is not an array type arraykit knows")
    return backend.name


def warm(x: Any, packages: Iterable[str] = ("arraykit.ext.grad", "arraykit.ext.jit")) -> None:
    """Fill every dispatch cache for arrays of ``type(x)``: the namespace and the implementation
    modules. Compilers that trace Python bytecode (torch.compile) cannot follow an import, so
    ``jit`` calls this with a real argument before handing a function to them.

    ``arraykit.ext.nd`` and ``arraykit.ext.random`` are imported and their implementations for
    ``type(x)`` built too, and ``scan``'s runner: code commonly imports them inside the
    function (``from arraykit.ext.nd import gather_nd``), which dynamo follows only if the
    module is loaded already, and an implementation built inside the trace would be built by
    code dynamo cannot trace (torch's ``random`` registers a custom operator)."""
    from .. import array_namespace
    from . import nd, random

    try:
        array_namespace(x)
    except (TypeError, NotImplementedError):
        pass  # no namespace yet (a shim being built): f will say so itself if it needs one
    for package in packages:
        impl_for_type(package, type(x))
    if backend_of_type(type(x)) is not None:  # other types: the call itself says so
        for lazily_built in (nd, random):
            lazily_built._lookup(type(x), "warm")
        from .jit import _scan

        _scan._runner_for(x)  # loads the backend's scan hooks, which dynamo cannot import


# ---------------------------------------------------------------------------------------------
# argument bookkeeping


def normalize_argnums(argnums: Any, nargs: int, fname: str) -> int | tuple[int, ...]:
    """Check ``argnums`` (an int or a tuple of ints) against ``nargs`` positional arguments and
    make negative entries positive. Keeps int-ness: an int selects one argument, a tuple selects
    a tuple of them (and the result of ``grad`` is then a tuple)."""
    def one(i: Any) -> int:
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f"{fname}: argnums must be an int or a tuple of ints, got {argnums!r}")
        if not -nargs <= i < nargs:
            raise ValueError(
                f"{fname}: argnums={argnums!r} selects argument {i}, but the function was called "
                f"with {nargs} positional argument{'s' if nargs != 1 else ''}"
            )
        return i % nargs

    if isinstance(argnums, tuple):
        if not argnums:
            raise ValueError(f"{fname}: argnums=() selects no argument to differentiate")
        return tuple(one(i) for i in argnums)
    if isinstance(argnums, list):
        raise TypeError(f"{fname}: argnums must be an int or a tuple of ints, not a list")
    return one(argnums)


def check_argnums_type(argnums: Any, fname: str) -> None:
    """Early (definition-time) check of ``argnums``: an int or a non-empty tuple of ints."""
    items = argnums if isinstance(argnums, tuple) else (argnums,)
    if not items or any(isinstance(i, bool) or not isinstance(i, int) for i in items):
        raise TypeError(
            f"{fname}: argnums must be an int or a non-empty tuple of ints, got {argnums!r}"
        )


def as_tuple(argnums: int | tuple[int, ...]) -> tuple[int, ...]:
    """``argnums`` as a tuple."""
    return argnums if isinstance(argnums, tuple) else (argnums,)
