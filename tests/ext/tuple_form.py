"""The tuple form of ext.nd's index arrays against their stack, for every framework's tests.

``gather_nd(x, (i0, i1))`` is defined as ``gather_nd(x, stack([i0, i1], axis=-1))``: the same
values, dtype and shape, or the same exception class with the same message. The backends'
fast paths for a repeated tuple-form call (NumPy, torch, MLX, Paddle) are checked with it.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from frameworks import to_numpy

import arraykit
from arraykit.ext import nd


def assert_same_as_stacked(x, cols, **kw):
    """``nd.gather_nd(x, cols, **kw)`` behaves as the call with the stacked columns."""
    stacked = arraykit.array_namespace(cols[0]).stack(list(cols), axis=-1)
    try:
        want = nd.gather_nd(x, stacked, **kw)
        want_values = to_numpy(want)  # evaluated: a lazy framework raises here at the latest
    except (IndexError, TypeError, ValueError) as e:
        with pytest.raises(type(e), match="^" + re.escape(str(e)) + "$"):
            to_numpy(nd.gather_nd(x, cols, **kw))
        return
    got = nd.gather_nd(x, cols, **kw)
    assert got.dtype == want.dtype and tuple(got.shape) == tuple(want.shape)
    np.testing.assert_array_equal(to_numpy(got), want_values)


def assert_tuple_form_errors(x, i0, i1, i1_wide, foreign):
    """The tuple form's own refusals, whichever path a backend takes: int32 ``i0`` beside the
    int64 ``i1_wide`` (TypeError naming both), columns of two shapes (ValueError naming them),
    a bool ``batch_dims``, and a column that is a list or ``foreign`` (another library's array
    of ``i1``'s values): TypeError."""
    with pytest.raises(TypeError, match=r"^gather_nd: the index arrays of a tuple must have one "
                       r"dtype; got int32, int64 "):
        nd.gather_nd(x, (i0, i1_wide))
    short = i1[:, :3]
    shapes = f"{tuple(i0.shape)}, {tuple(short.shape)}"
    with pytest.raises(ValueError, match=r"^gather_nd: the index arrays of a tuple must have one "
                       r"shape \(they are not broadcast\); got shapes " + re.escape(shapes) + "$"):
        nd.gather_nd(x, (i0, short))
    with pytest.raises(TypeError, match=r"^gather_nd: batch_dims must be an int, not bool$"):
        nd.gather_nd(x, (i0, i1), batch_dims=False)
    with pytest.raises(TypeError):
        nd.gather_nd(x, (i0, to_numpy(i1).tolist()))
    with pytest.raises(TypeError):
        nd.gather_nd(x, (i0, foreign))
