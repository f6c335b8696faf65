"""The worker: imports one backend once, then runs calls sent over a pipe, one at a time.

Started by ``pool.Worker`` as ``python -m conformance.fuzz.worker <backend> <in_fd> <out_fd>
<cap_bytes>``. Messages are length-prefixed pickles. Before each call the worker writes a
``## fuzz call <id>`` line to stderr (its log file), so the tail after a crash belongs to that
call. Before each call it limits its address space to what it uses plus ``cap_bytes``
(``RLIMIT_AS``), so a huge allocation fails there and then with the framework's own error
instead of filling the machine; the parent's RSS watch is the backstop.
"""

from __future__ import annotations

import os
import pickle
import random
import resource
import struct
import sys
import time
import traceback
import warnings
from typing import Any

#: Exception classes that are a clean refusal (those NumPy / array-api-strict raise for bad
#: input, OverflowError/MemoryError for sizes, NotImplementedError for what a backend lacks).
#: Anything else (AttributeError, KeyError, ZeroDivisionError, RecursionError, SystemError,
#: RuntimeError and the frameworks' own error classes) is an unclean error.
CLEAN = (TypeError, ValueError, IndexError, OverflowError, MemoryError, NotImplementedError)


def send(fd: int, obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(struct.pack("<Q", len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def recv(fd: int) -> Any:
    def exactly(n: int) -> bytes:
        chunks = []
        while n:
            chunk = os.read(fd, n)
            if not chunk:
                raise EOFError
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    (n,) = struct.unpack("<Q", exactly(8))
    return pickle.loads(exactly(n))


def _package(filename: str) -> str:
    """The top-level package a traceback frame's file belongs to."""
    path = filename.replace("\\", "/")
    if "/arraykit/" in path and "site-packages" not in path:
        return "arraykit"
    if "/conformance/" in path and "site-packages" not in path:
        return "conformance"
    if "site-packages/" in path:
        return path.split("site-packages/", 1)[1].split("/", 1)[0].removesuffix(".py")
    return "python"


def describe(err: BaseException) -> dict:
    """Class, message and where the exception came from (innermost frame, arraykit frame)."""
    # The fuzzer's own frames (the worker calling the function) say nothing about the origin:
    # an exception whose innermost frame is one of them was raised in native code called
    # directly (a framework's C function the namespace serves as is).
    frames = [f for f in traceback.extract_tb(err.__traceback__)
              if _package(f.filename) != "conformance" or "/differential/" in f.filename]
    inner = frames[-1] if frames else None
    ours = [f for f in frames if _package(f.filename) == "arraykit"]
    base = next((c.__name__ for c in type(err).__mro__ if c in CLEAN), None)
    return {
        "outcome": "clean" if isinstance(err, CLEAN) else "unclean",
        "cls": f"{type(err).__module__}.{type(err).__qualname__}",
        "base": base or type(err).__name__,
        "msg": " ".join(str(err).split())[:240],
        "origin": _package(inner.filename) if inner else "native",
        "raised_at": f"{inner.filename.split('site-packages/')[-1]}:{inner.lineno} in {inner.name}"
        if inner else "native code called directly",
        "arraykit_frame": (f"{ours[-1].filename.split('/arraykit/', 1)[-1]}:{ours[-1].lineno} "
                           f"in {ours[-1].name}") if ours else None,
    }


def force(value: Any, depth: int = 0) -> None:
    """Make lazy or asynchronous results compute (MXNet, JAX, small Dask arrays)."""
    if depth > 3:
        return
    if isinstance(value, (tuple, list)):
        for v in value[:8]:
            force(v, depth + 1)
        return
    if hasattr(value, "wait_to_read"):
        value.wait_to_read()
    elif hasattr(value, "block_until_ready"):
        value.block_until_ready()
    elif type(value).__module__.startswith("dask"):
        nbytes = getattr(value, "nbytes", None)
        if isinstance(nbytes, (int, float)) and nbytes == nbytes and nbytes <= 2**26:
            value.compute()


def draw_valid(row: dict, valid: Any) -> Any:
    """Redraw the differential case a ``Valid`` names (same seed, same case as the parent)."""
    from hypothesis.internal.conjecture.data import ConjectureData

    from conformance.differential import cases as differential_cases

    strategy = differential_cases.strategy_for(row, valid.dtype, valid.special)
    for attempt in range(20):
        data = ConjectureData(random=random.Random(valid.seed + attempt))
        try:
            return data.draw(strategy)
        except BaseException:  # noqa: BLE001 - a rejected draw: hypothesis' StopTest etc.
            continue
    raise LookupError("no case drawn")


class Runner:
    def __init__(self, name: str):
        import numpy as np

        import arraykit
        from arraykit._registry import BY_NAME
        from conformance.differential.backends import Backend
        from conformance.differential.spec import functions

        if name == "jax":
            import jax

            jax.config.update("jax_enable_x64", True)
        xp = arraykit.array_namespace(BY_NAME[name].make_array(np.zeros(1)))
        self.backend = Backend(name, xp)
        self.rows = {r["qualname"]: r for r in functions()}
        x = self.backend.make(np.ones((2, 2)))
        force(xp.sum(xp.multiply(x, x)))
        # The bad-input cases that mix frameworks import another one inside the call (numpy's
        # worker: torch, or mxnet in the mxnet environment, 10 s and more on a loaded machine:
        # a "hang" of add-mixed): imported here, before the first call's timeout runs.
        from conformance.differential.bad_inputs import _foreign

        _foreign(self.backend)

    def run(self, call: Any) -> dict:
        from .calls import build

        xp = self.backend.xp
        if call.qualname in SELFTEST:
            SELFTEST[call.qualname]()
        try:
            if call.bad is not None:
                from conformance.differential.bad_inputs import CASES, _resolve

                case = next(c for c in CASES if c.id == call.bad)
                if (case.only and self.backend.name not in case.only) or not all(
                        self.backend.supports(d) for d in case.needs):
                    return {"outcome": "skip", "why": "bad-input case not for this backend"}
                detail = case.description

                def thunk():
                    return _resolve(case.run(self.backend))
            elif call.valid is not None:
                case = draw_valid(self.rows[call.qualname], call.valid)
                natives = [self.backend.make(a) for a in case.inputs]
                detail = f"{case.params} inputs {[f'{a.dtype}{a.shape}' for a in case.inputs]}"

                def thunk():
                    return case.call(xp, *natives)
            else:
                space, _, name = call.qualname.rpartition(".")
                target = getattr(xp, space) if space else xp
                if not hasattr(target, name):
                    return {"outcome": "skip", "why": f"namespace has no {call.qualname}"}
                fn = getattr(target, name)
                args = build(call.args, self.backend)
                kwargs = build(call.kwargs, self.backend)
                detail = None

                def thunk():
                    return fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - inputs this backend cannot hold
            return {"outcome": "skip", "why": f"inputs not built: {type(e).__name__}: "
                                              f"{' '.join(str(e).split())[:120]}"}
        t0 = time.perf_counter()
        try:
            force(thunk())
            out = {"outcome": "ok"}
        except BaseException as e:  # noqa: BLE001 - every exception is a data point
            out = describe(e)
        out["seconds"] = time.perf_counter() - t0
        if detail:
            out["case"] = detail
        return out


#: Calls that misbehave on purpose, for the fuzzer's own tests (tests/test_fuzz.py).
SELFTEST = {
    "selftest.abort": os.abort,
    "selftest.sleep": lambda: time.sleep(3600),
    "selftest.exit": lambda: os._exit(3),
}


def address_space() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def main() -> None:
    name, in_fd, out_fd, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    warnings.filterwarnings("ignore")
    sys.setrecursionlimit(3000)
    runner = Runner(name)
    if cap > 0:
        resource.setrlimit(resource.RLIMIT_AS, (address_space() + cap, resource.RLIM_INFINITY))
    send(out_fd, ("ready", os.getpid()))
    import numpy as np

    while True:
        try:
            call_id, call = recv(in_fd)
        except EOFError:
            return
        sys.stderr.write(f"\n## fuzz call {call_id}: {call!r}\n")
        sys.stderr.flush()
        if cap > 0:
            # The cap is what one call may add: the worker's own footprint grows legitimately
            # (jax/XLA keep every compiled program), and XLA aborts the process when a
            # compile cannot map memory, which a fixed cap made happen after ~150 functions.
            resource.setrlimit(resource.RLIMIT_AS,
                               (address_space() + cap, resource.RLIM_INFINITY))
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = runner.run(call)
        try:
            send(out_fd, ("result", call_id, result))
        except Exception as e:  # noqa: BLE001 - an unpicklable message: send its text
            send(out_fd, ("result", call_id, {"outcome": "unclean", "cls": "pickle",
                                              "msg": str(e)[:200]}))


if __name__ == "__main__":
    main()
