"""Error conventions across sections: the builtin class NumPy raises, a message naming the
function, never a framework error."""

from __future__ import annotations

import numpy as np
import pytest
from shim_helpers import (
    SHIMS,
)

from arraykit._registry import BY_NAME


@SHIMS
def test_bad_input_conventions(xp):
    x = xp.ones((2, 3))
    with pytest.raises(IndexError):  # AxisError: both IndexError and ValueError
        xp.sum(x, axis=5)
    with pytest.raises(ValueError):
        xp.sort(x, axis=-3)
    with pytest.raises(IndexError):
        xp.take(xp.arange(3), xp.asarray([10]))
    with pytest.raises(TypeError, match="sin"):
        xp.sin([1.0, 2.0])
    with pytest.raises(TypeError, match="add"):
        xp.add(x, np.ones((2, 3)))
    with pytest.raises(TypeError, match="^sum"):
        xp.sum("abc")
    assert xp.argmax(xp.ones((0, 3)), axis=1).shape == (0,)
    assert xp.diff(xp.arange(2), n=3).shape == (0,)


@SHIMS
def test_errors_at_the_call(xp):
    with pytest.raises(ValueError):
        xp.max(xp.zeros((0,)))
    with pytest.raises(ValueError):
        xp.reshape(xp.ones((2, 3)), (4,))
    with pytest.raises(ValueError):
        xp.matmul(xp.ones((2, 3)), xp.ones((2, 3)))
    with pytest.raises(ValueError):
        xp.broadcast_to(xp.ones((3,)), (4,))
    with pytest.raises(IndexError):
        xp.sum(xp.ones((2,)), axis=3)
    with pytest.raises(ValueError):
        xp.squeeze(xp.ones((2, 3)), axis=0)


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
