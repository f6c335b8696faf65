"""An Array API 2025.12 namespace over MXNet 1.9.1 (``mxnet.numpy`` / ``mxnet.npx``).

Native ``mxnet.numpy.ndarray`` objects go in and come out; there is no wrapper class.  Use it
like any standard namespace::

    import arraykit.shims.mxnet as xp
    x = xp.asarray([1, 2, 3])          # int64 (MXNet alone would give float32)
    y = xp.floor_divide(x, xp.asarray([2, 2, 2]))

What differs from the standard, and why:

* Dtypes.  MXNet holds bool, int8, int32, int64, uint8, float32, float64.  ``int16``,
  ``uint16``, ``uint32``, ``uint64``, ``complex64`` and ``complex128`` exist as names, are absent
  from ``__array_namespace_info__().dtypes()`` and every request for them raises TypeError
  naming MXNet, the function and the dtype (no silent emulation).  An integer with a floating
  array gives the floating array's dtype (torch's and JAX's rule; the standard leaves it
  open).  ``dtype=`` also takes Python ``bool``/``int``/``float`` (bool, int64, float64).
  Promotions whose standard result MXNet lacks (int8 with uint8 -> int16, ...) raise
  TypeError too.
* Defaults: float32 (MXNet's own default) for floats, int64 for integers and indices.  Python
  int literals give int64 and bools give bool (MXNet alone gives float32 for both).
* Sums/products/traces of unsigned input accumulate in int64 (MXNet has no uint64).
* Complex: no complex dtype, so ``fft`` transforms and ``linalg.eig``/``eigvals`` raise
  TypeError; ``conj``/``real`` are the identity and ``imag`` gives zeros on real input.
* Errors.  The MXNet engine is asynchronous: errors inside a kernel surface later, at
  ``asnumpy()``/``wait_to_read()``/``item()`` or the next synchronising call, not at the call.
  arraykit checks dtypes, shapes, axes and empty reductions itself so that those raise at the
  call.  What can still surface later: LAPACK failures (singular matrix in ``inv``/``solve``,
  non-positive-definite ``cholesky``), out-of-memory, and out-of-bounds *values* in index
  arrays (``x[idx]`` raises asynchronously; ``take``/``take_along_axis`` raise IndexError at
  the call for small index arrays in CPU memory, otherwise ``take`` wraps them modulo the
  axis length and ``take_along_axis`` raises asynchronously).
* Autograd: everything except ``nextafter``, ``unique_*``, the ``repeats`` array of ``repeat``
  and host-data ``asarray`` is built from MXNet ops, so gradients flow under
  ``mxnet.autograd.record()`` where MXNet can differentiate the op.
* The array-object surface (``x.__array_namespace__()``, ``x.device``, ``x.mT``, standard
  operators) is an explicit opt-in: :func:`enable_array_object` / :func:`disable_array_object`.
* Devices are ``mxnet.Context`` objects (``mxnet.cpu(0)``, ``mxnet.gpu(i)``).
* MXNet's NumPy mode (``npx.set_np()``): every function here runs in it and leaves the
  caller's mode as it was, so legacy ``mx.nd``/Gluon code in the same process keeps working.
  Code that uses ``mxnet.numpy`` arrays directly (their operators, indexing) needs the mode
  itself, as MXNet documents.
"""

# _dtypes first: it imports MXNet with MXNet's own DeprecationWarnings quieted.
from . import _dtypes  # noqa: I001
from .._common.assemble import assemble_namespace as _assemble_namespace
from . import _helpers, fft, linalg

# The standard's functions, from whichever section module defines each (no list of names here
# to forget one in; tests/test_framework_named_once.py checks that none is missing), the
# array-object switches, __array_namespace_info__, dtypes (NumPy's objects, which MXNet arrays
# report as ``x.dtype``; those MXNet cannot hold are names only), constants and version.
_assemble_namespace(globals(), _dtypes.DTYPES)

del _assemble_namespace

# Every function runs in MXNet's NumPy mode without leaving it on (see _helpers.np_mode).
_helpers.np_mode_all(globals(), [n for n in list(globals()) if not n.startswith("_")])
_helpers.np_mode_all(vars(fft), fft.__all__)
_helpers.np_mode_all(vars(linalg), linalg.__all__)
