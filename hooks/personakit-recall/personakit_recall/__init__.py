"""A PersonaKit retrieval hook: recall by meaning and by word forms, not only by shared words.

For every read it brings the memories relevant to the question, best first, even those that share
no word with it ("How do I like my answers formatted?" finds "Prefers answers as short bullet
points"), scored by a model's cosine over a memory's text and the quotes the owner let stand, plus
a small weight of BM25 over Snowball stems ("cycled" finds "cycling"); see `index`. Where nothing
reaches the model's threshold it brings nothing, and the read shows no more than the contract's fill.

The index is kept per kit (one per connection, so a view never sees an outside memory), in memory,
and follows the store at every read (`kit.changes`, `kit.documents`): a memory rejected,
restricted or moved out of the view in any process is dropped, vectors and stems, before the read
is answered. Each memory's vector is also kept in the store (`kept`, `kit.keep_derived`), which
erases it with any change to the memory: a restart or another process takes it instead of embedding
the memory again. The model is loaded at the first read, never at import or registration, so a server
answers `initialize` and `tools/list` without waiting for it. A store of more than `INLINE_BUILD`
memories, or with more than `INLINE_EMBED` vectors a sentence model must embed, is indexed in a
background thread: until it is done, reads go by words alone.
"""

from __future__ import annotations

import logging
import random
import threading
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from personakit_plugin import ReadRequest, Scored, hookimpl, weighs_words

from personakit_recall import encoders, stems

if TYPE_CHECKING:  # numpy and the index are imported at the first read, not when PersonaKit starts
    from personakit_plugin import Document

    from personakit_recall import kept
    from personakit_recall.index import Index, Prepared

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
INLINE_EMBED = 64
"""Memories at most that a model which is not a static one (a sentence model, some 30 a second) embeds
within a read; more, and the index is built in the background while reads go by words."""
CLOSE_WAIT = 10.0
"""Seconds at most a closing kit waits for a build to finish the chunk it is embedding (a sentence
model's chunk of `KEEP_EVERY` memories takes a second or two); past that the build is left to end on
its own, silently."""
KEEP_EVERY = 64
"""Memories a background build of such a model embeds, then keeps in the store, at a time: how often the
owner sees its progress (`personakit doctor`) and another process can take them up."""


def is_static(model: encoders.Encoder) -> bool:
    """Whether `model` is a static one, which embeds thousands of memories a second."""
    return getattr(model, "encode_words", None) is not None


class Recall:
    """The recall state of one kit: its index, a build in progress, and where its vectors are kept."""

    def __init__(self) -> None:
        from personakit_recall import kept  # numpy with it: at the first read, not at import

        self.lock = threading.Lock()
        self.index: Index | None = None
        self.building: Build | None = None
        self.keeper = kept.Keeper()
        self._kind: str | None = None
        self._keeps: bool | None = None

    def close(self) -> None:
        """The kit is closing (`personakit_close`): a build in progress given up, and the vectors handed
        to the keeper written while the store is still open."""
        with self.lock:
            building, self.building = self.building, None
        if building is not None:
            building.stop(CLOSE_WAIT)
        self.keeper.wait()

    def store(self, kit: Any, since: str | None) -> kept.Kept | None:
        """Where this kit's vectors are kept (`kept.Kept`), for memories unchanged since `since`; None
        when its store keeps nothing derived (the index then lives in memory only) or the model's
        files cannot be read."""
        from personakit_recall import kept

        if self._keeps is None:
            try:
                self._kind = kept.kind(kit)
                self._keeps = (
                    getattr(kit, "derived", None) is not None and kit.derived(self._kind, ()) is not None
                )
            except (OSError, encoders.ModelError) as exc:
                log.warning("personakit-recall keeps its index in memory only: %s", type(exc).__name__)
                self._keeps = False
        if not self._keeps or self._kind is None:
            return None
        return kept.Kept(kit, self._kind, self.keeper, since)

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
        store = self.store(kit, changes.cursor)  # the cursor taken before the documents are read
        if changes.reset:
            counted = self._counted(kit)  # a large store is known by its count, before any of it is read
            documents = None
            if counted is None or not builds_apart(model, *counted):
                documents = kit.documents(None, limit=INLINE_BUILD + 1)
            with_vector = counted[0] if counted is not None else 0
            if documents is None or builds_apart(model, with_vector, len(documents)):
                del documents  # a large store is read a page at a time, in the background
                self.index = None  # nothing of the old index outlives a reset
                self.building = Build(kit, changes.cursor, new_index(model), store, static=is_static(model))
                return None
            index.replace_all(documents, store)
        elif changes.ids:
            index.update(changes.ids, kit.documents(changes.ids), store)
        index.cursor = changes.cursor
        return index

    def _counted(self, kit: Any) -> tuple[int, int] | None:
        """How many readable memories have a vector kept, and how many there are; None when the store
        keeps none (`store` has asked it)."""
        if not self._keeps or self._kind is None:
            return None
        return kit.derived_count(self._kind)


def builds_apart(model: encoders.Encoder, with_vector: int, total: int) -> bool:
    """Whether `total` readable memories, `with_vector` of them with their vector kept, are indexed in
    the background (reads go by words meanwhile) rather than within a read."""
    return total > INLINE_BUILD or total - with_vector > inline_embed(model)


def inline_embed(model: encoders.Encoder) -> int:
    """Memories at most that `model` embeds within a read."""
    return INLINE_BUILD if is_static(model) else INLINE_EMBED


def new_index(model: encoders.Encoder) -> Index:
    from personakit_recall.index import BM25_WEIGHT, QUOTE_WEIGHT, Index, Weights

    language = stems.language()
    weights = Weights(
        bm25=getattr(model, "bm25_weight", BM25_WEIGHT), quote=getattr(model, "quote_weight", QUOTE_WEIGHT)
    )
    encode_words = getattr(model, "encode_words", None)  # a static model's (`encoders.WordEncoder`)
    return Index(
        model.encode,
        stems.stemmer(language),
        stems.word_stemmer(language),
        encode_words,
        weights=weights,
        groups_itself=getattr(model, "groups_itself", False),
    )


class Build:
    """A new index being built in a background thread, a page of `PAGE` memories at a time, each page
    read from the store on its own: reads go on by words meanwhile, and no more than a page of texts
    is ever held. It begins at a cursor (`kit.changes(None)`), so every change made after it is
    followed when the index is taken in; and each read meanwhile drops at once what changed since the
    previous one (a reject leaves nothing behind), the build skipping those memories from then on."""

    def __init__(
        self, kit: Any, cursor: str, index: Index, store: kept.Kept | None = None, static: bool = True
    ) -> None:
        self.index = index
        index.cursor = cursor
        self.store = store
        """Where vectors are kept: a page's kept vectors are taken, the others embedded and kept."""
        self.every = PAGE if static else KEEP_EVERY
        self.lock = threading.Lock()
        self._followed = cursor
        self._changed: set[str] = set()
        self.embedded = 0
        """Memories this build embedded itself (the others' vectors were kept in the store)."""
        self._stopped = threading.Event()
        self.thread = threading.Thread(
            target=self._run, args=(kit,), name="personakit-recall-build", daemon=True
        )
        self.thread.start()

    def join(self, timeout: float | None = None) -> None:
        self.thread.join(timeout)

    def stop(self, timeout: float | None = None) -> None:
        """Give the build up: it ends after the chunk it is embedding (waited for up to `timeout`
        seconds), keeps nothing more, and says nothing of a store closed under it."""
        self._stopped.set()
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
            while not self._stopped.is_set():
                page = kit.documents(None, after=after, limit=PAGE)
                if not page:
                    return
                after = page[-1].id
                self._index(kit, page)
                del page
        except Exception as exc:  # the store went away (closed, unreachable): a reset at the next read
            if self._stopped.is_set():  # given up as its kit closes: nothing to say
                return
            log.warning("personakit-recall could not index the store: %s", exc)
            with self.lock:
                self.index.clear()
                self.index.cursor = None

    def _index(self, kit: Any, page: list[Document]) -> None:
        """Index one page: the vectors kept in the store taken as they are, the others embedded `every`
        at a time and kept, each chunk asked of the store again first (another process building the same
        index meanwhile may have kept them), in an order of this process's own, so that two processes
        building at once seldom embed the same chunk."""
        from personakit_recall.index import fresh_rows

        store, dim = self.store, self.index._dim()
        known = store.known([document.id for document in page], dim) if store is not None else {}
        if known:
            self._place(self.index.prepare([document for document in page if document.id in known], known))
        missing = [document for document in page if document.id not in known]
        chunks = [missing[start : start + self.every] for start in range(0, len(missing), self.every)]
        random.SystemRandom().shuffle(chunks)
        for chunk in chunks:
            if self._stopped.is_set():
                return
            again = store.known([document.id for document in chunk], dim) if store is not None else {}
            prepared = self.index.prepare(chunk, again)
            self.embedded += len(prepared.fresh)
            if store is not None and prepared.fresh and store.since is not None:
                try:  # outside any read: written now, for the owner's doctor and other processes to see
                    kit.keep_derived(store.name, fresh_rows(prepared), store.since)
                except Exception as exc:
                    if self._stopped.is_set():
                        return
                    log.warning("personakit-recall could not keep its vectors: %s", type(exc).__name__)
            self._place(prepared)

    def _place(self, prepared: Prepared) -> None:
        with self.lock:
            self.index.place(prepared, skip=self._changed)


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
def personakit_close(kit: Any) -> None:
    """Before the kit's store closes: give up its build and write the vectors not kept yet. A kit that
    never read has no recall state, and nothing is made for it here."""
    with _states_lock:
        state = _states.get(kit)
    if state is not None:
        state.close()


@hookimpl
@weighs_words
def personakit_retrieve(kit: Any, question: str, limit: int, request: ReadRequest) -> Sequence[Scored] | None:
    """The memories relevant to `question` by meaning and word forms, best first; None while the
    index of a large store is being built or when the model cannot be loaded. The read's `request`
    holds the question's words, split once (`ReadRequest.ordered`). Its score weighs the question's
    words (BM25 of their stems), so it declares so (`weighs_words`): a word match it scores below the
    model's threshold is not shown, and a question nothing answers gets no more than the fill."""
    model = encoder(kit)
    if model is None:
        return None
    state = state_of(kit)
    with state.lock:
        index = state.current(kit, model)
        if index is None:
            return None
        found = index.best(question, limit, model.threshold, request.ordered)
        return [Scored(memory, score) for memory, score in found]


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


def PERSONAKIT_PROGRESS(kit: Any) -> str | None:
    """What `personakit doctor` says of the index in this store: how many of the memories a read may
    return have their vector kept for the model chosen for the kit's data folder, without loading it
    (its files are hashed)."""
    from personakit_recall import kept

    data_dir = getattr(getattr(kit, "config", None), "data_dir", None)
    model = _encoder.name if _encoder is not None else encoders.chosen(data_dir=data_dir)
    try:
        name = kept.kind(kit)
    except (OSError, encoders.ModelError):
        return f"recall: model {model}: its files cannot be read"
    counted = kit.derived_count(name) if getattr(kit, "derived_count", None) is not None else None
    if counted is None:
        return f"recall: model {model}; the store keeps no vectors, so the index is built at every start"
    done, total = counted
    return f"recall: model {model}, {done:,} of {total:,} memories indexed (vectors kept in the store)"
