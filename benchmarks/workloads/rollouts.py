"""Randomised rollouts: the sampling step of MPPI (model predictive path integral) control
on the pendulum batch of ``control``.

R perturbed copies of a nominal action sequence are rolled out, each with its own noise
scale; their costs weight the perturbations into an improved action sequence (a softmin of
the costs at temperature ``TEMPERATURE``). The noise comes from ``arraykit.ext.random`` (one
key, ``SEED``: the same numbers on every framework) and the R rollouts run as one
``arraykit.ext.jit.vmap`` of ``control.rollout_cost``, so this is the workload that uses both.

The native versions (``benchmarks.native.<framework>_.rollouts``) draw their noise with the
framework's own generator, as its users do (``jax.random``, which gives the same numbers;
``torch.randn``, ``tf.random.stateless_normal``, NumPy's and MXNet's generators, which do
not) and vectorise with the framework's own map (a loop on NumPy and MXNet, which have none).
That native code is what is timed. Its results are checked with ``noise=`` given: the numbers
``perturbations`` draws here, so the two sides must agree to rounding on the same inputs
(that the generator's numbers are right is ``tests/ext/test_random.py``'s job).
"""

from __future__ import annotations

from typing import Any

import arraykit
from arraykit.ext import random
from arraykit.ext.jit import vmap

from . import control

#: The key of the noise, and the softmin temperature of the cost weights.
SEED = 0
TEMPERATURE = 1.0


def perturbations(actions: Any, scales: Any) -> Any:
    """Standard normal noise of shape (R, T, B), R = ``scales.shape[0]``, from key ``SEED``
    on ``actions``' framework."""
    shape = (scales.shape[0], *actions.shape)
    return random.normal(random.key(SEED, like=actions), shape, dtype=actions.dtype)


def mppi_update(actions: Any, noise: Any, scales: Any, costs: Any) -> Any:
    """The nominal actions plus the perturbations weighted by softmin(costs / temperature)."""
    xp = arraykit.array_namespace(actions, noise, costs)
    w = xp.exp(-(costs - xp.min(costs)) / TEMPERATURE)
    w = w / xp.sum(w)
    return actions + xp.sum((w * scales)[:, None, None] * noise, axis=0)


def workload(actions: Any, theta0: Any, omega0: Any, scales: Any) -> tuple[Any, Any]:
    """(cost of each of the R rollouts, the MPPI-updated actions (T, B)).

    ``actions`` (T, B) nominal actions, ``theta0``/``omega0`` (B,) initial states, ``scales``
    (R,) the noise scale of each rollout."""
    noise = perturbations(actions, scales)
    perturbed = actions + scales[:, None, None] * noise
    costs = vmap(control.rollout_cost, in_axes=(0, None, None))(perturbed, theta0, omega0)
    return costs, mppi_update(actions, noise, scales, costs)
