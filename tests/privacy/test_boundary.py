"""The boundary where a read leaves PersonaKit: whatever the plugins return is checked against the
store, a redaction hook's masks are checked to be spans of the text, and a plugin's failure reaches
the assistant as one fixed sentence while the reason, naming the plugin, goes to the server's log
(contract: "personakit_read" rules 6 to 8; design: "check them where the result leaves")."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import PersonaKit, ReadRefused
from personakit_plugin.core.model import UNCONFIRMED_NOTE, ReadMemory, ReadResult
from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.redaction import Mask, shares_text
from personakit_plugin.serving.server import build_server

from ..conftest import clean_environ
from ..helpers.review import Tamper

MakeKit = Callable[..., PersonaKit]
SECRET = "falconry at the Zanzibar club, write to ann@example.org"
"""What a broken plugin puts in its error: a restricted memory's words and an address."""
READ_FAILED = "PersonaKit could not answer this read: a plugin failed; the owner can see why in the server's log."


def seed(kit: PersonaKit) -> dict[str, str]:
    """Two approved memories with two quotes each, an unconfirmed one with an address, a restricted one."""
    ids: dict[str, str] = {}
    for name, text, quotes in [
        ("green", "Drinks green tea at work", ["green tea please", "only green tea"]),
        ("black", "Drinks black tea at home", ["black tea at home", "strong black tea"]),
        ("mail", "Drinks tea with ann@example.org", ["tea with ann@example.org on fridays"]),
        ("secret", "Drinks tea for the Zanzibar club", ["falconry at the Zanzibar club"]),
    ]:
        for quote in quotes:
            result = kit.propose(text, quote, "preferences")
            assert result.stored and result.id
            ids[name] = result.id
    for name, action in [("green", "approve"), ("black", "approve"), ("secret", "restrict")]:
        kit.store.decide(ids[name], action, kit.now())
    return ids


def replace(result: ReadResult, **changes: Any) -> ReadResult:
    return msgspec.structs.replace(result, **changes)


def replace_memory(result: ReadResult, memory_id: str, **changes: Any) -> ReadResult:
    memories = [msgspec.structs.replace(m, **changes) if m.id == memory_id else m for m in result.memories]
    return replace(result, memories=memories)


def by_id(result: ReadResult, memory_id: str) -> ReadMemory:
    return next(memory for memory in result.memories if memory.id == memory_id)


def swap_texts(result: ReadResult, kit: PersonaKit, ids: dict[str, str]) -> ReadResult:
    green, black = by_id(result, ids["green"]), by_id(result, ids["black"])
    swapped = replace_memory(result, green.id, text=black.text)
    return replace_memory(swapped, black.id, text=green.text)


def swap_evidence(result: ReadResult, kit: PersonaKit, ids: dict[str, str]) -> ReadResult:
    green, black = by_id(result, ids["green"]), by_id(result, ids["black"])
    swapped = replace_memory(result, green.id, evidence=black.evidence)
    return replace_memory(swapped, black.id, evidence=green.evidence)


class Wider(ReadResult, frozen=True, omit_defaults=True):
    extra: str = SECRET


class WiderMemory(ReadMemory, frozen=True):
    extra: str = SECRET


class Sneaky(list):  # type: ignore[type-arg]
    """A list that shows the check other items than the encoder writes."""

    def __iter__(self) -> Iterator[Any]:
        return iter(())


class Always(int):
    """A count equal to any other."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


TAMPERINGS: dict[str, Callable[[ReadResult, PersonaKit, dict[str, str]], ReadResult]] = {
    "texts swapped between two allowed memories": swap_texts,
    "evidence swapped between two allowed memories": swap_evidence,
    "another memory's text under an allowed id": lambda r, k, ids: replace_memory(
        r, ids["green"], text="Drinks tea for the Zanzibar club"
    ),
    "an unconfirmed memory's text unmasked": lambda r, k, ids: replace_memory(
        r, ids["mail"], text="Drinks tea with ann@example.org"
    ),
    "an approved memory's text changed": lambda r, k, ids: replace_memory(r, ids["green"], text="Drinks green tea"),
    "a category changed": lambda r, k, ids: replace_memory(r, ids["green"], category="background"),
    "confirmed claimed for an unconfirmed memory": lambda r, k, ids: replace_memory(r, ids["mail"], confirmed=True),
    "confirmed as 1, not a boolean": lambda r, k, ids: replace_memory(r, ids["green"], confirmed=1),
    "text in the note": lambda r, k, ids: replace(r, note=SECRET),
    "the note dropped though a memory is unconfirmed": lambda r, k, ids: replace(r, note=None),
    "the note on a read of approved memories only": lambda r, k, ids: replace(
        r, memories=[m for m in r.memories if m.confirmed], note=UNCONFIRMED_NOTE
    ),
    "withheld inflated": lambda r, k, ids: replace(r, withheld=r.withheld + 1),
    "withheld deflated": lambda r, k, ids: replace(r, withheld=r.withheld - 1),
    "withheld as a boolean": lambda r, k, ids: replace(r, withheld=True),
    "the same memory twice": lambda r, k, ids: replace(r, memories=[r.memories[0], *r.memories]),
    "three quotes of one memory": lambda r, k, ids: replace_memory(
        r, ids["green"], evidence=["only green tea", "green tea please", "only green tea"]
    ),
    "a quote that is not the memory's": lambda r, k, ids: replace_memory(r, ids["green"], evidence=[SECRET]),
    "a result carrying a field of its own": lambda r, k, ids: Wider(
        memories=r.memories, withheld=r.withheld, note=r.note
    ),
    "a memory carrying a field of its own": lambda r, k, ids: replace(
        r, memories=[WiderMemory(*msgspec.structs.astuple(m)) for m in r.memories]
    ),
    "memories in a list that iterates otherwise": lambda r, k, ids: replace(r, memories=Sneaky(r.memories)),
    "evidence in a list that iterates otherwise": lambda r, k, ids: replace_memory(
        r, ids["green"], evidence=Sneaky([SECRET])
    ),
    "withheld as a number equal to any other": lambda r, k, ids: replace(r, withheld=Always(r.withheld + 5)),
}


def test_the_default_read_passes_the_boundary(make_kit: MakeKit) -> None:
    """The control: with nothing changed, the read of the seeded store leaves as it is."""
    tamper = Tamper(lambda result, kit, ids: result)
    kit = make_kit(tamper)
    tamper.ids.update(seed(kit))
    result = kit.read("tea", 7)
    assert {m.id for m in result.memories} == {tamper.ids[n] for n in ("green", "black", "mail")}
    assert by_id(result, tamper.ids["mail"]).text == "Drinks tea with [email]"
    assert (result.withheld, result.note) == (1, UNCONFIRMED_NOTE)


@pytest.mark.parametrize("tampering", list(TAMPERINGS))
def test_a_read_hook_that_changes_what_the_store_holds_is_refused(make_kit: MakeKit, tampering: str) -> None:
    """Boundary: texts, categories, `confirmed`, `note`, `withheld`, ids and evidence are checked
    against the store; a read hook that returns anything else fails the read, naming the plugin."""
    tamper = Tamper(TAMPERINGS[tampering])
    kit = make_kit(tamper)
    tamper.ids.update(seed(kit))
    with pytest.raises(ReadRefused, match="Tamper") as refused:
        kit.read("tea", 7)
    assert SECRET not in str(refused.value) and "Zanzibar" not in str(refused.value)


def test_a_quote_waiting_for_the_owner_is_not_evidence(make_kit: MakeKit) -> None:
    """Boundary: a quote added to an approved memory after approval waits for the owner (read rule 7);
    only `store.quotes` says which quotes may be shown, and a read hook showing another is refused."""
    waiting = "the assistant says I drink green tea with sugar"

    def show_it(result: ReadResult, kit: PersonaKit, ids: dict[str, str]) -> ReadResult:
        return replace_memory(result, ids["green"], evidence=[kit.redact(waiting)])

    tamper = Tamper(show_it)
    kit = make_kit(tamper)
    tamper.ids.update(seed(kit))
    kit.propose("Drinks green tea at work", waiting, "preferences")
    assert waiting not in kit.store.quotes([tamper.ids["green"]])[tamper.ids["green"]]
    with pytest.raises(ReadRefused, match="Tamper"):
        kit.read("green", 7)


# -- redaction hooks: every mask is a span inside the text ------------------------------------------

BAD_MASKS: list[Any] = [
    Mask(-5, 3, "x"),  # counted from the end: `text[0:-5]` would print most of the quote
    Mask(0, 10**9, "x"),
    Mask(3, 2, "x"),
    Mask(3, 3, "x"),
    Mask(True, 3, "x"),
    Mask(0, True, "x"),
    Mask(1.0, 3, "x"),
    Mask("0", "3", "x"),
    Mask(0, 3, None),
    Mask(0, 3, 7),
    # A label that is not a plain short name, or that shares a word with what it masks, could show it.
    Mask(0, 3, "email:ann@example.org"),
    Mask(0, 3, "x" * 25),
    Mask(0, 3, "email 2"),
    Mask(0, 3, ""),
    Mask(0, 3, "line\nbreak"),
    Mask(0, 3, "\u00e9mail"),
    Mask(0, 3, "two  spaces"),
    Mask(0, 3, "-hyphen"),
    Mask(0, 5, "greenish"),  # the quote's `green` inside it
    (0, 3),
    "abc",
    None,
]


def approved(kit: PersonaKit, text: str, quote: str) -> None:
    """A memory the owner approved: its words are keyed as they are, so a read finds it, and the read
    needs the redaction hooks for its quote. (An unconfirmed text that a hook fails to mask is keyed by
    no word, so no read would find it to fail on.)"""
    proposed = kit.propose(text, quote, "preferences")
    assert proposed.id is not None
    kit.store.decide(proposed.id, "approve", kit.now())


@pytest.mark.parametrize("mask", BAD_MASKS, ids=repr)
def test_a_mask_that_is_not_a_span_of_the_text_fails_the_read(make_kit: MakeKit, mask: Any) -> None:
    """Boundary: a redaction hook's mask must be Mask(start, end, label) with integers (not bools)
    0 <= start < end <= len(text); anything else fails the read with an error naming the plugin."""

    class Hostile:
        @hookimpl
        def personakit_redact(self, text: str) -> list[Any]:
            return [mask]

    kit = make_kit(Hostile())
    approved(kit, "Drinks green tea", "green tea from ann@example.org please")
    with pytest.raises(PluginError, match="Hostile") as raised:
        kit.read("tea", 7)
    assert raised.value.plugin == "Hostile" and raised.value.hook == "personakit_redact"
    assert "ann" not in str(raised.value) and "green" not in str(raised.value)  # only in its details


@pytest.mark.parametrize(
    ("label", "masked", "shares"),
    [
        ("falconer", "ann.falconer@example.org", True),
        ("email ann", "ann@example.org", True),
        ("john", "\uff2a\uff2f\uff28\uff2e@example.org", True),  # fullwidth JOHN, NFKC and case-folded
        ("ticket", "TICKET-48213", True),  # a kind the span spells out: name it otherwise
        ("email", "ann@example.org", False),
        ("email", "a@b.co", False),  # words of fewer than three letters do not count
        ("day", "Tuesday", False),  # a label inside a word it masks names it and carries nothing
        ("issue", "TICKET-48213", False),
    ],
)
def test_a_label_shares_text_when_a_word_of_what_it_masks_is_inside_it(label: str, masked: str, shares: bool) -> None:
    assert shares_text(label, masked) is shares


def test_a_mask_is_read_once_and_its_repr_is_never_trusted(make_kit: MakeKit) -> None:
    """A mask that is an iterator is unpacked once and applied; a bad mask whose repr raises (the
    plugin's code) still fails the read with a PluginError naming the plugin."""

    class Unprintable(tuple):  # type: ignore[type-arg]
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    class Odd:
        @hookimpl
        def personakit_redact(self, text: str) -> list[Any]:
            start = text.find("green")
            if start < 0:
                return []
            return [iter((start, start + 5, "colour"))] if "tea" in text else [Unprintable((start, -1, "x"))]

    kit = make_kit(Odd())
    kit.propose("Drinks green tea", "green tea please", "preferences")
    (memory,) = kit.read("tea", 7).memories
    assert (memory.text, memory.evidence) == ("Drinks [colour] tea", ["[colour] tea please"])
    approved(kit, "Likes green apples", "green apples")
    with pytest.raises(PluginError, match="'Odd' returned a mask that is not a span") as raised:
        kit.read("apples", 7)
    assert raised.value.details == "the mask: a Unprintable whose repr raised RuntimeError"


def test_a_redaction_hook_whose_generator_raises_fails_the_read_naming_it(make_kit: MakeKit) -> None:
    """A hook may return a generator; its exception is raised while the masks are read, and is still
    a PluginError naming the plugin, never a quote shown."""

    class Halfway:
        @hookimpl
        def personakit_redact(self, text: str) -> Iterator[Mask]:
            yield Mask(0, 1, "x")
            raise RuntimeError(f"could not finish {text}")

    kit = make_kit(Halfway())
    approved(kit, "Drinks green tea", "green tea please")
    with pytest.raises(PluginError, match="Halfway"):
        kit.read("tea", 7)


def test_a_good_mask_from_a_hook_is_applied(make_kit: MakeKit) -> None:
    """The control: a valid span, as a plain tuple too, is masked in quotes and unreviewed texts."""

    class Tea:
        @hookimpl
        def personakit_redact(self, text: str) -> list[Any]:
            start = text.find("green")
            return [] if start < 0 else [(start, start + 5, "colour")]

    kit = make_kit(Tea())
    kit.propose("Drinks green tea", "green tea please", "preferences")
    (memory,) = kit.read("tea", 7).memories
    assert (memory.text, memory.evidence) == ("Drinks [colour] tea", ["[colour] tea please"])


# -- what the assistant sees when a plugin fails ------------------------------------------------------


def assert_generic(result: Any, sentence: str) -> None:
    assert result.is_error is True
    assert [block.text for block in result.content] == [sentence]


@pytest.mark.anyio
async def test_a_refused_read_does_not_echo_what_the_plugin_returned(
    make_kit: MakeKit, caplog: pytest.LogCaptureFixture
) -> None:
    """Over MCP: a read the boundary refuses is the same fixed sentence; the log says which plugin
    and which rule, and holds nothing the plugin returned."""
    tamper = Tamper(TAMPERINGS["text in the note"])
    kit = make_kit(tamper)
    tamper.ids.update(seed(kit))
    async with Client(build_server(kit)) as client:
        assert_generic(await client.call_tool("personakit_read", {"question": "tea"}), READ_FAILED)
    assert "'Tamper'" in caplog.text and "note" in caplog.text
    assert SECRET not in caplog.text


@pytest.mark.anyio
async def test_a_redactor_with_a_bad_mask_is_a_tool_error_without_the_quote(make_kit: MakeKit) -> None:
    class Hostile:
        @hookimpl
        def personakit_redact(self, text: str) -> list[Mask]:
            return [Mask(-5, 3, "x")]

    kit = make_kit(Hostile())
    approved(kit, "Drinks green tea", "green tea from ann@example.org please")
    async with Client(build_server(kit)) as client:
        assert_generic(await client.call_tool("personakit_read", {"question": "tea"}), READ_FAILED)


SERVE_WITH_A_FAILING_RANKER = textwrap.dedent(
    """
    import sys
    from personakit_plugin import hookimpl
    from personakit_plugin.core.kit import PersonaKit
    from personakit_plugin.serving.server import serve_stdio

    class Exploding:
        @hookimpl
        def personakit_rank(self, candidates):
            raise RuntimeError("cannot rank " + candidates[0].memory.text)

    serve_stdio(PersonaKit.open(sys.argv[1], plugins=[Exploding()], environ={"PERSONAKIT_PLUGINS": ""}))
    """
)


@pytest.mark.anyio
@pytest.mark.system
async def test_over_stdio_the_reason_goes_to_stderr_never_to_the_wire(make_kit: MakeKit, tmp_path: Path) -> None:
    """The real stdio transport: the assistant, on stdout, gets the fixed sentence; stderr names the
    plugin, the hook and the exception's type, and holds nothing of its message (a memory's text)."""
    folder = tmp_path / "served"
    make_kit(folder=folder).propose("Drinks tea at the Zanzibar club", "tea at the club", "preferences")
    parameters = StdioServerParameters(
        command=sys.executable, args=["-c", SERVE_WITH_A_FAILING_RANKER, str(folder)], env=clean_environ()
    )
    log = tmp_path / "stderr.txt"
    with log.open("w") as errlog:
        async with Client(stdio_client(parameters, errlog=errlog), read_timeout_seconds=20.0) as client:
            assert_generic(await client.call_tool("personakit_read", {"question": "tea"}), READ_FAILED)
    stderr = " ".join(log.read_text().split())  # the SDK's log handler wraps long lines at the console's width
    assert "plugin 'Exploding' failed in personakit_rank (RuntimeError)." in stderr
    assert "cannot rank" not in stderr and "Zanzibar" not in stderr
