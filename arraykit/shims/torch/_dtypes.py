"""torch's "shell" dtypes uint16/uint32/uint64 refused; ``finfo``/``iinfo`` with dtype objects.

torch 2.13 has uint16, uint32 and uint64 only as "shell" dtypes: a tensor can hold them, but
most kernels (add, abs, comparisons, flip, sum, index_select...) raise "not implemented for
'UInt16'" and promotion with any other dtype fails. Making them work through the namespace
would mean emulating each function on a wider dtype (none exists for uint64 above 2**63 - 1)
at a cost on every call. So, as the MXNet shim does for the dtypes MXNet lacks, the namespace
keeps their names (the standard's namespace has them; they are torch's dtype objects) but
leaves them out of ``__array_namespace_info__().dtypes()``, where code looks for what it may
use, and every request of one (a ``dtype=`` argument, ``astype``, ``result_type``,
``finfo``/``iinfo``, ``asarray`` of a NumPy uint16 array, ``*_like``/``sum`` of a shell
tensor made by torch itself) is a TypeError that names torch, the function and the dtype,
rather than a RuntimeError from a kernel deep inside a computation. ``astype`` of a shell
tensor to an offered dtype is the way out and works.
"""

from __future__ import annotations

import functools
from typing import Any

import array_api_compat.torch as _compat
import torch as _torch

from .._common import dtypes as _d
from .._common.utils import info_kind_error

#: torch's shell dtypes, refused by the namespace (see the module docstring).
SHELL_DTYPES = {_torch.uint16: "uint16", _torch.uint32: "uint32", _torch.uint64: "uint64"}
#: Standard dtype names the namespace offers.
SUPPORTED = tuple(n for n in _d.ALL if n not in SHELL_DTYPES.values())


def shell_dtype_error(fname: str, name: str) -> TypeError:
    """The TypeError for a request of a dtype torch holds only as a shell."""
    return TypeError(
        f"{fname}: torch {_torch.__version__.split('+')[0]} has no kernels for {name} (it is a "
        f"'shell' dtype there), so arraykit's torch namespace does not offer it; use "
        f"{'int32' if name == 'uint16' else 'int64'} or one of {', '.join(SUPPORTED)}")


def check_dtype(fname: str, dtype: Any) -> None:
    """TypeError if ``dtype`` (a requested dtype, or an array) is one of torch's shell dtypes."""
    dtype = getattr(dtype, "dtype", dtype)
    if dtype in SHELL_DTYPES:
        raise shell_dtype_error(fname, SHELL_DTYPES[dtype])


def _dtype_of(fname: str, type_: Any) -> Any:
    dtype = type_.dtype if isinstance(type_, _torch.Tensor) else type_
    check_dtype(fname, dtype)
    return dtype


#: ``finfo``'s result per dtype object: library code asks it in loops (SciPy's and
#: scikit-learn's ``xp.finfo(x.dtype).eps``), 1.73 -> ~0.1 us a call (compat's 0.40).
_FINFO: dict[Any, _d.finfo_object] = {}


def finfo(type_: Any, /) -> _d.finfo_object:
    """torch's ``finfo`` with ``dtype`` a dtype object, as the spec asks (torch: a string); a
    dtype of another kind is the shared ValueError (torch's was a TypeError)."""
    key = type_.dtype if type(type_) is _torch.Tensor else type_
    try:
        return _FINFO[key]
    except (KeyError, TypeError):
        pass
    dtype = _dtype_of("finfo", type_)
    if type(dtype) is _torch.dtype and not (dtype.is_floating_point or dtype.is_complex):
        raise info_kind_error("finfo", str(dtype)[6:])
    info = _compat.finfo(dtype)
    out = _d.finfo_object(info, getattr(_torch, info.dtype))
    if type(key) is _torch.dtype:
        _FINFO[key] = out
    return out


def iinfo(type_: Any, /) -> _d.iinfo_object:
    """torch's ``iinfo`` with ``dtype`` a dtype object, as the spec asks (torch: a string); a
    dtype of another kind is the shared ValueError (torch's was a TypeError)."""
    dtype = _dtype_of("iinfo", type_)
    if type(dtype) is _torch.dtype and (dtype.is_floating_point or dtype.is_complex
                                        or dtype is _torch.bool):
        raise info_kind_error("iinfo", str(dtype)[6:])
    info = _compat.iinfo(dtype)
    return _d.iinfo_object(info, getattr(_torch, info.dtype))


def refusing_shell_dtypes(f: Any, fname: str, *, result: bool = False) -> Any:
    """``f`` (array-api-compat's ``fname``), refusing a shell ``dtype=`` request, or a first
    argument that is a shell-dtype tensor (its dtype is the request of ``*_like``, ``sum``...), with
    the TypeError of ``_dtypes`` instead of torch's kernel errors further on. ``result``
    (``asarray``, ``from_dlpack``): the result's dtype is checked instead of the input's (a
    NumPy uint16 array would give a shell tensor; a shell tensor cast to int32 is fine)."""
    @functools.wraps(f)
    def refusing(*args: Any, **kwargs: Any) -> Any:
        if kwargs:
            check_dtype(fname, kwargs.get("dtype"))
        if result:
            out = f(*args, **kwargs)
            check_dtype(fname, out.dtype)
            return out
        if args and isinstance(args[0], _torch.Tensor):
            check_dtype(fname, args[0].dtype)
        return f(*args, **kwargs)

    return refusing
