"""What a package index needs from each distribution, read from the pyproject.toml files: one version for
PersonaKit and its hook packages, hooks that depend on that release series of `personakit-plugin`, the
`recall` extra that brings the recall plugin of the same release, the `personakit-plugin` script that
`uvx personakit-plugin` runs, and a licence file, keywords and classifiers in each.

Building and installing them is tests/project/test_packaging.py (`tox -e dist`)."""

from __future__ import annotations

import configparser
import importlib
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
HOOKS = sorted(path for path in (ROOT / "hooks").iterdir() if (path / "pyproject.toml").is_file())


def project(folder: Path) -> dict[str, Any]:
    return tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]


MAIN = project(ROOT)
VERSION = Version(MAIN["version"])
NEXT_MINOR = Version(f"{VERSION.major}.{VERSION.minor + 1}.0")


def test_the_distribution_is_personakit_plugin_with_its_two_scripts() -> None:
    assert MAIN["name"] == "personakit-plugin"  # `personakit` on the index is another project
    assert MAIN["scripts"] == {
        "personakit": "personakit_plugin.owner.cli:main",
        "personakit-plugin": "personakit_plugin.__main__:main",
    }


def test_the_server_script_serves_with_no_arguments_and_runs_the_command_line_with_some(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module, _, name = MAIN["scripts"]["personakit-plugin"].partition(":")
    script = getattr(importlib.import_module(module), name)
    given: list[list[str]] = []
    monkeypatch.setattr(importlib.import_module(module), "cli", lambda argv: given.append(list(argv)) or 0)
    for argv in (["personakit-plugin"], ["personakit-plugin", "list", "--json"]):
        monkeypatch.setattr("sys.argv", argv)
        assert script() == 0
    assert given == [["serve"], ["list", "--json"]]


@pytest.mark.parametrize("hook", HOOKS, ids=lambda path: path.name)
def test_each_hook_package_has_personakits_version_and_depends_on_its_release_series(hook: Path) -> None:
    meta = project(hook)
    assert meta["name"] == hook.name
    assert Version(meta["version"]) == VERSION
    (requirement,) = [Requirement(r) for r in meta["dependencies"] if Requirement(r).name == "personakit-plugin"]
    assert VERSION in requirement.specifier
    assert NEXT_MINOR not in requirement.specifier, "a new minor release of PersonaKit may change the plugin API"


def test_the_recall_extra_brings_the_recall_plugin_of_the_same_release() -> None:
    (requirement,) = [Requirement(r) for r in MAIN["optional-dependencies"]["recall"]]
    assert requirement.name == "personakit-recall" and str(requirement.specifier) == f"=={VERSION}"
    assert project(ROOT / "hooks" / "personakit-recall")["version"] == str(VERSION)


@pytest.mark.parametrize("folder", [ROOT, *HOOKS], ids=lambda path: path.name)
def test_each_distribution_carries_the_licence_and_says_what_an_index_shows(folder: Path) -> None:
    meta = project(folder)
    assert meta["license"] == ("MIT AND Apache-2.0" if folder.name == "personakit-recall" else "MIT")
    assert meta["license-files"][0] == "LICENSE" and all((folder / f).is_file() for f in meta["license-files"])
    assert (folder / "LICENSE").read_text(encoding="utf-8") == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert (folder / meta["readme"]).is_file()
    assert meta["keywords"] and meta["authors"]
    assert not any(c.startswith("License ::") for c in meta["classifiers"]), "the licence expression says it"
    assert "urls" not in meta or all("example" not in url for url in meta["urls"].values())


def test_the_recall_plugin_names_the_licence_of_the_tokenizer_it_ships() -> None:
    recall = ROOT / "hooks" / "personakit-recall"
    assert project(recall)["license-files"] == ["LICENSE", "personakit_recall/model/NOTICE"]
    notice = (recall / "personakit_recall" / "model" / "NOTICE").read_text(encoding="utf-8")
    assert "tokenizer.json" in notice and "Apache License, Version 2.0" in notice


@pytest.mark.parametrize("folder", [ROOT, *HOOKS], ids=lambda path: path.name)
def test_the_python_versions_classified_are_the_ones_tox_tests(folder: Path) -> None:
    tox = configparser.ConfigParser()
    tox.read(ROOT / "tox.ini", encoding="utf-8")
    tested = {f"3.{minor}" for minor in re.findall(r"\bpy3(\d+)\b", tox["tox"]["env_list"])}
    meta = project(folder)
    classified = {c.rsplit(" :: ", 1)[1] for c in meta["classifiers"] if re.fullmatch(r".*Python :: 3\.\d+", c)}
    assert classified == tested
    assert meta["requires-python"] == f">={min(tested, key=Version)}"
