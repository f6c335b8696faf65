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

from .._common.assemble import assemble_namespace as _assemble_namespace
from ._devices import Device, to_device
from ._dtypes import DTYPES as _DTYPES

# Every standard function a section module defines is exported, whether or not its
# ``__all__`` lists it (tests/test_framework_named_once.py checks that none is missing).
_exported = set(globals())
_sections = _assemble_namespace(globals(), _DTYPES)

__all__ = (
    ["__array_api_version__", "__array_namespace_info__", "Device", "to_device",
     "enable_array_object", "disable_array_object", "array_object_enabled", "fft", "linalg",
     "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
     "float32", "float64", "complex64", "complex128", "e", "inf", "nan", "newaxis", "pi"]
    + [name for section in _sections for name in section.__all__]
)
__all__.extend(sorted(n for n in set(globals()) - _exported - set(__all__)
                     if not n.startswith("_")))
del _assemble_namespace, _DTYPES, _exported, _sections


def _skip_autograph_everywhere() -> None:
    # AutoGraph caches converted functions by code object and reads their source through
    # ``__wrapped__``: the functions that share one wrapper (``_base.wrap_errors``'s ``g``, the
    # elementwise factories' ``f``) share a code object, so a converted ``searchsorted`` could be
    # served for ``arange``. None of them has Python control flow on tensor values (``ext.jit``
    # traces them with ``autograph=False``), so AutoGraph calls them as they are.
    for name in __all__:
        f = globals()[name]
        if callable(f) and hasattr(f, "__code__"):
            setattr(f, "autograph_info__", None)  # noqa: B010 - a name the checkers do not know


_skip_autograph_everywhere()
