"""The 2025.12 top-up over jax.numpy: the differences, native arrays, tracers."""

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import arraykit


@pytest.fixture
def xp():
    return arraykit.array_namespace(jnp.ones(2))


def test_jax_namespace_is_the_topup(xp):
    assert xp.__name__ == "arraykit.shims.jax"
    assert xp.__array_api_version__ == "2025.12"
    assert xp.add is jnp.add  # everything not topped up is jax's own object
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
