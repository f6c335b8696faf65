"""``python -m conformance BACKEND --suite PATH [--max-examples N]``;
``python -m conformance matrix``."""

from __future__ import annotations

import argparse
import sys

from . import runner


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m conformance",
        description="Run data-apis/array-api-tests (2025.12) against the namespace arraykit "
        "serves for BACKEND and record the results in conformance/results/BACKEND.json. "
        "'matrix' prints the support matrix from the recorded results.",
    )
    parser.add_argument("backend", help=f"one of: {', '.join(runner.TARGETS)}, or 'matrix'")
    parser.add_argument("--suite", help="path to an array-api-tests checkout "
                        "(default: $ARRAY_API_TESTS_PATH)")
    parser.add_argument("--max-examples", type=int, default=100,
                        help="hypothesis examples per test (default 100)")
    parser.add_argument("--namespace-only", action="store_true",
                        help="do not switch on the array-object opt-in (tensorflow, mxnet); "
                        "results go to BACKEND-namespace-only.json")
    parser.add_argument("--no-record", action="store_true", help="do not write results")
    parser.add_argument("--write-readme", action="store_true",
                        help="with 'matrix': also rewrite the README's support matrix")
    parser.epilog = ("Extra pytest arguments go after '--', e.g. "
                     "'-- array_api_tests/test_fft.py'; such runs are not recorded.")
    argv = list(sys.argv[1:] if argv is None else argv)
    pytest_args = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    args.pytest_args = pytest_args
    if args.backend == "matrix":
        print(runner.matrix())
        if args.write_readme:
            runner.write_matrix_to_readme()
        return 0
    results = runner.run(
        args.backend,
        args.suite,
        max_examples=args.max_examples,
        array_object=not args.namespace_only,
        pytest_args=args.pytest_args,
        record=not args.no_record,
    )
    return 0 if results["pytest_exit_code"] in (0, 1) else results["pytest_exit_code"]


if __name__ == "__main__":
    sys.exit(main())
