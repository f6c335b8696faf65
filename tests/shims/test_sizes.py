"""Sizes never wrap and never crash the process (issue 18): huge or negative sizes raise NumPy's
error classes, naming the function, before they reach the framework.

Every huge-size call runs in a child process (one per backend, restarted after a crash), since
before the fix jax aborted (SIGABRT) and MXNet segfaulted on them. NumPy's namespace is the
reference: the shims must raise what NumPy raises.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import time

import pytest
from frameworks import require

BACKENDS = ["numpy", "torch", "jax", "tensorflow", "mxnet", "mlx", "paddle"]
#: The tests take conftest's ``backend`` fixture, on these backends (each one's child process
#: starts from ``_SETUP``).
pytestmark = pytest.mark.backends(*BACKENDS, reason="issue 18's backends and the two full "
                                  "shims since (dask and array-api-strict were not part of it)")

_SETUP = {
    "numpy": "import numpy as fw; x0 = fw.ones(1)",
    "torch": "import torch as fw; x0 = fw.ones(1)",
    "jax": "import jax.numpy as fw; x0 = fw.ones(1)",
    "tensorflow": "import tensorflow as fw; x0 = fw.ones(1)",
    "mxnet": "from mxnet import np as fw, npx; npx.set_np(); x0 = fw.ones(1)",
    "mlx": "import mlx.core as fw; x0 = fw.ones(1)",
    "paddle": "import paddle as fw; x0 = fw.ones([1])",
    "array_api_strict": "import array_api_strict as fw; x0 = fw.ones(1)",
}

#: Where a shape of no elements that NumPy refuses (its byte count of the non-zero extents is
#: past int64) is made as asked: torch's zeros/eye/reshape, whose usual calls run from C
#: (a check there would cost a Python frame a call; nothing is allocated or read).
_ZERO_SIZE_KEPT = ("torch",)
#: The backends whose extents are int64, as NumPy's.
_INT64_EXTENTS = ("numpy", "jax", "tensorflow", "torch", "paddle")

#: (expression over ``xp`` and ``x`` (a float array [1., 2.]), function name, expected error
#: class name, backends it does not apply to). NumPy's error for each is the expectation.
HUGE = [
    ("xp.zeros(2**62)", "zeros", "ValueError", ()),
    ("xp.zeros(2**64)", "zeros", "ValueError", ()),
    # Beyond any C integer (torch's argument parser: TypeError, "failed to unpack").
    ("xp.zeros(10**20)", "zeros", "ValueError", ()),
    ("xp.empty((2, 2**70))", "empty", "ValueError", ()),
    ("xp.full((10**20,), 1.0)", "full", "ValueError", ()),
    ("xp.eye(2, 10**20)", "eye", "ValueError", ()),
    ("xp.arange(10**20)", "arange", "ValueError", ()),
    ("xp.broadcast_to(x[:1], (10**20,))", "broadcast_to", "ValueError", ()),
    ("xp.reshape(xp.zeros(0), (10**20, 0))", "reshape", "ValueError", ()),
    ("xp.zeros((2**62, 0))", "zeros", "ValueError", _ZERO_SIZE_KEPT),
    ("xp.zeros(-1)", "zeros", "ValueError", ()),
    ("xp.ones((2**32, 2**32))", "ones", "ValueError", ()),
    ("xp.empty(2**62)", "empty", "ValueError", ()),
    ("xp.full(2**62, 1.0)", "full", "ValueError", ()),
    ("xp.linspace(0, 1, 2**62)", "linspace", "ValueError", ()),
    ("xp.linspace(0.0, 1.0, 2**64)", "linspace", "ValueError", ()),
    ("xp.linspace(0.0, 1.0, -1)", "linspace", "ValueError", ()),
    ("xp.arange(2**62)", "arange", "ValueError", ()),
    ("xp.arange(0.0, 2.0**62)", "arange", "ValueError", ()),
    ("xp.eye(2**31)", "eye", "ValueError", ()),
    ("xp.eye(2**62, 0)", "eye", "ValueError", _ZERO_SIZE_KEPT),
    ("xp.eye(-1)", "eye", "ValueError", ()),
    ("xp.fft.fftfreq(2**62)", "fftfreq", "ValueError", ()),
    ("xp.fft.rfftfreq(2**62)", "rfftfreq", "ValueError", ()),
    ("xp.tile(x, (2**62,))", "tile", "ValueError", ()),
    ("xp.repeat(x, 2**62)", "repeat", "ValueError", ()),
    ("xp.broadcast_to(x[:1], (2**62,))", "broadcast_to", "ValueError", ()),
    # The first count past the rule for 16-byte elements (2**63 bytes); MLX and MXNet hold
    # no complex128, and JAX's is complex64 without its x64 mode (then within the rule, and
    # a failed allocation: test_jax_failed_allocation_is_memory_error).
    ("xp.broadcast_to(xp.astype(x[:1], xp.complex128), (2**59,))", "broadcast_to",
     "ValueError", ("mlx", "mxnet", "jax")),
    ("xp.reshape(xp.zeros(0), (2**62, 0))", "reshape", "ValueError", _ZERO_SIZE_KEPT),
    # MXNet has no complex dtype: its transforms raise TypeError before any size is read.
    ("xp.fft.fft(xp.astype(x, xp.complex64), n=2**62)", "fft", "ValueError", ("mxnet",)),
    ("xp.fft.rfft(x, n=2**62)", "rfft", "ValueError", ("mxnet",)),
    ("xp.fft.irfft(xp.astype(x, xp.complex64), n=2**62)", "irfft", "ValueError", ("mxnet",)),
    ("xp.fft.fftn(xp.astype(x, xp.complex64), s=(2**62,))", "fftn", "ValueError",
     ("mxnet",)),
    # MXNet passes extents as C ints: these wrapped to (3, 2) and (3, 0) before; MLX's are
    # int32. The others hold such extents (the first and last then need 34 GB: NumPy's
    # MemoryError, or the array).
    ("xp.eye(2**32 + 3, 2)", "eye", "ValueError", _INT64_EXTENTS),
    ("xp.zeros((2**32 + 3, 0))", "zeros", "ValueError", _INT64_EXTENTS),
    ("xp.linspace(0.0, 1.0, 2**32 + 5)", "linspace", "ValueError", _INT64_EXTENTS),
    # Counts and lengths a framework takes as int32 (Paddle's repeat_interleave count and fft
    # length raised an IndexError naming no function); on NumPy, JAX and torch the calls are
    # valid and would allocate 34-64 GB.
    ("xp.repeat(x, 2**32 + 3)", "repeat", "ValueError", ("numpy", "jax", "torch")),
    ("xp.fft.rfft(x, n=2**32 + 3)", "rfft", "ValueError",
     ("numpy", "jax", "torch", "tensorflow", "mxnet")),
]

#: ``diff`` of order >= the axis length is empty; it must not loop ``n`` times.
DIFFS = [
    ("xp.diff(x, n=2**62)", (0,)),
    ("xp.diff(x, n=10**9, prepend=x, append=x)", (0,)),
    ("xp.diff(xp.ones((2, 3)), axis=0, n=10**9)", (0, 3)),
]

_CASE = """
try:
    r = {expr}
    print(json.dumps({{"shape": [int(s) for s in r.shape]}}), flush=True)
except Exception as e:
    print(json.dumps({{"err": type(e).__name__, "msg": str(e)[:300]}}), flush=True)
"""


def _script(backend: str, exprs) -> str:
    head = (f"import json, arraykit\n{_SETUP[backend]}\n"
            "xp = arraykit.array_namespace(x0)\nx = xp.asarray([1.0, 2.0])\n"
            "print('{}', flush=True)\n")
    return head + "".join(_CASE.format(expr=e) for e in exprs)


@functools.cache
def _results(backend: str, exprs: tuple, timeout: int = 240) -> list:
    """One child process runs every expression; after a crash (or hang) a new one resumes
    after the case that crashed, which is recorded as ``{"crash": returncode}``."""
    out: list = []
    while len(out) < len(exprs):
        rest = exprs[len(out):]
        t0 = time.monotonic()
        try:
            p = subprocess.run([sys.executable, "-c", _script(backend, rest)],
                               capture_output=True, text=True, timeout=timeout)
            rc, stdout = p.returncode, p.stdout
        except subprocess.TimeoutExpired as e:
            rc, stdout = "timeout", (e.stdout or b"").decode() if isinstance(e.stdout, bytes) \
                else (e.stdout or "")
        lines = [json.loads(s) for s in stdout.splitlines() if s.startswith("{")]
        if not lines:
            raise RuntimeError(f"{backend} child failed to start (rc={rc}):\n{stdout}")
        done = lines[1:]
        for r in done:
            r["seconds"] = time.monotonic() - t0  # upper bound, for the diff cases
        out.extend(done)
        if len(out) < len(exprs):
            out.append({"crash": rc})
    return out


def _need(backend: str) -> None:
    require("mxnet" if backend == "mxnet" else backend)


_HUGE_EXPRS = tuple(e for e, *_ in HUGE)


@pytest.mark.parametrize("case", range(len(HUGE)), ids=[e for e, *_ in HUGE])
def test_huge_or_negative_size_raises(backend, case):
    expr, fname, expected, not_for = HUGE[case]
    if backend in not_for:
        pytest.skip(f"{expr} does not apply to {backend}")
    _need(backend)
    r = _results(backend, _HUGE_EXPRS)[case]
    assert "crash" not in r, f"{backend}: {expr} killed the process ({r['crash']})"
    assert "shape" not in r, f"{backend}: {expr} returned shape {r['shape']}"
    assert r["err"] == expected, f"{backend}: {expr} raised {r['err']}: {r['msg']}"
    if backend != "numpy":  # the shims' contract: the message starts with the function name
        assert r["msg"].startswith(f"{fname}:"), r["msg"]


#: Sizes within the rule (with or without JAX's x64 mode, which the suite's processes may
#: set) but past any memory: (expression, function, what each backend gives). NumPy's
#: MemoryError where the framework allocates at the call (XLA's RESOURCE_EXHAUSTED reached
#: the user as a JaxRuntimeError, TF's as a ResourceExhaustedError, Paddle's named no
#: function); a view's shape where it broadcasts without copying; a ValueError naming the
#: limit where extents are int32 (MLX, MXNet, Paddle's broadcast_to).
_VIEW = {"numpy": "shape", "torch": "shape"}
_INT32_LIMITED = {"mlx": "ValueError", "mxnet": "ValueError"}
ALLOCATIONS = [
    ("xp.zeros(2**59)", "zeros", _INT32_LIMITED),
    ("xp.tile(x, (2**58,))", "tile", _INT32_LIMITED),
    ("xp.broadcast_to(x[:1], (2**58,))", "broadcast_to",
     {**_VIEW, **_INT32_LIMITED, "paddle": "ValueError"}),
]


def test_failed_allocation_is_memory_error(backend):
    _need(backend)
    exprs = tuple(e for e, *_ in ALLOCATIONS)
    for (expr, fname, outcome), r in zip(ALLOCATIONS, _results(backend, exprs)):
        expected = outcome.get(backend, "MemoryError")
        assert r.get("err", "shape" if "shape" in r else r) == expected, \
            f"{backend}: {expr} -> {r}"
        if "err" in r and backend != "numpy":
            assert r["msg"].startswith(f"{fname}:"), r["msg"]


#: Extents past int32 on arrays of no elements: kept as asked where extents are int64 (TF's
#: broadcast_to and reshape passed them as an int32 shape tensor, which wraps: (2**33 + 5, 0)
#: came back as (5, 0)); a ValueError naming the limit where they are int32.
WIDE = ("xp.broadcast_to(xp.zeros((1, 0)), (2**33 + 5, 0))",
        "xp.reshape(xp.zeros(0), (2**33 + 5, 0))", "xp.zeros((2**33 + 5, 0))")


def test_wide_extents_of_empty_arrays_are_kept(backend):
    _need(backend)
    for expr, r in zip(WIDE, _results(backend, WIDE)):
        int32 = backend not in _INT64_EXTENTS or (backend == "paddle" and "broadcast" in expr)
        if int32:
            assert r.get("err") == "ValueError", f"{backend}: {expr} -> {r}"
        else:
            assert r.get("shape") == [2**33 + 5, 0], f"{backend}: {expr} -> {r}"


def test_diff_of_order_beyond_the_axis_length_is_empty_at_once(backend):
    _need(backend)
    _check_diffs(backend)


def test_array_api_strict_diff_of_order_beyond_the_axis_length_is_empty_at_once():
    # Not among issue 18's backends; array-api-strict runs NumPy's diff, which loops n times
    # (n=2**62 did not return).
    require("array_api_strict")
    _check_diffs("array_api_strict")


def _check_diffs(backend: str) -> None:
    res = _results(backend, tuple(e for e, _ in DIFFS), timeout=60)
    for (expr, shape), r in zip(DIFFS, res):
        assert r.get("shape") == list(shape), f"{backend}: {expr} -> {r}"


def test_linspace_takes_0d_array_endpoints(backend):
    # SciPy passes 0-d arrays as endpoints; NumPy accepts them.
    _need(backend)
    import numpy as np

    import arraykit

    env: dict = {}
    exec(_SETUP[backend], env)
    xp = arraykit.array_namespace(env["x0"])
    r = xp.linspace(xp.asarray(0.0), xp.asarray(1.0), 5)
    r = r.asnumpy() if hasattr(r, "asnumpy") else np.asarray(r)
    np.testing.assert_allclose(r, [0.0, 0.25, 0.5, 0.75, 1.0])
    r = xp.linspace(xp.asarray(1.0), 3.0, 3, endpoint=False)
    r = r.asnumpy() if hasattr(r, "asnumpy") else np.asarray(r)
    np.testing.assert_allclose(r, [1.0, 5 / 3, 7 / 3], rtol=1e-6)


def test_a_deeply_nested_shape_is_a_clean_type_error():
    """The fuzzer found ``broadcast_to(x, <list nested 5000 deep>)`` raising RecursionError
    while the size check formatted its message."""
    from arraykit.shims._common.sizes import check_shape

    deep: list = [1]
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(TypeError, match="broadcast_to: shape must be"):
        check_shape("broadcast_to", deep, 8)
