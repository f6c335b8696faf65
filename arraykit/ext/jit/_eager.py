"""Frameworks without a compiler arraykit drives (numpy, array-api-strict, dask, cupy): the
function runs as written, and ``is_compiled`` says False."""

from __future__ import annotations

COMPILES = False
#: What ``arraykit info`` reports.
NOTE = "eager"


def compile(fn, record, example):  # noqa: A001  (the name every backend module uses)
    """``fn`` itself, recording each call as eager."""

    def run(*args, **kwargs):
        record.last = "eager"
        return fn(*args, **kwargs)

    run.compiled = fn
    return run
