"""The `personakit_propose` tool: refusals in the documented order, then stored unconfirmed (or the
quote added to the memory it repeats, up to `QUOTES_KEPT`).

`checked` is the rule of the refusals, in one place: this hook stores what it passes, and an import
through the store's bulk path (`owner.data.transfer`) checks every observation with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from personakit_plugin.core.hookspecs import checks_in_bulk, hookimpl
from personakit_plugin.core.model import TEXT_LIMIT, ProposeResult, category_of

if TYPE_CHECKING:
    from personakit_plugin.core.hookspecs import Kit


def checked(kit: Kit, text: str, quote: str) -> tuple[str, str] | str:
    """The (text, quote) a proposal is stored as, each stripped, or the reason it is refused: an empty
    text, a text over `TEXT_LIMIT`, a refusal hook's reason (`kit.refusal`), an empty quote, in that
    order (propose checks 1 to 4, docs/rules.md)."""
    text = text.strip()
    if not text:
        return "empty_text"
    if len(text) > TEXT_LIMIT:
        return "too_long"
    reason = kit.refusal(text, quote)
    if reason is not None:
        return reason
    quote = quote.strip()
    return (text, quote) if quote else "empty_quote"


@hookimpl(trylast=True)
@checks_in_bulk(checked)
def personakit_propose(kit: Kit, text: str, quote: str, category: str | None) -> ProposeResult:
    found = checked(kit, text, quote)
    if isinstance(found, str):
        return ProposeResult(stored=False, reason=found)
    text, quote = found
    # The view only where there is one: a store written before views took it still serves the rest.
    within = {} if kit.view.everything else {"view": kit.view}
    stored = kit.store.propose(text, quote, category_of(category), kit.now(), **within)
    # At the limit the memory is stored as it was and the quote is not: said, never silently dropped.
    kept = False if stored.full else None
    return ProposeResult(stored=True, id=stored.id, new=stored.new, state=stored.state, quote_kept=kept)
