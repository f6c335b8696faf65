"""The four benchmark workloads written natively, one module per framework, as a user of that
framework would write them: the references the arraykit versions are checked and timed
against. Every module provides the same functions with the same arguments and results:

- ``mechanics(axis, angle) -> (axis, angle)``
- ``vision(depth, image, k, pose, origin, full=True) -> (uv, warped, voxels)`` or ``(uv,)``
- ``robotics(theta, a, d, alpha) -> frames``
- ``control(actions, theta0, omega0) -> cost`` and, where the framework differentiates,
  ``control_grad(actions, theta0, omega0) -> (cost, d cost / d actions)``

Algorithms and constants are those of ``benchmarks.workloads`` (same formulas, same order of
operations), so the results agree to rounding and the timings differ only by the layer.
"""
