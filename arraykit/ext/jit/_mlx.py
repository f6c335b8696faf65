"""MLX: ``mx.compile``. The arguments are flattened: array leaves are the compiled function's
inputs, everything else (Python scalars, None, strings) is part of the cache key, so a new
value of those builds a new program; a new shape or dtype of the arrays retraces inside
``mx.compile`` itself. Outputs come back in their structure; non-array output leaves are the
values the trace produced.

A function MLX cannot trace (one that reads values: ``nonzero``, ``unique_*``, boolean masks,
``bool(x)``; MLX raises "Attempting to eval an array during function transformations") runs
eagerly from then on, with one warning (``_common.warn_eager``), and ``is_compiled`` says so.
"""

from __future__ import annotations

import mlx.core as mx

from ...shims.mlx._helpers import COMPILING as _COMPILING
from ...shims.mlx._helpers import GRAD_TRACING as _GRAD_TRACING
from .._pytree import flatten, unflatten
from ._common import KINDS, warn_eager

COMPILES = True
#: The kind a compiled call records (registered here, where MLX is named; ``KINDS`` is the
#: shared table that ``is_compiled`` reads).
KIND = "mlx-compile"
KINDS.setdefault(KIND, True)


_ARRAY = mx.array


def _is_array(v) -> bool:
    return type(v) is _ARRAY


def compile(fn, record, example):  # noqa: A001
    """``mx.compile`` of ``fn`` over its array leaves (one program per non-array signature)."""
    programs: dict = {}
    # Calls whose arguments are positional MLX arrays only (the usual call): the number of
    # arguments -> the same entry of ``programs`` the general path finds for them, so such a
    # call skips flattening, the structure's key and its hash.
    flat: dict = {}
    state = {"eager": False}

    def build(treedef, consts, positions):
        out_info: dict = {}

        def traced(*arrays):
            record.traces += 1
            leaves = list(consts)
            for p, a in zip(positions, arrays):
                leaves[p] = a
            args, kwargs = unflatten(treedef, leaves)
            grads = _GRAD_TRACING[0]
            if grads >= 0:  # the shim's rules fuse here (no custom vjp forms); the count of
                _GRAD_TRACING[0] = _COMPILING + grads  # ext.grad traces around it is kept
            try:
                out = fn(*args, **kwargs)
            finally:
                _GRAD_TRACING[0] = grads
            out_leaves, out_def = flatten(out)
            where = [i for i, v in enumerate(out_leaves) if _is_array(v)]
            out_info["def"] = out_def
            out_info["leaves"] = [None if _is_array(v) else v for v in out_leaves]
            out_info["where"] = where
            out_info["rebuild"] = _rebuilder(out_def, len(out_leaves), where, out_info)
            return [out_leaves[i] for i in where]

        return mx.compile(traced), out_info

    def call(entry, arrays, args, kwargs):
        program, info = entry
        try:
            out = program(*arrays)
        except ValueError as e:
            if "function transformations" not in str(e) and "mx.compile" not in str(e):
                raise
            warn_eager(fn, f"mx.compile cannot trace it ({str(e).splitlines()[0][:160]})")
            state["eager"] = True
            programs.clear()
            flat.clear()
            record.last = "eager"
            return fn(*args, **kwargs)
        record.last = KIND
        return info["rebuild"](out)

    def run(*args, **kwargs):
        if not kwargs:
            entry = flat.get(len(args))
            if entry is not None:
                for a in args:
                    if type(a) is not _ARRAY:
                        break
                else:
                    return call(entry, args, args, kwargs)
        if state["eager"]:
            record.last = "eager"
            return fn(*args, **kwargs)
        leaves, treedef = flatten((args, kwargs))
        positions = tuple(i for i, v in enumerate(leaves) if _is_array(v))
        consts = tuple(None if _is_array(v) else v for v in leaves)
        try:
            key = (treedef, consts, positions)
            hash(key)
        except TypeError:
            key = (id(treedef), positions)  # unhashable constants: one program per structure
        entry = programs.get(key)
        if entry is None:
            entry = programs[key] = build(treedef, consts, positions)
        if not kwargs and len(positions) == len(args) == len(leaves):
            flat[len(args)] = entry  # every argument an array leaf: the fast path's entry
        return call(entry, [leaves[p] for p in positions], args, kwargs)

    # The mx.compile'd programs per signature. No ``run.compiled``: each program takes the
    # flattened array leaves, not the caller's arguments, so there is no one object that the
    # overhead study's wrapper comparison could call in its place.
    run.programs = programs
    return run


def _first(arrays):
    return arrays[0]


def _rebuilder(out_def, n_leaves, where, info):
    """How a call turns the program's output arrays into ``fn``'s output: the one array, a
    tuple of arrays, or (any other structure, non-array leaves) ``unflatten`` of them."""
    if len(where) == n_leaves:  # every output leaf an array
        if out_def.kind == "leaf":
            return _first
        if out_def.kind == "tuple" and out_def.meta is None and all(
            c.kind == "leaf" for c in out_def.children
        ):
            return tuple

    def rebuild(arrays):
        out = list(info["leaves"])
        for i, a in zip(info["where"], arrays):
            out[i] = a
        return unflatten(info["def"], out)

    return rebuild


def vmap(g, leaves, axes, size):
    """``mx.vmap`` of the flat function, outputs batched along axis 0 (see ``ext/_vmap``)."""
    return mx.vmap(lambda *a: tuple(g(*a)), in_axes=tuple(axes), out_axes=0)(*leaves)
