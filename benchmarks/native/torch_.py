"""The benchmark workloads in plain PyTorch."""

from __future__ import annotations

import torch

from ..workloads import control as _control
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
                       torch.asarray([1.0, 0.0, 0.0], dtype=q.dtype))
    return axis, angle


def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid."""
    h, w = depth.shape
    v, u = torch.meshgrid(torch.arange(h, dtype=depth.dtype), torch.arange(w, dtype=depth.dtype),
                          indexing="ij")
    pix = torch.stack([u, v, torch.ones_like(u)], dim=-1)
    points = (pix @ torch.linalg.inv(k).T) * depth[..., None]
    uvw = (points @ pose[:3, :3].T + pose[:3, 3]) @ k.T
    uv = uvw[..., :2] / uvw[..., 2:3]
    if not full:
        return (uv,)
    uc = torch.clamp(uv[..., 0], 0.0, w - 1)
    vc = torch.clamp(uv[..., 1], 0.0, h - 1)
    u0, v0 = torch.floor(uc), torch.floor(vc)
    du, dv = (uc - u0)[..., None], (vc - v0)[..., None]
    iu0, iv0 = u0.long(), v0.long()
    iu1, iv1 = torch.clamp(iu0 + 1, max=w - 1), torch.clamp(iv0 + 1, max=h - 1)
    top = image[iv0, iu0] * (1 - du) + image[iv0, iu1] * du
    bottom = image[iv1, iu0] * (1 - du) + image[iv1, iu1] * du
    warped = top * (1 - dv) + bottom * dv
    n = _vision.VOXEL_COUNT
    cells = torch.floor((points.reshape(-1, 3) - origin) / _vision.VOXEL_SIZE)
    inside = ((cells >= 0) & (cells < n)).all(dim=-1)
    idx = torch.clamp(cells, 0, n - 1).long()
    voxels = torch.zeros((n, n, n), dtype=depth.dtype)
    voxels.index_put_((idx[:, 0], idx[:, 1], idx[:, 2]), inside.to(depth.dtype), accumulate=True)
    return uv, warped, voxels


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
    for t in range(actions.shape[0]):
        u = actions[t]
        theta, omega = _step(theta, omega, u)
        costs.append(torch.sum((1 - torch.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u))
    return torch.stack(costs).sum()


def control_grad(actions, theta0, omega0, rollout=control):
    """(total cost, d cost / d actions) with autograd; ``rollout`` may be a compiled one."""
    actions = actions.detach().requires_grad_(True)
    cost = rollout(actions, theta0, omega0)
    (grad,) = torch.autograd.grad(cost, actions)
    return cost.detach(), grad
