"""__array_namespace_info__, the namespace's version and names, devices, on the shims."""

from __future__ import annotations

import pytest
from shim_helpers import (
    MX_ONLY,
    SHIMS,
    TF_ONLY,
    mnp,
)


@SHIMS
def test_version_and_names(xp):
    assert xp.__array_api_version__ == "2025.12"
    for name in ["abs", "add", "clip", "isin", "broadcast_shapes", "count_nonzero",
                 "cumulative_prod", "searchsorted", "take_along_axis", "unstack", "reciprocal",
                 "nextafter", "linalg", "fft", "__array_namespace_info__"]:
        assert hasattr(xp, name), name


@TF_ONLY
def test_devices(xp):
    info = xp.__array_namespace_info__()
    devs = info.devices()
    assert xp.Device("CPU:0") in devs
    assert xp.Device("cpu:0") == xp.Device("/job:localhost/replica:0/task:0/device:CPU:0")
    assert repr(xp.Device("/device:CPU:0")) == "Device('CPU:0')"
    x = xp.ones(2, device=devs[0])
    y = xp.to_device(x, devs[0])
    assert xp.Device(y.device) == devs[0]
    with pytest.raises(ValueError, match=r"^unsupported device 'nonsense::device::9'"):
        xp.ones(2, device="nonsense::device::9")


@MX_ONLY
def test_version_and_native_arrays(xp):
    assert xp.__array_api_version__ == "2025.12"
    x = xp.asarray([1.0, 2.0])
    assert type(x) is mnp.ndarray
    assert type(xp.exp(x)) is mnp.ndarray


@MX_ONLY
def test_default_dtypes_reported(xp):
    info = xp.__array_namespace_info__()
    d = info.default_dtypes()
    assert d["real floating"] == xp.float32
    assert d["integral"] == xp.int64 and d["indexing"] == xp.int64
    assert isinstance(info.devices(), tuple)
    assert info.default_device() in info.devices()


@SHIMS
def test_devices_is_a_tuple_that_a_list_extends(xp):
    devices = xp.__array_namespace_info__().devices()
    assert isinstance(devices, tuple)  # 2025.12
    assert xp.__array_namespace_info__().default_device() in devices
    # SciPy's conftest (written when devices() was a list) does ``devices() + [None]``.
    assert devices + [None] == [*devices, None]
    assert [None] + devices == [None, *devices]
    assert devices + (None,) == (*devices, None)
    with pytest.raises(TypeError):
        devices + None
