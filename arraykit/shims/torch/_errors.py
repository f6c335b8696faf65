"""What torch's namespace needs for the standard's exceptions (``_common.errors``).

torch reports shape errors as ``RuntimeError`` and missing dtype kernels as
``NotImplementedError`` or ``RuntimeError``, with messages that name a kernel
(``"bitwise_and_cpu" not implemented for 'Double'``) or nothing; array-api-compat passes them
through. The patterns below (torch 2.13's wording) map them to TypeError (a dtype the
function does not take), ValueError (shapes that do not fit) and IndexError (an index out of
bounds); every other ``RuntimeError`` passes unchanged. torch refuses lists, other libraries'
arrays and dtype name strings itself (TypeError), so no argument checks are added: a call
pays the wrapper's frame only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

import torch

from .._common.checks import check_indices_dtype
from .._common.dtypes import IINFO
from .._common.errors import _MARK, Rules, _reraise, install, translating
from .._common.errors import fast_path as _fast_path
from .._common.fft import FREQ_CHECKS
from .._common.linalg import LinAlgError
from .._common.utils import AxisError

_DTYPE = (
    r"not implemented for '|is not supported for complex|not supported for complex"
    r"|does not support complex|Expected a floating point or complex tensor"
    r"|Expected dtype \w+ or \w+ for index|expects a real input tensor"
    r"|could not infer output dtype|can't be cast to the desired output type"
    r"|expected scalar type|must be a floating point|must be of floating point"
    r"|requires a floating point or complex dtype|Promotion for uint16, uint32, uint64"
    r"|does not support bool input"
)
_SHAPE = (
    r"must match the size of tensor|Sizes of tensors must match|shapes cannot be multiplied"
    r"|is invalid for input of size|expanded size of the tensor|Incompatible shapes"
    r"|must be batches of square matrices|must have at least \d+ dimensions"
    r"|need to be at least 1D|expects each tensor to be equal size"
    r"|contracted dimensions need to match|Expected 1-D argument"
    r"|Invalid number of data points|does not match the length of the desired ordering"
    r"|only one dimension can be inferred|Attempting to broadcast a dimension"
    r"|negative dimension|repeats must have the same size|boundaries tensor should be"
    r"|size mismatch|shape mismatch|inconsistent tensor size|cannot be broadcast"
    r"|expects a non-empty TensorList"
)

def _integer_indices(fname: str):
    """torch's take reads boolean indices as 0 and 1 (a plausible wrong answer): refused, as
    the standard's ``indices`` have an integer dtype (a float one torch refuses itself)."""
    def check(args: tuple, kwargs: dict) -> None:
        i = args[1] if len(args) > 1 else kwargs.get("indices")
        if getattr(i, "dtype", None) is torch.bool:
            check_indices_dtype(fname, "bool")
    return check


RULES = Rules(
    translations=(
        # A factorisation that fails on the values (cholesky of a matrix that is not positive
        # definite, a singular inv/solve): NumPy's LinAlgError, a ValueError, as every shim.
        # (torch._C._LinAlgError, which torch's stubs do not export as torch.linalg's)
        (getattr(torch.linalg, "LinAlgError"), None, LinAlgError),  # noqa: B009
        ((RuntimeError, NotImplementedError), _DTYPE, TypeError),
        (RuntimeError, r"expects dims to be int", TypeError),  # tensordot(axes=<not axes>)
        (RuntimeError, r"index -?\d+ is out of bounds|out of bounds for dimension", IndexError),
        (RuntimeError, _SHAPE, ValueError),
        # max/min of nothing: ValueError, as NumPy's "zero-size array to reduction operation".
        (IndexError, r"Expected reduction dim -?\d+ to have non-zero size", ValueError),
        (RuntimeError, r"Expected reduction dim to be specified for input.numel\(\) == 0",
         ValueError),
        (RuntimeError, r"does not have an identity", ValueError),
        # An allocation that fails: NumPy's class for it (sizes past int64 are ValueErrors,
        # read from the arguments: mistakes.diagnose).
        (RuntimeError, r"DefaultCPUAllocator: (can't allocate|not enough) memory", MemoryError),
        # A Python int beyond an integer tensor's dtype (clip's bound where it binds, which
        # compat passes to torch.clamp; full's value; asarray's data): NumPy's OverflowError.
        (RuntimeError, r"cannot be converted to type u?int\w* without overflow", OverflowError),
        # A device this torch does not have (a CUDA device on a CPU build, a negative index):
        # ValueError, as the shims' check_device.
        (AssertionError, r"not compiled with CUDA enabled", ValueError),
        (RuntimeError, r"Device index must not be negative|Cannot access accelerator device",
         ValueError),
        # array-api-compat's cross: ValueError for an axis out of range (AxisError is both).
        (ValueError, r"axis -?\d+ out of bounds", AxisError),
    ),
    extra={"take": _integer_indices("take"),
           "take_along_axis": _integer_indices("take_along_axis"), **FREQ_CHECKS},
    # torch wraps a Python int out of an integer tensor's dtype (add(int8 [100], 300) was
    # [-112]), and reads NumPy scalars its own ways (where(c, np.bool_(True), b) in float,
    # maximum(x, np.float32(2)) refused): the shims' rules for both.
    int_ranges={getattr(torch, n): (lo, hi) for n, (_, lo, hi) in IINFO.items()
                if hasattr(torch, n)},
    numpy_scalars=True,
    array_types=(torch.Tensor,),  # the operands' test (no argument checks: is_array unset)
)


_TRANSLATIONS = RULES.compiled()


def translated(f: Callable, fname: str) -> Callable:
    """``f`` raising the standard exceptions as the installed wrappers do (a shim's general
    path behind its own fast path)."""
    return translating(f, fname, _TRANSLATIONS)


def reraise(exc: Exception, fname: str, args: tuple) -> NoReturn:
    """Raise ``exc`` translated as the installed wrappers do."""
    _reraise(exc, fname, _TRANSLATIONS, args, {})


def translates(general: Callable) -> Callable[[Callable], Callable]:
    """Mark a shim function as raising the standard exceptions itself (its fast path in a
    ``try``, its general path ``general`` through ``translated``): ``install`` leaves it
    unwrapped, one frame fewer per call (~0.2 us, a third of a 4x4 ``matmul``'s 0.6 us
    extra before). ``__wrapped__`` names ``general``, as a wrapper's names its function."""
    def mark(f: Callable) -> Callable:
        setattr(f, _MARK, True)
        f.__wrapped__ = general  # type: ignore[attr-defined]
        return f
    return mark


def fast_path(native: Callable, fname: str, general: Callable, compat: Callable, arity: int,
              **kwargs: Any) -> Callable:
    """``_common.errors.fast_path`` with torch's rules (plain ``torch.Tensor`` operands)."""
    return _fast_path(native, fname, general, compat, RULES, torch.Tensor, arity, **kwargs)


def install_errors(namespace: dict[str, Any]) -> None:
    """Wrap the standard functions of ``namespace`` (the package's globals) with ``RULES``."""
    install(namespace, RULES)
