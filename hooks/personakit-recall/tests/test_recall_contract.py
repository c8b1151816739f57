"""The retrieval contract every retrieval hook keeps, from PersonaKit's kit for plugin authors."""

from personakit_plugin.testing import RetrievalContract

import personakit_recall


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
