"""The benchmark workloads in plain TensorFlow (tf.*)."""

from __future__ import annotations

import tensorflow as tf

from ..workloads import control as _control
from ..workloads import rollouts as _rollouts
from ..workloads import vision as _vision


def _matrix(rows):
    return tf.stack([tf.stack(r, axis=-1) for r in rows], axis=-2)


def mechanics(axis, angle):
    """Axis-angle -> quaternion -> matrix -> Euler -> matrix -> quaternion -> axis-angle."""
    half = angle / 2
    s = tf.sin(half)
    q = tf.concat([tf.cos(half)[..., None], axis * s[..., None]], axis=-1)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = _matrix([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])
    pitch = tf.asin(tf.clip_by_value(m[..., 0, 2], -1.0, 1.0))
    roll = tf.atan2(-m[..., 1, 2], m[..., 2, 2])
    yaw = tf.atan2(-m[..., 0, 1], m[..., 0, 0])
    # Euler angles as one (..., 3) array, as a conversion library returns them
    e = tf.stack([roll, pitch, yaw], axis=-1)
    cr, cp, cy = tf.cos(e[..., 0]), tf.cos(e[..., 1]), tf.cos(e[..., 2])
    sr, sp, sy = tf.sin(e[..., 0]), tf.sin(e[..., 1]), tf.sin(e[..., 2])
    m = _matrix([
        [cp * cy, -cp * sy, sp],
        [cr * sy + sr * sp * cy, cr * cy - sr * sp * sy, -sr * cp],
        [sr * sy - cr * sp * cy, sr * cy + cr * sp * sy, cr * cp],
    ])
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    pivots = tf.stack([trace, m00, m11, m22], axis=-1)
    candidates = [
        [1 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1 - m00 - m11 + m22],
    ]
    best = tf.argmax(pivots, axis=-1, output_type=tf.int32)
    q = tf.stack(candidates[0], axis=-1)
    for i in (1, 2, 3):
        q = tf.where((best == i)[..., None], tf.stack(candidates[i], axis=-1), q)
    q = q / tf.norm(q, axis=-1, keepdims=True)
    q = tf.where(q[..., :1] < 0, -q, q)
    v = q[..., 1:]
    s = tf.norm(v, axis=-1)
    angle = 2 * tf.atan2(s, q[..., 0])
    safe = tf.where(s > 0, s, 1.0)
    axis = tf.where((s > 0)[..., None], v / safe[..., None],
                    tf.constant([1.0, 0.0, 0.0], dtype=q.dtype))
    return axis, angle


def vision(depth, image, k, pose, origin, full=True):
    """Depth -> points -> reprojection -> bilinear resampling -> voxel grid."""
    h, w = depth.shape
    v, u = tf.meshgrid(tf.range(h, dtype=depth.dtype), tf.range(w, dtype=depth.dtype),
                       indexing="ij")
    pix = tf.stack([u, v, tf.ones_like(u)], axis=-1)
    points = tf.matmul(pix, tf.linalg.inv(k), transpose_b=True) * depth[..., None]
    uvw = tf.matmul(tf.matmul(points, pose[:3, :3], transpose_b=True) + pose[:3, 3], k,
                    transpose_b=True)
    uv = uvw[..., :2] / uvw[..., 2:3]
    if not full:
        return (uv,)
    uc = tf.clip_by_value(uv[..., 0], 0.0, float(w - 1))
    vc = tf.clip_by_value(uv[..., 1], 0.0, float(h - 1))
    u0, v0 = tf.floor(uc), tf.floor(vc)
    du, dv = (uc - u0)[..., None], (vc - v0)[..., None]
    iu0, iv0 = tf.cast(u0, tf.int32), tf.cast(v0, tf.int32)
    iu1, iv1 = tf.minimum(iu0 + 1, w - 1), tf.minimum(iv0 + 1, h - 1)

    def at(iv, iu):
        return tf.gather_nd(image, tf.stack([iv, iu], axis=-1))

    top = at(iv0, iu0) * (1 - du) + at(iv0, iu1) * du
    bottom = at(iv1, iu0) * (1 - du) + at(iv1, iu1) * du
    warped = top * (1 - dv) + bottom * dv
    n = _vision.VOXEL_COUNT
    cells = tf.floor((tf.reshape(points, (-1, 3)) - origin) / _vision.VOXEL_SIZE)
    inside = tf.reduce_all((cells >= 0) & (cells < n), axis=-1)
    idx = tf.cast(tf.clip_by_value(cells, 0.0, float(n - 1)), tf.int32)
    # tf.scatter_nd sums the updates of duplicate indices.
    voxels = tf.scatter_nd(idx, tf.cast(inside, depth.dtype), (n, n, n))
    return uv, warped, voxels


def robotics(theta, a, d, alpha):
    """DH forward kinematics: (B, L) joint angles -> (B, L, 4, 4) link poses."""
    ct, st = tf.cos(theta), tf.sin(theta)
    ca, sa = tf.cos(alpha), tf.sin(alpha)
    zero, one = tf.zeros_like(ct), tf.ones_like(ct)
    links = _matrix([
        [ct, -st * ca, st * sa, a * ct],
        [st, ct * ca, -ct * sa, a * st],
        [zero, sa * one, ca * one, d * one],
        [zero, zero, zero, one],
    ])
    frames = [links[:, 0]]
    for i in range(1, links.shape[1]):
        frames.append(tf.matmul(frames[-1], links[:, i]))
    return tf.stack(frames, axis=1)


def control(actions, theta0, omega0):
    """Total cost of a pendulum-batch rollout, with the loop arraykit's ``scan`` runs on TF:
    eagerly a Python loop over ``tf.unstack(actions)``; in a graph
    (``tf.function(jit_compile=True)``) ``for t in tf.range(T)``, a ``tf.while_loop`` under
    AutoGraph, writing the step costs to a TensorArray. (A Python ``range`` loop would be
    unrolled in the graph: XLA's compile of the gradient takes minutes at 100 steps.)"""
    g, dt = _control.GRAVITY / _control.LENGTH, _control.DT
    inertia = _control.MASS * _control.LENGTH * _control.LENGTH
    theta, omega = theta0, omega0
    if tf.executing_eagerly():
        # Eagerly, the loop as arraykit's scan runs it on TF: the actions split with one
        # ``tf.unstack`` and the costs joined with one ``tf.stack`` (``actions[t]`` per step
        # and TensorArray writes cost several eager ops each, and the tape records them all).
        costs = []
        for u in tf.unstack(actions):
            omega = omega + dt * (-g * tf.sin(theta) + u / inertia)
            theta = theta + dt * omega
            costs.append(tf.reduce_sum((1 - tf.cos(theta)) + 0.1 * omega * omega
                                       + 0.001 * u * u))
        return tf.reduce_sum(tf.stack(costs))
    steps = tf.shape(actions)[0]
    costs = tf.TensorArray(actions.dtype, size=steps)
    for t in tf.range(steps):
        u = actions[t]
        omega = omega + dt * (-g * tf.sin(theta) + u / inertia)
        theta = theta + dt * omega
        costs = costs.write(t, tf.reduce_sum((1 - tf.cos(theta)) + 0.1 * omega * omega
                                             + 0.001 * u * u))
    return tf.reduce_sum(costs.stack())


def control_grad(actions, theta0, omega0):
    """(total cost, d cost / d actions) with a GradientTape."""
    with tf.GradientTape() as tape:
        tape.watch(actions)
        cost = control(actions, theta0, omega0)
    return cost, tape.gradient(cost, actions)


def rollouts(actions, theta0, omega0, scales, noise=None):
    """MPPI sampling (``benchmarks.workloads.rollouts``): noise from
    ``tf.random.stateless_normal`` unless ``noise`` is given (the check), the R rollouts one
    ``tf.vectorized_map`` of a ``tf.scan`` over the steps (pfor vectorises the while loop it
    builds, as it does arraykit's scan in a graph; ``control``'s AutoGraph loop is not
    converted inside ``vectorized_map``)."""
    if noise is None:
        shape = tf.concat([tf.shape(scales), tf.shape(actions)], 0)
        noise = tf.random.stateless_normal(shape, seed=[_rollouts.SEED, 0], dtype=actions.dtype)
    perturbed = actions + scales[:, None, None] * noise
    g, dt = _control.GRAVITY / _control.LENGTH, _control.DT
    inertia = _control.MASS * _control.LENGTH * _control.LENGTH

    def cost(p):
        def body(carry, u):
            theta, omega, _ = carry
            omega = omega + dt * (-g * tf.sin(theta) + u / inertia)
            theta = theta + dt * omega
            step_cost = tf.reduce_sum((1 - tf.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u)
            return theta, omega, step_cost

        _, _, costs = tf.scan(body, p, initializer=(theta0, omega0, tf.zeros((), p.dtype)))
        return tf.reduce_sum(costs)

    costs = tf.vectorized_map(cost, perturbed)
    w = tf.exp(-(costs - tf.reduce_min(costs)) / _rollouts.TEMPERATURE)
    w = w / tf.reduce_sum(w)
    return costs, actions + tf.reduce_sum((w * scales)[:, None, None] * noise, axis=0)


# --- kalman ----------------------------------------------------------------------------------

def _kalman_step(x, p, z, f, h, q, r, eye):
    """One predict-update step, the statements of ``benchmarks.workloads.kalman.step``."""
    x = tf.linalg.matmul(f, x)
    p = tf.linalg.matmul(tf.linalg.matmul(f, p), tf.linalg.matrix_transpose(f)) + q
    ht = tf.linalg.matrix_transpose(h)
    s = tf.linalg.matmul(tf.linalg.matmul(h, p), ht) + r
    k = tf.linalg.matmul(tf.linalg.matmul(p, ht), tf.linalg.inv(s))
    x = x + tf.linalg.matmul(k, z - tf.linalg.matmul(h, x))
    p = tf.linalg.matmul(eye - tf.linalg.matmul(k, h), p)
    return x, p


def kalman(zs, x0, p0, f, h, q, r):
    """4-state Kalman filter: measurements (T, 2, 1) -> states (T, 4, 1), last covariance."""
    eye = tf.eye(p0.shape[0], dtype=p0.dtype)
    x, p = x0, p0
    states = []
    for t in range(zs.shape[0]):
        x, p = _kalman_step(x, p, zs[t], f, h, q, r, eye)
        states.append(x)
    return tf.stack(states), p
