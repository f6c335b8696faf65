"""The per-call benchmark's own machinery (``benchmarks/call_cost.py``): MLX graphs compared
node for node, and lazy frameworks' results forced inside a block's time."""

from __future__ import annotations

import time

from frameworks import require

from benchmarks import call_cost


def test_same_mlx_graph_tells_arraykits_extra_nodes_apart() -> None:
    mx = require("mlx.core")
    import arraykit

    x = mx.array([0.5, -0.0, 2.0])
    xp = arraykit.array_namespace(x)
    assert call_cost.same_mlx_graph(mx.add(x, x), xp.add(x, x))
    assert call_cost.same_mlx_graph(mx.sum(x), xp.sum(x))
    # the standard's index dtype: argmax's uint32 result is cast to int64 (one AsType more)
    assert not call_cost.same_mlx_graph(mx.argmax(x), xp.argmax(x))
    assert not call_cost.same_mlx_graph(mx.add(x, x), mx.multiply(x, x))
    assert not call_cost.same_mlx_graph(mx.add(x, x), mx.add(x, x).astype(mx.float16))


def test_a_forced_block_pays_for_its_results() -> None:
    forced: list = []
    force = call_cost.Force(lambda: forced.append("before"),
                            lambda outs: (time.sleep(0.02), forced.append(list(outs))))
    t = call_cost._block(lambda: 7, 3, force)
    assert forced == ["before", [7, 7, 7]]
    assert t >= 0 and call_cost._block(lambda: 7, 3, None) >= 0


def test_mlx_blocks_evaluate_every_result() -> None:
    mx = require("mlx.core")
    force = call_cost._force("mlx")
    outs = [mx.add(mx.array([1.0]), mx.array([2.0])) for _ in range(3)]
    force.results(outs)
    assert [o.item() for o in outs] == [3.0, 3.0, 3.0]
