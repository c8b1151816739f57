"""The `personakit_read` tool as documented: retrieved and ranked, filled, unreviewed texts and quotes redacted.

The read flows one way, through the kit's helpers only (the `Kit` protocol): the retrievers' memories
(`kit.brought`), the word index's first matches in the order of the ranking hook in effect (the fast
path: while that ranker declares the store's order, `kit.top_matches` lets a store that ranks in its
own queries give the first `limit` only; else every match, `kit.matches`, ranked by `kit.rank`), their
union cut to the limit (the retrievers' alone, when one that weighs the words itself answered), the
fill of rule 5 (`kit.approved`), and what is shown (`kit.shown_read`). The question was split once,
into the read's `ReadRequest`.
"""

from __future__ import annotations

from personakit_plugin.core.hookspecs import Kit, hookimpl
from personakit_plugin.core.model import FILL_TO, Memory, ReadResult
from personakit_plugin.core.reading import ReadRequest
from personakit_plugin.core.store import Matches


def default_read(kit: Kit, question: str, limit: int, request: ReadRequest | None = None) -> ReadResult:
    """The documented read, for a plugin's `personakit_read` that changes what it returns
    (`from personakit_plugin import default_read`); pass the hook's `request` on. Not itself marked as
    a hook: a plugin module that imports it does not implement a hook named `default_read`."""
    if request is None or request.question != question or request.limit != limit:
        request = ReadRequest(question, limit, kit.view)
    brought = kit.brought(request)
    found = kit.top_matches(request) if kit.ranks_as_store() else None  # the fast path: the store ranks
    if found is None:  # every match, ranked by the ranking hook in effect: the same first `limit`
        every = kit.matches(request.words, request)
        found = Matches(kit.rank(question, every.candidates, request)[:limit], every.restricted)
    # At most `limit` word matches: with fewer, every match.
    chosen: list[Memory] = list(brought or ())
    taken = {memory.id for memory in chosen}
    # The retrievers' memories first, then the word matches they did not bring (none when a retriever
    # that weighs the words itself answered: it judged them not relevant). At most `limit` of them are
    # brought, so `limit` word matches always leave enough of the others.
    if not request.words_weighed:
        chosen += [candidate.memory for candidate in found.candidates if candidate.memory.id not in taken]
    chosen = chosen[:limit]
    room = min(FILL_TO, limit) - len(chosen)
    if room > 0:  # fewer matches than `limit`: every match is among those taken
        matched = taken | {candidate.memory.id for candidate in found.candidates}
        chosen += kit.approved(room, exclude=matched, request=request)
    return kit.shown_read(chosen, found.restricted, request)


@hookimpl(trylast=True)
def personakit_read(kit: Kit, request: ReadRequest) -> ReadResult:
    return default_read(kit, request.question, request.limit, request)
