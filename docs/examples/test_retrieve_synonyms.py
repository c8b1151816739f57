"""The synonym retriever keeps the retrieval contract, and a read brings what it finds first."""

import retrieve_synonyms

from personakit_plugin.testing import RetrievalContract


class TestSynonyms(RetrievalContract):
    plugin = retrieve_synonyms
    question = "Which coffee do they drink?"
    relevant = ("Drinks espresso after lunch", "Orders a latte every morning", "Takes a cappuccino at four")
    unrelated = ("Keeps a paper notebook", "Walks to the office")


def test_a_read_brings_the_espresso_first(personakit_make_kit):
    kit = personakit_make_kit(retrieve_synonyms)
    kit.propose("Drinks espresso after lunch", "espresso, always", "preferences")
    kit.propose("Has a coffee grinder", "my grinder", "tools")
    texts = [memory.text for memory in kit.read("Which coffee do they drink?", 7).memories]
    assert texts == ["Drinks espresso after lunch", "Has a coffee grinder"]
