"""Lines of code of each full shim, and the share of its function-body lines that touch the
framework: how much of a shim is the framework's work and how much is rules.

    python scripts/shim_lines.py [--rev REV ...]

For each full shim (``arraykit/shims/{tensorflow,mxnet,mlx,paddle}``) and ``shims/_common``:
``lines`` (every line of its .py files), ``code`` (lines that are not blank, comments or
docstrings), ``body`` (distinct lines of executable statements inside functions: a compound
statement counts its header), ``framework`` (those of ``body`` on which a name bound to the
framework's package appears: ``tf``, ``mx``, ``mnp``, ``paddle``, ``_m`` for a generated-op
module...). Read from the working tree, or from git revisions with ``--rev`` (several: one
table each). A guide, not a target: the test is that a rule exists once.
"""

from __future__ import annotations

import argparse
import ast
import io
import os
import subprocess
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIMS = {"tensorflow": ("tensorflow",), "mxnet": ("mxnet",), "mlx": ("mlx",),
         "paddle": ("paddle",), "_common": ()}


def _files(rev: str | None, shim: str) -> dict[str, str]:
    folder = f"arraykit/shims/{shim}"
    if rev is None:
        path = os.path.join(ROOT, folder)
        return {f: open(os.path.join(path, f), encoding="utf-8").read()
                for f in sorted(os.listdir(path)) if f.endswith(".py")}
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{rev}:{folder}"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()
    return {f: subprocess.run(["git", "show", f"{rev}:{folder}/{f}"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
            for f in names if f.endswith(".py")}


def _framework_names(tree: ast.Module, packages: tuple[str, ...]) -> set[str]:
    """Names a module binds to its framework's package or its submodules/objects (``paddle``
    re-exported by the shim's ``_dtypes`` counts: it is the package)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.partition(".")[0] in packages:
                    names.add(a.asname or a.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.partition(".")[0] in packages:
                names.update(a.asname or a.name for a in node.names)
            elif node.level and any(a.name in packages for a in node.names):
                names.update(a.asname or a.name for a in node.names if a.name in packages)
    return names


def _code_lines(source: str) -> int:
    """Lines holding a token other than comments, newlines and docstrings."""
    lines = set()
    doc_lines = set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(
                    getattr(body[0], "value", None), ast.Constant) and isinstance(
                    body[0].value.value, str):
                doc_lines.update(range(body[0].lineno, body[0].end_lineno + 1))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                        tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        lines.update(range(tok.start[0], tok.end[0] + 1))
    return len(lines - doc_lines)


def _body_lines(tree: ast.Module, framework: set[str]) -> tuple[int, int]:
    body, touching = set(), set()
    name_lines = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in framework:
            name_lines.setdefault(node.lineno, True)
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        stmts = list(fn.body)
        if stmts and isinstance(stmts[0], ast.Expr) and isinstance(
                getattr(stmts[0], "value", None), ast.Constant):
            stmts = stmts[1:]  # the docstring
        while stmts:
            s = stmts.pop()
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue  # walked on its own
            children = [c for f in ("body", "orelse", "finalbody") for c in getattr(s, f, [])]
            children += [c for h in getattr(s, "handlers", []) for c in h.body]
            if children:  # a compound statement: its header lines
                end = min(c.lineno for c in children) - 1
                span = range(s.lineno, max(s.lineno, end) + 1)
                stmts.extend(children)
            else:
                span = range(s.lineno, s.end_lineno + 1)
            body.update(span)
            touching.update(n for n in span if n in name_lines)
    return len(body), len(touching)


def measure(rev: str | None) -> list[tuple]:
    rows = []
    for shim, packages in SHIMS.items():
        lines = code = body = touching = 0
        for source in _files(rev, shim).values():
            tree = ast.parse(source)
            lines += source.count("\n")
            code += _code_lines(source)
            b, t = _body_lines(tree, _framework_names(tree, packages)) if packages else (
                _body_lines(tree, set())[0], 0)
            body += b
            touching += t
        rows.append((shim, lines, code, body, touching))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", action="append", help="a git revision (default: working tree)")
    args = parser.parse_args()
    for rev in args.rev or [None]:
        print(f"\n{rev or 'working tree'}\n")
        print("| shim | lines | code | function-body lines | touching the framework | share |")
        print("|---|---|---|---|---|---|")
        for shim, lines, code, body, touching in measure(rev):
            share = f"{100 * touching / body:.0f}%" if touching else "-"
            print(f"| {shim} | {lines} | {code} | {body} | {touching} | {share} |")


if __name__ == "__main__":
    main()
