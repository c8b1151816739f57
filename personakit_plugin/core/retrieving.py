"""What a retriever gets of a kit: the changes to follow, the documents as a read shows them, and the
rows it may keep in the store (`Kit.changes`, `documents`, `derived`, `keep_derived`, `derived_count`).

Every document comes masked as a read shows it (`shown`), so no index holds what a read masks, and
every cursor carries the kit's masking: a cursor of another masking is answered with a reset and keeps
nothing, so nothing indexed as another masking showed it outlives a change of redaction plugins.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import cast

import msgspec

from personakit_plugin.core.model import Changes, Document, View
from personakit_plugin.core.redaction import as_shown
from personakit_plugin.core.store import Follows, KeepsDerived, Store

CURSOR_MARK = "/"
"""Between the masking's name and the store's own cursor in a cursor `changes` gives."""


class ForRetrievers:
    """The retriever's part of a kit (`PersonaKit` is one): what it needs is declared here."""

    store: Store
    view: View
    redaction: str
    masked: Callable[[str], str]
    redact: Callable[[str], str]
    _follows: bool
    _keeps_derived: bool

    def changes(self, since: str | None) -> Changes:
        """What may have changed since the cursor `since` (see `Changes`), from a store that `Follows`;
        a store that cannot say has every retriever reload at every call. The cursor carries the kit's
        masking (`redaction`): one given under another masking (a redaction plugin installed, removed or
        upgraded since, in this process or the one that kept the cursor) is answered with a reset, so
        that nothing indexed as another masking showed it outlives the change."""
        if not self._follows:
            return Changes(cursor="unfollowed", reset=True)
        mark, _, cursor = (since or "").partition(CURSOR_MARK)
        found = cast(Follows, self.store).changes(cursor if since is not None and mark == self.redaction else None)
        return msgspec.structs.replace(found, cursor=f"{self.redaction}{CURSOR_MARK}{found.cursor}")

    def documents(
        self, ids: Collection[str] | None = None, *, after: str | None = None, limit: int | None = None
    ) -> list[Document]:
        """The memories among `ids` (every one when None) that a read in this view may return, as a read
        would show them (`shown`): their text as `shown_text` shows it and the quotes the owner has let
        stand (`Store.quotes`, never a waiting quote), each as `redact` shows it. With `limit` (and `ids`
        None), one page of them: the first `limit` in id order after the id `after`."""
        return [self.shown(document) for document in self._documents(ids, after=after, limit=limit)]

    def shown(self, document: Document) -> Document:
        """`document` as a read would show it, masked by every redaction hook and its quotes shortened:
        what a retriever may index, so that no index holds what a read masks (the contract)."""
        return msgspec.structs.replace(
            document,
            text=as_shown(document.text, document.state, self.masked),
            quotes=tuple(self.redact(quote) for quote in document.quotes),
        )

    def _documents(
        self, ids: Collection[str] | None, *, after: str | None = None, limit: int | None = None
    ) -> list[Document]:
        """`documents` as the store holds them, not masked."""
        if self._follows:
            return cast(Follows, self.store).documents(ids, self.view, after=after, limit=limit)
        if ids is None:
            memories = [memory for memory in self.store.memories() if self.view.shows(memory)]
            if limit is not None:
                memories = sorted((memory for memory in memories if memory.id > (after or "")), key=lambda m: m.id)
                memories = memories[:limit]
        else:
            wanted = list(dict.fromkeys(ids))
            got = {memory: self.store.get(memory) for memory in wanted}
            memories = [memory for memory in got.values() if memory is not None and self.view.shows(memory)]
        quotes = self.store.quotes([memory.id for memory in memories])
        return [Document.of(memory, quotes.get(memory.id, ())) for memory in memories]

    def derived(self, kind: str, ids: Collection[str]) -> dict[str, bytes] | None:
        """What a retriever kept of `kind` (`keep_derived`) for those of `ids` a read in this view may
        return, by id; None when the store keeps nothing derived (`KeepsDerived`)."""
        if not self._keeps_derived:
            return None
        return cast(KeepsDerived, self.store).derived(kind, ids, self.view)

    def keep_derived(self, kind: str, rows: Mapping[str, bytes], since: str) -> list[str]:
        """Keep in the store what a retriever derived from memories (`rows`, id -> bytes) under `kind`
        (its model's identity and way of deriving), for every process on the data to use; only for
        memories unchanged since the cursor `since` of `changes`, taken before their documents were read
        (a cursor of another masking keeps nothing). The ids kept; none when the store keeps nothing
        derived. The store erases a row with every change to its memory (`KeepsDerived`)."""
        if not self._keeps_derived:
            return []
        # `since` is a cursor as `changes` gave it, `<masking>/<store cursor>`: the store is handed its own
        # cursor. One of another masking is stale (`changes` would reset): what it was derived from may
        # have been shown otherwise, so nothing is kept.
        mark, found, cursor = since.partition(CURSOR_MARK)
        if not found or mark != self.redaction:
            return []
        return cast(KeepsDerived, self.store).keep_derived(kind, rows, cursor)

    def derived_count(self, kind: str) -> tuple[int, int] | None:
        """How many memories a read in this view may return have a row of `kind`, and how many there
        are; None when the store keeps nothing derived."""
        if not self._keeps_derived:
            return None
        return cast(KeepsDerived, self.store).derived_count(kind, self.view)
