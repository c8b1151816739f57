"""Faults of the machine are answered, not fatal: a full disk, a read-only folder, a lock held past the wait
each get one sentence naming them, to the assistant (a tool error) and to the owner (one line, status 1, no
traceback); nothing acknowledged is lost, and a reject that cannot finish its erasure says so and completes
at the next command.

The disks are real: a tmpfs of a few hundred KiB filled to the last byte, a read-only bind mount. Mounting
takes root; without it (or where mounting fails) those tests are skipped, saying why. Every mount is undone
when its test ends, whatever happened.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from personakit_plugin.core.data_folder import RESERVE_FILE
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.store import (
    ErasureWaitsForSpace,
    StoreBusy,
    StoreFull,
    StoreGone,
    StoreIOError,
    StoreReadOnly,
)
from personakit_plugin.serving import tools
from personakit_plugin.storage import sqlite
from personakit_plugin.storage.sqlite import FILE_NAME
from personakit_plugin.storage.sqlite_faults import RESERVE_BYTES

from ..conftest import clean_environ, opened, personakit_command, seed
from ..helpers.erasure import leaks
from ..helpers.stdio import PROPOSE, READ, TEST_TIMEOUT, Wire, propose, server

OWLS = ("Keeps two owls named Pip and Tuck", "my owls Pip and Tuck wake me at dawn", "background")
SECRET = ("Once lived in Zanzibarquay harbour", "I grew up by Zanzibarquay harbour", "background")
"""The memory rejected on a full disk: its words are found nowhere else, so a byte search for them is exact."""


def sentence(fault: type[Exception], what: str = "take this proposal") -> str:
    """The tool error an assistant gets for a fault."""
    said: str = fault.sentence  # type: ignore[attr-defined]
    return f"PersonaKit could not {what}: {said[0].lower()}{said[1:]}"


# -- real disks -------------------------------------------------------------------------------------


def _mount(*args: str) -> None:
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a file system for the test takes root")
    done = subprocess.run(["mount", *args], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        pytest.skip(f"cannot mount here ({done.stderr.strip() or done.returncode})")


def _unmount(point: Path) -> None:
    subprocess.run(["umount", "-l", str(point)], capture_output=True, timeout=30)


@contextlib.contextmanager
def tiny_disk(tmp_path: Path, size: str) -> Iterator[Path]:
    """A tmpfs of `size` (`600k`), mounted for the block and unmounted after it."""
    point = tmp_path / "disk"
    point.mkdir()
    _mount("-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(point))
    try:
        yield point
    finally:
        _unmount(point)


@contextlib.contextmanager
def read_only_view(source: Path, tmp_path: Path) -> Iterator[Path]:
    """`source` bind-mounted read-only at a folder of its own, for the block."""
    point = tmp_path / "read-only"
    point.mkdir(mode=0o700)
    _mount("--bind", str(source), str(point))
    try:
        done = subprocess.run(["mount", "-o", "remount,ro,bind", str(point)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot make a bind mount read-only here ({done.stderr.strip()})")
        yield point
    finally:
        _unmount(point)


def fill(disk: Path) -> Path:
    """Write a file until the disk has no byte left; the file, to delete when room is wanted back."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as file:
        try:
            while True:
                file.write(os.urandom(4096))
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
        with contextlib.suppress(OSError):  # the last pages a smaller write can still take
            while True:
                file.write(b"\0" * 512)
    return filler


# -- the wire -----------------------------------------------------------------------------------------


def ask(wire: Wire, id: int, tool: str, **arguments: Any) -> dict[str, Any]:
    wire.send({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
    answer = wire.answer()
    assert answer is not None and answer["id"] == id, (answer, b"".join(wire.stderr))
    result: dict[str, Any] = answer["result"]
    return result


def text_of(result: dict[str, Any]) -> str:
    (block,) = result["content"]
    return str(block["text"])


def stop(wire: Wire) -> str:
    """Close the server's input, wait for it to end, and give what it logged (its words, one space apart:
    the log's handler may wrap a line)."""
    assert wire.process.stdin is not None
    wire.process.stdin.close()
    wire.process.wait(timeout=30)
    wire.process.stderr and wire.process.stderr.close()
    said = re.sub(r"\S+\.py:\d+", " ", b"".join(wire.stderr).decode("utf-8", "replace"))  # where it was logged
    return " ".join(said.split())


def logs_fault(log: str, fault: type[Exception]) -> bool:
    """Whether the log blames the fault, in its sentence, for a failed proposal."""
    return f"personakit_propose failed: {fault.sentence}" in log  # type: ignore[attr-defined]


def personakit(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        personakit_command("--data-dir", data, *args),
        capture_output=True,
        text=True,
        timeout=60,
        env=clean_environ(),
        stdin=subprocess.DEVNULL,
    )


def memories(data: Path, state: str = "all") -> dict[str, dict[str, Any]]:
    done = personakit(data, "list", "--state", state, "--json")
    assert done.returncode == 0, done.stderr
    return {memory["text"] or memory["id"]: memory for memory in json.loads(done.stdout)}


# -- a full disk -------------------------------------------------------------------------------------


@pytest.mark.system
def test_a_proposal_on_a_full_disk_is_answered_with_the_fault_and_nothing_acknowledged_is_lost(tmp_path):
    with tiny_disk(tmp_path, "600k") as disk:
        data = disk / "data"
        wire = Wire(data)
        wire.initialize()
        stored = ask(wire, 1, "personakit_propose", text=OWLS[0], quote=OWLS[1], category=OWLS[2])
        assert stored["structuredContent"]["stored"] is True
        filler = fill(disk)

        refused = ask(wire, 2, "personakit_propose", text="Plays the oboe", quote="I play the oboe", category="tools")
        read = ask(wire, 3, "personakit_read", question="What are the owls called?")
        log = stop(wire)

        assert refused["isError"] is True and text_of(refused) == sentence(StoreFull)
        assert [m["text"] for m in read["structuredContent"]["memories"]] == [OWLS[0]], "reading still works"
        assert logs_fault(log, StoreFull)
        assert "default-propose" not in log and "Traceback" not in log

        filler.unlink()
        assert list(memories(data)) == [OWLS[0]], "what was acknowledged is there, what was refused is not"
        wire = Wire(data)
        wire.initialize()
        again = ask(wire, 1, "personakit_propose", text="Plays the oboe", quote="I play the oboe", category="tools")
        stop(wire)
        assert again["structuredContent"]["stored"] is True, "with room again, the same proposal is taken"


@pytest.mark.system
@pytest.mark.parametrize("serving", [False, True], ids=["alone", "beside-a-server"])
def test_a_reject_on_a_full_disk_goes_through_and_its_erasure_finishes_at_the_next_command(tmp_path, serving):
    """Alone, the command must open the store on a disk without room for SQLite's shared-memory file; beside
    a running server it has that file, and the reject's own pages need the room."""
    with tiny_disk(tmp_path, "4m") as disk:
        data = disk / "data"
        kit = PersonaKit.open(data, environ={"PERSONAKIT_PLUGINS": ""})
        try:
            # A store too large for its rewrite to fit in the room the reserve gives back.
            kit.store.bulk_propose(  # type: ignore[attr-defined]
                (f"Filler memory {n} about topic{n}", f"what they said about topic{n}", "other", 1.0)
                for n in range(1500)
            )
            (secret,) = [kit.propose(*SECRET).id]
        finally:
            kit.close()
        wire = Wire(data) if serving else None
        if wire is not None:
            wire.initialize()
        assert (data / RESERVE_FILE).stat().st_size == RESERVE_BYTES
        filler = fill(disk)
        if wire is not None:
            refused = ask(wire, 1, "personakit_propose", text="Plays the oboe", quote="I play the oboe")
            assert text_of(refused) == sentence(StoreFull), "the reserve is not for the assistant's proposals"

        done = personakit(data, "reject", "--yes", secret)

        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert done.stderr.splitlines() == [f"personakit: {ErasureWaitsForSpace.sentence}"]
        assert not (data / RESERVE_FILE).exists(), "the reserve gave its room to the reject"
        assert memories(data)[secret]["state"] == "rejected" and memories(data)[secret]["text"] is None
        with opened(data) as kit, pytest.raises(StoreFull):
            kit.store.finish_erasure()  # type: ignore[attr-defined]  # the rewrite waits for room

        filler.unlink()
        later = personakit(data, "stats")

        assert later.returncode == 0 and later.stderr == ""
        assert unfinished_erasure(data) is False, "the next command finished it"
        if wire is not None:
            stop(wire)
        assert leaks(data, ["Zanzibarquay"]) == []
        assert (data / RESERVE_FILE).stat().st_size == RESERVE_BYTES, "the reserve is taken back once there is room"
        assert len(memories(data, "unconfirmed")) == 1500, "nothing else was lost"


def unfinished_erasure(data: Path) -> bool:
    """Whether the store's marker of an erasure still to finish is there (read without changing anything)."""
    db = sqlite3.connect(f"{(data / FILE_NAME).as_uri()}?mode=ro", uri=True)
    try:
        return db.execute("SELECT 1 FROM meta WHERE name = 'erasing'").fetchone() is not None
    finally:
        db.close()


# -- a read-only folder ------------------------------------------------------------------------------


@pytest.mark.system
def test_on_a_read_only_folder_reads_work_and_a_proposal_is_answered_with_the_fault(tmp_path):
    source = tmp_path / "source"
    source.mkdir(mode=0o700)
    (owls,) = seed(source / "data", OWLS)
    with read_only_view(source, tmp_path) as view:
        data = view / "data"
        wire = Wire(data)
        wire.initialize()
        read = ask(wire, 1, "personakit_read", question="What are the owls called?")
        refused = ask(wire, 2, "personakit_propose", text="Plays the oboe", quote="I play the oboe", category="tools")
        log = stop(wire)
        decided = personakit(data, "approve", owls)
        listed = personakit(data, "list", "--json")

    assert [m["text"] for m in read["structuredContent"]["memories"]] == [OWLS[0]]
    assert refused["isError"] is True and text_of(refused) == sentence(StoreReadOnly)
    assert logs_fault(log, StoreReadOnly) and "Traceback" not in log
    assert decided.returncode == 1 and decided.stderr.splitlines() == [f"personakit: {StoreReadOnly.sentence}"]
    assert listed.returncode == 0 and [m["state"] for m in json.loads(listed.stdout)] == ["unconfirmed"]


# -- an I/O error -------------------------------------------------------------------------------------


@contextlib.contextmanager
def immutable(path: Path) -> Iterator[None]:
    """`path` made immutable (`chattr +i`) for the block: the kernel then fails every write to it, even one
    through a descriptor opened before, as a disk that fails a write does (SQLite reports an I/O error)."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("making a file immutable takes root")
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        pytest.skip(f"cannot make a file immutable here ({done.stderr.strip() or done.returncode})")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, timeout=30)


@pytest.mark.system
def test_a_write_the_disk_fails_is_answered_as_an_io_error_and_the_server_goes_on(tmp_path):
    data = tmp_path / "data"
    wire = Wire(data)
    try:
        wire.initialize()
        first = ask(wire, 1, "personakit_propose", text=OWLS[0], quote=OWLS[1], category=OWLS[2])
        assert first["structuredContent"]["stored"] is True
        with immutable(data / f"{FILE_NAME}-wal"):
            refused = ask(wire, 2, "personakit_propose", text="Plays the oboe", quote="I play the oboe")
            read = ask(wire, 3, "personakit_read", question="What are the owls called?")
        again = ask(wire, 4, "personakit_propose", text="Plays the oboe", quote="I play the oboe")
    finally:
        log = stop(wire)

    assert refused["isError"] is True and text_of(refused) == sentence(StoreIOError)
    assert [m["text"] for m in read["structuredContent"]["memories"]] == [OWLS[0]]
    assert again["structuredContent"]["stored"] is True, "once the disk writes again, so does the server"
    assert logs_fault(log, StoreIOError) and "Traceback" not in log
    assert sorted(memories(data)) == sorted([OWLS[0], "Plays the oboe"])


# -- a lock held past the wait -----------------------------------------------------------------------


@contextlib.contextmanager
def held(data: Path) -> Iterator[None]:
    """Another connection holding the database's write lock for the block."""
    other = sqlite3.connect(data / FILE_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_lock_held_past_the_wait_is_answered_with_the_fault_and_writes_nothing(folder, monkeypatch, capsys):
    from personakit_plugin.owner.cli import main

    monkeypatch.setattr(sqlite, "BUSY_TIMEOUT_MS", 200)  # the wait is real, only shorter than 30 s
    (owls,) = seed(folder, OWLS)
    kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        with held(folder):
            refused = tools.propose(kit, "Plays the oboe", "I play the oboe", "tools")
            with pytest.raises(StoreBusy):
                kit.store.decide(owls, "approve", 2.0)
            capsys.readouterr()
            code = main(["--data-dir", str(folder), "approve", owls])
            err = capsys.readouterr().err
        assert refused.is_error and refused.content[0].text == sentence(StoreBusy)
        assert code == 1 and err.splitlines() == [f"personakit: {StoreBusy.sentence}"]
        assert [(m.text, m.state) for m in kit.store.memories()] == [(OWLS[0], "unconfirmed")]
        assert tools.propose(kit, "Plays the oboe", "I play the oboe", "tools").is_error is False, "once let go"
    finally:
        kit.close()


@pytest.mark.slow
def test_a_lock_held_past_the_real_wait_is_answered_over_stdio(tmp_path):
    data = tmp_path / "data"
    seed(data, OWLS)
    wire = Wire(data)
    wire.initialize()
    with held(data):
        wire.propose(1, "Plays the oboe", "I play the oboe")
        answer = wire.answer(timeout=sqlite.BUSY_TIMEOUT_MS / 1000 + 30)
    log = stop(wire)

    assert answer is not None and answer["result"]["isError"] is True
    assert text_of(answer["result"]) == sentence(StoreBusy)
    assert logs_fault(log, StoreBusy)
    with opened(data) as kit:
        assert [m.text for m in kit.store.memories()] == [OWLS[0]]


# -- a data folder removed, moved away or replaced under a running server -----------------------------
#
# SQLite goes on writing a file that was removed or replaced under its connection (in WAL mode it never
# notices): the store compares the path with the file it opened before a write commits, after it commits
# and before a read is answered.


async def ask_owner(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return await anyio.to_thread.run_sync(lambda: personakit(data, *args))


@pytest.mark.system
@pytest.mark.anyio
async def test_a_removed_data_folder_is_said_to_the_assistant_and_nothing_is_acknowledged(tmp_path):
    data = tmp_path / "data"
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data) as client:
            await propose(client, *OWLS)
            await anyio.to_thread.run_sync(lambda: subprocess.run(["rm", "-rf", str(data)], check=True))
            refused = await client.call_tool(PROPOSE, {"text": "Plays the oboe", "quote": "I play the oboe"})
            read = await client.call_tool(READ, {"question": "What are the owls called, and the oboe?"})
            listed = await ask_owner(data, "list", "--json")
        later = await ask_owner(data, "list", "--json")
        async with server(data) as client:  # a new server starts on a new, empty folder
            again = await propose(client, "Plays the oboe", "I play the oboe", "tools")

    assert refused.is_error and refused.content[0].text == sentence(StoreGone)
    assert "data folder" in StoreGone.sentence and "removed" in StoreGone.sentence
    assert read.is_error and read.content[0].text == sentence(StoreGone, "answer this read")
    assert listed.returncode == 0 and json.loads(listed.stdout) == []
    assert later.returncode == 0 and json.loads(later.stdout) == [], "what the server said it lost is not there"
    assert again["new"] is True
    assert list(memories(data)) == ["Plays the oboe"]


@pytest.mark.system
def test_a_folder_moved_away_refuses_until_it_is_put_back_and_the_refused_write_is_not_in_it(tmp_path):
    data, away = tmp_path / "data", tmp_path / "away"
    wire = Wire(data)
    try:
        wire.initialize()
        assert ask(wire, 1, "personakit_propose", text=OWLS[0], quote=OWLS[1])["structuredContent"]["stored"]
        data.rename(away)
        refused = ask(wire, 2, "personakit_propose", text="Plays the oboe", quote="I play the oboe")
        away.rename(data)
        back = ask(wire, 3, "personakit_propose", text="Cycles to work", quote="I bike to the office")
    finally:
        log = stop(wire)

    assert refused["isError"] is True and text_of(refused) == sentence(StoreGone)
    assert back["structuredContent"]["stored"] is True, "put back, the same server goes on"
    assert sorted(memories(data)) == sorted([OWLS[0], "Cycles to work"]), "the refused proposal changed nothing"
    assert logs_fault(log, StoreGone) and "Traceback" not in log


@pytest.mark.system
def test_a_database_file_replaced_under_the_server_is_said_and_the_new_file_is_left_as_it_was(tmp_path):
    data, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    seed(elsewhere, ("Speaks Welsh at home", "we speak Welsh at home", "background"))
    wire = Wire(data)
    try:
        wire.initialize()
        assert ask(wire, 1, "personakit_propose", text=OWLS[0], quote=OWLS[1])["structuredContent"]["stored"]
        for companion in ("-wal", "-shm"):  # a copy put in place of the database, as one restores a backup
            (data / f"{FILE_NAME}{companion}").unlink()
        os.replace(elsewhere / FILE_NAME, data / FILE_NAME)
        refused = ask(wire, 2, "personakit_propose", text="Plays the oboe", quote="I play the oboe")
        read = ask(wire, 3, "personakit_read", question="What are the owls called?")
        listed = sorted(memories(data))
    finally:
        log = stop(wire)

    assert refused["isError"] is True and text_of(refused) == sentence(StoreGone)
    assert read["isError"] is True and text_of(read) == sentence(StoreGone, "answer this read")
    assert listed == ["Speaks Welsh at home"]
    assert sorted(memories(data)) == ["Speaks Welsh at home"], "the server, stopping, wrote nothing into it"
    assert logs_fault(log, StoreGone)


def test_the_owners_open_store_says_its_folder_was_removed_in_one_sentence(folder):
    """What holds a store open on the owner's side (a review in the terminal or the page) is told too."""
    (owls,) = seed(folder, OWLS)
    with opened(folder) as kit:
        shutil.rmtree(folder)
        with pytest.raises(StoreGone) as decided:
            kit.store.decide(owls, "approve", 2.0)
        with pytest.raises(StoreGone):
            kit.store.memories()
        proposed = tools.propose(kit, "Plays the oboe", "I play the oboe", "tools")

    assert str(decided.value) == StoreGone.sentence
    assert proposed.is_error and proposed.content[0].text == sentence(StoreGone)
    assert not folder.exists(), "nothing was made again in its place"
