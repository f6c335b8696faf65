"""SciPy's, scikit-learn's and array-api-extra's own test suites, run with arraykit backends added.

``plugin.py`` (``-p conformance.library_suites.plugin``) adds an arraykit backend to each suite's
backend parametrisation; ``runner.py`` runs one pytest process per (suite, backend), survives
crashes, and records counts and categorised failures; ``categorise.py`` holds the failure
causes; ``report.py`` writes ``conformance/results/library_suites.md``.

    python -m conformance.library_suites --suite xpx --backend tensorflow jax [--subset ci]

``SUITES`` below is the one place that says which test files each suite runs.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Suite:
    name: str  # what --suite takes
    distribution: str  # whose version is recorded
    paths: tuple[str, ...]  # test files, relative to site-packages
    ci: tuple[str, ...]  # the small fixed subset (--subset ci)
    #: The suite's own pytest settings that its tests rely on (the wheel does not ship them).
    ini: str = ""
    #: ``--subset core``: the files a comparison between backends runs when the whole suite
    #: takes hours on this machine (empty: the whole suite).
    core: tuple[str, ...] = ()


#: SciPy's test modules in cluster, fft, integrate, ndimage, signal, special, stats and _lib
#: with tests that take the ``xp`` fixture (``grep -lE "def test\w*\([^)]*\bxp\b"``: 41
#: modules in SciPy 1.17.1; the issue counted 28 without naming them).
SCIPY_MODULES = tuple(f"scipy/{m}.py" for m in """
cluster/tests/test_hierarchy cluster/tests/test_vq
fft/tests/test_basic fft/tests/test_fftlog fft/tests/test_helper fft/tests/test_real_transforms
integrate/tests/test_cubature integrate/tests/test_quadrature integrate/tests/test_tanhsinh
ndimage/tests/test_filters ndimage/tests/test_fourier ndimage/tests/test_interpolation
ndimage/tests/test_measurements ndimage/tests/test_morphology ndimage/tests/test_splines
signal/tests/test_bsplines signal/tests/test_cont2discrete signal/tests/test_filter_design
signal/tests/test_fir_filter_design signal/tests/test_ltisys signal/tests/test_savitzky_golay
signal/tests/test_signaltools signal/tests/test_splines signal/tests/test_upfirdn
signal/tests/test_windows
special/tests/test_logsumexp special/tests/test_support_alternative_backends
stats/tests/test_continued_fraction stats/tests/test_correlation stats/tests/test_device_dtype
stats/tests/test_entropy stats/tests/test_hypotests stats/tests/test_marray
stats/tests/test_morestats stats/tests/test_quantile stats/tests/test_rank
stats/tests/test_resampling stats/tests/test_stats stats/tests/test_variation
_lib/tests/test__util _lib/tests/test_array_api
""".split())

#: scikit-learn's test files parametrised by ``yield_namespace_device_dtype_combinations`` or
#: ``yield_namespaces`` (29 in 1.9.1; ``sklearn/tests/test_common.py`` reaches the same
#: combinations through ``estimator_checks`` but is not run: its ids do not name a namespace).
SKLEARN_FILES = tuple(f"sklearn/{m}.py" for m in """
_loss/tests/test_link _loss/tests/test_loss decomposition/tests/test_pca
linear_model/_glm/tests/test_glm linear_model/tests/test_logistic linear_model/tests/test_ridge
metrics/cluster/tests/test_common metrics/cluster/tests/test_supervised
metrics/tests/test_classification metrics/tests/test_common metrics/tests/test_pairwise
mixture/tests/test_gaussian_mixture model_selection/tests/test_search
model_selection/tests/test_split model_selection/tests/test_validation
preprocessing/tests/test_data preprocessing/tests/test_label preprocessing/tests/test_polynomial
tests/test_calibration tests/test_kernel_approximation tests/test_naive_bayes tests/test_pipeline
utils/tests/test_array_api utils/tests/test_extmath utils/tests/test_indexing
utils/tests/test_multiclass utils/tests/test_optimize utils/tests/test_stats
utils/tests/test_validation
""".split())

SUITES = {
    s.name: s
    for s in [
        Suite("xpx", "array-api-extra", ("array_api_extra/tests/main",),
              ("array_api_extra/tests/main/test_at.py",
               "array_api_extra/tests/main/test_creation.py"),
              # pyproject.toml upstream; test_deprecation.py needs warnings raised as errors
              ini="filterwarnings =\n    error\n"),
        Suite("scipy", "scipy", SCIPY_MODULES,
              ("scipy/fft/tests/test_fftlog.py", "scipy/ndimage/tests/test_splines.py"),
              # cluster, fft, integrate, special and _lib: about 40 minutes a backend here,
              # where all 41 modules take hours (ndimage, signal and stats are the bulk).
              core=tuple(m for m in SCIPY_MODULES if m.split("/")[1] in
                         ("cluster", "fft", "integrate", "special", "_lib"))),
        Suite("sklearn", "scikit-learn", SKLEARN_FILES, ("sklearn/utils/tests/test_stats.py",)),
    ]
}
