"""Array API 2025.12 namespace for TensorFlow, over native ``tf.Tensor``.

``import arraykit.shims.tensorflow as xp`` gives the whole standard: the main-namespace
functions, dtypes, constants, ``linalg`` and ``fft`` extensions and
``__array_namespace_info__()``. Inputs may be ``tf.Tensor`` (eager or graph) or
``tf.Variable``; outputs are plain ``tf.Tensor``. Promotion follows the standard's table
everywhere, including Python scalars, plus one rule the standard leaves open: an integer with
a floating array gives the floating array's dtype (int64 + float32 is float32), as in torch
and JAX (``_common/dtypes.MIXED_KIND_PROMOTION``). ``dtype=`` also takes Python ``bool``,
``int``, ``float``, ``complex`` (bool, int64, float64, complex128, as NumPy and torch).

Nothing global changes on import. ``enable_array_object()`` opts in to the standard's array
object surface on ``tf.Tensor``/``tf.Variable`` (``__array_namespace__``, ``mT``, ``T``,
``size``, ``device``, ``to_device``, integer-array and boolean ``__getitem__``, standard
promotion in operators); ``disable_array_object()`` restores TF's originals. Tensors stay
immutable: item assignment raises TypeError; use ``where`` or the ``arraykit.ext.nd`` scatter
functions instead.

Behaviour the standard leaves open, as chosen here: integer division or remainder by zero
gives 0; integer ``x ** negative`` gives 0 unless ``|x| == 1``; integer overflow wraps;
``empty*`` return zeros; unique values come in first-occurrence order; NaNs sort (and
``searchsorted`` places them) last, in descending sorts too.
"""

from __future__ import annotations

__array_api_version__ = "2025.12"

from .. import export_standard as _export_standard
from . import (
    _creation_functions,
    _data_type_functions,
    _elementwise_functions,
    _indexing_functions,
    _linear_algebra_functions,
    _manipulation_functions,
    _searching_functions,
    _set_functions,
    _sorting_functions,
    _statistical_functions,
    _utility_functions,
    fft,
    linalg,
)
from ._array_object import (
    array_object_enabled,
    disable_array_object,
    enable_array_object,
)
from ._constants import e, inf, nan, newaxis, pi
from ._creation_functions import *  # noqa: F403
from ._data_type_functions import *  # noqa: F403
from ._devices import Device, to_device
from ._dtypes import (
    bool,
    complex64,
    complex128,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ._elementwise_functions import *  # noqa: F403
from ._indexing_functions import *  # noqa: F403
from ._info import __array_namespace_info__
from ._linear_algebra_functions import *  # noqa: F403
from ._manipulation_functions import *  # noqa: F403
from ._searching_functions import *  # noqa: F403
from ._set_functions import *  # noqa: F403
from ._sorting_functions import *  # noqa: F403
from ._statistical_functions import *  # noqa: F403
from ._utility_functions import *  # noqa: F403

# The star imports above take each section module's ``__all__``; a standard function a module
# defines but leaves out of it is still exported (the MXNet shim's rule; none is missing today,
# tests/test_framework_named_once.py checks that the namespace has every one).
_exported = set(globals())
_export_standard(globals(), (
    _creation_functions, _data_type_functions, _elementwise_functions, _indexing_functions,
    _linear_algebra_functions, _manipulation_functions, _searching_functions, _set_functions,
    _sorting_functions, _statistical_functions, _utility_functions,
))

__all__ = (
    ["__array_api_version__", "__array_namespace_info__", "Device", "to_device",
     "enable_array_object", "disable_array_object", "array_object_enabled", "fft", "linalg",
     "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
     "float32", "float64", "complex64", "complex128", "e", "inf", "nan", "newaxis", "pi"]
    + _creation_functions.__all__ + _data_type_functions.__all__
    + _elementwise_functions.__all__ + _indexing_functions.__all__
    + _linear_algebra_functions.__all__ + _manipulation_functions.__all__
    + _searching_functions.__all__ + _set_functions.__all__ + _sorting_functions.__all__
    + _statistical_functions.__all__ + _utility_functions.__all__
)
__all__.extend(sorted(set(globals()) - _exported - {"_exported", "__all__"}))
del _export_standard, _exported
