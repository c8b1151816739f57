"""Standard output that fails: every command says so in one sentence on stderr and exits 1, with no
traceback; a looking command whose reader went away (`| head -1`) stops quietly with 141, but an export
cut short is never reported as done, and `export --out FILE` on a full disk leaves no file behind.

Every case runs the real command line as a child process, its standard output `/dev/full` (every write
fails: no space left), a real pipe whose reader goes away early, or a file size limit (`RLIMIT_FSIZE`,
what a full disk is to the writer: every write past it fails).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from ..conftest import clean_environ, opened, personakit_command, seed
from ..helpers import cli
from ..helpers.cli import MEMORIES

pytestmark = [
    pytest.mark.system,
    pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)"),
]


def many(folder: Path, count: int) -> None:
    """`count` unconfirmed memories, each about 250 bytes of export: proposed in one transaction."""
    with opened(folder) as kit:
        items = [
            (f"Remembers fact number {n} about the garden", f"I told you fact {n}", "other", 1.0 + n)
            for n in range(count)
        ]
        kit.store.bulk_propose(items)  # type: ignore[attr-defined]


def one_sentence(done: subprocess.CompletedProcess[str], *mentions: str) -> None:
    """Exit 1, one line on stderr saying so, no traceback."""
    assert done.returncode == 1, done
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("personakit: "), done.stderr
    assert "Traceback" not in done.stderr
    for mention in mentions:
        assert mention in done.stderr, (mention, done.stderr)


def run_into(stdout: int, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    with open(os.devnull) as nothing:
        return subprocess.run(
            personakit_command("--data-dir", folder, *args),
            stdout=stdout,
            stderr=subprocess.PIPE,
            stdin=nothing,
            encoding="utf-8",
            env=clean_environ(),
            timeout=cli.TIMEOUT,
        )


@pytest.mark.parametrize(
    "args",
    [
        ["list"],
        ["list", "--json"],
        ["show", "FIRST"],
        ["history"],
        ["stats"],
        ["plugins"],
        ["--help"],
        ["list", "--help"],
        [],
        ["help", "show"],
        ["completion", "bash"],
        ["doctor", "--json"],
        ["--version"],
        ["approve", "FIRST"],
        ["export"],
    ],
    ids=lambda args: " ".join(args) or "(no command)",
)
def test_an_output_that_cannot_be_written_is_one_sentence_and_status_1(folder, args):
    ids = seed(folder, *MEMORIES)
    args = [ids[0] if arg == "FIRST" else arg for arg in args]
    with open("/dev/full", "w") as full:
        done = run_into(full.fileno(), folder, *args)

    one_sentence(done, "Standard output could not be written", "No space left on device")
    if args == ["export"]:  # never reported as done, whether it failed at its first byte or a later one
        assert "is incomplete" in done.stderr


def test_a_review_whose_output_cannot_be_written_ends_with_one_sentence(folder):
    seed(folder, *MEMORIES)
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            personakit_command("--data-dir", folder, "review"),
            stdout=full,
            stderr=subprocess.PIPE,
            input="q\n",
            encoding="utf-8",
            env=clean_environ(),
            timeout=cli.TIMEOUT,
        )

    one_sentence(done, "Standard output could not be written")


def export_read_in_part(folder: Path, taken: int) -> tuple[subprocess.CompletedProcess[str], bytes]:
    """`personakit export` into a pipe whose reader takes `taken` bytes, then goes away."""
    reading, writing = os.pipe()
    with open(os.devnull) as nothing:
        child = subprocess.Popen(
            personakit_command("--data-dir", folder, "export"),
            stdout=writing,
            stderr=subprocess.PIPE,
            stdin=nothing,
            encoding="utf-8",
            env=clean_environ(),
        )
    os.close(writing)
    got = b""
    try:
        while len(got) < taken:
            chunk = os.read(reading, taken - len(got))
            if not chunk:
                break
            got += chunk
    finally:
        os.close(reading)
    _, err = child.communicate(timeout=cli.TIMEOUT)
    return subprocess.CompletedProcess(child.args, child.returncode, "", err), got


@pytest.mark.parametrize("count", [60, 3000], ids=["fits-in-the-pipe", "more-than-the-pipe-holds"])
def test_an_export_whose_reader_goes_away_early_is_not_done(folder, count):
    """A small export is written into the pipe whole before its reader goes away; a large one meets the
    closed pipe. Either way the reader had only part of it: the export says so, and exits 1."""
    many(folder, count)

    done, got = export_read_in_part(folder, 100)

    assert len(got) == 100
    one_sentence(done, "went away before it took the whole export", "no backup")


def test_an_export_read_whole_is_done(folder):
    many(folder, 60)

    done, got = export_read_in_part(folder, 10**7)

    assert (done.returncode, done.stderr) == (0, "")
    assert len([json.loads(line) for line in got.splitlines()]) == 60


def test_export_piped_into_head_fails_and_list_piped_into_head_is_quiet(folder):
    """The shell's own `| head -1`: head reads a block, prints one line and goes away."""
    many(folder, 3000)
    status = {}
    for command in ("export", "list"):
        done = subprocess.run(
            f"{' '.join(personakit_command('--data-dir', folder, command))} | head -1 > /dev/null; "
            'echo "status ${PIPESTATUS[0]}"',
            shell=True,
            executable="/bin/bash",
            capture_output=True,
            encoding="utf-8",
            env=clean_environ(),
            timeout=cli.TIMEOUT,
        )
        status[command] = (done.stdout.strip(), done.stderr)

    assert status["list"] == ("status 141", "")
    said, err = status["export"]
    assert said == "status 1"
    assert err.startswith("personakit: ") and "the export is incomplete" in err and err.count("\n") == 1


def limited_to(size: int):
    """A child whose files cannot grow past `size` bytes: a write beyond fails as on a full disk."""

    def limit() -> None:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails instead of ending the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def test_export_out_on_a_full_disk_leaves_no_file_and_keeps_the_old_one(folder, tmp_path):
    many(folder, 1000)  # an export of about 100 KiB
    out = tmp_path / "backup.jsonl"
    for before in (None, b"yesterday's backup\n"):
        if before is not None:
            out.write_bytes(before)
        with open(os.devnull) as nothing:
            done = subprocess.run(
                personakit_command("--data-dir", folder, "export", "--out", out),
                capture_output=True,
                stdin=nothing,
                encoding="utf-8",
                env=clean_environ(),
                timeout=cli.TIMEOUT,
                preexec_fn=limited_to(32 * 1024),
            )

        one_sentence(done, str(out), "cannot be written")
        assert done.stdout == "" and "Exported" not in done.stderr
        assert (out.read_bytes() if out.exists() else None) == before
        assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
            ["data", *([] if before is None else ["backup.jsonl"])]
        )
