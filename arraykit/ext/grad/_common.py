"""What every framework's ``grad`` shares: argument selection, ``has_aux``, checks, messages.

The per-framework modules (``_jax``, ``_torch``, ``_tensorflow``, ``_mxnet``, ``_eager``) each
provide ``value_and_grad``, ``jacobian``, ``vjp``, ``stop_gradient`` and ``is_inexact`` and hold
only what differs between frameworks.
"""

from __future__ import annotations

from typing import Any

from .._lookup import backends_with_module
from .._pytree import TreeDef, as_tuple, flatten, unflatten

#: The registry names of the backends ``arraykit.ext.grad`` differentiates, for messages: those
#: with a module of their own here (found by name; ``_eager`` refuses every other backend).
DIFFERENTIABLE_BACKENDS = backends_with_module(__name__.rpartition(".")[0])


class NoAutodiffError(TypeError):
    """Raised when ``grad`` & co. receive arrays of a framework without automatic
    differentiation (numpy, array-api-strict, dask, cupy)."""


def no_autodiff(fname: str, backend: str) -> NoAutodiffError:
    """The error for differentiating arrays of ``backend``, which cannot be differentiated."""
    return NoAutodiffError(
        f"{fname}() got {backend} arrays, and {backend} has no automatic differentiation. "
        f"arraykit.ext.grad differentiates {', '.join(DIFFERENTIABLE_BACKENDS)} arrays: convert "
        "the inputs first (e.g. torch.asarray(x) or jax.numpy.asarray(x))"
    )


def split_aux(out: Any, has_aux: bool, fname: str) -> tuple[Any, Any]:
    """``f``'s result -> (the value to differentiate, aux or None)."""
    if not has_aux:
        return out, None
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(
            f"{fname}(has_aux=True): f must return a pair (value, aux), got "
            f"{type(out).__name__}"
        )
    return out[0], out[1]


def check_scalar_output(value: Any, fname: str, is_inexact: Any) -> None:
    """``grad`` differentiates functions with a 0-d floating result, on every backend."""
    shape = getattr(value, "shape", None)
    if shape is None or tuple(shape) != ():
        raise TypeError(
            f"{fname}: f must return a 0-d (scalar) array to be differentiated, got "
            + (f"an array of shape {tuple(shape)}" if shape is not None else type(value).__name__)
            + "; reduce it (e.g. xp.sum) or use jacobian/vjp"
        )
    if not is_inexact(value):
        raise TypeError(f"{fname}: f must return a floating-point value, got dtype {value.dtype}")


def check_inputs(leaves: list[Any], fname: str, impl: Any, backend_type: type) -> None:
    """Every differentiated leaf must be a floating array of the chosen framework."""
    for leaf in leaves:
        if type(leaf) is not backend_type and not impl.is_array(leaf):
            raise TypeError(
                f"{fname}: can only differentiate with respect to arrays of the framework "
                f"chosen from the first array argument ({backend_type.__module__}."
                f"{backend_type.__qualname__}); got {type(leaf).__module__}."
                f"{type(leaf).__qualname__}. Python numbers are not differentiated: pass arrays "
                "or mark them as non-differentiated with argnums"
            )
        if not impl.is_inexact(leaf):
            raise TypeError(
                f"{fname}: can only differentiate with respect to floating-point arrays, got "
                f"dtype {leaf.dtype}; cast with xp.astype(x, xp.float64) or leave that argument "
                "out of argnums"
            )


class Selected:
    """The differentiated arguments of one call, flattened: ``leaves`` over all of them, and a
    TreeDef per argument so results come back in the caller's structure."""

    __slots__ = ("argnums", "counts", "leaves", "treedefs")

    def __init__(self, args: tuple, argnums: int | tuple[int, ...]) -> None:
        self.argnums = argnums
        self.treedefs: list[TreeDef] = []
        self.leaves: list[Any] = []
        self.counts: list[int] = []
        for i in as_tuple(argnums):
            leaves, treedef = flatten(args[i])
            self.treedefs.append(treedef)
            self.leaves.extend(leaves)
            self.counts.append(len(leaves))

    def substitute(self, args: tuple, new_leaves: list[Any]) -> tuple:
        """``args`` with the differentiated leaves replaced by ``new_leaves``."""
        out = list(args)
        start = 0
        for i, treedef, n in zip(as_tuple(self.argnums), self.treedefs, self.counts):
            out[i] = unflatten(treedef, new_leaves[start:start + n])
            start += n
        return tuple(out)

    def rebuild(self, per_leaf: list[Any]) -> Any:
        """Values per leaf -> the argument structure (one tree for an int argnums, a tuple of
        trees for a tuple argnums)."""
        trees = []
        start = 0
        for treedef, n in zip(self.treedefs, self.counts):
            trees.append(unflatten(treedef, per_leaf[start:start + n]))
            start += n
        return tuple(trees) if isinstance(self.argnums, tuple) else trees[0]

    def rebuild_all(self, per_leaf: list[Any]) -> tuple:
        """Values per leaf -> a tuple with one tree per differentiated argument (``vjp``)."""
        trees = []
        start = 0
        for treedef, n in zip(self.treedefs, self.counts):
            trees.append(unflatten(treedef, per_leaf[start:start + n]))
            start += n
        return tuple(trees)


def check_cotangent_structure(out_def: TreeDef, ct_def: TreeDef, fname: str = "vjp") -> None:
    """The cotangent given to a vjp function must have the structure of ``f``'s output."""
    if out_def != ct_def:
        raise ValueError(
            f"{fname}: the cotangent's structure {ct_def!r} differs from the output's {out_def!r}"
        )
