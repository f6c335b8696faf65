"""The standard's statistical and utility functions, written once over a full shim's
primitives: ``sum``, ``prod``, ``max``, ``min``, ``mean``, ``var``, ``std``,
``cumulative_sum``, ``cumulative_prod``, ``all``, ``any``, ``diff``.

``StatisticalFunctions(p)`` builds them from primitives module ``p``
(``_common/primitives.py``); the framework work is ``p.reduce``, ``p.scan``, ``p.variance``,
``p.difference``, ``p.full``, ``p.concat``, ``p.reshape``, ``p.sqrt`` and ``p.shape_of``, each of
which keeps its framework's defects to itself. A shim binds these functions and keeps a
function of its own only in front of them, for a measured fast path.

The rules:

* ``axis``: None (every axis), an int or a tuple of distinct ints (``utils.normalize_axes``);
  ``keepdims`` a bool (``checks.check_keepdims``). ``axis=()`` reduces nothing: the values of
  ``x`` (in the result dtype).
* Accumulation (``sum``, ``prod``, ``cumulative_*``): bool and numeric input; ``dtype=None``
  computes bool and signed integers in int64 and unsigned ones in uint64 (int64 where the
  framework has no uint64), floating ones in themselves (``dtypes.accumulation_dtype``); a
  ``dtype=`` must be numeric, and a real one for complex input is a TypeError (it would drop
  the imaginary part). ``cumulative_*``'s axis is ``checks.scan_axis``'s; ``include_initial``
  puts the identity first.
* Empty input: a reduction over a zero-size axis is ``sum`` 0, ``prod`` 1, ``all`` True,
  ``any`` False, ``mean`` NaN; ``max``/``min`` raise ValueError naming the function. A
  zero-size input reduced over non-empty axes gives an empty result of the reduced shape.
* ``max``/``min``: real numeric input, NaN propagates. ``mean``: floating-point input;
  ``var``/``std``: real floating input with a real ``correction`` (``checks.correction_value``)
  and NaN wherever ``N - correction <= 0``; integer input of these three computes in the
  default floating dtype (``dtypes.integer_input_as_float``), as NumPy's does.
* ``all``/``any``: any dtype, nonzero (NaN included) is true.
* ``diff``: at least 1-d input, ``n >= 0``; ``prepend``/``append`` are arrays of ``x``'s rank
  and extents off ``axis`` (else ValueError), promoted with ``x`` by the standard's table;
  bool input differences by ``!=``, as NumPy.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Callable
from typing import Any

from . import checks as _c
from .dtypes import accumulation_dtype, integer_input_as_float
from .operands import OperandRules, reduced_shape
from .primitives import ShimPrimitives
from .sizes import diff_order
from .utils import normalize_axes, normalize_axis

#: ``blocked_sum``: the longest run of elements it adds in one chain, and the most elements
#: a shim leaves to its framework's chained sum (whose error there is ~4e-5 at most, where
#: the blocks' extra ops, ~15 us on MLX, would not be repaid).
SUM_BLOCK = 128
CHAINED_SUM_MAX = 4096


def blocked_sum(sum_axis: Callable[[Any, int], Any], reshape: Callable[[Any, Any], Any], x,
                axes, keepdims: bool):
    """The float sum of ``x`` over ``axes`` (non-negative, sorted) in which no run of
    additions is longer than ``SUM_BLOCK``: each axis is cut into blocks, the blocks summed
    and their sums summed the same way. For frameworks whose CPU reductions add the elements
    in one sequential chain (MLX 0.32.4's every sum, Paddle 3.3.1's along an axis), where a
    float32 sum's relative error grows with the count: 1e6 x 0.1 is 1e-2 off, 2**24 + 64
    ones sum to 2**24 (every later 1.0 rounds away); NumPy's pairwise sum stays near 1e-7.
    Blocked, 1e6 x 0.1 is 2.3e-6 off (random data ~5e-8, NumPy's). Not for products: their
    rounding compounds once a multiplication in any order.

    ``sum_axis(x, a)``: the framework's own sum of ``x`` over axis ``a``, kept (extent 1);
    ``reshape(x, shape)``; ``x`` takes tuples of slices."""
    shape = tuple(x.shape)
    n = len(shape)
    if len(axes) == n:  # every axis: the elements as one run, in order
        r = _blocked_axis(sum_axis, reshape, reshape(x, (-1,)), 0)
        return reshape(r, (1,) * n if keepdims else ())
    for a in axes:
        x = _blocked_axis(sum_axis, reshape, x, a)
    return x if keepdims else reshape(x, tuple(e for i, e in enumerate(shape) if i not in axes))


def _blocked_axis(sum_axis, reshape, x, a: int):
    """``blocked_sum`` over the one axis ``a`` (kept, extent 1)."""
    head = (slice(None),) * a
    rest = []  # the sum of each level's leftover elements (fewer than a block)
    k = x.shape[a]
    while k > SUM_BLOCK:
        q, r = divmod(k, SUM_BLOCK)
        if r:
            rest.append(sum_axis(x[(*head, slice(q * SUM_BLOCK, None))], a))
            x = x[(*head, slice(0, q * SUM_BLOCK))]
        shape = tuple(x.shape)
        x = reshape(sum_axis(reshape(x, (*shape[:a], q, SUM_BLOCK, *shape[a + 1:])), a + 1),
                    (*shape[:a], q, *shape[a + 1:]))
        k = q
    x = sum_axis(x, a)
    for part in rest:
        x = x + part
    return x


def reduced_count(shape, axes) -> int | None:
    """The number of elements over ``axes``; None where an extent is unknown (TF graphs)."""
    n = 1
    for a in axes:
        s = shape[a]
        if s is None:
            return None
        n *= s
    return n


def _is_empty(shape) -> bool:
    """Whether an extent is known to be 0."""
    return 0 in shape


def without_degrees_of_freedom(shape, axis, correction) -> bool:
    """Whether ``var``/``std`` over ``axis`` of an array of ``shape`` has ``M - correction <= 0``,
    where the standard says the result must be NaN (NumPy's and torch's kernels divide by
    ``max(M - correction, 0)``: inf where the squared deviations are positive). The shims'
    rule (``var_of``); the delegated NumPy and torch namespaces ask it for a nonzero
    correction. False for an axis it cannot read (the kernel's own error follows)."""
    try:
        axes = normalize_axes(axis, len(shape), "var")
    except (TypeError, ValueError, IndexError):
        return False
    count = reduced_count(tuple(shape), axes)
    return count is not None and count - correction <= 0


class StatisticalFunctions:
    """The statistical and utility functions of one full shim, built from its primitives
    module ``p``; each is an attribute of the standard's name and signature."""

    def __init__(self, p: ShimPrimitives):
        operands = OperandRules(p)
        require_array, require_kind = operands.require_array, operands.require_kind
        rules = p.DTYPE_RULES
        check_kind, promote = rules.check_kind, rules.promote
        accumulating = rules.kind_sets["numeric"] | {"bool"}
        complex_ = rules.kind_sets["complex floating"]
        default_uint = "uint64" if "uint64" in p.SUPPORTED else "int64"
        default_float = p.DEFAULT_FLOAT
        cast, dtype_arg, shape_of = p.cast, p.dtype_arg, p.shape_of
        full, reduce, scan, variance = p.full, p.reduce, p.scan, p.variance
        concat, reshape, sqrt, difference = p.concat, p.reshape, p.sqrt, p.difference
        check_keepdims, no_identity = _c.check_keepdims, _c.no_identity

        def accumulated(x, dtype, fname: str):
            """``x`` in the dtype ``sum``/``prod``/``cumulative_*`` compute in, and its name."""
            n = require_array(x, fname)
            if n not in accumulating:
                raise _c.dtype_not_allowed(fname, n, "numeric")
            if dtype is None:
                r = accumulation_dtype(n, None, "int64", default_uint)
            else:
                r = dtype_arg(dtype, fname)
                check_kind(r, "numeric", fname)
                if n in complex_ and r not in complex_:
                    raise TypeError(f"{fname}: dtype {r} would drop the imaginary part of {n} "
                                    "input")
            return cast(x, r), r

        def floating_input(x, kind: str, fname: str):
            """``x`` and its dtype name for a function of floating ``kind`` input: an integer
            array in the default floating dtype, else TypeError outside ``kind``."""
            n = require_array(x, fname)
            f = integer_input_as_float(kind, n, default_float)
            if f is not None:
                return cast(x, f), f
            check_kind(n, kind, fname)
            return x, n

        def accumulate(fname: str, identity: int, x, axis, dtype, keepdims):
            keepdims = check_keepdims(fname, keepdims)
            x, r = accumulated(x, dtype, fname)
            shape = shape_of(x)
            axes = normalize_axes(axis, len(shape), fname)
            if axes and _is_empty(shape):
                return full(reduced_shape(shape, axes, keepdims), identity, r, x)
            return reduce(fname, x, axes, keepdims)

        def sum(x, /, *, axis=None, dtype=None, keepdims=False):
            """Array API ``sum``: integers accumulate in int64 (uint64 for unsigned)."""
            return accumulate("sum", 0, x, axis, dtype, keepdims)

        def prod(x, /, *, axis=None, dtype=None, keepdims=False):
            """Array API ``prod``: integers accumulate in int64 (uint64 for unsigned)."""
            return accumulate("prod", 1, x, axis, dtype, keepdims)

        def extreme(fname: str, x, axis, keepdims):
            keepdims = check_keepdims(fname, keepdims)
            n = require_kind(x, "real numeric", fname)
            shape = shape_of(x)
            axes = normalize_axes(axis, len(shape), fname)
            if _is_empty(shape) and axes:
                if builtins.any(shape[a] == 0 for a in axes):
                    raise no_identity(fname)
                return full(reduced_shape(shape, axes, keepdims), 0, n, x)
            return reduce(fname, x, axes, keepdims)

        def max(x, /, *, axis=None, keepdims=False):
            """Array API ``max``: NaN propagates; ValueError over a zero-size axis."""
            return extreme("max", x, axis, keepdims)

        def min(x, /, *, axis=None, keepdims=False):
            """Array API ``min``: NaN propagates; ValueError over a zero-size axis."""
            return extreme("min", x, axis, keepdims)

        def mean(x, /, *, axis=None, keepdims=False):
            """Array API ``mean``: NaN over a zero-size axis; integers in the default float."""
            keepdims = check_keepdims("mean", keepdims)
            x, n = floating_input(x, "floating-point", "mean")
            shape = shape_of(x)
            axes = normalize_axes(axis, len(shape), "mean")
            if axes and _is_empty(shape):
                nan = complex(math.nan, math.nan) if n in complex_ else math.nan
                return full(reduced_shape(shape, axes, keepdims), nan, n, x)
            return reduce("mean", x, axes, keepdims)

        def var_of(fname: str, x, axis, correction, keepdims):
            """``var``, its errors naming ``fname`` (``std`` calls it too)."""
            keepdims = check_keepdims(fname, keepdims)
            x, n = floating_input(x, "real floating", fname)
            correction = _c.correction_value(fname, correction)
            shape = shape_of(x)
            axes = normalize_axes(axis, len(shape), fname)
            if without_degrees_of_freedom(shape, axes, correction) or _is_empty(shape):
                return full(reduced_shape(shape, axes, keepdims), math.nan, n, x)
            if not axes:
                return (x - x) * 0  # zeros, NaN where x is NaN or infinite
            return variance(x, axes, correction, keepdims)

        def var(x, /, *, axis=None, correction=0.0, keepdims=False):
            """Array API ``var``: ``sum(|x - mean|**2) / (N - correction)``; NaN where
            ``N - correction`` is not positive."""
            return var_of("var", x, axis, correction, keepdims)

        def std(x, /, *, axis=None, correction=0.0, keepdims=False):
            """Array API ``std``: ``sqrt(var)``."""
            return sqrt(var_of("std", x, axis, correction, keepdims))

        def cumulative(fname: str, identity: int, x, axis, dtype, include_initial):
            x, r = accumulated(x, dtype, fname)
            shape = shape_of(x)
            ax = _c.scan_axis(fname, axis, len(shape))
            if not shape:
                shape = (1,)
                x = reshape(x, shape)
            out = x if shape[ax] == 0 else scan(fname, x, ax)
            if include_initial:
                first = (*shape[:ax], 1, *shape[ax + 1:])
                out = concat([full(first, identity, r, x), out], ax)
            return out

        def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
            """Array API ``cumulative_sum`` (accumulation dtype as ``sum``)."""
            return cumulative("cumulative_sum", 0, x, axis, dtype, include_initial)

        def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
            """Array API ``cumulative_prod`` (accumulation dtype as ``prod``)."""
            return cumulative("cumulative_prod", 1, x, axis, dtype, include_initial)

        def truth(fname: str, identity: bool, x, axis, keepdims):
            keepdims = check_keepdims(fname, keepdims)
            require_array(x, fname)
            shape = shape_of(x)
            axes = normalize_axes(axis, len(shape), fname)
            if _is_empty(shape):
                return full(reduced_shape(shape, axes, keepdims), identity, "bool", x)
            return reduce(fname, x, axes, keepdims)

        def all(x, /, *, axis=None, keepdims=False):
            """Array API ``all`` (any dtype; nonzero, NaN included, is true)."""
            return truth("all", True, x, axis, keepdims)

        def any(x, /, *, axis=None, keepdims=False):
            """Array API ``any`` (any dtype; nonzero, NaN included, is true)."""
            return truth("any", False, x, axis, keepdims)

        def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
            """Array API ``diff``: the ``n``-th forward difference along ``axis`` (bool:
            ``!=``, as NumPy), after concatenating ``prepend``/``append``."""
            name = require_array(x, "diff")
            shape = shape_of(x)
            _c.check_diff(len(shape), n)
            ax = normalize_axis(axis, len(shape), "diff")
            if prepend is not None or append is not None:
                parts = [p for p in (prepend, x, append) if p is not None]
                for part in parts:
                    if part is not x:
                        name = promote(name, require_array(part, "diff"), "diff")
                        s = shape_of(part)
                        if len(s) != len(shape) or builtins.any(
                                a != b and a is not None and b is not None
                                for i, (a, b) in enumerate(zip(s, shape)) if i != ax):
                            raise ValueError(f"diff: prepend/append of shape {tuple(s)} must "
                                             f"match x's shape {tuple(shape)} except on axis "
                                             f"{ax}")
                x = concat([cast(part, name) for part in parts], ax)
                shape = shape_of(x)
            length = shape[ax]
            if length is not None:
                n = diff_order(n, length)
            for _ in range(n):
                x = difference(x, ax)
            return x

        self.sum, self.prod, self.max, self.min = sum, prod, max, min
        self.mean, self.var, self.std = mean, var, std
        self.cumulative_sum, self.cumulative_prod = cumulative_sum, cumulative_prod
        self.all, self.any, self.diff = all, any, diff
        #: ``x`` and its dtype name as a function of floating input takes it (``mean``'s
        #: rule; ``kind`` the spec's input category).
        self.floating_input: Callable[[Any, str, str], tuple[Any, str]] = floating_input

