"""The data type functions' rules, written once over a full shim's primitives module ``p``
(``_common/primitives.py``): reading a dtype argument (:func:`dtype_readers`, which a shim's
``DTYPE_RULES`` holds), ``astype``'s arguments, the pure queries ``can_cast`` and ``isdtype``,
``finfo``/``iinfo`` and ``result_type``.

The rules of a dtype argument, one for every shim: the namespace's dtype objects, Python's
``bool``/``int``/``float``/``complex`` (the standard's table) and NumPy dtypes and scalar
types name standard dtypes; a string is a TypeError (the standard takes dtype objects), so is
None, a number and any other object (NumPy reads None as float64). A standard dtype the
framework lacks (MXNet's int16 or complex64, MLX's complex128, Paddle's uint16/32/64) is a
TypeError naming the framework, the function and the dtype (``DtypeRules.refuse_dtype``)
wherever an array of it would be made (``astype``, ``dtype=``); the pure queries answer for it.
"""

from __future__ import annotations

import builtins as _builtins
import contextlib
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from . import checks as _c
from . import utils as _u
from .dtypes import (
    ALL,
    ISDTYPE_KINDS,
    KINDS,
    PROMOTION_TABLE,
    PYTHON_TYPE_DTYPES,
    result_type_names,
)
from .primitives import ShimPrimitives

_PY_SCALARS = (bool, int, float, complex)
_ALL = frozenset(ALL)
_COMPLEX = frozenset(KINDS["complex floating"])
#: isdtype's kind names -> their dtype names.
_KIND_SETS = {k: frozenset(KINDS[k]) for k in ISDTYPE_KINDS}
#: The standard's promotion of two dtypes (``can_cast``: to is what from_ promotes to).
_PROMOTION = PROMOTION_TABLE


def dtype_readers(dtypes: Mapping[str, Any], supported, refuse: Callable[[str, str], TypeError],
                  native_type: type, extra: Mapping[Any, str] | None = None):
    """``(standard_name, dtype_name, table, held_table, types)`` of one shim, from its data:

    * ``dtypes``: every standard name -> the namespace's dtype object, held or not;
      ``supported``: the names it holds; ``refuse``: its TypeError for a lacked one;
    * ``native_type``: the framework's dtype class (one of its objects not in ``dtypes`` is
      no standard dtype, never read by NumPy); ``extra``: native dtype objects outside the
      standard that pass as their names (MXNet's float16).

    ``standard_name(dtype, fname)``: the standard name of a dtype argument, held or not (the
    pure queries); ``dtype_name(dtype, fname)``: the same for a dtype the framework holds (or
    an ``extra``), else ``refuse``'s TypeError (a shim's ``dtype_arg``); ``table``: the
    namespace's standard dtype objects -> names, ``held_table`` those it holds and the
    extras, a hit counting for an object of one of ``types`` only (the fast paths)."""
    table = {obj: n for n, obj in dtypes.items()}
    held = frozenset(supported)
    held_table = {obj: n for obj, n in table.items() if n in held}
    extra = dict(extra or {})
    held_table.update(extra)
    extra_names = frozenset(extra.values())
    # A table hit counts only for a dtype object's own type: TF's DType compares and hashes as
    # its enum (1 == float32), NumPy's scalars as their values.
    dtype_types = frozenset(type(obj) for obj in table) | frozenset(type(obj) for obj in extra)
    numbers = (*_PY_SCALARS, np.generic)  # never dtypes

    def read(dtype, fname: str) -> str:
        """The name of a dtype argument no table holds: Python types, NumPy dtypes, errors."""
        if dtype is None:
            raise TypeError(f"{fname}: None is not a data type")
        if isinstance(dtype, str):
            raise _c.dtype_given_as_string(fname, dtype)
        if type(dtype) is type and dtype in PYTHON_TYPE_DTYPES:
            return PYTHON_TYPE_DTYPES[dtype]
        if not isinstance(dtype, (native_type, *numbers)) and (
                isinstance(dtype, (type, np.dtype)) or not hasattr(dtype, "dtype")):
            # (NumPy reads an object's ``dtype`` attribute: an array, a NumPy scalar is none.)
            n = _c.numpy_dtype(dtype, fname).name
            if n in _ALL or n in extra_names:
                return n
        raise TypeError(f"{fname}: {_c.shown(dtype)} is not a data type of the array API "
                        "standard")

    def standard_name(dtype, fname: str) -> str:
        try:
            n = table.get(dtype)
        except TypeError:  # unhashable
            n = None
        if n is None or type(dtype) not in dtype_types:
            n = read(dtype, fname)
        return n

    def dtype_name(dtype, fname: str) -> str:
        try:
            n = held_table.get(dtype)
        except TypeError:  # unhashable
            n = None
        if n is not None and type(dtype) in dtype_types:
            return n
        n = standard_name(dtype, fname)
        if n not in held and n not in extra_names:
            raise refuse(n, fname)
        return n

    return standard_name, dtype_name, table, held_table, dtype_types


def astype_rules(p: ShimPrimitives) -> Callable[..., tuple]:
    """``astype_args(x, dtype, device)`` for the shim whose primitives are ``p``: ``astype``'s
    ``(source name, target name, device)``, ``x`` an array of a standard dtype, ``dtype`` a
    dtype the framework holds (``p.dtype_arg``), ``device`` by ``p.device_arg`` (None: x's
    own). Complex to any other kind, bool included, is a TypeError (the standard says it
    should not be permitted; array-api-strict refuses it): take ``real`` or compare with zero
    first. (A closure over ``p``'s names: astype is on hot paths.)"""
    array_type, name_of, dtype_arg = p.ARRAY_TYPE, p.name_of, p.dtype_arg
    held, types = p.DTYPE_RULES.held_table, p.DTYPE_RULES.dtype_types
    complex_names = _COMPLEX

    def astype_args(x, dtype, device) -> tuple:
        if not isinstance(x, array_type):
            raise _c.not_an_array("astype", x, p.ARRAY_NOUN)
        src = name_of(x)
        if src is None:
            raise p.unsupported(x, "astype")
        name = held.get(dtype) if type(dtype) in types else None  # dtype_arg's fast path
        if name is None:
            name = dtype_arg(dtype, "astype")
        if src in complex_names and name not in complex_names:
            raise TypeError(f"astype: casting {src} to {name} would drop the imaginary part; "
                            "take real(x) (or compare with 0) first")
        return src, name, None if device is None else p.device_arg(device, "astype")

    return astype_args


def query_name(p: ShimPrimitives, a: Any, fname: str) -> str:
    """The standard name of array ``a``'s dtype or of dtype ``a`` for the pure queries
    (``can_cast``): a standard dtype the framework lacks answers too."""
    if isinstance(a, p.ARRAY_TYPE):
        n = p.name_of(a)
        if n is None:
            raise p.unsupported(a, fname)
        return n
    return p.DTYPE_RULES.standard_name(a, fname)


def _dtype_only(p: ShimPrimitives, a: Any, fname: str, what: str) -> str:
    """``standard_name`` of ``a``, where an array is refused (``what`` names the argument)."""
    if isinstance(a, p.ARRAY_TYPE):
        raise TypeError(f"{fname}: {what} must be a data type, got an array")
    return p.DTYPE_RULES.standard_name(a, fname)


def can_cast(p: ShimPrimitives, from_: Any, to: Any, /) -> bool:
    """Array API ``can_cast``: whether the standard's promotion of ``from_`` (an array or a
    dtype) and ``to`` (a dtype) gives ``to``; a pure query, so dtypes the framework lacks
    answer too. (The namespace's own dtype objects first: one lookup each.)"""
    rules = p.DTYPE_RULES
    table, types = rules.dtype_table, rules.dtype_types
    f = table.get(from_) if type(from_) in types else None
    if f is None:
        f = query_name(p, from_, "can_cast")
    t = table.get(to) if type(to) in types else None
    if t is None:
        t = _dtype_only(p, to, "can_cast", "to")
    return f == t or _PROMOTION.get((f, t)) == t


def isdtype(p: ShimPrimitives, dtype: Any, kind: Any) -> bool:
    """Array API ``isdtype``: ``kind`` a kind name, a dtype or a tuple of those; a pure query,
    so dtypes the framework lacks answer too."""
    rules = p.DTYPE_RULES
    table, types = rules.dtype_table, rules.dtype_types
    name = table.get(dtype) if type(dtype) in types else None
    if name is None:
        name = _dtype_only(p, dtype, "isdtype", "dtype")
    return is_kind(name, kind, table, types, _kind_name, p)


def _kind_name(p: ShimPrimitives, kind: Any) -> str:
    return _dtype_only(p, kind, "isdtype", "kind")


def is_kind(name: str, kind: Any, table: Mapping[Any, str], types: Any,
            other_kind: Callable[[Any, Any], str | None], context: Any = None) -> bool:
    """``isdtype``'s rule for the dtype of standard name ``name``: ``kind`` a kind name, a
    dtype object (``table``: the namespace's dtype objects of the ``types`` -> standard
    names; ``other_kind(context, kind)`` names any other, or raises the TypeError of no
    dtype) or a tuple of those, no deeper (a 5,000-deep tuple recursed here)."""
    if type(kind) is str:
        names = _KIND_SETS.get(kind)
        if names is None:
            raise ValueError(f"isdtype: unknown kind {kind!r}")
        return name in names
    k = table.get(kind) if type(kind) in types else None
    if k is not None:
        return name == k
    if isinstance(kind, tuple):  # (loops: a generator costs ~0.3 us here)
        for k in kind:
            if isinstance(k, (tuple, list)):
                raise TypeError(NESTED_KIND)
        for k in kind:  # noqa: SIM110 - the loop above
            if is_kind(name, k, table, types, other_kind, context):
                return True
        return False
    if isinstance(kind, list):
        raise TypeError(NESTED_KIND)
    return name == other_kind(context, kind)


def delegated_isdtype(names: Mapping[Any, str], is_native_dtype: Callable[[Any], bool],
                      native: Callable[[Any, Any], bool], scalar_type: Any = None
                      ) -> Callable[[Any, Any], bool]:
    """``isdtype`` for a namespace arraykit wraps (NumPy, torch, JAX): the shared rule
    (``is_kind``) for the standard's dtypes, ``names`` mapping the framework's objects of
    them to their names (C-hashed objects: NumPy's dtypes and scalar types, torch's dtypes);
    ``native`` (the framework's own) for its other dtype objects (``is_native_dtype``:
    float16, bfloat16); TypeError for anything else, an array included. ``scalar_type``: a
    type whose objects stand for the dtype in their ``dtype`` attribute (jax's ``jnp.float32``,
    which hashes in Python: read through its dtype)."""
    types = frozenset(type(k) for k in names)

    def kind_name(_: Any, kind: Any) -> str | None:
        if scalar_type is not None and type(kind) is scalar_type:
            return names.get(kind.dtype)
        if is_native_dtype(kind):
            return None  # a dtype beyond the standard: no standard dtype is it
        raise not_a_kind(kind)

    def isdtype(dtype: Any, kind: Any) -> bool:
        """Array API ``isdtype``: whether ``dtype`` is of ``kind`` (a kind name, a dtype or
        a tuple of those)."""
        if scalar_type is not None and type(dtype) is scalar_type:
            dtype = dtype.dtype
        name = names.get(dtype) if type(dtype) in types else None
        if name is None:
            if is_native_dtype(dtype):
                return native(dtype, kind)
            raise TypeError(f"isdtype: dtype must be a data type, got {type(dtype).__name__}")
        return is_kind(name, kind, names, types, kind_name)

    return isdtype


def not_a_kind(kind: Any) -> TypeError:
    """``isdtype``'s TypeError for a ``kind`` that is no dtype, kind name or tuple."""
    return TypeError(f"isdtype: kind must be a dtype, a kind name or a tuple of those, got "
                     f"{type(kind).__name__}")


#: ``isdtype``'s words for a kind that holds a sequence (the standard's is a dtype, a kind name
#: or a tuple of those).
NESTED_KIND = ("isdtype: kind must be a dtype, a kind name or a tuple of those, not a list or "
               "a tuple holding a sequence")


#: A complex dtype's finfo figures (and the dtype it reports) are its real component's.
_REAL_OF = {"complex64": "float32", "complex128": "float64"}


def arg_name(p: ShimPrimitives, a: Any, fname: str) -> str:
    """The standard name of the dtype of array ``a``, or of dtype ``a`` (``p.dtype_arg``).
    None is no dtype here (TF's ``dtype_arg`` passed it through, MLX's read it as NumPy's
    default float64)."""
    if isinstance(a, p.ARRAY_TYPE):
        n = p.name_of(a)
        if n is None:
            raise p.unsupported(a, fname)
        return n
    if a is None:
        raise TypeError(f"{fname}: None is not a data type")
    return p.dtype_arg(a, fname)


#: ``finfo`` per (shim primitives, the argument's type, the argument): the first call's result
#: (library code asks it in loops: TF 1.70 -> 0.69 us a call). The type is in the key because
#: dtype objects compare equal to other things of their hash (TF's ``float32 == 1.0`` is True,
#: and its hash is 1). An array argument is read each call.
_FINFO: dict = {}


def finfo(p: ShimPrimitives, type: Any, /) -> Any:
    """Array API ``finfo`` of a dtype or an array's dtype; complex dtypes give their real
    component's figures and dtype."""
    dtype = not isinstance(type, p.ARRAY_TYPE)  # arrays: no hash (TF, MXNet) or by identity
    if dtype:
        try:
            return _FINFO[p, _builtins.type(type), type]
        except (KeyError, TypeError):  # TypeError: an argument without a hash (a list)
            pass
    name = arg_name(p, type, "finfo")
    real = _REAL_OF.get(name, name)
    if real not in p.DTYPES:  # a dtype beyond the standard (MXNet's float16)
        raise _c.dtype_not_allowed("finfo", name, "floating-point")
    out = _u.finfo_for(name, p.DTYPES[real])
    if dtype:
        with contextlib.suppress(TypeError):  # an unhashable dtype-like the rule accepted
            _FINFO[p, _builtins.type(type), type] = out
    return out


def iinfo(p: ShimPrimitives, type: Any, /) -> Any:
    """Array API ``iinfo`` of a dtype or an array's dtype."""
    name = arg_name(p, type, "iinfo")
    if name not in p.DTYPES:  # a dtype beyond the standard (MXNet's float16)
        raise _c.dtype_not_allowed("iinfo", name, "integer")
    return _u.iinfo_for(name, p.DTYPES[name])


def result_type(p: ShimPrimitives, arrays_and_dtypes: tuple) -> Any:
    """Array API ``result_type`` over arrays, dtypes and (2024.12+) Python scalars (NumPy's
    float64 and complex128 scalars are ``float``/``complex`` and count as Python scalars, as
    in the binary functions): :func:`.dtypes.result_type_names` on the arguments' names, read
    as :func:`arg_name` reads them (its loop inlined: this is on SciPy's hot path)."""
    fname = "result_type"
    array_type, name_of = p.ARRAY_TYPE, p.name_of
    names, scalars = [], []
    for a in arrays_and_dtypes:
        if isinstance(a, array_type):
            n = name_of(a)
            if n is None:
                raise p.unsupported(a, fname)
            names.append(n)
        elif isinstance(a, _PY_SCALARS):
            scalars.append(a)
        else:
            names.append(arg_name(p, a, fname))
    rules = p.DTYPE_RULES
    promote = rules.promote
    return p.DTYPES[result_type_names(names, scalars, lambda a, b: promote(a, b, fname),
                                      rules.result_type_scalar)]
