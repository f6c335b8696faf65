"""Device objects for the TF shim.

``Device`` subclasses ``str`` and holds TF's own device string, so it can be passed straight
to ``tf.device`` and compares equal to what ``tensor.device`` returns; equality between two
``Device`` objects is by device *type and index* (``"CPU:0"``), so the short and the fully
qualified spelling of one device are the same device. ``repr`` shows the short form.
"""

from __future__ import annotations

import contextlib

import tensorflow as tf
from tensorflow.python.framework import device_spec as _ds

from .._common import utils as _u


def _canon(name: str) -> str:
    """``"CPU:0"`` for any spelling of a device ("/device:CPU:0", "/job:.../device:CPU:0",
    "cpu", ""). An empty name (unplaced graph tensor) means the default device, CPU:0."""
    if not name:
        return "CPU:0"
    spec = _ds.DeviceSpecV2.from_string(name if "/" in name or ":" not in name
                                        else "/device:" + name)
    dt = (spec.device_type or "CPU").upper()
    return f"{dt}:{spec.device_index or 0}"


class Device(str):
    """A TF device (CPU or GPU). ``Device("CPU:0")``, ``Device("/device:GPU:1")``... ;
    ``Device.type`` / ``Device.index``; usable as a ``device=`` argument anywhere."""

    __slots__ = ()

    def __new__(cls, name: str = "CPU:0"):
        return super().__new__(cls, name)

    @property
    def canonical(self) -> str:
        return _canon(str(self))

    @property
    def type(self) -> str:
        return self.canonical.split(":")[0]

    @property
    def index(self) -> int:
        return int(self.canonical.split(":")[1])

    def __eq__(self, other):
        if isinstance(other, str):
            try:
                return _canon(str(self)) == _canon(str(other))
            except ValueError:
                return False
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    # Hash as the plain string: TF code that looks the device string up in its own dicts
    # keeps working when handed a Device. (Two spellings of one device compare equal but
    # hash differently; build sets from one spelling, e.g. ``devices()``.)
    __hash__ = str.__hash__

    def __repr__(self):
        return f"Device({self.canonical!r})"


CPU = Device("CPU:0")


def devices() -> tuple:
    """All logical CPU and GPU devices TF sees, as ``Device`` objects."""
    out = []
    for kind in ("CPU", "GPU"):
        for d in tf.config.list_logical_devices(kind):
            out.append(Device(d.name))
    return _u.Devices(out)


def default_device() -> Device:
    """The device TF places new tensors on by default (GPU:0 if there is one)."""
    gpus = tf.config.list_logical_devices("GPU")
    return Device(gpus[0].name) if gpus else Device(tf.config.list_logical_devices("CPU")[0].name)


def device_of(x) -> Device:
    """The ``Device`` holding tensor/Variable ``x`` (graph tensors without placement: CPU:0)."""
    try:
        name = x.device
    except (AttributeError, RuntimeError):
        name = ""
    return Device(name or "CPU:0")


def check_device(device):
    """Validate a ``device=`` argument; returns a ``Device`` or None."""
    if device is None:
        return None
    if isinstance(device, Device):
        return device
    if isinstance(device, str):
        try:
            _canon(device)
        except ValueError:
            raise ValueError(f"unsupported device {device!r}") from None
        return Device(device)
    raise ValueError(f"unsupported device {device!r}")


def on(device):
    """A context manager placing new ops on ``device`` (no-op for None)."""
    if device is None:
        return contextlib.nullcontext()
    return tf.device(str(check_device(device)))


def to_device(x, device, /, *, stream=None):
    """Copy ``x`` to ``device`` (``x`` itself if it is already there)."""
    from ._base import arr

    x = arr(x, "to_device")
    if stream is not None:
        raise ValueError("to_device: stream is not supported by TensorFlow")
    dev = check_device(device)
    if tf.executing_eagerly() and device_of(x) == dev:
        return x
    with tf.device(str(dev)):
        return tf.identity(x)
