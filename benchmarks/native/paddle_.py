"""The benchmark workloads in plain PaddlePaddle (dynamic graph)."""

from __future__ import annotations

import paddle

from ..workloads import control as _control
from ..workloads import rollouts as _rollouts
from ..workloads import vision as _vision


def _matrix(rows):
    return paddle.stack([paddle.stack(r, axis=-1) for r in rows], axis=-2)


def _full_like(x, value):
    return paddle.full([], value, dtype=x.dtype)


def mechanics(axis, angle):
    """Axis-angle -> quaternion -> matrix -> Euler -> matrix -> quaternion -> axis-angle."""
    half = angle / 2
    s = paddle.sin(half)
    q = paddle.concat([paddle.cos(half)[..., None], axis * s[..., None]], axis=-1)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = _matrix([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])
    pitch = paddle.asin(paddle.clip(m[..., 0, 2], -1.0, 1.0))
    roll = paddle.atan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = paddle.atan2(-m[..., 0, 1], m[..., 0, 0])
    # Euler angles as one (..., 3) array, as a conversion library returns them
    e = paddle.stack([roll, pitch, yaw], axis=-1)
    cr, cp, cy = paddle.cos(e[..., 0]), paddle.cos(e[..., 1]), paddle.cos(e[..., 2])
    sr, sp, sy = paddle.sin(e[..., 0]), paddle.sin(e[..., 1]), paddle.sin(e[..., 2])
    m = _matrix([
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = paddle.stack([trace, m00, m11, m22], axis=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = paddle.argmax(pivots, axis=-1)
    q = paddle.stack(candidates[0], axis=-1)
    for i in (1, 2, 3):
        q = paddle.where((best == i)[..., None], paddle.stack(candidates[i], axis=-1), q)
    q = q / paddle.linalg.vector_norm(q, axis=-1, keepdim=True)
    q = paddle.where(q[..., :1] < 0, -q, q)
    v = q[..., 1:]
    s = paddle.linalg.vector_norm(v, axis=-1)
    angle = 2 * paddle.atan2(s, q[..., 0])
    safe = paddle.where(s > 0, s, _full_like(s, 1.0))
    axis = paddle.where((s > 0)[..., None], v / safe[..., None],
                        paddle.to_tensor([1.0, 0.0, 0.0], dtype=q.dtype, place=q.place))
    return axis, angle


def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid, in the functions
    of the arraykit workload (``benchmarks.workloads.vision``), so temporaries are freed at the
    same points."""
    points = _depth_to_points(depth, paddle.linalg.inv(k))
    uv = _project(_transform_points(points, pose), k)
    if not full:
        return (uv,)
    warped = _bilinear_sample(image, uv)
    voxels = _voxel_grid(points.reshape([-1, 3]), origin, _vision.VOXEL_SIZE,
                         _vision.VOXEL_COUNT)
    return uv, warped, voxels


def _pixel_grid(height, width, dtype):
    v, u = paddle.meshgrid(paddle.arange(height, dtype=dtype), paddle.arange(width, dtype=dtype))
    return paddle.stack([u, v, paddle.ones_like(u)], axis=-1)


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
    u = paddle.clip(uv[..., 0], 0.0, w - 1)
    v = paddle.clip(uv[..., 1], 0.0, h - 1)
    u0, v0 = paddle.floor(u), paddle.floor(v)
    du, dv = (u - u0)[..., None], (v - v0)[..., None]
    iu0, iv0 = u0.astype("int32"), v0.astype("int32")
    iu1, iv1 = paddle.clip(iu0 + 1, max=w - 1), paddle.clip(iv0 + 1, max=h - 1)
    # Pixels as rows of a flat (h * w, c) view, read with one ``gather`` of flat row numbers:
    # what arraykit.ext.nd does on Paddle for the tuple form, faster than ``gather_nd`` of the
    # stacked pairs (Paddle 3.3.1's stack of two 65536 columns alone costs 0.4 ms).
    rows = image.reshape([h * w, -1])

    def at(iv, iu):
        return paddle.gather(rows, (iv * w + iu).reshape([-1])).reshape([*iv.shape, -1])

    top = at(iv0, iu0) * (1 - du) + at(iv0, iu1) * du
    bottom = at(iv1, iu0) * (1 - du) + at(iv1, iu1) * du
    return top * (1 - dv) + bottom * dv


def _voxel_grid(points, origin, voxel_size, n):
    cells = paddle.floor((points - origin) / voxel_size)
    inside = paddle.all((cells >= 0) & (cells < n), axis=-1)
    idx = paddle.clip(cells, 0, n - 1).astype("int64")
    # Flat cell numbers and one index_put(accumulate=True), as arraykit.ext.nd sums on
    # Paddle (9275f15): Paddle 3.3.1's CPU scatter_nd_add calls MKL's vsAdd once per index
    # row (65536 points: 2.1 ms against 0.13 ms), and index_put adds in the same order.
    flat = (idx[:, 0] * n + idx[:, 1]) * n + idx[:, 2]
    voxels = paddle.zeros([n * n * n], dtype=points.dtype)
    voxels = paddle.index_put(voxels, (flat,), inside.astype(points.dtype), accumulate=True)
    return voxels.reshape([n, n, n])


def robotics(theta, a, d, alpha):
    """DH forward kinematics: (B, L) joint angles -> (B, L, 4, 4) link poses."""
    ct, st = paddle.cos(theta), paddle.sin(theta)
    ca, sa = paddle.cos(alpha), paddle.sin(alpha)
    zero, one = paddle.zeros_like(ct), paddle.ones_like(ct)
    links = _matrix([
        [ct, -st * ca, st * sa, a * ct],
        [st, ct * ca, -ct * sa, a * st],
        [zero, sa * one, ca * one, d * one],
        [zero, zero, zero, one],
    ])
    frames = [links[:, 0]]
    for i in range(1, links.shape[1]):
        frames.append(frames[-1] @ links[:, i])
    return paddle.stack(frames, axis=1)


#: The pendulum's constants as module globals, as in the arraykit workload.
GRAVITY, LENGTH, MASS, DT = _control.GRAVITY, _control.LENGTH, _control.MASS, _control.DT


def _step(theta, omega, u):
    """One semi-implicit Euler step: a function, as in the arraykit workload (same calls)."""
    omega = omega + DT * (-(GRAVITY / LENGTH) * paddle.sin(theta) + u / (MASS * LENGTH * LENGTH))
    return theta + DT * omega, omega


def control(actions, theta0, omega0):
    """Total cost of a pendulum-batch rollout."""
    theta, omega = theta0, omega0
    costs = []
    # ``unbind``: the steps' actions in one op, as arraykit's scan splits them on Paddle.
    for u in actions.unbind(0):
        theta, omega = _step(theta, omega, u)
        costs.append(paddle.sum((1 - paddle.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u))
    return paddle.stack(costs).sum()


def control_grad(actions, theta0, omega0, rollout=control):
    """(total cost, d cost / d actions) with ``paddle.grad``."""
    actions = actions.detach()
    actions.stop_gradient = False
    cost = rollout(actions, theta0, omega0)
    (grad,) = paddle.grad([cost], [actions])
    return cost.detach(), grad


def rollouts(actions, theta0, omega0, scales, noise=None):
    """MPPI sampling (``benchmarks.workloads.rollouts``): noise from Paddle's generator
    seeded with the workload's seed unless ``noise`` is given (the check); Paddle has no
    vmap, so the R rollouts are a loop stacked (what arraykit's vmap does on Paddle)."""
    if noise is None:
        paddle.seed(_rollouts.SEED)
        noise = paddle.randn([scales.shape[0], *actions.shape], dtype=actions.dtype)
    perturbed = actions + scales[:, None, None] * noise
    costs = paddle.stack([control(p, theta0, omega0) for p in perturbed.unbind(0)])
    w = paddle.exp(-(costs - paddle.min(costs)) / _rollouts.TEMPERATURE)
    w = w / paddle.sum(w)
    return costs, actions + paddle.sum((w * scales)[:, None, None] * noise, axis=0)


# --- kalman ----------------------------------------------------------------------------------

def _kalman_step(x, p, z, f, h, q, r, eye):
    """One predict-update step, the statements of ``benchmarks.workloads.kalman.step``."""
    x = paddle.matmul(f, x)
    p = paddle.matmul(paddle.matmul(f, p), f.T) + q
    ht = h.T
    s = paddle.matmul(paddle.matmul(h, p), ht) + r
    k = paddle.matmul(paddle.matmul(p, ht), paddle.linalg.inv(s))
    x = x + paddle.matmul(k, z - paddle.matmul(h, x))
    p = paddle.matmul(eye - paddle.matmul(k, h), p)
    return x, p


def kalman(zs, x0, p0, f, h, q, r):
    """4-state Kalman filter: measurements (T, 2, 1) -> states (T, 4, 1), last covariance."""
    eye = paddle.eye(p0.shape[0], dtype=p0.dtype)
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = _kalman_step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return paddle.stack(states), p
