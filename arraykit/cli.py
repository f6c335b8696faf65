"""The ``arraykit`` command (also ``python -m arraykit``).

``arraykit info``  which frameworks are installed, which namespace serves each, the standard
                   revision it reports, and which extension namespaces work on it.
``arraykit demo``  one framework-agnostic function run on every framework present, compared
                   with NumPy in a table. Needs only NumPy; uses every other framework it finds.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.metadata
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from . import _registry, array_namespace
from ._dispatch import backend_of_type
from .ext import EXTENSIONS


def _version(backend: _registry.Backend) -> str:
    # Through the row: its importer (Paddle after TensorFlow would crash the process).
    module = backend.import_package()
    version = getattr(module, "__version__", None)
    if version is None:  # mlx keeps it in mlx.core; the distribution has it too
        try:
            version = importlib.metadata.version(backend.package)
        except importlib.metadata.PackageNotFoundError:
            version = "?"
    return str(version)


@contextlib.contextmanager
def _framework_logs_silenced() -> Iterator[None]:
    """Keep frameworks' start-up logs off the terminal while the command uses them.

    TensorFlow's C++ runtime writes absl and oneDNN lines straight to file descriptor 2 when
    it loads, some before it reads TF_CPP_MIN_LOG_LEVEL, so the descriptor itself is pointed
    at a temporary file for the duration (TF_ENABLE_ONEDNN_OPTS is left alone: it changes
    numerics, not just logs). The environment and descriptor are restored afterwards; if an
    exception escapes, what was written meanwhile is replayed to stderr with it.
    """
    saved_level = os.environ.get("TF_CPP_MIN_LOG_LEVEL")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    try:
        sys.stderr.flush()
        saved_fd = os.dup(2)
    except (OSError, ValueError):  # no usable descriptor 2: nothing to protect
        saved_fd = None
    try:
        with tempfile.TemporaryFile() as log:
            if saved_fd is not None:
                os.dup2(log.fileno(), 2)
            try:
                yield
            except BaseException:
                _restore_fd(saved_fd)
                saved_fd = None
                log.seek(0)
                sys.stderr.write(log.read().decode(errors="replace"))
                raise
            finally:
                _restore_fd(saved_fd)
    finally:
        if saved_level is None:
            os.environ.pop("TF_CPP_MIN_LOG_LEVEL", None)
        else:
            os.environ["TF_CPP_MIN_LOG_LEVEL"] = saved_level


def _restore_fd(saved_fd: int | None) -> None:
    if saved_fd is not None:
        sys.stderr.flush()
        os.dup2(saved_fd, 2)
        os.close(saved_fd)


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    line = lambda cells: "  ".join(  # noqa: E731
        str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def _probe(backend: _registry.Backend) -> tuple[str, str, Any]:
    """(namespace description, standard revision, namespace or None) for one backend."""
    try:
        xp = array_namespace(backend.make_array(np.zeros(2, dtype=np.float32)))
        # A module here; the standard allows any object.
        name = getattr(xp, "__name__", type(xp).__name__)
        return f"{name} ({backend.served_by})", str(xp.__array_api_version__), xp
    except NotImplementedError as e:
        return f"none yet: {e}", "-", None
    except Exception as e:  # noqa: BLE001 - an installed but broken framework must not stop the report
        return f"error: {type(e).__name__}: {e}", "-", None


def info(out: Callable[[str], None] = print) -> int:
    """Print the frameworks found and how arraykit serves each."""
    from . import __version__

    out(f"arraykit {__version__}: Array API standard {_registry.API_VERSION}, "
        f"Python {sys.version.split()[0]}")
    with _framework_logs_silenced():
        rows = [_info_row(backend) for backend in _registry.BACKENDS]
    out(_table(["framework", "version", "namespace", "standard", "extensions"], rows))
    return 0


def _info_row(backend: _registry.Backend) -> list[str]:
    if not backend.installed():
        return [backend.name, "not installed", "-", "-", "-"]
    try:
        version = _version(backend)
    except Exception as e:  # noqa: BLE001 - any import failure (mxnet with numpy >= 1.24) is reported
        return [backend.name, f"import fails: {type(e).__name__}: {e}"[:80], "-", "-", "-"]
    description, revision, xp = _probe(backend)
    extensions = ", ".join(
        name + (f" ({ext.describe(backend.name)})" if ext.describe(backend.name) else "")
        for name, ext in EXTENSIONS.items() if xp is not None and ext.supports(backend.name)
    ) or "-"
    return [backend.name, version, description, revision, extensions]


def attention(q: Any, k: Any, v: Any) -> Any:
    """Scaled dot-product attention, written once against the Array API standard."""
    xp = array_namespace(q, k, v)
    scores = xp.matmul(q, xp.matrix_transpose(k)) / q.shape[-1] ** 0.5
    scores = scores - xp.max(scores, axis=-1, keepdims=True)  # for a stable exp
    weights = xp.exp(scores)
    weights = weights / xp.sum(weights, axis=-1, keepdims=True)
    return xp.matmul(weights, v)


def _materialise(y: Any) -> Any:
    """Wait for asynchronous or lazy results so that timings measure the work (the registry
    row's ``materialise`` hook: jax's block_until_ready, mx.eval, MXNet's wait_to_read...)."""
    backend = backend_of_type(type(y))
    return y if backend is None else backend.materialised(y)


def to_numpy(y: Any) -> np.ndarray:
    """A NumPy copy of any backend's array (for comparisons, not for hot paths)."""
    y = _materialise(y)
    backend = backend_of_type(type(y))
    if backend is not None:  # the registry row knows how (x.asnumpy() on mxnet...)
        return backend.as_numpy(y)
    try:
        return np.asarray(y)
    except (TypeError, ValueError, RuntimeError):
        return np.from_dlpack(y)


def demo(out: Callable[[str], None] = print, repeats: int = 20) -> int:
    """Run ``attention`` on every framework present and compare with NumPy."""
    rng = np.random.default_rng(0)
    shapes = (8, 64, 32)
    q, k, v = (rng.standard_normal(shapes).astype(np.float32) for _ in range(3))
    reference = attention(q, k, v)
    out(f"attention(q, k, v) on {shapes} float32 arrays, one definition "
        f"(arraykit.cli.attention), every framework found:")
    found = [b for b in _registry.BACKENDS if b.installed()]
    with _framework_logs_silenced():
        rows = [_demo_row(backend, (q, k, v), reference, repeats) for backend in found]
    out(_table(["framework", "output type", "max |diff| vs numpy", "ms/call", "status"], rows))
    missing = [b.name for b in _registry.BACKENDS if b not in found]
    if missing:
        out(f"not installed: {', '.join(missing)}")
    return 1 if any(r[-1] == "MISMATCH" for r in rows) else 0


def _demo_row(backend: _registry.Backend, inputs: tuple, reference: np.ndarray,
              repeats: int) -> list[str]:
    label = backend.name
    try:
        args = [backend.make_array(a) for a in inputs]
        result = attention(*args)
        _materialise(result)
        start = time.perf_counter()
        for _ in range(repeats):
            _materialise(attention(*args))
        per_call = (time.perf_counter() - start) / repeats
    except NotImplementedError as e:
        return [label, "-", "-", "-", f"skipped: {e}"]
    except Exception as e:  # noqa: BLE001 - a broken or partial framework install: report, go on
        return [label, "-", "-", "-", f"error: {type(e).__name__}: {e}"[:100]]
    diff = float(np.max(np.abs(to_numpy(result) - reference)))
    out_type = f"{type(result).__module__.split('.')[0]}.{type(result).__name__}"
    return [label, out_type, f"{diff:.1e}", f"{per_call * 1e3:.2f}",
            "ok" if diff < 1e-4 else "MISMATCH"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="arraykit",
        description="Array code written once, run natively on NumPy, PyTorch, JAX, "
        "TensorFlow and MXNet through the Array API standard.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("info", help="frameworks found and the namespace that serves each")
    demo_parser = sub.add_parser("demo", help="run one function on every framework found")
    demo_parser.add_argument("--repeats", type=int, default=20, help="timed calls per framework")
    args = parser.parse_args(argv)
    if args.command == "info":
        return info()
    return demo(repeats=args.repeats)


if __name__ == "__main__":
    sys.exit(main())
