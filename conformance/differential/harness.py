"""Run drawn cases on every backend and compare with the reference.

For each row of the spec table and each dtype of its category, hypothesis draws ``examples``
cases; each case's inputs are drawn once and run on every backend. The first backend is the
reference (array-api-strict in the main environment, NumPy in the mxnet one). A backend
mismatches when it raises where the reference does not, or returns a different structure,
dtype, shape or values (dtype-aware tolerances, NaN where NaN, +-inf where +-inf, and the
sign of zero where the standard's special cases fix it).

Mismatches are keyed ``(backend, function, label)``; ``label`` is the dtype, or
``<dtype>:special`` / ``:empty`` / ``:0d`` for the special-value suite, ``<dtype>:numpy-scalar``
for a case with a NumPy scalar in a scalar position, ``<dtype>:scalar`` for a Python scalar
``searchsorted`` key. The keys are matched against ``known_mismatches.txt``.
"""

from __future__ import annotations

import fnmatch
import os
import re
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hyp_seed
from hypothesis import strategies as st

from . import cases
from .backends import Backend
from .spec import CATEGORIES, functions

KNOWN_FILE = os.path.join(os.path.dirname(__file__), "known_mismatches.txt")

# rtol/atol by precision; "loose" covers linear algebra, FFT and long reductions, where
# backends use different algorithms (LAPACK vs Eigen vs XLA) and summation orders.
TOLERANCES = {
    ("elementwise", 32): (1e-5, 1e-6), ("elementwise", 64): (1e-12, 1e-14),
    ("loose", 32): (2e-3, 2e-4), ("loose", 64): (1e-8, 1e-10),
}


@dataclass
class Stats:
    """Counts and mismatches of one run."""

    pairs: set = field(default_factory=set)        # (function, dtype) pairs exercised
    cases: int = 0                                  # cases drawn (each run on every backend)
    runs: int = 0                                   # backend executions compared
    reference_errors: Counter = field(default_factory=Counter)   # function -> count
    mismatches: dict = field(default_factory=dict)  # (backend, func, label) -> first detail
    mismatch_counts: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    skipped: dict = field(default_factory=dict)     # function -> reason
    backend_seconds: Counter = field(default_factory=Counter)
    exercised: set = field(default_factory=set)     # (backend, function, label) compared

    def add_mismatch(self, key: tuple, detail: str) -> None:
        self.mismatch_counts[key] += 1
        self.mismatches.setdefault(key, detail)


# ---------------------------------------------------------------------------------------
# Normalising results
# ---------------------------------------------------------------------------------------

def normalise(backend: Backend, r: Any) -> Any:
    """A backend result -> plain NumPy arrays / Python values / dtype names, recursively."""
    if backend.is_array(r):
        return backend.to_numpy(r)
    if isinstance(r, (tuple, list)):
        return tuple(normalise(backend, t) for t in r)
    if isinstance(r, (bool, int, float, complex, str)) or r is None:
        return r
    name = backend.dtype_name(r)
    if name is not None:
        return ("dtype", name)
    if isinstance(r, (np.generic,)):
        # A NumPy scalar where an array was expected: keep it visible as such.
        return ("numpy scalar", r.dtype.name, r.item())
    return ("object", type(r).__name__)


def _tolerance(kind: str, dtype: np.dtype) -> tuple[float, float]:
    width = 32 if dtype in (np.float32, np.complex64) else 64
    return TOLERANCES[(kind if kind != "exact" else "elementwise", width)]


def compare(ref: Any, got: Any, case: cases.Case, path: str = "") -> str | None:
    """None when ``got`` matches ``ref``; else a short description of the first difference."""
    if isinstance(ref, np.ndarray):
        if not isinstance(got, np.ndarray):
            return f"{path}expected an array, got {got!r:.80}"
        if ref.dtype != got.dtype:
            return f"{path}dtype {got.dtype} != {ref.dtype}"
        if ref.shape != got.shape:
            return f"{path}shape {got.shape} != {ref.shape}"
        if not case.values or ref.size == 0:
            return None
        if ref.dtype.kind in "biuU":
            if not np.array_equal(ref, got):
                return f"{path}values {_show(got)} != {_show(ref)}"
            return None
        rtol, atol = _tolerance(case.tol, ref.dtype)
        if case.tol == "loose":
            # scale atol with the magnitude of the data (products and sums of several terms)
            finite = np.abs(ref[np.isfinite(ref)])
            atol = atol * max(1.0, float(finite.max()) if finite.size else 1.0)
        complex_ = ref.dtype.kind == "c"
        for part in ((ref.real, got.real), (ref.imag, got.imag)) if complex_ else ((ref, got),):
            a, b = part
            nan_a, nan_b = np.isnan(a), np.isnan(b)
            if not np.array_equal(nan_a, nan_b):
                return f"{path}NaN pattern: {_show(got)} vs {_show(ref)}"
            ok = np.isclose(b, a, rtol=rtol, atol=atol, equal_nan=True)
            if complex_ and not ok.all():
                # A complex value carries its precision relative to its modulus: a part that
                # cancels (a real part of 9 in a value of modulus 3514) holds complex64's
                # rounding of the whole, 4e-8 of 3514. Finite parts within rtol of the modulus
                # pass; infinities and NaN stay compared part by part.
                with np.errstate(invalid="ignore", over="ignore"):
                    near = np.abs(b - a) <= atol + rtol * np.abs(ref)
                ok |= np.isfinite(a) & np.isfinite(b) & near
            if not ok.all():
                return f"{path}values {_show(got)} != {_show(ref)}"
            if case.signed_zero and ref.dtype.kind == "f":
                zeros = a == 0
                if not np.array_equal(np.signbit(a[zeros]), np.signbit(b[zeros])):
                    return f"{path}sign of zero: {_show(got)} vs {_show(ref)}"
        return None
    if isinstance(ref, tuple) and not (ref and isinstance(ref[0], str)):
        if not isinstance(got, tuple) or len(got) != len(ref):
            return f"{path}structure {_brief(got)} != {_brief(ref)}"
        for i, (a, b) in enumerate(zip(ref, got)):
            d = compare(a, b, case, f"{path}[{i}] ")
            if d:
                return d
        return None
    if isinstance(ref, float) and isinstance(got, (float, int)) and not isinstance(got, bool):
        if (math_isnan(ref) and math_isnan(got)) or np.isclose(got, ref, rtol=1e-6, atol=0):
            return None
        return f"{path}{got!r} != {ref!r}"
    if type(ref) is not type(got) or ref != got:
        return f"{path}{got!r:.60} != {ref!r:.60}"
    return None


def math_isnan(v: Any) -> bool:
    return isinstance(v, float) and v != v


def _show(a: np.ndarray) -> str:
    text = np.array2string(np.asarray(a), precision=6, threshold=8, separator=",")
    text = re.sub(r"\s+", " ", text)
    return text if len(text) < 90 else text[:87] + "..."


def _brief(x: Any) -> str:
    if isinstance(x, np.ndarray):
        return f"array{x.shape}"
    if isinstance(x, tuple):
        return f"tuple(len {len(x)})"
    return type(x).__name__


# ---------------------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------------------

def _run_on(backend: Backend, case: cases.Case, stats: Stats | None = None
            ) -> tuple[Any, BaseException | None]:
    t0 = time.perf_counter()
    try:
        return _run_on_inner(backend, case)
    finally:
        if stats is not None:
            stats.backend_seconds[backend.name] += time.perf_counter() - t0


def _run_on_inner(backend: Backend, case: cases.Case) -> tuple[Any, BaseException | None]:
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            natives = [backend.make(a) for a in case.inputs]
            result = normalise(backend, case.call(backend.xp, *natives))
            if case.post is not None:
                result = case.post(result)
            return result, None
        except Exception as e:  # noqa: BLE001 - any framework error is a data point
            return None, e


def label_for(case: cases.Case, dt: str, special: bool) -> str:
    """The dtype label used in mismatch keys (see module docstring)."""
    if case.meta.get(cases.NUMPY_SCALAR):
        return f"{dt}:{cases.NUMPY_SCALAR}"
    if case.meta.get("scalar"):
        return f"{dt}:scalar"
    if not special:
        return dt
    if any(a.size == 0 for a in case.inputs):
        return f"{dt}:empty"
    if case.inputs and all(a.ndim == 0 for a in case.inputs):
        return f"{dt}:0d"
    return f"{dt}:special"


#: Functions whose reference is NumPy rather than array-api-strict, because strict itself is
#: wrong there (strict is then compared like the other backends, so its bug stays listed).
REFERENCE_OVERRIDES = {
    # array-api-strict 2.6.1: isin(x1, x2, invert=True) returns the same as invert=False.
    "isin": "numpy",
    # array-api-strict 2.6.1 passes NumPy's values through where the standard's special cases
    # say otherwise (inf // 3 is NaN there, +inf in the standard; -5 // inf is -1, not -0;
    # complex expm1 at infinite parts); arraykit's numpy namespace follows the standard.
    "floor_divide": "numpy",
    "expm1": "numpy",
    # array-api-strict refuses a Python float x2 with an integer x1 (the standard leaves mixed
    # kinds to the implementation); NumPy's answer is the exact position.
    "searchsorted": "numpy",
    # array-api-strict refuses bool input, which arraykit sorts as NumPy does (spec.py).
    "sort": "numpy",
    "argsort": "numpy",
}


def run_case(case: cases.Case, backends: list[Backend], stats: Stats, label: str) -> None:
    """Run one drawn case on every backend; record mismatches against backends[0]."""
    override = REFERENCE_OVERRIDES.get(case.func)
    if override and backends[0].name != override and any(b.name == override for b in backends):
        backends = sorted(backends, key=lambda b: b.name != override)
    reference = backends[0]
    ref, ref_err = _run_on(reference, case, stats)
    stats.cases += 1
    if ref_err is not None:
        # The reference refuses this input (e.g. max of an empty array): not comparable.
        stats.reference_errors[case.func] += 1
        return
    for backend in backends[1:]:
        # The case's own dtype too: creation functions take it as an argument, not an input.
        if not backend.supports(case.label) or not all(
                backend.supports(str(a.dtype)) for a in case.inputs) or not all(
                backend.supports(d) for d in case.dtypes):
            continue
        got, err = _run_on(backend, case, stats)
        stats.runs += 1
        key = (backend.name, case.func, label)
        stats.exercised.add(key)
        where = f"{case.func}({case.params}) inputs {[f'{a.dtype}{a.shape}' for a in case.inputs]}"
        if err is not None:
            msg = str(err).strip().splitlines()[0] if str(err).strip() else ""
            stats.add_mismatch(key, f"raised {type(err).__name__}: {msg[:120]} | {where}")
            continue
        try:
            diff = compare(ref, got, case)
        except Exception as e:  # noqa: BLE001 - an un-comparable result is a mismatch
            diff = f"comparison failed: {type(e).__name__}: {e}"
        if diff:
            stats.add_mismatch(key, f"{diff} | {where}")


def dtypes_for(row: dict, backends: list[Backend]) -> list[str]:
    """The dtypes of ``row``'s category that the backends here can hold."""
    dts = CATEGORIES[row["category"]]
    return [d for d in dts if all(b.supports(d) for b in backends)] if len(backends) == 2 \
        and backends[1].name == "mxnet" else list(dts)


#: CI-sized runs test this many dtypes of each function's category (rotating through the
#: category from function to function, so every dtype is still exercised somewhere) and one
#: dtype in the special-value suite. JAX compiles each op once per (shape, dtype), ~0.1 s on
#: this busy machine, so the number of (function, dtype) pairs sets the CI time.
CI_DTYPES_PER_FUNCTION = 2


def _ci_subset(dts: list[str], index: int, k: int) -> list[str]:
    if len(dts) <= k:
        return dts
    start = (index * k) % len(dts)
    return [dts[(start + j) % len(dts)] for j in range(k)]


def run(backends: list[Backend], examples: int, *, derandomize: bool, only: str | None = None,
        progress: bool = False, special_examples: int | None = None, ci: bool = False,
        seed: int | None = None) -> Stats:
    """Walk the spec table; ``examples`` cases per (function, dtype) and per special suite.

    ``ci``: restrict each function to a rotating subset of its dtypes (the CI-sized run).
    """
    stats = Stats()
    start = time.time()
    rows = [r for r in functions() if not only or fnmatch.fnmatch(r["qualname"], only)]
    special_examples = examples if special_examples is None else special_examples
    for i, row in enumerate(rows):
        t0 = time.time()
        if row["namespace"] and not all(hasattr(b.xp, row["namespace"]) for b in backends[:1]):
            stats.skipped[row["qualname"]] = "reference has no such extension"
            continue
        dts = dtypes_for(row, backends)
        float_dts = [d for d in dts if d != "bool" and not d.startswith(("int", "uint"))]
        special_dts = float_dts if cases.has_special_suite(row) else []
        if ci and any(b.name == "jax" for b in backends):
            # only where JAX compiles make every pair expensive (see CI_DTYPES_PER_FUNCTION)
            dts = _ci_subset(dts, i, CI_DTYPES_PER_FUNCTION)
            special_dts = _ci_subset(special_dts, i, 1)
        for dt in sorted(set(dts) | set(special_dts), key=CATEGORIES["any"].index):
            suites = [(False, examples)] if dt in dts else []
            if dt in special_dts:
                suites.append((True, special_examples))
            for special, n in suites:
                if n <= 0:
                    continue
                stats.pairs.add((row["qualname"], dt))
                _drive(row, dt, special, n, backends, stats, derandomize, seed)
        if progress:
            print(f"[{i + 1:3d}/{len(rows)}] {row['qualname']:<24} {time.time() - t0:6.2f}s  "
                  f"cases={stats.cases} mismatch keys={len(stats.mismatches)}", flush=True)
    stats.seconds = time.time() - start
    return stats


def _drive(row, dt, special, n, backends, stats, derandomize, seed=None):
    """Let hypothesis draw ``n`` cases of (row, dt) and run each on every backend.

    The inner test never fails (mismatches are collected in ``stats``), so hypothesis does
    not shrink: the first failing input of each key is kept as drawn.
    """
    strategy = cases.strategy_for(row, dt, special)

    @settings(max_examples=n, database=None, deadline=None, derandomize=derandomize,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck),
              report_multiple_bugs=False)
    @given(st.data())
    def drive(data):
        case = data.draw(strategy)
        run_case(case, backends, stats, label_for(case, dt, special))

    if seed is not None:
        drive = hyp_seed(seed)(drive)
    drive()


# ---------------------------------------------------------------------------------------
# Known mismatches
# ---------------------------------------------------------------------------------------

@dataclass
class KnownEntry:
    backend: str
    func: str
    label: str
    reason: str
    line: int

    def matches(self, key: tuple) -> bool:
        b, f, lab = key
        return (fnmatch.fnmatchcase(b, self.backend) and fnmatch.fnmatchcase(f, self.func)
                and fnmatch.fnmatchcase(lab, self.label))


def load_known(path: str = KNOWN_FILE) -> list[KnownEntry]:
    """Parse known_mismatches.txt: ``<backend> <function> <label>  # <reason>`` per line.

    Fields may be shell-style globs (``torch * uint16``). A line without a reason is an error:
    every listed mismatch must say which bug is behind it.
    """
    entries = []
    if not os.path.exists(path):
        return entries
    with open(path) as f:
        for n, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            body, sep, reason = text.partition("#")
            parts = body.split()
            if len(parts) != 3 or not sep or not reason.strip():
                raise ValueError(f"{path}:{n}: expected '<backend> <function> <label>  # "
                                 f"<reason>', got {text!r}")
            entries.append(KnownEntry(*parts, reason.strip(), n))
    return entries


def triage(keys, known: list[KnownEntry], exercised: set[tuple]):
    """Split mismatch keys into (unexpected, expected) and find stale known entries.

    An entry is stale when it matches a (backend, function, label) this run exercised but
    matched no mismatch: the bug behind it is fixed (or the draws missed it this time; the
    CI run is derandomized, so there it is a real change).
    """
    unexpected, expected = [], []
    used = set()
    for key in sorted(keys):
        hit = [e for e in known if e.matches(key)]
        if hit:
            expected.append(key)
            used.update(e.line for e in hit)
        else:
            unexpected.append(key)
    stale = [e for e in known if e.line not in used and any(e.matches(k) for k in exercised)]
    return unexpected, expected, stale
