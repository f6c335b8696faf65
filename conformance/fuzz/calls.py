"""Call descriptions that cross the pipe to a worker, and their materialisation there.

The parent never builds a framework array: a call is plain data (``Call``) whose argument
leaves are Python values or the small spec classes below; the worker turns them into native
arguments with the registry constructors (``conformance.differential.backends.Backend``).
Nested lists thousands deep travel as ``DeepList`` (pickle itself recurses on them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

#: Values an array may be filled with (``Arr.fill``).
FILLS = ("range", "zeros", "ones", "nan", "inf", "-inf", "-0.0", "max", "min", "mixed")


@dataclass(frozen=True)
class Arr:
    """A small array of ``dtype`` and ``shape``; ``native=False`` leaves it a NumPy array
    (a foreign array for every backend but numpy)."""

    dtype: str
    shape: tuple
    fill: str = "range"
    native: bool = True

    def __repr__(self) -> str:
        dims = ",".join(map(str, self.shape))
        where = "" if self.native else "np:"
        return f"{where}{self.dtype}[{dims}]({self.fill})"


class _Leaf:
    """An argument leaf that is no array: ``build`` makes its native value in the worker;
    its repr (what a report prints) is ``shown`` with its fields filled in."""

    shown: ClassVar[str]

    def __repr__(self) -> str:
        return self.shown.format(**vars(self))

    def build(self, backend: Any) -> Any:
        raise NotImplementedError


@dataclass(frozen=True, repr=False)
class DeepList(_Leaf):
    """``[[[...[1]...]]]`` nested ``depth`` deep."""

    depth: int
    shown = "<list nested {depth} deep>"

    def build(self, backend: Any) -> Any:
        return deep_list(self.depth)


@dataclass(frozen=True, repr=False)
class Dtype(_Leaf):
    """The namespace's dtype object of this standard name (``xp.float32``)."""

    name: str
    shown = "xp.{name}"

    def build(self, backend: Any) -> Any:
        return getattr(backend.xp, self.name)


@dataclass(frozen=True, repr=False)
class NpDtype(_Leaf):
    """A NumPy dtype object (a foreign dtype for every backend but numpy)."""

    name: str
    shown = "np.dtype({name!r})"

    def build(self, backend: Any) -> Any:
        return np.dtype(self.name)


@dataclass(frozen=True, repr=False)
class DefaultDevice(_Leaf):
    """The namespace's default device (``xp.__array_namespace_info__().default_device()``)."""

    shown = "<default device>"

    def build(self, backend: Any) -> Any:
        return backend.xp.__array_namespace_info__().default_device()


@dataclass(frozen=True)
class Valid:
    """A case drawn by the differential suite's strategies (``cases.strategy_for``)."""

    dtype: str
    special: bool
    seed: int

    def __repr__(self) -> str:
        special = " special" if self.special else ""
        return f"<differential case {self.dtype}{special} seed {self.seed}>"


@dataclass
class Call:
    """``xp.<qualname>(*args, **kwargs)``, or a differential case (``valid``, ``bad``)."""

    qualname: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    valid: Valid | None = None
    #: the id of a case of ``conformance/differential/bad_inputs.py`` to run instead
    bad: str | None = None

    def __repr__(self) -> str:
        if self.bad is not None:
            return f"{self.qualname} <bad-input case {self.bad}>"
        if self.valid is not None:
            return f"{self.qualname} {self.valid!r}"
        parts = [_show(a) for a in self.args]
        parts += [f"{k}={_show(v)}" for k, v in self.kwargs.items()]
        return f"{self.qualname}({', '.join(parts)})"


def _show(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ", ".join(_show(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------------------------------
# Worker side
# ---------------------------------------------------------------------------------------

def numpy_array(spec: Arr) -> np.ndarray:
    """The NumPy array an ``Arr`` describes."""
    dt = np.dtype(spec.dtype)
    n = int(np.prod(spec.shape, dtype=np.int64))
    fill = spec.fill
    if fill == "range":
        a = np.arange(n) % 7 - (0 if dt.kind in "ub" else 3)
        a = (a % 2).astype(bool) if dt.kind == "b" else a
    elif fill in ("zeros", "ones"):
        a = np.full(n, fill == "ones")
    elif fill in ("max", "min"):
        if dt.kind in "iu":
            info = np.iinfo(dt)
        elif dt.kind in "fc":
            info = np.finfo(dt)
        else:
            info = None
        a = np.full(n, True if info is None else (info.max if fill == "max" else info.min),
                    dtype=object)
    elif fill == "mixed":
        specials = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0] if dt.kind in "fc" else [0, 1]
        a = np.array([specials[i % len(specials)] for i in range(n)], dtype=object)
    else:  # a float special
        value = float(fill)
        a = np.full(n, value if dt.kind in "fc" else 0)
    with np.errstate(all="ignore"):
        return np.asarray(a, dtype=object).astype(dt).reshape(spec.shape)


def deep_list(depth: int) -> list:
    out: list = [1]
    for _ in range(depth - 1):
        out = [out]
    return out


def build(value: Any, backend: Any) -> Any:
    """Argument leaf specs -> native values for ``backend`` (a differential ``Backend``)."""
    if isinstance(value, Arr):
        a = numpy_array(value)
        return backend.make(a) if value.native else a
    if isinstance(value, _Leaf):
        return value.build(backend)
    if isinstance(value, list):
        return [build(v, backend) for v in value]
    if isinstance(value, tuple):
        return tuple(build(v, backend) for v in value)
    if isinstance(value, dict):
        return {k: build(v, backend) for k, v in value.items()}
    return value
