"""The plugin spine: loading, precedence, start-up checks, and the owner's guarantees at the boundary."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

from personakit_plugin import hookimpl
from personakit_plugin.core import hookspecs
from personakit_plugin.core.hooks import Hooks
from personakit_plugin.core.kit import ReadRefused
from personakit_plugin.core.model import Candidate, Memory, ProposeResult, ReadMemory, ReadResult
from personakit_plugin.core.plugins import (
    DEFAULT_PLUGINS,
    GROUP,
    PluginError,
    PluginInfo,
    PluginWarning,
    hook_orders,
    installed,
    make_plugin_manager,
    plugin_infos,
)
from personakit_plugin.core.reading import ReadRequest
from personakit_plugin.core.redaction import Mask
from personakit_plugin.serving.server import build_server

from ..conftest import structured
from ..helpers import installed as fakes

install = fakes.install

DEFAULTS = {
    "default-read",
    "default-propose",
    "default-rank",
    "default-redact",
    "default-refuse",
    "default-store",
}


def seed(kit, *texts_and_states):  # type: ignore[no-untyped-def]
    ids = []
    for text, state in texts_and_states:
        result = kit.propose(text, f"I said: {text}", "preferences")
        if state != "unconfirmed":
            kit.store.decide(result.id, {"approved": "approve", "restricted": "restrict"}[state], kit.now())
        ids.append(result.id)
    return ids


# -- loading ---------------------------------------------------------------------------------


def test_the_defaults_load_from_the_package_itself() -> None:
    infos = plugin_infos(make_plugin_manager(environ={"PERSONAKIT_PLUGINS": ""}))
    assert {info.name for info in infos} == DEFAULTS
    assert all(info.version and info.default for info in infos)
    hooks = {hook for info in infos for hook in info.hooks}
    assert hooks == {
        "personakit_read",
        "personakit_propose",
        "personakit_rank",
        "personakit_redact",
        "personakit_refuse",
        "personakit_store",
    }


def test_the_defaults_load_without_any_entry_point() -> None:
    pm = make_plugin_manager(entry_points=False)
    assert {info.name for info in plugin_infos(pm)} == DEFAULTS == set(DEFAULT_PLUGINS)


def test_the_package_declares_no_entry_point_for_its_own_plugins() -> None:
    """The defaults register by module, so an uninstalled checkout works; the group is for others' plugins."""
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    declared = project.get("entry-points", {}).get(GROUP, {})
    assert not [name for name, target in declared.items() if target.startswith("personakit_plugin")]


def hook_module(signature: str = "text", marker: str = "", body: str = "return None") -> str:
    head = "from personakit_plugin import hookimpl\n\n"
    return f"{head}@hookimpl{marker}\ndef personakit_refuse({signature}):\n    {body}\n"


def test_an_installed_plugin_loads_through_its_entry_point_with_its_version(install) -> None:  # type: ignore[no-untyped-def]
    module = install("fake-refuse", hook_module(), version="4.5.6")
    pm = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": "fake-refuse"})
    assert pm.get_plugin("fake-refuse") is sys.modules[module]
    assert pm.versions["fake-refuse"] == "4.5.6"
    (info,) = [info for info in plugin_infos(pm) if info.name == "fake-refuse"]
    assert info == PluginInfo("fake-refuse", "4.5.6", ["personakit_refuse"], False)


def test_the_allow_list_and_the_block_list_keep_an_installed_plugin_out(install) -> None:  # type: ignore[no-untyped-def]
    install("fake-refuse", hook_module())
    assert make_plugin_manager(environ={"PERSONAKIT_PLUGINS": ""}).get_plugin("fake-refuse") is None
    both = {"PERSONAKIT_PLUGINS": "fake-refuse", "PERSONAKIT_DISABLED_PLUGINS": "fake-refuse"}
    blocked = make_plugin_manager(environ=both)  # blocking wins
    assert blocked.get_plugin("fake-refuse") is None and blocked.is_blocked("fake-refuse")
    assert "fake-refuse" not in {info.name for info in plugin_infos(blocked)}
    assert "fake-refuse" not in blocked.versions


def test_an_installed_plugin_that_fails_to_import_is_named(install) -> None:  # type: ignore[no-untyped-def]
    install("fake-broken", "raise RuntimeError('no such library')\n")
    with pytest.raises(PluginError, match=r"'fake-broken' failed to load \(RuntimeError\)") as raised:
        make_plugin_manager(environ={"PERSONAKIT_PLUGINS": "fake-broken"})
    assert raised.value.details == "no such library"  # for the owner's terminal, not the log


def test_an_installed_plugin_with_a_wrong_argument_is_named(install) -> None:  # type: ignore[no-untyped-def]
    install("fake-wrong", hook_module(signature="colour"))
    with pytest.raises(PluginError, match=r"(?s)'fake-wrong'.*colour"):
        make_plugin_manager(environ={"PERSONAKIT_PLUGINS": "fake-wrong"})


def test_an_installed_hook_wrapper_is_refused_naming_it(install) -> None:  # type: ignore[no-untyped-def]
    install("fake-wrapper", hook_module(marker="(wrapper=True)", body="return (yield)"))
    with pytest.raises(PluginError, match=r"'fake-wrapper' wraps personakit_refuse"):
        make_plugin_manager(environ={"PERSONAKIT_PLUGINS": "fake-wrapper"})


@pytest.mark.system
def test_an_uninstalled_checkout_lists_its_default_plugins(tmp_path: Path) -> None:
    """`python -m personakit_plugin` from a copy of the package that no environment has installed.

    A fresh virtual environment (no packages), with the copy and the dependencies on PYTHONPATH: the
    dependencies are links to this environment's installed packages, leaving out every PersonaKit
    distribution, so neither the package's metadata nor any `personakit` entry point is there.
    """
    checkout, deps = tmp_path / "checkout", tmp_path / "deps"
    shutil.copytree(
        Path(__file__).parents[2] / "personakit_plugin",
        checkout / "personakit_plugin",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    deps.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if "personakit" not in entry.name.casefold() and not entry.name.endswith(".pth"):
            (deps / entry.name).symlink_to(entry)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", tmp_path / "venv"], check=True)
    python = tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONAKIT_", "PYTHON", "VIRTUAL_ENV"))}
    environ |= {"PYTHONPATH": os.pathsep.join([str(checkout), str(deps)]), "PERSONAKIT_DATA_DIR": str(tmp_path)}

    def run(*args: str) -> str:
        done = subprocess.run([python, *args], env=environ, cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = run(
        "-c",
        "import importlib.metadata as m, personakit_plugin as p; "
        f"print(p.__file__); print(len(m.entry_points(group={GROUP!r})))",
    )
    assert where.split() == [str(checkout / "personakit_plugin" / "__init__.py"), "0"]
    infos = json.loads(run("-m", "personakit_plugin", "plugins", "--all", "--json"))
    assert {info["name"] for info in infos} == DEFAULTS
    assert all(info["default"] and info["version"] is None for info in infos)


def test_each_call_builds_a_fresh_manager() -> None:
    class Extra:
        @hookimpl
        def personakit_refuse(self, text: str) -> None:
            return None

    with_extra = make_plugin_manager([Extra()], environ={"PERSONAKIT_PLUGINS": ""})
    without = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": ""})
    assert len(with_extra.get_plugins()) == len(without.get_plugins()) + 1


@pytest.mark.parametrize("variable", ["PERSONAKIT_PLUGINS", "PERSONAKIT_DISABLED_PLUGINS"])
def test_a_name_that_is_not_installed_stops_loading_naming_it_and_the_installed_ones(install, variable: str) -> None:
    """A typo must not leave PersonaKit running without the plugin meant (a redaction, say), nor running
    the one meant to be blocked; a warning on stderr is hidden by MCP hosts."""
    install("fake-refuse", hook_module())
    with pytest.raises(PluginError) as raised:
        make_plugin_manager(environ={variable: "fake-refuse, no-such-plugin"})
    said = str(raised.value)
    assert said.startswith(f"{variable} names 'no-such-plugin', which is not an installed PersonaKit plugin; ")
    assert "the installed ones are " in said and "fake-refuse" in said and said.endswith("(besides the defaults).")
    assert said.count(".") == 1 and "\n" not in said


def test_naming_a_default_plugin_in_the_allow_list_is_no_error() -> None:
    pm = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": "default-rank"})
    assert {info.name for info in plugin_infos(pm)} == DEFAULTS


def test_the_default_plugins_cannot_be_blocked() -> None:
    with pytest.warns(PluginWarning, match="'default-redact' cannot be disabled; a plugin that answers before it"):
        pm = make_plugin_manager(environ={"PERSONAKIT_DISABLED_PLUGINS": "default-redact"})
    assert pm.get_plugin("default-redact") is not None


# -- the order: the plugins given in code, then installed ones, then the defaults -------------------


RANKERS = ("fake-rank-a", "fake-rank-b")


def asked_first(pm) -> str:  # type: ignore[no-untyped-def]
    """The plugin whose ranking a read would use: the first asked (a ranker's answer, even an empty
    list, ends a first-result hook), after a ranking through the door."""
    hooks = Hooks(pm)
    hooks.rank(ReadRequest("tea", 7), "tea", [])
    return hooks.order(hookspecs.personakit_rank)[0]


def asked(module: str) -> list[str]:
    return sys.modules[module].ASKED  # type: ignore[no-any-return]


@pytest.fixture
def rankers(install) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Two installed ranking plugins, installed in the reverse of their names' order; their modules by name."""
    return {name: install(name, fakes.ranking(name)) for name in reversed(RANKERS)}


@pytest.mark.parametrize("named", [RANKERS, RANKERS[::-1]])
def test_installed_plugins_are_asked_in_the_order_personakit_plugins_names_them(rankers, named) -> None:  # type: ignore[no-untyped-def]
    first, second = named
    pm = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": f"{first},{second}"})
    assert asked_first(pm) == first
    assert asked(rankers[first]) == [first] and asked(rankers[second]) == []  # the first result wins
    (rank,) = [order for order in hook_orders(pm) if order.hook == "personakit_rank"]
    assert rank.plugins == [first, second, "default-rank"]


def test_without_personakit_plugins_installed_plugins_are_asked_by_name(rankers) -> None:  # type: ignore[no-untyped-def]
    others = ",".join(set(installed()) - set(RANKERS))  # the hook packages of this environment stay out
    pm = make_plugin_manager(environ={"PERSONAKIT_DISABLED_PLUGINS": others} if others else {})
    assert asked_first(pm) == "fake-rank-a"
    assert Hooks(pm).order(hookspecs.personakit_rank) == [*RANKERS, "default-rank"]


def test_plugins_given_in_code_are_asked_first_in_the_order_given(rankers) -> None:  # type: ignore[no-untyped-def]
    def ranker(answer: str) -> object:
        class Ranker:
            @hookimpl
            def personakit_rank(self) -> list[Candidate]:
                return []

        Ranker.__name__ = answer
        return Ranker()

    pm = make_plugin_manager([ranker("One"), ranker("Two")], environ={"PERSONAKIT_PLUGINS": ",".join(RANKERS)})
    assert Hooks(pm).order(hookspecs.personakit_rank) == [
        "One",
        "Two",
        *RANKERS,
        "default-rank",
    ]
    assert asked_first(pm) == "One"


def test_the_listing_says_which_plugin_answers_first_and_which_it_may_shadow(rankers) -> None:  # type: ignore[no-untyped-def]
    pm = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": ",".join(RANKERS)})
    orders = {order.hook: order for order in hook_orders(pm)}
    assert set(orders) == {"personakit_read", "personakit_propose", "personakit_rank", "personakit_store"}
    assert orders["personakit_rank"].shadowed == ["fake-rank-b"]
    assert orders["personakit_rank"].sentence() == (
        "personakit_rank: fake-rank-a, then fake-rank-b, then the default; "
        "fake-rank-a answers first and may shadow fake-rank-b."
    )
    infos = {info.name: info for info in plugin_infos(pm)}
    assert infos["fake-rank-a"].behind == {}
    assert infos["fake-rank-b"].behind == {"personakit_rank": ["fake-rank-a"]}
    assert infos["default-rank"].behind == {"personakit_rank": list(RANKERS)}


def test_a_default_behind_one_plugin_is_not_shadowing(rankers) -> None:  # type: ignore[no-untyped-def]
    pm = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": "fake-rank-b"})
    orders = {order.hook: order for order in hook_orders(pm)}
    assert [order.shadowed for order in orders.values()] == [[]] * 4
    assert orders["personakit_rank"].sentence() == "personakit_rank: fake-rank-b, then the default."
    assert orders["personakit_read"].sentence() == "personakit_read: the default."


def test_a_plugin_marked_trylast_is_listed_behind_the_default_it_never_gets_past(install) -> None:  # type: ignore[no-untyped-def]
    install(
        "fake-late",
        "from personakit_plugin import hookimpl\n\n@hookimpl(trylast=True)\ndef personakit_rank():\n    return []\n",
    )
    pm = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": "fake-late"})
    (rank,) = [order for order in hook_orders(pm) if order.hook == "personakit_rank"]
    assert rank.plugins == ["default-rank", "fake-late"] and rank.shadowed == ["fake-late"]
    assert asked_first(pm) == "default-rank"


def test_personakit_plugins_lists_every_plugin_the_same_way_with_the_defaults_marked(
    install, monkeypatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    from personakit_plugin.owner.cli import main

    install("fake-refuse", hook_module())
    for allowed in ("", "fake-refuse"):
        monkeypatch.setenv("PERSONAKIT_PLUGINS", allowed)
        assert main(["plugins"]) == 0
        header, *rows = capsys.readouterr().out.split("\n\n")[0].splitlines()
        assert header.split() == ["NAME", "VERSION", "KIND", "HOOKS"]
        kinds = {row.split()[0]: row.split()[2] for row in rows}
        assert kinds == dict.fromkeys(DEFAULTS, "default") | ({"fake-refuse": "plugin"} if allowed else {})


def test_personakit_plugins_says_the_order_of_each_first_result_hook(rankers, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from personakit_plugin.owner.cli import main

    monkeypatch.setenv("PERSONAKIT_PLUGINS", "fake-rank-b,fake-rank-a")
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert (
        "  personakit_rank: fake-rank-b, then fake-rank-a, then the default; "
        "fake-rank-b answers first and may shadow fake-rank-a.\n"
    ) in out
    assert "  personakit_store: the default.\n" in out


def test_personakit_plugins_refuses_a_name_that_is_not_installed(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from personakit_plugin.owner.cli import main

    monkeypatch.setenv("PERSONAKIT_PLUGINS", "redact-pi")
    assert main(["plugins"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("personakit: PERSONAKIT_PLUGINS names 'redact-pi', which is not an installed")


def test_an_unknown_hook_fails_at_start_up_naming_the_plugin() -> None:
    class Misspelt:
        @hookimpl
        def personakit_reed(self, question: str) -> None: ...

    with pytest.raises(PluginError, match=r"Misspelt|personakit_reed"):
        make_plugin_manager([Misspelt()], environ={"PERSONAKIT_PLUGINS": ""})


def test_an_unknown_argument_fails_at_start_up_naming_the_plugin() -> None:
    class WrongArgument:
        @hookimpl
        def personakit_redact(self, quote: str) -> list[Mask]:
            return []

    with pytest.raises(PluginError, match="quote"):
        make_plugin_manager([WrongArgument()], environ={"PERSONAKIT_PLUGINS": ""})


def test_a_hook_wrapper_is_refused_at_start_up() -> None:
    class Wrapper:
        @hookimpl(wrapper=True)
        def personakit_redact(self, text: str):  # type: ignore[no-untyped-def]
            return (yield)

    with pytest.raises(PluginError, match="wrappers are not supported"):
        make_plugin_manager([Wrapper()], environ={"PERSONAKIT_PLUGINS": ""})


# -- precedence ------------------------------------------------------------------------------


def test_a_third_party_ranking_takes_precedence_over_the_default(make_kit) -> None:  # type: ignore[no-untyped-def]
    class Alphabetical:
        @hookimpl
        def personakit_rank(self, candidates: list[Candidate]) -> list[Candidate]:
            return sorted(candidates, key=lambda c: c.memory.text)

    kit = make_kit(Alphabetical())
    seed(
        kit,
        ("Zebra tea lover", "unconfirmed"),
        ("Apple tea lover", "unconfirmed"),
        ("Mango tea", "unconfirmed"),
    )
    # The default would put the two-word matches first; alphabetical order wins instead.
    texts = [m.text for m in kit.read("tea lover", 7).memories]
    assert texts == ["Apple tea lover", "Mango tea", "Zebra tea lover"]


def test_a_ranking_hook_returning_none_falls_through_to_the_default(make_kit) -> None:  # type: ignore[no-untyped-def]
    calls = []

    class Abstains:
        @hookimpl
        def personakit_rank(self, question: str) -> None:
            calls.append(question)

    kit = make_kit(Abstains())
    seed(kit, ("Likes green tea", "unconfirmed"))
    assert [m.text for m in kit.read("green tea", 7).memories] == ["Likes green tea"]
    assert calls == ["green tea"]


def test_redaction_hooks_compose(make_kit) -> None:  # type: ignore[no-untyped-def]
    class MaskTuesday:
        @hookimpl
        def personakit_redact(self, text: str) -> list[Mask]:
            start = text.find("Tuesday")
            return [] if start < 0 else [Mask(start, start + len("Tuesday"), "day")]

    kit = make_kit(MaskTuesday())
    kit.propose("Meets on Tuesdays", "meet me Tuesday, write to ann@example.org", "work-style")
    (memory,) = kit.read("meets tuesdays", 7).memories
    assert memory.evidence == ["meet me [day], write to [email]"]


# -- the boundary: a bad plugin can make a read fail, never leak -------------------------------


def test_a_ranking_hook_cannot_bring_back_a_restricted_memory(make_kit) -> None:  # type: ignore[no-untyped-def]
    smuggled: list[str] = []

    class Smuggler:
        @hookimpl
        def personakit_rank(self, candidates: list[Candidate]) -> list[Candidate]:
            fake = Memory(id=smuggled[0], text="secret hobby", category="other", state="approved")
            return [Candidate(memory=fake, matched=9), *candidates]

    kit = make_kit(Smuggler())
    smuggled.extend(seed(kit, ("Secret hobby is falconry", "restricted"), ("Hobby is chess", "unconfirmed"))[:1])
    result = kit.read("hobby", 7)
    assert [m.text for m in result.memories] == ["Hobby is chess"]
    assert result.withheld == 1


def test_a_read_hook_returning_a_restricted_memory_fails_closed(make_kit) -> None:  # type: ignore[no-untyped-def]
    restricted: list[str] = []

    class Leaky:
        @hookimpl
        def personakit_read(self) -> ReadResult:
            leak = ReadMemory(id=restricted[0], text="x", category="other", confirmed=True, evidence=[])
            return ReadResult(memories=[leak], withheld=0)

    kit = make_kit(Leaky())
    restricted.extend(seed(kit, ("Private diagnosis", "restricted")))
    with pytest.raises(ReadRefused):
        kit.read("diagnosis", 7)


def test_a_read_hook_returning_an_unmasked_quote_fails_closed(make_kit) -> None:  # type: ignore[no-untyped-def]
    approved: list[str] = []

    class Unmasked:
        @hookimpl
        def personakit_read(self) -> ReadResult:
            memory = ReadMemory(
                id=approved[0], text="x", category="other", confirmed=True, evidence=["mail bob@example.com"]
            )
            return ReadResult(memories=[memory], withheld=0)

    kit = make_kit(Unmasked())
    approved.extend(seed(kit, ("Writes a lot of mail", "approved")))
    with pytest.raises(ReadRefused):
        kit.read("mail", 7)


def test_a_read_hook_returning_the_wrong_type_is_an_error_naming_it(make_kit) -> None:  # type: ignore[no-untyped-def]
    class WrongType:
        @hookimpl
        def personakit_read(self) -> dict[str, object]:
            return {"memories": [], "withheld": 0}

    kit = make_kit(WrongType())
    with pytest.raises(PluginError, match=r"WrongType|returned dict"):
        kit.read("anything", 7)


@pytest.mark.anyio
async def test_a_redaction_hook_that_raises_makes_the_read_a_tool_error(make_kit, caplog) -> None:  # type: ignore[no-untyped-def]
    from mcp import Client

    class Broken:
        @hookimpl
        def personakit_redact(self, text: str) -> list[Mask]:
            raise RuntimeError(f"regex engine exploded on {text}")

    kit = make_kit(Broken())
    seed(kit, ("Mails ann@example.org daily", "approved"))
    async with Client(build_server(kit)) as client:
        result = await client.call_tool("personakit_read", {"question": "mails"})
        assert result.is_error
        text = result.content[0].text
        assert "ann@example.org" not in text and "exploded" not in text
        assert "a plugin failed" in text
        # The owner finds the plugin, the hook and the exception's type in the server's log, not its text.
        assert "'Broken' failed in personakit_redact (RuntimeError)" in caplog.text
        assert "exploded" not in caplog.text and "ann@example.org" not in caplog.text
        # The server is still serving.
        proposed = structured(await client.call_tool("personakit_propose", {"text": "Likes jam", "quote": "jam!"}))
        assert proposed["stored"] is True


def test_a_redaction_hook_returning_nonsense_is_an_error_naming_it(make_kit) -> None:  # type: ignore[no-untyped-def]
    class Nonsense:
        @hookimpl
        def personakit_redact(self, text: str) -> list[str]:
            return ["everything"]

    kit = make_kit(Nonsense())
    seed(kit, ("Likes puzzles", "approved"))
    with pytest.raises(PluginError, match="Nonsense"):
        kit.read("puzzles", 7)


def test_a_refusal_hook_can_refuse_and_nothing_is_stored(make_kit) -> None:  # type: ignore[no-untyped-def]
    class NoHealth:
        @hookimpl
        def personakit_refuse(self, text: str) -> str | None:
            return "health" if "diagnos" in text.casefold() else None

    kit = make_kit(NoHealth())
    assert kit.propose("Was diagnosed with asthma", "I have asthma", "background").reason == "health"
    assert kit.propose("Plays the cello", "I play cello", "background").stored
    assert [m.text for m in kit.store.memories()] == ["Plays the cello"]


def test_a_store_hook_takes_precedence(make_kit, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from personakit_plugin.storage.sqlite import SqliteStore

    elsewhere = tmp_path / "elsewhere"

    class Elsewhere:
        @hookimpl
        def personakit_store(self):  # type: ignore[no-untyped-def]
            return SqliteStore.open(elsewhere)

    kit = make_kit(Elsewhere())
    kit.propose("Uses a standing desk", "I stand all day", "work-style")
    assert (elsewhere / "personakit.sqlite3").exists()
    assert kit.store.location == str(elsewhere / "personakit.sqlite3")


def test_a_third_party_propose_hook_takes_precedence_and_can_hand_on(make_kit) -> None:  # type: ignore[no-untyped-def]
    class ReadOnlyWeekend:
        @hookimpl
        def personakit_propose(self, text: str) -> ProposeResult | None:
            return ProposeResult(stored=False, reason="paused") if "weekend" in text else None

    kit = make_kit(ReadOnlyWeekend())
    assert kit.propose("Works on the weekend", "I work weekends", "work-style").reason == "paused"
    assert kit.propose("Works early", "I start at six", "work-style").stored
    assert [m.text for m in kit.store.memories()] == ["Works early"]


# -- what a plugin says about itself ----------------------------------------------------------------


class _Says:
    def __init__(self, detail: object) -> None:
        self.PERSONAKIT_DETAIL = detail

    @hookimpl
    def personakit_refuse(self, text: str, quote: str) -> None:
        return None


def _detail(detail: object) -> str | None:
    plugin = _Says(detail)
    pm = make_plugin_manager([plugin], environ={"PERSONAKIT_PLUGINS": ""})
    (info,) = [info for info in plugin_infos(pm) if info.name == pm.get_name(plugin)]
    return info.detail


def test_a_plugin_says_one_line_about_itself_and_a_broken_one_cannot_break_the_listing() -> None:
    def raises() -> str:
        raise RuntimeError("a secret of the plugin's")

    assert _detail("model X\nloaded") == "model X loaded"  # one line
    assert _detail(lambda: "model Y") == "model Y"
    assert _detail(raises) == "(its PERSONAKIT_DETAIL failed: RuntimeError)"  # the type, never the text
    assert _detail(42) == "(its PERSONAKIT_DETAIL is not text)"
    assert len(_detail("x" * 500) or "") == 200
    assert all(info.detail is None for info in plugin_infos(make_plugin_manager(environ={"PERSONAKIT_PLUGINS": ""})))
