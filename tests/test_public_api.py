"""One public module for plugin authors: `personakit_plugin` (and its test kit, `personakit_plugin.testing`).

What the docs, the worked examples and the packages in `hooks/` import comes from it; a deeper
import there fails here. Its names are imported on first use, and each is the object at its home.
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

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = {"personakit_plugin", "personakit_plugin.testing"}
IMPORT = re.compile(r"^\s*(?:from\s+(personakit_plugin[\w.]*)\s+import|import\s+(personakit_plugin[\w.]*))", re.M)


def deep_imports(source: str) -> list[str]:
    """The modules of PersonaKit that `source` imports other than the public ones."""
    return [module for found in IMPORT.findall(source) for module in found if module and module not in PUBLIC]


def authors_code() -> dict[str, str]:
    """What plugin authors read and copy, by path: the docs' python blocks, the worked examples (the
    mounting ones in `examples/` too), and the modules of the packages in `hooks/` (their tests may
    look deeper: they test PersonaKit with them)."""
    found: dict[str, str] = {}
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)
        found[page.relative_to(ROOT).as_posix()] = "\n".join(blocks)
    files = [*(ROOT / "docs" / "examples").rglob("*.py"), *(ROOT / "examples").glob("*.py")]
    for package in sorted((ROOT / "hooks").iterdir()):
        files += [path for path in package.rglob("*.py") if "tests" not in path.relative_to(package).parts]
    for path in files:
        found[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
    return found


@pytest.mark.parametrize(("path", "source"), sorted(authors_code().items()), ids=lambda value: value[:60])
def test_the_docs_the_examples_and_the_hook_packages_import_only_the_public_module(path: str, source: str) -> None:
    assert deep_imports(source) == [], f"{path} imports beneath the public module"


def test_the_check_sees_a_deep_import() -> None:
    said = "from personakit_plugin import hookimpl\nfrom personakit_plugin.core.model import ReadResult\n"
    assert deep_imports(said) == ["personakit_plugin.core.model"]
    assert deep_imports("    import personakit_plugin.storage.rows\nfrom personakit_plugin.testing import X") == [
        "personakit_plugin.storage.rows"
    ]


def test_the_hook_packages_are_among_what_is_checked() -> None:
    checked = authors_code()
    assert "hooks/personakit-store-postgres/personakit_store_postgres/store.py" in checked
    assert "docs/examples/read_approved_only.py" in checked
    assert "from personakit_plugin import" in checked["docs/plugins.md"]


def test_every_public_name_is_the_object_at_its_home() -> None:
    for module, names in personakit_plugin._HOMES.items():
        home = importlib.import_module(module)
        for said in names:
            attribute, _, name = said.partition(" as ")
            expected = getattr(home, attribute, None) or importlib.import_module(f"{module}.{attribute}")
            assert getattr(personakit_plugin, name or attribute) is expected, said
    assert personakit_plugin.__all__ == sorted(["hookimpl", *personakit_plugin._WHERE], key=_ruff_order)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        personakit_plugin.nothing  # noqa: B018


def _ruff_order(name: str) -> tuple[int, str]:
    """The order ruff keeps `__all__` in: constants, then classes, then the rest."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def test_what_type_checkers_see_is_what_the_module_gives() -> None:
    """The `TYPE_CHECKING` imports name the same homes as the table `__getattr__` reads."""
    tree = ast.parse(Path(personakit_plugin.__file__).read_text(encoding="utf-8"))
    (block,) = [node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
    seen = {
        (alias.asname or alias.name): (node.module, alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert seen == personakit_plugin._WHERE


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
    marked = [
        name for name in personakit_plugin.__all__ if hasattr(getattr(personakit_plugin, name), "personakit_impl")
    ]
    assert marked == []
