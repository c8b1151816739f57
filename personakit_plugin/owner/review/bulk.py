"""What one connection proposed in a span of time, as the owner chooses it: `personakit reject|restrict
--proposed-by CONN [--since T] [--until T]` and the web review's filter both go through here.

A connection is named by its id (`c_` and 8 hex digits, as the reviews show it) or by the name its client
gave (every connection of that name: a client's name is what it says of itself, so it picks connections
and proves nothing). Only memories that still wait (unconfirmed) are chosen: what the owner decided
stays decided. A time is a date and time as the owner's views print it (`2026-11-30 15:32`, an ISO 8601
time, with or without its `UTC+01:00`, local time when it has none, a date alone meaning its midnight)
or a span back from now (`90m`, `2h`, `3d`).
"""

from __future__ import annotations

import re
import time
from datetime import datetime
from typing import TYPE_CHECKING

import msgspec

from personakit_plugin.core.model import Memory
from personakit_plugin.core.store import KnowsProposers, Proposer, StoreError
from personakit_plugin.owner.display import plural, printable, when

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

CONNECTIONS_NAMED = 5
"""How many connections a sentence names when the one asked for is not there."""
_AGO = re.compile(r"(\d+)\s*([mhd])")
_UNITS = {"m": 60, "h": 3600, "d": 86400}
_OFFSET = re.compile(r"\s*UTC([+-]\d\d:\d\d)$")


class Span(msgspec.Struct, frozen=True, kw_only=True):
    """The connections chosen and the span of time: proposed at `since` or after, before `until`."""

    connections: tuple[Proposer, ...]
    since: float | None = None
    until: float | None = None

    def ids(self) -> list[str]:
        return [proposer.connection.id for proposer in self.connections]

    def said(self) -> str:
        """The connections and the span, as a phrase: `by claude-code 1.2 (c_0a1b2c3d) since ...`."""
        names = ", ".join(printable(proposer.connection.named()) for proposer in self.connections)
        span = (f" since {when(self.since)}" if self.since is not None else "") + (
            f" before {when(self.until)}" if self.until is not None else ""
        )
        return f"by {names}{span}"


def parse_time(text: str, now: float | None = None) -> float:
    """A time the owner typed, in seconds since the epoch; ValueError with one sentence when it is none."""
    said = text.strip()
    ago = _AGO.fullmatch(said)
    if ago:
        return (time.time() if now is None else now) - int(ago.group(1)) * _UNITS[ago.group(2)]
    offset = _OFFSET.search(said)
    if offset:
        said = said[: offset.start()] + offset.group(1)
    try:
        moment = datetime.fromisoformat(said)
    except ValueError:
        raise ValueError(
            f"{text!r} is not a time; give a date and time such as 2026-11-30 15:32, or a span back from now "
            "such as 90m, 2h or 3d."
        ) from None
    if moment.tzinfo is None:
        moment = moment.astimezone()  # the owner's local time
    return moment.timestamp()


def store_of(kit: PersonaKit) -> KnowsProposers:
    """The kit's store, if it knows who proposed what; else a StoreError saying so."""
    if not isinstance(kit.store, KnowsProposers):
        raise StoreError(f"This store ({kit.store.location}) does not record which connection proposed what.")
    return kit.store


def span(kit: PersonaKit, proposed_by: str, since: str | None = None, until: str | None = None) -> Span:
    """The span the owner asked for; a StoreError (one sentence) for an unknown connection, or a time that
    is none, or a span that ends before it starts."""
    known = store_of(kit).connections()
    wanted = proposed_by.strip()
    chosen = tuple(p for p in known if p.connection.id == wanted) or tuple(
        p for p in known if p.connection.client.casefold() == wanted.casefold() and wanted
    )
    if not chosen:
        raise StoreError(f"No connection {printable(wanted)!r} proposed anything here; {_known(known)}")
    try:
        start, end = span_times(since, until)
    except ValueError as exc:
        raise StoreError(str(exc)) from None
    return Span(connections=chosen, since=start, until=end)


def span_times(since: str | None, until: str | None) -> tuple[float | None, float | None]:
    """`--since` and `--until` as times (None where not given); ValueError with one sentence for a time that
    is none, or a span that ends before it starts."""
    start = parse_time(since) if since is not None else None
    end = parse_time(until) if until is not None else None
    if start is not None and end is not None and end <= start:
        raise ValueError(f"--until ({when(end)}) must come after --since ({when(start)}).")
    return start, end


def _known(known: list[Proposer]) -> str:
    if not known:
        return "no connection has proposed a memory here yet."
    named = [
        f"{printable(p.connection.named())}, {plural(p.waiting, 'memory')} waiting" for p in known[:CONNECTIONS_NAMED]
    ]
    more = f" and {len(known) - CONNECTIONS_NAMED} more" if len(known) > CONNECTIONS_NAMED else ""
    return f"the connections that did, latest first: {'; '.join(named)}{more}."


def chosen(kit: PersonaKit, span: Span) -> list[Memory]:
    """The memories of `span` that still wait for the owner (unconfirmed), newest first, without quotes."""
    return store_of(kit).proposed_by(span.ids(), span.since, span.until)
