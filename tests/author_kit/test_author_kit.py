"""The kit for plugin authors explains itself: `pytest --fixtures`, run where PersonaKit is installed,
shows every fixture of the kit with what it gives and how to use it, and the example in each
fixture's description runs as written."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import personakit_plugin.testing
from personakit_plugin.testing import fixtures

FIXTURES = ["personakit_data_dir", "personakit_make_kit", "personakit_kit", "personakit_client"]

HEADER = '''\
"""The examples of the kit's fixture descriptions, as a plugin author would write them."""

import types

import pytest

from personakit_plugin import hookimpl


@hookimpl
def personakit_refuse(text: str, quote: str) -> str | None:
    return "health" if "medication" in f"{text} {quote}" else None


my_plugin = types.ModuleType("my_plugin")
my_plugin.personakit_refuse = personakit_refuse
'''


def description(name: str) -> str:
    """A fixture's docstring as written in the kit."""
    function = getattr(fixtures, name)
    return inspect.cleandoc(inspect.getdoc(getattr(function, "__wrapped__", function)) or "")


def example(name: str) -> str:
    """The code after `::` in a fixture's description."""
    found = re.search(r"::\n\n(.*)", description(name), flags=re.S)
    assert found, f"{name}'s description shows no example"
    return textwrap.dedent(found.group(1))


def pytest_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """pytest run in `folder`, a project of its own, with the kit loaded from its entry point as for any user."""
    (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_kit_lists_its_fixtures() -> None:
    assert set(FIXTURES) <= set(personakit_plugin.testing.__all__)
    assert {name for name in dir(fixtures) if name.startswith("personakit_")} == set(FIXTURES)


@pytest.mark.parametrize("name", FIXTURES)
def test_every_fixture_says_what_it_gives_and_how_to_use_it_then_shows_an_example(name: str) -> None:
    summary = description(name).split("\n\n")[0]
    assert len(summary) >= 200, f"{name}: the first paragraph, all `pytest --fixtures` shows, is too short"
    assert "def test_" in example(name) and name in example(name), f"{name}'s example does not use it"


def shown_under(output: str, name: str) -> list[str]:
    """The lines `pytest --fixtures` prints under a fixture's name, up to the next blank line after text."""
    at = re.search(rf"^{name} -- .*$", output, flags=re.M)
    assert at, f"{name} is not listed:\n{output}"
    return [line.strip() for line in output[at.end() :].splitlines()[1:]]


@pytest.mark.system
def test_pytest_fixtures_shows_each_fixture_with_its_description(tmp_path: Path) -> None:
    (tmp_path / "test_nothing.py").write_text("def test_nothing():\n    pass\n", encoding="utf-8")
    brief, full = pytest_in(tmp_path, "--fixtures"), pytest_in(tmp_path, "--fixtures", "-v")
    assert brief.returncode == full.returncode == 0, brief.stderr + full.stderr
    for name in FIXTURES:
        summary = [line.strip() for line in description(name).split("\n\n")[0].splitlines()]
        assert shown_under(brief.stdout, name)[: len(summary) + 1] == [*summary, ""], f"{name}: no description"
        whole = [line.strip() for line in description(name).splitlines()]
        assert shown_under(full.stdout, name)[: len(whole)] == whole, f"{name}: -v does not show it all"


@pytest.mark.system
def test_the_example_of_every_fixture_runs_as_written(tmp_path: Path) -> None:
    examples = "\n\n".join(example(name) for name in FIXTURES)
    (tmp_path / "test_examples.py").write_text(f"{HEADER}\n\n{examples}", encoding="utf-8")
    ran = pytest_in(tmp_path, "-q")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert f"{len(FIXTURES)} passed" in ran.stdout
