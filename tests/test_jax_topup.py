"""The 2025.12 top-up over jax.numpy: the differences, native arrays, tracers."""

import pytest
from frameworks import require

jax = require("jax")
jnp = require("jax.numpy")

import arraykit


@pytest.fixture
def xp():
    return arraykit.array_namespace(jnp.ones(2))


def _entered(run):
    """``run()`` under ``sys.setprofile``: (its result, (file name with /, code name) of each
    Python frame it entered, run's own frame left out)."""
    import sys

    entered = []

    def profile(frame, event, arg):
        if event == "call":
            entered.append((frame.f_code.co_filename.replace("\\", "/"), frame.f_code.co_name))

    sys.setprofile(profile)
    try:
        return run(), entered[1:]
    finally:
        sys.setprofile(None)


def test_jax_namespace_is_the_topup(xp):
    assert xp.__name__ == "arraykit.shims.jax"
    assert xp.__array_api_version__ == "2025.12"
    # Everything not topped up is jax's own object, wrapped for the standard's exceptions
    # (_errors: the original is __wrapped__).
    assert xp.add.__wrapped__ is jnp.add
    assert arraykit.is_jax_namespace(xp)


def test_tuples_in_2025_12(xp):
    a, b = jnp.ones(2), jnp.ones((3, 1))
    assert isinstance(xp.broadcast_arrays(a, b), tuple)
    assert isinstance(xp.meshgrid(a, a), tuple)
    assert isinstance(xp.__array_namespace_info__().devices(), tuple)
    assert all(d is not None for d in xp.__array_namespace_info__().devices())


def test_new_2025_12_functions(xp):
    assert xp.broadcast_shapes((2, 1), (1, 3)) == (2, 3)
    assert xp.isin(jnp.asarray([1, 2, 3]), jnp.asarray([2])).tolist() == [False, True, False]
    assert xp.expand_dims(jnp.ones(2), axis=(0, 2)).shape == (1, 2, 1)
    w = xp.linalg.eigvals(jnp.asarray([[2.0, 0.0], [0.0, 3.0]]))
    assert sorted(w.real.tolist()) == [2.0, 3.0]


def test_permute_dims_negative_axes(xp):
    x = jnp.ones((2, 3, 4))
    assert xp.permute_dims(x, (-1, 0, -2)).shape == (4, 2, 3)
    with pytest.raises(ValueError, match="permute_dims: axis 3 is out of bounds"):
        xp.permute_dims(x, (3, 0, 1))


def test_works_on_tracers(xp):
    def f(x):
        ns = arraykit.array_namespace(x)
        assert arraykit.is_lazy_array(x)
        return ns.sum(ns.permute_dims(x, (-1, 0)) ** 2)

    x = jnp.arange(6.0).reshape(2, 3)
    assert float(jax.jit(f)(x)) == float(jnp.sum(x**2))
    assert jax.grad(f)(x).shape == (2, 3)
    assert not arraykit.is_lazy_array(x)


def test_expand_dims_errors_follow_the_spec(xp):
    with pytest.raises(IndexError, match="expand_dims: axis -3 is out of bounds"):
        xp.expand_dims(jnp.ones(3), axis=-3)
    with pytest.raises(ValueError, match="repeated axis"):
        xp.expand_dims(jnp.ones(3), axis=(0, -3))
    assert xp.expand_dims(jnp.ones(3), axis=-1).shape == (3, 1)


def test_dtypes_follow_the_spec(xp):
    index = jnp.asarray(0).dtype  # int32, or int64 in x64 mode
    assert xp.searchsorted(jnp.arange(3), 1).dtype == index
    empty = jnp.ones((0,), dtype=jnp.uint8)
    assert jnp.dtype(xp.cumulative_prod(empty).dtype).itemsize == jnp.dtype(index).itemsize
    assert jnp.dtype(xp.cumulative_prod(empty).dtype).kind == "u"
    info = xp.finfo(jnp.float32)
    assert type(info.eps) is float and type(info.max) is float and info.bits == 32


def test_all_any_see_the_imaginary_part(xp):
    z = jnp.asarray([0.5j, 1.0 + 0j])
    assert bool(xp.all(z)) and bool(xp.any(jnp.asarray([0j, 0.5j])))
    assert not bool(xp.any(jnp.asarray([0j, 0j])))
    assert xp.all(jnp.ones((2, 3)), axis=1, keepdims=True).shape == (2, 1)


def test_composites_run_as_one_program_with_jax_values(xp):
    # vector_norm / vecdot / matrix_transpose are jax's functions under jax.jit: same values,
    # lists of axes accepted, gradients and tracing unchanged.
    x = jnp.asarray([[3.0, -4.0, 1.0], [0.5, 2.0, -2.0]])
    for order in (1, 2, 3, 0, float("inf"), -float("inf")):
        for axis in (None, 0, -1, (0, 1), [1, 0]):
            want = jnp.linalg.vector_norm(x, axis=tuple(axis) if isinstance(axis, list) else axis,
                                          ord=order, keepdims=True)
            got = xp.linalg.vector_norm(x, axis=axis, ord=order, keepdims=True)
            assert got.shape == want.shape and jnp.allclose(got, want, rtol=1e-6)
    assert jnp.array_equal(xp.vecdot(x, x, axis=0), jnp.vecdot(x, x, axis=0))
    assert xp.linalg.vecdot is xp.vecdot and xp.linalg.matrix_transpose is xp.matrix_transpose
    assert xp.matrix_transpose(x).shape == (3, 2)
    g = jax.grad(xp.linalg.vector_norm)(x)
    assert jnp.allclose(g, x / jnp.linalg.vector_norm(x))
    with pytest.raises(ValueError, match="axis 5 is out of bounds"):
        xp.linalg.vector_norm(x, axis=5)


# --- special values (issue 13): the shared rules bound to jax, eager and under jax.jit ----------

np = require("numpy")
_inf, _nan = float("inf"), float("nan")


def _eager_and_jitted(f):
    return (f, jax.jit(f))


def _same(got, want):
    """Equal values (NaN at the same places) and, for real zeros, the same sign."""
    got, want = np.asarray(got), np.asarray(want)
    np.testing.assert_array_equal(got, want)
    if got.dtype.kind == "f":
        zero = want == 0
        assert (np.signbit(got[zero]) == np.signbit(want[zero])).all(), (got, want)



@pytest.mark.parametrize("fname", ["acos", "acosh", "asinh", "atanh", "cosh", "exp", "log",
                                   "log1p", "sinh", "sqrt", "tanh"])
def test_complex_special_values_are_numpys(xp, fname):
    # NumPy follows C99 Annex G at these points; XLA's kernels gave NaN + NaN j at each.
    points = {
        "acos": [complex(0, _nan), complex(5, _nan)],
        "acosh": [complex(0, _nan), complex(5, _nan)],
        "asinh": [complex(_nan, 0), complex(_nan, 5)],
        "atanh": [complex(1, _nan), complex(_inf, _nan), complex(_nan, 1), complex(_nan, _nan)],
        "cosh": [complex(0, _inf), complex(_inf, _inf), complex(_inf, _nan)],
        "exp": [complex(_inf, _inf), complex(_inf, _nan), complex(-_inf, _inf)],
        "log": [complex(_inf, _nan), complex(-_inf, _nan), complex(_nan, _inf)],
        "log1p": [complex(_inf, _nan), complex(_nan, _inf)],
        "sinh": [complex(0, _inf), complex(_inf, _inf), complex(_inf, _nan)],
        "sqrt": [complex(_inf, _nan), complex(-_inf, _nan)],
        "tanh": [complex(0, _inf), complex(0, _nan)],
    }[fname] + [complex(0.5, -2.0), complex(-3.0, 0.25)]  # ordinary values unchanged
    with np.errstate(all="ignore"):
        want = getattr(np, fname)(np.asarray(points, dtype=np.complex128))
    for dtype in ("complex64", "complex128"):
        with jax.enable_x64(dtype == "complex128"):
            for f in _eager_and_jitted(getattr(xp, fname)):
                got = np.asarray(f(jnp.asarray(points, dtype=dtype)))
                for part in (np.real, np.imag):  # NaN, infinities (up to unspecified signs)
                    g, w = part(got), part(want)
                    np.testing.assert_array_equal(np.isnan(g), np.isnan(w))
                    np.testing.assert_array_equal(np.abs(g[np.isinf(w)]), np.inf)
                    ok = np.isfinite(w)
                    np.testing.assert_allclose(g[ok], w[ok], rtol=1e-5)


def test_expm1_and_sign_special_values(xp):
    # NumPy's complex expm1 misses these too: the standard's values (C99 Annex G) are given.
    z = jnp.asarray([complex(_inf, _inf), complex(-_inf, _inf), complex(-_inf, _nan)],
                    dtype=jnp.complex64)
    for f in _eager_and_jitted(xp.expm1):
        got = np.asarray(f(z))
        assert np.isinf(got[0].real) and np.isnan(got[0].imag)
        assert got[1].real == -1 and got[1].imag == 0 and got[2].real == -1
    for f in _eager_and_jitted(xp.sign):
        _same(f(jnp.asarray([-0.0, 0.0, -2.5, _nan])), np.sign([-0.0, 0.0, -2.5, _nan]) + 0.0)
        s = np.asarray(f(jnp.asarray([complex(-0.0, -0.0), 3j], dtype=jnp.complex64)))
        assert not np.signbit(s.real).any() and not np.signbit(s.imag[0])
    assert xp.sign(jnp.asarray([-3, 0, 2])).tolist() == [-1, 0, 1]


def test_floor_divide_and_remainder_special_values(xp):
    x1 = np.asarray([-3.0, 3.0, _inf, -_inf, -0.0, -0.0, 0.0, 1.0, 7.0, -7.0], np.float32)
    x2 = np.asarray([_inf, -_inf, 2.0, -2.0, 2.0, -2.0, -2.0, 0.1, -2.0, 2.0], np.float32)
    with np.errstate(all="ignore"):
        # floor(x1 / x2) is the standard's value where an operand is infinite (NumPy: NaN, -1)
        want = np.where(np.isinf(x1) | np.isinf(x2), np.floor(x1 / x2), np.floor_divide(x1, x2))
        want_mod = np.remainder(x1[4:], x2[4:])  # zeros with the divisor's sign
    for f in _eager_and_jitted(xp.floor_divide):
        _same(f(jnp.asarray(x1), jnp.asarray(x2)), want)
    for f in _eager_and_jitted(xp.remainder):
        _same(f(jnp.asarray(x1[4:]), jnp.asarray(x2[4:])), want_mod)
    _same(xp.floor_divide(jnp.asarray([-0.0, _inf]), 2.0), [-0.0, _inf])  # Python scalars
    _same(xp.remainder(0.0, jnp.asarray([-1.0])), [-0.0])
    assert xp.floor_divide(jnp.asarray([7, -7]), 2).tolist() == [3, -4]  # integers: jax's own
    assert jax.grad(lambda v: xp.remainder(v, 3.0))(2.0) == 1.0


def test_array_object_opt_in_operators_and_dlpack(xp):
    x, y = jnp.asarray([_inf, -0.0, 5.0]), jnp.asarray([2.0, 2.0, -3.0])
    assert bool(jnp.isnan((x // y)[0]))  # jax's own operator
    xp.enable_array_object()
    try:
        assert xp.array_object_enabled()
        _same(x // y, xp.floor_divide(x, y))
        _same(x % -y, xp.remainder(x, -y))
        _same(2.0 // x, xp.floor_divide(2.0, x))
        _same(jax.jit(lambda a, b: a // b)(x, y), xp.floor_divide(x, y))
        _same(jax.vmap(lambda a, b: a % b)(x, -y), xp.remainder(x, -y))
        z = x
        z //= y
        _same(z, xp.floor_divide(x, y))
        assert (jnp.asarray([7, -7]) // 2).tolist() == [3, -4]
        with pytest.raises(TypeError):
            x // "a"
        assert np.from_dlpack(x).tolist()[1:] == [0.0, 5.0]
        x.__dlpack__(max_version=(0, 0))  # the suite's request; jax itself raises BufferError
    finally:
        xp.disable_array_object()
    assert not xp.array_object_enabled() and bool(jnp.isnan((x // y)[0]))
    with pytest.raises(BufferError):
        x.__dlpack__(max_version=(0, 0))


def test_isin_python_int_beyond_int64(xp):
    with jax.enable_x64(True):
        a = jnp.asarray([1, 2**63 + 5], dtype=jnp.uint64)
        want = np.isin(np.asarray(a), 2**63 + 5)
        assert xp.isin(a, 2**63 + 5).tolist() == want.tolist() == [False, True]
        assert bool(xp.isin(2**63 + 5, a)) and not bool(xp.isin(2**63 + 6, a))
        assert xp.isin(a, 1, invert=True).tolist() == [False, True]


def test_python_ints_past_the_integer_dtype_raise_not_wrap(xp):
    """With x64 off jax's int64 is int32, and it wraps a Python int past it silently
    (``full(3, 2**32 + 1)`` was ``[1, 1, 1]``, ``arange(0, 3 * (2**32 + 1), 2**32 + 1)``
    ``[0, 1, 2]``): NumPy's OverflowError naming the function. With x64 on, held."""
    b = 2**32 + 1
    with jax.enable_x64(False):
        for call in (lambda: xp.full(3, b), lambda: xp.full(3, b, dtype=xp.int64),
                     lambda: xp.full(2, -(2**31) - 1),
                     lambda: xp.full_like(xp.ones(2, dtype=xp.int32), b),
                     lambda: xp.arange(b, b + 3), lambda: xp.arange(0, 3 * b, b),
                     lambda: xp.arange(2**31, 2**31 + 2, dtype=xp.int64)):
            with pytest.raises(OverflowError, match=r"^(full|full_like|arange): Python int"):
                call()
        assert xp.full(2, 2**31 - 1).tolist() == [2**31 - 1] * 2
        assert xp.arange(2**31 - 2, 2**31).tolist() == [2**31 - 2, 2**31 - 1]
        assert float(xp.full(1, b, dtype=xp.float32)[0]) == float(np.float32(b))
    with jax.enable_x64(True):
        assert xp.full(3, b).tolist() == [b] * 3
        assert xp.arange(0, 3 * b, b).tolist() == [0, b, 2 * b]
    with pytest.raises(OverflowError, match="full"):  # as NumPy's full
        xp.full(2, 300, dtype=xp.uint8)


def test_opt_in_getitem_raises_for_an_out_of_bounds_int(xp):
    """With the opt-in, a concrete array's ``x[i]`` is NumPy's IndexError (jax clamps: x[10]
    of 3 elements would read x[2]); tracers and array indices keep jax's clamp."""
    x = jnp.arange(6.0).reshape(2, 3)
    assert float(x[5, 0]) == 3.0  # jax's clamp, before the opt-in
    xp.enable_array_object()
    try:
        for key in (10, -3, (0, 3), (None, 2), (slice(None), -4)):
            with pytest.raises(IndexError, match="out of bounds"):
                x[key]
        np.testing.assert_array_equal(x[1, -3], 3.0)
        np.testing.assert_array_equal(x[None, 1], np.arange(3.0, 6.0)[None])
        np.testing.assert_array_equal(x[..., 2], [2.0, 5.0])
        assert float(jax.jit(lambda a: a[1, 5])(x)) == 5.0  # traced: jax's clamp
    finally:
        xp.disable_array_object()
    assert float(x[10, 0]) == 3.0


def test_complex_atanh_next_to_one_is_finite_as_numpy(xp):
    # XLA's kernel overflowed there (1 + 1e-200j gave inf + 0.785j; array-api-tests drew it).
    import numpy as np

    v = np.asarray([1 + 2.69035206e-249j, 1 + 1e-200j, -1 - 1e-300j, 1 + 0j, -1 + 0j,
                    0.5 + 0.5j, 4.98369863e16 - 3.93387864e153j, 1.9 - 2.38858890e-238j])
    for dtype in ("complex64", "complex128"):
        x = xp.asarray(v.astype(dtype))  # complex64 where x64 is off
        np.testing.assert_allclose(np.asarray(xp.atanh(x)), np.arctanh(np.asarray(x)),
                                   rtol=1e-5)


def _same_array(a, b):
    assert type(a) is type(b)
    assert a.aval == b.aval and a.aval.weak_type == b.aval.weak_type  # shape, dtype, weak type
    assert a.committed == b.committed and a.sharding == b.sharding
    assert a.tobytes() == b.tobytes()


@pytest.mark.parametrize("call", [
    ("arange", (5,), {}), ("arange", (2, 9, 3), {}), ("arange", (0.5, 3.0), {}),
    ("arange", (4,), {"dtype": "float32"}), ("arange", (-3,), {}), ("arange", (3, 1, -1), {}),
    ("zeros", ((2, 3),), {}), ("zeros", (4,), {"dtype": "int8"}), ("zeros", ((0, 2),), {}),
    ("ones", ((3,),), {"dtype": "bool"}), ("ones", ((),), {}),
    ("eye", (3,), {}), ("eye", (2, 4), {"k": 1, "dtype": "float32"}),
])
def test_device_keyword_makes_jax_own_array(xp, call):
    """arange/zeros/ones/eye with device= build on the default device and mark the array
    committed there (jax's own device_put costs ~100 us a call): the result must be jax's
    own call's, whole, eagerly and under jit (shape, dtype, weak type, committed, sharding,
    bytes); a sharding for a device keyword and a second device take jax's own call."""
    name, args, kwargs = call
    kwargs = {k: getattr(jnp, v) if isinstance(v, str) else v for k, v in kwargs.items()}
    for device in jax.devices()[:2] + [jax.sharding.SingleDeviceSharding(jax.devices()[0])]:
        _same_array(getattr(xp, name)(*args, device=device, **kwargs),
                    getattr(jnp, name)(*args, device=device, **kwargs))
        _same_array(getattr(xp, name)(*args, **kwargs), getattr(jnp, name)(*args, **kwargs))
    device = jax.devices()[0]
    ours = jax.jit(lambda: getattr(xp, name)(*args, device=device, **kwargs))
    theirs = jax.jit(lambda: getattr(jnp, name)(*args, device=device, **kwargs))
    assert str(jax.make_jaxpr(ours)()) == str(jax.make_jaxpr(theirs)())
    _same_array(ours(), theirs())


def test_device_keyword_on_the_default_device_skips_device_put(xp, monkeypatch):
    """The path above is taken: no jax.device_put (~100 us) for the default device."""
    from jax._src import api

    calls = []
    real = api.device_put
    monkeypatch.setattr(api, "device_put", lambda *a, **k: calls.append(a) or real(*a, **k))
    device = jax.devices()[0]
    assert jnp.arange(3, device=device).committed and calls  # jax's own call does put
    calls.clear()
    for made in (xp.arange(3, device=device), xp.zeros(3, device=device),
                 xp.ones((2, 2), device=device), xp.eye(2, device=device)):
        assert made.committed and made.device == device
    assert calls == []


def _like_inputs():
    import numpy as np

    device = jax.devices()[0]
    base = [np.arange(6, dtype=np.float32).reshape(2, 3), np.arange(4), np.asarray(2.0),
            np.ones((0, 2), bool), np.asarray([1 + 2j], np.complex64), np.asarray(3, np.int8)]
    xs = [made for b in base for made in (jnp.asarray(b), jnp.asarray(b, device=device))]
    # weakly typed, uncommitted and committed (jax gives the latter an uncommitted result)
    return xs + [jnp.asarray(2.0), jax.device_put(jnp.asarray(2), device)]


@pytest.mark.parametrize(("name", "args"), [("zeros_like", ()), ("ones_like", ()),
                                        ("empty_like", ()), ("full_like", (3,)),
                                        ("full_like", (2.5,))])
def test_like_functions_make_jax_own_array(xp, name, args):
    """zeros_like/ones_like/empty_like (one jitted program) and, for a committed input with a
    dtype, jax's own call on an uncommitted twin: the result must be jax's own call's, whole
    (shape, dtype, weak type, committed, sharding, bytes), for committed, uncommitted and
    weakly typed input, with and without dtype and device; under jit the same jaxpr."""
    for x in _like_inputs():
        for dtype in (None, jnp.float32, jnp.int32, jnp.bool_):
            for device in (None, jax.devices()[0]):
                _same_array(getattr(xp, name)(x, *args, dtype=dtype, device=device),
                            getattr(jnp, name)(x, *args, dtype=dtype, device=device))
        ours = jax.make_jaxpr(lambda y: getattr(xp, name)(y, *args))(x)
        assert str(ours) == str(jax.make_jaxpr(lambda y: getattr(jnp, name)(y, *args))(x))
        closed = jax.make_jaxpr(lambda x=x: getattr(xp, name)(x, *args))()
        assert str(closed) == str(jax.make_jaxpr(lambda x=x: getattr(jnp, name)(x, *args))())


def test_like_functions_skip_jax_eager_paths(xp, monkeypatch):
    """The paths above are taken: no make_array_from_callback (~100 us: jax's path for a
    committed input) and no eager broadcast primitive (~100 us of Python a call)."""
    from jax._src import array
    from jax._src.lax import lax

    x = jnp.asarray([1.0, 2.0], device=jax.devices()[0])
    y = jnp.asarray([1.0, 2.0])
    for f in (xp.zeros_like, xp.ones_like, xp.empty_like):  # compiled before counting
        f(x), f(y)
    calls = []
    real_callback, real_impl = array.make_array_from_callback, lax.broadcast_in_dim_p.impl
    monkeypatch.setattr(array, "make_array_from_callback",
                        lambda *a, **k: calls.append("callback") or real_callback(*a, **k))
    monkeypatch.setattr(lax.broadcast_in_dim_p, "impl",
                        lambda *a, **k: calls.append("broadcast") or real_impl(*a, **k))
    assert jnp.ones_like(x).committed and sorted(calls) == ["broadcast", "callback"]  # jax's
    calls.clear()
    for f in (xp.zeros_like, xp.ones_like, xp.empty_like):
        assert f(x).committed and not f(y).committed
    assert xp.full_like(x, 2.0, dtype=jnp.float32).committed
    assert calls == ["broadcast"]  # full_like's own broadcast, on the uncommitted twin


def test_take_bounds_read_once_per_index_array(xp, monkeypatch):
    """take's eager bounds check reads concrete indices on the host once per index array
    (jax arrays are immutable: _errors._EXTREMES), short ones with Python's min/max: the same
    IndexError for every out-of-range entry, short and long, negative and too large, again
    on a second call, and traced indices keep jax's fill."""
    import numpy as np

    from arraykit.shims.jax import _errors

    x = jnp.arange(10.0)
    for values in ([0, 9, -10, 3], [10, 1], [-11], list(range(-10, 10)) * 10,
                   list(range(100)), [-11] + [0] * 99):
        i = jnp.asarray(values)
        bad = not all(-10 <= v < 10 for v in values)
        for _ in range(2):
            if bad:
                with pytest.raises(IndexError, match="take"):
                    xp.take(x, i)
            else:
                assert np.array_equal(xp.take(x, i), np.take(np.arange(10.0), values))
    assert jnp.isnan(jax.jit(lambda j: xp.take(x, j))(jnp.asarray([10]))).all()
    reads = []

    class _Counting:  # NumPy as _errors sees it, counting host reads
        def __getattr__(self, name):
            return getattr(np, name)

        def asarray(self, a, *args, **kwargs):
            reads.append(1)
            return np.asarray(a, *args, **kwargs)

    monkeypatch.setattr(_errors, "np", _Counting())
    i = jnp.asarray([1, 2, 3])
    for _ in range(3):
        xp.take(x, i)
    assert len(reads) == 1



def test_take_and_nd_share_one_host_read_per_index_array(xp, monkeypatch):
    """take's and ext.nd's eager bounds checks read an index array through one cache
    (_errors.extremes): an array checked by one is not read again by the other, long
    non-negative arrays cost one reduction (a negative entry read as unsigned is the
    largest), and negative entries still give the exact smallest for the error."""
    import numpy as np

    from arraykit.ext import nd
    from arraykit.shims.jax import _errors

    reductions = []

    class _Counting:  # NumPy as _errors sees it, counting reductions of host reads
        def __getattr__(self, name):
            return getattr(np, name)

        def asarray(self, a, *args, **kwargs):
            out = np.asarray(a, *args, **kwargs)
            return out.view(_Recorded) if out.size > 64 else out

    class _Recorded(np.ndarray):
        def max(self, *args, **kwargs):
            reductions.append("max")
            return np.asarray(self).max(*args, **kwargs)

        def min(self, *args, **kwargs):
            reductions.append("min")
            return np.asarray(self).min(*args, **kwargs)

        def view(self, *args, **kwargs):
            return np.asarray(self).view(*args, **kwargs).view(_Recorded)

    monkeypatch.setattr(_errors, "np", _Counting())
    x = jnp.arange(200.0 * 3).reshape(200, 3)
    rows = jnp.asarray(np.arange(200, dtype=np.int32)[::-1].copy())
    cols = jnp.asarray(np.arange(200, dtype=np.int32) % 3)
    assert np.array_equal(xp.take(x[:, 0], rows), np.arange(199, -1, -1) * 3.0)
    assert reductions == ["max"]
    got = nd.gather_nd(x, (rows, cols))
    assert np.array_equal(got, np.asarray(x)[np.asarray(rows), np.asarray(cols)])
    assert reductions == ["max", "max"]  # cols only: rows was read by take
    bad = jnp.asarray(np.r_[np.zeros(99, np.int32), -201])
    with pytest.raises(IndexError, match="index -201 is out of bounds"):
        xp.take(x[:, 0], bad)
    with pytest.raises(IndexError):
        nd.gather_nd(x, (bad, cols[:100]))

def test_size_check_costs_nothing_on_usual_creation_calls(xp, monkeypatch):
    """arange of fewer than 2**40 elements skips the byte-count check (no item size can
    overflow int64 there) and the creation functions read a known dtype's item size from a
    table (jnp.dtype costs ~1-2 us): neither is called on the usual call; a huge arange
    still raises the size error, a new dtype still gets its size."""
    import arraykit.shims.jax as shim

    shim._itemsize(jnp.float32)  # known from here on
    called = []
    real = shim.check_count
    monkeypatch.setattr(shim, "check_count", lambda *a, **k: called.append(a) or real(*a, **k))
    real_dtype = shim._jnp.dtype
    monkeypatch.setattr(shim._jnp, "dtype", lambda *a, **k: called.append(a) or real_dtype(*a))
    assert xp.arange(16).shape == (16,) and xp.arange(2, 9, 3, dtype=jnp.float32).shape == (3,)
    assert xp.zeros((2, 3), dtype=jnp.float32).shape == (2, 3) and called == []
    with pytest.raises(ValueError, match="too big"):  # XLA would abort the process
        xp.arange(0, 2**62)
    assert called[0][:2] == ("arange", 2**62)  # the check runs for a count that needs it
    assert shim._itemsize(jnp.complex64) == 8 and shim._itemsize("int16") == 2


def test_permute_and_expand_dims_read_a_jax_array_rank_from_its_shape(xp, monkeypatch):
    """permute_dims/expand_dims of a jax array read its rank from its shape (jnp.ndim costs
    ~0.3 us a call); results and errors as before, other input still through jnp.ndim."""
    import numpy as np

    x = jnp.arange(6.0).reshape(2, 3)
    real = jnp.ndim
    called = []
    monkeypatch.setattr(jnp, "ndim", lambda a: called.append(a) or real(a))
    assert xp.permute_dims(x, (1, 0)).shape == (3, 2)
    assert xp.permute_dims(x, (-1, 0)).shape == (3, 2)
    assert xp.expand_dims(x, axis=-1).shape == (2, 3, 1)
    assert xp.expand_dims(x, axis=(0, 2)).shape == (1, 2, 1, 3)
    assert called == []
    with pytest.raises(IndexError):
        xp.expand_dims(x, axis=3)
    with pytest.raises((ValueError, IndexError)):
        xp.permute_dims(x, (0, 2))
    with pytest.raises(ValueError, match="repeated axis"):
        xp.permute_dims(x, (0, 0))
    assert np.array_equal(xp.permute_dims(x, (1, 0)), np.arange(6.0).reshape(2, 3).T)


def test_guards_read_a_jax_array_dtype_through_its_aval(xp):
    """The C fast paths that route by dtype (exp's kinds, all/any of a real array, linalg's
    floating input) read ``x.aval.dtype``, not the ``dtype`` property (a Python frame, ~0.1 us
    a call); the routing is unchanged: complex exp takes the corrected program, integer
    linalg input is refused, complex all/any test the imaginary part."""

    import numpy as np

    v = jnp.linspace(0.5, 1.5, 16, dtype=jnp.float32)
    m = jnp.eye(3, dtype=jnp.float32) * 2
    calls = [lambda: xp.exp(v), lambda: xp.sqrt(v), lambda: xp.sign(v),
             lambda: xp.any(v > 1), lambda: xp.all(v > 1), lambda: xp.linalg.inv(m),
             lambda: xp.linalg.vector_norm(v)]
    for c in calls:
        c()
    results, entered = _entered(lambda: [c() for c in calls])
    frames = [(f, n) for f, n in entered]
    assert [f for f in frames if f[1] == "dtype"] == []
    assert np.allclose(results[0], np.exp(np.asarray(v)))
    assert np.allclose(results[5], np.eye(3) / 2)
    assert complex(xp.exp(jnp.asarray([complex("-inf+1j")]))[0]) == 0j  # the C99 table
    with pytest.raises(TypeError):
        xp.linalg.inv(jnp.eye(3, dtype=jnp.int32))
    assert bool(xp.any(jnp.asarray([0.5j]))) and bool(xp.all(jnp.asarray([0.5j])))


def test_take_of_read_indices_and_vector_norm_run_no_python_path(xp):
    """take(x, i) of indices read on the host before (the eager bounds check's cached
    extremes) checks them without the Python path's frames (errors.py, _errors.py), and
    still raises IndexError for an out-of-range index; vector_norm(x) of a floating array
    calls its program from C (no Python frame)."""

    import numpy as np

    v = jnp.linspace(0.5, 1.5, 16, dtype=jnp.float32)
    i = jnp.asarray([0, 15, -16, 3])
    want = np.take(np.asarray(v), np.asarray(i))
    assert np.array_equal(xp.take(v, i), want)  # reads i on the host
    (got, norm), entered = _entered(lambda: (xp.take(v, i), xp.linalg.vector_norm(v)))
    frames = [f for f, _ in entered]
    assert [f for f in frames if "errors.py" in f or "_one_program.py" in f] == []
    assert np.array_equal(got, want)
    assert float(norm) == float(jnp.linalg.vector_norm(v))
    with pytest.raises(IndexError):
        xp.take(v[:15], i)  # the cached extremes, another x: 15 is out of range now
    with pytest.raises(IndexError):
        xp.take(v, jnp.asarray([16]))
    with pytest.raises(TypeError):
        xp.linalg.vector_norm(jnp.arange(3))


def test_broadcast_to_skips_jax_python_layers(xp):
    """broadcast_to's size check reads the item size through aval (no dtype property frame)
    and runs check_shape's test alone for a usual shape, then the program (no frame of jax's
    eager path, see test_creation_broadcast_stack_and_concat_run_one_program). Results and
    errors as jax's and the size check's."""
    import collections

    import numpy as np

    v = jnp.linspace(0.5, 1.5, 16, dtype=jnp.float32)
    xp.broadcast_to(v, (2, 16))
    got, entered = _entered(lambda: xp.broadcast_to(v, (2, 16)))
    ours = collections.Counter(name for _, name in entered)
    jnp.broadcast_to(v, (2, 16))
    _, native = _entered(lambda: jnp.broadcast_to(v, (2, 16)))
    assert set(ours - collections.Counter(name for _, name in native)) <= {
        "broadcast_to", "_usual", "_program", "trace_state_clean", "is_top_level", "trace",
        "axis_env"}
    assert np.array_equal(got, np.broadcast_to(np.asarray(v), (2, 16)))
    with pytest.raises(ValueError, match="too big"):  # XLA would abort the process
        xp.broadcast_to(v, (2**40, 2**30, 16))
    with pytest.raises(ValueError, match="negative"):
        xp.broadcast_to(v, (-1, 16))
    assert xp.broadcast_to(v, [2, 16]).shape == (2, 16)  # a list: check_shape's tuple


def test_ufuncs_call_their_jitted_function_from_c(xp):
    """add, multiply, negative and jax's other ufuncs: the usual call (jax arrays or Python
    scalars, no keyword) calls the ufunc's jitted function from C, without the ufunc's
    ``__call__`` frame (~3.5 us of a 15 us call); results as jax's own call, a keyword or
    another arity goes through the ufunc (its own errors, translated)."""

    v = jnp.linspace(-1.5, 1.5, 16, dtype=jnp.float32)
    w = jnp.arange(16, dtype=jnp.int32)
    calls = [(xp.add, (v, w)), (xp.multiply, (v, 2.5)), (xp.maximum, (2, w)),
             (xp.negative, (v,)), (xp.logical_and, (v > 0, True)), (xp.subtract, (w, w))]
    for f, args in calls:
        f(*args)
    got, entered = _entered(lambda: [f(*args) for f, args in calls])
    frames = [f for f, _ in entered]
    assert [f for f in frames if "ufunc_api.py" in f] == []
    for r, (f, args) in zip(got, calls):
        _same_array(r, getattr(jnp, f.__name__)(*args))
    with pytest.raises(TypeError, match="out argument"):
        xp.add(v, v, out=v)
    with pytest.raises(TypeError):
        xp.add(v, v, v)
    with pytest.raises(ValueError, match="incompatible shapes"):
        xp.add(v, v[:3])


def test_creation_broadcast_stack_and_concat_run_one_program(xp):
    """zeros/ones/empty/eye/arange(n), broadcast_to, stack and concat run eagerly as jax's own
    function jitted with static sizes (one dispatch from C, ~9 us, where jax's eager path
    binds primitives from Python: 50-230 us): no frame of jax's eager numpy/lax layers; the
    same arrays as jax's own calls (values, dtype, weak type, sharding, committed), also for
    committed and weakly typed input, and concat's promotion of two dtypes; under a trace
    the same jaxpr as jax's; stack or concat of arrays of another shape raises jax's error
    (translated)."""

    v = jnp.linspace(0.5, 1.5, 16, dtype=jnp.float32)
    c = jax.device_put(jnp.arange(4.0), jax.devices()[0])
    weak = jnp.asarray(2.0)
    calls = [("zeros", ((16,),), {}), ("ones", ((2, 3),), {"dtype": jnp.int32}),
             ("empty", (3,), {}), ("eye", (4,), {}), ("eye", (3, 5), {"k": 1}),
             ("arange", (16,), {}), ("arange", (0, 7), {"dtype": jnp.float32}),
             ("broadcast_to", (v, (2, 16)), {}), ("broadcast_to", (c, (3, 4)), {}),
             ("broadcast_to", (weak, (2,)), {}), ("stack", ([v, v],), {}),
             ("stack", ((c, c, c),), {"axis": 1}), ("stack", ([weak, weak],), {}),
             ("concat", ([v, jnp.arange(16, dtype=jnp.int32)],), {}),
             ("concat", ((c, c),), {"axis": 0}), ("concat", ([weak[None], weak[None]],), {}),
             ("concat", ([v.reshape(4, 4), v.reshape(4, 4)],), {"axis": -1})]
    for name, args, kwargs in calls:
        getattr(xp, name)(*args, **kwargs)
    got, entered = _entered(
        lambda: [getattr(xp, name)(*args, **kwargs) for name, args, kwargs in calls])
    frames = [f for f, _ in entered]
    assert [f for f in frames if "jax/_src/numpy/" in f or "jax/_src/lax/" in f] == []
    for r, (name, args, kwargs) in zip(got, calls):
        _same_array(r, getattr(jnp, name)(*args, **kwargs))
    pairs = [(lambda: xp.zeros((2, 3)), lambda: jnp.zeros((2, 3))),
             (lambda: xp.eye(3), lambda: jnp.eye(3)),
             (lambda: xp.arange(5), lambda: jnp.arange(5)),
             (lambda: xp.broadcast_to(v, (2, 16)), lambda: jnp.broadcast_to(v, (2, 16))),
             (lambda: xp.stack([v, v]), lambda: jnp.stack([v, v])),
             (lambda: xp.concat([v, v]), lambda: jnp.concat([v, v]))]
    for ours, theirs in pairs:
        assert str(jax.make_jaxpr(ours)()) == str(jax.make_jaxpr(theirs)())
    with pytest.raises(ValueError, match="same shape"):
        xp.stack([v, v[:3]])
    with pytest.raises(ValueError, match=r"(?i)concatenate"):
        xp.concat([v, v.reshape(4, 4)])
    assert xp.broadcast_to(v, (16,)) is v  # jax's own call: x itself


def test_argmax_argmin_flip_and_take_call_jax_jitted_functions_from_c(xp):
    """argmax/argmin of a jax array (an int or None axis, a bool keepdims) and flip (an int
    or None axis) call the jitted function jnp.argmax/argmin/flip call, in their form of
    the call (one frame of ours, none of jax's: ~4 us of a 15-17 us call); take of read
    indices calls jnp.take's jitted function likewise. Results as jax's own calls; other
    arguments (a NumPy axis, a tuple of axes, out=) take jax's functions."""

    import numpy as np

    m = jnp.asarray([[1.0, np.nan, 3.0], [4.0, 0.5, -0.0]], jnp.float32)
    v = jnp.linspace(0.5, 1.5, 16, dtype=jnp.float32)
    i = jnp.asarray([0, 15, -16, 3])
    calls = [(xp.argmax, (m,), {}), (xp.argmin, (m,), {"axis": 1}),
             (xp.argmax, (m,), {"axis": -1, "keepdims": True}), (xp.take, (v, i), {}),
             (xp.flip, (m,), {}), (xp.flip, (m,), {"axis": -1})]
    for f, args, kwargs in calls:
        f(*args, **kwargs)
    got, entered = _entered(lambda: [f(*args, **kwargs) for f, args, kwargs in calls])
    frames = [n for _, n in entered]
    assert frames == ["<listcomp>", "_argmax", "_argmin", "_argmax", "_take_read", "_flip",
                      "_flip"]
    for r, (f, args, kwargs) in zip(got, calls):
        _same_array(r, getattr(jnp, f.__name__)(*args, **kwargs))
    _same_array(xp.argmax(m, axis=np.int64(0)), jnp.argmax(m, axis=0))
    _same_array(xp.flip(m, axis=(0, 1)), jnp.flip(m, axis=(0, 1)))
    with pytest.raises(TypeError, match="out"):
        xp.argmax(m, out=m)


def test_full_like_of_a_python_number_and_clip_by_keyword_are_jax_own(xp):
    # full_like of a Python number is a jitted program per shape (jnp.full_like builds it
    # eagerly, ~90 us); clip with its bounds by keyword is jnp.clip from C: jax's own results
    # (dtype, weak type, commitment, bits).
    import warnings

    import numpy as np

    arrays = [jnp.asarray([0.5, -2.0], dtype=jnp.float32), jnp.arange(3, dtype=jnp.int8),
              jnp.asarray(2.0), jax.device_put(jnp.ones(3), jax.devices()[0]),
              jnp.ones(2, dtype=jnp.complex64), jnp.zeros(2, dtype=bool)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for x in arrays:
            for v in (2.0, 3, True, float("nan"), -0.0, 1e300):
                got, want = xp.full_like(x, v), jnp.full_like(x, v)
                assert (got.dtype, got.aval.weak_type, got._committed) == \
                    (want.dtype, want.aval.weak_type, want._committed)
                np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
                assert np.signbit(np.asarray(got).real).tolist() == \
                    np.signbit(np.asarray(want).real).tolist()
    x = jnp.asarray([-3.0, -0.0, 0.0, 0.5, 2.0, np.nan, np.inf, -np.inf], dtype=jnp.float32)
    for b in (0.0, -1.0, 1.5, float("nan"), float("inf"), None, 1, 1e300):
        for kw in ({"min": b}, {"max": b}, {"min": b, "max": 1.0}):
            got, want = xp.clip(x, **kw), jnp.clip(x, **kw)
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
