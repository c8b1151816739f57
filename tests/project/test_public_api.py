"""Two public doors: `personakit_plugin` for hook authors and hosts, `personakit_plugin.backend` for
storage backends (and the test kit, `personakit_plugin.testing`).

What the docs, the worked examples and the packages in `hooks/` (their tests too) import comes from
them; a deeper import there fails here. Each door declares a name once, as `from HOME import NAME as
NAME`; the name is imported on first use, and is the object at its home.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import personakit_plugin
import personakit_plugin.backend
import personakit_plugin.doors

ROOT = Path(__file__).resolve().parents[2]
DOORS = ("personakit_plugin", "personakit_plugin.backend")
PUBLIC = {*DOORS, "personakit_plugin.testing"}
IMPORT = re.compile(r"^\s*(?:from\s+(personakit_plugin[\w.]*)\s+import|import\s+(personakit_plugin[\w.]*))", re.M)


def deep_imports(source: str) -> list[str]:
    """The modules of PersonaKit that `source` imports other than the public ones."""
    return [module for found in IMPORT.findall(source) for module in found if module and module not in PUBLIC]


def authors_code() -> dict[str, str]:
    """What plugin authors read and copy, by path: the docs' python blocks, the worked examples (the
    mounting ones in `examples/` too), and the packages in `hooks/`, their tests included."""
    found: dict[str, str] = {}
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)
        found[page.relative_to(ROOT).as_posix()] = "\n".join(blocks)
    files = [*(ROOT / "docs" / "examples").rglob("*.py"), *(ROOT / "examples").glob("*.py")]
    for package in sorted((ROOT / "hooks").iterdir()):
        files += [path for path in package.rglob("*.py") if "training" not in path.relative_to(package).parts]
    for path in files:
        found[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
    return found


@pytest.mark.parametrize(("path", "source"), sorted(authors_code().items()), ids=lambda value: value[:60])
def test_the_docs_the_examples_and_the_hook_packages_import_only_the_public_doors(path: str, source: str) -> None:
    assert deep_imports(source) == [], f"{path} imports beneath the public doors"


def imported_names(source: str) -> list[tuple[str, str]]:
    """(door, name) for every name `source` imports from a public door (`from DOOR import A, B as C`)."""
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module in PUBLIC:
            found += [(node.module, alias.name) for alias in node.names]
    return found


@pytest.mark.parametrize(("path", "source"), sorted(authors_code().items()), ids=lambda value: value[:60])
def test_every_name_the_docs_and_examples_import_is_in_its_door(path: str, source: str) -> None:
    """A name imported from the wrong door (a backend's name from `personakit_plugin`) fails when copied."""
    try:
        names = imported_names(source)
    except SyntaxError:  # a page's blocks joined, some of them fragments: checked line by line
        names = [pair for line in source.splitlines() if line.startswith("from ") for pair in _line_names(line)]
    for door, name in names:
        assert hasattr(importlib.import_module(door), name), f"{path} imports {name} from {door}, which has none"


def _line_names(line: str) -> list[tuple[str, str]]:
    try:
        return imported_names(line)
    except SyntaxError:
        return []


def test_the_check_sees_a_deep_import() -> None:
    said = "from personakit_plugin import hookimpl\nfrom personakit_plugin.core.model import ReadResult\n"
    assert deep_imports(said) == ["personakit_plugin.core.model"]
    assert deep_imports("    import personakit_plugin.storage.rows\nfrom personakit_plugin.testing import X") == [
        "personakit_plugin.storage.rows"
    ]
    assert deep_imports("from personakit_plugin.backend import Store\n") == []


def test_the_hook_packages_and_their_tests_are_among_what_is_checked() -> None:
    checked = authors_code()
    assert "hooks/personakit-store-postgres/personakit_store_postgres/store.py" in checked
    assert "hooks/personakit-store-postgres/tests/test_postgres_contract.py" in checked
    assert "hooks/personakit-rank-bm25/tests/test_rank_bm25.py" in checked
    assert "docs/examples/read_approved_only.py" in checked
    assert "from personakit_plugin import" in checked["docs/plugins.md"]
    assert "from personakit_plugin.backend import" in checked["docs/plugins.md"]
    assert "hooks/personakit-store-postgres/tests/test_postgres_review.py" in checked


def declared(door: str) -> dict[str, tuple[str, str]]:
    """The names `door` declares, read independently of the module's own reader: each `from HOME import
    NAME as NAME` line, whose module the test imports to find the file."""
    tree = ast.parse(Path(importlib.import_module(door).__file__ or "").read_text(encoding="utf-8"))
    blocks = [node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
    names: dict[str, tuple[str, str]] = {}
    for node in [*tree.body, *(inner for block in blocks for inner in block.body)]:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("personakit_plugin"):
            for alias in node.names:
                assert alias.asname in (None, alias.name), f"{door} renames {alias.name}: say it as it is"
                if alias.asname == alias.name:
                    assert alias.name not in names, f"{door} declares {alias.name} twice"
                    names[alias.name] = (node.module, alias.name)
    return names


@pytest.mark.parametrize("door", DOORS)
def test_each_door_declares_a_name_once_and_gives_it_from_its_home(door: str) -> None:
    module = importlib.import_module(door)
    names = declared(door)
    assert personakit_plugin.doors.names(door) == names
    assert module.__all__ == sorted(names)
    for name, (home, attribute) in names.items():
        where = importlib.import_module(home)
        expected = getattr(where, attribute, None) or importlib.import_module(f"{home}.{attribute}")
        assert getattr(module, name) is expected, name
    assert set(names) <= set(dir(module))
    with pytest.raises(AttributeError, match=f"module '{door}' has no attribute 'nothing'"):
        module.nothing  # noqa: B018


def test_the_doors_share_no_name_and_the_small_one_stays_small() -> None:
    hooks, backend = declared("personakit_plugin"), declared("personakit_plugin.backend")
    assert set(hooks).isdisjoint(backend)
    assert not any(home.startswith("personakit_plugin.storage") for home, _ in hooks.values())
    assert not any(home == "personakit_plugin.core.store" for home, _ in hooks.values())
    assert len(hooks) <= 30


def test_a_door_declares_only_through_the_block_type_checkers_read() -> None:
    """A name given by `__getattr__` but unknown to type checkers would be `Any` to them: every import
    in a door's `TYPE_CHECKING` block is a declaration (`as` itself)."""
    for door in DOORS:
        tree = ast.parse(Path(importlib.import_module(door).__file__ or "").read_text(encoding="utf-8"))
        (block,) = [
            node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        ]
        for node in block.body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("personakit_plugin"):
                assert all(alias.asname == alias.name for alias in node.names), ast.unparse(node)


@pytest.mark.system
def test_importing_the_public_module_loads_only_the_hook_specs() -> None:
    code = (
        "import sys, personakit_plugin\n"
        "from personakit_plugin import hookimpl\n"
        "print(sorted(m for m in sys.modules if m.startswith(('personakit_plugin', 'mcp', 'sqlite3'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "['personakit_plugin', 'personakit_plugin.core', 'personakit_plugin.core.hookspecs']"


def test_no_public_name_is_a_hook_implementation() -> None:
    """A plugin module imports them by name: one marked `hookimpl` would be a hook of that plugin's."""
    for door in DOORS:
        module = importlib.import_module(door)
        marked = [name for name in module.__all__ if hasattr(getattr(module, name), "personakit_impl")]
        assert marked == [], door
