"""Microbenchmarks run beside the workloads: dispatch vs array-api-compat, and the TF and
MXNet shims per op."""

from __future__ import annotations

import statistics


def micro_dispatch(quick: bool) -> list[dict]:
    """``arraykit.array_namespace`` vs ``array_api_compat.array_namespace`` (ns per call),
    with the cases and timing loop of ``benchmarks/dispatch.py``."""
    import array_api_compat

    import arraykit

    from .. import dispatch

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
    from .. import dispatch, tf_shim_overhead

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

    from .. import mxnet_shim_overhead as mso

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

