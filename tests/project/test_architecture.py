"""The shape of the package: no import cycles, short functions, and a map that matches the tree.

The layers (core at the bottom, then storage, default_plugins, serving, owner, testing) are import-linter
contracts in pyproject.toml, checked by `lint-imports` in the lint env; here, with the same import graph
(grimp, import-linter's own), every cycle between modules is a failure, even one only type checkers see.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "personakit_plugin"
LONGEST = 59
"""The most lines a function of the package may have, its decorators left out."""


def cycles(graph: grimp.ImportGraph, modules: set[str]) -> list[list[str]]:
    """Every cycle a depth-first walk finds (one per back edge); none when the graph is acyclic."""
    found: list[list[str]] = []
    state: dict[str, int] = {}
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = 1
        path.append(module)
        for other in sorted(graph.find_modules_directly_imported_by(module) & modules):
            if state.get(other) == 1:
                found.append([*path[path.index(other) :], other])
            elif other not in state:
                walk(other)
        path.pop()
        state[module] = 2

    for module in sorted(modules):
        if module not in state:
            walk(module)
    return found


def test_no_module_of_the_package_imports_itself_back_even_for_type_checking() -> None:
    graph = grimp.build_graph("personakit_plugin", exclude_type_checking_imports=False)
    modules = {module for module in graph.modules if module.startswith("personakit_plugin")}
    assert len(modules) > 30
    assert cycles(graph, modules) == []


def test_the_cycle_check_sees_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    assert cycles(graph, {"a", "b", "c"}) == []
    graph.add_import(importer="c", imported="a")
    assert cycles(graph, {"a", "b", "c"}) == [["a", "b", "c", "a"]]


def functions(path: Path) -> list[tuple[str, int]]:
    """(qualified name, lines) of every function and method in a module."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.append((f"{path.relative_to(ROOT)}:{node.name}", (node.end_lineno or node.lineno) - node.lineno + 1))
    return found


def test_every_function_of_the_package_is_under_sixty_lines() -> None:
    measured = [found for path in sorted(PACKAGE.rglob("*.py")) for found in functions(path)]
    assert len(measured) > 300
    assert [(name, size) for name, size in measured if size > LONGEST] == []


MODULE = re.compile(r"^\s*[│├└─ ]*([\w./]+\.(?:py|html))\b", re.M)


def test_the_architecture_map_names_every_module_and_only_those() -> None:
    """docs/architecture.md draws the tree: each file of the package once, and nothing that is not there."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = text.split("```")[1]
    drawn: list[str] = []
    folders: list[str] = []
    for line in tree.splitlines():
        name = line.lstrip("│├└─ ").split()[0] if line.strip() else ""
        if not name:
            continue
        depth = (len(line) - len(line.lstrip("│├└─ "))) // 4
        folders = folders[:depth]
        if name.endswith("/"):
            folders.append(name.rstrip("/"))
        else:
            drawn.append("/".join([*folders, name]))
    actual = sorted(
        str(path.relative_to(ROOT))
        for path in PACKAGE.rglob("*")
        if path.suffix in (".py", ".html") and "__pycache__" not in path.parts
    )
    assert sorted(drawn) == actual


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_a_private_name_of_the_package_from_another_module(path: Path) -> None:
    """One module's private helpers stay its own: what two modules share has a public name."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("personakit_plugin"):
            private = [alias.name for alias in node.names if alias.name.startswith("_") and alias.name != "__version__"]
            assert private == [], f"{path.relative_to(ROOT)} imports {private} from {node.module}"
