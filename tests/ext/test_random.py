"""arraykit.ext.random: the same bits on every backend, equal to jax.random's; sound
statistics at fixed seeds; compiled under arraykit.ext.jit on jax, tensorflow and torch.

Runs in both environments: every backend is checked against jax.random, computed where jax is
installed, else read from tests/ext/random_vectors.npz (stored from jax.random by
``PYTHONPATH=tests .venv/bin/python tests/ext/test_random.py``; test_stored_vectors_are_jax checks
the file there), never against arraykit's own output."""

import hashlib
import math
from pathlib import Path

import numpy as np
import pytest
from frameworks import from_numpy, optional, require, run_fresh, to_numpy

import arraykit
from arraykit._registry import BY_NAME
from arraykit.ext import random as R

SEEDS = [0, 1, 42, 2**31, 2**32 - 1, 2**40 + 3, -7]
SHAPES = [(), (1,), (7,), (3, 5), (2, 0, 3), (4, 1, 6), (1000,)]


def _like(name):
    """A one-element float32 array of the registry backend ``name`` (its row's constructor),
    or a skip where the framework is not installed."""
    require(BY_NAME[name].package)
    if name == "mxnet":
        require("mxnet").npx.set_np()  # this module's own code uses mxnet.numpy arrays
    return from_numpy(name, np.zeros(1, dtype=np.float32))


BACKENDS = ["numpy", "torch", "jax", "tensorflow", "array_api_strict", "mxnet", "mlx", "paddle"]
#: The tests taking ``like`` run on conftest's ``backend`` fixture, on these backends.
pytestmark = pytest.mark.backends(*BACKENDS, reason="the backends arraykit.ext.random is "
                                  "tested on (dask is not covered)")


def _jax():
    return optional("jax")  # None only where jax is not installed


VECTORS = Path(__file__).with_name("random_vectors.npz")


def _case(fn, seed, *args, **kwargs):
    """The name of a reference call in VECTORS (a digest of its arguments)."""
    def text(a):
        return f"array({a.dtype.name}, {a.tolist()})" if isinstance(a, np.ndarray) else repr(a)

    call = [fn, repr(seed), *map(text, args),
            *(f"{k}={text(v)}" for k, v in sorted(kwargs.items()))]
    return hashlib.sha256("|".join(call).encode()).hexdigest()[:20]


def _jax_random(jax, fn, seed, *args, **kwargs):
    """jax.random's answer; a ``dtype`` is given by name (``"int32"``)."""
    if isinstance(kwargs.get("dtype"), str):
        kwargs["dtype"] = getattr(jax.numpy, kwargs["dtype"])
    jk = jax.numpy.asarray(R.key(seed))
    # x64 lets randint take maxval=2**31 for int32 (its out-of-range path) and uniform give
    # float64; nothing else changes
    with jax.threefry_partitionable(True), jax.enable_x64(fn == "integers" or "dtype" in kwargs):
        name = {"integers": "randint"}.get(fn, fn)
        return np.asarray(getattr(jax.random, name)(jk, *args, **kwargs))


_stored = {}


def reference(fn, seed, *args, **kwargs):
    """jax.random's answer: computed where jax is installed, else the one stored from it."""
    jax = _jax()
    if jax is not None:
        return _jax_random(jax, fn, seed, *args, **kwargs)
    if not _stored:
        with np.load(VECTORS) as data:
            _stored.update(data)
    name = _case(fn, seed, *args, **kwargs)
    assert name in _stored, (f"no stored jax.random vector for {fn}{(seed, *args)} {kwargs}: "
                             "run `PYTHONPATH=tests .venv/bin/python tests/ext/test_random.py`")
    return _stored[name]


def reference_calls():
    """Every reference() call of this module's tests (what VECTORS stores)."""
    x_np = np.arange(12, dtype=np.float32).reshape(3, 4)
    pn = np.asarray([0.1, 0.0, 0.6, 0.3], dtype=np.float32)
    calls = []
    for seed in SEEDS:
        calls += [("bits", seed, shape) for shape in SHAPES]
        calls += [("split", seed, num) for num in (1, 2, 5, (2, 3))]
        calls += [("fold_in", seed, data) for data in (0, 7, 2**32 - 1)]
    for seed in SEEDS[:5]:
        calls += [("uniform", seed, shape) for shape in SHAPES]
        calls.append(("uniform", seed, (500,), {"minval": -2.0, "maxval": 3.5}))
    calls.append(("uniform", 9, (300,), {"dtype": "float64"}))
    calls += [("normal", seed, (2000,)) for seed in SEEDS[:4]]
    calls += [("integers", 5, (3, 400), lo, hi, _integer_ref_dtype(dtype))
              for lo, hi, dtype in INTEGER_CASES]
    calls.append(("bernoulli", 11, 0.3, (50,)))
    calls += [("permutation", 11, n) for n in (1, 10, 2000)]
    calls.append(("permutation", 11, x_np, {"axis": 1}))
    calls.append(("choice", 11, 10, (6,)))
    calls.append(("choice", 11, 10, (2, 3), {"replace": False}))
    calls.append(("choice", 11, x_np, (5,), {"axis": 1}))
    calls.append(("choice", 4, 4, (4000,), {"p": pn}))
    calls.append(("choice", 4, 4, (3,), {"replace": False, "p": pn}))
    return [(c[:-1], c[-1]) if isinstance(c[-1], dict) else (c, {}) for c in calls]


def _integer_ref_dtype(dtype):
    return "uint32" if dtype == "uint32" else "int32"


def test_stored_vectors_are_jax():
    """VECTORS holds jax.random's answer to every reference call the tests make."""
    jax = require("jax")
    with np.load(VECTORS) as data:
        stored = dict(data)
    for (fn, seed, *args), kwargs in reference_calls():
        name = _case(fn, seed, *args, **kwargs)
        assert name in stored, (fn, seed, args, kwargs)
        want = _jax_random(jax, fn, seed, *args, **dict(kwargs))
        assert stored[name].dtype == want.dtype and stored[name].shape == want.shape
        np.testing.assert_array_equal(stored[name], want)


@pytest.fixture
def like(backend):
    """A one-element float array of the backend under test (the ``like=`` argument)."""
    return _like(backend)


def test_key_layout_matches_prngkey(like):
    for seed in SEEDS:
        got = to_numpy(R.key(seed, like=like))
        assert got.tolist() == [(seed >> 32) & 0xFFFFFFFF, seed & 0xFFFFFFFF]
    jax = _jax()
    if jax is not None:
        for seed in (0, 1, 42, 2**31, 2**32 - 1):
            expected = np.asarray(jax.random.PRNGKey(seed)).tolist()
            assert to_numpy(R.key(seed, like=like)).tolist() == expected


def test_key_is_the_namespace_key(like):
    # key() (a backend's host_new_key where it has one: a shortcut past its namespace's
    # asarray of a list) must make the key the namespace path makes: same type, dtype,
    # shape, device and words.
    from arraykit.ext.random._common import Portable, check_seed

    impl = R._impl("key", like)
    for seed in SEEDS:
        fast = R.key(seed, like=like)
        slow = Portable.key(impl, check_seed(seed), impl.device_of(like))
        assert type(fast) is type(slow) and fast.dtype == slow.dtype
        assert tuple(fast.shape) == tuple(slow.shape) == (2,)
        assert arraykit.device(fast) == arraykit.device(slow)
        assert to_numpy(fast).tolist() == to_numpy(slow).tolist()


def test_draws_outlive_their_host_buffers(like):
    # Backends that take the host kernel's buffer over without a copy (torch.from_numpy,
    # MXNet's zero_copy) must keep it alive: values read after the call's buffers are gone
    # and the memory reused are the values it returned.
    import gc

    k = R.key(3, like=like)
    draws = [R.normal(k, (257,)), R.uniform(k, (3, 5)), R.bits(k, (64,))]
    first = [to_numpy(d).copy() for d in draws]
    gc.collect()
    junk = [np.full(4096, 7.0) for _ in range(64)]
    for d, want in zip(draws, first):
        np.testing.assert_array_equal(to_numpy(d), want)
    del junk


@pytest.mark.parametrize("name", ["torch", "paddle"])
def test_key_is_a_new_array_each_call(name):
    # torch's and Paddle's host_new_key hand out copies of a key made once per seed
    # (copied_key): writing into one key must leave the next key(seed) as it was.
    fw = require(name)
    first = R.key(7, like=fw.zeros([2]))
    words = first.tolist()
    first.add_(fw.ones_like(first))
    again = R.key(7, like=fw.zeros([2]))
    assert again.tolist() == words and first.tolist() == [w + 1 for w in words]


@pytest.mark.parametrize("seed", SEEDS)
def test_bits_split_fold_in_are_jax_bits(like, seed):
    k = R.key(seed, like=like)
    for shape in SHAPES:
        got = to_numpy(R.bits(k, shape))
        assert got.shape == shape
        np.testing.assert_array_equal(got.astype(np.uint64),
                                      reference("bits", seed, shape).astype(np.uint64))
    for num in (1, 2, 5, (2, 3)):
        np.testing.assert_array_equal(to_numpy(R.split(k, num)).astype(np.uint64),
                                      reference("split", seed, num).astype(np.uint64))
    for data in (0, 7, 2**32 - 1):
        np.testing.assert_array_equal(to_numpy(R.fold_in(k, data)).astype(np.uint64),
                                      reference("fold_in", seed, data).astype(np.uint64))


def test_fold_in_takes_an_integer_array(like):
    k = R.key(3, like=like)
    xp = __import__("arraykit").array_namespace(like)
    got = to_numpy(R.fold_in(k, xp.asarray(123456, dtype=xp.int32)))
    np.testing.assert_array_equal(got, to_numpy(R.fold_in(k, 123456)))


@pytest.mark.parametrize("seed", SEEDS[:5])
def test_uniform_is_bit_exact(like, seed):
    k = R.key(seed, like=like)
    for shape in SHAPES:
        got = to_numpy(R.uniform(k, shape))
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, reference("uniform", seed, shape))
    got = to_numpy(R.uniform(k, (500,), minval=-2.0, maxval=3.5))
    np.testing.assert_array_equal(got, reference("uniform", seed, (500,), minval=-2.0, maxval=3.5))
    assert got.min() >= -2.0 and got.max() < 3.5


def test_uniform_float64_is_bit_exact(like):
    xp = __import__("arraykit").array_namespace(like)
    if not hasattr(xp, "float64") or _jax_without_x64(like):
        pytest.skip("no float64 on this backend's default config")
    got = to_numpy(R.uniform(R.key(9, like=like), (300,), dtype=xp.float64))
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, reference("uniform", 9, (300,), dtype="float64"))


def _jax_without_x64(like):
    return type(like).__module__.startswith("jax") and not _jax().config.jax_enable_x64


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_normal_follows_jax_to_a_few_ulp(like, seed):
    k = R.key(seed, like=like)
    got = to_numpy(R.normal(k, (2000,)))
    assert got.dtype == np.float32
    ref = reference("normal", seed, (2000,))
    np.testing.assert_allclose(got, ref, rtol=4e-6, atol=4e-7)
    # and to the bit with the NumPy backend's values for most elements
    assert np.mean(got == ref) > 0.9


INTEGER_CASES = [
    (0, 10, "int32"), (-5, 5, "int32"), (0, 1, "int32"), (-(2**31), 2**31 - 1, "int32"),
    (-(2**31), 2**31, "int32"), (3, 200, "int16"), (-100, 100, "int8"), (0, 2**32, "uint32"),
    (7, 1000003, "int64"),
]


@pytest.mark.parametrize(("lo", "hi", "dtype"), INTEGER_CASES)
def test_integers_are_randint(like, lo, hi, dtype):
    xp = __import__("arraykit").array_namespace(like)
    if not hasattr(xp, dtype):
        pytest.skip(f"no {dtype} on this backend")
    if dtype == "int64" and _jax_without_x64(like):
        pytest.skip("jax without x64 has no int64")
    if type(like).__module__.startswith("mxnet") and dtype in ("int16", "uint32"):
        with pytest.raises(TypeError, match=f"MXNet 1.9.1 has no {dtype}"):
            R.integers(R.key(5, like=like), (3,), lo, hi, dtype=getattr(xp, dtype))
        return
    if dtype not in xp.__array_namespace_info__().dtypes():
        # torch's shell dtypes (uint16/32/64), Paddle's uint32: refused, framework and dtype
        # named in the message.
        with pytest.raises(TypeError, match=rf"(torch .* has no kernels for|Paddle .* has no) "
                                            rf"{dtype}\b"):
            R.integers(R.key(5, like=like), (3,), lo, hi, dtype=getattr(xp, dtype))
        return
    got = to_numpy(R.integers(R.key(5, like=like), (3, 400), lo, hi, dtype=getattr(xp, dtype)))
    assert got.dtype == np.dtype(dtype) and got.shape == (3, 400)
    assert got.min() >= lo and got.max() < hi
    ref = reference("integers", 5, (3, 400), lo, hi, _integer_ref_dtype(dtype))
    np.testing.assert_array_equal(got.astype(np.int64), ref.astype(np.int64))


def test_bernoulli_permutation_choice_are_jax(like):
    xp = __import__("arraykit").array_namespace(like)
    k = R.key(11, like=like)
    np.testing.assert_array_equal(to_numpy(R.bernoulli(k, 0.3, (50,))),
                                  reference("bernoulli", 11, 0.3, (50,)))
    for n in (1, 10, 2000):  # 2000 takes two sorting rounds
        np.testing.assert_array_equal(to_numpy(R.permutation(k, n)),
                                      reference("permutation", 11, n))
    x = xp.reshape(xp.arange(12, dtype=xp.float32), (3, 4))
    got = to_numpy(R.permutation(k, x, axis=1))
    x_np = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(got, reference("permutation", 11, x_np, axis=1))
    np.testing.assert_array_equal(to_numpy(R.choice(k, 10, (6,))),
                                  reference("choice", 11, 10, (6,)))
    np.testing.assert_array_equal(to_numpy(R.choice(k, 10, (2, 3), replace=False)),
                                  reference("choice", 11, 10, (2, 3), replace=False))
    got = to_numpy(R.choice(k, x, (5,), axis=1))
    np.testing.assert_array_equal(got, reference("choice", 11, x_np, (5,), axis=1))


def test_choice_with_p(like):
    xp = __import__("arraykit").array_namespace(like)
    p = xp.asarray([0.1, 0.0, 0.6, 0.3], dtype=xp.float32)
    k = R.key(4, like=like)
    got = to_numpy(R.choice(k, 4, (4000,), p=p))
    assert set(np.unique(got).tolist()) <= {0, 2, 3}
    np.testing.assert_allclose(np.bincount(got, minlength=4) / 4000, [0.1, 0, 0.6, 0.3], atol=0.03)
    pn = np.asarray([0.1, 0.0, 0.6, 0.3], dtype=np.float32)
    np.testing.assert_array_equal(got, reference("choice", 4, 4, (4000,), p=pn))
    got = to_numpy(R.choice(k, 4, (3,), replace=False, p=p))
    assert sorted(got.tolist()) == [0, 2, 3]
    np.testing.assert_array_equal(got, reference("choice", 4, 4, (3,), replace=False, p=pn))


# -- statistics, at fixed seeds (the bits are the same everywhere: NumPy's stand for all) -----

# chi-square critical values at p = 0.001
_CHI2_99 = 148.23
_CHI2_9 = 27.88
_CHI2_255 = 330.52


def _chi2(counts, expected):
    return float(np.sum((counts - expected) ** 2 / expected))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_uniform_chi_square(seed):
    u = to_numpy(R.uniform(R.key(seed), (100_000,)))
    counts = np.bincount((u * 100).astype(int), minlength=100)
    assert _chi2(counts, 1000.0) < _CHI2_99


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_integers_and_bits_chi_square(seed):
    i = to_numpy(R.integers(R.key(seed), (100_000,), 0, 10))
    assert _chi2(np.bincount(i, minlength=10), 10_000.0) < _CHI2_9
    b = to_numpy(R.bits(R.key(seed), (100_000,)))
    for shift in (0, 8, 16, 24):  # every byte of the word
        counts = np.bincount((b >> shift) & 0xFF, minlength=256)
        assert _chi2(counts, 100_000 / 256) < _CHI2_255


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_normal_kolmogorov_smirnov(seed):
    n = 50_000
    z = np.sort(to_numpy(R.normal(R.key(seed), (n,))).astype(np.float64))
    cdf = 0.5 * (1 + np.vectorize(math.erf)(z / math.sqrt(2)))
    d = max(np.max(np.arange(1, n + 1) / n - cdf), np.max(cdf - np.arange(n) / n))
    assert d < 1.95 / math.sqrt(n)  # p = 0.001
    assert abs(z.mean()) < 0.02 and abs(z.std() - 1) < 0.02


def test_bernoulli_and_split_streams_are_independent():
    keys = to_numpy(R.split(R.key(0), 1000))
    assert len({tuple(k) for k in keys.tolist()}) == 1000
    b = to_numpy(R.bernoulli(R.key(3), 0.25, (100_000,)))
    assert abs(b.mean() - 0.25) < 4 * math.sqrt(0.25 * 0.75 / 100_000)
    # first uniforms of 1000 split keys are uniform too (no correlation through split)
    firsts = np.array([to_numpy(R.uniform(np.asarray(k, dtype=np.uint32), ())) for k in keys])
    counts = np.bincount((firsts * 10).astype(int), minlength=10)
    assert _chi2(counts, 100.0) < _CHI2_9


# -- errors -----------------------------------------------------------------------------------


def test_errors():
    k = R.key(0)
    with pytest.raises(TypeError, match=r"^key: seed must be an int"):
        R.key(1.5)
    with pytest.raises(OverflowError, match=r"^key: seed"):
        R.key(2**64)
    with pytest.raises(ValueError, match=r"^uniform: negative dimensions"):
        R.uniform(k, (2, -1))
    with pytest.raises(TypeError, match=r"^uniform: shape must"):
        R.uniform(k, "3")
    with pytest.raises(ValueError, match=r"^bits: shape .* 2\*\*32"):
        R.bits(k, (2**16, 2**16))
    with pytest.raises(TypeError, match=r"^normal: dtype must be one of float32"):
        R.normal(k, (2,), dtype=np.int32)
    with pytest.raises(ValueError, match=r"^split: a key has shape \(2,\)"):
        R.split(R.split(k, 3))
    with pytest.raises(OverflowError, match=r"^fold_in: data=-1"):
        R.fold_in(k, -1)
    with pytest.raises(ValueError, match=r"^integers: minval \(5\) must be less"):
        R.integers(k, (2,), 5, 5)
    with pytest.raises(ValueError, match=r"^integers: \[0, 300\) does not fit int8"):
        R.integers(k, (2,), 0, 300, dtype=np.int8)
    with pytest.raises(ValueError, match=r"^choice: cannot take 5 samples from 3"):
        R.choice(k, 3, (5,), replace=False)
    with pytest.raises(TypeError, match=r"^bits: expected a key"):
        R.bits([0, 1], (2,))


# -- compiled -------------------------------------------------------------------------------


def _sample(k):
    k1, k2 = R.split(k)[0], R.split(k)[1]
    return (R.uniform(k1, (64,)), R.normal(k2, (64,)), R.integers(R.fold_in(k, 3), (64,), 0, 7),
            R.bits(k2, (8,)))


@pytest.mark.parametrize("name", ["jax", "tensorflow", "torch"])
def test_compiled_equals_eager(name):
    from arraykit.ext.jit import compilation, jit

    like = _like(name)
    k = R.key(123, like=like)
    eager = [to_numpy(a) for a in _sample(k)]
    fn = jit(_sample)
    got = [to_numpy(a) for a in fn(k)]
    assert compilation(fn) in ("xla", "inductor"), compilation(fn)
    np.testing.assert_array_equal(got[0], eager[0])
    np.testing.assert_allclose(got[1], eager[1], rtol=4e-6, atol=4e-7)
    np.testing.assert_array_equal(got[2], eager[2])
    np.testing.assert_array_equal(got[3].astype(np.uint64), eager[3].astype(np.uint64))


def test_torch_compiled_draws_run_the_host_kernels():
    """Under torch.compile a CPU key's draws are one custom operator each
    (``arraykit::host_draw``, the eager host kernels when the program runs): no traced
    Threefry, whose ~115 ops per word Inductor took minutes to lower. The bits are the eager
    draws' (normal too: the host's, not the portable path's few-ulp values), also for a batch
    of keys under torch.func.vmap inside the compiled function."""
    torch = require("torch")
    if R._common._host is None:
        pytest.skip("the C extension arraykit.ext.random._host is not built")

    k = R.key(123, like=torch.zeros(1))

    def draws(key):
        k1, k2 = R.split(key)[0], R.split(key)[1]
        return (R.uniform(k1, (64,)), R.normal(k2, (3, 5)), R.bits(k2, (8,)),
                R.uniform(k1, (4,), dtype="float64"))

    eager = draws(k)
    graphs = []

    def record(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    try:
        got = torch.compile(draws, backend=record, fullgraph=True)(k)
        names = [str(n.target) for gm in graphs for n in gm.graph.nodes
                 if n.op == "call_function"]
        assert sum(n.startswith("arraykit.host_draw") for n in names) == 6, names
        assert not [n for n in names if "xor" in n], names  # Threefry's mixing op
        for a, b in zip(got, eager):
            assert a.dtype == b.dtype and torch.equal(a, b)
        keys = R.split(k, 3)
        batched = torch.compile(torch.func.vmap(lambda key: R.normal(key, (4,))),
                                fullgraph=True)(keys)
        assert torch.equal(batched, torch.stack([R.normal(keys[i], (4,)) for i in range(3)]))
    finally:
        torch._dynamo.reset()


@pytest.mark.parametrize("dynamo_first", [False, True])
def test_torch_compile_of_a_process_first_arraykit_calls(dynamo_first):
    """A function compiled with ``torch.compile(fullgraph=True)`` whose trace makes the
    process's first arraykit calls for torch tensors (a namespace, a key, a draw, an nd
    gather): those calls import modules and register an operator, which TorchDynamo cannot
    trace, so arraykit makes them for real when Dynamo starts compiling a frame (whether
    ``torch._dynamo`` was loaded before arraykit or after). The program gives the eager
    values. Before that, the trace raised Dynamo's "import_module" error."""
    require("torch")
    code = (
        ("import torch._dynamo\n" if dynamo_first else "")
        + "import arraykit, torch\n"
        "from arraykit.ext import nd, random as R\n"
        "def f(x, i):\n"
        "    xp = arraykit.array_namespace(x)\n"
        "    k = R.key(1, like=x)\n"
        "    return xp.sum(nd.gather_nd(x, i) + R.normal(k, (2,)))\n"
        "x, i = torch.arange(12.0).reshape(3, 4), torch.tensor([[0, 1], [2, 3]])\n"
        "out = torch.compile(f, fullgraph=True, backend='eager')(x, i)\n"
        "print(torch.equal(out, f(x, i)))\n"
    )
    assert run_fresh(code).strip() == "True"


# -- the host path (arraykit/ext/random/_host.c) ---------------------------------------------

#: The backends whose eager CPU keys draw on the host.
HOST_BACKENDS = ["numpy", "torch", "mlx", "paddle", "tensorflow", "mxnet"]


def _draws(k):
    ks = R.split(k, 3)
    return (R.bits(ks[0], (5, 7)), R.split(ks[1], (2, 3)), R.fold_in(k, 2**32 - 1),
            R.uniform(ks[2], (300,)), R.uniform(ks[2], (4,), minval=-2.0, maxval=3.0),
            R.uniform(ks[2], (3, 7), dtype="float64"),  # a stream: its second half unaligned
            R.integers(ks[0], (50,), -5, 9), R.permutation(ks[1], 40), R.bits(ks[1], ()),
            R.normal(ks[2], (2, 0, 3)), R.normal(ks[2], (3, 700)))


@pytest.mark.backends(*HOST_BACKENDS, reason="the backends with a host path")
def test_host_path_equals_portable_path(like, backend, monkeypatch):
    from arraykit.ext.random import _common

    if _common._host is None:
        pytest.skip("the optional C extension arraykit.ext.random._host is not built")
    calls = []
    for name in ("stream", "bits", "unit", "normal"):
        kernel = getattr(_common._host, name)
        monkeypatch.setattr(_common._host, name,
                            lambda *a, _k=kernel, _n=name: (calls.append(_n), _k(*a))[1])
    k = R.key(2**40 + 3, like=like)
    host = [to_numpy(a) for a in _draws(k)]
    assert set(calls) == {"stream", "bits", "unit", "normal"}, calls  # the host path ran
    monkeypatch.setattr(_common, "_host", None)
    portable = [to_numpy(a) for a in _draws(k)]
    for h, p in zip(host[:-2], portable[:-2]):
        assert h.dtype == p.dtype and h.shape == p.shape
        np.testing.assert_array_equal(h, p)
    for h, p in zip(host[-2:], portable[-2:]):  # log1p and sqrt: C's against the framework's
        assert h.dtype == p.dtype == np.float32 and h.shape == p.shape
        np.testing.assert_allclose(h, p, rtol=4e-6, atol=4e-7)


def _host_module():
    from arraykit.ext.random import _common

    if _common._host is None:
        pytest.skip("the optional C extension arraykit.ext.random._host is not built")
    return _common._host


def test_host_kernels_equal_the_c_loops():
    """The SIMD kernels (AVX2's, and AVX-512's normal: picked by the CPU, ``_host.SIMD``) give
    the portable C loops' bits (``baseline=True``): every size up to past two 64-draw steps and
    one 128-draw step (the tails), sizes about the AVX-512 normal's threshold (1,024 samples)
    with their tails, large draws, keys with high bits set."""
    host = _host_module()
    assert host.SIMD in ("avx512", "avx2", "")
    kernels = (("stream", np.uint32, 2), ("bits", np.uint32, 1), ("unit", np.float32, 1),
               ("normal", np.float32, 1))
    for k0, k1 in ((0, 0), (0, 42), (2**32 - 1, 12345), (0x9E3779B9, 0x7F4A7C15)):
        for n in [*range(150), 1023, 1024, 1025, 1151, 1153, 40960, 100003]:
            for name, dtype, per_draw in kernels:
                fast, loops = np.empty(n * per_draw, dtype), np.empty(n * per_draw, dtype)
                getattr(host, name)(k0, k1, fast)
                getattr(host, name)(k0, k1, loops, True)
                assert fast.tobytes() == loops.tobytes(), (name, k0, k1, n)


def test_host_normal_values_are_pinned():
    """The host normal's float32 values, byte for byte as the C file gave them at 6eead3b
    (before its AVX2 kernels): a faster kernel must not change a user's numbers."""
    _host_module()
    digest = hashlib.sha256()
    for seed in (0, 1, 2**40 + 3):
        digest.update(np.asarray(R.normal(R.key(seed), (40973,))).tobytes())
    assert digest.hexdigest() == (
        "de597a992fd86e718565a7b64b3ec84b1b93078b8af786fb12bc4f0d518b3ab3")


def test_host_path_not_taken_for_mlx_tracers():
    mx = require("mlx.core")
    from arraykit.ext.random import _common

    k = R.key(7, like=mx.zeros(1))
    eager = to_numpy(R.normal(k, (64,)))
    compiled = to_numpy(mx.compile(lambda key: R.normal(key, (64,)))(k))  # key is a tracer here
    np.testing.assert_allclose(compiled, eager, rtol=4e-6, atol=4e-7)
    impl = R._impl("normal", k)
    assert impl.host_key(k) == (0, 7)
    assert mx.compile(lambda key: mx.array(impl.host_key(key) is None))(k).item()
    assert isinstance(impl, _common.Portable)


def test_host_path_not_taken_under_torch_compile_or_vmap():
    torch = require("torch")

    k = R.key(7, like=torch.zeros(1))
    impl = R._impl("normal", k)
    assert impl.host_key(k) == (0, 7)
    seen = []

    def probe(key):
        seen.append(impl.host_key(key))
        return key * 1

    torch.func.vmap(probe)(R.split(k, 2))  # batched keys: functorch-wrapped
    torch.compile(probe, backend="eager", fullgraph=False)(k)
    assert seen == [None, None], seen


def test_host_path_not_taken_inside_tf_function():
    tf = require("tensorflow")

    k = R.key(7, like=tf.zeros(1))
    impl = R._impl("normal", k)
    assert impl.host_key(k) == (0, 7)
    seen = []

    def sample(key):
        seen.append((impl.host_key(key), impl.host_key(k)))  # an argument, a captured key
        return R.normal(key, (64,)), R.uniform(k, (5,)), R.split(key, 3), R.bits(k, (2, 2))

    eager = [a.numpy() for a in sample(k)]
    assert seen.pop() == ((0, 7), (0, 7))
    for jit_compile in (False, True):
        # autograph off, as arraykit.ext.jit runs it (with autograph on, full runs of this
        # file twice saw autograph call another arraykit TF function: not yet explained)
        fn = tf.function(sample, jit_compile=jit_compile, autograph=False)
        traced = [a.numpy() for a in fn(k)]
        # a symbolic key: the portable program; an eager key captured while a graph is
        # built: the graph fixes its value, so its draws are host draws folded into constants
        assert seen.pop() == (None, (0, 7))
        np.testing.assert_allclose(traced[0], eager[0], rtol=4e-6, atol=4e-7)
        for t, e in zip(traced[1:], eager[1:]):
            assert t.dtype == e.dtype and t.shape == e.shape
            np.testing.assert_array_equal(t, e)


def test_tf_graph_draws_are_one_xla_program_each():
    """In a TF graph (a tf.function without XLA: arraykit's jit falls back to one where XLA
    cannot compile the whole function) Threefry and normal are each one XLA program that the
    graph calls, not ~115-500 graph ops that TF's executor runs one pass at a time (1.7 ms of
    one thread for 40960 normals, 6x tf.random.stateless_normal); the bits are jax's."""
    tf = require("tensorflow")

    k = R.key(11, like=tf.zeros(1))

    def sample(key):
        return R.normal(key, (4, 5)), R.bits(key, (7,)), R.uniform(key, (3,)), R.split(key, 2)

    eager = [a.numpy() for a in sample(k)]
    fn = tf.function(sample, autograph=False)
    graph = fn.get_concrete_function(tf.TensorSpec((2,), tf.uint32)).graph
    kinds = [op.type for op in graph.get_operations() if op.type != "Const"]
    assert kinds.count("PartitionedCall") == 4, kinds  # one program per draw
    # what is left: slicing the key, the counter, bits' xor, unit's shift and scale (30 ops)
    assert len(kinds) <= 40 and not {"LeftShift", "SelectV2", "Log1p"} & set(kinds), kinds
    traced = [a.numpy() for a in fn(k)]
    np.testing.assert_allclose(traced[0], eager[0], rtol=4e-6, atol=4e-7)
    for t, e in zip(traced[1:], eager[1:]):
        assert t.dtype == e.dtype and t.shape == e.shape
        np.testing.assert_array_equal(t, e)


def test_tf_graph_draw_from_a_key_the_graph_fixes_is_a_constant(monkeypatch):
    """A key the graph fixes (``key(seed)`` built in the graph, or an eager key captured from
    outside) draws while the graph is traced: each draw is a Const of the graph, the eager
    draw bit for bit, as Grappler folds TF's own stateless_normal with a constant seed (the
    rollouts workload's noise cost 0.4 ms a call as an XLA program: +22% of the cell). A key
    the graph does not fix, or a draw over FOLD_BYTES, runs the program as before."""
    tf = require("tensorflow")
    from arraykit.ext.random import _common, _tensorflow

    if _common._host is None:
        pytest.skip("the optional C extension arraykit.ext.random._host is not built")
    outside = R.key(7, like=tf.zeros(1))

    def sample(x, key):
        return (R.normal(key, (4, 5)), R.bits(key, (7,)), R.uniform(key, (3,)), R.split(key, 2),
                R.uniform(key, (2, 3), dtype="float64"))

    def inside(x):
        return sample(x, R.key(11, like=x))

    x = tf.zeros(1)
    for fn, key in ((inside, R.key(11, like=x)), (lambda x: sample(x, outside), outside)):
        eager = [a.numpy() for a in sample(x, key)]
        for jit_compile in (False, True):
            f = tf.function(fn, jit_compile=jit_compile, autograph=False)
            graph = f.get_concrete_function(tf.TensorSpec((1,), tf.float32)).graph
            kinds = {op.type for op in graph.get_operations()}
            assert "PartitionedCall" not in kinds and "Log1p" not in kinds, kinds
            for t, e in zip(f(x), eager):
                assert t.dtype == e.dtype and t.shape == e.shape
                np.testing.assert_array_equal(t.numpy(), e)
    # A key the graph does not fix, and a draw beyond the limit: the XLA program.
    arg = tf.function(lambda k: R.normal(k, (4, 5)), autograph=False)
    graph = arg.get_concrete_function(tf.TensorSpec((2,), tf.uint32)).graph
    assert "PartitionedCall" in {op.type for op in graph.get_operations()}
    monkeypatch.setattr(_tensorflow, "FOLD_BYTES", 4 * 19)
    big = tf.function(lambda x: R.normal(R.key(11, like=x), (4, 5)), autograph=False)
    graph = big.get_concrete_function(tf.TensorSpec((1,), tf.float32)).graph
    assert "PartitionedCall" in {op.type for op in graph.get_operations()}
    np.testing.assert_allclose(big(x).numpy(), R.normal(R.key(11, like=x), (4, 5)).numpy(),
                               rtol=4e-6, atol=4e-7)


def test_tf_host_path_kept_when_first_drawn_in_a_graph():
    """TF's implementation built while a graph is traced (a process whose first draw is
    inside tf.function) still sends eager CPU keys to the host: it took a symbolic tensor's
    type for EagerTensor's there, and every later eager draw ran the portable ops."""
    tf = require("tensorflow")
    from arraykit.ext.random import _tensorflow

    k = R.key(3, like=tf.zeros(1))
    impls = []
    tf.function(lambda: impls.append(_tensorflow.Impl(R._impl("key", k).xp, None)) or
                tf.zeros(1), autograph=False)()
    assert impls[0].host_key(k) == (0, 3)


def test_host_path_for_mxnet_ndarrays_only():
    mx = require("mxnet")
    mx.npx.set_np()

    k = R.key(7, like=mx.np.zeros(1))
    impl = R._impl("normal", k)
    assert impl.host_key(k) == (0, 7)
    with mx.autograd.record():  # recording changes nothing: keys and draws carry no gradient
        recorded = R.normal(k, (64,)).asnumpy()
    np.testing.assert_array_equal(recorded, R.normal(k, (64,)).asnumpy())
    seen = []

    class Probe(mx.gluon.HybridBlock):
        def hybrid_forward(self, F, key):  # noqa: N803  (gluon's signature)
            seen.append(impl.host_key(key))
            return key * 1

    block = Probe()
    block.hybridize()
    np.testing.assert_array_equal(block(k).asnumpy(), k.asnumpy())
    assert seen == [None], seen  # a hybridized block sees a Symbol


if __name__ == "__main__":  # write VECTORS from jax.random (main environment)
    import jax as _jax_module

    np.savez_compressed(VECTORS, **{
        _case(fn, seed, *args, **kwargs): _jax_random(_jax_module, fn, seed, *args, **dict(kwargs))
        for (fn, seed, *args), kwargs in reference_calls()})
    print(f"{VECTORS}: {len(reference_calls())} vectors, {VECTORS.stat().st_size} bytes")  # noqa: T201


def test_jax_key_inside_a_trace_is_jax_own_seed_op():
    """Inside a jax trace, key(seed) for a seed in [0, 2**31) is jax's own random_seed (what
    jax.random.PRNGKey(seed) in a jitted function makes), so the optimised program of a
    function drawing from it is the native one (the HLO of a captured constant key differs
    in the order of its constants); the words are key(seed)'s eager ones for every seed,
    traced or not, and other seeds keep the constant."""
    jax = require("jax")
    jnp = require("jax.numpy")
    x = jnp.zeros((3, 4), jnp.float32)

    def ours(a):
        return R.normal(R.key(0, like=a), (2, 3, 4), dtype=jnp.float32) + a

    def native(a):
        return jax.random.normal(jax.random.PRNGKey(0), (2, 3, 4), jnp.float32) + a

    assert str(jax.make_jaxpr(ours)(x)) == str(jax.make_jaxpr(native)(x))
    a_hlo = jax.jit(ours).lower(x).compile().as_text().split("ENTRY", 1)[1]
    b_hlo = jax.jit(native).lower(x).compile().as_text().split("ENTRY", 1)[1]
    strip = lambda t: [ln.split("metadata=")[0].split(" = ", 1)[-1] for ln in t.splitlines()]  # noqa: E731
    assert strip(a_hlo) == strip(b_hlo)
    for seed in (0, 1, 12345, 2**31 - 1, 2**31, 2**32 + 5, -1, -(2**31), 2**63, 2**64 - 1):
        eager = np.asarray(R.key(seed, like=x))
        traced = np.asarray(jax.jit(lambda a, s=seed: R.key(s, like=a))(x))
        assert eager.tolist() == traced.tolist() == [(seed >> 32) & 0xFFFFFFFF,
                                                     seed & 0xFFFFFFFF]
        jaxpr = str(jax.make_jaxpr(lambda a, s=seed: R.key(s, like=a))(x))
        assert ("random_seed" in jaxpr) == (0 <= seed < 2**31)
