"""Crashes and wrong answers on unusual input, on every backend (issue 18, part 3).

Each test is parametrised over the backends; a backend whose framework is not installed in
this environment is skipped (the main environment has numpy, torch, jax and tensorflow, the
mxnet one numpy and mxnet). Calls that used to kill the process (TF's alignment abort,
torch's eigen-solver segfault) run in a subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from arraykit._registry import BY_NAME

BACKENDS = ["numpy", "torch", "jax", "tensorflow", "mxnet"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STANDARD_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                   "uint64", "float32", "float64", "complex64", "complex128"]


@pytest.fixture(params=BACKENDS)
def backend(request):
    pytest.importorskip(BY_NAME[request.param].package)
    return request.param


@pytest.fixture
def xp(backend):
    return BY_NAME[backend].load_namespace()


def to_numpy(x) -> np.ndarray:
    return x.asnumpy() if hasattr(x, "asnumpy") else np.asarray(x)


def run_isolated(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter (a crash there fails the test, not the session)."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def assert_ran_clean(proc: subprocess.CompletedProcess) -> None:
    assert proc.returncode == 0, (
        f"exit status {proc.returncode}\nstdout:\n{proc.stdout[-3000:]}\n"
        f"stderr:\n{proc.stderr[-3000:]}"
    )


# ---------------------------------------------------------------------------------------------
# can_cast: the standard's promotion lattice on every backend


def _dtypes(xp):
    return [n for n in STANDARD_DTYPES if getattr(xp, n, None) is not None]


def test_can_cast_matches_array_api_strict_on_every_pair(xp):
    strict = pytest.importorskip("array_api_strict")
    wrong = [(a, b, got) for a in _dtypes(xp) for b in _dtypes(xp)
             if (got := xp.can_cast(getattr(xp, a), getattr(xp, b)))
             != strict.can_cast(getattr(strict, a), getattr(strict, b))]
    assert not wrong, f"(from, to, answer) differing from array-api-strict: {wrong}"


@pytest.mark.parametrize("from_, to, expected", [
    ("int64", "int8", False), ("float64", "float32", False),  # downcasts
    ("bool", "int8", False), ("int8", "float32", False),      # across kinds
    ("int32", "float64", False), ("float32", "int64", False),
    ("int8", "int64", True), ("uint8", "int32", True), ("float32", "float64", True),
    ("int32", "int32", True), ("uint8", "int8", False),
])
def test_can_cast_issue_pairs(xp, from_, to, expected):
    if getattr(xp, from_, None) is None or getattr(xp, to, None) is None:
        pytest.skip(f"no {from_} or {to} in this backend")
    assert xp.can_cast(getattr(xp, from_), getattr(xp, to)) is expected
    # An array as ``from_`` answers as its dtype does (jax without x64 makes float32 of
    # float64, hence x.dtype rather than ``expected``).
    x = xp.zeros(2, dtype=getattr(xp, from_))
    assert xp.can_cast(x, getattr(xp, to)) is xp.can_cast(x.dtype, getattr(xp, to))


# ---------------------------------------------------------------------------------------------
# take_along_axis: an index out of bounds


@pytest.mark.parametrize("index", [5, 7, -6])
def test_take_along_axis_out_of_bounds_raises_index_error(xp, backend, index):
    x = xp.asarray([0.0, 1.0, 2.0, 3.0, 4.0])
    idx = xp.asarray([0, index])
    if backend == "jax":
        # jax cannot raise on values (jit); its documented behaviour is a fill value.
        assert bool(xp.isnan(xp.take_along_axis(x, idx, axis=0)[1]))
        return
    # (NumPy's own message does not name the function; every shim's does.)
    with pytest.raises(IndexError, match=None if backend == "numpy" else "take_along_axis"):
        out = xp.take_along_axis(x, idx, axis=0)
        to_numpy(out)  # MXNet fails at the sync


def test_take_along_axis_in_bounds_unchanged(xp):
    x = xp.reshape(xp.asarray([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]), (2, 3))
    out = xp.take_along_axis(x, xp.asarray([[2, -1, 0], [-3, 1, 2]]), axis=1)
    assert to_numpy(out).tolist() == [[2.0, 2.0, 0.0], [3.0, 4.0, 5.0]]
    # broadcasting on the other axis
    out = xp.take_along_axis(x, xp.asarray([[1]]), axis=1)
    assert to_numpy(out).tolist() == [[1.0], [4.0]]


# ---------------------------------------------------------------------------------------------
# eig / eigvals of matrices with NaN or infinity: NaN results for those matrices


@pytest.mark.parametrize("backend_name", ["numpy", "torch", "jax", "tensorflow"])
def test_eigvals_of_non_finite_matrices_give_nan(backend_name):
    pytest.importorskip(BY_NAME[backend_name].package)
    proc = run_isolated(f"""
        import numpy as np
        from arraykit._registry import BY_NAME
        b = BY_NAME[{backend_name!r}]
        xp = b.load_namespace()
        rng = np.random.default_rng(0)
        for dt in ("float32", "float64"):
            for bad in (np.nan, np.inf, -np.inf):
                a = rng.standard_normal((3, 8, 8)).astype(dt)
                a[1, 2, 3] = bad
                x = xp.asarray(a)
                w = np.asarray(xp.linalg.eigvals(x))
                res = xp.linalg.eig(x)
                v = np.asarray(res.eigenvectors)
                w2 = np.asarray(res.eigenvalues)
                assert w.shape == (3, 8) and v.shape == (3, 8, 8), (w.shape, v.shape)
                # (jax without x64 has float32 only)
                cdt = "complex64" if np.asarray(x).dtype == "float32" else "complex128"
                assert w.dtype == cdt and v.dtype == cdt and w2.dtype == cdt, (w.dtype, v.dtype)
                assert np.isnan(w[1].real).all() and np.isnan(w[1].imag).all(), w[1]
                assert np.isnan(w2[1]).all() and np.isnan(v[1]).all()
                for k in (0, 2):
                    ref = np.sort_complex(np.linalg.eigvals(a[k].astype("float64")))
                    tol = 1e-3 if cdt == "complex64" else 1e-9
                    assert np.allclose(np.sort_complex(w[k]), ref, atol=tol), (w[k], ref)
                    assert np.allclose(np.sort_complex(w2[k]), ref, atol=tol)
                # a single matrix
                w = np.asarray(xp.linalg.eigvals(xp.asarray(a[1])))
                assert w.shape == (8,) and np.isnan(w).all()
        print("ok")
    """)
    assert_ran_clean(proc)


# ---------------------------------------------------------------------------------------------
# bad arguments: a clean error naming the function, never an internal one


def _bad_calls(xp):
    x = xp.asarray([1.0, 2.0, 3.0])
    zero_d = xp.asarray(1.0)
    return {
        "vecdot": [lambda: xp.vecdot(-1, x), lambda: xp.vecdot(x, -1)],
        "tensordot": [lambda: xp.tensordot(x, x, axes={"a": 1}),
                      lambda: xp.tensordot(x, x, axes="ab")],
        "searchsorted": [lambda: xp.searchsorted(x, x, sorter="abc")],
        "roll": [lambda: xp.roll(zero_d, 1, axis=0), lambda: xp.roll(zero_d, (1,), axis=(0,))],
        "cumulative_prod": [lambda: xp.cumulative_prod("abc")],
        "cumulative_sum": [lambda: xp.cumulative_sum("abc")],
    }


# Shims whose every function's errors name the function (numpy's and torch's come from
# array-api-compat and the frameworks themselves; only their class is checked).
NAMING = {"tensorflow": None, "mxnet": None,
          "jax": {"cumulative_prod"}}  # jax: the functions arraykit's top-up defines


@pytest.mark.parametrize("backend_name, fname", [
    *[(b, f) for b in ("tensorflow", "mxnet") for f in
      ("vecdot", "tensordot", "searchsorted", "roll", "cumulative_prod", "cumulative_sum")],
    ("jax", "cumulative_prod"),  # the functions arraykit's jax top-up defines
])
def test_bad_arguments_raise_clean_errors(backend_name, fname):
    # numpy's and torch's namespaces are array-api-compat's functions (torch vecdot(-1, x)
    # still raises AttributeError there): not covered here.
    pytest.importorskip(BY_NAME[backend_name].package)
    backend = backend_name
    xp = BY_NAME[backend].load_namespace()
    for i, call in enumerate(_bad_calls(xp)[fname]):
        with pytest.raises((TypeError, ValueError, IndexError)) as info:
            call()
        # Not an AttributeError/KeyError/ZeroDivisionError or a framework error in disguise.
        assert type(info.value).__module__ in ("builtins", "arraykit.shims._common.utils"), (
            i, info.value)
        named = NAMING.get(backend, ())
        if backend in NAMING and (named is None or fname in named):
            assert str(info.value).startswith(f"{fname}:"), (i, str(info.value))


def test_roll_of_zero_d_array_without_axis(xp):
    assert float(xp.roll(xp.asarray(1.5), 1)) == 1.5


# ---------------------------------------------------------------------------------------------
# asarray of very deep nesting: ValueError as NumPy, not RecursionError


@pytest.mark.parametrize("backend_name", ["tensorflow", "mxnet"])
def test_asarray_of_deeply_nested_list_raises_value_error(backend_name):
    # (NumPy 2 and torch raise ValueError themselves; jax.numpy.asarray, jax's own, still
    # raises RecursionError: not covered here.)
    pytest.importorskip(BY_NAME[backend_name].package)
    xp = BY_NAME[backend_name].load_namespace()
    deep = 1.0
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(ValueError, match="asarray: "):
        xp.asarray(deep)
    # 64 levels (NumPy's maximum rank) still work where the framework allows that rank.
    ok = 1.0
    for _ in range(30):
        ok = [ok]
    assert xp.asarray(ok).shape == (1,) * 30


# ---------------------------------------------------------------------------------------------
# TensorFlow: zero-copy DLPack import only of memory aligned for TF's kernels


_TF_MISALIGNED = """
    import numpy as np, tensorflow as tf
    from arraykit.shims import tensorflow as xp

    def views(dtype):
        # A buffer starting 64-aligned, then views at every offset that breaks alignment.
        item = np.dtype(dtype).itemsize
        buf = np.zeros(4096 + 64, np.uint8)
        start = (-buf.ctypes.data) % 64
        base = buf[start:start + 4096].view(dtype)
        base[:] = np.arange(base.size).astype(dtype)
        yield base[:16]                      # aligned: zero-copy is fine
        for k in range(1, 64 // item):
            yield base[k:k + 16]             # offset views
        yield base[1:33:2]                   # non-contiguous
        yield base[:32].reshape(4, 8)[1:, 2:]

    for dtype in ("int32", "int64", "float32", "float64", "int8", "uint8", "bool",
                  "complex64", "complex128", "int16", "uint16", "uint32", "uint64"):
        for a in views(dtype):
            for f in ("asarray", "from_dlpack"):
                try:
                    t = (xp.asarray(a, copy=False) if f == "asarray"
                         else xp.from_dlpack(a, copy=False))
                except ValueError:
                    t = None  # a copy would be needed: refused, as copy=False asks
                for tt in ([t] if t is not None else []) + [
                        xp.asarray(a), xp.from_dlpack(a), xp.asarray(a, copy=True)]:
                    flat = tf.reshape(tt, [-1])
                    g = tf.gather(flat, [0, 1])        # a kernel that checks alignment
                    assert np.array_equal(g.numpy(), a.reshape(-1)[:2]), (dtype, f)
                    assert np.array_equal(tt.numpy(), a), (dtype, f)
    # The issue's reproducer.
    a = np.arange(17, dtype=np.int32)[1:]
    t = xp.asarray(a, copy=False) if a.ctypes.data % 64 == 0 else xp.asarray(a)
    assert xp.take(t, xp.asarray([0, 1])).numpy().tolist() == [1, 2]
    t = xp.from_dlpack(a)
    assert xp.take(t, xp.asarray([0, 1])).numpy().tolist() == [1, 2]
    print("ok")
"""


def test_tensorflow_dlpack_import_of_misaligned_memory_does_not_abort():
    pytest.importorskip("tensorflow")
    assert_ran_clean(run_isolated(_TF_MISALIGNED, timeout=300))


def test_tensorflow_copy_false_is_refused_for_misaligned_memory():
    pytest.importorskip("tensorflow")
    from arraykit.shims import tensorflow as xp

    buf = np.zeros(4096 + 64, np.uint8)
    start = (-buf.ctypes.data) % 64
    a = buf[start + 4:start + 4 + 64].view(np.int32)  # 4 bytes past a 64-byte boundary
    with pytest.raises(ValueError, match="asarray: .*copy=False"):
        xp.asarray(a, copy=False)
    with pytest.raises(ValueError, match="from_dlpack: .*copy=False"):
        xp.from_dlpack(a, copy=False)
    aligned = buf[start:start + 64].view(np.int32)
    t = xp.asarray(aligned, copy=False)   # zero-copy where it is safe
    aligned[0] = 7
    assert int(t[0]) == 7
