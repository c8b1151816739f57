"""The vectors recall keeps in the store: taken at a restart, by another process and by the owner's
commands instead of being embedded again, erased with every change to their memory, and built in the
background for a new model, with its progress in `personakit doctor`."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from personakit_plugin import PersonaKit
from recall_testing import BULLETS, BULLETS_QUOTE, OTHERS, PARAPHRASE, TIMEOUT, environ, index_of, owner

import personakit_recall
from personakit_recall import encoders, kept
from personakit_recall.index import question_text

MakeKit = Callable[..., PersonaKit]
ASKED = question_text(PARAPHRASE)
"""The question every read here asks, as the index embeds it."""


class Counting:
    """The real model, counting the texts it embeds for memories (texts and quotes; not questions)."""

    def __init__(self, model: encoders.Encoder) -> None:
        self.model = model
        self.name = model.name
        self.threshold = model.threshold
        self.bm25_weight = getattr(model, "bm25_weight", 0.35)
        self.quote_weight = getattr(model, "quote_weight", 0.2)
        self.texts = 0

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self.model.encode(texts)

    def encode_words(self, texts: Sequence[str], words: Sequence[list[str]]) -> np.ndarray:
        self.texts += sum(text != ASKED for text in texts)  # the question is embedded this way too
        return self.model.encode_words(texts, words)  # type: ignore[attr-defined]


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> Counting:
    model = Counting(encoders.load({}))
    monkeypatch.setattr(personakit_recall, "_encoder", model)
    return model


def fill(kit: PersonaKit) -> list[str]:
    ids = [kit.propose(text, quote, category).id for text, quote, category in OTHERS]
    ids.append(kit.propose(BULLETS, BULLETS_QUOTE, "communication").id)
    return [memory for memory in ids if memory]


def settled(kit: PersonaKit) -> None:
    """Until the rows this kit's recall handed over are written."""
    personakit_recall.state_of(kit).keeper.wait()


def test_a_restart_takes_every_vector_from_the_store_and_embeds_none(
    recall_kit: MakeKit, counting: Counting
) -> None:
    first = recall_kit()
    memories = fill(first)
    assert first.read(PARAPHRASE, 7).memories[0].id == memories[-1]
    settled(first)
    assert counting.texts > 0
    name = kept.kind(first)
    assert first.derived_count(name) == (len(memories), len(memories))
    embedded, before = counting.texts, index_of(first)
    first.close()

    again = recall_kit()  # a new kit on the same folder: a server started again
    assert again.read(PARAPHRASE, 7).memories[0].id == memories[-1]
    assert counting.texts == embedded  # nothing embedded: every vector came from the store
    after = index_of(again)
    for memory in memories:  # and the index is the one the first built, to the bit
        assert np.array_equal(after.vector(memory), before.vector(memory))  # type: ignore[arg-type]
        row, old = after.rows[memory], before.rows[memory]
        assert np.array_equal(after._coarse[row], before._coarse[old])  # type: ignore[index]
        assert sorted(after.stems_of(memory)) == sorted(before.stems_of(memory))


def test_a_change_embeds_that_memory_alone_and_keeps_it_again(
    recall_kit: MakeKit, counting: Counting
) -> None:
    kit = recall_kit()
    memories = fill(kit)
    kit.read(PARAPHRASE, 7)
    settled(kit)
    name, tea = kept.kind(kit), memories[0]
    embedded = counting.texts
    kit.store.decide(tea, "approve", kit.now())  # the store erases its row; the index still holds its vector
    assert kit.derived(name, [tea]) == {}
    kit.read(PARAPHRASE, 7)
    settled(kit)
    assert counting.texts == embedded  # the same text and quotes: not embedded again, its row kept again
    assert kit.derived(name, [tea]) == {tea: index_of(kit).kept_row(tea)}
    kit.store.decide(tea, "edit", kit.now(), text="Owns a vizsla called Paprika, and a cat")
    kit.read(PARAPHRASE, 7)
    settled(kit)
    assert counting.texts == embedded + 2  # the edited memory alone: its text and its quotes
    assert kit.derived_count(name) == (len(memories), len(memories))


def test_another_process_and_the_owners_commands_take_the_kept_vectors(
    recall_kit: MakeKit, counting: Counting, personakit_data_dir: Path
) -> None:
    kit = recall_kit()
    memories = fill(kit)
    kit.read(PARAPHRASE, 7)
    settled(kit)
    kit.close()
    code = (
        "import json, sys\n"
        "import personakit_recall\n"
        "from personakit_plugin import PersonaKit\n"
        "from personakit_recall import encoders\n"
        "from personakit_recall.index import question_text\n"
        "model = encoders.load({})\n"
        "embedded = []\n"
        "real = model.encode_words\n"
        "asked = question_text(sys.argv[2])  # the question is embedded this way too\n"
        "def counted(texts, words):\n"
        "    embedded.extend(text for text in texts if text != asked)\n"
        "    return real(texts, words)\n"
        "model.encode_words = counted\n"
        "personakit_recall._encoder = model\n"
        "kit = PersonaKit.open(sys.argv[1], plugins=[personakit_recall])\n"
        "found = [m.id for m in kit.read(sys.argv[2], 7).memories]\n"
        "print(json.dumps({'first': found[0], 'embedded': len(embedded)}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(personakit_data_dir), PARAPHRASE],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=environ(),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"first": memories[-1], "embedded": 0}


def test_a_reject_by_the_owner_erases_the_kept_vector(recall_kit: MakeKit, personakit_data_dir: Path) -> None:
    import sqlite3

    kit = recall_kit()
    memories = fill(kit)
    kit.read(PARAPHRASE, 7)
    settled(kit)
    bullets = memories[-1]
    row = index_of(kit).kept_row(bullets)
    assert row is not None and kit.derived(kept.kind(kit), [bullets]) == {bullets: row}
    owner(personakit_data_dir, "reject", bullets)
    db = sqlite3.connect(kit.store.path)  # the default store's SQLite file
    try:
        assert db.execute("SELECT count(*) FROM derived WHERE data = ?", (row,)).fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM derived").fetchone() == (len(memories) - 1,)
    finally:
        db.close()
    assert bullets not in [m.id for m in kit.read(PARAPHRASE, 7).memories]


class Gated:
    """A sentence model stand-in (no `encode_words`: a slow model) whose vectors are a hash of the text.
    The first build's thread (`hold`) waits at its second call with memories until `gate` is set."""

    threshold = 0.0

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.waiting = threading.Event()
        self.hold: threading.Thread | None = None
        self.calls: dict[int, int] = {}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        thread = threading.current_thread()
        if self.hold is None and thread.name == "personakit-recall-build":
            self.hold = thread  # the first build's thread
        if thread is self.hold and list(texts) != ["dimension"]:
            self.calls[thread.ident or 0] = self.calls.get(thread.ident or 0, 0) + 1
            if self.calls[thread.ident or 0] >= 2:
                self.waiting.set()
                self.gate.wait(TIMEOUT)
        found = np.zeros((len(texts), 16), dtype=np.float32)
        for at, text in enumerate(texts):
            found[at, hash(text) % 16] = 1.0
            found[at, len(text) % 16] += 0.5
        return found / np.linalg.norm(found, axis=1, keepdims=True)


@pytest.fixture
def gated(monkeypatch: pytest.MonkeyPatch) -> Gated:
    """A slow model that stalls the first build at its second chunk of two memories."""
    model = Gated()
    monkeypatch.setattr(personakit_recall, "_encoder", model)
    monkeypatch.setattr(personakit_recall, "INLINE_EMBED", 2)
    monkeypatch.setattr(personakit_recall, "KEEP_EVERY", 2)
    return model


def fill_more(kit: PersonaKit) -> list[str]:
    """`fill`, and five memories more: enough chunks of two for a build to stall in."""
    return fill(kit) + [
        kit.propose(f"Keeps notebook number {n}", f"notebook {n}", "other").id or "" for n in range(5)
    ]


def test_a_new_model_builds_in_the_background_and_a_second_process_takes_up_what_the_first_kept(
    recall_kit: MakeKit, gated: Gated
) -> None:
    """The first kit's build keeps one chunk, then stalls; a second kit starting meanwhile takes that
    chunk from the store and embeds only the rest; reads go on by words in both while they build."""
    model = gated
    one = recall_kit()
    memories = fill_more(one)
    name = kept.kind(one)
    assert one.retrieve(PARAPHRASE, 7) is None  # a new model: built in the background, reads by words
    first = personakit_recall.state_of(one).building
    assert first is not None
    model.waiting.wait(TIMEOUT)  # the first chunk is kept, the second waits
    assert one.derived_count(name) == (2, len(memories))

    two = recall_kit()
    assert two.retrieve(PARAPHRASE, 7) is None
    second = personakit_recall.state_of(two).building
    assert second is not None
    second.join(TIMEOUT)
    assert second.embedded == len(memories) - 2  # the chunk the first kept was taken, not embedded again
    assert two.retrieve(PARAPHRASE, 7) is not None
    assert two.derived_count(name) == (len(memories), len(memories))
    model.gate.set()
    first.join(TIMEOUT)
    assert one.retrieve(PARAPHRASE, 7) is not None


def test_a_kit_closed_right_after_a_read_keeps_the_vectors_it_was_writing(
    recall_kit: MakeKit, counting: Counting, caplog: pytest.LogCaptureFixture
) -> None:
    """The keeper lingers before it writes (a burst of proposals is one write): a kit closed within that
    moment (a server stopping after its last answer) still writes every row before its store closes,
    and says nothing."""
    kit = recall_kit()
    memories = fill(kit)
    name = kept.kind(kit)
    with caplog.at_level("WARNING", logger="personakit.recall"):
        kit.read(PARAPHRASE, 7)
        kit.close()
    assert caplog.records == []
    again = recall_kit()
    assert again.derived_count(name) == (len(memories), len(memories))


def test_a_build_in_progress_is_given_up_quietly_when_its_kit_closes(
    recall_kit: MakeKit, gated: Gated, caplog: pytest.LogCaptureFixture
) -> None:
    """A kit closing while its index is built in the background waits for the chunk being embedded,
    keeps it while the store is open, and ends the build: nothing touches the closed store, nothing
    is logged."""
    model = gated
    kit = recall_kit()
    memories = fill_more(kit)
    name = kept.kind(kit)
    assert kit.retrieve(PARAPHRASE, 7) is None
    build = personakit_recall.state_of(kit).building
    assert build is not None
    model.waiting.wait(TIMEOUT)  # the first chunk kept, the second being embedded
    threading.Timer(0.3, model.gate.set).start()  # the chunk ends while the kit closes
    with caplog.at_level("WARNING", logger="personakit.recall"):
        kit.close()
        build.join(TIMEOUT)
    assert not build.thread.is_alive()
    assert caplog.records == []
    again = recall_kit()
    assert again.derived_count(name) == (4, len(memories))  # two chunks kept, then it stopped


def test_doctor_shows_how_far_the_index_is_built(recall_kit: MakeKit, personakit_data_dir: Path) -> None:
    kit = recall_kit()
    memories = fill(kit)

    def doctor() -> str:
        done = subprocess.run(
            [sys.executable, "-m", "personakit_plugin", "--data-dir", str(personakit_data_dir), "doctor"],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env=environ(PERSONAKIT_PLUGINS="recall"),
            stdin=subprocess.DEVNULL,
        )
        return done.stdout

    assert f"0 of {len(memories)} memories indexed" in doctor()
    kit.read(PARAPHRASE, 7)
    settled(kit)
    assert f"{len(memories)} of {len(memories)} memories indexed" in doctor()
    kit.propose("Drinks green tea", "green tea please", "preferences")  # not read since: not indexed yet
    assert f"{len(memories)} of {len(memories) + 1} memories indexed" in doctor()


def test_a_kit_cursor_keeps_rows_and_one_of_another_masking_keeps_none(recall_kit: MakeKit) -> None:
    kit = recall_kit()
    memories = fill(kit)
    cursor = kit.changes(None).cursor  # `<masking>/<store cursor>`: the kit hands the store its own part
    name = kept.kind(kit)
    assert cursor.startswith(kit.redaction + "/")
    assert kit.keep_derived(name, {memories[0]: b"row"}, cursor) == [memories[0]]
    assert kit.derived(name, [memories[0]]) == {memories[0]: b"row"}
    store_cursor = cursor.partition("/")[2]
    for stale in (f"{'0' * len(kit.redaction)}/{store_cursor}", store_cursor):  # another masking, or none
        assert kit.keep_derived(name, {memories[1]: b"row"}, stale) == []
    assert kit.derived(name, [memories[1]]) == {}


def test_the_kind_names_the_bundled_models_files_by_their_content(
    recall_kit: MakeKit, tmp_path: Path
) -> None:
    import shutil

    kit = recall_kit()
    files = kept.model_files({}, None)
    assert isinstance(files, list) and files
    assert all(path.is_relative_to(encoders.bundled_model_folder()) for path in files)
    copy = tmp_path / "model"
    shutil.copytree(encoders.bundled_model_folder(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    bundled = kept.kind(kit, {})
    assert kept.kind(kit, {encoders.MODEL_ENV: str(copy)}) == bundled  # the same files elsewhere
    with (copy / "config.json").open("a", encoding="utf-8") as file:
        file.write(" ")
    assert kept.kind(kit, {encoders.MODEL_ENV: str(copy)}) != bundled  # a file changed: another model


def test_rows_handed_over_together_are_kept_in_one_write_each_only_if_unchanged_since_its_cursor(
    recall_kit: MakeKit, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A burst of proposals, each indexed by the read after it, is kept in one write transaction; a row
    whose memory changed after the cursor it was handed with is not kept, whichever cursor the write
    goes by."""
    monkeypatch.setattr(kept, "LINGER", 60.0)  # nothing is written until `wait`
    kit = recall_kit()
    first, second, third = fill(kit)[:3]
    name, keeper = kept.kind(kit), kept.Keeper()
    writes: list[dict[str, bytes]] = []
    keep_derived = kit.keep_derived

    def counted(kind: str, rows: dict[str, bytes], since: str) -> list[str]:
        writes.append(dict(rows))
        return keep_derived(kind, rows, since)

    monkeypatch.setattr(kit, "keep_derived", counted)
    keeper.put(kit, name, {first: b"first", second: b"second, as it was read"}, kit.changes(None).cursor)
    kit.store.decide(second, "approve", kit.now())  # shown unmasked now: its row of before is stale
    keeper.put(kit, name, {third: b"third"}, kit.changes(None).cursor)
    keeper.wait()
    assert len(writes) == 1
    assert kit.derived(name, [first, second, third]) == {first: b"first", third: b"third"}
    assert keeper.kept == 2


def test_a_restart_of_a_large_store_counts_it_and_reads_none_of_it_within_the_read(
    recall_kit: MakeKit, counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store too large to index within a read is known by its count of kept vectors: the first read
    after a restart starts the build and goes by words, without reading the store first."""
    monkeypatch.setattr(personakit_recall, "INLINE_BUILD", 3)
    first = recall_kit()
    memories = fill(first)
    assert first.retrieve(PARAPHRASE, 7) is None  # more than INLINE_BUILD: built in the background
    built = personakit_recall.state_of(first).building
    assert built is not None
    built.join(TIMEOUT)
    settled(first)
    assert first.derived_count(kept.kind(first)) == (len(memories), len(memories))
    first.close()

    read_by: list[str] = []
    documents = PersonaKit.documents

    def recorded(self: PersonaKit, *args: object, **kwargs: object) -> object:
        read_by.append(threading.current_thread().name)
        return documents(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(PersonaKit, "documents", recorded)
    again = recall_kit()
    embedded = counting.texts
    assert again.retrieve(PARAPHRASE, 7) is None
    assert threading.current_thread().name not in read_by  # the read read no memory
    building = personakit_recall.state_of(again).building
    assert building is not None
    building.join(TIMEOUT)
    assert again.read(PARAPHRASE, 7).memories[0].id == memories[-1]
    assert counting.texts == embedded  # every vector taken from the store


def test_the_kind_of_an_installed_model_names_the_onnx_file_it_runs_on(
    recall_kit: MakeKit, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """all-MiniLM-L6-v2 by name runs on its companion's int8 file where that is installed, whose vectors are
    not numpy's: vectors kept by one are not taken by the other, nor by another int8 file."""
    from personakit_recall import bert

    folder, companion = tmp_path / "model", tmp_path / "companion"
    folder.mkdir()
    (folder / "config.json").write_text("{}", encoding="utf-8")
    installed = encoders.installed_model("all-MiniLM-L6-v2")
    assert installed is not None and installed.onnx is not None
    monkeypatch.setattr(encoders, "installed_folder", lambda model, unpack=True: folder)
    monkeypatch.setattr(encoders, "package_folder", lambda package: companion)
    monkeypatch.setattr(bert, "onnxruntime_installed", lambda: True)
    kit, environ = recall_kit(), {encoders.MODEL_ENV: "all-MiniLM-L6-v2"}
    on_numpy = kept.kind(kit, environ)  # no companion file
    companion.mkdir()
    (companion / "model.onnx").write_bytes(b"an int8 file")
    on_int8 = kept.kind(kit, environ)
    (companion / "model.onnx").write_bytes(b"another int8 file")
    assert len({on_numpy, on_int8, kept.kind(kit, environ)}) == 3
    monkeypatch.setattr(bert, "onnxruntime_installed", lambda: False)  # the file is there, never run
    assert kept.kind(kit, environ) == on_numpy
