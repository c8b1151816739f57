"""The retrieval contract every retrieval hook keeps, from PersonaKit's kit for plugin authors."""

import importlib.util

import pytest
from personakit_plugin.testing import RetrievalContract

import personakit_recall
from personakit_recall import encoders


class TestRecallContract(RetrievalContract):
    plugin = personakit_recall
    question = "How do they like their answers and replies laid out?"
    relevant = (
        "Prefers answers as short bullet points rather than long paragraphs",
        "Wants headings and numbered steps in long answers",
        "Likes replies in bullet lists",
        "Prefers plain text answers without markdown tables",
    )
    unrelated = (
        "Owns a vizsla called Paprika",
        "Allergic to penicillin",
        "Commutes to the office by tram",
    )


class TestRecallContractWithWordLlama(RetrievalContract):
    """The same contract with WordLlama's model chosen (`PERSONAKIT_RECALL_MODEL=wordllama`), whose
    tokenizer spells a character it has no piece for as its bytes: runes and Ethiopic share their
    first, so a question in one brought memories in the other until those bytes counted as nothing.
    Its example is plainer than the bundled model's: WordLlama finds fewer paraphrases."""

    plugin = personakit_recall
    question = "What do they drink in the morning?"
    relevant = (
        "Drinks green tea every morning",
        "Has a coffee first thing in the morning",
        "Drinks orange juice with breakfast",
        "Likes a hot chocolate on cold mornings",
    )
    unrelated = (
        "Owns a vizsla called Paprika",
        "Allergic to penicillin",
        "Commutes to the office by tram",
    )

    @pytest.fixture(autouse=True)
    def _wordllama(self, monkeypatch: pytest.MonkeyPatch) -> None:
        if importlib.util.find_spec("wordllama") is None:
            pytest.skip("wordllama is not installed (tox -e hooks installs it)")
        monkeypatch.setenv(encoders.MODEL_ENV, encoders.WORDLLAMA_CHOICE)
