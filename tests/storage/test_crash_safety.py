"""Crash safety: real server processes killed with SIGKILL at random moments lose no acknowledged write
and leave a database that opens cleanly and passes SQLite's integrity check.

A proposal counts as acknowledged only when its answer, `stored: true`, reached the client. The store
promises `synchronous=FULL`, so each of those must survive the kill that follows it.
"""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.storage.sqlite import FILE_NAME

from ..helpers.stdio import Wire

pytestmark = [pytest.mark.system]

SEED = 20261130
KILLS = 10
TEST_BUDGET = 60.0


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
