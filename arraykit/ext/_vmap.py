"""``vmap``: a function of one example, run over a batch (``jax.vmap``'s semantics).

Everything but the mapping itself is written once here: which leaves are mapped along which
axis, the batch size and its check, the output's structure, and moving the batch axis to
``out_axes``. A backend's ``jit`` module (``ext/jit/_<backend>.py``, found by name) may define
``vmap(g, leaves, axes, size)``: the flat function ``g`` (mapped leaves in, a tuple of output
leaves out) run by the framework's own vectorising map, every output batched along axis 0.
The others run ``loop_vmap``, a loop over the batch and one ``stack`` per output leaf, over
the standard namespace. Nothing falls back from one to the other: an error inside the
framework's map is the caller's error (a silent loop would hide a function the framework
cannot vectorise, and cost a Python call per example).

Lives beside ``_pytree`` rather than in ``ext/jit/``: that package's ``_<name>.py`` files are
its per-backend modules.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

from .._dispatch import backend_of_type
from ._lookup import type_lookup
from ._pytree import LEAF, _not_an_array_type, flatten, unflatten

__all__ = ["vmap"]

#: Where a backend's own ``vmap`` is looked for: its ``jit`` module (``ext/jit/_<backend>.py``).
_PACKAGE = "arraykit.ext.jit"


def vmap(
    f: Callable[..., Any],
    in_axes: int | tuple[int | None, ...] | None = 0,
    out_axes: int = 0,
) -> Callable[..., Any]:
    """Vectorise ``f`` over a batch axis of its arguments.

    Parameters
    ----------
    f : callable
        A function of one example. Its positional arguments and its result may be arrays or
        pytrees of arrays (nested tuples, lists, dicts; ``None`` is an empty subtree).
    in_axes : int, None or tuple of (int or None), optional
        The axis of each positional argument that is mapped: one int for every argument
        (default 0), ``None`` for an argument passed to ``f`` whole (every example sees it),
        or a tuple with one int or ``None`` per positional argument. An int applies to every
        leaf of that argument; negative ints count from each leaf's last axis.
    out_axes : int, optional
        Where the batch axis goes in every output leaf (default 0; negative counts from the
        end of the batched output).

    Returns
    -------
    callable
        A function taking ``f``'s arguments with the batch axes added, returning ``f``'s
        result with every output leaf stacked along ``out_axes``. Keyword arguments are passed
        to ``f`` unmapped.

    Raises
    ------
    ValueError
        Naming ``vmap``: mapped leaves whose axes differ in size, an axis out of range, an
        ``in_axes`` tuple whose length is not the number of positional arguments, or no
        mapped array at all (nothing gives the batch size).
    TypeError
        Naming ``vmap``: ``in_axes`` or ``out_axes`` of the wrong type.

    Notes
    -----
    The framework is the one of the first mapped leaf.

    ================  ===================================================================
    framework         runs as
    ================  ===================================================================
    jax               ``jax.vmap``
    torch             ``torch.func.vmap``
    tensorflow        ``tf.vectorized_map`` (mapped axes moved to the front first; TF
                      falls back to its own while loop for ops ``pfor`` cannot vectorise)
    numpy, mxnet,     a Python loop over the batch (``unstack``) and one ``stack`` per
    array-api-strict, output leaf, written once over the standard namespace
    dask, others
    ================  ===================================================================

    Composes with ``arraykit.ext.grad`` and ``arraykit.ext.jit.jit`` in either order
    (``jit(vmap(f))``, ``vmap(grad(f))``, ``grad(lambda w: sum(vmap(f)(w, xs)))``) wherever
    those work for the framework.

    Examples
    --------
    >>> def dot(a, b):
    ...     xp = arraykit.array_namespace(a, b)
    ...     return xp.sum(a * b)
    >>> vmap(dot)(xs, ys)                  # one dot product per row
    >>> vmap(dot, in_axes=(0, None))(xs, y)  # every row against the same y
    """
    if not callable(f):
        raise TypeError(f"vmap: f must be a function, got {type(f).__name__}")
    _check_in_axes(in_axes)
    if isinstance(out_axes, bool) or not isinstance(out_axes, int):
        raise TypeError(f"vmap: out_axes must be an int, got {out_axes!r}")

    # The positions of the mapped arguments, where in_axes fixes them (a tuple): computed
    # here once, not per call (nothing is stored at call time, inside a tracer's trace).
    tuple_axes = in_axes if isinstance(in_axes, tuple) else None
    tuple_positions = ([i for i, axis in enumerate(tuple_axes) if axis is not None]
                       if tuple_axes is not None else None)

    @functools.wraps(f)
    def vmapped(*args: Any, **kwargs: Any) -> Any:
        if tuple_axes is None:
            axes = _per_argument(in_axes, len(args))
            positions: Any = range(len(args))  # every argument (in_axes None: none, below)
        else:
            axes = tuple_axes if len(tuple_axes) == len(args) else _per_argument(
                tuple_axes, len(args))
            positions = tuple_positions
        mapped: list[Any] = []
        leaf_axes: list[int] = []
        # (position, TreeDef) of each mapped argument that is a pytree, not one array: the
        # usual call maps arrays, put back in their places without unflatten (a loop backend
        # runs flat_f once per example).
        trees: list[tuple[int, Any]] = []
        for i, (arg, axis) in enumerate(zip(args, axes)):
            if axis is None:
                continue
            if arg is None or isinstance(arg, (tuple, list, dict)):
                leaves, treedef = flatten(arg)
                trees.append((i, treedef))
                for leaf in leaves:
                    leaf_axes.append(_leaf_axis(leaf, axis, i))
                    mapped.append(leaf)
            else:
                leaf_axes.append(_leaf_axis(arg, axis, i))
                mapped.append(arg)
        if not mapped:
            raise ValueError(
                "vmap: no argument is mapped, so there is no batch size; give at least one "
                "array argument an int in in_axes"
            )
        size = _batch_size(mapped, leaf_axes)
        out_def: list[Any] = []

        def flat_f(*mapped_leaves: Any) -> tuple[Any, ...]:
            full = list(args)
            if trees:
                tree_at = dict(trees)
                it = iter(mapped_leaves)
                for i in positions:
                    treedef = tree_at.get(i)
                    full[i] = next(it) if treedef is None else unflatten(
                        treedef, [next(it) for _ in range(treedef.num_leaves)])
            else:
                for i, leaf in zip(positions, mapped_leaves):
                    full[i] = leaf
            out = f(*full, **kwargs)
            if out is not None and not isinstance(out, (tuple, list, dict)):
                out_def.append(LEAF)  # one array: flatten's answer without the walk
                return (out,)
            out_leaves, treedef = flatten(out)
            out_def.append(treedef)
            return tuple(out_leaves)

        # An empty batch has no example to map: every backend takes loop_vmap's rule (one call
        # on zeros, for the outputs' dtypes and shapes). tf.vectorized_map gets those shapes
        # wrong (TF 2.21: (4, 0, 0) for (4, 0, 2) with out_axes=1).
        run = loop_vmap if size == 0 else _runner(type(mapped[0]))
        out = run(flat_f, mapped, leaf_axes, size)
        treedef = out_def[-1]
        if treedef is LEAF and out_axes == 0:
            return out[0]
        return unflatten(treedef, _move_batch_axis(out, out_axes))

    return vmapped


def _runner(cls: type) -> Callable[..., Any]:
    """The backend's ``vmap`` for arrays of type ``cls``, else ``loop_vmap`` (built once per
    type by ``_runner_of``, a ``type_lookup`` with the registry's invalidation)."""
    global _runner_of  # noqa: PLW0603 - built on first use: the registry imports this package
    if _runner_of is None:
        _runner_of = type_lookup(
            _PACKAGE, "_eager", _not_an_array_type,
            build=lambda backend, module: getattr(module, "vmap", None) or loop_vmap)
    return _runner_of(cls, "")


_runner_of: Callable[[type, str], Any] | None = None


# ---------------------------------------------------------------------------------------------
# arguments


def _check_in_axes(in_axes: Any) -> None:
    items = in_axes if isinstance(in_axes, tuple) else (in_axes,)
    for a in items:
        if a is not None and (isinstance(a, bool) or not isinstance(a, int)):
            raise TypeError(
                "vmap: in_axes must be an int, None, or a tuple of one int or None per "
                f"positional argument; got {in_axes!r}"
            )


def _per_argument(in_axes: Any, nargs: int) -> tuple[int | None, ...]:
    if not isinstance(in_axes, tuple):
        return (in_axes,) * nargs
    if len(in_axes) != nargs:
        raise ValueError(
            f"vmap: in_axes has {len(in_axes)} entries but the function was called with "
            f"{nargs} positional argument{'s' if nargs != 1 else ''}; give one int or None "
            "per positional argument"
        )
    return in_axes


def _leaf_axis(leaf: Any, axis: int, position: int) -> int:
    """``axis`` of ``leaf`` made non-negative, or a ValueError naming vmap."""
    shape = getattr(leaf, "shape", None)
    ndim = len(shape) if shape is not None else 0
    if not -ndim <= axis < ndim:
        what = f"a {type(leaf).__name__}" if shape is None else f"shape {tuple(shape)}"
        raise ValueError(
            f"vmap: in_axes maps argument {position} along axis {axis}, but a leaf of it has "
            f"{what} (rank {ndim}); use in_axes=None for arguments every example shares"
        )
    return axis % ndim


def _batch_size(leaves: list[Any], axes: list[int]) -> int:
    if len(leaves) == 1:  # one mapped leaf (the usual call): its size, as below
        size = leaves[0].shape[axes[0]]
        return operator.index(size) if isinstance(size, int) else size
    sizes = [leaf.shape[a] for leaf, a in zip(leaves, axes)]
    known = {operator.index(s) for s in sizes if s is not None and isinstance(s, int)}
    if len(known) > 1:
        detail = ", ".join(f"axis {a} of {tuple(leaf.shape)}" for leaf, a in zip(leaves, axes))
        raise ValueError(
            f"vmap: the mapped axes must have one size (the batch size); got {detail}"
        )
    if known:
        return known.pop()
    return sizes[0]  # unknown until run time (a TF graph tensor): the framework checks


# ---------------------------------------------------------------------------------------------
# the fallback


def loop_vmap(
    g: Callable[..., tuple[Any, ...]], leaves: list[Any], axes: list[int], size: int
) -> list[Any]:
    """``g`` once per example (``unstack`` of every mapped leaf), each output leaf stacked
    along a new axis 0: the standard namespace only."""
    from .. import array_namespace

    xp = array_namespace(*leaves)
    if size == 0:
        # No example to run: g runs once on zeros shaped like one example to learn the
        # outputs' dtypes and shapes; the values are thrown away.
        one = [
            xp.zeros(tuple(d for k, d in enumerate(x.shape) if k != a), dtype=x.dtype)
            for x, a in zip(leaves, axes)
        ]
        return [xp.zeros((0, *y.shape), dtype=y.dtype) for y in map(xp.asarray, g(*one))]
    columns = [xp.unstack(x, axis=a) for x, a in zip(leaves, axes)]
    outs = [g(*[c[i] for c in columns]) for i in range(size)]
    # asarray only for what is not an array of this framework already (a Python number,
    # another framework's array): NumPy's asarray is array-api-compat's Python function,
    # ~3 us an example.
    own = backend_of_type(type(leaves[0]))
    return [xp.stack([o[k] if backend_of_type(type(o[k])) is own else xp.asarray(o[k])
                      for o in outs]) for k in range(len(outs[0]))]


def _move_batch_axis(outs: Any, out_axes: int) -> list[Any]:
    """Each output leaf (batched along axis 0) with its batch axis at ``out_axes``."""
    if out_axes == 0:
        return list(outs)
    from .. import array_namespace

    moved = []
    for y in outs:  # a loop: TorchDynamo cannot read a walrus target in a comprehension
        axis = out_axis(out_axes, len(y.shape) - 1)
        moved.append(y if axis == 0 else array_namespace(y).moveaxis(y, 0, axis))
    return moved


def out_axis(out_axes: int, rank: int) -> int:
    """``out_axes`` as a non-negative axis of a batched output whose examples have ``rank``
    axes, or a ValueError naming vmap."""
    axis = out_axes + rank + 1 if out_axes < 0 else out_axes
    if not 0 <= axis <= rank:
        raise ValueError(
            f"vmap: out_axes={out_axes} is out of range for an output whose examples have rank "
            f"{rank} (batched rank {rank + 1})"
        )
    return axis
