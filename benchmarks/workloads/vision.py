"""Depth image -> camera points -> world points -> reprojection into a second camera.

The projective-geometry part of the vision workload; it needs only the standard (the
bilinear resampling and voxel-grid parts, which need ``arraykit.ext.nd``, live beside it).
"""

from __future__ import annotations

from typing import Any

import arraykit

from . import device_of


def pixel_grid(xp: Any, height: int, width: int, dtype: Any, device: Any = None) -> Any:
    """Homogeneous pixel coordinates (height, width, 3): (u, v, 1)."""
    v, u = xp.meshgrid(xp.arange(height, dtype=dtype, device=device),
                       xp.arange(width, dtype=dtype, device=device), indexing="ij")
    return xp.stack([u, v, xp.ones_like(u)], axis=-1)


def depth_to_points(depth: Any, k_inv: Any) -> Any:
    """Depth (..., H, W) and inverse intrinsics (3, 3) -> camera-frame points (..., H, W, 3)."""
    xp = arraykit.array_namespace(depth, k_inv)
    h, w = depth.shape[-2], depth.shape[-1]
    # One expression, as the native versions: the (H, W, 3) grid is freed after the matmul,
    # not kept to the end of the call (a live 256x256x3 temporary changes which allocations
    # page-fault: ~450 more faults a call on torch, ~5% of the cell, none of it arraykit's).
    rays = xp.matmul(pixel_grid(xp, h, w, depth.dtype, device_of(depth)),
                     xp.matrix_transpose(k_inv))
    return rays * depth[..., None]


def transform_points(points: Any, pose: Any) -> Any:
    """Points (..., 3) through a rigid transform (4, 4): R @ p + t."""
    xp = arraykit.array_namespace(points, pose)
    return xp.matmul(points, xp.matrix_transpose(pose[:3, :3])) + pose[:3, 3]


def project(points: Any, k: Any) -> Any:
    """Camera-frame points (..., 3) -> pixel coordinates (..., 2) through intrinsics (3, 3)."""
    xp = arraykit.array_namespace(points, k)
    uvw = xp.matmul(points, xp.matrix_transpose(k))
    return uvw[..., :2] / uvw[..., 2:3]


def reproject(depth: Any, k: Any, pose: Any) -> Any:
    """Where each pixel of a depth image lands in a second camera with relative ``pose``."""
    xp = arraykit.array_namespace(depth, k, pose)
    return project(transform_points(depth_to_points(depth, xp.linalg.inv(k)), pose), k)


# --- resampling and voxels: need arraykit.ext.nd (gather_nd / scatter_nd) -------------------


def bilinear_sample(image: Any, uv: Any) -> Any:
    """Sample ``image`` (H, W, C) at pixel coordinates ``uv`` (..., 2) -> (..., C).

    ``uv`` is (column, row). Coordinates outside the image are clamped to its border (the
    usual "edge" padding), so every lookup is in bounds and the shapes are static: it
    compiles. The four neighbours are fetched with ``arraykit.ext.nd.gather_nd``, given the
    row and column index arrays as a tuple (as ``image[iv, iu]``; no stacked copy).
    """
    from arraykit.ext.nd import gather_nd

    xp = arraykit.array_namespace(image, uv)
    h, w = image.shape[0], image.shape[1]
    u = xp.clip(uv[..., 0], 0.0, float(w - 1))
    v = xp.clip(uv[..., 1], 0.0, float(h - 1))
    u0, v0 = xp.floor(u), xp.floor(v)
    du, dv = (u - u0)[..., None], (v - v0)[..., None]
    iu0, iv0 = xp.astype(u0, xp.int32), xp.astype(v0, xp.int32)
    iu1, iv1 = xp.minimum(iu0 + 1, w - 1), xp.minimum(iv0 + 1, h - 1)

    def at(iv: Any, iu: Any) -> Any:
        return gather_nd(image, (iv, iu))

    top = at(iv0, iu0) * (1 - du) + at(iv0, iu1) * du
    bottom = at(iv1, iu0) * (1 - du) + at(iv1, iu1) * du
    return top * (1 - dv) + bottom * dv


def voxel_grid(points: Any, origin: Any, voxel_size: float, size: int) -> Any:
    """Occupancy counts (size, size, size) of ``points`` (N, 3) in a cube from ``origin``.

    Points outside the cube are clamped into it with weight 0, which keeps the shapes static
    (no boolean masking): it compiles. Built with ``scatter_nd(reduction="sum")``, which sums
    duplicate indices on every backend (TensorFlow's own scatter would too; MXNet's and
    NumPy's fancy assignment would not).
    """
    from arraykit.ext.nd import scatter_nd

    xp = arraykit.array_namespace(points, origin)
    cells = xp.floor((points - origin) / voxel_size)
    inside = xp.all((cells >= 0) & (cells < size), axis=-1)
    idx = xp.astype(xp.clip(cells, 0, size - 1), xp.int32)
    weight = xp.astype(inside, points.dtype)
    return scatter_nd(idx, weight, (size, size, size), reduction="sum")


#: Voxel grid of the vision benchmark: a 2 m cube of 5 cm cells in front of camera 1.
VOXEL_SIZE = 0.05
VOXEL_COUNT = 40
VOXEL_ORIGIN = (-1.0, -1.0, 0.5)


def workload(depth: Any, image: Any, k: Any, pose: Any, origin: Any, *,
             full: bool = True) -> tuple[Any, ...]:
    """The vision benchmark on one depth image (H, W) with camera 2's colour image (H, W, C).

    Depth -> camera points -> world (camera-1) points -> reprojection into camera 2 (relative
    ``pose``) -> bilinear resampling of camera 2's image at those pixels -> a voxel grid of
    the points. Returns ``(uv, warped, voxels)``, or ``(uv,)`` with ``full=False`` (the part
    that needs only the standard, no ``arraykit.ext.nd``).
    """
    xp = arraykit.array_namespace(depth, k, pose)
    points = depth_to_points(depth, xp.linalg.inv(k))
    uv = project(transform_points(points, pose), k)
    if not full:
        return (uv,)
    warped = bilinear_sample(image, uv)
    voxels = voxel_grid(xp.reshape(points, (-1, 3)), origin, VOXEL_SIZE, VOXEL_COUNT)
    return uv, warped, voxels
