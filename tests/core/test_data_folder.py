"""The data folder is the owner's alone: what the owner owns but others could read or change is tightened
(said once), and a folder or file another user owns, or a link where PersonaKit keeps a file, is refused in
one sentence that changes nothing. The refusals need a second user: as root, files are given to `nobody`."""

from __future__ import annotations

import os
import stat
import subprocess
import warnings
from pathlib import Path

import pytest

from personakit_plugin.core.data_folder import KEPT_FILES, TOKEN_FILE, FolderTightened, NotTheOwners, exposures
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.serving.http import TOKEN_FILE as HTTP_TOKEN_FILE
from personakit_plugin.storage.sqlite import FILE_NAME

from ..conftest import clean_environ, personakit_command, seed
from ..helpers import cli
from ..helpers.cli import HOW, snapshot

environment, run, pk = cli.environment, cli.run, cli.pk
POSIX = pytest.mark.skipif(os.name != "posix", reason="file owners and modes are POSIX")
NOBODY = 65534
AS_ROOT = pytest.mark.skipif(
    os.name != "posix" or os.geteuid() != 0, reason="giving a file to another user takes root (os.chown)"
)
pytestmark = POSIX


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def owned(folder: Path) -> dict[str, tuple[int, int]]:
    """Each entry of the folder (and the folder) with its owner and mode."""
    entries = [folder, *sorted(folder.iterdir())]
    return {path.name: (path.lstat().st_uid, mode(path)) for path in entries}


def test_the_files_the_store_and_the_token_keep_are_the_ones_checked():
    assert {FILE_NAME, f"{FILE_NAME}-wal", f"{FILE_NAME}-shm", HTTP_TOKEN_FILE} <= set(KEPT_FILES)
    assert TOKEN_FILE == HTTP_TOKEN_FILE


def test_a_folder_others_can_read_is_made_the_owners_alone_when_opened(folder):
    seed(folder, ("Likes owls", "I like owls", "preferences"))
    (folder / TOKEN_FILE).write_text("x" * 43 + "\n")
    os.chmod(folder, 0o750)
    os.chmod(folder / FILE_NAME, 0o640)
    os.chmod(folder / TOKEN_FILE, 0o666)

    with pytest.warns(FolderTightened) as said:
        kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        assert [m.text for m in kit.store.memories()] == ["Likes owls"]
    finally:
        kit.close()

    assert (mode(folder), mode(folder / FILE_NAME), mode(folder / TOKEN_FILE)) == (0o700, 0o600, 0o600)
    assert len(said) == 1
    message = str(said[0].message)
    assert f"data (0750 -> 0700), {FILE_NAME} (0640 -> 0600), {TOKEN_FILE} (0666 -> 0600)" in message
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a second opening finds nothing to say
        PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""}).close()


@pytest.mark.parametrize("how", HOW)
def test_a_command_tightens_a_world_writable_file_and_says_so_once(pk, folder, how):
    seed(folder, ("Likes owls", "I like owls", "preferences"))
    os.chmod(folder / FILE_NAME, 0o666)

    done = pk("list", how=how)

    assert done.code == 0 and "Likes owls" in done.out
    assert mode(folder / FILE_NAME) == 0o600
    assert done.err.splitlines() == [
        f"personakit: warning: Other users could read or change the data folder {folder}; PersonaKit made it "
        f"yours alone: {FILE_NAME} (0666 -> 0600)."
    ]
    assert pk("list", how=how).ok()  # nothing more to say


@AS_ROOT
@pytest.mark.parametrize("how", HOW)
def test_a_folder_another_user_owns_is_refused_in_one_sentence_and_left_as_it_is(pk, folder, how):
    seed(folder, ("Likes owls", "I like owls", "preferences"))
    os.chmod(folder, 0o755)
    os.chown(folder, NOBODY, NOBODY)
    before, files = owned(folder), snapshot(folder)

    done = pk("list", how=how)

    assert done.code == 1 and done.out == ""
    assert done.err.splitlines() == [
        f"personakit: The data folder {folder} belongs to nobody, not to you, and PersonaKit keeps a memory only "
        "in a folder of your own; run it as nobody, or choose another folder with --data-dir or PERSONAKIT_DATA_DIR."
    ]
    assert owned(folder) == before and snapshot(folder) == files


@AS_ROOT
@pytest.mark.system
def test_the_stdio_server_on_another_users_folder_does_not_start(folder):
    seed(folder, ("Likes owls", "I like owls", "preferences"))
    os.chown(folder, NOBODY, NOBODY)

    done = subprocess.run(
        personakit_command(),
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        env=clean_environ(PERSONAKIT_DATA_DIR=str(folder)),
    )

    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"personakit: The data folder {folder} belongs to nobody, not to you, "
        + (
            "and PersonaKit keeps a memory only in a folder of your own; run it as nobody, or choose another folder "
            "with --data-dir or PERSONAKIT_DATA_DIR."
        )
    ]


@AS_ROOT
def test_a_database_another_user_owns_is_refused_and_keeps_its_owner_and_mode(pk, folder):
    seed(folder, ("Likes owls", "I like owls", "preferences"))
    database = folder / FILE_NAME
    os.chmod(database, 0o644)
    os.chown(database, NOBODY, NOBODY)
    before, files = owned(folder), snapshot(folder)

    done = pk("approve", "m_000000000000")

    assert done.code == 1
    assert done.err.splitlines() == [
        f"personakit: {database} belongs to nobody, not to you, so PersonaKit will not use it; if it is yours, "
        f"take it back (`sudo chown root {database}`), else move it out of the data folder."
    ]
    assert owned(folder) == before and snapshot(folder) == files


@pytest.mark.parametrize("name", [FILE_NAME, f"{FILE_NAME}-wal", TOKEN_FILE])
def test_a_kept_file_that_is_a_link_is_refused_and_what_it_points_to_is_untouched(folder, tmp_path, name):
    """A link planted while the folder was open would send SQLite's writes (or a chmod) to another file."""
    seed(folder, ("Likes owls", "I like owls", "preferences"))
    victim = tmp_path / "victim"
    victim.write_bytes(b"the owner's other file\n")
    os.chmod(victim, 0o644)
    os.chmod(folder, 0o777)
    (folder / name).unlink(missing_ok=True)
    (folder / name).symlink_to(victim)

    with pytest.raises(NotTheOwners) as refused:
        PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})

    assert str(refused.value) == (
        f"{folder / name} is a link, and PersonaKit follows no link inside its data folder (what it writes there "
        "could land in another file); put the file itself in its place, or move the link aside."
    )
    assert victim.read_bytes() == b"the owner's other file\n" and mode(victim) == 0o644
    assert mode(folder) == 0o777, "a refusal changes nothing, not even the folder's mode"


def test_a_data_folder_that_is_a_link_to_a_folder_of_the_owners_is_used(tmp_path):
    real = tmp_path / "elsewhere"
    seed(real, ("Likes owls", "I like owls", "preferences"))
    link = tmp_path / "data"
    link.symlink_to(real)

    kit = PersonaKit.open(link, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        assert [m.text for m in kit.store.memories()] == ["Likes owls"]
    finally:
        kit.close()


@AS_ROOT
def test_a_data_folder_that_is_a_link_another_user_made_is_refused(tmp_path):
    real = tmp_path / "elsewhere"
    seed(real, ("Likes owls", "I like owls", "preferences"))
    link = tmp_path / "data"
    link.symlink_to(real)
    os.lchown(link, NOBODY, NOBODY)

    with pytest.raises(NotTheOwners, match=r"is a link made by nobody, who could point it elsewhere"):
        PersonaKit.open(link, environ={"PERSONAKIT_PLUGINS": ""})


@AS_ROOT
def test_doctor_reports_what_opening_would_refuse(pk, folder):
    seed(folder, ("Likes owls", "I like owls", "preferences"))
    os.chown(folder / FILE_NAME, NOBODY, NOBODY)
    (refused,) = exposures(folder)
    before = owned(folder)

    done = pk("doctor")

    assert done.code == 1
    fails = [line for line in done.out.splitlines() if line.startswith("FAIL")]
    assert fails == [f"FAIL  {refused.sentence}"]
    assert owned(folder) == before


@AS_ROOT
def test_the_token_of_another_user_is_refused_in_one_sentence(pk, folder):
    folder.mkdir(mode=0o700)
    token = folder / TOKEN_FILE
    token.write_text("x" * 43 + "\n")
    os.chmod(token, 0o600)
    os.chown(token, NOBODY, NOBODY)

    done = pk("token")

    assert done.code == 1 and done.out == ""
    assert done.err.startswith(f"personakit: {token} belongs to nobody, not to you") and len(done.err.splitlines()) == 1
