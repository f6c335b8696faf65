"""The benchmark workloads in plain MXNet (mxnet.numpy / npx, numpy semantics on)."""

from __future__ import annotations

import mxnet as mx
from mxnet import autograd, npx
from mxnet import np as mnp

from ..workloads import control as _control
from ..workloads import rollouts as _rollouts
from ..workloads import vision as _vision

npx.set_np()


def _matrix(rows):
    return mnp.stack([mnp.stack(r, axis=-1) for r in rows], axis=-2)


def mechanics(axis, angle):
    """Axis-angle -> quaternion -> matrix -> Euler -> matrix -> quaternion -> axis-angle."""
    half = angle / 2
    s = mnp.sin(half)
    q = mnp.concatenate([mnp.cos(half)[..., None], axis * s[..., None]], axis=-1)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = _matrix([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])
    pitch = mnp.arcsin(mnp.clip(m[..., 0, 2], -1.0, 1.0))
    roll = mnp.arctan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = mnp.arctan2(-m[..., 0, 1], m[..., 0, 0])
    # Euler angles as one (..., 3) array, as a conversion library returns them
    e = mnp.stack([roll, pitch, yaw], axis=-1)
    cr, cp, cy = mnp.cos(e[..., 0]), mnp.cos(e[..., 1]), mnp.cos(e[..., 2])
    sr, sp, sy = mnp.sin(e[..., 0]), mnp.sin(e[..., 1]), mnp.sin(e[..., 2])
    m = _matrix([
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = mnp.stack([trace, m00, m11, m22], axis=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = mnp.argmax(pivots, axis=-1)
    q = mnp.stack(candidates[0], axis=-1)
    for i in (1, 2, 3):
        q = mnp.where((best == i)[..., None], mnp.stack(candidates[i], axis=-1), q)
    q = q / mnp.linalg.norm(q, axis=-1, keepdims=True)
    q = mnp.where(q[..., :1] < 0, -q, q)
    v = q[..., 1:]
    s = mnp.linalg.norm(v, axis=-1)
    angle = 2 * mnp.arctan2(s, q[..., 0])
    safe = mnp.where(s > 0, s, 1.0)
    axis = mnp.where((s > 0)[..., None], v / safe[..., None],
                     mnp.array([1.0, 0.0, 0.0], dtype=q.dtype))
    return axis, angle


def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid."""
    h, w = depth.shape
    v, u = mnp.meshgrid(mnp.arange(h, dtype=depth.dtype), mnp.arange(w, dtype=depth.dtype),
                        indexing="ij")
    pix = mnp.stack([u, v, mnp.ones_like(u)], axis=-1)
    points = mnp.matmul(pix, mnp.linalg.inv(k).T) * depth[..., None]
    uvw = mnp.matmul(mnp.matmul(points, pose[:3, :3].T) + pose[:3, 3], k.T)
    uv = uvw[..., :2] / uvw[..., 2:3]
    if not full:
        return (uv,)
    uc = mnp.clip(uv[..., 0], 0.0, w - 1)
    vc = mnp.clip(uv[..., 1], 0.0, h - 1)
    u0, v0 = mnp.floor(uc), mnp.floor(vc)
    du, dv = (uc - u0)[..., None], (vc - v0)[..., None]
    iu0, iv0 = u0.astype("int32"), v0.astype("int32")
    iu1, iv1 = mnp.minimum(iu0 + 1, w - 1), mnp.minimum(iv0 + 1, h - 1)
    # Pixels as rows of a flat (h * w, c) view, read with one ``take`` of flat row numbers:
    # what arraykit.ext.nd does on MXNet (cae6e03), ~1.8x faster than ``image[iv, iu]``.
    rows = image.reshape(h * w, -1)

    def at(iv, iu):
        return mnp.take(rows, iv * w + iu, axis=0)

    top = at(iv0, iu0) * (1 - du) + at(iv0, iu1) * du
    bottom = at(iv1, iu0) * (1 - du) + at(iv1, iu1) * du
    warped = top * (1 - dv) + bottom * dv
    n = _vision.VOXEL_COUNT
    cells = mnp.floor((points.reshape(-1, 3) - origin) / _vision.VOXEL_SIZE)
    inside = mnp.all((cells >= 0) * (cells < n), axis=-1)
    idx = mnp.clip(cells, 0, n - 1).astype("int64")
    # mxnet.numpy has no scatter-add: MXNet's own summing scatter is the gradient of gather_nd,
    # _backward_gather_nd, over flat cell numbers (what arraykit.ext.nd runs on MXNet; a
    # bincount of them was ~0.5 ms slower a call, a different algorithm).
    flat = (idx[:, 0] * n + idx[:, 1]) * n + idx[:, 2]
    weight = inside.astype(depth.dtype)
    voxels = mx.nd._internal._backward_gather_nd(
        weight.as_nd_ndarray(), flat.reshape(1, -1).as_nd_ndarray(), shape=(n ** 3,))
    return uv, warped, voxels.as_np_ndarray().reshape(n, n, n)


def robotics(theta, a, d, alpha):
    """DH forward kinematics: (B, L) joint angles -> (B, L, 4, 4) link poses."""
    ct, st = mnp.cos(theta), mnp.sin(theta)
    ca, sa = mnp.cos(alpha), mnp.sin(alpha)
    zero, one = mnp.zeros_like(ct), mnp.ones_like(ct)
    links = _matrix([
        [ct, -st * ca, st * sa, a * ct],
        [st, ct * ca, -ct * sa, a * st],
        [zero, sa * one, ca * one, d * one],
        [zero, zero, zero, one],
    ])
    frames = [links[:, 0]]
    for i in range(1, links.shape[1]):
        frames.append(mnp.matmul(frames[-1], links[:, i]))
    return mnp.stack(frames, axis=1)


#: The pendulum's constants as module globals, as in the arraykit workload.
GRAVITY, LENGTH, MASS, DT = _control.GRAVITY, _control.LENGTH, _control.MASS, _control.DT


def _step(theta, omega, u):
    """One semi-implicit Euler step: a function, as in the arraykit workload (same calls)."""
    omega = omega + DT * (-(GRAVITY / LENGTH) * mnp.sin(theta) + u / (MASS * LENGTH * LENGTH))
    return theta + DT * omega, omega


def control(actions, theta0, omega0):
    """Total cost of a pendulum-batch rollout."""
    theta, omega = theta0, omega0
    costs = []
    for t in range(actions.shape[0]):
        u = actions[t]
        theta, omega = _step(theta, omega, u)
        costs.append(mnp.sum((1 - mnp.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u))
    return mnp.sum(mnp.stack(costs))


def control_grad(actions, theta0, omega0):
    """(total cost, d cost / d actions) with autograd.record and backward."""
    actions = actions.copy()
    actions.attach_grad()
    with autograd.record():
        cost = control(actions, theta0, omega0)
    cost.backward()
    return cost, actions.grad


def rollouts(actions, theta0, omega0, scales, noise=None):
    """MPPI sampling (``benchmarks.workloads.rollouts``): noise from MXNet's generator seeded
    with ``mx.random.seed`` unless ``noise`` is given (the check), the R rollouts in a loop
    (MXNet has no vmap)."""
    if noise is None:
        mx.random.seed(_rollouts.SEED)
        noise = mnp.random.normal(0.0, 1.0, size=(scales.shape[0], *actions.shape),
                                  dtype=actions.dtype)
    perturbed = actions + scales[:, None, None] * noise
    costs = mnp.stack([control(p, theta0, omega0) for p in perturbed])
    w = mnp.exp(-(costs - mnp.min(costs)) / _rollouts.TEMPERATURE)
    w = w / mnp.sum(w)
    return costs, actions + mnp.sum((w * scales)[:, None, None] * noise, axis=0)


# --- kalman ----------------------------------------------------------------------------------

def _kalman_step(x, p, z, f, h, q, r, eye):
    """One predict-update step, the statements of ``benchmarks.workloads.kalman.step``."""
    x = mnp.matmul(f, x)
    p = mnp.matmul(mnp.matmul(f, p), f.T) + q
    ht = h.T
    s = mnp.matmul(mnp.matmul(h, p), ht) + r
    k = mnp.matmul(mnp.matmul(p, ht), mnp.linalg.inv(s))
    x = x + mnp.matmul(k, z - mnp.matmul(h, x))
    p = mnp.matmul(eye - mnp.matmul(k, h), p)
    return x, p


def kalman(zs, x0, p0, f, h, q, r):
    """4-state Kalman filter: measurements (T, 2, 1) -> states (T, 4, 1), last covariance."""
    eye = mnp.eye(p0.shape[0], dtype=p0.dtype)
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = _kalman_step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return mnp.stack(states), p
