"""arraykit.shims.numpy / arraykit.shims.torch: array-api-compat's namespaces with fast paths.

Every fast path must give exactly array-api-compat's result (values, dtype, shape, type,
errors) on the inputs it takes, and hand every other input to array-api-compat.
"""

import itertools
import math
import sys

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


BOUNDS = [0.0, -1.0, 1.5, math.nan, math.inf, -math.inf, None, 1, -2, 1e300, -7e4, 0.7]


def test_numpy_fast_paths_match_compat():
    import array_api_compat.numpy as compat

    xp = arraykit.array_namespace(np.ones(1))
    assert xp.__name__ == "arraykit.shims.numpy"
    values = [-3.0, -0.0, 0.0, 0.5, 2.0, np.nan, np.inf, -np.inf]
    arrays = [np.asarray(values, dtype=d) for d in (np.float32, np.float64)]
    arrays += [np.asarray(0.5), np.asarray([-3, 0, 5], dtype=np.int8),
               np.asarray(values, np.float16), np.asarray(values, np.longdouble),
               np.asarray(np.float32(0.5)),
               np.asarray([], dtype=np.float32), np.asarray(values, dtype=np.float32).reshape(2, 4)]
    for x in arrays:
        for lo, hi in itertools.product(BOUNDS, BOUNDS):
            _check(xp.clip, compat.clip, x, lo, hi)
        for b in BOUNDS:  # one bound by keyword (a Python path's fast call)
            _check(xp.clip, compat.clip, x, min=b)
            _check(xp.clip, compat.clip, x, max=b)
        for dtype in (np.float32, np.float64, np.int16, np.bool_, np.complex64):
            for copy in (True, False):
                _check(xp.astype, compat.astype, x, dtype, copy=copy)
        got = xp.astype(x, x.dtype, copy=False)
        assert (got is x) == (compat.astype(x, x.dtype, copy=False) is x)
        _check(xp.matrix_transpose, compat.matrix_transpose, x)
    _check(xp.matrix_transpose, compat.matrix_transpose, np.ones((2, 3, 4)))
    _check(xp.astype, compat.astype, arrays[0], np.float64, device="cpu")
    _check(xp.astype, compat.astype, arrays[0], np.float64, device="gpu")
    for not_a_dtype in (None, 3.5):
        _check(xp.astype, compat.astype, arrays[0], not_a_dtype)
    with pytest.raises(TypeError, match="not the string"):  # the namespace's rule, not compat's
        xp.astype(arrays[0], "float64")
    operands = [np.ones(3), np.arange(6.0).reshape(2, 3), np.arange(6, dtype=np.int8).reshape(3, 2),
                np.ones((4, 2, 3), dtype=np.float32), np.ones((3, 3), dtype=np.complex64),
                np.asarray(2.0), np.ones((0, 3)), np.ones(2, dtype=bool)]
    for a, b in itertools.product(operands, operands):
        _check(xp.matmul, compat.matmul, a, b)  # values, scalar results, and shape errors


def test_numpy_matrix_transpose_is_called_from_c_on_numpy_1_and_2():
    """matrix_transpose is a C Guard on every NumPy: ``x.mT`` on NumPy 2, ``x.T`` of a
    matrix on NumPy 1.x (no ``mT`` there; array-api-compat's Python ``np.swapaxes`` call was
    1.3 us, two per kalman step: +16%), array-api-compat's result for every rank, layout and
    dtype (a view of x, as compat's), its ValueError below 2-D."""
    import array_api_compat.numpy as compat

    from arraykit._guard import Guard

    xp = arraykit.array_namespace(np.ones(1))
    assert type(xp.matrix_transpose) is Guard
    frames = []
    m = np.ones((4, 4))
    sys.setprofile(lambda frame, event, arg: event == "call" and frames.append(frame))
    try:
        xp.matrix_transpose(m)
    finally:
        sys.setprofile(None)
    assert frames == [], [f.f_code.co_qualname for f in frames]  # no Python frame
    base = np.arange(120.0).reshape(2, 3, 4, 5)
    for x in (base[0, 0], base[0], base, base[0, :, ::2], np.asfortranarray(base[0, 0]),
              base[0, 0].astype(np.int8), base[0, 0].astype(">f4"), np.ones((0, 3)),
              np.ones((1, 1), np.complex64), np.asarray(2.0), np.ones(3)):
        _check(xp.matrix_transpose, compat.matrix_transpose, x)
        if x.ndim >= 2:
            got, want = xp.matrix_transpose(x), compat.matrix_transpose(x)
            assert got.strides == want.strides and got.base is (x if x.base is None else x.base)
    for not_array in ([[1.0, 2.0]], None):
        with pytest.raises((TypeError, ValueError)):
            xp.matrix_transpose(not_array)


def test_numpy_clip_of_python_int_bounds_is_called_from_c():
    """On NumPy 2, clip of a floating array between Python ints (the vision workload's
    clip(cells, 0, n - 1)) is np.clip from C, as for floats: compat's result (it casts the
    bounds to x's dtype; NumPy's weak ints round alike), including bounds past every float
    dtype's range and crossed ones, and its exception class for ints no float holds."""
    import array_api_compat.numpy as compat

    xp = arraykit.array_namespace(np.ones(1))
    ints = [0, -1, 39, 2**11 + 1, 2**24 + 1, 2**53 + 1, 70000, -2**63, 2**64 + 5, 10**39,
            10**309, 10**400, -128, -129, 255, 256, -32768, -32769, 65535, 65536, 2**63 - 1,
            -2**63 - 1, 2**64 - 1]
    # NumPy 1.x promotes by value: the floats at the edges of what keeps each dtype.
    floats = [0.5, math.nan, -0.0, 255.0, 65504.0, 65520.0, -65504.0, 3.4e38, 1e300, 1.5e-45]
    for dtype in (np.float16, np.float32, np.float64, np.longdouble):
        x = np.asarray([-np.inf, -3.0, -0.0, 0.0, 0.5, 2.0, 65504.0, np.inf, np.nan], dtype)
        for lo, hi in itertools.product(ints + floats, ints + floats):
            _check(xp.clip, compat.clip, x, lo, hi)
    frames = []
    cells = np.ones((8, 3), np.float32)
    sys.setprofile(lambda frame, event, arg: event == "call" and frames.append(frame))
    try:
        xp.clip(cells, 0, 39)
        xp.clip(cells, 0.0, 255.0)
    finally:
        sys.setprofile(None)
    ours = [f.f_code.co_qualname for f in frames
            if "arraykit" in f.f_code.co_filename or "array_api_compat" in f.f_code.co_filename]
    # NumPy's np.clip only (a Python function of NumPy's own); on NumPy 1.x, which promotes
    # by value, after the shim's test of the bounds (no compat frame).
    assert ours == ([] if int(np.__version__.split(".")[0]) >= 2 else ["_clip_numpy1"] * 2), ours


def test_numpy_norm_count_sort_run_no_compat_or_numpy_python_frame():
    """vector_norm of a real floating array, count_nonzero, sort, argsort and sum of an
    ndarray (the calls benchmarks/call_cost.py times) run without array-api-compat's or
    NumPy's Python functions (norm's argument handling, count_nonzero's and sort's forwarding,
    argsort's _wrapfunc, sum's _wrapreduction): one frame of arraykit's own at most, with
    compat's bits (vector_norm: the
    pairwise sum of x*x, not norm's dot product; sizes past NumPy's 8- and 128-element
    pairwise blocks, layouts, float16 to longdouble, NaN/inf/-0.0)."""
    import array_api_compat.numpy as compat

    from arraykit.shims.numpy import linalg as own

    xp = arraykit.array_namespace(np.ones(1))
    v = np.linspace(-1.0, 2.0, 16, dtype=np.float32)
    calls = [(xp.linalg.vector_norm, v), (xp.count_nonzero, v > 0), (xp.sort, v),
             (xp.argsort, v), (xp.sum, v), (xp.prod, v), (xp.max, v), (xp.min, v)]
    for f, x in calls:
        frames = []
        sys.setprofile(lambda frame, event, arg, frames=frames: event == "call"
                       and frames.append(frame))
        try:
            f(x)
        finally:
            sys.setprofile(None)
        # (a collection may run another library's gc callback meanwhile: not counted)
        ours = [fr for fr in frames if any(k in fr.f_code.co_filename for k in
                                           ("arraykit", "numpy", "array_api_compat"))]
        names = [fr.f_code.co_qualname for fr in ours]
        assert len(names) <= 1 and all("numpy" not in fr.f_code.co_filename or
                                       "arraykit" in fr.f_code.co_filename for fr in ours), names
    rng = np.random.default_rng(3)
    for n in (1, 7, 9, 16, 127, 129, 300, 1000):
        for dtype in (np.float16, np.float32, np.float64, np.longdouble):
            x = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(dtype)
            for y in (x, x.reshape(-1, 1), x[::2], x[::-1], np.asfortranarray(
                    np.resize(x, (3, n)))):
                _check_exact(xp.linalg.vector_norm, own.vector_norm.__wrapped__, y)
                _check_exact(xp.linalg.vector_norm, compat.linalg.vector_norm, y)
                _check_exact(xp.count_nonzero, compat.count_nonzero, y)
                _check_exact(xp.count_nonzero, compat.count_nonzero, y > 0)
    for x in _numpy_arrays():
        _check_exact(xp.count_nonzero, compat.count_nonzero, x)
        _check_exact(xp.count_nonzero, compat.count_nonzero, x, axis=0)
        if x.dtype.kind == "f":
            _check_exact(xp.linalg.vector_norm, compat.linalg.vector_norm, x)


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


def test_torch_clip_matches_compat():
    torch = require("torch")
    import array_api_compat.torch as compat

    xp = arraykit.array_namespace(torch.ones(1))
    values = [-3.0, -0.0, 0.0, 0.5, 2.0, math.nan, math.inf, -math.inf]
    # (Bounds past float32, 1e300, are the namespace's rounding rule: torch refuses them.)
    bounds = [b for b in BOUNDS if b != 1e300]
    for dtype in (torch.float32, torch.float64):
        for x in (torch.tensor(values, dtype=dtype), torch.tensor(0.5, dtype=dtype)):
            for lo, hi in itertools.product(bounds, bounds):
                _check(xp.clip, compat.clip, x, lo, hi)
            for b in bounds:  # one bound by keyword (a Python path's fast call)
                _check(xp.clip, compat.clip, x, min=b)
                _check(xp.clip, compat.clip, x, max=b)


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


def _same_outcome(got, want):
    (g, g_err), (w, w_err) = got, want
    assert g_err is w_err, (g_err, w_err)
    if w_err is None:
        _same(g, w)
        assert (g is None) == (w is None)


def _check_exact(xp_f, compat, *args, refused=False, **kwargs):
    """A fast path of ``_exact`` (shims/numpy): the C path gives its Python path's outcome
    (array-api-compat's function with the namespace's checks, ``_slow``) whole, and that
    is array-api-compat's own (``_check``) unless the namespace refuses the input
    (``refused``: a TypeError, as the rules have it for lists or dtype names; None: the
    C path against the Python path only)."""
    slow = getattr(xp_f, "_slow", None)
    if slow is not None:
        got = _outcome(xp_f, *args, **kwargs)
        _same_outcome(got, _outcome(slow, *args, **kwargs))
        if got[0] is not None and args and type(args[0]) is np.ndarray and got[0] is args[0]:
            assert _outcome(compat, *args, **kwargs)[0] is args[0]  # asarray's identity
    if refused:
        with pytest.raises(TypeError):
            xp_f(*args, **kwargs)
    elif refused is not None:
        _check(xp_f, compat, *args, **kwargs)


def _numpy_arrays():
    values = [-3.0, -0.0, 0.0, 0.5, 2.0, np.nan, np.inf, -np.inf]
    out = [np.asarray(values, dtype=d) for d in (np.float16, np.float32, np.float64)]
    out += [np.asarray([-0.0, 1.5, 0.0, -0.0], dtype=np.float32),
            np.asarray(values, dtype=np.float64).reshape(2, 4),
            np.asarray(values, dtype=np.float64).reshape(2, 2, 2)[:, ::-1],
            np.asarray([1 + 2j, 0j, -3j, complex(np.inf, 1), complex(np.nan, 0)]),
            np.asarray([0j, 2 + 0j], dtype=np.complex64),
            np.asarray([True, False, True]), np.asarray(True), np.asarray(0.5),
            np.asarray(-2, dtype=np.int8), np.asarray([-3, 0, 5, 127], dtype=np.int8),
            np.asarray([0, 7, 255], dtype=np.uint8), np.arange(6, dtype=np.int64).reshape(3, 2),
            np.asarray([], dtype=np.float32), np.ones((0, 3)), np.ones((2, 0), dtype=np.int32),
            np.asarray([1.0, 2.0], dtype=">f8")]
    # Ties (and -0.0 beside 0.0) that an unstable sort orders differently from compat's.
    ties = np.random.default_rng(0).integers(-1, 2, 300) * np.resize([1.0, -1.0, 0.5], 300)
    out += [ties.astype(np.float32), (ties * 0).astype(np.float64), ties.astype(np.int16)]
    return out


def test_numpy_exact_fast_paths_match_compat():
    import array_api_compat.numpy as compat

    from arraykit.shims.numpy import _elementwise_functions as own

    xp = arraykit.array_namespace(np.ones(1))
    numpy2 = int(np.__version__.split(".")[0]) >= 2
    unary = ["std", "var", "mean", "zeros_like", "ones_like", "asarray", "sort", "argsort",
             "sign", "sum", "count_nonzero", "prod", "max", "min"]
    unary += ["floor", "cumulative_sum"] if numpy2 else []
    not_arrays = [[1.0, 2.0], None, 3.0, "a", (1, 2), np.float64(2.0), np.int8(3)]
    for name in unary:
        fast, want = getattr(xp, name), getattr(compat, name)
        for x in _numpy_arrays():
            _check_exact(fast, want, x)
            for kwargs in ({"axis": 0}, {"axis": -1}, {"axis": 3}, {"axis": True},
                           {"axis": 0, "keepdims": True}, {"keepdims": True}, {"dtype": np.float64},
                           {"correction": 1}, {"stable": False}, {"descending": True},
                           {"copy": True}):
                _check_exact(fast, want, x, **kwargs)
            _check_exact(fast, want, x, x)  # a second positional argument
        for x in not_arrays:  # the namespace's rules (lists refused, NumPy scalars taken)
            _check_exact(fast, want, x, refused=None)
        if name != "asarray":
            _check_exact(fast, want, [1.0, 2.0], refused=True)
    for x in _numpy_arrays():  # tanh: our own (complex input corrected), NumPy's for real
        _check_exact(xp.tanh, own.tanh, x)
        for dtype in (np.float64, np.float32, np.int16, np.bool_, np.complex64, np.dtype("f4"),
                      x.dtype, float, int, complex, bool, None, 3):
            _check_exact(xp.astype, compat.astype, x, dtype)
            _check_exact(xp.astype, compat.astype, x, dtype, copy=False)
        _check_exact(xp.astype, compat.astype, x, "float64", refused=True)
        for axes in ((1, 0), (0,), (0, 1, 2), (2, 1, 0), None, (0, 0), [1, 0], (-1, 0), (5, 0)):
            _check_exact(xp.permute_dims, compat.permute_dims, x, axes)
        _check_exact(xp.permute_dims, compat.permute_dims, x, axes=(0,))
    x = np.ones(3)
    assert xp.asarray(x) is x and compat.asarray(x) is x
    shapes = [3, 0, (), (2, 3), (0,), -1, 2.5, (2.0,), [2], None, True, "3"]
    for shape in shapes:
        _check_exact(xp.zeros, compat.zeros, shape)
        _check_exact(xp.zeros, compat.zeros, shape, dtype=np.int8)
        for fill in (1.5, 2, True, 1j, np.float32(2), np.nan, np.ones(3), None, "x"):
            _check_exact(xp.full, compat.full, shape, fill)
            _check_exact(xp.full, compat.full, shape, fill, dtype=np.float32)
    for n in (4, 0, 1, -1, 2.5, 0.0, -2.5, 1e3, True, None, np.int64(3), "4", 10**20):
        _check_exact(xp.arange, compat.arange, n)
        _check_exact(xp.arange, compat.arange, n, 8)
        for dtype in (np.float32, np.dtype("f4"), np.int8, np.uint8, np.bool_, float, int, None):
            _check_exact(xp.arange, compat.arange, n, dtype=dtype)
            for device in (None, "cpu", "gpu", 0):
                _check_exact(xp.arange, compat.arange, n, dtype=dtype, device=device)
                _check_exact(xp.arange, compat.arange, n, device=device, dtype=dtype)
        _check_exact(xp.arange, compat.arange, n, dtype="float32", device="cpu", refused=True)
        _check_exact(xp.eye, compat.eye, n)
        _check_exact(xp.eye, compat.eye, n, 3)
        _check_exact(xp.eye, compat.eye, n, k=1)
    with pytest.raises(TypeError):
        xp.zeros(3, dtype="float32")


def test_numpy_solve_fast_path_matches_compat():
    import array_api_compat.numpy as compat

    xp = arraykit.array_namespace(np.ones(1))
    rng = np.random.default_rng(0)
    mats = [rng.random((3, 3)) + 3 * np.eye(3), (rng.random((2, 3, 3)) + 3 * np.eye(3)),
            np.zeros((2, 2)), np.ones((2, 3)), np.ones(3), np.ones((0, 0)),
            (rng.random((3, 3)) + 1j).astype(np.complex64), np.eye(3, dtype=np.float32)]
    rhs = [np.ones(3), np.ones((3, 2)), np.ones((2, 3, 1)), np.ones(2), np.ones((0, 0)),
           np.ones(3, dtype=np.int64), np.ones((3, 3), dtype=np.float32), np.ones(0)]
    for a, b in itertools.product(mats, rhs):
        _check_exact(xp.linalg.solve, compat.linalg.solve, a, b)
    for a in (np.eye(3, dtype=np.int64), np.eye(3, dtype=bool), [[1.0, 0.0], [0.0, 1.0]]):
        _check_exact(xp.linalg.solve, compat.linalg.solve, a, np.ones(len(a)), refused=True)
        _check_exact(xp.linalg.vector_norm, compat.linalg.vector_norm, a, refused=True)
    from arraykit.shims.numpy import linalg as own

    for x in _numpy_arrays() + mats:  # ours: compat's but for ord=inf of empty input
        if x.dtype.kind in "fc":
            _check_exact(xp.linalg.vector_norm, own.vector_norm.__wrapped__, x)
            _check_exact(xp.linalg.vector_norm, own.vector_norm.__wrapped__, x, ord=math.inf)
            _check_exact(xp.linalg.vector_norm, own.vector_norm.__wrapped__, x, axis=0)


def _same_torch_outcome(got, want):
    import torch

    (g, g_err), (w, w_err) = got, want
    assert g_err is w_err, (g_err, w_err)
    if w_err is None:
        assert type(g) is type(w)
        if isinstance(w, torch.Tensor):
            assert g.dtype == w.dtype and g.shape == w.shape and g.device == w.device
            assert torch.equal(g, w) or torch.allclose(g, w, equal_nan=True, rtol=0, atol=0)
        else:
            assert g == w


def _check_torch_exact(fast, *args, **kwargs):
    """A torch fast path of ``_exact``: the C path's outcome is its Python path's (``_slow``:
    array-api-compat's function, or the shim's, with the translation), and that is the
    outcome of the function it names as ``__wrapped__`` (array-api-compat's, or the shim's
    own where it corrects compat), whole."""
    import torch

    got = _outcome(fast, *args, **kwargs)
    _same_torch_outcome(got, _outcome(fast._slow, *args, **kwargs))
    if any(getattr(a, "dtype", None) in (torch.uint16, torch.uint32, torch.uint64)
           for a in args):
        return  # shell dtypes: refused by the namespace (shims/torch/_dtypes), not by compat
    want, want_err = _outcome(fast.__wrapped__, *args, **kwargs)
    if want_err is not None:  # the standard's class where compat raises another
        assert got[1] is not None
        assert got[1] is want_err or issubclass(got[1], (TypeError, ValueError, IndexError))
    else:
        _same_torch_outcome(got, (want, None))


def _torch_tensors():
    import torch

    values = [-3.0, -0.0, 0.0, 0.5, 2.0, math.nan, math.inf, -math.inf]
    out = [torch.tensor(values, dtype=d) for d in (torch.float32, torch.float64,
                                                    torch.float16, torch.bfloat16)]
    out += [torch.tensor(values).reshape(2, 4), torch.tensor(values).reshape(2, 2, 2).mT,
            torch.tensor([1 + 2j, 0j, complex(math.inf, 1), complex(math.nan, 0)]),
            torch.tensor([True, False, True]), torch.tensor(True), torch.tensor(0.5),
            torch.tensor(2.5, dtype=torch.float64), torch.tensor(-1, dtype=torch.int16),
            torch.tensor(-2, dtype=torch.int8), torch.tensor([-3, 0, 5, 127], dtype=torch.int8),
            torch.tensor([0, 7, 255], dtype=torch.uint8), torch.arange(6).reshape(3, 2),
            torch.tensor([], dtype=torch.float32), torch.ones((0, 3)),
            torch.zeros(3, dtype=torch.uint16), torch.tensor([1.0, 2.0], requires_grad=True),
            torch.nn.Parameter(torch.ones(3))]
    ties = torch.randint(-1, 2, (300,), generator=torch.Generator().manual_seed(0))
    out += [ties.to(torch.float32), ties * 0.0, ties.to(torch.int16)]
    return out


def test_torch_exact_fast_paths_match_compat():
    torch = require("torch")

    xp = arraykit.array_namespace(torch.ones(1))
    unary = ["zeros_like", "ones_like", "asarray", "tanh", "round", "sum", "prod", "mean", "max",
             "min", "std", "var", "cumulative_sum", "any", "all", "count_nonzero", "argsort",
             "sort"]
    for name in unary:
        fast = getattr(xp, name)
        for x in _torch_tensors():
            _check_torch_exact(fast, x)
            for kwargs in ({"axis": 0}, {"keepdims": True}, {"dtype": torch.float64},
                           {"correction": 1}, {"stable": False}, {"descending": True}):
                _check_torch_exact(fast, x, **kwargs)
            _check_torch_exact(fast, x, 0)  # a second positional argument
        for not_a_tensor in ([1.0, 2.0], None, 3.0, np.ones(2)):
            _check_torch_exact(fast, not_a_tensor)
    x = torch.ones(3)
    assert xp.asarray(x) is x
    for shape in (3, 0, (), (2, 3), (0,), -1, 2.5, (2.0,), [2], None, True, "3", torch.Size([2])):
        _check_torch_exact(xp.zeros, shape)
        _check_torch_exact(xp.zeros, shape, dtype=torch.int8)
        for fill in (1.5, 2, True, 1j, math.nan, torch.tensor(2.0), None, "x"):
            _check_torch_exact(xp.full, shape, fill)
            _check_torch_exact(xp.full, shape, fill, dtype=torch.float64)
    for n in (4, 0, 1, -1, 2.5, -2.5, 1e3, True, None, "4"):
        _check_torch_exact(xp.eye, n)
        _check_torch_exact(xp.eye, n, 3)
        _check_torch_exact(xp.eye, n, k=1)
    for n in (4, 0, 1, -1, 2.5, -2.5, 1e3, True, None, "4", math.nan, 10**20):
        _check_torch_exact(xp.arange, n)
        _check_torch_exact(xp.arange, n, 8)
        for dtype in (torch.float32, torch.float64, torch.int8, torch.uint8, torch.int64,
                      torch.bfloat16, torch.bool, torch.complex64, float, None):
            _check_torch_exact(xp.arange, n, dtype=dtype)
            for device in (None, "cpu", torch.device("cpu"), "gpu", 0):
                _check_torch_exact(xp.arange, n, dtype=dtype, device=device)
                _check_torch_exact(xp.arange, n, device=device, dtype=dtype)
    with pytest.raises(TypeError, match="shell"):  # the namespace's refusal, not compat's
        xp.arange(4, dtype=torch.uint16)
    tensors = _torch_tensors()
    conds = [torch.tensor([True, False, True, False] * 2), torch.tensor(True),
             torch.tensor([1, 0] * 4), torch.tensor([[True], [False]])]
    for c in conds:
        operands = [t for t in tensors if t.ndim == 0 or t.shape == (8,)]  # 0-d: promotion
        for a, b in itertools.product(operands, repeat=2):
            _check_torch_exact(xp.where, c, a, b)
        _check_torch_exact(xp.where, c, tensors[0], 2.0)


def test_torch_linalg_fast_paths_match_compat():
    torch = require("torch")

    xp = arraykit.array_namespace(torch.ones(1))
    g = torch.Generator().manual_seed(0)
    mats = [torch.rand((3, 3), generator=g) + 3 * torch.eye(3), torch.zeros((2, 2)),
            torch.rand((2, 3, 3), generator=g, dtype=torch.float64) + 3 * torch.eye(3),
            torch.rand((3, 3, 3), generator=g) + 3 * torch.eye(3), torch.ones((2, 3)),
            torch.ones(3), torch.ones(()), torch.ones((0, 0)), torch.eye(3, dtype=torch.int64),
            torch.eye(3, dtype=torch.complex64), torch.eye(3, dtype=torch.float64)]
    rhs = [torch.ones(3), torch.ones((3, 2)), torch.ones((3, 3)), torch.ones(2),
           torch.ones((0, 0)), torch.ones(3, dtype=torch.float64), torch.ones(()),
           torch.ones((2, 3, 1)), torch.ones(3, dtype=torch.int64)]
    for a, b in itertools.product(mats, rhs):
        _check_torch_exact(xp.linalg.solve, a, b)
    for x in _torch_tensors() + mats:
        _check_torch_exact(xp.linalg.vector_norm, x)
        _check_torch_exact(xp.linalg.vector_norm, x, ord=1)


def _same_jax_outcome(got, want):
    (g, g_err), (w, w_err) = got, want
    assert g_err is w_err, (g_err, w_err)
    if w_err is None:
        assert type(g) is type(w) and g.dtype == w.dtype and g.shape == w.shape
        assert g.weak_type == w.weak_type
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


def _check_jax_fast(fast, reference, *args, **kwargs):
    """A jax fast path: the C path's outcome is its Python path's (``_slow``) and the
    shim's Python function's (``__wrapped__``) and ``reference``'s (jax's eager composition
    it replaces), whole."""
    import jax

    got = _outcome(fast, *args, **kwargs)
    _same_jax_outcome(got, _outcome(fast._slow, *args, **kwargs))
    if not all(isinstance(a, jax.Array) for a in args):
        return  # refused by the namespace's rules
    for f in (fast.__wrapped__, reference or fast.__wrapped__):
        want = _outcome(f, *args, **kwargs)
        if want[1] is not None:  # raised as the standard's class (translated)
            assert got[1] is want[1] or issubclass(got[1], (TypeError, ValueError, IndexError))
        else:
            _same_jax_outcome(got, want)


def test_jax_fast_paths_match_their_python_paths():
    jax = require("jax")
    import jax.numpy as jnp

    xp = arraykit.array_namespace(jnp.ones(1))
    values = [-3.0, -0.0, 0.0, 0.5, 2.0, math.nan, math.inf, -math.inf]
    arrays = [jnp.asarray(values, dtype=d) for d in (jnp.float32, jnp.float16, jnp.bfloat16)]
    arrays += [jnp.asarray(values).reshape(2, 4),
               jnp.asarray([1 + 2j, 0j, -0.0 + 0j, 1j, complex(math.inf, 0), complex(1, math.nan),
                            complex(-math.inf, math.inf)]),
               jnp.asarray([0.5j, 0j]), jnp.asarray([True, False]), jnp.asarray(True),
               jnp.asarray(-0.0), jnp.asarray([-3, 0, 5], dtype=jnp.int8),
               jnp.asarray([0, 7], dtype=jnp.uint8), jnp.arange(6).reshape(3, 2),
               jnp.asarray([], dtype=jnp.float32), jnp.ones((0, 3)), jnp.asarray(2.5) + 1.0]
    if jax.config.jax_enable_x64:
        arrays.append(jnp.asarray(values, dtype=jnp.float64))
    not_arrays = [[1.0, 2.0], 3.0, None, np.ones(2)]
    for name in ("exp", "log", "sqrt", "tanh", "sign", "acos", "sinh", "expm1", "any", "all"):
        fast = getattr(xp, name)
        for x in arrays + not_arrays:
            _check_jax_fast(fast, None, x)
        _check_jax_fast(fast, None, arrays[0], arrays[0])
        _check_jax_fast(fast, None, arrays[3], axis=0)

    def old_searchsorted(x1, x2, **kwargs):  # the eager composition it replaces
        index = jax.dtypes.canonicalize_dtype(jnp.int64)
        return jnp.searchsorted(x1, x2, **kwargs).astype(index)

    # (each pair of shapes and dtypes compiles: a few)
    sorted_ = [jnp.sort(arrays[0]), jnp.sort(arrays[9]), arrays[12], arrays[3], arrays[7]]
    for x1, x2 in itertools.product(sorted_, [arrays[0], arrays[6], arrays[8], 2.0]):
        _check_jax_fast(xp.searchsorted, old_searchsorted, x1, x2)
        _check_jax_fast(xp.searchsorted, old_searchsorted, x1, x2, side="right")
    _check_jax_fast(xp.searchsorted, old_searchsorted, arrays[0], arrays[0],
                    sorter=jnp.argsort(arrays[0]))
    for x in arrays + not_arrays:
        _check_jax_fast(xp.cumulative_sum, jnp.cumulative_sum, x)
        for kwargs in ({"axis": 0}, {"axis": -1, "include_initial": True},
                       {"dtype": jnp.float32}, {"axis": 5}):
            _check_jax_fast(xp.cumulative_sum, jnp.cumulative_sum, x, **kwargs)
    norm = xp.linalg.vector_norm
    for x in arrays + not_arrays:  # the rules refuse non-floating input (jax takes it)
        if isinstance(x, jax.Array) and x.dtype in (jnp.float16, jnp.float32, jnp.float64,
                                                    jnp.complex64, jnp.complex128):
            _check_jax_fast(norm, None, x)
            _check_jax_fast(norm, None, x, axis=-1)
        else:
            _same_jax_outcome(_outcome(norm, x), _outcome(norm._slow, x))
            assert _outcome(norm, x)[1] is TypeError
    # take against its Python path (the rules' bounds check: jnp.take itself fills NaN): each
    # index array twice (the second call reads the cached extremes), in range, negative, out
    # of range either way, empty, bool, float, 2-D; x 0-d, empty, 2-D.
    indices = [jnp.asarray([0, 7, 3]), jnp.asarray([-8, -1]), jnp.asarray([8]),
               jnp.asarray([-9, 0]), jnp.asarray([], dtype=jnp.int32),
               jnp.asarray([1, 2], dtype=jnp.uint8), jnp.asarray([True, False]),
               jnp.asarray([0.0]), jnp.asarray([[0, 1], [2, 7]]), jnp.asarray(3),
               jnp.asarray([0, 0], dtype=jnp.int8)]
    for x in (arrays[0], arrays[3], arrays[8], arrays[13], arrays[12]):
        for i in indices + [[0, 1], 1]:
            for _ in range(2):
                _same_jax_outcome(_outcome(xp.take, x, i), _outcome(xp.take._slow, x, i))
        _same_jax_outcome(_outcome(xp.take, x, indices[0], axis=0),
                          _outcome(xp.take._slow, x, indices[0], axis=0))
    # concat: jnp.concatenate from C for a list or tuple of jax arrays and an int axis.
    seqs = [[arrays[0], arrays[0]], (arrays[0], arrays[1]), [arrays[0], arrays[9]],
            [arrays[3], arrays[3]], [arrays[3], arrays[0]], [arrays[12], arrays[0]],
            [arrays[8], arrays[8]], [arrays[4]], [arrays[6], arrays[9], arrays[10]], [],
            [arrays[0], np.ones(2)], [arrays[0], [1.0]], arrays[3]]
    for arrs in seqs:
        _check_jax_fast(xp.concat, jnp.concat, arrs)
        for kwargs in ({"axis": 0}, {"axis": -1}, {"axis": 1}, {"axis": 2}, {"axis": None},
                       {"axis": True}, {"axis": np.int64(0)}):
            _check_jax_fast(xp.concat, jnp.concat, arrs, **kwargs)
    jitted = jax.jit(lambda a, b: (xp.searchsorted(a, b), xp.cumulative_sum(b), xp.exp(b)))
    got = jitted(sorted_[0], arrays[0])  # tracers: the Python paths, inlined
    _same_jax_outcome((got[0], None), (old_searchsorted(sorted_[0], arrays[0]), None))
    _same_jax_outcome((got[1], None), (jnp.cumulative_sum(arrays[0]), None))


def test_numpy_mean_var_std_ones_like_arange_skip_the_python_wrappers():
    """mean (whole or along an int axis), var and std of an ndarray run NumPy's _methods
    functions from C, without np.mean's/np.var's/np.std's dispatcher frame (fromnumeric);
    ones_like and arange(n, dtype=, device=) (the vision workload's pixel grid) NumPy's own
    without array-api-compat's Python wrapper. Their results are compat's
    (test_numpy_exact_fast_paths_match_compat)."""
    xp = arraykit.array_namespace(np.ones(1))
    v = np.linspace(-1.0, 2.0, 16, dtype=np.float32)
    m = v.reshape(4, 4)
    device = ("cpu",) if int(np.__version__.split(".")[0]) >= 2 else ()
    calls = [lambda: xp.mean(v), lambda: xp.mean(m, axis=0), lambda: xp.var(v),
             lambda: xp.std(v), lambda: xp.ones_like(m),
             lambda: xp.arange(16, dtype=xp.float32, **dict.fromkeys(("device",) * len(device),
                                                                     *device))]
    for f in calls:
        frames = []
        sys.setprofile(lambda frame, event, arg, frames=frames: event == "call"
                       and frames.append(frame))
        try:
            f()
        finally:
            sys.setprofile(None)
        wrappers = [fr.f_code.co_qualname for fr in frames
                    if "array_api_compat" in fr.f_code.co_filename
                    or fr.f_code.co_filename.endswith(("fromnumeric.py",
                                                       "shims/numpy/__init__.py"))]
        assert wrappers == [], wrappers


def test_torch_var_fast_path_passes_an_int_correction():
    """``var``'s call from C is ``torch.var(x, correction=0)`` with an int, as ``std``'s: torch
    parses a float Scalar ~1,100 instructions (~0.3 us) slower, for the same bits (the whole
    outcome is compared with compat's in test_torch_exact_fast_paths_match_compat)."""
    torch = require("torch")

    xp = arraykit.array_namespace(torch.ones(1))
    for name in ("var", "std"):
        keywords = getattr(xp, name).func.keywords
        assert keywords == {"correction": 0}, (name, keywords)
        assert type(keywords["correction"]) is int, name


def test_torch_concat_of_tensors_is_torch_cat_from_c():
    """``concat`` of a list or tuple of plain tensors along an int axis calls ``torch.cat``
    from C (no Python frame: compat's wrapper only forwards there); every other call, and
    every error, is what the installed wrapper over compat's ``concat`` gives."""
    torch = require("torch")
    import array_api_compat.torch as compat

    xp = arraykit.array_namespace(torch.ones(1))
    a, b = torch.arange(3.0), torch.zeros(3, dtype=torch.float64)
    frames = []
    sys.setprofile(lambda frame, event, arg: event == "call" and frames.append(frame))
    try:
        xp.concat([a, b])
        xp.concat((a, a), axis=-1)
    finally:
        sys.setprofile(None)
    assert [f.f_code.co_name for f in frames] == []
    m, i8 = torch.ones(2, 3), torch.arange(3, dtype=torch.int8)
    seqs = [[a, b], (a, i8), [m, m], [a], [a, m], [], [a, 1.0], [a, np.ones(3)],
            [torch.nn.Parameter(a), a], [torch.tensor(True).reshape(1), a], a]
    for arrs in seqs:
        for kwargs in ({}, {"axis": 0}, {"axis": -1}, {"axis": 1}, {"axis": 5}, {"axis": None},
                       {"axis": True}, {"axis": np.int64(0)}):
            got, got_err = _outcome(xp.concat, arrs, **kwargs)
            want, want_err = _outcome(xp.concat._slow, arrs, **kwargs)
            assert got_err is want_err, (arrs, kwargs, got_err, want_err)
            if want_err is None:
                for other in (want, compat.concat(arrs, **kwargs)):
                    assert (got.dtype, got.shape, got.requires_grad) == \
                        (other.dtype, other.shape, other.requires_grad)
                    assert torch.equal(got, other)
