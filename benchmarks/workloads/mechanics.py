"""Batched rotation conversions: quaternion <-> rotation matrix <-> Euler angles, axis-angle.

Quaternions are (w, x, y, z), unit norm, in the last axis; matrices are (..., 3, 3); Euler
angles are intrinsic x-y-z (roll, pitch, yaw) in radians. Everything is elementwise or a
reduction over the last axes, so it runs as well on dask chunks as on one device.
"""

from __future__ import annotations

from typing import Any

import arraykit

from . import device_of


def _stack_matrix(xp: Any, rows: list[list[Any]]) -> Any:
    return xp.stack([xp.stack(row, axis=-1) for row in rows], axis=-2)


def axis_angle_to_quaternion(axis: Any, angle: Any) -> Any:
    """Unit ``axis`` (..., 3) and ``angle`` (...) -> quaternion (..., 4)."""
    xp = arraykit.array_namespace(axis, angle)
    half = angle / 2
    s = xp.sin(half)
    return xp.concat([xp.cos(half)[..., None], axis * s[..., None]], axis=-1)


def quaternion_to_matrix(q: Any) -> Any:
    """Unit quaternion (..., 4) -> rotation matrix (..., 3, 3)."""
    xp = arraykit.array_namespace(q)
    w, x, y, z = (q[..., i] for i in range(4))
    return _stack_matrix(xp, [
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])


def matrix_to_quaternion(m: Any) -> Any:
    """Rotation matrix (..., 3, 3) -> unit quaternion (..., 4) with w >= 0.

    Shepperd's method, branch-free: all four candidate formulas are computed and the one with
    the largest pivot is picked per rotation with ``where``, so there is no data-dependent
    control flow (it traces under jit and runs on lazy arrays).
    """
    xp = arraykit.array_namespace(m)
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = xp.stack([trace, m00, m11, m22], axis=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = xp.argmax(pivots, axis=-1)
    q = xp.stack(candidates[0], axis=-1)
    for k in (1, 2, 3):
        q = xp.where((best == k)[..., None], xp.stack(candidates[k], axis=-1), q)
    q = q / xp.linalg.vector_norm(q, axis=-1, keepdims=True)
    # Flip to w >= 0 (q and -q are the same rotation). where(cond, -q, q) rather than
    # q * where(cond, -1.0, 1.0): the standard needs an array operand in where, and two Python
    # floats would make NumPy compute in float64.
    return xp.where(q[..., :1] < 0, -q, q)


def matrix_to_euler(m: Any) -> Any:
    """Rotation matrix (..., 3, 3) -> intrinsic x-y-z Euler angles (..., 3)."""
    xp = arraykit.array_namespace(m)
    # Clip: rounding can push |m02| a hair above 1, and asin would give nan.
    pitch = xp.asin(xp.clip(m[..., 0, 2], -1.0, 1.0))
    roll = xp.atan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = xp.atan2(-m[..., 0, 1], m[..., 0, 0])
    return xp.stack([roll, pitch, yaw], axis=-1)


def euler_to_matrix(e: Any) -> Any:
    """Intrinsic x-y-z Euler angles (..., 3) -> rotation matrix (..., 3, 3)."""
    xp = arraykit.array_namespace(e)
    cr, cp, cy = xp.cos(e[..., 0]), xp.cos(e[..., 1]), xp.cos(e[..., 2])
    sr, sp, sy = xp.sin(e[..., 0]), xp.sin(e[..., 1]), xp.sin(e[..., 2])
    return _stack_matrix(xp, [
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])


def rotation_round_trip(q: Any) -> Any:
    """The mechanics workload: quaternion -> matrix -> Euler -> matrix -> quaternion.

    For unit quaternions with w >= 0 away from gimbal lock the result equals ``q``.
    """
    return matrix_to_quaternion(euler_to_matrix(matrix_to_euler(quaternion_to_matrix(q))))


def quaternion_to_axis_angle(q: Any) -> tuple[Any, Any]:
    """Unit quaternion (..., 4) with w >= 0 -> (unit axis (..., 3), angle (...) in [0, pi]).

    The axis of a zero rotation is undefined; there it is returned as (1, 0, 0) rather than
    nan, so a batch never carries nans into later steps.
    """
    xp = arraykit.array_namespace(q)
    v = q[..., 1:]
    s = xp.linalg.vector_norm(v, axis=-1)
    angle = 2 * xp.atan2(s, q[..., 0])
    safe = xp.where(s > 0, s, 1.0)
    x_axis = xp.asarray([1.0, 0.0, 0.0], dtype=q.dtype, device=device_of(q))
    axis = xp.where((s > 0)[..., None], v / safe[..., None], x_axis)
    return axis, angle


def workload(axis: Any, angle: Any) -> tuple[Any, Any]:
    """The mechanics benchmark: axis-angle -> quaternion -> matrix -> Euler -> matrix ->
    quaternion -> axis-angle, for a batch of rotations (``axis`` (N, 3), ``angle`` (N,)).

    Returns ``(axis, angle)``; away from gimbal lock and for angles in (0, pi) it equals the
    input up to rounding.
    """
    return quaternion_to_axis_angle(rotation_round_trip(axis_angle_to_quaternion(axis, angle)))
