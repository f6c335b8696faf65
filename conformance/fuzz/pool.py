"""The parent's side of a worker: start it, send a call, wait with a timeout and an RSS watch.

A call ends in one of: the worker's answer (ok / clean / unclean / skip), ``hang`` (no answer
within the timeout: the worker is killed), ``crash`` (the worker died: its signal or exit
code and the tail of its log), or ``memory`` (its resident memory passed the cap: killed).
After a hang, crash or memory kill the worker is started again before the next call.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import tempfile
import time

from .worker import recv, send

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

#: One thread per framework: the machine is small and shared, and a hang must not be a
#: scheduling artefact of several thread pools fighting over two cores.
WORKER_ENV = {
    "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
    "TF_NUM_INTRAOP_THREADS": "1", "TF_NUM_INTEROP_THREADS": "1", "TF_CPP_MIN_LOG_LEVEL": "3",
    "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
    "JAX_ENABLE_X64": "1", "JAX_PLATFORMS": "cpu", "PYTHONFAULTHANDLER": "1",
}
START_TIMEOUT = 300.0


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError, ValueError):
        return 0


def innermost_frame(log: str, package: str = "") -> str:
    """The innermost Python frame of a faulthandler dump ("most recent call first") whose
    path contains ``package`` ("/arraykit/": the arraykit frame the crash came through)."""
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if "most recent call first" in line:
            for frame in lines[i + 1:]:
                if frame.strip().startswith("File ") and package in frame:
                    return frame.strip().replace(ROOT + "/", "").split("site-packages/")[-1]
            break
    return ""


class Worker:
    """One backend's worker process (restarted on demand)."""

    def __init__(self, backend: str, cap: int, timeout: float):
        self.backend, self.cap, self.timeout = backend, cap, timeout
        self.proc: subprocess.Popen | None = None
        # the worker's stdout/stderr for its whole life; unlinked in close()
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - worker-long
            prefix=f"fuzz-{backend}-", suffix=".log", delete=False)
        self.starts = 0
        self.start_seconds = 0.0

    def spawn(self) -> None:
        """Start the process; ``ready`` waits for its warm-up (several workers start at once)."""
        self._t0 = time.perf_counter()
        to_child, self._w = os.pipe()
        self._r, from_child = os.pipe()
        env = dict(os.environ, **WORKER_ENV)
        env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "conformance.fuzz.worker", self.backend, str(to_child),
             str(from_child), str(self.cap)],
            pass_fds=(to_child, from_child), stdin=subprocess.DEVNULL, stdout=self.log,
            stderr=self.log, cwd=ROOT, env=env)
        os.close(to_child)
        os.close(from_child)

    def ready(self) -> None:
        status, _ = self._wait(START_TIMEOUT, watch_memory=False)
        if status != "ok":
            raise RuntimeError(f"{self.backend} worker did not start ({status}): "
                               f"{self.log_tail(0)}")
        self.starts += 1
        self.start_seconds += time.perf_counter() - self._t0
        self.base_rss = _rss(self.proc.pid)

    def start(self) -> None:
        self.spawn()
        self.ready()

    def _wait(self, timeout: float, watch_memory: bool = True):
        """('ok', message) | ('hang', None) | ('crash', None) | ('memory', rss)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0 and not select.select([self._r], [], [], 0)[0]:
                return "hang", None
            ready, _, _ = select.select([self._r], [], [], max(0.0, min(0.05, left)))
            if ready:
                try:
                    return "ok", recv(self._r)
                except EOFError:
                    self.proc.wait()
                    return "crash", None
            if self.proc.poll() is not None:
                return "crash", None
            if watch_memory and self.cap > 0:
                rss = _rss(self.proc.pid)
                if rss > self.base_rss + self.cap + 2**29:
                    return "memory", rss

    def log_tail(self, offset: int, limit: int = 1500) -> str:
        with open(self.log.name, "rb") as f:
            f.seek(offset)
            text = f.read().decode("utf-8", "replace")
        marker = text.rfind("## fuzz call")
        if marker >= 0:
            text = text[text.find("\n", marker) + 1:]
        return text.strip()[-limit:]

    def submit(self, call_id: int, call) -> None:
        """Send a call; ``collect`` waits for its outcome (other workers may run meanwhile)."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self._offset = os.path.getsize(self.log.name)
        self._deadline = time.monotonic() + self.timeout
        try:
            send(self._w, (call_id, call))
        except BrokenPipeError:
            pass  # it died meanwhile: collect reports the crash

    def collect(self) -> dict:
        offset = self._offset
        status, msg = self._wait(max(0.0, self._deadline - time.monotonic()))
        if status == "ok":
            return msg[2]
        log = self.log_tail(offset, limit=200_000)
        if status == "crash":
            code = self.proc.returncode
            how = (f"signal {signal.Signals(-code).name}" if code and code < 0
                   else f"exit code {code}")
            out = {"outcome": "crash", "how": how}
        elif status == "hang":
            out = {"outcome": "hang", "seconds": self.timeout}
        else:
            out = {"outcome": "memory", "rss": msg}
        out["log"] = log[-1500:]
        out["where"] = innermost_frame(log)
        out["arraykit_frame"] = innermost_frame(log, "/arraykit/")
        self.stop()
        return out

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for fd in (getattr(self, "_w", None), getattr(self, "_r", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._w = self._r = None
        self.proc = None

    def close(self) -> None:
        self.stop()
        try:
            os.unlink(self.log.name)
        except OSError:
            pass
