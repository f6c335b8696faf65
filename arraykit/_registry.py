"""The backend registry: which array classes arraykit knows and which namespace serves each.

``BACKENDS`` below is the whole table. An entry names its array classes as strings
(``"module:Class"``), so nothing here imports a framework: a class is resolved only when its
module is already in ``sys.modules``, which is always the case once an array of it exists.
``register_backend`` adds a row at run time, for libraries arraykit has never heard of.
"""

from __future__ import annotations

import functools
import importlib
import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

#: The revision of the standard that every namespace arraykit returns reports.
API_VERSION = "2025.12"
#: Revisions a caller may ask for; arraykit serves all of them with its 2025.12 namespace,
#: which is a superset of the earlier ones, as array-api-compat does.
SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")


def resolve_class(spec: str) -> type | None:
    """``"module:Qual.Name"`` -> the class, if its module is imported already; else None."""
    module_name, _, qualname = spec.partition(":")
    obj: Any = sys.modules.get(module_name)
    for part in qualname.split(".") if obj is not None else ():
        obj = getattr(obj, part, None)
        if obj is None:
            break
    return obj if isinstance(obj, type) else None


@dataclass(eq=False)
class Backend:
    """One row of the registry.

    name:          short name used in messages, ``arraykit info`` and the conformance runner.
    array_classes: ``"module:Qual.Name"`` strings; an array belongs to this backend when its
                   type is a subclass (ABC registration included) of one of them.
    namespace:     a module path to import (``"array_api_compat.numpy"``) or a zero-argument
                   callable returning the namespace; loaded on first use only.
    served_by:     who provides the namespace, for ``arraykit info``.
    namespace_names: ``__name__`` of every module that counts as this backend's namespace in
                   ``is_<name>_namespace``.
    lazy:          ``is_lazy_array`` for this backend: a bool, or a callable taking the array.
    lazy_by_class: where the array's class alone decides ``lazy`` (TF: eager tensors hold
                   values, graph tensors do not), that answer from the class; what
                   ``enable()`` tells array-api-compat, whose own test of an unknown class
                   runs four ops and reads a value on every call (SciPy asks per function).
    writeable:     ``is_writeable_array``: a bool, or a callable taking the array.
    device / to_device: optional hooks; without them array-api-compat's helpers are used.
    constructor:   ``"module:function"`` that builds an array of this backend from a Python
                   number, list or NumPy array; used by ``arraykit demo``/``info`` and the
                   conformance runner, never by dispatch.
    array_object:  the module whose ``enable_array_object``/``disable_array_object``/
                   ``array_object_enabled`` give these arrays the standard's array-object
                   surface (``arraykit.enable``); None when the arrays have it natively.
    to_numpy:      a callable giving a NumPy copy of an array (``arraykit demo``, tests);
                   None: ``numpy.asarray``, else DLPack.
    importer:      a module whose import imports the package safely, for ``import_package``
                   (paddle's: Paddle loaded after TensorFlow segfaults in its protobuf unless
                   loaded with ``RTLD_DEEPBIND``); None: a plain import.
    materialise:   a callable that waits until an array's values exist (asynchronous
                   dispatch: jax, MXNet; lazy graphs: MLX, dask) and returns the array holding
                   them; None: values exist when the call returns. ``arraykit demo`` and the
                   benchmarks time work through it (``materialise()`` below).

    What the extensions can do with the arrays is not listed here: ``ext/<ext>/_<name>.py``
    serves them when it exists (``arraykit.ext._lookup``), and
    its module constants say how (``DIFFERENTIATES``, ``COMPILES``, ``NOTE``).
    """

    name: str
    array_classes: tuple[str, ...]
    namespace: str | Callable[[], Any]
    served_by: str
    namespace_names: tuple[str, ...] = ()
    lazy: bool | Callable[[Any], bool] = False
    lazy_by_class: Callable[[type], bool] | None = None
    writeable: bool | Callable[[Any], bool] = True
    device: Callable[[Any], Any] | None = None
    to_device: Callable[..., Any] | None = None
    constructor: str | None = None
    array_object: str | None = None
    to_numpy: Callable[[Any], Any] | None = None
    importer: str | None = None
    materialise: Callable[[Any], Any] | None = None
    _namespace: Any = field(default=None, repr=False)

    def load_namespace(self) -> Any:
        """Import (once) and return this backend's namespace."""
        if self._namespace is None:
            loader = self.namespace
            if not isinstance(loader, str):
                self._namespace = loader()
                return self._namespace
            try:
                self._namespace = importlib.import_module(loader)
            except ModuleNotFoundError as e:
                # Only "the namespace module itself is absent" becomes NotImplementedError
                # (a shim not built yet); a missing dependency inside it stays what it is.
                if e.name is None or not (loader == e.name or loader.startswith(e.name + ".")):
                    raise
                raise NotImplementedError(
                    f"arraykit has no Array API namespace for {self.name} arrays yet: the "
                    f"module {loader!r} ({self.served_by}) is not available"
                ) from None
        return self._namespace

    def classes(self) -> tuple[type, ...]:
        """The array classes whose modules are already imported (never imports anything)."""
        return tuple(c for c in map(resolve_class, self.array_classes) if c is not None)

    def owns_type(self, cls: type) -> bool:
        """Whether arrays of ``cls`` belong to this backend (no import)."""
        # ``issubclass`` rather than an MRO walk: jax tracers are registered with jax.Array as
        # an ABC, and would be missed by a plain name comparison.
        return any(issubclass(cls, c) for c in self.classes())

    def is_array(self, x: Any) -> bool:
        return self.owns_type(type(x))

    @property
    def package(self) -> str:
        """The top-level package of this backend's arrays (``"mxnet"`` for mxnet.numpy)."""
        return self.array_classes[0].partition(":")[0].split(".")[0]

    def installed(self) -> bool:
        """Whether this backend's framework is installed here, found without importing it.

        The module of the row's first array class must be found with code in it (see
        ``_module_found``): a bare folder named after the package does not count."""
        module = self.array_classes[0].partition(":")[0]
        return module in sys.modules or _module_found(module)

    def import_package(self) -> ModuleType:
        """Import this backend's package (tests and tools that load several frameworks in one
        process use this; arraykit itself never imports a framework)."""
        if self.importer is not None and self.package not in sys.modules:
            importlib.import_module(self.importer)
        return importlib.import_module(self.package)

    def make_array(self, value: Any) -> Any:
        """Build an array of this backend from a number, list or NumPy array (imports it)."""
        if self.constructor is None:
            raise NotImplementedError(f"backend {self.name!r} registered no constructor")
        module_name, _, func = self.constructor.partition(":")
        self.import_package()
        return getattr(importlib.import_module(module_name), func)(value)

    def as_numpy(self, x: Any) -> Any:
        """A NumPy copy of ``x``, an array of this backend (not for hot paths)."""
        import numpy as np

        if self.to_numpy is not None:
            return np.asarray(self.to_numpy(x))
        try:
            return np.asarray(x)
        except (TypeError, ValueError, RuntimeError):
            return np.from_dlpack(x)

    def materialised(self, x: Any) -> Any:
        """``x`` with its values computed (the row's ``materialise``; else ``x``): what a
        timing must wait for to measure the work, not the dispatch."""
        return x if self.materialise is None else self.materialise(x)


@functools.cache
def _module_found(module: str) -> bool:
    """Whether ``module`` ("mlx.core") can be imported from a real package; imports nothing.

    ``find_spec`` alone accepts any folder of the package's name on ``sys.path`` as a namespace
    package: MLX leaves an ``mlx/<version>`` kernel cache in the temp folder, so a program
    started there would take MLX for installed. A regular package (an ``__init__``) counts as
    found; a namespace package (MLX's own ``mlx`` is one) only if its portions hold the next
    part of ``module`` (``core``), looked up in those folders without importing the parent.
    Decided once per module per process."""
    head, *rest = module.split(".")
    try:
        spec = importlib.util.find_spec(head)
    except (ImportError, ValueError):
        return False
    for part in rest:
        if spec is None or spec.origin is not None:  # absent, or real code found
            break
        locations = spec.submodule_search_locations
        if not locations:
            return False
        spec = importlib.machinery.PathFinder.find_spec(f"{spec.name}.{part}", list(locations))
    return spec is not None and spec.origin is not None


def _jax_is_lazy(x: Any) -> bool:
    # A jax array is lazy only while it is being traced (jit, grad, vmap): then it is a Tracer.
    import jax.core  # safe: x is a jax array, so jax is imported already

    return isinstance(x, jax.core.Tracer)


def _tf_is_lazy(x: Any) -> bool:
    # Eager tensors hold values; graph tensors inside tf.function have none yet.
    return not hasattr(x, "numpy")


def _tf_is_lazy_class(cls: type) -> bool:
    return not hasattr(cls, "numpy")  # the method _tf_is_lazy finds is the class's


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """A function that imports ``module`` on first call and calls its ``name`` (a shim's
    device helpers, say: importing them here would import the framework)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


def _block_until_ready(x: Any) -> Any:
    return x.block_until_ready()  # jax: asynchronous dispatch


def _wait_to_read(x: Any) -> Any:
    x.wait_to_read()  # mxnet: the engine's queue
    return x


def _compute(x: Any) -> Any:
    return x.compute()  # dask: a lazy graph, computed into a NumPy array


def _mlx_eval(x: Any) -> Any:
    import mlx.core  # safe: x is an MLX array, so MLX is imported already

    mlx.core.eval(x)  # MLX: a lazy graph until evaluated
    return x


def _on_cpu(x: Any) -> str:
    return "cpu"  # numpy: array-api-compat's device() (its generic checks cost ~1 us a call)


def _device_attribute(x: Any) -> Any:
    return x.device  # torch: what array-api-compat's device() returns, after its checks


def _context_attribute(x: Any) -> Any:
    return x.ctx  # mxnet: its arrays have no ``device`` until the array-object surface is on


def _numpy_writeable(x: Any) -> bool:
    return bool(x.flags.writeable)


def _numpy_method(x: Any) -> Any:
    return x.numpy()  # tensorflow


def _torch_numpy(x: Any) -> Any:
    return x.detach().cpu().numpy()  # a tensor that requires grad, or on a GPU, too


def _asnumpy_method(x: Any) -> Any:
    return x.asnumpy()  # mxnet


# The registry. Order matters for classes that several rows could claim (none today: the first
# row that owns a type wins), and is the order of listings (``arraykit info``, messages).
BACKENDS: list[Backend] = [
    #       name          array classes                                          namespace
    Backend("numpy",      ("numpy:ndarray", "numpy:generic"),                    "arraykit.shims.numpy",
            served_by="array-api-compat + arraykit fast paths", constructor="numpy:asarray",
            namespace_names=("numpy", "array_api_compat.numpy", "arraykit.shims.numpy"),
            writeable=_numpy_writeable, array_object="arraykit.shims.numpy", device=_on_cpu),
    Backend("jax",        ("jax:Array", "jax.core:Tracer"),                      "arraykit.shims.jax",
            served_by="jax.numpy + arraykit 2025.12 top-up", constructor="jax.numpy:asarray",
            namespace_names=("jax.numpy", "arraykit.shims.jax"),
            lazy=_jax_is_lazy, writeable=False, array_object="arraykit.shims.jax",
            materialise=_block_until_ready),
    Backend("torch",      ("torch:Tensor",),                                     "arraykit.shims.torch",
            served_by="array-api-compat + arraykit fast paths", constructor="torch:asarray",
            namespace_names=("torch", "array_api_compat.torch", "arraykit.shims.torch"),
            array_object="arraykit.shims.torch", to_numpy=_torch_numpy,
            device=_device_attribute),
    Backend("cupy",       ("cupy:ndarray",),                                     "array_api_compat.cupy",
            served_by="array-api-compat", constructor="cupy:asarray",
            namespace_names=("cupy", "array_api_compat.cupy")),
    Backend("dask",       ("dask.array:Array",),                                 "array_api_compat.dask.array",
            served_by="array-api-compat", constructor="dask.array:asarray",
            namespace_names=("dask.array", "array_api_compat.dask.array"),
            lazy=True, materialise=_compute),
    Backend("array_api_strict", ("array_api_strict._array_object:Array",),       "arraykit.shims.array_api_strict",
            served_by="array-api-strict + arraykit error classes", constructor="array_api_strict:asarray",
            namespace_names=("array_api_strict", "arraykit.shims.array_api_strict")),
    Backend("tensorflow", ("tensorflow:Tensor", "tensorflow:Variable"),          "arraykit.shims.tensorflow",
            served_by="arraykit shim", constructor="tensorflow:constant",
            namespace_names=("arraykit.shims.tensorflow",),
            lazy=_tf_is_lazy, lazy_by_class=_tf_is_lazy_class, writeable=False,
            device=_lazy("arraykit.shims.tensorflow._devices", "device_of"),
            to_device=_lazy("arraykit.shims.tensorflow._devices", "to_device"),
            array_object="arraykit.shims.tensorflow", to_numpy=_numpy_method),
    Backend("mxnet",      ("mxnet.numpy:ndarray",),                              "arraykit.shims.mxnet",
            served_by="arraykit shim", constructor="mxnet.numpy:array",
            namespace_names=("arraykit.shims.mxnet",),
            array_object="arraykit.shims.mxnet", to_numpy=_asnumpy_method,
            materialise=_wait_to_read, device=_context_attribute,
            to_device=_lazy("arraykit.shims.mxnet._array_object", "to_device")),
    # MLX arrays are evaluated on demand; values are available outside mx.compile/vmap, so
    # they are not lazy in the sense of is_lazy_array (see arraykit/shims/mlx/__init__.py).
    Backend("mlx",        ("mlx.core:array",),                                   "arraykit.shims.mlx",
            # mlx.core.array would turn float64 NumPy data into float32: the shim's asarray.
            served_by="arraykit shim", constructor="arraykit.shims.mlx:asarray",
            namespace_names=("arraykit.shims.mlx",),
            device=_lazy("arraykit.shims.mlx._helpers", "device_of"),
            to_device=_lazy("arraykit.shims.mlx._helpers", "to_device"),
            array_object="arraykit.shims.mlx", materialise=_mlx_eval),
    Backend("paddle",     ("paddle:Tensor",),                                    "arraykit.shims.paddle",
            served_by="arraykit shim", constructor="paddle:to_tensor",
            namespace_names=("arraykit.shims.paddle",),
            device=_lazy("arraykit.shims.paddle._helpers", "place_of"),
            to_device=_lazy("arraykit.shims.paddle._array_object", "to_device"),
            array_object="arraykit.shims.paddle", to_numpy=_numpy_method,
            importer="arraykit.shims.paddle._dtypes"),
]

BY_NAME: dict[str, Backend] = {b.name: b for b in BACKENDS}

#: Classes refused with advice, even where a registered backend's class is their parent
#: ("module:Class" -> advice).
KNOWN_NON_ARRAYS = {
    "mxnet.ndarray.ndarray:NDArray": "a legacy mxnet.nd.NDArray; convert it with "
    "x.as_np_ndarray() (arraykit serves mxnet.numpy arrays)",
    "numpy.ma:MaskedArray": "a numpy masked array; the standard has no masks and numpy "
    "functions would ignore the mask: pass x.filled(...) or x.data",
}


def register_backend(
    name: str,
    array_classes: tuple[str, ...] | list[str] | str,
    namespace: str | Callable[[], Any] | ModuleType,
    *,
    served_by: str = "third party",
    namespace_names: tuple[str, ...] = (),
    lazy: bool | Callable[[Any], bool] = False,
    writeable: bool | Callable[[Any], bool] = True,
    device: Callable[[Any], Any] | None = None,
    to_device: Callable[..., Any] | None = None,
    constructor: str | None = None,
    array_object: str | None = None,
    to_numpy: Callable[[Any], Any] | None = None,
    materialise: Callable[[Any], Any] | None = None,
    replace: bool = False,
) -> Backend:
    """Teach arraykit a new array library without editing arraykit.

    ``array_classes`` are ``"module:Class"`` strings (resolved without importing the module),
    ``namespace`` is the library's Array API namespace: a module, a module path, or a
    zero-argument callable returning it. Registering a name that exists raises ValueError
    unless ``replace=True``. Returns the new registry row.

    >>> register_backend("mylib", "mylib:Array", "mylib.array_api")  # doctest: +SKIP
    """
    if isinstance(array_classes, str):
        array_classes = (array_classes,)
    array_classes = tuple(array_classes)
    for spec in array_classes:
        if not isinstance(spec, str) or spec.count(":") != 1:
            raise ValueError(
                f"register_backend({name!r}): array class {spec!r} must be a 'module:Class' "
                "string, e.g. 'mylib:Array'"
            )
    if name in BY_NAME and not replace:
        raise ValueError(
            f"register_backend: a backend named {name!r} exists already; pass replace=True "
            "to override it"
        )
    if isinstance(namespace, ModuleType):
        module = namespace
        namespace = lambda: module  # noqa: E731  (a loader that returns the given module)
        namespace_names = namespace_names or (module.__name__,)
    elif not (isinstance(namespace, str) or callable(namespace)):
        raise TypeError(
            f"register_backend({name!r}): namespace must be a module, a module path or a "
            f"callable returning the namespace, not {type(namespace).__name__}"
        )
    backend = Backend(
        name,
        array_classes,
        namespace,
        served_by=served_by,
        namespace_names=namespace_names or ((namespace,) if isinstance(namespace, str) else ()),
        lazy=lazy,
        writeable=writeable,
        device=device,
        to_device=to_device,
        constructor=constructor,
        array_object=array_object,
        to_numpy=to_numpy,
        materialise=materialise,
    )
    if name in BY_NAME:
        BACKENDS[BACKENDS.index(BY_NAME[name])] = backend
    else:
        # New rows go first so that a library subclassing a known array type is claimed by
        # its own row rather than by its parent's.
        BACKENDS.insert(0, backend)
    BY_NAME[name] = backend
    _on_registry_change()
    return backend


def unregister_backend(name: str) -> None:
    """Remove a row added by ``register_backend`` (used by tests and plug-in teardown)."""
    backend = BY_NAME.pop(name)
    BACKENDS.remove(backend)
    _on_registry_change()


#: Callbacks run when the table changes (the dispatch cache registers its ``clear`` here).
_listeners: list[Callable[[], None]] = []


def _on_registry_change() -> None:
    for listener in _listeners:
        listener()
