"""The fft extension on the shims (TF's against NumPy's below)."""

from __future__ import annotations

import pytest
from shim_helpers import (
    MX_ONLY,
    host,
)


@MX_ONLY
def test_fft_and_eig_raise_clearly(xp):
    x = xp.ones((4,))
    with pytest.raises(TypeError, match="complex"):
        xp.fft.fft(x)
    with pytest.raises(TypeError, match="MXNet"):
        xp.linalg.eig(xp.eye(2))
    assert host(xp.fft.fftfreq(4)).tolist() == [0.0, 0.25, -0.5, -0.25]
    assert host(xp.fft.fftshift(xp.asarray([0, 1, 2, 3]))).tolist() == [2, 3, 0, 1]
