"""How a public door (`personakit_plugin`, `personakit_plugin.backend`) gives its names.

A door declares each public name once, as `from HOME import NAME as NAME` (that `as` is what marks it
public), at its top or in its `if TYPE_CHECKING:` block. Type checkers read those lines; this module
reads the same lines, on the door's first lookup, to import a name from its home when it is first used
(PEP 562) and to make the door's `__all__`. Imported only then, so a plugin that imports `hookimpl`
parses nothing.
"""

from __future__ import annotations

import ast
import importlib
import sys
from typing import Any

_DECLARED: dict[str, dict[str, tuple[str, str]]] = {}


def names(door: str) -> dict[str, tuple[str, str]]:
    """Each public name of the module `door`, with the module it lives in and its name there."""
    if door not in _DECLARED:
        with open(sys.modules[door].__file__ or door, encoding="utf-8") as source:
            tree = ast.parse(source.read())
        said = [node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
        lines = [*tree.body, *(node for block in said for node in block.body)]
        _DECLARED[door] = {
            alias.name: (line.module, alias.name)
            for line in lines
            if isinstance(line, ast.ImportFrom) and line.module
            for alias in line.names
            if alias.asname == alias.name
        }
    return _DECLARED[door]


def attribute(door: str, name: str) -> Any:
    """The door's `__getattr__`: a public name from its home (a module, for `decisions` and
    `retirement`), or `__all__`, the door's public names; kept on the door, so asked once."""
    declared = names(door)
    if name == "__all__":
        value: Any = sorted(declared)
    elif name in declared:
        where, attribute = declared[name]
        home = importlib.import_module(where)
        has = hasattr(home, attribute)
        value = getattr(home, attribute) if has else importlib.import_module(f"{where}.{attribute}")
    else:
        raise AttributeError(f"module {door!r} has no attribute {name!r}")
    setattr(sys.modules[door], name, value)
    return value


def listing(door: str) -> list[str]:
    """The door's `__dir__`: what it holds now and every public name."""
    return sorted({*vars(sys.modules[door]), *names(door)})
