"""The standard's operand rules, written once over a full shim's primitives.

``DtypeRules(...)`` gives a shim its ``check_kind``, ``promote`` and ``scalar_dtype`` (built
from data, in the shim's ``_dtypes``); ``OperandRules(primitives)`` its ``require_array``,
``require_kind``, ``binary``, ``binary_arrays`` and ``binary_bcast``; ``check_broadcast``,
``broadcast_shapes`` and ``reduced_shape`` are plain functions here. One contract each, for
every shim. The helpers are closed over the primitives so that the common case (arrays of one
standard dtype) stays a type test and a dtype lookup per operand.

The rules:

* Two arrays promote by the standard's table plus integer with floating -> the floating dtype
  (``dtypes.ARRAY_PROMOTION_TABLE``); a pair the framework cannot hold the result of is a
  TypeError naming the framework.
* A Python scalar takes the array's dtype by the standard's rule
  (``dtypes.scalar_operand_dtype``): a float with an integer array computes in the default
  floating dtype, as NumPy, torch and JAX do; a bool with a numeric array is that number (0 or
  1), as NumPy, torch and JAX allow. A Python int outside an integer dtype's range is an
  OverflowError. A NumPy scalar is the Python scalar of its kind (``scalars.python_scalar``).
* ``bcast=True``: the function broadcasts its operands elementwise, so two arrays of different
  shapes are checked here and a ValueError names the function (the frameworks' own errors name
  none, or are another class).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import checks as _c
from . import dtypes as _d
from . import utils as _u
from .data_types import dtype_readers
from .primitives import ShimPrimitives
from .scalars import PY_SCALARS, python_scalar


def reduced_shape(shape, axes, keepdims: bool) -> tuple[int, ...]:
    """The shape of a reduction of ``shape`` over ``axes`` (normalized, non-negative)."""
    if keepdims:
        return tuple(1 if i in axes else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in axes)


def known_shape(shape, fname: str) -> tuple[int, ...]:
    """``shape`` (as ``shape_of`` reports it) for building a result: every extent known, or a
    ValueError naming ``fname`` (a graph tensor of unknown extents, TF's ``tf.function``:
    an empty result's shape cannot be built there)."""
    shape = tuple(shape)
    if None in shape:
        raise ValueError(f"{fname}: the result's shape {shape} has unknown extents (a traced "
                         "graph); give the input a static shape")
    return shape  # type: ignore[return-value]  # no None left


def check_broadcast(s1, s2, fname: str) -> tuple[int, ...]:
    """The broadcast shape of ``s1`` and ``s2``, or a ValueError naming ``fname``."""
    try:
        return _u.broadcast_shapes(tuple(s1), tuple(s2))
    except ValueError:
        raise ValueError(f"{fname}: shapes {tuple(s1)} and {tuple(s2)} are not "
                         "broadcastable") from None


def broadcast_shapes(*shapes, fname: str = "broadcast_shapes") -> tuple[int, ...]:
    """The standard's ``broadcast_shapes``; the ValueError names ``fname``, the function that
    broadcasts."""
    try:
        return _u.broadcast_shapes(*(tuple(s) for s in shapes))
    except ValueError:
        if fname == "broadcast_shapes":
            raise
        raise ValueError(f"{fname}: shapes {tuple(tuple(s) for s in shapes)} are not "
                         "broadcastable") from None


class DtypeRules:
    """The dtype rules of one full shim: input categories, promotion of two arrays, a Python
    scalar beside an array. Built from data only (the shim's ``_dtypes`` module makes it).

    ``dtypes``: every standard name -> the namespace's dtype object (held or not);
    ``native_type``: the framework's dtype class. ``extra_floating``: native dtypes outside the
    standard that pass through the floating checks and promote within floats (MXNet's
    float16: refusing it would reject native arrays in functions that need no dtype rule);
    ``extra``: their dtype objects -> names, which a ``dtype=`` argument may name.

    ``refuse_dtype(name, fname)``: the TypeError for a standard dtype the framework lacks,
    naming the framework, the function and the dtype (one wording for every shim);
    ``standard_name``/``dtype_name``: reading a dtype argument (``data_types.dtype_readers``).
    """

    def __init__(self, framework: str, supported: tuple[str, ...], default_float: str,
                 default_complex: str | None, *, dtypes: Mapping[str, Any], native_type: type,
                 extra_floating: frozenset[str] = frozenset(),
                 extra: Mapping[Any, str] | None = None):
        held = frozenset(supported)

        def refuse_dtype(name: str, fname: str) -> TypeError:
            return _c.unsupported_dtype(fname, name, f"{framework} has no {name} dtype (it "
                                        f"holds {', '.join(supported)})")

        kind_sets = {k: frozenset(n for n in v if n in held) | (
            extra_floating if k in _FLOAT_CATEGORIES else frozenset())
            for k, v in _d.KINDS.items()}
        integral = kind_sets["integral"]
        real_floating = kind_sets["real floating"]
        table = _d.ARRAY_PROMOTION_TABLE

        def check_kind(name: str | None, kind: str, fname: str) -> None:
            """TypeError unless dtype ``name`` belongs to the spec's input category ``kind``
            (None, ``name_of``'s answer for a non-standard dtype, belongs to none)."""
            if name not in kind_sets[kind]:
                raise _c.dtype_not_allowed(fname, name, kind)

        def promote(a: str, b: str, fname: str) -> str:
            """The dtype two arrays of dtypes ``a`` and ``b`` compute in."""
            if a == b:
                return a
            r = table.get((a, b))
            if r is None and (a in extra_floating or b in extra_floating):
                extra, other = (a, b) if a in extra_floating else (b, a)
                if other in integral:
                    return extra
                if other in real_floating:
                    return other  # float16 with float32/64: the wider, as NumPy
            if r is None:
                raise TypeError(f"{fname}: the standard defines no promotion for {a} and {b}")
            if r not in held:
                raise TypeError(f"{fname}: {a} and {b} promote to {r} under the standard, and "
                                f"{framework} has no {r}; cast one operand explicitly")
            return r

        def scalar_dtype(value, name: str, fname: str, *, check_range: bool = True) -> str:
            """The dtype Python scalar ``value`` and an array of dtype ``name`` compute in.
            ``check_range=False``: no value is held (``result_type``)."""
            t = type(value)
            if t is int and name in integral:
                if check_range:
                    _c.check_int_range(fname, value, name)
                return name
            if t is not bool and t is not int and t is not float and t is not complex:
                v = python_scalar(value)
                if v is value:
                    raise TypeError(f"{fname}: expected an array or a Python scalar, "
                                    f"got {t.__name__}")
                return scalar_dtype(v, name, fname, check_range=check_range)
            if name in extra_floating and t is not complex:
                return name
            r = _d.scalar_operand_dtype(value, name, default_float, default_complex, fname)
            if r is None:  # a complex scalar with an integer array, and no complex dtype
                raise refuse_dtype("complex128", fname)
            if r not in held:
                raise refuse_dtype(r, fname)
            return r

        #: kind -> the standard names of that input category the framework holds.
        self.kind_sets = kind_sets
        self.refuse_dtype: Callable[[str, str], TypeError] = refuse_dtype
        (self.standard_name, self.dtype_name, self.dtype_table, self.held_table,
         self.dtype_types) = dtype_readers(dtypes, supported, refuse_dtype, native_type, extra)
        self.check_kind: Callable[[str | None, str, str], None] = check_kind
        self.promote: Callable[[str, str, str], str] = promote
        self.scalar_dtype: Callable[..., str] = scalar_dtype

        def result_type_scalar(value, name: str) -> str:
            """``result_type``'s rule for a Python scalar after the arrays and dtypes."""
            return scalar_dtype(value, name, "result_type", check_range=False)

        self.result_type_scalar = result_type_scalar


class OperandRules:
    """The operand helpers of one full shim, built from its primitives module ``p``."""

    def __init__(self, p: ShimPrimitives):
        kind_sets = p.DTYPE_RULES.kind_sets
        promote, scalar_dtype = p.DTYPE_RULES.promote, p.DTYPE_RULES.scalar_dtype
        array_type, noun = p.ARRAY_TYPE, p.ARRAY_NOUN
        name_of, unsupported, cast = p.name_of, p.unsupported, p.cast
        scalar_operand, scalar_array = p.scalar_operand, p.scalar_array
        broadcast_to = p.broadcast_to

        def require_array(x, fname: str) -> str:
            """Dtype name of ``x``; TypeError unless ``x`` is an array of a standard dtype."""
            if not isinstance(x, array_type):
                raise _c.not_an_array(fname, x, noun)
            n = name_of(x)
            if n is None:
                raise unsupported(x, fname)
            return n

        def require_kind(x, kind: str, fname: str) -> str:
            """:func:`require_array` plus the spec's input category ``kind``."""
            n = require_array(x, fname)
            if n not in kind_sets[kind]:
                raise _c.dtype_not_allowed(fname, n, kind)
            return n

        def with_scalar(a, n: str | None, other, fname: str, other_first: bool):
            if n is None:
                raise unsupported(a, fname)
            if type(other) not in PY_SCALARS:
                value = python_scalar(other)
                if value is other:
                    raise _c.not_an_array(fname, other, f"{noun} or a Python scalar")
                other = value
            r = scalar_dtype(other, n, fname)
            a = cast(a, r)
            s = scalar_operand(other, r, a, fname)
            return (s, a, r) if other_first else (a, s, r)

        def binary(x1, x2, fname: str, *, bcast: bool):
            """Both operands of a binary function and the name of the dtype they compute in:
            arrays cast to it, a Python scalar as ``scalar_operand`` makes it (a 0-d array, or
            the scalar where the framework's scalar ops are exact). ``bcast``: see the module
            docstring."""
            if isinstance(x1, array_type):
                n1 = name_of(x1)
                if isinstance(x2, array_type):
                    if bcast:
                        s1 = x1.shape
                        s2 = x2.shape
                        if s1 != s2:
                            check_broadcast(s1, s2, fname)
                    n2 = name_of(x2)
                    if n1 == n2 and n1 is not None:
                        return x1, x2, n1
                    if n1 is None:
                        raise unsupported(x1, fname)
                    if n2 is None:
                        raise unsupported(x2, fname)
                    r = promote(n1, n2, fname)
                    return cast(x1, r), cast(x2, r), r
                return with_scalar(x1, n1, x2, fname, False)
            if isinstance(x2, array_type):
                return with_scalar(x2, name_of(x2), x1, fname, True)
            if type(x1) in PY_SCALARS and type(x2) in PY_SCALARS:
                raise TypeError(f"{fname}: at least one argument must be {noun}")
            raise _c.not_an_array(fname, x1 if type(x1) not in PY_SCALARS else x2,
                                  f"{noun} or a Python scalar")

        def binary_arrays(x1, x2, fname: str, *, bcast: bool):
            """:func:`binary` with a scalar operand as a 0-d array (for framework ops that
            take no scalars)."""
            a, b, n = binary(x1, x2, fname, bcast=bcast)
            if not isinstance(a, array_type):
                a = scalar_array(a, n, b, fname)
            elif not isinstance(b, array_type):
                b = scalar_array(b, n, a, fname)
            return a, b, n

        def binary_bcast(x1, x2, fname: str):
            """:func:`binary_arrays` with both operands broadcast to one shape."""
            a, b, n = binary_arrays(x1, x2, fname, bcast=True)
            sa, sb = tuple(a.shape), tuple(b.shape)
            if sa != sb:
                shape = broadcast_shapes(sa, sb, fname=fname)
                if sa != shape:
                    a = broadcast_to(a, shape)
                if sb != shape:
                    b = broadcast_to(b, shape)
            return a, b, n

        self.require_array: Callable[[Any, str], str] = require_array
        self.require_kind: Callable[[Any, str, str], str] = require_kind
        self.binary = binary
        self.binary_arrays = binary_arrays
        self.binary_bcast = binary_bcast


_FLOAT_CATEGORIES = frozenset(("real floating", "floating-point", "numeric", "real numeric",
                               "boolean or real numeric", "any"))
