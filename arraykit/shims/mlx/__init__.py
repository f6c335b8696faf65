"""An Array API 2025.12 namespace over MLX (``mlx.core``, measured on 0.32.4, CPU build).

Native ``mlx.core.array`` objects go in and come out; there is no wrapper class::

    import arraykit.shims.mlx as xp
    x = xp.asarray([1, 2, 3])          # int64 (MLX alone gives int32)
    y = xp.nonzero(x > 1)              # MLX has no nonzero

``mlx.core`` itself is not a standard namespace (``x.__array_namespace__()`` returns it, with
no ``__array_api_version__`` and no ``nonzero``, ``unique_*``, ``copysign``, ``hypot``,
``nextafter``, ``signbit``); this package is. What differs from the standard, and why:

* Dtypes. MLX holds every standard dtype but ``complex128``; ``float64`` runs on the CPU only
  (MLX's GPU kernels refuse it). ``complex128`` exists as a name, is absent from
  ``__array_namespace_info__().dtypes()``, and every request for it raises TypeError naming
  MLX, the function and the dtype, never emulated: ``asarray(..., dtype=complex128)``, a complex
  scalar with a float64 array, ``fft`` of float64 input, ``linalg.eig`` of float64 input.
* Defaults: float32 and complex64 (MLX's own), int64 for integers and indices (MLX's are
  int32 and uint32). Promotion is the standard's table plus integer with floating -> the
  floating dtype (``_common.dtypes``), never MLX's own.
* Laziness. MLX builds a graph and computes on ``mx.eval`` (or when a value is read). Values
  are always available on demand outside ``mx.compile``/``mx.vmap``, so arraykit's
  ``is_lazy_array`` is False for MLX arrays: ``bool(x)``, ``x.item()`` and the functions with
  data-dependent shapes (``nonzero``, ``unique_*``, boolean masks, ``repeat`` with an array
  of counts) evaluate their input and work eagerly. Under ``mx.compile``/``mx.vmap`` those
  raise ValueError naming the function, and index bounds checks are skipped there.
* Index bounds: MLX reads an out-of-bounds index from memory beyond the array (a silent wrong
  number); ``take``/``take_along_axis`` (and indexing, with the opt-in) raise IndexError.
* Gaps filled from MLX ops: integer ``matmul``/``tensordot`` (MLX's take floats only),
  ``copysign``, ``hypot``, ``signbit``, ``isin``, ``sign(nan)`` (MLX: 0), shifts by the bit
  width or more (MLX wraps the count), the standard's special values of ``//``, ``%`` and of
  complex functions. ``nextafter``, ``nonzero``, ``unique_*`` and ``searchsorted``'s host
  counts use NumPy on the host (not differentiable).
* linalg: complex64 ``cholesky``/``det``/``inv``/``qr``/``slogdet``/``solve``/``pinv`` raise
  TypeError (MLX has no complex kernels for them).
* Devices are ``mlx.core.Device`` objects; arrays live in unified memory and have none of
  their own, so ``device`` reports MLX's default device and ``to_device`` copies nothing.
* The array-object surface (``x.__array_namespace__()`` returning this namespace, ``device``,
  ``to_device``, standard operators, boolean-mask indexing) is an explicit opt-in:
  :func:`enable_array_object` / :func:`disable_array_object` (``arraykit.enable()``).
"""

from .._common.assemble import assemble_namespace as _assemble_namespace
from .._common.utils import broadcast_shapes  # noqa: F401 - the standard's, pure Python
from . import _dtypes

# The standard's functions (from whichever section module defines each), fft and linalg, the
# array-object switches, __array_namespace_info__, dtypes (complex128 a name only: MLX has no
# complex128), constants and version.
_assemble_namespace(globals(), _dtypes.DTYPES)

del _assemble_namespace
