"""What ``arraykit.enable()`` teaches array-api-compat and array-api-extra about read-only arrays.

Libraries written for the standard already know that JAX arrays cannot be written into:
array-api-compat's ``is_writeable_array`` says False for them, and array-api-extra's
``at(x, idx).set(y)`` (and ``apply_where`` built on it) then updates functionally, through
``x.at[idx]``. For any other array type both assume ``x[idx] = y`` works, so a TensorFlow
tensor reaching SciPy or scikit-learn fails on its first in-place write.

While a framework whose arrays are read-only (its registry row says ``writeable=False``) has its
array-object surface enabled, this module:

* makes every copy of array-api-compat (the installed one and those SciPy and scikit-learn
  vendor) answer ``is_writeable_array(x) -> False`` for that framework's arrays, so library code
  takes the path it already has for JAX;
* gives every copy of array-api-extra's ``at`` a functional path for those arrays: the result
  is a new array, equal to what ``x[idx] = op(x[idx], y)`` leaves in a writeable copy (NumPy
  semantics: a duplicate index is written once, by the last update), and ``x`` is unchanged.
  ``copy=False`` still raises ValueError, as it does for JAX.

Copies imported later are patched as they are imported (an import hook that only looks at
those module names), and ``disable()`` restores every patched function by identity. With
``enable()`` off nothing is installed, so nothing costs anything.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import threading
from collections.abc import Callable
from typing import Any

from ._dispatch import array_namespace, backend_of_type

#: Module-name suffixes of the functions patched, in every vendored copy.
_COMPAT_HELPERS = "array_api_compat.common._helpers"
_EXTRA_AT = ("array_api_extra._at", "array_api_extra._lib._at")

_lock = threading.RLock()
_read_only_backends: frozenset[str] = frozenset()
#: (module, attribute owner, attribute name, original) for each patch, to restore exactly.
_patched: list[tuple[Any, str, Any]] = []
_is_read_only_cache: dict[type, bool] = {}


def is_read_only_type(cls: type) -> bool:
    """Whether arrays of ``cls`` belong to a framework enabled here whose arrays are read-only."""
    try:
        return _is_read_only_cache[cls]
    except KeyError:
        backend = backend_of_type(cls)
        found = backend is not None and backend.name in _read_only_backends
        _is_read_only_cache[cls] = found
        return found


def _is_target(name: str) -> bool:
    return name.endswith(_COMPAT_HELPERS) or name.endswith(_EXTRA_AT)


# --- the functional update --------------------------------------------------------------


def functional_setitem(x: Any, idx: Any, value: Any, xp: Any = None) -> Any:
    """A new array equal to ``x`` after ``x[idx] = value`` on a writeable copy.

    Works for every index the namespace's ``__getitem__`` accepts (integers, slices,
    ellipsis, None, integer arrays, boolean masks), on any namespace, with standard functions
    only: the flat positions ``idx`` selects are read from an ``arange`` of ``x``'s size, and
    each element of ``x`` then finds the last update written to it by a binary search over
    the positions sorted stably (so a repeated position takes its last update, as in NumPy).
    No scatter: about ten ops, differentiable in ``value``. ``value`` is cast to ``x.dtype``,
    as assignment into an array casts.
    """
    xp = array_namespace(x) if xp is None else xp
    idx = masks_as_indices(idx, xp)
    if not hasattr(value, "shape"):  # a Python scalar: cast as NumPy's assignment does
        value = xp.asarray(value)
    value = xp.astype(value, x.dtype)
    if _is_same_shape_mask(idx, x, xp) and value.ndim == 0:
        return xp.where(idx, value, x)
    shape = tuple(x.shape)
    n = 1
    for d in shape:
        n *= d
    everywhere = xp.arange(n, dtype=xp.int64)
    selected = xp.reshape(everywhere, shape)[idx]
    positions = xp.reshape(selected, (-1,))
    m = positions.shape[0]
    if m == 0:
        return x
    value = xp.reshape(xp.broadcast_to(value, tuple(selected.shape)), (-1,))
    order = xp.argsort(positions, stable=True)
    sorted_positions = xp.take(positions, order)
    last = xp.searchsorted(sorted_positions, everywhere, side="right") - 1
    k = xp.clip(last, 0, m - 1)
    written = (last >= 0) & (xp.take(sorted_positions, k) == everywhere)
    out = xp.where(written, xp.take(xp.take(value, order), k), xp.reshape(x, (-1,)))
    return xp.reshape(out, shape)


def masks_as_indices(idx: Any, xp: Any) -> Any:
    """``idx`` with each boolean array among other entries of a tuple replaced by the integer
    arrays of its ``nonzero()``: NumPy's meaning of a mask beside integers, slices or other
    arrays (``x[0, x[0] < 1.5]``), which JAX takes and the standard leaves out (a mask must be
    the sole index there, as TF's indexing requires). Anything else is returned as it is."""
    if not isinstance(idx, tuple) or len(idx) < 2:
        return idx
    if not any(getattr(k, "dtype", None) == xp.bool and getattr(k, "ndim", 0) >= 1
               for k in idx):
        return idx
    out: list[Any] = []
    for k in idx:
        if getattr(k, "dtype", None) == xp.bool and getattr(k, "ndim", 0) >= 1:
            out.extend(xp.nonzero(k))
        else:
            out.append(k)
    return tuple(out)


def _is_same_shape_mask(idx: Any, x: Any, xp: Any) -> bool:
    return (hasattr(idx, "dtype") and idx.dtype == xp.bool
            and tuple(idx.shape) == tuple(x.shape))


# --- the patches --------------------------------------------------------------------------


_compat_read_only_cache: dict[type, bool] = {}


def _compat_knows_read_only(cls: type) -> bool:
    """Whether array-api-compat itself calls arrays of ``cls`` read-only (JAX's): array-api-extra
    then updates them with the framework's own functional API (``.at``), which stays theirs."""
    try:
        return _compat_read_only_cache[cls]
    except KeyError:
        from array_api_compat.common import _helpers

        helper = _helpers._is_writeable_cls
        original = getattr(helper, "_arraykit_original", helper)
        known = _compat_read_only_cache[cls] = original(cls) is False
        return known


_KINDS = ("bool", "integral", "real floating", "complex floating")


def _kind(dtype: Any, xp: Any) -> int:
    return next(i for i, k in enumerate(_KINDS) if xp.isdtype(dtype, k))


def _check_same_kind(new: Any, x: Any, xp: Any) -> None:
    """An in-place update (``add``, ``divide``, ...) whose result is of a higher kind than
    ``x`` (a float into an integer array) raises, as NumPy's ``x[idx] += 1.1`` does (casting
    rule ``same_kind``): writing it back would truncate silently."""
    if new.dtype != x.dtype and _kind(new.dtype, xp) > _kind(x.dtype, xp):
        raise TypeError(f"at: cannot cast the update's result from {new.dtype} to the "
                        f"array's dtype {x.dtype} (casting rule 'same_kind', as NumPy's "
                        f"in-place operators); cast the array first")


def _writeable_cls_hook(original: Callable[[type], Any]) -> Callable[[type], Any]:
    def _is_writeable_cls(cls: type) -> Any:
        if is_read_only_type(cls):
            return False
        return original(cls)

    _is_writeable_cls._arraykit_original = original  # type: ignore[attr-defined]
    return _is_writeable_cls


def _at_op_hook(original: Callable[..., Any]) -> Callable[..., Any]:
    def _op(self: Any, at_op: Any, in_place_op: Any, out_of_place_op: Any, y: Any, /,
            copy: Any, xp: Any) -> Any:
        x, idx = self._x, self._idx
        # copy=False on a read-only array must raise, and an unset index must be reported:
        # array-api-extra's own code does both.
        if (copy is False or copy not in (True, None) or not is_read_only_type(type(x))
                or _compat_knows_read_only(type(x)) or type(idx).__name__ == "_Undef"):
            return original(self, at_op, in_place_op, out_of_place_op, y, copy=copy, xp=xp)
        xp = array_namespace(x) if xp is None else xp
        idx = masks_as_indices(idx, xp)
        new = y if in_place_op is None else in_place_op(x[idx], y)
        if in_place_op is not None and getattr(at_op, "value", at_op) not in ("min", "max"):
            # min/max have no in-place operator: NumPy writes min(x[idx], y) back, cast.
            _check_same_kind(new, x, xp)
        return functional_setitem(x, idx, new, xp)

    _op._arraykit_original = original  # type: ignore[attr-defined]
    return _op


def _patch_module(module: Any) -> None:
    name = module.__name__
    if name.endswith(_COMPAT_HELPERS):
        original = getattr(module, "_is_writeable_cls", None)
        if original is not None and not hasattr(original, "_arraykit_original"):
            module._is_writeable_cls = _writeable_cls_hook(original)
            _patched.append((module, "_is_writeable_cls", original))
    elif name.endswith(_EXTRA_AT):
        at: Any = getattr(module, "at", None)
        original = at.__dict__.get("_op") if isinstance(at, type) else None
        if original is not None and not hasattr(original, "_arraykit_original"):
            at._op = _at_op_hook(original)
            _patched.append((at, "_op", original))


class _PatchingLoader(importlib.abc.Loader):
    """Runs the real loader, then patches the module it made."""

    def __init__(self, loader: Any):
        self._loader = loader

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self._loader.exec_module(module)
        with _lock:
            if _read_only_backends:
                _patch_module(module)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself; for the patched modules' names it wraps the real loader."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if not _is_target(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _PatchingLoader(spec.loader)
        return spec


_finder = _PatchOnImport()


def install(read_only_backends: frozenset[str]) -> None:
    """Patch the libraries for the frameworks named (those enabled whose arrays are read-only);
    an empty set removes every patch."""
    global _read_only_backends  # noqa: PLW0603 - the module's state, set only here, under _lock
    with _lock:
        _read_only_backends = frozenset(read_only_backends)
        _is_read_only_cache.clear()
        if not _read_only_backends:
            _uninstall()
            return
        if _finder not in sys.meta_path:
            sys.meta_path.insert(0, _finder)
        for name, module in list(sys.modules.items()):
            if module is not None and _is_target(name):
                _patch_module(module)


def _uninstall() -> None:
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    for owner, attr, original in reversed(_patched):
        setattr(owner, attr, original)
    _patched.clear()
