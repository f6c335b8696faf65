"""The Paddle operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``)."""

from __future__ import annotations

import numpy as onp

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
    from ._helpers import full0

    return full0(value, name, None if like is None else like.place, fname)


#: Paddle's scalar ops decide dtypes by their own rules: a scalar is always a 0-d tensor.
scalar_operand = scalar_array


def broadcast_to(x, shape):
    return paddle.broadcast_to(x, list(shape))


def device_arg(device, fname: str):
    from ._helpers import check_device

    return check_device(device, fname)


def from_host(a, name: str, device=None):
    from ._helpers import to_place

    return to_place(paddle.to_tensor(onp.ascontiguousarray(a, dtype=name)), device)


def to_host(x):
    return x.numpy()
