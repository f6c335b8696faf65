"""The overhead study (issue 7): arraykit vs native code on four workloads, every framework.

For each installed framework and each workload (mechanics, vision, robotics, control) the
arraykit version (``benchmarks.workloads``, written once against the standard) and the
framework's native version (``benchmarks.native.<framework>_``) are

1. checked for equal results (``TOLERANCE``), then
2. timed interleaved in this one process: rounds alternate A-B and B-A, each sample is a
   block of calls with the framework synchronised after every call (no asynchronous
   dispatch hides Python time), garbage collection off during a sample. The overhead of a
   round is ``t_arraykit / t_native - 1``; the report gives its median and interquartile
   range over the rounds.

Modes: "eager", and "compiled" where the framework compiles functions (jax.jit,
tf.function(jit_compile=True), torch.compile). The arraykit side is compiled with
``arraykit.ext.jit.jit`` when that extension exists, else with the framework's own compiler
wrapped around the arraykit function; the JSON records which, and what ``jit`` reported.

Also measured: ``array_namespace`` vs array-api-compat (``benchmarks/dispatch.py``) and the
per-op cost of the TF and MXNet shims vs raw ops, tnp and keras.ops
(``benchmarks/tf_shim_overhead.py``, ``benchmarks/mxnet_shim_overhead.py``).

Results go to ``benchmarks/results/<env>.json`` (one file per environment: the MXNet venv
cannot import the main venv's frameworks); ``overhead.md`` and ``overhead.png`` are rebuilt
from every results file present.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib
import io
import json
import math
import os
import platform
import pstats
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")  # keras.ops on TF for the shim table

import numpy as np  # noqa: E402

RESULTS_DIR = Path(__file__).resolve().parent / "results"
WORKLOADS = ("mechanics", "vision", "robotics", "control")
FRAMEWORKS = ("numpy", "torch", "jax", "tensorflow", "mxnet")
#: Targets of issue 7, in percent.
TARGET_PCT = {"eager": 1.0, "compiled": 0.1}
DTYPE = np.float32

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


# --- sizes and inputs ------------------------------------------------------------------------

#: Sizes of the study (issue 7) and of --quick (the smoke test and pytest).
SIZES = {
    "full": {"rotations": 100_000, "image": 256, "joint_states": 10_000, "steps": 100,
             "pendulums": 1024},
    "quick": {"rotations": 1000, "image": 32, "joint_states": 64, "steps": 10, "pendulums": 16},
}


def describe_size(workload: str, size: dict) -> str:
    """Human-readable size of a workload, for the table."""
    return {
        "mechanics": f"{size['rotations']} rotations",
        "vision": f"{size['image']}x{size['image']} depth image",
        "robotics": f"7-link arm, {size['joint_states']} joint states",
        "control": f"{size['pendulums']} pendulums x {size['steps']} steps",
    }[workload]


def make_inputs(workload: str, size: dict, seed: int = 0) -> tuple[np.ndarray, ...]:
    """The NumPy (float32) inputs of ``workload``, in the order its functions take them."""
    from .workloads import mechanics, robotics, vision

    rng = np.random.default_rng(seed)
    if workload == "mechanics":
        n = size["rotations"]
        # Random axes and angles in (0.2, 3.0) rad, away from gimbal lock (|pitch| < 1.2 rad)
        # where Euler angles are ill-conditioned and float32 round trips lose digits.
        axis = rng.normal(size=(4 * n, 3))
        axis /= np.linalg.norm(axis, axis=-1, keepdims=True)
        angle = rng.uniform(0.2, 3.0, 4 * n)
        q = mechanics.axis_angle_to_quaternion(axis, angle)
        m02 = mechanics.quaternion_to_matrix(q)[:, 0, 2]
        keep = np.flatnonzero(np.abs(m02) < math.sin(1.2))[:n]
        return axis[keep].astype(DTYPE), angle[keep].astype(DTYPE)
    if workload == "vision":
        h = w = size["image"]
        v, u = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
        depth = 1.5 + 0.4 * np.sin(u / w * 6.0) * np.cos(v / h * 4.0) + rng.uniform(0, 0.05, (h, w))
        image = rng.uniform(0, 1, (h, w, 3))
        f = 0.9 * w
        k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
        pose = np.eye(4)
        pose[:3, :3] = mechanics.euler_to_matrix(np.array([0.05, -0.02, 0.1]))
        pose[:3, 3] = [0.1, -0.05, 0.02]
        origin = np.array(vision.VOXEL_ORIGIN)
        return tuple(a.astype(DTYPE) for a in (depth, image, k, pose, origin))
    if workload == "robotics":
        theta = rng.uniform(-2.5, 2.5, (size["joint_states"], 7))
        return tuple(np.asarray(a, dtype=DTYPE) for a in
                     (theta, robotics.IIWA7_A, robotics.IIWA7_D, robotics.IIWA7_ALPHA))
    if workload == "control":
        b, t = size["pendulums"], size["steps"]
        actions = rng.normal(0, 1.0, (t, b))
        theta0 = rng.uniform(-math.pi, math.pi, b)
        omega0 = rng.normal(0, 0.5, b)
        return tuple(a.astype(DTYPE) for a in (actions, theta0, omega0))
    raise ValueError(f"unknown workload {workload!r}; choose from {WORKLOADS}")


# --- frameworks ------------------------------------------------------------------------------

@dataclass
class Framework:
    """How the runner talks to one framework: conversion, synchronisation, compilation."""

    name: str
    module: Any
    version: str
    asarray: Callable[[np.ndarray], Any]
    to_numpy: Callable[[Any], np.ndarray]
    sync: Callable[[Any], None]
    compiler: str | None = None  # name of the framework's function compiler, if any
    compile: Callable[[Callable], Callable] | None = None
    differentiates: bool = True
    native: Any = None  # benchmarks.native.<name>_


def _leaves(out: Any) -> list:
    return list(out) if isinstance(out, (tuple, list)) else [out]


#: Where compiled programs are cached between runs (set by ``main``; None: no cache).
_CACHE_DIR: Path | None = None


def enable_compile_caches(cache_dir: Path) -> None:
    """Persistent compile caches for jax and TF's XLA (torch's Inductor caches by default).

    Must run before TensorFlow is imported: TF reads ``TF_XLA_FLAGS`` once."""
    global _CACHE_DIR
    _CACHE_DIR = cache_dir
    cache_dir.mkdir(parents=True, exist_ok=True)
    if "tensorflow" not in sys.modules:
        flags = os.environ.get("TF_XLA_FLAGS", "")
        if "persistent_cache_directory" not in flags:
            os.environ["TF_XLA_FLAGS"] = (
                f"{flags} --tf_xla_persistent_cache_directory={cache_dir / 'tf'}").strip()


def load_framework(name: str) -> Framework | None:
    """The Framework for ``name``, or None if it is not installed here."""
    try:
        if name == "numpy":
            fw = Framework("numpy", np, np.__version__, np.asarray, np.asarray,
                           lambda out: None, differentiates=False)
        elif name == "torch":
            import torch

            fw = Framework("torch", torch, torch.__version__, torch.asarray,
                           lambda x: x.detach().cpu().numpy(), lambda out: None,
                           compiler="torch.compile", compile=torch.compile)
        elif name == "jax":
            import jax
            import jax.numpy as jnp

            if _CACHE_DIR is not None:
                # Persistent XLA cache (--cache-dir): a rerun loads programs from disk, and
                # the "first call" column then shows loading, not compiling.
                jax.config.update("jax_compilation_cache_dir", str(_CACHE_DIR / "jax"))
            fw = Framework("jax", jax, jax.__version__, jnp.asarray, np.asarray,
                           jax.block_until_ready, compiler="jax.jit", compile=jax.jit)
        elif name == "tensorflow":
            import tensorflow as tf

            fw = Framework("tensorflow", tf, tf.__version__, tf.constant,
                           lambda x: x.numpy(), lambda out: None,
                           compiler="tf.function(jit_compile=True)",
                           compile=lambda f: tf.function(f, jit_compile=True))
        elif name == "mxnet":
            import mxnet
            from mxnet import np as mnp
            from mxnet import npx

            npx.set_np()

            def mx_sync(out: Any) -> None:
                # MXNet's engine is asynchronous: wait for every result of the call.
                for leaf in _leaves(out):
                    leaf.wait_to_read()

            # No function compiler: MXNet compiles Gluon HybridBlocks, not functions.
            fw = Framework("mxnet", mxnet, mxnet.__version__, mnp.array,
                           lambda x: x.asnumpy(), mx_sync)
        else:
            raise ValueError(f"unknown framework {name!r}; choose from {FRAMEWORKS}")
    except ImportError:
        return None
    fw.native = importlib.import_module(f"benchmarks.native.{name}_")
    return fw


# --- the cases -------------------------------------------------------------------------------

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


def _ak_jit() -> Any:
    try:
        from arraykit.ext.jit import jit
    except ImportError:
        return None
    return jit


def _arraykit_functions(fw: Framework, workload: str, full_vision: bool, grad: bool):
    """(arraykit function, native function, variant) taking the workload's inputs."""
    from .workloads import control, mechanics, robotics, vision

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
    raise ValueError(workload)


def build_case(fw: Framework, workload: str, mode: str, args: tuple, *,
               full_vision: bool = True, grad: bool = True) -> Case:
    """The Case for one cell of the table; ``args`` are the framework's input arrays."""
    from .workloads import control

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
        else:
            nat_fn = case.native_compiled = fw.compile(nat_fn)
            case.native_compiler = fw.compiler
    case.arraykit = lambda: ak_fn(*args)
    case.native = lambda: nat_fn(*args)
    return case


# --- correctness -----------------------------------------------------------------------------

def compare(workload: str, ak_out: Any, nat_out: Any, to_numpy: Callable) -> tuple[bool, str]:
    """Whether the two results agree within the stated tolerance, and the largest error."""
    a_leaves, b_leaves = _leaves(ak_out), _leaves(nat_out)
    if len(a_leaves) != len(b_leaves):
        return False, f"{len(a_leaves)} outputs vs {len(b_leaves)}"
    worst = []
    ok = True
    for i, (a, b) in enumerate(zip(a_leaves, b_leaves)):
        a = np.asarray(to_numpy(a), dtype=np.float64)
        b = np.asarray(to_numpy(b), dtype=np.float64)
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


# --- timing ----------------------------------------------------------------------------------

def _sample(fn: Callable, sync: Callable, number: int) -> float:
    t0 = time.perf_counter()
    for _ in range(number):
        sync(fn())
    return (time.perf_counter() - t0) / number


def time_ab(a: Callable, b: Callable, sync: Callable, rounds: int, min_sample_s: float) -> dict:
    """Interleaved timing of ``a`` (arraykit) against ``b`` (native).

    Each round times a block of ``number`` calls of each, in the order A-B on even rounds and
    B-A on odd ones (so neither always runs second, after the other warmed the caches).
    ``number`` is chosen so that a block lasts about ``min_sample_s``.
    """
    for _ in range(2):  # warm-up: compilation, caches, allocator
        sync(a())
        sync(b())
    t1 = min(_sample(a, sync, 1), _sample(b, sync, 1))
    number = max(1, int(math.ceil(min_sample_s / max(t1, 1e-9))))
    ta, tb = [], []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for r in range(rounds):
            if r % 2 == 0:
                ta.append(_sample(a, sync, number))
                tb.append(_sample(b, sync, number))
            else:
                tb.append(_sample(b, sync, number))
                ta.append(_sample(a, sync, number))
            gc.collect()  # between samples, so no sample pays for another's garbage
    finally:
        if gc_was:
            gc.enable()
    ratios = [100.0 * (x / y - 1.0) for x, y in zip(ta, tb)]
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    return {
        "number": number, "rounds": rounds,
        "arraykit_median_s": statistics.median(ta), "native_median_s": statistics.median(tb),
        "overhead_median_pct": statistics.median(ratios),
        "overhead_q1_pct": q[0], "overhead_q3_pct": q[2],
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
    lines = [ln.replace(str(Path(__file__).resolve().parents[1]) + "/", "")
             for ln in out.getvalue().splitlines() if ln.strip()]
    start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls")), 0)
    return {"layer_share_pct": 100.0 * layer / total, "layer_calls": layer_calls / calls,
            "top": lines[start:start + top + 1]}


# --- microbenchmarks -------------------------------------------------------------------------

def micro_dispatch(quick: bool) -> list[dict]:
    """``arraykit.array_namespace`` vs ``array_api_compat.array_namespace`` (ns per call),
    with the cases and timing loop of ``benchmarks/dispatch.py``."""
    import array_api_compat

    import arraykit

    from . import dispatch

    rounds, number = (5, 2000) if quick else (21, 20000)
    rows = []
    for label, args, compat_ok in dispatch.cases():
        funcs = {"arraykit": arraykit.array_namespace}
        if compat_ok:
            funcs["compat"] = array_api_compat.array_namespace
        samples = dispatch.time_interleaved(funcs, args, rounds, number)
        row = {"case": label}
        for name, s in samples.items():
            q = statistics.quantiles(s, n=4)
            row[f"{name}_ns"] = statistics.median(s)
            row[f"{name}_iqr_ns"] = q[2] - q[0]
            row[f"{name}_min_ns"] = min(s)  # the robust figure on a loaded machine
        rows.append(row)
    return rows


def micro_tf_ops(quick: bool) -> list[dict]:
    """Per-op time (us) of raw TF, the arraykit shim, tnp and keras.ops, interleaved, with the
    cases of ``benchmarks/tf_shim_overhead.py``."""
    from . import dispatch, tf_shim_overhead

    rounds, number = (3, 200) if quick else (15, 1000)
    rows = []
    for n in (4, 1000):
        for op, funcs in tf_shim_overhead.cases(*tf_shim_overhead.inputs(n)).items():
            samples = dispatch.time_interleaved(funcs, (), rounds, number)
            row = {"op": op, "n": n}
            row.update({f"{v}_us": statistics.median(s) / 1e3 for v, s in samples.items()})
            row.update({f"{v}_min": min(s) / 1e3 for v, s in samples.items()})
            rows.append(row)
    return rows


def micro_mxnet_ops(quick: bool) -> list[dict]:
    """Per-op time (us) of raw mxnet.numpy vs the arraykit shim, interleaved, timed with the
    block timer of ``benchmarks/mxnet_shim_overhead.py`` (which waits on the engine)."""
    from mxnet import np as mnp

    import arraykit.shims.mxnet as xp

    from . import mxnet_shim_overhead as mso

    rounds, number = (3, 100) if quick else (15, 2000)
    a = mnp.ones((8, 8), dtype="float32")
    b = mnp.ones((8, 8), dtype="float32")
    # The op list of mxnet_shim_overhead.main (that script exposes no case list to import).
    cases = [("add", mnp.add, xp.add, (a, b)), ("multiply", mnp.multiply, xp.multiply, (a, b)),
             ("exp", mnp.exp, xp.exp, (a,)), ("sum", mnp.sum, xp.sum, (a,)),
             ("mean", mnp.mean, xp.mean, (a,)), ("matmul", mnp.matmul, xp.matmul, (a, b))]
    rows = []
    for name, raw, shim, args in cases:
        mso._block(raw, args, 20)
        mso._block(shim, args, 20)
        raws, shims = [], []
        for _ in range(rounds):
            raws.append(mso._block(raw, args, number))
            shims.append(mso._block(shim, args, number))
        rows.append({"op": name, "n": 64, "raw_us": statistics.median(raws) * 1e6,
                     "shim_us": statistics.median(shims) * 1e6,
                     "raw_min": min(raws) * 1e6, "shim_min": min(shims) * 1e6})
    return rows


# --- progress --------------------------------------------------------------------------------

class Progress:
    """A one-line progress bar on stderr (a line per step when stderr is not a terminal)."""

    def __init__(self, total: int, width: int = 28) -> None:
        self.total, self.done, self.width = max(total, 1), 0, width
        self.tty = sys.stderr.isatty()
        self.t0 = time.perf_counter()

    def step(self, label: str) -> None:
        filled = int(self.width * self.done / self.total)
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.perf_counter() - self.t0
        text = f"[{bar}] {self.done}/{self.total} {elapsed:5.0f}s {label}"
        if self.tty:
            sys.stderr.write("\r" + text[:110].ljust(110))
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()
        self.done += 1

    def close(self) -> None:
        self.done = self.total
        self.step("done")
        if self.tty:
            sys.stderr.write("\n")


# --- the run ---------------------------------------------------------------------------------

def env_name() -> str:
    """This environment's results-file name: "main" for .venv, "mxnet" for .venv-mxnet."""
    base = Path(sys.prefix).name
    if base == ".venv":
        return "main"
    return base.removeprefix(".venv-") or base


def _arraykit_error(exc: BaseException) -> bool:
    """Whether ``exc`` was raised inside arraykit (a shim or extension gap, not a bug in the
    benchmark code)."""
    tb = traceback.extract_tb(exc.__traceback__)
    return any("/arraykit/" in f.filename for f in tb[-3:])


def run_case(fw: Framework, workload: str, mode: str, size: dict, opts: argparse.Namespace,
             progress: Progress | None = None) -> dict:
    """Check and time one cell; returns its JSON record (status ok/mismatch/error)."""
    if workload == "control" and mode == "compiled" and opts.compiled_steps:
        size = dict(size, steps=opts.compiled_steps)
    rec: dict = {"workload": workload, "framework": fw.name, "version": fw.version,
                 "mode": mode, "size": describe_size(workload, size)}
    args = tuple(fw.asarray(a) for a in make_inputs(workload, size))
    full_vision = True
    try:
        case = build_case(fw, workload, mode, args, full_vision=True)
        t0 = time.perf_counter()
        try:
            ak_out = case.arraykit()
        except Exception as e:
            if workload != "vision" or "arraykit/ext/nd" not in "".join(
                    traceback.format_exception(e)):
                raise
            # arraykit.ext.nd not available for this framework yet: the standard-only part.
            rec["notes"] = [f"resampling and voxels left out: arraykit.ext.nd failed "
                            f"({type(e).__name__}: {str(e).splitlines()[0][:120]})"]
            full_vision = False
            case = build_case(fw, workload, mode, args, full_vision=False)
            t0 = time.perf_counter()
            ak_out = case.arraykit()
        fw.sync(ak_out)
        rec["arraykit_first_call_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        nat_out = case.native()
        fw.sync(nat_out)
        rec["native_first_call_s"] = time.perf_counter() - t0
    except Exception as e:
        rec.update(status="error", error=f"{type(e).__name__}: {str(e).splitlines()[0][:300]}"
                   if str(e) else type(e).__name__,
                   error_in_arraykit=_arraykit_error(e))
        return rec
    rec.update(variant=case.variant, arraykit_compiler=case.arraykit_compiler,
               native_compiler=case.native_compiler)
    if case.jitted is not None:
        from arraykit.ext.jit import compilation

        rec["arraykit_compilation"] = compilation(case.jitted)
    ok, detail = compare(workload, ak_out, nat_out, fw.to_numpy)
    rec["check"] = detail
    if not ok:
        rec["status"] = "mismatch"
        return rec
    if opts.check_only:
        rec["status"] = "checked"
        return rec
    if progress is not None:
        progress.step(f"timing {workload} {fw.name} {mode}")
    rec.update(time_ab(case.arraykit, case.native, fw.sync, opts.rounds, opts.min_sample_s))
    rec["target_pct"] = TARGET_PCT[mode]
    rec["meets_target"] = rec["overhead_median_pct"] < TARGET_PCT[mode]
    rec["status"] = "ok"
    if not rec["meets_target"] and not opts.no_profile:
        calls = max(3, min(rec["number"], 20))
        rec["profile_arraykit"] = profile_top(case.arraykit, fw.sync, calls)
    if mode == "compiled":  # after timing and profiling: the torch check resets dynamo
        rec.update(program_check(fw, case, args, opts.rounds))
    return rec


def program_check(fw: Framework, case: Case, args: tuple, rounds: int) -> dict:
    """Two noise-robust figures for a compiled cell, where end-to-end medians cannot resolve
    0.1%: whether arraykit's compiled program is the native one (jax, tensorflow: optimised
    HLO of the entry computation compared; torch: the operations of the graph TorchDynamo
    captures, which Inductor compiles), and arraykit's own per-call cost, the jit
    wrapper vs the compiled object it holds (the same program), best of ``rounds`` short
    blocks each, which interference can only inflate."""
    from .compiled_overhead import _block, same_program

    entry = case.jitted._entries.get(type(args[0])) if case.jitted is not None else None
    inner = getattr(entry, "compiled", None)
    if inner is None:
        return {}
    out: dict = {}
    number = max(1, min(200, round(0.02 / max(_block(inner, args, 1, fw.sync), 1e-7))))
    best_ours = best_inner = math.inf
    for _ in range(rounds):
        best_inner = min(best_inner, _block(inner, args, number, fw.sync))
        best_ours = min(best_ours, _block(case.jitted, args, number, fw.sync))
    out["wrapper_s"] = max(0.0, best_ours - best_inner)
    # Last: the torch check resets TorchDynamo's caches.
    if case.native_compiled is not None:
        if fw.name == "torch":
            same = same_fx_graph(*case.functions, args)
        else:
            same = same_program(fw.name, inner, case.native_compiled, args)
        if same is not None:
            out["same_program"] = same
    return out


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


def same_fx_graph(ak_fn: Callable, nat_fn: Callable, args: tuple) -> bool | None:
    """Whether TorchDynamo captures the same operations, in the same order, from the
    arraykit function and the native one (then Inductor compiles the same program)."""
    a, b = _fx_ops(ak_fn, args), _fx_ops(nat_fn, args)
    return None if a is None or b is None else a == b


def _loadavg() -> list[float] | None:
    try:
        return list(os.getloadavg())
    except OSError:
        return None


def run(opts: argparse.Namespace, path: Path | None = None) -> dict:
    """Run the study for the frameworks installed here; returns the results document.

    With ``path``, the document is also written there after every cell, so an interrupted
    run leaves what it measured."""
    size = SIZES["quick" if opts.quick else "full"]
    frameworks = [fw for fw in (load_framework(n) for n in opts.frameworks) if fw is not None]
    cells = []
    for fw in frameworks:
        for workload in opts.workloads:
            for mode in opts.modes:
                if mode == "compiled" and fw.compile is None:
                    continue
                if mode == "compiled" and fw.name == "torch" and not opts.torch_compile:
                    continue
                cells.append((fw, workload, mode))
    micro = [m for m in opts.micro
             if (m == "dispatch")
             or (m == "tf_ops" and any(f.name == "tensorflow" for f in frameworks))
             or (m == "mxnet_ops" and any(f.name == "mxnet" for f in frameworks))]
    doc: dict = {
        "env": opts.env, "quick": opts.quick, "started": time.strftime("%Y-%m-%d %H:%M:%S UTC",
                                                                       time.gmtime()),
        "python": sys.version.split()[0], "platform": platform.platform(),
        "cpus": os.cpu_count(), "loadavg_start": _loadavg(),
        "versions": {fw.name: fw.version for fw in frameworks},
        "rounds": opts.rounds, "min_sample_s": opts.min_sample_s,
        "tolerance": {"rtol": RTOL, "atol_times_max": ATOL, "voxel_points_moved": VOXEL_MOVED},
        "note": opts.note, "results": [], "micro": {},
    }
    per_cell = 1 if opts.check_only else 2  # checking, then timing
    progress = Progress(per_cell * len(cells) + len(micro))

    def save() -> None:
        if path is not None:
            path.write_text(json.dumps(doc, indent=1) + "\n")

    def do_cell(fw: Framework, workload: str, mode: str) -> None:
        progress.step(f"checking {workload} {fw.name} {mode}")
        rec = run_case(fw, workload, mode, size, opts, progress)
        if rec["status"] in ("error", "mismatch") and not opts.check_only:
            progress.done += 1  # the timing step that will not happen
        doc["results"].append(rec)
        save()

    # The compiled rollout gradients run last: torch.compile unrolls the 100-step scan
    # (a Python loop there) and is the slowest compile; an interrupted run keeps the rest.
    slow = [c for c in cells if c[1] == "control" and c[2] == "compiled"]
    for cell in cells:
        if cell not in slow:
            do_cell(*cell)
    for m in micro:
        progress.step(f"micro {m}")
        try:
            doc["micro"][m] = {"dispatch": micro_dispatch, "tf_ops": micro_tf_ops,
                               "mxnet_ops": micro_mxnet_ops}[m](opts.quick)
        except Exception as e:  # a missing optional piece: record it, keep the rest
            doc["micro"][m] = {"error": f"{type(e).__name__}: {e}"}
        save()
    for cell in slow:
        do_cell(*cell)
    progress.close()
    doc["loadavg_end"] = _loadavg()
    doc["finished"] = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    return doc


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options of ``python -m benchmarks``."""
    p = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="arraykit vs native: the overhead study (issue 7).")
    p.add_argument("--quick", action="store_true",
                   help="small sizes, few rounds (smoke test); writes <env>.quick.json")
    p.add_argument("--frameworks", type=lambda s: s.split(","), default=list(FRAMEWORKS),
                   help=f"comma-separated subset of {','.join(FRAMEWORKS)} (those installed "
                        "run)")
    p.add_argument("--workloads", type=lambda s: s.split(","), default=list(WORKLOADS),
                   help=f"comma-separated subset of {','.join(WORKLOADS)}")
    p.add_argument("--modes", type=lambda s: s.split(","), default=["eager", "compiled"],
                   help="eager,compiled")
    p.add_argument("--micro", type=lambda s: [m for m in s.split(",") if m],
                   default=["dispatch", "tf_ops", "mxnet_ops"],
                   help="microbenchmarks: dispatch,tf_ops,mxnet_ops ('' for none)")
    p.add_argument("--rounds", type=int, default=None, help="interleaved rounds per cell")
    p.add_argument("--min-sample-s", type=float, default=None,
                   help="seconds per timed block (calls per block are chosen to fill it)")
    p.add_argument("--torch-compile", dest="torch_compile", action="store_true", default=None,
                   help="include torch.compile (default: on, off with --quick)")
    p.add_argument("--no-torch-compile", dest="torch_compile", action="store_false")
    p.add_argument("--no-profile", action="store_true", help="skip cProfile of missed targets")
    p.add_argument("--check-only", action="store_true", help="check results, time nothing")
    p.add_argument("--env", default=env_name(), help="name of this environment's results file")
    p.add_argument("--results-dir", type=Path, default=RESULTS_DIR)
    p.add_argument("--cache-dir", type=Path, default=None,
                   help="persistent jax/TF compile cache (default: none, so the first-call "
                        "column shows real compile times)")
    p.add_argument("--compiled-steps", type=int, default=None,
                   help="rollout steps of the compiled control cells (default: the "
                        "size's); the table shows the size used"),
    p.add_argument("--note", default="",
                   help="a remark on the conditions of the run, kept in the JSON and table")
    p.add_argument("--report-only", action="store_true",
                   help="rebuild overhead.md/.png from the results files; run nothing")
    o = p.parse_args(argv)
    for name, chosen, allowed in (("--frameworks", o.frameworks, FRAMEWORKS),
                                  ("--workloads", o.workloads, WORKLOADS),
                                  ("--modes", o.modes, ("eager", "compiled"))):
        bad = [c for c in chosen if c not in allowed]
        if bad:
            p.error(f"{name}: unknown {bad}; choose from {','.join(allowed)}")
    if o.rounds is None:
        o.rounds = 5 if o.quick else 21
    if o.min_sample_s is None:
        o.min_sample_s = 0.01 if o.quick else 0.1
    if o.torch_compile is None:
        o.torch_compile = not o.quick
    return o


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks``: run, write ``<env>.json``, rebuild the table and chart."""
    opts = parse_args(argv)
    opts.results_dir.mkdir(parents=True, exist_ok=True)
    if opts.cache_dir is not None and str(opts.cache_dir) not in ("", "."):
        enable_compile_caches(opts.cache_dir)
    if not opts.report_only:
        suffix = ".quick.json" if opts.quick else ".json"
        path = opts.results_dir / f"{opts.env}{suffix}"
        doc = run(opts, path)
        path.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"wrote {path}")
        bad = [r for r in doc["results"] if r["status"] in ("mismatch", "error")]
        for r in bad:
            print(f"  {r['status']}: {r['workload']} {r['framework']} {r['mode']}: "
                  f"{r.get('error') or r.get('check')}")
    written = write_report(opts.results_dir, quick=opts.quick)
    for p in written:
        print(f"wrote {p}")
    return 0


# --- the report: markdown table and chart from every results file ----------------------------

def load_results(results_dir: Path, quick: bool = False) -> list[dict]:
    """Every results document in ``results_dir`` of the given kind (full or quick)."""
    docs = []
    for path in sorted(results_dir.glob("*.json")):
        if path.name.endswith(".quick.json") != quick:
            continue
        try:
            docs.append(json.loads(path.read_text()))
        except (OSError, ValueError):
            continue
    return docs


def _fmt_cell(r: dict | None) -> str:
    if r is None:
        return "n/a"
    if r["status"] == "error":
        return "error" + (" (arraykit)" if r.get("error_in_arraykit") else "")
    if r["status"] == "mismatch":
        return "**mismatch**"
    if r["status"] == "checked":
        return "checked"
    med, q1, q3 = r["overhead_median_pct"], r["overhead_q1_pct"], r["overhead_q3_pct"]
    mark = "" if r["meets_target"] else " ✗"
    return f"{med:+.2f}% [{q1:+.2f}, {q3:+.2f}]{mark}"


def _fmt_program(r: dict | None) -> str:
    """The compiled program check of a cell: same HLO as native?, and the jit wrapper's own
    cost per call as a share of the native call."""
    if not r or r.get("status") != "ok":
        return ""
    parts = []
    if "same_program" in r:
        what = "FX graph" if r["framework"] == "torch" else "optimised HLO"
        parts.append(f"same {what}" if r["same_program"] else f"{what} differs")
    if "wrapper_s" in r:
        share = 100 * r["wrapper_s"] / r["native_median_s"]
        parts.append(f"wrapper {r['wrapper_s'] * 1e6:.1f} us = {share:.3f}%")
    return "; ".join(parts)


def _label(r: dict) -> str:
    return f"{r['framework']} {r['version']}"


def render_markdown(docs: list[dict]) -> str:
    """The overhead table (and microbenchmarks, errors, profiles) as markdown."""
    lines = ["# arraykit overhead vs native code (issue 7)", ""]
    if not docs:
        return "\n".join(lines + ["No results yet: run `python -m benchmarks`.", ""])
    lines.append(
        "Overhead = t(arraykit) / t(native) - 1 per interleaved round; median over rounds "
        "[interquartile range]. Targets: < 1% eager, < 0.1% compiled; ✗ marks a miss. "
        "Negative: arraykit was faster (noise, or a different kernel choice).")
    lines.append("")
    for d in docs:
        load = d.get("loadavg_start")
        lines.append(
            f"- env `{d['env']}`: {d['started']}, Python {d['python']}, {d['cpus']} CPUs, "
            f"load average at start {load[0]:.1f}" if load else f"- env `{d['env']}`")
        lines[-1] += (f"; {d['rounds']} rounds x blocks of >= {d['min_sample_s']} s; "
                      + ", ".join(f"{k} {v}" for k, v in d["versions"].items()))
        if d.get("note"):
            lines[-1] += f". {d['note']}"
    tol = docs[0]["tolerance"]
    lines += ["", f"Results checked before timing: |arraykit - native| <= {tol['atol_times_max']}"
              f" x max|native| + {tol['rtol']} x |native| per element (float32); voxel grids: "
              f"at most {tol['voxel_points_moved']:.1%} of points in another cell.", ""]
    rows = [r for d in docs for r in d["results"]]
    labels = list(dict.fromkeys(_label(r) for r in rows))
    lines += ["| workload | framework | variant | eager | compiled | arraykit compiler | "
              "compiled program check |",
              "|---|---|---|---|---|---|---|"]
    for w in WORKLOADS:
        for lab in labels:
            cell = {r["mode"]: r for r in rows if r["workload"] == w and _label(r) == lab}
            if not cell:
                continue
            any_r = cell.get("eager") or cell.get("compiled")
            comp = cell.get("compiled")
            compiler = (comp.get("arraykit_compiler") or "") if comp else ""
            if comp and comp.get("arraykit_compilation"):
                compiler += f" -> {comp['arraykit_compilation']}"
            size = any_r.get("size", "")
            comp_cell = _fmt_cell(comp)
            if comp and comp.get("size", size) != size:  # e.g. --compiled-steps
                comp_cell += f" ({comp['size']})"
            lines.append(f"| {w} ({size}) | {lab} | {any_r.get('variant', '')} | "
                         f"{_fmt_cell(cell.get('eager'))} | {comp_cell} | {compiler} | "
                         f"{_fmt_program(comp)} |")
    lines.append("")
    times = [r for r in rows if r["status"] == "ok"]
    if times:
        lines += ["## Times per call (median)", "",
                  "| workload | framework | mode | arraykit | native | calls/block | "
                  "first call (compile) arraykit / native |",
                  "|---|---|---|---|---|---|---|"]
        for r in times:
            lines.append(f"| {r['workload']} | {_label(r)} | {r['mode']} | "
                         f"{r['arraykit_median_s'] * 1e3:.3f} ms | "
                         f"{r['native_median_s'] * 1e3:.3f} ms | {r['number']} | "
                         f"{r['arraykit_first_call_s']:.2f} s / {r['native_first_call_s']:.2f} s |")
        lines.append("")
    problems = [r for r in rows if r["status"] in ("error", "mismatch") or r.get("notes")]
    if problems:
        lines += ["## Errors, mismatches and notes", ""]
        for r in problems:
            what = r.get("error") or r.get("check") or ""
            notes = "; ".join(r.get("notes", []))
            lines.append(f"- {r['workload']} / {_label(r)} / {r['mode']}: {r['status']}"
                         f"{': ' + what if what else ''}{' -- ' + notes if notes else ''}")
        lines.append("")
    missed = [r for r in times if not r["meets_target"] and r.get("profile_arraykit")]
    if missed:
        lines += ["## Where the time goes when a target is missed (cProfile, arraykit side)", "",
                  "layer calls = Python calls into arraykit's or array-api-compat's code per "
                  "workload call; layer time = share of the profiled time cProfile attributes "
                  "to those frames (an upper bound: NumPy ufuncs and operators they call are "
                  "not profiled separately and count as theirs). cProfile's own per-call cost "
                  "inflates Python-heavy code; the timings above are unprofiled.", ""]
        for r in missed:
            prof = r["profile_arraykit"]
            lines.append(f"### {r['workload']} / {_label(r)} / {r['mode']}: "
                         f"{r['overhead_median_pct']:+.2f}%, "
                         f"{prof['layer_calls']:.0f} layer calls, layer time <= "
                         f"{prof['layer_share_pct']:.1f}%")
            lines += ["", "```", *prof["top"], "```", ""]
    for d in docs:
        micro = d.get("micro", {})
        disp = micro.get("dispatch")
        if isinstance(disp, list) and disp:
            lines += [f"## array_namespace vs array-api-compat (env `{d['env']}`, ns per call: "
                      "median ± IQR, and the fastest round)", "",
                      "| case | arraykit | compat | compat / arraykit (fastest rounds) |",
                      "|---|---|---|---|"]
            for row in disp:
                ak, cp = row["arraykit_ns"], row.get("compat_ns")
                akm, cpm = row.get("arraykit_min_ns", ak), row.get("compat_min_ns", cp)
                lines.append(f"| {row['case']} | {ak:.0f} ± {row['arraykit_iqr_ns']:.0f} "
                             f"(min {akm:.0f}) | "
                             + (f"{cp:.0f} ± {row['compat_iqr_ns']:.0f} (min {cpm:.0f}) | "
                                f"{cpm / akm:.1f}x |"
                                if cp is not None else "unsupported | |"))
            lines.append("")
        for key, title in (("tf_ops", "TensorFlow shim per op"),
                           ("mxnet_ops", "MXNet shim per op")):
            ops = micro.get(key)
            if isinstance(ops, dict) and "error" in ops:
                lines += [f"## {title}: not measured ({ops['error']})", ""]
            if not isinstance(ops, list) or not ops:
                continue
            variants = [k[:-3] for k in ops[0] if k.endswith("_us")]
            lines += [f"## {title} (env `{d['env']}`, us per call: median / fastest round)",
                      "", "| op | n | " + " | ".join(variants) + " | shim - raw (fastest) |",
                      "|---|---|" + "---|" * (len(variants) + 1)]
            for row in ops:
                vals = " | ".join(f"{row[v + '_us']:.2f} / {row.get(v + '_min', 0):.2f}"
                                  for v in variants)
                diff = row.get("shim_min", row["shim_us"]) - row.get("raw_min", row["raw_us"])
                lines.append(f"| {row['op']} | {row['n']} | {vals} | {diff:+.2f} |")
            lines.append("")
    return "\n".join(lines)


def render_chart(docs: list[dict], path: Path) -> bool:
    """Bar chart of median overhead (IQR as error bars) per workload and framework, eager and
    compiled side by side; False when matplotlib is not installed here."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    rows = [r for d in docs for r in d["results"] if r["status"] == "ok"]
    labels = list(dict.fromkeys(_label(r) for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
    for ax, mode in zip(axes, ("eager", "compiled")):
        width = 0.8 / max(len(labels), 1)
        for j, lab in enumerate(labels):
            xs, ys, lo, hi = [], [], [], []
            for i, w in enumerate(WORKLOADS):
                r = next((r for r in rows if r["workload"] == w and _label(r) == lab
                          and r["mode"] == mode), None)
                if r is None:
                    continue
                xs.append(i - 0.4 + width * (j + 0.5))
                ys.append(r["overhead_median_pct"])
                lo.append(r["overhead_median_pct"] - r["overhead_q1_pct"])
                hi.append(r["overhead_q3_pct"] - r["overhead_median_pct"])
            if xs:
                ax.bar(xs, ys, width, yerr=[lo, hi], capsize=2, label=lab)
        ax.axhline(TARGET_PCT[mode], color="red", ls="--", lw=1,
                   label=f"target {TARGET_PCT[mode]}%")
        ax.axhline(0, color="black", lw=0.6)
        # Symmetric log: overheads span 0.01% to tens of percent, of either sign.
        ax.set_yscale("symlog", linthresh=TARGET_PCT[mode])
        ax.set_xticks(range(len(WORKLOADS)), WORKLOADS)
        ax.set_title(f"{mode}")
        ax.set_ylabel("overhead of arraykit vs native (%)")
        ax.legend(fontsize=7)
    fig.suptitle("arraykit overhead per workload and framework (median, IQR bars)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def write_report(results_dir: Path, quick: bool = False) -> list[Path]:
    """Rebuild ``overhead.md`` (and ``overhead.png`` where matplotlib is installed) from every
    results file of the kind (full or --quick) in ``results_dir``."""
    docs = load_results(results_dir, quick)
    stem = "overhead.quick" if quick else "overhead"
    md = results_dir / f"{stem}.md"
    md.write_text(render_markdown(docs) + "\n")
    written = [md]
    png = results_dir / f"{stem}.png"
    if docs and render_chart(docs, png):
        written.append(png)
    return written
