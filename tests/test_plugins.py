"""The plugin spine: loading, precedence, start-up checks, and the owner's guarantees at the boundary."""

from __future__ import annotations

import pytest

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import ReadRefused
from personakit_plugin.core.model import Candidate, Memory, ProposeResult, ReadMemory, ReadResult
from personakit_plugin.core.plugins import PluginError, PluginWarning, make_plugin_manager, plugin_infos
from personakit_plugin.core.redaction import Mask
from personakit_plugin.serving.server import build_server

from .conftest import structured

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


def test_the_defaults_load_through_the_packages_own_entry_points() -> None:
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


def test_each_call_builds_a_fresh_manager() -> None:
    class Extra:
        @hookimpl
        def personakit_refuse(self, text: str) -> None:
            return None

    with_extra = make_plugin_manager([Extra()], environ={"PERSONAKIT_PLUGINS": ""})
    without = make_plugin_manager(environ={"PERSONAKIT_PLUGINS": ""})
    assert len(with_extra.get_plugins()) == len(without.get_plugins()) + 1


@pytest.mark.parametrize("variable", ["PERSONAKIT_PLUGINS", "PERSONAKIT_DISABLED_PLUGINS"])
def test_an_unknown_plugin_name_is_a_warning(variable: str) -> None:
    with pytest.warns(PluginWarning, match="no-such-plugin"):
        make_plugin_manager(environ={variable: "no-such-plugin"})


def test_the_default_plugins_cannot_be_blocked() -> None:
    with pytest.warns(PluginWarning, match="default-redact"):
        pm = make_plugin_manager(environ={"PERSONAKIT_DISABLED_PLUGINS": "default-redact"})
    assert pm.get_plugin("default-redact") is not None


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
        # The owner finds the plugin and its reason in the server's log.
        assert "'Broken'" in caplog.text and "regex engine exploded" in caplog.text
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
