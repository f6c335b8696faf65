"""The benchmark workloads written natively, one module per framework, as a user of that
framework would write them: the references the arraykit versions are checked and timed
against. Every module provides the same functions with the same arguments and results:

- ``mechanics(axis, angle) -> (axis, angle)``
- ``vision(depth, image, k, pose, origin, full=True) -> (uv, warped, voxels)`` or ``(uv,)``
- ``robotics(theta, a, d, alpha) -> frames``
- ``control(actions, theta0, omega0) -> cost`` and, where the framework differentiates,
  ``control_grad(actions, theta0, omega0) -> (cost, d cost / d actions)``
- ``rollouts(actions, theta0, omega0, scales, noise=None) -> (costs, actions)``: the noise
  from the framework's own generator (timed), or ``noise`` given (checked; see
  ``benchmarks.workloads.rollouts``)
- ``kalman(zs, x0, p0, f, h, q, r) -> (states, covariance)``

Algorithms and constants are those of ``benchmarks.workloads`` (same formulas, same order of
operations), so the results agree to rounding and the timings differ only by the layer. Where
arraykit runs an algorithm of its own inside a call, the native code runs that algorithm too,
as a good user of the framework would write it: flat-row ``take``/``index_select`` and
``add.at``/``index_add_`` (NumPy, torch) or jitted ``.at[]`` kernels (JAX) for
``arraykit.ext.nd``'s gathers and scatters, and the loop split once (``unbind``,
``tf.unstack``) as ``arraykit.ext.jit.scan`` splits it; so a negative overhead is not a better
algorithm on arraykit's side.

The modules repeat each other on purpose: each is the deliberate baseline written in its own
framework's idiom, not a rule to write once (``duplicates`` rows between them are expected).
"""

import types
from typing import Any


def rebind(module: Any, names: dict[str, Any], functions: tuple[str, ...]) -> tuple[Any, ...]:
    """``module``'s ``functions`` with some of its globals replaced (``{"np": cupy}``): every
    function of the module is rebound to one copy of its globals, so the helpers they call see
    the replacement too. For a library that copies another's API (CuPy's of NumPy)."""
    env = dict(vars(module))
    env.update(names)
    for key, obj in list(env.items()):
        if isinstance(obj, types.FunctionType) and obj.__module__ == module.__name__:
            env[key] = types.FunctionType(obj.__code__, env, obj.__name__, obj.__defaults__,
                                          obj.__closure__)
    return tuple(env[f] for f in functions)
