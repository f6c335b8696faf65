"""arraykit.ext.nd on every framework installed here, against a plain-NumPy reference
(nd_reference.py): hypothesis property tests, errors, compiled behaviour, gradients.

Every property test runs each example on all available backends, so one example checks that
numpy, torch, jax, tensorflow and array-api-strict (main environment) or numpy and mxnet (mxnet
environment) agree with the reference and raise the same error message. The targeted tests
take conftest's ``backend`` fixture (dask, lazy, has its own test). Values are small integers
(also in float64) so sums and products are exact and
"deterministic and equal across backends" can be checked with array_equal.
"""

from __future__ import annotations

import os
import re
from functools import partial

import nd_reference as ref
import numpy as np
import pytest
from frameworks import from_numpy, installed_backends, optional, require, to_numpy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tuple_form import assert_same_as_stacked

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


# None only where the framework is not installed; an installed one that fails to import fails.
torch = optional("torch")
jax = optional("jax")
jnp = optional("jax.numpy")
tf = optional("tensorflow")
xps = optional("array_api_strict")
da = optional("dask.array")
mx = optional("mxnet")
if mx is not None:
    from mxnet import autograd, npx

    npx.set_np()

# Imported after the frameworks, as in user code: nd then preloads their modules, which is what
# lets a first call happen inside torch.compile (it cannot trace an import).
from arraykit.ext import nd


def _torch_dtype(dt):
    return getattr(torch, np.dtype(dt).name)


#: The tests taking ``backend`` run on these registry backends, where installed.
pytestmark = pytest.mark.backends(
    "numpy", "torch", "jax", "tensorflow", "array_api_strict", "mxnet", "mlx", "paddle",
    reason="dask is lazy: test_dask_gather_nd_stays_lazy covers it",
)
#: The same backends, installed here (the loops over every backend).
BACKENDS = installed_backends(*pytestmark.args)
#: Dtypes a backend's arrays do not hold (jax without x64; torch's and MXNet's missing widths).
LACKS = {"torch": {"uint32", "uint64"}, "jax": {"int64", "uint64", "float64"},
         "mxnet": {"int16", "uint16", "uint32", "uint64"},
         "paddle": {"uint16", "uint32", "uint64"}}


def _convert(name):
    """(numpy -> native, native -> numpy) for a registry backend: its row's constructor and
    ``to_numpy`` (tests/frameworks.py)."""
    return partial(from_numpy, name), to_numpy


mxnet_only = pytest.mark.backends("mxnet", reason="MXNet's own autograd and dtypes")

SMALL = settings(
    max_examples=int(os.environ.get("ND_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# ------------------------------------------------------------------------------------------
# Strategies: small shapes drawn from a fixed menu (JAX compiles once per shape), indices
# mostly in [-d, d) with occasional out-of-bounds entries, duplicates likely.
# ------------------------------------------------------------------------------------------

INDEX_DTYPES = ["int8", "int16", "int32", "int64", "uint8"]
VALUE_DTYPES = ["float64", "float32", "int32", "int64"]


@st.composite
def index_arrays(draw, dims, lead_shape, oob=True, dtype=None):
    dtype = dtype or draw(st.sampled_from(INDEX_DTYPES))
    k = len(dims)
    n = int(np.prod(lead_shape)) if lead_shape else 1
    signed = not dtype.startswith("u")
    cols = []
    for d in dims:
        lo = -d if signed else 0
        hi = d - 1
        if oob and draw(st.integers(0, 9)) == 0:  # about 1 in 10 columns may hold a bad index
            lo, hi = (lo - 2 if signed else lo), hi + 2
        cols.append(draw(st.lists(st.integers(lo, hi), min_size=n, max_size=n)))
    arr = np.array(cols, dtype=np.int64).T.reshape(tuple(lead_shape) + (k,))
    return arr.astype(dtype)


@st.composite
def gather_cases(draw):
    x_shape = draw(st.sampled_from([(5,), (4, 3), (3, 4, 2), (2, 3, 2, 2)]))
    batch_dims = draw(st.integers(0, min(1, len(x_shape) - 1)))
    k = draw(st.integers(1, len(x_shape) - batch_dims))
    rest = draw(st.sampled_from([(), (0,), (3,), (2, 2), (7,)]))
    lead = tuple(x_shape[:batch_dims]) + rest
    idx = draw(index_arrays(x_shape[batch_dims:batch_dims + k], lead))
    dtype = draw(st.sampled_from(VALUE_DTYPES))
    x = np.arange(np.prod(x_shape)).reshape(x_shape).astype(dtype) - 3
    return x, idx, batch_dims


@st.composite
def update_cases(draw):
    x_shape = draw(st.sampled_from([(5,), (4, 3), (3, 4, 2)]))
    k = draw(st.integers(1, len(x_shape)))
    lead = draw(st.sampled_from([(), (0,), (4,), (2, 3), (9,)]))
    idx = draw(index_arrays(x_shape[:k], lead))
    dtype = draw(st.sampled_from(VALUE_DTYPES))
    upd_shape = lead + x_shape[k:]
    if draw(st.booleans()):
        upd_shape = ()  # 0-d updates broadcast to every addressed element
    elif upd_shape and draw(st.integers(0, 3)) == 0:
        upd_shape = (1,) + upd_shape[1:]  # broadcast along the index axis
    upd = np.asarray(
        draw(st.lists(st.integers(-4, 4), min_size=int(np.prod(upd_shape)),
                      max_size=int(np.prod(upd_shape))))
    ).reshape(upd_shape).astype(dtype)
    x = (np.arange(np.prod(x_shape)) % 7 - 3).reshape(x_shape).astype(dtype)
    reduction = draw(st.sampled_from(["replace", "add", "multiply", "min", "max"]))
    return x, idx, upd, reduction


def _outcome(f, *args, **kwargs):
    """("ok", numpy result) or ("error", class name, message)."""
    try:
        return ("ok", f(*args, **kwargs))
    except (IndexError, ValueError, TypeError) as e:
        return ("error", type(e).__name__, str(e))


def _native(call, back, to):
    """``call`` on NumPy arrays made native by ``to``, its result made NumPy by ``back``."""
    return lambda *arrays: back(call(*[to(a) for a in arrays]))


def _check_all(expected, call, arrays, skip_dtypes=()):
    """Run call(*native arrays) on every backend; compare with the reference outcome."""
    checked = 0
    for name in BACKENDS:
        (to, back), lacks = _convert(name), LACKS.get(name, set())
        if any(a.dtype.name in lacks for a in arrays):
            continue
        got = _outcome(_native(call, back, to), *arrays)
        if expected[0] == "error":
            assert got[0] == "error", (name, "expected", expected, "got", got)
            assert got[1:] == expected[1:], (name, got, expected)
        else:
            assert got[0] == "ok", (name, got)
            assert got[1].dtype == expected[1].dtype, (name, got[1].dtype, expected[1].dtype)
            np.testing.assert_array_equal(got[1], expected[1], err_msg=name)
        checked += 1
    assert checked >= 1


@SMALL
@given(gather_cases())
def test_gather_nd_matches_reference_on_every_backend(case):
    x, idx, batch_dims = case
    expected = _outcome(ref.gather_nd, x, idx, batch_dims)
    _check_all(expected, lambda a, i: nd.gather_nd(a, i, batch_dims=batch_dims), [x, idx])


@SMALL
@given(update_cases())
def test_update_and_scatter_nd_tuple_form_is_the_stacked_form_on_every_backend(case):
    x, idx, upd, reduction = case
    columns = [idx[..., k].copy() for k in range(idx.shape[-1])]
    _check_all(
        _outcome(ref.update_nd, x, idx, upd, reduction),
        lambda a, u, *cols: nd.update_nd(a, cols, u, reduction=reduction), [x, upd, *columns],
    )
    _check_all(
        _outcome(ref.scatter_nd, idx, upd, x.shape, reduction),
        lambda u, *cols: nd.scatter_nd(cols, u, x.shape, reduction=reduction), [upd, *columns],
    )


@SMALL
@given(gather_cases())
def test_gather_nd_tuple_form_is_the_stacked_form_on_every_backend(case):
    # gather_nd(x, (i0, i1)) == gather_nd(x, stack([i0, i1], -1)): values, dtypes, and the
    # same IndexError message (negatives wrap, out-of-bounds raise), empty and 0-d columns.
    x, idx, batch_dims = case
    expected = _outcome(ref.gather_nd, x, idx, batch_dims)
    columns = [idx[..., k].copy() for k in range(idx.shape[-1])]
    _check_all(expected, lambda a, *cols: nd.gather_nd(a, cols, batch_dims=batch_dims),
               [x, *columns])


@SMALL
@given(update_cases())
def test_update_nd_matches_reference_on_every_backend(case):
    x, idx, upd, reduction = case
    expected = _outcome(ref.update_nd, x, idx, upd, reduction)
    _check_all(
        expected, lambda a, i, u: nd.update_nd(a, i, u, reduction=reduction), [x, idx, upd]
    )


@SMALL
@given(update_cases())
def test_scatter_nd_matches_reference_on_every_backend(case):
    x, idx, upd, reduction = case
    expected = _outcome(ref.scatter_nd, idx, upd, x.shape, reduction)
    _check_all(
        expected, lambda i, u: nd.scatter_nd(i, u, x.shape, reduction=reduction), [idx, upd]
    )


@SMALL
@given(
    st.sampled_from([(6,), (6, 2)]),
    st.lists(st.integers(-5, 5), min_size=6, max_size=6),
    st.integers(1, 5),
    st.sampled_from(["add", "min", "max"]),
    st.sampled_from(["float64", "int32"]),
)
def test_segment_reductions_match_reference(shape, ids, num, reduction, dtype):
    data = (np.arange(np.prod(shape)).reshape(shape) % 5 - 2).astype(dtype)
    ids = np.asarray(ids, dtype=np.int32)
    fn = {"add": nd.segment_sum, "min": nd.segment_min, "max": nd.segment_max}[reduction]
    expected = _outcome(ref.segment, data, ids, num, reduction)
    _check_all(expected, lambda d, i: fn(d, i, num), [data, ids])


# ------------------------------------------------------------------------------------------
# Targeted cases
# ------------------------------------------------------------------------------------------


def test_duplicates_and_replace_rule(backend):
    to, back = _convert(backend)
    x = np.zeros((4, 2))
    idx = np.array([[1], [3], [1], [1], [-1]])
    upd = np.arange(10.0).reshape(5, 2) + 1
    add = back(nd.update_nd(to(x), to(idx), to(upd), reduction="add"))
    np.testing.assert_array_equal(add[1], upd[0] + upd[2] + upd[3])
    np.testing.assert_array_equal(add[3], upd[1] + upd[4])
    xn = to(x)
    rep = back(nd.update_nd(xn, to(idx), to(upd), reduction="replace"))
    np.testing.assert_array_equal(rep[1], upd[3])  # the last of rows 0, 2, 3
    np.testing.assert_array_equal(rep[3], upd[4])  # -1 wraps to 3 and comes after row 1
    np.testing.assert_array_equal(rep[[0, 2]], 0)
    np.testing.assert_array_equal(back(xn), 0)  # x itself is untouched


def test_update_nd_does_not_mutate_and_accepts_python_scalars(backend):
    to, back = _convert(backend)
    x = to(np.arange(6.0).reshape(2, 3))
    before = back(x).copy()
    out = nd.update_nd(x, to(np.array([[0, 1], [0, 1]])), 10.0, reduction="add")
    np.testing.assert_array_equal(back(x), before)
    assert back(out)[0, 1] == 21.0


def test_errors_are_identical(backend):
    to, _back = _convert(backend)
    x = to(np.zeros((3, 4)))
    with pytest.raises(IndexError, match=r"^gather_nd: index -5 at indices\[1, 1\] is out of "
                       r"bounds for axis 1 with size 4$"):
        nd.gather_nd(x, to(np.array([[0, 0], [2, -5]])))
    with pytest.raises(IndexError, match=r"^scatter_nd: index 3 at indices\[0, 0\]"):
        nd.scatter_nd(to(np.array([[3]])), to(np.array([1.0])), (3,))
    with pytest.raises(IndexError, match=r"^segment_sum: index 4 at segment_ids\[2, 0\]"):
        nd.segment_sum(to(np.ones(3)), to(np.array([0, 1, 4])), 3)
    with pytest.raises(TypeError, match=r"^gather_nd: indices must have an integer dtype"):
        nd.gather_nd(x, to(np.array([[0.0, 1.0]])))
    with pytest.raises(TypeError, match=r"^update_nd: updates must have the dtype of x"):
        nd.update_nd(x, to(np.array([[0, 1]])), to(np.array([1], dtype=np.int32)))
    with pytest.raises(TypeError, match=r"^update_nd: reduction='max' does not support"):
        nd.update_nd(to(np.zeros(3, bool)), to(np.array([[0]])), to(np.array([True])),
                     reduction="max")
    with pytest.raises(ValueError, match=r"^update_nd: updates of shape \(3,\) do not broadcast"):
        nd.update_nd(x, to(np.array([[0, 1]])), to(np.ones(3)))
    with pytest.raises(ValueError, match=r"^gather_nd: indices\.shape\[-1\] \(3\) \+ "):
        nd.gather_nd(x, to(np.array([[0, 1, 2]])))
    with pytest.raises(ValueError, match=r"^update_nd: reduction='mean' is not one of"):
        nd.update_nd(x, to(np.array([[0, 1]])), to(np.ones(1)), reduction="mean")


@pytest.mark.parametrize("idx_dtype", ["int32", "int64", "uint8", "uint32", "uint64"])
def test_gather_nd_tuple_form_fast_paths_and_errors(backend, idx_dtype):
    # Axes of different sizes (an index above the smallest axis), trailing axes and a
    # non-contiguous x: the column fast paths (numpy, torch, jax) against the stacked form.
    to, back = _convert(backend)
    if idx_dtype in LACKS.get(backend, set()):
        pytest.skip(f"{backend} has no {idx_dtype}")
    rng = np.random.default_rng(2)
    x = rng.standard_normal((3, 7, 2)).astype(np.float32)
    i0, i1 = rng.integers(0, 3, (5, 8)), rng.integers(0, 7, (5, 8))
    i0[0, 0], i1[0, 0] = 2, 6
    cols = (to(i0.astype(idx_dtype)), to(i1.astype(idx_dtype)))
    stacked = to(np.stack([i0, i1], -1).astype(idx_dtype))
    for xs in (x, x[:, ::-1]):
        got, want = nd.gather_nd(to(xs), cols), nd.gather_nd(to(xs), stacked)
        assert back(got).dtype == back(want).dtype == np.float32
        np.testing.assert_array_equal(back(got), back(want))
        np.testing.assert_array_equal(back(got), xs[i0, i1])
    np.testing.assert_array_equal(back(nd.gather_nd(to(x), cols[:1])), x[i0])  # K = 1
    bad = i1.astype(idx_dtype)
    bad[1, 2] = 7 if idx_dtype != "uint64" else 2**64 - 1  # not -1: unsigned stays unsigned
    with pytest.raises(IndexError, match=rf"^gather_nd: index {bad[1, 2]} at indices\[1, 2, "
                       r"1\] is out of bounds for axis 1 with size 7$"):
        nd.gather_nd(to(x), (cols[0], to(bad)))
    if idx_dtype.startswith("int"):
        neg = i1.astype(idx_dtype)
        neg[0, 1] = -7
        np.testing.assert_array_equal(back(nd.gather_nd(to(x), (cols[0], to(neg)))),
                                      x[i0, neg])
    with pytest.raises(ValueError, match=r"^gather_nd: the index arrays of a tuple must have "
                       r"one shape \(they are not broadcast\); got shapes \(5, 8\), \(8,\)$"):
        nd.gather_nd(to(x), (cols[0], to(i1[0].astype(idx_dtype))))
    other = "int16" if idx_dtype != "int16" and backend != "mxnet" else "int8"
    with pytest.raises(TypeError, match=rf"^gather_nd: the index arrays of a tuple must have "
                       rf"one dtype; got {idx_dtype}, {other}"):
        nd.gather_nd(to(x), (cols[0], to(i1.astype(other))))
    with pytest.raises(TypeError, match=r"^gather_nd: indices must have an integer dtype"):
        nd.gather_nd(to(x), (cols[0], to(i1.astype(np.float32))))
    with pytest.raises(ValueError, match=r"^gather_nd: indices given as a tuple must hold"):
        nd.gather_nd(to(x), ())
    with pytest.raises(ValueError, match=r"^update_nd: the index arrays of a tuple must have "):
        nd.update_nd(to(x), (cols[0], to(i1[0].astype(idx_dtype))), to(np.float32(1.0)))
    with pytest.raises(ValueError, match=r"^scatter_nd: indices given as a tuple must hold"):
        nd.scatter_nd((), to(np.ones(3, np.float32)), (3,))
    with pytest.raises(IndexError, match=r"^scatter_nd: index 7 at indices\[0, 0, 1\]"):
        nd.scatter_nd((to(i0[:1].astype(idx_dtype)), to(np.full((1, 8), 7).astype(idx_dtype))),
                      to(np.ones((1, 8), np.float32)), (3, 7))
    with pytest.raises(ValueError, match=r"^gather_nd: indices\.shape\[-1\] \(4\) \+ "):
        nd.gather_nd(to(x), cols + cols)


def test_mixed_libraries_are_refused():
    require("torch")
    with pytest.raises(TypeError, match=r"^gather_nd: all arrays must come from one library"):
        nd.gather_nd(torch.zeros(3), np.array([[0]]))
    with pytest.raises(TypeError, match=r"^gather_nd: expected an array"):
        nd.gather_nd([1, 2], np.array([[0]]))
    with pytest.raises(TypeError, match=r"^gather_nd: all arrays must come from one library"):
        nd.gather_nd(np.zeros((3, 3)), (np.array([0]), torch.tensor([0])))


@pytest.mark.parametrize("dtype", INDEX_DTYPES + ["uint16", "uint32", "uint64"])
def test_every_integer_index_width(backend, dtype):
    to, back = _convert(backend)
    if dtype in LACKS.get(backend, set()):
        pytest.skip(f"{backend} has no {dtype}")
    idx = to(np.array([[2], [0]], dtype=dtype))  # LACKS lists the dtypes it cannot hold
    x = to(np.array([5.0, 6.0, 7.0]))
    np.testing.assert_array_equal(back(nd.gather_nd(x, idx)), [7.0, 5.0])
    np.testing.assert_array_equal(
        back(nd.scatter_nd(idx, to(np.array([1.0, 2.0])), (3,))), [2.0, 0.0, 1.0]
    )


@pytest.mark.xfail_backend("mxnet", raises=KeyError, reason="MXNet has no int16 arrays "
                           "(test_mxnet_narrow_index_dtypes_on_long_axes_int64_scatter)")
def test_narrow_index_dtypes_on_long_axes(backend):
    # Wrapping -1 on an axis of 300 must not overflow an int8 (JAX adds in the index dtype).
    to, back = _convert(backend)
    x = to(np.arange(300, dtype=np.float32))
    idx = to(np.array([[-1], [-128], [127]], dtype=np.int8))
    np.testing.assert_array_equal(back(nd.gather_nd(x, idx)), [299.0, 172.0, 127.0])
    out = back(nd.scatter_nd(to(np.array([[255], [-1]], dtype=np.int16)),
                             to(np.array([1.0, 2.0], np.float32)), (300,)))
    assert out[255] == 1.0 and out[299] == 2.0 and out.sum() == 3.0
    with pytest.raises(IndexError, match=r"^gather_nd: index 250 at indices\[0, 0\] is out "
                       r"of bounds for axis 0 with size 200$"):
        nd.gather_nd(to(np.zeros(200, np.float32)), to(np.array([[250]], dtype=np.uint8)))


def test_empty_index_sets_and_segment_mean(backend):
    to, back = _convert(backend)
    x = to(np.arange(6.0).reshape(3, 2))
    assert back(nd.gather_nd(x, to(np.zeros((0, 1), np.int64)))).shape == (0, 2)
    out = nd.update_nd(x, to(np.zeros((0, 1), np.int64)), to(np.zeros((0, 2))), reduction="max")
    np.testing.assert_array_equal(back(out), back(x))
    mean = back(nd.segment_mean(to(np.array([1.0, 2.0, 6.0])), to(np.array([0, 0, 2])), 4))
    np.testing.assert_array_equal(mean, [1.5, 0.0, 6.0, 0.0])


@pytest.mark.parametrize("reduction", ["add", "replace", "multiply", "min", "max"])
def test_scatter_into_empty_sub_arrays(backend, reduction):
    # Index rows that address empty sub-arrays write nothing: the empty result, on every
    # backend (until 2026-12-06 torch's 'add' and TF's add/min/max raised their own errors,
    # and MLX 0.32.4's .at[].add killed the process with a floating point exception when
    # evaluated; MXNet 1.9.1's sort-based scatters aborted or segfaulted).
    to, back = _convert(backend)
    idx = to(np.array([[0], [4], [0]], np.int64))
    out = nd.scatter_nd(idx, to(np.zeros((3, 0, 2))), (5, 0, 2), reduction=reduction)
    assert back(out).shape == (5, 0, 2)
    x = to(np.zeros((5, 3, 0)))
    out = nd.update_nd(x, idx, to(np.zeros((3, 3, 0))), reduction=reduction)
    assert back(out).shape == (5, 3, 0)
    # A bad row still raises (until 2026-12-06 torch's 'add' and NumPy 1.23's
    # add/multiply/min/max accepted it: no element to write, no check).
    with pytest.raises(IndexError, match="out of bounds"):
        nd.update_nd(x, to(np.array([[5]], np.int64)), to(np.zeros((1, 3, 0))),
                     reduction=reduction)


def test_dask_gather_nd_stays_lazy():
    if da is None:
        require("dask")
    x = np.arange(24.0).reshape(4, 3, 2)
    idx = np.array([[0, 1], [-1, 2], [3, 0]])
    dx = da.from_array(x, chunks=(2, 2, 2))
    out = nd.gather_nd(dx, da.from_array(idx))
    assert isinstance(out, da.Array)
    np.testing.assert_array_equal(out.compute(), ref.gather_nd(x, idx))
    cols = (da.from_array(idx[:, 0].copy()), da.from_array(idx[:, 1].copy()))  # tuple form
    out = nd.gather_nd(dx, cols)
    assert isinstance(out, da.Array)
    np.testing.assert_array_equal(out.compute(), ref.gather_nd(x, idx))
    b = np.array([[[1]], [[0]], [[2]], [[-1]]])
    np.testing.assert_array_equal(
        nd.gather_nd(dx, da.from_array(b), batch_dims=1).compute(), ref.gather_nd(x, b, 1)
    )
    with pytest.raises(IndexError, match=r"^gather_nd: index 4 at indices\[0, 0\]"):
        nd.gather_nd(dx, da.from_array(np.array([[4, 0]])))
    with pytest.raises(NotImplementedError):
        nd.scatter_nd(da.from_array(idx), da.ones((3, 2)), (4, 3, 2))


# ------------------------------------------------------------------------------------------
# Compiled behaviour: gather clips, scatter drops; identical on jax, tf and torch.
# ------------------------------------------------------------------------------------------

X = np.arange(12.0).reshape(3, 4)
BAD = np.array([[0, 5], [-4, 1], [2, -1], [1, 1], [7, -9]])
UPD = np.array([1.0, 2.0, 3.0, 4.0, 5.0])


def _compiled(name):
    if name == "jax":
        return jax.jit, *_convert("jax")[::-1]
    if name == "tensorflow":
        return (lambda f: tf.function(f, jit_compile=True)), *_convert("tensorflow")[::-1]
    if name == "tensorflow-graph":
        return tf.function, *_convert("tensorflow")[::-1]
    # aot_eager: dynamo traces (torch.compiler.is_compiling() is true) without needing a C++
    # toolchain for inductor.
    # fullgraph: the compiled path must not graph-break (arraykit.ext.jit compiles so).
    # reset: the test lambdas share code objects across parametrizations, and dynamo's
    # recompile limit (8 per code object) would otherwise be reached.
    torch._dynamo.reset()
    return (lambda f: torch.compile(f, backend="aot_eager", fullgraph=True)), *_convert(
        "torch")[::-1]


@pytest.mark.parametrize("name", ["jax", "tensorflow", "tensorflow-graph", "torch"])
@pytest.mark.parametrize("reduction", ["add", "replace", "multiply", "max"])
@pytest.mark.parametrize("idx_dtype", ["int64", "int32", "int16"])  # int32 row arithmetic too
def test_compiled_gather_clips_and_scatter_drops(name, reduction, idx_dtype):
    mod = {"jax": jax, "tensorflow": tf, "tensorflow-graph": tf, "torch": torch}[name]
    if mod is None:
        require(name.split("-")[0])
    compile_, back, to = _compiled(name)
    gather = compile_(nd.gather_nd)
    update = compile_(lambda a, i, u: nd.update_nd(a, i, u, reduction=reduction))
    scatter = compile_(lambda i, u: nd.scatter_nd(i, u, X.shape, reduction=reduction))
    bad = BAD.astype(idx_dtype)
    np.testing.assert_array_equal(
        back(gather(to(X), to(bad))), ref.gather_nd(X, BAD, compiled=True)
    )
    np.testing.assert_array_equal(
        back(update(to(X), to(bad), to(UPD))),
        ref.update_nd(X, BAD, UPD, reduction, compiled=True),
    )
    np.testing.assert_array_equal(
        back(scatter(to(bad), to(UPD))), ref.scatter_nd(BAD, UPD, X.shape, reduction, compiled=True)
    )
    # ... while the same call in eager code raises.
    with pytest.raises(IndexError, match=r"^gather_nd: index 5 at indices"):
        nd.gather_nd(to(X), to(BAD))
    # The tuple form of the indices: the same compiled rule (clip).
    gather_cols = compile_(lambda a, i0, i1: nd.gather_nd(a, (i0, i1)))
    np.testing.assert_array_equal(
        back(gather_cols(to(X), to(bad[:, 0].copy()), to(bad[:, 1].copy()))),
        ref.gather_nd(X, BAD, compiled=True),
    )


def _fx_ops(fn, *args):
    """The operations (by name) of the one graph TorchDynamo captures from ``fn``."""
    graphs = []

    def record(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    # One eager call first: the first ext.nd call for a type imports its backend module,
    # which TorchDynamo cannot trace (ext.jit.jit retries after such a call; a bare
    # torch.compile(fullgraph=True) raises). Without it this test failed when run alone.
    fn(*args)
    torch._dynamo.reset()
    torch.compile(fn, backend=record, fullgraph=True)(*args)
    torch._dynamo.reset()
    return [getattr(n.target, "__name__", str(n.target))
            for gm in graphs for n in gm.graph.nodes if n.op in ("call_function", "call_method")]


def test_torch_compiled_program_is_the_native_one_plus_the_clip():
    # Under torch.compile a gather is what a torch user writes (flat rows, one index_select)
    # and a sum-scatter one index_add (Inductor fuses both into one loop), plus the pinned
    # rule: a clip per column (and the drop mask), no stack, no "any bad" reduction, no spare
    # row. The values are the general path's: test_compiled_gather_clips_and_scatter_drops.
    require("torch")
    x = torch.arange(12.0).reshape(3, 4)
    i0, i1 = torch.tensor([0, 2, -1]), torch.tensor([3, 1, 0])
    ops = _fx_ops(lambda a, p, q: nd.gather_nd(a, (p, q)), x, i0, i1)
    assert ops.count("index_select") == 1, ops
    assert not {"stack", "any", "getitem", "cat", "logical_or"} & set(ops), ops
    ops = _fx_ops(lambda p, q, u: nd.scatter_nd((p, q), u, (3, 4)), i0, i1, torch.ones(3))
    assert ops.count("index_add_") == 1, ops
    assert not {"any", "cat", "new_zeros", "index_put"} & set(ops), ops
    # A dropped update adds -0.0, which leaves every value (-0.0 included) as it was.
    update = torch.compile(lambda a, i, u: nd.update_nd(a, i, u, reduction="add"),
                           backend="aot_eager", fullgraph=True)
    base = torch.tensor([[-0.0, 1.0], [2.0, -0.0]])
    out = update(base, torch.tensor([[0, 5], [-3, 0], [1, 0]]), torch.tensor([7.0, 8.0, 9.0]))
    torch._dynamo.reset()
    np.testing.assert_array_equal(out.numpy(), [[-0.0, 1.0], [11.0, -0.0]])
    assert np.signbit(out.numpy()).tolist() == [[True, False], [False, True]]


@pytest.mark.parametrize("name", ["jax", "tensorflow", "torch"])
def test_same_compiled_behaviour_under_arraykit_jit(name):
    # torch: arraykit.ext.jit compiles with Inductor (fullgraph), ~10 s of C++ compilation.
    import arraykit.ext.jit as ak_jit

    require(name)
    _, back, to = _compiled(name)
    gather = ak_jit.jit(nd.gather_nd)
    update = ak_jit.jit(lambda a, i, u: nd.update_nd(a, i, u, reduction="add"))
    np.testing.assert_array_equal(
        back(gather(to(X), to(BAD))), ref.gather_nd(X, BAD, compiled=True)
    )
    np.testing.assert_array_equal(
        back(update(to(X), to(BAD), to(UPD))), ref.update_nd(X, BAD, UPD, "add", compiled=True)
    )
    assert ak_jit.is_compiled(gather) and ak_jit.is_compiled(update)


# ------------------------------------------------------------------------------------------
# Every index dtype at the extremes of its range (issue 18): no cast (uint64 -> int64, JAX's
# own int64 -> int32) may turn an out-of-bounds index into a valid one, eager or compiled.
# ------------------------------------------------------------------------------------------

ALL_INDEX_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
EX = np.arange(12, dtype=np.float32).reshape(3, 4)


def _extreme_calls(idx, upd):
    """(name, reference(compiled), call(to)) for every public nd function on ``idx`` (n, 2)."""
    n = idx.shape[0]
    ones = np.ones(n, np.float32)
    calls = [
        ("gather_nd", lambda c: ref.gather_nd(EX, idx, compiled=c),
         lambda x, i, u, o: nd.gather_nd(x, i)),
        ("scatter_nd", lambda c: ref.scatter_nd(idx, upd, EX.shape, compiled=c),
         lambda x, i, u, o: nd.scatter_nd(i, u, EX.shape)),
        ("segment_sum", lambda c: ref.segment(ones, idx[:, 0], 3, "add", compiled=c),
         lambda x, i, u, o: nd.segment_sum(o, i[:, 0], 3)),
    ]
    for reduction in ("replace", "add", "multiply", "min", "max"):
        calls.append((
            f"update_nd {reduction}",
            lambda c, r=reduction: ref.update_nd(EX, idx, upd, r, compiled=c),
            lambda x, i, u, o, r=reduction: nd.update_nd(x, i, u, reduction=r),
        ))
    return calls


def _extreme_backend(name):
    """(context, numpy -> native, native -> numpy, compile or None) for ``name``."""
    import contextlib

    mod = {"numpy": np, "array_api_strict": xps, "torch": torch, "jax": jax, "jax-x64": jax,
           "tensorflow": tf, "tensorflow-graph": tf}[name.split(":")[0]]
    if mod is None:
        require(name.split(":")[0].split("-")[0])
    name, _, mode = name.partition(":")
    ctx = jax.enable_x64(True) if name == "jax-x64" else contextlib.nullcontext()
    if name in ("jax", "jax-x64"):
        return ctx, *_convert("jax"), (jax.jit if mode else None)
    if name.startswith("tensorflow"):
        compile_ = tf.function if name == "tensorflow-graph" else (
            lambda f: tf.function(f, jit_compile=True))
        return ctx, *_convert("tensorflow"), (compile_ if mode else None)
    if name == "torch":
        compile_ = None
        if mode:
            torch._dynamo.reset()
            compile_ = partial(torch.compile, backend="aot_eager", fullgraph=True)
        return ctx, *_convert("torch"), compile_
    return ctx, *_convert(name), None


@pytest.mark.parametrize("dtype", ALL_INDEX_DTYPES)
@pytest.mark.parametrize("name", [
    "numpy", "array_api_strict", "torch", "jax", "jax-x64", "tensorflow",
    "torch:compiled", "jax:compiled", "jax-x64:compiled", "tensorflow:compiled",
    "tensorflow-graph:compiled",
])
def test_extreme_index_values_obey_the_bounds_rule(name, dtype):
    ctx, to, back, compile_ = _extreme_backend(name)
    with ctx:
        try:
            native_dtype = to(np.zeros(1, dtype)).dtype
        except Exception:  # noqa: BLE001 - the framework cannot hold this dtype at all
            pytest.skip(f"{name} cannot build {dtype} arrays")
        if np.dtype(dtype).name not in str(native_dtype):  # e.g. jax without x64: int32
            pytest.skip(f"{name} turns {dtype} into {native_dtype}")
        values = ref.extreme_values(dtype)
        if compile_ is None:  # eager: each extreme value raises the pinned IndexError
            for v in values:
                for idx in (np.array([[2, 3], [v, 1]], dtype), np.array([[1, v]], dtype)):
                    upd = np.arange(1, idx.shape[0] + 1, dtype=np.float32)
                    ones = np.ones(idx.shape[0], np.float32)
                    for fname, expect, call in _extreme_calls(idx, upd):
                        # segment_sum reads column 0 only: [[1, v]] is valid there.
                        expected = _outcome(expect, False)
                        got = _outcome(_native(call, back, to), EX, idx, upd, ones)
                        assert got[0] == expected[0], (fname, v, got, expected)
                        if got[0] == "error":
                            assert got[1:] == expected[1:], (fname, v, got, expected)
                        else:
                            np.testing.assert_array_equal(got[1], expected[1], err_msg=fname)
            return
        # Compiled: all values at once, among valid rows; gather clips, scatter drops.
        rows = [[v, 1] for v in values] + [[1, v] for v in values] + [[2, 3], [0, 0], [1, 2]]
        if not dtype.startswith("u"):
            rows.append([-1, -4])
        idx = np.array(rows, dtype)
        upd = np.arange(1, idx.shape[0] + 1, dtype=np.float32)
        ones = np.ones(idx.shape[0], np.float32)
        calls = _extreme_calls(idx, upd)
        program = compile_(lambda x, i, u, o: tuple(call(x, i, u, o) for _, _, call in calls))
        got = program(to(EX), to(idx), to(upd), to(ones))
        for (fname, expect, _), out in zip(calls, got):
            np.testing.assert_array_equal(back(out), expect(True), err_msg=fname)


@pytest.mark.parametrize("name", ["numpy", "torch"])
@pytest.mark.parametrize("idx_dtype", ["int32", "int64", "uint8", "uint64"])
@pytest.mark.parametrize("reduction", ["add", "multiply", "min", "max"])
def test_flat_row_fast_path(name, idx_dtype, reduction):
    # In-range indices take the flat-row path (numpy: np.take / ufunc.at, torch: index_select
    # / index_add on one axis); axes of different sizes (an index above the smallest axis),
    # trailing axes, broadcast updates, a non-contiguous x and negative indices (the general
    # path) must all mean the same.
    require(name)
    if idx_dtype in LACKS.get(name, set()):
        pytest.skip(f"{name} has no {idx_dtype}")
    to, back = _convert(name)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 7, 2, 2))
    idx = np.stack([rng.integers(0, 3, 40), rng.integers(0, 7, 40)], -1).astype(idx_dtype)
    idx[0] = (2, 6)
    # (reference, native) pairs: contiguous, and two non-contiguous views of the same values.
    native = to(x)
    views = [(x, native), (x[:, ::-1], native.flip(1) if name == "torch" else x[:, ::-1]),
             (x.transpose(0, 1, 3, 2),
              native.transpose(2, 3) if name == "torch" else x.transpose(0, 1, 3, 2))]
    for xs, tx in views:
        np.testing.assert_array_equal(back(nd.gather_nd(tx, to(idx))), ref.gather_nd(xs, idx))
        for upd in (rng.standard_normal((40, 2, 2)), rng.standard_normal((2,)), np.asarray(1.5)):
            np.testing.assert_allclose(
                back(nd.update_nd(tx, to(idx), to(upd), reduction=reduction)),
                ref.update_nd(xs, idx, upd, reduction), rtol=1e-12,
            )
    k1 = idx[:, :1]  # K = 1: whole sub-arrays
    np.testing.assert_array_equal(back(nd.gather_nd(to(x), to(k1))), ref.gather_nd(x, k1))
    ones = np.ones((40, 7, 2, 2))
    np.testing.assert_allclose(
        back(nd.scatter_nd(to(k1), to(ones), (3, 7, 2, 2), reduction=reduction)),
        ref.scatter_nd(k1, ones, (3, 7, 2, 2), reduction), rtol=1e-12,
    )
    if idx_dtype.startswith("int"):
        neg = idx.copy()
        neg[5] = (-1, -7)
        np.testing.assert_array_equal(back(nd.gather_nd(to(x), to(neg))), ref.gather_nd(x, neg))
        neg[6] = (0, 7)
        with pytest.raises(IndexError, match=r"^gather_nd: index 7 at indices\[6, 1\]"):
            nd.gather_nd(to(x), to(neg))
        with pytest.raises(IndexError, match=r"^update_nd: index 7 at indices\[6, 1\]"):
            nd.update_nd(to(x), to(neg), to(np.asarray(1.0)), reduction=reduction)


def test_narrow_negative_indices_on_long_axes_with_two_coordinates(backend):
    # int8 -1 read as unsigned is 255, below an axis of 300: the one-reduction range check
    # must not take it for an in-range index (the flat-row paths would address wrong rows).
    to, back = _convert(backend)
    x = np.arange(300.0 * 260.0).reshape(300, 260)
    idx = np.array([[-1, -2], [5, -128], [127, 3]], dtype=np.int8)
    np.testing.assert_array_equal(back(nd.gather_nd(to(x), to(idx))), ref.gather_nd(x, idx))
    upd = np.array([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(
        back(nd.update_nd(to(x), to(idx), to(upd), reduction="add")),
        ref.update_nd(x, idx, upd, "add"),
    )


@pytest.fixture
def torch_jit():
    """``arraykit.ext.jit``, for the tests of torch.compile (skips without torch or it)."""
    require("torch")
    import arraykit.ext.jit

    return arraykit.ext.jit


def test_torch_jit_compiles_nd_code_with_python_scalars_in_one_graph(torch_jit):
    # The vision benchmark's pattern: array-api-compat turns ``xp.clip(t, 0.0, w)`` and
    # ``xp.minimum(i, w - 1)`` into ``torch.result_type`` calls, which returned a dtype and
    # broke the graph, so arraykit.ext.jit ran the function eagerly. It must be one Inductor
    # graph from the first call on, with the eager result. (~10 s of C++ compilation.)
    import arraykit

    def resample_and_count(image, uv):
        xp = arraykit.array_namespace(image, uv)
        h, w = image.shape[0], image.shape[1]
        u = xp.clip(uv[:, 0], 0.0, float(w - 1))
        v = xp.clip(uv[:, 1], 0.0, float(h - 1))
        iu = xp.minimum(xp.astype(u, xp.int32) + 1, w - 1)
        iv = xp.astype(v, xp.int32)
        idx = xp.stack([iv, iu], axis=-1)
        counts = nd.scatter_nd(idx, xp.ones_like(u), (h, w), reduction="sum")
        return nd.gather_nd(image, idx), counts

    rng = np.random.default_rng(0)
    image = torch.asarray(rng.uniform(0, 1, (6, 5, 3)).astype(np.float32))
    uv = torch.asarray(rng.uniform(-2, 8, (40, 2)).astype(np.float32))
    jitted = torch_jit.jit(resample_and_count)
    out = jitted(image, uv)
    assert torch_jit.compilation(jitted) == "inductor"
    for a, b in zip(out, resample_and_count(image, uv)):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


@pytest.mark.parametrize("name", [n for n in BACKENDS if n != "array_api_strict"])
def test_pytree_warm_loads_the_nd_implementation(name):
    # arraykit.ext.jit warms the dispatch caches before torch.compile traces (dynamo cannot
    # follow the import nd does on first use of an array type); nd's must be among them.
    from arraykit.ext import _pytree

    x = from_numpy(name, np.zeros(2))
    nd._impl_by_type.pop(type(x), None)
    _pytree.warm(x)
    assert type(x) in nd._impl_by_type


def test_torch_jit_recompiles_static_when_a_dynamic_shape_graph_breaks(torch_jit):
    # A second image size makes dynamo mark the size dynamic; array-api-compat's clip then
    # sees a symbolic float bound (math.isnan breaks the graph). That call runs eagerly and
    # later sizes compile with static shapes instead of falling back to eager for good.
    import arraykit

    def lookup(image, uv):
        xp = arraykit.array_namespace(image, uv)
        u = xp.astype(xp.clip(uv, 0.0, float(image.shape[0] - 1)), xp.int32)
        return nd.gather_nd(image, xp.stack([u, u], axis=-1))

    jitted = torch_jit.jit(lookup)
    uv = torch.asarray(np.linspace(-2.0, 9.0, 7, dtype=np.float32))
    kinds = []
    for size in (5, 6, 7):
        image = torch.asarray(np.arange(size * size, dtype=np.float32).reshape(size, size))
        np.testing.assert_array_equal(jitted(image, uv).numpy(), lookup(image, uv).numpy())
        kinds.append(torch_jit.compilation(jitted))
    assert kinds[0] == "inductor" and kinds[2] == "inductor", kinds


def test_torch_compile_result_type_matches_eager(torch_jit):
    # arraykit.ext.jit's stand-in for array-api-compat's result_type while dynamo traces must
    # give the eager answers (scalar kinds, 0-d tensors, dtypes, the default dtype).
    import array_api_compat.torch as xpt

    import arraykit.ext.jit._torch  # noqa: F401 - registers the stand-in

    def promote(i32, u8, f16, f64_0d, b):
        return (
            xpt.result_type(i32, 2.5), xpt.result_type(i32, 2), xpt.result_type(u8, -1),
            xpt.result_type(f16, f64_0d), xpt.result_type(b, True), xpt.result_type(i32, 1j),
            xpt.result_type(u8, torch.int16), xpt.result_type(f16, 2, 3.0),
            xpt.minimum(u8, 3).dtype, xpt.clip(i32, 0, 1).dtype,
        )

    args = (torch.zeros(3, dtype=torch.int32), torch.zeros(3, dtype=torch.uint8),
            torch.zeros(3, dtype=torch.float16), torch.zeros((), dtype=torch.float64),
            torch.zeros(3, dtype=torch.bool))
    compiled = torch.compile(promote, backend="aot_eager", fullgraph=True)
    assert compiled(*args) == promote(*args)


# ------------------------------------------------------------------------------------------
# Gradients, against finite differences in float64. Values are distinct (no min/max ties).
# ------------------------------------------------------------------------------------------

GX = np.array([[0.3, -1.2, 2.5], [1.7, 0.9, -0.4]])
GI = np.array([[1, 2], [0, 0], [1, -3], [-1, 2]])  # rows 0 and 3 both address (1, 2)
GU = np.array([0.5, 3.1, -2.2, 1.4])


def _np_loss(fn, reduction, x, u):
    if fn == "gather":
        return float(np.sum(ref.gather_nd(x, GI) ** 2))
    return float(np.sum(ref.update_nd(x, GI, u, reduction) ** 2 * np.arange(1, 7).reshape(2, 3)))


def _numeric_grads(fn, reduction, eps=1e-6):
    grads = []
    for which in ("x", "u"):
        base = GX if which == "x" else GU
        g = np.zeros_like(base)
        for pos in np.ndindex(*base.shape):
            plus, minus = base.copy(), base.copy()
            plus[pos] += eps
            minus[pos] -= eps
            args = {"x": (plus, GU), "u": (GX, plus)}[which]
            args_m = {"x": (minus, GU), "u": (GX, minus)}[which]
            g[pos] = (_np_loss(fn, reduction, *args) - _np_loss(fn, reduction, *args_m)) / (2 * eps)
        grads.append(g)
    return grads


CASES = [("gather", None)] + [("update", r) for r in ["add", "replace", "multiply", "min", "max"]]
WEIGHT = np.arange(1, 7).reshape(2, 3).astype(np.float64)


@pytest.mark.parametrize(("fn", "reduction"), CASES)
def test_gradients_torch(fn, reduction):
    if torch is None:
        require("torch")
    x = torch.tensor(GX, requires_grad=True)
    u = torch.tensor(GU, requires_grad=True)
    i = torch.tensor(GI)
    if fn == "gather":
        loss = (nd.gather_nd(x, i) ** 2).sum()
    else:
        loss = (nd.update_nd(x, i, u, reduction=reduction) ** 2 * torch.tensor(WEIGHT)).sum()
    loss.backward()
    gx, gu = _numeric_grads(fn, reduction)
    np.testing.assert_allclose(x.grad.numpy(), gx, atol=1e-6)
    if fn != "gather":
        np.testing.assert_allclose(u.grad.numpy(), gu, atol=1e-6)


@pytest.mark.parametrize(("fn", "reduction"), CASES)
def test_gradients_jax(fn, reduction):
    if jax is None:
        require("jax")
    with jax.enable_x64(True):
        i = jnp.asarray(GI)

        def loss(x, u):
            if fn == "gather":
                return (nd.gather_nd(x, i) ** 2).sum()
            return (nd.update_nd(x, i, u, reduction=reduction) ** 2 * jnp.asarray(WEIGHT)).sum()

        gx, gu = jax.grad(loss, argnums=(0, 1))(jnp.asarray(GX), jnp.asarray(GU))
        jgx, jgu = jax.jit(jax.grad(loss, argnums=(0, 1)))(jnp.asarray(GX), jnp.asarray(GU))
    ngx, ngu = _numeric_grads(fn, reduction)
    for got_x, got_u in ((gx, gu), (jgx, jgu)):
        np.testing.assert_allclose(np.asarray(got_x), ngx, atol=1e-6)
        if fn != "gather":
            np.testing.assert_allclose(np.asarray(got_u), ngu, atol=1e-6)


@pytest.mark.parametrize(("fn", "reduction"), CASES)
def test_gradients_tensorflow(fn, reduction):
    if tf is None:
        require("tensorflow")
    x = tf.Variable(GX)
    u = tf.Variable(GU)
    i = tf.constant(GI)
    with tf.GradientTape() as tape:
        if fn == "gather":
            loss = tf.reduce_sum(nd.gather_nd(x, i) ** 2)
        else:
            loss = tf.reduce_sum(nd.update_nd(tf.identity(x), i, tf.identity(u),
                                              reduction=reduction) ** 2 * WEIGHT)
    gx, gu = tape.gradient(loss, [x, u])
    ngx, ngu = _numeric_grads(fn, reduction)
    np.testing.assert_allclose(tf.convert_to_tensor(gx).numpy(), ngx, atol=1e-6)
    if fn != "gather":
        np.testing.assert_allclose(tf.convert_to_tensor(gu).numpy(), ngu, atol=1e-6)


@pytest.mark.parametrize(("fn", "reduction"), [("gather", None), ("update", "add"),
                                              ("update", "replace")])
def test_gradients_tensorflow_under_xla(fn, reduction):
    if tf is None:
        require("tensorflow")
    i = tf.constant(GI)

    @tf.function(jit_compile=True)
    def grads(x, u):
        with tf.GradientTape() as tape:
            tape.watch([x, u])
            if fn == "gather":
                loss = tf.reduce_sum(nd.gather_nd(x, i) ** 2)
            else:
                loss = tf.reduce_sum(nd.update_nd(x, i, u, reduction=reduction) ** 2 * WEIGHT)
        return tape.gradient(loss, [x, u], unconnected_gradients="zero")

    gx, gu = grads(tf.constant(GX), tf.constant(GU))
    ngx, ngu = _numeric_grads(fn, reduction)
    np.testing.assert_allclose(gx.numpy(), ngx, atol=1e-6)
    if fn != "gather":
        np.testing.assert_allclose(gu.numpy(), ngu, atol=1e-6)


def test_multiply_with_many_rows_and_duplicates(backend):
    # rows * updates > 2**31: a sort key built as row * n + position overflowed int32 on JAX.
    to, back = _convert(backend)
    idx = np.r_[np.arange(10000) * 30, [5, 5, -1]].reshape(-1, 1).astype(np.int32)
    x = np.ones(300000, np.float32)
    u = np.full(idx.shape[0], 2.0, np.float32)
    got = back(nd.update_nd(to(x), to(idx), to(u), reduction="multiply"))
    want = x.copy()
    np.multiply.at(want, idx[:, 0], u)
    np.testing.assert_array_equal(got, want)


# ------------------------------------------------------------------------------------------
# MXNet: its own property tests (its index dtypes, more examples), autograd gradients
# ------------------------------------------------------------------------------------------

MX_SMALL = settings(
    max_examples=int(os.environ.get("ND_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.function_scoped_fixture],  # ``backend`` is a str
)
MX_INDEX_DTYPES = ["int8", "int32", "int64", "uint8"]  # mxnet has no int16/uint16+


def _mx_check(expected, call, arrays):
    to, back = _convert("mxnet")
    got = _outcome(lambda: back(call(*[to(a) for a in arrays])))
    if expected[0] == "error":
        assert got[0] == "error" and got[1:] == expected[1:], (got, expected)
    else:
        assert got[0] == "ok", got
        assert got[1].dtype == expected[1].dtype
        np.testing.assert_array_equal(got[1], expected[1])


@st.composite
def _mx_indices(draw, dims, lead):
    dtype = draw(st.sampled_from(MX_INDEX_DTYPES))
    signed = not dtype.startswith("u")
    n = int(np.prod(lead)) if lead else 1
    cols = []
    for d in dims:
        lo, hi = (-d if signed else 0), d - 1
        if draw(st.integers(0, 9)) == 0:
            lo, hi = (lo - 2 if signed else lo), hi + 2
        cols.append(draw(st.lists(st.integers(lo, hi), min_size=n, max_size=n)))
    return np.array(cols, dtype=np.int64).T.reshape(tuple(lead) + (len(dims),)).astype(dtype)


@mxnet_only
@MX_SMALL
@given(data=st.data())
def test_mxnet_gather_nd_matches_reference(backend, data):
    x_shape = data.draw(st.sampled_from([(5,), (4, 3), (3, 4, 2)]))
    b = data.draw(st.integers(0, min(1, len(x_shape) - 1)))
    k = data.draw(st.integers(1, len(x_shape) - b))
    lead = tuple(x_shape[:b]) + data.draw(st.sampled_from([(), (0,), (3,), (2, 2)]))
    idx = data.draw(_mx_indices(x_shape[b:b + k], lead))
    x = (np.arange(np.prod(x_shape)).reshape(x_shape) - 3).astype(
        data.draw(st.sampled_from(VALUE_DTYPES)))
    _mx_check(_outcome(ref.gather_nd, x, idx, b),
              lambda a, i: nd.gather_nd(a, i, batch_dims=b), [x, idx])


@mxnet_only
@MX_SMALL
@given(data=st.data())
def test_mxnet_update_and_scatter_nd_match_reference(backend, data):
    x_shape = data.draw(st.sampled_from([(5,), (4, 3), (3, 4, 2)]))
    k = data.draw(st.integers(1, len(x_shape)))
    lead = data.draw(st.sampled_from([(), (0,), (4,), (2, 3), (9,)]))
    idx = data.draw(_mx_indices(x_shape[:k], lead))
    dtype = data.draw(st.sampled_from(VALUE_DTYPES))
    upd_shape = () if data.draw(st.booleans()) else lead + x_shape[k:]
    size = int(np.prod(upd_shape))
    upd = np.asarray(data.draw(st.lists(st.integers(-4, 4), min_size=size, max_size=size)))
    upd = upd.reshape(upd_shape).astype(dtype)
    x = (np.arange(np.prod(x_shape)) % 7 - 3).reshape(x_shape).astype(dtype)
    red = data.draw(st.sampled_from(["replace", "add", "multiply", "min", "max"]))
    _mx_check(_outcome(ref.update_nd, x, idx, upd, red),
              lambda a, i, u: nd.update_nd(a, i, u, reduction=red), [x, idx, upd])
    _mx_check(_outcome(ref.scatter_nd, idx, upd, x_shape, red),
              lambda i, u: nd.scatter_nd(i, u, x_shape, reduction=red), [idx, upd])


@pytest.mark.parametrize("reduction", ["add", "min", "max"])
def test_segments(backend, reduction):
    to, back = _convert(backend)
    data = np.array([[1.0, -2.0], [3.0, 4.0], [-5.0, 6.0], [7.0, 0.5]])
    ids = np.array([2, 0, 2, -4])
    fn = {"add": nd.segment_sum, "min": nd.segment_min, "max": nd.segment_max}[reduction]
    np.testing.assert_array_equal(back(fn(to(data), to(ids), 4)),
                                  ref.segment(data, ids, 4, reduction))
    mean = back(nd.segment_mean(to(np.array([1.0, 2.0, 6.0])), to(np.array([0, 0, 2])), 4))
    np.testing.assert_array_equal(mean, [1.5, 0.0, 6.0, 0.0])


@mxnet_only
def test_mxnet_errors_are_the_pinned_ones(backend):
    to, _back = _convert(backend)
    x = to(np.zeros((3, 4)))
    with pytest.raises(IndexError, match=r"^update_nd: index 3 at indices\[0, 0\]"):
        nd.update_nd(x, to(np.array([[3, 0]])), to(np.array([1.0])), reduction="add")


@mxnet_only
def test_mxnet_narrow_index_dtypes_on_long_axes_int64_scatter(backend):
    to, back = _convert(backend)
    x = to(np.arange(300.0))
    idx = to(np.array([[-1], [-128], [127]], dtype=np.int8))
    np.testing.assert_array_equal(back(nd.gather_nd(x, idx)), [299.0, 172.0, 127.0])
    out = back(nd.scatter_nd(to(np.array([[255], [-1]], dtype=np.int64)),
                             to(np.array([1.0, 2.0])), (300,)))
    assert out[255] == 1.0 and out[299] == 2.0 and out.sum() == 3.0
    with pytest.raises(IndexError, match=r"^gather_nd: index 250 at indices\[0, 0\]"):
        nd.gather_nd(to(np.zeros(200)), to(np.array([[250]], dtype=np.uint8)))


@mxnet_only
@pytest.mark.parametrize("dtype", MX_INDEX_DTYPES)
def test_mxnet_extreme_index_values_raise(backend, dtype):
    # Every index dtype at the ends of its range (issue 18): no cast may make one valid.
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    for v in ref.extreme_values(dtype):
        for idx in (np.array([[2, 3], [v, 1]], dtype), np.array([[1, v]], dtype)):
            upd = np.arange(1, idx.shape[0] + 1, dtype=np.float32)
            _mx_check(_outcome(ref.gather_nd, x, idx), nd.gather_nd, [x, idx])
            _mx_check(_outcome(ref.scatter_nd, idx, upd, x.shape),
                      lambda i, u: nd.scatter_nd(i, u, x.shape), [idx, upd])
            for red in ("replace", "add", "multiply", "min", "max"):
                _mx_check(_outcome(ref.update_nd, x, idx, upd, red),
                          lambda a, i, u, r=red: nd.update_nd(a, i, u, reduction=r),
                          [x, idx, upd])
            ids, ones = idx[:, 1].copy(), np.ones(idx.shape[0], np.float32)
            _mx_check(_outcome(ref.segment, ones, ids, 3, "add"),
                      lambda d, i: nd.segment_sum(d, i, 3), [ones, ids])


MX_W = np.arange(1, 7).reshape(2, 3).astype(np.float64)
GI_WRAPPED = GI % np.array(GX.shape)  # the same rows, no negatives: the flat-row path


def _mx_loss_np(fn, red, x, u, gi=GI):
    if fn == "gather":
        return float(np.sum(ref.gather_nd(x, gi) ** 2))
    return float(np.sum(ref.update_nd(x, gi, u, red) ** 2 * MX_W))


@mxnet_only
@pytest.mark.parametrize("gi", [GI, GI_WRAPPED], ids=["negative", "non-negative"])
@pytest.mark.parametrize(("fn", "red"), CASES)
def test_gradients_mxnet_autograd(backend, fn, red, gi):
    to, back = _convert(backend)
    x, u = to(GX), to(GU)
    x.attach_grad()
    u.attach_grad()
    with autograd.record():
        if fn == "gather":
            loss = (nd.gather_nd(x, to(gi)) ** 2).sum()
        else:
            loss = (nd.update_nd(x, to(gi), u, reduction=red) ** 2 * to(MX_W)).sum()
    loss.backward()
    eps = 1e-6
    for got, base, which in ((x.grad, GX, 0), (u.grad, GU, 1)):
        if fn == "gather" and which == 1:
            continue
        num = np.zeros_like(base)
        for pos in np.ndindex(*base.shape):
            p, m = base.copy(), base.copy()
            p[pos] += eps
            m[pos] -= eps
            args_p = (p, GU) if which == 0 else (GX, p)
            args_m = (m, GU) if which == 0 else (GX, m)
            num[pos] = (
                _mx_loss_np(fn, red, *args_p, gi=gi) - _mx_loss_np(fn, red, *args_m, gi=gi)
            ) / (2 * eps)
        np.testing.assert_allclose(back(got), num, atol=1e-6)


def test_paddle_tuple_form_gathers_flat_rows_without_a_stack(monkeypatch):
    # Paddle 3.3.1's stack of two 65536 index columns costs as much as the gather itself:
    # in-range columns become flat rows and one paddle.gather, with the stacked form's values
    # and gradient; a column out of range or negative still takes the stacked form's path.
    paddle = require("paddle")
    from arraykit.ext.nd import _paddle

    rng = np.random.default_rng(3)
    x = rng.standard_normal((4, 9, 3)).astype(np.float32)
    i0, i1 = rng.integers(0, 4, (6, 5)), rng.integers(0, 9, (6, 5))
    i0[0, 0], i1[0, 0] = 3, 8  # an index above the smaller axis
    for dtype in ("int32", "int64", "int16", "uint8"):
        xt = paddle.to_tensor(x)
        xt.stop_gradient = False
        cols = (paddle.to_tensor(i0.astype(dtype)), paddle.to_tensor(i1.astype(dtype)))
        stacked = paddle.stack(list(cols), axis=-1)
        want = nd.gather_nd(xt, stacked)
        (dwant,) = paddle.grad([paddle.sum(want * want)], [xt])

        def no_stack(*a, **k):
            raise AssertionError("the in-range tuple form stacked its columns")

        with monkeypatch.context() as m:
            m.setattr(_paddle._xp, "stack", no_stack)
            m.setattr(paddle, "stack", no_stack)
            got = nd.gather_nd(xt, cols)
        assert got.dtype == want.dtype and tuple(got.shape) == tuple(want.shape) == (6, 5, 3)
        np.testing.assert_array_equal(got.numpy(), x[i0, i1])
        (dgot,) = paddle.grad([paddle.sum(got * got)], [xt])
        np.testing.assert_array_equal(dgot.numpy(), dwant.numpy())
    neg = paddle.to_tensor(np.where(i1 == 2, -1, i1))
    np.testing.assert_array_equal(
        nd.gather_nd(paddle.to_tensor(x), (paddle.to_tensor(i0), neg)).numpy(),
        x[i0, np.where(i1 == 2, -1, i1)])
    with pytest.raises(IndexError, match=r"^gather_nd: index 9 at indices\[0, 0, 1\]"):
        nd.gather_nd(paddle.to_tensor(x), (paddle.to_tensor(i0), paddle.to_tensor(i1 + (i1 == 8))))


def _mlx_ops(a):
    """The MLX operations of the unevaluated graph behind ``a``, by name."""
    import io

    mx = require("mlx.core")
    dot = io.StringIO()
    mx.export_to_dot(dot, a)
    return re.findall(r'label ="([^"]+)"', dot.getvalue())


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint8", "int16"])
def test_mlx_eager_in_range_gather_and_scatter_are_the_native_program(dtype, monkeypatch):
    # The vision workload's lookups eagerly: in-range indices (the tuple form's columns, or
    # stacked rows) are evaluated once, all together, read on the host (one NumPy max per
    # column), and the result is the native program on the columns: flat rows and one take
    # (no stack, no int64 cast of int32 indices, no column slices of a stack); a scatter's
    # rows in int32 likewise. Out-of-bounds and negative entries keep the stacked form's path.
    mx = require("mlx.core")
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 9, 3)).astype(np.float32)
    i0, i1 = rng.integers(0, 4, (6, 5)).astype(dtype), rng.integers(0, 9, (6, 5)).astype(dtype)
    i0[0, 0], i1[0, 0] = 3, 8  # an index above the smaller axis
    xm, cols = mx.array(x), (mx.array(i0), mx.array(i1))
    mx.eval(xm, *cols)
    evals = []
    real_eval = mx.eval
    with monkeypatch.context() as m:
        m.setattr(mx, "eval", lambda *a: (evals.append(len(a)), real_eval(*a))[1])
        got = nd.gather_nd(xm, (cols[0] + 0, cols[1] + 0))
        assert evals == [2]  # one evaluation of both columns
    np.testing.assert_array_equal(np.asarray(got), x[i0, i1])
    rows = cols[0] * 9 + cols[1]
    if dtype in ("uint8", "int16"):  # row numbers in int32 (every one fits)
        rows = cols[0].astype(mx.int32) * 9 + cols[1].astype(mx.int32)
    got = nd.gather_nd(xm, cols)
    native = mx.reshape(mx.take(mx.reshape(xm, (36, 3)), mx.reshape(rows, (30,)), axis=0),
                        (6, 5, 3))
    assert _mlx_ops(got) == _mlx_ops(native)
    vox = nd.scatter_nd(mx.stack(list(cols), axis=-1), mx.ones((6, 5)), (4, 9))
    assert _mlx_ops(vox).count("Scatter Sum") == 1
    if dtype in ("int32", "int64"):  # rows computed in the indices' own dtype
        assert "AsType" not in _mlx_ops(vox)
        assert "AsType" not in _mlx_ops(nd.gather_nd(xm, mx.stack(list(cols), axis=-1)))
    want = np.zeros((4, 9), np.float32)
    np.add.at(want, (i0, i1), 1)
    np.testing.assert_array_equal(np.asarray(vox), want)
    if dtype != "uint8":
        neg = np.where(i1 == 2, -1, i1).astype(dtype)
        np.testing.assert_array_equal(
            np.asarray(nd.gather_nd(xm, (cols[0], mx.array(neg)))), x[i0, neg])
    # int8 into an axis of 300: -1 must not read as 255 (the unsigned max decides nothing).
    long = rng.standard_normal((2, 300)).astype(np.float32)
    i8 = np.array([0, 1, 1, 0, 1], dtype=np.int8)
    j8 = np.array([0, 127, -1, -128, 5], dtype=np.int8)
    np.testing.assert_array_equal(
        np.asarray(nd.gather_nd(mx.array(long), (mx.array(i8), mx.array(j8)))), long[i8, j8])
    bad = mx.array(i1 + (i1 == 8))
    with pytest.raises(IndexError, match=r"^gather_nd: index 9 at indices\[0, 0, 1\]"):
        nd.gather_nd(xm, (cols[0], bad))
    with pytest.raises(IndexError, match=r"^scatter_nd: index 9 at indices\[0, 0, 1\]"):
        nd.scatter_nd((cols[0], bad), mx.ones((6, 5)), (4, 9))


def test_paddle_stacked_indices_range_check_is_one_unsigned_max(monkeypatch):
    # Paddle on the CPU: the in-range test of stacked index rows reads one NumPy max of a host
    # view as unsigned (no min/max pair, ``_extremes``), per-column maxima only where the axes
    # differ and the largest entry needs them; scatter_nd's updates of the index rows' shape
    # go to scatter_nd_add without a broadcast copy. Same values and errors as NumPy's.
    paddle = require("paddle")
    from arraykit.ext.nd import _paddle

    def refused(*a, **k):
        raise AssertionError("a min/max pair or a broadcast copy was computed")

    monkeypatch.setattr(_paddle._PaddleNd, "_extremes", refused)
    monkeypatch.setattr(paddle, "broadcast_to", refused)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 9, 3)).astype(np.float32)
    for dtype in ("int32", "int64", "int16", "uint8"):
        for hi in (4, 9):  # below every axis; above the smaller one (per-column maxima)
            i = np.stack([rng.integers(0, 4, 40), rng.integers(0, hi, 40)], -1).astype(dtype)
            it = paddle.to_tensor(i)
            got = nd.gather_nd(paddle.to_tensor(x), it)
            np.testing.assert_array_equal(got.numpy(), x[i[:, 0], i[:, 1]])
            w = rng.standard_normal(40).astype(np.float32)
            want = np.zeros((4, 9), np.float32)
            np.add.at(want, (i[:, 0], i[:, 1]), w)
            got = nd.scatter_nd(it, paddle.to_tensor(w), (4, 9), reduction="sum")
            np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-6)
    monkeypatch.undo()
    i = np.stack([rng.integers(0, 4, 40), rng.integers(0, 9, 40)], -1).astype("int32")
    i[3] = (2, -1)
    np.testing.assert_array_equal(nd.gather_nd(paddle.to_tensor(x), paddle.to_tensor(i)).numpy(),
                                  x[i[:, 0], i[:, 1]])
    i[3] = (4, 0)  # past the first axis, below the second
    with pytest.raises(IndexError, match=r"^gather_nd: index 4"):
        nd.gather_nd(paddle.to_tensor(x), paddle.to_tensor(i))


@pytest.mark.parametrize("idx_dtype", [">i4", ">i2", ">i8"])
def test_numpy_indices_in_the_other_byte_order_wrap_and_raise_as_native_ones(idx_dtype):
    """Signed indices in the other byte order (no native unsigned twin to read them through)
    give the native dtype's values and errors: a negative index wraps (it read as a large
    unsigned max before and took the in-range path: row i_0 * d_1 - 1, a wrong value), one
    below -d raises gather_nd's IndexError."""
    x = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    i0 = np.array([[1, 2], [0, 1]])
    i1 = np.array([[-1, 0], [3, -4]])
    for form in ("stacked", "tuple"):
        def idx(a, b, form=form):
            if form == "tuple":
                return (a.astype(idx_dtype), b.astype(idx_dtype))
            return np.stack([a, b], -1).astype(idx_dtype)
        for _ in range(2):  # the second call may take a path the first one set up
            np.testing.assert_array_equal(nd.gather_nd(x, idx(i0, i1)), x[i0, i1])
            np.testing.assert_array_equal(nd.gather_nd(x, idx(-1 - i0, i1)), x[-1 - i0, i1])
        bad = i1.copy()
        bad[1, 1] = -5
        with pytest.raises(IndexError, match=r"^gather_nd: index -5 at indices\[1, 1, 1\] "):
            nd.gather_nd(x, idx(i0, bad))
        want = x.copy()
        want[i0, i1] = 7.0
        np.testing.assert_array_equal(nd.update_nd(x, idx(i0, i1), np.float32(7.0)), want)
        with pytest.raises(IndexError, match=r"^update_nd: index -5 at indices\[1, 1, 1\] "):
            nd.update_nd(x, idx(i0, bad), np.float32(7.0))
        upd = np.ones((2, 2, 5), np.float32)
        want = np.zeros((3, 4, 5), np.float32)
        np.add.at(want, (i0, i1), upd)
        np.testing.assert_array_equal(nd.scatter_nd(idx(i0, i1), upd, (3, 4, 5)), want)


def test_numpy_gather_nd_tuple_form_seen_before_skips_the_front(monkeypatch):
    """A tuple-form gather whose shapes and dtype NumPy's backend served before runs as one
    function (``_numpy.gather_columns``: no argument checks again, one max per column after
    the first, flat rows, one take), with the general path's values, dtypes and errors for
    every input it must not decide: the other columns' out-of-range and negative entries, a
    first column past either end, columns of another dtype, shape or library, batch_dims,
    non-contiguous or subclassed x, empty columns."""
    import arraykit.ext.nd as ndm

    rng = np.random.default_rng(11)
    x = rng.standard_normal((6, 5, 3)).astype(np.float32)
    i0 = rng.integers(0, 6, (4, 7)).astype(np.int32)
    i1 = rng.integers(0, 5, (4, 7)).astype(np.int32)
    want = x[i0, i1]
    x1 = x[..., 0].copy()  # no inner axis: the take's result is the answer
    x4 = rng.standard_normal((6, 5, 2, 2)).astype(np.float32)  # two inner axes
    for a in (x, x1, x4):
        np.testing.assert_array_equal(nd.gather_nd(a, (i0, i1)), a[i0, i1])  # general path
    calls = []
    real = ndm._columns
    monkeypatch.setattr(ndm, "_columns", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    got = nd.gather_nd(x, (i0, i1))
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(nd.gather_nd(x1, (i0, i1)), x1[i0, i1])
    np.testing.assert_array_equal(nd.gather_nd(x4, (i0, i1)), x4[i0, i1])
    assert calls == []

    for k, v in [(1, 5), (1, 1000), (1, -1), (1, -5), (1, -6), (0, 6), (0, -1), (0, -6),
                 (0, -7), (0, 2**31 - 1), (0, -(2**31))]:
        cols = [i0.copy(), i1.copy()]
        cols[k][2, 3] = v
        assert_same_as_stacked(x, tuple(cols))
    with pytest.raises(TypeError, match=r"^gather_nd: the index arrays of a tuple must have one "
                       r"dtype; got int32, int64 "):
        nd.gather_nd(x, (i0, i1.astype(np.int64)))
    with pytest.raises(ValueError, match=r"^gather_nd: the index arrays of a tuple must have one "
                       r"shape \(they are not broadcast\); got shapes \(4, 7\), \(4, 3\)$"):
        nd.gather_nd(x, (i0, i1[:, :3]))
    assert_same_as_stacked(x[:, ::2], (i0, i1 % 3))  # not C-contiguous
    assert_same_as_stacked(x, (i0[:0], i1[:0]))  # empty
    assert_same_as_stacked(x, (i0[:, :1], i1[:, :1]), batch_dims=0)
    y = x.reshape(6, 5, 3, 1)[..., 0]
    assert_same_as_stacked(np.stack([y, y]), (np.stack([i0, i0]), np.stack([i1, i1])), batch_dims=1)
    with pytest.raises(TypeError, match=r"^gather_nd: batch_dims must be an int, not bool$"):
        nd.gather_nd(x, (i0, i1), batch_dims=False)
    with pytest.raises(TypeError):
        nd.gather_nd(x, (i0, i1.tolist()))
    with pytest.raises(TypeError):
        nd.gather_nd(x, (i0.tolist(), i1))

    class Sub(np.ndarray):
        pass

    got = nd.gather_nd(x.view(Sub), (i0, i1))
    np.testing.assert_array_equal(np.asarray(got), want)
    np.testing.assert_array_equal(nd.gather_nd(x, (i0.view(Sub), i1)), want)


@pytest.mark.parametrize("c_rows", [False, True], ids=["numpy-rows", "c-rows"])
@pytest.mark.parametrize("idx_dtype", ["int8", "int16", "int32", "uint8", "uint32", "int64"])
def test_numpy_gather_nd_tuple_form_leaves_the_first_column_to_take(
    idx_dtype, c_rows, monkeypatch
):
    """NumPy's tuple form checks the columns after the first and lets np.take of the flat
    rows bound the first (its wrap of [-rows, 0) is gather_nd's wrap of i_0 in [-d_0, 0)):
    one column reduction per 2-column gather where the checked path took two, for indices of
    at most 32 bits; every first-column value at and past both ends gives the stacked form's
    values or its IndexError (message included), and int64 keeps the checked path. With the
    C helper (_rows.c) an in-range call makes no NumPy reduction at all (its one pass checks
    and computes the rows); without it (c-rows off) the NumPy path runs as before."""
    from arraykit.ext.nd import _common, _numpy

    if c_rows and _numpy._c_rows is None:
        pytest.skip("the optional C extension arraykit.ext.nd._rows is not built")
    if not c_rows:
        monkeypatch.setattr(_numpy, "_c_rows", None)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((5, 7, 3)).astype(np.float32)
    i1 = rng.integers(0, 7, (4, 6))
    reads = []
    real = _common.host_column_in_range  # the tuple form's one reduction per column
    monkeypatch.setattr(_common, "host_column_in_range",
                        lambda c, d: reads.append(d) or real(c, d))
    umax = _numpy._umax  # the same reduction in gather_columns (a call seen before)
    monkeypatch.setattr(_numpy, "_umax", lambda c, axis: reads.append(c.shape) or umax(c, axis))
    signed = idx_dtype.startswith("int")
    info = np.iinfo(idx_dtype)
    firsts = [0, 4, 5, 6, info.max] + ([-1, -5, -6, info.min] if signed else [])
    for v in firsts:
        i0 = rng.integers(0, 5, (4, 6)).astype(idx_dtype)
        i0[1, 3] = v
        cols = (i0, i1.astype(idx_dtype))
        stacked = np.stack(cols, axis=-1)
        reads.clear()
        try:
            want = nd.gather_nd(x, stacked)
        except IndexError as e:
            with pytest.raises(IndexError, match="^" + re.escape(str(e)) + "$"):
                nd.gather_nd(x, cols)
            continue
        reads.clear()
        got = nd.gather_nd(x, cols)
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(got, x[i0.astype(np.int64), i1])
        if v in (0, 4) and idx_dtype != "int64":
            assert len(reads) == (0 if c_rows else 1), reads  # the second column only


@pytest.mark.parametrize("jit_compile", [False, True])
def test_tensorflow_graph_sum_scatter_is_one_scatter_into_x(jit_compile):
    """In a graph, a floating "sum" update_nd/scatter_nd is one TensorScatterAdd into ``x``
    (no spare row concatenated and cut off: 64,001 rows copied per vision step before); a
    dropped update (out of bounds) adds -0.0, which keeps every target, -0.0 included."""
    require("tensorflow")
    from arraykit.ext.nd import scatter_nd, update_nd

    x = tf.constant([-0.0, 1.0, -0.0, 3.0, 0.0, -0.0], tf.float32)
    idx = tf.constant([[1], [-1], [7], [-7], [0], [4]], tf.int32)
    upd = tf.constant([10.0, 20.0, 30.0, 40.0, 50.0, -0.0], tf.float32)

    @tf.function(jit_compile=jit_compile)
    def f(x, idx, upd):
        return update_nd(x, idx, upd, reduction="sum"), scatter_nd(idx, upd, (6,))

    got, new = (t.numpy() for t in f(x, idx, upd))
    want = np.array([50.0, 11.0, -0.0, 3.0, 0.0, 20.0], np.float32)  # rows 2 and 3 dropped
    np.testing.assert_array_equal(got, want)
    assert list(np.signbit(got)) == [False, False, True, False, False, False]
    np.testing.assert_array_equal(new, [50.0, 10.0, 0.0, 0.0, 0.0, 20.0])
    ops = [op.type for op in f.get_concrete_function(x, idx, upd).graph.get_operations()]
    assert ops.count("TensorScatterAdd") == 2 and "ConcatV2" not in ops, ops


def test_tensorflow_xla_sum_scatter_lets_xla_skip_dropped_updates():
    """Under XLA a dropped update of a floating sum-scatter gets row number M, which XLA's
    scatter skips: the updates reach the scatter unmasked (no second pass recomputing the
    drop mask for them: ~3% of the TF vision step), and a dropped update's gradient is still
    zero (TF's own gradient would gather row M, which XLA clamps to the last row)."""
    require("tensorflow")
    from arraykit.ext.nd import update_nd

    x = tf.constant([-0.0, 1.0, -0.0, 3.0, 0.0, -0.0], tf.float32)
    idx = tf.constant([[1], [-1], [7], [-7], [0], [4]], tf.int32)
    upd = tf.constant([10.0, 20.0, 30.0, 40.0, 50.0, -0.0], tf.float32)

    @tf.function(jit_compile=True, autograph=False)
    def f(x, idx, upd):
        with tf.GradientTape() as tape:
            tape.watch([x, upd])
            y = update_nd(x, idx, upd, reduction="sum")
            loss = tf.reduce_sum(y * tf.range(1.0, 7.0))
        return (y,) + tuple(tape.gradient(loss, [x, upd]))

    y, gx, gu = (t.numpy() for t in f(x, idx, upd))
    np.testing.assert_array_equal(y, [50.0, 11.0, -0.0, 3.0, 0.0, 20.0])  # rows 2, 3 dropped
    assert list(np.signbit(y)) == [False, False, True, False, False, False]
    np.testing.assert_array_equal(gx, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    np.testing.assert_array_equal(gu, [2.0, 6.0, 0.0, 0.0, 1.0, 5.0])
    graph = f.get_concrete_function(x, idx, upd).graph
    scatters = [op for op in graph.get_operations() if op.type == "TensorScatterAdd"]
    assert len(scatters) == 1, scatters
    assert scatters[0].inputs[2].op.type not in ("Select", "SelectV2"), scatters[0].inputs[2]


@pytest.mark.parametrize("jit_compile", [False, True])
def test_tensorflow_graph_gather_is_tf_gather_nd_of_clipped_columns(jit_compile):
    """In a graph, a gather (no batch axes) is TF's own GatherNd of the index columns, each
    wrapped and clipped into its axis (the compiled rule), not a gather of rows of a flat
    view (~15% slower under XLA for the vision workload's bilinear sampling); every dtype of
    indices, out-of-bounds and negative entries, a trailing axis, and the gradient (to the
    clipped element) as the rule gives them."""
    require("tensorflow")
    from arraykit.ext.nd import gather_nd

    rng = np.random.default_rng(3)
    x = rng.standard_normal((5, 6, 2)).astype(np.float32)
    rows = np.array([[0, 0], [4, 5], [-1, -6], [-5, 2], [5, 6], [-6, -7], [99, -99], [2, 3]])
    want = x[np.clip(np.where(rows[:, 0] < 0, rows[:, 0] + 5, rows[:, 0]), 0, 4),
             np.clip(np.where(rows[:, 1] < 0, rows[:, 1] + 6, rows[:, 1]), 0, 5)]
    want[5] = x[0, 0]  # below -d: clipped to -d, which wraps to 0
    want[6] = x[4, 0]
    for dtype in ("int8", "int16", "int32", "int64"):
        f = tf.function(gather_nd, jit_compile=jit_compile, autograph=False)
        idx = tf.constant(rows.astype(dtype))
        np.testing.assert_array_equal(f(tf.constant(x), idx).numpy(), want)
        ops = [op.type for op in f.get_concrete_function(tf.constant(x), idx).graph
               .get_operations()]
        assert ops.count("GatherNd") == 1 and "GatherV2" not in ops, ops
    unsigned = np.array([[0, 7], [4, 255], [3, 1]], np.uint8)
    f = tf.function(gather_nd, jit_compile=jit_compile, autograph=False)
    np.testing.assert_array_equal(f(tf.constant(x), tf.constant(unsigned)).numpy(),
                                  x[[0, 4, 3], [5, 5, 1]])

    @tf.function(jit_compile=jit_compile, autograph=False)
    def grad(x, i):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(gather_nd(x, i)[:, 0] * tf.range(1.0, 9.0))
        return tape.gradient(y, x)

    g = np.zeros_like(x)
    for k, r in enumerate([(0, 0), (4, 5), (4, 0), (0, 2), (4, 5), (0, 0), (4, 0), (2, 3)]):
        g[r + (0,)] += k + 1
    np.testing.assert_array_equal(grad(tf.constant(x), tf.constant(rows, tf.int32)).numpy(), g)


def test_jax_tuple_form_reads_a_reused_column_on_the_host_once(monkeypatch):
    """Eager JAX checks the tuple form's columns on the host; a column passed to several
    gathers (bilinear sampling: 4 columns, 8 uses per step) is read once, as a JAX array is
    immutable. The bound is kept per column, not per verdict: the same column against a
    shorter axis still raises the pinned IndexError, negatives still wrap, and an equal new
    array is read again."""
    jnp = require("jax").numpy
    from arraykit.ext.nd import _jax
    from arraykit.shims.jax import _errors

    class CountingNumpy:
        def __init__(self) -> None:
            self.reads = 0

        def asarray(self, a, *args, **kwargs):
            self.reads += 1
            return np.asarray(a, *args, **kwargs)

        def __getattr__(self, name):
            return getattr(np, name)

    counting = CountingNumpy()
    monkeypatch.setattr(_jax, "np", counting)
    monkeypatch.setattr(_errors, "np", counting)  # the shared cached read (_errors.extremes)
    rng = np.random.default_rng(7)
    x = rng.standard_normal((5, 7, 3)).astype(np.float32)
    i0, i1 = rng.integers(0, 5, (4, 6)).astype(np.int32), rng.integers(0, 7, (4, 6))
    i0[0, 0] = 4
    c0, c1, c1b = jnp.asarray(i0), jnp.asarray(i1, dtype=jnp.int32), jnp.asarray(i1 % 5)
    xj = jnp.asarray(x)
    np.testing.assert_array_equal(np.asarray(nd.gather_nd(xj, (c0, c1))), x[i0, i1])
    assert counting.reads == 2
    np.testing.assert_array_equal(np.asarray(nd.gather_nd(xj, (c0, c1b))), x[i0, i1 % 5])
    np.testing.assert_array_equal(np.asarray(nd.gather_nd(xj, (c0, c1))), x[i0, i1])
    assert counting.reads == 3  # only c1b was new
    np.testing.assert_array_equal(
        np.asarray(nd.gather_nd(xj, (jnp.asarray(i0), c1))), x[i0, i1])
    assert counting.reads == 4  # an equal, new array is read
    # c0 holds 4: in range for an axis of 5, out of range for one of 4 (same column, cached)
    with pytest.raises(IndexError) as want:
        nd.gather_nd(x[:4], (i0, i1.astype(np.int32)))
    with pytest.raises(IndexError, match="^" + re.escape(str(want.value)) + "$"):
        nd.gather_nd(xj[:4], (c0, c1))
    neg = jnp.asarray(i1 - 7, dtype=jnp.int32)
    for _ in range(2):
        np.testing.assert_array_equal(np.asarray(nd.gather_nd(xj, (c0, neg))), x[i0, i1 - 7])


def test_jax_gather_and_scatter_seen_before_skip_the_front(monkeypatch):
    """Eager JAX calls of a kind the general path served before (the tuple form's gathers by
    x's shape and the columns' shape, dtype and count; ``scatter_nd`` of stacked indices by
    its arguments' shapes, dtypes, shape and reduction) run as one function of the backend
    (``_jax.gather_columns``/``scatter_known``: no front, the same checks and kernel) with
    the general path's values, dtypes and errors for every input they must not decide:
    negative and out-of-range entries, other dtypes and shapes, empty indices, tracers."""
    jax = require("jax")
    jnp = jax.numpy
    import arraykit.ext.nd as ndm

    calls = []
    real = ndm._impl
    monkeypatch.setattr(ndm, "_impl", lambda *a: calls.append(a[0]) or real(*a))

    def general(fn, *args, **kw):
        with monkeypatch.context() as m:
            m.setattr(ndm, "_gather_columns", {})
            m.setattr(ndm, "_scatter_known", {})
            return getattr(ndm, fn)(*args, **kw)

    def same(fn, *args, **kw):
        try:
            want = np.asarray(general(fn, *args, **kw))
        except (IndexError, TypeError, ValueError) as e:
            for _ in range(2):
                with pytest.raises(type(e), match="^" + re.escape(str(e)) + "$"):
                    getattr(nd, fn)(*args, **kw)
            return
        for _ in range(2):  # the second call may take a path the first one set up
            got = getattr(nd, fn)(*args, **kw)
            assert type(got) is type(jnp.zeros(1)) and np.asarray(got).dtype == want.dtype
            np.testing.assert_array_equal(np.asarray(got), want)

    rng = np.random.default_rng(5)
    x = jnp.asarray(rng.standard_normal((5, 7, 3)).astype(np.float32))
    i0, i1 = (jnp.asarray(rng.integers(0, d, (4, 6)), dtype=jnp.int32) for d in (5, 7))
    same("gather_nd", x, (i0, i1))
    del calls[:]
    np.testing.assert_array_equal(np.asarray(nd.gather_nd(x, (i0, i1))),
                                  np.asarray(x)[np.asarray(i0), np.asarray(i1)])
    assert calls == []  # the front did not run
    for bad in (i1 - 7, i1 + 1, i1 - 8, i1.astype(jnp.int16), i1[:3], i1[:0, :0]):
        same("gather_nd", x, (i0, bad))
    same("gather_nd", x[:4], (i0, i1))  # in range for 5, not for 4
    assert calls  # the general path decided those
    traced = jax.jit(lambda c: nd.gather_nd(x, (i0, c)))(i1 + 1)  # compiled: clipped
    np.testing.assert_array_equal(np.asarray(traced),
                                  np.asarray(x)[np.asarray(i0), np.minimum(np.asarray(i1) + 1, 6)])

    idx = jnp.asarray(rng.integers(0, 4, (6, 5, 3)), dtype=jnp.int32)
    upd = jnp.asarray(rng.standard_normal((6, 5)).astype(np.float32))
    for red in ("sum", "add", "multiply", "min", "max", "replace"):
        same("scatter_nd", idx, upd, (4, 4, 4), reduction=red)
    del calls[:]
    want = np.zeros((4, 4, 4), np.float32)
    np.add.at(want, tuple(np.moveaxis(np.asarray(idx), -1, 0)), np.asarray(upd))
    np.testing.assert_allclose(np.asarray(nd.scatter_nd(idx, upd, (4, 4, 4))), want, rtol=1e-6)
    assert calls == []  # the front did not run
    for k, v in [(0, 4), (2, -1), (1, -5), (2, 2**31 - 1), (0, -(2**31))]:
        same("scatter_nd", idx.at[2, 3, k].set(v), upd, (4, 4, 4))
    same("scatter_nd", idx + 3, upd, (4, 9, 4))  # within axis 1 of 9 only
    same("scatter_nd", idx[:0], upd[:0], (4, 4, 4))
    same("scatter_nd", idx.astype(jnp.uint8), upd, (4, 4, 4))
    same("scatter_nd", idx, upd, (4, 4, -1))
    same("scatter_nd", idx, upd, (4, 4, 4), reduction="mean")
    same("scatter_nd", idx, upd.astype(jnp.int32), (4, 4, 4), reduction="min")
    assert calls


def test_numpy_scatter_nd_seen_before_skips_the_front(monkeypatch):
    """A ``scatter_nd`` of stacked ndarray indices and ndarray updates whose arguments NumPy's
    backend validated before runs as one function (``_numpy.scatter_known``: no front, no
    ``update_nd``; one max of the indices read as unsigned, the flat rows, one ``ufunc.at``)
    with the general path's values, dtypes and errors for every input it must not decide:
    negative and out-of-range entries, axes of other sizes, "replace", other index dtypes,
    the tuple form, inner axes and broadcast updates, empty indices, invalid arguments."""
    import arraykit.ext.nd as ndm

    rng = np.random.default_rng(3)
    idx = rng.integers(0, 4, (6, 5, 3)).astype(np.int32)
    upd = rng.standard_normal((6, 5)).astype(np.float32)

    def general(*args, **kw):
        with monkeypatch.context() as m:
            m.setattr(ndm, "_scatter_known", {})
            return ndm.scatter_nd(*args, **kw)

    def same(*args, **kw):
        try:
            want = general(*args, **kw)
        except (IndexError, TypeError, ValueError) as e:
            for _ in range(2):
                with pytest.raises(type(e), match="^" + re.escape(str(e)) + "$"):
                    nd.scatter_nd(*args, **kw)
            return
        for _ in range(2):  # the second call may take a path the first one set up
            got = nd.scatter_nd(*args, **kw)
            assert type(got) is np.ndarray and got.dtype == want.dtype
            assert got.shape == want.shape
            np.testing.assert_array_equal(got, want)

    shape = (4, 4, 4)
    for red in ("sum", "add", "multiply", "min", "max", "replace"):
        same(idx, upd, shape, reduction=red)
    calls = []
    real = ndm._impl
    monkeypatch.setattr(ndm, "_impl", lambda *a: calls.append(a[0]) or real(*a))
    got = nd.scatter_nd(idx, upd, shape)
    want = np.zeros(shape, np.float32)
    np.add.at(want, tuple(np.moveaxis(idx, -1, 0)), upd)
    np.testing.assert_array_equal(got, want)
    assert calls == []  # the front did not run
    for red in ("max", "replace"):
        nd.scatter_nd(idx, upd, shape, reduction=red)
    assert calls == ["scatter_nd"]  # "replace" takes the general path
    for k, v in [(0, 3), (0, 4), (1, 4), (2, 4), (2, -1), (0, -4), (1, -5), (2, 2**31 - 1),
                 (0, -(2**31))]:
        bad = idx.copy()
        bad[2, 3, k] = v
        same(bad, upd, shape)
    wide = idx.copy()
    wide[..., 1] += 3  # axis 1 of 9: past min(dims), within its own axis
    same(wide, upd, (4, 9, 4))
    wide[1, 1, 1] = 9
    same(wide, upd, (4, 9, 4))
    for dt in ("int8", "int16", "int64", "uint8", "uint32", ">i4"):
        same(idx.astype(dt), upd, shape)
        same(idx.astype(dt), upd, shape, reduction="min")
    same(tuple(np.moveaxis(idx, -1, 0)), upd, shape)
    same(idx[..., :2], upd[..., None], (4, 4, 3))  # an inner axis
    same(idx[..., :2], np.float32(2.0) * np.ones((1, 3), np.float32), (4, 4, 3))  # broadcast
    same(idx[..., :2], np.asarray(np.float32(2.0)), (4, 4))  # 0-d updates
    same(idx[:0], upd[:0], shape)
    same(idx, upd, [4, 4, 4])
    same(idx, upd, (4, 4, 0))
    same(idx, upd, (4, 4, -1))
    same(idx, upd, (4, 4))
    same(idx, upd[:, :2], shape)
    same(idx, upd.astype(np.int64), shape)
    same(idx, upd.astype(bool), shape)
    same(idx, upd, shape, reduction="mean")
    same(idx.astype(np.float32), upd, shape)
    with pytest.raises(TypeError):
        nd.scatter_nd(idx, upd.tolist(), shape)


def _rows_helper() -> object:
    from arraykit.ext.nd import _numpy

    if _numpy._c_rows is None:
        pytest.skip("the optional C extension arraykit.ext.nd._rows is not built")
    return _numpy._c_rows


@pytest.mark.parametrize(
    "idx_dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
)
def test_numpy_c_rows_are_the_checked_flat_rows(idx_dtype):
    """arraykit.ext.nd._rows (one pass: range check and flat rows) answers True exactly where
    every entry lies in [0, d_k), with host_flat_rows' rows then, for the tuple form and for
    stacked rows, K = 1..4; every other call answers False (an entry at -1, d_k or the dtype's
    ends, an axis longer than the type's unsigned read allows, another byte order, a strided
    column, a size mismatch, no entries), leaving the decision to the NumPy checks."""
    from arraykit.ext.nd import _common

    rows = _rows_helper()
    rng = np.random.default_rng(11)
    info = np.iinfo(idx_dtype)
    signed = info.min < 0
    for dims in [(5,), (5, 7), (4, 1, 6), (3, 4, 5, 2), (1, 1)]:
        stacked = np.stack([rng.integers(0, d, (6, 3)) for d in dims], -1).astype(idx_dtype)
        cols = tuple(stacked[..., k].copy() for k in range(len(dims)))
        want = _common.host_flat_rows(stacked, dims)
        for idx in (cols, stacked):
            f = np.full((6, 3), -7, np.intp)
            assert rows(f, dims, idx) is True
            np.testing.assert_array_equal(f, want)
        for k, d in enumerate(dims):
            bad = [d, info.max] + ([-1, -d, info.min] if signed else [])
            for v in bad:
                if v == d and d > info.max:
                    continue
                s = stacked.copy()
                s[2, 1, k] = v
                c = tuple(s[..., j].copy() for j in range(len(dims)))
                assert not _common.host_in_range(s, dims)
                assert rows(np.empty((6, 3), np.intp), dims, s) is False, (dims, k, v)
                assert rows(np.empty((6, 3), np.intp), dims, c) is False, (dims, k, v)
    f = np.empty(4, np.intp)
    i = np.arange(4).astype(idx_dtype)
    assert rows(f, (4, 4), (i, i)) is True
    np.testing.assert_array_equal(f, np.arange(4) * 5)
    # -1 read as unsigned must exceed every axis the kernel accepts (signed: 2**(bits-1))
    assert rows(f, ((int(info.max) + 2) if signed else 2**64, 4), (i, i)) is False
    if i.itemsize > 1:
        assert rows(f, (4, 4), (i, i.astype(i.dtype.newbyteorder()))) is False
    assert rows(f, (4, 4), (i, np.arange(8).astype(idx_dtype)[::2])) is False  # strided
    assert rows(f, (4, 4), (i, i[:3])) is False
    assert rows(f, (4, 4), (i,)) is False
    assert rows(np.empty(0, np.intp), (4, 4), (i[:0], i[:0])) is False
    # int32 rows: for int32 and int64 indices where every row number fits in int32 (the
    # rows torch's index_select reads); never another index dtype or a narrower out
    f32 = np.full(4, -7, np.int32)
    if idx_dtype in ("int32", "int64"):
        assert rows(f32, (4, 4), (i, i)) is True
        np.testing.assert_array_equal(f32, np.arange(4) * 5)
        for dims in [(5,), (5, 7), (4, 1, 6), (3, 4, 5, 2)]:
            stacked = np.stack([rng.integers(0, d, (6, 3)) for d in dims], -1).astype(idx_dtype)
            cols = tuple(stacked[..., k].copy() for k in range(len(dims)))
            for idx in (cols, stacked):
                out = np.full((6, 3), -7, np.int32)
                assert rows(out, dims, idx) is True
                np.testing.assert_array_equal(out, _common.host_flat_rows(stacked, dims))
            bad = stacked.copy()
            bad[0, 0, -1] = -1
            assert rows(np.empty((6, 3), np.int32), dims, bad) is False
        assert rows(f32, (2**29 - 1, 4), (i, i)) is True  # 2**31 - 4 rows
        assert rows(f32, (2**16, 2**15), (i, i)) is False  # 2**31 rows: int32 cannot hold
        assert rows(f32, (46341, 46341), (i, i)) is False
    else:
        assert rows(f32, (4, 4), (i, i)) is False
    assert rows(f.astype(np.int16), (4, 4), (i, i)) is False


@pytest.mark.parametrize("idx_dtype", ["int8", "int32", "int64", "uint8", "uint64"])
def test_numpy_nd_with_and_without_c_rows_agree(idx_dtype, monkeypatch):
    """gather_nd (tuple and stacked forms, a call seen before and a first call), update_nd and
    scatter_nd on NumPy give the same values, dtypes and shapes, or the same IndexError
    message, with the C rows helper and without it (the NumPy checks alone), for indices at
    and past both ends of every axis."""
    from arraykit.ext.nd import _numpy

    def outcome(fn):
        try:
            out = fn()
        except IndexError as e:
            return "IndexError", str(e)
        return out.dtype, out.shape, out.tobytes()

    _c_rows_agree(monkeypatch, _numpy, np.array, outcome, idx_dtype, 12)



def _c_rows_agree(monkeypatch, module, asarray, outcome, idx_dtype, seed):
    """gather_nd (tuple and stacked forms, a call seen before and a first call), update_nd and
    scatter_nd through backend ``module`` give the same outcome (``outcome(fn)``) with the C
    rows helper (``module._c_rows``) and without it, for indices at and past both ends of
    every axis; True where some call took it through ``module._checked_rows``."""
    c_rows = _rows_helper()
    rng = np.random.default_rng(seed)
    x = asarray(rng.standard_normal((5, 7, 3)).astype(np.float32))
    info = np.iinfo(idx_dtype)
    signed = info.min < 0
    used = []
    checked = getattr(module, "_checked_rows", None)

    def counted(*args):
        out = checked(*args)
        used.append(out is not None)
        return out

    for k, d in [(0, 5), (1, 7)]:
        for v in [0, d - 1, d, int(info.max)] + ([-1, -d, -d - 1] if signed else []):
            host = np.stack([rng.integers(0, 5, (4, 6)), rng.integers(0, 7, (4, 6))], -1)
            host = host.astype(idx_dtype)
            host[1, 3, k] = v
            idx = asarray(host)
            cols = (asarray(host[..., 0].copy()), asarray(host[..., 1].copy()))
            upd = asarray(rng.standard_normal((4, 6, 3)).astype(np.float32))
            calls = [
                partial(nd.gather_nd, x, cols),
                partial(nd.gather_nd, x, cols),
                partial(nd.gather_nd, x, idx),
                partial(nd.update_nd, x, idx, upd, reduction="add"),
                partial(nd.update_nd, x, cols, upd, reduction="max"),
                partial(nd.scatter_nd, idx, upd, (5, 7, 3)),
                partial(nd.scatter_nd, cols, upd[..., 0], (5, 7)),
            ]
            if checked is not None:
                monkeypatch.setattr(module, "_checked_rows", counted)
            with_c = [outcome(c) for c in calls]
            monkeypatch.setattr(module, "_c_rows", None)
            without = [outcome(c) for c in calls]
            monkeypatch.setattr(module, "_c_rows", c_rows)
            assert with_c == without, (k, v)
    return any(used)


@pytest.mark.parametrize("idx_dtype", ["int8", "int32", "int64", "uint8"])
def test_torch_nd_with_and_without_c_rows_agree(idx_dtype, monkeypatch):
    """CPU torch tensors: the same values, dtypes and shapes, or the same IndexError message,
    with the C rows helper (one pass: check and int32 rows) and without it (the torch
    checks: _high and _flat_rows); an in-range int32/int64 call takes the helper."""
    torch = require("torch")
    from arraykit.ext.nd import _torch

    def outcome(fn):
        try:
            out = fn()
        except IndexError as e:
            return "IndexError", str(e)
        return out.dtype, tuple(out.shape), out.numpy().tobytes()

    used = _c_rows_agree(monkeypatch, _torch, torch.asarray, outcome, idx_dtype, 13)
    assert used == (idx_dtype in ("int32", "int64"))


@pytest.mark.parametrize("idx_dtype", ["int32", "int64", "uint8"])
def test_mxnet_nd_with_and_without_c_rows_agree(idx_dtype, monkeypatch):
    """MXNet arrays: the same values, dtypes, shapes and contexts, or the same IndexError
    message, with the C rows helper and without it (the NumPy checks and host_flat_rows);
    an in-range int32/int64 call takes the helper."""
    mnp = require("mxnet.numpy")

    from arraykit.ext.nd import _mxnet

    def outcome(fn):
        try:
            out = fn()
        except IndexError as e:
            return "IndexError", str(e)
        return str(out.dtype), tuple(out.shape), str(out.ctx), out.asnumpy().tobytes()

    def asarray(a):
        return mnp.array(a, dtype=a.dtype)

    used = _c_rows_agree(monkeypatch, _mxnet, asarray, outcome, idx_dtype, 14)
    assert used == (idx_dtype in ("int32", "int64"))
