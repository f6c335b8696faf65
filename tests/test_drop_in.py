"""SciPy, scikit-learn and array-api-extra on TensorFlow / MXNet arrays (conformance/drop_in.py).

Every case either works (same values as on NumPy, a native array back) or is listed in
KNOWN_FAILURES with whose limitation it is; a listed case that starts working fails here too,
so the README's table cannot go stale.
"""


import pytest
from frameworks import NOT_INSTALLED, installed, require

from conformance import drop_in

PARAMS = [
    pytest.param(fw, case, id=f"{fw}-{drop_in.case_id(case)}")
    for fw in drop_in.FRAMEWORKS
    for case in drop_in.CASES
]


@pytest.mark.parametrize(("framework", "case"), PARAMS)
def test_drop_in(framework, case):
    if not installed(framework):
        pytest.skip(NOT_INSTALLED.format(framework))
    if not drop_in.available(framework, case.library):
        pytest.skip(f"{case.library} is not installed in this environment")
    works, detail = drop_in.run_case(case, framework)
    if works is None:
        pytest.skip(detail)
    known = drop_in.KNOWN_FAILURES.get((framework, drop_in.case_id(case)))
    if known is None:
        assert works, f"{drop_in.case_id(case)} on {framework}: {detail}"
    else:
        assert not works, (
            f"{drop_in.case_id(case)} now works on {framework}: remove it from "
            f"KNOWN_FAILURES ({known[0]}: {known[1]})"
        )


def test_every_known_failure_names_a_real_case_and_a_category():
    ids = {drop_in.case_id(c) for c in drop_in.CASES}
    for (framework, case), (category, why) in drop_in.KNOWN_FAILURES.items():
        assert framework in drop_in.FRAMEWORKS and case in ids
        assert category in ("library limitation", "framework limitation", "arraykit bug")
        assert why


@pytest.mark.parametrize(
    ("framework", "case"),
    [pytest.param(fw, c, id=f"{fw}-{drop_in.case_id(c)}") for c in drop_in.CASES
     for fw in drop_in.FRAMEWORKS
     if drop_in.KNOWN_FAILURES.get((fw, drop_in.case_id(c)), ("",))[0] == "library limitation"],
)
def test_a_library_limitation_fails_on_jax_too(framework, case):
    """Where the library runs on JAX's immutable arrays, a failure on ours is arraykit's.
    Judged in the framework's own environment (the library versions differ between them)."""
    require(framework)
    require("jax")
    if not drop_in.available("jax", case.library):
        pytest.skip(f"{case.library} is not installed in this environment")
    assert drop_in.works_on_jax(case) is False, (
        f"{drop_in.case_id(case)} works on JAX: it is not a library limitation on {framework}")
