"""Issue 19: a framework is named once, in its registry row; everything else finds it by name.

- the extensions find ``ext/<ext>/_<backend>.py`` by name (``arraykit.ext._lookup``) and every
  such module satisfies its extension's ``Protocol`` (``_contract.py``);
- ``enable()``, ``is_<lib>_array``, ``arraykit info`` and ``to_numpy`` read the registry rows, so
  a row added at run time gets them all;
- both full shims export every function of the standard (the spec table), none left out;
- no string naming a framework is left in library code outside that framework's own files.
"""

from __future__ import annotations

import ast
import importlib
import sys
import types
import warnings
from pathlib import Path

import numpy as np
import pytest
from frameworks import require

import arraykit
from arraykit import _registry
from arraykit.ext import EXTENSIONS, _lookup

ROOT = Path(arraykit.__file__).parent
EXT = ROOT / "ext"
NAMES = tuple(_registry.BY_NAME)

#: Modules of the extension packages that serve no one backend.
HELPERS = {"__init__", "_common", "_contract", "_eager", "_generic", "_scan", "_threefry"}


def _backend_modules() -> list[tuple[str, str, str]]:
    """(extension, module basename, backend name) for every per-backend module on disk."""
    found = []
    for package in sorted(p for p in EXT.iterdir() if (p / "__init__.py").exists()):
        for path in sorted(package.glob("_*.py")):
            if path.stem in HELPERS:
                continue
            name = path.stem.removeprefix("_scan_").removeprefix("_")
            found.append((package.name, path.stem, name))
    return found


BACKEND_MODULES = _backend_modules()


def test_every_backend_module_is_named_after_a_registry_row():
    """A module the lookup can never find (a typo, a renamed row) would be dead code."""
    assert BACKEND_MODULES
    strays = [f"ext/{ext}/{stem}.py" for ext, stem, name in BACKEND_MODULES if name not in NAMES]
    assert not strays, strays


def test_the_lookup_finds_own_modules_and_falls_back():
    assert _lookup.module_name("arraykit.ext.nd", "torch", "_generic") == "arraykit.ext.nd._torch"
    assert _lookup.module_name("arraykit.ext.nd", "cupy", "_generic") == "arraykit.ext.nd._generic"
    assert _lookup.module_name("arraykit.ext.grad", "numpy") is None
    assert _lookup.module_name("arraykit.ext.jit", "a.b", "_eager") == "arraykit.ext.jit._eager"
    assert _lookup.backends_with_module("arraykit.ext.grad") == tuple(
        n for n in NAMES if (EXT / "grad" / f"_{n}.py").exists())


PROTOCOLS = {"grad": "GradBackend", "jit": "JitBackend", "nd": "NdBackend",
             "random": "RandomBackend", "static": "StaticBackend"}


def _contract(ext: str, stem: str):
    contract = importlib.import_module(f"arraykit.ext.{ext}._contract")
    if ext == "jit" and stem.startswith("_scan_"):
        module = importlib.import_module(f"arraykit.ext.jit.{stem}")
        return contract.OwnScan if hasattr(module, "scan") else contract.ScanHooks
    return getattr(contract, PROTOCOLS[ext])


@pytest.mark.parametrize(("ext", "stem", "name"), BACKEND_MODULES,
                         ids=[f"{e}.{s}" for e, s, _ in BACKEND_MODULES])
def test_backend_module_satisfies_its_contract(ext, stem, name):
    require(_registry.BY_NAME[name].package)  # through the row (paddle after TensorFlow)
    module = importlib.import_module(f"arraykit.ext.{ext}.{stem}")
    protocol = _contract(ext, stem)
    members = [m for m in vars(protocol) if not m.startswith("_")] + list(
        getattr(protocol, "__annotations__", {}))
    assert isinstance(module, protocol), (
        f"{module.__name__} lacks {[m for m in members if not hasattr(module, m)]}")


def test_fallback_modules_satisfy_the_contracts():
    from arraykit.ext.grad import _contract as grad_contract
    from arraykit.ext.grad import _eager as grad_eager
    from arraykit.ext.jit import _contract as jit_contract
    from arraykit.ext.jit import _eager as jit_eager
    from arraykit.ext.nd import _contract as nd_contract
    from arraykit.ext.nd import _generic

    assert isinstance(grad_eager, grad_contract.GradBackend) and not grad_eager.DIFFERENTIATES
    assert isinstance(jit_eager, jit_contract.JitBackend) and not jit_eager.COMPILES
    assert isinstance(_generic.for_backend(_registry.BY_NAME["numpy"]), nd_contract.NdBackend)


# -- the shims export the whole standard ---------------------------------------------------


def test_spec_table_matches_the_conformance_table():
    spec_rows = require("conformance.differential.spec").SPEC_ROWS
    from arraykit.shims import standard_names

    for section in ("", "linalg", "fft"):
        expected = {name for ns, name, *_ in spec_rows if ns == section}
        assert set(standard_names(section)) == expected, section


@pytest.mark.parametrize("framework", ["tensorflow", "mxnet"])
def test_full_shim_exports_every_standard_function(framework):
    require(framework)
    from arraykit.shims import standard_names

    xp = importlib.import_module(f"arraykit.shims.{framework}")
    for section in ("", "linalg", "fft"):
        ns = getattr(xp, section) if section else xp
        missing = [n for n in standard_names(section) if not callable(getattr(ns, n, None))]
        assert not missing, (framework, section or "main", missing)
    if hasattr(xp, "__all__"):
        assert set(standard_names()) <= set(xp.__all__)


def test_export_standard_takes_a_new_function_from_its_module():
    """Adding a function to a section module is enough: the package needs no import line."""
    from arraykit.shims import export_standard

    section = types.ModuleType("section")
    section.vecdot = lambda x1, x2: None
    namespace = {"sum": "kept"}
    missing = export_standard(namespace, [section])
    assert namespace["vecdot"] is section.vecdot and namespace["sum"] == "kept"
    assert "vecdot" not in missing and "add" in missing and "sum" not in missing


# -- a row added at run time gets everything -----------------------------------------------


class _Surface(types.ModuleType):
    """A stand-in array-object module with the three functions enable() calls."""

    def __init__(self, name):
        super().__init__(name)
        self.on = False

    def enable_array_object(self):
        self.on = True

    def disable_array_object(self):
        self.on = False

    def array_object_enabled(self):
        return self.on


class FakeNdarray(np.ndarray):
    """numpy arrays under a new class, for a backend named "fakenp"."""


FakeNdarray.__module__ = "fakenp_arrays"


@pytest.fixture
def fakenp():
    arrays = types.ModuleType("fakenp_arrays")
    arrays.FakeNdarray = FakeNdarray
    surface = _Surface("fakenp_surface")
    sys.modules["fakenp_arrays"] = arrays
    sys.modules["fakenp_surface"] = surface
    row = arraykit.register_backend(
        "fakenp", "fakenp_arrays:FakeNdarray", "arraykit.shims.numpy",
        served_by="a test", array_object="fakenp_surface",
        to_numpy=lambda x: np.asarray(x).view(np.ndarray) + 0,
    )
    yield row, surface
    arraykit.disable("fakenp")
    arraykit.unregister_backend("fakenp")
    del sys.modules["fakenp_arrays"], sys.modules["fakenp_surface"]


def test_registered_row_gets_helpers_enable_and_to_numpy(fakenp):
    row, surface = fakenp
    x = np.arange(3.0).view(FakeNdarray)
    assert arraykit.is_fakenp_array(x) and not arraykit.is_numpy_array(x)
    from arraykit import is_fakenp_namespace  # made on demand, by __getattr__

    assert is_fakenp_namespace(arraykit.array_namespace(x))
    assert "fakenp" in arraykit.enable("fakenp") and surface.on
    assert "fakenp" in arraykit.enabled()
    arraykit.disable("fakenp")
    assert not surface.on
    from arraykit.cli import to_numpy

    assert type(to_numpy(x)) is np.ndarray and row.as_numpy(x).tolist() == [0.0, 1.0, 2.0]


def test_registered_row_gets_every_extension_through_the_fallbacks(fakenp):
    from arraykit.ext.grad import NoAutodiffError, grad
    from arraykit.ext.jit import compilation, is_compiled, jit, scan
    from arraykit.ext.nd import gather_nd

    x = np.arange(6.0).reshape(2, 3).view(FakeNdarray)
    out = gather_nd(x, np.asarray([[1, 2]]).view(FakeNdarray))
    assert out.tolist() == [5.0]
    f = jit(lambda a: a * 2)
    assert f(x).tolist() == [[0.0, 2.0, 4.0], [6.0, 8.0, 10.0]] and compilation(f) == "eager"
    assert not is_compiled("fakenp")
    carry, _ = scan(lambda c, a: (c + a, None), x[0] * 0, x)
    assert carry.tolist() == [3.0, 5.0, 7.0]
    with pytest.raises(NoAutodiffError, match="fakenp has no automatic differentiation"):
        grad(lambda a: (a * a).sum())(x)
    assert EXTENSIONS["jit"].describe("fakenp") == "eager"
    assert not EXTENSIONS["grad"].supports("fakenp")


# -- nothing else names a framework --------------------------------------------------------

#: (file, name) pairs allowed outside the framework's own files, each with its reason.
ALLOWED = {
    # torch.compile traces array_namespace: dispatch asks torch whether it is compiling, from
    # sys.modules (no import), before its per-type cache.
    ("_dispatch.py", "torch"),
}


def _own_files(path: Path, name: str) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return (rel == "_registry.py" or rel.startswith(f"shims/{name}/")
            or path.stem in (f"_{name}", f"_scan_{name}"))


def _string_constants(tree: ast.AST) -> set[str]:
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings}


def test_no_library_table_names_a_framework():
    """A registry name as a string constant (a table key, an ``== "mxnet"``) outside the rows
    and the per-framework files (``shims/<name>/``, ``ext/*/_<name>.py``): shared code may
    not name a framework (a framework's own files may name numpy, say: ``x.numpy()``)."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if "_typing" in path.parts:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            constants = _string_constants(ast.parse(path.read_text()))
        rel = path.relative_to(ROOT).as_posix()
        for name in NAMES:
            if (name in constants and not any(_own_files(path, n) for n in NAMES)
                    and (rel, name) not in ALLOWED):
                found.append(f"{rel}: {name!r}")
    assert not found, found


def test_jit_fallback_warning_is_written_once():
    """``warn_eager`` in ext/jit/_common.py is the only place ext/jit warns."""
    offenders = [p.name for p in (EXT / "jit").glob("*.py")
                 if p.name != "_common.py" and "warnings.warn(" in p.read_text()]
    assert not offenders, offenders
