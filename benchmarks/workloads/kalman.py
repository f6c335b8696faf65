"""A small-array workload: a 4-state Kalman filter tracking a point in the plane.

Constant-velocity model, state (x, y, vx, vy) as a (4, 1) column, position measured with
noise, (2, 1) per step. Every step is a predict and an update on arrays of at most 4x4:
eight ``matmul``, two ``matrix_transpose``, one ``linalg.inv`` of the 2x2 innovation
covariance, and a few additions, each a call of microseconds. So the namespace's own cost per
call (a few tens of nanoseconds) is a visible share of a step, unlike in the batched
workloads: this is the loop a user writes around a filter, an estimator or a small
controller. Everything stays 2-D (columns, not vectors): ``tf.linalg.matmul`` takes no 1-D
operand.
"""

from __future__ import annotations

from typing import Any

import arraykit

from . import device_of

#: Time step (s) of the constant-velocity model and its noise levels (process, measurement).
DT = 0.1
PROCESS_NOISE = 0.05
MEASUREMENT_NOISE = 0.5


def step(x: Any, p: Any, z: Any, f: Any, h: Any, q: Any, r: Any,
         eye: Any) -> tuple[Any, Any]:
    """One predict-update step: state (4, 1) and covariance (4, 4) after measurement z (2, 1)."""
    xp = arraykit.array_namespace(x, p, z)
    # Predict.
    x = xp.matmul(f, x)
    p = xp.matmul(xp.matmul(f, p), xp.matrix_transpose(f)) + q
    # Update.
    ht = xp.matrix_transpose(h)
    s = xp.matmul(xp.matmul(h, p), ht) + r
    k = xp.matmul(xp.matmul(p, ht), xp.linalg.inv(s))
    x = x + xp.matmul(k, z - xp.matmul(h, x))
    p = xp.matmul(eye - xp.matmul(k, h), p)
    return x, p


def kalman_filter(zs: Any, x0: Any, p0: Any, f: Any, h: Any, q: Any,
                  r: Any) -> tuple[Any, Any]:
    """The small-array benchmark: measurements (T, 2, 1) -> the filtered states (T, 4, 1)
    and the last covariance (4, 4)."""
    xp = arraykit.array_namespace(zs, x0, p0)
    eye = xp.eye(p0.shape[0], dtype=p0.dtype, device=device_of(p0))
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return xp.stack(states), p


workload = kalman_filter


def make_inputs(steps: int, rng: Any) -> tuple[Any, ...]:
    """NumPy float64 inputs, in the order ``kalman_filter`` takes them: measurements of a
    point moving at constant velocity plus a small random acceleration, the initial state and
    covariance, and the model (transition F, measurement H, noises Q and R)."""
    import numpy as np

    f = np.eye(4)
    f[0, 2] = f[1, 3] = DT
    h = np.eye(2, 4)
    q = PROCESS_NOISE * np.diag([DT**3 / 3, DT**3 / 3, DT, DT])
    r = MEASUREMENT_NOISE**2 * np.eye(2)
    truth = np.array([0.0, 0.0, 1.0, 0.5])
    zs = np.empty((steps, 2, 1))
    for t in range(steps):
        truth = f @ truth + np.concatenate([[0.0, 0.0], rng.normal(0, 0.1, 2) * DT])
        zs[t, :, 0] = truth[:2] + rng.normal(0, MEASUREMENT_NOISE, 2)
    x0 = np.zeros((4, 1))
    p0 = np.eye(4)
    return zs, x0, p0, f, h, q, r
