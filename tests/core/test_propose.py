"""`personakit_propose` through `kit.propose`: refusals and their order, nothing written on refusal,
category folding, the same memory again, and edits (contract: "personakit_propose" and
"Memories and their states")."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.words import legacy_memory_id
from personakit_plugin.testing import id_of

AWS_KEY = "AKIAIOSFODNN7EXAMPLE"
PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
    "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n"
    "-----END RSA PRIVATE KEY-----"
)


def _sentence(length: int) -> str:
    """Ordinary words, exactly `length` characters, no white space at either end."""
    text = ("Likes quiet mornings and long walks by the river before work " * 10)[:length]
    text = text[:-1] + "s"
    assert len(text) == length and text == text.strip()
    return text


TEXT_300 = _sentence(300)
TEXT_301 = _sentence(301)


@pytest.fixture(scope="module")
def shared_kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PersonaKit]:
    """One kit for checks that store nothing or only distinct memories (a kit per case is slow)."""
    kit = PersonaKit.open(tmp_path_factory.mktemp("shared"), environ={"PERSONAKIT_PLUGINS": ""})
    yield kit
    kit.close()


def propose(
    kit: PersonaKit, text: str, quote: str = "the owner said so", category: str | None = None
) -> dict[str, Any]:
    return msgspec.to_builtins(kit.propose(text, quote, category))


def folder_bytes(folder: Path) -> bytes:
    """Every byte of every file in the data folder (database, write-ahead log, anything else)."""
    return b"".join(path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file())


# -- a new memory -------------------------------------------------------------------------------


def test_new_memory_is_stored_unconfirmed(kit: PersonaKit) -> None:
    """A new proposal: `{"stored": true, "id": ..., "new": true, "state": "unconfirmed"}`."""
    result = propose(kit, "Prefers direct, practical feedback", "give me blunt feedback", "preferences")
    assert result == {
        "stored": True,
        "id": id_of(kit.store, "prefers direct, practical feedback"),
        "new": True,
        "state": "unconfirmed",
    }
    assert list(result) == ["stored", "id", "new", "state"]
    memory = kit.store.get(result["id"])
    assert memory is not None
    assert (memory.text, memory.category, memory.state, memory.quotes) == (
        "Prefers direct, practical feedback",
        "preferences",
        "unconfirmed",
        ("give me blunt feedback",),
    )


def test_an_id_differs_in_another_data_folder_and_stays_in_its_own(
    make_kit: Callable[..., PersonaKit], tmp_path: Path
) -> None:
    """Ids are keyed with a secret of the store: the same text has another id in another data folder,
    the same id again in its own (reopened too), and the id is no plain hash of the text."""
    one = make_kit(folder=tmp_path / "one")
    two = make_kit(folder=tmp_path / "two")
    first = propose(one, "Prefers tea")["id"]
    assert first != propose(two, "PREFERS TEA.")["id"]
    assert first != legacy_memory_id("prefers tea")
    assert propose(make_kit(folder=tmp_path / "one"), "prefers tea!")["id"] == first


def test_id_is_the_same_after_a_restart(make_kit: Callable[..., PersonaKit], tmp_path: Path) -> None:
    """Ids are stable across restarts: the same memory proposed to a new kit on the folder is not new."""
    folder = tmp_path / "data"
    first = make_kit(folder=folder)
    mid = propose(first, "Prefers tea")["id"]
    first.close()
    again = make_kit(folder=folder)
    assert propose(again, "prefers  tea!") == {
        "stored": True,
        "id": mid,
        "new": False,
        "state": "unconfirmed",
    }


# -- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "quote", "reason"),
    [
        ("", "the owner said so", "empty_text"),
        ("   \t\n ", "the owner said so", "empty_text"),
        ("", "", "empty_text"),
        (" ", f"my key is {AWS_KEY}", "empty_text"),
        (TEXT_301, "the owner said so", "too_long"),
        (f"  {TEXT_301}  ", "the owner said so", "too_long"),
        (TEXT_301, "", "too_long"),
        (TEXT_301, f"my key is {AWS_KEY}", "too_long"),
        (f"{AWS_KEY} {TEXT_301}"[:320], "the owner said so", "too_long"),
        (f"Their AWS key is {AWS_KEY}", "the owner said so", "credential_shape"),
        (f"Their AWS key is {AWS_KEY}", "", "credential_shape"),
        (f"Their AWS key is {AWS_KEY}", "   ", "credential_shape"),
        ("Uses AWS", f"here you go: {AWS_KEY}", "credential_shape"),
        ("Keeps an SSH key", PEM, "credential_shape"),
        (PEM, "the owner said so", "credential_shape"),
        ("Uses AWS", "", "empty_quote"),
        ("Uses AWS", " \n\t ", "empty_quote"),
    ],
)
def test_refusals_in_order(shared_kit: PersonaKit, text: str, quote: str, reason: str) -> None:
    """Refusal checks run in order empty_text, too_long, credential_shape, empty_quote; the first wins."""
    result = propose(shared_kit, text, quote, "tools")
    assert result == {"stored": False, "reason": reason}
    assert list(result) == ["stored", "reason"]
    assert shared_kit.store.get(id_of(shared_kit.store, text)) is None


def test_exactly_300_characters_is_stored(kit: PersonaKit) -> None:
    """too_long is over 300 characters after stripping: exactly 300, with white space around, is stored."""
    result = propose(kit, f"  \n{TEXT_300}\t  ")
    assert result["stored"] is True
    memory = kit.store.get(result["id"])
    assert memory is not None and memory.text == TEXT_300


@pytest.mark.parametrize(
    ("text", "quote", "marker"),
    [
        ("   ", "quokkamarker said so", "quokkamarker"),
        (TEXT_301.replace("Likes", "Quokkamarker", 1), "the owner said so", "Quokkamarker"),
        (TEXT_301, "quokkamarker said so", "quokkamarker"),
        (f"Quokkamarker key {AWS_KEY}", "the owner said so", "Quokkamarker"),
        ("Quokkamarker uses AWS", f"my key {AWS_KEY}", AWS_KEY),
        (
            "Quokkamarker keeps an SSH key",
            PEM,
            "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun",
        ),
        ("Quokkamarker likes tea", "   ", "Quokkamarker"),
    ],
)
def test_refusal_writes_nothing(kit: PersonaKit, data_dir: Path, text: str, quote: str, marker: str) -> None:
    """A refused proposal leaves no trace in the data folder: no row and no byte of it."""
    kept = propose(kit, "Prefers tea", "tea, always")
    before = kit.store.memories()
    result = propose(kit, text, quote)
    assert result["stored"] is False
    assert kit.store.memories() == before
    assert [memory.id for memory in kit.store.memories()] == [kept["id"]]
    assert kit.store.history() == []
    assert kit.store.get(id_of(kit.store, text)) is None
    stored = folder_bytes(data_dir)
    assert b"tea, always" in stored  # the check can see what was written
    assert marker.encode() not in stored
    if text.strip():
        assert id_of(kit.store, text).encode() not in stored


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Prefers direct, practical feedback", "give me blunt feedback, skip the padding"),
        ("Uses a password manager for everything", "I keep all my passwords in a manager"),
        ("Forgot their password once and hated the reset flow", "the password reset took an hour"),
        ("Keeps API keys out of chat", "never paste keys or tokens into chat"),
        ("Their token budget is 4000 per request", "I cap tokens at 4000"),
        ("Works on authentication and OAuth flows", "I build login and OAuth for a living"),
        ("Runs PostgreSQL locally on port 5432", "postgres is on localhost:5432"),
        ("Prefers the key points first, then details", "key points first please"),
        ("Uses the Bearer scheme in their API docs", "our docs explain bearer auth"),
        ("Writes secret santa lists every December", "I organise the secret santa"),
        ("Prefers ISO dates like 2024-05-17T09:30:00Z", "always ISO 8601 please"),
        ("Uses Python 3.12 and FastAPI 0.110", "python 3.12 with fastapi"),
        ("Email them at work rather than on weekends", "mail me at work, not weekends"),
        ("Started the passwd file cleanup at work", "we audited /etc/passwd last week"),
        ("Their class is UserProfileServiceFactoryBean", "I wrote UserProfileServiceFactoryBean"),
        ("Uses Supercalifragilisticexpialidocious as a test word", "it's my favourite word"),
        ("Lives in Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", "that's my village"),
        ("Pays for Kraftfahrzeughaftpflichtversicherung yearly", "die Versicherung ist teuer"),
    ],
)
def test_ordinary_sentences_are_not_refused(shared_kit: PersonaKit, text: str, quote: str) -> None:
    """credential_shape must not refuse ordinary sentences (a negative corpus)."""
    assert propose(shared_kit, text, quote) == {
        "stored": True,
        "id": id_of(shared_kit.store, text),
        "new": True,
        "state": "unconfirmed",
    }


# -- category -----------------------------------------------------------------------------------


CATEGORIES = [
    (" Tools ", "tools"),
    ("TOOLS", "tools"),
    ("Work-Style", "work-style"),
    ("\tconstraints\n", "constraints"),
    ("COMMUNICATION", "communication"),
    ("Preferences", "preferences"),
    ("background", "background"),
    ("other", "other"),
    ("Other ", "other"),
    ("unknown", "other"),
    ("", "other"),
    ("   ", "other"),
    ("work style", "other"),
    ("tool", "other"),
    ("tools, preferences", "other"),
    (None, "other"),
]


@pytest.mark.parametrize(("n", "given", "category"), [(n, *case) for n, case in enumerate(CATEGORIES)])
def test_category_is_folded(shared_kit: PersonaKit, n: int, given: str | None, category: str) -> None:
    """Category is case-folded and stripped; anything else, or missing, becomes other."""
    tag = f"gadget{n}x"
    mid = propose(shared_kit, f"Uses the {tag} daily", category=given)["id"]
    memory = shared_kit.store.get(mid)
    assert memory is not None and memory.category == category
    assert msgspec.to_builtins(shared_kit.read(tag, 7))["memories"][0]["category"] == category


# -- the same memory again ----------------------------------------------------------------------


def test_same_memory_again_is_not_new(kit: PersonaKit) -> None:
    """The same memory (same normalised text): same id, `new: false`, its state."""
    mid = propose(kit, "Prefers tea")["id"]
    variants = ["Prefers tea", "prefers tea.", "  PREFERS \t TEA!! ", "Prefers\xa0tea?", "\uff30refers tea"]
    for variant in variants:
        again = propose(kit, variant, f"quote for {variant!r}")
        assert again == {"stored": True, "id": mid, "new": False, "state": "unconfirmed"}, variant
    assert len(kit.store.memories()) == 1


@pytest.mark.parametrize(("action", "state"), [("approve", "approved"), ("restrict", "restricted")])
def test_same_memory_again_keeps_its_state(kit: PersonaKit, action: str, state: str) -> None:
    """The same memory again: its state is left as it was, and returned."""
    mid = propose(kit, "Prefers tea", "first")["id"]
    kit.store.decide(mid, action, kit.now())
    assert propose(kit, "prefers tea", "second") == {"stored": True, "id": mid, "new": False, "state": state}
    memory = kit.store.get(mid)
    assert memory is not None
    assert memory.state == state
    assert memory.quotes == ("first", "second")
    result = msgspec.to_builtins(kit.read("tea", 7))
    if state == "approved":
        assert [(m["id"], m["confirmed"]) for m in result["memories"]] == [(mid, True)]
    else:
        assert result == {"memories": [], "withheld": 1}


def test_same_memory_again_adds_a_new_quote_as_newest(kit: PersonaKit) -> None:
    """A quote it does not have yet is added as the newest; an identical quote is not added twice."""
    mid = propose(kit, "Prefers tea", "first")["id"]
    propose(kit, "Prefers tea", "second")
    memory = kit.store.get(mid)
    assert memory is not None and memory.quotes == ("first", "second")
    propose(kit, "Prefers tea", "first")
    propose(kit, "Prefers tea", "second")
    memory = kit.store.get(mid)
    assert memory is not None and memory.quotes == ("first", "second")
    propose(kit, "Prefers tea", "third")
    memory = kit.store.get(mid)
    assert memory is not None and memory.quotes == ("first", "second", "third")


def test_same_memory_again_keeps_its_category(kit: PersonaKit) -> None:
    """The same memory again: its category is left as it was."""
    mid = propose(kit, "Prefers tea", category="preferences")["id"]
    assert propose(kit, "Prefers tea", "again", "tools")["new"] is False
    propose(kit, "Prefers tea", "and again")
    memory = kit.store.get(mid)
    assert memory is not None and memory.category == "preferences"


@pytest.mark.parametrize("before", [None, "approve", "restrict"])
def test_nothing_is_added_to_a_rejected_memory(kit: PersonaKit, data_dir: Path, before: str | None) -> None:
    """The same memory again after a reject: same id, `new: false`, state rejected, and nothing kept."""
    mid = propose(kit, "Prefers tea", "first")["id"]
    if before:
        kit.store.decide(mid, before, kit.now())
    kit.store.decide(mid, "reject", kit.now())
    result = propose(kit, "PREFERS TEA.", "quokkamarker quote")
    assert result == {"stored": True, "id": mid, "new": False, "state": "rejected"}
    memory = kit.store.get(mid)
    assert memory is not None
    assert memory.state == "rejected"
    assert memory.quotes == ()
    assert "tea" not in memory.text.casefold()
    assert b"quokkamarker" not in folder_bytes(data_dir)
    assert kit.store.memories("unconfirmed") == []
    assert msgspec.to_builtins(kit.read("tea", 7)) == {"memories": [], "withheld": 0}


# -- edits --------------------------------------------------------------------------------------


def test_edit_keeps_the_id_and_both_texts_map_to_it(kit: PersonaKit) -> None:
    """Edit: the id stays, and proposals of the old or the new text map to it."""
    mid = propose(kit, "Prefers black tea", "black tea please", "other")["id"]
    kit.store.decide(mid, "edit", kit.now(), text="Prefers green tea", category="preferences")
    memory = kit.store.get(mid)
    assert memory is not None
    assert (memory.id, memory.text, memory.category) == (mid, "Prefers green tea", "preferences")
    assert propose(kit, "Prefers black tea", "old text") == {
        "stored": True, "id": mid, "new": False, "state": "unconfirmed"
    }  # fmt: skip
    assert propose(kit, "Prefers green tea", "new text") == {
        "stored": True, "id": mid, "new": False, "state": "unconfirmed"
    }  # fmt: skip
    assert propose(kit, "  prefers GREEN tea!", "new text, other form")["id"] == mid
    assert [m.id for m in kit.store.memories()] == [mid]
    memory = kit.store.get(mid)
    assert memory is not None
    assert memory.quotes == ("black tea please", "old text", "new text", "new text, other form")
    assert memory.category == "preferences"


def test_edited_memory_is_read_with_its_new_text(kit: PersonaKit) -> None:
    """Edit: the memory is read under its old id with its new text, matched by the new text's words."""
    mid = propose(kit, "Prefers black tea", "black tea please")["id"]
    kit.store.decide(mid, "edit", kit.now(), text="Prefers green tea")
    result = json.loads(msgspec.json.encode(kit.read("green", 7)))
    assert [(m["id"], m["text"]) for m in result["memories"]] == [(mid, "Prefers green tea")]
    assert msgspec.to_builtins(kit.read("black", 7)) == {"memories": [], "withheld": 0}


def test_edit_of_the_category_only_keeps_text_and_id(kit: PersonaKit) -> None:
    mid = propose(kit, "Prefers black tea", category="tools")["id"]
    kit.store.decide(mid, "edit", kit.now(), category="preferences")
    memory = kit.store.get(mid)
    assert memory is not None
    assert (memory.id, memory.text, memory.category) == (mid, "Prefers black tea", "preferences")
    assert propose(kit, "prefers black tea")["id"] == mid


def test_edit_then_approve_keeps_old_text_proposals_approved(kit: PersonaKit) -> None:
    """Edit and approve: a proposal of the old text maps to the memory and leaves it approved."""
    mid = propose(kit, "Prefers black tea")["id"]
    kit.store.decide(mid, "edit", kit.now(), text="Prefers green tea")
    kit.store.decide(mid, "approve", kit.now())
    assert propose(kit, "Prefers black tea", "again") == {
        "stored": True,
        "id": mid,
        "new": False,
        "state": "approved",
    }
