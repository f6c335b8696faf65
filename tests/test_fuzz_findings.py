"""Calls that crashed a process or raised an unclean error on a shim (MLX, Paddle, found by the
fuzzer or by hand from outside), each run in a fuzz worker subprocess so that a regression
reports a crash instead of killing pytest.

Every call must end as the fuzzer's "ok" or as a clean error (TypeError, ValueError,
IndexError, OverflowError, MemoryError, NotImplementedError) on each of the four full shims
this environment has; on MLX and Paddle, as the expected outcome, an error's message naming
the function (TF and MXNet still differ in class or message on some: see STRICT).
"""

from __future__ import annotations

from frameworks import require

require("hypothesis")

from conformance.fuzz import run as fuzz
from conformance.fuzz.calls import Arr, Call, DeepList, Dtype, NpDtype
from conformance.fuzz.pool import Worker

SHIMS = [b for b in ("tensorflow", "mxnet", "mlx", "paddle") if b in fuzz.available_backends()]

#: The shims whose outcome must be the expected one exactly (the others: ok or clean).
STRICT = ("mlx", "paddle")
CLEAN = ("TypeError", "ValueError", "IndexError", "OverflowError", "MemoryError",
         "NotImplementedError")

x23 = Arr("float32", (2, 3))
#: (call, outcome[, strict]): "ok", or the clean class the call must raise (on ``strict``,
#: default STRICT).
CASES = [
    # MLX 0.32 aborted the process (int32 shifts: "terminate called without an active
    # exception"); shifts are reduced modulo the axis length first.
    (Call("roll", (x23, 2**62), {"axis": 0}), "ok"),
    (Call("roll", (x23, -(2**63)), {"axis": (0, 1)}), "ok"),
    (Call("roll", (x23, (2**31, 1)), {"axis": (0, 1)}), "ok"),
    (Call("roll", (x23, 1.5), {"axis": 0}), "TypeError"),
    # Paddle 3.3.1 corrupted its heap (malloc(): invalid size); MLX raised std::bad_cast.
    (Call("tile", (x23, (2**31, 2**31))), "ValueError"),
    (Call("tile", (Arr("float64", (2, 0)), (2, 2**63 - 1, 2**63 - 1))), "ValueError"),
    (Call("tile", (x23, DeepList(5000))), "TypeError"),
    (Call("fft.fftn", (x23,), {"s": (2**31, 2**31)}), "ValueError"),
    (Call("fft.fft", (x23,), {"n": 2**58}), "ValueError"),
    # Paddle's broadcast_to reads the shape as int32: 2**33 gave an empty result.
    (Call("broadcast_to", (x23, (2**31, 2**31, 2, 3))), "ValueError"),
    (Call("broadcast_to", (Arr("float32", (1, 0)), (2**33, 0))), "ValueError"),
    # Paddle: AssertionError from a tensor's __index__ (a shape given as a tensor). The shape
    # rule is now one for every full shim (_common.manipulation.broadcast_to_shape): a 1-d
    # integer array is read as a shape, as NumPy reads it, so an empty one is shape () and
    # (2, 0) does not broadcast to it: NumPy's ValueError.
    (Call("broadcast_to", (Arr("float32", (2, 0)), Arr("int32", (0,)))), "ValueError",
     ("paddle", "tensorflow", "mlx", "mxnet")),
    # MLX std::bad_cast, Paddle SystemError on a correction beyond int64.
    (Call("var", (Arr("float32", (4, 4), "min"),), {"axis": -2, "correction": -(2**63) - 1}),
     "ok"),
    (Call("std", (Arr("float32", (4, 4)),), {"correction": 2**2000}), "OverflowError"),
    # Paddle: SystemError from paddle.full on a Python int beyond int64.
    (Call("add", (2**64, Arr("float64", (2, 2)))), "ok"),
    # (MLX raises OverflowError without the function's name: STRICT on Paddle only)
    (Call("logaddexp", (Arr("float64", (2, 2)), 2**1030)), "OverflowError", ("paddle",)),
    # MLX: std::bad_cast for a clip bound beyond int64
    (Call("clip", (Arr("uint64", (2,)), 2**63)), "ok"),
    (Call("clip", (x23,), {"max": 2**64}), "ok"),
    # Paddle: AttributeError / AssertionError / RuntimeError from Paddle itself.
    (Call("from_dlpack", ("str",)), "TypeError"),
    (Call("searchsorted", (Arr("float32", (3,)), 1.0), {"sorter": "abc"}), "TypeError"),
    (Call("arange", (2, -2, Arr("float32", (3,)))), "TypeError"),
    (Call("fft.fftfreq", (8,), {"d": Arr("uint16", ())}), "TypeError"),
    (Call("fft.fftfreq", (8,), {"d": 0}), "ValueError"),
    # Paddle: RuntimeError (NotFound: no bool kernel) for a bool accumulation dtype
    (Call("prod", (Arr("int8", (2,)),), {"dtype": Dtype("bool")}), "TypeError"),
    (Call("cumulative_sum", (Arr("int8", (2,)),), {"dtype": Dtype("bool")}), "TypeError"),
    (Call("sum", (Arr("float32", (2,)),), {"dtype": Dtype("bool")}), "TypeError"),
    # MXNet: MXNetError for keepdims=[True] (Paddle aborted there before), KeyError for
    # finfo/iinfo of float16
    (Call("max", (x23,), {"keepdims": [True]}), "TypeError", ("mlx", "paddle", "mxnet")),
    (Call("all", (x23,), {"keepdims": [True]}), "TypeError", ("mlx", "paddle", "mxnet")),
    (Call("finfo", (NpDtype("float16"),)), "TypeError", ("mxnet",)),
    (Call("iinfo", (NpDtype("float16"),)), "TypeError", ("mxnet", "mlx", "paddle")),
    # TF (main-environment fuzz at --examples 10): AttributeError from a float tensor's
    # __index__, RecursionError in TF's nest.flatten and in a message
    (Call("linspace", (0.5, 3, Arr("float64", ())),), "TypeError", ("tensorflow", "mlx")),
    (Call("broadcast_shapes", (DeepList(5000), Arr("int32", (1,)), (1, "a"))), "TypeError",
     ("tensorflow", "mlx")),
    (Call("isdtype", (DeepList(5000), 42)), "TypeError", ("tensorflow", "paddle")),
    # RecursionError while formatting the message of a nested list 5000 deep.
    (Call("reshape", (x23, DeepList(5000))), "TypeError"),
    (Call("finfo", (DeepList(5000),)), "TypeError"),
    (Call("astype", (x23, DeepList(5000))), "TypeError"),
    (Call("can_cast", (float, DeepList(5000))), "TypeError"),
    (Call("linalg.diagonal", (Arr("float32", (2, 2)),), {"offset": DeepList(5000)}),
     "TypeError"),
    (Call("tril", (Arr("float32", (2, 2)),), {"k": DeepList(5000)}), "TypeError"),
]


def _verdict(backend, call, want, strict, res) -> str | None:
    """None if ``res`` (a worker's outcome of ``call``) is what ``backend`` must give."""
    fname = call.qualname.rpartition(".")[2]
    if res["outcome"] == "skip":
        return None
    if backend not in (strict[0] if strict else STRICT):
        good = res["outcome"] == "ok" or (res["outcome"] == "clean" and res.get("base") in CLEAN)
    elif want == "ok":
        good = res["outcome"] == "ok"
    else:
        good = (res["outcome"], res.get("base")) == ("clean", want) and \
            fname in res.get("msg", "")
    return None if good else (f"{backend}: {call!r}: want {want}, got {res['outcome']} "
                              f"{res.get('cls', res.get('how', ''))}: "
                              f"{res.get('msg', '')[:160]}")


def test_fuzz_findings_are_clean():
    assert SHIMS, "no full shim installed here"
    # the workers start together (their imports dominate the test's time)
    workers = [Worker(b, cap=3 * 2**29, timeout=60) for b in SHIMS]
    bad = []
    try:
        for w in workers:
            w.spawn()
        for w in workers:
            w.ready()
        for i, (call, want, *strict) in enumerate(CASES):
            for w in workers:
                w.submit(i, call)
            for w in workers:
                bad.append(_verdict(w.backend, call, want, strict, w.collect()))
    finally:
        for w in workers:
            w.close()
    bad = [b for b in bad if b]
    assert not bad, "\n".join(bad)
