"""The cells of the study: the arraykit and native callables of one (workload, framework,
mode), and the check that their results agree."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .frameworks import Framework, _leaves

#: Targets of the study, in percent (issue 28's must-shows). A compiled cell also meets its
#: target where arraykit's compiled program is the native one (``meets_target``): the
#: lineage's 0.1% is below what an end-to-end median resolves, the program check is exact.
TARGET_PCT = {"eager": 1.0, "compiled": 1.0}
#: Cells with a target of their own: the small-array filter, where a call lasts a few
#: microseconds, within 3% eagerly, and on TF ahead of TF's public functions (below 0%).
CELL_TARGET_PCT = {("kalman", "eager", None): 3.0, ("kalman", "eager", "tensorflow"): 0.0}


def own_target_pct(workload: str, mode: str, framework: str) -> float | None:
    """The cell's target of its own (``CELL_TARGET_PCT``, the framework's before the
    workload's), or None where the mode's target applies."""
    for key in ((workload, mode, framework), (workload, mode, None)):
        if key in CELL_TARGET_PCT:
            return CELL_TARGET_PCT[key]
    return None


def target_pct(workload: str, mode: str, framework: str) -> float:
    """The overhead target of a cell, in percent (a miss is marked and profiled)."""
    own = own_target_pct(workload, mode, framework)
    return TARGET_PCT[mode] if own is None else own


def meets_target(rec: dict) -> bool:
    """Whether a timed (non-A/A) cell meets today's target (``target_pct``, also for a record
    stored under an older rule): its median below it, or, compiled, the same program as
    native (``same_program`` of the program check)."""
    if rec["mode"] == "compiled" and rec.get("same_program"):
        return True
    return rec["overhead_median_pct"] < target_pct(rec["workload"], rec["mode"], rec["framework"])

#: Result equality, per output element: |arraykit - native| <= ATOL * scale + RTOL * |native|
#: with scale = max |native| of that output. Float32 everywhere; the two sides run the same
#: formulas in the same order, so they differ by kernel rounding only, which later steps can
#: amplify: bilinear resampling turns a 1e-7 relative difference in pixel coordinates (TF's
#: matmul with transpose_b vs a transposed operand) into ~4e-5 of the image's range, hence
#: ATOL 1e-4 of the output's largest magnitude. Voxel counts (integers
#: stored as floats) may differ where a point lies on a cell boundary to within rounding:
#: at most VOXEL_MOVED of the points may change cell (each move changes two counts by 1).
RTOL = 1e-4
ATOL = 1e-4
VOXEL_MOVED = 1e-3


@dataclass
class Case:
    """One (workload, framework, mode): the two callables to compare and how they were made."""

    workload: str
    framework: str
    mode: str
    arraykit: Callable[[], Any]
    native: Callable[[], Any]
    variant: str  # what the workload computes here (e.g. "value_and_grad" or "forward")
    arraykit_compiler: str | None = None
    native_compiler: str | None = None
    notes: list = field(default_factory=list)
    jitted: Any = None  # the arraykit.ext.jit function, to ask what it compiled to
    native_compiled: Any = None  # the natively compiled function (compiled cells)
    functions: tuple = ()  # (arraykit, native) functions before compilation
    #: What is timed on the native side when it is not ``native``: a workload whose native
    #: code draws its random numbers with the framework's own generator ("rollouts") is
    #: checked with arraykit's numbers given to it (``native``) and timed drawing its own.
    native_timed: Callable[[], Any] | None = None


def _ak_jit() -> Any:
    try:
        from arraykit.ext.jit import jit
    except ImportError:
        return None
    return jit


def _arraykit_functions(fw: Framework, workload: str, full_vision: bool, grad: bool):
    """(arraykit function, native function, variant) taking the workload's inputs."""
    from ..workloads import control, kalman, mechanics, robotics, rollouts, vision

    nat = fw.native
    if workload == "mechanics":
        return mechanics.workload, nat.mechanics, "axis-angle round trip"
    if workload == "vision":
        variant = "reproject+resample+voxels" if full_vision else "reproject only"

        def ak_vision(depth, image, k, pose, origin):
            return vision.workload(depth, image, k, pose, origin, full=full_vision)

        def nat_vision(depth, image, k, pose, origin):
            return nat.vision(depth, image, k, pose, origin, full=full_vision)

        return ak_vision, nat_vision, variant
    if workload == "robotics":
        return robotics.workload, nat.robotics, "forward kinematics"
    if workload == "control":
        if grad:
            return control.cost_and_grad, nat.control_grad, "value_and_grad"
        return control.rollout_cost, nat.control, "forward rollout"
    if workload == "rollouts":
        return rollouts.workload, nat.rollouts, "ext.random noise + vmap of rollouts"
    if workload == "kalman":
        return kalman.workload, nat.kalman, "predict+update, 4x4 matmul and 2x2 inv"
    raise ValueError(workload)


def build_case(fw: Framework, workload: str, mode: str, args: tuple, *,
               full_vision: bool = True, grad: bool = True) -> Case:
    """The Case for one cell of the table; ``args`` are the framework's input arrays."""
    from ..workloads import control

    grad = grad and fw.differentiates and control.has_grad()
    ak_fn, nat_fn, variant = _arraykit_functions(fw, workload, full_vision, grad)
    case = Case(workload, fw.name, mode, None, None, variant)
    case.functions = (ak_fn, nat_fn)
    if mode == "compiled":
        if fw.compile is None:
            raise ValueError(f"{fw.name} has no function compiler")
        jit = _ak_jit()
        if jit is not None:
            case.jitted = ak_fn = jit(ak_fn)
            case.arraykit_compiler = "arraykit.ext.jit.jit"
        else:
            ak_fn = fw.compile(ak_fn)
            case.arraykit_compiler = f"{fw.compiler} around the arraykit function"
        if fw.name == "torch" and variant == "value_and_grad":
            # A torch user compiles the forward pass and lets autograd run the backward
            # (AOTAutograd compiles it too); torch.autograd.grad itself is not compiled.
            rollout = fw.compile(fw.native.control)
            nat_fn = lambda a, t, o: fw.native.control_grad(a, t, o, rollout=rollout)  # noqa: E731
            case.native_compiler = "torch.compile(forward) + autograd.grad"
        elif fw.name == "tensorflow" and workload == "rollouts":
            # XLA has no kernel for the TensorList pfor makes of a while loop (the rollout
            # loop inside vectorized_map), natively or through arraykit, whose jit then runs
            # the function as a TF graph (warned, recorded): so the native side is a graph too.
            import tensorflow as tf

            nat_fn = case.native_compiled = tf.function(nat_fn)
            case.native_compiler = "tf.function (graph; XLA cannot compile pfor's while loop)"
        else:
            nat_fn = case.native_compiled = fw.compile(nat_fn)
            case.native_compiler = fw.compiler
    case.arraykit = lambda: ak_fn(*args)
    case.native = lambda: nat_fn(*args)
    if workload == "rollouts":
        from ..workloads import rollouts

        # Checked on arraykit's numbers (drawn once, here), eagerly: only the values matter.
        noise = rollouts.perturbations(args[0], args[3])
        case.native_timed = case.native
        case.native = lambda: case.functions[1](*args, noise=noise)
    return case


def native_copy(fw: Framework, workload: str, mode: str, size: dict, *,
                full_vision: bool = True) -> Callable[[], Any]:
    """The timed native callable of a cell, made from a second copy of the framework's
    native module (loaded again under another name: new functions, new jitted kernels) on
    inputs of its own: side B of the A/A check."""
    import dataclasses
    import importlib.util

    from .inputs import make_inputs

    name = f"{fw.native.__name__.rpartition('.')[0]}._copy_of_{fw.name}_"
    spec = importlib.util.spec_from_file_location(name, fw.native.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    twin = dataclasses.replace(fw, native=module)
    args = tuple(fw.asarray(a) for a in make_inputs(workload, size))
    case = build_case(twin, workload, mode, args, full_vision=full_vision)
    return case.native_timed or case.native


# --- correctness -----------------------------------------------------------------------------

def compare(workload: str, ak_out: Any, nat_out: Any, to_numpy: Callable) -> tuple[bool, str]:
    """Whether the two results agree within the stated tolerance, and the largest error."""
    a_leaves, b_leaves = _leaves(ak_out), _leaves(nat_out)
    if len(a_leaves) != len(b_leaves):
        return False, f"{len(a_leaves)} outputs vs {len(b_leaves)}"
    worst = []
    ok = True
    for i, (a_out, b_out) in enumerate(zip(a_leaves, b_leaves)):
        a = np.asarray(to_numpy(a_out), dtype=np.float64)
        b = np.asarray(to_numpy(b_out), dtype=np.float64)
        if a.shape != b.shape:
            return False, f"output {i}: shape {a.shape} vs {b.shape}"
        if workload == "vision" and i == 2:  # voxel counts
            moved = np.abs(a - b).sum() / 2
            allowed = VOXEL_MOVED * b.sum()
            ok &= bool(moved <= allowed)
            worst.append(f"voxels: {moved:.0f} of {b.sum():.0f} points moved")
            continue
        scale = float(np.max(np.abs(b))) if b.size else 0.0
        err = np.abs(a - b)
        good = bool(np.all(err <= ATOL * scale + RTOL * np.abs(b)))
        ok &= good and not np.isnan(a).any()
        rel = float(np.max(err)) / scale if b.size and scale else 0.0
        worst.append(f"out{i}: max err {float(np.max(err)) if err.size else 0:.2e} "
                     f"({rel:.1e} of max)")
    return ok, "; ".join(worst)

