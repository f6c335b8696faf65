"""One thread per framework, and the clock the study reads.

On a machine shared with other work, wall-clock time of a block measures the neighbours as
much as the code (whole-workload medians wandered by 10-30% here). CPU time of the process
(``time.process_time``: every thread of the process, so work a framework hands to its own
threads counts) with every framework on one thread measures the code: the neighbours can
delay it but hardly add to it (``/work/shared/notes/measuring.md``).

The thread counts of OpenBLAS, MKL, OpenMP, Eigen and XLA are read from the environment when
each library loads, so they are set before the first import: ``main`` run as a program
re-executes itself once with them set (``pin_environment``); the runtime settings
(``torch.set_num_threads``, ``tf.config.threading``, threadpoolctl for BLAS libraries already
loaded) follow when each framework loads (``pin_runtime``).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

#: The clocks of ``--clock``: CPU time of the process (default) or wall-clock time.
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
CLOCK_NAMES = {"cpu": "CPU time of the process (time.process_time)",
               "wall": "wall-clock time (time.perf_counter)"}

#: Set in the re-executed process, so it does not re-execute again.
_MARK = "ARRAYKIT_STUDY_THREADS"


def thread_environment(threads: int) -> dict[str, str]:
    """The variables that limit each framework's thread pools to ``threads``."""
    n = str(threads)
    env = dict.fromkeys(("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                         "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS",
                         "TF_NUM_INTRAOP_THREADS", "TF_NUM_INTEROP_THREADS",
                         "MXNET_CPU_WORKER_NTHREADS",
                         # XLA's PJRT CPU client (jax) sizes its thread pools (the intra-op
                         # "XLAEigen" pool among them) from NPROC, else from the core count:
                         # the XLA_FLAGS below leave those pools at 2 threads here, which ran
                         # jax's work on 5 threads (a vision step: 26.5 ms of CPU over 5
                         # threads, 22.9 ms over 2 with NPROC=1).
                         "NPROC"), n)
    if threads == 1:
        # XLA's CPU backend (jax, TF's jit_compile): Eigen on the calling thread only.
        flags = os.environ.get("XLA_FLAGS", "")
        if "xla_cpu_multi_thread_eigen" not in flags:
            flags += " --xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
        env["XLA_FLAGS"] = flags.strip()
    return env


#: ``--malloc fixed``: glibc's allocator with its thresholds fixed (read from the environment
#: when the process starts). By default glibc moves its mmap threshold after every free of a
#: large block and trims the heap's top whenever 128 KiB are free there, so how many of a
#: call's allocations page-fault depends on what the process freed before: the same torch
#: vision call took 362 to 1,283 minor faults (0.5 to 2.6 ms of system time in a 5 ms call)
#: in three processes (2026-12-06), a cost that moves from process to process and from side to
#: side with no change of code. Fixed at 1 GiB, the heap keeps what it has grown to and a call
#: page-faults about never, on both sides alike.
MALLOC_ENVIRONMENT = {"MALLOC_MMAP_THRESHOLD_": str(1 << 30),
                      "MALLOC_TRIM_THRESHOLD_": str(1 << 30)}


def malloc_fixed() -> bool:
    """Whether this process started with ``MALLOC_ENVIRONMENT`` set."""
    return all(os.environ.get(k) == v for k, v in MALLOC_ENVIRONMENT.items())


def environment_pinned(threads: int) -> bool:
    """Whether this process started with the thread environment of ``threads`` set."""
    if threads <= 0:
        return True
    want = thread_environment(threads)
    return all(os.environ.get(k) == v for k, v in want.items() if k != "XLA_FLAGS") and \
        "xla_cpu_multi_thread_eigen=false" in os.environ.get("XLA_FLAGS", "")


def pin_environment(threads: int, argv: list[str], malloc: str = "default") -> None:
    """Re-execute this program (``python -m benchmarks argv``) with the thread environment
    set (unless ``threads`` is 0: the frameworks' defaults) and, with ``malloc`` "fixed",
    ``MALLOC_ENVIRONMENT``; unless they are set already. Returns only when nothing needs
    doing."""
    want: dict[str, str] = {}
    if threads > 0 and not environment_pinned(threads):
        want.update(thread_environment(threads))
    if malloc == "fixed" and not malloc_fixed():
        want.update(MALLOC_ENVIRONMENT)
    if not want or os.environ.get(_MARK):
        return
    env = dict(os.environ, **want, **{_MARK: str(threads)})
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, [sys.executable, "-m", "benchmarks", *argv], env)


def pin_runtime(name: str, module: Any, threads: int) -> list[str]:
    """Limit a framework just loaded to ``threads`` threads where it has a runtime setting;
    returns what could not be set (recorded in the results)."""
    if threads <= 0:
        return []
    failed: list[str] = []
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(threads)  # BLAS and OpenMP libraries loaded so far
    except ImportError:
        pass
    if name == "torch":
        module.set_num_threads(threads)
        try:
            module.set_num_interop_threads(threads)
        except RuntimeError:  # only before the first parallel work of the process
            if module.get_num_interop_threads() != threads:
                failed.append(f"torch inter-op threads {module.get_num_interop_threads()}")
    elif name == "tensorflow":
        cfg = module.config.threading
        for setter, getter in ((cfg.set_intra_op_parallelism_threads,
                                cfg.get_intra_op_parallelism_threads),
                               (cfg.set_inter_op_parallelism_threads,
                                cfg.get_inter_op_parallelism_threads)):
            try:
                setter(threads)
            except RuntimeError:  # TF's runtime already started in this process
                if getter() != threads:
                    failed.append(f"tensorflow {getter.__name__[4:]} {getter()}")
    return failed
