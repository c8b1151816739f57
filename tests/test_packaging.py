"""The package and each hook package as a release ships them: `tox -e dist`.

Each is copied out of the working tree (so no build folder or egg-info left there counts), built as
an sdist and then a wheel from that sdist with `python -m build` (so the sdist is known to be
complete), checked with `twine check --strict` (what the package index would refuse), and the
wheels are installed into a new virtual environment, where `personakit --version` runs, the hook
packages import and load as plugins, and the README's way of putting `personakit` on the PATH works.

Building needs `build`, `twine` and the build backend in this environment (`tox -e dist` brings
them); elsewhere the module is skipped. Installing the wheels fetches their dependencies.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("build", reason="building is tested by `tox -e dist`, which installs build and twine")
pytest.importorskip("twine", reason="building is tested by `tox -e dist`, which installs build and twine")

pytestmark = pytest.mark.system

ROOT = Path(__file__).resolve().parent.parent
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


def check(*args: str | Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(arg) for arg in args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=clean_environ() if env is None else env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def normalised(name: str) -> str:
    """A distribution name as wheel and sdist file names spell it."""
    return name.replace("-", "_")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every package's sdist and wheel, in one folder."""
    out = tmp_path_factory.mktemp("dist")
    sources = tmp_path_factory.mktemp("sources")
    for name, path in PACKAGES.items():
        source = shutil.copytree(path, sources / name, ignore=LEFT_OUT)
        if name == "personakit-plugin":
            shutil.rmtree(source / "hooks")  # built on their own
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
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"{stem}.dist-info/METADATA").decode()
        entry_points = archive.read(f"{stem}.dist-info/entry_points.txt").decode()
    assert "Description-Content-Type: text/markdown" in metadata
    assert ("[personakit]" in entry_points) == (name in HOOKS)  # the package registers its own plugins by module


def test_the_package_wheel_carries_its_data_files(dist):
    with zipfile.ZipFile(dist / f"personakit_plugin-{version()}-py3-none-any.whl") as archive:
        names = set(archive.namelist())
    assert {"personakit_plugin/py.typed", "personakit_plugin/owner/review_page.html"} <= names
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
