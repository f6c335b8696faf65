"""The Array API 2025.12 namespace as Protocols, for type checkers. GENERATED: do not edit.

Written by ``python -m arraykit._typing.generate`` from the standard's stubs
(array-api 8884c406ff8a, src/array_api_stubs/_2025_12).
``ArrayNamespace[T]`` is what ``arraykit.array_namespace(x)`` returns for ``x: T``.
"""

from __future__ import annotations

import builtins
from typing import (
    List,
    Literal,
    Optional,
    Protocol,
    Sequence,
    Tuple,
    TypedDict,
    Union,
)

from ._base import (  # noqa: F401 - names the generated Protocols use
    ArrayT,
    Capabilities,
    DefaultDataTypes,
    Device,
    DType,
    NestedSequence,
    PyCapsule,
    SupportsBufferProtocol,
    finfo_object,
    iinfo_object,
)

DataTypes = TypedDict("DataTypes", {
    "bool": DType,
    "float32": DType,
    "float64": DType,
    "complex64": DType,
    "complex128": DType,
    "int8": DType,
    "int16": DType,
    "int32": DType,
    "int64": DType,
    "uint8": DType,
    "uint16": DType,
    "uint32": DType,
    "uint64": DType,
}, total=False)


class Info(Protocol):
    """What ``xp.__array_namespace_info__()`` returns."""

    def capabilities(self) -> Capabilities:
        """Returns a dictionary of array library capabilities."""
        ...

    def default_device(self) -> Device:
        """Returns the default device."""
        ...

    def default_dtypes(self, *, device: Optional[Device] = None) -> DefaultDataTypes:
        """Returns a dictionary containing default data types."""
        ...

    def devices(self) -> Tuple[Device, ...]:
        """Returns a list of supported devices which are available at runtime."""
        ...

    def dtypes(self, *, device: Optional[Device] = None, kind: Optional[Union[str, Tuple[str, ...]]] = None) -> DataTypes:
        """Returns a dictionary of supported *Array API* data types."""
        ...


class LinalgNamespace(Protocol[ArrayT]):
    """``xp.linalg``: the linear algebra extension."""

    def cholesky(self, x: ArrayT, /, *, upper: builtins.bool = False) -> ArrayT:
        """Returns the lower (upper) Cholesky decomposition of a complex Hermitian or real symmetric positive-definite matrix ``x``."""
        ...

    def cross(self, x1: ArrayT, x2: ArrayT, /, *, axis: int = -1) -> ArrayT:
        """Returns the cross product of 3-element vectors."""
        ...

    def det(self, x: ArrayT, /) -> ArrayT:
        """Returns the determinant of a square matrix (or a stack of square matrices) ``x``."""
        ...

    def diagonal(self, x: ArrayT, /, *, offset: int = 0) -> ArrayT:
        """Returns the specified diagonals of a matrix (or a stack of matrices) ``x``."""
        ...

    def eig(self, x: ArrayT, /) -> Tuple[ArrayT, ArrayT]:
        """Returns eigenvalues and eigenvectors of a real or complex matrix (or stack of matrices) ``x``."""
        ...

    def eigh(self, x: ArrayT, /) -> Tuple[ArrayT, ArrayT]:
        """Returns an eigenvalue decomposition of a complex Hermitian or real symmetric matrix (or a stack of matrices) ``x``."""
        ...

    def eigvals(self, x: ArrayT, /) -> ArrayT:
        """Returns the eigenvalues of a real or complex matrix (or a stack of matrices) ``x``."""
        ...

    def eigvalsh(self, x: ArrayT, /) -> ArrayT:
        """Returns the eigenvalues of a complex Hermitian or real symmetric matrix (or a stack of matrices) ``x``."""
        ...

    def inv(self, x: ArrayT, /) -> ArrayT:
        """Returns the multiplicative inverse of a square matrix (or a stack of square matrices) ``x``."""
        ...

    def matmul(self, x1: ArrayT, x2: ArrayT, /) -> ArrayT:
        """Alias for :func:`~array_api.matmul`."""
        ...

    def matrix_norm(self, x: ArrayT, /, *, keepdims: builtins.bool = False, ord: Optional[Union[int, float, Literal['fro', 'nuc']]] = 'fro') -> ArrayT:
        """Computes the matrix norm of a matrix (or a stack of matrices) ``x``."""
        ...

    def matrix_power(self, x: ArrayT, n: int, /) -> ArrayT:
        """Raises a square matrix (or a stack of square matrices) ``x`` to an integer power ``n``."""
        ...

    def matrix_rank(self, x: ArrayT, /, *, rtol: Optional[Union[float, ArrayT]] = None) -> ArrayT:
        """Returns the rank (i.e., number of non-zero singular values) of a matrix (or a stack of matrices)."""
        ...

    def matrix_transpose(self, x: ArrayT, /) -> ArrayT:
        """Alias for :func:`~array_api.matrix_transpose`."""
        ...

    def outer(self, x1: ArrayT, x2: ArrayT, /) -> ArrayT:
        """Returns the outer product of two vectors ``x1`` and ``x2``."""
        ...

    def pinv(self, x: ArrayT, /, *, rtol: Optional[Union[float, ArrayT]] = None) -> ArrayT:
        """Returns the (Moore-Penrose) pseudo-inverse of a matrix (or a stack of matrices) ``x``."""
        ...

    def qr(self, x: ArrayT, /, *, mode: Literal['reduced', 'complete'] = 'reduced') -> Tuple[ArrayT, ArrayT]:
        """Returns the QR decomposition of a full column rank matrix (or a stack of matrices)."""
        ...

    def slogdet(self, x: ArrayT, /) -> Tuple[ArrayT, ArrayT]:
        """Returns the sign and the natural logarithm of the absolute value of the determinant of a square matrix (or a stack of square matrices) ``x``."""
        ...

    def solve(self, x1: ArrayT, x2: ArrayT, /) -> ArrayT:
        """Returns the solution of a square system of linear equations with a unique solution."""
        ...

    def svd(self, x: ArrayT, /, *, full_matrices: builtins.bool = True) -> Tuple[ArrayT, ArrayT, ArrayT]:
        """Returns a singular value decomposition (SVD) of a matrix (or a stack of matrices) ``x``."""
        ...

    def svdvals(self, x: ArrayT, /) -> ArrayT:
        """Returns the singular values of a matrix (or a stack of matrices) ``x``."""
        ...

    def tensordot(self, x1: ArrayT, x2: ArrayT, /, *, axes: Union[int, Tuple[Sequence[int], Sequence[int]]] = 2) -> ArrayT:
        """Alias for :func:`~array_api.tensordot`."""
        ...

    def trace(self, x: ArrayT, /, *, offset: int = 0, dtype: Optional[DType] = None) -> ArrayT:
        """Returns the sum along the specified diagonals of a matrix (or a stack of matrices) ``x``."""
        ...

    def vecdot(self, x1: ArrayT, x2: ArrayT, /, *, axis: int = -1) -> ArrayT:
        """Alias for :func:`~array_api.vecdot`."""
        ...

    def vector_norm(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, keepdims: builtins.bool = False, ord: Union[int, float] = 2) -> ArrayT:
        """Computes the vector norm of a vector (or batch of vectors) ``x``."""
        ...


class FFTNamespace(Protocol[ArrayT]):
    """``xp.fft``: the fast Fourier transform extension."""

    def fft(self, x: ArrayT, /, *, n: Optional[int] = None, axis: int = -1, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the one-dimensional discrete Fourier transform."""
        ...

    def fftfreq(self, n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Computes the discrete Fourier transform sample frequencies."""
        ...

    def fftn(self, x: ArrayT, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the n-dimensional discrete Fourier transform."""
        ...

    def fftshift(self, x: ArrayT, /, *, axes: Optional[Union[int, Sequence[int]]] = None) -> ArrayT:
        """Shifts the zero-frequency component to the center of the spectrum."""
        ...

    def hfft(self, x: ArrayT, /, *, n: Optional[int] = None, axis: int = -1, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the one-dimensional discrete Fourier transform of a signal with Hermitian symmetry."""
        ...

    def ifft(self, x: ArrayT, /, *, n: Optional[int] = None, axis: int = -1, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the one-dimensional inverse discrete Fourier transform."""
        ...

    def ifftn(self, x: ArrayT, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the n-dimensional inverse discrete Fourier transform."""
        ...

    def ifftshift(self, x: ArrayT, /, *, axes: Optional[Union[int, Sequence[int]]] = None) -> ArrayT:
        """Inverse of ``fftshift``."""
        ...

    def ihfft(self, x: ArrayT, /, *, n: Optional[int] = None, axis: int = -1, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the one-dimensional inverse discrete Fourier transform of a signal with Hermitian symmetry."""
        ...

    def irfft(self, x: ArrayT, /, *, n: Optional[int] = None, axis: int = -1, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the one-dimensional inverse of ``rfft`` for complex-valued input."""
        ...

    def irfftn(self, x: ArrayT, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the n-dimensional inverse of ``rfftn`` for complex-valued input."""
        ...

    def rfft(self, x: ArrayT, /, *, n: Optional[int] = None, axis: int = -1, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the one-dimensional discrete Fourier transform for real-valued input."""
        ...

    def rfftfreq(self, n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Computes the discrete Fourier transform sample frequencies (for ``rfft`` and ``irfft``)."""
        ...

    def rfftn(self, x: ArrayT, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: Literal['backward', 'ortho', 'forward'] = 'backward') -> ArrayT:
        """Computes the n-dimensional discrete Fourier transform for real-valued input."""
        ...


class ArrayNamespace(Protocol[ArrayT]):
    """An Array API 2025.12 namespace whose arrays are ``ArrayT``."""

    __array_api_version__: str
    linalg: LinalgNamespace[ArrayT]
    fft: FFTNamespace[ArrayT]
    bool: DType
    float32: DType
    float64: DType
    complex64: DType
    complex128: DType
    int8: DType
    int16: DType
    int32: DType
    int64: DType
    uint8: DType
    uint16: DType
    uint32: DType
    uint64: DType
    e: float
    inf: float
    nan: float
    newaxis: None
    pi: float

    def __array_namespace_info__(self) -> Info:
        """Returns a namespace with Array API namespace inspection utilities."""
        ...

    def abs(self, x: ArrayT, /) -> ArrayT:
        """Calculates the absolute value for each element ``x_i`` of the input array ``x``."""
        ...

    def acos(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation of the principal value of the inverse cosine for each element ``x_i`` of the input array ``x``."""
        ...

    def acosh(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic cosine for each element ``x_i`` of the input array ``x``."""
        ...

    def add(self, x1: Union[ArrayT, int, float, complex], x2: Union[ArrayT, int, float, complex], /) -> ArrayT:
        """Calculates the sum for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def all(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Tests whether all input array elements evaluate to ``True`` along a specified axis."""
        ...

    def any(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Tests whether any input array element evaluates to ``True`` along a specified axis."""
        ...

    def arange(self, start: Union[int, float], /, stop: Optional[Union[int, float]] = None, step: Union[int, float] = 1, *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns evenly spaced values within the half-open interval ``[start, stop)`` as a one-dimensional array."""
        ...

    def argmax(self, x: ArrayT, /, *, axis: Optional[int] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Returns the indices of the maximum values along a specified axis."""
        ...

    def argmin(self, x: ArrayT, /, *, axis: Optional[int] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Returns the indices of the minimum values along a specified axis."""
        ...

    def argsort(self, x: ArrayT, /, *, axis: int = -1, descending: builtins.bool = False, stable: builtins.bool = True) -> ArrayT:
        """Returns the indices that sort an array ``x`` along a specified axis."""
        ...

    def asarray(self, obj: Union[ArrayT, builtins.bool, int, float, complex, NestedSequence, SupportsBufferProtocol], /, *, dtype: Optional[DType] = None, device: Optional[Device] = None, copy: Optional[builtins.bool] = None) -> ArrayT:
        """Convert the input to an array."""
        ...

    def asin(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation of the principal value of the inverse sine for each element ``x_i`` of the input array ``x``."""
        ...

    def asinh(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic sine for each element ``x_i`` in the input array ``x``."""
        ...

    def astype(self, x: ArrayT, dtype: DType, /, *, copy: builtins.bool = True, device: Optional[Device] = None) -> ArrayT:
        """Copies an array to a specified data type irrespective of :ref:`type-promotion` rules."""
        ...

    def atan(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation of the principal value of the inverse tangent for each element ``x_i`` of the input array ``x``."""
        ...

    def atan2(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Calculates an implementation-dependent approximation of the inverse tangent of the quotient ``x1/x2``, having domain ``[-infinity, +infinity] x [-infinity, +infinity]`` (where the ``x`` notation denotes the set of ordered pairs of elements ``(x1_i, x2_i)``) and codomain ``[-π, +π]``, for each pair of elements ``(x1_i, x2_i)`` of the input arrays ``x1`` and ``x2``, respectively. Each element-wise result is expressed in radians."""
        ...

    def atanh(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic tangent for each element ``x_i`` of the input array ``x``."""
        ...

    def bitwise_and(self, x1: Union[ArrayT, int, builtins.bool], x2: Union[ArrayT, int, builtins.bool], /) -> ArrayT:
        """Computes the bitwise AND of the underlying binary representation of each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def bitwise_invert(self, x: ArrayT, /) -> ArrayT:
        """Inverts (flips) each bit for each element ``x_i`` of the input array ``x``."""
        ...

    def bitwise_left_shift(self, x1: Union[ArrayT, int], x2: Union[ArrayT, int], /) -> ArrayT:
        """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the left by appending ``x2_i`` (i.e., the respective element in the input array ``x2``) zeros to the right of ``x1_i``."""
        ...

    def bitwise_or(self, x1: Union[ArrayT, int, builtins.bool], x2: Union[ArrayT, int, builtins.bool], /) -> ArrayT:
        """Computes the bitwise OR of the underlying binary representation of each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def bitwise_right_shift(self, x1: Union[ArrayT, int], x2: Union[ArrayT, int], /) -> ArrayT:
        """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the right according to the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def bitwise_xor(self, x1: Union[ArrayT, int, builtins.bool], x2: Union[ArrayT, int, builtins.bool], /) -> ArrayT:
        """Computes the bitwise XOR of the underlying binary representation of each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def broadcast_arrays(self, *arrays: ArrayT) -> Tuple[ArrayT, ...]:
        """Broadcasts one or more arrays against one another."""
        ...

    def broadcast_shapes(self, *shapes: Tuple[Optional[int], ...]) -> Tuple[Optional[int], ...]:
        """Broadcasts one or more shapes against one another."""
        ...

    def broadcast_to(self, x: ArrayT, /, shape: Tuple[int, ...]) -> ArrayT:
        """Broadcasts an array to a specified shape."""
        ...

    def can_cast(self, from_: Union[DType, ArrayT], to: DType, /) -> builtins.bool:
        """Determines if one data type can be cast to another data type according to type promotion rules (see :ref:`type-promotion`)."""
        ...

    def ceil(self, x: ArrayT, /) -> ArrayT:
        """Rounds each element ``x_i`` of the input array ``x`` to the smallest (i.e., closest to ``-infinity``) integer-valued number that is not less than ``x_i``."""
        ...

    def clip(self, x: ArrayT, /, min: Optional[Union[int, float, ArrayT]] = None, max: Optional[Union[int, float, ArrayT]] = None) -> ArrayT:
        """Clamps each element ``x_i`` of the input array ``x`` to the range ``[min, max]``."""
        ...

    def concat(self, arrays: Union[Tuple[ArrayT, ...], List[ArrayT]], /, *, axis: Optional[int] = 0) -> ArrayT:
        """Joins a sequence of arrays along an existing axis."""
        ...

    def conj(self, x: ArrayT, /) -> ArrayT:
        """Returns the complex conjugate for each element ``x_i`` of the input array ``x``."""
        ...

    def copysign(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Composes a floating-point value with the magnitude of ``x1_i`` and the sign of ``x2_i`` for each element of the input array ``x1``."""
        ...

    def cos(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the cosine for each element ``x_i`` of the input array ``x``."""
        ...

    def cosh(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the hyperbolic cosine for each element ``x_i`` in the input array ``x``."""
        ...

    def count_nonzero(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Counts the number of array elements which are non-zero."""
        ...

    def cumulative_prod(self, x: ArrayT, /, *, axis: Optional[int] = None, dtype: Optional[DType] = None, include_initial: builtins.bool = False) -> ArrayT:
        """Calculates the cumulative product of elements in the input array ``x``."""
        ...

    def cumulative_sum(self, x: ArrayT, /, *, axis: Optional[int] = None, dtype: Optional[DType] = None, include_initial: builtins.bool = False) -> ArrayT:
        """Calculates the cumulative sum of elements in the input array ``x``."""
        ...

    def diff(self, x: ArrayT, /, *, axis: int = -1, n: int = 1, prepend: Optional[ArrayT] = None, append: Optional[ArrayT] = None) -> ArrayT:
        """Calculates the n-th discrete forward difference along a specified axis."""
        ...

    def divide(self, x1: Union[ArrayT, int, float, complex], x2: Union[ArrayT, int, float, complex], /) -> ArrayT:
        """Calculates the division of each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def empty(self, shape: Union[int, Tuple[int, ...]], *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns an uninitialized array having a specified `shape`."""
        ...

    def empty_like(self, x: ArrayT, /, *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns an uninitialized array with the same ``shape`` as an input array ``x``."""
        ...

    def equal(self, x1: Union[ArrayT, int, float, complex, builtins.bool], x2: Union[ArrayT, int, float, complex, builtins.bool], /) -> ArrayT:
        """Computes the truth value of ``x1_i == x2_i`` for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def exp(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the exponential function for each element ``x_i`` of the input array ``x`` (``e`` raised to the power of ``x_i``, where ``e`` is the base of the natural logarithm)."""
        ...

    def expand_dims(self, x: ArrayT, /, axis: Union[int, Tuple[int, ...]]) -> ArrayT:
        """Expands the shape of an array by inserting a new axis of size one at the position (or positions) specified by ``axis``."""
        ...

    def expm1(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to ``exp(x)-1`` for each element ``x_i`` of the input array ``x``."""
        ...

    def eye(self, n_rows: int, n_cols: Optional[int] = None, /, *, k: int = 0, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns a two-dimensional array with ones on the ``k``\\th diagonal and zeros elsewhere."""
        ...

    def finfo(self, type: Union[DType, ArrayT], /) -> finfo_object:
        """Machine limits for floating-point data types."""
        ...

    def flip(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None) -> ArrayT:
        """Reverses the order of elements in an array along the given axis."""
        ...

    def floor(self, x: ArrayT, /) -> ArrayT:
        """Rounds each element ``x_i`` of the input array ``x`` to the greatest (i.e., closest to ``+infinity``) integer-valued number that is not greater than ``x_i``."""
        ...

    def floor_divide(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Rounds the result of dividing each element ``x1_i`` of the input array ``x1`` by the respective element ``x2_i`` of the input array ``x2`` to the greatest (i.e., closest to `+infinity`) integer-value number that is not greater than the division result."""
        ...

    def from_dlpack(self, x: object, /, *, device: Optional[Device] = None, copy: Optional[builtins.bool] = None) -> ArrayT:
        """Returns a new array containing the data from another (array) object with a ``__dlpack__`` method."""
        ...

    def full(self, shape: Union[int, Tuple[int, ...]], fill_value: Union[builtins.bool, int, float, complex], *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns a new array having a specified ``shape`` and filled with ``fill_value``."""
        ...

    def full_like(self, x: ArrayT, /, fill_value: Union[builtins.bool, int, float, complex], *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns a new array filled with ``fill_value`` and having the same ``shape`` as an input array ``x``."""
        ...

    def greater(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Computes the truth value of ``x1_i > x2_i`` for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def greater_equal(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Computes the truth value of ``x1_i >= x2_i`` for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def hypot(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Computes the square root of the sum of squares for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def iinfo(self, type: Union[DType, ArrayT], /) -> iinfo_object:
        """Machine limits for integer data types."""
        ...

    def imag(self, x: ArrayT, /) -> ArrayT:
        """Returns the imaginary component of a complex number for each element ``x_i`` of the input array ``x``."""
        ...

    def isdtype(self, dtype: DType, kind: Union[DType, str, Tuple[Union[DType, str], ...]]) -> builtins.bool:
        """Returns a boolean indicating whether a provided dtype is of a specified data type "kind"."""
        ...

    def isfinite(self, x: ArrayT, /) -> ArrayT:
        """Tests each element ``x_i`` of the input array ``x`` to determine if finite."""
        ...

    def isin(self, x1: Union[ArrayT, int], x2: Union[ArrayT, int], /, *, invert: builtins.bool = False) -> ArrayT:
        """Tests for each element in ``x1`` whether the element is in ``x2``."""
        ...

    def isinf(self, x: ArrayT, /) -> ArrayT:
        """Tests each element ``x_i`` of the input array ``x`` to determine if equal to positive or negative infinity."""
        ...

    def isnan(self, x: ArrayT, /) -> ArrayT:
        """Tests each element ``x_i`` of the input array ``x`` to determine whether the element is ``NaN``."""
        ...

    def less(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Computes the truth value of ``x1_i < x2_i`` for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def less_equal(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Computes the truth value of ``x1_i <= x2_i`` for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def linspace(self, start: Union[int, float, complex], stop: Union[int, float, complex], /, num: int, *, dtype: Optional[DType] = None, device: Optional[Device] = None, endpoint: builtins.bool = True) -> ArrayT:
        """Returns evenly spaced numbers over a specified interval."""
        ...

    def log(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the natural (base ``e``) logarithm for each element ``x_i`` of the input array ``x``."""
        ...

    def log10(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the base ``10`` logarithm for each element ``x_i`` of the input array ``x``."""
        ...

    def log1p(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to ``log(1+x)``, where ``log`` refers to the natural (base ``e``) logarithm, for each element ``x_i`` of the input array ``x``."""
        ...

    def log2(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the base ``2`` logarithm for each element ``x_i`` of the input array ``x``."""
        ...

    def logaddexp(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Calculates the logarithm of the sum of exponentiations ``log(exp(x1) + exp(x2))`` for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def logical_and(self, x1: Union[ArrayT, builtins.bool], x2: Union[ArrayT, builtins.bool], /) -> ArrayT:
        """Computes the logical AND for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def logical_not(self, x: ArrayT, /) -> ArrayT:
        """Computes the logical NOT for each element ``x_i`` of the input array ``x``."""
        ...

    def logical_or(self, x1: Union[ArrayT, builtins.bool], x2: Union[ArrayT, builtins.bool], /) -> ArrayT:
        """Computes the logical OR for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def logical_xor(self, x1: Union[ArrayT, builtins.bool], x2: Union[ArrayT, builtins.bool], /) -> ArrayT:
        """Computes the logical XOR for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def matmul(self, x1: ArrayT, x2: ArrayT, /) -> ArrayT:
        """Computes the matrix product."""
        ...

    def matrix_transpose(self, x: ArrayT, /) -> ArrayT:
        """Transposes a matrix (or a stack of matrices) ``x``."""
        ...

    def max(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Calculates the maximum value of the input array ``x``."""
        ...

    def maximum(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Computes the maximum value for each element ``x1_i`` of the input array ``x1`` relative to the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def mean(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Calculates the arithmetic mean of the input array ``x``."""
        ...

    def meshgrid(self, *arrays: ArrayT, indexing: Literal['xy', 'ij'] = 'xy') -> Tuple[ArrayT, ...]:
        """Returns coordinate matrices from coordinate vectors."""
        ...

    def min(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Calculates the minimum value of the input array ``x``."""
        ...

    def minimum(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Computes the minimum value for each element ``x1_i`` of the input array ``x1`` relative to the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def moveaxis(self, x: ArrayT, source: Union[int, Tuple[int, ...]], destination: Union[int, Tuple[int, ...]], /) -> ArrayT:
        """Moves array axes to new positions, while leaving other axes in their original positions."""
        ...

    def multiply(self, x1: Union[ArrayT, int, float, complex], x2: Union[ArrayT, int, float, complex], /) -> ArrayT:
        """Calculates the product for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def negative(self, x: ArrayT, /) -> ArrayT:
        """Computes the numerical negative of each element ``x_i`` (i.e., ``y_i = -x_i``) of the input array ``x``."""
        ...

    def nextafter(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Returns the next representable floating-point value for each element ``x1_i`` of the input array ``x1`` in the direction of the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def nonzero(self, x: ArrayT, /) -> Tuple[ArrayT, ...]:
        """Returns the indices of the array elements which are non-zero."""
        ...

    def not_equal(self, x1: Union[ArrayT, int, float, complex, builtins.bool], x2: Union[ArrayT, int, float, complex, builtins.bool], /) -> ArrayT:
        """Computes the truth value of ``x1_i != x2_i`` for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def ones(self, shape: Union[int, Tuple[int, ...]], *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns a new array having a specified ``shape`` and filled with ones."""
        ...

    def ones_like(self, x: ArrayT, /, *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns a new array filled with ones and having the same ``shape`` as an input array ``x``."""
        ...

    def permute_dims(self, x: ArrayT, /, axes: Tuple[int, ...]) -> ArrayT:
        """Permutes the axes of an array ``x``."""
        ...

    def positive(self, x: ArrayT, /) -> ArrayT:
        """Computes the numerical positive of each element ``x_i`` (i.e., ``y_i = +x_i``) of the input array ``x``."""
        ...

    def pow(self, x1: Union[ArrayT, int, float, complex], x2: Union[ArrayT, int, float, complex], /) -> ArrayT:
        """Calculates an implementation-dependent approximation of exponentiation by raising each element ``x1_i`` (the base) of the input array ``x1`` to the power of ``x2_i`` (the exponent), where ``x2_i`` is the corresponding element of the input array ``x2``."""
        ...

    def prod(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, dtype: Optional[DType] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Calculates the product of input array ``x`` elements."""
        ...

    def real(self, x: ArrayT, /) -> ArrayT:
        """Returns the real component of a complex number for each element ``x_i`` of the input array ``x``."""
        ...

    def reciprocal(self, x: ArrayT, /) -> ArrayT:
        """Returns the reciprocal for each element ``x_i`` of the input array ``x``."""
        ...

    def remainder(self, x1: Union[ArrayT, int, float], x2: Union[ArrayT, int, float], /) -> ArrayT:
        """Returns the remainder of division for each element ``x1_i`` of the input array ``x1`` and the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def repeat(self, x: ArrayT, repeats: Union[int, ArrayT], /, *, axis: Optional[int] = None) -> ArrayT:
        """Repeats each element of an array a specified number of times on a per-element basis."""
        ...

    def reshape(self, x: ArrayT, /, shape: Tuple[int, ...], *, copy: Optional[builtins.bool] = None) -> ArrayT:
        """Reshapes an array without changing its data."""
        ...

    def result_type(self, *arrays_and_dtypes: Union[ArrayT, int, float, complex, builtins.bool, DType]) -> DType:
        """Returns the dtype that results from applying type promotion rules (see :ref:`type-promotion`) to the arguments."""
        ...

    def roll(self, x: ArrayT, /, shift: Union[int, Tuple[int, ...]], *, axis: Optional[Union[int, Tuple[int, ...]]] = None) -> ArrayT:
        """Rolls array elements along a specified axis."""
        ...

    def round(self, x: ArrayT, /) -> ArrayT:
        """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued number."""
        ...

    def searchsorted(self, x1: ArrayT, x2: Union[ArrayT, int, float], /, *, side: Literal['left', 'right'] = 'left', sorter: Optional[ArrayT] = None) -> ArrayT:
        """Finds the indices into ``x1`` such that, if the corresponding elements in ``x2`` were inserted before the indices, the order of ``x1``, when sorted in ascending order, would be preserved."""
        ...

    def sign(self, x: ArrayT, /) -> ArrayT:
        """Returns an indication of the sign of a number for each element ``x_i`` of the input array ``x``."""
        ...

    def signbit(self, x: ArrayT, /) -> ArrayT:
        """Determines whether the sign bit is set for each element ``x_i`` of the input array ``x``."""
        ...

    def sin(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the sine for each element ``x_i`` of the input array ``x``."""
        ...

    def sinh(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the hyperbolic sine for each element ``x_i`` of the input array ``x``."""
        ...

    def sort(self, x: ArrayT, /, *, axis: int = -1, descending: builtins.bool = False, stable: builtins.bool = True) -> ArrayT:
        """Returns a sorted copy of an input array ``x``."""
        ...

    def sqrt(self, x: ArrayT, /) -> ArrayT:
        """Calculates the principal square root for each element ``x_i`` of the input array ``x``."""
        ...

    def square(self, x: ArrayT, /) -> ArrayT:
        """Squares each element ``x_i`` of the input array ``x``."""
        ...

    def squeeze(self, x: ArrayT, /, axis: Union[int, Tuple[int, ...]]) -> ArrayT:
        """Removes singleton axes from ``x``."""
        ...

    def stack(self, arrays: Union[Tuple[ArrayT, ...], List[ArrayT]], /, *, axis: int = 0) -> ArrayT:
        """Joins a sequence of arrays along a new axis."""
        ...

    def std(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, correction: Union[int, float] = 0.0, keepdims: builtins.bool = False) -> ArrayT:
        """Calculates the standard deviation of the input array ``x``."""
        ...

    def subtract(self, x1: Union[ArrayT, int, float, complex], x2: Union[ArrayT, int, float, complex], /) -> ArrayT:
        """Calculates the difference for each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input array ``x2``."""
        ...

    def sum(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, dtype: Optional[DType] = None, keepdims: builtins.bool = False) -> ArrayT:
        """Calculates the sum of the input array ``x``."""
        ...

    def take(self, x: ArrayT, indices: ArrayT, /, *, axis: Optional[int] = None) -> ArrayT:
        """Returns elements of an array along an axis."""
        ...

    def take_along_axis(self, x: ArrayT, indices: ArrayT, /, *, axis: int = -1) -> ArrayT:
        """Returns elements from an array at the one-dimensional indices specified by ``indices`` along a provided ``axis``."""
        ...

    def tan(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the tangent for each element ``x_i`` of the input array ``x``."""
        ...

    def tanh(self, x: ArrayT, /) -> ArrayT:
        """Calculates an implementation-dependent approximation to the hyperbolic tangent for each element ``x_i`` of the input array ``x``."""
        ...

    def tensordot(self, x1: ArrayT, x2: ArrayT, /, *, axes: Union[int, Tuple[Sequence[int], Sequence[int]]] = 2) -> ArrayT:
        """Returns a tensor contraction of ``x1`` and ``x2`` over specific axes."""
        ...

    def tile(self, x: ArrayT, repetitions: Tuple[int, ...], /) -> ArrayT:
        """Constructs an array by tiling an input array."""
        ...

    def tril(self, x: ArrayT, /, *, k: int = 0) -> ArrayT:
        """Returns the lower triangular part of a matrix (or a stack of matrices) ``x``."""
        ...

    def triu(self, x: ArrayT, /, *, k: int = 0) -> ArrayT:
        """Returns the upper triangular part of a matrix (or a stack of matrices) ``x``."""
        ...

    def trunc(self, x: ArrayT, /) -> ArrayT:
        """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued number that is closer to zero than ``x_i``."""
        ...

    def unique_all(self, x: ArrayT, /) -> Tuple[ArrayT, ArrayT, ArrayT, ArrayT]:
        """Returns the unique elements of an input array ``x``, the first occurring indices for each unique element in ``x``, the indices from the set of unique elements that reconstruct ``x``, and the corresponding counts for each unique element in ``x``."""
        ...

    def unique_counts(self, x: ArrayT, /) -> Tuple[ArrayT, ArrayT]:
        """Returns the unique elements of an input array ``x`` and the corresponding counts for each unique element in ``x``."""
        ...

    def unique_inverse(self, x: ArrayT, /) -> Tuple[ArrayT, ArrayT]:
        """Returns the unique elements of an input array ``x`` and the indices from the set of unique elements that reconstruct ``x``."""
        ...

    def unique_values(self, x: ArrayT, /) -> ArrayT:
        """Returns the unique elements of an input array ``x``."""
        ...

    def unstack(self, x: ArrayT, /, *, axis: int = 0) -> Tuple[ArrayT, ...]:
        """Splits an array into a sequence of arrays along the given axis."""
        ...

    def var(self, x: ArrayT, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None, correction: Union[int, float] = 0.0, keepdims: builtins.bool = False) -> ArrayT:
        """Calculates the variance of the input array ``x``."""
        ...

    def vecdot(self, x1: ArrayT, x2: ArrayT, /, *, axis: int = -1) -> ArrayT:
        """Computes the (vector) dot product of two arrays."""
        ...

    def where(self, condition: ArrayT, x1: Union[ArrayT, int, float, complex, builtins.bool], x2: Union[ArrayT, int, float, complex, builtins.bool], /) -> ArrayT:
        """Returns elements chosen from ``x1`` or ``x2`` depending on ``condition``."""
        ...

    def zeros(self, shape: Union[int, Tuple[int, ...]], *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns a new array having a specified ``shape`` and filled with zeros."""
        ...

    def zeros_like(self, x: ArrayT, /, *, dtype: Optional[DType] = None, device: Optional[Device] = None) -> ArrayT:
        """Returns a new array filled with zeros and having the same ``shape`` as an input array ``x``."""
        ...
