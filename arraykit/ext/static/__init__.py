"""``arraykit.ext.static``: the standard's data-dependent functions with a fixed output size.

``unique_*``, ``nonzero`` and boolean-mask indexing return arrays whose shapes depend on the
values of their input, so code that uses them cannot be compiled by ``jax.jit``, XLA in
TensorFlow or ``torch.compile(fullgraph=True)``. Here each takes ``size=`` (a Python int: the
length of the result) and ``fill_value=`` (what pads it), as ``jax.numpy`` does::

    from arraykit.ext import static

    static.unique_values(x, size=8)                 # the 8 smallest distinct values
    static.unique_counts(x, size=8, fill_value=-1)  # (values, counts), padded with -1 / 0
    rows, cols = static.nonzero(m, size=16, fill_value=-1)
    static.masked_select(x, keep, size=16)          # x[keep], cut or padded to 16 rows

Semantics (jax's, on every backend; the same values, shapes and Python-level errors):

- The result has exactly ``size`` entries: the first ``size`` of what the unsized function
  would return (the smallest distinct values; nonzero positions and selected rows in
  row-major order), then ``fill_value`` for the missing ones.
- ``unique_*`` work on the flattened input; NaNs are each a distinct value (the standard's
  rule), sorted after every number; ``-0.0`` and ``0.0`` are one value. ``fill_value=None``
  pads with the smallest value of ``x`` (``jnp.unique``'s default); an empty ``x`` then needs
  an explicit ``fill_value``. Counts of padding entries are 0. ``inverse_indices`` has ``x``'s
  shape and indexes the full sorted set of distinct values, so when ``size`` cuts that set
  short, indices of the values cut off are ``>= size`` (as in jax).
- ``unique_*`` take real numbers and booleans (complex values have no order in the
  standard); ``nonzero`` and ``masked_select`` take any dtype.
- Index results (counts, inverse indices, nonzero coordinates) have the namespace's default
  index dtype (int64; int32 on jax without x64). ``fill_value`` is cast to the result's dtype.

===========================  ==============================================================
backend                      implementation
===========================  ==============================================================
jax                          ``jnp.unique_values``/``unique_counts``/``unique_inverse`` and
                             ``jnp.nonzero`` with ``size``/``fill_value``
every other                  one sort-based algorithm over the standard namespace
                             (``_generic``): argsort, take, cumulative_sum, where; no shape
                             depends on the data
===========================  ==============================================================

Compiled under ``arraykit.ext.jit.jit`` on jax (XLA), tensorflow (XLA) and torch (Inductor,
one graph): ``tests/ext/test_static.py`` checks ``compilation(fn)`` for each.
"""

from __future__ import annotations

import operator
from typing import Any, NamedTuple

from ..._dispatch import backend_of_type
from .._lookup import import_own_modules, type_lookup, type_name
from . import _generic  # noqa: F401 - the fallback, loaded now: torch.compile cannot import

__all__ = [
    "UniqueCountsResult",
    "UniqueInverseResult",
    "masked_select",
    "nonzero",
    "unique_counts",
    "unique_inverse",
    "unique_values",
]

# Every backend's ``_<name>.py`` here is loaded now, as the fallback is above.
import_own_modules(__name__)

def _refuse(fname: str, cls: type) -> TypeError:
    return TypeError(f"{fname}: expected an array of a registered library, got {type_name(cls)}")


#: array type -> implementation module (``_<backend>``, else ``_generic``).
_lookup = type_lookup(__name__, "_generic", _refuse)


class UniqueCountsResult(NamedTuple):
    values: Any
    counts: Any


class UniqueInverseResult(NamedTuple):
    values: Any
    inverse_indices: Any


def _impl(fname: str, x: Any) -> Any:
    return _lookup(type(x), fname)


def _size(fname: str, size: Any) -> int:
    if isinstance(size, bool):
        raise TypeError(f"{fname}: size must be a Python int (the length of the result), got "
                        "a bool")
    try:
        size = operator.index(size)
    except TypeError:
        raise TypeError(
            f"{fname}: size must be a Python int (the length of the result, fixed when the "
            f"function is compiled), got {type(size).__name__}"
        ) from None
    if size < 0:
        raise ValueError(f"{fname}: size must be >= 0, got {size}")
    return size


def _scalar_fill(fname: str, fill: Any, x: Any) -> Any:
    """``fill`` as the implementations take it: None, a Python scalar, or a 0-d array of
    ``x``'s library; a 0-d value of another kind (a NumPy scalar, a 0-d array of another
    library) becomes a Python scalar."""
    if fill is None or isinstance(fill, (bool, int, float, complex)):
        return fill
    shape = getattr(fill, "shape", None)
    if shape is None or len(shape) != 0:
        what = type(fill).__name__ if shape is None else f"an array of shape {tuple(shape)}"
        raise TypeError(f"{fname}: fill_value must be a Python scalar or a 0-d array, got {what}")
    if backend_of_type(type(fill)) is backend_of_type(type(x)):
        return fill
    return fill.item()


def _unique_args(fname: str, x: Any, size: Any, fill_value: Any) -> tuple[Any, int, Any]:
    impl = _impl(fname, x)
    size = _size(fname, size)
    fill_value = _scalar_fill(fname, fill_value, x)
    from ... import array_namespace

    if array_namespace(x).isdtype(x.dtype, "complex floating"):
        # The standard orders real numbers only; jax's lexicographic complex order would be
        # one backend's rule.
        raise TypeError(f"{fname}: complex input has no order to sort its values by; pass the "
                        "real and imaginary parts as real arrays")
    if fill_value is None and size and any(d == 0 for d in x.shape):
        raise ValueError(
            f"{fname}: x is empty, so there is no smallest value to pad with; give fill_value"
        )
    return impl, size, fill_value


def unique_values(x: Any, /, *, size: int, fill_value: Any = None) -> Any:
    """The distinct values of ``x``, sorted, as exactly ``size`` entries.

    Parameters
    ----------
    x : array
        Any shape (flattened).
    size : int
        The length of the result (a Python int, fixed when compiled).
    fill_value : scalar or 0-d array, optional
        Pads the result when ``x`` has fewer than ``size`` distinct values; cast to ``x``'s
        dtype. Default: the smallest value of ``x``.

    Returns
    -------
    array
        Shape ``(size,)``, ``x``'s dtype: the ``size`` smallest distinct values (NaNs each
        distinct, last), then ``fill_value``.

    Raises
    ------
    TypeError
        Naming the function: ``size`` not an int, ``fill_value`` not a scalar or 0-d array,
        ``x`` not an array of a registered library.
    ValueError
        Naming the function: ``size < 0``, or an empty ``x`` without ``fill_value``.

    Examples
    --------
    >>> unique_values(np.asarray([3, 1, 3, 2]), size=5, fill_value=-1)
    array([ 1,  2,  3, -1, -1])
    """
    impl, size, fill_value = _unique_args("unique_values", x, size, fill_value)
    return impl.unique_values(x, size, fill_value)


def unique_counts(x: Any, /, *, size: int, fill_value: Any = None) -> UniqueCountsResult:
    """The distinct values of ``x`` and how often each occurs, as exactly ``size`` entries.

    The parameters are ``unique_values``': ``x`` of any shape (flattened), ``size`` the
    length of both results, ``fill_value`` the padding of ``values`` (the counts of padding
    entries are 0); so are the errors, naming ``unique_counts``.

    Returns
    -------
    UniqueCountsResult
        ``(values, counts)``: ``values`` as ``unique_values`` returns it, ``counts`` of shape
        ``(size,)`` in the default index dtype.

    Examples
    --------
    >>> unique_counts(np.asarray([3, 1, 3]), size=3, fill_value=0)
    UniqueCountsResult(values=array([1, 3, 0]), counts=array([1, 2, 0]))
    """
    impl, size, fill_value = _unique_args("unique_counts", x, size, fill_value)
    return UniqueCountsResult(*impl.unique_counts(x, size, fill_value))


def unique_inverse(x: Any, /, *, size: int, fill_value: Any = None) -> UniqueInverseResult:
    """The distinct values of ``x`` and, for each element of ``x``, the index of its value.

    The parameters are ``unique_values``': ``x`` of any shape, ``size`` the length of
    ``values``, ``fill_value`` the padding of ``values``; so are the errors, naming
    ``unique_inverse``.

    Returns
    -------
    UniqueInverseResult
        ``(values, inverse_indices)``: ``values`` as ``unique_values`` returns it;
        ``inverse_indices`` of ``x``'s shape in the default index dtype, indexing the full
        sorted set of distinct values (``>= size`` for values ``size`` cut off).

    Examples
    --------
    >>> unique_inverse(np.asarray([3, 1, 3]), size=2)
    UniqueInverseResult(values=array([1, 3]), inverse_indices=array([1, 0, 1]))
    """
    impl, size, fill_value = _unique_args("unique_inverse", x, size, fill_value)
    return UniqueInverseResult(*impl.unique_inverse(x, size, fill_value))


def nonzero(x: Any, /, *, size: int, fill_value: Any = 0) -> tuple[Any, ...]:
    """The coordinates of the nonzero (True) elements of ``x``, exactly ``size`` of them.

    Parameters
    ----------
    x : array
        At least 1-d (the standard's rule: a 0-d array has no coordinates).
    size : int
        How many coordinates each result holds.
    fill_value : int, 0-d array or tuple of them, optional
        Pads every coordinate array (default 0), or one per axis of ``x``.

    Returns
    -------
    tuple of arrays
        ``x.ndim`` arrays of shape ``(size,)`` in the default index dtype: the coordinates
        of the first ``size`` nonzero elements in row-major order, then ``fill_value``.

    Raises
    ------
    TypeError
        Naming ``nonzero``: ``size`` not an int, a bad ``fill_value``.
    ValueError
        Naming ``nonzero``: ``size < 0``, a 0-d ``x``, a ``fill_value`` tuple whose length is
        not ``x.ndim``.

    Examples
    --------
    >>> nonzero(np.asarray([[0, 5], [7, 0]]), size=3, fill_value=-1)
    (array([ 0,  1, -1]), array([ 1,  0, -1]))
    """
    impl = _impl("nonzero", x)
    size = _size("nonzero", size)
    ndim = len(x.shape)
    if ndim == 0:
        raise ValueError("nonzero: x must have at least one axis (a 0-d array has no "
                         "coordinates); reshape it to (1,)")
    if isinstance(fill_value, tuple):
        if len(fill_value) != ndim:
            raise ValueError(f"nonzero: fill_value has {len(fill_value)} entries for an x of "
                             f"{ndim} axes; give one per axis, or one value")
        fill = tuple(_scalar_fill("nonzero", f, x) for f in fill_value)
    else:
        fill = (_scalar_fill("nonzero", fill_value, x),) * ndim
    if any(f is None for f in fill):
        raise TypeError("nonzero: fill_value must be an int or a 0-d array, got None")
    return tuple(impl.nonzero(x, size, fill))


def masked_select(x: Any, mask: Any, /, *, size: int, fill_value: Any = 0) -> Any:
    """``x[mask]`` with exactly ``size`` rows: the standard's boolean-mask indexing, fixed-size.

    ``mask`` covers the leading axes of ``x`` (``mask.shape == x.shape[:mask.ndim]``), as a
    boolean index does in the standard; each True entry selects the sub-array
    ``x[i_0, ..., i_{k-1}]``. This is ``x[nonzero(mask, size=size)]`` with the padding rows
    set to ``fill_value`` (jax's ``x[jnp.nonzero(mask, size=size)]`` pads with ``x``'s first
    row instead).

    Parameters
    ----------
    x : array
        The array to select from.
    mask : bool array
        At least 1-d, shaped as ``x``'s leading axes.
    size : int
        How many rows the result holds.
    fill_value : scalar or 0-d array, optional
        The value of the padding rows (default 0), cast to ``x``'s dtype.

    Returns
    -------
    array
        Shape ``(size, *x.shape[mask.ndim:])``, ``x``'s dtype: the selected rows in
        row-major order of ``mask``, then ``fill_value``.

    Raises
    ------
    TypeError
        Naming ``masked_select``: a mask that is not boolean, arrays of two libraries,
        ``size`` not an int, a bad ``fill_value``.
    ValueError
        Naming ``masked_select``: ``size < 0``, a 0-d mask, or a mask shape that is not
        ``x``'s leading shape.

    Examples
    --------
    >>> x = np.arange(6.0).reshape(3, 2)
    >>> masked_select(x, np.asarray([True, False, True]), size=3, fill_value=-1)
    array([[ 0.,  1.],
           [ 4.,  5.],
           [-1., -1.]])
    """
    fname = "masked_select"
    impl = _impl(fname, x)
    if backend_of_type(type(mask)) is not backend_of_type(type(x)):
        raise TypeError(f"{fname}: x and mask must be arrays of one library, got "
                        f"{type(x).__name__} and {type(mask).__name__}")
    size = _size(fname, size)
    fill_value = _scalar_fill(fname, fill_value, x)
    if fill_value is None:
        raise TypeError(f"{fname}: fill_value must be a Python scalar or a 0-d array, got None")
    from ... import array_namespace

    if mask.dtype != array_namespace(mask).bool:
        raise TypeError(f"{fname}: mask must be a boolean array, got dtype {mask.dtype}")
    lead = tuple(mask.shape)
    if not lead or tuple(x.shape[:len(lead)]) != lead:
        raise ValueError(f"{fname}: mask of shape {lead} must have at least one axis and be "
                         f"the leading shape of x, whose shape is {tuple(x.shape)}")
    return impl.masked_select(x, mask, size, fill_value)


def _warm(cls: type) -> None:
    """Load the implementation for arrays of type ``cls`` (before a tracing compiler sees the
    first call)."""
    if backend_of_type(cls) is not None:
        _lookup(cls, "warm")

