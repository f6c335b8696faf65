"""torch ``minimum``/``maximum`` of an integer tensor and a Python int (issue 28, torch vision:
``minimum(iu0 + 1, w - 1)``): one ``clamp``, with array-api-compat's values, dtypes and
errors for every integer dtype at the dtype's limits, and past them the shims' OverflowError
(compat wrapped ``minimum(uint8, -1)``)."""

from __future__ import annotations

import itertools

import pytest
from frameworks import require

import arraykit


def _ops(torch, fn, *args):
    from torch.utils._python_dispatch import TorchDispatchMode

    seen = []

    class Log(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            seen.append(str(func.overloadpacket.__name__))
            return func(*args, **(kwargs or {}))

    with Log():
        fn(*args)
    return seen


@pytest.mark.parametrize("name", ["minimum", "maximum"])
def test_torch_minimum_maximum_of_an_int_tensor_and_a_python_int(name):
    torch = require("torch")
    import array_api_compat.torch as compat

    xp = arraykit.array_namespace(torch.ones(1))
    fast, slow = getattr(xp, name), getattr(compat, name)
    for dt in (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8):
        info = torch.iinfo(dt)
        x = torch.tensor([info.min, -1 if info.min else 0, 0, 1, 7, info.max], dtype=dt)
        for s, a in itertools.product(
                (info.min, info.min + 1, -1, 0, 1, 6, info.max - 1, info.max,
                 info.max + 1, info.min - 1, 2**63 - 1, -(2**63)), (x, x.reshape(2, 3), x[::2])):
            if not info.min <= s <= info.max:
                # the shims' OverflowError: compat wraps (uint8 with -1), raises torch's
                # RuntimeError or, past int64, a ValueError
                with pytest.raises(OverflowError, match=rf"^{name}: Python int"):
                    fast(a, s)
                continue
            try:
                want = slow(a, s)
            except Exception as e:  # noqa: BLE001 - the same exception class, whatever it is
                # (torch's RuntimeError for an int past the dtype is NumPy's OverflowError)
                overflow = isinstance(e, RuntimeError) and "without overflow" in str(e)
                with pytest.raises(OverflowError if overflow else type(e)):
                    fast(a, s)
                continue
            got = fast(a, s)
            assert got.dtype == want.dtype and got.shape == want.shape, (dt, s)
            assert torch.equal(got, want), (dt, s, got, want)
    # an int tensor and an in-range int: one clamp (no 0-d tensor, no torch.minimum)
    i = torch.arange(10, dtype=torch.int32).reshape(2, 5)
    assert _ops(torch, fast, i, 4) == ["clamp"]
    # floats, bools, 0-d tensors and tensor operands keep their paths (compat's values)
    f = torch.tensor([-0.0, 0.0, float("nan"), 2.5])
    for a, s in ((f, 0.0), (f, -0.0), (f, float("nan")), (f, 1), (torch.tensor(3), 2),
                 (i, True), (torch.tensor([True, False]), 1), (i, i)):
        want, got = slow(a, s), fast(a, s)
        assert got.dtype == want.dtype and torch.equal(got.isnan(), want.isnan())
        assert torch.equal(torch.nan_to_num(got), torch.nan_to_num(want))
        assert torch.equal(torch.signbit(got.double()), torch.signbit(want.double()))


def _python_frames(fn, *args, **kwargs):
    import sys

    seen = []

    def prof(frame, event, arg):
        if event == "call":
            seen.append(frame.f_code.co_filename)

    sys.setprofile(prof)
    try:
        fn(*args, **kwargs)
    finally:
        sys.setprofile(None)
    return seen


@pytest.mark.parametrize("name", ["any", "all"])
def test_torch_any_all_along_an_int_axis_run_from_c(name):
    """``any``/``all`` with an int ``axis=`` (and ``keepdims=``) of a non-uint8 tensor are
    torch's function called from C (the vision workload's ``all(..., axis=-1)``), with
    array-api-compat's values, dtype and exception class (uint8, tuple axes, keepdims alone
    and the other argument orders keep compat's path)."""
    torch = require("torch")
    import array_api_compat.torch as compat

    xp = arraykit.array_namespace(torch.ones(1))
    fast, slow = getattr(xp, name), getattr(compat, name)
    b = torch.tensor([[True, False, True], [True, True, True]])
    assert _python_frames(fast, b, axis=-1) == []
    assert _python_frames(fast, b, axis=0, keepdims=True) == []
    xs = [b, b.to(torch.float32), torch.tensor([[0.0, float("nan")], [-0.0, 1.0]]),
          torch.tensor([[1, 0]], dtype=torch.uint8), torch.tensor(True), torch.zeros((0, 3)),
          torch.tensor([[1 + 0j, 0j]]), torch.tensor([3, 0], dtype=torch.int64)]
    for x in xs:
        for kw in ({"axis": 0}, {"axis": -1}, {"axis": 1}, {"axis": 2}, {"axis": -3},
                   {"axis": 0, "keepdims": True}, {"axis": -1, "keepdims": False},
                   {"axis": (0,)}, {"keepdims": True}):
            try:
                want = slow(x, **kw)
            except Exception as e:  # noqa: BLE001 - the same exception class, whatever it is
                with pytest.raises(type(e)):
                    fast(x, **kw)
                continue
            got = fast(x, **kw)
            assert got.dtype == want.dtype and torch.equal(got, want), (x, kw)
