"""Command line: ``python -m conformance.differential [--examples N] [--ci] ...``.

The long run, one command per environment (``--write-results`` records the counts in
conformance/results/differential.json and regenerates conformance/results/bad_inputs.md):

    .venv/bin/python -m conformance.differential --examples 500 --write-results
    .venv-mxnet/bin/python -m conformance.differential --examples 500 --write-results

Cost: in the main environment JAX compiles every op once per (shape, dtype), ~0.1 s each on
a busy 2-core machine, then each case costs a few ms per backend: ``--examples 5`` took 21
minutes here, ``--examples 500`` takes hours. The mxnet environment is fast (``--examples
50``: 6 minutes). ``--only 'linalg.*'`` narrows a run; ``--seed N`` repeats one.

``--ci`` is the CI-sized run that ``tests/test_differential.py`` starts: few examples,
derandomized (the same cases every time). Exit status 1 when a mismatch is not listed in
known_mismatches.txt (stale entries are reported, and fail with ``--strict-stale``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys

from . import bad_inputs, harness
from .backends import load_backends

RESULTS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "results")


def main(argv: list[str] | None = None) -> int:
    """Run the differential suite and the bad-input table; print a report; return exit code."""
    p = argparse.ArgumentParser(prog="python -m conformance.differential")
    p.add_argument("--examples", type=int, default=25,
                   help="cases per (function, dtype) and per special-value suite")
    p.add_argument("--special-examples", type=int, default=None)
    p.add_argument("--ci", action="store_true",
                   help="CI-sized and derandomized: main env 2 dtypes per function (rotating) "
                        "with 1 case each plus 1 special-value case; mxnet env all dtypes, 3 "
                        "cases each")
    p.add_argument("--only", default=None, help="glob over function names, e.g. 'linalg.*'")
    p.add_argument("--backends", default=None, help="comma-separated subset to compare")
    p.add_argument("--no-bad-inputs", action="store_true")
    p.add_argument("--bad-inputs-only", action="store_true",
                   help="only the bad-input table (with --write-results: only bad_inputs.*)")
    p.add_argument("--write-results", action="store_true",
                   help="write conformance/results/differential.json and bad_inputs.{md,json}")
    p.add_argument("--json", default=None, help="write this run's summary here")
    p.add_argument("--strict-stale", action="store_true",
                   help="also fail when a known mismatch no longer mismatches")
    p.add_argument("--quiet", action="store_true", help="no per-function progress lines")
    p.add_argument("--seed", type=int, default=None, help="hypothesis seed (repeat a run)")
    args = p.parse_args(argv)

    backends = load_backends(tuple(args.backends.split(",")) if args.backends else None)
    names = [b.name for b in backends]
    if args.ci:
        # JAX's per-op compiles make each case cost ~0.1 s on this busy 2-core machine; the
        # mxnet environment has no JAX and affords more cases.
        examples = special = 1 if "jax" in names else 3
        derandomize = True
    else:
        examples, special, derandomize = args.examples, args.special_examples, False
    print(f"differential run: reference {names[0]}, compared {names[1:]}, "
          f"{examples} cases per (function, dtype)", flush=True)

    if args.bad_inputs_only:
        bad = bad_inputs.run(backends)
        unexpected, expected, stale = harness.triage(bad["mismatch_keys"], harness.load_known(),
                                                     bad["exercised"])
        print(bad_inputs.render({"this environment": bad["rows"]}))
        for key in unexpected:
            print(f"UNEXPECTED {key[0]} {key[1]} {key[2]}  # {bad['mismatch_keys'][key]}")
        if args.write_results:
            bad_inputs.write(bad, "mxnet" if "mxnet" in names else "main", RESULTS)
        return 1 if unexpected else 0
    stats = harness.run(backends, examples, derandomize=derandomize, only=args.only,
                        progress=not args.quiet, special_examples=special, ci=args.ci,
                        seed=args.seed)
    known = harness.load_known()
    keys = dict(stats.mismatches)
    exercised = set(stats.exercised)
    bad = None
    if not args.no_bad_inputs and not args.only:
        bad = bad_inputs.run(backends)
        keys.update(bad["mismatch_keys"])
        exercised |= bad["exercised"]
    unexpected, expected, stale = harness.triage(keys, known, exercised)

    summary = report(stats, backends, unexpected, expected, stale, bad, keys)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    if args.write_results:
        write_results(summary, bad, names)
    failed = bool(unexpected) or (args.strict_stale and bool(stale))
    return 1 if failed else 0


def report(stats, backends, unexpected, expected, stale, bad, keys) -> dict:
    """Print the counts and the lists; return them as a JSON-able dict."""
    by_backend: dict[str, int] = {}
    for b, _, _ in stats.mismatches:
        by_backend[b] = by_backend.get(b, 0) + 1
    funcs = sorted({f for f, _ in stats.pairs})
    print()
    print(f"functions covered: {len(funcs)}; (function, dtype) pairs: {len(stats.pairs)}; "
          f"cases: {stats.cases}; backend runs compared: {stats.runs}; "
          f"{stats.seconds:.0f}s")
    print("seconds per backend: " + ", ".join(f"{k} {v:.0f}" for k, v in
                                              stats.backend_seconds.most_common()))
    print(f"reference refused {sum(stats.reference_errors.values())} drawn cases "
          f"(not comparable): {dict(stats.reference_errors.most_common(8))}")
    print(f"mismatch keys (backend, function, dtype/case): {len(stats.mismatches)} "
          f"by backend {by_backend}")
    if bad is not None:
        print(f"bad-input cases: {len(bad['rows'])}, inconsistent results: "
              f"{len(bad['mismatch_keys'])}")
    print(f"known (listed in known_mismatches.txt): {len(expected)}")
    if stale:
        print(f"\nSTALE known entries (no longer mismatch here; remove them): {len(stale)}")
        for e in stale:
            print(f"  line {e.line}: {e.backend} {e.func} {e.label}  # {e.reason}")
    if unexpected:
        print(f"\nUNEXPECTED mismatches (not in known_mismatches.txt): {len(unexpected)}")
        for key in unexpected:
            print(f"  {key[0]} {key[1]} {key[2]}  # {keys.get(key, '')}")
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "backends": [b.name for b in backends],
        "functions": len(funcs),
        "function_dtype_pairs": len(stats.pairs),
        "cases": stats.cases,
        "backend_runs": stats.runs,
        "seconds": round(stats.seconds, 1),
        "reference_refused": sum(stats.reference_errors.values()),
        "mismatch_keys": len(stats.mismatches),
        "mismatch_keys_by_backend": by_backend,
        "mismatches": {" ".join(k): v for k, v in sorted(keys.items())},
        "unexpected": [" ".join(k) for k in unexpected],
        "known_matched": len(expected),
        "stale_known": [f"{e.backend} {e.func} {e.label}" for e in stale],
    }


def write_results(summary: dict, bad: dict | None, names: list[str]) -> None:
    """Update conformance/results/differential.json (per environment) and the bad-input table."""
    env = "mxnet" if "mxnet" in names else "main"
    path = os.path.join(RESULTS, "differential.json")
    data = {}
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
    data[env] = summary
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    if bad is not None:
        bad_inputs.write(bad, env, RESULTS)


if __name__ == "__main__":
    sys.exit(main())
