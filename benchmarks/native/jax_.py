"""The benchmark workloads in plain JAX (jax.numpy)."""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

from ..workloads import control as _control
from ..workloads import rollouts as _rollouts
from ..workloads import vision as _vision


def _matrix(rows):
    return jnp.stack([jnp.stack(r, axis=-1) for r in rows], axis=-2)


def mechanics(axis, angle):
    """Axis-angle -> quaternion -> matrix -> Euler -> matrix -> quaternion -> axis-angle."""
    half = angle / 2
    s = jnp.sin(half)
    q = jnp.concatenate([jnp.cos(half)[..., None], axis * s[..., None]], axis=-1)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = _matrix([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])
    pitch = jnp.arcsin(jnp.clip(m[..., 0, 2], -1.0, 1.0))
    roll = jnp.arctan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = jnp.arctan2(-m[..., 0, 1], m[..., 0, 0])
    # Euler angles as one (..., 3) array, as a conversion library returns them
    e = jnp.stack([roll, pitch, yaw], axis=-1)
    cr, cp, cy = jnp.cos(e[..., 0]), jnp.cos(e[..., 1]), jnp.cos(e[..., 2])
    sr, sp, sy = jnp.sin(e[..., 0]), jnp.sin(e[..., 1]), jnp.sin(e[..., 2])
    m = _matrix([
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = jnp.stack([trace, m00, m11, m22], axis=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = jnp.argmax(pivots, axis=-1)
    q = jnp.stack(candidates[0], axis=-1)
    for i in (1, 2, 3):
        q = jnp.where((best == i)[..., None], jnp.stack(candidates[i], axis=-1), q)
    q = q / jnp.linalg.norm(q, axis=-1, keepdims=True)
    q = jnp.where(q[..., :1] < 0, -q, q)
    v = q[..., 1:]
    s = jnp.linalg.norm(v, axis=-1)
    angle = 2 * jnp.arctan2(s, q[..., 0])
    safe = jnp.where(s > 0, s, 1.0)
    axis = jnp.where((s > 0)[..., None], v / safe[..., None],
                     jnp.array([1.0, 0.0, 0.0], dtype=q.dtype))
    return axis, angle


def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid, in the functions
    of the arraykit workload (``benchmarks.workloads.vision``), so temporaries are freed at the
    same points (written inline, the 256x256 intermediates stay alive to the end: ~50% slower
    reprojection on NumPy, from fresh page-faulting allocations)."""
    points = _depth_to_points(depth, jnp.linalg.inv(k))
    uv = _project(_transform_points(points, pose), k)
    if not full:
        return (uv,)
    warped = _bilinear_sample(image, uv)
    voxels = _voxel_grid(points.reshape(-1, 3), origin, _vision.VOXEL_SIZE, _vision.VOXEL_COUNT)
    return uv, warped, voxels


def _pixel_grid(height, width, dtype):
    v, u = jnp.meshgrid(jnp.arange(height, dtype=dtype), jnp.arange(width, dtype=dtype),
                        indexing="ij")
    return jnp.stack([u, v, jnp.ones_like(u)], axis=-1)


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
    u = jnp.clip(uv[..., 0], 0.0, w - 1)
    v = jnp.clip(uv[..., 1], 0.0, h - 1)
    u0, v0 = jnp.floor(u), jnp.floor(v)
    du, dv = (u - u0)[..., None], (v - v0)[..., None]
    iu0, iv0 = u0.astype(jnp.int32), v0.astype(jnp.int32)
    iu1, iv1 = jnp.minimum(iu0 + 1, w - 1), jnp.minimum(iv0 + 1, h - 1)
    top = _gather(image, iv0, iu0) * (1 - du) + _gather(image, iv0, iu1) * du
    bottom = _gather(image, iv1, iu0) * (1 - du) + _gather(image, iv1, iu1) * du
    return top * (1 - dv) + bottom * dv


def _voxel_grid(points, origin, voxel_size, n):
    cells = jnp.floor((points - origin) / voxel_size)
    inside = jnp.all((cells >= 0) & (cells < n), axis=-1)
    idx = jnp.clip(cells, 0, n - 1).astype(jnp.int32)
    return _scatter_add(idx, inside.astype(points.dtype), n)


# The lookups and the scatter as jitted kernels, as arraykit.ext.nd runs them on JAX (one
# dispatch each, the zero grid made inside the scatter's program): eagerly, ``image[iv, iu]``
# and ``.at[].add`` cost several dispatches and jnp's indexing in Python per call.
@jax.jit
def _gather(image, iv, iu):
    return image.at[iv, iu].get(mode="clip")


@partial(jax.jit, static_argnums=2)
def _scatter_add(idx, weight, n):
    grid = jnp.zeros((n, n, n), dtype=weight.dtype)
    return grid.at[idx[:, 0], idx[:, 1], idx[:, 2]].add(weight, mode="drop")


def robotics(theta, a, d, alpha):
    """DH forward kinematics: (B, L) joint angles -> (B, L, 4, 4) link poses."""
    ct, st = jnp.cos(theta), jnp.sin(theta)
    ca, sa = jnp.cos(alpha), jnp.sin(alpha)
    zero, one = jnp.zeros_like(ct), jnp.ones_like(ct)
    links = _matrix([
        [ct, -st * ca, st * sa, a * ct],
        [st, ct * ca, -ct * sa, a * st],
        [zero, sa * one, ca * one, d * one],
        [zero, zero, zero, one],
    ])
    frames = [links[:, 0]]
    for i in range(1, links.shape[1]):
        frames.append(frames[-1] @ links[:, i])
    return jnp.stack(frames, axis=1)


def control(actions, theta0, omega0):
    """Total cost of a pendulum-batch rollout: the steps are a ``jax.lax.scan``, as a JAX user
    writes a loop (unrolled, XLA's compile of the gradient takes minutes at 100 steps). The
    body is a nested function, like the arraykit workload's: eagerly, jax traces it anew on
    each call on both sides."""
    g, dt = _control.GRAVITY / _control.LENGTH, _control.DT
    inertia = _control.MASS * _control.LENGTH * _control.LENGTH

    def body(carry, u):
        theta, omega = carry
        omega = omega + dt * (-g * jnp.sin(theta) + u / inertia)
        theta = theta + dt * omega
        return (theta, omega), jnp.sum((1 - jnp.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u)

    _, costs = jax.lax.scan(body, (theta0, omega0), actions)
    return jnp.sum(costs)


#: (total cost, d cost / d actions).
control_grad = jax.value_and_grad(control)


def rollouts(actions, theta0, omega0, scales, noise=None):
    """MPPI sampling (``benchmarks.workloads.rollouts``): noise from ``jax.random`` (the
    numbers arraykit's generator gives too) unless ``noise`` is given (the check), the R
    rollouts one ``jax.vmap``."""
    if noise is None:
        key = jax.random.PRNGKey(_rollouts.SEED)
        noise = jax.random.normal(key, (scales.shape[0], *actions.shape), actions.dtype)
    perturbed = actions + scales[:, None, None] * noise
    costs = jax.vmap(control, in_axes=(0, None, None))(perturbed, theta0, omega0)
    w = jnp.exp(-(costs - jnp.min(costs)) / _rollouts.TEMPERATURE)
    w = w / jnp.sum(w)
    return costs, actions + jnp.sum((w * scales)[:, None, None] * noise, axis=0)


# --- kalman ----------------------------------------------------------------------------------

def _kalman_step(x, p, z, f, h, q, r, eye):
    """One predict-update step, the statements of ``benchmarks.workloads.kalman.step``."""
    x = jnp.matmul(f, x)
    p = jnp.matmul(jnp.matmul(f, p), f.mT) + q
    ht = h.mT
    s = jnp.matmul(jnp.matmul(h, p), ht) + r
    k = jnp.matmul(jnp.matmul(p, ht), jnp.linalg.inv(s))
    x = x + jnp.matmul(k, z - jnp.matmul(h, x))
    p = jnp.matmul(eye - jnp.matmul(k, h), p)
    return x, p


def kalman(zs, x0, p0, f, h, q, r):
    """4-state Kalman filter: measurements (T, 2, 1) -> states (T, 4, 1), last covariance."""
    eye = jnp.eye(p0.shape[0], dtype=p0.dtype)
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = _kalman_step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return jnp.stack(states), p
