"""Crash-and-hang fuzzer over every function of the 2025.12 namespace (main, linalg, fft).

Hypothesis draws calls (edge shapes and huge extents, edge values, wrong types, every dtype,
and the differential suite's valid cases) for each row of
``conformance/differential/spec.py``; each call runs on every backend in the environment
inside a long-lived worker subprocess per backend (``worker.py``), so a crash or a hang is
counted, the worker restarted, and the run goes on. ``python -m conformance.fuzz --help``.

Modules: ``calls`` (picklable call descriptions, built into native arguments in the worker),
``strategies`` (what hypothesis draws per parameter), ``pool`` (worker processes: timeout,
memory cap, crash detection), ``run`` (the drive loop, the JSON and the Markdown table).
"""
