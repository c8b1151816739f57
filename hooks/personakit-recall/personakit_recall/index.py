"""The recall index of one kit: a vector and the word stems of every readable memory, in memory.

Each memory has one row: a unit vector of its meaning (its text and the quotes the owner let stand,
see `Index.prepare`; a question's, see `question_text`) and the Snowball stems of the same words
for BM25. A question is scored

    score(m) = cos(question, m) + bm25_weight * bm25(question stems, m) / bm25_ceiling(question)

where `bm25_ceiling` is what a memory holding every question stem once would score, so the second
term lies in about 0..1 and means the same from one question to the next. A memory is relevant when
its score reaches the model's `threshold`; the relevant ones are returned best first.

A row is freed the moment its memory is gone (rejected, restricted, moved out of the view): its
vector is zeroed, its stems leave every posting list, and a stem no memory holds any more leaves
the vocabulary. The index itself writes nothing; a vector may be kept in the store (`Keeps`,
`kept`), as the index holds it (`quantized`), and taken from there instead of being embedded again.
"""

from __future__ import annotations

import math
import mmap
from array import array
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from itertools import chain
from typing import Any, NamedTuple, Protocol

import numpy as np
from personakit_plugin import EVIDENCE_LIMIT, STOP_WORDS, Document, split_words

from personakit_recall.encoders import content_words

K1 = 1.2
B = 0.75
BM25_WEIGHT = 0.35
"""How much the stemmed BM25 adds to the cosine, unless the model says otherwise (`Weights`; tuned
with the bundled model on the tune half of the labelled set)."""
QUOTE_WEIGHT = 0.2
"""How much the quotes' vector counts beside the text's in a memory's vector, unless the model says
otherwise (`Weights`)."""
QUOTE_TF = 0.5
"""A quote's stem counts this much of a text's in BM25: the owner's words, not the claim.

Of each quote, the first `EVIDENCE_LIMIT` characters count (for its vector too): what a read can show
of it."""
COARSE_DIM = 64
"""Components of the coarse vectors every row is scanned with (WordLlama's first 64 are a model of
their own: it is trained so that its leading components can stand alone)."""
SHORTLIST = 512
"""Rows the coarse scan keeps for scoring with their whole vectors."""
BATCH = 32
"""Texts embedded at once, of about the same length (a model pads each batch to its longest)."""
CHUNK = 2048
"""Memories embedded at a time when many are (re)indexed."""
GROWTH = 1024
"""Rows added at a time when the matrix is full."""
QUESTION_FRAME = frozenset(
    {
        *("user", "user's", "users", "person", "person's", "owner", "owner's"),
        *("someone", "anyone", "anything", "any", "about", "know", "there"),
        *("like", "likes", "prefer", "prefers", "want", "wants"),
    }
)
"""Words of the frame an assistant asks its questions in ("what does the user like to ...", "is there
anything about ..."), not of what it asks about: left out of a question's vector (BM25 still counts
them), so that every question's vector is not pulled toward the same place. Written from how such
questions are asked, not fitted to the labelled set's questions one by one."""


class Weights(NamedTuple):
    """How one model's scores are fused: a sentence model reads a quote well enough to be given more
    of it, and needs less help from the stems (each tuned with its model on the tune half)."""

    bm25: float = BM25_WEIGHT
    quote: float = QUOTE_WEIGHT


HALVES_MAX = 65535
"""The largest weight a posting keeps as a count of halves (`Posting`), in two bytes."""


class Posting:
    """The rows holding one stem, with the stem's weight (term frequency) in each.

    A weight is a count of the text's words plus `QUOTE_TF` a quote's: a multiple of a half, kept as
    that many halves in two bytes (half the memory of single precision, and the same number once
    turned back). A weight that is no such multiple, or is larger than `HALVES_MAX` halves, turns the
    posting's weights to single precision, as they all were before."""

    __slots__ = ("number", "rows", "stem", "tfs")

    def __init__(self, stem: str, number: int) -> None:
        self.stem = stem
        self.number = number
        """What the rows holding the stem know it by (`Index._terms`)."""
        self.rows = array("i")
        self.tfs: array[Any] = array("H")
        """Each row's weight: in halves (typecode "H"), or in single precision ("f")."""

    def add(self, row: int, tf: float) -> None:
        self.rows.append(row)
        if self.tfs.typecode == "H":
            halves = int(tf * 2)
            if halves == tf * 2 and 0 <= halves <= HALVES_MAX:
                self.tfs.append(halves)
                return
            self.tfs = array("f", [count / 2 for count in self.tfs])
        self.tfs.append(tf)

    def weights(self) -> np.ndarray:
        """Each row's weight in single precision: the halves halved, which is exact."""
        if self.tfs.typecode == "H":
            return np.frombuffer(self.tfs, dtype=np.uint16) * np.float32(0.5)
        return np.frombuffer(self.tfs, dtype=np.float32)


class Prepared:
    """Documents with their vectors as the index keeps them (`quantized`: steps and scales) and the weight
    of each of their stems, ready to be placed; `fresh` the positions of those embedded now (the others'
    vectors were given: kept in the store, `kept`)."""

    __slots__ = ("counts", "documents", "fresh", "scales", "steps")

    def __init__(
        self,
        documents: list[Document],
        steps: np.ndarray,
        scales: np.ndarray,
        counts: list[dict[str, float]],
        fresh: list[int],
    ) -> None:
        self.documents = documents
        self.steps = steps
        self.scales = scales
        self.counts = counts
        self.fresh = fresh

    @property
    def vectors(self) -> np.ndarray:
        """Each document's vector as the index keeps it, in single precision."""
        return self.steps.astype(np.float32) * self.scales[:, None]


class Index:
    """The vectors and stems of the readable memories of one kit, kept current by `apply`."""

    def __init__(
        self,
        encode: Callable[[Sequence[str]], np.ndarray],
        stems: Callable[[str], list[str]],
        word_stems: Callable[[list[str]], list[str]] | None = None,
        encode_words: Callable[[Sequence[str], Sequence[list[str]]], np.ndarray] | None = None,
        weights: Weights | None = None,
        groups_itself: bool = False,
    ) -> None:
        self._encode = encode
        self._groups_itself = groups_itself
        """Whether `encode` sorts a page's texts by length and groups them itself (a transformer's,
        `bert.MeanPooled.encode`, which also runs its groups side by side): it is given them all at once."""
        self._encode_words = encode_words
        """A static model's `encode_words`: the vectors of texts from their content words, already split."""
        self.weights = weights or Weights()
        self._stems = stems
        self._word_stems = word_stems or (lambda words: stems(" ".join(words)))
        """The stems of content words already split (`stems.word_stemmer`): a text is split once."""
        self.cursor: str | None = None
        self._dimension: int | None = None
        self.rows: dict[str, int] = {}
        """Memory id -> row."""
        self._ids: list[str | None] = []
        self._free: list[int] = []
        self._vectors: np.ndarray | None = None
        """Each row's unit vector, as bytes (`quantized`): a quarter of single precision, and a read
        rescores only a few rows with it, turned back to single precision (much faster than from half)."""
        self._scales = np.zeros(0, dtype=np.float32)
        """What each row's bytes are multiplied by to be its vector again."""
        self._coarse: np.ndarray | None = None
        """Each row's first `COARSE_DIM` components, made unit length again, in single precision:
        what a read scans every row with."""
        self._approved = np.zeros(0, dtype=bool)
        self._touched = np.zeros(0, dtype=np.float64)
        self._lengths = np.zeros(0, dtype=np.float32)
        self._fingerprints = np.zeros(0, dtype=np.int64)
        """Each row's `fingerprint` (a `hash`, 64 bits): 8 bytes a row, where a list of ints takes 40."""
        self._terms: list[bytes] = []
        """Each row's stems, as the numbers of their postings (`Posting.number`, four bytes each): what
        `_unpost` takes the row out of. A tuple of the stems took twice the memory."""
        self.postings: dict[str, Posting] = {}
        self._numbered: list[Posting | None] = []
        """Each posting at its number; None at a number free for the next new stem."""
        self._free_numbers: list[int] = []
        self._total_length = 0.0

    # -- what is indexed --------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.rows)

    def vector(self, memory: str) -> np.ndarray | None:
        """The vector kept for `memory`, or None when it holds none."""
        row = self.rows.get(memory)
        if row is None or self._vectors is None:
            return None
        return self._vectors[row].astype(np.float32) * self._scales[row]

    def stems_of(self, memory: str) -> tuple[str, ...]:
        """The stems kept for `memory` (none once it is gone)."""
        row = self.rows.get(memory)
        return (
            () if row is None else tuple(self._numbered_posting(number).stem for number in self._numbers(row))
        )

    def nonzero_rows(self) -> int:
        """How many rows of the matrix hold a vector: one per memory indexed, none for a freed row."""
        if self._vectors is None:
            return 0
        assert self._coarse is not None
        return int(np.count_nonzero(np.any(self._vectors != 0, axis=1) | np.any(self._coarse != 0, axis=1)))

    # -- keeping it current -----------------------------------------------------------------

    def clear(self) -> None:
        self.__init__(  # type: ignore[misc]
            self._encode, self._stems, self._word_stems, self._encode_words, self.weights, self._groups_itself
        )

    def replace_all(self, documents: Sequence[Document], store: Keeps | None = None) -> None:
        """Make the index hold exactly `documents`: the rest dropped, changed ones embedded again (or
        taken from `store`, see `upsert`)."""
        keep = {document.id for document in documents}
        self.drop(memory for memory in list(self.rows) if memory not in keep)
        self.upsert(documents, store)

    def update(self, ids: Iterable[str], documents: Sequence[Document], store: Keeps | None = None) -> None:
        """`ids` may have changed; `documents` are those of them still readable: the others go."""
        present = {document.id for document in documents}
        self.drop(memory for memory in ids if memory not in present)
        self.upsert(documents, store)

    def drop(self, ids: Iterable[str]) -> None:
        """Forget these memories: vector zeroed, stems out of every posting, the row free."""
        for memory in ids:
            row = self.rows.pop(memory, None)
            if row is None:
                continue
            assert self._vectors is not None and self._coarse is not None
            self._vectors[row] = 0
            self._scales[row] = 0.0
            self._coarse[row] = 0.0
            self._unpost(row)
            self._ids[row] = None
            self._fingerprints[row] = 0
            self._approved[row] = False
            self._touched[row] = 0.0
            self._free.append(row)

    def upsert(self, documents: Sequence[Document], store: Keeps | None = None) -> None:
        """Add or refresh these memories; only those whose text or quotes changed are embedded again,
        and, with a `store` (`kept.Kept`), only those it keeps no vector of; what is embedded is kept
        there, and so is the vector of a memory refreshed (its row may have gone with the change)."""
        changed = [document for document in documents if not self._refreshed(document)]
        if store is not None and len(changed) < len(documents):
            moved = {document.id for document in changed}
            store.keep({d.id: self.kept_row(d.id) for d in documents if d.id not in moved})  # type: ignore[misc]
        for start in range(0, len(changed), CHUNK):  # a chunk at a time: its vectors are all that is held
            chunk = changed[start : start + CHUNK]
            known = store.known([document.id for document in chunk], self._dim()) if store is not None else {}
            prepared = self.prepare(chunk, known)
            if store is not None:
                store.keep(fresh_rows(prepared))
            self.place(prepared)

    def kept_row(self, memory: str) -> bytes | None:
        """The vector the index holds for `memory` as a row of the store (`kept.encoded`), or None."""
        row = self.rows.get(memory)
        if row is None or self._vectors is None:
            return None
        return encoded(self._vectors[row], float(self._scales[row]))

    def _refreshed(self, document: Document) -> bool:
        """True when `document` is indexed with the same text and quotes: its state and time refreshed."""
        row = self.rows.get(document.id)
        if row is None or self._fingerprints[row] != fingerprint(document):
            return False
        self._approved[row] = document.state == "approved"
        self._touched[row] = document.touched
        return True

    def prepare(
        self, documents: Sequence[Document], known: Mapping[str, tuple[np.ndarray, float]] | None = None
    ) -> Prepared:
        """What `place` puts in the index for `documents`, computed without touching it: their
        vectors and stems (the costly part of indexing, which a build does outside any lock). A vector
        in `known` (memory id -> steps and scale, as `quantized` gives them: kept in the store) is taken
        as it is; the others are embedded.

        Each text and quote is split into words once, for its stems and (a static model's) vector
        alike, and each distinct word of the chunk is stemmed once."""
        known = known or {}
        words = [content_words(document.text) for document in documents]
        quoted = [at for at, document in enumerate(documents) if document.quotes]
        cuts = {
            at: [content_words(quote[:EVIDENCE_LIMIT]) for quote in documents[at].quotes] for at in quoted
        }
        distinct = list(dict.fromkeys(chain(chain.from_iterable(words), *chain.from_iterable(cuts.values()))))
        stem_of = dict(zip(distinct, self._word_stems(distinct), strict=True))
        del distinct
        counts = []
        for at, found in enumerate(words):
            weights: dict[str, float] = dict(Counter([stem_of[word] for word in found]))
            for cut in cuts.get(at, ()):
                for word in cut:
                    stem = stem_of[word]
                    weights[stem] = weights.get(stem, 0.0) + QUOTE_TF
            counts.append(weights)
        del stem_of
        fresh = [at for at, document in enumerate(documents) if document.id not in known]
        steps = np.zeros((len(documents), self._dim()), dtype=np.int8)
        scales = np.zeros(len(documents), dtype=np.float32)
        for at, document in enumerate(documents):
            if document.id in known:
                steps[at], scales[at] = known[document.id]
        if fresh:
            vectors = self._embed(
                [documents[at] for at in fresh],
                [words[at] for at in fresh],
                [cuts.get(at, []) for at in fresh],
            )
            steps[fresh], scales[fresh] = quantized(vectors)
        return Prepared(list(documents), steps, scales, counts, fresh)

    def _embed(
        self, documents: Sequence[Document], words: list[list[str]], cuts: list[list[list[str]]]
    ) -> np.ndarray:
        """The unit vectors of `documents` (their text, plus `Weights.quote` times their quotes'), given
        each one's content words and its quotes' (`cuts`)."""
        texts = [document.text for document in documents]
        quoted = [at for at, document in enumerate(documents) if document.quotes]
        # the model leaves out what it does not need (encoders.meaning_text)
        joined = [" ".join(quote[:EVIDENCE_LIMIT] for quote in documents[at].quotes) for at in quoted]
        quote_weight = self.weights.quote
        weighed = joined if quote_weight else []
        if self._groups_itself:
            both = self._encode(texts + weighed)
        elif self._encode_words is None:
            both = by_length(self._encode, texts + weighed)  # in one go: a memory alone is one call, not two
        else:  # a split of the joined quotes is their splits in turn: a space parts them
            kept = [list(chain.from_iterable(cuts[at])) for at in quoted] if weighed else []
            both = self._encode_words(texts + weighed, words + kept)
        vectors = both[: len(texts)]
        if weighed:
            vectors[quoted] += quote_weight * both[len(texts) :]
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            norms[norms == 0] = 1.0
            vectors /= norms
        return vectors

    def place(self, prepared: Prepared, skip: Collection[str] = ()) -> None:
        """Put `prepared` in the index (each memory's old row content replaced), but for the ids in
        `skip`: memories that changed since they were read, which the next follow brings again."""
        if not prepared.documents:
            return
        rows: list[int] = []
        kept: list[int] = []
        for at, document in enumerate(prepared.documents):
            if document.id in skip:
                continue
            row = self.rows.get(document.id)
            if row is None:
                row = self._new_row(document.id)
            else:
                self._unpost(row)
            self._fingerprints[row] = fingerprint(document)
            self._approved[row] = document.state == "approved"
            self._touched[row] = document.touched
            self._post(row, prepared.counts[at])
            rows.append(row)
            kept.append(at)
        if not rows:
            return
        assert self._vectors is not None and self._coarse is not None
        at_rows = np.array(rows, dtype=np.intp)
        taken = np.array(kept, dtype=np.intp)
        steps, scales = prepared.steps[taken], prepared.scales[taken]
        self._vectors[at_rows], self._scales[at_rows] = steps, scales
        # from the vector as kept, so that one taken from the store scans as one embedded now
        self._coarse[at_rows] = coarse(steps.astype(np.float32) * scales[:, None])

    def _new_row(self, memory: str) -> int:
        if self._free:
            row = self._free.pop()
        else:
            row = len(self._ids)
            self._ids.append(None)
            self._terms.append(b"")
        self._ids[row] = memory
        self.rows[memory] = row
        self._reserve(len(self._ids))
        return row

    def _reserve(self, size: int) -> None:
        """Room for `size` rows. The matrices grow in place (`grown`): a build never holds two copies of
        them. Nothing keeps a view of them past a call."""
        capacity = 0 if self._vectors is None else self._vectors.shape[0]
        if size <= capacity:
            return
        bigger = max(size, capacity + GROWTH, int(capacity * 1.25))
        if self._vectors is None or self._coarse is None:
            dim = self._dim()
            self._vectors = np.zeros((0, dim), dtype=np.int8)
            self._coarse = np.zeros((0, min(dim, COARSE_DIM)), dtype=np.float32)
        vectors, small = [self._vectors], [self._coarse]
        self._vectors = self._coarse = None  # `grown` holds the only references while the memory moves
        self._vectors, self._coarse = grown(vectors, bigger), grown(small, bigger)
        for column in (self._scales, self._approved, self._touched, self._lengths, self._fingerprints):
            column.resize(bigger, refcheck=False)

    def _dim(self) -> int:
        if self._vectors is not None:
            return int(self._vectors.shape[1])
        if self._dimension is None:
            self._dimension = int(self._encode(["dimension"]).shape[1])
        return self._dimension

    def _post(self, row: int, counts: dict[str, float]) -> None:
        length = float(sum(counts.values()))
        self._lengths[row] = length
        self._total_length += length
        numbers = array("I")
        postings = self.postings
        for stem, tf in counts.items():
            posting = postings.get(stem)
            if posting is None:
                posting = postings[stem] = self._new_posting(stem)
            posting.add(row, tf)
            numbers.append(posting.number)
        self._terms[row] = numbers.tobytes()

    def _new_posting(self, stem: str) -> Posting:
        if self._free_numbers:
            number = self._free_numbers.pop()
        else:
            number = len(self._numbered)
            self._numbered.append(None)
        posting = self._numbered[number] = Posting(stem, number)
        return posting

    def _numbers(self, row: int) -> array[int]:
        numbers = array("I")
        numbers.frombytes(self._terms[row])
        return numbers

    def _numbered_posting(self, number: int) -> Posting:
        posting = self._numbered[number]
        assert posting is not None
        return posting

    def _unpost(self, row: int) -> None:
        for number in self._numbers(row):
            posting = self._numbered_posting(number)
            at = position(posting.rows, row)
            del posting.rows[at]
            del posting.tfs[at]
            if not posting.rows:  # the stem leaves the vocabulary: nothing holds its string any more
                del self.postings[posting.stem]
                self._numbered[number] = None
                self._free_numbers.append(number)
        self._total_length -= float(self._lengths[row])
        self._lengths[row] = 0.0
        self._terms[row] = b""

    # -- asking it --------------------------------------------------------------------------

    def scores(self, question: str, ordered: Sequence[str] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The rows worth scoring for `question` and their fused scores (a freed row scores nothing).
        `ordered` is the question's words as the read split them (`ReadRequest.ordered`): given, the
        question is not split again.

        Products are numpy's own loops (`einsum`), not BLAS: a BLAS library's threads, for one
        question at a time, cost more than they save and keep spinning on the other cores.
        Every row is scanned with its coarse vector plus BM25; the best `SHORTLIST` of that scan (every
        row, in a store no larger) are scored again with their whole vectors, and those are the scores."""
        size = len(self._ids)
        words = split_words(question) if ordered is None else list(ordered)
        kept = question_words(words)
        if size == 0 or self._vectors is None or self._coarse is None or not kept:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.float32)
        asked = " ".join(kept)
        if self._encode_words is not None:  # a static model: the words it embeds, already split
            meant = [word for word in kept if word not in STOP_WORDS] or kept
            query = self._encode_words([asked], [meant])[0]
        else:
            query = self._encode([asked])[0]
        lexical = self.weights.bm25 * self.bm25_of([word for word in words if word not in STOP_WORDS], size)
        if size <= SHORTLIST:
            rows = np.arange(size)
        else:
            rough = np.einsum("ij,j->i", self._coarse[:size], coarse(query[None, :])[0])
            rough += lexical
            rows = np.argpartition(-rough, SHORTLIST - 1)[:SHORTLIST]
        exact = np.einsum("ij,j->i", self._vectors[rows].astype(np.float32), query) * self._scales[rows]
        exact += lexical[rows]
        return rows, exact

    def bm25(self, question: str, size: int) -> np.ndarray:
        """BM25 of each row for the question's stems, divided by its ceiling (0 where none match)."""
        return self.bm25_of([word for word in split_words(question) if word not in STOP_WORDS], size)

    def bm25_of(self, words: list[str], size: int) -> np.ndarray:
        """`bm25` of a question whose content words (stop words left out) are `words`."""
        found = np.zeros(size, dtype=np.float32)
        count = len(self.rows)
        if not count:
            return found
        stems = set(self._word_stems(words)) if words else set()
        avgdl = (self._total_length / count) or 1.0
        ceiling = 0.0
        for stem in stems:
            posting = self.postings.get(stem)
            df = len(posting.rows) if posting is not None else 0
            idf = math.log(1 + (count - df + 0.5) / (df + 0.5))
            ceiling += idf
            if posting is None:
                continue
            rows = np.frombuffer(posting.rows, dtype=np.int32)
            tfs = posting.weights()
            norm = K1 * (1 - B + B * self._lengths[rows] / avgdl)
            found[rows] += idf * tfs * (K1 + 1) / (tfs + norm)
        if ceiling > 0:
            found /= ceiling  # what a memory of average length holding each stem once scores
        return found

    def best(
        self, question: str, limit: int, threshold: float, ordered: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        """At most `limit` memories scoring at least `threshold`, best first (ties: approved, most
        recent, id); `ordered` as `scores` takes it."""
        rows, scores = self.scores(question, ordered)
        relevant = np.flatnonzero(scores >= threshold)
        if relevant.size > limit:
            relevant = relevant[np.argpartition(-scores[relevant], limit - 1)[:limit]]
        found = [(self._ids[rows[at]], float(scores[at]), int(rows[at])) for at in relevant.tolist()]
        kept = [(memory, score, row) for memory, score, row in found if memory is not None]
        kept.sort(key=lambda item: (-item[1], not self._approved[item[2]], -self._touched[item[2]], item[0]))
        return [(memory, score) for memory, score, _ in kept]


class Keeps(Protocol):
    """Where vectors are kept beyond the process (`kept.Kept`): read by id, kept by id."""

    def known(self, ids: Collection[str], dim: int) -> dict[str, tuple[np.ndarray, float]]: ...

    def keep(self, rows: Mapping[str, bytes]) -> None: ...


def encoded(steps: np.ndarray, scale: float) -> bytes:
    """A vector as a row of the store: its scale in single precision, then one signed byte a component."""
    return np.asarray([scale], dtype="<f4").tobytes() + np.asarray(steps, dtype=np.int8).tobytes()


def decoded(data: bytes, dim: int) -> tuple[np.ndarray, float] | None:
    """A row of the store as steps and scale (`encoded`), or None when it is not a row of `dim` components."""
    if len(data) != 4 + dim:
        return None
    return np.frombuffer(data, dtype=np.int8, offset=4).copy(), float(
        np.frombuffer(data, dtype="<f4", count=1)[0]
    )


def fresh_rows(prepared: Prepared) -> dict[str, bytes]:
    """The rows of the store for the vectors `prepared` embedded now (not those it was given)."""
    return {
        prepared.documents[at].id: encoded(prepared.steps[at], float(prepared.scales[at]))
        for at in prepared.fresh
    }


def grown(box: list[np.ndarray], rows: int) -> np.ndarray:
    """The matrix in `box` (taken out of it: the caller keeps no reference) with `rows` rows, the new
    ones zero. The matrices live in private anonymous memory that the kernel moves when it grows
    (`mmap.resize`, mremap on Linux) instead of copying it, so growing one never holds it twice, and
    rows not written yet take no memory. Elsewhere (no mremap), or while a view of it is still held,
    it is copied into new memory."""
    matrix = box.pop()
    width, kind = matrix.shape[1], matrix.dtype
    size = max(1, rows * width * kind.itemsize)
    base = matrix.base
    while base is not None and not isinstance(base, (mmap.mmap, memoryview)):
        base = getattr(base, "base", None)
    memory = base.obj if isinstance(base, memoryview) else base
    if isinstance(memory, mmap.mmap):
        del matrix, base  # the only views of the map: it can move once they are gone
        try:
            memory.resize(size)
            return np.frombuffer(memory, dtype=kind, count=rows * width).reshape(rows, width)
        except (BufferError, OSError, SystemError, ValueError, TypeError):
            old = np.frombuffer(memory, dtype=kind).reshape(-1, width)
            matrix = old[: min(rows, old.shape[0])]
    try:  # private: a shared anonymous map is a file of its first size, and grown past it, faults
        fresh = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE)
    except (OSError, AttributeError, TypeError):  # no such map here (Windows): a copy
        bigger = np.zeros((rows, width), dtype=kind)
        bigger[: matrix.shape[0]] = matrix
        return bigger
    found = np.frombuffer(fresh, dtype=kind, count=rows * width).reshape(rows, width)
    found[: matrix.shape[0]] = matrix
    return found


def position(rows: array[int], row: int) -> int:
    """Where `row` is in `rows`, found by numpy: `array.index` compares a Python int at a time, which
    for a common stem at 100,000 memories costs milliseconds. The view is gone before `rows` changes."""
    return int(np.flatnonzero(np.frombuffer(rows, dtype=np.int32) == row)[0])


def fingerprint(document: Document) -> int:
    """What tells whether a memory's text or quotes changed since it was embedded (in this process only)."""
    return hash((document.text, document.quotes))


def question_text(question: str) -> str:
    """`question` as it is embedded: its words without `QUESTION_FRAME` (all its words when it is all
    frame words); empty when it has no word (only punctuation, emoji, control characters or lone
    surrogates, which no tokenizer takes): such a question asks about nothing."""
    return " ".join(question_words(split_words(question)))


def question_words(words: Sequence[str]) -> list[str]:
    """A question's words (`split_words`) as it is embedded: `question_text`'s, already split."""
    return [word for word in words if word not in QUESTION_FRAME] or list(words)


def quantized(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each vector as 256 steps of its largest component (bytes), and the step: it comes back within
    half a step of each component, which moves a cosine by a thousandth or two at most."""
    scales = np.abs(vectors).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    steps = np.rint(vectors / scales[:, None]).astype(np.int8)
    return steps, scales.astype(np.float32)


def coarse(vectors: np.ndarray) -> np.ndarray:
    """The first `COARSE_DIM` components of each vector, made unit length again."""
    small = np.ascontiguousarray(vectors[:, :COARSE_DIM], dtype=np.float32)
    norms = np.linalg.norm(small, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return small / norms


def by_length(encode: Callable[[Sequence[str]], np.ndarray], texts: Sequence[str]) -> np.ndarray:
    """`encode(texts)`, in batches of texts of about the same length: much less padding to pay for."""
    order = sorted(range(len(texts)), key=lambda at: len(texts[at]))
    parts = [
        encode([texts[at] for at in order[start : start + BATCH]]) for start in range(0, len(order), BATCH)
    ]
    if not parts:
        return encode([])
    found = np.empty((len(texts), parts[0].shape[1]), dtype=np.float32)
    found[np.array(order, dtype=np.intp)] = np.concatenate(parts)
    return found
