"""Sizes and inputs of the workloads: what every cell of the study computes on."""

from __future__ import annotations

import math

import numpy as np

WORKLOADS = ("mechanics", "vision", "robotics", "control", "rollouts", "kalman")
DTYPE = np.float32


#: Sizes of the study and of --quick (the smoke test and pytest).
SIZES = {
    "full": {"rotations": 100_000, "image": 256, "joint_states": 10_000, "steps": 100,
             "pendulums": 1024, "rollouts": 32, "rollout_steps": 20, "rollout_pendulums": 64,
             "filter_steps": 200},
    "quick": {"rotations": 1000, "image": 32, "joint_states": 64, "steps": 10, "pendulums": 16,
              "rollouts": 8, "rollout_steps": 5, "rollout_pendulums": 8, "filter_steps": 10},
}


def describe_size(workload: str, size: dict) -> str:
    """Human-readable size of a workload, for the table."""
    return {
        "mechanics": f"{size['rotations']} rotations",
        "vision": f"{size['image']}x{size['image']} depth image",
        "robotics": f"7-link arm, {size['joint_states']} joint states",
        "control": f"{size['pendulums']} pendulums x {size['steps']} steps",
        "rollouts": f"{size['rollouts']} rollouts x {size['rollout_pendulums']} pendulums x "
                    f"{size['rollout_steps']} steps",
        "kalman": f"4-state filter, {size['filter_steps']} steps",
    }[workload]


def make_inputs(workload: str, size: dict, seed: int = 0) -> tuple[np.ndarray, ...]:
    """The NumPy (float32) inputs of ``workload``, in the order its functions take them."""
    from ..workloads import kalman, mechanics, robotics, vision

    rng = np.random.default_rng(seed)
    if workload == "mechanics":
        n = size["rotations"]
        # Random axes and angles in (0.2, 3.0) rad, away from gimbal lock (|pitch| < 1.2 rad)
        # where Euler angles are ill-conditioned and float32 round trips lose digits.
        axis = rng.normal(size=(4 * n, 3))
        axis /= np.linalg.norm(axis, axis=-1, keepdims=True)
        angle = rng.uniform(0.2, 3.0, 4 * n)
        q = mechanics.axis_angle_to_quaternion(axis, angle)
        m02 = mechanics.quaternion_to_matrix(q)[:, 0, 2]
        keep = np.flatnonzero(np.abs(m02) < math.sin(1.2))[:n]
        return axis[keep].astype(DTYPE), angle[keep].astype(DTYPE)
    if workload == "vision":
        h = w = size["image"]
        v, u = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
        depth = 1.5 + 0.4 * np.sin(u / w * 6.0) * np.cos(v / h * 4.0) + rng.uniform(0, 0.05, (h, w))
        image = rng.uniform(0, 1, (h, w, 3))
        f = 0.9 * w
        k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
        pose = np.eye(4)
        pose[:3, :3] = mechanics.euler_to_matrix(np.array([0.05, -0.02, 0.1]))
        pose[:3, 3] = [0.1, -0.05, 0.02]
        origin = np.array(vision.VOXEL_ORIGIN)
        return tuple(a.astype(DTYPE) for a in (depth, image, k, pose, origin))
    if workload == "robotics":
        theta = rng.uniform(-2.5, 2.5, (size["joint_states"], 7))
        return tuple(np.asarray(a, dtype=DTYPE) for a in
                     (theta, robotics.IIWA7_A, robotics.IIWA7_D, robotics.IIWA7_ALPHA))
    if workload == "control":
        b, t = size["pendulums"], size["steps"]
        actions = rng.normal(0, 1.0, (t, b))
        theta0 = rng.uniform(-math.pi, math.pi, b)
        omega0 = rng.normal(0, 0.5, b)
        return tuple(a.astype(DTYPE) for a in (actions, theta0, omega0))
    if workload == "rollouts":
        r, b, t = size["rollouts"], size["rollout_pendulums"], size["rollout_steps"]
        actions = rng.normal(0, 1.0, (t, b))
        theta0 = rng.uniform(-math.pi, math.pi, b)
        omega0 = rng.normal(0, 0.5, b)
        scales = np.linspace(0.1, 0.5, r)  # exploration levels, one per rollout
        return tuple(a.astype(DTYPE) for a in (actions, theta0, omega0, scales))
    if workload == "kalman":
        return tuple(a.astype(DTYPE) for a in kalman.make_inputs(size["filter_steps"], rng))
    raise ValueError(f"unknown workload {workload!r}; choose from {WORKLOADS}")

