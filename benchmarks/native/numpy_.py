"""The benchmark workloads in plain NumPy."""

from __future__ import annotations

import numpy as np

from ..workloads import control as _control
from ..workloads import rollouts as _rollouts
from ..workloads import vision as _vision

# --- mechanics -------------------------------------------------------------------------------

def _matrix(rows):
    return np.stack([np.stack(r, axis=-1) for r in rows], axis=-2)


def mechanics(axis, angle):
    """Axis-angle -> quaternion -> matrix -> Euler -> matrix -> quaternion -> axis-angle."""
    half = angle / 2
    s = np.sin(half)
    q = np.concatenate([np.cos(half)[..., None], axis * s[..., None]], axis=-1)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = _matrix([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])
    pitch = np.arcsin(np.clip(m[..., 0, 2], -1.0, 1.0))
    roll = np.arctan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = np.arctan2(-m[..., 0, 1], m[..., 0, 0])
    # Euler angles as one (..., 3) array, as a conversion library returns them
    e = np.stack([roll, pitch, yaw], axis=-1)
    cr, cp, cy = np.cos(e[..., 0]), np.cos(e[..., 1]), np.cos(e[..., 2])
    sr, sp, sy = np.sin(e[..., 0]), np.sin(e[..., 1]), np.sin(e[..., 2])
    m = _matrix([
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = np.stack([trace, m00, m11, m22], axis=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = np.argmax(pivots, axis=-1)
    q = np.stack(candidates[0], axis=-1)
    for i in (1, 2, 3):
        q = np.where((best == i)[..., None], np.stack(candidates[i], axis=-1), q)
    q = q / np.linalg.norm(q, axis=-1, keepdims=True)
    q = np.where(q[..., :1] < 0, -q, q)
    v = q[..., 1:]
    s = np.linalg.norm(v, axis=-1)
    angle = 2 * np.arctan2(s, q[..., 0])
    safe = np.where(s > 0, s, 1)
    axis = np.where((s > 0)[..., None], v / safe[..., None],
                    np.array([1.0, 0.0, 0.0], dtype=q.dtype))
    return axis, angle


# --- vision ----------------------------------------------------------------------------------

def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid, in the functions
    of the arraykit workload (``benchmarks.workloads.vision``), so temporaries are freed at the
    same points (written inline, the 256x256 intermediates stay alive to the end: ~50% slower
    reprojection on NumPy, from fresh page-faulting allocations)."""
    points = _depth_to_points(depth, np.linalg.inv(k))
    uv = _project(_transform_points(points, pose), k)
    if not full:
        return (uv,)
    warped = _bilinear_sample(image, uv)
    voxels = _voxel_grid(points.reshape(-1, 3), origin, _vision.VOXEL_SIZE, _vision.VOXEL_COUNT)
    return uv, warped, voxels


def _pixel_grid(height, width, dtype):
    v, u = np.meshgrid(np.arange(height, dtype=dtype), np.arange(width, dtype=dtype),
                       indexing="ij")
    return np.stack([u, v, np.ones_like(u)], axis=-1)


def _depth_to_points(depth, k_inv):
    h, w = depth.shape
    return (_pixel_grid(h, w, depth.dtype) @ k_inv.T) * depth[..., None]


def _transform_points(points, pose):
    return points @ pose[:3, :3].T + pose[:3, 3]


def _project(points, k):
    uvw = points @ k.T
    return uvw[..., :2] / uvw[..., 2:3]


def _bilinear_sample(image, uv):
    h, w = image.shape[0], image.shape[1]
    u = np.clip(uv[..., 0], 0.0, w - 1)
    v = np.clip(uv[..., 1], 0.0, h - 1)
    u0, v0 = np.floor(u), np.floor(v)
    du, dv = (u - u0)[..., None], (v - v0)[..., None]
    iu0, iv0 = u0.astype(np.int32), v0.astype(np.int32)
    iu1, iv1 = np.minimum(iu0 + 1, w - 1), np.minimum(iv0 + 1, h - 1)
    # Pixels as rows of a flat (h * w, c) view, read with one ``take`` of flat row numbers:
    # what arraykit.ext.nd does on NumPy, several times faster than ``image[iv, iu]``.
    rows = image.reshape(h * w, -1)

    def at(iv, iu):
        return np.take(rows, iv.astype(np.intp) * w + iu, axis=0)

    top = at(iv0, iu0) * (1 - du) + at(iv0, iu1) * du
    bottom = at(iv1, iu0) * (1 - du) + at(iv1, iu1) * du
    return top * (1 - dv) + bottom * dv


def _voxel_grid(points, origin, voxel_size, n):
    cells = np.floor((points - origin) / voxel_size)
    inside = np.all((cells >= 0) & (cells < n), axis=-1)
    idx = np.clip(cells, 0, n - 1).astype(np.int32)
    voxels = np.zeros((n, n, n), dtype=points.dtype)
    # One ``add.at`` on flat cell numbers (as arraykit.ext.nd), not on three index arrays.
    flat = (idx[:, 0].astype(np.intp) * n + idx[:, 1]) * n + idx[:, 2]
    np.add.at(voxels.reshape(-1), flat, inside.astype(points.dtype))
    return voxels

# --- robotics --------------------------------------------------------------------------------

def robotics(theta, a, d, alpha):
    """DH forward kinematics: (B, L) joint angles -> (B, L, 4, 4) link poses. The 16 entries
    are built before the stacks, as in the arraykit workload (``dh_transforms``'s ``rows``)
    and the torch/JAX/Paddle natives: stacking each row as it is written frees its
    temporaries earlier, a smaller working set that read 5-7% faster here."""
    ct, st = np.cos(theta), np.sin(theta)
    ca, sa = np.cos(alpha), np.sin(alpha)
    zero, one = np.zeros_like(ct), np.ones_like(ct)
    links = _matrix([
        [ct, -st * ca, st * sa, a * ct],
        [st, ct * ca, -ct * sa, a * st],
        [zero, sa * one, ca * one, d * one],
        [zero, zero, zero, one],
    ])
    frames = [links[:, 0]]
    for i in range(1, links.shape[1]):
        frames.append(frames[-1] @ links[:, i])
    return np.stack(frames, axis=1)


# --- control ---------------------------------------------------------------------------------

#: The pendulum's constants as module globals, as in the arraykit workload.
GRAVITY, LENGTH, MASS, DT = _control.GRAVITY, _control.LENGTH, _control.MASS, _control.DT


def _step(theta, omega, u):
    """One semi-implicit Euler step: a function, as in the arraykit workload (same calls)."""
    omega = omega + DT * (-(GRAVITY / LENGTH) * np.sin(theta) + u / (MASS * LENGTH * LENGTH))
    return theta + DT * omega, omega


def control(actions, theta0, omega0):
    """Total cost of a pendulum-batch rollout (NumPy has no autodiff: no gradient)."""
    theta, omega = theta0, omega0
    costs = []
    for t in range(actions.shape[0]):
        u = actions[t]
        theta, omega = _step(theta, omega, u)
        costs.append(np.sum((1 - np.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u))
    # np.array joins the steps' NumPy scalars, as arraykit's scan does (np.stack of 20
    # 0-d values costs ~17 us more): the study times the layer, not a slower join.
    return np.sum(np.array(costs))


def rollouts(actions, theta0, omega0, scales, noise=None):
    """MPPI sampling (``benchmarks.workloads.rollouts``): noise from NumPy's own generator
    unless ``noise`` is given (the check), the R rollouts in a loop (NumPy has no vmap)."""
    if noise is None:
        rng = np.random.default_rng(_rollouts.SEED)
        noise = rng.standard_normal((scales.shape[0], *actions.shape), dtype=actions.dtype)
    perturbed = actions + scales[:, None, None] * noise
    costs = np.stack([control(p, theta0, omega0) for p in perturbed])
    w = np.exp(-(costs - np.min(costs)) / _rollouts.TEMPERATURE)
    w = w / np.sum(w)
    return costs, actions + np.sum((w * scales)[:, None, None] * noise, axis=0)


# --- kalman ----------------------------------------------------------------------------------

def _kalman_step(x, p, z, f, h, q, r, eye):
    """One predict-update step, the statements of ``benchmarks.workloads.kalman.step``."""
    x = np.matmul(f, x)
    p = np.matmul(np.matmul(f, p), f.T) + q
    ht = h.T
    s = np.matmul(np.matmul(h, p), ht) + r
    k = np.matmul(np.matmul(p, ht), np.linalg.inv(s))
    x = x + np.matmul(k, z - np.matmul(h, x))
    p = np.matmul(eye - np.matmul(k, h), p)
    return x, p


def kalman(zs, x0, p0, f, h, q, r):
    """4-state Kalman filter: measurements (T, 2, 1) -> states (T, 4, 1), last covariance."""
    eye = np.eye(p0.shape[0], dtype=p0.dtype)
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = _kalman_step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return np.stack(states), p
