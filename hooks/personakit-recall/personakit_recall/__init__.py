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

from personakit_plugin import Scored, hookimpl

from personakit_recall import encoders, stems

if TYPE_CHECKING:  # numpy and the index are imported at the first read, not when PersonaKit starts
    from personakit_recall.index import Index

log = logging.getLogger("personakit.recall")

INLINE_BUILD = 5_000
"""Memories to embed at most within a read; a larger (re)build runs in a background thread."""

load_encoder: Callable[..., encoders.Encoder] = encoders.load
"""How the model is loaded (at the first read that needs it, given the kit's data folder as `data_dir`,
where `personakit recall-model` records the owner's choice); replaceable in tests."""

_encoder: encoders.Encoder | None = None
_encoder_failed: str | None = None
_encoder_lock = threading.Lock()


def encoder(kit: Any = None) -> encoders.Encoder | None:
    """The model, loaded once per process at first use, as chosen for the data folder of the kit that
    reads first; None (said once on stderr) when it cannot be."""
    global _encoder, _encoder_failed
    with _encoder_lock:
        if _encoder is None and _encoder_failed is None:
            try:
                _encoder = load_encoder(data_dir=getattr(getattr(kit, "config", None), "data_dir", None))
            except (encoders.ModelError, stems.LanguageError) as exc:
                _encoder_failed = str(exc)
                log.warning("personakit-recall is off: %s Reads go by words alone.", exc)
        return _encoder


PAGE = 2_048
"""Memories a background build reads and embeds at a time: all it holds of their texts at once."""


class Recall:
    """The recall state of one kit: its index, and a build in progress."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.index: Index | None = None
        self.building: Build | None = None

    def current(self, kit: Any, model: encoders.Encoder) -> Index | None:
        """The index, brought up to date with the store; None while a large build runs."""
        if self.building is not None:
            if self.building.follow(kit):
                return None
            self.index, self.building = self.building.index, None  # its cursor is the one it began at
        if self.index is None:
            self.index = new_index(model)
        index = self.index
        changes = kit.changes(index.cursor)
        if changes.reset:
            documents = kit.documents(None, limit=INLINE_BUILD + 1)
            if len(documents) > INLINE_BUILD:
                del documents  # a large store is read again a page at a time, in the background
                self.index = None  # nothing of the old index outlives a reset
                self.building = Build(kit, changes.cursor, new_index(model))
                return None
            index.replace_all(documents)
        elif changes.ids:
            index.update(changes.ids, kit.documents(changes.ids))
        index.cursor = changes.cursor
        return index


def new_index(model: encoders.Encoder) -> Index:
    from personakit_recall.index import BM25_WEIGHT, QUOTE_WEIGHT, Index, Weights

    language = stems.language()
    weights = Weights(
        bm25=getattr(model, "bm25_weight", BM25_WEIGHT), quote=getattr(model, "quote_weight", QUOTE_WEIGHT)
    )
    encode_words = getattr(model, "encode_words", None)  # a static model's (`encoders.WordEncoder`)
    return Index(
        model.encode, stems.stemmer(language), stems.word_stemmer(language), encode_words, weights=weights
    )


class Build:
    """A new index being built in a background thread, a page of `PAGE` memories at a time, each page
    read from the store on its own: reads go on by words meanwhile, and no more than a page of texts
    is ever held. It begins at a cursor (`kit.changes(None)`), so every change made after it is
    followed when the index is taken in; and each read meanwhile drops at once what changed since the
    previous one (a reject leaves nothing behind), the build skipping those memories from then on."""

    def __init__(self, kit: Any, cursor: str, index: Index) -> None:
        self.index = index
        index.cursor = cursor
        self.lock = threading.Lock()
        self._followed = cursor
        self._changed: set[str] = set()
        self.thread = threading.Thread(
            target=self._run, args=(kit,), name="personakit-recall-build", daemon=True
        )
        self.thread.start()

    def join(self, timeout: float | None = None) -> None:
        self.thread.join(timeout)

    def follow(self, kit: Any) -> bool:
        """Within a read: drop from the index being built what changed since the last read; True while
        the build goes on."""
        changes = kit.changes(self._followed)
        with self.lock:
            if changes.reset:  # a bulk import or restore: what was built so far is not the store's
                self._changed.clear()
                self.index.clear()
                self.index.cursor = None
            elif changes.ids:
                self._changed.update(changes.ids)
                self.index.drop(changes.ids)
            self._followed = changes.cursor
        return self.thread.is_alive()

    def _run(self, kit: Any) -> None:
        after: str | None = None
        try:
            while True:
                page = kit.documents(None, after=after, limit=PAGE)
                if not page:
                    return
                after = page[-1].id
                prepared = self.index.prepare(page)
                del page
                with self.lock:
                    self.index.place(prepared, skip=self._changed)
                del prepared
        except Exception as exc:  # the store went away (closed, unreachable): a reset at the next read
            log.warning("personakit-recall could not index the store: %s", exc)
            with self.lock:
                self.index.clear()
                self.index.cursor = None


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
    model = encoder(kit)
    if model is None:
        return None
    state = state_of(kit)
    with state.lock:
        index = state.current(kit, model)
        if index is None:
            return None
        return [Scored(memory, score) for memory, score in index.best(question, limit, model.threshold)]


def PERSONAKIT_DETAIL(data_dir: Path | None = None) -> str:
    """What `personakit plugins` and `doctor` say about this plugin: its model (as chosen for the data
    folder `data_dir`, by default the one a server started without `--data-dir` uses), without loading it."""
    if data_dir is None:
        from personakit_plugin import default_data_dir

        data_dir = default_data_dir()
    if _encoder is not None:
        return f"model {_encoder.name}"
    try:
        value, who = encoders.choice(data_dir=data_dir)
    except encoders.ModelError as exc:
        return f"model: not loaded ({exc})"
    chosen = value or encoders.chosen({})
    said = f"model {chosen}" + (f" ({who})" if value else "")
    if _encoder_failed is not None:
        return f"{said}: not loaded ({_encoder_failed})"
    folder = Path(value).expanduser()
    if value and folder.is_absolute() and not folder.is_dir():
        return f"{said}: no such folder"
    return f"{said}; loaded at the first read"
