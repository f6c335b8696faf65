"""Run one suite on one backend in a pytest subprocess, surviving crashes; record the results.

A process that dies (segfault, abort) leaves its progress file behind: the test that was started
and never finished is recorded as ``crashed`` and pytest runs again on the tests not yet run
(``--arraykit-exclude``), until every collected test has a result.
"""

from __future__ import annotations

import collections
import datetime
import json
import os
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from . import SUITES
from .categorise import categorise

REPO = Path(__file__).resolve().parents[2]
RESULTS_DIR = REPO / "conformance" / "results"
OUTCOMES = ("passed", "failed", "error", "xfailed", "xpassed", "skipped", "crashed", "not_run")
#: Outcome letters in the per-test map kept for the JAX runs (the join's other side).
LETTERS = {"passed": "P", "failed": "F", "error": "E", "xfailed": "x", "xpassed": "X",
           "skipped": "S", "crashed": "C", "not_run": "N"}
FRAMEWORK_DISTRIBUTIONS = {
    "numpy": ("numpy",), "jax": ("jax",), "torch": ("torch",),
    "array_api_strict": ("array-api-strict",), "tensorflow": ("tensorflow", "tensorflow-cpu"),
    "mxnet": ("mxnet",), "dask": ("dask",),
}
MAX_RESTARTS = 200
#: A test running longer than this is recorded as hung (outcome "crashed") and the rest rerun.
TEST_TIMEOUT = 300.0


def env_name() -> str:
    return "mxnet" if Path(sys.prefix).name.endswith("mxnet") else "main"


def _version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def arraykit_commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True,
                              check=False).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD")
    return commit + ("+dirty" if git("status", "--porcelain", "--", "arraykit") else "")


def versions(suite: str, backend: str) -> dict[str, Any]:
    framework = next((v for d in FRAMEWORK_DISTRIBUTIONS.get(backend, (backend,))
                      if (v := _version(d))), None)
    return {"library": _version(SUITES[suite].distribution), "framework": framework,
            "numpy": _version("numpy"), "arraykit": arraykit_commit(),
            "python": sys.version.split()[0]}


def _read_events(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    events = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError:  # a line cut short by the crash
            pass
    return events


def pytest_command(paths: tuple[str, ...], backend: str, progress: Path, ini: Path,
                   exclude: Path | None) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", "-p", "conformance.library_suites.plugin",
           "-p", "no:cacheprovider", "-p", "no:randomly", "-q", "-c", str(ini),
           "--continue-on-collection-errors",
           "--rootdir", sysconfig.get_paths()["purelib"], "--arraykit-backend", backend,
           "--arraykit-only", backend, "--arraykit-progress", str(progress)]
    if exclude is not None:
        cmd += ["--arraykit-exclude", str(exclude)]
    return cmd + list(paths)


class State:
    """What the progress file says so far, across restarts."""

    def __init__(self) -> None:
        self.collected: list[str] | None = None
        self.results: dict[str, dict[str, Any]] = {}
        self.collect_errors: list[dict[str, Any]] = []
        self.keys: dict[str, str] = {}
        self.finished = False

    def update(self, events: list[dict[str, Any]]) -> str | None:
        """Take in the events of one process; return the test it was running when it died."""
        started = None
        self.finished = False
        for event in events:
            kind = event.pop("event")
            if kind == "collected" and self.collected is None:
                self.collected = event["nodeids"]
                self.keys.update(event.get("keys", {}))
            elif kind == "start":
                started = event["nodeid"]
            elif kind == "result":
                self.results[event["nodeid"]] = event
                started = None
            elif kind == "collect_error":
                self.collect_errors.append(event)
            elif kind == "finish":
                self.finished = True
        return started

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(OUTCOMES, 0)
        for record in self.results.values():
            counts[record["outcome"]] += 1
        return counts


def run(suite: str, backend: str, subset: str | None, timeout: float,
        say: Callable[[str], None] = print, test_timeout: float = TEST_TIMEOUT) -> dict[str, Any]:
    """Run one (suite, backend); return its record for the results file."""
    spec = SUITES[suite]
    paths = {"ci": spec.ci, "core": spec.core or spec.paths}.get(subset or "", spec.paths)
    site = Path(sysconfig.get_paths()["purelib"])
    paths = tuple(p for p in paths if (site / p).exists())
    env = dict(os.environ, SCIPY_ARRAY_API="1", TF_CPP_MIN_LOG_LEVEL="3",
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    state, start = State(), time.monotonic()
    record: dict[str, Any] = {
        "suite": suite, "backend": backend, "subset": subset or "full",
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "versions": versions(suite, backend), "paths": len(paths), "restarts": 0}
    with tempfile.TemporaryDirectory(prefix="library_suites_") as tmp:
        tmpdir = Path(tmp)
        ini, progress, exclude = tmpdir / "pytest.ini", tmpdir / "progress.jsonl", None
        # none of this repository's pytest settings; the suite's own where they matter
        ini.write_text("[pytest]\n" + SUITES[suite].ini)
        log = (tmpdir / "pytest.log").open("w")
        while True:
            progress.unlink(missing_ok=True)
            cmd = pytest_command(paths, backend, progress, ini, exclude)
            proc = subprocess.Popen(cmd, cwd=site, env=env, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            stop = _wait(proc, start, timeout, test_timeout, progress, suite, backend, say)
            crashed = state.update(_read_events(progress))
            if state.finished or stop == "timeout":
                break
            if state.collected is None:  # died before collecting: nothing to retry
                record["error"] = f"pytest exited with {proc.returncode} before collection"
                break
            if crashed is not None:
                why = (f"hung: killed after {test_timeout:.0f}s" if stop == "hang"
                       else f"crashed: the process died ({_death(proc.returncode)})")
                state.results[crashed] = {
                    "nodeid": crashed, "key": state.keys.get(crashed, crashed),
                    "outcome": "crashed", "message": why}
                say(f"[{suite} {backend}] {crashed}: {why}")
            remaining = [n for n in state.collected if n not in state.results]
            if not remaining or crashed is None or record["restarts"] >= MAX_RESTARTS:
                break
            record["restarts"] += 1
            exclude = tmpdir / "exclude.txt"
            exclude.write_text("\n".join(state.results) + "\n")
        log.close()
        tail = (tmpdir / "pytest.log").read_text(errors="replace")[-3000:]
    for nodeid in state.collected or ():
        state.results.setdefault(nodeid, {"nodeid": nodeid, "outcome": "not_run"})
    record.update(duration_s=round(time.monotonic() - start, 1), counts=state.counts(),
                  collected=len(state.collected or ()), collect_errors=state.collect_errors)
    if not state.collected:
        record["log_tail"] = tail
    record["failures"] = [
        _failure(r) for r in state.results.values()
        if r["outcome"] in ("failed", "error", "crashed")]
    reasons = collections.Counter(r.get("message", "?")[:160] for r in state.results.values()
                                  if r["outcome"] == "skipped")
    record["skip_reasons"] = dict(reasons.most_common(15))
    if backend == "jax":
        record["outcomes"] = {r.get("key", r["nodeid"]): LETTERS[r["outcome"]]
                              for r in state.results.values() if r["outcome"] != "not_run"}
    say(f"[{suite} {backend}] done in {record['duration_s']:.0f}s: {_brief(record['counts'])}")
    return record


def _death(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"signal {signal.Signals(-returncode).name}"
        except ValueError:
            return f"signal {-returncode}"
    return f"exit status {returncode}"


def _failure(result: dict[str, Any]) -> dict[str, Any]:
    failure = {k: result[k] for k in ("nodeid", "key", "outcome", "exc_type", "message",
                                      "raise_site", "library_site") if k in result}
    failure["category"] = categorise(result)
    return failure


def _brief(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items() if v)


def _wait(proc: subprocess.Popen, start: float, timeout: float, test_timeout: float,
          progress: Path, suite: str, backend: str, say: Callable[[str], None]) -> str | None:
    """Wait for the process, printing progress every 30 s. Kill it when the whole run passes
    ``timeout`` ("timeout") or one test runs longer than ``test_timeout`` ("hang")."""
    last = last_read = test_start = time.monotonic()
    current, events = None, []
    while proc.poll() is None:
        time.sleep(1)
        now = time.monotonic()
        stop = ("timeout" if now - start > timeout
                else "hang" if now - test_start > test_timeout else None)
        if stop:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            say(f"[{suite} {backend}] {stop} after {now - start:.0f}s")
            return stop
        if now - last_read >= 10:
            last_read, events = now, _read_events(progress)
            started = [e["nodeid"] for e in events if e.get("event") == "start"]
            if started and started[-1] != current:
                current, test_start = started[-1], now
        if now - last >= 30:
            last = now
            done = [e for e in events if e.get("event") == "result"]
            counts = dict.fromkeys(OUTCOMES, 0)
            for e in done:
                counts[e["outcome"]] += 1
            total = next((len(e["nodeids"]) for e in events if e.get("event") == "collected"),
                         "?")
            say(f"[{suite} {backend}] {now - start:.0f}s, this process {len(done)}/{total}: "
                f"{_brief(counts)}")
    return None


def results_path(env: str, results_dir: Path = RESULTS_DIR) -> Path:
    return results_dir / f"library_suites_{env}.json"


def save(records: list[dict[str, Any]], env: str, results_dir: Path = RESULTS_DIR) -> Path:
    """Merge ``records`` into the env's results file, replacing earlier runs of the same
    (suite, backend, subset), and redo the JAX join of every run."""
    path = results_path(env, results_dir)
    data = json.loads(path.read_text()) if path.exists() else {"env": env, "runs": {}}
    for record in records:
        data["runs"][f"{record['suite']}/{record['backend']}/{record['subset']}"] = record
    join_jax(data, results_dir)
    results_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=0) + "\n")
    return path


def join_jax(data: dict[str, Any], results_dir: Path) -> None:
    """File each failure under its cause (again: the table may have changed since it ran) and
    say whether the same test passes on JAX (from this env's file or, for the mxnet env,
    which has no JAX, the main env's)."""
    sources = [data]
    main = results_path("main", results_dir)
    if data["env"] != "main" and main.exists():
        sources.append(json.loads(main.read_text()))
    for record in data["runs"].values():
        if "outcomes" in record:  # the tests never reached are "not run" in the join anyway
            record["outcomes"] = {k: v for k, v in record["outcomes"].items() if v != "N"}
        jax = next((s["runs"].get(f"{record['suite']}/jax/{record['subset']}")
                    for s in sources if f"{record['suite']}/jax/{record['subset']}" in s["runs"]),
                   None)
        outcomes = (jax or {}).get("outcomes", {})
        names = {v: k for k, v in LETTERS.items()}
        for failure in record.get("failures", ()):
            failure["category"] = categorise(failure)
            failure["jax"] = names.get(outcomes.get(failure["key"], ""),
                                       "not run" if jax else "no jax run")
