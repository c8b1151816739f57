"""`personakit review` in a real pseudo-terminal: single keys, newest first, decisions in the store.

Each test runs `python -m personakit_plugin --data-dir D review` on the slave side of a pty (its
controlling terminal, so Ctrl-C is a real SIGINT) and types into the master side, reading what it
prints with bounded timeouts.
"""

from __future__ import annotations

import re
import subprocess
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from personakit_plugin.core.model import Memory
from personakit_plugin.core.words import content_words
from personakit_plugin.owner.review.shared import Similar

from ..conftest import (
    HOSTILE_ESCAPED,
    HOSTILE_TEXT,
    WAITING_QUOTES,
    decide,
    folder_bytes,
    hidden_characters,
    opened,
    personakit_command,
    reader_holding,
    seed,
    seed_hostile,
    seed_waiting,
    skip_without_undo,
    stored,
)
from ..helpers import similar_pairs
from ..helpers.similar_pairs import OWNER
from ..helpers.terminal import TIMEOUT, Terminal
from ..helpers.terminal import review_environ as environ

pytestmark = pytest.mark.system


def state(folder: Path, memory_id: str) -> tuple[str, str, str]:
    memory = stored(folder, memory_id)
    return memory.state, memory.text, memory.category


@pytest.fixture
def review(folder: Path, tmp_path: Path) -> Iterator[Terminal]:
    holder: list[Terminal] = []

    def start(columns: int = 120) -> Terminal:
        holder.append(
            Terminal(personakit_command("--data-dir", folder, "review"), environ(tmp_path, columns), columns=columns)
        )
        return holder[-1]

    yield start  # type: ignore[misc]
    for terminal in holder:
        terminal.close()


PROMPT = "[q]uit? "
SIMILAR_TO_HOSTILE = "Uses \u202eevil\u202c text: fake, red and erased"
"""A memory much like the one `seed_hostile` proposes, with a bidi override of its own."""

COMMON = {"prefers", "works", "uses", "likes", "wants"}
"""The words that start many of OWNER's memories."""


def owner_memories(folder: Path) -> dict[str, str]:
    """OWNER's memories, proposed and approved; the id of each by its text."""
    ids = seed(folder, *((text, f"I told you: {text.lower()}", category) for text, category in OWNER))
    decide(folder, "approve", *ids)
    return dict(zip((text for text, _ in OWNER), ids, strict=True))


def test_similar_memories_share_rare_words_not_common_ones(folder: Path) -> None:
    owner = owner_memories(folder)
    (duplicate,) = seed(folder, ("Prefers short answers with no preamble", "keep it short", "communication"))
    with opened(folder) as kit:
        memories = {memory.id: memory for memory in kit.store.memories()}
    similar = Similar(memories.values())

    def to(memory_id: str) -> list[str]:
        return [memory.text for memory in similar.to(memories[memory_id])]

    assert to(duplicate)[0] == "Prefers short answers without preamble", "a near duplicate comes first"
    assert to(owner["Prefers short answers without preamble"])[0] == "Prefers short answers with no preamble"
    assert "Drinks green tea, never coffee, before noon" in to(owner["Prefers tea over coffee in the morning"])
    assert "Uses Postgres for every new project" in to(owner["Uses pytest for every Python project"])
    for text in ["Works remotely from Lisbon", "Prefers metric units", "Likes jazz while coding", "Is vegetarian"]:
        assert to(owner[text]) == [], f"{text!r} shares only common words with the others"
    for memory in memories.values():
        for other in similar.to(memory):
            assert content_words(memory.text) & content_words(other.text) - COMMON, (memory.text, other.text)


def test_in_a_small_store_sharing_only_a_verb_is_not_similar() -> None:
    """The issue's own example, in a store of three memories, where every word is rare."""
    texts = ["Likes hiking", "Likes direct and blunt feedback", "Prefers blunt, direct feedback without sugar-coating"]
    hiking, direct, blunt = memories = [
        Memory(id=f"m_{n:012x}", text=text, category="other", state="approved") for n, text in enumerate(texts)
    ]
    similar = Similar(memories)
    assert similar.to(hiking) == [] and hiking not in similar.to(direct)
    assert similar.to(direct) == [blunt] and similar.to(blunt) == [direct]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Uses vim", "Uses Postgres at work"),
        ("Using vim every day", "Using Postgres at work"),
        ("Used vim for years", "Used Postgres at work"),
        ("Loved vim", "Loved Postgres"),
        ("Enjoying vim", "Enjoying long walks"),
    ],
)
def test_sharing_only_a_verb_in_any_form_is_not_similar(one: str, other: str) -> None:
    memories = [
        Memory(id=f"m_{n:012x}", text=text, category="tools", state="approved") for n, text in enumerate([one, other])
    ]
    assert Similar(memories).to(memories[0]) == [] and Similar(memories).to(memories[1]) == []


def test_the_review_shows_no_memory_as_similar_for_a_shared_verb_alone(folder: Path, review) -> None:
    vim, postgres, neovim = seed(
        folder,
        ("Using vim every day", "vim, every day", "tools"),
        ("Using Postgres at work", "postgres at work", "tools"),
        ("Using vim with a Lua config", "my vim config", "tools"),
    )
    t = review()
    shown = t.expect(PROMPT)
    assert neovim in shown and f"{vim}  unconfirmed Using vim every day" in shown and postgres not in shown
    t.send("s")
    shown = t.expect(PROMPT)
    assert postgres in shown and "Similar memories: none." in shown, "sharing only “using” is not similar"
    t.send("q")
    assert t.wait() == 0


@pytest.mark.parametrize("part", similar_pairs.PARTS)
@pytest.mark.parametrize("among_owner", [False, True], ids=["the pair alone", "among an owner's memories"])
def test_on_the_labelled_pairs_similar_ones_are_shown_and_different_ones_are_not(part: str, among_owner: bool) -> None:
    """At least four in five of the pairs labelled similar are shown side by side, and at most one in ten of
    those labelled different, in both parts (the held-out one never tuned on); the run's summary prints them."""
    figures = similar_pairs.measure(part, among_owner)
    assert figures.found >= 0.8 * figures.similar, figures
    assert figures.false <= 0.1 * figures.different, figures


def test_shows_each_memory_newest_first_with_quotes_similar_and_progress(folder: Path, review) -> None:
    owner = owner_memories(folder)
    old, erased, approved, first, second = seed(
        folder,
        ("Prefers oat milk with porridge", "oat milk please", "preferences"),
        ("Drinks espresso while coding secretly", "espresso secretly please", "preferences"),
        ("Likes strong espresso coffee", "espresso, strong", "preferences"),
        ("Sails a small boat on weekends", "I sail on weekends", "background"),
        ("Wants an espresso coffee break at three", "espresso break at 3", "preferences"),
    )
    decide(folder, "approve", approved)
    decide(folder, "reject", erased)
    with opened(folder) as kit:
        kit.propose("Wants an espresso coffee break at three", "coffee time, espresso!", "preferences")

    t = review()
    t.expect("3 unconfirmed memories, newest first")
    t.expect("1 of 3")
    shown = t.expect(PROMPT)
    assert second in shown and "Wants an espresso coffee break at three" in shown and "preferences" in shown
    assert "“coffee time, espresso!”" in shown and "“espresso break at 3”" in shown
    assert shown.index("coffee time, espresso!") < shown.index("espresso break at 3"), "newest quote first"
    assert "proposed " + time.strftime("%Y-%m-%d") in shown
    similar = shown[shown.index("Similar memories") :]
    assert f"{approved}  approved    Likes strong espresso coffee" in similar, "espresso and coffee: similar"
    assert erased not in shown and "secretly" not in shown, "nothing of a rejected memory is shown"
    assert owner["Wants reminders a day before deadlines"] not in similar, "sharing only “wants” is not similar"
    assert first not in similar

    t.send("s")
    t.expect("2 of 3")
    shown = t.expect(PROMPT)
    assert first in shown and "Sails a small boat on weekends" in shown and "Similar memories: none." in shown
    t.send("s")
    t.expect("3 of 3")
    shown = t.expect(PROMPT)
    assert old in shown and "Similar memories: none." in shown, "sharing only “prefers” is not similar"
    t.send("q")
    t.expect("Reviewed: nothing decided. You skipped 2; they still wait, and so does 1 other memory.")
    assert t.wait() == 0


def test_the_end_of_the_review_says_once_that_the_skipped_memories_still_wait(folder: Path, review) -> None:
    seed(folder, *((f"Memory about {thing}", thing, "other") for thing in ("gardens", "boats", "kites", "lamps")))
    t = review()
    for key in "asss":
        t.expect(PROMPT)
        t.send(key)
    t.expect("You reached the end of the queue.")
    t.expect("[q]uit? ")
    t.send("q")
    t.expect("Reviewed: 1 approved. You skipped 3; they still wait.\n")
    assert t.wait() == 0
    assert "No more unconfirmed" not in t.output, "three unconfirmed memories are still there"
    assert t.output.count("still wait") == 1 and t.output.count("skipped 3") == 1, t.output

    t = review()  # nothing skipped: nothing waits at the end
    for _ in range(3):
        t.expect(PROMPT)
        t.send("r")
    t.expect("No more unconfirmed memories or waiting quotes to review.")
    t.send("q")
    t.expect("Reviewed: 3 restricted. Nothing waits for you now.")
    assert t.wait() == 0


def test_approve_restrict_and_reject_land_in_the_store(folder: Path, review) -> None:
    a, b, c, d = seed(
        folder,
        ("Memory one about gardens", "gardens", "other"),
        ("Memory two about boats", "boats", "other"),
        ("Memory three about kites", "kites", "other"),
        ("Memory four about lamps", "lamps", "other"),
    )
    t = review()
    t.expect("1 of 4")
    t.expect(PROMPT)
    t.send("a")
    t.expect(f"Approved {d}.")
    t.expect("2 of 4")
    t.expect(PROMPT)
    t.send("r")
    t.expect(f"Restricted {c}.")
    t.expect("3 of 4")
    t.expect(PROMPT)
    t.send("x")
    t.expect("erases its text and quotes for good; it cannot be undone.")
    t.expect("[y/N]")
    t.send("n")
    t.expect("Not rejected.")
    assert state(folder, b)[0] == "unconfirmed"
    t.expect(PROMPT)
    t.send("x")
    t.expect("[y/N]")
    t.send("y")
    t.expect(f"Rejected {b}.")
    t.expect("4 of 4")
    t.expect(PROMPT)
    t.send("q")
    t.expect("Reviewed: 1 approved, 1 restricted, 1 rejected. 1 memory still waits for you.")
    assert t.wait() == 0
    assert state(folder, d)[0] == "approved"
    assert state(folder, c)[0] == "restricted"
    rejected = stored(folder, b)
    assert rejected.state == "rejected" and not rejected.text and not rejected.quotes
    assert state(folder, a)[0] == "unconfirmed"


KILL_LINE = "\x15"
"""Ctrl-U: the line editor empties the line."""


def test_edit_starts_from_the_current_text_and_category(folder: Path, review) -> None:
    (memory,) = seed(folder, ("Likes long walks", "I walk for hours", "preferences"))
    t = review()
    t.expect(PROMPT)
    t.send("e")
    t.expect("Edit the text, then press Enter (an empty line keeps it):\n> Likes long walks")
    t.send(" by the sea\r")  # typed after the current text, which the line starts with
    t.expect("Category, one of communication, work-style, tools, preferences, background, constraints, other:")
    t.expect("> preferences")
    t.send("\r")
    t.expect(f"Edited {memory}")
    assert state(folder, memory) == ("unconfirmed", "Likes long walks by the sea", "preferences")
    shown = t.expect(PROMPT)
    assert "1 of 1" in shown and "Likes long walks by the sea" in shown, "the edited memory is shown again"
    t.send("e")
    t.expect("> Likes long walks by the sea")
    t.send("\r")
    t.expect("> preferences")
    t.send(KILL_LINE + "Background\r")
    t.expect(f"Edited {memory}")
    assert state(folder, memory) == ("unconfirmed", "Likes long walks by the sea", "background")
    t.expect(PROMPT)
    t.send("e")
    t.expect("> Likes long walks by the sea")
    t.send(KILL_LINE + "\r")  # an empty line keeps the text
    t.expect("> background")
    t.send(KILL_LINE + "hobbies\r")
    t.expect("Not edited: 'hobbies' is not a category")
    t.expect(PROMPT)
    t.send("e")
    t.expect("> Likes long walks by the sea")
    t.send("\r")
    t.expect("> background")
    t.send("\r")
    t.expect("Nothing changed.")
    t.expect(PROMPT)
    t.send("a")
    t.expect("No more unconfirmed memories")
    t.send("q")
    t.expect("Reviewed: 1 approved, 2 edited. Nothing waits for you now.")
    assert t.wait() == 0
    assert state(folder, memory) == ("approved", "Likes long walks by the sea", "background")


def test_without_a_line_editor_edit_shows_the_current_text_and_an_empty_answer_keeps_it(
    folder: Path, tmp_path: Path
) -> None:
    (memory,) = seed(folder, ("Likes long walks", "I walk for hours", "preferences"))
    done = subprocess.run(
        personakit_command("--data-dir", folder, "review"),
        input="e\nLikes long walks by the sea\n\ne\n\nbackground\nq\n",
        capture_output=True,
        encoding="utf-8",
        env=environ(tmp_path),
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert "The text now: Likes long walks\nNew text (empty keeps it):" in done.stdout
    assert "(empty keeps preferences):" in done.stdout
    assert "The text now: Likes long walks by the sea\n" in done.stdout
    assert state(folder, memory) == ("unconfirmed", "Likes long walks by the sea", "background")


def test_an_unknown_key_says_which_keys_work_and_escapes_are_not_obeyed(folder: Path, review) -> None:
    (memory,) = seed(folder, ("Uses \x1b[2J\x1b[31mcolour codes", "see \x1b]0;title\x07 here", "tools"))
    t = review()
    shown = t.expect(PROMPT)
    assert "\x1b[2J" not in shown and "\x1b]0;" not in shown
    assert "\\x1b[2J\\x1b[31mcolour codes" in shown
    t.send("z")
    said = t.expect(PROMPT)
    assert "“z” does nothing here; press a, r, x, e, s, u or q, or h to see what each does." in said
    assert "[a]pprove" in said, "the keys again"
    t.send("\x1b[A")  # an arrow key
    assert "That key does nothing here; press a, r, x, e, s, u or q" in t.expect(PROMPT)
    t.send("h")
    said = t.expect(PROMPT)
    assert "a  approve: assistants see it, marked confirmed" in said and "q  quit (Ctrl-C too)" in said
    t.send("x")
    t.expect("Reject it? [y/N] ")
    t.send("7")
    t.expect("“7” does nothing here; press y or n (Enter is n).\nReject it? [y/N] ")
    t.send("\r")
    t.expect("Not rejected.")
    t.send("q")
    t.expect("Reviewed:")
    assert t.wait() == 0
    assert state(folder, memory)[0] == "unconfirmed"


def test_nothing_to_review(folder: Path, review) -> None:
    (memory,) = seed(folder, ("Already seen", "seen", "other"))
    decide(folder, "approve", memory)
    t = review()
    t.expect("Nothing to review: there are no unconfirmed memories and no quotes waiting for you.")
    assert t.wait() == 0


def test_without_a_terminal_it_reads_one_line_per_answer(folder: Path, tmp_path: Path) -> None:
    first, second = seed(folder, ("First memory on lines", "one", "other"), ("Second memory on lines", "two", "other"))
    done = subprocess.run(
        personakit_command("--data-dir", folder, "review"),
        input="a\nx\n\nx\ny\n",  # an empty answer to "Reject it? [y/N]" is no
        capture_output=True,
        encoding="utf-8",
        env=environ(tmp_path),
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert "1 of 2" in done.stdout and "2 of 2" in done.stdout
    assert done.stdout.count("Reject it? [y/N]") == 2 and "Not rejected." in done.stdout
    assert state(folder, second)[0] == "approved"
    with opened(folder) as kit:
        assert kit.store.states([first]) == {first: "rejected"}


def test_undo_goes_back_to_the_memory(folder: Path, review) -> None:
    first, second = seed(folder, ("Undo target one", "one", "other"), ("Undo target two", "two", "other"))
    skip_without_undo(folder)
    t = review()
    t.expect(PROMPT)
    t.send("a")
    t.expect(f"Approved {second}.")
    t.expect("2 of 2")
    t.expect(PROMPT)
    assert state(folder, second)[0] == "approved"
    t.send("u")
    t.expect(f"Undid approve of {second}; it is unconfirmed again.")
    shown = t.expect(PROMPT)
    assert "1 of 2" in shown and "Undo target two" in shown
    assert state(folder, second)[0] == "unconfirmed"
    t.send("r")
    t.expect(f"Restricted {second}.")
    t.expect(PROMPT)
    t.send("x")
    t.expect("[y/N]")
    t.send("y")
    t.expect(f"Rejected {first}.")
    t.expect("No more unconfirmed memories")
    t.send("u")
    t.expect("Nothing undone:")
    assert state(folder, second)[0] == "restricted"
    t.expect("[q]uit?")
    t.send("q")
    assert t.wait() == 0
    with opened(folder) as kit:
        assert kit.store.states([first]) == {first: "rejected"}


def test_stored_escape_sequences_and_bidi_are_shown_escaped(folder: Path, review) -> None:
    memory = seed_hostile(folder)
    (other,) = seed(folder, (SIMILAR_TO_HOSTILE, "tools \x9b2J daily", "tools"))
    t = review()
    t.expect(PROMPT)
    t.send("s")
    t.expect(PROMPT)
    t.send("e")  # the edit starts from the current text and category, escaped
    t.expect("> Uses \\x1b[2K\\x1b]0;title\\x07 erased\\rfake \\x9b31m red \\u202eevil\\u202c text")
    t.send("\r")
    t.expect("> tools\\x1b[2K\\u202e")
    t.send("\r")
    t.expect("Nothing changed.")
    t.expect(PROMPT)
    t.send("q")
    t.expect("Reviewed:")
    assert t.wait() == 0
    shown = t.output
    assert hidden_characters(shown) == [], "no control, bidi or format character reaches the terminal"
    for part in HOSTILE_ESCAPED:
        assert part in shown, part
    assert f"{memory}  tools\\x1b[2K\\u202e  proposed" in shown
    assert "“tools \\x9b2J daily”" in shown and other in shown
    assert f"{other}  unconfirmed Uses \\u202eevil\\u202c text: fake, red and erased" in shown, "as a similar one"
    assert stored(folder, memory).text == HOSTILE_TEXT


@pytest.mark.slow
def test_a_reject_the_store_cannot_finish_is_an_error_and_can_be_tried_again(folder: Path, review) -> None:
    (memory,) = seed(folder, ("Secret plan about boats", "boats, secretly", "other"))
    t = review()
    t.expect(PROMPT)
    with reader_holding(folder):
        t.send("x")
        t.expect("[y/N]")
        t.send("y")
        failed = t.expect("Try again to finish erasing it? [y/N]", timeout=60)
    assert "Not finished: " in failed and "erase" in failed, "the store's sentence, as an error"
    assert f"Rejected {memory}." not in failed, "never told it was done"
    t.send("y")
    t.expect(f"Rejected {memory}.")
    t.expect("No more unconfirmed memories")
    t.send("q")
    t.expect("Reviewed: 1 rejected. Nothing waits for you now.")
    assert t.wait() == 0
    assert stored(folder, memory).state == "rejected"
    assert b"secretly" not in b"".join(p.read_bytes() for p in folder.iterdir() if p.is_file())


@pytest.mark.slow
def test_a_reject_left_unfinished_says_how_to_finish_it(folder: Path, review) -> None:
    (memory,) = seed(folder, ("Secret plan about kites", "kites, secretly", "other"))
    t = review()
    t.expect(PROMPT)
    with reader_holding(folder):
        t.send("x")
        t.expect("[y/N]")
        t.send("y")
        t.expect("Try again to finish erasing it? [y/N]", timeout=60)
        t.send("n")
        t.expect("Not erased from every file yet; the sentence above says what finishes it.")
    t.expect("No more unconfirmed memories")
    t.send("q")
    t.expect("Reviewed: nothing decided. Nothing waits for you now.")
    assert t.wait() == 0
    assert stored(folder, memory).state == "rejected", "rejected, though not yet erased from every file"


def test_quotes_waiting_under_an_approved_memory_are_kept_or_dropped(folder: Path, review) -> None:
    waiting = seed_waiting(folder)
    (unconfirmed,) = seed(folder, ("Reads on the train", "I read on the train", "background"))
    old, first, second = WAITING_QUOTES
    t = review()
    t.expect("1 unconfirmed memory, newest first, then 1 approved memory with quotes waiting for you.\n")
    shown = t.expect(PROMPT)
    assert "1 of 2" in shown and unconfirmed in shown
    assert "[y] keep" not in shown and "[waiting for you]" not in shown, "keep and drop only where a quote waits"
    t.send("s")
    shown = t.expect(PROMPT)
    assert "2 of 2" in shown and waiting in shown and "  approved " in shown
    assert "Quotes, newest first (3, 2 waiting for you):" in shown
    assert f"[waiting for you] “{second}”" in shown and f"[waiting for you] “{first}”" in shown
    assert f"  “{old}”" in shown, "the quote the owner approved it with does not wait"
    assert f"Waiting for you: “{second}”" in shown
    assert "[y] keep quote  [d]rop quote  [r]estrict" in shown and "[a]pprove" not in shown
    t.send("a")  # not offered: nothing happens
    t.send("k")  # on the page k moves up; here it does nothing either
    t.expect("“k” does nothing here; press y, d, r, x, e, s, u or q, or h to see what each does.")
    t.send("y")  # keep, as on the page
    t.expect(f"Kept the quote as evidence of {waiting}.")
    assert stored(folder, waiting).pending == (first,)
    with opened(folder) as kit:
        assert kit.read("notebook", 7).memories[0].evidence == [second, old]

    shown = t.expect(PROMPT)
    assert f"Waiting for you: “{first}”" in shown and "(3, 1 waiting for you)" in shown
    t.send("u")
    t.expect(f"Undid accept-quote of {waiting}; it is approved again.")
    assert stored(folder, waiting).pending == (first, second)
    t.expect(PROMPT)
    t.send("y")
    t.expect(f"Kept the quote as evidence of {waiting}.")
    t.expect(PROMPT)
    t.send("d")
    t.expect("Dropping erases this quote for good; it cannot be undone.")
    t.expect("Drop it? [y/N]")
    t.send("n")
    t.expect("Not dropped.")
    t.expect(PROMPT)
    t.send("d")
    t.expect("[y/N]")
    t.send("y")
    t.expect(f"Dropped and erased the quote of {waiting}.")
    t.expect("You reached the end of the queue.")  # not "no more": the memory skipped still waits
    t.send("q")
    # The kept quote that was undone is not counted: the summary counts what stands.
    t.expect("Reviewed: 1 quote kept, 1 quote dropped. You skipped 1; it still waits.")
    assert t.wait() == 0
    memory = stored(folder, waiting)
    assert (memory.state, memory.quotes, memory.pending) == ("approved", (old, second), ())
    assert first.encode() not in folder_bytes(folder), "a dropped quote is erased"


def test_both_reviews_keep_and_drop_a_waiting_quote_with_the_same_keys() -> None:
    """The terminal's keys (its hints and `h`) and the page's (its keyboard and the keys its footer lists)."""
    from personakit_plugin.owner.review import terminal as review_terminal

    page = (Path(review_terminal.__file__).parent / "page.html").read_text(encoding="utf-8")
    on_page = {
        action: re.findall(rf'(\w): \(\) => actQuote\("{action}"\)', page) for action in ("accept-quote", "drop-quote")
    }
    assert on_page == {"accept-quote": ["y"], "drop-quote": ["d"]}
    assert "<kbd>y</kbd>/<kbd>d</kbd> keep/drop a waiting quote" in page
    assert review_terminal.QUOTE_KEYS == ("[y] keep quote", "[d]rop quote")
    assert review_terminal.KEY_HELP["y"].startswith("keep") and review_terminal.KEY_HELP["d"].startswith("drop")
    assert "k" not in review_terminal.KEY_HELP, "k moves up on the page; it keeps nothing in either review"


def test_only_quotes_waiting(folder: Path, review) -> None:
    waiting = seed_waiting(folder)
    t = review()
    t.expect("1 approved memory with quotes waiting for you, newest first.\n")
    shown = t.expect(PROMPT)
    assert "1 of 1" in shown and waiting in shown
    t.send("q")
    assert t.wait() == 0


# -- as a person sees it: widths, Ctrl-C ---------------------------------------------------------------

LONG_TEXT = (
    "Prefers code reviews that start with the single most important problem, name the file and line, "
    "suggest a concrete fix with a short example, keep style nits for a separate list at the end, and "
    "never rewrite working code for taste alone; long-running review threads move to a short call"
)
WIDTHS = (60, 100, 160)
HINTS = (
    "[a]pprove",
    "[r]estrict",
    "[x] reject",
    "[e]dit",
    "[s]kip",
    "[u]ndo",
    "[q]uit",
    "[y] keep quote",
    "[d]rop quote",
)


def key_units(line: str) -> list[str] | None:
    """The units of a line of the key prompt (its progress and key hints, two spaces apart, the key pressed
    after the last), or None when the line is not part of one."""
    parts = re.sub(r"\? .$", "?", line.rstrip()).split("  ")
    units = [part.removesuffix("?") for part in parts]
    if not re.fullmatch(r"\(\d+ of \d+\)", units[0]) and units[0] not in HINTS:
        return None
    assert all(unit in HINTS for unit in units[1:]), f"a key hint broken: {line!r}"
    return units


def tokens(capture: str) -> list[str]:
    """The words of a capture in order, wherever its lines break (a rule of ─ counts as one word)."""
    return ["─" if set(word) == {"─"} else word for word in capture.split()]


def seed_for_widths(folder: Path) -> None:
    seed_waiting(folder)
    seed(
        folder,
        (LONG_TEXT, "start with what matters most, then the nits", "work-style"),
        ("Prefers code reviews in small batches", "small batches, please", "work-style"),
        ("Takes notes in a paper notebook", "I write it down on paper", "work-style"),
    )


def test_the_review_fits_60_100_and_160_columns_breaking_lines_only_between_words(
    folder: Path, review, tmp_path: Path
) -> None:
    seed_for_widths(folder)
    captures: dict[int, str] = {}
    for width in WIDTHS:
        t = review(width)
        t.expect(PROMPT)
        for keys in ["z", "h", "s", "s", "s", "s"]:
            t.send(keys)
            t.expect(PROMPT)
        t.send("q")
        t.expect("still wait")
        assert t.wait() == 0
        captures[width] = t.output
        (tmp_path / f"review-{width}.txt").write_text(t.output, encoding="utf-8")

    for width, capture in captures.items():
        lines = capture.split("\n")
        too_wide = [line for line in lines if len(line) > width]
        assert not too_wide, f"at {width} columns these lines are wider: {too_wide}"
        prompts = [units for units in map(key_units, lines) if units is not None]
        assert [unit for units in prompts for unit in units if unit in HINTS].count("[q]uit") == 6
        assert tokens(capture) == tokens(captures[160]), f"at {width} columns a word was broken or lost"
        continued = [units for units in prompts if units[0] in HINTS]
        assert bool(continued) == (width == 60), "the key line wraps, between hints, only where it must"
    assert "Reviewed: nothing decided. You skipped 4; they still wait." in captures[160]


def test_ctrl_c_leaves_with_a_summary_and_the_terminal_as_it_was(folder: Path, review) -> None:
    first, second, third = seed(
        folder,
        ("Memory one about gardens", "gardens", "other"),
        ("Memory two about boats", "boats", "other"),
        ("Memory three about kites", "kites", "other"),
    )
    t = review()
    t.expect(PROMPT)
    t.send("a")
    t.expect(f"Approved {third}.")
    t.expect(PROMPT)
    t.send("s")
    t.expect(PROMPT)
    t.send("\x03")
    t.expect("\nStopped. Reviewed: 1 approved. You skipped 1; it still waits, and so does 1 other memory.\n")
    assert t.wait() == 130
    assert "Traceback" not in t.output and "KeyboardInterrupt" not in t.output
    assert termios.tcgetattr(t.master) == t.modes, "the terminal's modes are put back"
    assert stored(folder, third).state == "approved" and stored(folder, second).state == "unconfirmed"

    t = review()
    t.expect(PROMPT)
    t.send("e")
    t.expect("> Memory two about boats")
    t.send(" and ships")
    t.expect(" and ships")
    # A person's Ctrl-C comes a moment after the echo. Python's readline checks for a signal only while
    # it waits for a key: one that lands while it is still handling the keys typed just before waits
    # for the next key, so a Ctrl-C sent in the same instant can sit unseen.
    time.sleep(0.5)
    t.send("\x03")  # in the middle of an edit: nothing of it is kept
    t.expect("\nStopped. Reviewed: nothing decided. 2 memories still wait for you.\n")
    assert t.wait() == 130
    assert termios.tcgetattr(t.master) == t.modes
    assert stored(folder, second).text == "Memory two about boats" and stored(folder, first).state == "unconfirmed"


def test_an_approve_confirms_only_the_quotes_the_review_showed(folder: Path, review) -> None:
    """A quote proposed while the review shows the memory (and waits for the owner's key) is not
    confirmed by the approve: it waits, the review says so and shows the memory again for it."""
    (memory,) = seed(folder, ("Writes to the landlord often", "I mail him every week", "other"))
    late = "my new address is jo@example.org"
    t = review()
    shown = t.expect(PROMPT)
    assert "I mail him every week" in shown and late not in shown
    seed(folder, ("Writes to the landlord often", late, "other"))  # the assistant, meanwhile
    t.send("a")
    t.expect(f"Approved {memory}.")
    t.expect("1 quote of it still waits for you; the review shows it again.")
    shown = t.expect(PROMPT)
    assert "[waiting for you] “my new address is jo@example.org”" in shown and "[y] keep quote" in shown
    t.send("q")
    assert t.wait() == 0
    after = stored(folder, memory)
    assert (after.state, after.pending) == ("approved", (late,))
    with opened(folder) as kit:
        assert kit.read("landlord", 7).memories[0].evidence == ["I mail him every week"]


def test_a_quote_waiting_after_an_undo_still_waits_after_an_approve_from_the_review(folder: Path, review) -> None:
    """Approve, the assistant adds words, undo: the review shows the memory unconfirmed with its words
    waiting, and an approve leaves them waiting (keep is the only way to make them evidence)."""
    (memory,) = seed(folder, ("Writes to the landlord often", "I mail him every week", "other"))
    decide(folder, "approve", memory)
    late = "my new address is jo@example.org"
    seed(folder, ("Writes to the landlord often", late, "other"))
    with opened(folder) as kit:
        kit.store.undo(kit.now())
    t = review()
    t.expect("1 unconfirmed memory, newest first.")
    shown = t.expect(PROMPT)
    assert f"[waiting for you] “{late}”" in shown and "[y] keep quote  [d]rop quote  [a]pprove" in shown
    t.send("a")
    t.expect(f"Approved {memory}.")
    t.expect("1 quote of it still waits for you")
    shown = t.expect(PROMPT)
    assert f"Waiting for you: “{late}”" in shown
    t.send("y")
    t.expect(f"Kept the quote as evidence of {memory}.")
    t.expect("No more unconfirmed memories or waiting quotes to review.")
    t.send("q")
    assert t.wait() == 0
    assert stored(folder, memory).pending == ()


# -- what the summary counts, a decision that changes nothing, the key hints ---------------------------


def test_the_summary_counts_what_stands_after_undos(folder: Path, review) -> None:
    earlier, first, second, third = seed(
        folder,
        ("Decided before the review began", "earlier", "other"),
        ("Summary one about gardens", "gardens", "other"),
        ("Summary two about boats", "boats", "other"),
        ("Summary three about kites", "kites", "other"),
    )
    decide(folder, "approve", earlier)
    t = review()
    t.expect(PROMPT)
    t.send("a")
    t.expect(f"Approved {third}.")
    t.expect(PROMPT)
    t.send("u")  # the approve is undone: it no longer counts as approved
    t.expect(f"Undid approve of {third}; it is unconfirmed again.")
    t.expect(PROMPT)
    t.send("r")
    t.expect(f"Restricted {third}.")
    t.expect(PROMPT)
    t.send("a")
    t.expect(f"Approved {second}.")
    t.expect(PROMPT)
    t.send("u")
    t.expect(f"Undid approve of {second}")
    t.expect(PROMPT)
    t.send("u")
    t.expect(f"Undid restrict of {third}")
    t.expect(PROMPT)
    t.send("u")  # a decision from before this review: said as such
    t.expect(f"Undid approve of {earlier}")
    t.expect(PROMPT)
    t.send("a")
    t.expect(f"Approved {earlier}.")
    t.expect(PROMPT)
    t.send("q")
    t.expect("Reviewed: 1 approved, 1 earlier decision undone. 3 memories still wait for you.")
    assert t.wait() == 0
    assert {m: state(folder, m)[0] for m in (earlier, first, second, third)} == {
        earlier: "approved",
        first: "unconfirmed",
        second: "unconfirmed",
        third: "unconfirmed",
    }


def test_an_undone_approve_leaves_nothing_decided(folder: Path, review) -> None:
    (memory,) = seed(folder, ("Summary about lamps", "lamps", "other"))
    t = review()
    t.expect(PROMPT)
    t.send("a")
    t.expect(f"Approved {memory}.")
    t.expect("[u]ndo the last decision or [q]uit? ")
    t.send("u")
    t.expect(PROMPT)
    t.send("q")
    t.expect("Reviewed: nothing decided. 1 memory still waits for you.")
    assert t.wait() == 0


def test_a_decision_another_program_made_meanwhile_changes_nothing_and_says_so(folder: Path, review) -> None:
    memory, other = seed(folder, ("Restricted meanwhile", "meanwhile", "other"), ("Reviewed next", "next", "other"))
    t = review()
    shown = t.expect(PROMPT)
    assert other in shown
    t.send("s")
    shown = t.expect(PROMPT)
    assert memory in shown
    decide(folder, "restrict", memory)  # from another terminal, while the review shows it
    with opened(folder) as kit:
        before = kit.store.history()
    t.send("r")
    t.expect(f"{memory} is already restricted; nothing changed.")
    t.expect("[q]uit? ")
    t.send("q")
    t.expect("Reviewed: nothing decided. You skipped 1; it still waits.")
    assert t.wait() == 0
    with opened(folder) as kit:
        assert kit.store.history() == before


def test_every_key_hint_reads_as_the_word_h_explains(folder: Path, review, tmp_path: Path) -> None:
    seed_waiting(folder)
    seed(folder, ("Reads on the train", "I read on the train", "background"))
    t = review()
    t.expect(PROMPT)
    t.send("h")
    explained = t.expect(PROMPT)
    t.send("s")  # on to the approved memory with quotes waiting: keep and drop are offered there
    t.expect(PROMPT)
    t.send("h")
    explained += t.expect(PROMPT)
    t.send("q")
    assert t.wait() == 0
    (tmp_path / "hints.txt").write_text(t.output, encoding="utf-8")
    assert "re[x]ect" not in t.output and "  [x] reject  " in t.output
    hints = {unit for line in t.output.split("\n") for unit in key_units(line) or [] if unit in HINTS}
    assert hints == set(HINTS), "every hint was shown"
    for hint in hints:
        key = re.search(r"\[(\w)\]", hint)
        assert key is not None, hint
        word = re.sub(r"^\[\w\] |\[|\]", "", hint).split()[0]  # "[x] reject" -> reject, "[a]pprove" -> approve
        said = re.search(rf"^\s*{key.group(1)}  (\w+)", explained, re.MULTILINE)
        assert said is not None and said.group(1) == word, f"{hint!r}: h says {said and said.group(0)!r}"


def test_each_card_says_which_connection_proposed_it_and_shows_similar_memories_as_they_are_now(
    folder: Path, review
) -> None:
    """The likeness is built once for the whole review, not for each card: what it finds is shown as the
    store has it now, a decision taken a card earlier included. The client's name is its own say, escaped."""
    client = ("flood\x1b[31m-client", "9.9")
    with opened(folder) as kit:
        older = kit.propose("Prefers espresso over filter coffee", "espresso please", "preferences", client=client)
        time.sleep(0.01)
        newer = kit.propose(
            "Prefers espresso over drip coffee at work", "espresso at work", "preferences", client=client
        )
    assert older.id and newer.id
    t = review()
    shown = t.expect(PROMPT)
    assert "── 1 of 2" in shown and newer.id in shown
    assert "proposed by flood\\x1b[31m-client 9.9 (c_" in shown and "\x1b[31m" not in shown
    assert f"{older.id}  unconfirmed" in shown, "the other memory, as similar"
    t.send("a")
    t.expect(f"Approved {newer.id}.")
    shown = t.expect(PROMPT)
    assert "── 2 of 2" in shown and f"{newer.id}  approved" in shown, "approved a card ago: shown approved"
    t.send("x")
    t.expect("[y/N]")
    t.send("y")
    t.expect(f"Rejected {older.id}.")
    t.expect("No more unconfirmed memories or waiting quotes to review.")
    t.send("q")
    t.expect("Reviewed: 1 approved, 1 rejected. Nothing waits for you now.")
    assert t.wait() == 0
