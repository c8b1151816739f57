"""`personakit review --web`: the review as a page in the browser, served on 127.0.0.1 only.

Starlette, served by uvicorn (both come with the MCP SDK), answers one page (`page.html`) and a
small JSON API:

- `GET /api/memories?state=unconfirmed|approved|restricted|rejected|all&q=TEXT&offset=N&limit=N`, one page
  (`PAGE` memories unless `limit` says fewer) of the memories chosen, with how many there are (`matching`),
  the counts of each state and the connections that proposed (`connections`); `by=CONN&since=T&until=T`
  (local times such as `2026-11-30T15:32`) chooses those one connection proposed that still wait (`bulk.py`)
- `GET /api/similar?id=ID`: the similar memories of one memory, asked for as its card is shown
- `POST /api/decide-many` with `{"action": "reject"|"restrict", "by", "since"?, "until"?, "count"}`: every
  memory that filter chooses, in one transaction (a reject erases once), if there are still `count` of them
- `POST /api/decide` with `{"id", "action", "text"?, "category"?}`; an approve also carries `shown`, the
  `quote_keys` (`GET` lists them beside each memory's `quotes`) of the quotes the page showed: it confirms
  only those, and a quote proposed since the page loaded waits for the owner
- `POST /api/decide` with `{"id", "action": "accept-quote"|"drop-quote", "quote"}` for a quote waiting
  for the owner (`GET` lists them as each memory's `pending`; `state=waiting` lists the approved
  memories with one)
- `POST /api/undo`
- `POST /api/finish-erasing`

`GET /api/memories` also lists `unfinished`: memories whose erasure (a reject, a dropped quote) the store could not
finish (it raised a StoreError, whose sentence the page shows as an error), until
`/api/finish-erasing` (or another erasure) goes through.

The browser is opened on a private file that forwards to the address (`redirect_file`), so the
token never stands on a command line that other local users can read.

Every request must carry the token printed at start, in the query (`?token=`) or the
`X-PersonaKit-Token` header; without it the answer is 403. The Host header must name
127.0.0.1 or localhost with the server's port (a DNS-rebinding page cannot reach it), and a
cross-site `Origin` is refused. A request body may be at most 64 KiB. Every answer carries the security
headers (a content security policy that allows nothing from elsewhere, no framing, no caching, no referrer).
The store is blocking SQLite: its calls run in worker threads, one at a time. Ctrl-C stops the server,
which then says on stderr the terminal review's summary of what it decided (`reviewing.Tally`). A decision
that changed nothing is answered with `unchanged`, the sentence saying so, which the page shows.
"""

from __future__ import annotations

import hmac
import html
import json
import os
import secrets
import shutil
import socket
import sys
import tempfile
import threading
import webbrowser
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import msgspec
import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from personakit_plugin.core.model import (
    DECISIONS,
    QUOTE_DECISIONS,
    STATE_AFTER,
    STATES,
    TEXT_LIMIT,
    Connection,
    Decision,
    Memory,
)
from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.store import KnowsProposers, Proposer, Retires, StoreError, UnknownMemory
from personakit_plugin.owner.display import json_printable, printable, when
from personakit_plugin.owner.review import bulk
from personakit_plugin.owner.review.shared import (
    Likeness,
    Proposers,
    Tally,
    check_edit,
    finish_erasing,
    listed,
    newest_first,
    quote_key,
    quotes_wait,
    review_queue,
    unchanged,
    undo,
)
from personakit_plugin.owner.review.updates import may_replace

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

HOST = "127.0.0.1"
PAGE = 50
"""The most memories one answer of `/api/memories` lists; the page asks for the next ones as the owner
gets near the end of those it has."""
TOKEN_HEADER = "X-PersonaKit-Token"
MAX_BODY = 64 * 1024
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
        "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
}


class ApiError(Exception):
    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


def page() -> bytes:
    """The review page, with the limits it states filled in from the model."""
    html = resources.files("personakit_plugin.owner.review").joinpath("page.html").read_bytes()
    return html.replace(b"{{TEXT_LIMIT}}", str(TEXT_LIMIT).encode())


def memory_json(memory: Memory, proposer: Connection | None = None) -> dict[str, Any]:
    """A memory as the page sees it; a rejected one keeps only its id, state and times."""
    rejected = memory.state == "rejected"
    result: dict[str, Any] = {
        "id": memory.id,
        "text": None if rejected else memory.text,
        "category": None if rejected else memory.category,
        "state": memory.state,
        "quotes": [] if rejected else list(memory.quotes),
        "quote_keys": [] if rejected else [quote_key(quote) for quote in memory.quotes],
        "pending": [] if rejected else list(memory.pending),
        "created": memory.created,
        "touched": memory.touched,
        "proposed": when(memory.created),  # the one time format of every owner's view, with its zone
        "proposed_by": proposer.id if proposer is not None else None,
    }
    return result


def connection_json(proposer: Proposer) -> dict[str, Any]:
    """A connection as the page's filter lists it; its name is what its client said, shown escaped."""
    return {
        "id": proposer.connection.id,
        "named": proposer.connection.named(),
        "waiting": proposer.waiting,
        "proposed": proposer.proposed,
        "last": when(proposer.last),
    }


def decision_json(decision: Decision) -> dict[str, Any]:
    return {
        "seq": decision.seq,
        "id": decision.memory_id,
        "action": decision.action,
        "before": decision.before,
        "after": decision.after,
        "at": decision.at,
        "when": when(decision.at),
    }


VIEWS = (*STATES, "waiting", "all")
"""What the page can list: a state, the memories with quotes waiting for the owner, or every memory."""


def _decision_body(body: dict[str, Any]) -> tuple[str, str, str | None, str | None, str | None]:
    """The id, action, text, category and quote of a decision the page sent, checked."""
    memory_id, action = body.get("id"), body.get("action")
    if not isinstance(memory_id, str) or not memory_id:
        raise ApiError(HTTPStatus.BAD_REQUEST, "Give the memory's id as a string.")
    if not isinstance(action, str) or action not in (*DECISIONS, *QUOTE_DECISIONS):
        raise ApiError(
            HTTPStatus.BAD_REQUEST, f"The action must be one of {', '.join((*DECISIONS, *QUOTE_DECISIONS))}."
        )
    text, category, quote = body.get("text"), body.get("category"), body.get("quote")
    if text is not None and not isinstance(text, str):
        raise ApiError(HTTPStatus.BAD_REQUEST, "The text must be a string.")
    if category is not None and not isinstance(category, str):
        raise ApiError(HTTPStatus.BAD_REQUEST, "The category must be a string.")
    if action in QUOTE_DECISIONS and not isinstance(quote, str):
        raise ApiError(HTTPStatus.BAD_REQUEST, "Give the quote to keep or drop, exactly as it is shown, as a string.")
    return memory_id, action, text, category, quote if isinstance(quote, str) else None


def _shown(body: dict[str, Any], memory: Memory) -> list[str]:
    """The quotes of `memory` an approve says the page showed (`shown`: their `quote_keys`); a quote
    the page did not show is not among them, so it waits for the owner after the approve."""
    keys = body.get("shown")
    if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
        raise ApiError(
            HTTPStatus.BAD_REQUEST, "An approve must list the quotes the page showed, as `shown`: their quote_keys."
        )
    wanted = set(keys)
    return [quote for quote in memory.quotes if quote_key(quote) in wanted]


class Filter(msgspec.Struct, frozen=True):
    """The web review's filter on who proposed: a connection (its id or its client's name) and a span of
    time (given as the owner typed it, read as `bulk.parse_time` reads it), either end open."""

    connection: str
    since: float | None = None
    until: float | None = None

    @classmethod
    def of(cls, given: dict[str, Any]) -> Filter | None:
        """The filter a request gives (`by`, `since`, `until`, as query parameters or JSON), None without `by`."""
        by = given.get("by")
        if by in (None, ""):
            return None
        if not isinstance(by, str):
            raise ApiError(HTTPStatus.BAD_REQUEST, "Give the connection as `by`: its id, as the page lists it.")
        bounds = []
        for name in ("since", "until"):
            value = given.get(name)
            if value is not None and not isinstance(value, str):
                raise ApiError(HTTPStatus.BAD_REQUEST, f"`{name}` must be a time such as 2026-11-30T15:32.")
            try:
                bounds.append(bulk.parse_time(value) if value else None)
            except ValueError as exc:
                raise ApiError(HTTPStatus.BAD_REQUEST, f"`{name}`: {exc}") from None
        if bounds[0] is not None and bounds[1] is not None and bounds[1] <= bounds[0]:
            raise ApiError(HTTPStatus.BAD_REQUEST, "The end of the span must come after its start.")
        return cls(by, *bounds)


class ReviewApi:
    """What the page can ask for; one lock, so requests from the server's threads go one at a time."""

    def __init__(self, kit: PersonaKit) -> None:
        self.kit = kit
        self.lock = threading.Lock()
        self.unfinished: set[str] = set()
        """Memories rejected whose erasure the store could not finish (it raised a StoreError)."""
        self.tally = Tally()
        """What this review decided, as it stands; said when the server stops (`summary`)."""
        self.likeness = Likeness(kit)
        self.proposers = Proposers(kit)

    def summary(self) -> str:
        """The line the review says when it stops: what stands of what it decided, and how many memories
        still wait for the owner (the terminal review's summary, without skips: the page skips nothing)."""
        with self.lock:
            return self.tally.summary(len(review_queue(listed(self.kit))))

    def memories(
        self, state: str, query: str, *, offset: int = 0, limit: int = PAGE, by: Filter | None = None
    ) -> dict[str, Any]:
        """One page of the memories in one state (or `all`, or `waiting`: those with quotes waiting for the
        owner), matching `query` in their text or quotes, or those one connection proposed that still wait
        (`by`), with how many match, the counts of each state and the connections that proposed. Listing
        from the start (`offset` 0) renews the likeness the cards are shown with (`similar`)."""
        if state not in VIEWS:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"{state!r} is not a state; use one of {', '.join(VIEWS)}.")
        needle = query.strip().casefold()
        with self.lock:  # a search reads every quote; a listing, only the quotes of the memories it shows
            every = self.kit.store.memories() if needle else listed(self.kit)
            if offset == 0:
                self.likeness.renew(every)
            proposed = {m.id for m in self._filtered(by)} if by is not None else None
            connections = self._connections()
        counts = {name: 0 for name in STATES}
        for memory in every:
            counts[memory.state] = counts.get(memory.state, 0) + 1
        counts["waiting"] = sum(1 for m in every if quotes_wait(m))
        chosen = [m for m in every if state == "all" or m.state == state or (state == "waiting" and quotes_wait(m))]
        if proposed is not None:
            chosen = [m for m in chosen if m.id in proposed]
        if state in ("unconfirmed", "waiting"):
            chosen = newest_first(chosen)
        if needle:
            chosen = [
                m
                for m in chosen
                if m.state != "rejected"
                and (needle in m.text.casefold() or any(needle in quote.casefold() for quote in m.quotes))
            ]
        page = chosen[offset : offset + max(1, min(limit, PAGE))]
        with self.lock:
            if not needle:  # each with its quotes
                page = [whole for whole in map(self.kit.store.get, (m.id for m in page)) if whole is not None]
            by_whom = self.proposers.of(m.id for m in page)
            replaces = self._replaces(page, every)
        return {
            "memories": [{**memory_json(m, by_whom.get(m.id)), **replaces.get(m.id, {})} for m in page],
            "matching": len(chosen),
            "offset": offset,
            "counts": counts,
            "total": len(every),
            "connections": connections,
            "unfinished": sorted(self.unfinished),
        }

    def _replaces(self, page: list[Memory], every: list[Memory]) -> dict[str, dict[str, Any]]:
        """What each proposal of `page` may replace (`owner.updates`), as its card names it."""
        if not isinstance(self.kit.store, Retires):
            return {}
        return {
            m.id: {"may_replace": [{"id": old.id, "text": old.text} for old in may_replace(m, every, self.kit)]}
            for m in page
            if m.state == "unconfirmed"
        }

    def _connections(self) -> list[dict[str, Any]]:
        store = self.kit.store
        return [connection_json(p) for p in store.connections()] if isinstance(store, KnowsProposers) else []

    def _filtered(self, by: Filter) -> list[Memory]:
        """The memories that still wait from the connection `by` names, in its span."""
        try:
            span = bulk.span(self.kit, by.connection)
        except StoreError as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(exc)) from None
        return bulk.chosen(self.kit, bulk.Span(connections=span.connections, since=by.since, until=by.until))

    def similar(self, memory_id: str) -> dict[str, Any]:
        """The memories similar to one, as they are now (`Likeness`): asked for as its card is shown."""
        with self.lock:  # the retrieval hooks are asked here, one request at a time
            memory = self.kit.store.get(memory_id)
            if memory is None:
                raise UnknownMemory(memory_id)
            found = self.likeness.to(memory) if memory.state != "rejected" else []
        return {"id": memory_id, "similar": [{"id": m.id, "state": m.state, "text": m.text} for m in found]}

    def decide_many(self, body: dict[str, Any]) -> dict[str, Any]:
        """Reject or restrict every memory that still waits from one connection in a span, in one
        transaction, when the page's `count` is still how many there are (else nothing, and a 409)."""
        action, by, count = body.get("action"), Filter.of(body), body.get("count")
        if action not in ("reject", "restrict"):
            raise ApiError(HTTPStatus.BAD_REQUEST, "The action must be reject or restrict.")
        if by is None:
            raise ApiError(HTTPStatus.BAD_REQUEST, "Give the connection as `by`: its id, as the page lists it.")
        if not isinstance(count, int) or isinstance(count, bool):
            raise ApiError(HTTPStatus.BAD_REQUEST, "Give `count`, how many memories the page showed, as a number.")
        with self.lock:
            chosen = self._filtered(by)
            if len(chosen) != count:
                raise ApiError(
                    HTTPStatus.CONFLICT,
                    f"{len(chosen):,} memories match now, not {count:,}; nothing was {STATE_AFTER[action]}: "
                    "look at them again.",
                )
            try:
                done = self.kit.store.decide_many([m.id for m in chosen], action, self.kit.now())
            except StoreError:
                if action == "reject":
                    self.unfinished.update(m.id for m in chosen)
                raise
            for decision in done:
                self.tally.took(decision)
            if action == "reject":
                self.unfinished.clear()
        return {"decided": sum(d.recorded for d in done), "action": action}

    def decide(self, body: dict[str, Any]) -> dict[str, Any]:
        if body.get("action") == "replace":
            return self.replace(body)
        memory_id, action, text, category, quote = _decision_body(body)
        with self.lock:
            memory = self.kit.store.get(memory_id)
            if memory is None:
                raise UnknownMemory(memory_id)
            if memory.state == "rejected" and action != "reject":
                raise ApiError(
                    HTTPStatus.CONFLICT, f"{memory_id} was rejected, so its text is gone and nothing is left to decide."
                )
            if action == "edit":
                text, category = check_edit(self.kit, text, category)
                if text == memory.text:
                    text = None
                if text is None and category is None:
                    raise ApiError(HTTPStatus.BAD_REQUEST, "Give a new text, a new category or both.")
                decision = self.kit.store.decide(memory_id, action, self.kit.now(), text=text, category=category)
            elif action in ("reject", "drop-quote"):
                decision = self._erase(memory_id, action, quote)
            elif action == "accept-quote":
                decision = self.kit.store.decide(memory_id, action, self.kit.now(), quote=quote)
            elif action == "approve":
                decision = self.kit.store.decide(memory_id, action, self.kit.now(), shown=_shown(body, memory))
            else:
                decision = self.kit.store.decide(memory_id, action, self.kit.now())
            self.tally.took(decision)
            after = self.kit.store.get(memory_id)
        answer: dict[str, Any] = {"decision": decision_json(decision), "memory": self._json(after)}
        if not decision.recorded:
            answer["unchanged"] = unchanged(decision)
        return answer

    def _json(self, memory: Memory | None) -> dict[str, Any] | None:
        return memory_json(memory, self.proposers.of([memory.id]).get(memory.id)) if memory else None

    def replace(self, body: dict[str, Any]) -> dict[str, Any]:
        """`{"id": NEW, "action": "replace", "old": OLD, "shown": [...]}`: approve NEW, confirming the quotes
        the page showed, and retire OLD with a link to it (`personakit replace OLD NEW`)."""
        memory_id, old = body.get("id"), body.get("old")
        if not isinstance(memory_id, str) or not isinstance(old, str) or not memory_id or not old:
            raise ApiError(HTTPStatus.BAD_REQUEST, "A replace needs the new memory's id and the old one's, as strings.")
        if not isinstance(self.kit.store, Retires):
            raise ApiError(HTTPStatus.CONFLICT, "This storage backend cannot retire memories.")
        with self.lock:
            memory = self.kit.store.get(memory_id)
            if memory is None:
                raise UnknownMemory(memory_id)
            approved, retired = self.kit.store.replace(old, memory_id, self.kit.now(), shown=_shown(body, memory))
            self.tally.took(approved)
            self.tally.took(retired)
            after = self.kit.store.get(memory_id)
        return {
            "decision": decision_json(retired),
            "approved": decision_json(approved),
            "memory": self._json(after),
        }

    def _erase(self, memory_id: str, action: str, quote: str | None) -> Decision:
        """Reject (or reject again) or drop a quote. When the store raises, its sentence goes to the
        page as an error; when it had removed what it was asked to but could not erase every copy yet,
        the memory is listed as `unfinished` until an erasure goes through."""
        try:
            if action == "drop-quote":
                decision = self.kit.store.decide(memory_id, action, self.kit.now(), quote=quote)
            else:
                decision = self.kit.store.decide(memory_id, action, self.kit.now())
        except StoreError:
            after = self.kit.store.get(memory_id)
            if after is not None and (after.state == "rejected" if action == "reject" else quote not in after.quotes):
                self.unfinished.add(memory_id)  # removed, but not yet erased from every file
                self.tally.took(next(d for d in reversed(self.kit.store.history(memory_id)) if d.action == action))
            raise
        self.unfinished.clear()  # the store finished erasing: every earlier erasure's copies went with it
        return decision

    def finish_erasing(self) -> dict[str, Any]:
        """Finish the erasures the store could not finish; a StoreError if it still cannot."""
        with self.lock:
            finish_erasing(self.kit, sorted(self.unfinished))
            self.unfinished.clear()
        return {"unfinished": []}

    def undo(self) -> dict[str, Any]:
        with self.lock:
            decision = undo(self.kit)
            if decision is None:
                return {"undone": None, "memory": None}
            self.tally.undid(decision)
            after = self.kit.store.get(decision.memory_id)
        return {"undone": decision_json(decision), "memory": self._json(after)}


# -- HTTP ---------------------------------------------------------------------------------


def _respond(status: HTTPStatus, body: bytes, content_type: str, *, close: bool = False) -> Response:
    """An answer; the security headers are added to every answer by `Guard`."""
    headers = {"Connection": "close"} if close else {}
    return Response(body, status_code=status, headers=headers, media_type=content_type)


def json_response(status: HTTPStatus, value: object, *, close: bool = False) -> Response:
    """JSON with hidden characters (display.py) as \\u escapes; the page escapes them again to show them."""
    body = json_printable(json.dumps(value, ensure_ascii=False)).encode()
    return _respond(status, body, "application/json; charset=utf-8", close=close)


def error_response(status: HTTPStatus, message: str, *, close: bool = False) -> Response:
    return json_response(status, {"error": message}, close=close)


class Guard:
    """Before anything else, every request: the Host header names this server (127.0.0.1 or localhost and
    its port), an `Origin` if any is this server's, and the token is right (header or query); else 403 and the
    connection is closed. On every answer, Starlette's own included: the security headers."""

    def __init__(self, app: ASGIApp, token: str, allowed_hosts: set[str]) -> None:
        self.app = app
        self.token = token.encode()
        self.allowed_hosts = allowed_hosts
        self.origins = {f"http://{host}" for host in allowed_hosts}

    def refusal(self, scope: Scope) -> str | None:
        headers = Headers(scope=scope)
        if headers.get("host", "").strip().lower() not in self.allowed_hosts:
            return "This page answers only at 127.0.0.1 or localhost on its own port."
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            return "Requests from other sites are refused."
        given = headers.get(TOKEN_HEADER)
        if given is None:
            given = (parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token") or [""])[0]
        if not hmac.compare_digest(given.encode("utf-8", "replace"), self.token):
            return "The token is missing or wrong; open the address personakit review printed."
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        secured = [(name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *secured]}
            await send(message)

        refusal = self.refusal(scope)
        if refusal is not None:
            await error_response(HTTPStatus.FORBIDDEN, refusal, close=True)(scope, receive, send_secured)
            return
        await self.app(scope, receive, send_secured)


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object ({} when it has no body); at most `MAX_BODY` bytes, however it is sent."""
    try:
        length = int(request.headers.get("content-length") or 0)
    except ValueError:
        raise ApiError(HTTPStatus.BAD_REQUEST, "The Content-Length header is not a number.") from None
    if length > MAX_BODY:
        raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "The request is too large.")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "The request is too large.")
    if not raw:
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(HTTPStatus.BAD_REQUEST, "The request body is not JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(HTTPStatus.BAD_REQUEST, "The request body must be a JSON object.")
    return body


def answering(work: Callable[[Request], Awaitable[object]]) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint that answers `work`'s value as JSON, or its error as a sentence with its status."""

    async def endpoint(request: Request) -> Response:
        try:
            return json_response(HTTPStatus.OK, await work(request))
        except ApiError as exc:
            too_large = exc.status == HTTPStatus.REQUEST_ENTITY_TOO_LARGE  # its body is left unread
            return error_response(exc.status, str(exc), close=too_large)
        except UnknownMemory as exc:
            return error_response(HTTPStatus.NOT_FOUND, str(exc))
        except StoreError as exc:
            return error_response(HTTPStatus.CONFLICT, str(exc))
        except PluginError as exc:
            return error_response(HTTPStatus.INTERNAL_SERVER_ERROR, str(exc))
        except Exception as exc:  # the page gets a sentence; the terminal gets what went wrong
            print(f"personakit review: {type(exc).__name__}: {printable(str(exc))}", file=sys.stderr)
            return error_response(
                HTTPStatus.INTERNAL_SERVER_ERROR, "PersonaKit could not do that; the terminal says why."
            )

    return endpoint


def _number(query: dict[str, str], name: str, default: int) -> int:
    """A whole number of at least 0 from the query, or `default` when it is not there."""
    value = query.get(name)
    if value is None:
        return default
    if not value.isdigit():
        raise ApiError(HTTPStatus.BAD_REQUEST, f"`{name}` must be a whole number.")
    return int(value)


def review_app(api: ReviewApi, token: str, allowed_hosts: set[str]) -> Starlette:
    """The page and the JSON API behind `Guard`. The store is blocking SQLite, so each call runs in a
    worker thread; `ReviewApi`'s lock keeps them one at a time."""

    async def show_page(request: Request) -> Response:
        return _respond(HTTPStatus.OK, page(), "text/html; charset=utf-8")

    async def memories(request: Request) -> object:
        query = {name: values[0] for name, values in parse_qs(request.url.query).items()}
        state, needle = query.get("state", "unconfirmed"), query.get("q", "")
        offset, limit = _number(query, "offset", 0), _number(query, "limit", PAGE)
        by = Filter.of(query)
        return await run_in_threadpool(lambda: api.memories(state, needle, offset=offset, limit=limit, by=by))

    async def similar(request: Request) -> object:
        memory_id = (parse_qs(request.url.query).get("id") or [""])[0]
        return await run_in_threadpool(api.similar, memory_id)

    async def decide_many(request: Request) -> object:
        return await run_in_threadpool(api.decide_many, await json_body(request))

    async def decide(request: Request) -> object:
        return await run_in_threadpool(api.decide, await json_body(request))

    async def undo(request: Request) -> object:
        await json_body(request)
        return await run_in_threadpool(api.undo)

    async def finish(request: Request) -> object:
        await json_body(request)
        return await run_in_threadpool(api.finish_erasing)

    async def nothing_here(request: Request, exc: Exception) -> Response:
        """Starlette's 404 and 405, as the API's other errors are."""
        if request.method in ("GET", "HEAD", "POST"):
            return error_response(HTTPStatus.NOT_FOUND, "There is nothing here.")
        return error_response(HTTPStatus.METHOD_NOT_ALLOWED, "The review answers GET and POST only.")

    routes = [
        Route("/", show_page, methods=["GET"]),
        Route("/index.html", show_page, methods=["GET"]),
        Route("/api/memories", answering(memories), methods=["GET"]),
        Route("/api/similar", answering(similar), methods=["GET"]),
        Route("/api/decide", answering(decide), methods=["POST"]),
        Route("/api/decide-many", answering(decide_many), methods=["POST"]),
        Route("/api/undo", answering(undo), methods=["POST"]),
        Route("/api/finish-erasing", answering(finish), methods=["POST"]),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, token=token, allowed_hosts=allowed_hosts)],
        exception_handlers={HTTPException: nothing_here},
    )


class ReviewServer:
    """The review's app served by uvicorn on a socket bound to 127.0.0.1 (a free port unless `port` is
    given), listening from the start: requests made before `serve_forever` wait for it."""

    def __init__(self, kit: PersonaKit, port: int = 0, token: str | None = None) -> None:
        self.api = ReviewApi(kit)
        self.token = token or secrets.token_urlsafe(32)
        self.socket = socket.create_server((HOST, port))
        self.port: int = self.socket.getsockname()[1]
        self.allowed_hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        config = uvicorn.Config(
            review_app(self.api, self.token, self.allowed_hosts),
            http="h11",
            loop="asyncio",
            ws="none",
            lifespan="off",
            log_config=None,
            log_level="warning",
            access_log=False,  # a request line would print the token
            server_header=False,
            timeout_graceful_shutdown=5,
        )
        self.uvicorn = uvicorn.Server(config)
        self._stopped = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    def serve_forever(self) -> None:
        """Serve until `shutdown()`, or Ctrl-C in the main thread: uvicorn then finishes the requests under
        way and raises KeyboardInterrupt."""
        try:
            self.uvicorn.run(sockets=[self.socket])
        finally:
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop `serve_forever` (from another thread) and wait until it has."""
        self.uvicorn.should_exit = True
        self._stopped.wait()

    def server_close(self) -> None:
        self.socket.close()
        self._stopped.set()


def has_display() -> bool:
    """Whether a browser could open a window here (not over a plain SSH session)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


REDIRECT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url={attribute}"><title>PersonaKit review</title></head>
<body><p><a href="{attribute}">Open the PersonaKit review</a></p>
<script>location.replace({script});</script></body></html>
"""


def redirect_file(url: str) -> Path:
    """A page that forwards the browser to `url`, readable by the owner alone: mode 0600, in a new
    folder of mode 0700. The browser is given this file's path instead of `url`, so the token never
    stands on a command line, which every local user can read (`ps`). The caller removes the folder."""
    folder = Path(tempfile.mkdtemp(prefix="personakit-review-"))  # mkdtemp makes it 0700
    path = folder / "review.html"
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(REDIRECT.format(attribute=html.escape(url, quote=True), script=json.dumps(url)))
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return path


def serve_review(
    kit: PersonaKit,
    *,
    open_browser: bool = True,
    port: int = 0,
    ready: Callable[[ReviewServer], None] | None = None,
) -> None:
    """Serve the review page until Ctrl-C (or `server.shutdown()` from `ready`'s caller)."""
    server = ReviewServer(kit, port)
    redirect: Path | None = None
    try:
        print(f"Review your memories at {server.url}", file=sys.stderr)
        print("Only this computer can reach it, and only with that address. Press Ctrl-C to stop.", file=sys.stderr)
        sys.stderr.flush()
        if open_browser and has_display():
            redirect = redirect_file(server.url)
            webbrowser.open(redirect.as_uri())
        if ready is not None:
            ready(server)
        server.serve_forever()
    finally:
        server.server_close()
        # On the terminal that started it (stderr, beside the address it printed), as the terminal review does.
        try:
            summary = f" {server.api.summary()}"
        except StoreError:  # the store failing is what stopped it, and the caller says so
            summary = ""
        print(f"\nThe review page has stopped.{summary}", file=sys.stderr, flush=True)
        if redirect is not None:
            shutil.rmtree(redirect.parent, ignore_errors=True)
