"""The 2025.12 function table the differential harness walks.

Derived at development time from the standard's stubs
(``array_api_stubs/_2025_12/*.py`` in array-api-tests: every ``def``, its positional and
keyword-only parameters, and the dtype category its first array parameter "should have").
It is written here as data because CI has no array-api-tests checkout; the harness never
reads the stubs. ``kind`` says how inputs are drawn: ``unary``/``binary`` (elementwise,
broadcasting), ``reduction`` (``axis``/``keepdims``), or ``custom`` (a drawing routine of its
own in ``cases.py``, looked up by name).

Corrections to the mechanical extraction are listed in ``CATEGORY_OVERRIDES`` with the reason.
"""

from __future__ import annotations

Row = tuple[str, str, tuple[str, ...], tuple[str, ...], str, str]


def _names(signature: str) -> tuple[str, ...]:
    """``"x1, x2"`` -> ``("x1", "x2")``; ``""`` -> ``()``."""
    return tuple(signature.split(", ")) if signature else ()


def _rows(namespace: str, table: dict[str, tuple[str, str, str, str]]) -> tuple[Row, ...]:
    """The rows of ``namespace``'s functions in ``table``: name -> (positional parameters,
    keyword-only parameters, dtype category, kind), the parameters as a signature lists them."""
    return tuple((namespace, name, _names(positional), _names(keyword_only), category, kind)
                 for name, (positional, keyword_only, category, kind) in table.items())


#: (namespace, name, positional parameters, keyword-only parameters, dtype category, kind)
SPEC_ROWS: tuple[Row, ...] = (
    *_rows("", {
        "arange": ("start, stop, step", "dtype, device", "any", "custom"),
        "asarray": ("obj", "dtype, device, copy", "any", "custom"),
        "empty": ("shape", "dtype, device", "any", "custom"),
        "empty_like": ("x", "dtype, device", "any", "custom"),
        "eye": ("n_rows, n_cols", "k, dtype, device", "any", "custom"),
        "from_dlpack": ("x", "device, copy", "any", "custom"),
        "full": ("shape, fill_value", "dtype, device", "any", "custom"),
        "full_like": ("x, fill_value", "dtype, device", "any", "custom"),
        "linspace": ("start, stop, num", "dtype, device, endpoint", "any", "custom"),
        "meshgrid": ("*arrays", "indexing", "any", "custom"),
        "ones": ("shape", "dtype, device", "any", "custom"),
        "ones_like": ("x", "dtype, device", "any", "custom"),
        "tril": ("x", "k", "any", "custom"),
        "triu": ("x", "k", "any", "custom"),
        "zeros": ("shape", "dtype, device", "any", "custom"),
        "zeros_like": ("x", "dtype, device", "any", "custom"),
        "astype": ("x, dtype", "copy, device", "any", "custom"),
        "can_cast": ("from_, to", "", "any", "custom"),
        "finfo": ("type", "", "any", "custom"),
        "iinfo": ("type", "", "any", "custom"),
        "isdtype": ("dtype, kind", "", "any", "custom"),
        "result_type": ("*arrays_and_dtypes", "", "any", "custom"),
        "abs": ("x", "", "numeric", "unary"),
        "acos": ("x", "", "floating", "unary"),
        "acosh": ("x", "", "floating", "unary"),
        "add": ("x1, x2", "", "numeric", "binary"),
        "asin": ("x", "", "floating", "unary"),
        "asinh": ("x", "", "floating", "unary"),
        "atan": ("x", "", "floating", "unary"),
        "atan2": ("x1, x2", "", "real floating", "binary"),
        "atanh": ("x", "", "floating", "unary"),
        "bitwise_and": ("x1, x2", "", "integer or boolean", "binary"),
        "bitwise_left_shift": ("x1, x2", "", "integer", "binary"),
        "bitwise_invert": ("x", "", "integer or boolean", "unary"),
        "bitwise_or": ("x1, x2", "", "integer or boolean", "binary"),
        "bitwise_right_shift": ("x1, x2", "", "integer", "binary"),
        "bitwise_xor": ("x1, x2", "", "integer or boolean", "binary"),
        "ceil": ("x", "", "real numeric", "unary"),
        "clip": ("x, min, max", "", "real numeric", "custom"),
        "conj": ("x", "", "numeric", "unary"),
        "copysign": ("x1, x2", "", "real floating", "binary"),
        "cos": ("x", "", "floating", "unary"),
        "cosh": ("x", "", "floating", "unary"),
        "divide": ("x1, x2", "", "numeric", "binary"),
        "equal": ("x1, x2", "", "any", "binary"),
        "exp": ("x", "", "floating", "unary"),
        "expm1": ("x", "", "floating", "unary"),
        "floor": ("x", "", "real numeric", "unary"),
        "floor_divide": ("x1, x2", "", "real numeric", "binary"),
        "greater": ("x1, x2", "", "real numeric", "binary"),
        "greater_equal": ("x1, x2", "", "real numeric", "binary"),
        "hypot": ("x1, x2", "", "real floating", "binary"),
        "imag": ("x", "", "complex floating", "unary"),
        "isfinite": ("x", "", "numeric", "unary"),
        "isinf": ("x", "", "numeric", "unary"),
        "isnan": ("x", "", "numeric", "unary"),
        "less": ("x1, x2", "", "real numeric", "binary"),
        "less_equal": ("x1, x2", "", "real numeric", "binary"),
        "log": ("x", "", "floating", "unary"),
        "log1p": ("x", "", "floating", "unary"),
        "log2": ("x", "", "floating", "unary"),
        "log10": ("x", "", "floating", "unary"),
        "logaddexp": ("x1, x2", "", "real floating", "binary"),
        "logical_and": ("x1, x2", "", "boolean", "binary"),
        "logical_not": ("x", "", "boolean", "unary"),
        "logical_or": ("x1, x2", "", "boolean", "binary"),
        "logical_xor": ("x1, x2", "", "boolean", "binary"),
        "maximum": ("x1, x2", "", "real numeric", "binary"),
        "minimum": ("x1, x2", "", "real numeric", "binary"),
        "multiply": ("x1, x2", "", "numeric", "binary"),
        "negative": ("x", "", "numeric", "unary"),
        "nextafter": ("x1, x2", "", "real floating", "binary"),
        "not_equal": ("x1, x2", "", "any", "binary"),
        "positive": ("x", "", "numeric", "unary"),
        "pow": ("x1, x2", "", "numeric", "binary"),
        "real": ("x", "", "numeric", "unary"),
        "reciprocal": ("x", "", "floating", "unary"),
        "remainder": ("x1, x2", "", "real numeric", "binary"),
        "round": ("x", "", "numeric", "unary"),
        "sign": ("x", "", "numeric", "unary"),
        "signbit": ("x", "", "real floating", "unary"),
        "sin": ("x", "", "floating", "unary"),
        "sinh": ("x", "", "floating", "unary"),
        "square": ("x", "", "numeric", "unary"),
        "sqrt": ("x", "", "floating", "unary"),
        "subtract": ("x1, x2", "", "numeric", "binary"),
        "tan": ("x", "", "floating", "unary"),
        "tanh": ("x", "", "floating", "unary"),
        "trunc": ("x", "", "real numeric", "unary"),
    }),
    *_rows("fft", {
        "fft": ("x", "n, axis, norm", "complex floating", "custom"),
        "ifft": ("x", "n, axis, norm", "complex floating", "custom"),
        "fftn": ("x", "s, axes, norm", "complex floating", "custom"),
        "ifftn": ("x", "s, axes, norm", "complex floating", "custom"),
        "rfft": ("x", "n, axis, norm", "real floating", "custom"),
        "irfft": ("x", "n, axis, norm", "complex floating", "custom"),
        "rfftn": ("x", "s, axes, norm", "real floating", "custom"),
        "irfftn": ("x", "s, axes, norm", "complex floating", "custom"),
        "hfft": ("x", "n, axis, norm", "complex floating", "custom"),
        "ihfft": ("x", "n, axis, norm", "real floating", "custom"),
        "fftfreq": ("n", "d, dtype, device", "any", "custom"),
        "rfftfreq": ("n", "d, dtype, device", "any", "custom"),
        "fftshift": ("x", "axes", "floating", "custom"),
        "ifftshift": ("x", "axes", "floating", "custom"),
    }),
    *_rows("", {
        "take": ("x, indices", "axis", "any", "custom"),
        "take_along_axis": ("x, indices", "axis", "any", "custom"),
    }),
    *_rows("linalg", {
        "cholesky": ("x", "upper", "floating", "custom"),
        "cross": ("x1, x2", "axis", "numeric", "custom"),
        "det": ("x", "", "floating", "custom"),
        "diagonal": ("x", "offset", "any", "custom"),
        "eigh": ("x", "", "floating", "custom"),
        "eigvalsh": ("x", "", "floating", "custom"),
        "eig": ("x", "", "floating", "custom"),
        "eigvals": ("x", "", "floating", "custom"),
        "inv": ("x", "", "floating", "custom"),
        "matmul": ("x1, x2", "", "any", "custom"),
        "matrix_norm": ("x", "keepdims, ord", "floating", "custom"),
        "matrix_power": ("x, n", "", "floating", "custom"),
        "matrix_rank": ("x", "rtol", "floating", "custom"),
        "matrix_transpose": ("x", "", "any", "custom"),
        "outer": ("x1, x2", "", "numeric", "custom"),
        "pinv": ("x", "rtol", "floating", "custom"),
        "qr": ("x", "mode", "floating", "custom"),
        "slogdet": ("x", "", "floating", "custom"),
        "solve": ("x1, x2", "", "floating", "custom"),
        "svd": ("x", "full_matrices", "floating", "custom"),
        "svdvals": ("x", "", "floating", "custom"),
        "tensordot": ("x1, x2", "axes", "any", "custom"),
        "trace": ("x", "offset, dtype", "numeric", "custom"),
        "vecdot": ("x1, x2", "axis", "any", "custom"),
        "vector_norm": ("x", "axis, keepdims, ord", "floating", "custom"),
    }),
    *_rows("", {
        "matmul": ("x1, x2", "", "numeric", "custom"),
        "matrix_transpose": ("x", "", "any", "custom"),
        "tensordot": ("x1, x2", "axes", "numeric", "custom"),
        "vecdot": ("x1, x2", "axis", "floating", "custom"),
        "broadcast_arrays": ("*arrays", "", "any", "custom"),
        "broadcast_shapes": ("*shapes", "", "any", "custom"),
        "broadcast_to": ("x, shape", "", "any", "custom"),
        "concat": ("arrays", "axis", "any", "custom"),
        "expand_dims": ("x, axis", "", "any", "custom"),
        "flip": ("x", "axis", "any", "custom"),
        "moveaxis": ("x, source, destination", "", "any", "custom"),
        "permute_dims": ("x, axes", "", "any", "custom"),
        "repeat": ("x, repeats", "axis", "any", "custom"),
        "reshape": ("x, shape", "copy", "any", "custom"),
        "roll": ("x, shift", "axis", "any", "custom"),
        "squeeze": ("x, axis", "", "any", "custom"),
        "stack": ("arrays", "axis", "any", "custom"),
        "tile": ("x, repetitions", "", "any", "custom"),
        "unstack": ("x", "axis", "any", "custom"),
        "argmax": ("x", "axis, keepdims", "real numeric", "custom"),
        "argmin": ("x", "axis, keepdims", "real numeric", "custom"),
        "count_nonzero": ("x", "axis, keepdims", "any", "custom"),
        "nonzero": ("x", "", "any", "custom"),
        "searchsorted": ("x1, x2", "side, sorter", "real numeric", "custom"),
        "where": ("condition, x1, x2", "", "boolean", "custom"),
        "isin": ("x1, x2", "invert", "integer", "custom"),
        "unique_all": ("x", "", "any", "custom"),
        "unique_counts": ("x", "", "any", "custom"),
        "unique_inverse": ("x", "", "any", "custom"),
        "unique_values": ("x", "", "any", "custom"),
        "argsort": ("x", "axis, descending, stable", "real numeric", "custom"),
        "sort": ("x", "axis, descending, stable", "real numeric", "custom"),
        "cumulative_prod": ("x", "axis, dtype, include_initial", "numeric", "custom"),
        "cumulative_sum": ("x", "axis, dtype, include_initial", "numeric", "custom"),
        "max": ("x", "axis, keepdims", "real numeric", "reduction"),
        "mean": ("x", "axis, keepdims", "floating", "reduction"),
        "min": ("x", "axis, keepdims", "real numeric", "reduction"),
        "prod": ("x", "axis, dtype, keepdims", "numeric", "reduction"),
        "std": ("x", "axis, correction, keepdims", "real floating", "reduction"),
        "sum": ("x", "axis, dtype, keepdims", "numeric", "reduction"),
        "var": ("x", "axis, correction, keepdims", "real floating", "reduction"),
        "all": ("x", "axis, keepdims", "any", "reduction"),
        "any": ("x", "axis, keepdims", "any", "reduction"),
        "diff": ("x", "axis, n, prepend, append", "numeric", "custom"),
    }),
)

#: Where the mechanical extraction (first "Should have a ... data type" sentence) is not
#: what the stub means for the *first* array parameter, or a category is too narrow to test.
CATEGORY_OVERRIDES = {
    # The stubs' first match is the *return* sentence for these; the input may be any real.
    ("", "clip"): "real numeric",
    # array-api-strict 2.6 accepts any numeric dtype in vecdot (the stub text says floating).
    ("", "vecdot"): "numeric",
    ("linalg", "vecdot"): "numeric",
    # The stub says "Should have an integer data type" for isin, but 2025.12 allows any
    # real numeric pair; integers and real floats are both tested.
    ("", "isin"): "real numeric",
    # "If one or both of the input arrays have integer data types, the result is
    # implementation-dependent" (divide): only floating inputs have one right answer.
    ("", "divide"): "floating",
    # The dtype argument of linspace "should be a floating-point data type"; fftfreq's and
    # rfftfreq's "must be a real-valued floating-point data type" (the stub sentence the
    # extraction matched is about another parameter).
    ("", "linspace"): "floating",
    ("fft", "fftfreq"): "real floating",
    ("fft", "rfftfreq"): "real floating",
    # A boolean range has no meaning (start/stop/step are numbers).
    ("", "arange"): "real numeric",
    # arraykit sorts bool as NumPy, torch and JAX do (False first) on every backend; MLX and
    # Paddle refused it while TF and MXNet sorted it (issue 29): bool is drawn so that such a
    # drift shows (numpy is the reference for both: array-api-strict refuses bool).
    ("", "sort"): "boolean or real numeric",
    ("", "argsort"): "boolean or real numeric",
}

#: Dtype names the standard defines, by category (the vocabulary of the table above).
INTEGER = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
REAL_FLOATING = ("float32", "float64")
COMPLEX_FLOATING = ("complex64", "complex128")
CATEGORIES: dict[str, tuple[str, ...]] = {
    "any": ("bool",) + INTEGER + REAL_FLOATING + COMPLEX_FLOATING,
    "numeric": INTEGER + REAL_FLOATING + COMPLEX_FLOATING,
    "real numeric": INTEGER + REAL_FLOATING,
    "boolean or real numeric": ("bool",) + INTEGER + REAL_FLOATING,
    "integer": INTEGER,
    "integer or boolean": ("bool",) + INTEGER,
    "boolean": ("bool",),
    "floating": REAL_FLOATING + COMPLEX_FLOATING,
    "real floating": REAL_FLOATING,
    "complex floating": COMPLEX_FLOATING,
}


def qualname(namespace: str, name: str) -> str:
    """``("linalg", "solve")`` -> ``"linalg.solve"``; main-namespace names stay bare."""
    return f"{namespace}.{name}" if namespace else name


def functions() -> list[dict]:
    """The table as dicts: qualname, namespace, name, params, kwonly, category, kind."""
    out = []
    for namespace, name, params, kwonly, listed_category, kind in SPEC_ROWS:
        category = CATEGORY_OVERRIDES.get((namespace, name), listed_category)
        out.append(dict(qualname=qualname(namespace, name), namespace=namespace, name=name,
                        params=params, kwonly=kwonly, category=category, kind=kind))
    return out
