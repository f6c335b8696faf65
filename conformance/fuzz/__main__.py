"""``python -m conformance.fuzz [--backends ...] [--examples N] [--timeout S]``.

Runs the fuzzer on every backend of this environment (or those named), writes
``conformance/results/fuzz_<env>.json`` and ``fuzz.md`` (unless ``--no-write``), prints the
table, and exits 1 when any call crashed or hung.
"""

from __future__ import annotations

import argparse
import sys

from conformance.differential.spec import functions

from . import run as fuzz


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m conformance.fuzz", description=__doc__)
    p.add_argument("--backends", nargs="+", help="default: every backend installed here")
    p.add_argument("--examples", type=int, default=3, help="drawn calls per function")
    p.add_argument("--timeout", type=float, default=20.0, help="seconds before a call hangs")
    p.add_argument("--memory-cap", type=float, default=1.5,
                   help="GiB a worker may allocate beyond its warmed-up size")
    p.add_argument("--jobs", type=int, default=0,
                   help="backends running a call at once (default 0: all)")
    p.add_argument("--only", help="glob over qualified function names (linalg.*)")
    p.add_argument("--no-write", action="store_true", help="do not write conformance/results")
    p.add_argument("--results-dir", default=fuzz.RESULTS_DIR)
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)
    backends = [b for arg in a.backends for b in arg.split(",")] if a.backends else None
    result = fuzz.run(backends, a.examples, a.timeout, int(a.memory_cap * 2**30), a.jobs,
                      a.only, progress=not a.quiet)
    partial = (set(result["backends"]) != set(fuzz.available_backends())
               or result["functions"] != len(functions()))
    if partial and not a.no_write:
        # write() replaces the environment's JSON whole: a run of some backends or functions
        # would drop the other rows of the table.
        print("not written: a run of some backends or functions (--backends/--only) would "
              f"replace every row of fuzz_{result['env']}.json; rerun without them")
    elif not a.no_write:
        print("wrote", fuzz.write(result, a.results_dir))
    print(fuzz.render({result["env"]: result}))
    return 1 if fuzz.count(result, "crash") or fuzz.count(result, "hang") else 0


if __name__ == "__main__":
    sys.exit(main())
