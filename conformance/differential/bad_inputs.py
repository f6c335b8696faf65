"""Error consistency: the same bad input on every backend, and the table of what happened.

Each case names the function called, the kind of bad input, and the exception class the
standard's usual Python conventions call for (``TypeError`` for a wrong dtype, a non-array
or arrays of two libraries; ``ValueError`` for shapes that do not fit; ``IndexError`` for an
axis out of range or an index out of bounds). A backend is consistent when it raises an
instance of that class, and the message names the function. Results go to
``conformance/results/bad_inputs.{json,md}``; inconsistencies are mismatch keys
``(backend, function, "bad:<case>")`` (wrong or no exception) and
``(backend, function, "bad-msg:<case>")`` (right class, message does not name the function),
matched against known_mismatches.txt like the value mismatches.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import arraykit

from .backends import Backend


@dataclass
class BadCase:
    """One bad input: ``run(backend)`` performs the call on that backend's arrays."""

    id: str
    func: str
    kind: str
    description: str
    expected: type | None  # None: the call must succeed (dtype the backend can hold)
    run: Callable[[Backend], Any]
    #: backends this case applies to (None: all); the unsupported-dtype cases are MXNet's.
    only: tuple[str, ...] | None = None
    #: what the message must contain to "name the function"
    names: str | None = None
    #: dtypes the inputs use; a backend that cannot hold one (MXNet: complex) skips the case,
    #: the unsupported-dtype cases cover it
    needs: tuple[str, ...] = ()
    #: run with ``arraykit.array_objects()`` on: the case calls a method of the array itself
    #: (``x[10]``), which is arraykit's only where arraykit gives the arrays the standard's
    #: surface (TensorFlow, MXNet, torch)
    array_object: bool = False


def _a(b: Backend, value, dtype="float64"):
    return b.make(np.asarray(value, dtype=dtype))


def _ones(b: Backend, *shape):
    return _a(b, np.ones(shape))


_SHAPE, _AXIS, _INDEX = "mismatched shapes", "out-of-range axis", "out-of-bounds index"
_DTYPE, _NONARRAY = "wrong dtype", "non-array input"


def _foreign(b: Backend):
    """An array of another framework present in this environment (for the mixing cases)."""
    if b.name != "numpy":
        return np.ones(3)
    try:
        import torch

        return torch.ones(3, dtype=torch.float64)
    except ImportError:
        # mxnet environment: the foreign array for numpy is an mxnet one
        import mxnet.numpy as mnp

        return mnp.ones(3, dtype="float64")


#: The full shims (their rules are shims/_common's), with array-api-strict (the rules' source).
_FULL = ("tensorflow", "mxnet", "mlx", "paddle")
_RULEBOOK = ("array_api_strict",) + _FULL
_NOT_STRICT = ("numpy", "torch", "jax") + _FULL
#: The namespaces that read a NumPy scalar or Python int operand by the shims' rule.
_SCALAR_RULE = ("torch", "jax") + _FULL
_INT_RANGE = "int out of the dtype"


def _mx_dtype(name):
    def run(b: Backend):
        return b.xp.asarray([1, 2], dtype=getattr(b.xp, name))
    return run


CASES: list[BadCase] = [
    BadCase("bitwise_and-float", "bitwise_and", "wrong dtype", "bitwise_and(float64, float64)",
            TypeError, lambda b: b.xp.bitwise_and(_a(b, [1.0, 2.0]), _a(b, [1.0, 2.0]))),
    BadCase("bitwise_invert-float", "bitwise_invert", "wrong dtype", "bitwise_invert(float64)",
            TypeError, lambda b: b.xp.bitwise_invert(_a(b, [1.0, 2.0]))),
    BadCase("floor-complex", "floor", "wrong dtype", "floor(complex128)", TypeError,
            lambda b: b.xp.floor(_a(b, [1 + 1j], "complex128")), needs=("complex128",)),
    BadCase("linalg.inv-int", "linalg.inv", "wrong dtype", "linalg.inv(int64 2x2)", TypeError,
            lambda b: b.xp.linalg.inv(_a(b, [[1, 2], [3, 4]], "int64")), names="inv"),
    BadCase("astype-notadtype", "astype", "wrong dtype", "astype(x, 'float64') (a string)",
            TypeError, lambda b: b.xp.astype(_a(b, [1.0]), "float64")),
    BadCase("add-shapes", "add", "mismatched shapes", "add((2,3), (4,))", ValueError,
            lambda b: b.xp.add(_a(b, np.ones((2, 3))), _a(b, np.ones(4)))),
    BadCase("matmul-shapes", "matmul", "mismatched shapes", "matmul((2,3), (4,5))", ValueError,
            lambda b: b.xp.matmul(_a(b, np.ones((2, 3))), _a(b, np.ones((4, 5))))),
    BadCase("concat-shapes", "concat", "mismatched shapes", "concat([(2,3), (2,4)], axis=0)",
            ValueError, lambda b: b.xp.concat([_a(b, np.ones((2, 3))), _a(b, np.ones((2, 4)))],
                                              axis=0)),
    BadCase("reshape-size", "reshape", "mismatched shapes", "reshape((2,3) -> (4,))", ValueError,
            lambda b: b.xp.reshape(_a(b, np.ones((2, 3))), (4,))),
    BadCase("solve-shapes", "linalg.solve", "mismatched shapes", "linalg.solve((2,2), (3,))",
            ValueError, lambda b: b.xp.linalg.solve(_a(b, np.eye(2)), _a(b, np.ones(3))),
            names="solve"),
    BadCase("broadcast_to-shape", "broadcast_to", "mismatched shapes",
            "broadcast_to((3,), (2, 4))", ValueError,
            lambda b: b.xp.broadcast_to(_a(b, np.ones(3)), (2, 4))),
    BadCase("sum-axis", "sum", "out-of-range axis", "sum((2,3), axis=2)", IndexError,
            lambda b: b.xp.sum(_a(b, np.ones((2, 3))), axis=2)),
    BadCase("mean-axis", "mean", "out-of-range axis", "mean((2,3), axis=-3)", IndexError,
            lambda b: b.xp.mean(_a(b, np.ones((2, 3))), axis=-3)),
    BadCase("expand_dims-axis", "expand_dims", "out-of-range axis", "expand_dims((3,), axis=3)",
            IndexError, lambda b: b.xp.expand_dims(_a(b, np.ones(3)), axis=3)),
    BadCase("sort-axis", "sort", "out-of-range axis", "sort((3,), axis=1)", IndexError,
            lambda b: b.xp.sort(_a(b, np.ones(3)), axis=1)),
    BadCase("concat-axis", "concat", "out-of-range axis", "concat([(3,), (3,)], axis=1)",
            IndexError, lambda b: b.xp.concat([_a(b, np.ones(3)), _a(b, np.ones(3))], axis=1)),
    BadCase("take-oob", "take", "out-of-bounds index", "take((3,), [5])", IndexError,
            lambda b: b.xp.take(_a(b, np.ones(3)), _a(b, [5], "int64"))),
    BadCase("getitem-oob", "__getitem__", "out-of-bounds index", "x[10] for x of shape (3,)",
            IndexError, lambda b: _a(b, np.ones(3))[10], names="index", array_object=True),
    BadCase("take_along_axis-oob", "take_along_axis", "out-of-bounds index",
            "take_along_axis((3,), [7], axis=0)", IndexError,
            lambda b: b.xp.take_along_axis(_a(b, np.ones(3)), _a(b, [7], "int64"), axis=0)),
    BadCase("array_namespace-mixed", "array_namespace", "mixing frameworks",
            "array_namespace(x, <array of another framework>)", TypeError,
            lambda b: arraykit.array_namespace(_a(b, np.ones(3)), _foreign(b))),
    BadCase("add-mixed", "add", "mixing frameworks", "xp.add(x, <array of another framework>)",
            TypeError, lambda b: b.xp.add(_a(b, np.ones(3)), _foreign(b))),
    BadCase("sin-list", "sin", "non-array input", "sin([1.0, 2.0]) (a list)", TypeError,
            lambda b: b.xp.sin([1.0, 2.0])),
    BadCase("sum-str", "sum", "non-array input", "sum('abc')", TypeError,
            lambda b: b.xp.sum("abc")),
    BadCase("array_namespace-list", "array_namespace", "non-array input",
            "array_namespace([1, 2])", TypeError, lambda b: arraykit.array_namespace([1, 2])),
    # --- added for issue 13: more wrong dtypes, shapes, axes, indices and non-arrays ---
    BadCase("bitwise_left_shift-float", "bitwise_left_shift", "wrong dtype",
            "bitwise_left_shift(float64, float64)", TypeError,
            lambda b: b.xp.bitwise_left_shift(_a(b, [1.0]), _a(b, [1.0]))),
    BadCase("take-float-indices", "take", "wrong dtype", "take((3,), float64 [0.])", TypeError,
            lambda b: b.xp.take(_a(b, np.ones(3)), _a(b, [0.0]))),
    BadCase("zeros-dtype-name", "zeros", "wrong dtype", "zeros(3, dtype='float32') (a string)",
            TypeError, lambda b: b.xp.zeros(3, dtype="float32")),
    BadCase("asarray-dtype-name", "asarray", "wrong dtype",
            "asarray([1, 2], dtype='int32') (a string)", TypeError,
            lambda b: b.xp.asarray([1, 2], dtype="int32")),
    BadCase("isdtype-name", "isdtype", "wrong dtype", "isdtype('float64', 'real floating')",
            TypeError, lambda b: b.xp.isdtype("float64", "real floating")),
    BadCase("linalg.cholesky-int", "linalg.cholesky", "wrong dtype", "linalg.cholesky(int64 2x2)",
            TypeError, lambda b: b.xp.linalg.cholesky(_a(b, np.eye(2), "int64")),
            names="cholesky"),
    BadCase("linalg.eigh-int", "linalg.eigh", "wrong dtype", "linalg.eigh(int64 2x2)",
            TypeError, lambda b: b.xp.linalg.eigh(_a(b, np.eye(2), "int64")), names="eigh"),
    BadCase("linalg.solve-int", "linalg.solve", "wrong dtype", "linalg.solve(int64 2x2, int64 2)",
            TypeError, lambda b: b.xp.linalg.solve(_a(b, np.eye(2), "int64"),
                                                   _a(b, [1, 2], "int64")), names="solve"),
    BadCase("fft.rfft-complex", "fft.rfft", "wrong dtype", "fft.rfft(complex128)", TypeError,
            lambda b: b.xp.fft.rfft(_a(b, [1 + 1j, 2], "complex128")), names="rfft",
            needs=("complex128",)),
    BadCase("stack-shapes", "stack", "mismatched shapes", "stack([(2,), (3,)])", ValueError,
            lambda b: b.xp.stack([_a(b, np.ones(2)), _a(b, np.ones(3))])),
    BadCase("where-shapes", "where", "mismatched shapes", "where(bool (2,), (3,), (4,))",
            ValueError, lambda b: b.xp.where(_a(b, [True, False], "bool"), _a(b, np.ones(3)),
                                             _a(b, np.ones(4)))),
    BadCase("tensordot-shapes", "tensordot", "mismatched shapes",
            "tensordot((2,3), (2,3), axes=1)", ValueError,
            lambda b: b.xp.tensordot(_a(b, np.ones((2, 3))), _a(b, np.ones((2, 3))), axes=1)),
    BadCase("vecdot-shapes", "vecdot", "mismatched shapes", "vecdot((3,), (4,))", ValueError,
            lambda b: b.xp.vecdot(_a(b, np.ones(3)), _a(b, np.ones(4)))),
    BadCase("matmul-0d", "matmul", "mismatched shapes", "matmul(0-d, (3,))", ValueError,
            lambda b: b.xp.matmul(_a(b, 1.0), _a(b, np.ones(3)))),
    BadCase("reshape-two-unknown", "reshape", "mismatched shapes", "reshape((2,3) -> (-1, -1))",
            ValueError, lambda b: b.xp.reshape(_a(b, np.ones((2, 3))), (-1, -1))),
    BadCase("permute_dims-length", "permute_dims", "mismatched shapes",
            "permute_dims((2,3), (0,))", ValueError,
            lambda b: b.xp.permute_dims(_a(b, np.ones((2, 3))), (0,))),
    BadCase("squeeze-size", "squeeze", "mismatched shapes", "squeeze((2,3), axis=0)",
            ValueError, lambda b: b.xp.squeeze(_a(b, np.ones((2, 3))), axis=0)),
    BadCase("broadcast_arrays-shapes", "broadcast_arrays", "mismatched shapes",
            "broadcast_arrays((2,), (3,))", ValueError,
            lambda b: b.xp.broadcast_arrays(_a(b, np.ones(2)), _a(b, np.ones(3)))),
    BadCase("linalg.inv-nonsquare", "linalg.inv", "mismatched shapes", "linalg.inv((2,3))",
            ValueError, lambda b: b.xp.linalg.inv(_a(b, np.ones((2, 3)))), names="inv"),
    BadCase("linalg.det-1d", "linalg.det", "mismatched shapes", "linalg.det((3,))", ValueError,
            lambda b: b.xp.linalg.det(_a(b, np.ones(3))), names="det"),
    BadCase("fft.fft-n0", "fft.fft", "mismatched shapes", "fft.fft(x, n=0)", ValueError,
            lambda b: b.xp.fft.fft(_a(b, [1 + 0j, 2], "complex128"), n=0), names="fft",
            needs=("complex128",)),
    BadCase("flip-axis", "flip", "out-of-range axis", "flip((2,3), axis=2)", IndexError,
            lambda b: b.xp.flip(_a(b, np.ones((2, 3))), axis=2)),
    BadCase("argmax-axis", "argmax", "out-of-range axis", "argmax((2,3), axis=2)", IndexError,
            lambda b: b.xp.argmax(_a(b, np.ones((2, 3))), axis=2)),
    BadCase("cumulative_sum-axis", "cumulative_sum", "out-of-range axis",
            "cumulative_sum((2,3), axis=-3)", IndexError,
            lambda b: b.xp.cumulative_sum(_a(b, np.ones((2, 3))), axis=-3)),
    BadCase("permute_dims-axis", "permute_dims", "out-of-range axis",
            "permute_dims((2,3), (0, 2))", IndexError,
            lambda b: b.xp.permute_dims(_a(b, np.ones((2, 3))), (0, 2))),
    BadCase("linalg.vector_norm-axis", "linalg.vector_norm", "out-of-range axis",
            "linalg.vector_norm((2,3), axis=2)", IndexError,
            lambda b: b.xp.linalg.vector_norm(_a(b, np.ones((2, 3))), axis=2),
            names="vector_norm"),
    BadCase("fft.fft-axis", "fft.fft", "out-of-range axis", "fft.fft((2,), axis=1)",
            IndexError, lambda b: b.xp.fft.fft(_a(b, [1 + 0j, 2], "complex128"), axis=1),
            names="fft", needs=("complex128",)),
    BadCase("fft.fftshift-axes", "fft.fftshift", "out-of-range axis",
            "fft.fftshift((3,), axes=1)", IndexError,
            lambda b: b.xp.fft.fftshift(_a(b, np.ones(3)), axes=1), names="fftshift"),
    BadCase("sum-none", "sum", "non-array input", "sum(None)", TypeError,
            lambda b: b.xp.sum(None)),
    BadCase("add-lists", "add", "non-array input", "add([1., 2.], [3., 4.]) (lists)",
            TypeError, lambda b: b.xp.add([1.0, 2.0], [3.0, 4.0])),
    BadCase("concat-list-element", "concat", "non-array input", "concat([x, [1., 2.]])",
            TypeError, lambda b: b.xp.concat([_a(b, np.ones(2)), [1.0, 2.0]])),
    BadCase("astype-list", "astype", "non-array input", "astype([1.0], xp.float32) (a list)",
            TypeError, lambda b: b.xp.astype([1.0], b.xp.float32)),
    # --- added for issue 30: shape, axis, dtype and index mistakes the translation must
    # classify by what is wrong with the arguments (not by a framework's wording) ---
    *(BadCase(f"{i}", f, kind, desc, cls, run, **kw) for i, f, kind, desc, cls, run, kw in [
        ("matmul-batch-inner", "matmul", _SHAPE, "matmul((2,3,4), (2,5,6))", ValueError,
         lambda b: b.xp.matmul(_ones(b, 2, 3, 4), _ones(b, 2, 5, 6)), {}),
        ("matmul-batch-broadcast", "matmul", _SHAPE, "matmul((2,3,4), (3,4,5))", ValueError,
         lambda b: b.xp.matmul(_ones(b, 2, 3, 4), _ones(b, 3, 4, 5)), {}),
        ("matmul-1d-inner", "matmul", _SHAPE, "matmul((3,), (4,))", ValueError,
         lambda b: b.xp.matmul(_ones(b, 3), _ones(b, 4)), {}),
        ("tensordot-axes-sizes", "tensordot", _SHAPE, "tensordot((2,3), (4,5), axes=([1], [0]))",
         ValueError, lambda b: b.xp.tensordot(_ones(b, 2, 3), _ones(b, 4, 5), axes=([1], [0])),
         {}),
        ("tensordot-axes-lengths", "tensordot", _SHAPE,
         "tensordot((2,3), (3,2), axes=([0, 1], [1]))", ValueError,
         lambda b: b.xp.tensordot(_ones(b, 2, 3), _ones(b, 3, 2), axes=([0, 1], [1])), {}),
        ("reshape-grow", "reshape", _SHAPE, "reshape((2,3) -> (2,4))", ValueError,
         lambda b: b.xp.reshape(_ones(b, 2, 3), (2, 4)), {}),
        ("reshape-infer", "reshape", _SHAPE, "reshape((2,3) -> (4, -1))", ValueError,
         lambda b: b.xp.reshape(_ones(b, 2, 3), (4, -1)), {}),
        ("concat-ranks", "concat", _SHAPE, "concat([(2,3), (3,)])", ValueError,
         lambda b: b.xp.concat([_ones(b, 2, 3), _ones(b, 3)]), {}),
        ("concat-0d", "concat", _SHAPE, "concat([0-d, 0-d])", ValueError,
         lambda b: b.xp.concat([_a(b, 1.0), _a(b, 2.0)]), {}),
        ("stack-2d-shapes", "stack", _SHAPE, "stack([(2,3), (3,2)], axis=1)", ValueError,
         lambda b: b.xp.stack([_ones(b, 2, 3), _ones(b, 3, 2)], axis=1), {}),
        ("broadcast_to-fewer-dims", "broadcast_to", _SHAPE, "broadcast_to((2,3), (3,))",
         ValueError, lambda b: b.xp.broadcast_to(_ones(b, 2, 3), (3,)), {}),
        ("broadcast_arrays-2d", "broadcast_arrays", _SHAPE, "broadcast_arrays((2,3), (3,2))",
         ValueError, lambda b: b.xp.broadcast_arrays(_ones(b, 2, 3), _ones(b, 3, 2)), {}),
        ("multiply-3d", "multiply", _SHAPE, "multiply((2,3,4), (3,3,4))", ValueError,
         lambda b: b.xp.multiply(_ones(b, 2, 3, 4), _ones(b, 3, 3, 4)), {}),
        ("where-cond-shape", "where", _SHAPE, "where(bool (2,), (2,3), (2,3))", ValueError,
         lambda b: b.xp.where(_a(b, [True, False], "bool"), _ones(b, 2, 3), _ones(b, 2, 3)), {}),
        ("clip-bound-shape", "clip", _SHAPE, "clip((3,), min=(2,))", ValueError,
         lambda b: b.xp.clip(_ones(b, 3), min=_ones(b, 2)), {}),
        ("squeeze-non1-axis", "squeeze", _SHAPE, "squeeze((2,1,3), axis=2)", ValueError,
         lambda b: b.xp.squeeze(_ones(b, 2, 1, 3), axis=2), {}),
        ("permute_dims-duplicate", "permute_dims", _SHAPE, "permute_dims((2,3), (0, 0))",
         ValueError, lambda b: b.xp.permute_dims(_ones(b, 2, 3), (0, 0)), {}),
        ("moveaxis-duplicate", "moveaxis", _SHAPE, "moveaxis((2,3,4), (0, 0), (1, 2))",
         ValueError, lambda b: b.xp.moveaxis(_ones(b, 2, 3, 4), (0, 0), (1, 2)), {}),
        ("moveaxis-lengths", "moveaxis", _SHAPE, "moveaxis((2,3), (0, 1), (0,))", ValueError,
         lambda b: b.xp.moveaxis(_ones(b, 2, 3), (0, 1), (0,)), {}),
        ("sum-repeated-axis", "sum", _SHAPE, "sum((2,3), axis=(0, 0))", ValueError,
         lambda b: b.xp.sum(_ones(b, 2, 3), axis=(0, 0)), {}),
        ("take_along_axis-ranks", "take_along_axis", _SHAPE,
         "take_along_axis((2,3), int (3,), axis=0)", ValueError,
         lambda b: b.xp.take_along_axis(_ones(b, 2, 3), _a(b, [0, 1, 0], "int64"), axis=0), {}),
        ("searchsorted-2d", "searchsorted", _SHAPE, "searchsorted((2,2), (1,))", ValueError,
         lambda b: b.xp.searchsorted(_ones(b, 2, 2), _ones(b, 1)), {}),
        ("max-empty", "max", _SHAPE, "max((0,))", ValueError,
         lambda b: b.xp.max(_ones(b, 0)), {}),
        ("argmin-empty-axis", "argmin", _SHAPE, "argmin((2,0), axis=1)", ValueError,
         lambda b: b.xp.argmin(_ones(b, 2, 0), axis=1), {}),
        ("unstack-0d", "unstack", _SHAPE, "unstack(0-d)", ValueError,
         lambda b: b.xp.unstack(_a(b, 1.0)), {}),
        ("matrix_transpose-1d", "matrix_transpose", _SHAPE, "matrix_transpose((3,))",
         ValueError, lambda b: b.xp.matrix_transpose(_ones(b, 3)), {}),
        ("linalg.solve-nonsquare", "linalg.solve", _SHAPE, "linalg.solve((2,3), (2,))",
         ValueError, lambda b: b.xp.linalg.solve(_ones(b, 2, 3), _ones(b, 2)), {"names": "solve"}),
        ("linalg.solve-rows", "linalg.solve", _SHAPE, "linalg.solve((2,2), (3,1))",
         ValueError, lambda b: b.xp.linalg.solve(_a(b, np.eye(2)), _ones(b, 3, 1)),
         {"names": "solve"}),
        ("linalg.cholesky-nonsquare", "linalg.cholesky", _SHAPE, "linalg.cholesky((2,3))",
         ValueError, lambda b: b.xp.linalg.cholesky(_ones(b, 2, 3)), {"names": "cholesky"}),
        ("linalg.slogdet-nonsquare", "linalg.slogdet", _SHAPE, "linalg.slogdet((3,2))",
         ValueError, lambda b: b.xp.linalg.slogdet(_ones(b, 3, 2)), {"names": "slogdet"}),
        ("linalg.eigh-1d", "linalg.eigh", _SHAPE, "linalg.eigh((3,))", ValueError,
         lambda b: b.xp.linalg.eigh(_ones(b, 3)), {"names": "eigh"}),
        ("linalg.matrix_power-nonsquare", "linalg.matrix_power", _SHAPE,
         "linalg.matrix_power((2,3), 2)", ValueError,
         lambda b: b.xp.linalg.matrix_power(_ones(b, 2, 3), 2), {"names": "matrix_power"}),
        ("linalg.cross-size", "linalg.cross", _SHAPE, "linalg.cross((2,), (2,))", ValueError,
         lambda b: b.xp.linalg.cross(_ones(b, 2), _ones(b, 2)), {"names": "cross"}),
        ("linalg.outer-2d", "linalg.outer", _SHAPE, "linalg.outer((2,2), (2,))", ValueError,
         lambda b: b.xp.linalg.outer(_ones(b, 2, 2), _ones(b, 2)), {"names": "outer"}),
        ("linalg.matrix_norm-1d", "linalg.matrix_norm", _SHAPE, "linalg.matrix_norm((3,))",
         ValueError, lambda b: b.xp.linalg.matrix_norm(_ones(b, 3)), {"names": "matrix_norm"}),
        ("vecdot-axis-sizes", "vecdot", _SHAPE, "vecdot((3,2), (4,2), axis=0)", ValueError,
         lambda b: b.xp.vecdot(_ones(b, 3, 2), _ones(b, 4, 2), axis=0), {}),
        ("fft.fft-n-negative", "fft.fft", _SHAPE, "fft.fft(x, n=-1)", ValueError,
         lambda b: b.xp.fft.fft(_a(b, [1, 2], "complex64"), n=-1),
         {"names": "fft", "needs": ("complex64",)}),
        ("fft.rfft-n0", "fft.rfft", _SHAPE, "fft.rfft(x, n=0)", ValueError,
         lambda b: b.xp.fft.rfft(_a(b, np.ones(4), "float32"), n=0),
         {"names": "rfft", "needs": ("complex64",)}),
        ("fft.fftn-s0", "fft.fftn", _SHAPE, "fft.fftn((2,2), s=(0, 2))", ValueError,
         lambda b: b.xp.fft.fftn(_a(b, np.ones((2, 2)), "complex64"), s=(0, 2)),
         {"names": "fftn", "needs": ("complex64",)}),
        ("tile-negative", "tile", _SHAPE, "tile((3,), (-1,))", ValueError,
         lambda b: b.xp.tile(_ones(b, 3), (-1,)), {}),
        ("repeat-negative", "repeat", _SHAPE, "repeat((3,), -1)", ValueError,
         lambda b: b.xp.repeat(_ones(b, 3), -1), {}),
        ("diff-negative-n", "diff", _SHAPE, "diff((3,), n=-1)", ValueError,
         lambda b: b.xp.diff(_ones(b, 3), n=-1), {}),
        ("take-axis", "take", _AXIS, "take((3,), [0], axis=1)", IndexError,
         lambda b: b.xp.take(_ones(b, 3), _a(b, [0], "int64"), axis=1), {}),
        ("moveaxis-axis", "moveaxis", _AXIS, "moveaxis((2,3), 2, 0)", IndexError,
         lambda b: b.xp.moveaxis(_ones(b, 2, 3), 2, 0), {}),
        ("expand_dims-negative", "expand_dims", _AXIS, "expand_dims((3,), axis=-3)",
         IndexError, lambda b: b.xp.expand_dims(_ones(b, 3), axis=-3), {}),
        ("cumulative_sum-axis-1d", "cumulative_sum", _AXIS, "cumulative_sum((3,), axis=1)",
         IndexError, lambda b: b.xp.cumulative_sum(_ones(b, 3), axis=1), {}),
        ("cumulative_prod-axis", "cumulative_prod", _AXIS, "cumulative_prod((2,3), axis=2)",
         IndexError, lambda b: b.xp.cumulative_prod(_ones(b, 2, 3), axis=2), {}),
        ("sort-0d-axis", "sort", _AXIS, "sort(0-d, axis=1)", IndexError,
         lambda b: b.xp.sort(_a(b, 1.0), axis=1), {}),
        ("argsort-axis", "argsort", _AXIS, "argsort((3,), axis=-2)", IndexError,
         lambda b: b.xp.argsort(_ones(b, 3), axis=-2), {}),
        ("squeeze-axis", "squeeze", _AXIS, "squeeze((1,3), axis=2)", IndexError,
         lambda b: b.xp.squeeze(_ones(b, 1, 3), axis=2), {}),
        ("roll-axis", "roll", _AXIS, "roll((3,), 1, axis=1)", IndexError,
         lambda b: b.xp.roll(_ones(b, 3), 1, axis=1), {}),
        ("stack-axis", "stack", _AXIS, "stack([(3,), (3,)], axis=3)", IndexError,
         lambda b: b.xp.stack([_ones(b, 3), _ones(b, 3)], axis=3), {}),
        ("unstack-axis", "unstack", _AXIS, "unstack((2,3), axis=2)", IndexError,
         lambda b: b.xp.unstack(_ones(b, 2, 3), axis=2), {}),
        ("tensordot-axes-range", "tensordot", _AXIS, "tensordot((2,3), (3,2), axes=([2], [0]))",
         IndexError, lambda b: b.xp.tensordot(_ones(b, 2, 3), _ones(b, 3, 2), axes=([2], [0])),
         {}),
        ("linalg.cross-axis", "linalg.cross", _AXIS, "linalg.cross((3,), (3,), axis=-2)",
         IndexError, lambda b: b.xp.linalg.cross(_ones(b, 3), _ones(b, 3), axis=-2),
         {"names": "cross"}),
        ("fft.ifftn-axes", "fft.ifftn", _AXIS, "fft.ifftn((2,2), axes=(0, 2))", IndexError,
         lambda b: b.xp.fft.ifftn(_a(b, np.ones((2, 2)), "complex64"), axes=(0, 2)),
         {"names": "ifftn", "needs": ("complex64",)}),
        ("fft.rfft-axis", "fft.rfft", _AXIS, "fft.rfft((3,), axis=-2)", IndexError,
         lambda b: b.xp.fft.rfft(_a(b, np.ones(3), "float32"), axis=-2),
         {"names": "rfft", "needs": ("complex64",)}),
        ("diff-axis", "diff", _AXIS, "diff((3,), axis=1)", IndexError,
         lambda b: b.xp.diff(_ones(b, 3), axis=1), {}),
        ("count_nonzero-axis", "count_nonzero", _AXIS, "count_nonzero((2,3), axis=(0, 2))",
         IndexError, lambda b: b.xp.count_nonzero(_ones(b, 2, 3), axis=(0, 2)), {}),
        ("any-axis", "any", _AXIS, "any((2,), axis=1)", IndexError,
         lambda b: b.xp.any(_a(b, [True, False], "bool"), axis=1), {}),
        ("std-axis", "std", _AXIS, "std((2,3), axis=3)", IndexError,
         lambda b: b.xp.std(_ones(b, 2, 3), axis=3), {}),
        ("flip-axes", "flip", _AXIS, "flip((2,3), axis=(0, 2))", IndexError,
         lambda b: b.xp.flip(_ones(b, 2, 3), axis=(0, 2)), {}),
        ("repeat-axis", "repeat", _AXIS, "repeat((3,), 2, axis=1)", IndexError,
         lambda b: b.xp.repeat(_ones(b, 3), 2, axis=1), {}),
        ("take-negative-oob", "take", _INDEX, "take((3,), [-4])", IndexError,
         lambda b: b.xp.take(_ones(b, 3), _a(b, [-4], "int64")), {}),
        ("take-axis1-oob", "take", _INDEX, "take((2,3), [3], axis=1)", IndexError,
         lambda b: b.xp.take(_ones(b, 2, 3), _a(b, [3], "int64"), axis=1), {}),
        ("bitwise_or-float", "bitwise_or", _DTYPE, "bitwise_or(float64, float64)", TypeError,
         lambda b: b.xp.bitwise_or(_ones(b, 2), _ones(b, 2)), {}),
        ("bitwise_right_shift-float", "bitwise_right_shift", _DTYPE,
         "bitwise_right_shift(int64, float64)", TypeError,
         lambda b: b.xp.bitwise_right_shift(_a(b, [4], "int64"), _ones(b, 1)), {}),
        ("floor_divide-complex", "floor_divide", _DTYPE, "floor_divide(complex64, complex64)",
         TypeError, lambda b: b.xp.floor_divide(_a(b, [1j], "complex64"), _a(b, [1j], "complex64")),
         {"needs": ("complex64",)}),
        ("take-bool-indices", "take", _DTYPE, "take((3,), bool [True])", TypeError,
         lambda b: b.xp.take(_ones(b, 3), _a(b, [True], "bool")), {}),
        ("linalg.det-int", "linalg.det", _DTYPE, "linalg.det(int64 2x2)", TypeError,
         lambda b: b.xp.linalg.det(_a(b, np.eye(2), "int64")), {"names": "det"}),
        ("linalg.qr-int", "linalg.qr", _DTYPE, "linalg.qr(int64 2x2)", TypeError,
         lambda b: b.xp.linalg.qr(_a(b, np.eye(2), "int64")), {"names": "qr"}),
        ("sum-float-axis", "sum", _DTYPE, "sum((2,3), axis=1.5)", TypeError,
         lambda b: b.xp.sum(_ones(b, 2, 3), axis=1.5), {}),
        ("matmul-list", "matmul", _NONARRAY, "matmul([[1.]], x) (a list)", TypeError,
         lambda b: b.xp.matmul([[1.0]], _ones(b, 1, 1)), {}),
        ("reshape-list", "reshape", _NONARRAY, "reshape([1., 2.], (2,)) (a list)", TypeError,
         lambda b: b.xp.reshape([1.0, 2.0], (2,)), {}),
        ("linalg.inv-list", "linalg.inv", _NONARRAY, "linalg.inv([[1., 0.], [0., 1.]])",
         TypeError, lambda b: b.xp.linalg.inv([[1.0, 0.0], [0.0, 1.0]]), {"names": "inv"}),
        ("argmax-none", "argmax", _NONARRAY, "argmax(None)", TypeError,
         lambda b: b.xp.argmax(None), {}),
        ("where-list", "where", _NONARRAY, "where([True], x, x) (a list)", TypeError,
         lambda b: b.xp.where([True], _ones(b, 1), _ones(b, 1)), {}),
    ]),
    # The rules the full shims take from one place (shims/_common: sorting, searching, clip;
    # issue 29), where they had drifted apart. numpy, torch and jax keep their libraries'
    # readings (NumPy truncates a float clip bound, torch and JAX promote; argmax of bool...),
    # so these run on the full shims and on array-api-strict, whose rules they are.
    *(BadCase(id_, func, kind, desc, exc, run, only=only)
      for id_, func, kind, desc, exc, run, only in [
        ("clip-float-bound-int", "clip", _DTYPE, "clip(int32 x, 1.5)", TypeError,
         lambda b: b.xp.clip(_a(b, [3, 1, 2], "int32"), 1.5), _RULEBOOK),
        ("clip-float-max-int", "clip", _DTYPE, "clip(int32 x, max=1.5)", TypeError,
         lambda b: b.xp.clip(_a(b, [3, 1, 2], "int32"), max=1.5), _RULEBOOK),
        ("clip-float-array-bound-int", "clip", _DTYPE, "clip(int32 x, min=float64 0-d)",
         TypeError, lambda b: b.xp.clip(_a(b, [3, 1, 2], "int32"), min=_a(b, 1.5)), _RULEBOOK),
        ("clip-int-array-bound-float", "clip", _DTYPE, "clip(float32 x, min=int32 0-d)",
         TypeError, lambda b: b.xp.clip(_a(b, [1.0, 5.0], "float32"), min=_a(b, 2, "int32")),
         _RULEBOOK),
        ("argmax-bool", "argmax", _DTYPE, "argmax(bool)", TypeError,
         lambda b: b.xp.argmax(_a(b, [True, False], "bool")), _RULEBOOK),
        ("searchsorted-bool", "searchsorted", _DTYPE, "searchsorted(bool, bool)", TypeError,
         lambda b: b.xp.searchsorted(_a(b, [False, True], "bool"), _a(b, [True], "bool")),
         _RULEBOOK),
        ("searchsorted-float-sorter", "searchsorted", _DTYPE,
         "searchsorted(int32 x1, x2, sorter=float64)", TypeError,
         lambda b: b.xp.searchsorted(_a(b, [3, 1, 2], "int32"), _a(b, [2], "int32"),
                                     sorter=_a(b, [1.0, 2.0, 0.0])), _RULEBOOK),
        ("where-int-condition", "where", _DTYPE, "where(int32 condition, x, x)", TypeError,
         lambda b: b.xp.where(_a(b, [1, 0], "int32"), _ones(b, 2), _ones(b, 2)), _RULEBOOK),
        ("where-two-scalars", "where", _NONARRAY, "where(condition, 1, 2.5)", TypeError,
         lambda b: b.xp.where(_a(b, [True, False], "bool"), 1, 2.5), _RULEBOOK),
        ("argmax-keepdims-list", "argmax", _DTYPE, "argmax((2,2), axis=0, keepdims=[1])",
         TypeError, lambda b: b.xp.argmax(_ones(b, 2, 2), axis=0, keepdims=[1]), _FULL),
        ("count_nonzero-keepdims-list", "count_nonzero", _DTYPE,
         "count_nonzero((2,2), axis=0, keepdims=[1])", TypeError,
         lambda b: b.xp.count_nonzero(_ones(b, 2, 2), axis=0, keepdims=[1]), _FULL),
        ("argsort-0d-axis", "argsort", _AXIS, "argsort(0-d, axis=1)", IndexError,
         lambda b: b.xp.argsort(_a(b, 1.0), axis=1), None),
        # Must succeed: bool sorts as NumPy, torch and JAX sort it (MLX and Paddle refused).
        ("sort-bool", "sort", _DTYPE, "sort(bool) (succeeds)", None,
         lambda b: b.xp.sort(_a(b, [True, False], "bool")), _NOT_STRICT),
        ("argsort-bool", "argsort", _DTYPE, "argsort(bool) (succeeds)", None,
         lambda b: b.xp.argsort(_a(b, [True, False], "bool")), _NOT_STRICT),
    ]),
    # A Python or NumPy int out of an integer array's dtype is the shims' OverflowError, never a
    # wrapped or re-typed answer (torch and JAX wrapped add(int8, 300), searchsorted and isin
    # cast 300 into int8 as 44, NumPy's full/clip/asarray cast np.int64(300) so; session
    # 2026-12-07). NumPy 2's comparisons answer exactly (its reading: no wrong number), and
    # array-api-strict refuses NumPy scalars (TypeError), so those cases leave them out.
    *(BadCase(id_, func, _INT_RANGE, desc, OverflowError, run, only=only)
      for id_, func, desc, run, only in [
        ("add-int-range", "add", "add(int8 x, 300)",
         lambda b: b.xp.add(_a(b, [1, 5], "int8"), 300), None),
        ("add-numpy-int-range", "add", "add(int8 x, np.int64(300))",
         lambda b: b.xp.add(_a(b, [1, 5], "int8"), np.int64(300)), _SCALAR_RULE),
        ("less-int-range", "less", "less(int8 x, 300)",
         lambda b: b.xp.less(_a(b, [1, 5], "int8"), 300), ("array_api_strict",) + _SCALAR_RULE),
        ("where-int-range", "where", "where(c, int8 x, -200)",
         lambda b: b.xp.where(_a(b, [True, False], "bool"), _a(b, [1, 5], "int8"), -200), None),
        ("searchsorted-int-range", "searchsorted", "searchsorted(int8 x, 300)",
         lambda b: b.xp.searchsorted(_a(b, [1, 5], "int8"), 300),
         ("array_api_strict",) + _SCALAR_RULE),
        ("isin-int-range", "isin", "isin(int8 x, 300)",
         lambda b: b.xp.isin(_a(b, [44, 5], "int8"), 300), ("array_api_strict",) + _SCALAR_RULE),
        ("full-numpy-int-range", "full", "full((1,), np.int64(300), dtype=int8)",
         lambda b: b.xp.full((1,), np.int64(300), dtype=b.xp.int8), _NOT_STRICT),
        ("full_like-numpy-int-range", "full_like", "full_like(int8 x, np.int64(300))",
         lambda b: b.xp.full_like(_a(b, [1, 5], "int8"), np.int64(300)), _NOT_STRICT),
        ("clip-int-range", "clip", "clip(int8 x, max=-300)",
         lambda b: b.xp.clip(_a(b, [1, 5], "int8"), max=-300), None),
        ("clip-numpy-int-range", "clip", "clip(int8 x, max=np.int64(-300))",
         lambda b: b.xp.clip(_a(b, [1, 5], "int8"), max=np.int64(-300)), _NOT_STRICT),
        ("asarray-numpy-int-range", "asarray", "asarray(np.int64(300), dtype=int8)",
         lambda b: b.xp.asarray(np.int64(300), dtype=b.xp.int8), _NOT_STRICT),
        ("arange-int-range", "arange", "arange(250, 260, dtype=int8)",
         lambda b: b.xp.arange(250, 260, dtype=b.xp.int8), None),
    ]),
    BadCase("mxnet-uint16", "asarray", "unsupported dtype on MXNet",
            "asarray([1, 2], dtype=xp.uint16)", TypeError, _mx_dtype("uint16"), only=("mxnet",)),
    BadCase("mxnet-complex64", "asarray", "unsupported dtype on MXNet",
            "asarray([1, 2], dtype=xp.complex64)", TypeError, _mx_dtype("complex64"),
            only=("mxnet",)),
    BadCase("mxnet-int16-zeros", "zeros", "unsupported dtype on MXNet",
            "zeros(3, dtype=xp.int16)", TypeError, lambda b: b.xp.zeros(3, dtype=b.xp.int16),
            only=("mxnet",)),
    BadCase("mxnet-astype-uint32", "astype", "unsupported dtype on MXNet",
            "astype(int32 x, xp.uint32)", TypeError,
            lambda b: b.xp.astype(_a(b, [1, 2], "int32"), b.xp.uint32), only=("mxnet",)),
]


def _resolve(value: Any) -> Any:
    # MXNet runs asynchronously: an error may surface only when the result is read.
    for method in ("wait_to_read", "numpy"):
        f = getattr(value, method, None)
        if callable(f):
            try:
                f()
            except TypeError:
                pass
            break
    return value


def run(backends: list[Backend]) -> dict:
    """Run every bad-input case on every backend; return rows and mismatch keys."""
    rows = []
    mismatch_keys: dict[tuple, str] = {}
    exercised: set[tuple] = set()
    for case in CASES:
        row = {"id": case.id, "function": case.func, "kind": case.kind,
               "input": case.description,
               "expected": case.expected.__name__ if case.expected else "no error",
               "results": {}}
        for b in backends:
            if case.only and b.name not in case.only:
                continue
            if not all(b.supports(d) for d in case.needs):
                continue
            try:
                if case.array_object:
                    with arraykit.array_objects():
                        _resolve(case.run(b))
                else:
                    _resolve(case.run(b))
                err = None
            except Exception as e:  # noqa: BLE001 - every exception is a data point
                err = e
            name = (case.names or case.func.split(".")[-1])
            if err is None:
                res = {"raised": None, "consistent": case.expected is None, "names_function": None,
                       "message": ""}
            else:
                msg = " ".join(str(err).split())
                res = {"raised": f"{type(err).__module__}.{type(err).__qualname__}",
                       "family": [c.__name__ for c in (TypeError, ValueError, IndexError,
                                                       RuntimeError, AttributeError,
                                                       NotImplementedError)
                                  if isinstance(err, c)],
                       "consistent": case.expected is not None
                       and isinstance(err, case.expected),
                       "names_function": name in msg, "message": msg[:160]}
            row["results"][b.name] = res
            exercised.add((b.name, case.func, f"bad:{case.id}"))
            if err is not None and res["consistent"]:
                exercised.add((b.name, case.func, f"bad-msg:{case.id}"))
            if not res["consistent"]:
                got = res["raised"] or "no error"
                mismatch_keys[(b.name, case.func, f"bad:{case.id}")] = (
                    f"expected {row['expected']}, got {got}: {res['message'][:100]}")
            elif err is not None and not res["names_function"]:
                mismatch_keys[(b.name, case.func, f"bad-msg:{case.id}")] = (
                    f"{type(err).__name__} message does not name {name!r}: "
                    f"{res['message'][:100]}")
        rows.append(row)
    return {"rows": rows, "mismatch_keys": mismatch_keys, "exercised": exercised,
            "functions": sorted({c.func for c in CASES})}


def write(bad: dict, env: str, results_dir: str) -> None:
    """Merge this environment's rows into bad_inputs.json and re-render bad_inputs.md."""
    path = os.path.join(results_dir, "bad_inputs.json")
    data = {}
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
    data[env] = bad["rows"]
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    with open(os.path.join(results_dir, "bad_inputs.md"), "w") as f:
        f.write(render(data))


def _cell(res: dict | None) -> str:
    if res is None:
        return "n/a"
    if res["raised"] is None:
        return ("ok" if res["consistent"] else "**no error**")
    cls = res["raised"].rsplit(".", 1)[-1]
    mark = "" if res["consistent"] else "**x** "
    named = "" if res["names_function"] else " (msg unnamed)"
    return f"{mark}{cls}{named}"


def render(data: dict) -> str:
    """The Markdown table of all environments' bad-input results."""
    out = ["# Bad-input behaviour across backends", "",
           "Generated by `python -m conformance.differential --write-results` (both "
           "environments; do not edit by hand). Each cell is the exception class raised; "
           "**x** marks a class that is not the expected one (or **no error**), "
           "\"(msg unnamed)\" a message that does not name the function.", "",
           "Expected classes follow Python's conventions, which NumPy and array-api-strict use: "
           "TypeError for a wrong dtype, a non-array or arrays of two libraries, ValueError "
           "for shapes that do not fit, IndexError for an axis out of range (NumPy's AxisError "
           "is both an IndexError and a ValueError; torch raises IndexError) or an index out of "
           "bounds. Every inconsistency is listed with its cause in "
           "`conformance/differential/known_mismatches.txt` (labels `bad:<case>` and "
           "`bad-msg:<case>`).", ""]
    for env, rows in sorted(data.items()):
        backends = []
        for r in rows:
            for b in r["results"]:
                if b not in backends:
                    backends.append(b)
        total = sum(len(r["results"]) for r in rows)
        bad = sum(not v["consistent"] for r in rows for v in r["results"].values())
        unnamed = sum(v["consistent"] and v["raised"] is not None and not v["names_function"]
                      for r in rows for v in r["results"].values())
        out += [f"## {env} environment", "",
                f"{len(rows)} cases x backends = {total} results: {total - bad} with the expected "
                f"class, {bad} inconsistent, {unnamed} with a message not naming the function.",
                "", "| case | kind | input | expected | " + " | ".join(backends) + " |",
                "|---|---|---|---|" + "---|" * len(backends)]
        for r in rows:
            if not r["results"]:
                continue
            cells = [_cell(r["results"].get(b)) for b in backends]
            out.append(f"| {r['id']} | {r['kind']} | `{r['input']}` | {r['expected']} | "
                       + " | ".join(cells) + " |")
        out += ["", "| backend | expected class | message names the function |", "|---|---|---|"]
        for b in backends:
            res = [r["results"][b] for r in rows if b in r["results"]]
            raised = [v for v in res if v["raised"] is not None and v["consistent"]]
            out.append(f"| {b} | {sum(v['consistent'] for v in res)}/{len(res)} | "
                       f"{sum(bool(v['names_function']) for v in raised)}/{len(raised)} |")
        out.append("")
    return "\n".join(out)
