"""The TensorFlow operations the standard's rules in ``shims/_common`` run over (the contract:
``_common/primitives.py``).

TF's own hot paths keep ``tf.DType`` objects (interned: promotion is an identity test and one
dict lookup, and the generated ops take them as they are, ``_dtypes.promote_args``); the
functions written once in ``_common`` work on standard names through this module.
"""

from __future__ import annotations

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as _ga

from .._common import dtypes as _d
from .._common import operands as _operands
from .._common.sizes import check_shape
from . import _dtypes as _t
from ._base import ET, axes_arg
from ._devices import check_device, on

FRAMEWORK = f"TensorFlow {tf.__version__}"
ARRAY_TYPE = (tf.Tensor, tf.Variable)
ARRAY_NOUN = "a tf.Tensor or tf.Variable"
SUPPORTED = _d.ALL
DEFAULT_FLOAT = _d.DEFAULT_DTYPES["real floating"]
DEFAULT_COMPLEX = _d.DEFAULT_DTYPES["complex floating"]
_NAMES = _t._NAMES
_DTYPES = _t.DTYPES


def _refuse(name: str, fname: str) -> TypeError:  # TF holds every standard dtype
    return TypeError(f"{fname}: {name} is not a data type of the array API standard")


DTYPE_RULES = _operands.DtypeRules(FRAMEWORK, SUPPORTED, DEFAULT_FLOAT, DEFAULT_COMPLEX, _refuse)


def name_of(x) -> str | None:
    return _NAMES.get(x.dtype)


def unsupported(x, fname: str) -> TypeError:
    return TypeError(f"{fname}: {x.dtype!r} is not an Array API data type")


def dtype_arg(dtype, fname: str) -> str:
    return _NAMES[_t.dtype_arg(dtype, fname)]


def cast(x, name: str):
    d = _DTYPES[name]
    return x if x.dtype is d else tf.cast(x, d)


def scalar_array(value, name: str, like=None, fname: str = "asarray"):
    return _t._scalar_const(value, _DTYPES[name], fname)


#: TF's ops take no Python scalars of their own dtype rule: a scalar is a 0-d tensor.
scalar_operand = scalar_array


def broadcast_to(x, shape):
    return tf.broadcast_to(x, shape)


def reshape(x, shape):
    """Through ``_base.axes_arg``: eagerly a cached shape tensor (a list costs ~20 us)."""
    return _ga.reshape(x, axes_arg(x, tuple(shape)))


def zeros(shape, name: str, like=None):
    if type(like) is ET:
        with tf.device(like.device):
            return tf.zeros(shape, _DTYPES[name])
    return tf.zeros(shape, _DTYPES[name])


def copy(x):
    """TF tensors cannot be written: ``x`` itself (a Variable's value)."""
    return x.value() if isinstance(x, tf.Variable) else x


def device_arg(device, fname: str):
    try:
        return check_device(device)
    except ValueError as e:
        raise ValueError(f"{fname}: {e}") from None


def from_host(a, name: str, device=None):
    with on(device):
        return tf.constant(a, _DTYPES[name])


def to_host(x):
    return x.numpy()


def checked_shape(fname: str, shape, name: str) -> tuple:
    """NumPy's rule (``_common.sizes``): TF holds int64 extents."""
    return check_shape(fname, shape, _DTYPES[name].size)
