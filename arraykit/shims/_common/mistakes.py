"""What is wrong with a call's arguments, read from the arguments: the standard exception
class for a call a framework refused, whatever the framework's message says.

``errors.translate`` asks ``diagnose`` after a wrapped function raised and no per-framework
pattern (a cheap hint, worded as one framework release words it) matched: the arguments are
bound to the standard's signature of the function and run through the rules the full shims
apply up front (``utils``, ``checks``, ``manipulation``: one rule, one class), so a reworded
message of a known mistake is still translated, and an error no rule explains (out of memory,
a lost device, a kernel's own failure) is reported as what it is. Nothing here runs on the
success path, and nothing here imports a framework: arrays are read through ``shape``,
``dtype`` and, for index bounds only, DLPack.

The classes (NumPy's and array-api-strict's): TypeError for a non-array, a dtype of the wrong
kind or an argument of the wrong type; ValueError for shapes that do not fit; ``AxisError``
(an IndexError and a ValueError) for an axis out of range; IndexError for an index out of
bounds.
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import operator
import re
from collections.abc import Callable
from typing import Any, NoReturn

from . import dtypes as _d
from .checks import check_diff, check_indices_dtype, check_same_ndim, check_side
from .data_types import NESTED_KIND
from .elementwise import BINARY, UNARY
from .manipulation import (
    concat_axis,
    moveaxis_order,
    permute_order,
    reshape_fits,
    roll_axes,
    squeeze_axes,
    unstack_keys,
)
from .sizes import check_count, check_shape
from .utils import (
    AxisError,
    broadcast_shapes,
    expand_dims_axes,
    normalize_axes,
    normalize_axis,
    tensordot_plan,
)

#: The ``linalg`` functions whose input must have a floating-point dtype (the standard's
#: "Should have a floating-point data type").
FLOATING_INPUT = frozenset({
    "cholesky", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv", "matrix_norm",
    "matrix_power", "matrix_rank", "pinv", "qr", "slogdet", "solve", "svd", "svdvals",
    "vector_norm",
})
#: Functions of a stack of square matrices, and of a stack of matrices.
_SQUARE = frozenset({"cholesky", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv",
                     "matrix_power", "slogdet"})
_MATRICES = frozenset({"matrix_norm", "matrix_rank", "pinv", "qr", "svd", "svdvals",
                       "diagonal", "trace", "matrix_transpose"})
_SCALARS = (bool, int, float, complex)
#: The annotation of an array-or-Python-scalar parameter (``x2`` of ``add``).
_OPERAND = re.compile(r"Union\[ArrayT(, (int|float|complex|builtins\.bool))+\]")


class _Found(Exception):  # noqa: N818 - a signal inside this module, never raised out of it
    """A mistake found: ``cls`` is its standard class; ``message`` the rule's own words where
    they are better than the framework's (the size rule: NumPy's wording, naming the
    function), else None."""

    def __init__(self, cls: type[Exception], message: str | None = None) -> None:
        super().__init__(cls.__name__)
        self.cls = cls
        self.message = message


class _Unknown(Exception):  # noqa: N818 - a signal inside this module, never raised out of it
    """An argument this module cannot read (an unknown dimension, an exotic object)."""


def diagnose(fname: str, args: tuple, kwargs: dict) -> type[Exception] | None:
    """The standard exception class for the mistake in the arguments of the standard
    function ``fname`` (a name of the main namespace, ``linalg`` or ``fft``), or None when
    the arguments break no rule known here. Never raises."""
    return explain(fname, args, kwargs)[0]


def explain(fname: str, args: tuple, kwargs: dict) -> tuple[type[Exception] | None, str | None]:
    """``(diagnose's class, the rule's own message or None)``. Never raises."""
    signature = _signature(fname)
    if signature is None:
        return None, None
    try:
        bound = signature.bind_partial(None, *args, **kwargs).arguments
    except TypeError:
        return TypeError, None  # arguments the function does not take
    bound.pop("self", None)
    try:
        _kinds(fname, signature, bound)
        _RULES.get(fname, _axis_rule)(fname, bound)
    except _Found as found:
        return found.cls, found.message
    except Exception:  # noqa: BLE001 - an argument not readable here: no verdict
        return None, None
    return None, None


@functools.cache
def _signature(fname: str) -> inspect.Signature | None:
    from ..._typing import _namespace as spec

    for protocol in (spec.ArrayNamespace, spec.LinalgNamespace, spec.FFTNamespace):
        method = vars(protocol).get(fname)
        if callable(method):
            return inspect.signature(method)
    return None


def _rule(check: Callable, *args: Any) -> Any:
    """``check(*args)``, one of the shared rules, its standard exception as a ``_Found``."""
    try:
        return check(*args)
    except AxisError:
        raise _Found(AxisError) from None
    except TypeError:
        raise _Found(TypeError) from None
    except ValueError as e:
        raise _Found(ValueError, str(e) if check in _SIZE_RULES else None) from None
    except IndexError:
        raise _Found(IndexError) from None


#: The rules whose message replaces a framework's (sizes.py words NumPy's errors, naming the
#: function, where a framework's argument parser writes a C++ trace).
_SIZE_RULES = (check_shape, check_count)


def _fail(cls: type[Exception]) -> NoReturn:
    raise _Found(cls)


# ---------------------------------------------------------------------------------------
# Reading arguments
# ---------------------------------------------------------------------------------------

def _is_array(x: Any) -> bool:
    return hasattr(x, "shape") and hasattr(x, "dtype") and not isinstance(x, type)


def _shape(x: Any) -> tuple[int, ...]:
    try:
        shape = tuple(operator.index(n) for n in x.shape)
    except TypeError:
        raise _Unknown from None  # an unknown dimension (a TF graph)
    return shape


def _dtype_name(x: Any) -> str:
    """The standard name of ``x``'s dtype (``'float64'``), read from its spelling in any
    framework (``torch.float64``, ``<dtype: 'float64'>``, ``array_api_strict.float64``)."""
    name = standard_dtype_name(x.dtype)
    if name is None:
        raise _Unknown
    return name


def standard_dtype_name(dt: Any) -> str | None:
    """``_dtype_name``'s reading of a dtype object itself; None for no standard dtype."""
    name = getattr(dt, "name", None)
    if not isinstance(name, str):
        name = str(dt)
    name = name.rpartition(".")[2].strip("<>'").replace("dtype: '", "")
    return name if name in _d.ALL else None


def _array(bound: dict, name: str) -> Any:
    x = bound.get(name)
    if not _is_array(x):
        raise _Unknown
    return x


def _ints(value: Any) -> tuple[int, ...]:
    """An int or a sequence of ints as a tuple (TypeError as a ``_Found`` otherwise)."""
    items = value if isinstance(value, (tuple, list)) else (value,)
    out = []
    for v in items:
        if isinstance(v, bool):
            _fail(TypeError)
        out.append(_rule(operator.index, v))
    return tuple(out)


def _host_values(x: Any) -> Any:
    """``x`` as a NumPy array (by DLPack), for index bounds; ``_Unknown`` where it is not
    readable (a tracer, another device)."""
    import numpy as np

    try:
        return np.from_dlpack(x)
    except Exception:  # noqa: BLE001 - no host copy: no verdict on the values
        raise _Unknown from None


# ---------------------------------------------------------------------------------------
# Rules every function's arguments follow: kinds of argument, dtype categories
# ---------------------------------------------------------------------------------------

def _wrong_kind(name: str, annotation: str, value: Any) -> bool:
    """Whether ``value`` is no argument of the kind its standard ``annotation`` asks for."""
    if annotation == "ArrayT":
        return not _is_array(value)
    if _OPERAND.fullmatch(annotation):
        return not (_is_array(value) or isinstance(value, _SCALARS))
    if annotation.startswith("Union[Tuple[ArrayT, ...]"):
        return not isinstance(value, (tuple, list)) or not all(map(_is_array, value))
    return name == "dtype" and isinstance(value, str)


def _kinds(fname: str, signature: inspect.Signature, bound: dict) -> None:
    """TypeError for an argument of the wrong kind: a non-array where the standard's
    signature asks for an array (a Python scalar where it allows one), a dtype given by name,
    an array dtype outside the function's input category; ValueError for the arrays of an
    element-wise function that do not broadcast."""
    for name, value in bound.items():
        parameter = signature.parameters[name]
        annotation = str(parameter.annotation)
        values = value if parameter.kind is parameter.VAR_POSITIONAL else (value,)
        if any(_wrong_kind(name, annotation, v) for v in values):
            _fail(TypeError)
    category = UNARY.get(fname) or BINARY.get(fname)
    if category == "any":
        category = None
    if fname in FLOATING_INPUT:
        category = "floating-point"
    if category is not None:
        allowed = _d.KINDS.get(category, _d.ALL)
        for name in ("x", "x1", "x2"):
            if _is_array(bound.get(name)) and _dtype_name(bound[name]) not in allowed:
                _fail(TypeError)
    if fname in BINARY and _is_array(bound.get("x1")) and _is_array(bound.get("x2")):
        _rule(broadcast_shapes, _shape(bound["x1"]), _shape(bound["x2"]))


# ---------------------------------------------------------------------------------------
# Per-function rules (the axis rule for every function with an ``axis`` not listed)
# ---------------------------------------------------------------------------------------

def _axis_rule(fname: str, bound: dict) -> None:
    """An ``axis`` (an int or a tuple of ints, repeated axes a ValueError) in range of
    ``x``'s dimensions; a ``max``/``min`` over a zero-size axis (no identity)."""
    if "axis" not in bound or not _is_array(bound.get("x")):
        return
    shape = _shape(bound["x"])
    axes = _rule(normalize_axes, bound["axis"], len(shape), fname)
    if fname in ("max", "min", "argmax", "argmin") and any(shape[a] == 0 for a in axes):
        _fail(ValueError)


def _moments(fname: str, bound: dict) -> None:
    """``var``/``std``: the axis rule; a ``correction`` that is no real number (a complex one
    reached torch's kernel: "cannot be converted to type double") a TypeError."""
    _axis_rule(fname, bound)
    c = bound.get("correction", 0)
    if isinstance(c, bool) or not isinstance(c, numbers.Real):
        _fail(TypeError)


def _isdtype(fname: str, bound: dict) -> None:
    """``isdtype``: a ``dtype`` that is a sequence, a ``kind`` that is a list or a tuple
    holding a sequence are TypeErrors in the shared words (``data_types.NESTED_KIND``; a
    5,000-deep one made JAX's own message recurse)."""
    dtype, kind = bound.get("dtype"), bound.get("kind")
    if isinstance(dtype, (tuple, list)):
        raise _Found(TypeError, f"isdtype: dtype must be a data type, got a "
                                f"{type(dtype).__name__}")
    if isinstance(kind, list) or (isinstance(kind, tuple)
                                  and any(isinstance(k, (tuple, list)) for k in kind)):
        raise _Found(TypeError, NESTED_KIND)


def _reductions(fname: str, bound: dict) -> None:
    _axis_rule(fname, bound)
    x = bound.get("x")
    if _is_array(x) and bound.get("axis") is None and 0 in _shape(x):
        _fail(ValueError)  # max/min/argmax/argmin of nothing


def _scan(fname: str, bound: dict) -> None:
    shape = _shape(_array(bound, "x"))
    if bound.get("axis") is None:
        if len(shape) > 1:
            _fail(ValueError)
        return
    _rule(normalize_axis, bound["axis"], len(shape), fname)


def _matmul(fname: str, bound: dict) -> None:
    s1, s2 = _shape(_array(bound, "x1")), _shape(_array(bound, "x2"))
    if not s1 or not s2:
        _fail(ValueError)
    inner2 = s2[0] if len(s2) == 1 else s2[-2]
    if s1[-1] != inner2:
        _fail(ValueError)
    _rule(broadcast_shapes, s1[:-2], s2[:-2])


def _tensordot(fname: str, bound: dict) -> None:
    s1, s2 = _shape(_array(bound, "x1")), _shape(_array(bound, "x2"))
    _rule(tensordot_plan, bound.get("axes", 2), s1, s2, fname)


def _vecdot(fname: str, bound: dict) -> None:
    s1, s2 = _shape(_array(bound, "x1")), _shape(_array(bound, "x2"))
    axis = bound.get("axis", -1)
    a1 = _rule(normalize_axis, axis, len(s1), fname)
    a2 = _rule(normalize_axis, axis, len(s2), fname)
    if s1[a1] != s2[a2]:
        _fail(ValueError)
    _rule(broadcast_shapes, s1, s2)


def _cross(fname: str, bound: dict) -> None:
    s1, s2 = _shape(_array(bound, "x1")), _shape(_array(bound, "x2"))
    axis = bound.get("axis", -1)
    if s1[_rule(normalize_axis, axis, len(s1), fname)] != 3 \
            or s2[_rule(normalize_axis, axis, len(s2), fname)] != 3:
        _fail(ValueError)
    _rule(broadcast_shapes, s1, s2)


def _outer(fname: str, bound: dict) -> None:
    if len(_shape(_array(bound, "x1"))) != 1 or len(_shape(_array(bound, "x2"))) != 1:
        _fail(ValueError)


def _matrices(fname: str, bound: dict) -> None:
    shape = _shape(_array(bound, "x"))
    if len(shape) < 2 or (fname in _SQUARE and shape[-1] != shape[-2]):
        _fail(ValueError)


def _solve(fname: str, bound: dict) -> None:
    s1, s2 = _shape(_array(bound, "x1")), _shape(_array(bound, "x2"))
    if len(s1) < 2 or s1[-1] != s1[-2] or not s2:
        _fail(ValueError)
    if len(s2) == 1:
        if s2[0] != s1[-1]:
            _fail(ValueError)
        return
    if s2[-2] != s1[-1]:
        _fail(ValueError)
    _rule(broadcast_shapes, s1[:-2], s2[:-2])


def _reshape(fname: str, bound: dict) -> None:
    x = _array(bound, "x")
    shape = _shape(x)
    target = list(_ints(bound.get("shape", ())))
    _rule(check_shape, fname, tuple(n for n in target if n != -1), _array_itemsize(x))
    if not _rule(reshape_fits, target, math.prod(shape)):
        _fail(ValueError)


def _broadcast_to(fname: str, bound: dict) -> None:
    x = _array(bound, "x")
    shape = _shape(x)
    target = _ints(bound.get("shape", ()))
    _rule(check_shape, fname, target, _array_itemsize(x))
    if len(target) < len(shape) or _rule(broadcast_shapes, shape, target) != target:
        _fail(ValueError)


def _broadcast_arrays(fname: str, bound: dict) -> None:
    arrays = bound.get("arrays", ())
    if not all(map(_is_array, arrays)):
        _fail(TypeError)
    _rule(broadcast_shapes, *map(_shape, arrays))


def _where(fname: str, bound: dict) -> None:
    values = [bound.get(n) for n in ("condition", "x1", "x2")]
    _rule(broadcast_shapes, *(_shape(v) for v in values if _is_array(v)))


def _clip(fname: str, bound: dict) -> None:
    shape = _shape(_array(bound, "x"))
    for name in ("min", "max"):
        bound_value = bound.get(name)
        if _is_array(bound_value) and _rule(broadcast_shapes, shape,
                                            _shape(bound_value)) != shape:
            _fail(ValueError)


def _concat(fname: str, bound: dict) -> None:
    shapes = [_shape(a) for a in bound.get("arrays", ())]
    if shapes and bound.get("axis", 0) is not None:
        _rule(concat_axis, bound.get("axis", 0), shapes)


def _stack(fname: str, bound: dict) -> None:
    shapes = [_shape(a) for a in bound.get("arrays", ())]
    if not shapes:
        return
    if any(s != shapes[0] for s in shapes):
        _fail(ValueError)
    _rule(normalize_axis, bound.get("axis", 0), len(shapes[0]) + 1, fname)


def _expand_dims(fname: str, bound: dict) -> None:
    _rule(expand_dims_axes, bound.get("axis", 0), len(_shape(_array(bound, "x"))))


def _squeeze(fname: str, bound: dict) -> None:
    shape = _shape(_array(bound, "x"))
    _rule(squeeze_axes, bound.get("axis"), len(shape), shape)


def _moveaxis(fname: str, bound: dict) -> None:
    ndim = len(_shape(_array(bound, "x")))
    _rule(moveaxis_order, bound.get("source"), bound.get("destination"), ndim)


def _permute_dims(fname: str, bound: dict) -> None:
    _rule(permute_order, _ints(bound.get("axes", ())), len(_shape(_array(bound, "x"))))


def _roll(fname: str, bound: dict) -> None:
    if bound.get("axis") is not None:
        shift = bound.get("shift", 0)
        _rule(roll_axes, tuple(shift) if isinstance(shift, list) else shift, bound["axis"],
              len(_shape(_array(bound, "x"))))


def _unstack(fname: str, bound: dict) -> None:
    _rule(unstack_keys, bound.get("axis", 0), _shape(_array(bound, "x")))


def _diff(fname: str, bound: dict) -> None:
    shape = _shape(_array(bound, "x"))
    _rule(check_diff, len(shape), _ints(bound.get("n", 1))[0])
    _rule(normalize_axis, bound.get("axis", -1), len(shape), fname)


def _repeat(fname: str, bound: dict) -> None:
    repeats = bound.get("repeats")
    if isinstance(repeats, int) and repeats < 0:
        _fail(ValueError)
    x = _array(bound, "x")
    shape = _shape(x)
    axis = bound.get("axis")
    if axis is not None:
        axis = _rule(normalize_axis, axis, len(shape), fname)
    if isinstance(repeats, int) and not isinstance(repeats, bool):
        length = math.prod(shape) if axis is None else shape[axis]
        _rule(check_count, fname, length * repeats, _array_itemsize(x))


def _tile(fname: str, bound: dict) -> None:
    repetitions = _ints(bound.get("repetitions", ()))
    if any(r < 0 for r in repetitions):
        _fail(ValueError)
    x = _array(bound, "x")
    shape = _shape(x)
    n = max(len(shape), len(repetitions))
    padded = (1,) * (n - len(shape)) + shape
    reps = (1,) * (n - len(repetitions)) + repetitions
    _rule(check_shape, fname, tuple(a * r for a, r in zip(padded, reps)), _array_itemsize(x))


def _index_bounds(indices: Any, n: int) -> None:
    values = _host_values(indices)
    if values.size and (values.min() < -n or values.max() >= n):
        _fail(IndexError)


def _take(fname: str, bound: dict) -> None:
    x, indices = _array(bound, "x"), _array(bound, "indices")
    _rule(check_indices_dtype, fname, _dtype_name(indices))
    shape = _shape(x)
    axis = bound.get("axis")
    n = math.prod(shape) if axis is None else shape[_rule(normalize_axis, axis, len(shape),
                                                          fname)]
    _index_bounds(indices, n)


def _take_along_axis(fname: str, bound: dict) -> None:
    x, indices = _array(bound, "x"), _array(bound, "indices")
    _rule(check_indices_dtype, fname, _dtype_name(indices))
    shape = _shape(x)
    _rule(check_same_ndim, fname, len(shape), len(_shape(indices)))
    axis = _rule(normalize_axis, bound.get("axis", -1), len(shape), fname)
    _index_bounds(indices, shape[axis])


def _searchsorted(fname: str, bound: dict) -> None:
    if len(_shape(_array(bound, "x1"))) != 1:
        _fail(ValueError)
    _rule(check_side, bound.get("side", "left"))


def _fft(fname: str, bound: dict) -> None:
    """``n``/``s`` at least 1 and within NumPy's size rule (``s`` as long as ``axes``), axes
    in range."""
    x = _array(bound, "x")
    ndim = len(_shape(x))
    # The result's item size: a complex one, twice a real input's (rfft of float32: 8).
    itemsize = 2 * _array_itemsize(x)
    if bound.get("n") is not None:
        if _ints(bound["n"])[0] < 1:
            _fail(ValueError)
        _rule(check_count, fname, bound["n"], itemsize)
    s = bound.get("s")
    if s is not None:
        if any(n < 1 and n != -1 for n in _ints(s)):
            _fail(ValueError)
        _rule(check_shape, fname, tuple(n for n in _ints(s) if n != -1), itemsize)
    if "axis" in bound:
        _rule(normalize_axis, bound["axis"], ndim, fname)
    axes = bound.get("axes")
    if axes is not None:
        axes = _rule(normalize_axes, axes, ndim, fname, True)
        if s is not None and len(_ints(s)) != len(axes):
            _fail(ValueError)


def _itemsize(dtype: Any) -> int:
    """A dtype's byte size (``dtypes.ITEMSIZE`` of its standard name, as ``_dtype_name`` reads
    it in any framework); 8 where it names no standard dtype (None: the default). These rules
    run only after the framework refused the call, so the wide default is the safe one: it
    calls a size too big only where the element count alone is past 2**60."""
    return _d.ITEMSIZE.get(standard_dtype_name(dtype) or "", 8) if dtype is not None else 8


def _array_itemsize(x: Any) -> int:
    return _itemsize(getattr(x, "dtype", None))


def _arange_count(bound: dict) -> int | None:
    """``arange``'s element count from Python numbers (None where another kind is given)."""
    start: Any = bound.get("start")
    stop: Any = bound.get("stop")
    step: Any = bound.get("step", 1)
    if stop is None:
        start, stop = 0, start
    numbers = (start, stop, step)
    if any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in numbers) or not step:
        return None
    if all(type(v) is int for v in numbers):
        return max(0, -((start - stop) // step))  # exact for ints of any size
    return max(0, math.ceil((stop - start) / step))


def _creation(fname: str, bound: dict) -> None:
    """Sizes of new arrays, NumPy's rule (``sizes.check_shape``): no negative dimension, row
    or count, none past int64, no byte count past int64."""
    for name in ("shape", "n_rows", "n_cols", "num"):
        value = bound.get(name)
        if value is not None and any(n < 0 for n in _ints(value)):
            _fail(ValueError)
    if fname == "arange" and bound.get("step", 1) == 0:
        _fail(ValueError)
    itemsize = _itemsize(bound.get("dtype"))
    if fname == "eye":
        rows = bound.get("n_rows")
        cols = bound.get("n_cols")
        _rule(check_shape, fname, (rows, rows if cols is None else cols), itemsize)
    elif fname == "linspace":
        _rule(check_count, fname, bound.get("num"), itemsize)
    elif fname == "arange":
        count = _arange_count(bound)
        if count is not None:
            _rule(check_count, fname, count, itemsize)
    elif "shape" in bound:
        _rule(check_shape, fname, bound["shape"], itemsize)


def _fftfreq(fname: str, bound: dict) -> None:
    _rule(check_count, fname, bound.get("n"), _itemsize(bound.get("dtype")))


_RULES: dict[str, Callable[[str, dict], None]] = {
    **dict.fromkeys(("max", "min", "argmax", "argmin"), _reductions),
    **dict.fromkeys(("cumulative_sum", "cumulative_prod"), _scan),
    **dict.fromkeys(("var", "std"), _moments),
    **dict.fromkeys(_SQUARE | _MATRICES, _matrices),
    **dict.fromkeys(("fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn", "ifftn",
                     "rfftn", "irfftn", "fftshift", "ifftshift"), _fft),
    **dict.fromkeys(("fftfreq", "rfftfreq"), _fftfreq),
    **dict.fromkeys(("zeros", "ones", "empty", "full", "eye", "linspace", "arange"),
                    _creation),
    "matmul": _matmul, "tensordot": _tensordot, "vecdot": _vecdot, "cross": _cross,
    "outer": _outer, "solve": _solve, "reshape": _reshape, "broadcast_to": _broadcast_to,
    "broadcast_arrays": _broadcast_arrays, "where": _where, "clip": _clip, "concat": _concat,
    "stack": _stack, "expand_dims": _expand_dims, "squeeze": _squeeze, "moveaxis": _moveaxis,
    "permute_dims": _permute_dims, "roll": _roll, "unstack": _unstack, "diff": _diff,
    "repeat": _repeat, "tile": _tile, "take": _take, "take_along_axis": _take_along_axis,
    "searchsorted": _searchsorted, "isdtype": _isdtype,
}

__all__ = ["FLOATING_INPUT", "diagnose", "explain", "standard_dtype_name"]
