"""The benchmark workloads on CuPy: the NumPy module's code (``numpy_``) run with ``cupy`` as
its ``np``, which is how CuPy is meant to be used (a NumPy-compatible API on the GPU), so the
GPU baseline is the CPU one statement by statement."""

from __future__ import annotations

import cupy

from . import numpy_, rebind

mechanics, vision, robotics, control, rollouts, kalman = rebind(
    numpy_, {"np": cupy}, ("mechanics", "vision", "robotics", "control", "rollouts", "kalman"))
