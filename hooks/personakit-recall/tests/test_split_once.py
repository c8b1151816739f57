"""A read splits its question into words once, whatever the hooks do with it: the kit makes the read's
`ReadRequest`, and the default read, the word index, the ranking and the recall plugin's retriever (its
embedding, its frame words and its stems) all take the words from it."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from personakit_plugin import PersonaKit, split_words
from recall_testing import BULLETS, BULLETS_QUOTE, OTHERS, PARAPHRASE

import personakit_recall

MakeKit = Callable[..., PersonaKit]


def counted_splits(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text `split_words` is called on from now, wherever a module imported it from."""
    calls: list[str] = []
    original = split_words

    def counting(text: str) -> list[str]:
        calls.append(text)
        return original(text)

    for module in list(sys.modules.values()):
        if getattr(module, "split_words", None) is original:
            monkeypatch.setattr(module, "split_words", counting)
    return calls


@pytest.mark.parametrize("question", [PARAPHRASE, "What does the user like to read about?", "bullets"])
def test_a_read_with_recall_splits_its_question_once(
    recall_kit: MakeKit, monkeypatch: pytest.MonkeyPatch, question: str
) -> None:
    kit = recall_kit()
    for text, quote, category in [*OTHERS, (BULLETS, BULLETS_QUOTE, "communication")]:
        kit.propose(text, quote, category)
    kit.read("anything", 7)  # the index is built and every memory embedded before counting
    personakit_recall.state_of(kit).keeper.wait()
    assert kit.retrieve(PARAPHRASE, 7), "the retriever answers by meaning"
    calls = counted_splits(monkeypatch)
    found = kit.read(question, 7)
    assert calls == [question]
    if question == PARAPHRASE:
        assert found.memories[0].text == BULLETS  # by meaning: the retriever took part in the read


def test_the_count_sees_a_split_anywhere(recall_kit: MakeKit, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counter itself: a hook that splits the question again is counted."""
    from personakit_recall import index

    kit = recall_kit()
    kit.propose(BULLETS, BULLETS_QUOTE, "communication")
    kit.read("anything", 7)
    calls = counted_splits(monkeypatch)
    index.question_text(PARAPHRASE)  # what the retriever did before it took the read's words
    kit.read(PARAPHRASE, 7)
    assert calls == [PARAPHRASE, PARAPHRASE]
