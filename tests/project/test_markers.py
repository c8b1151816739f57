"""The shape of the test suite: unit tests apart from system tests, helpers in one place.

A test that runs real processes or terminals is marked `system` (per module with `pytestmark`, per test,
or per parameter); `tox -e unit` runs the rest, `tox -e system` only those, and CI's envs run what they
always ran. A unit test cannot start a process: conftest refuses it while the test runs. No test module
imports another; the pseudo-terminal driver and the fake clock exist once each.
"""

from __future__ import annotations

import ast
import configparser
import multiprocessing
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from .. import conftest
from ..conftest import SPAWNING_CONTRACT_TESTS, NotASystemTest

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
MODULES = sorted(TESTS.rglob("test_*.py"))
SOURCES = sorted(path for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts)
ORIGINAL = {(owner, name): getattr(owner, name) for owner, name in conftest.SPAWNS if hasattr(owner, name)}
"""The spawning functions as they are outside any test (this module is imported at collection)."""


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def dotted(node: ast.AST) -> str:
    """`os.fork` for the expression os.fork, `subprocess` for subprocess; "" for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (base := dotted(node.value)):
        return f"{base}.{node.attr}"
    return ""


# -- what starts a process or opens a terminal, as read in a module's source ------------------------

SPAWNING_MODULES = {"subprocess", "pty", "multiprocessing", "pexpect"}
SPAWNING_CALLS = {
    "os.fork",
    "os.forkpty",
    "os.openpty",
    "os.posix_spawn",
    "os.posix_spawnp",
    "os.system",
    "os.kill",
    "asyncio.create_subprocess_exec",
    "asyncio.create_subprocess_shell",
    "anyio.open_process",
    "anyio.run_process",
    "StdioServerParameters",
    "stdio_parameters",
    "personakit_command",
}
SPAWNING_HELPERS = {"helpers.stdio", "helpers.http", "helpers.terminal.Terminal", "helpers.terminal.terminal_stream"}
"""The shared helpers that start processes or open terminals (`from .helpers.stdio import ...`)."""


def spawning(path: Path) -> list[str]:
    """What in the module's source starts a process or opens a terminal."""
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] in SPAWNING_MODULES]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.split(".")[0] in SPAWNING_MODULES:
                found.append(module)
            for alias in node.names:
                if module in SPAWNING_HELPERS or f"{module}.{alias.name}" in SPAWNING_HELPERS:
                    found.append(f"{module}.{alias.name}")
                elif alias.name in SPAWNING_CALLS:
                    found.append(alias.name)
        elif isinstance(node, ast.Attribute | ast.Name) and dotted(node) in SPAWNING_CALLS:
            found.append(dotted(node))
    return found


def marks_system(path: Path) -> bool:
    """The module marks something `system`: `pytest.mark.system` anywhere (module, test, parameter), or it
    parametrizes with the command line's HOW, whose child-process variants carry the marker."""
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Attribute) and dotted(node) == "pytest.mark.system":
            return True
        if (
            isinstance(node, ast.ImportFrom)
            and (node.module or "").endswith("helpers.cli")
            and any(alias.name == "HOW" for alias in node.names)
        ):
            return True
    return False


@pytest.mark.parametrize("path", MODULES, ids=[path.name for path in MODULES])
def test_a_module_that_starts_processes_or_terminals_marks_them_system(path: Path) -> None:
    if not spawning(path):
        return
    assert marks_system(path), (
        f"{path.name} starts processes or terminals ({', '.join(sorted(set(spawning(path))))}) "
        "but marks no test `system`"
    )


def test_the_source_check_sees_what_spawns(tmp_path: Path) -> None:
    """The check above, on modules written for it: each way of spawning is seen, and a marker satisfies it."""
    cases = {
        "import subprocess\n": True,
        "import os\nos.openpty()\n": True,
        "from multiprocessing import Process\n": True,
        "from .helpers.stdio import server\n": True,
        "from .helpers.terminal import Terminal\n": True,
        "from .conftest import stdio_parameters\n": True,
        "import os\nos.environ.get('HOME')\n": False,
        "from .helpers.terminal import Screen\n": False,
    }
    for source, spawns in cases.items():
        module = tmp_path / "test_case.py"
        module.write_text(source)
        assert bool(spawning(module)) is spawns, source
        module.write_text(source + "import pytest\npytestmark = pytest.mark.system\n")
        assert marks_system(module), source


# -- the guard: a unit test runs in this process, without a terminal ----------------------------------


def test_a_unit_test_cannot_start_a_process() -> None:
    with pytest.raises(NotASystemTest, match="mark it `system`"):
        subprocess.run([sys.executable, "-c", "pass"], check=True, timeout=30)


def test_a_unit_test_cannot_open_a_terminal() -> None:
    with pytest.raises(NotASystemTest, match="mark it `system`"):
        master, slave = os.openpty()
        os.close(master)  # only reached if the guard failed
        os.close(slave)


def test_a_unit_test_cannot_start_a_multiprocessing_process() -> None:
    process = multiprocessing.get_context("spawn").Process(target=print)
    with pytest.raises(NotASystemTest, match="mark it `system`"):
        process.start()


@pytest.mark.parametrize(("owner", "name"), list(ORIGINAL), ids=[f"{name}" for _, name in ORIGINAL])
def test_every_way_to_spawn_is_refused_in_a_unit_test(owner: Any, name: str) -> None:
    """Checked by identity, so that a broken guard never really forks the test run."""
    assert getattr(owner, name) is not ORIGINAL[owner, name], f"{name} is not refused in a unit test"
    if name in {"fork", "forkpty"}:
        with pytest.raises(NotASystemTest):
            getattr(owner, name)()


@pytest.mark.system
def test_a_system_test_starts_processes_and_terminals() -> None:
    assert all(getattr(owner, name) is original for (owner, name), original in ORIGINAL.items())
    done = subprocess.run([sys.executable, "-c", "print('here')"], capture_output=True, text=True, timeout=30)
    assert done.stdout == "here\n"


class Item:
    """Just enough of a collected test for conftest's collection hook."""

    def __init__(self, name: str, *markers: str) -> None:
        self.name = self.originalname = name
        self.markers = set(markers)

    def get_closest_marker(self, name: str) -> object | None:
        return name if name in self.markers else None

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.markers.add(marker.name)


def test_a_slow_test_and_a_spawning_contract_test_are_system_tests() -> None:
    slow, contract, unit = Item("test_soak", "slow"), Item(next(iter(SPAWNING_CONTRACT_TESTS))), Item("test_read")
    conftest.pytest_collection_modifyitems([slow, contract, unit])  # type: ignore[list-item]
    assert "system" in slow.markers and "system" in contract.markers
    assert "system" not in unit.markers


def test_the_contract_tests_marked_here_exist() -> None:
    from personakit_plugin import testing

    suites = [testing.StoreContract, testing.RankingContract, testing.RedactionContract]
    names = {name for suite in suites for name in dir(suite) if name.startswith("test_")}
    assert names >= SPAWNING_CONTRACT_TESTS, SPAWNING_CONTRACT_TESTS - names


# -- the markers and the tox envs ---------------------------------------------------------------------


def pytest_options() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]


def test_the_markers_are_registered_and_strict() -> None:
    options = pytest_options()
    names = [line.split(":")[0] for line in options["markers"]]
    assert sorted(names) == ["slow", "system"]
    assert "--strict-markers" in options["addopts"].split()


def test_no_test_uses_the_old_stdio_marker() -> None:
    users = [
        path.name
        for path in SOURCES
        if any(dotted(node) == "pytest.mark.stdio" for node in ast.walk(tree(path)) if isinstance(node, ast.Attribute))
    ]
    assert users == []


def tox() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(ROOT / "tox.ini")
    return parser


def commands(section: configparser.SectionProxy) -> list[str]:
    return [line.strip() for line in section["commands"].strip().splitlines()]


def test_tox_has_a_unit_and_a_system_env_outside_env_list() -> None:
    ini = tox()
    assert commands(ini["testenv:unit"]) == ['pytest -m "not system" {posargs}']
    assert commands(ini["testenv:system"]) == ["pytest -m system {posargs}"]
    env_list = [env.strip() for env in ini["tox"]["env_list"].split(",")]
    assert "unit" not in env_list and "system" not in env_list
    assert {"py311", "py312", "py313"} <= set(env_list)


def test_ci_runs_everything_on_the_oldest_python_and_the_unit_and_stdio_tests_on_the_others() -> None:
    assert commands(tox()["testenv"]) == [
        "py311: pytest --ignore=tests/project/test_mcpb.py {posargs}",  # tox -e mcpb runs it, having built the bundle
        '!py311: pytest -m "not slow and not system" {posargs}',
        '!py311: pytest -m "system and not slow" tests/serving/test_stdio.py {posargs}',
    ]
    assert "tests/project/test_mcpb.py" in tox()["testenv:mcpb"]["commands"] and "mcpb" in tox()["tox"]["env_list"]
    # The stdio server's system tests are there to be run on every version.
    assert "pytest.mark.system" in (TESTS / "serving" / "test_stdio.py").read_text()


# -- helpers in one place -----------------------------------------------------------------------------


def imported_test_modules(path: Path) -> list[str]:
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            last = module.split(".")[-1]
            if last.startswith("test_"):
                found.append(module)
            elif node.level or module == "tests":
                found += [alias.name for alias in node.names if alias.name.startswith("test_")]
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[-1].startswith("test_")]
    return found


def test_no_test_module_imports_another() -> None:
    importing = {path.name: imported_test_modules(path) for path in SOURCES}
    assert {name: found for name, found in importing.items() if found} == {}


def test_the_import_check_sees_each_form(tmp_path: Path) -> None:
    module = tmp_path / "test_case.py"
    for source in ("from .test_cli import run\n", "from . import test_cli\n", "from tests.test_http import post\n"):
        module.write_text(source)
        assert imported_test_modules(module), source
    module.write_text("from .helpers.cli import run\nfrom .conftest import seed\n")
    assert imported_test_modules(module) == []


def defined_classes(path: Path) -> list[str]:
    return [node.name for node in ast.walk(tree(path)) if isinstance(node, ast.ClassDef)]


def test_one_pseudo_terminal_driver() -> None:
    """Only tests/helpers/terminal.py opens a pseudo-terminal (and this module, to see that a unit test
    cannot); the tests use its `Terminal`."""
    driver = TESTS / "helpers" / "terminal.py"
    allowed = {driver, Path(__file__).resolve()}
    opening = [path.relative_to(TESTS).as_posix() for path in SOURCES if path not in allowed and pty_opened(path)]
    assert opening == []
    assert pty_opened(driver) and "Terminal" in defined_classes(driver)


def pty_opened(path: Path) -> bool:
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Attribute) and dotted(node) in {"os.openpty", "os.forkpty", "pty.fork", "pty.openpty"}:
            return True
        if isinstance(node, ast.Import | ast.ImportFrom) and "pty" in {
            *(alias.name for alias in node.names),
            getattr(node, "module", None),
        }:
            return True
    return False


def clocks_of_their_own(path: Path) -> list[str]:
    """Fake clocks a module makes instead of `personakit_plugin.testing.Clock`: a class named like a clock,
    or a kit's `now` replaced by anything but a Clock."""
    module = tree(path)
    clocks = {
        target.id
        for node in ast.walk(module)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and dotted(node.value.func) == "Clock"
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = [f"class {name}" for name in defined_classes(path) if name.lower().endswith("clock")]
    for node in ast.walk(module):
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Attribute) and target.attr == "now" for target in node.targets
        ):
            value = node.value
            is_clock = (isinstance(value, ast.Call) and dotted(value.func) == "Clock") or (
                isinstance(value, ast.Name) and value.id in clocks
            )
            if not is_clock:
                found.append(f"line {node.lineno}: now = {ast.unparse(value)}")
    return found


def test_one_fake_clock() -> None:
    own = {path.name: clocks_of_their_own(path) for path in SOURCES}
    assert {name: found for name, found in own.items() if found} == {}


def test_the_clock_check_sees_a_clock_of_its_own(tmp_path: Path) -> None:
    module = tmp_path / "test_case.py"
    module.write_text("class Clock:\n    pass\n")
    assert clocks_of_their_own(module) == ["class Clock"]
    module.write_text("kit.now = lambda: 1.0\n")
    assert clocks_of_their_own(module) == ["line 1: now = lambda: 1.0"]
    module.write_text("clock = Clock(step=0.0)\nkit.now = clock\nother.now = Clock()\n")
    assert clocks_of_their_own(module) == []
