"""MCP over stdio, with a reader of our own in front of the SDK's server.

The SDK's stdio transport drops a line it cannot parse as a JSON-RPC message without an answer, so a
client waits forever. This transport reads stdin as bytes, one bounded line at a time, and answers:

- a line that is not UTF-8 or not JSON with `-32700` (id null);
- JSON that is not a JSON-RPC 2.0 message (an array, a number, no method, a wrong version, params
  that are not an object, a line over `MAX_LINE_BYTES`, nesting deeper than the parser allows) with
  `-32600`, with the message's id when it has a usable one;

and passes every valid message on to the SDK's server, which answers the rest (an unknown method is
`-32601`). Only JSON-RPC reaches stdout: while serving, fd 0 and fd 1 are claimed the way the SDK's
`stdio_server` claims them (fd 0 reads the null device, fd 1 writes to stderr, the wire is a private
duplicate), and every write is one serialised message and a newline, under one lock.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import IO, Any

import anyio
import anyio.lowlevel
import mcp_types as types
import pydantic_core
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import SessionMessage

from personakit_plugin.serving.log import described, details_wanted
from personakit_plugin.serving.sdk import claim_std_stream, lowlevel_server

logger = logging.getLogger(__name__)

MAX_LINE_BYTES = 4 * 1024 * 1024
"""The longest line read as one message; a longer one is answered with -32600 and discarded."""
DISCARD_CHUNK = 64 * 1024
"""How much of an over-long line is read at a time while it is discarded."""

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INTERNAL_ERROR = -32603

RequestId = str | int


def _usable_id(value: Any) -> RequestId | None:
    """A JSON-RPC id this server can echo: a string or an integer (not a bool)."""
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return None


class Refusal(Exception):
    """A line that is not a JSON-RPC message: answered with `code` for `id`, never passed on."""

    def __init__(self, code: int, message: str, id: RequestId | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id

    def answer(self) -> bytes:
        error = {"jsonrpc": "2.0", "id": self.id, "error": {"code": self.code, "message": self.message}}
        return json.dumps(error, ensure_ascii=True, separators=(",", ":")).encode() + b"\n"


def _shape_problem(value: Any) -> str | None:
    """Why a parsed JSON value is not one JSON-RPC 2.0 message (as MCP uses it), or None."""
    if isinstance(value, list):
        return "batches are not supported; send one JSON-RPC message per line"
    if not isinstance(value, dict):
        return "a JSON-RPC message is a JSON object"
    if value.get("jsonrpc") != "2.0":
        return 'the "jsonrpc" member must be exactly "2.0"'
    if "id" in value and _usable_id(value["id"]) is None:
        return 'the "id" member must be a string or an integer'
    if "method" in value:
        if not isinstance(value["method"], str):
            return 'the "method" member must be a string'
        if "params" in value and not isinstance(value["params"], dict):
            return 'the "params" member must be an object'
        if "result" in value or "error" in value:
            return 'a request has no "result" or "error" member'
        return None
    if "id" not in value:
        return 'a message needs a "method" (a request or notification) or an "id" (a response)'
    if ("result" in value) == ("error" in value):
        return 'a response has exactly one of "result" and "error"'
    return None


def parse_line(line: bytes) -> types.JSONRPCMessage:
    """One stdin line as a JSON-RPC message, or a `Refusal` saying how to answer it."""
    try:
        line.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        raise Refusal(PARSE_ERROR, "Parse error: the line is not valid UTF-8.") from None
    try:
        value = pydantic_core.from_json(line)
    except ValueError as exc:
        if "recursion limit" in str(exc):
            raise Refusal(INVALID_REQUEST, "Invalid Request: the message is nested too deeply.") from None
        raise Refusal(PARSE_ERROR, "Parse error: the line is not valid JSON.") from None
    problem = _shape_problem(value)
    answer_id = _usable_id(value.get("id")) if isinstance(value, dict) else None
    if problem is not None:
        raise Refusal(INVALID_REQUEST, f"Invalid Request: {problem}.", answer_id)
    try:
        return types.jsonrpc_message_adapter.validate_python(value, by_name=False)
    except Exception:
        raise Refusal(INVALID_REQUEST, "Invalid Request: not a valid JSON-RPC message.", answer_id) from None


async def _read_line(stdin: IO[bytes]) -> tuple[bytes, bool] | None:
    """The next line (without its newline) and whether it was cut for length; None at end of input.

    Memory stays bounded: an over-long line is read and dropped `DISCARD_CHUNK` bytes at a time. The
    blocking reads run in a worker thread, abandoned if the server is cancelled while one waits.
    """

    async def readline(size: int) -> bytes:
        return await anyio.to_thread.run_sync(stdin.readline, size, abandon_on_cancel=True)

    line = await readline(MAX_LINE_BYTES + 1)
    if not line:
        return None
    if line.endswith(b"\n"):
        return line[:-1], False
    if len(line) <= MAX_LINE_BYTES:
        return line, False  # the last line, without a newline
    while True:
        rest = await readline(DISCARD_CHUNK)
        if not rest or rest.endswith(b"\n"):
            return b"", True


class _Wire:
    """stdout as the protocol's wire: each write is whole lines, under one lock, in a worker thread."""

    def __init__(self, buffer: IO[bytes]) -> None:
        self._buffer = buffer
        self._lock = anyio.Lock()

    def _write_and_flush(self, data: bytes) -> None:
        self._buffer.write(data)
        self._buffer.flush()

    async def write(self, data: bytes) -> None:
        async with self._lock:
            try:
                await anyio.to_thread.run_sync(self._write_and_flush, data)
            except OSError as exc:  # the client closed its end: nothing more can be answered
                logger.debug("could not write to stdout: %r", exc)


async def _read_messages(
    stdin: IO[bytes], messages: MemoryObjectSendStream[SessionMessage | Exception], wire: _Wire
) -> None:
    """Pass each usable stdin line on as a message; answer every other one on the wire."""
    try:
        async with messages:
            while (read := await _read_line(stdin)) is not None:
                line, cut = read
                if cut:
                    too_long = f"Invalid Request: the line is over {MAX_LINE_BYTES} bytes and was discarded."
                    await wire.write(Refusal(INVALID_REQUEST, too_long).answer())
                    continue
                if not line.strip():
                    continue  # an empty line carries no message
                try:
                    message = parse_line(line)
                except Refusal as refusal:
                    logger.debug("answered an unusable line with %d", refusal.code)
                    await wire.write(refusal.answer())
                    continue
                await messages.send(SessionMessage(message))
    except (anyio.ClosedResourceError, anyio.BrokenResourceError):  # pragma: no cover
        await anyio.lowlevel.checkpoint()


async def _write_messages(answers: MemoryObjectReceiveStream[SessionMessage], wire: _Wire) -> None:
    """Write each message the server sends as one line on the wire."""
    try:
        async with answers:
            async for session_message in answers:
                if data := _serialise(session_message.message):
                    await wire.write(data)
    except (anyio.ClosedResourceError, anyio.BrokenResourceError):  # pragma: no cover
        await anyio.lowlevel.checkpoint()


@asynccontextmanager
async def guarded_stdio_server() -> AsyncIterator[
    tuple[MemoryObjectReceiveStream[SessionMessage | Exception], MemoryObjectSendStream[SessionMessage]]
]:
    """Like the SDK's `stdio_server()`, but every line is answered: see the module's docstring.

    The streams are anyio's memory streams, which the SDK's server takes as they are.
    """
    release_stdin: Callable[[], None] | None = None
    release_stdout: Callable[[], None] | None = None
    try:
        stdin_buffer, release_stdin = claim_std_stream(0, sys.stdin, "rb")
        stdout_buffer, release_stdout = claim_std_stream(1, sys.stdout, "wb")
        wire = _Wire(stdout_buffer)
        read_stream_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        write_stream, write_stream_reader = anyio.create_memory_object_stream[SessionMessage](0)
        async with anyio.create_task_group() as tg:
            tg.start_soon(_read_messages, stdin_buffer, read_stream_writer, wire)
            tg.start_soon(_write_messages, write_stream_reader, wire)
            yield read_stream, write_stream
    finally:
        if release_stdout is not None:
            release_stdout()
        if release_stdin is not None:
            release_stdin()


def _serialise(message: types.JSONRPCMessage) -> bytes:
    """One message as a line of JSON; if it cannot be serialised, an internal error for its id instead."""
    try:
        return message.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n"
    except Exception as exc:  # its text or traceback could quote the message: see `serving.log`
        said = described(exc, details=details_wanted(os.environ))
        logger.error("could not serialise an outgoing %s: %s", type(message).__name__, said)
        answer_id = _usable_id(getattr(message, "id", None))
        if answer_id is None:
            return b""  # a notification, or an answer to nobody: nothing is written
        return Refusal(INTERNAL_ERROR, "Internal error: the answer could not be serialised.", answer_id).answer()


async def run_stdio(server: MCPServer) -> None:
    """Serve `server` on stdin/stdout until stdin closes, as `MCPServer.run_stdio_async` does."""
    lowlevel = lowlevel_server(server)
    async with guarded_stdio_server() as (read_stream, write_stream):
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
