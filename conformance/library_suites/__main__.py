"""python -m conformance.library_suites --suite {xpx,scipy,sklearn,all} --backend B [...]"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import SUITES, report, runner


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance.library_suites",
                                     description=__doc__)
    parser.add_argument("--suite", choices=[*SUITES, "all"], nargs="+", default=["all"])
    parser.add_argument("--backend", nargs="+", default=[],
                        help="numpy, jax, torch, array_api_strict, or any arraykit backend")
    parser.add_argument("--report", action="store_true",
                        help="run nothing: refile the recorded failures, rewrite the .md")
    parser.add_argument("--subset", choices=["ci", "core"], default=None,
                        help="ci: the small fixed subset; core: the files compared between "
                             "backends where the whole suite takes hours (SciPy)")
    parser.add_argument("--timeout", type=float, default=4 * 3600,
                        help="seconds per (suite, backend); the rest is recorded not_run")
    parser.add_argument("--test-timeout", type=float, default=runner.TEST_TIMEOUT,
                        help="seconds one test may run before it is recorded as hung")
    parser.add_argument("--env", default=runner.env_name())
    parser.add_argument("--results-dir", type=Path, default=runner.RESULTS_DIR)
    parser.add_argument("--no-md", action="store_true", help="do not rewrite the .md")
    args = parser.parse_args(argv)
    if args.report:
        for path in sorted(args.results_dir.glob("library_suites_*.json")):
            runner.save([], path.stem.removeprefix("library_suites_"), args.results_dir)
        print(f"written: {report.write(args.results_dir)}")
        return 0
    if not args.backend:
        parser.error("--backend is required (or --report)")
    suites = list(SUITES) if "all" in args.suite else args.suite
    for suite in suites:
        if runner._version(SUITES[suite].distribution) is None:
            print(f"[{suite}] {SUITES[suite].distribution} is not installed here: skipped")
            continue
        for backend in args.backend:
            record = runner.run(suite, backend, args.subset, args.timeout,
                                say=lambda m: print(m, flush=True),
                                test_timeout=args.test_timeout)
            # saved after each run, so a long measurement keeps what it has done
            path = runner.save([record], args.env, args.results_dir)
            if not args.no_md:
                report.write(args.results_dir)
    print(f"results: {runner.results_path(args.env, args.results_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
