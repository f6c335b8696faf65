"""An Array API 2025.12 namespace over PaddlePaddle 3.3.1 (``paddle``).

Native ``paddle.Tensor`` objects go in and come out; there is no wrapper class::

    import arraykit.shims.paddle as xp
    x = xp.asarray([1, 2, 3])          # int64
    y = xp.floor_divide(x, xp.asarray([2, 2, 2]))

What differs from the standard, and why:

* Dtypes. Paddle computes in bool, int8, int16, int32, int64, uint8, float32, float64,
  complex64 and complex128 on CPU. ``uint16`` (Paddle's bfloat16 storage type), ``uint32``
  and ``uint64`` (no kernels; ``to_tensor`` refuses NumPy data of them) are names only:
  absent from ``__array_namespace_info__().dtypes()`` and refused with a TypeError naming
  Paddle, the function and the dtype. Sums and products of uint8 accumulate in int64 (the
  standard's uint64 does not exist here). int8, int16 and uint8 lack most arithmetic
  kernels in Paddle 3.3.1 (no int8 ``multiply``, no uint8 ``subtract``...): their
  arithmetic runs in int32 and is cast back, which gives exactly the native result (wrapping
  modulo 2**bits on overflow, as NumPy).
* Defaults: float32 (Paddle's own default) and complex64; int64 for integers and indices.
* Integer division by zero: Paddle raises; the standard leaves the value undefined, and the
  namespace gives NumPy's 0 for ``//`` and ``%`` so that code which masks zero divisors
  afterwards works.
* The array-object surface (``x.__array_namespace__()``, ``to_device``, standard
  promotion in operators) is an explicit opt-in: :func:`enable_array_object`.
* Devices are Paddle places (``paddle.CPUPlace()``, ``paddle.CUDAPlace(i)``, ``x.place``).
* Autograd: every function is built from Paddle ops, so gradients flow where Paddle can
  differentiate the op (``stop_gradient=False`` tensors).
"""

# _dtypes first: it imports Paddle with its ccache warning quieted.
from . import _dtypes  # noqa: I001
from .._common.assemble import assemble_namespace as _assemble_namespace

# The standard's functions (from whichever section module defines each), fft and linalg, the
# array-object switches, __array_namespace_info__, dtypes (Paddle's objects, which tensors
# report as ``x.dtype``; uint16/32/64 are names only), constants and version.
_assemble_namespace(globals(), _dtypes.DTYPES)

del _assemble_namespace
