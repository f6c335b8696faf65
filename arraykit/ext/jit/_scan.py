"""``scan``: a loop with a carry that compilers see as one loop (``jax.lax.scan`` semantics).

    def f(carry, x):            # carry, x and y may be pytrees (tuples, lists, dicts)
        ...
        return new_carry, y     # new_carry has init's structure, dtypes and shapes

    final_carry, ys = scan(f, init, xs)          # ys: every y stacked on a new leading axis
    final_carry, ys = scan(f, init, None, length=T)   # no inputs: T steps

Written as a Python ``for`` loop, a T-step loop is unrolled by every tracing compiler: the
program (and XLA's compile time and memory, worse for its gradient) grows with T. ``scan``
hands the loop to the framework as a loop where the framework has one:

================  =====================================================================
framework         how the loop runs
================  =====================================================================
jax               ``jax.lax.scan``, eagerly and under ``jax.jit`` (one compiled body)
tensorflow        eagerly: a Python loop; in a graph (``tf.function``, ``jit`` with XLA):
                  ``tf.while_loop`` over TensorArrays, ``maximum_iterations`` set so that
                  XLA can differentiate it; every step in the loop (y's dtypes and
                  shapes, which TensorArrays need up front, from a trace nothing runs)
torch, numpy,     a Python loop, then one ``stack`` per y leaf (``torch.compile`` unrolls it:
mxnet, array-api- torch has no loop primitive Inductor compiles)
strict, dask
================  =====================================================================

Gradients flow through ``scan`` with ``arraykit.ext.grad`` on jax, torch, tensorflow (eager
and in graphs) and mxnet. Rules, as in JAX: ``xs`` leaves share their leading length (the
number of steps; ``length`` must agree if given); ``f`` returns ``(carry, y)`` where the
carry keeps ``init``'s pytree structure, dtypes and shapes (Python numbers in ``init`` adopt
the dtype ``f`` gives them); y keeps one structure over the steps. Violations raise
TypeError/ValueError naming ``scan``. The backend is chosen from the first array leaf of
``xs``, then of ``init``.

Per-step cost on the Python-loop backends: the inputs are sliced once up front, and carries
or ys that are single arrays or flat tuples of arrays are never flattened per step; only the
first step's carry is checked against ``init`` (a later mismatch surfaces as the framework's
own error, or at the final ``stack``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from ..._dispatch import backend_of_type
from ..._integers import index_or_none
from .._lookup import own_implementation
from .._pytree import first_array, flatten, unflatten

__all__ = ["scan"]

# How a pytree is laid out, so that the common shapes skip flatten/unflatten per step.
NONE = 0  # None: an empty subtree
LEAF = 1  # a single array (or number)
TUPLE = 2  # a plain tuple of leaves (not nested, not a named tuple)
TREE = 3  # anything else: flattened with arraykit's pytrees

# A backend's ``_scan_<name>.py`` module here, found by name, either defines ``scan`` (jax,
# tensorflow: their own loop) or shapes the Python loop every other backend runs with optional
# hooks (``_contract.ScanBackend``): ``unstack(x, n)`` splits an array along axis 0 into its
# steps in one call (default: ``index_steps``), ``wrap_loop(run)`` wraps the loop (MXNet's
# NumPy mode), ``wrap_stack(stack)`` the namespace's ``stack`` of the ys (NumPy's scalars),
# ``check_carry(init, carry)`` checks the first step's carry (Paddle's, without its costly
# getters), ``cacheable()`` says whether the runner may be cached now.

_PACKAGE = __name__.rpartition(".")[0]

#: array type -> runner(f, init, xs, xs_kind, xs_leaves, xs_def, length). The hot path.
_runners: dict[type, Callable[..., Any]] = {}


def scan(
    f: Callable[[Any, Any], tuple[Any, Any]],
    init: Any,
    xs: Any = None,
    length: int | None = None,
) -> tuple[Any, Any]:
    """Loop ``carry, y = f(carry, x)`` over the leading axis of ``xs``; return
    ``(final carry, ys)`` with the ys stacked along a new leading axis.

    ``xs=None`` with ``length=T`` runs T steps with ``x=None``. The module docstring lists
    what each framework runs and the rules (as ``jax.lax.scan``).
    """
    if not callable(f):
        raise TypeError("scan: f must be a function (carry, x) -> (carry, y), got "
                        f"{type(f).__name__}")
    # The usual call: xs one array of a type already run (so a registered array: the first
    # array of xs, the runner's key) with a known leading length, no length given: what
    # classify, _leading_length and first_array would find, without their walks.
    run = _runners.get(type(xs))
    if run is not None and length is None:
        shape = xs.shape
        n = shape[0] if len(shape) else None
        if type(n) is int:
            return run(f, init, xs, LEAF, [xs], None, n)
    if length is not None:
        if isinstance(length, bool):
            raise TypeError("scan: length must be an int, got a bool")
        steps = index_or_none(length)
        if steps is None:
            raise TypeError(f"scan: length must be an int, got {type(length).__name__}")
        if steps < 0:
            raise ValueError(f"scan: length must be >= 0, got {steps}")
        length = steps
    kind, leaves, treedef = classify(xs)
    if leaves:
        length = _leading_length(leaves, length)
    elif length is None:
        raise ValueError(
            "scan: pass xs (arrays to loop over along their leading axis) or length (the "
            "number of steps when there are no inputs)"
        )
    x = first_array(xs, init)
    run = _runners.get(type(x))
    if run is None:
        run = _runner_for(x)
    return run(f, init, xs, kind, leaves, treedef, length)


# ---------------------------------------------------------------------------------------------
# argument checks


def classify(tree: Any) -> tuple[int, list[Any], Any]:
    """(layout, leaves, TreeDef or None): NONE, LEAF and TUPLE need no TreeDef to rebuild."""
    if tree is None:
        return NONE, [], None
    cls = type(tree)
    if cls is tuple:
        flat = True
        for t in tree:  # a loop, not all(genexpr): torch.compile traces this
            if t is None or isinstance(t, (tuple, list, dict)):
                flat = False
                break
        if flat:
            return TUPLE, list(tree), None
    elif not isinstance(tree, (tuple, list, dict)):
        return LEAF, [tree], None
    leaves, treedef = flatten(tree)
    return TREE, leaves, treedef


def rebuild(kind: int, leaves: Any, treedef: Any) -> Any:
    """The inverse of ``classify``."""
    if kind == LEAF:
        return leaves[0]
    if kind == TUPLE:
        return tuple(leaves)
    if kind == NONE:
        return None
    return unflatten(treedef, leaves)


def _leading_length(leaves: list[Any], length: int | None) -> int | None:
    """The number of steps: the leaves' common leading length (None if only known at run
    time, e.g. a TF graph tensor of unknown shape)."""
    sizes = []
    for leaf in leaves:
        shape = getattr(leaf, "shape", None)
        if shape is None or len(shape) == 0:
            raise ValueError(
                "scan: every leaf of xs needs a leading axis to loop over; got "
                + (f"a 0-d {type(leaf).__name__}" if shape is not None
                   else repr(type(leaf).__name__))
            )
        sizes.append(_dim(shape[0]))
    known = {s for s in sizes if s is not None}
    if len(known) > 1:
        shapes = ", ".join(str(tuple(getattr(leaf, "shape", ()))) for leaf in leaves)
        raise ValueError(
            f"scan: the leaves of xs must share their leading length (the number of steps); "
            f"got shapes {shapes}"
        )
    if known:
        n = known.pop()
        if length is not None and length != n:
            raise ValueError(f"scan: length={length} but the leaves of xs have leading length {n}")
        return n
    return length


def _dim(d: Any) -> int | None:
    """A dimension as an int, or None when unknown (TF's None, dask's nan)."""
    if d is None:
        return None
    try:
        return operator.index(d)
    except TypeError:
        value = getattr(d, "value", d)  # TF1-style Dimension
        return value if isinstance(value, int) else None


def _describe(kind: int, leaves: list[Any], treedef: Any) -> str:
    if kind == NONE:
        return "None"
    layout = ("an array" if kind == LEAF else f"a tuple of {len(leaves)}" if kind == TUPLE
              else repr(treedef))
    specs = ", ".join(f"{getattr(x, 'dtype', type(x).__name__)}{_shape(x)}" for x in leaves)
    return f"{layout} [{specs}]"


def _shape(x: Any) -> str:
    shape = getattr(x, "shape", None)
    return "" if shape is None else str(tuple(_dim(d) for d in shape))


def check_carry(init: Any, carry: Any) -> None:
    """TypeError unless ``carry`` (what f returned) has ``init``'s structure, dtypes and
    shapes. Python numbers in ``init`` match any dtype (JAX's weak types); unknown dims
    match any size."""
    if type(init) is tuple and type(carry) is tuple and len(init) == len(carry):
        # The common case, without building TreeDefs: a flat tuple of arrays of equal specs.
        for a, b in zip(init, carry):
            if type(a) is not type(b) or not hasattr(a, "dtype") or isinstance(a, tuple):
                break
            da, db = a.dtype, b.dtype
            if (da is not db and da != db) or a.shape != b.shape:
                break
        else:
            return
    ikind, ileaves, idef = classify(init)
    ckind, cleaves, cdef = classify(carry)
    same = ikind == ckind and len(ileaves) == len(cleaves) and (ikind != TREE or idef == cdef)
    if same:
        for a, b in zip(ileaves, cleaves):
            if not _same_spec(a, b):
                same = False
                break
    if not same:
        raise TypeError(
            "scan: f must return (carry, y) with the carry's structure, dtypes and shapes "
            f"unchanged; init is {_describe(ikind, ileaves, idef)} but f returned "
            f"{_describe(ckind, cleaves, cdef)}"
        )


def _same_spec(a: Any, b: Any) -> bool:
    da = getattr(a, "dtype", None)
    if da is None:
        return True  # a Python number (or None): takes the dtype f gives it
    if da != getattr(b, "dtype", None):
        return False
    sa, sb = getattr(a, "shape", None), getattr(b, "shape", None)
    if sa is None or sb is None:
        return True
    if len(sa) != len(sb):
        return False
    for a, b in zip(sa, sb):
        p, q = _dim(a), _dim(b)
        if p is not None and q is not None and p != q:
            return False
    return True


def split_output(out: Any) -> tuple[Any, Any]:
    """f's result as (carry, y), or a TypeError naming scan."""
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise TypeError(
            "scan: f must return a pair (new carry, y); got "
            + (f"a {type(out).__name__} of length {len(out)}" if isinstance(out, (tuple, list))
               else type(out).__name__)
        )
    return out[0], out[1]


def mismatched_y(first: str, other: str) -> TypeError:
    return TypeError(
        f"scan: f must return y with the same structure at every step; the first step gave "
        f"{first}, a later one {other}"
    )


# ---------------------------------------------------------------------------------------------
# choosing a runner


def _runner_for(x: Any) -> Callable[..., Any]:
    """The scan runner for arrays of ``type(x)`` (cached)."""
    backend = backend_of_type(type(x)) if x is not None else None
    hooks = own_implementation(_PACKAGE, backend.name, "_scan_") if backend else None
    own_scan = getattr(hooks, "scan", None)
    if own_scan is not None:
        run = own_scan
    else:
        stack = _stack_of(x) if x is not None else None  # None: the ys' own namespace
        wrap_stack = getattr(hooks, "wrap_stack", None)
        if wrap_stack is not None and stack is not None:
            stack = wrap_stack(stack)
        run = make_loop(getattr(hooks, "unstack", index_steps), stack,
                        getattr(hooks, "check_carry", check_carry))
        wrap_loop = getattr(hooks, "wrap_loop", None)
        if wrap_loop is not None:
            run = wrap_loop(run)
        cacheable = getattr(hooks, "cacheable", None)
        if cacheable is not None and not cacheable():
            return run
    if x is not None:
        _runners[type(x)] = run
    return run


def index_steps(x: Any, n: int) -> list[Any]:
    """``[x[0, ...], ..., x[n-1, ...]]``: the per-step slices, taken once before the loop (the
    ellipsis: the standard does not promise that one index selects along axis 0 alone)."""
    return [x[i, ...] for i in range(n)]


def _stack_of(leaf: Any) -> Callable[..., Any]:
    from ... import array_namespace

    try:
        return array_namespace(leaf).stack
    except TypeError:
        raise TypeError(
            f"scan: cannot stack the ys f returned: {type(leaf).__name__} is not an array type "
            "arraykit knows (return arrays, or None for no y; pass arrays in init or xs)"
        ) from None


# ---------------------------------------------------------------------------------------------
# the Python loop


def make_loop(
    unstack: Callable[[Any, int], Any], stack: Callable[..., Any] | None,
    check: Callable[[Any, Any], None] = check_carry,
) -> Callable[..., Any]:
    """A runner that loops in Python: ``unstack(x, n)`` splits an xs leaf into its n steps,
    ``stack(list)`` (None: the ys' namespace's ``stack``) joins the ys, ``check(init,
    carry)`` checks the first step's carry."""

    def run(f, init, xs, kind, leaves, treedef, length):
        if length is None:
            raise ValueError(
                "scan: the leading length of xs is unknown; pass length= or arrays of known shape"
            )
        if length == 0:
            return init, empty_ys(f, init, kind, leaves, treedef)
        # The per-step inputs, built before the loop: a list of x's (or None).
        if kind == LEAF:
            steps = unstack(leaves[0], length)
        elif kind == TUPLE:
            steps = list(zip(*[unstack(leaf, length) for leaf in leaves]))
        elif kind == TREE:
            columns = [unstack(leaf, length) for leaf in leaves]
            steps = [unflatten(treedef, s) for s in zip(*columns)]
        else:
            steps = None
        # Step 0 is checked; the others run bare.
        carry, y = split_output(f(init, steps[0] if steps is not None else None))
        check(init, carry)
        ys = [y]
        append = ys.append
        if steps is None:
            for _ in range(length - 1):
                carry, y = f(carry, None)
                append(y)
        else:
            for i in range(1, length):
                carry, y = f(carry, steps[i])
                append(y)
        return carry, stack_ys(ys, stack)

    return run


def stack_ys(ys: list[Any], stack: Callable[..., Any] | None) -> Any:
    """The per-step ys (each a pytree of one structure) as one pytree of stacked arrays."""
    kind, first, treedef = classify(ys[0])
    if kind == NONE:
        for y in ys:
            if y is not None:
                raise mismatched_y("None", type(y).__name__)
        return None
    if stack is None:
        stack = _stack_of(first[0])
    if kind == LEAF:
        # The ys are checked only if the stack fails (a check per y would cost as much as
        # the stack itself).
        try:
            return stack(ys)
        except Exception:
            for y in ys:
                if isinstance(y, (tuple, list, dict)) or y is None:
                    raise mismatched_y("an array", type(y).__name__) from None
            raise
    if kind == TUPLE:
        n = len(first)
        for y in ys:
            if type(y) is not tuple or len(y) != n:
                raise mismatched_y(f"a tuple of {n}", repr(classify(y)[2] or type(y).__name__))
        return tuple(stack(list(column)) for column in zip(*ys))
    columns: list[list[Any]] = [[] for _ in first]
    for y in ys:
        leaves, d = flatten(y)
        if d != treedef:
            raise mismatched_y(repr(treedef), repr(d))
        for column, leaf in zip(columns, leaves):
            column.append(leaf)
    return unflatten(treedef, [stack(column) for column in columns])


def empty_ys(f: Callable[..., Any], init: Any, kind: int, leaves: list[Any], treedef: Any) -> Any:
    """ys for a 0-step scan: f runs once on zeros shaped like one step of xs (its result is
    thrown away; only y's structure, dtypes and shapes are kept) and each y leaf becomes an
    empty array of shape (0, *y.shape)."""
    from ... import array_namespace

    if leaves:
        xp = array_namespace(*leaves)
        x = rebuild(kind, [xp.zeros(tuple(leaf.shape[1:]), dtype=leaf.dtype) for leaf in leaves],
                    treedef)
    else:
        x = None
    carry, y = split_output(f(init, x))
    check_carry(init, carry)
    ykind, yleaves, ydef = classify(y)
    empty = [array_namespace(v).expand_dims(v, axis=0)[:0] for v in yleaves]
    return rebuild(ykind, empty, ydef)
