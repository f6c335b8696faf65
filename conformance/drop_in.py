"""Drop-in check: real SciPy, scikit-learn and array-api-extra functions on TensorFlow and
MXNet arrays, through ``arraykit.enable()``, compared with the same call on NumPy arrays.

Those libraries find a namespace through array-api-compat, which falls back to
``x.__array_namespace__()`` for types it does not know: the array-object surface that
``arraykit.enable()`` switches on is all they need. ``CASES`` is the list of calls tried;
``KNOWN_FAILURES`` says, for each one that does not work, why (whose limitation it is).
``tests/test_drop_in.py`` holds both to account: a listed failure that starts working fails the
test too, so the table in the README stays true.

    python -m conformance.drop_in     # run every case here, write conformance/results/drop_in.md
"""

from __future__ import annotations

import os

# SciPy reads this once, at import: it must be set before anything imports scipy.
os.environ.setdefault("SCIPY_ARRAY_API", "1")

import dataclasses
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import arraykit
from arraykit.cli import to_numpy

RESULTS = Path(__file__).resolve().parent / "results" / "drop_in.md"


@dataclasses.dataclass(frozen=True)
class Case:
    """One library call. ``call(mk, xp)`` builds its inputs with ``mk`` (NumPy -> native) from
    the fixed data in ``DATA`` and returns the library's result; ``xp`` is the namespace, for
    the functions that take one."""

    library: str  # distribution name, also the import check
    name: str
    call: Callable[[Callable[[np.ndarray], Any], Any], Any]
    sign_free: bool = False  # results defined up to sign (PCA components)


_rng = np.random.default_rng(0)
DATA = {
    "X": _rng.standard_normal((40, 5)),
    "y": (_rng.standard_normal(40) > 0).astype(np.int64),
    "p": _rng.uniform(0.1, 0.9, (6, 5)),
    "v": np.array([3.0, 1.0, 2.0, 5.0, 4.0]),
    "i": np.array([0, 2, 1, 2]),
}
DATA["yr"] = DATA["X"] @ np.arange(5.0) + 1.0


def _sk(path: str) -> Any:
    module, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def _xpx(name: str) -> Any:
    return getattr(importlib.import_module("array_api_extra"), name)


def _case(library: str, name: str, call: Callable, **kw: Any) -> Case:
    return Case(library, name, call, **kw)


D = DATA
CASES: list[Case] = [
    # scikit-learn, with array_api_dispatch=True (set by run_case)
    _case("scikit-learn", "decomposition.PCA.fit_transform",
          lambda mk, xp: _sk("sklearn.decomposition.PCA")(n_components=2, svd_solver="full")
          .fit_transform(mk(D["X"])), sign_free=True),
    _case("scikit-learn", "discriminant_analysis.LinearDiscriminantAnalysis.predict_proba",
          lambda mk, xp: _sk("sklearn.discriminant_analysis.LinearDiscriminantAnalysis")()
          .fit(mk(D["X"]), mk(D["y"])).predict_proba(mk(D["X"]))),
    _case("scikit-learn", "linear_model.Ridge.predict",
          lambda mk, xp: _sk("sklearn.linear_model.Ridge")(solver="svd")
          .fit(mk(D["X"]), mk(D["yr"])).predict(mk(D["X"]))),
    _case("scikit-learn", "preprocessing.StandardScaler.fit_transform",
          lambda mk, xp: _sk("sklearn.preprocessing.StandardScaler")().fit_transform(mk(D["X"]))),
    _case("scikit-learn", "preprocessing.MinMaxScaler.fit_transform",
          lambda mk, xp: _sk("sklearn.preprocessing.MinMaxScaler")().fit_transform(mk(D["X"]))),
    _case("scikit-learn", "preprocessing.MaxAbsScaler.fit_transform",
          lambda mk, xp: _sk("sklearn.preprocessing.MaxAbsScaler")().fit_transform(mk(D["X"]))),
    _case("scikit-learn", "metrics.r2_score",
          lambda mk, xp: _sk("sklearn.metrics.r2_score")(mk(D["yr"]), mk(D["yr"] * 0.9))),
    _case("scikit-learn", "metrics.mean_squared_error",
          lambda mk, xp: _sk("sklearn.metrics.mean_squared_error")(mk(D["yr"]), mk(D["yr"] * 0.9))),
    _case("scikit-learn", "metrics.accuracy_score",
          lambda mk, xp: _sk("sklearn.metrics.accuracy_score")(mk(D["y"]),
                                                              mk(D["y"][::-1].copy()))),
    _case("scikit-learn", "metrics.zero_one_loss",
          lambda mk, xp: _sk("sklearn.metrics.zero_one_loss")(mk(D["y"]), mk(D["y"][::-1].copy()))),
    _case("scikit-learn", "metrics.mean_absolute_error",
          lambda mk, xp: _sk("sklearn.metrics.mean_absolute_error")(mk(D["yr"]),
                                                                   mk(D["yr"] * 0.9))),
    _case("scikit-learn", "metrics.max_error",
          lambda mk, xp: _sk("sklearn.metrics.max_error")(mk(D["yr"]), mk(D["yr"] * 0.9))),
    _case("scikit-learn", "metrics.mean_poisson_deviance",
          lambda mk, xp: _sk("sklearn.metrics.mean_poisson_deviance")(
              mk(np.abs(D["yr"]) + 0.1), mk(np.abs(D["yr"]) * 0.9 + 0.1))),
    _case("scikit-learn", "metrics.hamming_loss",
          lambda mk, xp: _sk("sklearn.metrics.hamming_loss")(mk(D["y"]), mk(D["y"][::-1].copy()))),
    _case("scikit-learn", "metrics.pairwise.linear_kernel",
          lambda mk, xp: _sk("sklearn.metrics.pairwise.linear_kernel")(mk(D["X"][:6]))),
    _case("scikit-learn", "metrics.pairwise.polynomial_kernel",
          lambda mk, xp: _sk("sklearn.metrics.pairwise.polynomial_kernel")(mk(D["X"][:6]))),
    _case("scikit-learn", "metrics.pairwise.sigmoid_kernel",
          lambda mk, xp: _sk("sklearn.metrics.pairwise.sigmoid_kernel")(mk(D["X"][:6]))),
    _case("scikit-learn", "metrics.explained_variance_score",
          lambda mk, xp: _sk("sklearn.metrics.explained_variance_score")(mk(D["yr"]),
                                                                         mk(D["yr"] * 0.9))),
    _case("scikit-learn", "metrics.pairwise.euclidean_distances",
          lambda mk, xp: _sk("sklearn.metrics.pairwise.euclidean_distances")(mk(D["X"][:6]))),
    _case("scikit-learn", "metrics.pairwise.rbf_kernel",
          lambda mk, xp: _sk("sklearn.metrics.pairwise.rbf_kernel")(mk(D["X"][:6]))),
    # SciPy, with SCIPY_ARRAY_API=1
    _case("scipy", "special.logsumexp",
          lambda mk, xp: _sk("scipy.special.logsumexp")(mk(D["X"]), axis=1)),
    _case("scipy", "special.erf", lambda mk, xp: _sk("scipy.special.erf")(mk(D["X"]))),
    _case("scipy", "special.expit", lambda mk, xp: _sk("scipy.special.expit")(mk(D["X"]))),
    _case("scipy", "special.softmax",
          lambda mk, xp: _sk("scipy.special.softmax")(mk(D["X"]), axis=1)),
    _case("scipy", "special.entr", lambda mk, xp: _sk("scipy.special.entr")(mk(D["p"]))),
    _case("scipy", "stats.skew", lambda mk, xp: _sk("scipy.stats.skew")(mk(D["X"]), axis=0)),
    _case("scipy", "stats.zscore", lambda mk, xp: _sk("scipy.stats.zscore")(mk(D["X"]), axis=0)),
    _case("scipy", "stats.moment",
          lambda mk, xp: _sk("scipy.stats.moment")(mk(D["X"]), order=3, axis=0)),
    _case("scipy", "stats.sem", lambda mk, xp: _sk("scipy.stats.sem")(mk(D["X"]), axis=0)),
    _case("scipy", "stats.entropy", lambda mk, xp: _sk("scipy.stats.entropy")(mk(D["p"]), axis=0)),
    _case("scipy", "cluster.vq.whiten", lambda mk, xp: _sk("scipy.cluster.vq.whiten")(mk(D["X"]))),
    _case("scipy", "fft.rfft", lambda mk, xp: _sk("scipy.fft.rfft")(mk(D["X"]))),
    _case("scipy", "integrate.trapezoid",
          lambda mk, xp: _sk("scipy.integrate.trapezoid")(mk(D["X"]), axis=0)),
    # array-api-extra: every public function that takes an array (and xp where it must)
    _case("array-api-extra", "angle", lambda mk, xp: _xpx("angle")(mk(D["v"]))),
    _case("array-api-extra", "apply_where",
          lambda mk, xp: _xpx("apply_where")(mk(D["v"]) > 2, mk(D["v"]), lambda a: a * 2,
                                             fill_value=0.0)),
    _case("array-api-extra", "argpartition",
          lambda mk, xp: xp.sort(_xpx("argpartition")(mk(D["v"]), 2)[:2])),
    _case("array-api-extra", "at(...).set",
          lambda mk, xp: _xpx("at")(mk(D["v"]), 1).set(9.0)),
    _case("array-api-extra", "atleast_nd", lambda mk, xp: _xpx("atleast_nd")(mk(D["v"]), ndim=3)),
    _case("array-api-extra", "broadcast_shapes",
          lambda mk, xp: _xpx("broadcast_shapes")((2, 1), (1, 3))),
    _case("array-api-extra", "cov", lambda mk, xp: _xpx("cov")(mk(D["p"]))),
    _case("array-api-extra", "create_diagonal",
          lambda mk, xp: _xpx("create_diagonal")(mk(D["v"]))),
    _case("array-api-extra", "default_dtype",
          lambda mk, xp: _xpx("default_dtype")(xp) == xp.__array_namespace_info__()
          .default_dtypes()["real floating"]),
    _case("array-api-extra", "deg2rad", lambda mk, xp: _xpx("deg2rad")(mk(D["v"]))),
    _case("array-api-extra", "diag_indices",
          lambda mk, xp: _xpx("diag_indices")(3, xp=xp)[0]),
    _case("array-api-extra", "expand_dims",
          lambda mk, xp: _xpx("expand_dims")(mk(D["v"]), axis=(0, 2))),
    _case("array-api-extra", "isclose",
          lambda mk, xp: _xpx("isclose")(mk(D["v"]), mk(D["v"] + 1e-9))),
    _case("array-api-extra", "isin",
          lambda mk, xp: _xpx("isin")(mk(D["i"]), mk(D["i"][:2].copy()))),
    _case("array-api-extra", "kron", lambda mk, xp: _xpx("kron")(mk(D["p"][:2, :2].copy()),
                                                                mk(D["p"][:2, :2].copy()))),
    _case("array-api-extra", "lazy_apply",
          lambda mk, xp: _xpx("lazy_apply")(lambda a: a * 2.0, mk(D["v"]), shape=(5,),
                                            dtype=mk(D["v"]).dtype)),
    _case("array-api-extra", "nan_to_num",
          lambda mk, xp: _xpx("nan_to_num")(mk(np.array([1.0, np.nan, np.inf])))),
    _case("array-api-extra", "nanmax",
          lambda mk, xp: _xpx("nanmax")(mk(np.array([1.0, np.nan, 3.0])))),
    _case("array-api-extra", "nanmean",
          lambda mk, xp: _xpx("nanmean")(mk(np.array([1.0, np.nan, 3.0])))),
    _case("array-api-extra", "nanmin",
          lambda mk, xp: _xpx("nanmin")(mk(np.array([1.0, np.nan, 3.0])))),
    _case("array-api-extra", "nansum",
          lambda mk, xp: _xpx("nansum")(mk(np.array([1.0, np.nan, 3.0])))),
    _case("array-api-extra", "nunique", lambda mk, xp: _xpx("nunique")(mk(D["i"]))),
    _case("array-api-extra", "one_hot", lambda mk, xp: _xpx("one_hot")(mk(D["i"]), 3)),
    _case("array-api-extra", "pad", lambda mk, xp: _xpx("pad")(mk(D["v"]), 2)),
    _case("array-api-extra", "partition",
          lambda mk, xp: xp.sort(_xpx("partition")(mk(D["v"]), 2)[:2])),
    _case("array-api-extra", "rad2deg", lambda mk, xp: _xpx("rad2deg")(mk(D["v"]))),
    _case("array-api-extra", "searchsorted",
          lambda mk, xp: _xpx("searchsorted")(mk(np.sort(D["v"])), mk(D["v"]))),
    _case("array-api-extra", "setdiff1d",
          lambda mk, xp: _xpx("setdiff1d")(mk(D["i"]), mk(np.array([2])))),
    _case("array-api-extra", "sinc", lambda mk, xp: _xpx("sinc")(mk(D["v"]))),
    _case("array-api-extra", "tril_indices", lambda mk, xp: _xpx("tril_indices")(3, xp=xp)[1]),
    _case("array-api-extra", "triu_indices", lambda mk, xp: _xpx("triu_indices")(3, xp=xp)[1]),
    _case("array-api-extra", "union1d",
          lambda mk, xp: _xpx("union1d")(mk(D["i"]), mk(np.array([7, 0])))),
    _case("array-api-extra", "unravel_index",
          lambda mk, xp: _xpx("unravel_index")(mk(D["i"]), (2, 2))[1]),
]

_WRITES_COMPUTED = (
    "library limitation",
    "writes into an array it computed itself (x[mask] = v, x[i, i] = v) without asking "
    "is_writeable_array; TF tensors are immutable, and the same call fails on JAX arrays",
)

#: (framework, "library name") -> (whose limitation, why). Every case not listed must work.
#: A "library limitation" must fail on JAX arrays too (tests/test_drop_in.py checks it): where
#: the library works on JAX's immutable arrays, it must work on TF's.
KNOWN_FAILURES: dict[tuple[str, str], tuple[str, str]] = {
    ("tensorflow", f"{lib} {name}"): _WRITES_COMPUTED
    for lib, name in [
        ("scikit-learn", "discriminant_analysis.LinearDiscriminantAnalysis.predict_proba"),
        ("scikit-learn", "linear_model.Ridge.predict"),
        ("scikit-learn", "preprocessing.StandardScaler.fit_transform"),
        ("scikit-learn", "preprocessing.MinMaxScaler.fit_transform"),
        ("scikit-learn", "preprocessing.MaxAbsScaler.fit_transform"),
        ("scikit-learn", "metrics.r2_score"),
        ("scikit-learn", "metrics.explained_variance_score"),
        ("scikit-learn", "metrics.pairwise.euclidean_distances"),
        ("scikit-learn", "metrics.pairwise.rbf_kernel"),
    ]
}
# The mxnet environment has SciPy 1.15 and scikit-learn 1.7, the newest beside numpy 1.23.
KNOWN_FAILURES.update({
    ("mxnet", "scipy special.softmax"): (
        "library limitation", "SciPy 1.15 computes softmax with NumPy functions (np.amax, "
        "np.exp), so a NumPy array comes back; later SciPy releases use the array's namespace"),
    ("mxnet", "scipy fft.rfft"): (
        "framework limitation", "the result is complex and MXNet 1.9.1 has no complex dtype "
        "(arraykit refuses with a TypeError naming mxnet, fft.rfft and the dtype)"),
    ("mxnet", "scikit-learn metrics.pairwise.euclidean_distances"): (
        "library limitation", "scikit-learn 1.7 zeroes the diagonal by writing through "
        "reshape(x, (-1,)), a view in NumPy; the standard does not promise a view, and MXNet's "
        "reshape does not write through, so the diagonal keeps its 4e-8 rounding"),
})


def works_on_jax(case: Case) -> bool | None:
    """Whether ``case`` runs on JAX arrays (the other immutable arrays the libraries know);
    None where JAX is not installed. Only "does it run": the values are not compared."""
    if importlib.util.find_spec("jax") is None:
        return None
    import jax.numpy as jnp

    if case.library == "scikit-learn":
        import sklearn

        sklearn.set_config(array_api_dispatch=True)
    try:
        case.call(jnp.asarray, arraykit.array_namespace(jnp.zeros(1)))
    except Exception:  # noqa: BLE001 - the point is only whether it runs
        return False
    return True


#: Frameworks this check covers, and how to build their arrays.
FRAMEWORKS = ("tensorflow", "mxnet")


def case_id(case: Case) -> str:
    return f"{case.library} {case.name}"


def available(framework: str, library: str) -> bool:
    module = {"scikit-learn": "sklearn", "array-api-extra": "array_api_extra"}.get(library, library)
    return all(importlib.util.find_spec(m) is not None for m in (framework, module))


def run_case(case: Case, framework: str) -> tuple[bool | None, str]:
    """Run ``case`` on ``framework`` and on NumPy; (works, detail). ``works`` is None when the
    NumPy reference itself fails in this environment (e.g. a library newer than its NumPy)."""
    backend = arraykit.BACKENDS[[b.name for b in arraykit.BACKENDS].index(framework)]
    if case.library == "scikit-learn":
        import sklearn

        sklearn.set_config(array_api_dispatch=True)
    with arraykit.array_objects(framework):
        mk = backend.make_array
        if framework == "mxnet":  # mxnet.numpy.array(ndarray) would cast integers to float32
            def mk(a: np.ndarray) -> Any:
                return backend.make_array(a).astype(a.dtype)

        xp = arraykit.array_namespace(mk(np.zeros(1)))
        try:
            expected = case.call(np.asarray, arraykit.array_namespace(np.zeros(1)))
        except Exception as e:  # noqa: BLE001 - nothing to compare with in this environment
            return None, f"the NumPy reference fails here: {type(e).__name__}: {e}"[:200]
        if arraykit.is_array_api_obj(expected):
            expected = to_numpy(expected)
        try:
            result = case.call(mk, xp)
        except Exception as e:  # noqa: BLE001 - the point is to report it, whatever it is
            return False, f"{type(e).__name__}: {str(e).splitlines()[0][:150] if str(e) else ''}"
    if not arraykit.is_array_api_obj(result):  # a Python value (a shape, a flag): compare it
        got, want = np.asarray(result), np.asarray(expected)
        same = got.shape == want.shape and (
            np.array_equal(got, want) if got.dtype.kind in "bUSO" or want.dtype.kind in "bUSO"
            else np.allclose(got, want, rtol=1e-6, atol=1e-8))
        return same, "Python value" if same else f"{result!r} != NumPy's {expected!r}"
    if not backend.is_array(result) and np.ndim(expected) > 0:
        kind = f"{type(result).__module__}.{type(result).__name__}"
        return False, f"returned a {kind}, not a {framework} array"
    got = to_numpy(result)
    if case.sign_free:
        got, expected = np.abs(got), np.abs(expected)
    if got.shape != np.shape(expected) or not np.allclose(got, expected, rtol=1e-6, atol=1e-8):
        worst = np.max(np.abs(got - expected))
        return False, f"values differ from NumPy's (max |diff| {worst:.2e})"
    return True, f"{type(result).__module__.split('.')[0]}.{type(result).__name__}"


def table(framework: str) -> str:
    rows = [f"| library | function | {framework} | why not | on JAX |", "|---|---|---|---|---|"]
    for case in CASES:
        if not available(framework, case.library):
            continue
        works, detail = run_case(case, framework)
        if works is None:
            rows.append(f"| {case.library} | `{case.name}` | n/a | {detail} | |")
            continue
        why = "" if works else " / ".join(KNOWN_FAILURES.get((framework, case_id(case)),
                                                               ("unexplained", detail)))
        on_jax = "" if works else {True: "works", False: "fails", None: ""}[works_on_jax(case)]
        rows.append(f"| {case.library} | `{case.name}` | {'yes' if works else 'no'} | {why} "
                    f"| {on_jax} |")
    return "\n".join(rows)


README = RESULTS.parent.parent.parent / "README.md"
SUMMARY_START, SUMMARY_END = "<!-- drop-in:start -->", "<!-- drop-in:end -->"


def write_readme_summary() -> None:
    """Summarise ``results/drop_in.md`` in the README: per framework and library, how many
    calls work, and why the others do not."""
    rows = ["| framework | library | works | does not work, and why |", "|---|---|---|---|"]
    for section in RESULTS.read_text().split("### ")[1:]:
        framework = section.split()[0]
        per_lib: dict[str, list[str]] = {}
        for line in section.splitlines():
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) < 4 or cells[2] not in ("yes", "no"):
                continue
            per_lib.setdefault(cells[0], []).append(line)
            if cells[2] == "no":
                per_lib[cells[0]].append(f"NO {cells[1]} {cells[3]}")
        for lib, lines in per_lib.items():
            total = sum(1 for ln in lines if not ln.startswith("NO "))
            failures = [ln[3:] for ln in lines if ln.startswith("NO ")]
            works = total - len(failures)
            why = "; ".join(sorted({f.split(" ", 1)[1].replace(" / ", ": ", 1) for f in failures}))
            names = ", ".join(f.split(" ", 1)[0] for f in failures)
            rows.append(f"| {framework} | {lib} | {works}/{total} | "
                        f"{names + ' (' + why + ')' if failures else ''} |")
    text = README.read_text()
    head, _, rest = text.partition(SUMMARY_START)
    _, _, tail = rest.partition(SUMMARY_END)
    README.write_text(head + SUMMARY_START + "\n" + "\n".join(rows) + "\n" + SUMMARY_END + tail)


if __name__ == "__main__":
    import sys

    sections = []
    for fw in FRAMEWORKS:
        if importlib.util.find_spec(fw) is not None:
            print(f"running {len(CASES)} cases on {fw} ...", file=sys.stderr)
            sections.append(f"### {fw}\n\n{table(fw)}\n")
    text = "\n".join(sections)
    print(text)
    if sections:
        # Each environment holds one framework: keep the other framework's section.
        old = RESULTS.read_text() if RESULTS.exists() else ""
        kept = [s for s in old.split("### ")[1:] if not any(s.startswith(fw) for fw in FRAMEWORKS
                                                             if f"### {fw}" in text)]
        RESULTS.write_text(text + "".join(f"\n### {s}" for s in kept))
        write_readme_summary()
