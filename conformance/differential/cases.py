"""Hypothesis strategies that draw one test case for a (function, dtype) pair.

A :class:`Case` holds NumPy inputs (drawn once) and a ``call(xp, *native_inputs)`` closure;
the harness converts the inputs to every backend's native arrays and runs ``call`` with that
backend's namespace. Dtype arguments are carried as names and resolved per namespace.

Input domains are chosen so that a *correct* implementation gives the same answer
everywhere: no integer overflow, no integer division by zero, shift amounts below the bit
width, well-conditioned matrices. Everything the standard leaves implementation-defined is
avoided in the random cases; the special-value cases (``special=True``) then deliberately put
NaN, +-inf, -0.0, empty and 0-d arrays into elementwise functions and reductions.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .spec import CATEGORIES

# Few distinct shapes: JAX compiles every op once per shape and dtype, so a small set keeps
# the CI run fast without losing 0-d, length-1 and broadcasting dimensions.
SHAPES = [(), (1,), (3,), (2, 3), (1, 3), (3, 1), (2, 1, 3)]
NONSCALAR_SHAPES = [(1,), (3,), (2, 3), (3, 1), (2, 1, 3)]
# The special-value suite adds empty arrays.
SPECIAL_SHAPES = [(), (0,), (4,), (2, 0), (2, 3)]
SPECIAL_FLOATS = [math.nan, math.inf, -math.inf, -0.0, 0.0, 1.0, -1.0, 0.5, -2.5, 3.0]


@dataclass
class Case:
    """One drawn input and how to run it on a namespace."""

    func: str
    label: str
    inputs: tuple[np.ndarray, ...]
    call: Callable[..., Any]
    params: str = ""
    #: NumPy-side normalisation applied to every backend's result before comparing (e.g.
    #: sorting eigenvalues, taking |Q| of a QR factor): removes what the standard leaves free.
    post: Callable[[Any], Any] | None = None
    #: "exact", "elementwise" or "loose" (linear algebra, FFT, reductions of many terms).
    tol: str = "elementwise"
    #: Check the sign of zero results (elementwise special cases define it).
    signed_zero: bool = False
    #: Compare values at all (False for ``empty``/``empty_like``).
    values: bool = True
    #: dtypes named by arguments (``astype(x, to)``, ``sum(dtype=...)``): a backend that
    #: cannot hold one of them (MXNet) skips the case, as it skips such inputs.
    dtypes: tuple[str, ...] = ()
    meta: dict = field(default_factory=dict)


def dtype_of(xp: Any, name: str | None) -> Any:
    """A dtype name -> that namespace's dtype object (None stays None)."""
    return None if name is None else getattr(xp, name)


def _float_width(dt: str) -> int:
    return 32 if dt in ("float32", "complex64") else 64


def elements(dt: str, lo: float = -10, hi: float = 10, special: bool = False,
             nonzero: bool = False, integral: bool = False) -> st.SearchStrategy:
    """Element strategy for dtype name ``dt`` within [lo, hi] (clipped to the dtype)."""
    if dt == "bool":
        return st.booleans()
    if dt.startswith(("int", "uint")):
        info = np.iinfo(dt)
        s = st.integers(max(math.ceil(lo), int(info.min)), min(int(hi), int(info.max)))
        return s.filter(bool) if nonzero else s
    width = _float_width(dt)
    if integral:
        real = st.integers(int(lo), int(hi)).map(float)
    else:
        # bounds must be representable at the width (0.99 is not a float32)
        cast = np.float32 if width == 32 else np.float64
        # No subnormals: XLA (jax) and TensorFlow flush them to zero on CPU (FTZ/DAZ), a
        # systemic difference recorded once at the top of known_mismatches.txt; drawing them
        # would make every elementwise function mismatch at random.
        real = st.floats(float(cast(lo)), float(cast(hi)), width=width, allow_subnormal=False)
    if nonzero:
        real = real.filter(lambda v: abs(v) > 0.1)
    if special:
        real = st.one_of(st.sampled_from(SPECIAL_FLOATS), real)
    if dt.startswith("complex"):
        return st.builds(complex, real, real)
    return real


def arrays(draw, dt: str, shape, **kw) -> np.ndarray:
    """Draw a NumPy array of dtype ``dt`` and ``shape`` (keywords: see :func:`elements`)."""
    return draw(hnp.arrays(np.dtype(dt), shape, elements=elements(dt, **kw)))


def broadcastable(draw, shape: tuple) -> tuple:
    """A shape that broadcasts with ``shape``: itself, a suffix, or with some dims set to 1."""
    choice = draw(st.integers(0, 3))
    if choice == 0 or not shape:
        return shape
    if choice == 1:
        return shape[draw(st.integers(1, len(shape))):]
    if choice == 2:
        return tuple(1 if draw(st.booleans()) else d for d in shape)
    return (2,) + shape if len(shape) < 3 else shape


def axis_arg(draw, ndim: int, allow_tuple: bool = True):
    """None, an int (possibly negative) or a tuple of distinct axes for an ``ndim`` array."""
    if ndim == 0:
        return draw(st.sampled_from([None, ()]))
    options = [st.none(), st.integers(-ndim, ndim - 1)]
    if allow_tuple:
        options.append(st.lists(st.integers(0, ndim - 1), min_size=1, max_size=ndim,
                                unique=True).map(tuple))
    return draw(st.one_of(*options))


def default_int(dt: str) -> bool:
    return dt.startswith(("int", "uint")) or dt == "bool"


# ---------------------------------------------------------------------------------------
# NumPy scalars (arraykit/shims/_common/scalars.py): in a position that takes a Python
# scalar, a NumPy scalar is the Python scalar of its kind; creation functions with no dtype
# give it NumPy's dtype. Cases that put one there are labelled "<dtype>:numpy-scalar".
# ---------------------------------------------------------------------------------------

NUMPY_SCALAR = "numpy-scalar"


def numpy_scalar(a: np.ndarray) -> np.generic:
    """The NumPy scalar of a drawn 0-d array (``np.float32(1.5)``)."""
    return a[()]


def refuses_numpy_scalars(xp: Any, creation: bool = False) -> bool:
    """Whether ``xp`` is a reference that does not read NumPy scalars by the rule, and is given
    what the rule makes of them instead (the Python scalar, the dtype): array-api-strict (the
    main environment's) refuses them by design; in creation functions (``creation``) NumPy
    1.x (the mxnet environment's) casts them by value (``linspace(np.float32(0), ...)`` is
    float64 there)."""
    name = xp.__name__.rsplit(".", 1)[-1]
    return name == "array_api_strict" or (creation and name == "numpy"
                                          and np.__version__ < "2")


def scalar_for(xp: Any, s: np.generic) -> Any:
    """``s`` itself, or its Python scalar for a namespace that refuses NumPy scalars."""
    return s.item() if refuses_numpy_scalars(xp) else s


def _numpy_scalar_case(draw, special: bool) -> bool:
    """Whether this (non-special) case puts a NumPy scalar in a scalar position."""
    return not special and draw(st.integers(0, 3)) == 0


# ---------------------------------------------------------------------------------------
# Generic kinds
# ---------------------------------------------------------------------------------------

#: Per-function input domains for the random (non-special) cases.
UNARY_DOMAIN = {
    "acosh": dict(lo=1, hi=10), "acos": dict(lo=-1, hi=1), "asin": dict(lo=-1, hi=1),
    "atanh": dict(lo=-0.99, hi=0.99), "log": dict(lo=0.01, hi=100), "log2": dict(lo=0.01, hi=100),
    "log10": dict(lo=0.01, hi=100), "log1p": dict(lo=-0.9, hi=100), "sqrt": dict(lo=0, hi=100),
    "reciprocal": dict(nonzero=True), "tan": dict(lo=-1.4, hi=1.4),
    # round: halves are rounded to even by the standard; avoid ties only by luck is flaky,
    # so draw integers + quarters, where every backend must agree.
    "round": dict(lo=-10, hi=10),
}
BINARY_DOMAIN = {
    "floor_divide": ({}, dict(nonzero=True)), "remainder": ({}, dict(nonzero=True)),
    "divide": ({}, dict(nonzero=True)),
    "pow": (dict(lo=0, hi=4), dict(lo=0, hi=3)),
    "atan2": ({}, {}), "nextafter": ({}, {}),
}
#: Elementwise functions whose outputs have a spec'd sign of zero (checked with -0.0 inputs).
SIGNED_ZERO_FUNCS = frozenset({
    "abs", "negative", "positive", "ceil", "floor", "trunc", "round", "sin", "tan", "sinh",
    "tanh", "asin", "atan", "asinh", "atanh", "sqrt", "expm1", "log1p", "copysign", "square",
    "multiply", "add", "subtract", "real", "conj",
})


def _integer_binary_kw(name: str, dt: str, which: int) -> dict:
    if name in ("bitwise_left_shift", "bitwise_right_shift"):
        bits = np.iinfo(dt).bits
        return dict(lo=0, hi=bits - 1) if which == 1 else dict(lo=-8, hi=8)
    if name in ("multiply", "pow"):
        return dict(lo=0, hi=3) if name == "pow" and which == 1 else dict(lo=-6, hi=6)
    return {}


@st.composite
def unary_case(draw, func: str, name: str, dt: str, special: bool) -> Case:
    shape = draw(st.sampled_from(SPECIAL_SHAPES if special else SHAPES))
    kw = {} if special else dict(UNARY_DOMAIN.get(name, {}))
    if name == "round" and not special and dt not in ("bool",) and not default_int(dt):
        x = draw(hnp.arrays(np.dtype(dt), shape,
                            elements=elements(dt, -40, 40, integral=True))) / 4
        x = x.astype(dt)
    else:
        x = arrays(draw, dt, shape, special=special and not default_int(dt), **kw)
    return Case(func, dt, (x,), lambda xp, a: getattr(xp, name)(a),
                signed_zero=name in SIGNED_ZERO_FUNCS)


@st.composite
def binary_case(draw, func: str, name: str, dt: str, special: bool) -> Case:
    s1 = draw(st.sampled_from(SPECIAL_SHAPES if special else SHAPES))
    s2 = broadcastable(draw, s1)
    if draw(st.booleans()):
        s1, s2 = s2, s1
    kw1, kw2 = ({}, {}) if special else BINARY_DOMAIN.get(name, ({}, {}))
    if default_int(dt) and dt != "bool":
        kw1, kw2 = _integer_binary_kw(name, dt, 0), _integer_binary_kw(name, dt, 1)
        if name in ("floor_divide", "remainder", "divide"):
            kw2 = dict(nonzero=True)
    fl = special and not default_int(dt)
    if _numpy_scalar_case(draw, special):
        # one operand a NumPy scalar of the array's dtype (the same answer under NumPy 2's
        # 0-d-array reading and the shims' Python-scalar one)
        x = arrays(draw, dt, s1, **kw1)
        sc = numpy_scalar(arrays(draw, dt, (), **kw2))
        first = draw(st.booleans())
        if first:  # the scalar first: draw it from x1's domain and the array from x2's
            x = arrays(draw, dt, s1, **kw2)
            sc = numpy_scalar(arrays(draw, dt, (), **kw1))
        return Case(func, dt, (x,), lambda xp, a: getattr(xp, name)(
            *((scalar_for(xp, sc), a) if first else (a, scalar_for(xp, sc)))),
            params=f"{'scalar, x' if first else 'x, scalar'}={sc!r}",
            meta={NUMPY_SCALAR: True})
    x1 = arrays(draw, dt, s1, special=fl, **kw1)
    x2 = arrays(draw, dt, s2, special=fl, **kw2)
    return Case(func, dt, (x1, x2), lambda xp, a, b: getattr(xp, name)(a, b),
                signed_zero=name in SIGNED_ZERO_FUNCS)


@st.composite
def reduction_case(draw, func: str, name: str, dt: str, special: bool) -> Case:
    shape = draw(st.sampled_from(SPECIAL_SHAPES if special else SHAPES))
    fl = special and not default_int(dt)
    x = arrays(draw, dt, shape, special=fl, lo=-3 if name == "prod" else -10,
               hi=3 if name == "prod" else 10)
    axis = axis_arg(draw, len(shape))
    keepdims = draw(st.booleans())
    kwargs: dict = dict(axis=axis, keepdims=keepdims)
    if name in ("std", "var"):
        kwargs["correction"] = draw(st.sampled_from([0, 1]))
    dtype = None
    if name in ("sum", "prod") and dt in ("float32", "complex64") and draw(st.booleans()):
        dtype = {"float32": "float64", "complex64": "complex128"}[dt]
    params = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())

    def call(xp, a):
        extra = {"dtype": dtype_of(xp, dtype)} if dtype else {}
        return getattr(xp, name)(a, **kwargs, **extra)

    tol = "loose" if name in ("std", "var", "mean", "sum", "prod") else "elementwise"
    return Case(func, dt, (x,), call, params=params + (f", dtype={dtype}" if dtype else ""),
                tol=tol, dtypes=(dtype,) if dtype else ())


# ---------------------------------------------------------------------------------------
# Custom drawers, one per function (keyed by qualname)
# ---------------------------------------------------------------------------------------

CUSTOM: dict[str, Callable] = {}


def custom(*names):
    """Register a composite strategy ``(draw, func, dt, special) -> Case`` for ``names``."""
    def register(fn):
        strat = st.composite(fn)
        for n in names:
            CUSTOM[n] = strat
        return fn
    return register


def _case(func, dt, inputs, call, params="", **kw):
    return Case(func, dt, tuple(inputs), call, params=params, **kw)


def _one_array(draw, func, dt, shape, call, params):
    """The case of ``call(xp, a)`` on one drawn array ``a`` of ``shape``."""
    return _case(func, dt, (arrays(draw, dt, shape),), call, params=params)


@custom("arange")
def _arange(draw, func, dt, special):
    if default_int(dt):
        start = draw(st.integers(0, 5))
        stop = draw(st.integers(start, 20))
        step = draw(st.integers(1, 4))
    else:
        start = draw(st.sampled_from([0.0, 0.5, -2.0]))
        stop = start + draw(st.integers(0, 8))
        step = draw(st.sampled_from([1.0, 0.5, 2.0]))
    if _numpy_scalar_case(draw, special) and dt != "bool":
        # NumPy scalars of the case's dtype as start/stop/step (an explicit dtype: the
        # defaults differ between backends)
        kind = np.dtype(dt).type
        args = tuple(kind(v) for v in (start, stop, step))
        return _case(func, dt, (), lambda xp: xp.arange(
            *(scalar_for(xp, a) for a in args), dtype=dtype_of(xp, dt)),
            params=f"{args}", tol="loose", meta={NUMPY_SCALAR: True})
    return _case(func, dt, (), lambda xp: xp.arange(start, stop, step, dtype=dtype_of(xp, dt)),
                 params=f"{start}, {stop}, {step}", tol="loose")


@custom("asarray")
def _asarray(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from(SHAPES)))
    if _numpy_scalar_case(draw, special) and x.ndim:
        # a list of NumPy scalars and no dtype: NumPy's dtype (asarray([np.int32(0)]) is int32)
        items = list(x)
        return _case(func, dt, (), lambda xp: xp.asarray(items), params=repr(items),
                     meta={NUMPY_SCALAR: True})
    obj = x.tolist()
    return _case(func, dt, (), lambda xp: xp.asarray(obj, dtype=dtype_of(xp, dt)), params=repr(obj))


@custom("empty", "ones", "zeros")
def _filled(draw, func, dt, special):
    shape = draw(st.sampled_from(SHAPES + [(0,), (2, 0)]))
    name = func
    return _case(func, dt, (), lambda xp: getattr(xp, name)(shape, dtype=dtype_of(xp, dt)),
                 params=f"shape={shape}", values=func != "empty")


@custom("empty_like", "ones_like", "zeros_like")
def _filled_like(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from(SHAPES)))
    name = func
    return _case(func, dt, (x,), lambda xp, a: getattr(xp, name)(a), values=func != "empty_like")


@custom("full")
def _full(draw, func, dt, special):
    shape = draw(st.sampled_from(SHAPES))
    if _numpy_scalar_case(draw, special):
        # a NumPy scalar and no dtype: its own dtype, as NumPy's full
        sc = numpy_scalar(arrays(draw, dt, ()))
        return _case(func, dt, (), lambda xp: xp.full(shape, sc) if not refuses_numpy_scalars(
            xp, creation=True) else xp.full(shape, sc.item(), dtype=dtype_of(xp, dt)),
            params=f"{shape}, {sc!r}", meta={NUMPY_SCALAR: True})
    v = arrays(draw, dt, ()).item()
    return _case(func, dt, (), lambda xp: xp.full(shape, v, dtype=dtype_of(xp, dt)),
                 params=f"{shape}, {v!r}")


@custom("full_like")
def _full_like(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from(SHAPES)))
    if _numpy_scalar_case(draw, special):
        sc = numpy_scalar(arrays(draw, dt, ()))
        return _case(func, dt, (x,), lambda xp, a: xp.full_like(a, scalar_for(xp, sc)),
                     params=f"fill={sc!r}", meta={NUMPY_SCALAR: True})
    v = arrays(draw, dt, ()).item()
    return _case(func, dt, (x,), lambda xp, a: xp.full_like(a, v), params=f"fill={v!r}")


@custom("eye")
def _eye(draw, func, dt, special):
    n = draw(st.integers(0, 4))
    m = draw(st.one_of(st.none(), st.integers(0, 4)))
    k = draw(st.integers(-2, 2))
    return _case(func, dt, (), lambda xp: xp.eye(n, m, k=k, dtype=dtype_of(xp, dt)),
                 params=f"{n}, {m}, k={k}")


@custom("linspace")
def _linspace(draw, func, dt, special):
    start = draw(st.integers(-5, 5))
    stop = draw(st.integers(-5, 5))
    num = draw(st.integers(0, 6))
    endpoint = draw(st.booleans())
    if _numpy_scalar_case(draw, special) and dt in ("float32", "float64"):
        # floating NumPy scalar endpoints and no dtype: their dtype, as NumPy 2's linspace
        a, b = np.dtype(dt).type(start), np.dtype(dt).type(stop)
        return _case(func, dt, (), lambda xp: xp.linspace(a, b, np.int64(num), endpoint=endpoint)
                     if not refuses_numpy_scalars(xp, creation=True) else xp.linspace(
                         start, stop, num, dtype=dtype_of(xp, dt), endpoint=endpoint),
                     params=f"{a!r}, {b!r}, np.int64({num}), endpoint={endpoint}", tol="loose",
                     meta={NUMPY_SCALAR: True})
    return _case(func, dt, (), lambda xp: xp.linspace(start, stop, num, dtype=dtype_of(xp, dt),
                                                      endpoint=endpoint),
                 params=f"{start}, {stop}, {num}, endpoint={endpoint}", tol="loose")


@custom("meshgrid")
def _meshgrid(draw, func, dt, special):
    n = draw(st.integers(1, 3))
    xs = [arrays(draw, dt, (draw(st.integers(1, 3)),)) for _ in range(n)]
    indexing = draw(st.sampled_from(["xy", "ij"]))
    return _case(func, dt, xs, lambda xp, *a: xp.meshgrid(*a, indexing=indexing),
                 params=f"indexing={indexing}")


@custom("tril", "triu")
def _tri(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from([(3, 3), (2, 4), (2, 3, 2)])))
    k = draw(st.integers(-2, 2))
    name = func
    return _case(func, dt, (x,), lambda xp, a: getattr(xp, name)(a, k=k), params=f"k={k}")


@custom("from_dlpack")
def _from_dlpack(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from(SHAPES)))
    return _case(func, dt, (x,), lambda xp, a: xp.from_dlpack(a))


@custom("astype")
def _astype(draw, func, dt, special):
    # Casts between kinds are implementation-defined where values do not fit; stay in range.
    to = draw(st.sampled_from(CATEGORIES["any"]))
    lo, hi = (0, 100) if (to.startswith("uint") or dt.startswith("uint")) else (-100, 100)
    x = arrays(draw, dt, draw(st.sampled_from(SHAPES)), lo=lo, hi=hi, integral=True)
    if dt.startswith("complex") and not to.startswith("complex"):
        to = dt  # complex -> real casts are not defined by the standard
    return _case(func, dt, (x,), lambda xp, a: xp.astype(a, dtype_of(xp, to)), params=f"to {to}",
                 dtypes=(to,))


@custom("can_cast")
def _can_cast(draw, func, dt, special):
    to = draw(st.sampled_from(CATEGORIES["any"]))
    return _case(func, dt, (), lambda xp: xp.can_cast(dtype_of(xp, dt), dtype_of(xp, to)),
                 params=f"to {to}", dtypes=(dt, to))


@custom("finfo")
def _finfo(draw, func, dt, special):
    draw(st.just(None))  # nothing to draw; a composite must call draw
    def call(xp):
        f = xp.finfo(dtype_of(xp, dt))
        return (int(f.bits), float(f.eps), float(f.max), float(f.min), float(f.smallest_normal),
                f.dtype)
    return _case(func, dt, (), call)


@custom("iinfo")
def _iinfo(draw, func, dt, special):
    draw(st.just(None))
    def call(xp):
        f = xp.iinfo(dtype_of(xp, dt))
        return (int(f.bits), int(f.max), int(f.min), f.dtype)
    return _case(func, dt, (), call)


@custom("isdtype")
def _isdtype(draw, func, dt, special):
    kinds = ["bool", "signed integer", "unsigned integer", "integral", "real floating",
             "complex floating", "numeric"]
    kind = draw(st.one_of(st.sampled_from(kinds),
                          st.lists(st.sampled_from(kinds), min_size=1, max_size=2).map(tuple)))
    return _case(func, dt, (), lambda xp: xp.isdtype(dtype_of(xp, dt), kind),
                 params=f"kind={kind!r}")


@custom("result_type")
def _result_type(draw, func, dt, special):
    # Only pairs inside one kind-family promote by the standard's table.
    fam = [d for d in CATEGORIES["any"] if
           (d == "bool") == (dt == "bool")
           and (d.startswith("int") == dt.startswith("int") or dt == "bool")
           and (d.startswith("uint") == dt.startswith("uint"))
           and (d.startswith(("float", "complex")) == dt.startswith(("float", "complex")))]
    other = draw(st.sampled_from(fam))
    as_array = draw(st.booleans())
    x = np.zeros(1, dtype=dt)
    if as_array:
        return _case(func, dt, (x,), lambda xp, a: xp.result_type(a, dtype_of(xp, other)),
                     params=f"array, {other}", dtypes=(other,))
    return _case(func, dt, (), lambda xp: xp.result_type(dtype_of(xp, dt), dtype_of(xp, other)),
                 params=f"{dt}, {other}", dtypes=(dt, other))


@custom("clip")
def _clip(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from(SPECIAL_SHAPES if special else SHAPES)),
               special=special and not default_int(dt))
    lo = draw(st.one_of(st.none(), st.integers(0, 3)))
    hi = draw(st.one_of(st.none(), st.integers(4, 8)))
    if not default_int(dt):
        lo = None if lo is None else float(lo)
        hi = None if hi is None else float(hi)
    if _numpy_scalar_case(draw, special) and dt != "bool":
        # NumPy scalar bounds: np.<x's dtype>, or (either kind of x) a NumPy integer
        kind = draw(st.sampled_from([np.dtype(dt).type, np.int32]))
        nlo, nhi = (None if v is None else kind(v) for v in (lo, hi))
        return _case(func, dt, (x,), lambda xp, a: xp.clip(
            a, *(None if v is None else scalar_for(xp, v) for v in (nlo, nhi))),
            params=f"{nlo!r}, {nhi!r}", meta={NUMPY_SCALAR: True})
    return _case(func, dt, (x,), lambda xp, a: xp.clip(a, lo, hi), params=f"{lo}, {hi}")


def _square(draw, dt, batch=True, spd=False, n=None):
    n = n or draw(st.integers(1, 3))
    shape = ((2,) if batch and draw(st.booleans()) else ()) + (n, n)
    a = arrays(draw, dt, shape, lo=-1, hi=1)
    if spd:
        a = a @ np.swapaxes(a.conj(), -1, -2)
    eye = np.eye(n, dtype=dt) * (n + 1)
    return (a + eye).astype(dt)


def _post_sorted_eig(r):
    # Eigenvalue order is free. Sort on coarsely rounded keys so that float32 round-off
    # (ill-conditioned near-repeated eigenvalues) cannot swap neighbours; compare full values.
    w = np.asarray(r)
    w = w.astype(np.result_type(w.dtype, np.complex64))  # keep the precision (tolerances)
    key_re, key_im = np.round(w.real, 2), np.round(w.imag, 2)
    # A conjugate pair whose imaginary parts round to 0 (3 +- 0.0012j) is ordered by their
    # sign, which round-off does not flip, as it would the order of the pair.
    order = np.lexsort((np.sign(w.imag), key_im, key_re), axis=-1)
    return np.take_along_axis(w, order, axis=-1)


@custom("linalg.cholesky")
def _cholesky(draw, func, dt, special):
    upper = draw(st.booleans())
    return _case(func, dt, (_square(draw, dt, spd=True),),
                 lambda xp, a: xp.linalg.cholesky(a, upper=upper), params=f"upper={upper}",
                 tol="loose")


@custom("linalg.det", "linalg.inv", "linalg.eigvalsh", "linalg.svdvals", "linalg.slogdet")
def _square_fn(draw, func, dt, special):
    name = func.split(".")[1]
    spd = name == "eigvalsh"
    return _case(func, dt, (_square(draw, dt, spd=spd),),
                 lambda xp, a: getattr(xp.linalg, name)(a), tol="loose")


@custom("linalg.eigh")
def _eigh(draw, func, dt, special):
    # Eigenvectors are free up to a phase, and any basis of a repeated eigenvalue's space
    # will do (hypothesis likes zero matrices): compare eigenvalues and V diag(w) V^H.
    def post(r):
        w, v = r
        return (w, (v * w[..., None, :]) @ np.swapaxes(v.conj(), -1, -2))
    return _case(func, dt, (_square(draw, dt, spd=True),), lambda xp, a: xp.linalg.eigh(a),
                 post=post, tol="loose")


@custom("linalg.eig")
def _eig(draw, func, dt, special):
    def post(r):
        # order and phase are free: compare the sorted eigenvalues and the shapes only
        return (_post_sorted_eig(r[0]), r[1].shape, str(r[1].dtype))
    return _case(func, dt, (_square(draw, dt),), lambda xp, a: xp.linalg.eig(a), post=post,
                 tol="loose")


@custom("linalg.eigvals")
def _eigvals(draw, func, dt, special):
    def post(r):
        return (_post_sorted_eig(r), str(r.dtype))
    return _case(func, dt, (_square(draw, dt),), lambda xp, a: xp.linalg.eigvals(a), post=post,
                 tol="loose")


@custom("linalg.matrix_power")
def _matrix_power(draw, func, dt, special):
    n = draw(st.integers(-2, 3))
    return _case(func, dt, (_square(draw, dt),), lambda xp, a: xp.linalg.matrix_power(a, n),
                 params=f"n={n}", tol="loose")


@custom("linalg.matrix_rank", "linalg.pinv")
def _rank_pinv(draw, func, dt, special):
    shape = draw(st.sampled_from([(3, 3), (2, 3), (3, 2), (2, 2, 3)]))
    a = arrays(draw, dt, shape, lo=-3, hi=3, integral=True)
    name = func.split(".")[1]
    return _case(func, dt, (a,), lambda xp, x: getattr(xp.linalg, name)(x), tol="loose")


@custom("linalg.matrix_norm")
def _matrix_norm(draw, func, dt, special):
    a = arrays(draw, dt, draw(st.sampled_from([(3, 3), (2, 3), (2, 2, 3)])))
    ord_ = draw(st.sampled_from(["fro", "nuc", 1, 2, -1, -2, math.inf, -math.inf]))
    keepdims = draw(st.booleans())
    return _case(func, dt, (a,), lambda xp, x: xp.linalg.matrix_norm(x, keepdims=keepdims,
                                                                    ord=ord_),
                 params=f"ord={ord_}, keepdims={keepdims}", tol="loose")


@custom("linalg.vector_norm")
def _vector_norm(draw, func, dt, special):
    shape = draw(st.sampled_from(SPECIAL_SHAPES if special else SHAPES))
    a = arrays(draw, dt, shape, special=special)
    axis = axis_arg(draw, len(shape))
    ord_ = draw(st.sampled_from([2, 1, math.inf, -math.inf, 0, 3, -1]))
    keepdims = draw(st.booleans())
    return _case(func, dt, (a,),
                 lambda xp, x: xp.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord_),
                 params=f"axis={axis}, ord={ord_}, keepdims={keepdims}", tol="loose")


@custom("linalg.qr")
def _qr(draw, func, dt, special):
    a = arrays(draw, dt, draw(st.sampled_from([(3, 3), (3, 2), (2, 3), (2, 3, 3)])), lo=-1, hi=1)
    mode = draw(st.sampled_from(["reduced", "complete"]))
    # Q and R are unique only up to signs, and not at all for rank-deficient input: compare
    # the invariants Q @ R, Q^H Q and the shapes.
    def post(r):
        q, rr = r
        return (q @ rr, np.swapaxes(q.conj(), -1, -2) @ q, q.shape, rr.shape)
    return _case(func, dt, (a,), lambda xp, x: xp.linalg.qr(x, mode=mode),
                 post=post, params=f"mode={mode}", tol="loose")


@custom("linalg.svd")
def _svd(draw, func, dt, special):
    a = arrays(draw, dt, draw(st.sampled_from([(3, 3), (3, 2), (2, 3), (2, 3, 2)])), lo=-1, hi=1)
    full = draw(st.booleans())
    return _case(func, dt, (a,), lambda xp, x: xp.linalg.svd(x, full_matrices=full),
                 post=lambda r: (r[0].shape, r[1], r[2].shape, str(r[0].dtype)),
                 params=f"full_matrices={full}", tol="loose")


@custom("linalg.solve")
def _solve(draw, func, dt, special):
    a = _square(draw, dt, batch=False)
    n = a.shape[-1]
    # a vector b, a matrix b, and a batched b that broadcasts against the single matrix
    b = arrays(draw, dt, draw(st.sampled_from([(n,), (n, 2), (2, n, 1)])))
    return _case(func, dt, (a, b), lambda xp, x, y: xp.linalg.solve(x, y),
                 params=f"b{b.shape}", tol="loose")


@custom("linalg.cross")
def _cross(draw, func, dt, special):
    s1 = draw(st.sampled_from([(3,), (2, 3), (4, 3)]))
    s2 = broadcastable(draw, s1)
    kw = dict(lo=-5, hi=5)
    return _case(func, dt, (arrays(draw, dt, s1, **kw), arrays(draw, dt, s2, **kw)),
                 lambda xp, a, b: xp.linalg.cross(a, b, axis=-1))


@custom("linalg.diagonal", "linalg.trace")
def _diag(draw, func, dt, special):
    a = arrays(draw, dt, draw(st.sampled_from([(3, 3), (2, 4), (2, 3, 3)])), lo=-5, hi=5)
    offset = draw(st.integers(-2, 2))
    name = func.split(".")[1]
    return _case(func, dt, (a,), lambda xp, x: getattr(xp.linalg, name)(x, offset=offset),
                 params=f"offset={offset}")


@custom("linalg.outer")
def _outer(draw, func, dt, special):
    return _case(func, dt, (arrays(draw, dt, (draw(st.integers(0, 3)),), lo=-5, hi=5),
                            arrays(draw, dt, (draw(st.integers(0, 3)),), lo=-5, hi=5)),
                 lambda xp, a, b: xp.linalg.outer(a, b))


def _matmul_shapes(draw):
    n, k, m = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    return draw(st.sampled_from([((k,), (k,)), ((n, k), (k,)), ((k,), (k, m)), ((n, k), (k, m)),
                                 ((2, n, k), (k, m)), ((2, n, k), (1, k, m))]))


@custom("matmul", "linalg.matmul")
def _matmul(draw, func, dt, special):
    s1, s2 = _matmul_shapes(draw)
    ns = func.split(".")[0] if "." in func else None
    kw = dict(lo=-5, hi=5)
    return _case(func, dt, (arrays(draw, dt, s1, **kw), arrays(draw, dt, s2, **kw)),
                 lambda xp, a, b: (xp.linalg if ns else xp).matmul(a, b), tol="loose")


@custom("matrix_transpose", "linalg.matrix_transpose")
def _mt(draw, func, dt, special):
    a = arrays(draw, dt, draw(st.sampled_from([(2, 3), (1, 3), (2, 1, 3)])))
    ns = "." in func
    return _case(func, dt, (a,), lambda xp, x: (xp.linalg if ns else xp).matrix_transpose(x))


@custom("tensordot", "linalg.tensordot")
def _tensordot(draw, func, dt, special):
    kw = dict(lo=-5, hi=5)
    a = arrays(draw, dt, (2, 3), **kw)
    axes, s2 = draw(st.sampled_from([(1, (3, 2)), (0, (2,)), (2, (2, 3)), (([1], [0]), (3, 4))]))
    b = arrays(draw, dt, s2, **kw)
    ns = "." in func
    return _case(func, dt, (a, b), lambda xp, x, y: (xp.linalg if ns else xp).tensordot(
        x, y, axes=axes), params=f"axes={axes}", tol="loose")


@custom("vecdot", "linalg.vecdot")
def _vecdot(draw, func, dt, special):
    s1 = draw(st.sampled_from([(3,), (2, 3), (2, 1, 3)]))
    s2 = broadcastable(draw, s1)
    s2 = s2[:-1] + (3,) if s2 else (3,)
    kw = dict(lo=-5, hi=5)
    ns = "." in func
    return _case(func, dt, (arrays(draw, dt, s1, **kw), arrays(draw, dt, s2, **kw)),
                 lambda xp, a, b: (xp.linalg if ns else xp).vecdot(a, b, axis=-1), tol="loose")


# -- FFT -----------------------------------------------------------------------------------

@custom("fft.fft", "fft.ifft", "fft.rfft", "fft.irfft", "fft.hfft", "fft.ihfft")
def _fft1(draw, func, dt, special):
    shape = draw(st.sampled_from([(4,), (5,), (2, 4), (3, 2)]))
    a = arrays(draw, dt, shape, lo=-5, hi=5)
    n = draw(st.sampled_from([None, 2, 4, 6]))
    axis = draw(st.sampled_from([-1, 0]))
    norm = draw(st.sampled_from(["backward", "ortho", "forward"]))
    name = func.split(".")[1]
    return _case(func, dt, (a,), lambda xp, x: getattr(xp.fft, name)(x, n=n, axis=axis,
                                                                     norm=norm),
                 params=f"n={n}, axis={axis}, norm={norm}", tol="loose")


@custom("fft.fftn", "fft.ifftn", "fft.rfftn", "fft.irfftn")
def _fftn(draw, func, dt, special):
    a = arrays(draw, dt, draw(st.sampled_from([(4,), (2, 4), (3, 2, 2)])), lo=-5, hi=5)
    axes = draw(st.sampled_from([None, (-1,), (0,), (-2, -1)]))
    if axes and len(axes) > a.ndim:
        axes = (-1,)
    s = None if axes is None or draw(st.booleans()) else tuple(4 for _ in axes)
    norm = draw(st.sampled_from(["backward", "ortho", "forward"]))
    name = func.split(".")[1]
    return _case(func, dt, (a,), lambda xp, x: getattr(xp.fft, name)(x, s=s, axes=axes,
                                                                     norm=norm),
                 params=f"s={s}, axes={axes}, norm={norm}", tol="loose")


@custom("fft.fftfreq", "fft.rfftfreq")
def _fftfreq(draw, func, dt, special):
    n = draw(st.integers(1, 8))
    d = draw(st.sampled_from([1.0, 0.5, 2.0]))
    name = func.split(".")[1]
    # dtype= keyword: the reference's default float is float64; pass the drawn dtype.
    return _case(func, dt, (), lambda xp: getattr(xp.fft, name)(n, d=d, dtype=dtype_of(xp, dt)),
                 params=f"n={n}, d={d}", tol="loose")


@custom("fft.fftshift", "fft.ifftshift")
def _fftshift(draw, func, dt, special):
    a = arrays(draw, dt, draw(st.sampled_from([(4,), (5,), (2, 3)])))
    axes = draw(st.sampled_from([None, 0, -1, (0,)]))
    if axes is not None and a.ndim == 1 and axes != -1:
        axes = 0 if axes == 0 else (0,)
    name = func.split(".")[1]
    return _case(func, dt, (a,), lambda xp, x: getattr(xp.fft, name)(x, axes=axes),
                 params=f"axes={axes}")


# -- indexing, manipulation ----------------------------------------------------------------

@custom("take")
def _take(draw, func, dt, special):
    shape = draw(st.sampled_from(NONSCALAR_SHAPES))
    x = arrays(draw, dt, shape)
    axis = draw(st.integers(-len(shape), len(shape) - 1)) if len(shape) > 1 or draw(
        st.booleans()) else None
    n = shape[axis if axis is not None else 0]
    idx = np.asarray(draw(st.lists(st.integers(-n, n - 1), min_size=0, max_size=4)),
                     dtype=draw(st.sampled_from(["int64", "int32"])))
    kw = {} if axis is None else {"axis": axis}
    return _case(func, dt, (x, idx), lambda xp, a, i: xp.take(a, i, **kw),
                 params=f"idx={idx.tolist()}, axis={axis}")


@custom("take_along_axis")
def _take_along(draw, func, dt, special):
    shape = draw(st.sampled_from([(3,), (2, 3), (2, 1, 3)]))
    x = arrays(draw, dt, shape)
    axis = draw(st.integers(-len(shape), len(shape) - 1))
    ishape = list(shape)
    ishape[axis] = draw(st.integers(1, 4))
    n = shape[axis]
    idx = draw(hnp.arrays(np.int64, tuple(ishape), elements=st.integers(0, n - 1)))
    return _case(func, dt, (x, idx), lambda xp, a, i: xp.take_along_axis(a, i, axis=axis),
                 params=f"axis={axis}")


@custom("broadcast_arrays")
def _bcast_arrays(draw, func, dt, special):
    s1 = draw(st.sampled_from(SHAPES))
    s2 = broadcastable(draw, s1)
    return _case(func, dt, (arrays(draw, dt, s1), arrays(draw, dt, s2)),
                 lambda xp, a, b: xp.broadcast_arrays(a, b))


@custom("broadcast_shapes")
def _bcast_shapes(draw, func, dt, special):
    s1 = draw(st.sampled_from(SHAPES))
    s2 = broadcastable(draw, s1)
    return _case(func, dt, (), lambda xp: tuple(xp.broadcast_shapes(s1, s2)),
                 params=f"{s1}, {s2}")


@custom("broadcast_to")
def _bcast_to(draw, func, dt, special):
    s1 = draw(st.sampled_from(SHAPES))
    s2 = broadcastable(draw, s1)
    target = np.broadcast_shapes(s1, s2)
    return _case(func, dt, (arrays(draw, dt, s1),), lambda xp, a: xp.broadcast_to(a, target),
                 params=f"to {target}")


@custom("concat", "stack")
def _concat_stack(draw, func, dt, special):
    shape = draw(st.sampled_from(NONSCALAR_SHAPES))
    k = draw(st.integers(1, 3))
    if func == "concat":
        axis = draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
        shapes = []
        for _ in range(k):
            s = list(shape)
            if axis is not None:
                s[axis] = draw(st.integers(0, 3))
            shapes.append(tuple(s))
    else:
        axis = draw(st.integers(-len(shape) - 1, len(shape)))
        shapes = [shape] * k
    xs = [arrays(draw, dt, s) for s in shapes]
    name = func
    return _case(func, dt, xs, lambda xp, *a: getattr(xp, name)(list(a), axis=axis),
                 params=f"axis={axis}, shapes={shapes}")


@custom("expand_dims")
def _expand_dims(draw, func, dt, special):
    shape = draw(st.sampled_from(SHAPES))
    nd = len(shape)
    axis = draw(st.one_of(st.integers(-nd - 1, nd),
                          st.lists(st.integers(0, nd + 1), min_size=1, max_size=2,
                                   unique=True).map(tuple)))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.expand_dims(a, axis=axis),
                      f"axis={axis}")


@custom("flip")
def _flip(draw, func, dt, special):
    shape = draw(st.sampled_from(SHAPES))
    axis = axis_arg(draw, len(shape))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.flip(a, axis=axis), f"axis={axis}")


@custom("moveaxis")
def _moveaxis(draw, func, dt, special):
    shape = draw(st.sampled_from([(2, 3), (2, 1, 3), (3,)]))
    nd = len(shape)
    src = draw(st.integers(-nd, nd - 1))
    dst = draw(st.integers(-nd, nd - 1))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.moveaxis(a, src, dst),
                      f"{src}->{dst}")


@custom("permute_dims")
def _permute(draw, func, dt, special):
    shape = draw(st.sampled_from(SHAPES))
    axes = tuple(draw(st.permutations(range(len(shape)))))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.permute_dims(a, axes), f"axes={axes}")


@custom("repeat")
def _repeat(draw, func, dt, special):
    shape = draw(st.sampled_from(NONSCALAR_SHAPES))
    nd = len(shape)
    axis = draw(st.one_of(st.none(), st.integers(-nd, nd - 1)))
    n = math.prod(shape) if axis is None else shape[axis]
    if draw(st.booleans()):
        reps: Any = draw(st.integers(0, 3))
        rep_arr = None
    else:
        reps = None
        rep_arr = np.asarray(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)),
                             dtype=np.int64)
    x = arrays(draw, dt, shape)
    if rep_arr is None:
        return _case(func, dt, (x,), lambda xp, a: xp.repeat(a, reps, axis=axis),
                     params=f"repeats={reps}, axis={axis}")
    return _case(func, dt, (x, rep_arr), lambda xp, a, r: xp.repeat(a, r, axis=axis),
                 params=f"repeats={rep_arr.tolist()}, axis={axis}")


@custom("reshape")
def _reshape(draw, func, dt, special):
    shape = draw(st.sampled_from([(2, 3), (6,), (1, 6), (3, 2)]))
    target = draw(st.sampled_from([(6,), (3, 2), (-1,), (2, -1), (1, 2, 3)]))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.reshape(a, target), f"to {target}")


@custom("roll")
def _roll(draw, func, dt, special):
    shape = draw(st.sampled_from(NONSCALAR_SHAPES))
    nd = len(shape)
    if draw(st.booleans()):
        shift: Any = draw(st.integers(-4, 4))
        axis: Any = draw(st.one_of(
            st.none(), st.integers(-nd, nd - 1)))
    else:
        axis = tuple(draw(st.permutations(range(nd))))[: draw(st.integers(1, nd))]
        shift = tuple(draw(st.integers(-4, 4)) for _ in axis)
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.roll(a, shift, axis=axis),
                      f"shift={shift}, axis={axis}")


@custom("squeeze")
def _squeeze(draw, func, dt, special):
    shape = draw(st.sampled_from([(1,), (1, 3), (3, 1), (2, 1, 3), (1, 1)]))
    ones = [i for i, d in enumerate(shape) if d == 1]
    axis = draw(st.one_of(st.sampled_from(ones),
                          st.sampled_from(ones).map(lambda i: i - len(shape)),
                          st.just(tuple(ones))))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.squeeze(a, axis=axis), f"axis={axis}")


@custom("tile")
def _tile(draw, func, dt, special):
    shape = draw(st.sampled_from(SHAPES))
    reps = tuple(draw(st.lists(st.integers(0, 3), min_size=0 if shape else 1, max_size=3)))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.tile(a, reps), f"reps={reps}")


@custom("unstack")
def _unstack(draw, func, dt, special):
    shape = draw(st.sampled_from(NONSCALAR_SHAPES))
    nd = len(shape)
    axis = draw(st.integers(-nd, nd - 1))
    return _one_array(draw, func, dt, shape, lambda xp, a: xp.unstack(a, axis=axis), f"axis={axis}")


# -- searching, sets, sorting, statistics ------------------------------------------------

@custom("argmax", "argmin", "count_nonzero")
def _argmax(draw, func, dt, special):
    shapes = SPECIAL_SHAPES if special else NONSCALAR_SHAPES + [()]
    shape = draw(st.sampled_from(shapes))
    x = arrays(draw, dt, shape, lo=-3, hi=3, special=special and not default_int(dt))
    nd = len(shape)
    axis = draw(st.one_of(st.none(), st.integers(-nd, nd - 1))) if nd else None
    if func == "count_nonzero":
        axis = axis_arg(draw, nd)
    keepdims = draw(st.booleans())
    name = func
    return _case(func, dt, (x,), lambda xp, a: getattr(xp, name)(a, axis=axis, keepdims=keepdims),
                 params=f"axis={axis}, keepdims={keepdims}")


@custom("nonzero")
def _nonzero(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from(NONSCALAR_SHAPES)), lo=-2, hi=2)
    return _case(func, dt, (x,), lambda xp, a: xp.nonzero(a))


@custom("searchsorted")
def _searchsorted(draw, func, dt, special):
    x1 = np.sort(arrays(draw, dt, (draw(st.integers(0, 5)),), lo=-5, hi=5))
    side = draw(st.sampled_from(["left", "right"]))
    if not special and dt != "bool" and draw(st.integers(0, 2)) == 0:
        # A scalar x2: a Python float (quarters, exact in every float dtype) whatever x1's
        # dtype, which computes in the default float with an integer x1 (MLX cast it to x1's
        # integer dtype: 5.5 in [1, 5, 9, 12] gave 1), or a NumPy scalar of either kind.
        v = draw(st.integers(-24, 24)) / 4
        n = abs(round(v)) if dt.startswith("uint") else round(v)
        x2 = draw(st.sampled_from([v, np.float64(v), np.dtype(dt).type(n)]))
        label = {NUMPY_SCALAR: True} if isinstance(x2, np.generic) else {"scalar": True}
        return _case(func, dt, (x1,), lambda xp, a: xp.searchsorted(
            a, scalar_for(xp, x2) if isinstance(x2, np.generic) else x2, side=side),
            params=f"x2={x2!r}, side={side}", meta=label)
    x2 = arrays(draw, dt, draw(st.sampled_from([(), (3,), (2, 2)])), lo=-6, hi=6)
    return _case(func, dt, (x1, x2), lambda xp, a, b: xp.searchsorted(a, b, side=side),
                 params=f"side={side}")


@custom("where")
def _where(draw, func, dt, special):
    s = draw(st.sampled_from(SHAPES))
    c = arrays(draw, "bool", broadcastable(draw, s))
    if _numpy_scalar_case(draw, special):
        sc = numpy_scalar(arrays(draw, dt, ()))
        first = draw(st.booleans())
        return _case(func, dt, (c, arrays(draw, dt, s)), lambda xp, c, a: xp.where(
            c, *((scalar_for(xp, sc), a) if first else (a, scalar_for(xp, sc)))),
            params=f"{'x1' if first else 'x2'}={sc!r}", meta={NUMPY_SCALAR: True})
    return _case(func, dt, (c, arrays(draw, dt, s), arrays(draw, dt, broadcastable(draw, s))),
                 lambda xp, c, a, b: xp.where(c, a, b))


@custom("isin")
def _isin(draw, func, dt, special):
    x1 = arrays(draw, dt, draw(st.sampled_from(SHAPES)), lo=-4, hi=4, integral=True)
    x2 = arrays(draw, dt, draw(st.sampled_from([(0,), (3,), (2, 2)])), lo=-4, hi=4,
                integral=True)
    invert = draw(st.booleans())
    return _case(func, dt, (x1, x2), lambda xp, a, b: xp.isin(a, b, invert=invert),
                 params=f"invert={invert}")


def _unique_post(name):
    # Order of the unique values is unspecified: sort by value, permute companions alike.
    def post(r):
        if name == "unique_values":
            return np.sort(r)
        vals = r[0]
        order = np.argsort(vals, kind="stable")
        out = [vals[order]]
        if name == "unique_all":
            out.append(r[1].dtype.str)  # indices: first occurrence, checked via inverse below
            out.append(r[2])            # inverse_indices: values[inverse] must equal x
            out.append(r[3][order])
            return (out[0], out[1], vals[r[2]], out[3])
        if name == "unique_inverse":
            return (vals[order], vals[r[1]])
        return (vals[order], r[1][order])
    return post


@custom("unique_all", "unique_counts", "unique_inverse", "unique_values")
def _unique(draw, func, dt, special):
    x = arrays(draw, dt, draw(st.sampled_from(SPECIAL_SHAPES if special else NONSCALAR_SHAPES)),
               lo=-3, hi=3, integral=True)
    name = func
    return _case(func, dt, (x,), lambda xp, a: getattr(xp, name)(a), post=_unique_post(name))


@custom("sort", "argsort")
def _sort(draw, func, dt, special):
    # no 0-d: the default axis=-1 is out of range for it, and libraries disagree on that
    shape = draw(st.sampled_from([s for s in (SPECIAL_SHAPES if special else NONSCALAR_SHAPES)
                                  if s]))
    x = arrays(draw, dt, shape, lo=-5, hi=5, special=special and not default_int(dt))
    nd = len(shape)
    axis = draw(st.integers(-nd, nd - 1)) if nd else -1
    descending = draw(st.booleans())
    name = func
    # stable=True: with ties argsort is only determined for stable sorts.
    return _case(func, dt, (x,), lambda xp, a: getattr(xp, name)(a, axis=axis,
                                                                  descending=descending,
                                                                  stable=True),
                 params=f"axis={axis}, descending={descending}")


@custom("cumulative_sum", "cumulative_prod")
def _cumulative(draw, func, dt, special):
    # 0-d input: "behavior is unspecified and thus implementation-defined" (the stub).
    shape = draw(st.sampled_from([s for s in (SPECIAL_SHAPES if special else SHAPES) if s]))
    small = func == "cumulative_prod"
    x = arrays(draw, dt, shape, lo=-3 if small else -10, hi=3 if small else 10,
               special=special and not default_int(dt))
    nd = len(shape)
    axis = draw(st.integers(-nd, nd - 1)) if nd > 1 else draw(st.sampled_from([None, 0])) \
        if nd == 1 else None
    include_initial = draw(st.booleans())
    name = func
    return _case(func, dt, (x,), lambda xp, a: getattr(xp, name)(
        a, axis=axis, include_initial=include_initial),
        params=f"axis={axis}, include_initial={include_initial}", tol="loose")


@custom("diff")
def _diff(draw, func, dt, special):
    shape = draw(st.sampled_from(NONSCALAR_SHAPES))
    nd = len(shape)
    # n >= 1: with n=0 NumPy returns x and ignores prepend, others prepend; unspecified
    axis = draw(st.integers(-nd, nd - 1))
    n = draw(st.integers(1, 2))
    x = arrays(draw, dt, shape, lo=-10, hi=10)
    pre = None
    if draw(st.booleans()):
        ps = list(shape)
        ps[axis] = 1
        pre = arrays(draw, dt, tuple(ps), lo=-10, hi=10)
    inputs = (x,) if pre is None else (x, pre)
    return _case(func, dt, inputs, lambda xp, a, *p: xp.diff(
        a, axis=axis, n=n, **({"prepend": p[0]} if p else {})),
        params=f"axis={axis}, n={n}, prepend={pre is not None}")


# A few elementwise functions take extra arguments or need special domains.
def strategy_for(row: dict, dt: str, special: bool) -> st.SearchStrategy:
    """The Case strategy for a spec row and dtype (``special``: the special-value suite)."""
    q, name, kind = row["qualname"], row["name"], row["kind"]
    if q in CUSTOM:
        return CUSTOM[q](q, dt, special)
    if kind == "unary":
        return unary_case(q, name, dt, special)
    if kind == "binary":
        return binary_case(q, name, dt, special)
    if kind == "reduction":
        return reduction_case(q, name, dt, special)
    raise KeyError(f"no case drawer for {q}")


#: Functions that have a special-value suite (elementwise and reductions, and the searching /
#: sorting / cumulative functions that reduce along an axis).
def has_special_suite(row: dict) -> bool:
    """Whether the special-value suite (NaN, inf, -0.0, empty, 0-d) applies to ``row``."""
    return row["kind"] in ("unary", "binary", "reduction") or row["qualname"] in (
        "clip", "argmax", "argmin", "count_nonzero", "sort", "argsort", "cumulative_sum",
        "cumulative_prod", "unique_values", "unique_counts", "unique_inverse", "unique_all",
        "linalg.vector_norm")
