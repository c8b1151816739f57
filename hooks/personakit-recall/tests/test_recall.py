"""The recall plugin in a real kit on a real SQLite file: what it finds, what it keeps, what it drops."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from personakit_plugin import Document, PersonaKit, View
from recall_testing import BULLETS, BULLETS_QUOTE, OTHERS, PARAPHRASE, TIMEOUT, environ, index_of, owner

import personakit_recall
from personakit_recall import index as recall_index

MakeKit = Callable[..., PersonaKit]


def fill(kit: PersonaKit) -> list[str]:
    ids = [kit.propose(text, quote, category).id for text, quote, category in OTHERS]
    return [i for i in ids if i]


def ids(kit: PersonaKit, question: str, limit: int = 7) -> list[str]:
    return [memory.id for memory in kit.read(question, limit).memories]


def test_a_paraphrase_that_shares_no_word_is_found_first(recall_kit: MakeKit) -> None:
    kit = recall_kit()
    fill(kit)
    bullets = kit.propose(BULLETS, BULLETS_QUOTE, "communication").id
    assert ids(kit, PARAPHRASE)[0] == bullets


def test_without_the_plugin_the_paraphrase_is_not_found(personakit_make_kit: MakeKit) -> None:
    kit = personakit_make_kit()  # the default alone: the test above is about the plugin, not the data
    fill(kit)
    bullets = kit.propose(BULLETS, BULLETS_QUOTE, "communication").id
    assert bullets not in ids(kit, PARAPHRASE)


def test_a_word_form_finds_its_memory(recall_kit: MakeKit) -> None:
    kit = recall_kit()
    fill(kit)
    cycling = kit.propose("Goes cycling in the summer", "I take the bike when it's warm", "background").id
    assert kit.retrieve("Has the user cycled to work before?", 7)[0].id == cycling  # type: ignore[index]
    assert "cycl" in index_of(kit).stems_of(cycling)


def test_nothing_relevant_brings_nothing_and_the_read_shows_no_more_than_the_fill(
    recall_kit: MakeKit,
) -> None:
    kit = recall_kit()
    for memory in fill(kit):
        kit.store.decide(memory, "approve", kit.now())
    question = "What is their shoe size?"
    assert kit.retrieve(question, 7) == []
    assert len(kit.read(question, 7).memories) <= 3


def test_a_reject_by_another_process_is_dropped_at_the_next_read_vectors_and_stems(
    recall_kit: MakeKit, personakit_data_dir: Path
) -> None:
    kit = recall_kit()
    fill(kit)
    bullets = kit.propose(BULLETS, "the zyxwords quote", "communication").id
    assert bullets is not None
    assert ids(kit, PARAPHRASE)[0] == bullets
    index = index_of(kit)
    assert index.vector(bullets) is not None and "zyxword" in index.postings
    before = index.nonzero_rows()

    owner(personakit_data_dir, "reject", bullets)

    assert bullets not in ids(kit, PARAPHRASE)
    assert bullets not in index.rows and index.vector(bullets) is None
    assert index.nonzero_rows() == before - 1 == len(index)  # its row was zeroed, not just forgotten
    assert "zyxword" not in index.postings  # a stem only it held left the vocabulary
    assert all(index.rows.get(memory) is not None for memory in ids(kit, "fish shell"))


def test_an_edit_is_embedded_again(recall_kit: MakeKit) -> None:
    kit = recall_kit()
    fill(kit)
    memory = kit.propose("Drinks green tea in the afternoon", "green tea after lunch", "preferences").id
    assert memory is not None
    kit.read("tea", 7)
    old = index_of(kit).vector(memory)
    kit.store.decide(memory, "edit", kit.now(), text=BULLETS)
    assert ids(kit, PARAPHRASE)[0] == memory
    assert not np.allclose(index_of(kit).vector(memory), old)  # type: ignore[arg-type]


def test_a_view_never_indexes_a_memory_outside_it(recall_kit: MakeKit, personakit_data_dir: Path) -> None:
    writer = recall_kit()
    outside = writer.propose(BULLETS, BULLETS_QUOTE, "communication").id
    inside = writer.propose("Uses the fish shell", "fish, always", "tools").id
    viewer = recall_kit(View.parse("tools"))
    assert outside not in ids(viewer, PARAPHRASE)
    assert set(index_of(viewer).rows) == {inside}


def test_the_model_is_not_loaded_before_the_first_read(
    recall_kit: MakeKit, monkeypatch: pytest.MonkeyPatch
) -> None:
    loads: list[str] = []
    real = personakit_recall.load_encoder

    def counted(**given: object) -> object:
        loads.append("loaded")
        return real(**given)

    monkeypatch.setattr(personakit_recall, "_encoder", None)
    monkeypatch.setattr(personakit_recall, "load_encoder", counted)
    kit = recall_kit()
    kit.propose(BULLETS, BULLETS_QUOTE, "communication")
    assert loads == []  # opening the kit, registering the plugin and a proposal load nothing
    kit.read(PARAPHRASE, 7)
    assert loads == ["loaded"]
    kit.read(PARAPHRASE, 7)
    assert loads == ["loaded"]  # once per process


def test_a_large_store_is_indexed_in_the_background_and_reads_go_on_by_words(
    recall_kit: MakeKit, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(personakit_recall, "INLINE_BUILD", 2)
    kit = recall_kit()
    fill(kit)
    bullets = kit.propose(BULLETS, BULLETS_QUOTE, "communication").id
    assert kit.retrieve(PARAPHRASE, 7) is None  # building: the plugin stays out of this read
    state = personakit_recall.state_of(kit)
    assert state.building is not None
    state.building.join(60)
    found = kit.retrieve(PARAPHRASE, 7)
    assert found is not None and found[0].id == bullets


def test_a_memory_rejected_during_a_background_build_leaves_nothing_after_the_next_read(
    recall_kit: MakeKit, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build reads a page at a time; a read meanwhile drops what changed from what is built, and
    the build skips it in the page it has already read."""
    monkeypatch.setattr(personakit_recall, "INLINE_BUILD", 2)
    monkeypatch.setattr(personakit_recall, "PAGE", 2)
    kit = recall_kit()
    fill(kit)
    kit.propose(BULLETS, BULLETS_QUOTE, "communication")
    first_page, second_page = (
        sorted(document.id for document in kit.documents())[at : at + 2] for at in (0, 2)
    )
    prepare, pages, gate = recall_index.Index.prepare, [], threading.Event()

    def held(
        index: recall_index.Index, documents: list[Document], known: object = None
    ) -> recall_index.Prepared:
        pages.append([document.id for document in documents])
        if len(pages) == 2:
            gate.wait(60)  # the second page is read; the first is in the index
        return prepare(index, documents, known)  # type: ignore[arg-type]

    monkeypatch.setattr(recall_index.Index, "prepare", held)
    assert kit.retrieve(PARAPHRASE, 7) is None  # the build begins
    state = personakit_recall.state_of(kit)
    assert state.building is not None
    building = state.building
    while len(pages) < 2:
        time.sleep(0.01)
    assert pages == [first_page, second_page]
    kit.store.decide(first_page[0], "reject", kit.now())
    kit.store.decide(second_page[0], "reject", kit.now())
    assert kit.retrieve(PARAPHRASE, 7) is None  # still building, but what was rejected is gone
    assert first_page[0] not in building.index.rows and first_page[1] in building.index.rows
    assert building.index.nonzero_rows() == 1
    gate.set()
    building.join(60)
    assert second_page[0] not in building.index.rows  # read before its reject, skipped
    kit.retrieve(PARAPHRASE, 7)
    index = index_of(kit)
    assert index is building.index and not {first_page[0], second_page[0]} & set(index.rows)
    assert set(index.rows) == {document.id for document in kit.documents()}


def test_vectors_kept_as_bytes_score_as_the_model_does() -> None:
    vectors = np.random.default_rng(7).normal(size=(200, 256)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    steps, scales = recall_index.quantized(vectors)
    assert steps.dtype == np.int8
    back = steps.astype(np.float32) * scales[:, None]
    assert np.abs(back @ vectors[0] - vectors @ vectors[0]).max() < 0.003


def test_the_index_grows_without_losing_a_row() -> None:
    from personakit_recall.stems import stemmer

    def encode(texts: Sequence[str]) -> np.ndarray:
        found = np.zeros((len(texts), 8), dtype=np.float32)
        for at, text in enumerate(texts):
            found[at, len(text) % 8] = 1.0
        return found

    index = recall_index.Index(encode, stemmer())
    docs = [
        Document(
            id=f"m{i:05}", text="x" * (i % 8 + 1), category="other", state="approved", touched=0.0, quotes=()
        )
        for i in range(3 * recall_index.GROWTH)
    ]
    for start in range(0, len(docs), 500):
        index.upsert(docs[start : start + 500])
    assert index.nonzero_rows() == len(docs)
    for doc in docs[:: recall_index.GROWTH // 2]:
        assert (
            int(np.argmax(index.vector(doc.id))) == (i := len(doc.text) % 8)
            and index.vector(doc.id)[i] > 0.99
        )  # type: ignore[index]


def test_a_matrix_grows_in_place_and_is_copied_only_while_a_view_of_it_is_held() -> None:
    def memory_of(matrix: np.ndarray) -> object:
        base = matrix.base
        while not isinstance(base, memoryview):
            base = base.base  # type: ignore[union-attr]
        return base.obj

    matrix = recall_index.grown([np.zeros((0, 4), dtype=np.int8)], 3)
    matrix[:] = 7
    first = memory_of(matrix)
    box = [matrix]
    del matrix
    bigger = recall_index.grown(box, 1000)
    assert memory_of(bigger) is first  # moved, not copied
    assert bigger[:3].tolist() == [[7] * 4] * 3 and not bigger[3:].any()
    held = bigger[:1]
    box = [bigger]
    del bigger
    copied = recall_index.grown(box, 2000)
    assert memory_of(copied) is not first and copied[:3].tolist() == [[7] * 4] * 3 and not copied[3:].any()
    assert held.tolist() == [[7] * 4]  # the view held is still good


def test_a_model_that_cannot_be_loaded_leaves_reads_to_words(
    recall_kit: MakeKit, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(personakit_recall, "_encoder", None)
    monkeypatch.setattr(personakit_recall, "_encoder_failed", None)
    monkeypatch.setenv("PERSONAKIT_RECALL_MODEL", str(tmp_path / "no-such-model"))
    kit = recall_kit()
    tea = kit.propose("Drinks green tea", "green tea please", "preferences").id
    assert kit.retrieve("tea", 7) is None
    assert ids(kit, "tea") == [tea]
    assert "not loaded" in personakit_recall.PERSONAKIT_DETAIL()


def test_bm25_weighs_a_rare_stem_above_a_common_one() -> None:
    from personakit_plugin import Document

    from personakit_recall.stems import stemmer

    index = recall_index.Index(lambda texts: np.zeros((len(texts), 4), dtype=np.float32), stemmer())
    docs = [
        Document(id=f"m{i}", text=text, category="other", state="approved", touched=float(i), quotes=())
        for i, text in enumerate(["likes coffee", "likes tea", "likes walking", "likes oolong"])
    ]
    index.replace_all(docs)
    scores = index.bm25("likes oolong", len(docs))
    assert scores.argmax() == index.rows["m3"]
    assert scores[index.rows["m0"]] > 0  # the common stem still counts a little


def test_the_owners_review_finds_similar_memories_by_the_same_meaning(
    recall_kit: MakeKit, personakit_data_dir: Path
) -> None:
    kit = recall_kit()
    fill(kit)
    tea = kit.propose("Drinks green tea every afternoon", "green tea at four, always", "preferences").id
    kit.propose("Has a cup of sencha after lunch", "sencha after lunch", "preferences")

    def first_shown(plugins: str) -> str:
        """What `personakit review` shows of the newest memory (sencha) before the owner quits."""
        done = subprocess.run(
            [sys.executable, "-m", "personakit_plugin", "--data-dir", str(personakit_data_dir), "review"],
            input="q\n",
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env=environ(PERSONAKIT_PLUGINS=plugins),
        )
        assert done.returncode == 0, done.stderr
        shown = done.stdout.split("── 1 of ", 1)[1].split("[a]pprove", 1)[0]
        assert "Has a cup of sencha after lunch" in shown
        return shown

    assert "Similar memories: none." in first_shown("")  # they share no word
    by_meaning = f"Similar memories:\n  {tea}  unconfirmed Drinks green tea every afternoon\n"
    assert by_meaning in first_shown("recall")


def test_a_questions_frame_words_leave_its_vector_and_its_other_words_stay() -> None:
    assert recall_index.question_text("What does the user like to eat?") == "what does the to eat"
    assert recall_index.question_text("Is there anything about the owner's dog?") == "is the dog"
    assert recall_index.question_text("Any likes?") == "any likes"  # all frame: all its words


def test_a_question_without_a_word_asks_nothing() -> None:
    """Punctuation, emoji, control characters and lone surrogates alone (which no tokenizer takes) leave
    nothing to embed; a lone surrogate beside words is left out."""
    for wordless in ("", " \t", "?!…", "🦜🪐", "\x1b[\x07", "\ud800", "\udfff \ud83d"):
        assert recall_index.question_text(wordless) == ""
    assert recall_index.question_text("user \ud800?") == "user"
    assert recall_index.question_text("\ud800 tea") == "tea"


def test_words_the_model_has_no_pieces_for_mean_nothing() -> None:
    """The bundled model's unknown token counts as nothing: a text of such words (or of no word) has no
    vector, and a known word beside them has the vector it has alone."""
    from personakit_recall import encoders

    model = encoders.load({})
    unknown = ["ᚠᚢᚦᚨᚱᚲ", "🦜🪐🧿", "ሰላም ሰላም", "…!?", ""]
    pieces = [model._tokenizer.encode(text, add_special_tokens=False).tokens for text in unknown[:3]]
    assert {token for tokens in pieces for token in tokens} == {"[UNK]"}
    vectors = model.encode([*unknown, "coffee ᚠᚢᚦᚨᚱᚲ 🦜", "coffee"])
    assert not vectors[: len(unknown)].any()
    assert np.abs(vectors[-2] - vectors[-1]).max() < 1e-6 and np.linalg.norm(vectors[-1]) > 0.99
    words = [encoders.content_words(text) for text in (*unknown, "coffee")]
    assert (
        np.abs(model.encode_words([*unknown, "coffee"], words) - model.encode([*unknown, "coffee"])).max()
        < 1e-6
    )


def test_a_question_of_unknown_words_brings_no_memory_of_unknown_words(recall_kit: MakeKit) -> None:
    """Each used to be the model's vector of its unknown token: any question of words it has no pieces
    for brought every memory of such words, at a cosine near one."""
    kit = recall_kit()
    for text in ("☕☕☕", "ሰላም ሰላም", "ଓଡ଼ିଆ ଭାଷା", "…!?", BULLETS):
        kit.propose(text, f"I said: {text}", "preferences")
    for question in ("ᚠᚢᚦᚨᚱᚲ?", "🦜🪐🧿", "?!", "\ud800", "user \ud800", "ꙮꙮꙮ"):
        brought = kit.retrieve(question, 7)
        assert brought == [], (question, brought)
        assert kit.read(question, 7).memories == []
    assert [memory.text for memory in kit.read(PARAPHRASE, 7).memories][:1] == [BULLETS]


def test_each_model_brings_its_own_fusion_weights() -> None:
    """A model's `bm25_weight` and `quote_weight` are what its index fuses with; one that says none gets
    the bundled model's."""
    from personakit_plugin import Document

    def encode(texts: Sequence[str]) -> np.ndarray:  # the text on one axis, the quote on the other
        return np.array(
            [[0.0, 1.0] if text.startswith("quote") else [1.0, 0.0] for text in texts], np.float32
        )

    class Model:
        threshold = 0.0
        bm25_weight = 0.0
        quote_weight = 1.0

        def encode(self, texts: Sequence[str]) -> np.ndarray:
            return encode(texts)

    class Bare:
        threshold = 0.0

        def encode(self, texts: Sequence[str]) -> np.ndarray:
            return encode(texts)

    doc = Document(
        id="m1",
        text="likes oolong",
        category="other",
        state="approved",
        touched=1.0,
        quotes=("quote oolong",),
    )
    weighed, bare = personakit_recall.new_index(Model()), personakit_recall.new_index(Bare())
    for index in (weighed, bare):
        index.replace_all([doc])
    assert weighed.weights == recall_index.Weights(bm25=0.0, quote=1.0)
    assert bare.weights == recall_index.Weights(recall_index.BM25_WEIGHT, recall_index.QUOTE_WEIGHT)
    assert np.allclose(weighed.vector("m1"), [0.7071, 0.7071], atol=0.01)  # text and quote alike
    text, quote = 1.0, recall_index.QUOTE_WEIGHT
    assert np.allclose(bare.vector("m1"), np.array([text, quote]) / np.hypot(text, quote), atol=0.01)
    assert weighed.scores("oolong")[1][0] == pytest.approx(0.7071, abs=0.01)  # no BM25 added
    assert bare.scores("oolong")[1][0] > bare.vector("m1")[0] + 0.1  # the stem's BM25 on top


def test_a_chunk_split_once_is_indexed_as_each_memory_alone_would_be() -> None:
    """`prepare` splits each text once and stems each distinct word once: the vectors and stems it gives
    are those of each memory's text and quotes embedded and stemmed on their own."""
    from test_encoders import varied_texts

    from personakit_recall import encoders, new_index, stems

    model = encoders.load({})
    index = new_index(model)
    texts = varied_texts(300)
    documents = [
        Document(
            id=f"m{at}",
            text=text or "empty",
            category="background",
            state="approved",
            touched=0.0,
            quotes=tuple(texts[(at + step) % len(texts)] * (1 + step * 40) for step in range(at % 3)),
        )
        for at, text in enumerate(texts)
    ]
    prepared = index.prepare(documents)
    stem = stems.stemmer()
    for at, document in enumerate(documents):
        vector = model.encode([document.text])[0]
        if document.quotes:
            joined = " ".join(quote[: recall_index.EVIDENCE_LIMIT] for quote in document.quotes)
            vector = vector + recall_index.QUOTE_WEIGHT * model.encode([joined])[0]
            vector /= np.linalg.norm(vector) or 1.0
        # kept as the index keeps it (`quantized`): each component within half a step of the model's
        assert np.abs(prepared.vectors[at] - vector).max() <= prepared.scales[at] * 0.5 + 1e-5, document
        counts: dict[str, float] = {}
        for found in stem(document.text):
            counts[found] = counts.get(found, 0) + 1
        for quote in document.quotes:
            for found in stem(quote[: recall_index.EVIDENCE_LIMIT]):
                counts[found] = counts.get(found, 0.0) + recall_index.QUOTE_TF
        assert list(prepared.counts[at].items()) == list(counts.items()), document


@pytest.mark.parametrize(("groups_itself", "calls"), [(False, [1, 32, 32, 16]), (True, [1, 80])])
def test_an_encoder_that_groups_its_texts_itself_is_given_a_page_at_once(
    groups_itself: bool, calls: list[int]
) -> None:
    """A transformer's encoder sorts and groups texts itself (and runs groups side by side): the index
    hands it all of a page's texts and quotes in one call; any other gets batches of `index.BATCH` (the
    first call, of one text, asks the model's dimension)."""
    from personakit_plugin import Document

    from personakit_recall.stems import stemmer

    given: list[int] = []

    def encode(texts: Sequence[str]) -> np.ndarray:
        given.append(len(texts))
        return np.ones((len(texts), 4), dtype=np.float32)

    index = recall_index.Index(encode, stemmer(), groups_itself=groups_itself)
    documents = [
        Document(
            id=f"m{i}",
            text=f"memory {i}",
            category="other",
            state="approved",
            touched=float(i),
            quotes=(f"said {i}",),
        )
        for i in range(40)
    ]
    index.replace_all(documents)
    assert given == calls
    assert len(index) == 40
