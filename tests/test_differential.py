"""CI-sized cross-backend differential run (issue 9), plus checks that the harness can fail.

The run itself happens in a subprocess (``python -m conformance.differential --ci``): it
enables JAX's 64-bit mode and imports every framework, global state that must not leak into
the other tests of this session. In the main environment it compares numpy, torch, jax and
tensorflow with array-api-strict; in the mxnet environment mxnet with numpy. It fails on any
mismatch or bad-input inconsistency not listed in
``conformance/differential/known_mismatches.txt``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import types

import numpy as np
import pytest

from conformance.differential import cases, harness
from conformance.differential.backends import Backend

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_ci_differential_run(tmp_path):
    """The CI-sized run has no unexpected mismatch (stale known entries are printed)."""
    summary = tmp_path / "summary.json"
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", JAX_ENABLE_X64="1")
    proc = subprocess.run(
        [sys.executable, "-m", "conformance.differential", "--ci", "--quiet",
         "--json", str(summary)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    report = proc.stdout[proc.stdout.find("functions covered"):]
    print(report)  # noqa: T201 - the coverage report is this test's output (-s)
    assert proc.returncode == 0, (
        "differential run found mismatches not listed in "
        "conformance/differential/known_mismatches.txt:\n" + report[-6000:] + proc.stderr[-3000:]
    )


class _Wrong:
    """A namespace that gets ``add`` wrong: the harness must notice."""

    def __init__(self, xp):
        self._xp = xp

    def __getattr__(self, name):
        return getattr(self._xp, name)

    def add(self, a, b):
        return self._xp.subtract(a, b)


def _numpy_backends(broken: bool):
    import array_api_compat.numpy as cnp

    ref = Backend("numpy", cnp)
    other = Backend("numpy", _Wrong(cnp) if broken else cnp)
    return [ref, other]


def test_harness_detects_a_wrong_backend():
    stats = harness.Stats()
    case = cases.Case("add", "float64", (np.array([1.0, 2.0]), np.array([3.0, 4.0])),
                      lambda xp, a, b: xp.add(a, b))
    harness.run_case(case, _numpy_backends(broken=False), stats, "float64")
    assert not stats.mismatches
    harness.run_case(case, _numpy_backends(broken=True), stats, "float64")
    assert ("numpy", "add", "float64") in stats.mismatches


@pytest.mark.parametrize(("ref", "got", "bad"), [
    (np.array([1.0, np.nan]), np.array([1.0, np.nan]), False),
    (np.array([1.0, np.nan]), np.array([1.0, 2.0]), True),
    (np.array([1.0], np.float32), np.array([1.0], np.float64), True),
    (np.array([-0.0]), np.array([0.0]), True),       # signed_zero case below
    (np.zeros((2, 0)), np.zeros((0, 2)), True),
    ((np.array([1]), np.array([2])), (np.array([1]),), True),
    # complex: a part that cancels is compared at the modulus' precision (JAX's complex64
    # expm1 against NumPy's), a part wrong by more than that is not, nor an infinite part
    (np.array([-8.960578 + 3514.197j], np.complex64),
     np.array([-8.960432 + 3514.197j], np.complex64), False),
    (np.array([-8.960578 + 3514.197j], np.complex64),
     np.array([-8.9 + 3514.197j], np.complex64), True),
    (np.array([1.0 + 1e6j]), np.array([1.0 + 1e-7 + 1e6j]), False),
    (np.array([1.0 + 1e6j]), np.array([1.0 + 1e-3 + 1e6j]), True),
    (np.array([complex(np.inf, 1.0)]), np.array([complex(1e300, 1.0)]), True),
])
def test_compare(ref, got, bad):
    case = types.SimpleNamespace(values=True, tol="elementwise", signed_zero=True)
    assert (harness.compare(ref, got, case) is not None) == bad


def test_known_mismatches_file_parses_and_every_line_has_a_reason():
    entries = harness.load_known()
    assert all(e.reason for e in entries)
    key = ("torch", "sum", "uint16")
    unexpected, expected, _stale = harness.triage([key], entries, {key})
    assert len(unexpected) + len(expected) == 1


def test_known_line_without_reason_is_refused(tmp_path):
    p = tmp_path / "known.txt"
    p.write_text("torch sum uint16\n")
    with pytest.raises(ValueError, match="reason"):
        harness.load_known(str(p))
