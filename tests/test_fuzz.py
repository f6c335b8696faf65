"""The crash-and-hang fuzzer (conformance/fuzz): its machinery, and the CI-sized run.

The CI-sized run draws a few calls per function of the 2025.12 namespace (main, linalg,
fft) and runs each on every backend of this environment, each backend in its own worker
subprocess; it must end with 0 crashes and 0 hangs. The large size is a documented command
(docs/conformance.md): ``python -m conformance.fuzz --examples 10``.
"""

from __future__ import annotations

from frameworks import require

require("hypothesis")

from conformance.differential.spec import functions
from conformance.fuzz import run as fuzz
from conformance.fuzz.calls import Arr, Call, DeepList, numpy_array
from conformance.fuzz.pool import Worker

#: Drawn calls per function in CI (plus the differential bad-input cases of the function).
CI_EXAMPLES = 2


def test_worker_counts_crashes_hangs_and_restarts():
    w = Worker("numpy", cap=2**30, timeout=5)
    try:
        w.submit(1, Call("selftest.abort"))
        crash = w.collect()
        assert crash["outcome"] == "crash" and crash["how"] == "signal SIGABRT", crash
        w.submit(2, Call("selftest.exit"))
        crash = w.collect()
        assert (crash["outcome"], crash["how"]) == ("crash", "exit code 3"), crash
        w.submit(3, Call("selftest.sleep"))
        assert w.collect()["outcome"] == "hang"
        w.submit(4, Call("abs", (Arr("float64", (3,)),)))
        assert w.collect()["outcome"] == "ok"
        assert w.starts == 4  # restarted after each crash and the hang
        # beyond the memory cap, an allocation fails cleanly in the worker
        w.submit(5, Call("ones", ((2**31,),)))
        res = w.collect()
        assert (res["outcome"], res["base"]) == ("clean", "MemoryError"), res
        w.submit(6, Call("sin", (DeepList(5000),)))
        assert w.collect()["outcome"] in ("clean", "unclean")
        w.submit(7, Call("abs", (), {"x": 1}))
        res = w.collect()
        assert res["outcome"] == "clean" and res["raised_at"], res
    finally:
        w.close()


def test_edge_arrays_are_built_as_described():
    assert numpy_array(Arr("uint64", (2,), "max")).tolist() == [2**64 - 1] * 2
    assert numpy_array(Arr("int8", (0, 2), "min")).shape == (0, 2)
    a = numpy_array(Arr("float32", (), "-0.0"))
    assert a.shape == () and str(a) == "-0.0"


def test_ci_size_no_crashes_no_hangs():
    result = fuzz.run(examples=CI_EXAMPLES, timeout=30.0)
    assert result["functions"] == len(functions()) == 174
    assert set(result["calls_per_function"]) == {r["qualname"] for r in functions()}
    assert set(result["backends"]) == set(fuzz.available_backends())
    if fuzz.environment() == "main":  # requirements/main.txt installs MLX and Paddle
        assert {"mlx", "paddle"} <= set(result["backends"])
    assert result["totals"]["numpy"]["calls"] > 2 * 174
    for b in result["backends"]:
        assert result["totals"][b].get("calls", 0) > 174, b
    severe = [f"{p['backend']}: {p['call']} -> {p['outcome']} {p.get('how', '')} "
              f"at {p.get('where')}"
              for p in result["problems"] if p["outcome"] in ("crash", "hang")]
    assert not severe, "\n".join(severe)
