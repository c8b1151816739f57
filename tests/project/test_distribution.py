"""What the package is published with besides its wheel: the MCP registry's entry (`server.json`, checked
against the registry's documented schema, kept in tests/data/registry) and the Claude Desktop extension's
manifest (packaging/mcpb/manifest.json); both carry the package's version and declare the same
settings. docs/distribution.md says the rules."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from personakit_plugin.core.data_folder import DATA_ENV
from personakit_plugin.core.settings import RECALL_MODEL_ENV
from personakit_plugin.owner.commands.serve import READ_ONLY_ENV

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = Path(__file__).parents[1] / "data" / "registry" / "server.schema.json"
SETTINGS = {DATA_ENV, READ_ONLY_ENV, RECALL_MODEL_ENV}


def loaded(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def project() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def problems(entry: Any) -> list[str]:
    """What the registry's schema finds wrong with a server.json's value, one line each."""
    schema = loaded(SCHEMA)
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in validator.iter_errors(entry)]


def test_server_json_follows_the_registrys_schema() -> None:
    entry = loaded(ROOT / "server.json")
    assert entry["$schema"] == loaded(SCHEMA)["$id"], "server.json names the schema it is checked against"
    assert problems(entry) == []


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("name",), "personakit"),  # no namespace
        (("description",), "x" * 101),
        (("packages", 0, "version"), "latest"),
        (("packages", 0, "transport"), {"type": "carrier-pigeon"}),
        (("packages", 0, "environmentVariables", 0, "format"), "directory"),
    ],
)
def test_the_schema_check_has_teeth(where: tuple[Any, ...], value: Any) -> None:
    """Each of these breaks of the registry's format is caught, so the check above is not vacuous."""
    entry = copy.deepcopy(loaded(ROOT / "server.json"))
    node = entry
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    assert problems(entry) != []


def test_every_version_is_the_packages() -> None:
    """server.json's version, each of its packages' and the extension manifest's are pyproject.toml's."""
    version = project()["version"]
    entry = loaded(ROOT / "server.json")
    manifest = loaded(ROOT / "packaging" / "mcpb" / "manifest.json")
    assert entry["version"] == version
    assert [package["version"] for package in entry["packages"]] == [version] * len(entry["packages"])
    assert manifest["version"] == version


def test_the_registry_entry_is_the_pypi_package_over_stdio() -> None:
    (package,) = loaded(ROOT / "server.json")["packages"]
    assert package["registryType"] == "pypi"
    assert package["identifier"] == project()["name"] == "personakit-plugin"
    assert package["transport"] == {"type": "stdio"}


def test_the_registry_entry_and_the_extension_declare_the_same_settings() -> None:
    """The owner's three settings, by the names the server reads, in both: the registry's environment
    variables and the variables the extension's manifest sets from its user settings."""
    (package,) = loaded(ROOT / "server.json")["packages"]
    declared = {variable["name"] for variable in package["environmentVariables"]}
    manifest = loaded(ROOT / "packaging" / "mcpb" / "manifest.json")
    assert declared == SETTINGS
    assert set(manifest["server"]["mcp_config"]["env"]) == SETTINGS
    assert not any(variable.get("isRequired") for variable in package["environmentVariables"])
