"""Workloads written once against ``xp = arraykit.array_namespace(x)``, modelled on the Ivy
paper's libraries (mechanics, vision, robotics, a differentiable environment). Used by the
overhead study and by the scale-out tests on dask."""


def device_of(x):
    """The device of ``x`` for a creation function's ``device=`` (``arraykit.device``), so
    arrays a workload creates live where its inputs do (a GPU under ``--device cuda``); None,
    the default device, for MXNet arrays, where ``arraykit.device`` raises AttributeError
    (array-api-compat reads ``x.device``, which ``mxnet.numpy.ndarray`` lacks)."""
    import arraykit

    try:
        return arraykit.device(x)
    except AttributeError:
        return None
