"""A PersonaKit ranking hook: orders the memories that match a question by Okapi BM25.

The default ranking counts how many question words a memory shares. BM25 also weighs each word
by how rare it is and each memory by how long it is, so a short memory that names the one
unusual word of a question comes before a long one that repeats its common words.

For each question word `w` and memory `d` (its words, case-folded, stop words left out, the
same rule `personakit_plugin.core.words` uses for matching):

    score(d) = sum over w of  idf(w) * tf(w, d) * (k1 + 1) / (tf(w, d) + k1 * (1 - b + b * |d| / avgdl))
    idf(w)   = ln(1 + (N - df(w) + 0.5) / (df(w) + 0.5))

with k1 = 1.2 and b = 0.75, `tf` the times `w` occurs in `d`, `|d|` its length in words and
`avgdl` the mean length.

An approximation: N, df and avgdl are counted over the candidates, the memories that share at
least one word with the question, not over every memory the owner has: a ranking hook is given
the question, its words and the candidates, and nothing else (no store, and the store's interface
has no word counts to ask for). Within the candidates the order is still the one BM25 intends: a
word found in every candidate weighs least, a word found in one weighs most. But a word that is
rare among all memories and common among these candidates weighs less than true BM25 would give
it, and scores are not comparable from one question to another. The `1 +` inside the logarithm
(as in Lucene) keeps idf positive: with the classic form, a word in more than half the
candidates (common, since every candidate holds a question word) would count against a memory.

Ties are broken as the default ranking breaks them: approved first, then most recently touched,
then by id. Only candidates with a positive score are returned.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Sequence

from personakit_plugin import STOP_WORDS, Candidate, hookimpl, split_words

K1 = 1.2
B = 0.75


def terms(text: str) -> list[str]:
    """The words of `text` that count, in order, repeats kept."""
    return [word for word in split_words(text) if word not in STOP_WORDS]


def bm25_scores(words: Collection[str], texts: Sequence[str], k1: float = K1, b: float = B) -> list[float]:
    """The BM25 score of each text for the question `words`, with idf counted over `texts`."""
    docs = [Counter(terms(text)) for text in texts]
    if not docs:
        return []
    lengths = [doc.total() for doc in docs]
    avgdl = sum(lengths) / len(docs) or 1.0
    query = sorted(words)  # a fixed order, so equal memories sum to exactly equal scores
    idf = {}
    for word in query:
        df = sum(1 for doc in docs if word in doc)
        idf[word] = math.log(1 + (len(docs) - df + 0.5) / (df + 0.5))
    scores = []
    for doc, length in zip(docs, lengths, strict=True):
        norm = k1 * (1 - b + b * length / avgdl)
        scores.append(sum(idf[w] * doc[w] * (k1 + 1) / (doc[w] + norm) for w in query if doc[w]))
    return scores


def _best_first(scored: tuple[float, Candidate]) -> tuple[float, bool, float, str]:
    """Higher score first; on a tie, as the default ranks: approved, then most recent, then id."""
    score, candidate = scored
    memory = candidate.memory
    return -score, memory.state != "approved", -memory.touched, memory.id


@hookimpl
def personakit_rank(words: frozenset[str], candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates with a positive BM25 score, best first."""
    scores = bm25_scores(words, [candidate.memory.text for candidate in candidates])
    scored = [(score, candidate) for score, candidate in zip(scores, candidates, strict=True) if score > 0]
    return [candidate for _, candidate in sorted(scored, key=_best_first)]
