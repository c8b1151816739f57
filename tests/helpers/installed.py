"""Fake installed plugins: a module and a `.dist-info` with one `personakit` entry point, on `sys.path`,
so that `importlib.metadata` finds them as it finds a real distribution.

A module takes the fixture by naming it: `install = installed.install`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from personakit_plugin.core.plugins import GROUP


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., str]]:
    """Install a fake distribution with one `personakit` entry point named `name`, whose module is
    `source`; returns the module's name. The modules are forgotten after the test."""
    modules: list[str] = []
    folder = tmp_path / "installed"
    folder.mkdir()

    def install(name: str, source: str, *, version: str = "1.2.3") -> str:
        module = f"fake_personakit_{name.replace('-', '_')}"
        (folder / f"{module}.py").write_text(source)
        info = folder / f"{module}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: {version}\n")
        (info / "entry_points.txt").write_text(f"[{GROUP}]\n{name} = {module}\n")
        modules.append(module)
        return module

    monkeypatch.syspath_prepend(str(folder))
    yield install
    for module in modules:
        sys.modules.pop(module, None)


def ranking(name: str) -> str:
    """The source of a ranking plugin that answers with the candidates unchanged and says who it is in
    a module-level list, `ASKED`, each time it is asked."""
    return (
        "from personakit_plugin import hookimpl\n\n"
        "ASKED = []\n\n"
        "@hookimpl\n"
        "def personakit_rank(candidates):\n"
        f"    ASKED.append({name!r})\n"
        "    return list(candidates)\n"
    )
