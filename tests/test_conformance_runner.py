"""The conformance runner's own logic (the suite itself runs outside the test suite)."""

import pytest

from conformance import runner


def test_every_xfail_line_has_a_reason(tmp_path):
    for path in [*runner.XFAILS_DIR.glob("*.txt"), *runner.SKIPS_DIR.glob("*.txt")]:
        runner.read_xfails(path)  # raises on a line without a reason


def test_read_xfails_refuses_a_line_without_reason(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("# header\n"
                    "array_api_tests/test_a.py::test_b  # why\n"
                    "array_api_tests/test_c.py::test_d\n")
    with pytest.raises(runner.XfailFileError, match="every xfail needs a reason"):
        runner.read_xfails(path)


def test_read_xfails_parses_ids_and_reasons(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("array_api_tests/test_a.py::test_b  # the reason\n")
    assert runner.read_xfails(path) == {"array_api_tests/test_a.py::test_b": "the reason"}


def test_unknown_backend_and_missing_suite_are_clear(monkeypatch):
    monkeypatch.delenv("ARRAY_API_TESTS_PATH", raising=False)
    with pytest.raises(SystemExit, match="unknown backend"):
        runner.run("nope", None)
    with pytest.raises(SystemExit, match="--suite PATH or ARRAY_API_TESTS_PATH"):
        runner.run("numpy", None)
