"""A differentiable environment: a batch of torque-driven pendulums rolled out for T steps.

Semi-implicit Euler integration of ``theta'' = -g/l sin(theta) + u / (m l^2)``; the cost of
a step is ``(1 - cos theta) + 0.1 omega^2 + 0.001 u^2`` summed over the batch (swing-down
and stay still, cheaply). The benchmark differentiates the total cost with respect to the
whole action sequence with ``arraykit.ext.grad.value_and_grad``: the gradient a trajectory
optimiser would follow.
"""

from __future__ import annotations

from typing import Any

import arraykit
from arraykit.ext.jit import scan

#: Physical constants and the time step (SI units).
GRAVITY = 9.81
LENGTH = 1.0
MASS = 1.0
DT = 0.05


def step(theta: Any, omega: Any, u: Any) -> tuple[Any, Any]:
    """One semi-implicit Euler step of the pendulum; arrays of one shape."""
    xp = arraykit.array_namespace(theta, omega, u)
    omega = omega + DT * (-(GRAVITY / LENGTH) * xp.sin(theta) + u / (MASS * LENGTH * LENGTH))
    return theta + DT * omega, omega


def rollout_cost(actions: Any, theta0: Any, omega0: Any) -> Any:
    """Total cost (0-d) of applying ``actions`` (T, B) to pendulums starting at ``theta0``,
    ``omega0`` (B,).

    The T steps are one ``scan`` (a loop the compilers keep as a loop; unrolled, XLA's
    compile of the gradient grows with T, to minutes at T=100): carry (theta, omega), input
    the step's actions, output the step's cost."""
    xp = arraykit.array_namespace(actions, theta0, omega0)

    # A nested body: it uses this call's namespace, so a step looks up no namespace beyond
    # step()'s own (a module-level body cached per namespace would be stored from inside a
    # torch.compile trace, and dynamo cannot key a dict on a module).
    def step_cost(carry: tuple[Any, Any], u: Any) -> tuple[tuple[Any, Any], Any]:
        theta, omega = step(carry[0], carry[1], u)
        return (theta, omega), xp.sum((1 - xp.cos(theta)) + 0.1 * omega * omega + 0.001 * u * u)

    _, costs = scan(step_cost, (theta0, omega0), actions)
    return xp.sum(costs)


def has_grad() -> bool:
    """Whether ``arraykit.ext.grad`` is importable here (it is being built alongside)."""
    try:
        import arraykit.ext.grad  # noqa: F401
    except ImportError:
        return False
    return True


def cost_and_grad(actions: Any, theta0: Any, omega0: Any) -> tuple[Any, Any]:
    """The control benchmark: (total cost, d cost / d actions) via ``value_and_grad``."""
    global _value_and_grad  # noqa: PLW0603 - built once, on first use (see below)
    if _value_and_grad is None:
        from arraykit.ext.grad import value_and_grad

        _value_and_grad = value_and_grad(rollout_cost)
    return _value_and_grad(actions, theta0, omega0)


#: value_and_grad(rollout_cost), built here when arraykit.ext.grad imports (else on first use):
#: a global assigned inside a torch.compile trace would make TorchDynamo compile again on
#: the next call.
_value_and_grad = None
if has_grad():
    from arraykit.ext.grad import value_and_grad as _build

    _value_and_grad = _build(rollout_cost)
    del _build
