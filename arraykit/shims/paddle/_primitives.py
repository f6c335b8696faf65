"""The Paddle operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``)."""

from __future__ import annotations

import numpy as onp

from .._common import checks as _c
from .._common.sizes import check_shape
from .._common.sizes import check_shape
from . import _dtypes as D
from ._dtypes import DEFAULT_COMPLEX, DEFAULT_FLOAT, DTYPE_RULES, SUPPORTED, paddle  # noqa: F401

FRAMEWORK = f"Paddle {paddle.__version__}"
ARRAY_TYPE = paddle.Tensor
ARRAY_NOUN = "a paddle.Tensor"
_NAME_OF = D.NAME_OF
_NAME_BY_ID = D.NAME_BY_ID


def name_of(x) -> str | None:
    """By the dtype's identity first: hashing a Paddle dtype costs ~0.5 us (``_dtypes``)."""
    d = x.dtype
    return _NAME_BY_ID.get(id(d)) or _NAME_OF.get(d)


def unsupported(x, fname: str) -> TypeError:
    return D.unsupported_error(D.OTHER_NAMES.get(x.dtype, str(x.dtype)), fname)


def dtype_arg(dtype, fname: str) -> str:
    return D.dtype_name(dtype, fname)


def cast(x, name: str):
    return x if name_of(x) == name else paddle.cast(x, name)


def scalar_array(value, name: str, like=None, fname: str = "full"):
    return full0(value, name, None if like is None else like.place, fname)


def full0(value, name: str, place=None, fname: str = "full"):
    """A 0-d tensor holding Python scalar ``value`` as dtype ``name``, exactly (a Python int
    beyond a float's range: OverflowError naming ``fname``, as NumPy)."""
    if isinstance(value, complex) or name in ("complex64", "complex128"):
        value = _float_of(value, name, fname, complex)
        return paddle.to_tensor(onp.asarray(value, dtype=name), place=place)
    try:
        out = paddle.full([], value, dtype=name)
    except SystemError:
        # Paddle 3.3.1 reads a Python int as int64 whatever the dtype ("<built-in function
        # full> returned a result with an exception set"); integer dtypes range-check their
        # ints first (``D.scalar_dtype``), so this is a floating one: the int's float.
        out = paddle.full([], _float_of(value, name, fname), dtype=name)
    return out if place is None or is_cpu(place) else out.to(place)


def _float_of(value, name: str, fname: str, kind: type[float] | type[complex] = float):
    try:
        return kind(value)
    except OverflowError:
        raise OverflowError(f"{fname}: Python int {_c.shown(value)} is out of range for "
                            f"{name}") from None


def is_cpu(place) -> bool:
    return isinstance(place, paddle.CPUPlace) or (
        hasattr(place, "is_cpu_place") and place.is_cpu_place())


#: Paddle's scalar ops decide dtypes by their own rules: a scalar is always a 0-d tensor.
scalar_operand = scalar_array


def broadcast_to(x, shape):
    return paddle.broadcast_to(x, list(shape))


def reshape(x, shape):
    return x.reshape(list(shape))


def zeros(shape, name: str, like):
    from ._helpers import to_place

    return to_place(paddle.zeros(list(shape), dtype=name), like.place)


def copy(x):
    return x.clone()


def device_arg(device, fname: str):
    from ._helpers import check_device

    return check_device(device, fname)


def from_host(a, name: str, device=None):
    from ._helpers import to_place

    return to_place(paddle.to_tensor(onp.ascontiguousarray(a, dtype=name)), device)


def to_host(x):
    return x.numpy()


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``: Paddle stores extents as int64) and Paddle's 9
    dimensions."""
    from ._helpers import check_rank

    if isinstance(shape, paddle.Tensor):
        # Paddle's Tensor.__index__ raises AssertionError for non-scalar tensors.
        if shape.ndim != 0 or name_of(shape) not in D.KIND_SETS["integral"]:
            raise TypeError(f"{fname}: shape must be an int or a tuple of ints, got a "
                            f"paddle.Tensor of shape {tuple(shape.shape)}")
        shape = int(shape)
    out = check_shape(fname, shape, onp.dtype(name).itemsize)
    check_rank(fname, len(out))
    return out


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``: Paddle stores extents as int64) and Paddle's 9
    dimensions."""
    from ._helpers import check_rank

    if isinstance(shape, paddle.Tensor):
        # Paddle's Tensor.__index__ raises AssertionError for non-scalar tensors.
        if shape.ndim != 0 or name_of(shape) not in D.KIND_SETS["integral"]:
            raise TypeError(f"{fname}: shape must be an int or a tuple of ints, got a "
                            f"paddle.Tensor of shape {tuple(shape.shape)}")
        shape = int(shape)
    out = check_shape(fname, shape, onp.dtype(name).itemsize)
    check_rank(fname, len(out))
    return out
