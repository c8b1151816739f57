"""Bring memories that say the question's words in other words: a question about coffee finds espresso.

It keeps, in memory only and for each connection (each kit) apart, the words of every memory the kit
gives it (its text and the quotes the owner let stand), follows the store at every call, and forgets
a memory, with everything it knew of it, as soon as `kit.documents` stops returning it.
"""

from weakref import WeakKeyDictionary

from personakit_plugin import Document, Scored, content_words, hookimpl

SYNONYMS = (
    {"coffee", "espresso", "latte", "cappuccino"},
    {"car", "vehicle", "automobile"},
    {"job", "work", "employer"},
)
"""Groups of words that mean the same here; a real retriever would compare vectors instead."""


class _Index:
    """One connection's words of each memory, and how far it has followed the store."""

    def __init__(self) -> None:
        self.cursor: str | None = None
        self.words: dict[str, frozenset[str]] = {}


class SynonymRetriever:
    def __init__(self, synonyms=SYNONYMS) -> None:
        self.alike = {word: frozenset(group) - {word} for group in synonyms for word in group}
        self.indexes = WeakKeyDictionary()  # kit -> _Index: a view's memories stay with its kit

    def follow(self, kit) -> _Index:
        """The kit's index, brought up to date with whatever any process changed since the last call."""
        index = self.indexes.setdefault(kit, _Index())
        changes = kit.changes(index.cursor)
        if changes.reset:
            index.words = {document.id: _words(document) for document in kit.documents(None)}
        elif changes.ids:
            for memory in changes.ids:  # rejected, restricted or edited away: gone with all we knew
                index.words.pop(memory, None)
            index.words.update((document.id, _words(document)) for document in kit.documents(changes.ids))
        index.cursor = changes.cursor
        return index

    @hookimpl
    def personakit_retrieve(self, kit, words: frozenset[str], limit: int) -> list[Scored]:
        index = self.follow(kit)
        wanted = frozenset().union(*(self.alike.get(word, ()) for word in words)) - words
        found = [(len(wanted & held), memory) for memory, held in index.words.items() if wanted & held]
        found.sort(key=lambda item: (-item[0], item[1]))
        return [Scored(memory, float(score)) for score, memory in found[:limit]]


def _words(document: Document) -> frozenset[str]:
    return content_words(" ".join((document.text, *document.quotes)))


plugin = SynonymRetriever()
personakit_retrieve = plugin.personakit_retrieve
"""The module is the plugin: install it under a `personakit` entry point."""
