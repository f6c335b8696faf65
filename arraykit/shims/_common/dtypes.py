"""The standard's data-type rules as data, keyed by dtype *name* so that every shim shares them.

A shim maps its framework's dtype objects to these names once (a dict lookup) and back; the
promotion tables (the standard's, and the integer-with-floating rule the shims add on top:
``MIXED_KIND_PROMOTION``), the Python types accepted as dtypes, the categories used by
``isdtype`` and by each function's input check, and the ``finfo``/``iinfo`` figures live
here only.
"""

from __future__ import annotations

from typing import Any

BOOL = ("bool",)
SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
INTEGRAL = SIGNED + UNSIGNED
REAL_FLOATING = ("float32", "float64")
COMPLEX_FLOATING = ("complex64", "complex128")
FLOATING = REAL_FLOATING + COMPLEX_FLOATING
NUMERIC = INTEGRAL + FLOATING
ALL = BOOL + NUMERIC

#: The kind strings ``isdtype`` and ``__array_namespace_info__().dtypes(kind=)`` accept.
ISDTYPE_KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric")

#: ``isdtype`` kinds (and the categories the spec uses for input dtypes) -> dtype names.
KINDS: dict[str, tuple[str, ...]] = {
    "bool": BOOL,
    "signed integer": SIGNED,
    "unsigned integer": UNSIGNED,
    "integral": INTEGRAL,
    "real floating": REAL_FLOATING,
    "complex floating": COMPLEX_FLOATING,
    "numeric": NUMERIC,
    # Categories the spec uses for function inputs, not isdtype kinds:
    "integer or boolean": BOOL + INTEGRAL,
    "real numeric": INTEGRAL + REAL_FLOATING,
    # What sort/argsort take: the standard's real numeric, plus bool as NumPy, torch, jax sort it.
    "boolean or real numeric": BOOL + INTEGRAL + REAL_FLOATING,
    "floating-point": FLOATING,
    "any": ALL,
}


def _build_promotion_table() -> dict[tuple[str, str], str]:
    """The standard's promotion lattice (no cross-kind promotion between arrays)."""
    table: dict[tuple[str, str], str] = {}

    def both(a: str, b: str, r: str) -> None:
        table[a, b] = r
        table[b, a] = r

    # Within one kind the wider type wins.
    for family in (SIGNED, UNSIGNED, REAL_FLOATING, COMPLEX_FLOATING, BOOL):
        for i, a in enumerate(family):
            for b in family[i:]:
                both(a, b, b)
    # Mixed signedness: the smallest signed type holding both; uint64 with a signed type has
    # no standard result and is left out on purpose.
    for u, bits in zip(UNSIGNED[:3], (8, 16, 32)):
        for s, sbits in zip(SIGNED, (8, 16, 32, 64)):
            both(u, s, s if sbits > bits else f"int{min(2 * bits, 64)}")
    # Real and complex floating: complex of at least the real's precision.
    both("float32", "complex64", "complex64")
    both("float32", "complex128", "complex128")
    both("float64", "complex64", "complex128")
    both("float64", "complex128", "complex128")
    return table


#: (dtype name, dtype name) -> promoted dtype name; a missing pair means "no promotion".
PROMOTION_TABLE: dict[tuple[str, str], str] = _build_promotion_table()


def promote(a: str, b: str) -> str | None:
    """The promoted dtype name of ``a`` and ``b``, or None where the standard defines none."""
    return PROMOTION_TABLE.get((a, b))


def _build_mixed_kind_table() -> dict[tuple[str, str], str]:
    """Integer with floating arrays, which the standard leaves undefined: the rule torch and
    JAX share (``promote_types(int64, float32)`` is float32 in both), the floating operand's
    dtype whatever the integer's width. NumPy widens instead (int32 + float32 -> float64);
    torch and JAX agree with each other, so that is the one behaviour chosen."""
    table: dict[tuple[str, str], str] = {}
    for i in INTEGRAL:
        for f in FLOATING:
            table[i, f] = table[f, i] = f
    return table


#: Pairs beyond the standard's table that the shims' operators and ``result_type`` promote.
MIXED_KIND_PROMOTION: dict[tuple[str, str], str] = _build_mixed_kind_table()

#: (dtype name, dtype name) -> dtype name the shims' functions promote arrays to: the
#: standard's table plus ``MIXED_KIND_PROMOTION``. ``can_cast`` keeps the standard's table.
ARRAY_PROMOTION_TABLE: dict[tuple[str, str], str] = {**PROMOTION_TABLE, **MIXED_KIND_PROMOTION}


def promote_arrays(a: str, b: str) -> str | None:
    """The dtype name two arrays of dtypes ``a`` and ``b`` promote to in the shims' functions,
    or None (bool with a number, uint64 with a signed integer)."""
    return ARRAY_PROMOTION_TABLE.get((a, b))


def scalar_kind_result(scalar: object, array_dtype: str, default_float: str | None,
                       default_complex: str | None) -> str | None:
    """The dtype an integer array computes in with a Python float or complex scalar, which the
    standard leaves undefined: the namespace's default floating (complex) dtype, as torch,
    JAX and NumPy all promote (``int_array * 1.5``); None where the standard's own scalar
    rule applies (or refuses). NumPy scalars are ``float``/``complex`` subclasses only for
    float64/complex128, and are handled as those values."""
    if array_dtype not in INTEGRAL or isinstance(scalar, bool):
        return None
    if isinstance(scalar, float):
        return default_float
    if isinstance(scalar, complex):
        return default_complex
    return None


def accumulation_dtype(name: str, given: str | None, default_int: str = "int64",
                       default_uint: str = "uint64") -> str:
    """The dtype name ``sum``, ``prod``, ``cumulative_sum``, ``cumulative_prod`` and
    ``linalg.trace`` compute in for input dtype ``name``: ``given`` (the ``dtype=``
    argument's name) if not None; else bool and signed integers accumulate in the default
    integer dtype and unsigned ones in the default unsigned integer dtype (the standard's
    rule; bool as NumPy: ``np.sum(bool_array)`` is int64); floating dtypes in themselves.
    A shim without uint64 (MXNet) passes its widest integer as ``default_uint``."""
    if given is not None:
        return given
    if name in SIGNED or name == "bool":
        return default_int
    if name in UNSIGNED:
        return default_uint
    return name


def scalar_operand_dtype(scalar, name, default_float: str | None, default_complex: str | None,
                         fname: str) -> str:
    """The spec's rule for a Python scalar beside an array of dtype ``name``: the dtype name
    the pair computes in. A bool goes with bool arrays, an int with numeric ones, a float
    with floating ones, a complex with complex ones (and upcasts a real floating array to
    the complex of its precision); a float (complex) with an integer array computes in the
    default floating (complex) dtype (``scalar_kind_result``); a bool with a numeric array is
    that number (0 or 1) in the array's dtype, as NumPy, torch and JAX allow (the standard
    leaves it undefined). Anything else is a TypeError naming ``fname``. ``scalar`` must be
    exactly a bool, int, float or complex."""
    t = type(scalar)
    if t is bool:
        if name == "bool" or name in NUMERIC:
            return name
    elif t is int:
        if name in NUMERIC:
            return name
    elif t is float:
        if name in FLOATING:
            return name
    elif t is complex:
        if name in COMPLEX_FLOATING:
            return name
        if name in REAL_FLOATING:
            return "complex64" if name == "float32" else "complex128"
    else:
        raise TypeError(f"{fname}: unsupported scalar type {t.__name__}")
    r = scalar_kind_result(scalar, name, default_float, default_complex)
    if r is not None:
        return r
    raise TypeError(f"{fname}: Python {t.__name__} scalar cannot be combined with an array of "
                    f"dtype {name}")


def scalar_default_dtype(value, default_int: str, default_float: str,
                         default_complex: str | None) -> str | None:
    """The dtype name of a Python scalar with no array beside it (``asarray(1.5)``,
    ``full(shape, 2)``): bool, or the namespace's default of the scalar's kind; None for
    anything else and for complex where the namespace has no complex dtype."""
    t = type(value)
    if t is bool:
        return "bool"
    if t is int:
        return default_int
    if t is float:
        return default_float
    if t is complex:
        return default_complex
    return None


def result_type_names(names, scalars, promote, scalar_dtype) -> str:
    """The standard's ``result_type`` on dtype names: the arrays' and dtypes' ``names``
    promoted pairwise by ``promote(a, b)`` (which raises for pairs without a promotion),
    then each Python scalar of ``scalars`` applied by ``scalar_dtype(scalar, name)``: the
    spec has scalars take part only after the arrays and dtypes."""
    if not names:
        raise ValueError("result_type: at least one array or dtype is required")
    r = names[0]
    for n in names[1:]:
        r = promote(r, n)
    for s in scalars:
        r = scalar_dtype(s, r)
    return r


def integer_input_as_float(category: str, dtype: str | None, default_float: str) -> str | None:
    """The dtype an integer array is cast to before a function defined for floating-point
    input (``exp``, ``sqrt``, ``divide``...), which the standard leaves undefined: NumPy, torch
    and JAX all compute those in a floating dtype (``exp(int_array)``, ``int / int``), so the
    shims compute in their default floating dtype. None: the function's own rule applies."""
    if dtype in INTEGRAL and category in ("floating-point", "real floating-point",
                                          "real floating"):
        return default_float
    return None


#: Python types accepted as ``dtype=`` (NumPy, torch and JAX all accept them): bool is bool,
#: int/float/complex the default dtype of that kind (NumPy's and torch's int64, float64,
#: complex128; JAX's when x64 is on). A shim with other defaults says so where it maps these.
PYTHON_TYPE_DTYPES: dict[type, str] = {
    bool: "bool",
    int: "int64",
    float: "float64",
    complex: "complex128",
}


#: Bytes per element: name -> itemsize (the size rule, ``sizes.check_shape``, reads it).
ITEMSIZE = {"bool": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "uint8": 1, "uint16": 2,
            "uint32": 4, "uint64": 8, "float32": 4, "float64": 8, "complex64": 8,
            "complex128": 16}

#: iinfo figures: name -> (bits, min, max).
IINFO = {
    "int8": (8, -(2**7), 2**7 - 1),
    "int16": (16, -(2**15), 2**15 - 1),
    "int32": (32, -(2**31), 2**31 - 1),
    "int64": (64, -(2**63), 2**63 - 1),
    "uint8": (8, 0, 2**8 - 1),
    "uint16": (16, 0, 2**16 - 1),
    "uint32": (32, 0, 2**32 - 1),
    "uint64": (64, 0, 2**64 - 1),
}

#: finfo figures: name -> (bits, eps, max, min, smallest_normal); complex names give their
#: real component's figures, as the spec asks.
FINFO = {
    "float32": (32, 1.1920928955078125e-07, 3.4028234663852886e38, -3.4028234663852886e38,
                1.1754943508222875e-38),
    "float64": (64, 2.220446049250313e-16, 1.7976931348623157e308, -1.7976931348623157e308,
                2.2250738585072014e-308),
}
FINFO["complex64"] = FINFO["float32"]
FINFO["complex128"] = FINFO["float64"]

#: Default dtypes the standard expects on a 64-bit-index platform.
DEFAULT_DTYPES = {
    "real floating": "float64",
    "complex floating": "complex128",
    "integral": "int64",
    "indexing": "int64",
}


class _InfoObject:
    """A ``finfo``/``iinfo`` result with the standard's field types; any other attribute is
    read from the framework's own result (NumPy's ``tiny``, ``resolution``...)."""

    __slots__ = ("_info", "bits", "dtype", "max", "min")
    _convert: Any = int  # the Python type of max/min
    _more: tuple[str, ...] = ()  # the subclass's own fields

    def __init__(self, info: Any, dtype: Any = None) -> None:
        self._info = info
        self.bits = int(info.bits)
        self.max = self._convert(info.max)
        self.min = self._convert(info.min)
        self.dtype = info.dtype if dtype is None else dtype

    def __getattr__(self, name: str) -> Any:
        if name == "_info":  # not set yet (copy, unpickling): no recursion
            raise AttributeError(name)
        return getattr(self._info, name)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)}"
                           for k in ("bits", "max", "min", *self._more, "dtype"))
        return f"{type(self).__name__}({fields})"


class finfo_object(_InfoObject):
    """``finfo``'s result: ``bits`` an int, ``eps``/``max``/``min``/``smallest_normal``
    Python floats (NumPy and jax give float32 scalars for float32), ``dtype`` a dtype object
    (``dtype=`` where the framework's is not one: torch gives a string)."""

    __slots__ = ("eps", "smallest_normal")
    _convert = float
    _more = ("eps", "smallest_normal")

    def __init__(self, info: Any, dtype: Any = None) -> None:
        super().__init__(info, dtype)
        self.eps = float(info.eps)
        self.smallest_normal = float(info.smallest_normal)


class iinfo_object(_InfoObject):
    """``iinfo``'s result: ``bits``, ``max``, ``min`` ints, ``dtype`` a dtype object."""

    __slots__ = ()

