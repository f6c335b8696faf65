"""Depth image -> camera points -> world points -> reprojection into a second camera.

The projective-geometry part of the vision workload; it needs only the standard (the
bilinear resampling and voxel-grid parts, which need ``arraykit.ext.nd``, live beside it).
"""

from __future__ import annotations

from typing import Any

import arraykit


def pixel_grid(xp: Any, height: int, width: int, dtype: Any, device: Any = None) -> Any:
    """Homogeneous pixel coordinates (height, width, 3): (u, v, 1)."""
    v, u = xp.meshgrid(xp.arange(height, dtype=dtype, device=device),
                       xp.arange(width, dtype=dtype, device=device), indexing="ij")
    return xp.stack([u, v, xp.ones_like(u)], axis=-1)


def depth_to_points(depth: Any, k_inv: Any) -> Any:
    """Depth (..., H, W) and inverse intrinsics (3, 3) -> camera-frame points (..., H, W, 3)."""
    xp = arraykit.array_namespace(depth, k_inv)
    h, w = depth.shape[-2], depth.shape[-1]
    rays = xp.matmul(pixel_grid(xp, h, w, depth.dtype), xp.matrix_transpose(k_inv))
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
