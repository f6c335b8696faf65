"""arraykit.shims.numpy / arraykit.shims.torch: array-api-compat's namespaces with fast paths.

Every fast path must give exactly array-api-compat's result (values, dtype, shape, type,
errors) on the inputs it takes, and hand every other input to array-api-compat.
"""

import itertools
import math

import numpy as np
import pytest
from frameworks import require

import arraykit


def _same(got, want):
    assert type(got) is type(want)
    if hasattr(want, "dtype"):
        assert got.dtype == want.dtype and tuple(got.shape) == tuple(want.shape)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def _outcome(f, *args, **kwargs):
    try:
        return f(*args, **kwargs), None
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return None, type(e)


def _check(fast, compat, *args, **kwargs):
    # The fast path itself: the namespace wraps it for the standard's exceptions (_errors),
    # which are tested in test_errors.py and differ from array-api-compat's by design. A
    # function that raises them itself (torch's matmul, shims/torch/_errors.translates)
    # names compat's as its __wrapped__ (its general path): it is tested whole, and where
    # compat raises it must raise too, compat's class or a standard one.
    inner = getattr(fast, "__wrapped__", fast)
    whole = inner is compat
    fast = fast if whole else inner
    got, got_err = _outcome(fast, *args, **kwargs)
    want, want_err = _outcome(compat, *args, **kwargs)
    if whole and want_err is not None and got_err is not want_err:
        assert got_err is not None and issubclass(got_err, (TypeError, ValueError, IndexError))
    else:
        assert got_err is want_err, (args, kwargs, got_err, want_err)
    if want_err is None:
        _same(got, want)


BOUNDS = [0.0, -1.0, 1.5, math.nan, math.inf, -math.inf, None, 1, -2]


def test_numpy_fast_paths_match_compat():
    import array_api_compat.numpy as compat

    xp = arraykit.array_namespace(np.ones(1))
    assert xp.__name__ == "arraykit.shims.numpy"
    values = [-3.0, -0.0, 0.0, 0.5, 2.0, np.nan, np.inf, -np.inf]
    arrays = [np.asarray(values, dtype=d) for d in (np.float32, np.float64)]
    arrays += [np.asarray(0.5), np.asarray([-3, 0, 5], dtype=np.int8),
               np.asarray([], dtype=np.float32), np.asarray(values, dtype=np.float32).reshape(2, 4)]
    for x in arrays:
        for lo, hi in itertools.product(BOUNDS, BOUNDS):
            _check(xp.clip, compat.clip, x, lo, hi)
        for dtype in (np.float32, np.float64, np.int16, np.bool_, np.complex64):
            for copy in (True, False):
                _check(xp.astype, compat.astype, x, dtype, copy=copy)
        got = xp.astype(x, x.dtype, copy=False)
        assert (got is x) == (compat.astype(x, x.dtype, copy=False) is x)
        _check(xp.matrix_transpose, compat.matrix_transpose, x)
    _check(xp.matrix_transpose, compat.matrix_transpose, np.ones((2, 3, 4)))
    _check(xp.astype, compat.astype, arrays[0], np.float64, device="cpu")
    _check(xp.astype, compat.astype, arrays[0], np.float64, device="gpu")
    for not_a_dtype in ("float64", None, 3.5):
        _check(xp.astype, compat.astype, arrays[0], not_a_dtype)
    operands = [np.ones(3), np.arange(6.0).reshape(2, 3), np.arange(6, dtype=np.int8).reshape(3, 2),
                np.ones((4, 2, 3), dtype=np.float32), np.ones((3, 3), dtype=np.complex64),
                np.asarray(2.0), np.ones((0, 3)), np.ones(2, dtype=bool)]
    for a, b in itertools.product(operands, operands):
        _check(xp.matmul, compat.matmul, a, b)  # values, scalar results, and shape errors


def test_torch_fast_paths_match_compat():
    torch = require("torch")
    import array_api_compat.torch as compat

    xp = arraykit.array_namespace(torch.ones(1))
    assert xp.__name__ == "arraykit.shims.torch"
    mats = [torch.arange(6, dtype=d).reshape(2, 3) for d in (torch.float32, torch.float64,
                                                             torch.int32, torch.int64)]
    mats += [torch.ones(3, dtype=torch.float32), torch.ones((), dtype=torch.float32),
             torch.ones((4, 3, 2), dtype=torch.float64)]
    for a, b in itertools.product(mats, repeat=2):
        for bb in (b, b.mT if b.ndim >= 2 else b):
            _check(xp.matmul, compat.matmul, a, bb)
    param = torch.nn.Parameter(torch.ones(3, 2))
    _check(xp.matmul, compat.matmul, param, mats[0].mT)
    for x in mats + [param]:
        for dtype in (torch.float32, torch.float64, torch.int16, torch.bool, torch.complex64):
            for copy in (True, False):
                _check(xp.astype, compat.astype, x.detach(), dtype, copy=copy)
        _check(xp.matrix_transpose, compat.matrix_transpose, x.detach())
    x = mats[0]
    assert (xp.astype(x, x.dtype, copy=False) is x) == (compat.astype(x, x.dtype, copy=False) is x)
    _check(xp.astype, compat.astype, x, torch.float64, device="cpu")
    for not_a_dtype in ("float64", np.float64, None, 3):  # compat's errors, not torch's
        _check(xp.astype, compat.astype, x, not_a_dtype)


def test_torch_binary_fast_paths_match_compat():
    torch = require("torch")
    import array_api_compat.torch as compat

    xp = arraykit.array_namespace(torch.ones(1))
    operands = [torch.tensor([-2.0, 0.0, 3.5]), torch.tensor([[1, -3, 7]], dtype=torch.int8),
                torch.tensor([2, 5, 1], dtype=torch.int64), torch.tensor(2.5),
                torch.tensor(300), torch.tensor([True, False, True]), 2, -1.5, True,
                torch.ones((2, 1), dtype=torch.float64), torch.ones(4)]
    names = ("add", "subtract", "multiply", "divide", "pow", "maximum", "less", "equal",
             "bitwise_and", "bitwise_left_shift", "logical_or", "atan2", "copysign",
             "logaddexp", "nextafter", "hypot", "floor_divide", "remainder")
    for name in names:
        for a, b in itertools.product(operands, operands):
            if not (isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor)):
                continue
            fast = getattr(xp, name)
            if name not in ("floor_divide", "remainder"):  # those add the special values
                _check(fast, getattr(compat, name), a, b)
            elif a is operands[2] and b is operands[2]:
                assert torch.equal(fast(a, b), getattr(compat, name)(a, b))


def test_torch_sum_fast_path_matches_compat():
    torch = require("torch")
    import array_api_compat.torch as compat

    xp = arraykit.array_namespace(torch.ones(1))
    arrays = [torch.arange(6).reshape(2, 3).to(d) for d in (torch.float32, torch.int32,
                                                            torch.bool, torch.float64)]
    arrays += [torch.ones(()), torch.ones(0)]
    for x in arrays:
        for kwargs in ({}, {"axis": 0}, {"axis": ()}, {"keepdims": True}, {"keepdims": 0},
                       {"dtype": torch.float64}, {"dtype": None, "keepdims": False}):
            _check(xp.sum, compat.sum, x, **kwargs)
    param = torch.nn.Parameter(torch.ones(2))  # a subclass: array-api-compat's path
    assert xp.sum(param).grad_fn is not None
    for shell in (torch.uint16, torch.uint32):
        with pytest.raises(TypeError, match="shell"):
            xp.sum(torch.zeros(2, dtype=shell))
        with pytest.raises(TypeError, match="shell"):
            xp.sum(arrays[0], dtype=shell)
