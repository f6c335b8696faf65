"""The benchmark workloads in plain MLX (``mlx.core``), evaluated by the runner's sync."""

from __future__ import annotations

import mlx.core as mx

from ..workloads import control as _control
from ..workloads import rollouts as _rollouts
from ..workloads import vision as _vision

# --- mechanics -------------------------------------------------------------------------------

def _matrix(rows):
    return mx.stack([mx.stack(r, axis=-1) for r in rows], axis=-2)


def mechanics(axis, angle):
    """Axis-angle -> quaternion -> matrix -> Euler -> matrix -> quaternion -> axis-angle."""
    half = angle / 2
    s = mx.sin(half)
    q = mx.concatenate([mx.cos(half)[..., None], axis * s[..., None]], axis=-1)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = _matrix([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])
    pitch = mx.arcsin(mx.clip(m[..., 0, 2], -1.0, 1.0))
    roll = mx.arctan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = mx.arctan2(-m[..., 0, 1], m[..., 0, 0])
    # Euler angles as one (..., 3) array, as a conversion library returns them
    e = mx.stack([roll, pitch, yaw], axis=-1)
    cr, cp, cy = mx.cos(e[..., 0]), mx.cos(e[..., 1]), mx.cos(e[..., 2])
    sr, sp, sy = mx.sin(e[..., 0]), mx.sin(e[..., 1]), mx.sin(e[..., 2])
    m = _matrix([
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = mx.stack([trace, m00, m11, m22], axis=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = mx.argmax(pivots, axis=-1)
    q = mx.stack(candidates[0], axis=-1)
    for i in (1, 2, 3):
        q = mx.where((best == i)[..., None], mx.stack(candidates[i], axis=-1), q)
    q = q / mx.linalg.norm(q, axis=-1, keepdims=True)
    q = mx.where(q[..., :1] < 0, -q, q)
    v = q[..., 1:]
    s = mx.linalg.norm(v, axis=-1)
    angle = 2 * mx.arctan2(s, q[..., 0])
    safe = mx.where(s > 0, s, 1)
    axis = mx.where((s > 0)[..., None], v / safe[..., None],
                    mx.array([1.0, 0.0, 0.0], dtype=q.dtype))
    return axis, angle


# --- vision ----------------------------------------------------------------------------------

def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid, in the functions
    of the arraykit workload (``benchmarks.workloads.vision``), so temporaries are freed at the
    same points (written inline, the 256x256 intermediates stay alive to the end: ~50% slower
    reprojection on NumPy, from fresh page-faulting allocations)."""
    points = _depth_to_points(depth, mx.linalg.inv(k, stream=mx.cpu))
    uv = _project(_transform_points(points, pose), k)
    if not full:
        return (uv,)
    warped = _bilinear_sample(image, uv)
    voxels = _voxel_grid(points.reshape(-1, 3), origin, _vision.VOXEL_SIZE, _vision.VOXEL_COUNT)
    return uv, warped, voxels


def _pixel_grid(height, width, dtype):
    v, u = mx.meshgrid(mx.arange(height, dtype=dtype), mx.arange(width, dtype=dtype),
                       indexing="ij")
    return mx.stack([u, v, mx.ones_like(u)], axis=-1)


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
    u = mx.clip(uv[..., 0], 0.0, w - 1)
    v = mx.clip(uv[..., 1], 0.0, h - 1)
    u0, v0 = mx.floor(u), mx.floor(v)
    du, dv = (u - u0)[..., None], (v - v0)[..., None]
    iu0, iv0 = u0.astype(mx.int32), v0.astype(mx.int32)
    iu1, iv1 = mx.minimum(iu0 + 1, w - 1), mx.minimum(iv0 + 1, h - 1)
    # Pixels as rows of a flat (h * w, c) view, read with one ``take`` of flat row numbers:
    # what arraykit.ext.nd does on NumPy, several times faster than ``image[iv, iu]``.
    rows = image.reshape(h * w, -1)

    def at(iv, iu):
        return mx.take(rows, iv.astype(mx.int64) * w + iu, axis=0)

    top = at(iv0, iu0) * (1 - du) + at(iv0, iu1) * du
    bottom = at(iv1, iu0) * (1 - du) + at(iv1, iu1) * du
    return top * (1 - dv) + bottom * dv


def _voxel_grid(points, origin, voxel_size, n):
    cells = mx.floor((points - origin) / voxel_size)
    inside = mx.all((cells >= 0) & (cells < n), axis=-1)
    idx = mx.clip(cells, 0, n - 1).astype(mx.int32)
    voxels = mx.zeros((n * n * n,), dtype=points.dtype)
    # One ``.at[].add`` on flat cell numbers (as arraykit.ext.nd), not on three index arrays.
    flat = (idx[:, 0].astype(mx.int64) * n + idx[:, 1]) * n + idx[:, 2]
    return voxels.at[flat].add(inside.astype(points.dtype)).reshape(n, n, n)

# --- robotics --------------------------------------------------------------------------------

def robotics(theta, a, d, alpha):
    """DH forward kinematics: (B, L) joint angles -> (B, L, 4, 4) link poses."""
    ct, st = mx.cos(theta), mx.sin(theta)
    ca, sa = mx.cos(alpha), mx.sin(alpha)
    zero, one = mx.zeros_like(ct), mx.ones_like(ct)
    links = mx.stack([
        mx.stack([ct, -st * ca, st * sa, a * ct], axis=-1),
        mx.stack([st, ct * ca, -ct * sa, a * st], axis=-1),
        mx.stack([zero, sa * one, ca * one, d * one], axis=-1),
        mx.stack([zero, zero, zero, one], axis=-1),
    ], axis=-2)
    frames = [links[:, 0]]
    for i in range(1, links.shape[1]):
        frames.append(frames[-1] @ links[:, i])
    return mx.stack(frames, axis=1)


# --- control ---------------------------------------------------------------------------------

#: The pendulum's constants as module globals, as in the arraykit workload.
GRAVITY, LENGTH, MASS, DT = _control.GRAVITY, _control.LENGTH, _control.MASS, _control.DT


def _step(theta, omega, u):
    """One semi-implicit Euler step: a function, as in the arraykit workload (same calls)."""
    omega = omega + DT * (-(GRAVITY / LENGTH) * mx.sin(theta) + u / (MASS * LENGTH * LENGTH))
    return theta + DT * omega, omega


def control(actions, theta0, omega0):
    """Total cost of a pendulum-batch rollout."""
    theta, omega = theta0, omega0
    costs = []
    for t in range(actions.shape[0]):
        u = actions[t]
        theta, omega = _step(theta, omega, u)
        costs.append(mx.sum((1 - mx.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u))
    return mx.sum(mx.stack(costs))


def control_grad(actions, theta0, omega0, rollout=control):
    """(total cost, d cost / d actions) with ``mx.value_and_grad``; ``rollout`` may be a
    compiled one."""
    return mx.value_and_grad(lambda a: rollout(a, theta0, omega0))(actions)


def rollouts(actions, theta0, omega0, scales, noise=None):
    """MPPI sampling (``benchmarks.workloads.rollouts``): noise from MLX's own generator
    (a seeded key) unless ``noise`` is given (the check), the R rollouts one ``mx.vmap``."""
    if noise is None:
        noise = mx.random.normal((scales.shape[0], *actions.shape), dtype=actions.dtype,
                                 key=mx.random.key(_rollouts.SEED))
    perturbed = actions + scales[:, None, None] * noise
    costs = mx.vmap(control, in_axes=(0, None, None))(perturbed, theta0, omega0)
    w = mx.exp(-(costs - mx.min(costs)) / _rollouts.TEMPERATURE)
    w = w / mx.sum(w)
    return costs, actions + mx.sum((w * scales)[:, None, None] * noise, axis=0)


# --- kalman ----------------------------------------------------------------------------------

def _mlx_inv(a):
    # MLX's linalg runs on the CPU stream only (as in ``vision``).
    return mx.linalg.inv(a, stream=mx.cpu)


def _kalman_step(x, p, z, f, h, q, r, eye):
    """One predict-update step, the statements of ``benchmarks.workloads.kalman.step``."""
    x = mx.matmul(f, x)
    p = mx.matmul(mx.matmul(f, p), f.T) + q
    ht = h.T
    s = mx.matmul(mx.matmul(h, p), ht) + r
    k = mx.matmul(mx.matmul(p, ht), _mlx_inv(s))
    x = x + mx.matmul(k, z - mx.matmul(h, x))
    p = mx.matmul(eye - mx.matmul(k, h), p)
    return x, p


def kalman(zs, x0, p0, f, h, q, r):
    """4-state Kalman filter: measurements (T, 2, 1) -> states (T, 4, 1), last covariance."""
    eye = mx.eye(p0.shape[0], dtype=p0.dtype)
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = _kalman_step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return mx.stack(states), p
