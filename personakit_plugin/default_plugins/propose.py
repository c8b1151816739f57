"""The `personakit_propose` tool: refusals in the documented order, then stored unconfirmed (or the
quote added to the memory it repeats, up to `QUOTES_KEPT`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import TEXT_LIMIT, ProposeResult, category_of

if TYPE_CHECKING:
    from personakit_plugin.core.hookspecs import Kit


def refused(reason: str) -> ProposeResult:
    return ProposeResult(stored=False, reason=reason)


@hookimpl(trylast=True)
def personakit_propose(kit: Kit, text: str, quote: str, category: str | None) -> ProposeResult:
    text = text.strip()
    if not text:
        return refused("empty_text")
    if len(text) > TEXT_LIMIT:
        return refused("too_long")
    reason = kit.refusal(text, quote)
    if reason is not None:
        return refused(reason)
    quote = quote.strip()
    if not quote:
        return refused("empty_quote")
    # The view only where there is one: a store written before views took it still serves the rest.
    within = {} if kit.view.everything else {"view": kit.view}
    stored = kit.store.propose(text, quote, category_of(category), kit.now(), **within)
    # At the limit the memory is stored as it was and the quote is not: said, never silently dropped.
    kept = False if stored.full else None
    return ProposeResult(stored=True, id=stored.id, new=stored.new, state=stored.state, quote_kept=kept)
