"""Hostile input on the real stdio wire: every line gets a JSON-RPC answer, nothing else reaches stdout,
and the server keeps serving with bounded memory. Spoken by hand to `python -m personakit_plugin`."""

from __future__ import annotations

import json
import queue
import time
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.serving.stdio import MAX_LINE_BYTES

from ..helpers.stdio import READ, REQUEST_TIMEOUT, RawServer, initialize, is_json_rpc, raw_server

pytestmark = pytest.mark.system

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND = -32700, -32600, -32601
MAX_RSS_KB = 300 * 1024
"""The resident memory the server may use after the abuse, in kB: bounded, not a benchmark."""


def send_bytes(raw: RawServer, line: bytes) -> None:
    assert raw.process.stdin is not None
    raw.process.stdin.write(line + b"\n")
    raw.process.stdin.flush()


def messages_until(raw: RawServer, marker: int, timeout: float = REQUEST_TIMEOUT) -> list[dict[str, Any]]:
    """Every message the server writes, in order, until its answer to request `marker` (not included)."""
    deadline = time.monotonic() + timeout
    seen: list[dict[str, Any]] = []
    while True:
        try:
            line = raw._queue.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            raise AssertionError(f"no answer to {marker}; saw {seen}") from None
        assert line is not None, f"the server closed stdout before answering {marker}; saw {seen}"
        raw.lines.append(line)
        assert is_json_rpc(line), line
        message = json.loads(line)
        if message.get("id") == marker and "method" not in message:
            assert "result" in message, message
            return seen
        seen.append(message)


def answer_to(raw: RawServer, line: bytes, marker: int) -> dict[str, Any]:
    """Send one line then a ping with id `marker`: the one answer the line got, before the ping's."""
    send_bytes(raw, line)
    raw.request(marker, "ping")
    seen = messages_until(raw, marker)
    assert len(seen) == 1, seen
    return seen[0]


def rss_kb(raw: RawServer) -> int:
    status = Path(f"/proc/{raw.process.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))


def still_serves(raw: RawServer, id: int) -> None:
    """A normal tool call still gets its normal answer."""
    raw.request(id, "tools/call", {"name": READ, "arguments": {"question": "tea"}})
    raw.wait_for(id)
    assert raw.answers[id]["result"]["structuredContent"] == {"memories": [], "withheld": 0}


UNUSABLE_LINES: list[tuple[bytes, int, int | None]] = [
    # not JSON, or not UTF-8: a parse error for nobody
    (b"this line is not JSON", PARSE_ERROR, None),
    (b'{"jsonrpc": "2.0", "id": 3, "method": "ping"', PARSE_ERROR, None),
    (b"{'jsonrpc': '2.0'}", PARSE_ERROR, None),
    (b"\xff\xfe\x00{}", PARSE_ERROR, None),
    (b'{"jsonrpc": "2.0", "id": 3, "method": "pi\xc3ng"}', PARSE_ERROR, None),
    (b'"\\ud800"', PARSE_ERROR, None),
    # JSON, but not one JSON-RPC message: an invalid request, for its id when it has a usable one
    (b"[]", INVALID_REQUEST, None),
    (b'[{"jsonrpc": "2.0", "id": 4, "method": "ping"}]', INVALID_REQUEST, None),
    (b"42", INVALID_REQUEST, None),
    (b'"ping"', INVALID_REQUEST, None),
    (b"null", INVALID_REQUEST, None),
    (b"true", INVALID_REQUEST, None),
    (b"{}", INVALID_REQUEST, None),
    (b'{"jsonrpc": "2.0", "id": 5}', INVALID_REQUEST, 5),
    (b'{"jsonrpc": "2.0", "id": "five", "params": {}}', INVALID_REQUEST, "five"),
    (b'{"jsonrpc": "1.0", "id": 6, "method": "ping"}', INVALID_REQUEST, 6),
    (b'{"id": 7, "method": "ping"}', INVALID_REQUEST, 7),
    (b'{"jsonrpc": 2.0, "id": 8, "method": "ping"}', INVALID_REQUEST, 8),
    (b'{"jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": [1]}', INVALID_REQUEST, 9),
    (b'{"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": "oops"}', INVALID_REQUEST, 10),
    (b'{"jsonrpc": "2.0", "id": 11, "method": 42}', INVALID_REQUEST, 11),
    (b'{"jsonrpc": "2.0", "id": 12, "method": "ping", "result": {}}', INVALID_REQUEST, 12),
    (b'{"jsonrpc": "2.0", "id": 13, "result": {}, "error": {"code": 1, "message": "x"}}', INVALID_REQUEST, 13),
    (b'{"jsonrpc": "2.0", "id": true, "method": "ping"}', INVALID_REQUEST, None),
    (b'{"jsonrpc": "2.0", "id": null, "method": "ping"}', INVALID_REQUEST, None),
    (b'{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', INVALID_REQUEST, None),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', INVALID_REQUEST, None),
    (b'{"jsonrpc": "2.0", "method": "notifications/initialized", "params": "x"}', INVALID_REQUEST, None),
    # nested too deeply to parse: refused without walking it
    (b"[" * 100_000 + b"]" * 100_000, INVALID_REQUEST, None),
    (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, INVALID_REQUEST, None),
    (b"[" * 100_000, INVALID_REQUEST, None),
    (
        b'{"jsonrpc": "2.0", "id": 14, "method": "tools/call", "params": {"name": "personakit_read", '
        b'"arguments": {"question": ' + b"[" * 5_000 + b"]" * 5_000 + b"}}}",
        INVALID_REQUEST,
        None,
    ),
]


def test_every_unusable_line_gets_an_answer(data_dir: Path) -> None:
    """Over stdio: a line that is not JSON (or not UTF-8) is -32700 with id null; JSON that is not one
    JSON-RPC 2.0 message is -32600, with its id when usable; nothing else reaches stdout; the server
    keeps serving."""
    with raw_server(data_dir) as raw:
        initialize(raw)
        for marker, (line, code, answer_id) in enumerate(UNUSABLE_LINES, start=1000):
            answer = answer_to(raw, line, marker)
            assert answer["id"] == answer_id, (line[:80], answer)
            assert answer["error"]["code"] == code, (line[:80], answer)
            assert set(answer) == {"jsonrpc", "id", "error"} and answer["error"]["message"], answer
        still_serves(raw, 2)
        raw.finish()
    assert raw.process.returncode == 0
    assert all(line.endswith(b"\n") and is_json_rpc(line) for line in raw.lines)


def test_empty_lines_and_unanswerable_messages_are_ignored(data_dir: Path) -> None:
    """Over stdio: an empty line, a notification of an unknown method and a response to no request get no
    answer (JSON-RPC answers none of them), and the server keeps serving."""
    with raw_server(data_dir) as raw:
        initialize(raw)
        for line in (b"", b"   \t", b"\r", b'{"jsonrpc": "2.0", "method": "notifications/nonsense"}'):
            send_bytes(raw, line)
        send_bytes(raw, b'{"jsonrpc": "2.0", "id": 77, "result": {}}')
        raw.request(3, "ping")
        assert messages_until(raw, 3) == []
        still_serves(raw, 4)


def test_unknown_methods_are_method_not_found(data_dir: Path) -> None:
    """Over stdio: a well-formed request for a method the server does not have is -32601 for its id."""
    methods = ["no/such/method", "tools/delete", "", "personakit_read", "x" * 10_000]
    with raw_server(data_dir) as raw:
        initialize(raw)
        for id, method in enumerate(methods, start=10):
            raw.request(id, method)
        raw.wait_for(*range(10, 10 + len(methods)))
        for id in range(10, 10 + len(methods)):
            assert raw.answers[id]["error"]["code"] == METHOD_NOT_FOUND, raw.answers[id]
        still_serves(raw, 2)


def test_huge_lines_are_refused_and_discarded(data_dir: Path) -> None:
    """Over stdio: a line over 4 MiB is -32600 with id null and is discarded, JSON or not, in bounded
    memory; a long line under the bound is read and answered normally."""
    question = "tea " * ((MAX_LINE_BYTES + 1024) // 4)
    huge_request = {"jsonrpc": "2.0", "id": 20, "method": "tools/call", "params": {"name": READ}}
    huge_request["params"]["arguments"] = {"question": question}
    with raw_server(data_dir) as raw:
        initialize(raw)
        answer = answer_to(raw, json.dumps(huge_request).encode(), 21)
        assert (answer["id"], answer["error"]["code"]) == (None, INVALID_REQUEST), answer
        for _ in range(3):
            answer = answer_to(raw, b"\x00\xff garbage " * (3 * MAX_LINE_BYTES // 10), 22)
            assert (answer["id"], answer["error"]["code"]) == (None, INVALID_REQUEST), answer
        long_request = {**huge_request, "id": 23}
        long_request["params"] = {"name": READ, "arguments": {"question": "tea " * (MAX_LINE_BYTES // 8)}}
        raw.send(long_request)
        raw.wait_for(23)
        assert raw.answers[23]["result"]["isError"] is True
        assert "question" in raw.answers[23]["result"]["content"][0]["text"]
        still_serves(raw, 2)
        assert rss_kb(raw) < MAX_RSS_KB


def test_a_burst_is_answered_in_order_without_loss(data_dir: Path) -> None:
    """Over stdio: 2,000 requests written at once are all answered, each once, in order; afterwards the
    server still answers a normal call and its resident memory stays bounded."""
    count = 2_000
    with raw_server(data_dir) as raw:
        initialize(raw)
        burst = b"".join(
            json.dumps(
                {"jsonrpc": "2.0", "id": 100 + n, "method": "tools/call"}
                | {"params": {"name": READ, "arguments": {"question": f"tea number {n}"}}}
            ).encode()
            + b"\n"
            for n in range(count)
        )
        assert raw.process.stdin is not None
        raw.process.stdin.write(burst)
        raw.process.stdin.flush()
        raw.request(99_999, "ping")
        seen = messages_until(raw, 99_999, timeout=60.0)
        assert [message["id"] for message in seen] == list(range(100, 100 + count))
        assert all(message["result"]["structuredContent"] == {"memories": [], "withheld": 0} for message in seen)
        still_serves(raw, 2)
        assert rss_kb(raw) < MAX_RSS_KB
        raw.finish()
    assert raw.process.returncode == 0
