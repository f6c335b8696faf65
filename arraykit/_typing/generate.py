"""Write ``_namespace.py``, the typed 2025.12 namespace, from the standard's own stubs.

Run at development time from a checkout of the standard (the ``array-api`` submodule of
array-api-tests, the same source ``conformance/differential/spec.py`` was derived from)::

    python -m arraykit._typing.generate --stubs <array-api>/src/array_api_stubs/_2025_12
    python -m arraykit._typing.generate --check   # exit 1 if _namespace.py would change

Without ``--stubs`` the directory is taken from ``$ARRAY_API_STUBS``, else from
``$ARRAY_API_TESTS_PATH/array-api/src/array_api_stubs/_2025_12``. Every function of every stub
module becomes a method of a Protocol (``array`` -> the Protocol's ``ArrayT``, so that the
namespace of a ``torch.Tensor`` returns ``torch.Tensor``); the data types, constants,
``linalg``, ``fft`` and ``__array_namespace_info__`` become its attributes. Nothing is written
by hand: ``tests/test_typing.py`` checks the output against ``spec.py`` and the namespaces
arraykit serves, and regenerates it when the stubs are there.
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
from pathlib import Path

OUTPUT = Path(__file__).with_name("_namespace.py")

#: stub module -> Protocol it feeds ("" is the main namespace).
MAIN_MODULES = (
    "creation_functions", "data_type_functions", "elementwise_functions",
    "indexing_functions", "linear_algebra_functions", "manipulation_functions",
    "searching_functions", "set_functions", "sorting_functions", "statistical_functions",
    "utility_functions",
)
#: the standard's placeholder names -> this module's names.
RENAMES = {"array": "ArrayT", "dtype": "DType", "device": "Device", "Dtype": "DType",
           "Device": "Device"}


def default_stubs() -> Path | None:
    if os.environ.get("ARRAY_API_STUBS"):
        return Path(os.environ["ARRAY_API_STUBS"])
    if os.environ.get("ARRAY_API_TESTS_PATH"):
        return (Path(os.environ["ARRAY_API_TESTS_PATH"]) / "array-api" / "src"
                / "array_api_stubs" / "_2025_12")
    return None


class _Annotation(ast.NodeTransformer):
    """The stubs' annotations as valid types in this module."""

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id == "bool":  # the namespace has a dtype attribute named bool
            return ast.Attribute(ast.Name("builtins", ast.Load()), "bool", ast.Load())
        return ast.Name(RENAMES.get(node.id, node.id), ast.Load())

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        # ``Literal[inf, -inf, "fro"]``: inf is no literal; the unions already admit float.
        if isinstance(node.value, ast.Name) and node.value.id == "Literal":
            items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            kept: list[ast.expr] = [i for i in items if isinstance(i, ast.Constant)]
            if len(kept) != len(items):
                if not kept:
                    return ast.Name("float", ast.Load())
                node.slice = ast.Tuple(kept, ast.Load()) if len(kept) > 1 else kept[0]
                return node
            return node
        self.generic_visit(node)
        if isinstance(node.value, ast.Name) and node.value.id == "Union":
            # after the Literal rule, Union[int, float, Literal[inf]] would repeat float
            unique: list[ast.expr] = []
            seen: set[str] = set()
            for item in node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]:
                if ast.unparse(item) not in seen:
                    seen.add(ast.unparse(item))
                    unique.append(item)
            node.slice = ast.Tuple(unique, ast.Load()) if len(unique) > 1 else unique[0]
        return node


def _type(node: ast.expr | None) -> str:
    return ast.unparse(_Annotation().visit(node)) if node is not None else "Any"


def _default(node: ast.expr) -> str:
    text = ast.unparse(node)
    return text if isinstance(node, (ast.Constant, ast.UnaryOp)) else "..."


def _summary(fn: ast.FunctionDef) -> str:
    doc = ast.get_docstring(fn) or ""
    line = doc.strip().split("\n\n")[0].replace("\n", " ").strip()
    return line.replace('"""', "'''").replace("\\", "\\\\")


def method(fn: ast.FunctionDef) -> list[str]:
    """One stub function as the lines of a Protocol method."""
    args = fn.args
    parts = ["self"]
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for i, (arg, default) in enumerate(zip(positional, defaults)):
        parts.append(f"{arg.arg}: {_type(arg.annotation)}"
                     + (f" = {_default(default)}" if default is not None else ""))
        if args.posonlyargs and i == len(args.posonlyargs) - 1:
            parts.append("/")
    if args.vararg is not None:
        parts.append(f"*{args.vararg.arg}: {_type(args.vararg.annotation)}")
    elif args.kwonlyargs:
        parts.append("*")
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        parts.append(f"{arg.arg}: {_type(arg.annotation)}"
                     + (f" = {_default(default)}" if default is not None else ""))
    # One line however long (E501 is off for the output): wrapped one parameter a line, the
    # many functions that share a signature stood as the same block again and again.
    return [f"    def {fn.name}({', '.join(parts)}) -> {_type(fn.returns)}:",
            f'        """{_summary(fn)}"""', "        ...", ""]


def _functions(path: Path) -> list[ast.FunctionDef]:
    tree = ast.parse(path.read_text())
    exported: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            exported = list(ast.literal_eval(node.value))
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in exported]


def _dtype_names(stubs: Path) -> list[str]:
    for node in ast.walk(ast.parse((stubs / "_types.py").read_text())):
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "DataTypes"):
            assert isinstance(node.value, ast.Call) and isinstance(node.value.args[1], ast.Dict)
            return [ast.literal_eval(k) for k in node.value.args[1].keys if k is not None]
    raise SystemExit(f"no DataTypes in {stubs / '_types.py'}")


def _constants(stubs: Path) -> list[tuple[str, str]]:
    tree = ast.parse((stubs / "constants.py").read_text())
    out = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name != "__all__":
                out.append((name, "None" if ast.unparse(node.value) == "None" else "float"))
    return out


def _origin(stubs: Path) -> str:
    try:
        commit = subprocess.run(["git", "-C", str(stubs), "rev-parse", "HEAD"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return f"array-api {commit[:12]}, src/array_api_stubs/{stubs.name}"


#: what the output imports: the annotations' typing names, and the hand-written ``_base.py``.
TYPING_NAMES = ("List", "Literal", "Optional", "Protocol", "Sequence", "Tuple", "TypedDict",
                "Union")
BASE_NAMES = ("ArrayT", "Capabilities", "DefaultDataTypes", "Device", "DType", "NestedSequence",
              "PyCapsule", "SupportsBufferProtocol", "finfo_object", "iinfo_object")
IMPORT_NOTE = "  # noqa: F401 - names the generated Protocols use"


def _import_block(module: str, names: tuple[str, ...], note: str = "") -> str:
    """``from module import (...)``, one name a line, as ruff's isort writes it."""
    return "\n".join([f"from {module} import ({note}", *(f"    {n}," for n in names), ")"])


HEADER = '''\
"""The Array API 2025.12 namespace as Protocols, for type checkers. GENERATED: do not edit.

Written by ``python -m arraykit._typing.generate`` from the standard's stubs
({origin}).
``ArrayNamespace[T]`` is what ``arraykit.array_namespace(x)`` returns for ``x: T``.
"""

from __future__ import annotations

import builtins
{imports}

DataTypes = TypedDict("DataTypes", {{
{dtypes}
}}, total=False)
'''


def generate(stubs: Path) -> str:
    dtypes = _dtype_names(stubs)
    imports = "\n\n".join((_import_block("typing", TYPING_NAMES),
                            _import_block("._base", BASE_NAMES, IMPORT_NOTE)))
    out = [HEADER.format(origin=_origin(stubs), imports=imports,
                         dtypes="\n".join(f'    "{d}": DType,' for d in dtypes))]

    def protocol(name: str, doc: str, generic: bool, functions: list[ast.FunctionDef],
                 extra: tuple[str, ...] = ()) -> None:
        base = "Protocol[ArrayT]" if generic else "Protocol"
        out.extend(["", "", f"class {name}({base}):", f'    """{doc}"""', ""])
        out.extend(f"    {line}" for line in extra)
        if extra:
            out.append("")
        for fn in sorted(functions, key=lambda f: f.name):
            out.extend(method(fn))

    info = [f for f in _functions(stubs / "info.py") if f.name != "__array_namespace_info__"]
    protocol("Info", "What ``xp.__array_namespace_info__()`` returns.", False, info)
    protocol("LinalgNamespace", "``xp.linalg``: the linear algebra extension.", True,
             _functions(stubs / "linalg.py"))
    protocol("FFTNamespace", "``xp.fft``: the fast Fourier transform extension.", True,
             _functions(stubs / "fft.py"))
    main = [f for m in MAIN_MODULES for f in _functions(stubs / f"{m}.py")]
    attributes = (
        "__array_api_version__: str",
        "linalg: LinalgNamespace[ArrayT]",
        "fft: FFTNamespace[ArrayT]",
        *(f"{d}: DType" for d in dtypes),
        *(f"{name}: {kind}" for name, kind in _constants(stubs)),
    )
    info_fn = next(f for f in _functions(stubs / "info.py")
                   if f.name == "__array_namespace_info__")
    protocol("ArrayNamespace", "An Array API 2025.12 namespace whose arrays are ``ArrayT``.",
             True, [*main, info_fn], attributes)
    text = "\n".join(line.rstrip() for line in out)
    return text.replace("\n\n\n\n", "\n\n\n").rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arraykit._typing.generate")
    parser.add_argument("--stubs", type=Path, default=default_stubs(),
                        help="array_api_stubs/_2025_12 of a checkout of the standard")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the committed module differs")
    args = parser.parse_args(argv)
    if args.stubs is None or not (args.stubs / "linalg.py").exists():
        parser.error("the standard's stubs were not found: pass --stubs, or set "
                     "ARRAY_API_STUBS or ARRAY_API_TESTS_PATH")
    text = generate(args.stubs)
    if args.check:
        same = OUTPUT.exists() and OUTPUT.read_text() == text
        print(f"{OUTPUT}: {'up to date' if same else 'differs from the stubs; regenerate'}")
        return 0 if same else 1
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
