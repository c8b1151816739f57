"""The package and each hook package as a release ships them: `tox -e dist`.

Each is copied out of the working tree (so no build folder or egg-info left there counts), built as
an sdist and then a wheel from that sdist with `python -m build` (so the sdist is known to be
complete), checked with `twine check --strict` (what the package index would refuse), and the
wheels are installed into a new virtual environment, where `personakit --version` runs, the hook
packages import and load as plugins, and the README's way of putting `personakit` on the PATH works.

Then the install docs/install.md documents until PersonaKit is on a package index, offline: our wheels
built with `pip wheel --no-deps`, the dependencies' wheels gathered by this environment's pip (from
its cache, else its index) into a wheelhouse, and `personakit-plugin[recall]` installed from the two
folders alone (`--no-index`) with pip into a new virtual environment, with `uv tool install
--offline`, with `uvx` and with `pipx`. Each installation answers `personakit --version`, serves the
two tools from its `personakit-plugin` script to the official MCP client over stdio, finds a memory
by meaning (so the recall plugin is active), and `personakit doctor` lists the recall plugin. The
plugin author's steps (docs/plugins.md) run the same way: PersonaKit with its testing kit from the
wheels, then the worked example installed editable, its check and its tests.

Building needs `build`, `twine` and the build backend in this environment (`tox -e dist` brings
them, and uv and pipx); elsewhere the module is skipped, and so is a uv or pipx test without its tool.
The first install fetches the dependencies; the offline ones fetch nothing.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from packaging.requirements import Requirement

from ..helpers.stdio import PROPOSE, READ, REQUEST_TIMEOUT, TEST_TIMEOUT, call, tool_names

pytest.importorskip("build", reason="building is tested by `tox -e dist`, which installs build and twine")
pytest.importorskip("twine", reason="building is tested by `tox -e dist`, which installs build and twine")

pytestmark = pytest.mark.system

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {
    "personakit-plugin": ROOT,
    **{path.name: path for path in sorted((ROOT / "hooks").iterdir()) if (path / "pyproject.toml").is_file()},
}
HOOKS = [name for name in PACKAGES if name != "personakit-plugin"]
LEFT_OUT = shutil.ignore_patterns(
    ".git", ".tox", ".venv", "node_modules", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)
TIMEOUT = 600


def version() -> str:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def clean_environ() -> dict[str, str]:
    """This environment without what would let another installation leak into a new one."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def check(*args: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    done = subprocess.run(
        [str(arg) for arg in args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=clean_environ() if env is None else env,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
    )
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def normalised(name: str) -> str:
    """A distribution name as wheel and sdist file names spell it."""
    return name.replace("-", "_")


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every package's source folder, copied out of the working tree, by distribution name."""
    folder = tmp_path_factory.mktemp("sources")
    copies = {}
    for name, path in PACKAGES.items():
        copies[name] = shutil.copytree(path, folder / name, ignore=LEFT_OUT)
        if name == "personakit-plugin":
            shutil.rmtree(copies[name] / "hooks")  # built on their own
    return copies


@pytest.fixture(scope="module")
def dist(sources: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every package's sdist and wheel, in one folder."""
    out = tmp_path_factory.mktemp("dist")
    for source in sources.values():
        check(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, source)
    return out


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment with every wheel installed; its bin folder."""
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    check(sys.executable, "-m", "venv", venv)
    bin = venv / ("Scripts" if os.name == "nt" else "bin")
    check(bin / "python", "-m", "pip", "install", "--quiet", *sorted(dist.glob("*.whl")))
    return bin


@pytest.mark.parametrize("name", list(PACKAGES))
def test_each_package_builds_an_sdist_and_a_wheel(dist, name):
    stem = f"{normalised(name)}-{version()}"
    sdist, wheel = dist / f"{stem}.tar.gz", dist / f"{stem}-py3-none-any.whl"

    assert sdist.is_file() and wheel.is_file(), sorted(p.name for p in dist.iterdir())
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert f"{stem}/pyproject.toml" in names and f"{stem}/README.md" in names
    assert f"{stem}/LICENSE" in names
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"{stem}.dist-info/METADATA").decode()
        entry_points = archive.read(f"{stem}.dist-info/entry_points.txt").decode()
        licence = archive.read(f"{stem}.dist-info/licenses/LICENSE").decode()
    assert "Description-Content-Type: text/markdown" in metadata
    assert "License-File: LICENSE" in metadata and "License-Expression: MIT" in metadata
    assert licence == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Classifier: Programming Language :: Python :: 3.11" in metadata
    assert ("[personakit]" in entry_points) == (name in HOOKS)  # the package registers its own plugins by module


def test_the_package_wheel_has_its_scripts_and_the_recall_extra(dist):
    stem = f"personakit_plugin-{version()}"
    with zipfile.ZipFile(dist / f"{stem}-py3-none-any.whl") as archive:
        metadata = archive.read(f"{stem}.dist-info/METADATA").decode()
        entry_points = archive.read(f"{stem}.dist-info/entry_points.txt").decode()
    assert "personakit = personakit_plugin.owner.cli:main" in entry_points
    assert "personakit-plugin = personakit_plugin.__main__:main" in entry_points
    assert "Provides-Extra: recall" in metadata
    assert f'Requires-Dist: personakit-recall=={version()}; extra == "recall"' in metadata


def test_the_package_wheel_carries_its_data_files(dist):
    with zipfile.ZipFile(dist / f"personakit_plugin-{version()}-py3-none-any.whl") as archive:
        names = set(archive.namelist())
    assert {"personakit_plugin/py.typed", "personakit_plugin/owner/review/page.html"} <= names
    assert not any(name.startswith(("tests/", "hooks/")) for name in names)


def test_twine_check_passes_on_every_sdist_and_wheel(dist):
    files = sorted(dist.iterdir())
    assert len(files) == 2 * len(PACKAGES)

    out = check(sys.executable, "-m", "twine", "check", "--strict", *files)

    assert out.count("PASSED") == len(files), out


def test_the_wheels_install_into_a_new_environment_and_run(installed):
    assert check(installed / "personakit", "--version") == f"personakit {version()}\n"
    modules = [normalised(name) for name in HOOKS]
    check(installed / "python", "-c", f"import {', '.join(modules)}")
    plugins = {plugin["name"] for plugin in json.loads(check(installed / "personakit", "plugins", "--all", "--json"))}
    assert {"default-read", "redact-pii", "rank-bm25", "detect-secrets", "store-postgres"} <= plugins


def test_the_readme_link_puts_personakit_on_the_path(installed, tmp_path):
    """The README's step, with the new environment in place of ~/.personakit: link the script into
    ~/.local/bin, and the bare name runs from a PATH holding only that folder and the system's."""
    home = tmp_path / "home"
    local_bin = home / ".local" / "bin"
    local_bin.mkdir(parents=True)
    (local_bin / "personakit").symlink_to(installed / "personakit")
    env = {"HOME": str(home), "PATH": os.pathsep.join([str(local_bin), "/usr/bin", "/bin"])}

    assert check("personakit", "--version", env=env) == f"personakit {version()}\n"


# -- offline, from wheels: what docs/install.md documents until PersonaKit is on a package index --------------


def offline_environ(home: Path, **extra: str | Path) -> dict[str, str]:
    """This environment without pip's, uv's, pipx's or PersonaKit's settings (so nothing but the folders
    named on the command line is looked in), with `home` as the home folder, then `extra`."""
    settings = ("PIP_", "UV_", "PIPX_", "PERSONAKIT_", "XDG_")
    environ = {k: v for k, v in clean_environ().items() if not k.startswith(settings)}
    environ.update(HOME=str(home), PIP_CONFIG_FILE=os.devnull, UV_NO_CONFIG="1", UV_PYTHON_DOWNLOADS="never")
    environ.update({k: str(v) for k, v in extra.items()})
    return environ


def requirements(wheel: Path, *extras: str) -> list[str]:
    """What a wheel requires, with the given extras, but PersonaKit's own distributions."""
    name = wheel.name.split("-")[0]
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        lines = archive.read(metadata).decode().splitlines()
    found = []
    for line in lines:
        if line.startswith("Requires-Dist: "):
            requirement = Requirement(line.removeprefix("Requires-Dist: "))
            wanted = requirement.marker is None or any(requirement.marker.evaluate({"extra": e}) for e in extras)
            if wanted and not requirement.name.startswith("personakit"):
                requirement.marker = None  # chosen: its extra's marker would leave it out of a bare `pip wheel`
                found.append(str(requirement))
    assert found, f"{name} requires nothing?"
    return found


@pytest.fixture(scope="module")
def wheels(sources: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Our wheels as docs/install.md builds them: `pip wheel --no-deps`, the package and every hook package (the
    build backend taken from this environment rather than fetched)."""
    out = tmp_path_factory.mktemp("wheels")
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", out]
    check(*pip_wheel, *sources.values())
    assert len(list(out.glob("*.whl"))) == len(PACKAGES)
    return out


@pytest.fixture(scope="module")
def wheelhouse(wheels: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The dependencies' wheels of `personakit-plugin[recall,testing]`, gathered by this environment's pip
    (from its cache, else its index), and the build backend, which an editable install of a plugin needs."""
    out = tmp_path_factory.mktemp("wheelhouse")
    needed = [
        *requirements(next(wheels.glob("personakit_plugin-*.whl")), "recall", "testing"),
        *requirements(next(wheels.glob("personakit_recall-*.whl"))),
        "setuptools>=77",
    ]
    check(sys.executable, "-m", "pip", "wheel", "--quiet", "-w", out, *needed)
    assert not list(out.glob("personakit*")), "our own distributions come from our wheels alone"
    return out


@pytest.fixture
def offline(wheels: Path, wheelhouse: Path) -> list[str]:
    """The options that install from the two folders alone."""
    return ["--no-index", "--find-links", str(wheels), "--find-links", str(wheelhouse)]


WITH_RECALL = "personakit-plugin[recall]"
BY_MEANING = ("Drinks coffee black", "black coffee for me")
QUESTION = "Which beverage do I like?"
"""Shares no word with the memory's text: only recall by meaning finds it (an unconfirmed memory never fills)."""


async def served_by_meaning(command: str, args: list[str], environ: dict[str, str]) -> list[str]:
    """The official client on the server `command` starts over stdio: its tools, then the texts a read by
    meaning returns after one proposal."""
    server = StdioServerParameters(command=command, args=args, env=environ)
    with anyio.fail_after(TEST_TIMEOUT * 2):
        async with Client(server, read_timeout_seconds=REQUEST_TIMEOUT * 3) as client:
            assert sorted(await tool_names(client)) == [PROPOSE, READ]
            text, quote = BY_MEANING
            assert (await call(client, PROPOSE, text=text, quote=quote, category="preferences"))["stored"]
            read = await call(client, READ, question=QUESTION)
            return [memory["text"] for memory in read["memories"]]


def check_installation(home: Path, personakit: list[str | Path], server: list[str | Path]) -> None:
    """An installation, by how its two scripts are started: its version, the stdio server with recall by
    meaning, and doctor naming the recall plugin."""
    environ = offline_environ(home, PERSONAKIT_DATA_DIR=home / "data")
    assert check(*personakit, "--version", env=environ) == f"personakit {version()}\n"
    command, *args = (str(part) for part in server)
    assert anyio.run(served_by_meaning, command, args, environ) == [BY_MEANING[0]]
    said = subprocess.run(
        [*personakit, "doctor"], capture_output=True, text=True, timeout=TIMEOUT, env=environ, check=False
    )
    assert f"recall {version()}" in said.stdout, said.stdout + said.stderr


def scripts(bin: Path) -> dict[str, list[str | Path]]:
    """The two scripts of an installation that put them in `bin`."""
    return {"personakit": [bin / "personakit"], "server": [bin / "personakit-plugin"]}


def tool(name: str) -> Path:
    """A tool installed beside this Python (tox's `dist` env installs uv and pipx), or the test is skipped."""
    found = Path(sys.executable).with_name(name)
    if not found.exists():
        pytest.skip(f"{name} is not installed beside {sys.executable} (tox -e dist installs it)")
    return found


def test_pip_installs_personakit_with_recall_from_wheels_offline(offline, tmp_path):
    venv = tmp_path / "venv"
    environ = offline_environ(tmp_path)
    check(sys.executable, "-m", "venv", venv, env=environ)
    check(venv / "bin" / "python", "-m", "pip", "install", "--quiet", *offline, WITH_RECALL, env=environ)

    check_installation(tmp_path, **scripts(venv / "bin"))
    without = offline_environ(tmp_path, PERSONAKIT_DATA_DIR=tmp_path / "other", PERSONAKIT_DISABLED_PLUGINS="recall")
    server = str(venv / "bin" / "personakit-plugin")
    assert anyio.run(served_by_meaning, server, [], without) == [], "the default alone matches words only"


def test_pip_installs_personakit_with_recall_from_a_git_address_offline(sources, wheelhouse, tmp_path):
    """docs/install.md's command for a git address, with a repository of the sources here as `REPO`."""
    git = shutil.which("git") or pytest.skip("git is not installed")
    repo = shutil.copytree(sources["personakit-plugin"], tmp_path / "repo")
    for name in HOOKS:
        shutil.copytree(sources[name], repo / "hooks" / name)
    who = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    environ = offline_environ(tmp_path, **who)
    for step in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "sources"]):
        check(git, "-C", repo, *step, env=environ)
    install = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    (line,) = [line for line in install.splitlines() if line.startswith('pip install "personakit-plugin @ git+$REPO"')]
    documented = shlex.split(line.replace("$REPO", f"file://localhost{repo}"))[2:]  # a host: older pips want one
    venv = tmp_path / "venv"
    check(sys.executable, "-m", "venv", venv, env=environ)
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-index", "--find-links", wheelhouse]
    check(*pip, *documented, env=environ)

    environ["PERSONAKIT_DATA_DIR"] = str(tmp_path / "data")
    assert check(venv / "bin" / "personakit", "--version", env=environ) == f"personakit {version()}\n"
    plugins = json.loads(check(venv / "bin" / "personakit", "plugins", "--json", env=environ))
    assert "recall" in {plugin["name"] for plugin in plugins}


def test_uv_tool_installs_personakit_with_recall_from_wheels_offline(offline, tmp_path):
    uv = tool("uv")
    environ = offline_environ(tmp_path, UV_TOOL_DIR=tmp_path / "tools", UV_TOOL_BIN_DIR=tmp_path / "bin")
    environ["UV_CACHE_DIR"] = str(tmp_path / "cache")
    check(uv, "tool", "install", "--offline", "--python", sys.executable, *offline, WITH_RECALL, env=environ)

    check_installation(tmp_path, **scripts(tmp_path / "bin"))


def test_uvx_runs_personakit_with_recall_from_wheels_offline(offline, tmp_path):
    uvx = [tool("uvx"), "--cache-dir", tmp_path / "cache", "--offline", "--python", sys.executable, *offline]
    uvx += ["--from", WITH_RECALL]

    check_installation(tmp_path, personakit=[*uvx, "personakit"], server=[*uvx, "personakit-plugin"])


def test_pipx_installs_personakit_with_recall_from_wheels_offline(offline, tmp_path):
    pipx = tool("pipx")
    environ = offline_environ(tmp_path, PIPX_HOME=tmp_path / "pipx", PIPX_BIN_DIR=tmp_path / "bin")
    environ["PIPX_MAN_DIR"] = str(tmp_path / "man")
    pip_args = f"--pip-args={shlex.join(offline)}"
    check(pipx, "install", "--python", sys.executable, pip_args, WITH_RECALL, env=environ)

    check_installation(tmp_path, **scripts(tmp_path / "bin"))


def test_the_plugin_authors_steps_work_in_a_new_environment_offline(offline, tmp_path):
    """docs/plugins.md, "Install it": PersonaKit with its test kit from the wheels, then the worked example
    installed editable from its own folder (copied out, as an author's project stands alone); then the guide's
    checks show what the guide shows, and the example's tests pass with the kit."""
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    for step in (
        "$ .venv/bin/pip install --find-links ~/personakit-wheels 'personakit-plugin[testing]'",
        "$ .venv/bin/pip install -e docs/examples/personakit-redact-address",
        "$ cd docs/examples/personakit-redact-address && ../../../.venv/bin/python -m pytest",
    ):
        assert f"\n{step}\n" in guide, "the steps taken here are the guide's"
    plugin = shutil.copytree(
        ROOT / "docs" / "examples" / "personakit-redact-address", tmp_path / "plugin", ignore=LEFT_OUT
    )
    venv, environ = tmp_path / "venv", offline_environ(tmp_path, PERSONAKIT_DATA_DIR=tmp_path / "data")
    bin = venv / "bin"
    check(sys.executable, "-m", "venv", venv, env=environ)
    check(bin / "python", "-m", "pip", "install", "--quiet", *offline, "personakit-plugin[testing]", env=environ)
    check(bin / "python", "-m", "pip", "install", "--quiet", *offline, "-e", plugin, env=environ)

    listed = check(bin / "personakit", "plugins", env=environ | {"PERSONAKIT_PLUGINS": "redact-address"})
    (row,) = [line for line in listed.splitlines() if line.startswith("redact-address ")]
    assert f"\n{row}\n" in guide
    shown = check(bin / "python", "check_read.py", env=environ, cwd=plugin)
    assert f"$ python check_read.py\n{shown}" in guide
    tested = check(bin / "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", env=environ, cwd=plugin)
    assert " passed" in tested and "failed" not in tested and "error" not in tested, tested
