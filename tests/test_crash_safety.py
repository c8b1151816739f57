"""Crash safety: real server processes killed with SIGKILL at random moments lose no acknowledged write
and leave a database that opens cleanly and passes SQLite's integrity check.

A proposal counts as acknowledged only when its answer, `stored: true`, reached the client. The store
promises `synchronous=FULL`, so each of those must survive the kill that follows it.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.storage.sqlite import FILE_NAME

pytestmark = [pytest.mark.stdio]

SEED = 20261130
KILLS = 10
TEST_BUDGET = 60.0
ANSWER_TIMEOUT = 20.0
PROTOCOL = "2025-06-18"


def child_environment(data_dir: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ.update({"PERSONAKIT_DATA_DIR": str(data_dir), "PERSONAKIT_PLUGINS": ""})
    return environ


class Wire:
    """`python -m personakit_plugin` on pipes, spoken to in JSON-RPC lines."""

    def __init__(self, data_dir: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "personakit_plugin"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child_environment(data_dir),
        )
        self.answers: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.stderr: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and "id" in message and "method" not in message:
                self.answers.put(message)
        self.answers.put(None)

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr.append(line)

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def answer(self, timeout: float = ANSWER_TIMEOUT) -> dict[str, Any] | None:
        """The next answer, or None once the process has closed stdout."""
        return self.answers.get(timeout=timeout)

    def initialize(self) -> None:
        self.send(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": PROTOCOL,
                    "capabilities": {},
                    "clientInfo": {"name": "crash-tests", "version": "0"},
                },
            }
        )
        answer = self.answer()
        assert answer is not None and "result" in answer, (answer, b"".join(self.stderr))
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def propose(self, id: int, text: str, quote: str) -> None:
        arguments = {"text": text, "quote": quote, "category": "other"}
        self.send(
            {
                "jsonrpc": "2.0",
                "id": id,
                "method": "tools/call",
                "params": {"name": "personakit_propose", "arguments": arguments},
            }
        )

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def remaining(self) -> list[dict[str, Any]]:
        """Every answer already written before the process died."""
        found = []
        while (message := self.answer(timeout=5.0)) is not None:
            found.append(message)
        return found


def acknowledged(answer: dict[str, Any]) -> bool:
    result = answer.get("result") or {}
    content = result.get("structuredContent") or {}
    return not result.get("isError") and content.get("stored") is True


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_no_acknowledged_write(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Storage: a process killed at any moment loses no acknowledged proposal and corrupts nothing."""
    data_dir = tmp_path / "data"
    rng = random.Random(SEED)
    started = time.monotonic()
    sent: dict[int, tuple[str, str]] = {}
    acked: dict[int, tuple[str, str]] = {}
    kills = {"at start-up": 0, "between answers": 0, "mid-request": 0}
    texts: list[str] = []
    number = 0

    for round in range(KILLS):
        assert time.monotonic() - started < TEST_BUDGET, "the crash test ran out of time"
        wire = Wire(data_dir)
        try:
            moment = rng.choice(["at start-up", "between answers", "between answers", "mid-request", "mid-request"])
            if moment == "at start-up":
                # The first process may be killed while it creates the database and its schema.
                time.sleep(rng.uniform(0.05, 0.8))
                wire.kill()
                kills[moment] += 1
                continue
            wire.initialize()
            for _ in range(rng.randint(0, 12)):
                number += 1
                if texts and rng.random() < 0.3:
                    text = rng.choice(texts)  # the same memory again, with a new quote
                else:
                    text = f"Remembers crash fact {number} about topic{number}"
                    texts.append(text)
                quote = f"quote {number} said in round {round}"
                sent[number] = (text, quote)
                wire.propose(number, text, quote)
                answer = wire.answer()
                assert answer is not None and answer.get("id") == number, (answer, b"".join(wire.stderr))
                assert acknowledged(answer), answer
                acked[number] = (text, quote)
            if moment == "mid-request":
                # Several requests in flight; the kill lands somewhere inside one of them.
                for _ in range(rng.randint(1, 4)):
                    number += 1
                    text = f"Remembers crash fact {number} about topic{number}"
                    texts.append(text)
                    quote = f"quote {number} said in round {round}"
                    sent[number] = (text, quote)
                    wire.propose(number, text, quote)
                time.sleep(rng.uniform(0.0, 0.02))
            wire.kill()
            kills[moment] += 1
            for answer in wire.remaining():
                if answer.get("id") in sent and acknowledged(answer):
                    acked[answer["id"]] = sent[answer["id"]]
        finally:
            if wire.process.poll() is None:
                wire.kill()

    path = data_dir / FILE_NAME
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()
    kit = PersonaKit.open(data_dir, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        stored = {memory.text: memory for memory in kit.store.memories()}
    finally:
        kit.close()
    missing = [
        (text, quote) for text, quote in acked.values() if text not in stored or quote not in stored[text].quotes
    ]
    found = len(acked) - len(missing)
    with capsys.disabled():
        print(
            f"\ncrash safety: {sum(kills.values())} processes killed ({kills}), {len(sent)} proposals sent, "
            f"{len(acked)} acknowledged, {found} found after the kills, {len(stored)} memories stored, "
            f"{time.monotonic() - started:.1f} s"
        )
    assert missing == []
    assert sum(kills.values()) == KILLS
