"""The default SQLite store on a real file: modes, schema version, refusal of files it cannot own,
the word index, ordering, decisions and their history, edits."""

from __future__ import annotations

import gc
import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from personakit_plugin.core.model import Decision
from personakit_plugin.core.store import StoreError, UnknownMemory
from personakit_plugin.core.words import content_words, legacy_memory_id
from personakit_plugin.storage import sqlite as sqlite_store
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore
from personakit_plugin.testing import id_of

from ..helpers.old_schema import write_old_file
from ..helpers.sqlite_files import foreign, raw

Maker = Callable[[Path], None]
"""Makes a file at the path given that the store must refuse to open."""


@pytest.fixture
def store(data_dir: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore.open(data_dir)
    yield opened
    opened.close()


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in the folder with its bytes."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


def propose(store: SqliteStore, text: str, quote: str = "they said so", at: float = 1.0) -> str:
    return store.propose(text, quote, "other", at).id


def assert_one_sentence_naming(message: str, path: Path) -> None:
    assert str(path) in message, message
    assert "\n" not in message, message
    assert message.endswith("."), message
    assert not re.search(r"[.!?]\s+[A-Z]", message), message


# -- files and modes ------------------------------------------------------------------------


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_folder_is_0700_and_files_0600(tmp_path: Path, umask: int) -> None:
    """Storage: folder mode 0700, database file mode 0600, and so are -wal and -shm, whatever the umask."""
    folder = tmp_path / "fresh" / "data"
    old = os.umask(umask)
    try:
        opened = SqliteStore.open(folder)
        try:
            propose(opened, "Prefers tea over coffee")
            assert mode(folder) == 0o700
            files = sorted(folder.iterdir())
            assert folder / FILE_NAME in files
            for path in files:
                assert mode(path) == 0o600, path
            assert {p.name for p in files} >= {FILE_NAME, FILE_NAME + "-wal", FILE_NAME + "-shm"}
        finally:
            opened.close()
    finally:
        os.umask(old)


def test_schema_version_recorded(store: SqliteStore) -> None:
    """Storage: the schema carries a version, kept in PRAGMA user_version."""
    with raw(store.path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == sqlite_store.SCHEMA_VERSION


@pytest.mark.parametrize("had_the_table", [True, False])
def test_a_version_2_file_migrates_keeping_the_replaced_texts(data_dir: Path, had_the_table: bool) -> None:
    """Version 3 made `previous_texts` part of the numbered schema; before it, PersonaKit created the
    table when it opened a file, so a version-2 file may hold it, with texts an undo needs, or not."""
    jazz = legacy_memory_id("Loves bebop")
    rows = [("Loves bebop", "unconfirmed", 1.0, 2.0, ["jazz!"])]
    write_old_file(data_dir, 2, rows, previous_texts=[(jazz, 1, "Likes jazz")] if had_the_table else None)
    store = SqliteStore.open(data_dir)
    try:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == sqlite_store.SCHEMA_VERSION == 11
        undone = store.undo(3.0)
        assert undone is not None and undone.action == "approve"  # the file's one decision, numbered 1
        store.decide(jazz, "edit", 4.0, text="Adores bebop")
        store.undo(5.0)
        restored = store.get(jazz)
        assert restored is not None and restored.text == "Loves bebop"
        # The edit and its undo each keep the text they replaced (for history), beside the file's own.
        texts = {text for (text,) in store._db.execute("SELECT text FROM previous_texts")}
        assert texts == {"Loves bebop", "Adores bebop"} | ({"Likes jazz"} if had_the_table else set())
    finally:
        store.close()


def test_a_version_3_file_migrates_to_hashed_words_and_keeps_no_word_in_the_clear(data_dir: Path) -> None:
    """Version 4 keeps keyed hashes in the word index and quotes in a rowid table: after the migration
    every memory reads as before, and no file holds an indexed word that appears in no text or quote."""
    rows = [
        ("Collects quillowort stamps", "approved", 1.0, 2.0, ["my stamps"]),
        ("Plays the vondrelphone on Sundays", "unconfirmed", 2.0, 3.0, ["Sunday music"]),
        ("Skips breakfast", "restricted", 3.0, 4.0, ["never breakfast"]),
    ]
    write_old_file(data_dir, 3, rows)
    raw_before = b"".join(path.read_bytes() for path in data_dir.iterdir())
    assert b"quillowort" in raw_before  # the scan below would see a word left behind
    store = SqliteStore.open(data_dir)
    try:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == sqlite_store.SCHEMA_VERSION
        assert store._db.execute("SELECT typeof(word) FROM words LIMIT 1").fetchone()[0] == "integer"
        stamps = legacy_memory_id("Collects quillowort stamps")
        assert [c.memory.id for c in store.matches(frozenset({"quillowort"})).candidates] == [stamps]
        assert store.top_matches(frozenset({"vondrelphone", "sundays"}), 7).candidates[0].matched == 2
        assert store.top_matches(frozenset({"breakfast"}), 7).restricted == 1
        memory = store.get(stamps)
        assert memory is not None and (memory.quotes, memory.pending) == (("my stamps",), ())
        store.decide(stamps, "edit", 5.0, text="Collects old stamps")
        store.decide(stamps, "reject", 6.0)
    finally:
        store.close()
    for path in data_dir.iterdir():
        data = path.read_bytes()
        assert b"quillowort" not in data, path.name
        assert b"Collects" not in data, path.name


def test_wal_mode(store: SqliteStore) -> None:
    """Storage: SQLite in WAL mode."""
    with raw(store.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_reopening_keeps_the_data(data_dir: Path) -> None:
    """Storage: what was stored is there after the store is closed and opened again."""
    first = SqliteStore.open(data_dir)
    created = propose(first, "Writes Rust at work", "I write Rust at work")
    first.close()
    again = SqliteStore.open(data_dir)
    try:
        memory = again.get(created)
        assert memory is not None
        assert (memory.text, memory.quotes, memory.state) == (
            "Writes Rust at work",
            ("I write Rust at work",),
            "unconfirmed",
        )
    finally:
        again.close()


# -- files it must not open -----------------------------------------------------------------


def newer_schema(path: Path) -> None:
    made = SqliteStore.open(path.parent)
    propose(made, "Prefers tea over coffee")
    made.close()
    db = raw(path)
    db.execute(f"PRAGMA user_version = {sqlite_store.SCHEMA_VERSION + 1}")
    db.close()


def garbage(path: Path) -> None:
    path.parent.mkdir(mode=0o700)
    path.write_bytes(b"this is not a database at all\n" * 200)


def truncated(path: Path) -> None:
    made = SqliteStore.open(path.parent)
    for number in range(300):
        propose(made, f"Memory number {number} about topic{number}", f"quote {number}", float(number))
    made.close()
    whole = path.read_bytes()
    assert len(whole) > 8 * 4096
    path.write_bytes(whole[: len(whole) // 2])


@pytest.mark.parametrize(
    "make",
    [
        newer_schema,
        garbage,
        truncated,
        foreign("delete", 0, folder_mode=0o700),
        foreign("wal", 0, folder_mode=0o700),
        foreign("delete", sqlite_store.SCHEMA_VERSION, folder_mode=0o700),
    ],
    ids=[
        "newer-schema",
        "garbage",
        "truncated",
        "foreign-rollback-journal",
        "foreign-wal",
        "foreign-claiming-v1",
    ],
)
def test_refuses_a_file_it_cannot_own(data_dir: Path, make: Maker) -> None:
    """Storage: a file it cannot use is a StoreError naming it in one sentence, and is left as it was."""
    path = data_dir / FILE_NAME
    make(path)
    before = snapshot(data_dir)
    with pytest.raises(StoreError) as raised:
        SqliteStore.open(data_dir).close()
    message = str(raised.value)
    del raised
    gc.collect()  # a connection the failed open left behind is closed now, not at some later time
    assert_one_sentence_naming(message, path)
    assert snapshot(data_dir) == before


def test_newer_schema_message_says_to_upgrade(data_dir: Path) -> None:
    """Conventions: an error the owner can act on says what to do."""
    newer_schema(data_dir / FILE_NAME)
    with pytest.raises(StoreError, match="upgrade"):
        SqliteStore.open(data_dir)


# -- the word index -------------------------------------------------------------------------


def candidate_query(store: SqliteStore, words: frozenset[str]) -> str:
    """The SQL `matches` runs for these words, with its values bound."""
    seen: list[str] = []
    store._db.set_trace_callback(seen.append)  # the store's own connection: the only way to see its SQL
    try:
        store.matches(words)
    finally:
        store._db.set_trace_callback(None)
    selects = [sql for sql in seen if sql.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 1, seen
    return selects[0]


def vm_steps(store: SqliteStore, words: frozenset[str]) -> int:
    """How many SQLite virtual machine steps (in tens) `matches` takes."""
    return steps_of(store, lambda: store.matches(words))


def steps_of(store: SqliteStore, call: Callable[[], object]) -> int:
    """How many SQLite virtual machine steps (in tens, triggers included) `call` takes on the store."""
    steps = 0

    def count() -> int:
        nonlocal steps
        steps += 1
        return 0

    store._db.set_progress_handler(count, 10)
    try:
        call()
    finally:
        store._db.set_progress_handler(None, 10)
    return steps


def fill(store: SqliteStore, start: int, stop: int) -> None:
    """Many memories, quickly: durability is not what these tests are about, so no fsync while filling."""
    store._db.execute("PRAGMA synchronous = OFF")
    try:
        for number in range(start, stop):
            text = f"Memory {number} mentions marker{number} and shared topics"
            propose(store, text, f"q{number}", float(number))
    finally:
        store._db.execute("PRAGMA synchronous = FULL")


def test_matches_uses_the_word_index(store: SqliteStore) -> None:
    """Storage: candidate lookup goes through an index of words, never a scan of every memory."""
    fill(store, 0, 300)
    with raw(store.path) as db:
        db.execute("ANALYZE")  # the plan must hold whatever statistics the planner has
    query = candidate_query(store, frozenset({"marker7", "marker8"}))
    with raw(store.path) as db:
        plan = [row[3] for row in db.execute("EXPLAIN QUERY PLAN " + query)]
    assert not [step for step in plan if re.match(r"SCAN (memories|words|quotes)\b", step)], plan
    indexed = re.compile(r"SEARCH words USING (PRIMARY KEY|(COVERING )?INDEX)")
    searches = [step for step in plan if indexed.match(step)]
    assert searches, plan


def test_matches_cost_does_not_grow_with_the_number_of_memories(store: SqliteStore) -> None:
    """Storage: a read stays fast however many memories there are (measured in SQLite steps, not time)."""
    words = frozenset({"marker3", "unknownword"})
    fill(store, 0, 50)
    small = vm_steps(store, words)
    fill(store, 50, 1050)
    large = vm_steps(store, words)
    assert large <= small * 2 + 2, (small, large)


def test_a_write_costs_the_same_however_long_the_store_and_its_change_log(store: SqliteStore) -> None:
    """Storage: a proposal and a decision touch what they change, never a whole table: keeping the
    change log trimmed once read all of it on every write (5 ms at 100,000 memories)."""

    def writes(number: int) -> int:
        memory = propose(store, f"Memory {number} is new and mentions marker{number}", at=float(number))
        again = propose(store, f"Memory {number} is new and mentions marker{number}", "said again", float(number))
        assert again == memory
        return steps_of(store, lambda: propose(store, f"Another {number} marker", at=float(number))) + steps_of(
            store, lambda: store.decide(memory, "approve", float(number))
        )

    fill(store, 0, 50)
    small = writes(10_000)
    fill(store, 50, 1_550)  # the change log grows by a row per memory and per word
    large = writes(10_001)
    assert large <= small * 2 + 2, (small, large)


def test_what_a_retriever_reads_and_keeps_costs_the_same_however_many_memories(store: SqliteStore) -> None:
    """Storage: a page of documents, the documents and derived rows of some ids, and keeping derived
    rows go by the memories' ids, never through every readable memory (the state's index) or every row
    of a kind: a recall build of 100,000 memories once spent most of its time there."""
    kind = "test: a vector"

    def steps(known: int) -> int:
        ids = sorted(memory.id for memory in store.memories())[:40]
        rows = {memory: b"\x01" * 16 for memory in ids}
        cursor = store.changes(None).cursor
        # every memory has its row: the lookup must not read all the rows of the kind to find 40
        for start in range(0, known, 500):
            chunk = sorted(memory.id for memory in store.memories())[start : start + 500]
            store.keep_derived(kind, dict.fromkeys(chunk, b"\x02" * 16), cursor)
        assert len(store.derived(kind, ids)) == 40
        return (
            steps_of(store, lambda: store.documents(None, after=ids[0], limit=20))
            + steps_of(store, lambda: store.documents(ids))
            + steps_of(store, lambda: store.derived(kind, ids))
            + steps_of(store, lambda: store.keep_derived(kind, rows, cursor))
        )

    fill(store, 0, 60)
    small = steps(60)
    fill(store, 60, 1_560)
    large = steps(1_560)
    assert large <= small * 2 + 2, (small, large)


def test_matched_counts_distinct_shared_words(store: SqliteStore) -> None:
    """Ranking: a memory's score is the number of distinct question words in its text."""
    both = propose(store, "Drinks tea, tea and more tea every morning")
    one = propose(store, "Takes the train every weekday")
    propose(store, "Plays chess on Sundays")
    found = store.matches(content_words("Tea in the morning on the train?"))
    assert {c.memory.id: c.matched for c in found.candidates} == {both: 2, one: 1}
    assert found.restricted == 0
    assert store.matches(frozenset()).candidates == []


def test_matches_applies_the_owners_decisions(store: SqliteStore) -> None:
    """Read rules 2 and 6: approved and unconfirmed are candidates, restricted are counted, rejected not."""
    ids = {
        state: propose(store, f"Likes gardening, {state} version", f"quote {state}")
        for state in ("unconfirmed", "approved", "restricted", "rejected")
    }
    for state, action in [("approved", "approve"), ("restricted", "restrict"), ("rejected", "reject")]:
        store.decide(ids[state], action, 5.0)
    found = store.matches(frozenset({"gardening"}))
    assert {c.memory.id: c.memory.state for c in found.candidates} == {
        ids["unconfirmed"]: "unconfirmed",
        ids["approved"]: "approved",
    }
    assert found.restricted == 1


# -- order ----------------------------------------------------------------------------------


def test_approved_most_recently_approved_first(store: SqliteStore) -> None:
    """Read rule 5: approved memories fill most recently approved first, never unconfirmed or restricted."""
    a, b, c, d, e = (propose(store, f"Fact {name}", at=1.0) for name in "abcde")
    propose(store, "Fact unconfirmed", at=99.0)
    for memory, at in [(a, 10.0), (b, 20.0), (c, 30.0), (e, 35.0)]:
        store.decide(memory, "approve", at)
    store.decide(e, "restrict", 36.0)
    assert [m.id for m in store.approved(5, ())] == [c, b, a]
    assert not store.decide(a, "approve", 38.0).recorded  # approving it again changes nothing, its time neither
    assert [m.id for m in store.approved(5, ())] == [c, b, a]
    store.decide(a, "reset", 39.0)
    store.decide(a, "approve", 40.0)
    assert [m.id for m in store.approved(5, ())] == [a, c, b]
    assert [m.id for m in store.approved(2, ())] == [a, c]
    assert [m.id for m in store.approved(1, {a, c})] == [b]
    assert [m.id for m in store.approved(3, {a, c, d, "m_000000000000"})] == [b]
    assert store.approved(3, {a, b, c}) == []
    store.decide(d, "approve", 40.0)
    assert [m.id for m in store.approved(2, ())] == sorted([a, d])


def test_quotes_oldest_first_without_repeats(store: SqliteStore) -> None:
    """Propose: a new quote is added as the newest; an identical quote is not added twice."""
    memory = propose(store, "Prefers short answers", "keep it short")
    other = propose(store, "Uses vim", "vim forever")
    for quote in ["no essays please", "keep it short", "bullet points are fine"]:
        assert store.propose("prefers short answers.", quote, "tools", 2.0).id == memory
    expected = ("keep it short", "no essays please", "bullet points are fine")
    assert store.quotes([memory, other]) == {memory: expected, other: ("vim forever",)}
    fetched = store.get(memory)
    assert fetched is not None
    assert fetched.quotes == expected
    assert fetched.category == "other"
    assert {m.id: m.quotes for m in store.memories()}[memory] == expected


def test_same_memory_keeps_its_state(store: SqliteStore) -> None:
    """Propose: the same memory again answers new false with its state, which it leaves as it was."""
    memory = propose(store, "Works from Lisbon")
    first = store.propose("Works from Lisbon", "q", "other", 1.0)
    assert (first.id, first.new, first.state) == (memory, False, "unconfirmed")
    store.decide(memory, "restrict", 2.0)
    again = store.propose("  works   FROM lisbon!", "another quote", "other", 3.0)
    assert (again.id, again.new, again.state) == (memory, False, "restricted")
    assert store.states([memory]) == {memory: "restricted"}


def test_id_is_derived_from_normalised_text(store: SqliteStore) -> None:
    """Memories: the id is m_ and 12 hex digits from the normalised text."""
    created = store.propose("Prefers Tea.", "q", "other", 1.0)
    assert created.new
    assert created.id == id_of(store, "prefers tea") != legacy_memory_id("prefers tea")
    assert re.fullmatch(r"m_[0-9a-f]{12}", created.id)


# -- decisions ------------------------------------------------------------------------------


def test_history_records_each_decision_without_text(store: SqliteStore) -> None:
    """Decisions: every decision is kept with its time and states, and the history holds no text."""
    text, quote = "Allergic to peanuts", "I am allergic to peanuts"
    memory = store.propose(text, quote, "constraints", 1.0).id
    other = propose(store, "Other memory")
    store.decide(memory, "approve", 10.0)
    store.decide(other, "approve", 11.0)
    store.decide(memory, "restrict", 20.0)
    store.decide(memory, "edit", 30.0, category="background")
    store.decide(memory, "reset", 40.0)
    store.decide(memory, "edit", 45.0, text="Allergic to peanuts and cashews")
    store.decide(memory, "reject", 50.0)
    history = store.history(memory)
    assert [(d.action, d.before, d.after, d.at) for d in history] == [
        ("approve", "unconfirmed", "approved", 10.0),
        ("restrict", "approved", "restricted", 20.0),
        ("edit", "restricted", "restricted", 30.0),
        ("reset", "restricted", "unconfirmed", 40.0),
        ("edit", "unconfirmed", "unconfirmed", 45.0),
        ("reject", "unconfirmed", "rejected", 50.0),
    ]
    assert (history[2].category_before, history[2].category_after) == ("constraints", "background")
    assert all(d.memory_id == memory for d in history)
    everything = store.history()
    assert [d.seq for d in everything] == sorted(d.seq for d in everything)
    assert len({d.seq for d in everything}) == 7
    assert [d.memory_id for d in everything].count(other) == 1
    assert "text" not in Decision.__struct_fields__ and "quote" not in Decision.__struct_fields__
    with raw(store.path) as db:
        rows = db.execute("SELECT * FROM decisions").fetchall()
    assert len(rows) == 7
    for needle in ("peanut", "cashew", "allergic"):
        assert needle not in repr(rows).casefold()


def test_decide_returns_the_decision(store: SqliteStore) -> None:
    """Decisions: the decision returned is the one recorded."""
    memory = propose(store, "Prefers dark mode")
    decision = store.decide(memory, "approve", 7.0)
    assert (decision.memory_id, decision.action, decision.before, decision.after, decision.at) == (
        memory,
        "approve",
        "unconfirmed",
        "approved",
        7.0,
    )
    assert store.history(memory)[-1].seq == decision.seq


def test_edit_keeps_the_id_and_reindexes_words(store: SqliteStore) -> None:
    """Decisions: edit keeps the id; the old words no longer match, the new ones do; both texts map to it."""
    memory = store.propose("Enjoys kayaking on lakes", "I kayak a lot", "preferences", 1.0).id
    store.decide(memory, "approve", 2.0)
    store.decide(memory, "edit", 3.0, text="Enjoys sailing on oceans", category="background")
    edited = store.get(memory)
    assert edited is not None
    assert (edited.id, edited.text, edited.category, edited.state) == (
        memory,
        "Enjoys sailing on oceans",
        "background",
        "approved",
    )
    assert edited.quotes == ("I kayak a lot",)
    assert store.matches(frozenset({"kayaking"})).candidates == []
    assert store.matches(frozenset({"lakes"})).candidates == []
    found = store.matches(frozenset({"sailing", "oceans", "enjoys"}))
    assert [(c.memory.id, c.matched) for c in found.candidates] == [(memory, 3)]
    for text in ("Enjoys kayaking on lakes", "enjoys sailing on oceans."):
        again = store.propose(text, "new words", "other", 4.0)
        assert (again.id, again.new, again.state) == (memory, False, "approved")
    assert len(store.memories()) == 1


def test_edit_to_another_memorys_text_is_refused(store: SqliteStore) -> None:
    """Decisions: editing to a text that is already another memory is a StoreError and changes nothing."""
    first = propose(store, "Uses Emacs")
    second = propose(store, "Uses Neovim")
    with pytest.raises(StoreError) as raised:
        store.decide(first, "edit", 5.0, text="uses neovim.")
    assert second in str(raised.value)
    unchanged = store.get(first)
    assert unchanged is not None
    assert unchanged.text == "Uses Emacs"
    assert [c.memory.id for c in store.matches(frozenset({"emacs"})).candidates] == [first]
    assert [c.memory.id for c in store.matches(frozenset({"neovim"})).candidates] == [second]
    assert store.history() == []


def test_decide_on_unknown_id(store: SqliteStore) -> None:
    """Decisions: deciding on an id that does not exist raises UnknownMemory and records nothing."""
    for action in ("approve", "restrict", "reject", "reset", "edit"):
        with pytest.raises(UnknownMemory) as raised:
            store.decide("m_0123456789ab", action, 1.0, text="x" if action == "edit" else None)
        assert raised.value.memory_id == "m_0123456789ab"
    assert store.history() == []


def test_reject_erases_and_cannot_be_decided_again(store: SqliteStore) -> None:
    """Decisions: rejecting keeps only the id; nothing is left to decide on."""
    memory = store.propose("Lives in Porto", "I live in Porto", "background", 1.0).id
    store.decide(memory, "reject", 2.0)
    rejected = store.get(memory)
    assert rejected is not None
    assert (rejected.state, rejected.text, rejected.quotes) == ("rejected", "", ())
    assert store.matches(frozenset({"porto"})).candidates == []
    with pytest.raises(StoreError):
        store.decide(memory, "approve", 3.0)
    again = store.propose("Lives in Porto", "I really live in Porto", "background", 4.0)
    assert (again.id, again.new, again.state) == (memory, False, "rejected")
    assert store.quotes([memory]) == {memory: ()}


def test_a_restore_larger_than_one_lookup_finds_every_memory_it_knows(store: SqliteStore, tmp_path: Path) -> None:
    """Restore (the logic shared with PostgreSQL): the SQLite store looks keys up in chunks of 500
    bound values, so a file of more memories than that merges each known one, whichever chunk it
    falls in, and creates the rest with their words indexed."""
    source = SqliteStore.open(tmp_path / "source")
    ids = [propose(source, f"Keeps notebook number {n}", f"notebook {n}") for n in range(1_200)]
    exported = source.dump()
    source.close()
    # Chosen by proposal, not by place in the dump, which lists memories proposed at one moment by id.
    known = sorted(ids[n] for n in (0, 499, 500, 999, 1_000, 1_199))
    here = sorted(propose(store, record.text or "", "said here first") for record in exported if record.id in known)
    done = store.restore(exported)  # found by text: this store's ids are keyed with its own secret
    assert sorted(done.known) == here
    assert sorted(done.created) == sorted(set(ids) - set(known))
    assert done.quotes_added == len(known)
    assert store.quotes([here[0]])[here[0]][0] == "said here first"
    assert len(store.quotes([here[0]])[here[0]]) == 2
    assert [c.memory.id for c in store.matches(frozenset({"1198"})).candidates] == [
        ids[1198]  # its id from the store it came from
    ]
