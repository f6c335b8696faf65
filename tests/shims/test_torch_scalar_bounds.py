"""torch ``minimum``/``maximum`` of an integer tensor and a Python int (issue 28, torch vision:
``minimum(iu0 + 1, w - 1)``): one ``clamp``, with array-api-compat's values, dtypes and
errors for every integer dtype, at the dtype's limits and past them."""

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
            try:
                want = slow(a, s)
            except Exception as e:  # noqa: BLE001 - the same exception class, whatever it is
                with pytest.raises(type(e)):
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
