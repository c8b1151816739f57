"""Erasure at the size and in the form an owner meets it.

Two thousand memories are proposed over real stdio with long quotes (a few hundred to over a
thousand characters) made of made-up words; the owner edits some, undoes an edit, imports more from
another folder, then rejects a third of them with `personakit reject`, once while another process
holds a long read. Afterwards every byte of every file in the data folder is read, and none may
hold a rejected quote or any word that only rejected texts and quotes contained. A positive control
shows the same scan finds those words before the reject.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
import pytest

from personakit_plugin.storage.sqlite import ERASE_WAIT, FILE_NAME, SqliteStore

from ..conftest import clean_environ, opened
from ..helpers.stdio import READ, REQUEST_TIMEOUT, call, cli, propose, server

pytestmark = [pytest.mark.anyio, pytest.mark.system, pytest.mark.slow]

SIZE = 2_000
IMPORTED = 100
COMMON = "the owner said that they usually prefer working with tools like these every day".split()
SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"] + ["qua", "xen", "thor", "vry", "ulk"]
WORD = re.compile(rb"[a-z]{7,}")


class Words:
    """Made-up words, each new one never seen before, seven letters or more (so that page bytes do not
    spell one by chance)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: set[str] = set(COMMON)

    def new(self) -> str:
        while True:
            word = "".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.randint(4, 6)))
            if len(word) >= 7 and word not in self.seen:
                self.seen.add(word)
                return word

    def sentence(self, own: int, length: int, shared: list[str]) -> str:
        """About `length` characters: `own` fresh words, some shared made-up words and common ones."""
        words = [self.new() for _ in range(own)]
        while sum(len(w) + 1 for w in words) < length:
            words.append(self.rng.choice(COMMON + shared + [self.new()]))
        self.rng.shuffle(words)
        return " ".join(words)


def made_up_memories(words: Words, count: int, shared: list[str]) -> list[tuple[str, str, str]]:
    """(text, first quote, second quote): a short text and two long quotes of words of their own."""
    memories = []
    for _ in range(count):
        text = "Keeps " + words.sentence(3, 60, shared)[:200]
        quotes = [words.sentence(6, words.rng.choice([250, 600, 1_000, 1_500]), shared)[:1_900] for _ in range(2)]
        memories.append((text, quotes[0], quotes[1]))
    return memories


def made_up(texts: Iterable[str]) -> set[str]:
    """The made-up words (seven letters or more, not common) in `texts`, as the scan sees them."""
    return {w.decode() for text in texts for w in WORD.findall(text.lower().encode())} - set(COMMON)


def found_in_folder(folder: Path, needles: set[str], quotes: Iterable[str] = ()) -> set[str]:
    """Every needle word, and every quote (as a whole, or any 48-character stretch of it that holds a
    needle word, so that it is the quote's own and not a run of words other quotes share too) that
    some file in the folder holds, case-insensitively."""
    found: set[str] = set()
    blobs = [path.read_bytes().lower() for path in sorted(folder.rglob("*")) if path.is_file()]
    for data in blobs:
        found |= {w.decode() for w in WORD.findall(data)} & needles
    for quote in quotes:
        raw = quote.lower().encode()
        stretches = [raw] + [raw[i : i + 48] for i in range(0, max(1, len(raw) - 48), 24)]
        own = [s for s in stretches if {w.decode() for w in WORD.findall(s)[1:-1]} & needles]
        if any(stretch in data for data in blobs for stretch in own):
            found.add(quote[:40] + "...")
    return found


@contextmanager
def reading_in_another_process(folder: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding a read transaction on the database until its standard input closes."""
    code = (
        "import sqlite3, sys\n"
        f"db = sqlite3.connect({str(folder / FILE_NAME)!r}, isolation_level=None)\n"
        "db.execute('BEGIN')\n"
        "db.execute('SELECT count(*) FROM quotes').fetchall()\n"
        "print('reading', flush=True)\n"
        "sys.stdin.read()\n"
        "db.execute('COMMIT')\n"
    )
    reader = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert reader.stdout is not None and reader.stdout.readline().strip() == "reading"
        yield reader
    finally:
        if reader.stdin is not None:
            reader.stdin.close()
        reader.wait(REQUEST_TIMEOUT)


def reject(folder: Path, *ids: str, expect_failure: bool = False) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(folder), "reject", *ids],
        capture_output=True,
        text=True,
        timeout=ERASE_WAIT + 4 * REQUEST_TIMEOUT,
        env=clean_environ(),
        stdin=subprocess.DEVNULL,
    )
    assert (done.returncode != 0) == expect_failure, done.stderr
    return done


async def propose_over_stdio(folder: Path, memories: list[tuple[str, str, str]]) -> list[str]:
    """Each memory proposed with its first quote, then again with its second, which becomes the newest."""
    async with server(folder, "serve", "--most-waiting", str(2 * SIZE)) as client:  # one connection proposes them all
        ids = []
        for text, first, _ in memories:
            answer = await propose(client, text, first, "background")
            assert answer["stored"] and answer["new"], answer
            ids.append(answer["id"])
        for (text, _, second), memory in zip(memories, ids, strict=True):
            assert (await propose(client, text, second, "background"))["id"] == memory
    return ids


async def test_two_thousand_memories_with_long_quotes_a_third_rejected_leave_no_word_behind(tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    words = Words(seed=2_000)
    shared = [words.new() for _ in range(40)]
    memories = made_up_memories(words, SIZE, shared)
    with anyio.fail_after(900):
        ids = await propose_over_stdio(folder, memories)
    assert len(set(ids)) == SIZE

    # Memories from another folder arrive by export and import.
    outside = made_up_memories(words, IMPORTED, shared)
    with opened(elsewhere) as kit:
        imported = [kit.propose(text, first, "tools").id or "" for text, first, _ in outside]
        for (text, _, second), memory in zip(outside, imported, strict=True):
            assert kit.propose(text, second, "tools").id == memory
    export = tmp_path / "export.jsonl"
    cli(elsewhere, "export", "--out", str(export))
    cli(folder, "import", str(export))
    texts = dict(zip(ids + imported, [m[0] for m in memories + outside], strict=True))
    quotes = dict(zip(ids + imported, [m[1:] for m in memories + outside], strict=True))

    rng = random.Random(7)
    everyone = ids + imported
    rejected = set(rng.sample(ids, SIZE // 3)) | set(imported[: IMPORTED // 2])
    kept = [m for m in everyone if m not in rejected]

    # The owner edits some of the doomed memories (their old texts are kept for undo) and undoes one edit.
    edited = sorted(rejected)[:8]
    for memory in edited:
        new_text = "Keeps " + words.sentence(3, 60, shared)
        cli(folder, "edit", memory, "--text", new_text)
        texts[memory] += " " + new_text  # both texts must go
    cli(folder, "undo")
    # ... and approves some kept memories, whose words must stay readable.
    cli(folder, "approve", *kept[:20])

    doomed_texts = [texts[m] for m in rejected] + [q for m in rejected for q in quotes[m]]
    kept_texts = [texts[m] for m in kept] + [q for m in kept for q in quotes[m]]
    needles = made_up(doomed_texts) - made_up(kept_texts)
    doomed_quotes = [q for m in rejected for q in quotes[m]]
    assert len(needles) > 10_000
    before = found_in_folder(folder, needles, doomed_quotes[:50])
    assert len(before) > 0.95 * len(needles | set(q[:40] + "..." for q in doomed_quotes[:50])), "the scan is blind"

    order = sorted(rejected)
    first, waited, held, rest = order[:300], order[300:400], order[400:450], order[450:]
    reject(folder, *first)
    # A read in another process that ends within the wait: the reject waits for it, then finishes.
    with reading_in_another_process(folder):
        rejecting = subprocess.Popen(
            [sys.executable, "-m", "personakit_plugin", "--data-dir", str(folder), "reject", *waited],
            env=clean_environ(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(2)
        assert rejecting.poll() is None, "the reject did not wait for the reader to let go"
    _, stderr = rejecting.communicate(timeout=ERASE_WAIT + REQUEST_TIMEOUT)
    assert rejecting.returncode == 0, stderr
    # A read that outlasts the wait: the reject says, in one sentence, that the erasure is unfinished ...
    with reading_in_another_process(folder):
        failed = reject(folder, *held, expect_failure=True)
        assert "another program is still reading" in failed.stderr and failed.stderr.count("\n") == 1
    # ... and the next command after the reader is done finishes it.
    cli(folder, "stats")
    reject(folder, *rest[:-1])
    reject(folder, rest[-1])

    assert found_in_folder(folder, needles, doomed_quotes) == set()
    listed = json.loads(cli(folder, "list", "--state", "all", "--json").stdout)
    assert {m["id"] for m in listed if m["state"] == "rejected"} == rejected
    assert {m["id"] for m in listed if m["state"] != "rejected"} == set(kept)
    async with server(folder) as client:
        survivor = texts[kept[0]].split()[-1]
        read = await call(client, READ, question=survivor, limit=20)
        assert kept[0] in {m["id"] for m in read["memories"]}
        gone = await call(client, READ, question=" ".join(sorted(needles)[:60]), limit=20)
        assert not {m["id"] for m in gone["memories"]} & rejected
        assert gone["withheld"] == 0


def test_memories_edited_and_quoted_again_over_months_leave_no_word_behind_when_rejected(tmp_path: Path) -> None:
    """Texts that grow and shrink under edits, and quotes added long after, make SQLite move rows
    between pages as it rebalances its b-trees; `secure_delete` zeroes a deleted row but not the copy
    a move left behind in a page that still holds other rows. Only the compaction a reject ends with
    removes those: this scan finds dozens of rejected words without it."""
    rng = random.Random(3)
    words = Words(seed=3_000)
    shared = [words.new() for _ in range(40)]
    store = SqliteStore.open(tmp_path)
    said: dict[str, list[str]] = {}  # every text and quote a memory ever had
    current: dict[str, str] = {}
    for now in range(3_000):
        text = "Keeps " + words.sentence(2, rng.choice([40, 120, 400]), shared)
        quote = words.sentence(4, rng.choice([100, 400, 1_200]), shared)
        memory = store.propose(text, quote, "background", float(now)).id
        said[memory], current[memory] = [text, quote], text
        if rng.random() < 0.4:  # an edit, longer or shorter
            earlier = rng.choice(list(said))
            new_text = "Keeps " + words.sentence(2, rng.choice([40, 120, 400]), shared)
            store.decide(earlier, "edit", float(now), text=new_text)
            said[earlier].append(new_text)
            current[earlier] = new_text
        if rng.random() < 0.4:  # the assistant hears it again, in other words
            earlier = rng.choice(list(said))
            again = words.sentence(4, rng.choice([100, 400, 1_200]), shared)
            assert store.propose(current[earlier], again, "background", float(now)).id == earlier
            said[earlier].append(again)
    rejected = rng.sample(sorted(said), len(said) // 3)
    needles = made_up(t for m in rejected for t in said[m]) - made_up(
        t for m in set(said) - set(rejected) for t in said[m]
    )
    assert len(needles) > 5_000
    for start in range(0, len(rejected) - 10, 300):
        store.decide_many(rejected[start : start + 300], "reject", 5_000.0)
    for memory in rejected[-10:]:
        store.decide(memory, "reject", 5_001.0)
    store.close()
    assert found_in_folder(tmp_path, needles) == set()
