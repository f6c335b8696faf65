"""The overhead study: arraykit vs native code on six workloads, every framework.

For each installed framework and each workload (mechanics, vision, robotics, control,
rollouts: ``arraykit.ext.random`` and ``vmap``, and kalman: a 4-state filter, 200 steps on
arrays of at most 4x4) the arraykit version (``benchmarks.workloads``, written once against
the standard) and the framework's native version (``benchmarks.native.<framework>_``) are

1. checked for equal results (``TOLERANCE``), then
2. timed interleaved in this one process, by default on the CPU time of the process with
   every framework pinned to one thread (``threads.py``; ``--clock wall``, ``--threads 0``
   for wall-clock time on the frameworks' own thread pools). A round is cycles of blocks
   A-B-B-A / B-A-A-B, each block a few calls with the framework synchronised after every
   call (no asynchronous dispatch or lazy graph hides work: ``block_until_ready``,
   ``mx.eval``, ``wait_to_read``), garbage collection off inside a round; a side's time in a
   round is its best block there. The overhead of a round is ``t_arraykit / t_native - 1``;
   the report gives its median and interquartile range over the rounds.
3. measured in several processes (``--processes``, default 5; ``processes.py``): each
   framework's eager cells run in fresh processes, one framework per process, and a cell's
   figure is the median of the processes' medians, since a process's allocator and cache
   state moves all of its rounds together (two single-process runs of one commit differed by
   up to 5 points in a cell whose IQRs were 1-3 points wide).

``--aa`` checks the method itself: the native code on both sides (side B a second copy of the
native module on inputs of its own), where the answer is 0%; the figures say how finely the
study resolves on this machine now.

Modes: "eager", and "compiled" where the framework compiles functions (jax.jit,
tf.function(jit_compile=True), torch.compile). The arraykit side is compiled with
``arraykit.ext.jit.jit`` when that extension exists, else with the framework's own compiler
wrapped around the arraykit function; the JSON records which, and what ``jit`` reported.

Also measured: ``array_namespace`` vs array-api-compat (``benchmarks/dispatch.py``) and the
per-op cost of the TF and MXNet shims vs raw ops, tnp and keras.ops
(``benchmarks/tf_shim_overhead.py``, ``benchmarks/mxnet_shim_overhead.py``).

Results go to ``benchmarks/results/<env>.json`` (one file per environment: the MXNet venv
cannot import the main venv's frameworks); ``overhead.md`` and ``overhead.png`` are rebuilt
from every results file present.
"""
from __future__ import annotations

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")  # keras.ops on TF for the shim table

# One module per job (imported after the environment above is set):
#   inputs      sizes and the NumPy inputs of each workload
#   frameworks  loading a framework: conversion, device, sync, compiler
#   cases       the two callables of a cell, and the check that they agree
#   timing      interleaved A/B timing, cProfile, compiled-program checks
#   micro       dispatch and per-op shim microbenchmarks
#   runner      the run: cells checked then timed, into one results document
#   processes   the eager cells in several processes, and their merge
#   report      overhead.md and overhead.png from every results file
#   cli         options and main
from .cases import ATOL, RTOL, TARGET_PCT, VOXEL_MOVED, Case, build_case, compare
from .cli import RESULTS_DIR, main, parse_args
from .frameworks import FRAMEWORKS, Framework, load_framework
from .inputs import DTYPE, SIZES, WORKLOADS, describe_size, make_inputs
from .report import render_markdown, write_report
from .runner import _arraykit_error, env_name, run, run_case
from .timing import time_ab

__all__ = [
    "ATOL", "DTYPE", "FRAMEWORKS", "RESULTS_DIR", "RTOL", "SIZES", "TARGET_PCT", "VOXEL_MOVED",
    "WORKLOADS", "Case", "Framework", "_arraykit_error", "build_case", "compare",
    "describe_size", "env_name", "load_framework", "main", "make_inputs", "parse_args",
    "render_markdown", "run", "run_case", "time_ab", "write_report",
]
