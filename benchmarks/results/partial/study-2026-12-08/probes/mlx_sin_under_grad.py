"""What a ``sin`` costs a step under ``mx.value_and_grad`` in each form the MLX shim has had.

100 steps of ``y = y + 0.05 * sin(y)`` (1024 float32) summed and differentiated; each form
timed in 9 interleaved rounds of three calls (CPU time, eval included), printed as its
per-step cost over plain ``mx.sin``; then the graph nodes of one step (``mx.export_to_dot``)
for the native and custom-function forms, and MLX's cost per graph node (a chain of adds).
"""

from __future__ import annotations

import collections
import gc
import io
import re
import sys
import time
from pathlib import Path

import mlx.core as mx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from arraykit.shims.mlx import _elementwise_functions as elementwise

X = mx.array(np.random.default_rng(0).normal(size=1024).astype(np.float32))


def _plain_sin(x):
    return mx.sin(x)


plain_custom = mx.custom_function(_plain_sin)


@plain_custom.vjp
def _plain_vjp(x, cotan, out):
    return cotan * mx.cos(x)


FORMS = {"mx.sin": mx.sin, "custom function (the shim's)": elementwise._sin_traced,
         "custom function around mx.sin": plain_custom,
         "rule through its Select": elementwise._sin_rule,
         "stop_gradient form": elementwise._sin_graded}


def loop(sin):
    def f(y):
        total = 0.0
        for _ in range(100):
            y = y + 0.05 * sin(y)
            total = total + mx.sum(y)
        return total

    mx.eval(*mx.value_and_grad(f)(X))


def nodes(sin) -> dict:
    v, g = mx.value_and_grad(lambda y: mx.sum(sin(y) * 0.5 + y))(X)
    buf = io.StringIO()
    mx.export_to_dot(buf, v, g)
    return dict(collections.Counter(re.findall(r'label\s*=\s*"([A-Za-z]+)', buf.getvalue())))


def chain(k: int) -> None:
    y = X
    for _ in range(k):
        y = y + 1.0
    mx.eval(y)


def main() -> None:
    times: dict[str, list[float]] = {k: [] for k in FORMS}
    for f in FORMS.values():
        loop(f)
    gc.disable()
    for _ in range(9):
        for k, f in FORMS.items():
            t0 = time.process_time()
            for _ in range(3):
                loop(f)
            times[k].append((time.process_time() - t0) / 3 * 1e6)
    base = np.median(times["mx.sin"])
    for k, t in times.items():
        step = (np.median(t) - base) / 100
        print(f"{k:32s} {np.median(t):8.0f} us a call, {step:+6.1f} us a step")
    for k in ("mx.sin", "custom function (the shim's)"):
        n = nodes(FORMS[k])
        print(f"{k}: {sum(n.values())} nodes {n}")
    for k in (10, 100):
        t0 = time.process_time()
        for _ in range(50):
            chain(k)
        print(f"chain of {k} adds: {(time.process_time() - t0) / 50 / k * 1e6:.2f} us a node")


if __name__ == "__main__":
    main()
