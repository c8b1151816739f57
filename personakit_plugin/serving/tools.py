"""The two MCP tools: their schemas, their argument checks, and `mount`, which adds them to a server
with the guarantees of the minimal host (an unknown tool is -32602, PersonaKit's instructions).

`mount` works on any `MCPServer` of the official SDK, so PersonaKit can join a server someone
already runs; the minimal host in `server.py` uses it too. The SDK derives schemas from a
function's signature and coerces arguments with pydantic; here the arguments reach the handler
untouched, are checked by the contract's rules, and the published schemas are our own. The kit's
work runs in a worker thread, off the event loop (`off_loop`).
"""

from __future__ import annotations

import logging
import re
import warnings
import weakref
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, Any

import anyio
import anyio.to_thread
import msgspec
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import PlainValidator

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import (
    CATEGORIES,
    DEFAULT_LIMIT,
    EVERYTHING,
    MAX_LIMIT,
    QUESTION_MAX,
    QUOTE_MAX,
    TEXT_MAX,
    ProposeResult,
    ReadResult,
    View,
    question_problem,
)
from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.store import StoreError, StoreFault, TooManyWaiting
from personakit_plugin.serving import fastmcp_host
from personakit_plugin.serving.log import described, details_wanted, warn_if_detailed
from personakit_plugin.serving.sdk import has_tool, publish_schemas, set_instructions

if TYPE_CHECKING:
    from fastmcp import FastMCP


READ = "personakit_read"
PROPOSE = "personakit_propose"

FILL_SENTENCE = (
    "When fewer than three memories match the question, approved memories that share no word with it fill "
    "the remaining places (up to three in all), so a returned memory is not necessarily about the question: "
    "use only those that are."
)
WITHHELD_SENTENCE = (
    "withheld counts the memories the owner restricted that match the question: they exist but are private, "
    "so never guess or infer what they say, and you may tell the user that some memories about this are private."
)
READ_DESCRIPTION = (
    "Read what the owner allows you to know about them, ranked for a question. Call it before answering "
    "anything where the owner's preferences, tools, background or constraints matter. Memories with "
    f"confirmed false are unreviewed: treat them as hints, not facts. {FILL_SENTENCE} {WITHHELD_SENTENCE}"
)
PROPOSE_DESCRIPTION = (
    "Propose one memory about the owner that you learned from them, with their own words as the quote. "
    "It waits for the owner's review and is shown as unconfirmed until they decide. Propose lasting facts "
    "(how they like feedback, tools they use, what they must avoid), one short statement each; never "
    "secrets, passwords, keys, or identity and bank numbers (what looks like one is refused)."
)
_READ_INSTRUCTIONS = (
    "PersonaKit is the owner's memory: they review what assistants propose, and decide what you may read. "
    "Call personakit_read at the start of a task, with the question you are trying to answer, when "
    "knowing the owner would change your answer."
)
_PROPOSE_INSTRUCTIONS = (
    " Call personakit_propose when the owner tells you something about themselves that will still matter "
    "in a month (a preference, a tool, a constraint, their background), one short statement per call, "
    "quoting their own words. Do not propose guesses, passing moods, other people's details or anything "
    "secret. Proposals wait for the owner's review."
)


def instructions(*, read_only: bool = False, view: View = EVERYTHING) -> str:
    """What the server tells the assistant about its tools: a read-only server speaks only of reading,
    and a server with a view (`personakit serve --categories`, `--approved-only`) says it in one sentence."""
    said = _READ_INSTRUCTIONS if read_only else _READ_INSTRUCTIONS + _PROPOSE_INSTRUCTIONS
    return said if view.everything else f"{said} {view.sentence()}"


INSTRUCTIONS = instructions()

READ_INPUT = {
    "type": "object",
    "properties": {
        "question": {
            "type": "string",
            "maxLength": QUESTION_MAX,
            "description": (
                "What you are trying to answer; memories sharing its words rank first. At most 4,000 "
                "characters, also once Unicode-normalised (NFKC)."
            ),
        },
        "limit": {
            "type": "integer",
            "default": DEFAULT_LIMIT,
            "description": f"Most memories to return; default {DEFAULT_LIMIT}, clamped to 1-{MAX_LIMIT} "
            "(0 or less gives 1, more than 20 gives 20).",
        },
    },
    "required": ["question"],
}
PROPOSE_INPUT = {
    "type": "object",
    "properties": {
        "text": {
            "type": "string",
            "maxLength": TEXT_MAX,
            "description": "The memory, one short statement (at most 300 characters), e.g. "
            "'Prefers direct, practical feedback'.",
        },
        "quote": {
            "type": "string",
            "maxLength": QUOTE_MAX,
            "description": "The owner's own words that support it.",
        },
        "category": {
            "type": "string",
            "default": "other",
            "description": "One of " + ", ".join(CATEGORIES) + "; anything else becomes other.",
        },
    },
    "required": ["text", "quote"],
}


def _object_schema(struct: type) -> dict[str, Any]:
    """A struct's JSON schema with its own definition at the root, as MCP wants an object there."""
    schema = msgspec.json.schema(struct)
    defs = schema.pop("$defs", {})
    root = defs.pop(struct.__name__)
    return {**root, "$defs": defs} if defs else root


READ_OUTPUT = _object_schema(ReadResult)
PROPOSE_OUTPUT = _object_schema(ProposeResult)


logger = logging.getLogger(__name__)

FAILED = "PersonaKit could not {what}: {part} failed; the owner can see why in the server's log."


def _failure(tool: str, exc: Exception, kit: PersonaKit) -> CallToolResult:
    """A tool error that says what failed, not why: a plugin's or the store's message may hold the
    owner's words or anything a plugin chose, so the assistant gets one fixed sentence and the server's
    log (stderr, never stdout, the stdio transport's wire) names the plugin, the hook and the
    exception's type, with the details only when the owner asked for them (`serving.log`). A fault of
    the machine (a `StoreFault`: a full disk, a read-only folder ...) is the exception: its sentence is
    fixed and holds nothing stored, so the assistant is told which fault it is."""
    what = "answer this read" if tool == READ else "take this proposal"
    if isinstance(exc, TooManyWaiting):  # the connection's bound: a fixed sentence, nothing stored in it
        logger.warning("%s refused: %s", tool, exc)
        return _error(f"PersonaKit could not {what}: {exc}")
    if isinstance(exc, StoreFault):  # the machine's fault (a full disk ...): its fixed sentence holds nothing stored
        logger.error("%s failed: %s", tool, exc.sentence)
        return _error(f"PersonaKit could not {what}: {exc.sentence[0].lower()}{exc.sentence[1:]}")
    if isinstance(exc, PluginError):
        part = "a plugin"
    elif isinstance(exc, StoreError):
        part = "the memory's store"
    else:
        part = "something inside PersonaKit"
    logger.error("%s failed: %s", tool, described(exc, details=details_wanted(kit.config.environ)))
    return _error(FAILED.format(what=what, part=part))


class ArgumentError(ValueError):
    """A tool argument is missing, of the wrong type or over a bound; the message says which."""


_MISSING: Any = object()
_INTEGER = re.compile(r"[+-]?[0-9]+")
# Hands the argument through untouched (as given on the wire); the checks below are the contract's.
_Raw = PlainValidator(lambda value: value)


def _string(name: str, value: Any, most: int, *, required: bool = True) -> str | None:
    if value is _MISSING:
        if required:
            raise ArgumentError(f"{name} is required: give it as a string.")
        return None
    if not isinstance(value, str):
        raise ArgumentError(f"{name} must be a string, not {_kind(value)}.")
    if len(value) > most:
        raise ArgumentError(f"{name} is {len(value):,} characters long; the most is {most:,}.")
    return value


def _limit(value: Any) -> int:
    if value is _MISSING:
        return DEFAULT_LIMIT
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif (isinstance(value, float) and value.is_integer()) or (isinstance(value, str) and _INTEGER.fullmatch(value)):
        number = int(value)
    else:
        number = None
    if number is None:
        raise ArgumentError(f"limit must be an integer such as 7, not {_kind(value)}.")
    return max(1, min(MAX_LIMIT, number))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, float):
        return "a fraction" if value == value and abs(value) != float("inf") else "a non-finite number"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "other text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _answer(result: msgspec.Struct) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=msgspec.json.encode(result).decode())],
        structured_content=msgspec.to_builtins(result),
    )


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def read(kit: PersonaKit, question: Any = _MISSING, limit: Any = _MISSING) -> CallToolResult:
    """The `personakit_read` tool on raw arguments: a result, or a tool error that says why."""
    try:
        checked_question = _string("question", question, QUESTION_MAX)
        assert checked_question is not None
        too_long = question_problem(checked_question)
        if too_long:
            raise ArgumentError(too_long)
        checked_limit = _limit(limit)
    except ArgumentError as exc:
        return _error(str(exc))
    try:
        return _answer(kit.read(checked_question, checked_limit))
    except Exception as exc:
        return _failure(READ, exc, kit)


def propose(
    kit: PersonaKit,
    text: Any = _MISSING,
    quote: Any = _MISSING,
    category: Any = _MISSING,
    client: tuple[str, str] | None = None,
) -> CallToolResult:
    """The `personakit_propose` tool on raw arguments: a result, or a tool error that says why. `client`
    is the name and version the MCP client gave in `initialize`, for the connection's record."""
    try:
        checked_text = _string("text", text, TEXT_MAX)
        checked_quote = _string("quote", quote, QUOTE_MAX)
        checked_category = _string("category", category, 10_000, required=False)
        assert checked_text is not None and checked_quote is not None
    except ArgumentError as exc:
        return _error(str(exc))
    try:
        return _answer(kit.propose(checked_text, checked_quote, checked_category, client=client))
    except Exception as exc:
        return _failure(PROPOSE, exc, kit)


# -- off the event loop -------------------------------------------------------------------------
# The kit's calls are synchronous (SQLite, PostgreSQL, every hook), so a tool that ran them on the event
# loop would hold up everything the server does meanwhile: over HTTP, every other client's requests,
# their `tools/list` and session set-up included. The tools run them in a worker thread instead, on
# every server they are mounted on (`mount` cannot know which transport a host's server runs), but for
# PersonaKit's own stdio server (`serve_on_loop`): it has one client, whose requests are answered one
# after the other in the order they came, pings included, as JSON-RPC over a pipe is read. Off the
# loop, one call at a time per kit:
#
# - one at a time because hook implementations were never asked to be thread-safe, and the SQLite
#   store holds one connection under one lock anyway, so more threads would only queue on it;
# - in the order the calls arrive (anyio's limiter wakes its waiters first come, first served), as
#   they ran on the loop: a proposal answered before a read is asked is seen by that read, since each
#   store call commits before it returns.

TOOL_THREADS = 1
"""How many of one kit's tool calls run at once, each in a worker thread (see above)."""
_RUN_ON_LOOP = False
"""Run the tools on the event loop, as before they ran off it: for the HTTP benchmark's baseline only."""
_limiters: weakref.WeakKeyDictionary[PersonaKit, anyio.CapacityLimiter] = weakref.WeakKeyDictionary()
_on_loop: weakref.WeakSet[PersonaKit] = weakref.WeakSet()


def serve_on_loop(kit: PersonaKit) -> None:
    """Have `kit`'s tools run on the event loop of the server that calls them: for a server with one
    client and nothing else to serve meanwhile (stdio), whose every answer then comes in the order of
    the requests."""
    _on_loop.add(kit)


def _limiter(kit: PersonaKit) -> anyio.CapacityLimiter:
    """The one limiter of `kit`'s tool calls, shared by every server it is mounted on."""
    limiter = _limiters.get(kit)
    if limiter is None:
        limiter = _limiters[kit] = anyio.CapacityLimiter(TOOL_THREADS)
    return limiter


def off_loop(handler: Callable[..., CallToolResult], kit: PersonaKit) -> Callable[..., Awaitable[CallToolResult]]:
    """`handler(kit, **arguments)` as a coroutine that runs it in a worker thread, behind `kit`'s limiter."""

    async def run(**arguments: Any) -> CallToolResult:
        if _RUN_ON_LOOP or kit in _on_loop:
            return handler(kit, **arguments)
        return await anyio.to_thread.run_sync(lambda: handler(kit, **arguments), limiter=_limiter(kit))

    return run


INVALID_PARAMS = -32602
"""The JSON-RPC error for an unknown tool, as the MCP specification says (the SDK answers `isError`)."""


class UnknownToolIsInvalidParams:
    """Middleware answering a call of a tool the server does not offer (its own or PersonaKit's)
    with the JSON-RPC error -32602, where the SDK's `MCPServer` answers a tool error."""

    def __init__(self, server: MCPServer) -> None:
        self.server = server

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method == "tools/call":
            params = ctx.params if isinstance(ctx.params, dict) else {}
            name = params.get("name")
            # `has_tool` rather than the public `list_tools`, which builds every tool's description on each call.
            if isinstance(name, str) and not has_tool(self.server, name):
                raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {name}")
        return await call_next(ctx)


def mount(server: MCPServer | FastMCP, kit: PersonaKit, *, read_only: bool = False) -> None:
    """Add `personakit_read` (and, unless `read_only`, `personakit_propose`) to an MCP server, with
    the guarantees of `personakit serve`.

    Mount before the server runs. The server then answers a call of a tool it does not offer (neither
    its own nor PersonaKit's) with the JSON-RPC error -32602, and PersonaKit's instructions (which
    say `kit.view` and speak only of reading when `read_only`) follow the server's own as a paragraph
    of their own, after a blank line. With `PERSONAKIT_LOG_DETAILS` set in the kit's environment, it
    warns on the log that failures will be logged with their details. Raises ValueError, changing
    nothing, when the server already has a tool of one of these names or PersonaKit is already
    mounted on it.
    `server` may also be a `fastmcp.FastMCP` (the standalone package, 4.2 up to 5), with the same
    tools, schemas, instructions and unknown-tool answer (`serving/fastmcp_host.py`); anything else
    is a TypeError naming what is supported.
    """
    if fastmcp_host.is_fastmcp_server(server):
        _mount_fastmcp(server, kit, read_only)  # type: ignore[arg-type]
        warn_if_detailed(kit.config.environ)
        return
    if not isinstance(server, MCPServer):
        raise TypeError(
            "mount takes the MCP SDK's mcp.server.mcpserver.MCPServer or fastmcp.FastMCP (fastmcp 4.2 up to 5), "
            f"not {type(server).__module__}.{type(server).__qualname__}."
        )
    _check_mountable(server, read_only)
    warn_if_detailed(kit.config.environ)
    server.middleware.append(UnknownToolIsInvalidParams(server))
    said = instructions(read_only=read_only, view=kit.view)
    set_instructions(server, f"{server.instructions}\n\n{said}" if server.instructions else said)
    _add_tools(server, kit, read_only)


def _check_mountable(server: MCPServer, read_only: bool) -> None:
    if any(isinstance(each, UnknownToolIsInvalidParams) for each in server.middleware):
        raise ValueError("PersonaKit is already mounted on this MCP server; mount it once per server.")
    for name in [READ] if read_only else [READ, PROPOSE]:
        if has_tool(server, name):
            raise ValueError(f"This MCP server already has a tool named {name}, so PersonaKit cannot add its own.")


def client_of(ctx: Context) -> tuple[str, str] | None:
    """The name and version the client gave in `initialize` (or its request's envelope), None when it gave
    none: what the connection is recorded as, never proof of who is behind it."""
    try:
        params = ctx.request_context.session.client_params
    except (AttributeError, ValueError):  # no request context: the SDK called it outside a request
        return None
    info = params.client_info if params is not None else None
    if info is None:
        return None
    return str(info.name or ""), str(info.version or "")


def _add_tools(server: MCPServer, kit: PersonaKit, read_only: bool) -> None:
    reading, proposing = off_loop(read, kit), off_loop(propose, kit)

    async def personakit_read(
        question: Annotated[str, _Raw] = _MISSING, limit: Annotated[int, _Raw] = _MISSING
    ) -> CallToolResult:
        return await reading(question=question, limit=limit)

    async def personakit_propose(
        ctx: Context,
        text: Annotated[str, _Raw] = _MISSING,
        quote: Annotated[str, _Raw] = _MISSING,
        category: Annotated[str, _Raw] = _MISSING,
    ) -> CallToolResult:
        return await proposing(text=text, quote=quote, category=category, client=client_of(ctx))

    tools: list[tuple[Any, str, dict[str, Any], dict[str, Any], bool]] = [
        (personakit_read, READ_DESCRIPTION, READ_INPUT, READ_OUTPUT, True),
    ]
    if not read_only:
        tools.append((personakit_propose, PROPOSE_DESCRIPTION, PROPOSE_INPUT, PROPOSE_OUTPUT, False))
    for function, description, input_schema, output_schema, read_only_hint in tools:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pydantic cannot put the missing-argument marker in a schema
            server.add_tool(
                function,
                name=function.__name__,
                title="Read the owner's memory" if read_only_hint else "Propose a memory",
                description=description,
                annotations=ToolAnnotations(
                    read_only_hint=read_only_hint,
                    destructive_hint=False,
                    idempotent_hint=True,
                    open_world_hint=False,
                ),
            )
        publish_schemas(server, function.__name__, input_schema, output_schema)  # ours, not the signature's


def _mount_fastmcp(server: FastMCP, kit: PersonaKit, read_only: bool) -> None:
    """`mount` on a fastmcp server, with the same checks, in the same order."""
    fastmcp_host.check_version()
    if fastmcp_host.is_mounted(server):
        raise ValueError("PersonaKit is already mounted on this MCP server; mount it once per server.")
    names = [READ] if read_only else [READ, PROPOSE]
    for name in names:
        if fastmcp_host.has_local_tool(server, name):
            raise ValueError(f"This MCP server already has a tool named {name}, so PersonaKit cannot add its own.")
    fastmcp_host.add_unknown_tool_middleware(server, INVALID_PARAMS)
    said = instructions(read_only=read_only, view=kit.view)
    fastmcp_host.set_instructions(server, f"{server.instructions}\n\n{said}" if server.instructions else said)
    for name in names:
        reading = name == READ
        fastmcp_host.add_tool(
            server,
            name=name,
            title="Read the owner's memory" if reading else "Propose a memory",
            description=READ_DESCRIPTION if reading else PROPOSE_DESCRIPTION,
            input_schema=READ_INPUT if reading else PROPOSE_INPUT,
            output_schema=READ_OUTPUT if reading else PROPOSE_OUTPUT,
            annotations=_annotations(reading),
            handler=off_loop(read if reading else propose, kit),
        )


def _annotations(read_only_hint: bool) -> ToolAnnotations:
    return ToolAnnotations(
        read_only_hint=read_only_hint, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    )
