"""The benchmark workloads in plain PyTorch."""

from __future__ import annotations

import torch

from ..workloads import control as _control
from ..workloads import rollouts as _rollouts
from ..workloads import vision as _vision


def _matrix(rows):
    return torch.stack([torch.stack(r, dim=-1) for r in rows], dim=-2)


def mechanics(axis, angle):
    """Axis-angle -> quaternion -> matrix -> Euler -> matrix -> quaternion -> axis-angle."""
    half = angle / 2
    s = torch.sin(half)
    q = torch.cat([torch.cos(half)[..., None], axis * s[..., None]], dim=-1)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = _matrix([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])
    pitch = torch.asin(torch.clamp(m[..., 0, 2], -1.0, 1.0))
    roll = torch.atan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = torch.atan2(-m[..., 0, 1], m[..., 0, 0])
    # Euler angles as one (..., 3) array, as a conversion library returns them
    e = torch.stack([roll, pitch, yaw], dim=-1)
    cr, cp, cy = torch.cos(e[..., 0]), torch.cos(e[..., 1]), torch.cos(e[..., 2])
    sr, sp, sy = torch.sin(e[..., 0]), torch.sin(e[..., 1]), torch.sin(e[..., 2])
    m = _matrix([
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = torch.stack([trace, m00, m11, m22], dim=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = torch.argmax(pivots, dim=-1)
    q = torch.stack(candidates[0], dim=-1)
    for i in (1, 2, 3):
        q = torch.where((best == i)[..., None], torch.stack(candidates[i], dim=-1), q)
    q = q / torch.linalg.vector_norm(q, dim=-1, keepdim=True)
    q = torch.where(q[..., :1] < 0, -q, q)
    v = q[..., 1:]
    s = torch.linalg.vector_norm(v, dim=-1)
    angle = 2 * torch.atan2(s, q[..., 0])
    safe = torch.where(s > 0, s, 1.0)
    axis = torch.where((s > 0)[..., None], v / safe[..., None],
                       torch.asarray([1.0, 0.0, 0.0], dtype=q.dtype, device=q.device))
    return axis, angle


def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid, in the functions
    of the arraykit workload (``benchmarks.workloads.vision``), so temporaries are freed at the
    same points (written inline, the 256x256 intermediates stay alive to the end: ~50% slower
    reprojection on NumPy, from fresh page-faulting allocations)."""
    points = _depth_to_points(depth, torch.linalg.inv(k))
    uv = _project(_transform_points(points, pose), k)
    if not full:
        return (uv,)
    warped = _bilinear_sample(image, uv)
    voxels = _voxel_grid(points.reshape(-1, 3), origin, _vision.VOXEL_SIZE, _vision.VOXEL_COUNT)
    return uv, warped, voxels


def _pixel_grid(height, width, dtype, device):
    v, u = torch.meshgrid(torch.arange(height, dtype=dtype, device=device),
                          torch.arange(width, dtype=dtype, device=device), indexing="ij")
    return torch.stack([u, v, torch.ones_like(u)], dim=-1)


def _depth_to_points(depth, k_inv):
    h, w = depth.shape
    return (_pixel_grid(h, w, depth.dtype, depth.device) @ k_inv.T) * depth[..., None]


def _transform_points(points, pose):
    return points @ pose[:3, :3].T + pose[:3, 3]


def _project(points, k):
    uvw = points @ k.T
    return uvw[..., :2] / uvw[..., 2:3]


def _bilinear_sample(image, uv):
    h, w = image.shape[0], image.shape[1]
    u = torch.clamp(uv[..., 0], 0.0, w - 1)
    v = torch.clamp(uv[..., 1], 0.0, h - 1)
    u0, v0 = torch.floor(u), torch.floor(v)
    du, dv = (u - u0)[..., None], (v - v0)[..., None]
    iu0, iv0 = u0.int(), v0.int()
    iu1, iv1 = torch.clamp(iu0 + 1, max=w - 1), torch.clamp(iv0 + 1, max=h - 1)
    # Pixels as rows of a flat (h * w, c) view, read with one ``index_select`` of flat row
    # numbers: what arraykit.ext.nd does on torch (CPU), faster than ``image[iv, iu]``.
    rows = image.reshape(h * w, -1)

    def at(iv, iu):
        return rows.index_select(0, (iv * w + iu).reshape(-1)).reshape(iv.shape + (-1,))

    top = at(iv0, iu0) * (1 - du) + at(iv0, iu1) * du
    bottom = at(iv1, iu0) * (1 - du) + at(iv1, iu1) * du
    return top * (1 - dv) + bottom * dv


def _voxel_grid(points, origin, voxel_size, n):
    cells = torch.floor((points - origin) / voxel_size)
    inside = ((cells >= 0) & (cells < n)).all(dim=-1)
    idx = torch.clamp(cells, 0, n - 1).int()
    voxels = torch.zeros((n, n, n), dtype=points.dtype, device=points.device)
    # One ``index_add_`` on flat cell numbers (as arraykit.ext.nd), not ``index_put_`` on
    # three index tensors.
    flat = (idx[:, 0] * n + idx[:, 1]) * n + idx[:, 2]
    voxels.reshape(-1).index_add_(0, flat, inside.to(points.dtype))
    return voxels


def robotics(theta, a, d, alpha):
    """DH forward kinematics: (B, L) joint angles -> (B, L, 4, 4) link poses."""
    ct, st = torch.cos(theta), torch.sin(theta)
    ca, sa = torch.cos(alpha), torch.sin(alpha)
    zero, one = torch.zeros_like(ct), torch.ones_like(ct)
    links = _matrix([
        [ct, -st * ca, st * sa, a * ct],
        [st, ct * ca, -ct * sa, a * st],
        [zero, sa * one, ca * one, d * one],
        [zero, zero, zero, one],
    ])
    frames = [links[:, 0]]
    for i in range(1, links.shape[1]):
        frames.append(frames[-1] @ links[:, i])
    return torch.stack(frames, dim=1)


#: The pendulum's constants as module globals, as in the arraykit workload.
GRAVITY, LENGTH, MASS, DT = _control.GRAVITY, _control.LENGTH, _control.MASS, _control.DT


def _step(theta, omega, u):
    """One semi-implicit Euler step: a function, as in the arraykit workload (same calls)."""
    omega = omega + DT * (-(GRAVITY / LENGTH) * torch.sin(theta) + u / (MASS * LENGTH * LENGTH))
    return theta + DT * omega, omega


def control(actions, theta0, omega0):
    """Total cost of a pendulum-batch rollout."""
    theta, omega = theta0, omega0
    costs = []
    # ``unbind``: the steps' actions in one op (and one in the backward, where ``actions[t]``
    # writes a full zero tensor per step), as arraykit's scan splits them on torch.
    for u in actions.unbind(0):
        theta, omega = _step(theta, omega, u)
        costs.append(torch.sum((1 - torch.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u))
    return torch.stack(costs).sum()


def control_grad(actions, theta0, omega0, rollout=control):
    """(total cost, d cost / d actions) with autograd; ``rollout`` may be a compiled one."""
    actions = actions.detach().requires_grad_(True)
    cost = rollout(actions, theta0, omega0)
    (grad,) = torch.autograd.grad(cost, actions)
    return cost.detach(), grad


def rollouts(actions, theta0, omega0, scales, noise=None):
    """MPPI sampling (``benchmarks.workloads.rollouts``): noise from a seeded
    ``torch.Generator`` unless ``noise`` is given (the check), the R rollouts one
    ``torch.func.vmap``."""
    if noise is None:
        gen = torch.Generator(device=actions.device).manual_seed(_rollouts.SEED)
        noise = torch.randn((scales.shape[0], *actions.shape), generator=gen,
                            dtype=actions.dtype, device=actions.device)
    perturbed = actions + scales[:, None, None] * noise
    costs = torch.func.vmap(control, in_dims=(0, None, None))(perturbed, theta0, omega0)
    w = torch.exp(-(costs - torch.min(costs)) / _rollouts.TEMPERATURE)
    w = w / torch.sum(w)
    return costs, actions + torch.sum((w * scales)[:, None, None] * noise, dim=0)


# --- kalman ----------------------------------------------------------------------------------

def _kalman_step(x, p, z, f, h, q, r, eye):
    """One predict-update step, the statements of ``benchmarks.workloads.kalman.step``."""
    x = torch.matmul(f, x)
    p = torch.matmul(torch.matmul(f, p), f.mT) + q
    ht = h.mT
    s = torch.matmul(torch.matmul(h, p), ht) + r
    k = torch.matmul(torch.matmul(p, ht), torch.linalg.inv(s))
    x = x + torch.matmul(k, z - torch.matmul(h, x))
    p = torch.matmul(eye - torch.matmul(k, h), p)
    return x, p


def kalman(zs, x0, p0, f, h, q, r):
    """4-state Kalman filter: measurements (T, 2, 1) -> states (T, 4, 1), last covariance."""
    eye = torch.eye(p0.shape[0], dtype=p0.dtype, device=p0.device)
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = _kalman_step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return torch.stack(states), p
