"""A PersonaKit retrieval hook: recall by meaning and by word forms, not only by shared words.

For every read it brings the memories relevant to the question, best first, even those that share
no word with it ("How do I like my answers formatted?" finds "Prefers answers as short bullet
points"), scored by a model's cosine over a memory's text and the quotes the owner let stand, plus
a small weight of BM25 over Snowball stems ("cycled" finds "cycling"); see `index`. Where nothing
reaches the model's threshold it brings nothing, and the read shows no more than the contract's fill.

The index is kept per kit (one per connection, so a view never sees an outside memory), in memory
only, and follows the store at every read (`kit.changes`, `kit.documents`): a memory rejected,
restricted or moved out of the view in any process is dropped, vectors and stems, before the read
is answered. The model is loaded at the first read, never at import or registration, so a server
answers `initialize` and `tools/list` without waiting for it. A store of more than `INLINE_BUILD`
memories is indexed in a background thread: until it is done, reads go by words alone.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from personakit_plugin import Document, Scored, hookimpl

from personakit_recall import encoders, stems

if TYPE_CHECKING:  # numpy and the index are imported at the first read, not when PersonaKit starts
    from personakit_recall.index import Index

log = logging.getLogger("personakit.recall")

INLINE_BUILD = 5_000
"""Memories to embed at most within a read; a larger (re)build runs in a background thread."""

load_encoder: Callable[[], encoders.Encoder] = encoders.load
"""How the model is loaded (at the first read that needs it); replaceable in tests."""

_encoder: encoders.Encoder | None = None
_encoder_failed: str | None = None
_encoder_lock = threading.Lock()


def encoder() -> encoders.Encoder | None:
    """The model, loaded once per process at first use; None (said once on stderr) when it cannot be."""
    global _encoder, _encoder_failed
    with _encoder_lock:
        if _encoder is None and _encoder_failed is None:
            try:
                _encoder = load_encoder()
            except (encoders.ModelError, stems.LanguageError) as exc:
                _encoder_failed = str(exc)
                log.warning("personakit-recall is off: %s Reads go by words alone.", exc)
        return _encoder


class Recall:
    """The recall state of one kit: its index, and a build in progress."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.index: Index | None = None
        self.building: threading.Thread | None = None
        self.built: Index | None = None

    def current(self, kit: Any, model: encoders.Encoder) -> Index | None:
        """The index, brought up to date with the store; None while a large build runs."""
        if self.building is not None:
            if self.building.is_alive():
                return None
            self.building, self.index, self.built = None, self.built, None
        from personakit_recall.index import Index

        if self.index is None:
            self.index = Index(model.encode, stems.stemmer(stems.language()))
        index = self.index
        changes = kit.changes(index.cursor)
        if changes.reset:
            documents = kit.documents(None)
            if index.to_embed(documents) > INLINE_BUILD:
                self._build(changes.cursor, documents, model)
                return None
            index.replace_all(documents)
        elif changes.ids:
            index.update(changes.ids, kit.documents(changes.ids))
        index.cursor = changes.cursor
        return index

    def _build(self, cursor: str, documents: list[Document], model: encoders.Encoder) -> None:
        """Index `documents` in a background thread, in a new index that replaces this one when done."""
        from personakit_recall.index import Index

        self.index = None  # nothing of the old index outlives a reset
        fresh = Index(model.encode, stems.stemmer(stems.language()))

        def build() -> None:
            fresh.replace_all(documents)
            fresh.cursor = cursor
            self.built = fresh

        self.building = threading.Thread(target=build, name="personakit-recall-build", daemon=True)
        self.building.start()


_states: weakref.WeakKeyDictionary[Any, Recall] = weakref.WeakKeyDictionary()
_states_lock = threading.Lock()


def state_of(kit: Any) -> Recall:
    """The recall state of `kit`, made at its first read; it goes when the kit goes."""
    with _states_lock:
        state = _states.get(kit)
        if state is None:
            state = _states[kit] = Recall()
        return state


@hookimpl
def personakit_retrieve(
    kit: Any, question: str, words: frozenset[str], limit: int
) -> Sequence[Scored] | None:
    """The memories relevant to `question` by meaning and word forms, best first; None while the
    index of a large store is being built or when the model cannot be loaded."""
    model = encoder()
    if model is None:
        return None
    state = state_of(kit)
    with state.lock:
        index = state.current(kit, model)
        if index is None:
            return None
        return [Scored(memory, score) for memory, score in index.best(question, limit, model.threshold)]


def PERSONAKIT_DETAIL() -> str:
    """What `personakit plugins` and `doctor` say about this plugin: its model, without loading it."""
    chosen = encoders.chosen()
    if _encoder is not None:
        return f"model {_encoder.name}"
    if _encoder_failed is not None:
        return f"model {chosen}: not loaded ({_encoder_failed})"
    folder = Path(chosen).expanduser()
    if folder.is_absolute() and not folder.is_dir():
        return f"model {chosen}: no such folder"
    return f"model {chosen}; loaded at the first read"
