"""Drive the fuzzer: draw calls per function, run each on every backend, tabulate.

``run(...)`` returns the result dict that ``write`` stores as
``conformance/results/fuzz_<env>.json``; ``render`` makes ``fuzz.md`` from every
environment's JSON.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import os
import platform
import subprocess
import time
from collections import Counter, defaultdict

from hypothesis import HealthCheck, Phase, given, settings

from conformance.differential.bad_inputs import CASES as BAD_CASES
from conformance.differential.spec import functions

from .calls import Call
from .pool import ROOT, Worker
from .strategies import call_strategy

#: Every backend arraykit serves that can be installed here (cupy needs a GPU).
ALL_BACKENDS = ("numpy", "array_api_strict", "torch", "jax", "tensorflow", "dask", "mxnet",
                "mlx", "paddle")
MODULES = {"array_api_strict": "array_api_strict", "dask": "dask.array"}
PROBLEMS = ("crash", "hang", "memory", "unclean")
#: Calls slower than this (seconds, including a worker restart) are listed in the JSON.
SLOW = 3.0
RESULTS_DIR = os.path.join(ROOT, "conformance", "results")


def environment() -> str:
    return "mxnet" if importlib.util.find_spec("mxnet") else "main"


def available_backends() -> list[str]:
    out = []
    for name in ALL_BACKENDS:
        try:
            if importlib.util.find_spec(MODULES.get(name, name).split(".")[0]) is not None:
                out.append(name)
        except (ImportError, ValueError):
            pass
    return out


def draw_calls(row: dict, examples: int) -> list[Call]:
    """``examples`` calls of ``row``, drawn by hypothesis with a fixed seed (derandomize)."""
    calls: list[Call] = []

    @settings(max_examples=examples, database=None, deadline=None, derandomize=True,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(call_strategy(row))
    def draw(call):
        calls.append(call)

    draw()
    return calls


def run(backends: list[str] | None = None, examples: int = 3, timeout: float = 20.0,
        cap: int = 3 * 2**29, jobs: int = 0, only: str | None = None,
        progress: bool = False, bad_inputs: bool = True) -> dict:
    """Run the fuzzer; ``cap``: bytes a worker may allocate beyond its warmed-up size;
    ``jobs``: how many backends run a call at once (0: all)."""
    t_start = time.time()
    names = [b for b in (backends or available_backends()) if b in available_backends()]
    rows = [r for r in functions() if not only or fnmatch.fnmatchcase(r["qualname"], only)]
    workers = {b: Worker(b, cap, timeout) for b in names}
    totals = {b: Counter() for b in names}
    clean = {b: Counter() for b in names}
    clean_exact = {b: Counter() for b in names}
    problems: list[dict] = []
    skips = {b: Counter() for b in names}
    calls_per_function = Counter()
    slow: list[dict] = []
    busy = Counter()  # seconds each backend spent inside calls
    call_id = 0
    jobs = jobs if jobs > 0 else len(names)
    try:
        for w in workers.values():
            w.spawn()
        for w in workers.values():
            w.ready()
        for i, row in enumerate(rows):
            t0 = time.time()
            calls = draw_calls(row, examples)
            if bad_inputs:
                calls += [Call(row["qualname"], bad=c.id) for c in BAD_CASES
                          if c.func == row["qualname"]]
            for call in calls:
                call_id += 1
                calls_per_function[row["qualname"]] += 1
                for k in range(0, len(names), max(1, jobs)):
                    group = [workers[b] for b in names[k:k + max(1, jobs)]]
                    for w in group:
                        w.submit(call_id, call)
                    t_group = time.perf_counter()
                    for w in group:
                        res = w.collect()
                        seconds = time.perf_counter() - t_group
                        if seconds > SLOW and res["outcome"] != "hang":
                            slow.append({"backend": w.backend, "call": repr(call),
                                         "seconds": round(seconds, 1),
                                         "outcome": res["outcome"]})
                        b = w.backend
                        outcome = res["outcome"]
                        busy[b] += res.pop("seconds", 0.0)
                        if outcome == "skip":
                            skips[b][res.get("why", "")[:80]] += 1
                            continue
                        totals[b]["calls"] += 1
                        totals[b][outcome] += 1
                        if outcome == "clean":
                            clean[b][res["base"]] += 1
                            clean_exact[b][res["cls"]] += 1
                        if outcome in PROBLEMS:
                            problems.append(dict(res, backend=b, function=row["qualname"],
                                                 call=repr(call)))
            if progress:
                bad = sum(t[p] for t in totals.values() for p in PROBLEMS[:3])
                print(f"[{i + 1:3d}/{len(rows)}] {row['qualname']:<24} {len(calls):3d} calls "
                      f"{time.time() - t0:6.1f}s  crashes/hangs/memory so far: {bad}",
                      flush=True)
    finally:
        for w in workers.values():
            w.close()
    return {
        "env": environment(), "backends": names, "functions": len(rows),
        "examples": examples, "timeout_s": timeout, "memory_cap_bytes": cap,
        "seconds": round(time.time() - t_start, 1),
        "totals": {b: dict(totals[b]) for b in names},
        "clean_by_class": {b: dict(clean[b]) for b in names},
        "clean_by_exact_class": {b: dict(clean_exact[b]) for b in names},
        "skipped": {b: dict(skips[b]) for b in names},
        "worker_starts": {b: workers[b].starts for b in names},
        "worker_start_seconds": {b: round(workers[b].start_seconds, 1) for b in names},
        "call_seconds": {b: round(busy[b], 1) for b in names},
        "calls_per_function": dict(calls_per_function),
        "problems": problems, "slow_calls": slow,
        "versions": _versions(names), "python": platform.python_version(),
        "arraykit_commit": _commit(), "date": time.strftime("%Y-%m-%d"),
    }


def _versions(names: list[str]) -> dict:
    from importlib.metadata import PackageNotFoundError, version

    dists = {"numpy": "numpy", "array_api_strict": "array-api-strict", "torch": "torch",
             "jax": "jax", "tensorflow": "tensorflow-cpu", "dask": "dask", "mxnet": "mxnet",
             "mlx": "mlx", "paddle": "paddlepaddle"}
    out = {}
    for n in ["numpy"] + names:
        for dist in (dists.get(n, n), n):
            try:
                out[n] = version(dist)
                break
            except PackageNotFoundError:
                continue
    return out


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=False,
                              capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def count(result: dict, outcome: str) -> int:
    """Total ``outcome`` ("crash", "hang", ...) over every backend of a result."""
    return sum(t.get(outcome, 0) for t in result["totals"].values())


# ---------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------

def write(result: dict, results_dir: str = RESULTS_DIR) -> str:
    path = os.path.join(results_dir, f"fuzz_{result['env']}.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
    data = {}
    for env in ("main", "mxnet"):
        p = os.path.join(results_dir, f"fuzz_{env}.json")
        if os.path.exists(p):
            with open(p) as f:
                data[env] = json.load(f)
    with open(os.path.join(results_dir, "fuzz.md"), "w") as f:
        f.write(render(data))
    return path


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(data: dict) -> str:
    out = ["# Fuzz results: crashes, hangs and unclean errors per backend", "",
           "Generated by `python -m conformance.fuzz` (see docs/conformance.md; do not edit "
           "by hand). Each call runs in a worker subprocess per backend: **crash** = the worker "
           "died (signal or exit code), **hang** = no answer within the timeout, **memory** = "
           "resident memory passed the cap (a backstop: allocations beyond the cap normally fail "
           "in the worker with a MemoryError-like error, its address space being limited). "
           "Clean errors are TypeError, ValueError, IndexError, OverflowError, MemoryError, "
           "NotImplementedError and their subclasses (counted by that builtin class); anything "
           "else is unclean. Calls a backend cannot build inputs for (a dtype MXNet lacks) are "
           "skipped, not counted.", ""]
    for env, r in sorted(data.items()):
        out += [f"## {env} environment", "",
                f"{r['functions']} functions, {r['examples']} drawn calls per function (plus the "
                f"bad-input cases), timeout {r['timeout_s']} s, memory cap "
                f"{r['memory_cap_bytes'] / 2**30:.1f} GiB, {r['seconds']} s, arraykit "
                f"{r['arraykit_commit']}, {r['date']}; "
                + ", ".join(f"{k} {v}" for k, v in r["versions"].items()) + ".", "",
                "| backend | calls | ok | clean errors by class | unclean | crashes | hangs "
                "| memory | skipped | worker starts | s in calls |",
                "|---|---|---|---|---|---|---|---|---|---|---|"]
        for b in r["backends"]:
            t = r["totals"][b]
            by = ", ".join(f"{k} {v}" for k, v in sorted(r["clean_by_class"][b].items(),
                                                          key=lambda kv: -kv[1]))
            out.append(f"| {b} | {t.get('calls', 0)} | {t.get('ok', 0)} | {by} | "
                       f"{t.get('unclean', 0)} | {t.get('crash', 0)} | {t.get('hang', 0)} | "
                       f"{t.get('memory', 0)} | {sum(r['skipped'][b].values())} | "
                       f"{r['worker_starts'][b]} | {r['call_seconds'][b]} |")
        severe = [p for p in r["problems"] if p["outcome"] in ("crash", "hang", "memory")]
        out += ["", f"### Crashes, hangs and memory kills ({len(severe)})", ""]
        if severe:
            out += ["| backend | call | outcome | innermost Python frame | arraykit frame |",
                    "|---|---|---|---|---|"]
            for p in severe:
                how = p.get("how") or (f"{p.get('seconds')} s" if p["outcome"] == "hang"
                                       else f"rss {p.get('rss', 0) / 2**30:.1f} GiB")
                out.append(f"| {p['backend']} | `{_cell(p['call'])}` | {p['outcome']} ({how}) | "
                           f"{_cell(p.get('where', '')[:160])} | "
                           f"{_cell(p.get('arraykit_frame') or 'none')} |")
        groups: dict[tuple, list] = defaultdict(list)
        for p in r["problems"]:
            if p["outcome"] == "unclean":
                groups[(p["backend"], p["function"], p["cls"])].append(p)
        out += ["", f"### Unclean errors ({sum(map(len, groups.values()))} calls, "
                    f"{len(groups)} backend/function/class groups)", "",
                "| backend | function | class | calls | raised at | through arraykit | "
                "example call | message |", "|---|---|---|---|---|---|---|---|"]
        for (b, fn, cls), ps in sorted(groups.items()):
            p = ps[0]
            out.append(f"| {b} | {fn} | {cls} | {len(ps)} | {_cell(str(p.get('raised_at')))} | "
                       f"{_cell(str(p.get('arraykit_frame') or 'no'))} | "
                       f"`{_cell(p['call'][:120])}` | {_cell(p.get('msg', '')[:120])} |")
        out.append("")
    return "\n".join(out)
