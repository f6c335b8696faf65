"""Forward kinematics of a serial arm given by Denavit-Hartenberg parameters.

Standard (distal) DH convention: link i's transform is Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i),
with theta_i the joint angle. Everything is batched over joint states; the chain itself is a
short Python loop of batched 4x4 matmuls (one per link), as a robotics library writes it.
"""

from __future__ import annotations

import math
from typing import Any

import arraykit

#: DH parameters (a, d, alpha) of a 7-link arm (KUKA LBR iiwa 7 R800 dimensions, metres).
IIWA7_A = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
IIWA7_D = (0.34, 0.0, 0.4, 0.0, 0.4, 0.0, 0.126)
IIWA7_ALPHA = (-math.pi / 2, math.pi / 2, math.pi / 2, -math.pi / 2, -math.pi / 2,
               math.pi / 2, 0.0)


def dh_transforms(theta: Any, a: Any, d: Any, alpha: Any) -> Any:
    """Joint angles (..., L) and DH parameters (L,) each -> link transforms (..., L, 4, 4)."""
    xp = arraykit.array_namespace(theta, a, d, alpha)
    ct, st = xp.cos(theta), xp.sin(theta)
    ca, sa = xp.cos(alpha), xp.sin(alpha)
    zero, one = xp.zeros_like(ct), xp.ones_like(ct)
    rows = [
        [ct, -st * ca, st * sa, a * ct],
        [st, ct * ca, -ct * sa, a * st],
        [zero, sa * one, ca * one, d * one],
        [zero, zero, zero, one],
    ]
    return xp.stack([xp.stack(row, axis=-1) for row in rows], axis=-2)


def forward_kinematics(theta: Any, a: Any, d: Any, alpha: Any) -> Any:
    """The robotics benchmark: joint states (B, L) -> pose of every link in the base frame,
    (B, L, 4, 4); the last one is the end effector's."""
    xp = arraykit.array_namespace(theta, a, d, alpha)
    links = dh_transforms(theta, a, d, alpha)
    pose = links[..., 0, :, :]
    frames = [pose]
    for i in range(1, links.shape[-3]):
        pose = xp.matmul(pose, links[..., i, :, :])
        frames.append(pose)
    return xp.stack(frames, axis=-3)


workload = forward_kinematics
