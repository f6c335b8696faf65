"""Timing: interleaved A/B blocks, cProfile of a missed target, and the compiled-program
checks (same HLO / same FX graph, the jit wrapper's own cost)."""

from __future__ import annotations

import cProfile
import gc
import io
import math
import pstats
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .cases import Case
from .frameworks import Framework


def _sample(fn: Callable, sync: Callable, number: int,
            clock: Callable[[], float] = time.perf_counter) -> float:
    t0 = clock()
    for _ in range(number):
        sync(fn())
    return (clock() - t0) / number


#: ABBA cycles per round (``--cycles``): a side's time in a round is its best block there.
CYCLES = 3
#: A block longer than this (seconds) makes a round one cycle, so the slowest cells' rounds
#: stay short. At 50 ms (before 2026-12-06) every cell of 50-500 ms a call (jax control and
#: rollouts, TF control/rollouts/kalman, MXNet mechanics/control/rollouts/kalman) ran one cycle,
#: a side's time in a round the best of two one-call blocks: the noisiest cells of the study
#: (upper quartiles +2.0 to +3.4% over medians within 1%). Three cycles there add ~4 minutes.
SLOW_BLOCK_S = 0.5


def time_ab(a: Callable, b: Callable, sync: Callable, rounds: int, min_sample_s: float,
            clock: Callable[[], float] = time.perf_counter, cycles: int = CYCLES) -> dict:
    """Interleaved timing of ``a`` (arraykit) against ``b`` (native), read on ``clock``.

    A block is ``number`` calls, chosen so that it lasts about ``min_sample_s``. A round is
    ``cycles`` cycles of four blocks, A-B-B-A and B-A-A-B alternately (so a drift of the
    machine's speed cancels and neither side always runs first); one cycle where a block
    lasts over ``SLOW_BLOCK_S`` (the rounds of slow cells stay short). A side's time in a
    round is its best block there: other work on the machine can only add time to a block (on
    CPU time too: it evicts the caches), so the fastest is the cleanest. The overhead of a round is
    t_a / t_b - 1; the report gives the median over the rounds and the interquartile range,
    not a ratio of medians.

    A/A checks (``--aa``) on the 4x4 Kalman filter, NumPy, CPU time, one thread, 2 cores
    shared with other jobs (``benchmarks/results/partial/aa-2026-12-05.md``): a side's time
    the sum of its two 20 ms blocks gave an IQR 5.6 points wide at a load of 4; the best of
    6 one-call blocks, 0.9 at a load of 3 and 1.2-3.6 at loads of 8-13 (wall clock: 16-56).
    """
    for _ in range(2):  # warm-up: compilation, caches, allocator
        sync(a())
        sync(b())
    t1 = min(_sample(a, sync, 1, clock), _sample(b, sync, 1, clock))
    number = max(1, math.ceil(min_sample_s / max(t1, 1e-9)))
    if number * t1 > SLOW_BLOCK_S:
        cycles = 1
    ta, tb = [], []
    gc_was = gc.isenabled()
    gc.disable()
    # Objects alive now are left out of the collections below: with TF or torch loaded a
    # full collection walks millions of them (~0.5 s a time in a pytest process).
    gc.freeze()
    try:
        for r in range(rounds):
            sides = (a, b) if r % 2 == 0 else (b, a)  # who starts the round alternates
            best = [math.inf, math.inf]
            for c in range(cycles):
                for side in ((0, 1, 1, 0) if c % 2 == 0 else (1, 0, 0, 1)):
                    best[side] = min(best[side], _sample(sides[side], sync, number, clock))
            gc.collect()  # between rounds only: collection is off inside them
            ta.append(best[0] if r % 2 == 0 else best[1])
            tb.append(best[1] if r % 2 == 0 else best[0])
    finally:
        gc.unfreeze()
        if gc_was:
            gc.enable()
    ratios = [100.0 * (x / y - 1.0) for x, y in zip(ta, tb)]
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    return {
        "number": number, "rounds": rounds, "cycles": cycles, "order": "ABBA",
        "estimator": "best block per side and round",
        "arraykit_median_s": statistics.median(ta), "native_median_s": statistics.median(tb),
        "overhead_median_pct": statistics.median(ratios),
        "overhead_q1_pct": q[0], "overhead_q3_pct": q[2],
        # Half-width of the median's ~95% interval (McGill's notch, 1.57 IQR / sqrt(n)): how
        # finely this cell resolves; more rounds narrow it.
        "overhead_ci_pct": 1.57 * (q[2] - q[0]) / math.sqrt(len(ratios)),
        "overhead_pct_samples": ratios,
    }


def _in_layer(filename: str) -> bool:
    return "/arraykit/" in filename or "array_api_compat" in filename


def profile_top(fn: Callable, sync: Callable, calls: int, top: int = 10) -> dict:
    """cProfile ``calls`` calls of ``fn``: the ``top`` entries by own time, how many Python
    calls per workload call enter arraykit's or array-api-compat's code (the layer), and the
    share of the profiled time cProfile attributes to those frames. That share is an upper
    bound: NumPy ufuncs and operators called from a layer frame are not profiled separately,
    so their compute time counts as the frame's own."""
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        sync(fn())
    prof.disable()
    stats = pstats.Stats(prof)
    total = sum(v[2] for v in stats.stats.values()) or 1e-12
    layer = sum(v[2] for k, v in stats.stats.items() if _in_layer(k[0]))
    layer_calls = sum(v[1] for k, v in stats.stats.items() if _in_layer(k[0]))
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    lines = [ln.replace(str(Path(__file__).resolve().parents[2]) + "/", "")
             for ln in out.getvalue().splitlines() if ln.strip()]
    start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls")), 0)
    return {"layer_share_pct": 100.0 * layer / total, "layer_calls": layer_calls / calls,
            "top": lines[start:start + top + 1]}


def program_check(fw: Framework, case: Case, args: tuple, rounds: int) -> dict:
    """Two noise-robust figures for a compiled cell, where end-to-end medians cannot resolve
    0.1%: whether arraykit's compiled program is the native one (jax, tensorflow: optimised
    HLO of the entry computation compared; torch: the operations of the graph TorchDynamo
    captures, which Inductor compiles; mlx: the graph ``mx.compile`` traces), and arraykit's
    own per-call cost, the jit wrapper vs the compiled object it holds (``wrapper_cost``)."""
    if case.jitted is None:
        return {}
    out: dict = {}
    wrapper = wrapper_cost(fw, case, args, rounds)
    if wrapper is not None:
        out["wrapper_s"] = wrapper
        out["wrapper_method"] = WRAPPER_METHOD
    # Last: the torch check resets TorchDynamo's caches.
    if case.native_compiled is not None:
        ops = program_ops(fw, case, args)
        if ops is not None:
            out["same_program"] = ops[0] == ops[1]
            if not out["same_program"]:
                out["program_diff"] = op_diff(ops[2], ops[3])
    return out


def program_ops(fw: Framework, case: Case, args: tuple) -> tuple | None:
    """(arraykit's program, native's, the operations of each by name) for a compiled cell:
    jax and tensorflow, the optimised HLO's entry computation; torch, the FX graph
    TorchDynamo captures; mlx, the graph mx.compile traces. None where it cannot be had."""
    if fw.name == "torch":
        a, b = _fx_ops(case.functions[0], args), _fx_ops(case.functions[1], args)
        if a is None or b is None:
            return None
        return a, b, [o.split(":", 1)[1] for o in a], [o.split(":", 1)[1] for o in b]
    if fw.name == "mlx":
        # arraykit's side through its jit (what is timed): the shim's rules take their fused
        # forms inside arraykit.ext.jit's trace (``shims.mlx._helpers.GRAD_TRACING``).
        a, b = _mlx_graph(case.jitted, args), _mlx_graph(case.functions[1], args)
        if a is None or b is None:
            return None
        return a, b, _MLX_OP.findall(a), _MLX_OP.findall(b)
    from ..compiled_overhead import entry_hlos

    inner = getattr(case.jitted._entries.get(type(args[0])), "compiled", None)
    texts = None if inner is None else entry_hlos(fw.name, inner, case.native_compiled, args)
    if texts is None:
        return None
    return texts[0], texts[1], _HLO_OP.findall(texts[0]), _HLO_OP.findall(texts[1])


_MLX_OP = re.compile(r'label ="([^"]+)"')
#: An HLO instruction's opcode: ``%v = f32[2,3]{1,0} multiply(%v, %v)`` -> "multiply".
_HLO_OP = re.compile(r"= \S+ ([a-z][\w-]*)\(")


def op_diff(ours: list[str], native: list[str]) -> str:
    """The operations one program has more of than the other, by name and count:
    "arraykit +Equal x2 +Select x2; native +Square x2" (the same counts: "same operations,
    another order or other edges")."""
    a, b = Counter(ours), Counter(native)
    more = [(side, d) for side, d in (("arraykit", a - b), ("native", b - a)) if d]
    if not more:
        return "same operations, another order or other edges"
    return "; ".join(
        side + " " + " ".join(f"+{op} x{n}" for op, n in sorted(d.items(), key=lambda t: -t[1]))
        for side, d in more)


#: How ``wrapper_s`` is measured (recorded beside it).
WRAPPER_METHOD = ("jit(probe) - compiled probe, best of blocks; probe: the cell's arguments "
                  "and output structure, one element of work")


def _probe(case: Case) -> Callable:
    """A function of the cell's arguments returning the cell's output structure (every array
    leaf a one-element array computed from the first array argument; other leaves as the
    cell's) that does almost no work."""
    import arraykit
    from arraykit.ext._pytree import first_array, flatten, unflatten

    leaves, treedef = flatten(case.arraykit())
    is_array = [arraykit.is_array_api_obj(v) for v in leaves]

    def probe(*a: Any) -> Any:
        x = first_array(a)
        xp = arraykit.array_namespace(x)
        one = xp.sum(xp.reshape(x, (-1,))[:1])
        return unflatten(treedef, [one if arr else v for arr, v in zip(is_array, leaves)])

    return probe


def wrapper_cost(fw: Framework, case: Case, args: tuple, rounds: int) -> float | None:
    """arraykit's own per-call cost in a compiled cell: ``jit`` of a probe (``_probe``: the
    cell's arguments and output structure, one element of work) against the compiled object
    that jit holds for it (mlx: ``mx.compile`` of the probe), best of ``rounds`` blocks each,
    which interference can only inflate. The wrapper's work depends on the arguments and the
    output's structure only, not on what the program computes, and timed around the
    workload's own program (milliseconds a call, one call a block) the difference of two
    best blocks measured the machine's noise: 314 us, 1.6 ms and 1.4 ms on jax mechanics, TF
    robotics and MLX control (2026-12-02), where the wrapper costs 1-3 us."""
    from arraykit.ext.jit import jit

    from ..compiled_overhead import _block

    probe = _probe(case)
    ours = jit(probe)
    fw.sync(ours(*args))
    if fw.name == "mlx":
        # MLX's compiled programs take flattened arrays (no one compiled object per
        # signature): the inner program is mx.compile of the same function.
        inner = fw.compile(probe)
    else:
        inner = getattr(ours._entries.get(type(args[0])), "compiled", None)
    if inner is None:
        return None
    fw.sync(inner(*args))
    # Short blocks (about a millisecond), many of them: under load a long block is rarely
    # uninterrupted, and the best block of each side is the estimate.
    number = max(1, min(200, round(0.001 / max(_block(inner, args, 1, fw.sync), 1e-7))))
    best_ours = best_inner = math.inf
    for _ in range(max(rounds, 150)):
        best_inner = min(best_inner, _block(inner, args, number, fw.sync))
        best_ours = min(best_ours, _block(ours, args, number, fw.sync))
    return max(0.0, best_ours - best_inner)


#: torch functions that are one operation under two names (the standard's and torch's).
_TORCH_ALIASES = {"concat": "cat", "concatenate": "cat"}


def _fx_ops(fn: Callable, args: tuple) -> list[str] | None:
    """The operations of the graph TorchDynamo captures from ``fn`` (one full graph), by
    name: ``operator.matmul`` (``@``) and ``torch.matmul`` are both "matmul"; the inputs
    first, sorted."""
    import torch

    graphs: list = []

    def record(gm: Any, example_inputs: Any) -> Any:
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    try:
        torch.compile(fn, backend=record, fullgraph=True)(*args)
    except Exception:  # noqa: BLE001  (no single graph: nothing to compare)
        return None
    finally:
        torch._dynamo.reset()
    ops = [f"{n.op}:{_TORCH_ALIASES.get(name, name)}" for gm in graphs for n in gm.graph.nodes
           for name in [getattr(n.target, "__name__", str(n.target))]]
    # Dynamo numbers the inputs in order of first use: compare them as a set.
    return sorted(o for o in ops if o.startswith("placeholder:")) + [
        o for o in ops if not o.startswith("placeholder:")]


def mlx_dot(*outputs: Any) -> str:
    """``mx.export_to_dot`` of MLX arrays' graph, with the nodes' addresses numbered in order
    of appearance (two calls that build the same graph give the same text)."""
    import mlx.core as mx

    dot = io.StringIO()
    mx.export_to_dot(dot, *outputs)
    ids: dict[str, str] = {}
    return re.sub(r"\b\d{6,}\b", lambda m: ids.setdefault(m.group(), f"n{len(ids)}"),
                  dot.getvalue())


def _mlx_graph(fn: Callable, args: tuple) -> str | None:
    """The graph ``mx.compile`` traces from ``fn`` (``mlx_dot`` of its outputs, taken inside
    the trace)."""
    import mlx.core as mx

    from .frameworks import _leaves

    graphs: list[str] = []

    def traced(*a: Any) -> Any:
        out = fn(*a)
        graphs.append(mlx_dot(*_leaves(out)))
        return out

    try:
        mx.eval(*_leaves(mx.compile(traced)(*args)))
    except Exception:  # noqa: BLE001  (no single traced graph: nothing to compare)
        return None
    return graphs[0]
