"""The plugin author's guide says what the code does: every hook documented with its exact
signature and tested, and every example in the docs a file that runs."""

from __future__ import annotations

import importlib.util
import inspect
import re
import runpy
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from personakit_plugin.core import hookspecs
from personakit_plugin.core.model import ProposeResult

ROOT = Path(__file__).parents[2]
GUIDE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
EXAMPLES = ROOT / "docs" / "examples"
PACKAGE = EXAMPLES / "personakit-redact-address"
"""The worked example: an installable redaction hook with its tests."""
HOOKS = [name for name in dir(hookspecs) if name.startswith("personakit_")]


def signature(name: str) -> str:
    sig = inspect.signature(getattr(hookspecs, name))
    params = ", ".join(f"{p.name}: {p.annotation}" for p in sig.parameters.values())
    return f"{name}({params}) -> {sig.return_annotation}"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_example_{name}", EXAMPLES / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_are_ten_hooks() -> None:
    assert (
        sorted(
            [
                "personakit_read",
                "personakit_propose",
                "personakit_rank",
                "personakit_retrieve",
                "personakit_redact",
                "personakit_refuse",
                "personakit_store",
                "personakit_commands",
                "personakit_backends",
                "personakit_close",
            ]
        )
        == HOOKS
    )


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented_with_its_exact_signature(hook: str) -> None:
    assert f"### `{signature(hook)}`" in GUIDE
    assert (getattr(hookspecs, hook).__doc__ or "").strip(), f"{hook} has no docstring in hookspecs.py"


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_test(hook: str) -> None:
    tests = [p for p in (ROOT / "tests").rglob("test_*.py") if p.name != "test_docs.py"]
    assert any(f"def {hook}" in p.read_text(encoding="utf-8") for p in tests), f"no test implements {hook}"


def test_every_code_block_in_the_guide_is_an_example_file() -> None:
    blocks = re.findall(r"```python\n# (docs/examples/\S+)\n(.*?)```", GUIDE, flags=re.S)
    files = [*EXAMPLES.glob("*.py"), *EXAMPLES.glob("*/*.py"), *EXAMPLES.glob("*/pyproject.toml")]
    blocks += re.findall(r"```toml\n# (docs/examples/\S+)\n(.*?)```", GUIDE, flags=re.S)
    assert {path for path, _ in blocks} == {p.relative_to(ROOT).as_posix() for p in files}, (
        "every example file appears in the guide, and every python block is one"
    )
    for path, body in blocks:
        assert body == (ROOT / path).read_text(encoding="utf-8"), f"{path} differs from the guide"


def test_the_health_refusal_example(make_kit) -> None:  # type: ignore[no-untyped-def]
    kit = make_kit(example("refuse_health"))
    assert kit.propose("Takes medication at noon", "my medication", "constraints").reason == "health"
    assert kit.propose("Takes lunch at noon", "lunch at noon", "constraints").stored


def test_the_recent_first_ranking_example(make_kit) -> None:  # type: ignore[no-untyped-def]
    kit = make_kit(example("rank_recent_first"))
    kit.propose("Drinks green tea at work", "q", "preferences")
    kit.propose("Tea", "q", "preferences")
    assert [m.text for m in kit.read("green tea work", 7).memories] == ["Tea", "Drinks green tea at work"]


def test_the_approved_only_read_example(make_kit) -> None:  # type: ignore[no-untyped-def]
    kit = make_kit(example("read_approved_only"))
    approved = kit.propose("Cycles to work", "I cycle", "background").id
    kit.propose("Cycles on weekends", "weekend rides", "background")
    kit.store.decide(approved, "approve", kit.now())
    result = kit.read("cycles", 7)
    assert [m.text for m in result.memories] == ["Cycles to work"]
    assert result.note is None


def test_the_pause_example(make_kit) -> None:  # type: ignore[no-untyped-def]
    paused = make_kit(example("propose_pause"), environ={"PERSONAKIT_PLUGINS": "", "PERSONAKIT_PAUSE": "1"})
    assert paused.propose("Likes chess", "chess", "preferences") == ProposeResult(stored=False, reason="paused")
    assert paused.store.memories() == []
    running = make_kit(example("propose_pause"))
    assert running.propose("Likes chess", "chess", "preferences").stored


def test_the_store_example(make_kit, tmp_path) -> None:  # type: ignore[no-untyped-def]
    project = tmp_path / "project"
    kit = make_kit(
        example("store_beside_project"),
        environ={"PERSONAKIT_PLUGINS": "", "PERSONAKIT_PROJECT_DIR": str(project)},
    )
    kit.propose("Uses tabs", "tabs please", "tools")
    assert (project / ".personakit" / "personakit.sqlite3").exists()


# -- the worked example, installed ---------------------------------------------------------------


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worked example as `pip install -e` leaves it: its folder on the path, and its distribution's
    metadata with the entry points its pyproject.toml declares, allowed by name in PERSONAKIT_PLUGINS."""
    pyproject = tomllib.loads((PACKAGE / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    points: dict[str, str] = project["entry-points"]["personakit"]
    info = tmp_path / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8"
    )
    lines = "".join(f"{name} = {value}\n" for name, value in points.items())
    (info / "entry_points.txt").write_text(f"[personakit]\n{lines}", encoding="utf-8")
    monkeypatch.syspath_prepend(str(PACKAGE))
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in pyproject["tool"]["setuptools"]["py-modules"]:
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setenv("PERSONAKIT_PLUGINS", ",".join(points))


def test_the_worked_examples_entry_point_is_a_module_it_installs() -> None:
    pyproject = tomllib.loads((PACKAGE / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["entry-points"]["personakit"] == {"redact-address": "personakit_redact_address"}
    assert pyproject["tool"]["setuptools"]["py-modules"] == ["personakit_redact_address"]
    assert (PACKAGE / "personakit_redact_address.py").is_file()


@pytest.mark.usefixtures("installed")
def test_the_worked_example_installed_is_listed_as_the_guide_shows(capsys: pytest.CaptureFixture[str]) -> None:
    from personakit_plugin.owner.cli import main
    from personakit_plugin.owner.data.doctor import check_plugins

    assert main(["plugins"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    (row,) = [line for line in rows if line.startswith("redact-address ")]
    assert f"$ PERSONAKIT_PLUGINS=redact-address personakit plugins\n{header}\n" in GUIDE
    assert f"\n{row}\n" in GUIDE
    (loaded,) = [f for f in check_plugins({"PERSONAKIT_PLUGINS": "redact-address"}) if "Plugins loaded" in f.message]
    assert loaded.level == "ok" and "redact-address 0.1.0" in loaded.message
    assert f"\n{loaded.line()}\n" in GUIDE


@pytest.mark.usefixtures("installed")
def test_the_worked_examples_check_reads_the_mask_the_guide_shows(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(PACKAGE / "check_read.py"), run_name="__main__")
    shown = capsys.readouterr().out
    assert shown == "I moved to [address], London [postcode]\n"
    assert f"$ python check_read.py\n{shown}" in GUIDE
